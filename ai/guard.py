"""A seat that misbehaves is replaced, and the game goes on.

`GuardedSeat` wraps the seats the game does not trust (``python:`` and ``cmd:``). When the
inner seat raises (anything: every exception, also `SystemExit`, `GeneratorExit` and other
`BaseException` subclasses, except `KeyboardInterrupt`, below), returns an action that is not
one of ``decision.legal``, or takes longer than its time budget to decide or to take an event,
or more than `HAND_EVENTS_BUDGET` taking the events of one hand altogether, the guard logs the
reason (the ``logging`` logger ``ai.guard`` and the `incidents` list), replaces it by a
fallback seat (``ai:standard``) for the rest of the session, and answers the decision with the
fallback. An over-time answer is not used, so a slow seat never decides after its budget ran
out; a seat slow to take events (2 s each, under the 5 s per event) is replaced within the
hand, not after minutes of play.

What the inner seat is given holds no reference to the live table: each decision is a
`ai.base.SeatDecision` snapshot (the observation taken at that moment, copies of the legal
actions), each event a deep copy. Its answer is checked by value: it must be an object of
exactly one of the engine's action classes whose fields are plain ``int``/``bool`` values equal
to those of a legal action, and the guard returns *that legal action* (never the seat's object),
so an object that claims to equal everything is refused.

A `KeyboardInterrupt` is the user's Ctrl+C, which may arrive while the seat's own code runs: it
passes through the guard and stops the program as Ctrl+C does anywhere else (a ``python:``
seat that raises it itself stops the program too; it is trusted code, see
docs/seat-protocol.md).

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> class Broken:
...     name = "broken"
...     def act(self, decision): raise ZeroDivisionError("oops")
>>> g = GuardedSeat(Broken())
>>> d = Table(RuleSet(), seed=2).pending()[0]
>>> g.act(d) in d.legal, g.replaced
(True, True)
>>> str(g.incidents[0])
'broken crashed (ZeroDivisionError: oops); replaced by ai:standard for the rest of the session'
>>> g.incidents[0].code, g.incidents[0]["why"].code
('ai.guard.replaced', 'ai.guard.crashed')

Each incident is a `Message` (the kinds below), logged in English. What a seat explains is a
`Message` too; a ``python:`` seat may explain in plain text, which is passed on as
`ai.external.SAYS` (its own words, never translated).
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.actions import ACTION_TYPES, Action
from game.engine.events import Event, HandStarted
from game.engine.messages import ACTIONS, FLOAT, MSG, TEXT, Kind, Message, define
from game.engine.table import Decision

from .base import SeatDecision

log = logging.getLogger("ai.guard")

__all__ = ["DEFAULT_BUDGET", "HAND_EVENTS_BUDGET", "GuardedSeat", "legal_by_value"]

#: seconds a seat may think about one decision (and may spend taking one event)
DEFAULT_BUDGET = 5.0

#: seconds a seat may spend taking all the events of one hand (a hand shows a seat 100-250)
HAND_EVENTS_BUDGET = 10.0

#: what a seat's code may raise and is a crash of the seat: everything but the user's Ctrl+C,
#: which an ``except KeyboardInterrupt: raise`` before each ``except SEAT_FAILURES`` lets pass
SEAT_FAILURES = (BaseException,)

# the incidents: `seat` is the seat's name, `error` the exception's own text (program output)
REPLACED = define("ai.guard.replaced",
                  "{seat} {why}; replaced by ai:standard for the rest of the session",
                  seat=TEXT, why=MSG)
CRASHED = define("ai.guard.crashed", "crashed ({error})", error=TEXT)
CRASHED_EVENT = define("ai.guard.crashed_event", "crashed on an event ({error})", error=TEXT)
TIMED_OUT = define("ai.guard.timed_out", "exceeded its time budget of {budget:g} s ({error})",
                   budget=FLOAT, error=TEXT)
TIMED_OUT_EVENT = define("ai.guard.timed_out_event",
                         "exceeded its time budget of {budget:g} s on an event ({error})",
                         budget=FLOAT, error=TEXT)
SLOW = define("ai.guard.slow", "took {took:.2f} s, over its budget of {budget:g} s", took=FLOAT,
              budget=FLOAT)
SLOW_EVENT = define("ai.guard.slow_event",
                    "took {took:.2f} s on an event, over its budget of {budget:g} s", took=FLOAT,
                    budget=FLOAT)
SLOW_EVENTS = define("ai.guard.slow_events",
                     "took {took:.1f} s taking the events of one hand, over its budget of "
                     "{budget:g} s", took=FLOAT, budget=FLOAT)
ILLEGAL = define("ai.guard.illegal", "answered illegally ({answer}; legal: {legal})", answer=TEXT,
                 legal=ACTIONS)


def _fallback() -> Any:
    from .heuristic import HeuristicSeat
    return HeuristicSeat("standard")


def _value_key(action: Any) -> tuple | None:
    """(class, field values) of an engine action with plain int/bool fields; else None."""
    cls = type(action)
    if cls not in ACTION_TYPES:
        return None
    values = []
    for f in dataclasses.fields(cls):
        v = getattr(action, f.name)
        if type(v) not in (int, bool):
            return None
        values.append((type(v).__name__, v))
    return (cls.__name__, tuple(values))


def legal_by_value(action: Any, legal: Sequence[Action]) -> Action | None:
    """The element of `legal` that `action` is by value, or None. Only the exact engine action
    classes with plain ``int``/``bool`` fields count; `action`'s own ``__eq__`` is never used.

    >>> from game.engine.actions import Discard, PASS
    >>> legal = (Discard(3), PASS)
    >>> legal_by_value(Discard(3), legal) is legal[0]
    True
    >>> class Liar:
    ...     def __eq__(self, other): return True
    >>> legal_by_value(Liar(), legal), legal_by_value(Discard(Liar()), legal)
    (None, None)
    """
    try:
        key = _value_key(action)
    except KeyboardInterrupt:
        raise
    except SEAT_FAILURES:  # a property that raises, say
        return None
    if key is None:
        return None
    for a in legal:
        if _value_key(a) == key:
            return a
    return None


class GuardedSeat:
    """Wraps `inner`; see the module. `budget` is seconds per decision and per event,
    `hand_budget` seconds for all the events of a hand (None: no limit); `clock` measures them
    (seconds)."""

    def __init__(self, inner: Any, budget: float | None = DEFAULT_BUDGET,
                 fallback: Callable[[], Any] = _fallback, *,
                 hand_budget: float | None = HAND_EVENTS_BUDGET,
                 clock: Callable[[], float] = time.perf_counter):
        self.inner = inner
        self.budget = budget
        self.hand_budget = hand_budget
        self._clock = clock
        self._hand_spent = 0.0  # seconds the seat spent on this hand's events so far
        self.replaced = False
        self.incidents: list[Message] = []
        try:
            self.original_name = str(getattr(inner, "name", type(inner).__name__))
        except KeyboardInterrupt:
            raise
        except SEAT_FAILURES:  # a name that raises: the class's name instead
            self.original_name = type(inner).__name__
        # the fallback watches the hand from the start, so it can take over at any moment
        self._shadow = fallback()

    @property
    def name(self) -> str:
        return self.original_name if not self.replaced else f"{self.original_name}->ai:standard"

    def _replace(self, why: Message) -> None:
        msg = REPLACED(seat=self.original_name, why=why)
        log.warning("%s", msg)
        self.incidents.append(msg)
        close = getattr(self.inner, "close", None)
        if close is not None:
            try:
                close()
            except KeyboardInterrupt:
                raise
            except SEAT_FAILURES as e:  # the seat is being thrown away anyway
                log.debug("closing %s failed: %s", self.original_name, e)
        self.inner = self._shadow
        self.replaced = True

    def _timed_out(self, e: TimeoutError, kind: Kind) -> Message:
        """The incident of a seat that ran out of time (its own clock, when the guard has none)."""
        if self.budget is None:
            return CRASHED(error=_error_text(e))
        return kind(budget=self.budget, error=str(e))

    def act(self, decision: Decision) -> Action:
        if self.replaced:
            return self.inner.act(decision)
        view = SeatDecision.of(decision)
        t0 = self._clock()
        try:
            if self.budget is not None and hasattr(self.inner, "act_within"):
                action = self.inner.act_within(view, self.budget)
            else:
                action = self.inner.act(view)
        except KeyboardInterrupt:  # the user's Ctrl+C (see the module)
            raise
        except TimeoutError as e:
            self._replace(self._timed_out(e, TIMED_OUT))
            return self.inner.act(decision)
        except SEAT_FAILURES as e:  # any failure of a third-party seat
            self._replace(CRASHED(error=_error_text(e)))
            return self.inner.act(decision)
        took = self._clock() - t0
        if self.budget is not None and took > self.budget:
            self._replace(SLOW(took=took, budget=self.budget))
            return self.inner.act(decision)
        chosen = legal_by_value(action, decision.legal)
        if chosen is None:
            try:
                shown = repr(action)[:200]
            except KeyboardInterrupt:
                raise
            except SEAT_FAILURES:
                shown = f"a {type(action).__name__}"
            self._replace(ILLEGAL(answer=shown, legal=decision.legal))
            return self.inner.act(decision)
        return chosen

    def observe(self, event: Event) -> None:
        if not self.replaced:
            self._observe(event)
        self._shadow.observe(event)

    def _observe(self, event: Event) -> None:
        """Give the inner seat `event` within the budgets: `budget` for this event, what is
        left of `hand_budget` for the hand's events (a program's write is cut off there)."""
        if isinstance(event, HandStarted):
            self._hand_spent = 0.0
        left = None if self.hand_budget is None else self.hand_budget - self._hand_spent
        limit = min((b for b in (self.budget, left) if b is not None), default=None)
        within = getattr(self.inner, "observe_within", None)
        fn = getattr(self.inner, "observe", None)
        t0 = self._clock()
        try:
            if within is not None and limit is not None:
                within(copy.deepcopy(event), max(0.0, limit))
            elif fn is not None:
                fn(copy.deepcopy(event))
        except KeyboardInterrupt:  # as in act
            raise
        except TimeoutError as e:
            self._hand_spent += self._clock() - t0
            if left is not None and limit == left and self.budget != left:
                self._replace(SLOW_EVENTS(took=self._hand_spent, budget=self.hand_budget))
            else:
                self._replace(self._timed_out(e, TIMED_OUT_EVENT))
        except SEAT_FAILURES as e:  # as in act
            self._replace(CRASHED_EVENT(error=_error_text(e)))
        else:
            took = self._clock() - t0
            self._hand_spent += took
            if self.budget is not None and took > self.budget:
                self._replace(SLOW_EVENT(took=took, budget=self.budget))
            elif self.hand_budget is not None and self._hand_spent > self.hand_budget:
                self._replace(SLOW_EVENTS(took=self._hand_spent, budget=self.hand_budget))

    def explain(self) -> Message | None:
        """The inner seat's explanation: a `Message` as it is, plain text (a ``python:`` seat's
        own words) as `ai.external.SAYS`; anything else, or a failure, is nothing to say."""
        fn = getattr(self.inner, "explain", None)
        try:
            why = fn() if fn is not None else None
            if type(why) is Message:
                return why
            if type(why) is str and why:
                from .external import SAYS
                return SAYS(text=why)
        except KeyboardInterrupt:
            raise
        except SEAT_FAILURES:  # an explanation is never worth a crash
            pass
        return None

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            try:
                close()
            except KeyboardInterrupt:
                raise
            except SEAT_FAILURES as e:
                log.debug("closing %s failed: %s", self.name, e)


def _error_text(e: BaseException) -> str:
    """'ZeroDivisionError: oops': what a seat raised, as the incident names it."""
    try:
        return f"{type(e).__name__}: {e}"
    except KeyboardInterrupt:
        raise
    except SEAT_FAILURES:  # an exception whose __str__ raises
        return type(e).__name__
