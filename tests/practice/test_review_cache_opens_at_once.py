"""A second review of the same record opens from the cache at once (issue 33): the kept review
is found from the record's bytes and its header line alone, without replaying or even parsing
the record through; a changed record is reviewed again."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from game.practice import game_review as gr

_spec = importlib.util.spec_from_file_location(
    "_review_records_cache", Path(__file__).with_name("test_game_review.py"))
assert _spec is not None and _spec.loader is not None
_records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_records)


def test_the_kept_review_is_found_without_reading_the_record_through(tmp_path, monkeypatch):
    path, made = _records.play(tmp_path, 6, _records.deal_in)
    assert made is not None
    first = gr.review_record(path, playouts=16, workers=1)
    assert not first.cached

    def not_read(*a, **k):
        raise AssertionError("the record was read through for a kept review")

    monkeypatch.setattr(gr, "load_record", not_read)
    again = gr.review_record(path, playouts=16, workers=1)
    assert again.cached and again.playouts_run == 0
    assert [i.to_json() for i in again.items] == [i.to_json() for i in first.items]
    named = gr.review_record(path, 0, playouts=16, workers=1)  # the same player, by number
    assert named.cached
    monkeypatch.undo()
    path.write_bytes(path.read_bytes() + b"\n")  # another record: reviewed again
    assert not gr.review_record(path, playouts=16, workers=1).cached
