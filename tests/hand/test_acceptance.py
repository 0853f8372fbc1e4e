"""Tile acceptance: tables in notation, and agreement with a naive count over the reference."""

import random

import pytest

from game.engine.errors import ImpossibleHandError
from game.engine.hand.acceptance import Acceptance, DiscardOption, acceptance, acceptance13
from game.engine.tiles import format_tiles, from_counts, parse_tiles, to_counts

mahjong_shanten = pytest.importorskip("mahjong.shanten")


def hand(text):
    return to_counts(parse_tiles(text))


def kinds(text):
    return tuple(parse_tiles(text))


# (13-tile hand, melds, visible tiles, shanten, accepted kinds, unseen copies of them)
ACCEPTANCE13_TABLE = [
    ("123m456p789p11m22z", 0, "", 0, "14m2z", 7),  # 1m: 1 left (3 held), 4m: 4, 2z: 2
    ("123m456p789p11m22z", 0, "4m4m2z", 0, "14m2z", 4),  # seen elsewhere: 1 + 2 + 1
    ("123m456p789p11m22z", 0, "1m", 0, "14m2z", 6),  # the last 1m seen: 0 left, still listed
    ("1112345678999m", 0, "", 0, "123456789m", 23),  # nine gates: 1 + 3*7 + 1
    ("1122m3344p55667z", 0, "", 0, "7z", 3),  # seven pairs single wait
    ("1m", 4, "", 0, "1m", 3),
    # the fourth 4m is dead, so any new tile helps: 444m and a single wait on it
    ("4444m", 3, "", 1, "12356789m123456789p1234567z", 96),
    ("159m159p1234567z", 0, "", 6, "159m159p1234567z", 39),  # seven pairs: pair any single
]


@pytest.mark.parametrize("text,melds,seen,shanten,accepted,unseen", ACCEPTANCE13_TABLE)
def test_acceptance13_table(text, melds, seen, shanten, accepted, unseen):
    a = acceptance13(hand(text), melds, hand(seen))
    assert (a.shanten, format_tiles(a.ukeire), a.unseen) == (shanten, accepted, unseen)
    assert len(a.unseen_by_kind) == len(a.ukeire)


def test_acceptance13_repr_and_json():
    a = acceptance13(hand("123m456p789p11m22z"), visible=hand("2z"))
    assert repr(a) == "Acceptance(shanten=0, ukeire=14m2z, unseen=6)"
    assert a.describe() == "shanten 0; accepts 1m:1 4m:4 2z:1 (6 unseen)"
    assert a.as_dict() == {"shanten": 0, "unseen": 6, "accepts": [
        {"tile": "1m", "unseen": 1}, {"tile": "4m", "unseen": 4}, {"tile": "2z", "unseen": 1}]}
    with pytest.raises(AttributeError):
        a.shanten = 1  # frozen


def test_discard_options_are_sorted_best_first():
    options = acceptance(hand("123m456p789p11m22z7z"))
    assert options[0] == DiscardOption(
        discard=parse_tiles("7z")[0], shanten=0, ukeire=kinds("14m2z"), unseen_by_kind=(1, 4, 2))
    keys = [(o.shanten, -o.unseen, -len(o.ukeire)) for o in options]
    assert keys == sorted(keys)
    assert len(options) == 11  # one per distinct kind held
    assert repr(options[0]) == "DiscardOption(discard=7z, shanten=0, ukeire=14m2z, unseen=7)"


def test_visible_tiles_change_the_order():
    # 11m46p5z with three melds: 5z off waits on 5p (4 left); if all four 5p are seen,
    # the 1-shanten discards that keep more draws come first
    options = acceptance(hand("11m46p5z"), melds=3)
    assert format_tiles([options[0].discard]) == "5z"
    seen = acceptance(hand("11m46p5z"), melds=3, visible=hand("5555p"))
    assert (seen[0].shanten, seen[0].unseen) == (0, 0)  # still the lowest shanten first
    assert [format_tiles([o.discard]) for o in seen[1:]] == ["4p", "6p", "1m"]


def test_a_complete_hand_still_lists_its_discards():
    options = acceptance(hand("123m456m789p11z222z"))
    assert all(o.shanten >= 0 for o in options)
    assert options[0].shanten == 0


@pytest.mark.parametrize("call,message", [
    (lambda: acceptance(hand("123m456p789p11m22z")), "needs 14 concealed tiles"),
    (lambda: acceptance13(hand("123m456p789p11m22z7z")), "needs 13 concealed tiles"),
    (lambda: acceptance13(hand("123m456p789p11m22z"), visible=hand("1m1m")),
     "1m: 3 in the hand and 2 visible"),
    (lambda: acceptance13(hand("123m456p789p11m22z"), visible=[0] * 24), "25 entries"),
    (lambda: acceptance(hand("123m456p789p11m22z7z"), melds=1), "expected 10 or 11"),
    (lambda: acceptance(hand("11111m456p789p11z7z")), "5 copies of 1m"),
])
def test_bad_input(call, message):
    with pytest.raises(ImpossibleHandError, match=message):
        call()


def _reference_options(c, melds):
    """Naive acceptance over the reference shanten: every discard, every draw."""
    def ref(counts):
        t = [0] * 34
        t[0:18] = counts[0:18]
        t[27:34] = counts[18:25]
        return mahjong_shanten.Shanten.calculate_shanten(t, use_chiitoitsu=True, use_kokushi=False)

    out = {}
    for d in range(25):
        if not c[d]:
            continue
        after = list(c)
        after[d] -= 1
        s = ref(after)
        accepted = []
        for k in range(25):
            if after[k] < 4:
                after[k] += 1
                if ref(after) < s:
                    accepted.append(k)
                after[k] -= 1
        out[d] = (s, tuple(accepted), tuple(4 - c[k] for k in accepted))
    return out


@pytest.mark.parametrize("seed,kinds_", [(1, 25), (2, 18), (3, 5)])
def test_agrees_with_a_naive_count_over_the_reference(seed, kinds_):
    # kinds_ 5: hands from five random kinds, full of quads and pungs (where the quirks live)
    rng = random.Random(seed)
    for i in range(60):
        pool = rng.sample(range(25), kinds_) if kinds_ < 18 else range(kinds_)
        wall = [k for k in pool for _ in range(4)]
        size = (14, 14, 11, 8, 5, 2)[i % 6]
        c = [0] * 25
        for k in rng.sample(wall, size):
            c[k] += 1
        melds = (14 - size) // 3
        got = {o.discard: (o.shanten, o.ukeire, o.unseen_by_kind) for o in acceptance(c, melds)}
        assert got == _reference_options(c, melds), format_tiles(from_counts(c))


def test_acceptance13_is_the_options_of_the_hand_after_that_discard():
    rng = random.Random(3)
    wall = [k for k in range(25) for _ in range(4)]
    for _ in range(100):
        c = [0] * 25
        for k in rng.sample(wall, 14):
            c[k] += 1
        for o in acceptance(c):
            after = list(c)
            after[o.discard] -= 1
            a = acceptance13(after, visible=[int(k == o.discard) for k in range(25)])
            assert a == Acceptance(o.shanten, o.ukeire, o.unseen_by_kind)


@pytest.mark.parametrize("seed,kinds_", [(4, 25), (5, 18), (6, 7)])
def test_trying_only_draws_near_held_tiles_is_exact_when_it_is_used(seed, kinds_):
    # acceptance skips draws far from every held tile when the hand holds no four of a kind
    # and seven pairs has its seven kinds: the same answer as trying every kind
    from game.engine.hand import acceptance as mod
    from game.engine.hand import shanten as sh

    rng = random.Random(seed)
    used = 0
    for i in range(1500):
        pool = rng.sample(range(25), kinds_)
        c = [0] * 25
        size = (13, 10, 7, 4)[i % 4]
        for k in rng.sample([k for k in pool for _ in range(4)], size):
            c[k] += 1
        melds = (13 - size) // 3
        b, tot = sh._parts(c)
        s = sh.shanten(c, melds)
        args = (b, tot, melds << sh._MELDS_SHIFT, s, c, [0] * 25)
        if sh.near_enough(b, tot, 7):
            used += 1
            assert mod._lowering(*args, True) == mod._lowering(*args, False), format_tiles(from_counts(c))
    assert used > 300


def test_the_caches_stay_bounded_and_right(monkeypatch):
    # a long run over random hands empties a full cache and refills it: the same answers
    from game.engine.hand import shanten as sh
    from game.engine.hand.shanten import HandShape, ready_discards, waits

    rng = random.Random(7)
    wall = [k for k in range(25) for _ in range(4)]
    hands = []
    for _ in range(40):
        c = [0] * 25
        for k in rng.sample(wall, 14):
            c[k] += 1
        hands.append(c)

    def answers():
        out = []
        for c in hands:
            out.append((acceptance(c), ready_discards(c), HandShape(c).after_discards()))
            c13 = list(c)
            c13[next(k for k in range(25) if c[k])] -= 1
            out.append((acceptance13(c13), waits(c13), HandShape(c13).after_draws()))
        return out

    before = answers()
    monkeypatch.setattr(sh, "_TRANSITIONS_CAP", 8)
    monkeypatch.setattr(sh, "_RES_CAP", 16)
    for cache in (*sh._ADDS, *sh._NEAR, sh._REMS, sh._PLUS, sh._RES):
        cache.clear()  # pure caches: emptied, they refill on use
    assert answers() == before
    assert max(len(c) for c in (*sh._ADDS, *sh._NEAR, sh._REMS, sh._PLUS)) <= 8
    assert len(sh._RES) <= 16
