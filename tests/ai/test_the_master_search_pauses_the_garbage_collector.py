"""The master's search runs with the garbage collector paused (issue 34: the decision time's
p99 within the budget + 10 %, and the table's frames not held): a full collection of the
game's heap took up to a second on the loaded machine and holds the interpreter's lock. That
is safe only because a search makes no reference cycles: its garbage is freed as it goes."""

from __future__ import annotations

import gc

import ai.master as master
from ai.heuristic import HeuristicSeat
from ai.master import MasterSeat, Search
from game.engine.rules import RuleSet
from game.engine.table import Table


def _searched_decisions(n: int) -> None:
    """Play seeded hands with a master at seat 0 until it has searched `n` decisions."""
    done = 0
    for seed in range(60, 80):
        t = Table(RuleSet(), seed=seed)
        m = MasterSeat(seed=seed, search=Search(worlds=4, close=None))
        others = [HeuristicSeat("expert", seed * 4 + s) for s in range(4)]
        shown = 0
        while not t.is_over:
            for e in t.events[shown:]:
                m.observe(e.visible_to(0))
            shown = len(t.events)
            s, d = min(t.pending().items())
            if s == 0:
                t.submit(0, m.act(d))
                done += m.last is not None
                if done >= n:
                    return
            else:
                t.submit(s, others[s].act(d))
    raise AssertionError("too few searched decisions")


def test_the_collector_is_paused_during_the_playouts_and_back_after(monkeypatch):
    states = []
    real = master.lean_playout

    def spy(*args, **kwargs):
        states.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(master, "lean_playout", spy)
    assert gc.isenabled()
    _searched_decisions(2)
    assert states and not any(states), "collector paused in every playout"
    assert gc.isenabled(), "and running again after"


def test_a_search_leaves_no_cyclic_garbage():
    gc.collect()
    gc.disable()
    try:
        _searched_decisions(3)
        assert gc.collect() == 0, "a search made reference cycles: the paused collector would " \
            "leave them until it runs"
    finally:
        gc.enable()
