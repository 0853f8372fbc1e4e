"""The review at the end of a practice session: every uper decision, the best option, and the
cost of each mistake in expected points, the costliest first.

`PracticeSession.decide(position, key)` plays the options out (`compare_options`), records the
player's choice and returns the comparison to show; `review(session)` lists the decisions.

>>> from game.practice.uper_practice import generate_position
>>> s = PracticeSession(playouts=20)
>>> c = s.decide(generate_position(3, stage="any"), "silent")
>>> items = review(s)
>>> items[0].chosen, items[0].cost >= 0
('silent', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.messages import FLOAT, MSG, MSGS, Message, define

from .uper_practice import (
    DEFAULT_OPPONENTS,
    Comparison,
    Position,
    compare_options,
    practice_options,
)

__all__ = ["PracticeSession", "ReviewItem", "UperDecision", "review"]

_LABEL = {"uper": "declare uper", "silent": "stay silent", "fold": "fold"}
#: the three options of a ready hand, as words a player reads
OPTION = {"uper": define("review.option.uper", "declare uper"),
          "silent": define("review.option.silent", "stay silent"),
          "fold": define("review.option.fold", "fold")}
AGAINST_RULES = define("review.against_rules", "uper is against the rules here: {why}", why=MSG)
BEST = define("review.best", "{option} was the best choice", option=MSG)
BETTER = define("review.better", "{best} was better than {chosen} by {cost:.1f} points per hand on "
                "average", best=MSG, chosen=MSG, cost=FLOAT)
LESSON = define("review.lesson", "{parts}", parts=MSGS)


@dataclass(frozen=True)
class UperDecision:
    """One decision of the session: where, what was chosen, and the playout comparison."""

    index: int
    description: Message
    chosen: str
    comparison: Comparison


@dataclass(frozen=True)
class ReviewItem:
    """One line of the review. `cost`: expected points lost against the best option (0 when
    the choice was the best); `clear`: the playouts separate the two beyond their 95 %
    intervals (otherwise the difference may be noise)."""

    index: int
    description: Message
    chosen: str
    best: str
    cost: float
    clear: bool
    lesson: Message
    options: tuple[dict[str, Any], ...]
    played_by: str = ""  # who played the playouts, e.g. "ai:standard opponents"

    @property
    def mistake(self) -> bool:
        return self.chosen != self.best and self.cost > 0


@dataclass
class PracticeSession:
    """The uper decisions of one practice session."""

    playouts: int = 200
    opponents: str = DEFAULT_OPPONENTS
    seed: int = 0
    workers: int | None = None  # processes for the playouts (None: every core)
    decisions: list[UperDecision] = field(default_factory=list)

    def decide(self, position: Position, key: str, discard: int | None = None) -> Comparison:
        """Record the player's choice at `position` (with the ready `discard`, default the
        suggested one) and play every option out."""
        offered = {o.key: o for o in practice_options(position, discard)}
        if key not in offered:
            raise ValueError(f"unknown option {key!r}; choose one of {', '.join(offered)}")
        if not offered[key].available:
            raise ValueError(f"{_LABEL[key]} is not allowed here: {offered[key].reason}")
        c = compare_options(position, self.playouts, seed=self.seed + len(self.decisions),
                            opponents=self.opponents, discard=discard, workers=self.workers)
        self.decisions.append(UperDecision(len(self.decisions) + 1, position.describe(), key, c))
        return c


def _lesson(d: UperDecision, best: str, cost: float) -> Message:
    c = d.comparison
    up = next((o for o in c.offered if o.key == "uper"), None)
    parts = []
    if up is not None and not up.legal and up.reason is not None:
        parts.append(AGAINST_RULES(why=up.reason))
    if d.chosen == best or round(cost, 1) == 0:  # a tie with the best is a best choice
        parts.append(BEST(option=OPTION[d.chosen]()))
    else:
        parts.append(BETTER(best=OPTION[best](), chosen=OPTION[d.chosen](), cost=cost))
    return LESSON(parts=parts)


def review(session: PracticeSession | list[UperDecision]) -> list[ReviewItem]:
    """Every decision with the best option and its cost, costliest first (ties: in order)."""
    decisions = session.decisions if isinstance(session, PracticeSession) else session
    items = []
    for d in decisions:
        c = d.comparison
        best = c.best
        cost = max(0.0, c.cost(d.chosen))
        mine = c.result(d.chosen)
        clear = bool(mine is not None and d.chosen != best.key
                     and mine.points_ci[1] < best.points_ci[0])
        items.append(ReviewItem(d.index, d.description, d.chosen, best.key, round(cost, 3),
                                clear, _lesson(d, best.key, cost),
                                tuple(r.as_dict() for r in c.results), c.played_by))
    items.sort(key=lambda i: (-i.cost, i.index))
    return items
