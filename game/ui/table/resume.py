"""Continue and replays: a session rebuilt from its record.

`claim_unfinished` takes the record Continue offers (locked, re-checked, read); `Resume` holds
what the table needs to rebuild the session (the header and each hand's actions), which
`game.ui.table.driver.TableDriver.rebuild` plays again. `has_saved_session` is the title's
question, answered from the records' first and last lines only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.errors import MahjongError


def records_module() -> Any:
    """`game.records`, or None in a build without it."""
    try:
        from game import records
    except ImportError:  # pragma: no cover - the records module is part of the game
        return None
    return records


def has_saved_session() -> bool:
    """True when "continue" has a session to resume (the title screen asks; reads only the
    records' first and last lines, so it is fast with thousands of records)."""
    rec_mod = records_module()
    try:
        return rec_mod is not None and rec_mod.find_unfinished() is not None
    except (OSError, MahjongError, ValueError):
        return False


def live_unfinished() -> bool:
    """True when the game to continue is being played in another window now."""
    rec_mod = records_module()
    return rec_mod is not None and rec_mod.find_unfinished(live=True) is not None


@dataclass
class Resume:
    """How to rebuild a session from its record: its header and the actions of each hand.
    `lock` (Continue only) holds the source record while the continued game runs.

    A record is data anyone can write, and its header names its players: a ``cmd:`` name is a
    command line, a ``python:`` name a module to import. So `seat_names` gives such a seat to a
    computer player (`REPLACEMENT`) unless `trusted` says the player confirmed on screen, seeing
    the exact command (`game.ui.scenes.table.continue_game`), that it may start again."""

    header: dict[str, Any]
    actions: list[list[tuple[int, Action]]]  # per hand (1-based order), (seat, action)
    path: Any = None
    lock: Any = None
    played: float = 0.0  # seconds the game had been played (the table's clock goes on from it)
    trusted: bool = False  # the player said yes to starting the record's programs again

    def external(self) -> list[tuple[int, str]]:
        """The players the record names as programs or code (``cmd:``/``python:``), as
        (player number, name): what continuing with them would start."""
        from ai.registry import is_external

        players = self.header.get("players")
        if not isinstance(players, list):
            return []
        return [(i, str(p)) for i, p in enumerate(players) if is_external(str(p))]

    def seat_names(self) -> list[str]:
        """The players who sit at the continued table: the record's, with each program or code
        seat played by `REPLACEMENT` unless `trusted`."""
        players = [str(p) for p in self.header["players"]]
        if not self.trusted:
            for i, _ in self.external():
                players[i] = REPLACEMENT
        return players


#: who plays a record's program seat when the player does not start the program again
REPLACEMENT = "ai:standard"


def resume_from_record(rec: Any, lock: Any = None) -> Resume:
    return Resume(rec.header, [[(s, a) for _, s, a in h.actions] for h in rec.hands], rec.path,
                  lock, float(getattr(rec, "played", 0.0)))


class ContinueError(Exception):
    """Continue cannot start; the argument is the UI text key saying why, or the record's
    reason (a `game.engine.messages.Message`: why it cannot be read)."""


def claim_unfinished() -> Resume | None:
    """Take the record Continue offers for this game: lock it, re-check under the lock that no
    other game continued it meanwhile, read it. None when there is nothing to continue;
    `ContinueError` when another window holds it."""
    rec_mod = records_module()
    if rec_mod is None:
        return None
    head = rec_mod.find_unfinished()
    if head is None:
        return None
    return claim_record(head.path)


def claim_record(path: Any) -> Resume:
    """Take one record to continue (the title's offer, or a game chosen in the replays list):
    lock it, re-check under the lock that no other game continued it, read it. `ContinueError`
    says why it cannot be continued (another window holds it, it was continued, it ended)."""
    from game.records.locks import RecordLock

    rec_mod = records_module()
    head = rec_mod.peek_record(path)
    if head.header is not None and (head.complete or head.human is None):
        raise ContinueError("table.continue_finished")
    lock = RecordLock.acquire(head.path)
    if lock is None:
        raise ContinueError("table.continue_live")
    try:
        if rec_mod.is_continued(head.path):
            raise ContinueError("table.continue_taken")
        rec = rec_mod.load_record(head.path)
        if rec.header is None:  # a damaged header: reading stopped at once (rec.reason says why)
            raise ContinueError(rec.reason if rec.reason is not None else "table.nothing_to_continue")
        return resume_from_record(rec, lock)
    except BaseException:
        lock.release()
        raise
