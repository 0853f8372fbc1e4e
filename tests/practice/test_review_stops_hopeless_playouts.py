"""A disagreement whose first round of playouts shows that even all of them would leave it
"unclear" stops there (issue 33, "Speed": most close calls between two discards far from ready,
a third of a review's playouts); one the rest could still settle gets them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from game.practice import game_review as gr

_spec = importlib.util.spec_from_file_location(
    "_review_records_futile", Path(__file__).with_name("test_game_review.py"))
assert _spec is not None and _spec.loader is not None
_records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_records)


def rows(diffs):
    return [(i, 0, False, False, d, False, False) for i, d in enumerate(diffs)]


def test_only_an_interval_too_wide_for_any_verdict_is_hopeless():
    wide = rows([30, -30] * 8)  # mean 0, half-width about 15: at 48 playouts still about 8.5
    assert gr._futile(wide, 48) and not gr._decided(wide)
    near = rows([4, -2] * 8)  # mean 1, half-width 1.5: 48 playouts could say "fine"
    assert not gr._futile(near, 48) and not gr._decided(near)
    assert not gr._futile(wide, 16)  # every playout played: nothing left to save


def test_a_hopeless_decision_stops_after_its_first_round_as_unclear(tmp_path, monkeypatch):
    path, made = _records.play(tmp_path, 6, _records.deal_in)
    assert made is not None

    def coin(job, action, i):  # the player's choice and the computer's: +-30 by turns
        return (30 if (i + (action == job.chosen)) % 2 else -30), False, False

    monkeypatch.setattr(gr, "_playout", coin)
    seen = []
    r = gr.review_record(path, playouts=48, workers=1, cache=False, progress=seen.append)
    item = r.disagreements()[0]
    assert item.verdict == "unclear" and item.playouts == 16  # not 48
    assert r.playouts_run == 2 * 16 * len(r.disagreements())
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
