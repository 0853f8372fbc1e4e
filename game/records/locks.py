"""Which records a running game owns: an OS lock on a small lock file beside each record.

A game that writes a record, and a game that continues one, hold `RecordLock` on it for as long
as they run. The lock file (``<record>.lock``, holding the owner's pid and host for people) is
locked with ``fcntl.flock`` (``msvcrt.locking`` on Windows). The operating system drops the lock
when its process ends, however it ends, so a lock file left behind by a crash is *stale*: the
next `RecordLock.acquire` takes it over and `is_locked` reports it free. Nothing here reads or
writes the record itself.

A lock file is never a way into another file: it is opened without following a symbolic link,
and one a game did not make (a link, a folder, a pipe, a file with a second name or with other
words in it) is never truncated, written or removed; its record counts as held.

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
import re
import socket
import stat
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


#: a lock file is opened without following a symbolic link (where the system can), without
#: waiting on a pipe, and never inherited by a program a game starts
_FLAGS = (getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
          | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
#: what a game writes in its lock file (`RecordLock.acquire`); an empty file is a game's too
#: (made, then killed before it wrote)
_OWNER = re.compile(rb"(pid \d+( on [^\n]{0,255})?\n)?")
_MAX_OWNER = 300


def _open_existing(path: Path) -> int | None:
    """The lock file there, opened for locking: its descriptor; None when it is a symbolic link
    or cannot be opened (someone else's: the record counts as held); -1 when it is gone."""
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return None  # checked here as well where O_NOFOLLOW is missing (Windows)
        return os.open(path, os.O_RDWR | _FLAGS)
    except FileNotFoundError:
        return -1
    except OSError:  # ELOOP: a link after all; a folder; no permission
        return None


def _ours(fd: int) -> bool:
    """Whether the open lock file is one a game made: a regular file with one name, holding
    nothing but a game's line. Anything else (another record, any file linked here) is never
    truncated, written or removed."""
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1 or st.st_size > _MAX_OWNER:
            return False
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, _MAX_OWNER + 1)
    except OSError:
        return False
    return _OWNER.fullmatch(text) is not None


def _same(fd: int, path: Path) -> bool:
    """Whether `path` (not following a link) is still the file open as `fd`."""
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(path))
    except OSError:
        return False


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
        """Take the record's lock; None if a running game holds it, or if the lock file is not
        one a game made (a symbolic link, a folder, a pipe, a file with other words in it, a
        file with a second name): that is never followed, written or removed, and the record
        counts as held. A stale lock file (its owner died) is taken over. Raises OSError only
        when the lock file cannot be made."""
        record = Path(record)
        path = lock_path(record)
        for _ in range(20):
            try:  # a new lock file, made by us...
                fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | _FLAGS, 0o644)
                made = True
            except FileExistsError:  # ... or the one there, if a game made it
                there = _open_existing(path)
                if there is None:
                    return None
                if there < 0:
                    continue  # removed since: try again
                fd, made = there, False
            if not made and not _ours(fd):
                os.close(fd)
                return None
            if not _try_lock(fd):
                os.close(fd)
                return None
            # the owner before us may have removed the file between our open and our lock:
            # then we hold a lock on a file nobody else will find; try again with the new one
            if not _same(fd, path):
                _unlock(fd)
                os.close(fd)
                continue
            try:  # our own words in a file a game made (never more than a line)
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)  # `_ours` read it
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
        if _same(fd, self.path):  # only the file we locked, never what replaced it
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
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return True  # a link is no game's lock file: never followed, the record held
        fd = os.open(path, os.O_RDWR | _FLAGS)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # a lock file we may not even open: assume its owner is alive
    try:
        if not _ours(fd):
            return True  # not a game's lock file (another file linked here): left alone, held
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
