"""The live coach: after each of the player's decisions, one short line says whether the strongest
computer player agrees, and when it does not, what it would have done and why, in plain words
(issue 32). It never stops play.

The computer player is the review's (`game_review.default_reviewer`, ``ai:expert``), shown the
same events the player saw and asked the same `Decision` (the player's own view: it never sees a
hidden tile), exactly as the review asks it afterwards. Its own reason is the program's shorthand
("shanten 1, 14 tiles accepted"), so the coach says why from the two choices themselves, in the
player's terms (`reason`, made by `plain_reasons.versus`, which the review's reason line uses
too): the safer tile against a player who declared uper, the hand nearer to ready, more ways to
2 basic points, more tiles that help; where the two choices show none of these, the expert's own
note made plain ("it wins on the discard", `plain_reasons.plain_note`).

`LiveCoach` thinks in spare time: `open` starts the expert on a worker thread as soon as the
player's decision opens (while he thinks), `chose` gives it the player's answer, and `poll`
returns the line once both are there. A line not ready within `cap_s` seconds, or by the next
decision, is dropped: the table never waits for it.

>>> from game.engine.tiles import parse_tiles
>>> from game.i18n import render
>>> from game.engine.tiles import parse_tile
>>> hand = parse_tiles("123m456p78p11z5z9m3m4m")
>>> print(render(judge_discards(hand, parse_tile("3m"), parse_tile("5z"), None), "en"))
The expert would discard White dragon and keep 3 characters: it keeps the hand 1 tile from ready, yours 2
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action, Discard
from game.engine.events import Event
from game.engine.messages import ACTION, MSG, TILE, Message, define
from game.engine.observation import Observation
from game.engine.table import Decision

from .plain_reasons import (
    CALL_CLOSER,
    CALL_FAR,
    CALL_ROUTES,
    UPER_NO,
    UPER_YES,
    WHY_CLOSER,
    WHY_JUDGED,
    WHY_MORE_TILES,
    WHY_READY,
    WHY_ROUTES,
    WHY_SAFE,
    WHY_SAFER,
    discard_reason,
    versus,
    why_line,
)

__all__ = [
    "AGREE",
    "CALL_CLOSER",
    "CALL_FAR",
    "CALL_ROUTES",
    "DISCARD",
    "INSTEAD",
    "UPER_NO",
    "UPER_YES",
    "WHY_CLOSER",
    "WHY_JUDGED",
    "WHY_MORE_TILES",
    "WHY_READY",
    "WHY_ROUTES",
    "WHY_SAFE",
    "WHY_SAFER",
    "LiveCoach",
    "Verdict",
    "judge",
    "judge_discards",
    "reason",
]

AGREE = define("live_coach.agree", "The expert agrees: {action}", action=ACTION)
DISCARD = define("live_coach.discard", "The expert would discard {tile} and keep {kept}: {why}",
                 tile=TILE, kept=TILE, why=MSG)
INSTEAD = define("live_coach.instead", "The expert would {action} instead: {why}", action=ACTION,
                 why=MSG)


def judge_discards(concealed: Sequence[int], yours: int, its: int, obs: Observation | None,
                   *, after: Sequence[Any] | None = None) -> Message:
    """"The expert would discard `its` and keep `yours`: <why>" for a hand of 14 (`concealed`).
    `obs` gives the danger and the routes (None: shape only, for the examples)."""
    return DISCARD(tile=its, kept=yours, why=discard_reason(concealed, yours, its, obs, after))


def reason(d: Decision, chosen: Action, suggested: Action,
           after_uper: Sequence[Any] | None = None) -> Message:
    """Why the expert's `suggested` beats the player's `chosen` on decision `d`, in plain words
    from the player's own view (`plain_reasons.versus`, which the review says too)."""
    return versus(d.observation, chosen, suggested, after_uper)


def judge(d: Decision, chosen: Action, suggested: Action,
          after_uper: Sequence[Any] | None = None, note: Message | None = None) -> Message:
    """The coach's line for the player's `chosen` on `d` where the expert chose `suggested`.
    `note`: the expert's own note on its choice (`explain()`); where the two choices show no
    reason, that note made plain says why (`plain_reasons.why_line`, as the review does)."""
    if chosen == suggested:
        return AGREE(action=chosen)
    why = why_line(d.observation, chosen, suggested, note, after_uper) or WHY_JUDGED()
    if isinstance(chosen, Discard) and isinstance(suggested, Discard) \
            and chosen.tile != suggested.tile:
        return DISCARD(tile=suggested.tile, kept=chosen.tile, why=why)
    return INSTEAD(action=suggested, why=why)


# ---------------------------------------------------------------- thinking in spare time
@dataclass
class Verdict:
    """One decision's line in the making: `decision`, the expert's `suggested` answer (None while
    it thinks), the player's `chosen` (None until he answers, `answered` set then) and `line`
    once both are known (`done` set then; `line` stays None when the coach has nothing to
    say)."""

    decision: Decision
    suggested: Action | None = None
    note: Message | None = None  # the expert's own note on `suggested` (its `explain()`)
    chosen: Action | None = None
    chosen_at: float | None = None
    line: Message | None = None
    cancelled: bool = False
    thought: threading.Event = field(default_factory=threading.Event)  # `suggested` is known
    answered: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)


class LiveCoach:
    """Asks the expert about each of the player's decisions on a worker thread (see the module).

    `make_expert()` builds the computer player (``make_seat(default_reviewer())`` unless given);
    `threaded=False` thinks at once in `open` and `chose` (tests); `cap_s`: a line not ready this
    long after the player answered is dropped. `asked` counts the decisions the expert was asked
    about (with the setting off the table never asks)."""

    #: half-seconds the worker waits for the player's answer before it ends (ten minutes)
    WAIT_ROUNDS = 1200

    def __init__(self, *, make_expert: Callable[[], Any] | None = None, cap_s: float = 3.0,
                 threaded: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.make_expert = make_expert or _expert
        self.cap_s, self.threaded, self.clock = cap_s, threaded, clock
        self.current: Verdict | None = None
        self.asked = 0

    def open(self, decision: Decision, events: Sequence[Event], seat: int,
             after_uper: Sequence[Any] | None = None) -> None:
        """The player's `decision` opens: the expert starts thinking about it, shown `events`
        (the hand so far) as `seat` sees them; `after_uper` is the danger assist's evidence
        (`danger_assist.after_uper_kinds`). A verdict still in the making is dropped."""
        self.drop()
        seen: list[Any] = [e.visible_to(seat) for e in events]  # as the seat sees them
        v = Verdict(decision)
        self.current = v
        self.asked += 1
        if self.threaded:
            threading.Thread(target=self._think, args=(v, seen, after_uper), daemon=True,
                             name="live-coach").start()
        else:
            self._suggest(v, seen)

    def _suggest(self, v: Verdict, seen: Sequence[Event]) -> None:
        try:
            expert = self.make_expert()
            for e in seen:
                expert.observe(e)
            v.suggested = expert.act(v.decision)
            explain = getattr(expert, "explain", None)
            note = explain() if callable(explain) else None
            v.note = note if isinstance(note, Message) else None
        except Exception:  # noqa: BLE001 - a coach that cannot think says nothing
            v.cancelled = True
        finally:
            v.thought.set()

    def _judge(self, v: Verdict, after_uper: Sequence[Any] | None) -> None:
        try:
            if not v.cancelled and v.suggested is not None and v.chosen is not None:
                v.line = judge(v.decision, v.chosen, v.suggested, after_uper, v.note)
        except Exception:  # noqa: BLE001 - a reason that cannot be worked out: say nothing
            v.line = None
        finally:
            v.done.set()

    def _think(self, v: Verdict, seen: Sequence[Event], after_uper: Sequence[Any] | None) -> None:
        self._suggest(v, seen)
        # the player may think long; a table left meanwhile never answers: give up after a while
        for _ in range(self.WAIT_ROUNDS):
            if v.cancelled or v.answered.wait(0.5):
                break
        self._judge(v, after_uper)

    def chose(self, decision: Decision, action: Action,
              after_uper: Sequence[Any] | None = None) -> None:
        """The player answered `decision` with `action` (ignored for any other decision)."""
        v = self.current
        if v is None or v.decision is not decision or v.chosen is not None:
            return
        v.chosen, v.chosen_at = action, self.clock()
        v.answered.set()
        if not self.threaded:
            self._judge(v, after_uper)

    def drop(self) -> None:
        """Forget the verdict in the making (a new decision, the hand's end)."""
        if self.current is not None:
            self.current.cancelled = True
            self.current.answered.set()
        self.current = None

    def poll(self) -> Message | None:
        """The line for the last decision once it is worked out (once: then None); None while it
        is not. A line not worked out `cap_s` after the player answered is dropped."""
        v = self.current
        if v is None or v.chosen_at is None:
            return None
        if not v.done.is_set():
            if self.clock() - v.chosen_at > self.cap_s:  # too late: the moment has passed
                self.drop()
            return None
        self.current = None
        return v.line


def _expert() -> Any:
    from ai.registry import make_seat

    from .game_review import default_reviewer

    return make_seat(default_reviewer(), seed=0)
