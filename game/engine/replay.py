"""Save a session as JSON lines, load it back, and replay it to check it rebuilds identically.

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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action, action_from_json
from .driver import HandDriver
from .errors import MahjongError, ReplayError
from .events import Event, event_from_json
from .rules import RuleSet
from .session import Session, play_session
from .tiles import SEAT_LETTERS

FORMAT = 1


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
        raise ReplayError(f"cannot read log {path}: {e}") from e
    log: SessionLog | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as e:
            raise ReplayError(f"{path} line {no}: not valid JSON ({e.msg})") from None
        if not isinstance(data, dict) or "type" not in data:
            raise ReplayError(f"{path} line {no}: expected a JSON object with a 'type'")
        if log is None:
            if data["type"] != "header" or data.get("format") != FORMAT:
                raise ReplayError(f"{path} line {no}: expected a format-{FORMAT} header line")
            log = SessionLog(data)
            continue
        if data["type"] not in ("action", "event"):
            raise ReplayError(f"{path} line {no}: unknown line type {data['type']!r}")
        log.lines.append((no, data))
    if log is None:
        raise ReplayError(f"{path}: empty log (no header line)")
    return log


def replay(log: SessionLog, source: str = "log") -> Session:
    """Rebuild the session by re-submitting the actions; every event must match the log."""
    h = log.header
    try:
        rules = RuleSet.from_dict(h["rules"])
        session = Session(rules, int(h["seed"]), players=tuple(h["players"]),
                          seat_selection=h.get("seat_selection", "dice"), hands=h.get("hands"))
    except (KeyError, TypeError, ValueError, MahjongError) as e:
        raise ReplayError(f"{source} line 1: bad header: {e}") from None
    produced: list[Event] = list(session.events)
    expected: list[tuple[int, dict]] = []
    lines = log.lines
    i = 0
    last_no = 1

    def check_events() -> None:
        for k, (no, want) in enumerate(expected):
            if k >= len(produced):
                raise ReplayError(f"{source} line {no}: the replay produced no such event "
                                  f"(expected {want.get('type')})")
            got = produced[k].to_json()
            if _norm(got) != _norm(want):
                raise ReplayError(f"{source} line {no}: event differs on replay: logged {want}, "
                                  f"replayed {got}")

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
            raise ReplayError(f"{source} line {no}: hand {hand} starts before the last one ended")
        table = session.new_hand()
        referee = HandDriver(table, [None] * 4)  # every answer comes from the log
        if table.hand != hand:
            raise ReplayError(f"{source} line {no}: expected hand {table.hand}, the log has {hand}")
        while i < len(lines) and lines[i][1].get("hand") == hand:
            no, data = lines[i]
            last_no = no
            if data["type"] == "action":
                try:
                    seat = SEAT_LETTERS.index(data["seat"])
                    action = action_from_json(data["action"])
                    referee.answer(seat, action)
                except (KeyError, ValueError, MahjongError) as e:
                    raise ReplayError(f"{source} line {no}: {e}") from None
            else:
                if "event" not in data:
                    raise ReplayError(f"{source} line {no}: event line without 'event'")
                try:
                    event_from_json(data["event"])
                except MahjongError as e:
                    raise ReplayError(f"{source} line {no}: {e}") from None
                expected.append((no, data["event"]))
            i += 1
        if not table.is_over:
            raise ReplayError(f"{source} line {last_no}: log truncated: hand {hand} is not finished")
        session.finish_hand()
        produced = list(session.events)
    if session.hand_no and not session.finished and expected and \
            expected[-1][1].get("type") == "session_end":
        session.end()
        produced = list(session.events)
    check_events()
    if len(produced) != len(expected):
        raise ReplayError(f"{source} line {last_no}: log truncated: the replay has "
                          f"{len(produced)} events, the log {len(expected)}")
    return session


def _norm(d: Any) -> Any:
    """JSON round trip, so tuples and lists compare equal."""
    return json.loads(json.dumps(d))


def replay_file(path: str | Path) -> Session:
    return replay(load_log(path), str(path))
