"""A decision's playouts read its history once (issue 33, "Speed"): four seats observe it, and
every playout of both choices seats copies of them (`HeuristicSeat.copy`), which play exactly
as four new seats that each read the history would (the playouts' results are the same)."""

from __future__ import annotations

from ai.heuristic import HeuristicSeat
from ai.registry import make_seat
from game.engine.driver import HandDriver
from game.engine.kinds import WinHow
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice import game_review as gr
from game.records import RecordWriter, load_record


def _jobs(tmp_path):
    """The disagreements of a seeded 2-hand record of ``ai:standard`` seats."""
    w = RecordWriter(Session(RuleSet(), seed=3, hands=2), directory=str(tmp_path), human=0,
                     seat_kinds=["ai:standard"] * 4)
    w.play([make_seat("ai:standard", seed=12 + i) for i in range(4)])
    _, pending, _, _ = gr._scan(load_record(w.path), 0, gr.default_reviewer(),
                                gr.DEFAULT_OPPONENTS, "t", None, None)
    assert len(pending) >= 2
    return [p.job for p in pending]


def _fresh_playout(job, action, i):
    """`gr._playout` as it was: four new seats, each reading the history."""
    import random

    t = job.base.resample_hidden(job.seat, random.Random(f"{job.seed}/{i}"), keep=job.keep)
    seats = [make_seat(job.opponents, seed=i * 4 + s) for s in range(4)]
    seats[job.seat] = make_seat(job.reviewer, seed=i * 4 + job.seat)
    for s in range(4):
        for e in t.events:
            seats[s].observe(e.visible_to(s))
    n = len(t.events)
    t.submit(job.seat, action)
    HandDriver(t, seats, seen=n).run()
    r = t.result
    won = any(w.seat == job.seat for w in r.winners)
    dealt_in = any(w.from_seat == job.seat and w.how != WinHow.SELF_DRAW for w in r.winners)
    return r.payments[job.seat], won, dealt_in


def test_a_chunk_reads_the_history_once_and_plays_as_fresh_seats(tmp_path, monkeypatch):
    job = _jobs(tmp_path)[0]
    observed = []
    real = HeuristicSeat.observe

    def counted(self, event):
        observed.append(1)
        real(self, event)

    monkeypatch.setattr(HeuristicSeat, "observe", counted)
    monkeypatch.setattr(gr, "_WATCHING", None)
    gr._watchers(job)
    once = len(observed)
    assert once == 4 * len(job.base.events)
    del observed[:]
    rows = gr._run_chunk(job, 0, 3)
    in_play = len(observed)  # the events after the history only: nobody read it again
    del observed[:]
    want = [(i, *_fresh_playout(job, job.chosen, i), *_fresh_playout(job, job.suggested, i))
            for i in range(3)]
    assert rows == want
    assert in_play == len(observed) - 6 * once  # six playouts, each reading the history


def test_another_decisions_playouts_read_their_own_history(tmp_path):
    a, b = _jobs(tmp_path)[:2]
    assert gr._run_chunk(a, 0, 1) == [(0, *_fresh_playout(a, a.chosen, 0),
                                       *_fresh_playout(a, a.suggested, 0))]
    assert gr._run_chunk(b, 0, 1) == [(0, *_fresh_playout(b, b.chosen, 0),
                                       *_fresh_playout(b, b.suggested, 0))]
