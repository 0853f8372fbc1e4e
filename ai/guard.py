"""A seat that misbehaves is replaced, and the game goes on.

`GuardedSeat` wraps any seat. When the inner seat raises, returns an action that is not in
``decision.legal``, or takes longer than its time budget, the guard logs the reason (the
``logging`` logger ``ai.guard`` and the `incidents` list), replaces it by a fallback seat
(``ai:standard``) for the rest of the session, and answers the decision with the fallback. An
over-time answer is not used, so a slow seat never decides after its budget ran out.

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> class Broken:
...     name = "broken"
...     def act(self, decision): raise ZeroDivisionError("oops")
>>> g = GuardedSeat(Broken())
>>> d = Table(RuleSet(), seed=2).pending()[0]
>>> g.act(d) in d.legal, g.replaced
(True, True)
>>> g.incidents[0]
'broken crashed (ZeroDivisionError: oops); replaced by ai:standard for the rest of the session'
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.table import Decision

log = logging.getLogger("ai.guard")

__all__ = ["DEFAULT_BUDGET", "GuardedSeat"]

#: seconds a seat may think about one decision
DEFAULT_BUDGET = 5.0


def _fallback() -> Any:
    from .heuristic import HeuristicSeat
    return HeuristicSeat("standard")


class GuardedSeat:
    """Wraps `inner`; see the module. `budget` is seconds per decision (None: no limit)."""

    def __init__(self, inner: Any, budget: float | None = DEFAULT_BUDGET,
                 fallback: Callable[[], Any] = _fallback):
        self.inner = inner
        self.budget = budget
        self._make_fallback = fallback
        self.replaced = False
        self.incidents: list[str] = []
        self.original_name = getattr(inner, "name", type(inner).__name__)
        # the fallback watches the hand from the start, so it can take over at any moment
        self._shadow = fallback()

    @property
    def name(self) -> str:
        return self.original_name if not self.replaced else f"{self.original_name}->ai:standard"

    def _replace(self, why: str) -> None:
        msg = f"{self.original_name} {why}; replaced by ai:standard for the rest of the session"
        log.warning(msg)
        self.incidents.append(msg)
        close = getattr(self.inner, "close", None)
        if close is not None:
            try:
                close()
            except Exception as e:  # noqa: BLE001 - the seat is being thrown away anyway
                log.debug("closing %s failed: %s", self.original_name, e)
        self.inner = self._shadow
        self.replaced = True

    def act(self, decision: Decision) -> Action:
        if self.replaced:
            return self.inner.act(decision)
        t0 = time.perf_counter()
        try:
            if self.budget is not None and hasattr(self.inner, "act_within"):
                action = self.inner.act_within(decision, self.budget)
            else:
                action = self.inner.act(decision)
        except TimeoutError as e:
            self._replace(f"exceeded its time budget of {self.budget:g} s ({e})")
            return self.inner.act(decision)
        except Exception as e:  # noqa: BLE001 - any failure of a third-party seat
            self._replace(f"crashed ({type(e).__name__}: {e})")
            return self.inner.act(decision)
        took = time.perf_counter() - t0
        if self.budget is not None and took > self.budget:
            self._replace(f"took {took:.2f} s, over its budget of {self.budget:g} s")
            return self.inner.act(decision)
        if action not in decision.legal:
            legal = ", ".join(map(repr, decision.legal))
            self._replace(f"answered illegally ({action!r}; legal: {legal})")
            return self.inner.act(decision)
        return action

    def observe(self, event: Event) -> None:
        if not self.replaced:
            fn = getattr(self.inner, "observe", None)
            if fn is not None:
                try:
                    fn(event)
                except Exception as e:  # noqa: BLE001 - as in act
                    self._replace(f"crashed on an event ({type(e).__name__}: {e})")
        self._shadow.observe(event)

    def explain(self) -> str:
        fn = getattr(self.inner, "explain", None)
        try:
            return fn() if fn is not None else ""
        except Exception:  # noqa: BLE001 - an explanation is never worth a crash
            return ""

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()
