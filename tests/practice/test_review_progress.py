"""A review's progress tells the truth: the fraction done never goes back (not even when a
second round of playouts is planned), and each disagreement's verdict is handed over as soon
as it is final, equal to the one the finished review holds (the window shows the first
verdicts while the rest are played, and keeps them when cancelled)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from game.practice import game_review as gr
from game.practice.game_review import review_record

_spec = importlib.util.spec_from_file_location(
    "_review_records_progress", Path(__file__).with_name("test_game_review.py"))
assert _spec is not None and _spec.loader is not None
_records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_records)


def test_the_fraction_never_goes_back_with_a_second_round(tmp_path, monkeypatch):
    path, made = _records.play(tmp_path, 6, _records.deal_in, hands=2)
    assert made is not None
    monkeypatch.setattr(gr, "_decided", lambda rows: False)  # every job gets a second round
    seen = []
    r = review_record(path, playouts=16, workers=1, cache=False, progress=seen.append)
    assert r.disagreements() and r.disagreements()[0].playouts == 16  # both rounds played
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions), fractions
    assert fractions[-1] == 1.0


def test_each_verdict_is_handed_over_when_final(tmp_path):
    path, made = _records.play(tmp_path, 6, _records.deal_in, hands=2)
    assert made is not None
    got = []
    r = review_record(path, playouts=16, workers=1, cache=False, verdict=got.append)
    assert got and len(got) == len(r.disagreements())
    final = {(i.hand, i.actions_before): i.to_json() for i in r.disagreements()}
    assert {(i.hand, i.actions_before): i.to_json() for i in got} == final
    # handing them over changes no verdict
    plain = review_record(path, playouts=16, workers=1, cache=False)
    assert [i.to_json() for i in plain.items] == [i.to_json() for i in r.items]


def test_a_failed_playout_is_handed_over_as_unclear(tmp_path, monkeypatch):
    path, _ = _records.play(tmp_path, 6, _records.deal_in)

    def broken(*a):
        raise RuntimeError("a bug in a playout")

    monkeypatch.setattr(gr, "_playout", broken)
    got = []
    review_record(path, playouts=16, workers=1, cache=False, verdict=got.append)
    assert len(got) == 1 and got[0].verdict == "unclear" and not got[0].measured
