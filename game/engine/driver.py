"""The referee of one hand: it feeds the events, asks the seats and submits (one loop for all).

Seats that answer at once are objects with ``act(decision) -> Action`` (and optionally
``observe(event)``, which receives every event as that seat sees it: `Event.visible_to`).
`run` plays the hand to its end with them::

    >>> from game.engine.rules import RuleSet
    >>> from game.engine.table import Table
    >>> class First:
    ...     def act(self, decision):
    ...         return decision.legal[-1]
    >>> HandDriver(Table(RuleSet(), seed=4), [First()] * 4).run().reason
    'exhaustive'

A seat whose answer arrives later (the human at the screen, a computer seat thinking on a
thread) is ``None`` in `seats`, or named in `later` (its object still observes). The driver is
then stepped: `step` asks every seat that answers at once and returns the decisions it still
waits for (empty when the hand is over); `answer` brings one in::

    >>> d = HandDriver(Table(RuleSet(), seed=4), [None, First(), First(), First()])
    >>> waiting = d.step()
    >>> list(waiting), waiting[0].kind
    ([0], 'turn')
    >>> events = d.answer(0, waiting[0].legal[-1])
    >>> sorted(d.step()) == [0] or d.is_over
    True

Listeners hear everything: ``on_action(hand, seat, action)`` for each legal action, before it is
played (so a log keeps it even if the engine then fails) and ``on_event(table, event)`` for every
event of the hand, unhidden, from the first (a `game.records.RecordWriter` is a listener as
it is). Seats are fed only in `step`, before they are asked; a pending decision is never answered by
an event, so a seat thinking on a thread is never fed while it thinks (events come only once every
pending decision is answered). The driver decides nothing itself: the order in which seats are asked
does not change any event (claim answers stay hidden until all are in).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

from .actions import Action
from .errors import IllegalActionError
from .events import Event
from .table import Decision, HandResult, Table

__all__ = ["ActionHook", "ActionLog", "HandDriver", "Listener", "ignores_events"]


def ignores_events(observe: Callable[[Any, Event], None]) -> Callable[[Any, Event], None]:
    """Marks a seat's `observe` that does nothing: the driver then does not build the seat's
    view of every event (a seat class that overrides it is fed as usual)."""
    observe.ignores_events = True  # type: ignore[attr-defined]
    return observe


class Listener(Protocol):
    """What a listener may implement (both are optional)."""

    def on_event(self, table: Table, event: Event) -> None: ...

    def on_action(self, hand: int, seat: int, action: Action) -> None: ...


class ActionHook:
    """A listener made of an ``(seat, action)`` callback (the old ``on_action`` of `play_hand`)."""

    def __init__(self, fn: Callable[[int, Action], None]):
        self.fn = fn

    def on_action(self, hand: int, seat: int, action: Action) -> None:
        self.fn(seat, action)


class ActionLog:
    """A listener that keeps every ``(seat, action)`` played, in order (to rebuild the table)."""

    def __init__(self, actions: Sequence[tuple[int, Action]] = ()):
        self.actions: list[tuple[int, Action]] = list(actions)

    def on_action(self, hand: int, seat: int, action: Action) -> None:
        self.actions.append((seat, action))


class HandDriver:
    """Runs one hand for any mix of seats (see the module).

    `seen`: how many of the table's events the seats have already been shown (e.g. a table
    copied in the middle of a hand, whose seats were fed its history elsewhere); listeners are
    told from the same point (`heard`, default `seen`). `observe=False` feeds no seat."""

    def __init__(self, table: Table, seats: Sequence[Any | None], *, later: Collection[int] = (),
                 listeners: Sequence[Any] = (), observe: bool = True, seen: int = 0,
                 heard: int | None = None):
        if len(seats) != 4:
            raise ValueError(f"a hand needs four seats, got {len(seats)}")
        self.table = table
        self.seats = list(seats)
        self.later = frozenset(s for s in range(4) if seats[s] is None or s in later)
        self._acts: list[Callable[[Decision], Action] | None] = [
            None if s in self.later else seats[s].act for s in range(4)]  # type: ignore[union-attr]
        self._observers = [(s, fn) for s in range(4)
                           if (fn := getattr(seats[s], "observe", None)) is not None
                           and not getattr(fn, "ignores_events", False)] if observe else []
        self._on_event = [fn for x in listeners if (fn := getattr(x, "on_event", None)) is not None]
        self._on_action = [fn for x in listeners
                           if (fn := getattr(x, "on_action", None)) is not None]
        self.seen = seen
        self.heard = seen if heard is None else heard

    # ------------------------------------------------------------------ state
    @property
    def is_over(self) -> bool:
        return self.table.result is not None

    @property
    def result(self) -> HandResult | None:
        return self.table.result

    def waiting(self) -> dict[int, Decision]:
        """The decisions of seats answered later that are open now (no seat is asked)."""
        return {s: d for s, d in self.table.pending().items() if s in self.later}

    # ------------------------------------------------------------------ the loop
    def step(self) -> dict[int, Decision]:
        """Feed the seats, ask every seat that answers at once (lowest seat first) until only
        seats answered later are left; return their decisions (empty: the hand is over)."""
        table = self.table
        acts = self._acts
        while True:
            self._tell()
            self._feed()
            if table.result is not None:
                return {}
            pending = table._pending
            ask = -1
            for s in sorted(pending):
                if acts[s] is not None:
                    ask = s
                    break
            if ask < 0:
                return dict(pending)
            act = acts[ask]
            assert act is not None
            self._play(ask, act(pending[ask]))

    def run(self) -> HandResult:
        """Play to the end; every seat must answer at once."""
        waiting = self.step()
        if waiting:
            raise IllegalActionError(min(waiting), "run", "this seat answers later: step the driver "
                                     "and answer for it")
        assert self.table.result is not None
        return self.table.result

    def ask(self, seat: int) -> list[Event]:
        """Ask `seat`'s object now (a seat answered later, e.g. after a thinking delay) and
        play its answer."""
        obj = self.seats[seat]
        if obj is None:
            raise ValueError(f"seat {seat} has no object to ask: answer for it")
        d = self.table.pending().get(seat)
        if d is None:
            raise IllegalActionError(seat, "ask", "this seat has no decision to make now")
        return self.answer(seat, obj.act(d))

    def answer(self, seat: int, action: Action) -> list[Event]:
        """Play `seat`'s answer; returns the events it caused. An illegal action raises the
        engine's `IllegalActionError`; nothing is played or told then."""
        return self._play(seat, action)

    # ------------------------------------------------------------------ inside
    def _play(self, seat: int, action: Action) -> list[Event]:
        table = self.table
        if self._on_action:
            d = table._pending.get(seat)
            if d is None or action not in d.legal:
                return table.submit(seat, action)  # raises the engine's readable error
            hand = table.hand
            for fn in self._on_action:  # told first: a log keeps the action if the engine fails
                fn(hand, seat, action)
        events = table.submit(seat, action)
        self._tell()
        return events

    def _tell(self) -> None:
        """Every new event to the listeners."""
        events = self.table.events
        if self.heard < len(events):
            if self._on_event:
                table = self.table
                for i in range(self.heard, len(events)):
                    for fn in self._on_event:
                        fn(table, events[i])
            self.heard = len(events)

    def _feed(self) -> None:
        """Every new event to the seats, as each sees it."""
        events = self.table.events
        if self.seen < len(events):
            for i in range(self.seen, len(events)):
                e = events[i]
                for s, fn in self._observers:
                    fn(e.visible_to(s))
            self.seen = len(events)
