"""A review's playouts run with the garbage collector paused (issue 33, "Speed"): its
collections walk a worker's whole heap (the shanten, plan and scoring caches) and took about a
tenth of the playouts' time. That is safe only because a playout makes no reference cycles:
its garbage is freed as it goes, and nothing waits for the collector."""

from __future__ import annotations

import gc

from ai.registry import make_seat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice import game_review as gr
from game.records import RecordWriter, load_record


def _job(tmp_path):
    """A disagreement of a seeded 2-hand record of ``ai:standard`` seats."""
    w = RecordWriter(Session(RuleSet(), seed=5, hands=2), directory=str(tmp_path), human=0,
                     seat_kinds=["ai:standard"] * 4)
    w.play([make_seat("ai:standard", seed=20 + i) for i in range(4)])
    _, pending, _, _ = gr._scan(load_record(w.path), 0, gr.default_reviewer(),
                                gr.DEFAULT_OPPONENTS, "t", None, None)
    assert pending
    return pending[0].job


def test_the_collector_is_paused_during_the_playouts_and_back_after(tmp_path, monkeypatch):
    job = _job(tmp_path)
    states = []
    real = gr._playout

    def spy(*args):
        states.append(gc.isenabled())
        return real(*args)

    monkeypatch.setattr(gr, "_playout", spy)
    assert gc.isenabled()
    rows = gr._run_chunk(job, 0, 2)
    assert len(rows) == 2 and len(states) == 4
    assert not any(states), "the collector is paused in every playout"
    assert gc.isenabled(), "and running again after"


def test_a_failed_playout_leaves_the_collector_running(tmp_path, monkeypatch):
    job = _job(tmp_path)

    def broken(*args):
        raise RuntimeError("a bug in a playout")

    monkeypatch.setattr(gr, "_playout", broken)
    try:
        gr._run_chunk(job, 0, 1)
    except RuntimeError:
        pass
    assert gc.isenabled()


def test_playouts_leave_no_cyclic_garbage(tmp_path):
    job = _job(tmp_path)
    gc.collect()
    gc.disable()
    try:
        gr._run_chunk(job, 0, 3)
        assert gc.collect() == 0, "a playout made reference cycles: the paused collector " \
            "would leave them until the chunk ends"
    finally:
        gc.enable()
