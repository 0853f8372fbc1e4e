"""The first verdicts of a review come while the record is still being scanned (issue 33,
"Speed": the first verdicts within seconds, not after the computer has been asked at every
decision of the session): a hand's disagreements are played out as soon as the hand is
scanned, and the progress reported meanwhile never goes back."""

from __future__ import annotations

from ai.registry import make_seat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice import game_review as gr
from game.records import RecordWriter


def _record(tmp_path, seed, hands):
    w = RecordWriter(Session(RuleSet(), seed=seed, hands=hands), directory=str(tmp_path),
                     human=0, seat_kinds=["ai:standard"] * 4)
    w.play([make_seat("ai:standard", seed=seed * 4 + i) for i in range(4)])
    return w.path


def test_a_verdict_is_handed_over_before_the_last_hand_is_scanned(tmp_path):
    path = _record(tmp_path, 3, 2)
    log: list[tuple[str, object]] = []
    r = gr.review_record(path, playouts=8, workers=1, cache=False,
                         progress=lambda p: log.append(("progress", p)),
                         verdict=lambda i: log.append(("verdict", i.hand)))
    first_hand = {i.hand for i in r.disagreements()}
    assert 1 in first_hand  # the record has a disagreement in hand 1 to measure
    scanning = [k for k, (what, p) in enumerate(log)
                if what == "progress" and p.stage == "decisions"]
    verdicts = [k for k, (what, _) in enumerate(log) if what == "verdict"]
    assert verdicts and verdicts[0] < scanning[-1]  # hand 1's verdict before hand 2 is scanned
    fractions = [p.fraction for what, p in log if what == "progress"]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
