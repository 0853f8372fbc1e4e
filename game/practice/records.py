"""Game records: every game as a JSON-lines event log in the user's data directory.

A record is the engine's replay log (`game.engine.replay`): a header line (format, seed, rules,
players, seat selection, hands, plus ``created`` and ``human``), then the actions and events of
each hand as they happen, then the session end. `RecordWriter` appends and flushes line by
line, so a crash leaves a valid prefix; `load_record` opens any file as far as it is valid and
says why it stops (it never raises on bad content and never writes); `check_record` replays it
through the engine (``korean-mahjong replay FILE --check``).

The directory is ``platformdirs.user_data_dir("korean-mahjong")/records``, or
``$KOREAN_MAHJONG_DATA_DIR/records`` when that variable is set (tests use it).

>>> import tempfile
>>> from game.engine.rules import RuleSet
>>> from game.engine.session import Session
>>> from ai.random_seat import RandomSeat
>>> d = tempfile.mkdtemp()
>>> w = RecordWriter(Session(RuleSet(), seed=5, hands=1), directory=d)
>>> _ = w.play([RandomSeat(i) for i in range(4)])
>>> rec = load_record(w.path)
>>> rec.ok, rec.complete, len(rec.hands)
(True, True, 1)
>>> check_record(w.path).ok
True
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import functools
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

from game.engine.actions import Action, action_from_json
from game.engine.error_words import message_of
from game.engine.errors import MahjongError, ReplayError
from game.engine.events import (
    Event,
    HandEnded,
    HandStarted,
    SessionEnded,
    SessionStarted,
    event_from_json,
)
from game.engine.messages import INT, MSG, TEXT, Message, define
from game.engine.replay import (
    FORMAT,
    RebuildError,
    Rebuilt,
    Recorder,
    dump_line,
    load_log,
    rebuild_hand,
    replay,
    start_table,
)
from game.engine.safejson import JsonInputError, read_file
from game.engine.safejson import loads as safe_loads
from game.engine.session import Session, play_session
from game.engine.table import Table
from game.engine.tiles import SEAT_LETTERS, format_tiles, kind_of_tile, seat_name
from game.practice.event_words import event_message

__all__ = [
    "DATA_ENV",
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
    "describe_event",
    "find_unfinished",
    "header_problem",
    "is_continued",
    "list_records",
    "load_record",
    "peek_record",
    "prune_records",
    "record_created",
    "records_dir",
    "scan_records",
    "sweep_empty_records",
    "transcript",
]

# ---------------------------------------------------------------------------- reasons
# Why a record stops being read, fails its check or does not rebuild: messages made where the
# reason arises (the player's words at the edge: the replay viewer, Continue, the command line).
STOPPED = define("record.stopped", "line {line}: {why}; the record is read up to line {last}",
                 line=INT, why=MSG, last=INT)
CANNOT_READ = define("record.cannot_read", "cannot read {path}: {why}", path=TEXT, why=MSG)
EMPTY = define("record.empty", "{name} is empty: no record header", name=TEXT)
ENDS_INSIDE = define("record.ends_inside",
                     "line {line}: the record ends inside hand {hand} (the game was interrupted)",
                     line=INT, hand=INT)
CUT_OFF = define("record.cut_off", "cut off (the game was interrupted while writing it)")
NOT_OBJECT = define("record.not_object", "expected a JSON object with a 'type'")
HEADER_FIRST = define("record.header_first", "the first line must be the record header")
BAD_HEADER = define("record.bad_header", "bad header: {why}", why=MSG)
UNKNOWN_LINE = define("record.unknown_line", "unknown line (type {type}, hand {hand})",
                      type=TEXT, hand=TEXT)
BAD_SEAT = define("record.bad_seat", "bad seat {seat}", seat=TEXT)
# the engine's own English about an event or action it cannot decode (translations say which)
BAD_EVENT = define("record.bad_event", "{detail}", detail=TEXT)
BAD_ACTION = define("record.bad_action", "{detail}", detail=TEXT)
HAND_ZERO = define("record.hand_zero", "only session events belong to hand 0")
HAND_ORDER = define("record.hand_order", "hand {hand} follows hand {previous}", hand=INT,
                    previous=INT)
HAND_OVERLAP = define("record.hand_overlap", "hand {hand} starts before hand {previous} ended",
                      hand=INT, previous=INT)
BEFORE_START = define("record.before_start", "hand {hand} has a {event} event before its hand start",
                      hand=INT, event=TEXT)
# the header (header_problem)
HEADER_FORMAT = define("record.header.format",
                       "unknown record format {found} (this game reads format {format})",
                       found=TEXT, format=INT)
HEADER_SEED = define("record.header.seed", "seed must be a whole number, got {value}", value=TEXT)
#: the longest player name a header may carry: a ``cmd:`` seat's name is its whole command line,
#: which with a deep temporary folder ran past the 200 characters allowed before (a log that
#: simulate wrote could then not be replayed); still a bound for a hostile header
MAX_PLAYER_NAME = 4096
HEADER_PLAYERS = define("record.header.players", "players must be a list of four names")
HEADER_RULES = define("record.header.rules", "rules must be an object")
HEADER_HANDS = define("record.header.hands", "hands must be a number of hands, got {value}", value=TEXT)
HEADER_SELECTION = define("record.header.seat_selection", "bad seat selection {value}", value=TEXT)
HEADER_HUMAN = define("record.header.human", "human must be a player number 0-3, got {value}",
                      value=TEXT)
HEADER_TEXT = define("record.header.text", "{key} must be text, got {value}", key=TEXT, value=TEXT)
HEADER_SEAT_KINDS = define("record.header.seat_kinds", "seat_kinds must be a list of four names")
HEADER_BUILDS = define("record.header.builds", "the rules or seats do not build a game ({why})",
                       why=MSG)
# a record line too long to be a game's (the other JSON refusals are game.engine.safejson's)
JSON_TOO_LONG = define("record.json.too_long", "longer than {n} bytes", n=INT)
# files that cannot be read
OS_MISSING = define("record.os.missing", "there is no such file")
OS_PERMISSION = define("record.os.permission", "permission denied")
OS_NOT_REGULAR = define("record.os.not_regular", "it is not a regular file (a folder or a pipe?)")
OS_TOO_LARGE = define("record.os.too_large", "it is larger than {n} MB", n=INT)
OS_OTHER = define("record.os.other", "{why}", why=TEXT)  # the system's own words
# rebuilding a hand (HandRecord.table) and checking a record (check_record)
NO_START = define("record.no_start", "hand {hand} has no hand start", hand=INT)
BAD_START = define("record.bad_start", "hand {hand}: bad hand start: {why}", hand=INT, why=MSG)
AT_LINE = define("record.at_line", "line {line}: {why}", line=INT, why=MSG)
IN_FILE = define("record.in_file", "{path}: {why}", path=TEXT, why=MSG)
CORRUPT = define("record.corrupt", "{path}: corrupt record: {why}", path=TEXT, why=MSG)
CHECK_OK = define("record.check_ok", "{path}: {n} hand replayed, every event identical",
                  plural="{path}: {n} hands replayed, every event identical", count="n",
                  path=TEXT, n=INT)
#: an error of another part that has no message of its own: its English, as it is
DETAIL = define("record.detail", "{error}: {text}", error=TEXT, text=TEXT)


def is_interruption(reason: Message | None) -> bool:
    """Does `reason` say only that the game was interrupted (a record cut off by a crash or a
    game left unfinished), not that the file is damaged?"""
    if reason is None:
        return False
    if reason.code == STOPPED.code:
        return reason["why"].code == CUT_OFF.code
    return reason.code == ENDS_INSIDE.code


def reason_of_error(e: BaseException) -> Message:
    """The message an error carries (`game.engine.error_words.message_of`), else its English."""
    m = message_of(e)
    return m if m is not None else DETAIL(error=type(e).__name__, text=_short(str(e), 200))


def os_reason(e: BaseException) -> Message:
    """Why a file cannot be read, as a message (the system's words when it is none of these)."""
    from game.engine.safejson import FileTooLarge, NotARegularFile

    if isinstance(e, FileTooLarge):
        return OS_TOO_LARGE(n=MAX_RECORD >> 20)
    if isinstance(e, (NotARegularFile, IsADirectoryError)):
        return OS_NOT_REGULAR()
    if isinstance(e, FileNotFoundError):
        return OS_MISSING()
    if isinstance(e, PermissionError):
        return OS_PERMISSION()
    return OS_OTHER(why=_short(getattr(e, "strerror", None) or str(e) or type(e).__name__, 200))


DATA_ENV = "KOREAN_MAHJONG_DATA_DIR"
APP_NAME = "korean-mahjong"
SUFFIX = ".jsonl"


def data_dir() -> Path:
    """``$KOREAN_MAHJONG_DATA_DIR`` or the platform's user data directory."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def records_dir() -> Path:
    """Where records live (not created here)."""
    return data_dir() / "records"


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.UTC)


class RecordWriter:
    """Writes one session's record as it is played, one flushed line at a time.

    Hook it into the table loop: ``session.new_hand(on_event=writer.on_event)`` and
    ``writer.on_action(hand, seat, action)`` for every submitted action (before or after the
    submit: the replay compares events by order), or let `submit` or `play` do both. `close`
    writes the session end if the session has ended. The file is never rewritten, and it never
    exists without its header: it is made with its first lines in it (`_create`), so a Ctrl+C
    at the start leaves no empty record.

    While it is open the writer holds the record's lock (`game.practice.locks`), taken before
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


#: a record or a temporary file this old (seconds) that no game holds is left over by a crash
LEFTOVER_AGE = 60.0
#: the temporary file a record is made from (`_create`): hidden, beside it
PART = ".part"


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


def sweep_empty_records(directory: str | Path | None = None, *, now: float | None = None,
                        age: float = LEFTOVER_AGE) -> list[Path]:
    """Remove what an interrupted start left behind: empty record files (a game stopped
    before its first line, a private game stopped in its first hand), `_create`'s and the
    summary index's temporary files, older than `age` seconds and held by no running game. A record with any
    byte in it is never touched: a damaged record is still the player's. Returns what was
    removed (never raises)."""
    import time

    from game.storage import sweep_temporaries

    from .locks import is_locked

    d = Path(directory) if directory is not None else records_dir()
    limit = (time.time() if now is None else now) - age
    removed: list[Path] = []
    sweep_temporaries(d)  # a summary index save that was killed (`list_records`)
    try:
        entries = list(os.scandir(d))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        part = name.startswith(".") and name.endswith(PART) and SUFFIX in name
        if not (part or name.endswith(SUFFIX)):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not entry.is_file(follow_symlinks=False) or st.st_mtime > limit:
                continue
            if not part and (st.st_size != 0 or is_locked(Path(entry.path))):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


# ---------------------------------------------------------------------------- reading
@dataclass
class HandRecord:
    """One hand of a record: its events and actions with their line numbers."""

    number: int
    events: list[tuple[int, Event]] = field(default_factory=list)
    actions: list[tuple[int, int, Action]] = field(default_factory=list)  # (line, seat, action)

    @property
    def start(self) -> HandStarted | None:
        for _, e in self.events:
            if isinstance(e, HandStarted):
                return e
        return None

    @property
    def end(self) -> HandEnded | None:
        for _, e in reversed(self.events):
            if isinstance(e, HandEnded):
                return e
        return None

    @property
    def finished(self) -> bool:
        return self.end is not None

    def player_at_seat(self) -> tuple[int, ...]:
        s = self.start
        return tuple(s.players) if s is not None else (0, 1, 2, 3)

    def table(self, actions: int | None = None) -> Table:
        """The hand's table rebuilt from its start after its first `actions` actions (all by
        default): for the replay viewer's hands and hints at any point
        (``hints(table.observation(seat), table.events)``). Raises `ReplayError` when the
        record does not rebuild."""
        return self.rebuild(actions).table

    def rebuild(self, actions: int | None = None, *, strict: bool = True,
                stop_when_over: bool = False) -> Rebuilt:
        """The engine's `rebuild_hand` of this hand from its start (see `table`); with
        ``strict=False`` it stops at a refused action and says why in ``error``."""
        s = self.start
        if s is None:
            raise ReplayError(NO_START(hand=self.number))
        try:
            t = start_table(s)
        except (MahjongError, ValueError, TypeError) as e:
            raise ReplayError(BAD_START(hand=self.number, why=reason_of_error(e))) from None
        try:
            return rebuild_hand(t, self.actions, upto=actions, strict=strict,
                                stop_when_over=stop_when_over)
        except RebuildError as e:
            raise ReplayError(AT_LINE(line=e.line, why=reason_of_error(e.cause))) from None


@dataclass
class Record:
    """A record read as far as it is valid. `reason` says where and why reading stopped (None
    when the whole file was read; `error` is its English, '' then); `complete` when the
    session end was reached."""

    path: Path
    header: dict[str, Any] | None
    hands: list[HandRecord] = field(default_factory=list)
    session_events: list[tuple[int, Event]] = field(default_factory=list)
    reason: Message | None = None
    error_line: int | None = None
    lines_read: int = 0
    #: seconds of play when the last valid line was written (its "t"; 0 when none says)
    played: float = 0.0

    @property
    def error(self) -> str:
        """Why reading stopped, in English ('' when the whole file was read)."""
        return "" if self.reason is None else str(self.reason)

    @property
    def ok(self) -> bool:
        return self.reason is None

    @property
    def complete(self) -> bool:
        return any(isinstance(e, SessionEnded) for _, e in self.session_events)

    @property
    def players(self) -> tuple[str, ...]:
        if self.header and isinstance(self.header.get("players"), list):
            return tuple(str(p) for p in self.header["players"])
        return ("P1", "P2", "P3", "P4")

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """What played each player ("human", "ai:expert", ...) when the writer was told."""
        k = (self.header or {}).get("seat_kinds")
        return tuple(str(x) for x in k) if isinstance(k, list) else ()

    @property
    def human(self) -> int | None:
        h = (self.header or {}).get("human")
        return h if isinstance(h, int) and 0 <= h < 4 else None

    @property
    def finished_hands(self) -> list[HandRecord]:
        return [h for h in self.hands if h.finished]

    def scores(self) -> tuple[int, ...]:
        """Per player: the session end's scores, else the sum of the finished hands."""
        for _, e in self.session_events:
            if isinstance(e, SessionEnded):
                return tuple(e.scores)
        return _sum_scores(self.finished_hands)

    def events(self) -> list[tuple[int, Event]]:
        """Every event in order with its hand number (0 = session events)."""
        out: list[tuple[int, Event]] = []
        starts = [(n, e) for n, e in self.session_events if isinstance(e, SessionStarted)]
        out.extend((0, e) for _, e in starts)
        for h in self.hands:
            out.extend((h.number, e) for _, e in h.events)
        out.extend((0, e) for _, e in self.session_events if isinstance(e, SessionEnded))
        return out


def _sum_scores(hands: Iterable[HandRecord]) -> tuple[int, ...]:
    scores = [0, 0, 0, 0]
    for h in hands:
        end = h.end
        if end is None:
            continue
        by_seat = h.player_at_seat()
        for s in range(4):
            scores[by_seat[s]] += end.payments[s]
    return tuple(scores)


def _int(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _ints(v: Any, lo: int, hi: int, n: int | None = None) -> bool:
    return isinstance(v, tuple) and (n is None or len(v) == n) and all(_int(x, lo, hi) for x in v)


_BIG = 10 ** 12


#: a record line longer than this is damage, not a game (the longest real line is a few KB)
MAX_LINE = 1 << 20
#: a record larger than this is not opened (a real session is well under 1 MB)
MAX_RECORD = 64 << 20


def header_problem(h: dict[str, Any]) -> Message | None:
    """Why a record header cannot start a game (None when it can): every field the readers use
    is checked for its type and range, and the rules and session must build from it.

    >>> header_problem({"type": "header", "format": 1, "seed": 3, "rules": {},
    ...                 "players": ["human", "ai", "ai", "ai"]}) is None
    True
    >>> why = header_problem({"type": "header", "format": 1, "seed": 3, "rules": {}, "players": ["a"]})
    >>> why.code, str(why)
    ('record.header.players', 'players must be a list of four names')
    """

    if h.get("format") != FORMAT:
        return HEADER_FORMAT(found=_short(h.get("format")), format=FORMAT)
    seed = h.get("seed")
    if not _int(seed, -_BIG * _BIG, _BIG * _BIG):
        return HEADER_SEED(value=_short(seed))
    players = h.get("players")
    if not (isinstance(players, list) and len(players) == 4
            and all(isinstance(p, str) and 0 < len(p) <= MAX_PLAYER_NAME for p in players)):
        return HEADER_PLAYERS()
    if not isinstance(h.get("rules"), dict):
        return HEADER_RULES()
    hands = h.get("hands")
    if hands is not None and not _int(hands, 1, 10_000):
        return HEADER_HANDS(value=_short(hands))
    sel = h.get("seat_selection", "dice")
    if not isinstance(sel, str) or len(sel) > 40:
        return HEADER_SELECTION(value=_short(sel))
    human = h.get("human")
    if human is not None and not _int(human, 0, 3):
        return HEADER_HUMAN(value=_short(human))
    for key in ("created", "continues"):
        if key in h and not isinstance(h[key], str):
            return HEADER_TEXT(key=key, value=_short(h[key]))
    kinds = h.get("seat_kinds")
    if kinds is not None and not (isinstance(kinds, list) and len(kinds) == 4
                                  and all(isinstance(k, str) for k in kinds)):
        return HEADER_SEAT_KINDS()
    return _builds(json.dumps(h["rules"], sort_keys=True), sel, hands)


@functools.lru_cache(maxsize=64)
def _builds(rules: str, seat_selection: str, hands: int | None) -> Message | None:
    """None when these rules and seats start a session, else why not (cached: thousands of
    records share a few rule sets)."""
    from game.engine.rules import RuleSet

    try:
        Session(RuleSet.from_dict(json.loads(rules)), 0, seat_selection=seat_selection, hands=hands)
    except Exception as e:  # noqa: BLE001 - any bad rule value is a bad header, never a crash
        m = message_of(e)
        return HEADER_BUILDS(why=m if m is not None else
                             DETAIL(error=type(e).__name__, text=_short(str(e), 120)))
    return None


def _short(v: Any, n: int = 40) -> str:
    """`v` for a reason: text as it is, anything else as Python writes it, at most `n` long."""
    text = v if isinstance(v, str) else repr(v)
    return text if len(text) <= n else text[:n] + "..."


def _read_line(raw: bytes) -> Any:
    if len(raw) > MAX_LINE:
        raise JsonInputError(JSON_TOO_LONG(n=MAX_LINE))
    return safe_loads(raw)


def load_record(path: str | Path) -> Record:
    """Read a record as far as it is valid; never raises on bad content, never writes.

    A line cut off by a crash, a line that is not JSON (or nests too deep, or holds a number
    too large), an unknown line or event, a header that cannot start a game, or hand numbers
    out of order stop the reading; everything before stays usable and `error` names the line.
    """
    path = Path(path)
    rec = Record(path, None)
    try:
        data = read_file(path, MAX_RECORD)  # never a pipe (it would block), never too much
    except (OSError, ValueError) as oerr:
        rec.reason = CANNOT_READ(path=str(path), why=os_reason(oerr))
        return rec
    raw_lines = data.split(b"\n")
    cut_last = bool(data) and not data.endswith(b"\n")
    current: HandRecord | None = None
    last_no = 0
    for no, raw in enumerate(raw_lines, 1):
        if no == len(raw_lines) and not raw:
            break  # the empty piece after the final newline
        if not raw.strip():
            continue

        def stop(why: Message, _no: int = no) -> None:
            rec.reason = STOPPED(line=_no, why=why, last=last_no)  # noqa: B023
            rec.error_line = _no

        try:
            line = _read_line(raw)
        except JsonInputError as jerr:
            if cut_last and no == len(raw_lines):
                stop(CUT_OFF())
            else:
                stop(reason_of_error(jerr))
            break
        if not isinstance(line, dict) or "type" not in line:
            stop(NOT_OBJECT())
            break
        if rec.header is None:
            if line["type"] != "header":
                stop(HEADER_FIRST())
                break
            problem = header_problem(line)
            if problem is not None:
                stop(problem if problem.code == HEADER_FORMAT.code else BAD_HEADER(why=problem))
                break
            rec.header = line
            last_no = no
            continue
        kind = line["type"]
        hand = line.get("hand")
        if kind not in ("action", "event") or not _int(hand, 0, _BIG):
            stop(UNKNOWN_LINE(type=_short(kind), hand=_short(hand)))
            break
        bad: Message | None = None
        try:
            if kind == "event":
                e = event_from_json(line.get("event"))  # checks each field's kind and range
            else:
                letter = line.get("seat")
                if letter not in ("E", "S", "W", "N"):
                    bad = BAD_SEAT(seat=_short(letter))
                else:
                    seat = SEAT_LETTERS.index(letter)
                    act = action_from_json(line.get("action"))
        except (MahjongError, ValueError, TypeError, KeyError) as err:
            carried = message_of(err)
            bad = carried if carried is not None else (BAD_EVENT if kind == "event" else BAD_ACTION)(
                detail=_short(str(err), 200))
        if bad is not None:
            stop(bad)
            break
        if hand == 0:
            if kind != "event" or not isinstance(e, (SessionStarted, SessionEnded)):
                stop(HAND_ZERO())
                break
            rec.session_events.append((no, e))
            current = None
        else:
            if current is None or current.number != hand:
                expected = rec.hands[-1].number + 1 if rec.hands else 1
                if hand != expected:
                    stop(HAND_ORDER(hand=hand, previous=expected - 1))
                    break
                if rec.hands and not rec.hands[-1].finished:
                    stop(HAND_OVERLAP(hand=hand, previous=rec.hands[-1].number))
                    break
                current = HandRecord(hand)
                rec.hands.append(current)
            if kind == "event":
                t = line.get("t")
                if isinstance(t, (int, float)) and not isinstance(t, bool) and 0 <= t < _BIG:
                    rec.played = max(rec.played, float(t))
                if not current.events and not isinstance(e, HandStarted):
                    stop(BEFORE_START(hand=hand, event=e.type))
                    break
                current.events.append((no, e))
            else:
                current.actions.append((no, seat, act))
        last_no = no
    rec.lines_read = last_no
    if rec.header is None and rec.reason is None:
        rec.reason = EMPTY(name=path.name)
        rec.error_line = 1
    elif rec.reason is None and rec.hands and not rec.hands[-1].finished:
        rec.reason = ENDS_INSIDE(line=last_no, hand=rec.hands[-1].number)
        rec.error_line = last_no
    return rec


@dataclass(frozen=True)
class CheckResult:
    """The outcome of replaying a record through the engine: `reason` says it (``record.*``
    kinds, or the engine's own reason); `message` is its English."""

    ok: bool
    reason: Message
    line: int | None = None
    hands: int = 0

    @property
    def message(self) -> str:
        return str(self.reason)


def check_record(path: str | Path) -> CheckResult:
    """Replay the record through the engine: does it rebuild the identical table?"""
    path = Path(path)
    rec = load_record(path)  # stricter about each line than the engine's reader
    if rec.reason is not None:
        return CheckResult(False, IN_FILE(path=str(path), why=rec.reason), rec.error_line)
    try:
        log = load_log(path)
        session = replay(log, str(path))
    except ReplayError as e:
        carried = message_of(e)
        no = carried.get("no") if carried is not None else None
        return CheckResult(False, carried if carried is not None else
                           DETAIL(error=type(e).__name__, text=_short(str(e), 300)),
                           no if isinstance(no, int) else None)
    except Exception as e:  # noqa: BLE001 - a corrupt record must never crash the game
        return CheckResult(False, CORRUPT(path=str(path), why=reason_of_error(e)))
    n = len(session.results)
    return CheckResult(True, CHECK_OK(path=str(path), n=n), None, n)


# ---------------------------------------------------------------------------- listing
@dataclass(frozen=True)
class RecordSummary:
    """One line of the records list."""

    path: Path
    created: _dt.datetime
    seed: int | None
    players: tuple[str, ...]
    human: int | None
    hands: int  # finished hands
    scores: tuple[int, ...]  # per player
    complete: bool
    error: str = ""  # why reading stopped, in English (see `reason`)
    seat_kinds: tuple[str, ...] = ()
    continues: str = ""  # the record this game continued
    continued_by: str = ""  # the record that continued this game
    live: bool = False  # a running game holds it
    reason: Message | None = None  # why reading stopped (None: the whole file was read)

    @property
    def name(self) -> str:
        return self.path.name


def _created(header: dict[str, Any] | None, path: Path) -> _dt.datetime:
    text = (header or {}).get("created")
    if isinstance(text, str):
        try:
            d = _dt.datetime.fromisoformat(text)
            return d if d.tzinfo else d.replace(tzinfo=_dt.UTC)
        except ValueError:
            pass
    try:
        return _dt.datetime.fromtimestamp(path.stat().st_mtime, _dt.UTC)
    except OSError:
        return _dt.datetime.fromtimestamp(0, _dt.UTC)


def record_created(header: dict[str, Any] | None, path: Path) -> _dt.datetime:
    """When a record's game started: its header's ``created``, else the file's time."""
    return _created(header, path)


def _summary(path: Path, continued_by: str = "") -> RecordSummary:
    from .locks import is_locked

    rec = load_record(path)
    h = rec.header or {}
    seed = h.get("seed") if isinstance(h.get("seed"), int) else None
    return RecordSummary(path, _created(rec.header, path), seed, rec.players, rec.human,
                         len(rec.finished_hands), rec.scores(), rec.complete, rec.error,
                         rec.seat_kinds, str(h.get("continues") or ""), continued_by,
                         is_locked(path), rec.reason)


@dataclass(frozen=True)
class RecordHead:
    """What the first and last lines of a record say, read without the lines between: enough
    for the title's Continue and for linking continued games (fast over thousands of files)."""

    path: Path
    mtime: float
    header: dict[str, Any] | None  # None: no valid header
    complete: bool  # the last line is the session end

    @property
    def continues(self) -> str:
        c = (self.header or {}).get("continues")
        return c if isinstance(c, str) else ""

    @property
    def human(self) -> int | None:
        h = (self.header or {}).get("human")
        return h if _int(h, 0, 3) else None


def peek_record(path: str | Path) -> RecordHead:
    """The header (validated) and whether the record ends with its session end, reading at
    most the first and the last few kilobytes. Never raises on bad content, never writes."""
    path = Path(path)
    try:
        st = path.stat()
        if not path.is_file():
            return RecordHead(path, 0.0, None, False)
        with open(path, "rb") as f:
            first = f.readline(MAX_LINE + 1)
            size = st.st_size
            f.seek(max(0, size - 4096))
            tail = f.read(4096)
    except OSError:
        return RecordHead(path, 0.0, None, False)
    header: dict[str, Any] | None = None
    try:
        line = _read_line(first)
        if isinstance(line, dict) and line.get("type") == "header" and header_problem(line) is None:
            header = line
    except JsonInputError:
        header = None
    complete = False
    last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    if tail.endswith(b"\n") and b'"session_end"' in last:
        try:
            obj = _read_line(last)
            complete = isinstance(obj, dict) and obj.get("type") == "event" and \
                isinstance(obj.get("event"), dict) and obj["event"].get("type") == "session_end"
        except JsonInputError:
            complete = False
    return RecordHead(path, st.st_mtime, header, complete)


def _newest_first(d: Path) -> list[Path]:
    """The record files in `d`, most recently written first (one directory scan, no reads)."""
    found: list[tuple[float, str, Path]] = []
    try:
        with os.scandir(d) as it:
            for entry in it:
                if not entry.name.endswith(SUFFIX):
                    continue
                try:
                    if entry.is_file():
                        found.append((entry.stat().st_mtime, entry.name, Path(entry.path)))
                except OSError:
                    continue
    except OSError:
        return []
    found.sort(reverse=True)
    return [p for _, _, p in found]


def scan_records(directory: str | Path | None = None) -> list[RecordHead]:
    """Every record's head, most recently written first (see `peek_record`)."""
    d = Path(directory) if directory is not None else records_dir()
    return [peek_record(p) for p in _newest_first(d)]


def is_continued(path: str | Path) -> bool:
    """Has a later record continued this one? Reads only the heads of records written after
    it (a continuation is always newer than what it continues)."""
    path = Path(path)
    for p in _newest_first(path.parent):
        if p.name == path.name:
            return False
        if peek_record(p).continues == path.name:
            return True
    return False


def continued_records(heads: Iterable[RecordHead]) -> dict[str, str]:
    """Record name -> the name of the record that continues it."""
    return {h.continues: h.path.name for h in heads if h.continues}


def list_records(directory: str | Path | None = None, limit: int | None = None, *,
                 include_continued: bool = False) -> list[RecordSummary]:
    """Every record, newest first, with date, players, finished hands and scores. A corrupt
    file is listed with its error (as far as it could be read), never skipped silently. A
    record that a later game continued is left out (the continuation holds the whole game
    from its start) unless `include_continued`. Only the newest `limit` records are looked
    at beyond their head.

    What a record says is kept in the folder's summary index (`SUMMARY_INDEX`), keyed by the
    file's name, size and modification time: a record is read again only when it changed, so
    the replays list opens without reading thousands of records. Whether a running game
    holds a record, and which record continues which, are worked out afresh each time."""
    from .locks import is_locked

    d = Path(directory) if directory is not None else records_dir()
    files = _files_newest_first(d)
    old = _read_index(d)
    rows: dict[str, dict[str, Any]] = {}
    changed = len(old) != len(files)
    for name, key in files:
        row = old.get(name)
        # a row is used only if it is the record's as it is now (the same size and time) and
        # well formed; anything else in the index is ignored and the record's head read
        if not isinstance(row, dict) or row.get("k") != key or not isinstance(row.get("c"), str):
            row = {"k": key, "c": peek_record(d / name).continues}
            changed = True
        rows[name] = row
    by = {row["c"]: name for name, row in rows.items() if row["c"]}
    keep = [name for name, _ in files if include_continued or name not in by]
    if limit is not None:
        keep = keep[:limit]
    out = []
    for name in keep:
        row, path = rows[name], d / name
        s = _summary_from_row(path, row.get("s"))
        if s is None:
            s = _summary(path)
            row["s"] = _summary_row(s)
            changed = True
        out.append(dataclasses.replace(s, continued_by=by.get(name, ""), live=is_locked(path)))
    if changed:
        _write_index(d, rows)
    out.sort(key=lambda s: (s.created, s.name), reverse=True)
    return out


# ---------------------------------------------------------------------------- summary index
#: the records folder's summary index: what each record says (its head's link, its summary),
#: keyed by the file's name, size and modification time (a changed record is read again)
SUMMARY_INDEX = ".summaries.json"
_INDEX_FORMAT = 1
_INDEX_MAX = 64 << 20


def _files_newest_first(d: Path) -> list[tuple[str, list[int]]]:
    """(name, [size, modification time in ns]) of each record file in `d`, most recently
    written first (one directory scan, no reads)."""
    found: list[tuple[int, str, list[int]]] = []
    try:
        with os.scandir(d) as it:
            for entry in it:
                if not entry.name.endswith(SUFFIX):
                    continue
                try:
                    if entry.is_file():
                        st = entry.stat()
                        found.append((st.st_mtime_ns, entry.name, [st.st_size, st.st_mtime_ns]))
                except OSError:
                    continue
    except OSError:
        return []
    found.sort(reverse=True)
    return [(name, key) for _, name, key in found]


def _read_index(d: Path) -> dict[str, Any]:
    """The summary index's rows by record name (each row is checked where it is used); a
    missing, damaged or hostile index is ignored: the records are read instead. Never
    raises."""
    from game.storage import read_json

    p = d / SUMMARY_INDEX
    try:
        if p.is_symlink():
            return {}
    except OSError:
        return {}
    found = read_json(p, _INDEX_MAX)
    v = found.value if found.ok else None
    if not isinstance(v, dict) or v.get("format") != _INDEX_FORMAT or \
            not isinstance(v.get("records"), dict):
        return {}
    return v["records"]


def _write_index(d: Path, rows: dict[str, dict[str, Any]]) -> None:
    """Keep the summary index (atomically, through `game.storage`); never through a symbolic
    link or over anything but a regular file, and a folder that cannot be written is fine:
    the list is read from the records next time."""
    from game.storage import write_json

    p = d / SUMMARY_INDEX
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        pass
    except OSError:
        return
    else:
        import stat as _stat

        if not _stat.S_ISREG(st.st_mode):
            return
    try:
        write_json(p, {"format": _INDEX_FORMAT, "records": rows}, indent=None,
                   make_folder=False)
    except (OSError, ValueError):
        return


def _summary_row(s: RecordSummary) -> dict[str, Any]:
    """What the index keeps of a summary (not `live` nor `continued_by`: they change without
    the record changing)."""
    return {"created": s.created.isoformat(), "seed": s.seed, "players": list(s.players),
            "human": s.human, "hands": s.hands, "scores": list(s.scores),
            "complete": s.complete, "seat_kinds": list(s.seat_kinds), "continues": s.continues,
            "reason": _message_row(s.reason)}


def _message_row(m: Message | None) -> dict[str, Any] | None:
    """A message as the index keeps it: its kind and arguments (the English is made again)."""
    if m is None:
        return None
    data = m.to_json()
    data.pop("text", None)
    return data


def _summary_from_row(path: Path, row: Any) -> RecordSummary | None:
    """The summary an index row keeps, or None when the row is not one (every field checked:
    the index is a file like any other)."""
    from game.engine.messages import MessageError, message_from_json

    if not isinstance(row, dict):
        return None
    try:
        created = _dt.datetime.fromisoformat(row["created"])
        seed, human, hands = row["seed"], row["human"], row["hands"]
        players, scores, kinds = row["players"], row["scores"], row["seat_kinds"]
        if created.tzinfo is None or not (seed is None or _int(seed, -_BIG * _BIG, _BIG * _BIG)) \
                or not (human is None or _int(human, 0, 3)) or not _int(hands, 0, _BIG) \
                or not (isinstance(players, list) and all(isinstance(x, str) for x in players)) \
                or not (isinstance(scores, list) and all(_int(x, -_BIG, _BIG) for x in scores)) \
                or not (isinstance(kinds, list) and all(isinstance(x, str) for x in kinds)) \
                or not isinstance(row["complete"], bool) or not isinstance(row["continues"], str):
            return None
        reason = None if row["reason"] is None else message_from_json(row["reason"])
    except (KeyError, TypeError, ValueError, MessageError, RecursionError):
        return None
    return RecordSummary(path, created, seed, tuple(players), human, hands, tuple(scores),
                         row["complete"], "" if reason is None else str(reason), tuple(kinds),
                         row["continues"], "", False, reason)


def find_unfinished(directory: str | Path | None = None, *, live: bool = False
                    ) -> RecordHead | None:
    """The record Continue offers: the most recent game with a human player, if its session
    did not end, no running game holds it (`locks.is_locked`) and no later record continues
    it. Reads only the records' first and last lines. With `live`, the most recent such game
    that a running game holds (to tell the player it is open in another window)."""
    from .locks import is_locked

    d = Path(directory) if directory is not None else records_dir()
    continued: set[str] = set()  # a game is continued only by a later record, seen before it
    for path in _newest_first(d):
        h = peek_record(path)
        if h.continues:
            continued.add(h.continues)
        if h.header is None or h.human is None:
            continue
        if h.path.name in continued:
            continue  # continued already
        if is_locked(h.path) != live:
            continue  # being played in another window (or, with `live`, not)
        return None if h.complete else h
    return None


#: the file a game's review is kept in, beside its record (`game.practice.game_review`)
REVIEW_SUFFIX = ".review.json"


def prune_records(older_than_days: float, directory: str | Path | None = None, *,
                  now: _dt.datetime | None = None) -> list[Path]:
    """Delete records created more than `older_than_days` days ago; returns what was deleted.
    A record a running game holds is never deleted."""
    from .locks import is_locked

    if older_than_days < 0:
        raise ValueError(f"older_than_days must be 0 or more, got {older_than_days!r}")
    limit = (now or _now()) - _dt.timedelta(days=older_than_days)
    removed = []
    for s in list_records(directory, include_continued=True):
        if s.created < limit and not is_locked(s.path):
            try:
                s.path.unlink()
                removed.append(s.path)
            except OSError:
                continue
            # what is kept beside a record goes with it: its review (`game_review.cache_path`)
            s.path.with_name(s.path.name + REVIEW_SUFFIX).unlink(missing_ok=True)
    return removed


# ---------------------------------------------------------------------------- transcript
def _tiles(ids: Iterable[int] | None) -> str:
    if ids is None:
        return "?"
    return format_tiles(sorted(kind_of_tile(t) for t in ids if t >= 0)) or "-"


def describe_event(e: Event, players: Sequence[str] | None = None) -> str:
    """One line for people, in English with tiles in notation (`event_message` in words).

    >>> from game.engine.events import Discarded, Drew
    >>> describe_event(Discarded(seat=1, tile=52, uper=True))
    'S discards 5p, declaring uper'
    >>> describe_event(Drew(seat=0, tile=100, position=3, replacement=True))
    'E draws 1f (replacement)'
    """
    return str(event_message(e, players))


def transcript(record: Record, *, actions: bool = False) -> list[str]:
    """The record for people, hand by hand and event by event (plain lines, no printing)."""
    out: list[str] = []
    h = record.header or {}
    players = record.players
    out.append(f"record {record.path.name}: created {h.get('created', '?')}, seed "
               f"{h.get('seed')}, players {', '.join(players)}")
    for _, e in record.session_events:
        if isinstance(e, SessionStarted):
            out.append(describe_event(e, players))
    for hand in record.hands:
        items: list[tuple[int, str]] = [(no, "  " + describe_event(e, players))
                                        for no, e in hand.events]
        if actions:
            items += [(no, f"    ({seat_name(s)} chooses {a!r})") for no, s, a in hand.actions]
        items.sort(key=lambda x: x[0])
        for i, (_, text) in enumerate(items):
            out.append(text.strip() if i == 0 else text)
    for _, e in record.session_events:
        if isinstance(e, SessionEnded):
            out.append(describe_event(e, players))
    if record.error:
        out.append(f"(stopped: {record.error})")
    return out
