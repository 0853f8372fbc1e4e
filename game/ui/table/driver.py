"""The table screen's driver: the session played, the computer seats asked, everything recorded.

    driver = TableDriver(session, ["human", "ai:standard", "greedy", "random"], human=0,
                         seed=7, record=True)
    driver.listen(director)                # hears every event from now on (the screen's director)
    table = driver.start_hand()
    waiting = driver.step()                # the seats see the new events; who must decide now
    driver.ask(seat, waiting[seat])        # a computer seat decides (in a worker thread)
    driver.collect()                       # ... its answer is played once it is ready
    driver.submit(seat, action)            # the human's action, recorded

Each hand is run by the engine's referee, `game.engine.driver.HandDriver` (`hand`): every seat
is answered later (the screen paces them all), the computer seats still observe through it, and
the record (`game.records.RecordWriter`) is one of its listeners, and so is whatever
the screen subscribed with `listen` (the `game.ui.director.Director`). The screen decides
*when* (after the animations, after the thinking delay) and shows what happened; this class
decides nothing about the rules (the engine's `Table` does) and imports no pygame. The screen
plays through `start_hand`, `step`, `ask`, `collect`, `submit`, `finish_hand`, `end_session`,
`rebuild` (Continue) and `close`.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

from game.engine.actions import Action
from game.engine.driver import HandDriver
from game.engine.replay import rebuild_hand
from game.engine.session import Session
from game.engine.table import Decision, Table

from .resume import Resume


def make_players(names: list[str], seed: int, budget_ms: int | None = None) -> list[Any]:
    """Seat objects for the computer players (None for the human), seeded from the session;
    `budget_ms`: the thinking time of a seat that searches (the settings' master_budget_ms)."""
    from ai.registry import HUMAN, make_seat

    return [None if n == HUMAN else make_seat(n, seed=seed * 4 + i, budget_ms=budget_ms)
            for i, n in enumerate(names)]


class EndOfRecord(Exception):
    """A replayed record has no further action (it was interrupted)."""


class ScriptedSeat:
    """Plays back a record's actions (the replay viewer): ``actions[(hand, seat)]`` in order."""

    name = "record"

    def __init__(self, actions: dict[tuple[int, int], list[Action]]) -> None:
        self.actions = actions
        self.hand = 0

    def observe(self, event: Any) -> None:
        if getattr(event, "type", "") == "hand_start":
            self.hand = event.hand

    def act(self, decision: Decision) -> Action:
        queue = self.actions.get((self.hand, decision.seat))
        if not queue:
            raise EndOfRecord(f"the record has no action of seat {decision.seat} in hand {self.hand}")
        action = queue.pop(0)
        if action not in decision.legal:  # a damaged record (a line lost or changed)
            raise EndOfRecord(f"the record's next action of seat {decision.seat} ({action!r}) "
                              "is not legal here")
        return action


def scripted_seats(replay: Resume) -> list[Any]:
    """Four seats playing a record's actions back."""
    script: dict[tuple[int, int], list[Action]] = {}
    for n, actions in enumerate(replay.actions, 1):
        for seat, action in actions:
            script.setdefault((n, seat), []).append(action)
    return [ScriptedSeat(script) for _ in range(4)]


class Thinking:
    """A computer seat deciding in a worker thread, so that no decision (ai:expert plays out
    positions) stalls a frame. It reads the `Decision` itself: a snapshot of the seat's
    view, never the live table (the engine stays single-threaded); the main thread plays the
    answer once `done` is set, if that decision is still open."""

    def __init__(self, seat: int, decision: Decision, player: Any) -> None:
        self.seat, self.decision = seat, decision
        self.action: Action | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(player, decision), daemon=True,
                                       name=f"ai-seat-{seat}")
        self.thread.start()

    def _run(self, player: Any, decision: Decision) -> None:
        try:
            self.action = player.act(decision)
        except BaseException as e:  # noqa: BLE001 - handed to the main thread, raised there
            self.error = e
        finally:
            self.done.set()


class TableDriver:
    """Plays a `Session` for the table screen: one hand at a time (`hand`, the engine's
    `HandDriver`, and its `table`), the computer seats (`seats`, by player; None for the
    human) and the record (`writer`).

    `human` is the human's player number (None: nobody plays by hand). `record` keeps a record
    of the game (`game.records`), `continues` (Continue) names the record this game
    continues and holds its lock, `replay` plays a record's actions back instead of asking
    seats. `threaded`: computer seats decide in a worker thread (False: at once, in `ask`).
    `on_end` is called when a replayed record has no further action (`ended`). `budget_ms`:
    the thinking time of an ``ai:master`` seat (None: its default).
    """

    def __init__(self, session: Session, names: list[str], *, seed: int, human: int | None,
                 record: bool = False, continues: Resume | None = None,
                 replay: Resume | None = None, threaded: bool = True,
                 on_end: Callable[[], None] | None = None,
                 clock: Callable[[], float] | None = None,
                 budget_ms: int | None = None) -> None:
        self.session = session
        self.clock = clock  # the table's play clock, written into the record
        self.names = list(names)
        self.human = human
        self.scripted = replay is not None
        self.seats: list[Any] = scripted_seats(replay) if replay is not None else make_players(
            self.names, seed, budget_ms)
        self.threaded = threaded
        self.on_end = on_end
        self.hand: HandDriver | None = None
        self.thinking: Thinking | None = None
        self.ended = False  # a replayed record ran out of actions
        self.seats_closed = False
        self.source_lock: Any = continues.lock if continues is not None else None
        self.writer: Any = None
        self.record_note = ""  # why the record could not be started
        #: who hears the events besides the record (`listen`): every hand's referee tells them
        self.listeners: list[Any] = []
        if record:
            self._open_record(continues)

    def _open_record(self, continues: Resume | None) -> None:
        from .resume import records_module

        rec_mod = records_module()
        if rec_mod is None:
            return
        from ai.registry import is_external

        external = any(is_external(n) for n in self.names)  # its live hand stays in memory
        try:
            self.writer = rec_mod.RecordWriter(
                self.session, human=self.human, seat_kinds=self.names,
                continues=continues.path if continues is not None else None, private=external,
                clock=self.clock)
        except OSError as e:
            self.writer = None
            self.record_note = str(e.strerror or e)

    # --- hands ------------------------------------------------------------------------------------
    @property
    def table(self) -> Table | None:
        """The hand being played (None before the first)."""
        return self.hand.table if self.hand is not None else None

    def listen(self, listener: Any) -> None:
        """`listener` (an ``on_event(table, event)``, as `HandDriver`'s listeners have) hears
        every event from now on, once and in order: first the story so far from where a
        screen starts it (the hand in progress from its first event, e.g. after `rebuild`;
        before any hand, the session's opening: the seat selection), then each event as the
        referee plays it, hand after hand."""
        self.listeners.append(listener)
        table = self.table
        for e in (table.events if table is not None else self.session.events):
            listener.on_event(table, e)

    def _listeners(self, *, screen: bool = True) -> list[Any]:
        """The record, then the listeners of `listen` (unless `screen` is False)."""
        return ([self.writer] if self.writer is not None else []) + (
            self.listeners if screen else [])

    def _referee(self, table: Table, *, observe: bool = True, screen: bool = True) -> HandDriver:
        """The engine's referee for `table`: every seat answered later (the screen paces them),
        the computer seats observing, the record and the screen listening."""
        return HandDriver(table, [self.seats[p] for p in table.players], later=range(4),
                          listeners=self._listeners(screen=screen), observe=observe)

    def start_hand(self) -> Table:
        """Deal the session's next hand (its first events are recorded and shown to the seats)."""
        self.hand = self._referee(self.session.new_hand())
        self.hand.step()
        return self.hand.table

    def step(self) -> dict[int, Decision]:
        """Show the computer seats every new event (their own view of it) and return the
        decisions open now, by seat (empty: no hand, or it is over)."""
        return self.hand.step() if self.hand is not None else {}

    def finish_hand(self) -> None:
        """The hand is over and shown: the seats see its end, the session books it."""
        self.step()
        self.session.finish_hand()

    def end_session(self) -> None:
        """The last hand is booked: the session ends, the record closes."""
        if not self.session.finished:
            end = self.session.end()
            for x in self.listeners:
                x.on_event(self.table, end)
        self.close_record()

    def rebuild(self, resume: Resume) -> None:
        """Play a record's hands again through the referee (Continue), up to the hand in
        progress; the new record gets the same lines. The computer seats see only the hand in
        progress, from its first event, at the next `step`."""
        table: Table | None = None
        for n, actions in enumerate(resume.actions, 1):
            # the engine's one rebuild, the record listening (not the screen: it is shown the
            # hand in progress from its first event); a refused action ends the hand there
            table = rebuild_hand(self.session.new_hand(), actions, strict=False,
                                 stop_when_over=True,
                                 listeners=self._listeners(screen=False)).table
            if table.is_over and n < len(resume.actions):
                self.session.finish_hand()
        if table is None:
            self.start_hand()
            return
        self.hand = HandDriver(table, [self.seats[p] for p in table.players], later=range(4),
                               listeners=self._listeners(), seen=0, heard=len(table.events))
        # the continued record stays as it is: the new one names it in its header
        # ("continues"), so the lists count the game once and Continue offers the new one

    # --- actions ----------------------------------------------------------------------------------
    def submit(self, seat: int, action: Action) -> None:
        """Play an action through the referee (recorded); an illegal one raises
        `IllegalActionError` and nothing changes."""
        assert self.hand is not None
        self.hand.answer(seat, action)

    @property
    def busy(self) -> bool:
        """A computer seat is thinking (its seat object is busy: no events are fed to it)."""
        return self.thinking is not None

    def ask(self, seat: int, decision: Decision) -> None:
        """The computer seat at `seat` decides: in a worker thread (`threaded`, see `Thinking`;
        `collect` plays the answer), or here and now."""
        assert self.hand is not None
        player = self.seats[self.hand.table.players[seat]]
        if self.threaded and not self.scripted:
            # the worker reads the decision, a snapshot: only this thread touches the table,
            # and the human may act while the computer thinks
            self.thinking = Thinking(seat, decision, player)
            return
        try:
            action = player.act(decision)
        except EndOfRecord:
            self._end()
            return
        self.submit(seat, action)

    def collect(self) -> bool:
        """Play a finished worker's answer (if its decision is still open); False while it
        is still thinking."""
        job = self.thinking
        if job is None:
            return True
        if not job.done.is_set():
            return False
        self.thinking = None
        if isinstance(job.error, EndOfRecord):
            self._end()
            return True
        if job.error is not None:
            raise job.error
        hand = self.hand
        if hand is not None and hand.waiting().get(job.seat) is job.decision:
            self.submit(job.seat, job.action)  # type: ignore[arg-type]
        return True

    def _end(self) -> None:
        self.ended = True
        if self.on_end is not None:
            self.on_end()

    # --- the record and the seats -----------------------------------------------------------------
    def recording_problem(self) -> tuple[str, int | None]:
        """Why the record is not written (a full disk, a folder refused) and the system's error
        number, or ``("", None)``."""
        why = (self.writer.failed if self.writer is not None else "") or self.record_note
        return why, (self.writer.failed_errno if self.writer is not None else None)

    def close_record(self) -> None:
        """Close the record (a finished or a left game) and give the continued one back."""
        if self.writer is not None:
            self.writer.close()
        self._release_source()

    def _release_source(self) -> None:
        if self.source_lock is not None:
            self.source_lock.release()
            self.source_lock = None

    def close_seats(self) -> None:
        """Close every computer seat that can be closed (a ``cmd:`` seat's external program
        ends). Idempotent."""
        if self.seats_closed:
            return
        self.seats_closed = True
        job = self.thinking
        if job is not None:
            job.done.wait(0.5)  # let a worker finish its answer; a slow program is closed anyway
            self.thinking = None
        for seat in self.seats:
            close = getattr(seat, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):  # leaving the table never fails on a seat
                    close()

    def close(self) -> None:
        """The table leaves: the record and the seats close."""
        self.close_record()
        self.close_seats()

    def abandon(self) -> None:
        """This game will not be played (its set-up failed): delete its own new record, give
        the continued record back, close the seats. The record it continues is not touched."""
        if self.writer is not None:
            self.writer.discard()
            self.writer = None
        self._release_source()
        self.close_seats()
