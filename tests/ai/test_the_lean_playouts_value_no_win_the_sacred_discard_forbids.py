"""A lean playout asks the sacred-discard status before it values a win (`ai.lean`): where the
status forbids the win (a quarter of the checks in the master's playouts) the win is never
scored, about 5 % of a playout's time. The outcome is the same either way (both must allow
the win; tests/ai/test_lean_playouts_match_the_engine.py checks the endings)."""

from __future__ import annotations

import random

import ai.lean as lean
from ai.heuristic import HeuristicSeat
from ai.search import HandView, sample_world
from game.engine.actions import Discard
from game.engine.kinds import PLAYS
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table


class _Forbids:
    can_self_draw = False

    @staticmethod
    def why_not(kind):
        return "sacred"


def test_a_win_the_sacred_status_forbids_is_not_valued(monkeypatch):
    worlds = []

    class Probe:
        def __init__(self, inner):
            self.inner, self.view = inner, HandView()

        def observe(self, e):
            self.inner.observe(e)
            self.view.observe(e)

        def act(self, d):
            if d.kind in PLAYS and len(worlds) < 12:
                worlds.append((sample_world(self.view, d, random.Random(len(worlds))), d))
            return self.inner.act(d)

    seats = [HeuristicSeat("expert", s) for s in range(4)]
    seats[0] = Probe(seats[0])
    play_hand(Table(RuleSet(), seed=21), seats)
    assert len(worlds) >= 6

    def valued(*a, **k):
        raise AssertionError("a win was valued")

    monkeypatch.setattr(lean._Hand, "_sacred", lambda self, s, waits: _Forbids())
    monkeypatch.setattr(lean, "_value", valued)
    lean.clear_caches()
    checks = 0
    real = lean._Hand._discard_win

    def counted(self, *a, **k):
        nonlocal checks
        checks += 1
        return real(self, *a, **k)

    monkeypatch.setattr(lean._Hand, "_discard_win", counted)
    for world, d in worlds:
        for a in d.legal:
            if isinstance(a, Discard) and not a.uper:
                # nobody may win: the hand runs to the wall's end, nobody pays
                assert lean.lean_playout(world, 0, a) == 0.0
                break
    assert checks > 0, "the playouts met wins to check"
