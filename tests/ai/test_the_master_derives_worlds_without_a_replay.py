"""Worlds dealt from a replayed one (`ai.search.derive_world`) are worlds the replay would give.

The master replays the hand through the engine for each sampled deal (`sample_base`); a derived
deal keeps that world's history and deals the opponents' hidden tiles (and the wall) again. It
must show the seat exactly what it saw, keep an uper player's ready hand, and never be a world
the replay rejects: where an opponent's new tiles would have let him win on a tile he passed,
the pass over the events finds it and the replay decides (the derived world is refused only
when the win was legal). The lean simulator plays derived worlds as the engine does.
"""

from __future__ import annotations

import copy
import random

import pytest

from ai import search
from ai.heuristic import HeuristicSeat
from ai.lean import engine_hand, lean_playout
from ai.search import HandView, WorldError, derive_world, derived_head, sample_base
from game.engine.kinds import PLAYS
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Decision, Table


class _Found(Exception):
    pass


def decision_at(hand: int, n: int) -> tuple[HandView, Decision]:
    """Seat 0's view and its `n`-th turn with a choice, four experts playing seeded hand
    `hand`."""

    class Probe:
        def __init__(self, inner):
            self.inner, self.view, self.n = inner, HandView(), 0

        def observe(self, e):
            self.inner.observe(e)
            self.view.observe(e)

        def act(self, d):
            if d.kind in PLAYS and len(d.legal) > 1:
                self.n += 1
                if self.n == n:
                    raise _Found(copy.deepcopy(self.view), d)
            return self.inner.act(d)

    seats = [HeuristicSeat("expert", 4 * hand + s) for s in range(4)]
    seats[0] = Probe(seats[0])
    try:
        play_hand(Table(RuleSet(), seed=hand), seats)
    except _Found as f:
        return f.args
    raise AssertionError("the hand ended first")


def replay_accepts(base, view, decision, derived, sigma) -> bool:
    head = derived_head(base, derived, sigma)
    return search._build(view, decision, head, base.seed) is not None


def test_a_derived_world_shows_the_seat_what_it_saw_and_deals_the_others_again():
    for hand, n in ((2, 6), (3, 13), (4, 3)):
        view, d = decision_at(hand, n)
        base = sample_base(view, d, random.Random(hand))
        w = derive_world(base, view, d, random.Random(f"{hand}/derived"))
        assert w is not None
        assert w.observation(0) == d.observation
        assert set(w.pending()) == {0} and w.pending()[0].legal == d.legal
        assert any(w.seat_state[s].concealed != base.table.seat_state[s].concealed
                   for s in (1, 2, 3))
        for s in (1, 2, 3):  # the same number of tiles, none the seat saw
            assert len(w.seat_state[s].concealed) == len(base.table.seat_state[s].concealed)
        assert sorted(w.wall.remaining_ids()) != sorted(base.table.wall.remaining_ids())


def test_an_uper_players_ready_hand_is_kept():
    view, d = decision_at(7, 6)  # an opponent has declared uper
    upers = [s for s in (1, 2, 3) if view.uper_time[s] >= 0]
    assert upers
    base = sample_base(view, d, random.Random(6))
    w = derive_world(base, view, d, random.Random("6/derived"))
    assert w is not None
    for s in upers:
        assert w.seat_state[s].concealed == base.table.seat_state[s].concealed
    assert any(w.seat_state[s].concealed != base.table.seat_state[s].concealed
               for s in (1, 2, 3) if s not in upers)


def test_a_deal_where_an_opponent_let_a_legal_win_go_is_refused():
    # found by searching seeded decisions: the new tiles of an opponent complete his hand
    # with a discard he passed, and the replay rejects that history
    view, d = decision_at(36, 5)
    base = sample_base(view, d, random.Random("36/5"))
    got = search._derive(base, view, d, random.Random("36/5/4"))
    assert got is not None
    world, sigma, flagged = got
    assert flagged and not replay_accepts(base, view, d, world, sigma)
    before = search.SAMPLER.refused
    assert derive_world(base, view, d, random.Random("36/5/4")) is None
    assert search.SAMPLER.refused == before + 1


def test_a_winning_shape_that_was_no_legal_win_is_kept():
    # here the opponent's new hand was a winning shape on a tile he passed, but no legal win
    # (too few points): the replay accepts the history, so the derived world is used
    view, d = decision_at(6, 4)
    base = sample_base(view, d, random.Random("6/4"))
    got = search._derive(base, view, d, random.Random("6/4/1"))
    assert got is not None and got[2]
    assert replay_accepts(base, view, d, got[0], got[1])
    w = derive_world(base, view, d, random.Random("6/4/1"))
    assert w is not None and w.observation(0) == d.observation


def test_every_derived_world_is_one_the_replay_accepts():
    # the pass over the events misses no win an opponent let go: whatever it lets through,
    # replayed through the engine, agrees with the view
    checked = 0
    for hand in range(6):
        for n in range(2, 16, 3):
            try:
                view, d = decision_at(hand, n)
            except AssertionError:
                break
            try:
                base = sample_base(view, d, random.Random(f"{hand}/{n}"))
            except WorldError:
                continue
            for j in range(4):
                got = search._derive(base, view, d, random.Random(f"{hand}/{n}/{j}"))
                assert got is not None
                world, sigma, flagged = got
                if not flagged:
                    assert replay_accepts(base, view, d, world, sigma)
                    checked += 1
    assert checked >= 60


def test_the_lean_simulator_plays_derived_worlds_as_the_engine_does():
    for hand, n in ((28, 11), (34, 13), (8, 11)):
        view, d = decision_at(hand, n)
        base = sample_base(view, d, random.Random(hand))
        for j in range(3):
            w = derive_world(base, view, d, random.Random(f"{hand}/{j}"))
            assert w is not None
            for a in d.legal:
                assert lean_playout(w, 0, a) == engine_hand(w, 0, a).payments[0]


def test_no_world_is_derived_at_a_claim():
    # the others' offers on the discard come from their hands: a claim is replayed
    from game.engine.kinds import OFFERS

    class Probe:
        def __init__(self, inner):
            self.inner, self.view = inner, HandView()

        def observe(self, e):
            self.inner.observe(e)
            self.view.observe(e)

        def act(self, d):
            if d.kind in OFFERS:
                raise _Found(copy.deepcopy(self.view), d)
            return self.inner.act(d)

    for hand in range(20):
        seats = [HeuristicSeat("expert", 4 * hand + s) for s in range(4)]
        seats[0] = Probe(seats[0])
        try:
            play_hand(Table(RuleSet(), seed=hand), seats)
        except _Found as f:
            view, d = f.args
            break
    else:
        pytest.fail("no claim found")
    base = sample_base(view, d, random.Random(1))
    assert derive_world(base, view, d, random.Random(2)) is None
