"""The lean playouts ask whether a ready hand may declare uper (`ai.lean.uper_legal`) without
building the engine's words for a refusal: the same answer as ``uper_verdict(...).legal``,
for about three fifths of its cost (the words scored each cheap wait in full)."""

from __future__ import annotations

import random

import pytest

import game.engine.scoring.uper as uper_module
from ai.lean import uper_legal
from ai.search import ready_hand
from game.engine.melds import CONCEALED_KONG, PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import uper_verdict
from game.engine.tiles import parse_tiles


def test_the_answer_is_the_verdicts():
    rng = random.Random(7)
    rules = [RuleSet(), RuleSet(uper_min_wall=10)]
    n = legal = 0
    for i in range(400):
        melds: tuple[Meld, ...] = ()
        avail = [4] * 25
        if i % 5 == 0:
            k = rng.randrange(25)
            avail[k] = 0
            melds = (Meld(CONCEALED_KONG, k),) if i % 10 else (Meld(PUNG, k, 1),)
        hand = ready_hand(avail, 13 - 3 * len(melds), rng)
        if hand is None:
            continue
        if i % 7 == 0:
            hand[0] = (hand[0] + 1) % 25  # not always ready
            if hand.count(hand[0]) > 4:
                continue
        r = rules[i % 2]
        seat, prevalent, wall = rng.randrange(4), rng.randrange(4), rng.choice((0, 5, 12, 40))
        want = uper_verdict(hand, melds, seat=seat, prevalent=prevalent, wall_left=wall,
                            rules=r).legal
        assert uper_legal(hand, melds, seat=seat, prevalent=prevalent, wall_left=wall,
                          rules=r) == want
        n += 1
        legal += want
    assert n > 300 and 30 < legal < n - 30


def test_a_refusal_scores_no_wait_in_full(monkeypatch):
    def words(*a, **k):
        raise AssertionError("the words of a refusal were built")

    h = parse_tiles("123m456m789p45p11z")  # ready, every wait short of two points
    monkeypatch.setattr(uper_module, "_win_cached", words)
    assert uper_legal(h, (), seat=0, prevalent=0, wall_left=50, rules=RuleSet()) is False
    with pytest.raises(AssertionError):
        uper_verdict(h, (), seat=0, prevalent=0, wall_left=50, rules=RuleSet())
