"""Moved: game records live in `game.records` (core, writer, reader, store, locks) and their
English transcript in `game.practice.record_text`. This name stays for one release so that
callers not yet moved keep working; new code imports `game.records`.

>>> from game.practice.records import RecordWriter
>>> RecordWriter.__module__
'game.records.writer'
"""

from __future__ import annotations

from game.practice.record_text import describe_event, transcript  # noqa: F401
from game.records import *  # noqa: F403 - the same names, re-exported
