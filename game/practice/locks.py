"""Which records a running game owns: an OS lock on a small lock file beside each record.

A game that writes a record, and a game that continues one, hold `RecordLock` on it for as long
as they run. The lock file (``<record>.lock``, holding the owner's pid and host for people) is
locked with ``fcntl.flock`` (``msvcrt.locking`` on Windows). The operating system drops the lock
when its process ends, however it ends, so a lock file left behind by a crash is *stale*: the
next `RecordLock.acquire` takes it over and `is_locked` reports it free. Nothing here reads or
writes the record itself.

>>> import tempfile, pathlib
>>> rec = pathlib.Path(tempfile.mkdtemp()) / "game.jsonl"
>>> lock = RecordLock.acquire(rec)
>>> lock is not None, is_locked(rec)
(True, True)
>>> RecordLock.acquire(rec) is None      # a second owner (this or another process) is refused
True
>>> lock.release(); is_locked(rec), lock_path(rec).exists()
(False, False)
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Self

__all__ = ["LOCK_SUFFIX", "RecordLock", "is_locked", "lock_path", "sweep_stale_locks"]

LOCK_SUFFIX = ".lock"

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass


def lock_path(record: str | Path) -> Path:
    """The lock file that belongs to `record`."""
    p = Path(record)
    return p.with_name(p.name + LOCK_SUFFIX)


class RecordLock:
    """An exclusive hold on one record; `acquire` returns None when someone else holds it."""

    def __init__(self, record: Path, path: Path, fd: int) -> None:
        self.record = record
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, record: str | Path) -> RecordLock | None:
        """Take the record's lock; None if a running game holds it. A stale lock file (its
        owner died) is taken over. Raises OSError only when the lock file cannot be made."""
        record = Path(record)
        path = lock_path(record)
        for _ in range(20):
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            if not _try_lock(fd):
                os.close(fd)
                return None
            # the owner before us may have removed the file between our open and our lock:
            # then we hold a lock on a file nobody else will find; try again with the new one
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except OSError:
                same = False
            if not same:
                _unlock(fd)
                os.close(fd)
                continue
            try:
                os.ftruncate(fd, 0)
                os.write(fd, f"pid {os.getpid()} on {socket.gethostname()}\n".encode())
            except OSError:
                pass  # the lock itself is what counts
            return cls(record, path, fd)
        return None  # pragma: no cover - twenty lost races in a row

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the record free (idempotent): the lock file is removed, then unlocked."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            self.path.unlink()
        except OSError:
            pass
        _unlock(fd)
        os.close(fd)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def __del__(self) -> None:  # a forgotten lock must not outlive its owner object
        try:
            self.release()
        except Exception:  # noqa: BLE001, S110 - interpreter shutdown
            pass


def is_locked(record: str | Path) -> bool:
    """True while a running game (this process or another) holds the record's lock. Touches
    nothing: a stale lock file is left for the next `RecordLock.acquire` to take over."""
    path = lock_path(record)
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # a lock file we may not even open: assume its owner is alive
    try:
        if _try_lock(fd):
            _unlock(fd)
            return False
        return True
    finally:
        os.close(fd)


def sweep_stale_locks(directory: str | Path) -> int:
    """Remove the lock files in `directory` that no running game holds (left by crashes);
    returns how many. A held lock is never touched."""
    removed = 0
    try:
        names = [p for p in Path(directory).iterdir() if p.name.endswith(LOCK_SUFFIX)]
    except OSError:
        return 0
    for p in names:
        record = p.with_name(p.name[: -len(LOCK_SUFFIX)])
        try:
            lock = RecordLock.acquire(record)
        except OSError:
            continue
        if lock is not None:
            lock.release()  # removes the file
            removed += 1
    return removed
