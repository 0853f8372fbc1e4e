"""The yak guide states only what the engine does: every yak and bonus has an entry, every example
is a real win that scores its own yak under every preset, the points shown are the rules' points,
and "which yak can my hand still reach" names the plans a hand is near, in tile notation."""

from __future__ import annotations

import pytest

from game.engine.melds import PUNG, Meld
from game.engine.rules import PRESETS, RuleSet
from game.engine.scoring import ALL_YAK
from game.engine.table import Table
from game.engine.tiles import parse_tile, parse_tiles
from game.i18n import render
from game.practice.yak_guide import GROUPS, entry, example_result, guide, reach, reachable


def test_every_yak_and_bonus_has_exactly_one_entry():
    keys = [e.key for e in guide()]
    assert sorted(keys) == sorted(y.key for y in ALL_YAK)
    assert len(keys) == len(set(keys))
    assert sum(len(k) for _, k in GROUPS) == len(keys)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("key", [e.key for e in guide()])
def test_each_example_is_a_win_that_scores_its_own_yak(key, preset):
    rules = RuleSet(preset=preset)
    r = example_result(key, rules)
    assert r.valid, f"{key}: {r.reason}"
    scored = {y.key: y for y in r.yak}
    assert key in scored, f"{key} not in {sorted(scored)}"
    assert entry(key).points(rules) == rules.points(key) > 0


def test_what_a_yak_replaces_is_said_in_both_languages():
    words = entry("big_four_winds").replaces_words()
    assert [render(m, "en") for m in words] == ["replaces Little four winds"]
    assert [render(m, "ko") for m in words] == ["소사희 대신"]
    assert entry("dragon_pung").replaces_words() == []


def test_korean_dora_is_defined_and_its_example_counts_four():
    r = example_result("korean_dora", RuleSet())
    dora = next(y for y in r.yak if y.key == "korean_dora")
    assert dora.count == 4, "234m444m with 4m winning holds four 4m"
    assert "winning tile" in render(entry("korean_dora").about, "en")
    assert "겐쇼" in render(entry("korean_dora").about, "ko")


def test_a_hand_of_six_pairs_reaches_seven_pairs_and_stays_concealed():
    near = {r.key: r.distance for r in reach(parse_tiles("11m44m77m22p55p88p3z"))}
    assert near.get("seven_pairs") == 0
    assert near.get("concealed") == 0


def test_an_open_hand_never_reaches_the_concealed_yak():
    keys = [r.key for r in reach(parse_tiles("234m567m11z88m9m"), (Meld(PUNG, parse_tile("9m"), from_seat=3),),
                                 seat=1)]
    assert "concealed" not in keys and "seven_pairs" not in keys
    assert "half_flush" in keys, "one suit and honours, one claimed set of that suit"


def test_reach_words_say_how_far():
    rs = reach(parse_tiles("11m44m77m22p55p88p3z"))
    assert render(rs[0].words(), "en").endswith("ready with it now")
    far = [r for r in reach(parse_tiles("19m19p1234567z2m3p"), far=9) if r.distance > 1]
    assert far and render(far[0].words(), "en").endswith(f"{far[0].distance} tiles from ready")


def test_the_distance_counts_the_hands_own_shanten():
    """A hand 4 tiles from ready is never "ready" with a yak: each distance is at least its
    shanten, and "concealed" is exactly it."""
    from game.engine.hand.shanten import shanten
    from game.engine.tiles import to_counts

    hand = parse_tiles("3489m225p69p1467z")
    away = shanten(to_counts(hand))
    rs = reach(hand, far=20, limit=20)
    assert away == 4 and {r.key: r.distance for r in rs}["concealed"] == away
    assert all(r.distance >= away for r in rs)


def test_a_seat_at_a_real_table_is_told_what_it_can_reach():
    t = Table(RuleSet(), seed=4)
    rs = reachable(t.observation(0))
    assert rs and rs == sorted(rs, key=lambda r: r.distance)
    assert "concealed" in [r.key for r in rs], "nothing is claimed at the deal"
