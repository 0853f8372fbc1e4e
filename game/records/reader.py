"""The record reader: a record file read safely into its header, hands, events and actions.

`load_record` opens any file as far as it is valid and says why it stops (it never raises on
bad content and never writes); each event's fields are checked by the engine's reader
(`game.engine.events.event_from_json`); `HandRecord.table` rebuilds a hand at any point with
the engine's `rebuild_hand`; `check_record` replays the whole record through the engine
(``korean-mahjong replay FILE --check``).

>>> import tempfile
>>> from game.engine.rules import RuleSet
>>> from ai.random_seat import RandomSeat
>>> from game.engine.session import Session
>>> from game.records.writer import RecordWriter
>>> w = RecordWriter(Session(RuleSet(), seed=5, hands=1), directory=tempfile.mkdtemp())
>>> _ = w.play([RandomSeat(i) for i in range(4)])
>>> rec = load_record(w.path)
>>> rec.ok, rec.complete, len(rec.hands), check_record(w.path).ok
(True, True, 1, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
from game.engine.messages import Message
from game.engine.replay import (
    RebuildError,
    Rebuilt,
    load_log,
    rebuild_hand,
    replay,
    start_table,
)
from game.engine.safejson import JsonInputError, read_file
from game.engine.safejson import loads as safe_loads
from game.engine.table import Table
from game.engine.tiles import SEAT_LETTERS

from .core import (
    _BIG,
    AT_LINE,
    BAD_ACTION,
    BAD_EVENT,
    BAD_HEADER,
    BAD_SEAT,
    BAD_START,
    BEFORE_START,
    CANNOT_READ,
    CHECK_OK,
    CORRUPT,
    CUT_OFF,
    DETAIL,
    EMPTY,
    ENDS_INSIDE,
    HAND_ORDER,
    HAND_OVERLAP,
    HAND_ZERO,
    HEADER_FIRST,
    HEADER_FORMAT,
    IN_FILE,
    JSON_TOO_LONG,
    MAX_LINE,
    MAX_RECORD,
    NO_START,
    NOT_OBJECT,
    STOPPED,
    UNKNOWN_LINE,
    _int,
    _short,
    header_problem,
    os_reason,
    reason_of_error,
)


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


