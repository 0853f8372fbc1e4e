"""The record writer: it listens to the referee and writes one session's record as it is played.

`RecordWriter` is a listener of `game.engine.driver.HandDriver` (``on_event``, ``on_action``):
it makes the file with its first lines in it (never an empty record, never through a link),
holds the record's lock (`game.records.locks`) while it writes, appends and flushes line by
line (a crash leaves a valid prefix) and syncs each hand end.

>>> import tempfile
>>> from game.engine.rules import RuleSet
>>> from ai.random_seat import RandomSeat
>>> w = RecordWriter(Session(RuleSet(), seed=5, hands=1), directory=tempfile.mkdtemp())
>>> _ = w.play([RandomSeat(i) for i in range(4)])
>>> w.path.read_text(encoding="utf-8").startswith('{"type":"header"'), w.closed
(True, True)
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Self

from game.engine.actions import Action
from game.engine.events import (
    Event,
    HandEnded,
    SessionEnded,
)
from game.engine.replay import (
    Recorder,
    dump_line,
)
from game.engine.session import Session, play_session
from game.engine.table import Table
from game.engine.tiles import SEAT_LETTERS

from .core import PART, SUFFIX, _now, records_dir
from .store import sweep_empty_records


class RecordWriter:
    """Writes one session's record as it is played, one flushed line at a time.

    Hook it into the table loop: ``session.new_hand(on_event=writer.on_event)`` and
    ``writer.on_action(hand, seat, action)`` for every submitted action (before or after the
    submit: the replay compares events by order), or let `submit` or `play` do both. `close`
    writes the session end if the session has ended. The file is never rewritten, and it never
    exists without its header: it is made with its first lines in it (`_create`), so a Ctrl+C
    at the start leaves no empty record.

    While it is open the writer holds the record's lock (`game.records.locks`), taken before
    the file is made, so no other game offers it for Continue or touches it. ``continues``
    names the record this game continues (its header links the two, so lists and statistics
    count the game once). Each hand end is flushed to the disk (fsync), whoever plays.
    ``private`` (a program plays a seat, ``cmd:``/``python:``): the hand in play is kept in
    memory until it ends, the file is readable by its owner only and its name leaves the seed
    out, so the live file never shows the wall or the hidden hands of the hand in play; a
    crash loses that hand only, never the finished ones.

    A write that fails (a full disk, a removed drive) never stops the game: the writer stops
    recording, `failed` says why, and the file keeps the valid prefix written so far.
    """

    def __init__(self, session: Session, directory: str | Path | None = None, *,
                 human: int | None = None, seat_kinds: Sequence[str] | None = None,
                 now: _dt.datetime | None = None, continues: str | Path | None = None,
                 private: bool = False, clock: Callable[[], float] | None = None):
        from .locks import sweep_stale_locks

        self.session = session
        #: seconds the game has been played (the table's clock): written on each event line as
        #: "t", so Continue goes on from there (a reader that does not know "t" ignores it)
        self.clock = clock
        self.directory = Path(directory) if directory is not None else records_dir()
        self.directory.mkdir(parents=True, exist_ok=True)
        self.failed = ""
        self.failed_errno: int | None = None  # the OS error number of `failed`, when there is one
        self.private = private
        self._held: list[str] = []
        created = (now or _now()).astimezone(_dt.UTC)
        header = dict(Recorder(session).header)
        header["created"] = created.isoformat(timespec="seconds")
        header["human"] = human
        if seat_kinds is not None:
            header["seat_kinds"] = list(seat_kinds)
        if continues is not None:
            header["continues"] = Path(continues).name
        self.header = header
        self._ended = False
        self._f: Any = None
        self._write(header)
        for e in session.events:  # the session start
            self._write_event(0, e)
        # the first lines go into the file as it is made; a private game's wait for its first
        # hand end (they hold the seed), its file is made empty
        first = "" if private else "".join(self._held)
        if not private:
            self._held = []
        stem = f"{created:%Y%m%d-%H%M%S}-" + ("game" if private else f"seed{session.seed}")
        self.path, self.lock, self._f = _create(self.directory, stem, first, private)
        sweep_stale_locks(self.directory)  # lock files that crashed games left behind
        sweep_empty_records(self.directory)  # records an early Ctrl+C left without a header

    # ------------------------------------------------------------------ writing
    def _write(self, line: dict[str, Any]) -> None:
        if self._f is not None and self._f.closed:
            raise ValueError(f"record {self.path} is closed")
        if self.failed:
            return
        text = dump_line(line)
        if self.private or self._f is None:  # the live hand of a private game; the first lines
            self._held.append(text)
            return
        self._emit(text)

    def _emit(self, text: str, sync: bool = False) -> None:
        try:
            self._f.write(text)
            self._f.flush()
            if sync:
                os.fsync(self._f.fileno())
        except (OSError, ValueError) as e:
            self.failed = getattr(e, "strerror", None) or str(e)  # the reason, for the player
            self.failed_errno = getattr(e, "errno", None)

    def _flush_held(self, sync: bool = False) -> None:
        """Write what `private` kept (and fsync when `sync`)."""
        if self.failed or self._f.closed:
            return
        text, self._held = "".join(self._held), []
        if text or sync:
            self._emit(text, sync=sync)

    def _write_event(self, hand: int, e: Event) -> None:
        if isinstance(e, SessionEnded):
            if self._ended:
                return
            self._ended = True
            hand = 0
        line: dict[str, Any] = {"type": "event", "hand": hand, "event": e.to_json()}
        if self.clock is not None:
            line["t"] = round(float(self.clock()), 1)
        self._write(line)
        if isinstance(e, (HandEnded, SessionEnded)):
            self._flush_held(sync=True)  # a finished hand is on the disk, whoever plays

    def on_event(self, table: Table, event: Event) -> None:
        """The table's event hook."""
        self._write_event(table.hand, event)

    def on_action(self, hand: int, seat: int, action: Action) -> None:
        self._write({"type": "action", "hand": hand, "seat": SEAT_LETTERS[seat],
                     "action": action.to_json()})

    def submit(self, table: Table, seat: int, action: Action) -> list[Event]:
        """Record and play one action (an illegal one raises the engine's error unrecorded)."""
        d = table.pending().get(seat)
        if d is None or action not in d.legal:
            return table.submit(seat, action)  # raises the engine's readable error
        self.on_action(table.hand, seat, action)
        return table.submit(seat, action)

    def play(self, players: Sequence[Any], *, observe: bool = True,
             on_event: Callable[[Table, Event], None] | None = None) -> Session:
        """Play the whole session with these players (see `play_session`), recording it."""
        def hook(table: Table, e: Event) -> None:
            self.on_event(table, e)
            if on_event is not None:
                on_event(table, e)
        try:
            play_session(self.session, players, observe=observe, on_event=hook,
                         on_action=self.on_action)
        finally:
            self.close()
        return self.session

    @property
    def closed(self) -> bool:
        return self._f.closed

    def close(self) -> None:
        """Write the session end (if the session ended), sync, close the file and give up its
        lock. What `private` kept in memory (the hand in play) is written now: the game is
        over for its seats."""
        if self._f.closed:
            return
        try:
            if self.session.finished and self.session.events and \
                    isinstance(self.session.events[-1], SessionEnded):
                self._write_event(0, self.session.events[-1])
            self._flush_held(sync=True)
            try:
                self._f.close()
            except OSError as e:
                self.failed = self.failed or str(e.strerror or e)
        finally:
            if self.lock is not None:
                self.lock.release()

    def discard(self) -> None:
        """Close and delete this writer's own file: for an attempt that failed (a Continue that
        could not rebuild its game), so that nothing is left behind. Never touches another
        record."""
        try:
            self._f.close()
        except OSError:
            pass
        try:
            self.path.unlink()
        except OSError:
            pass
        if self.lock is not None:
            self.lock.release()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _create(directory: Path, stem: str, first: str, private: bool) -> tuple[Path, Any, Any]:
    """Make a new record file named from `stem` (``-1``, ``-2`` ... when the name is taken)
    holding `first` from the start, locked before it exists; returns (path, lock, the file
    open for appending). The text goes into a hidden temporary file that is then linked to
    the record's name, which fails if the name exists: no other game's file is replaced and
    no empty record is ever seen. A private record is readable by its owner only."""
    from .locks import RecordLock

    mode = 0o600 if private else 0o644
    n = 0
    while True:
        path = directory / f"{stem}{'' if n == 0 else f'-{n}'}{SUFFIX}"
        n += 1
        if path.exists():
            continue
        try:
            lock = RecordLock.acquire(path)
        except OSError:
            lock = None  # a directory without room for a lock file: record unlocked
        else:
            if lock is None:
                continue  # another game is making this one
        try:
            _make_with(path, first, mode)
        except FileExistsError:
            if lock is not None:
                lock.release()
            continue
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return path, lock, open(path, "a", encoding="utf-8")


def _make_with(path: Path, text: str, mode: int) -> None:
    """Create `path` holding `text` (FileExistsError if it exists), never empty on the way
    when `text` is not; falls back to an exclusive create where links are not allowed."""
    if not text:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode))
        return
    part = path.with_name(f".{path.name}.{os.getpid()}{PART}")
    part.unlink(missing_ok=True)  # one an earlier run of this pid left (a link is removed, not followed)
    # a new file of our own: never through a link planted under its name, never truncating one
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(part, path)
        except FileExistsError:
            raise  # the name is taken: the caller tries the next one
        except OSError:  # a file system without hard links: exclusive create, then write
            with open(path, "x", encoding="utf-8") as f:
                f.write(text)
    finally:
        part.unlink(missing_ok=True)


