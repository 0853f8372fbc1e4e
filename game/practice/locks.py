"""Moved: record locks live in `game.records.locks`. This name stays for one release so that
callers not yet moved keep working; new code imports `game.records.locks`.

>>> from game.practice.locks import RecordLock
>>> RecordLock.__module__
'game.records.locks'
"""

from __future__ import annotations

from game.records.locks import RecordLock, is_locked, lock_path, sweep_stale_locks

__all__ = ["RecordLock", "is_locked", "lock_path", "sweep_stale_locks"]
