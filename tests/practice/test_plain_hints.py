"""The hints' headline in plain words, worked out by hand on positions in tile notation, and the
practice hint that stays inside the choices an exercise offers."""

from __future__ import annotations

import pytest

from game.engine.actions import Discard
from game.engine.melds import Meld
from game.engine.tiles import parse_tile, parse_tiles
from game.practice.hints import hints, practice_observation

T = parse_tile
OPEN_9M = (Meld("pung", T("9m"), 1),)


def headline(hand, melds=()):
    return [str(m) for m in hints(practice_observation(hand, melds=melds)).headline]


@pytest.mark.parametrize("hand, melds, lines", [
    # 2-shanten: 13m 99m 13p 68p 1z 3z 5z 55z; draws that help: 2m, 2p and 7p, 4 of each unseen;
    # the 55z (white dragon) pair is the plan's value pung
    ("1399m1368p135z55z", (), ["2 tiles from ready", "12 tiles would help",
                               "once ready, you can win by self-draw and on a discard",
                               "aiming for: value pung"]),
    # the same about to discard (the Red dragon drawn): the headline speaks of the best discard
    ("1399m1368p135z55z7z", (), ["2 tiles from ready", "12 tiles would help",
                                 "once ready, you can win by self-draw and on a discard",
                                 "aiming for: value pung"]),
    # ready on 3 kinds: 1123m makes 1m or 4m, the 22z pair 2z; unseen 1m:1 (two in hand, the
    # third a set's), 4m:4, 2z:2 -> 7; concealed only: a discard win is 1 point, self-draw 2
    ("123m456p789p11m22z", (), ["Ready: waiting on 3 kinds of tile",
                                "7 tiles would complete your hand",
                                "you can win only by self-draw",
                                "your win would score: concealed, self draw"]),
    # the rule book's false uper: 79p waits on 8p, 99p 79p also on 7p; self-draw only
    ("111m234m234p99p79p", (), ["Ready: waiting on 2 kinds of tile",
                                "7 tiles would complete your hand",
                                "you can win only by self-draw",
                                "your win would score: concealed, self draw"]),
    # a chicken hand: an open 9m pung, 234m 567p 11p 78p waits 6p/9p with no yak at all
    ("234m567p11p78p", OPEN_9M, ["Ready: waiting on 2 kinds of tile",
                                 "7 tiles would complete your hand",
                                 "you cannot win yet (no 2 points)"]),
    # seven pairs waiting on the last Green dragon pair: 3 unseen, a valid win both ways
    ("113355m2244p5677z", (), ["Ready: waiting on 1 kind of tile",
                               "3 tiles would complete your hand",
                               "you can win by self-draw and on a discard",
                               "your win would score: concealed, seven pairs"]),
    # one from seven pairs: 5z, 6z or 7z makes the sixth pair (3 unseen of each)
    ("113355m2244p567z", (), ["1 tile from ready", "9 tiles would help",
                              "once ready, you can win by self-draw and on a discard",
                              "aiming for: seven pairs"]),
])
def test_the_headline_in_plain_words(hand, melds, lines):
    assert headline(hand, melds) == lines


def test_the_headline_in_korean_has_no_english_left():
    from game.i18n import render
    h = hints(practice_observation("1399m1368p135z55z"))
    ko = [render(m, "ko") for m in h.headline]
    assert ko[0] != "2 tiles from ready" and all(not any("a" <= c <= "z" for c in s) for s in ko)


def test_a_sacred_wait_wins_only_by_self_draw():
    # waits 4m and 7m, 1m in the own river: stem 1-4-7, no discard win; a dragon pung gives 2
    h = hints(practice_observation("56m456p789p11z555z", rivers=("1m", "", "", "")))
    assert h.shanten == 0 and h.win_ways == "self-draw"
    assert "you can win only by self-draw" in [str(m) for m in h.headline]


@pytest.mark.parametrize("offered", [("1m",), ("1m", "2z"), ("2z", "9p")])
def test_the_suggestion_stays_inside_the_offered_choices(offered):
    # the AI would throw the Red dragon; an exercise that offers other discards gets one of them
    obs = practice_observation("123m456p789p11m22z7z")
    assert hints(obs).suggested == Discard(T("7z"))
    kinds = set(parse_tiles("".join(offered)))
    h = hints(obs, offered=[Discard(k) for k in kinds])
    assert isinstance(h.suggested, Discard) and h.suggested.tile in kinds
    assert {d.tile for d in h.discards} == kinds
    assert h.best_discard is not None and h.best_discard.tile in kinds
