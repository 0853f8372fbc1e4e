"""Game records: every game as a JSON-lines event log in the user's data folder.

A small core and three parts around it, one job each:

- `game.records.core`: the format (the engine's replay log plus ``created``, ``human``,
  ``seat_kinds``, ``continues``), its limits, the header's check, the reasons a record stops
  being read, and the folder (``$KOREAN_MAHJONG_DATA_DIR/records``);
- `game.records.writer`: `RecordWriter`, the referee's listener that writes a game as it is
  played (atomically made, line by line, each hand end synced);
- `game.records.reader`: `load_record` (any file, as far as it is valid, never raising on bad
  content), `HandRecord.table` (a hand rebuilt at any point), `check_record`;
- `game.records.store`: the folder: `list_records` (with its summary index), `find_unfinished`
  (Continue), `sweep_empty_records`, `prune_records`;
- `game.records.locks`: which records a running game holds.

The names most callers need are here::

    >>> import tempfile
    >>> from game.engine.rules import RuleSet
    >>> from game.engine.session import Session
    >>> from ai.random_seat import RandomSeat
    >>> d = tempfile.mkdtemp()
    >>> w = RecordWriter(Session(RuleSet(), seed=5, hands=1), directory=d)
    >>> _ = w.play([RandomSeat(i) for i in range(4)])
    >>> rec = load_record(w.path)
    >>> rec.ok, rec.complete, len(rec.hands), [s.path for s in list_records(d)] == [w.path]
    (True, True, 1, True)
"""

from __future__ import annotations

from .core import (
    AT_LINE,
    DATA_ENV,
    MAX_RECORD,
    data_dir,
    header_problem,
    is_interruption,
    os_reason,
    reason_of_error,
    records_dir,
)
from .reader import CheckResult, HandRecord, Record, check_record, load_record
from .store import (
    REVIEW_SUFFIX,
    SUMMARY_INDEX,
    RecordHead,
    RecordSummary,
    continued_records,
    find_unfinished,
    is_continued,
    list_records,
    peek_record,
    prune_records,
    record_created,
    scan_records,
    sweep_empty_records,
)
from .writer import RecordWriter

__all__ = [
    "AT_LINE",
    "DATA_ENV",
    "MAX_RECORD",
    "REVIEW_SUFFIX",
    "SUMMARY_INDEX",
    "CheckResult",
    "HandRecord",
    "Record",
    "RecordHead",
    "RecordSummary",
    "RecordWriter",
    "check_record",
    "continued_records",
    "data_dir",
    "find_unfinished",
    "header_problem",
    "is_continued",
    "is_interruption",
    "list_records",
    "load_record",
    "os_reason",
    "peek_record",
    "prune_records",
    "reason_of_error",
    "record_created",
    "records_dir",
    "scan_records",
    "sweep_empty_records",
]
