"""A sampled world is a replay of the hand through the engine, which costs several lean
playouts: the master's thinking time holds only if a replay stops when the deadline passes,
not only between two worlds (issue 34: decision time p99 within the budget + 10 %)."""

from __future__ import annotations

import itertools
import random

import pytest

import ai.search as search
from ai.heuristic import HeuristicSeat
from ai.search import HandView, WorldError, sample_world
from game.engine.rules import RuleSet
from game.engine.table import Table


def _midhand():
    """Four experts play 30 decisions: a view with actions to replay."""
    t = Table(RuleSet(), seed=12)
    seats = [HeuristicSeat("expert", s) for s in range(4)]
    for s in range(4):
        for e in t.events:
            seats[s].observe(e.visible_to(s))
    for _ in range(30):
        s, d = min(t.pending().items())
        n = len(t.events)
        t.submit(s, seats[s].act(d))
        for q in range(4):
            for e in t.events[n:]:
                seats[q].observe(e.visible_to(q))
    s, d = min(t.pending().items())
    view = HandView()
    for e in t.events:
        view.observe(e.visible_to(s))
    return view, d


def test_the_replay_stops_once_the_deadline_passes(monkeypatch):
    view, d = _midhand()
    assert len(view.actions) > 10
    assert sample_world(view, d, random.Random(1)) is not None  # a world, given the time
    clock = itertools.count()  # one tick a reading: the deadline passes within the replay
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(clock)))
    with pytest.raises(WorldError):
        sample_world(view, d, random.Random(1), deadline=5.5)
