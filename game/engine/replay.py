"""Save a session as JSON lines, load it back, and replay it to check it rebuilds identically;
rebuild one hand from its recorded actions (`rebuild_hand`, the one place that does it).

The log: a header line (seed, rules, players, seat selection), then one line per action
(``{"type": "action", "hand": n, "seat": "E", "action": {...}}``) and per event
(``{"type": "event", "hand": n, "event": {...}}``; hand 0 for session events). `replay`
re-submits the actions to fresh tables and checks every event is identical; a corrupt or
truncated log raises `ReplayError` naming the line.

>>> from game.engine.rules import RuleSet
>>> from game.engine.session import Session
>>> rec = Recorder(Session(RuleSet(), seed=3, hands=1))
>>> rec.header["seed"], rec.header["format"]
(3, 1)

Every reader of recorded actions (the session replay, a record's hands, the replay viewer, the
review, uper practice's undo, Continue at the table) rebuilds a hand with `rebuild_hand` /
`HandRebuild`: the actions go through the referee (`HandDriver`), so each is checked for
legality and listeners (a record writer) hear them as in play; an illegal one raises
`RebuildError` naming the hand and the step::

>>> from game.engine.table import Table
>>> t = Table(RuleSet(), seed=4)
>>> seat, d = next(iter(t.pending().items()))
>>> r = rebuild_hand(Table(RuleSet(), seed=4), [(seat, d.legal[0])])
>>> _ = t.submit(seat, d.legal[0])
>>> r.steps, len(r.counts), r.table.events == t.events
(1, 2, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action, action_from_json
from .driver import HandDriver
from .error_words import reason
from .errors import MahjongError, ReplayError
from .events import Event, HandStarted, event_from_json
from .messages import INT, MSG, TEXT, define
from .rules import RuleSet
from .session import Session, play_session
from .table import Table
from .tiles import SEAT_LETTERS

FORMAT = 1

# what is wrong with a log ({path} is its file, or "log"; {no} a line number, 1-based; the
# log's own values, which may be anything, as text)
UNREADABLE = define("replay.unreadable", "cannot read log {path}: {why}", path=TEXT, why=TEXT)
NOT_JSON = define("replay.not_json", "{path} line {no}: not valid JSON ({why})",
                  path=TEXT, no=INT, why=TEXT)
NOT_A_LINE = define("replay.not_a_line", "{path} line {no}: expected a JSON object with a 'type'",
                    path=TEXT, no=INT)
NO_HEADER = define("replay.no_header", "{path} line {no}: expected a format-{format} header line",
                   path=TEXT, no=INT, format=INT)
LINE_TYPE = define("replay.line_type", "{path} line {no}: unknown line type {type}",
                   path=TEXT, no=INT, type=TEXT)
EMPTY = define("replay.empty", "{path}: empty log (no header line)", path=TEXT)
BAD_HEADER = define("replay.bad_header", "{path} line {no}: bad header: {why}",
                    path=TEXT, no=INT, why=MSG)
NO_SUCH_EVENT = define("replay.no_such_event",
                       "{path} line {no}: the replay produced no such event (expected {type})",
                       path=TEXT, no=INT, type=TEXT)
EVENT_DIFFERS = define("replay.event_differs",
                       "{path} line {no}: event differs on replay: logged {logged}, "
                       "replayed {replayed}", path=TEXT, no=INT, logged=TEXT, replayed=TEXT)
HAND_OPEN = define("replay.hand_open",
                   "{path} line {no}: hand {hand} starts before the last one ended",
                   path=TEXT, no=INT, hand=TEXT)
HAND_NUMBER = define("replay.hand_number", "{path} line {no}: expected hand {want}, the log has "
                     "{got}", path=TEXT, no=INT, want=INT, got=TEXT)
BAD_LINE = define("replay.line", "{path} line {no}: {why}", path=TEXT, no=INT, why=MSG)
NO_EVENT = define("replay.no_event", "{path} line {no}: event line without 'event'",
                  path=TEXT, no=INT)
HAND_UNFINISHED = define("replay.hand_unfinished",
                         "{path} line {no}: log truncated: hand {hand} is not finished",
                         path=TEXT, no=INT, hand=INT)
STEP = define("replay.step", "hand {hand}, action {step}: {why}", hand=INT, step=INT, why=MSG)
TRUNCATED = define("replay.truncated", "{path} line {no}: log truncated: the replay has "
                   "{produced} events, the log {logged}", path=TEXT, no=INT, produced=INT,
                   logged=INT)


class RebuildError(ReplayError):
    """A recorded action the rebuilt table refuses: `hand` (its number), `step` (the action's
    index in the hand, 1-based), `line` (its line in the file, when the caller knows it),
    `cause` (the engine's own error) and `why` (its message)."""

    def __init__(self, hand: int, step: int, cause: BaseException, line: int | None = None):
        self.hand, self.step, self.cause, self.line = hand, step, cause, line
        self.why = reason(cause)
        super().__init__(STEP(hand=hand, step=step, why=self.why))


class HandRebuild:
    """A hand rebuilt from its recorded actions, one `play` at a time, through the referee.

    `table` is the hand's fresh table (as the session or a record's hand start deals it);
    `listeners` hear its events and actions as in play (a record writer: the new record gets
    the same lines). `counts[i]` is how many events the table holds after `i` actions
    (`counts[0]`: the deal), so a viewer finds the action after which an event had happened."""

    def __init__(self, table: Table, *, listeners: Sequence[Any] = ()):
        self.table = table
        self.referee = HandDriver(table, [None] * 4, listeners=listeners, observe=False)
        self.referee.step()  # the deal's events to the listeners, before any action
        self.steps = 0
        self.counts = [len(table.events)]

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    def play(self, seat: int, action: Action, *, line: int | None = None) -> list[Event]:
        """Play the next recorded action; one the table refuses raises `RebuildError` (hand,
        step, line) and changes nothing."""
        try:
            events = self.referee.answer(seat, action)
        except MahjongError as e:
            raise RebuildError(self.table.hand, self.steps + 1, e, line) from None
        self.steps += 1
        self.counts.append(len(self.table.events))
        return events


def start_table(start: HandStarted) -> Table:
    """The fresh table a recorded hand start deals again (its seed, wind, players, scores and
    rules); a start that does not build one raises the engine's error (`MahjongError`,
    `ValueError` or `TypeError` for a damaged record)."""
    return Table(RuleSet.from_dict(start.rules), start.seed if start.seed is not None else 0,
                 prevalent=start.prevalent, doubled=start.doubled, hand=start.hand,
                 players=start.players, scores=start.scores)


@dataclass
class Rebuilt:
    """What `rebuild_hand` made: the table after `steps` actions, the events after each
    (`counts`, as `HandRebuild.counts`) and, when told not to raise, why it stopped early
    (`error`, None when every asked action was played)."""

    table: Table
    steps: int
    counts: list[int]
    error: RebuildError | None = None


def rebuild_hand(table: Table, actions: Iterable[tuple[int, Action] | tuple[int, int, Action]],
                 *, upto: int | None = None, strict: bool = True, stop_when_over: bool = False,
                 listeners: Sequence[Any] = ()) -> Rebuilt:
    """Play a hand's recorded actions on its fresh `table`: each ``(seat, action)``, or
    ``(line, seat, action)`` as a record holds them (the line goes into the error).

    `upto` stops after that many actions (the table at any stop point); `stop_when_over`
    ignores actions after the hand's end (a record may carry answers the end made moot);
    `strict` raises `RebuildError` at the first refused action, else the rebuild stops there
    and says why in `Rebuilt.error` (Continue and the viewer keep what rebuilt)."""
    r = HandRebuild(table, listeners=listeners)
    error: RebuildError | None = None
    for i, item in enumerate(actions):
        if upto is not None and i >= upto:
            break
        if stop_when_over and r.is_over:
            break
        line = item[0] if len(item) == 3 else None
        seat, action = item[-2], item[-1]
        try:
            r.play(seat, action, line=line)
        except RebuildError as e:
            if strict:
                raise
            error = e
            break
    return Rebuilt(table, r.steps, r.counts, error)


@dataclass
class SessionLog:
    """A loaded log: the header and the lines after it, with their line numbers (1-based)."""

    header: dict[str, Any]
    lines: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


class Recorder:
    """Collects the header, actions and events of a session for `save`.

    Use `play(players)` (or pass `on_action` yourself) so every action is recorded."""

    def __init__(self, session: Session):
        self.session = session
        self.header = {"type": "header", "format": FORMAT, "seed": session.seed,
                       "rules": session.rules.to_dict(), "players": list(session.players),
                       "seat_selection": session.seat_selection, "hands": session.hand_limit}
        self.actions: list[tuple[int, int, Action]] = []

    def on_action(self, hand: int, seat: int, action: Action) -> None:
        self.actions.append((hand, seat, action))

    def play(self, players: Sequence[Any], **kw: Any) -> Session:
        return play_session(self.session, players, on_action=self.on_action, **kw)

    def lines(self) -> list[dict[str, Any]]:
        """The log lines in order: header, then per hand its actions and events interleaved
        as they happened is not needed; actions of a hand come before its events."""
        out: list[dict[str, Any]] = [self.header]
        by_hand: dict[int, list[dict[str, Any]]] = {}
        for hand, seat, action in self.actions:
            by_hand.setdefault(hand, []).append(
                {"type": "action", "hand": hand, "seat": SEAT_LETTERS[seat],
                 "action": action.to_json()})
        hand = 0
        for e in self.session.events:
            if e.type == "hand_start":
                hand = e.hand  # type: ignore[union-attr]
                out.extend(by_hand.get(hand, []))
            elif e.type == "session_end":
                hand = 0
            out.append({"type": "event", "hand": hand, "event": e.to_json()})
        return out

    def save(self, path: str | Path) -> None:
        save_lines(path, self.lines())


def dump_line(line: dict[str, Any]) -> str:
    """One log line as written: compact JSON, Korean kept, a newline at the end."""
    return json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"


def save_lines(path: str | Path, lines: Iterable[dict[str, Any]]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(dump_line(line) for line in lines)


def load_log(path: str | Path) -> SessionLog:
    """Read a log; a line that is not JSON, or a bad header, raises ReplayError with its number."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ReplayError(UNREADABLE(path=str(path), why=str(e))) from e
    log: SessionLog | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as e:
            raise ReplayError(NOT_JSON(path=str(path), no=no, why=e.msg)) from None
        if not isinstance(data, dict) or "type" not in data:
            raise ReplayError(NOT_A_LINE(path=str(path), no=no))
        if log is None:
            if data["type"] != "header" or data.get("format") != FORMAT:
                raise ReplayError(NO_HEADER(path=str(path), no=no, format=FORMAT))
            log = SessionLog(data)
            continue
        if data["type"] not in ("action", "event"):
            raise ReplayError(LINE_TYPE(path=str(path), no=no, type=repr(data["type"])))
        log.lines.append((no, data))
    if log is None:
        raise ReplayError(EMPTY(path=str(path)))
    return log


def replay(log: SessionLog, source: str = "log") -> Session:
    """Rebuild the session by re-submitting the actions; every event must match the log."""
    h = log.header
    source = str(source)
    try:
        rules = RuleSet.from_dict(h["rules"])
        session = Session(rules, int(h["seed"]), players=tuple(h["players"]),
                          seat_selection=h.get("seat_selection", "dice"), hands=h.get("hands"))
    except (KeyError, TypeError, ValueError, MahjongError) as e:
        raise ReplayError(BAD_HEADER(path=source, no=1, why=reason(e))) from None
    produced: list[Event] = list(session.events)
    expected: list[tuple[int, dict]] = []
    lines = log.lines
    i = 0
    last_no = 1

    def check_events() -> None:
        for k, (no, want) in enumerate(expected):
            if k >= len(produced):
                raise ReplayError(NO_SUCH_EVENT(path=source, no=no, type=str(want.get("type"))))
            got = produced[k].to_json()
            if _norm(got) != _norm(want):
                raise ReplayError(EVENT_DIFFERS(path=source, no=no, logged=str(want),
                                                replayed=str(got)))

    # the session-start event(s) come first
    while i < len(lines) and lines[i][1]["type"] == "event" and lines[i][1].get("hand") == 0:
        expected.append((lines[i][0], lines[i][1]["event"]))
        last_no = lines[i][0]
        i += 1
    while i < len(lines):
        no, data = lines[i]
        hand = data.get("hand")
        if hand == 0:  # session end
            expected.append((no, data["event"]))
            last_no = no
            i += 1
            continue
        if session.table is not None:
            raise ReplayError(HAND_OPEN(path=source, no=no, hand=str(hand)))
        table = session.new_hand()
        rebuild = HandRebuild(table)  # every answer comes from the log
        if table.hand != hand:
            raise ReplayError(HAND_NUMBER(path=source, no=no, want=table.hand, got=str(hand)))
        while i < len(lines) and lines[i][1].get("hand") == hand:
            no, data = lines[i]
            last_no = no
            if data["type"] == "action":
                try:
                    seat = SEAT_LETTERS.index(data["seat"])
                    action = action_from_json(data["action"])
                    rebuild.play(seat, action, line=no)
                except RebuildError as e:
                    raise ReplayError(BAD_LINE(path=source, no=no, why=e.why)) from None
                except (KeyError, ValueError, MahjongError) as e:
                    raise ReplayError(BAD_LINE(path=source, no=no, why=reason(e))) from None
            else:
                if "event" not in data:
                    raise ReplayError(NO_EVENT(path=source, no=no))
                try:
                    event_from_json(data["event"])
                except MahjongError as e:
                    raise ReplayError(BAD_LINE(path=source, no=no, why=reason(e))) from None
                expected.append((no, data["event"]))
            i += 1
        if not table.is_over:
            raise ReplayError(HAND_UNFINISHED(path=source, no=last_no, hand=table.hand))
        session.finish_hand()
        produced = list(session.events)
    if session.hand_no and not session.finished and expected and \
            expected[-1][1].get("type") == "session_end":
        session.end()
        produced = list(session.events)
    check_events()
    if len(produced) != len(expected):
        raise ReplayError(TRUNCATED(path=source, no=last_no, produced=len(produced),
                                    logged=len(expected)))
    return session


def _norm(d: Any) -> Any:
    """JSON round trip, so tuples and lists compare equal."""
    return json.loads(json.dumps(d))


def replay_file(path: str | Path) -> Session:
    return replay(load_log(path), str(path))
