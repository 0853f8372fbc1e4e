"""Review my game: every decision one player made, against the strongest computer player.

`review_record(path)` replays a game record through the engine, hand by hand. At each decision
the reviewed player made (a discard, uper or silent, a claim or a pass, a kong, the nine-major
draw, a win or not) the reviewing AI (`default_reviewer()`: the strongest level of
`ai.registry.LEVELS`, ``ai:expert`` today) is shown the same events the player saw and asked
what it would do; it never sees the hidden tiles. Where both agree, the decision costs nothing
and nothing is played out. Where they differ, both choices are played out from that exact table
(`measure`): the tiles the player could not see are dealt again for each playout
(`game.engine.table.Table.resample_hidden`; an uper player keeps his hand), the same re-deal for
both choices (common random numbers, so the difference is measured with little noise), the
player's continuation played by the reviewing AI and the others by ``ai:standard``. The cost is
the average difference of the player's points in the hand, with a 95 % interval, and the
verdict follows `THRESHOLDS` (docs/review.md says what the verdicts mean):

    =========== =========================================================
    fine        cost below 1 point per hand (or the player's choice did better)
    inaccuracy  1 to 3 points
    mistake     3 to 8 points
    blunder     8 points or more (a deal-in costs about 30)
    unclear     the interval cannot back the verdict: a verdict worse than fine needs it above
                0, "fine" needs it below 3 (`verdict_of`); more playouts would tell
    =========== =========================================================

The playouts are spread over the cores by the uper practice's process pool; every playout is
seeded by the game's seed, the player, the hand, the decision and its own number, so the review
does not depend on the number of workers. A playout that fails (a bug) leaves its decision
unmeasured ("unclear", with the error as its `note`) instead of ending the review. A first round
plays a third of the playouts; a decision whose interval already lies within one verdict stops
there, the others get the rest.

A damaged record is reviewed as far as it is valid (the review carries the record's `reason`);
an action the engine refuses, or an event that does not replay identically, ends the review
there with its line. Reviews are kept beside the record (``<record>.review.json``, written
atomically) and found again by `cached_review` while the record's bytes and the reviewing
program (`review_key`) are the same; a damaged cache file is ignored and rebuilt.

>>> import tempfile
>>> from game.engine.rules import RuleSet
>>> from game.engine.session import Session
>>> from game.records import RecordWriter
>>> from ai.registry import make_seat
>>> w = RecordWriter(Session(RuleSet(), seed=4, hands=1), directory=tempfile.mkdtemp(), human=0)
>>> _ = w.play([make_seat("ai:expert", seed=i) for i in range(4)])
>>> r = review_record(w.path, playouts=8, workers=1)
>>> r.reviewer, r.agreement, r.points_lost, r.playouts_run
('ai:expert', 1.0, 0.0, 0)
"""

from __future__ import annotations

import gc
import hashlib
import heapq
import json
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game import storage
from game.engine import safejson
from game.engine.actions import (
    Action,
    AddedKong,
    ConcealedKong,
    DeclareNineMajor,
    Discard,
    Kong,
    Pass,
    Win,
    action_from_json,
)
from game.engine.driver import HandDriver
from game.engine.errors import MahjongError
from game.engine.events import Event
from game.engine.kinds import OFFERS, DecisionKind, WinHow
from game.engine.messages import ACTION, FLOAT, INT, MSG, TEXT, Message, define, message_from_json
from game.engine.replay import HandRebuild, RebuildError
from game.engine.table import Decision, Table
from game.engine.tiles import SEAT_LETTERS, format_tiles
from game.records import (
    AT_LINE,
    MAX_RECORD,
    REVIEW_SUFFIX,
    HandRecord,
    Record,
    load_record,
    reason_of_error,
)

from .uper_practice import OptionResult, _drop_pool, _pool, default_workers

__all__ = [
    "CACHE_SUFFIX",
    "CATEGORIES",
    "DEFAULT_OPPONENTS",
    "DEFAULT_PLAYOUTS",
    "KINDS",
    "REVIEW_FORMAT",
    "THRESHOLDS",
    "VERDICTS",
    "GameReview",
    "ReviewCancelled",
    "ReviewProgress",
    "ReviewSeatError",
    "ReviewedDecision",
    "TimelineHand",
    "cache_path",
    "cached_review",
    "costliest",
    "default_reviewer",
    "review_key",
    "review_record",
    "timeline",
    "verdict_of",
]

#: the layout of a review (its JSON and its cache); a change invalidates every cached review
REVIEW_FORMAT = 2  # 2: the hands' outcomes and where an unfinished game stopped
#: playouts per choice of a decision the player and the reviewing AI disagree on
DEFAULT_PLAYOUTS = 48
#: who plays the other seats in the playouts (the uper practice's measured choice)
DEFAULT_OPPONENTS = "ai:standard"
#: verdict -> the cost (points per hand) from which it applies; below the first: "fine"
THRESHOLDS: dict[str, float] = {"inaccuracy": 1.0, "mistake": 3.0, "blunder": 8.0}
#: the verdicts, best first, then the one for an estimate too wide to tell
VERDICTS = ("fine", "inaccuracy", "mistake", "blunder", "unclear")
#: what a decision is about (the summary's split)
CATEGORIES = ("offence", "defence", "uper", "claims")
#: what was decided
KINDS = ("discard", "uper", "claim", "kong", "nine_major", "win")
#: the review file beside a record: ``game.jsonl`` -> ``game.jsonl.review.json``
CACHE_SUFFIX = REVIEW_SUFFIX  # kept beside the record (pruned with it: records.prune_records)
#: reviews kept per cache file (other players, other playout counts)
CACHE_KEEP = 8
#: a cache file is a few hundred kB at most; anything larger than this is not one
MAX_CACHE_BYTES = 32 << 20

# ---------------------------------------------------------------------------- words
VERDICT_WORDS = {
    "fine": define("game_review.verdict.fine", "fine"),
    "inaccuracy": define("game_review.verdict.inaccuracy", "inaccuracy"),
    "mistake": define("game_review.verdict.mistake", "mistake"),
    "blunder": define("game_review.verdict.blunder", "blunder"),
    "unclear": define("game_review.verdict.unclear", "unclear"),
}
CATEGORY_WORDS = {
    "offence": define("game_review.category.offence", "offence"),
    "defence": define("game_review.category.defence", "defence"),
    "uper": define("game_review.category.uper", "uper timing"),
    "claims": define("game_review.category.claims", "claims"),
}
KIND_WORDS = {
    "discard": define("game_review.kind.discard", "discard"),
    "uper": define("game_review.kind.uper", "uper or silent"),
    "claim": define("game_review.kind.claim", "claim or pass"),
    "kong": define("game_review.kind.kong", "kong"),
    "nine_major": define("game_review.kind.nine_major", "nine major tiles"),
    "win": define("game_review.kind.win", "win or not"),
}
#: one decision the player and the computer disagreed on, measured
COMPARED = define("game_review.compared",
                  "{chosen} instead of {suggested}: {cost:.1f} points per hand lost "
                  "(95 % interval {low:.1f} to {high:.1f}, {n} playout each)",
                  plural="{chosen} instead of {suggested}: {cost:.1f} points per hand lost "
                         "(95 % interval {low:.1f} to {high:.1f}, {n} playouts each)",
                  count="n", chosen=ACTION, suggested=ACTION, cost=FLOAT, low=FLOAT, high=FLOAT,
                  n=INT)
AGREED = define("game_review.agreed", "{chosen}, as the computer would", chosen=ACTION)
#: a disagreement whose playouts could not start from the position (none known to happen)
UNMEASURED = define("game_review.unmeasured",
                    "{chosen} instead of {suggested}: not measured ({why})",
                    chosen=ACTION, suggested=ACTION, why=MSG)
NO_HUMAN = define("game_review.no_human",
                  "the record does not say which player is the person (a game of computer "
                  "players?): choose the player to review")
NO_PLAYER = define("game_review.no_player", "there is no player {n} in the record (players 0-3)",
                   n=TEXT)

# ---------------------------------------------------------------------------- the summary's words
#: decisions from which the share of agreement with the computer says something (below it, one
#: decision more or less moves the share by 5 points or more: it is said as a count only)
AGREEMENT_MIN = 20
#: a summed cost within this of 0 (points) is said as no difference
EVEN = 0.05
SUM_WON = define("game_review.sum.won", "You won {won} of {n} hand.",
                 plural="You won {won} of {n} hands.", count="n", won=INT, n=INT)
#: no hand won of several ("You won 0 of 2 hands" reads like a score sheet)
SUM_WON_NONE = define("game_review.sum.won_none", "You won none of the {n} hands.", n=INT)
#: a game of one hand
SUM_WON_ONLY = define("game_review.sum.won_only", "You won the hand.")
SUM_LOST_ONLY = define("game_review.sum.not_won_only", "You did not win the hand.")
SUM_DEALT = define("game_review.sum.dealt_in", "You dealt in {n} time.",
                   plural="You dealt in {n} times.", count="n", n=INT)
SUM_DEALT_ONCE = define("game_review.sum.dealt_in_once", "You dealt in once.")
SUM_DEALT_TWICE = define("game_review.sum.dealt_in_twice", "You dealt in twice.")
SUM_NO_DEAL = define("game_review.sum.no_deal_in", "You never dealt in.")
SUM_GAINED = define("game_review.sum.gained", "In all you gained {n} point.",
                    plural="In all you gained {n} points.", count="n", n=INT)
SUM_LOST = define("game_review.sum.lost", "In all you lost {n} point.",
                  plural="In all you lost {n} points.", count="n", n=INT)
SUM_EVEN = define("game_review.sum.even", "In all you broke even.")
#: a category where the player chose otherwise than the computer: what those choices cost or
#: gained ("you", as a coach says it; the category first, as a heading)
CAT_COST = define("game_review.sum.cat_cost",
                  "{category}: you lost about {points:.1f} points with {n} choice the computer "
                  "would not have made.",
                  plural="{category}: you lost about {points:.1f} points with {n} choices the "
                         "computer would not have made.", count="n", category=MSG, n=INT,
                  points=FLOAT)
CAT_GAIN = define("game_review.sum.cat_gain",
                  "{category}: you gained about {points:.1f} points with {n} choice the "
                  "computer would not have made.",
                  plural="{category}: you gained about {points:.1f} points with {n} choices the "
                         "computer would not have made.", count="n", category=MSG, n=INT,
                  points=FLOAT)
CAT_TIE = define("game_review.sum.cat_tie",
                 "{category}: {n} choice the computer would not have made, with no difference "
                 "in points.",
                 plural="{category}: {n} choices the computer would not have made, with no "
                        "difference in points.", count="n", category=MSG, n=INT)
#: every decision of a category as the computer would (two or more: `CAT_SAME_ONE` for one)
CAT_SAME = define("game_review.sum.cat_same",
                  "{category}: your {n} decision matched the computer's.",
                  plural="{category}: your {n} decisions all matched the computer's.",
                  count="n", category=MSG, n=INT)
CAT_SAME_ONE = define("game_review.sum.cat_same_one",
                      "{category}: your one decision matched the computer's.", category=MSG)
HABIT = define("game_review.sum.habit", "To work on: {what}; see hand {hand}.", what=MSG,
               hand=INT)
NO_HABIT = define("game_review.sum.no_habit",
                  "No habit stands out: every difference from the computer was small or unclear.")
ALL_AGREED = define("game_review.sum.all_agreed",
                    "You chose what the computer would at every decision.")
AGREEMENT = define("game_review.sum.agreement",
                   "You played {agreed} of your {n} decision as the computer would ({pct}%).",
                   plural="You played {agreed} of your {n} decisions as the computer would "
                          "({pct}%).", count="n", agreed=INT, n=INT, pct=INT)
#: below `AGREEMENT_MIN` decisions: the count, no share
AGREEMENT_FEW = define("game_review.sum.agreement_few",
                       "You played {agreed} of your {n} decision as the computer would.",
                       plural="You played {agreed} of your {n} decisions as the computer would.",
                       count="n", agreed=INT, n=INT)
#: the figures, on demand: the difference per hand (positive: the player's choices did better)
FIG_DIFF = define("game_review.fig.difference",
                  "Your choices against the computer's: {d:+.1f} points per hand (95 % interval "
                  "{low:+.1f} to {high:+.1f}; + means yours did better).", d=FLOAT, low=FLOAT,
                  high=FLOAT)
FIG_VERDICT = define("game_review.fig.verdict", "{verdict}: {n}", verdict=MSG, n=INT)
FIG_REASON = define("game_review.fig.reason", "Why the review stops there: {why}", why=MSG)
FIG_METHOD = define("game_review.fig.method",
                    "Compared with {reviewer}: {n} playout per choice of each difference.",
                    plural="Compared with {reviewer}: {n} playouts per choice of each "
                           "difference.",
                    count="n", reviewer=TEXT, n=INT)
#: the one habit to work on: the kind of choice whose mistakes cost most (`GameReview.habit`)
HABITS = {
    "pass_win": define("game_review.habit.pass_win",
                       "you passed up {n} win the computer would have taken",
                       plural="you passed up {n} wins the computer would have taken", count="n",
                       n=INT),
    "take_win": define("game_review.habit.take_win",
                       "you took {n} win where the computer would have played on",
                       plural="you took {n} wins where the computer would have played on",
                       count="n", n=INT),
    "pass_claim": define("game_review.habit.pass_claim",
                         "you passed on {n} claim the computer would have made",
                         plural="you passed on {n} claims the computer would have made",
                         count="n", n=INT),
    "claim": define("game_review.habit.claim",
                    "you made {n} claim the computer would not have made",
                    plural="you made {n} claims the computer would not have made", count="n",
                    n=INT),
    "uper_early": define("game_review.habit.uper_early",
                         "you declared uper {n} time where staying silent did better",
                         plural="you declared uper {n} times where staying silent did better",
                         count="n", n=INT),
    "uper_missed": define("game_review.habit.uper_missed",
                          "you stayed silent {n} time where uper did better",
                          plural="you stayed silent {n} times where uper did better", count="n",
                          n=INT),
    "defence": define("game_review.habit.defence",
                      "against an uper player you threw {n} tile the computer would have kept",
                      plural="against an uper player you threw {n} tiles the computer would "
                             "have kept", count="n", n=INT),
    "discard": define("game_review.habit.discard",
                      "building your hand, you threw {n} tile the computer would have kept",
                      plural="building your hand, you threw {n} tiles the computer would have "
                             "kept", count="n", n=INT),
    "kong": define("game_review.habit.kong", "{n} kong decision cost points",
                   plural="{n} kong decisions cost points", count="n", n=INT),
    "nine_major": define("game_review.habit.nine_major",
                         "{n} nine-major decision cost points",
                         plural="{n} nine-major decisions cost points", count="n", n=INT),
}
#: the same sentences for a review asked for another player than the record's person: he is
#: named, never "you" (`GameReview.summary(name=...)`, `figures(name=...)`)
NAMED = {
    "won": define("game_review.named.won", "{name} won {won} of {n} hand.",
                  plural="{name} won {won} of {n} hands.", count="n", name=TEXT, won=INT,
                  n=INT),
    "won_none": define("game_review.named.won_none", "{name} won none of the {n} hands.",
                       name=TEXT, n=INT),
    "won_only": define("game_review.named.won_only", "{name} won the hand.", name=TEXT),
    "not_won_only": define("game_review.named.not_won_only", "{name} did not win the hand.",
                           name=TEXT),
    "dealt_in": define("game_review.named.dealt_in", "{name} dealt in {n} time.",
                       plural="{name} dealt in {n} times.", count="n", name=TEXT, n=INT),
    "dealt_in_once": define("game_review.named.dealt_in_once", "{name} dealt in once.",
                            name=TEXT),
    "dealt_in_twice": define("game_review.named.dealt_in_twice", "{name} dealt in twice.",
                             name=TEXT),
    "no_deal_in": define("game_review.named.no_deal_in", "{name} never dealt in.", name=TEXT),
    "gained": define("game_review.named.gained", "In all {name} gained {n} point.",
                     plural="In all {name} gained {n} points.", count="n", name=TEXT, n=INT),
    "lost": define("game_review.named.lost", "In all {name} lost {n} point.",
                   plural="In all {name} lost {n} points.", count="n", name=TEXT, n=INT),
    "even": define("game_review.named.even", "In all {name} broke even.", name=TEXT),
    "all_agreed": define("game_review.named.all_agreed",
                         "{name} chose what the computer would at every decision.", name=TEXT),
    "agreement": define("game_review.named.agreement",
                        "{name} played {agreed} of {n} decision as the computer would "
                        "({pct}%).",
                        plural="{name} played {agreed} of {n} decisions as the computer would "
                               "({pct}%).", count="n", name=TEXT, agreed=INT, n=INT, pct=INT),
    "agreement_few": define("game_review.named.agreement_few",
                            "{name} played {agreed} of {n} decision as the computer would.",
                            plural="{name} played {agreed} of {n} decisions as the computer "
                                   "would.", count="n", name=TEXT, agreed=INT, n=INT),
    # a category's sentences say "you": for a named player
    "cat_cost": define("game_review.named.cat_cost",
                       "{category}: {name} lost about {points:.1f} points with {n} choice the "
                       "computer would not have made.",
                       plural="{category}: {name} lost about {points:.1f} points with {n} "
                              "choices the computer would not have made.", count="n",
                       category=MSG, name=TEXT, n=INT, points=FLOAT),
    "cat_gain": define("game_review.named.cat_gain",
                       "{category}: {name} gained about {points:.1f} points with {n} choice the "
                       "computer would not have made.",
                       plural="{category}: {name} gained about {points:.1f} points with {n} "
                              "choices the computer would not have made.", count="n",
                       category=MSG, name=TEXT, n=INT, points=FLOAT),
    "cat_same": define("game_review.named.cat_same",
                       "{category}: {name}'s {n} decision matched the computer's.",
                       plural="{category}: {name}'s {n} decisions all matched the "
                              "computer's.", count="n", category=MSG, name=TEXT, n=INT),
    "cat_same_one": define("game_review.named.cat_same_one",
                           "{category}: {name}'s one decision matched the computer's.",
                           category=MSG, name=TEXT),
    "difference": define("game_review.named.difference",
                         "{name}'s choices against the computer's: {d:+.1f} points per hand "
                         "(95 % interval {low:+.1f} to {high:+.1f}; + means {name}'s did "
                         "better).", name=TEXT, d=FLOAT, low=FLOAT, high=FLOAT),
}
#: the habits that say "you", for a named player
NAMED_HABITS = {
    "pass_win": define("game_review.named_habit.pass_win",
                       "{name} passed up {n} win the computer would have taken",
                       plural="{name} passed up {n} wins the computer would have taken",
                       count="n", name=TEXT, n=INT),
    "take_win": define("game_review.named_habit.take_win",
                       "{name} took {n} win where the computer would have played on",
                       plural="{name} took {n} wins where the computer would have played on",
                       count="n", name=TEXT, n=INT),
    "pass_claim": define("game_review.named_habit.pass_claim",
                         "{name} passed on {n} claim the computer would have made",
                         plural="{name} passed on {n} claims the computer would have made",
                         count="n", name=TEXT, n=INT),
    "claim": define("game_review.named_habit.claim",
                    "{name} made {n} claim the computer would not have made",
                    plural="{name} made {n} claims the computer would not have made",
                    count="n", name=TEXT, n=INT),
    "uper_early": define("game_review.named_habit.uper_early",
                         "{name} declared uper {n} time where staying silent did better",
                         plural="{name} declared uper {n} times where staying silent did "
                                "better", count="n", name=TEXT, n=INT),
    "uper_missed": define("game_review.named_habit.uper_missed",
                          "{name} stayed silent {n} time where uper did better",
                          plural="{name} stayed silent {n} times where uper did better",
                          count="n", name=TEXT, n=INT),
    "defence": define("game_review.named_habit.defence",
                      "against an uper player {name} threw {n} tile the computer would have "
                      "kept",
                      plural="against an uper player {name} threw {n} tiles the computer would "
                             "have kept", count="n", name=TEXT, n=INT),
    "discard": define("game_review.named_habit.discard",
                      "building the hand, {name} threw {n} tile the computer would have kept",
                      plural="building the hand, {name} threw {n} tiles the computer would have "
                             "kept", count="n", name=TEXT, n=INT),
}
#: where a game that did not end stopped, and what the review covers (never a line number)
STOP_INTERRUPTED = define("game_review.stop.interrupted", "The game stopped in hand {hand};",
                          hand=INT)
STOP_DAMAGED = define("game_review.stop.damaged", "The record is damaged in hand {hand};",
                      hand=INT)
COVERS_NOTHING = define("game_review.covers.nothing", "{stop} there is nothing before it to "
                        "review.", stop=MSG)
COVERS_BEFORE = define("game_review.covers.before", "{stop} the review covers hand {last}.",
                       plural="{stop} the review covers hands 1-{last}.", count="last",
                       stop=MSG, last=INT)
COVERS_PART = define("game_review.covers.part",
                     "{stop} the review covers it as far as it was played.", stop=MSG)
COVERS_BEFORE_PART = define("game_review.covers.before_part",
                            "{stop} the review covers hand {last}, and hand {hand} as far as it "
                            "was played.",
                            plural="{stop} the review covers hands 1-{last}, and hand {hand} as "
                                   "far as it was played.",
                            count="last", stop=MSG, last=INT, hand=INT)
DIVERGES = define("game_review.diverges",
                  "line {line}: the record does not replay identically here (recorded {logged}, "
                  "replayed {replayed}); reviewed up to this line", line=INT, logged=TEXT,
                  replayed=TEXT)


class ReviewSeatError(MahjongError, ValueError):
    """No player to review: the record has no human and none was given, or the number is not
    a player. ``message`` says which."""


class ReviewCancelled(Exception):
    """`review_record` was cancelled (its `cancel` event was set); nothing is cached."""


def default_reviewer() -> str:
    """The strongest computer player registered that decides at once: the last of
    `ai.registry.LEVELS` that does not search within a thinking time (``ai:master`` would
    spend its budget on every decision of every playout).

    >>> default_reviewer()
    'ai:expert'
    """
    from ai.registry import LEVELS, SEARCHING, SEATS

    return next(name for name in reversed(LEVELS) if name in SEATS and name not in SEARCHING)


def verdict_of(cost: float, low: float | None = None, high: float | None = None) -> str:
    """The verdict of an estimated cost (points per hand lost) with its 95 % interval: the
    band of `THRESHOLDS` the estimate falls in, unless the interval cannot back it, then
    "unclear": a verdict worse than "fine" needs the interval above 0 (the playouts show the
    choice was worse), and "fine" needs it below the mistake threshold (they rule a mistake
    out).

    >>> verdict_of(0.4), verdict_of(-3.0), verdict_of(2.0), verdict_of(5.0), verdict_of(20.0)
    ('fine', 'fine', 'inaccuracy', 'mistake', 'blunder')
    >>> verdict_of(2.0, -1.0, 5.0), verdict_of(25.0, 15.0, 35.0), verdict_of(3.7, 0.4, 7.0)
    ('unclear', 'blunder', 'mistake')
    >>> verdict_of(0.2, -2.2, 2.6), verdict_of(0.1, -5.5, 5.6), verdict_of(-7.3, -12.8, -1.9)
    ('fine', 'unclear', 'fine')
    """
    step = sum(1 for t in THRESHOLDS.values() if cost >= t)
    if low is not None and high is not None:
        if step == 0 and high >= THRESHOLDS["mistake"]:
            return "unclear"
        if step > 0 and low <= 0:
            return "unclear"
    return VERDICTS[step]


# ---------------------------------------------------------------------------- results
@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the reviewed player.

    `hand` is the hand number, `actions_before` how many of the hand's recorded actions come
    before it and `events_before` how many of its events (``record.hands[i].table(
    actions_before)`` is the table at the decision, for the replay viewer); `line` is the record
    line of the player's action. `chosen` is what the player did, `suggested` what the reviewing
    AI would do (`why`: its explanation). When they differ, `cost` is the estimated points per
    hand lost by the player's choice (negative: it did better in the playouts), `low`/`high` its
    95 % interval, `playouts` the playouts per choice and `figures` each choice's results
    (``{"chosen": OptionResult, "suggested": OptionResult}``: average points, win and deal-in
    rates with intervals). `note` says why a disagreement was not measured."""

    hand: int
    actions_before: int
    events_before: int
    line: int
    seat: int  # the player's seat (wind) in that hand
    kind: str
    category: str
    chosen: Action
    suggested: Action
    why: Message | None = None
    cost: float = 0.0
    low: float = 0.0
    high: float = 0.0
    playouts: int = 0
    verdict: str = "fine"
    figures: dict[str, OptionResult] = field(default_factory=dict)
    wall_left: int = 0
    concealed: tuple[int, ...] = ()
    note: Message | None = None

    @property
    def agree(self) -> bool:
        return self.chosen == self.suggested

    @property
    def measured(self) -> bool:
        return self.playouts > 0

    def describe(self) -> Message:
        """The decision in one sentence (a message: words are made at the edge)."""
        if self.agree:
            return AGREED(chosen=self.chosen)
        if not self.measured:
            return UNMEASURED(chosen=self.chosen, suggested=self.suggested,
                              why=self.note or VERDICT_WORDS["unclear"]())
        return COMPARED(chosen=self.chosen, suggested=self.suggested, cost=self.cost,
                        low=self.low, high=self.high, n=self.playouts)

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand, "actions_before": self.actions_before,
            "events_before": self.events_before, "line": self.line,
            "seat": SEAT_LETTERS[self.seat], "kind": self.kind, "category": self.category,
            "chosen": self.chosen.to_json(), "suggested": self.suggested.to_json(),
            "agree": self.agree, "cost": round(self.cost, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
            "playouts": self.playouts, "verdict": self.verdict,
            "figures": {k: _figures_json(r) for k, r in self.figures.items()},
            "wall_left": self.wall_left, "concealed": format_tiles(self.concealed),
            "why": None if self.why is None else self.why.to_json(),
            "note": None if self.note is None else self.note.to_json(),
            "text": str(self.describe()),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ReviewedDecision:
        from game.engine.tiles import parse_tiles

        def msg(x: Any) -> Message | None:
            return None if x is None else message_from_json(x)

        figures = {}
        for k, f in d["figures"].items():
            figures[str(k)] = OptionResult(str(k), int(f["playouts"]), int(f["wins"]),
                                           int(f["deal_ins"]), float(f["points_sum"]),
                                           float(f["points_sq"]))
        verdict = str(d["verdict"])
        if verdict not in VERDICTS or d["kind"] not in KINDS or d["category"] not in CATEGORIES:
            raise ValueError("unknown verdict, kind or category")
        low, high = d["interval"]
        return cls(int(d["hand"]), int(d["actions_before"]), int(d["events_before"]),
                   int(d["line"]), SEAT_LETTERS.index(d["seat"]), str(d["kind"]),
                   str(d["category"]), action_from_json(d["chosen"]),
                   action_from_json(d["suggested"]), msg(d["why"]), float(d["cost"]),
                   float(low), float(high), int(d["playouts"]), verdict, figures,
                   int(d["wall_left"]), tuple(parse_tiles(d["concealed"])), msg(d["note"]))


def _figures_json(r: OptionResult) -> dict[str, Any]:
    out = r.as_dict()
    out.update(wins=r.wins, deal_ins=r.deal_ins, points_sum=r.points_sum, points_sq=r.points_sq)
    return out


@dataclass(frozen=True)
class HandOutcome:
    """How one finished hand went for the reviewed player (from the record, not the playouts):
    his points in it (signed), whether he won and whether he dealt in."""

    hand: int
    points: int
    won: bool
    dealt_in: bool


@dataclass(frozen=True)
class CategorySummary:
    """The decisions of one category: how many, how many agreed, points lost (sum)."""

    decisions: int = 0
    agreed: int = 0
    points_lost: float = 0.0


@dataclass(frozen=True)
class GameReview:
    """The review of one player's game (see the module). `items`: every decision, the
    disagreements first, worst (highest cost) first, then the agreements in the order played.
    `reason`: why the record (or its replay) stopped before its end (None: reviewed whole).
    `playouts_run`: playouts played to make this review (0 when it came from the cache)."""

    record: str
    sha256: str
    player: int  # 0-3, in the order of the record's players (the header's "human")
    player_name: str
    reviewer: str
    opponents: str
    playouts: int
    version: str
    hands: int
    items: tuple[ReviewedDecision, ...]
    reason: Message | None = None
    complete: bool = True
    seconds: float = 0.0
    playouts_run: int = 0
    cached: bool = False
    workers: int = 1
    seed: int = 0
    outcomes: tuple[HandOutcome, ...] = ()  # the finished hands reviewed, in order
    stopped_in: int | None = None  # the hand the game or the replay stopped in (not complete)

    # ------------------------------------------------------------------ the summary
    @property
    def decisions(self) -> int:
        return len(self.items)

    @property
    def agreed(self) -> int:
        return sum(1 for i in self.items if i.agree)

    @property
    def agreement(self) -> float:
        """Share of the decisions where the player chose what the computer would (1.0 when
        there were none)."""
        return self.agreed / self.decisions if self.items else 1.0

    @property
    def points_lost(self) -> float:
        """Estimated points lost over the reviewed hands (the measured costs summed; a choice
        that did better than the computer's counts negative)."""
        return sum((i.cost for i in self.items if i.measured), 0.0)

    @property
    def points_lost_per_hand(self) -> float:
        return self.points_lost / self.hands if self.hands else 0.0

    @property
    def points_lost_interval(self) -> tuple[float, float]:
        """95 % interval of `points_lost`: the decisions' playouts are independent, so their
        variances add up. With many close calls it is wide: a total near 0 says the player
        and the computer are about level, not that they played alike."""
        half = math.sqrt(sum(((i.high - i.low) / 2) ** 2 for i in self.items if i.measured))
        return self.points_lost - half, self.points_lost + half

    def by_category(self) -> dict[str, CategorySummary]:
        out = {}
        for c in CATEGORIES:
            mine = [i for i in self.items if i.category == c]
            out[c] = CategorySummary(len(mine), sum(1 for i in mine if i.agree),
                                     sum(i.cost for i in mine if i.measured))
        return out

    def verdicts(self) -> dict[str, int]:
        """Decisions per verdict (agreements are "fine")."""
        out = dict.fromkeys(VERDICTS, 0)
        for i in self.items:
            out[i.verdict] += 1
        return out

    def disagreements(self) -> list[ReviewedDecision]:
        """The decisions where the player and the computer differ, worst first."""
        return [i for i in self.items if not i.agree]

    # ------------------------------------------------------------------ in sentences
    def summary(self, name: str | None = None) -> list[Message]:
        """The review as a coach says it, a sentence a message: where the game stopped (if it
        did), how it went, where the points went by category, the one habit to work on, and
        the agreement with the computer (its share only from `AGREEMENT_MIN` decisions, where
        one decision more or less no longer moves it much). Nothing here is a negative loss:
        a choice that did better is said as a gain, a sum within `EVEN` of 0 as no
        difference. The figures behind it are `figures()`. `name`: the player is named, not
        "you" (a review asked for another player than the record's person)."""

        def said(key: str, plain: Any, **args: Any) -> Message:
            return plain(**args) if name is None else NAMED[key](name=name, **args)

        out: list[Message] = []
        stop = self.stop_sentence()
        if stop is not None:
            out.append(stop)
        if self.outcomes:
            n = len(self.outcomes)
            won = sum(1 for o in self.outcomes if o.won)
            out.append(said("won_only", SUM_WON_ONLY) if n == 1 and won else
                       said("not_won_only", SUM_LOST_ONLY) if n == 1 else
                       said("won_none", SUM_WON_NONE, n=n) if not won else
                       said("won", SUM_WON, won=won, n=n))
            dealt = sum(1 for o in self.outcomes if o.dealt_in)
            out.append(said("dealt_in_once", SUM_DEALT_ONCE) if dealt == 1 else
                       said("dealt_in_twice", SUM_DEALT_TWICE) if dealt == 2 else
                       said("dealt_in", SUM_DEALT, n=dealt) if dealt else
                       said("no_deal_in", SUM_NO_DEAL))
            total = sum(o.points for o in self.outcomes)
            out.append(said("gained", SUM_GAINED, n=total) if total > 0 else
                       said("lost", SUM_LOST, n=-total) if total < 0 else
                       said("even", SUM_EVEN))
        for c, cs in self.by_category().items():
            differ = cs.decisions - cs.agreed
            if not cs.decisions:
                continue
            word = CATEGORY_WORDS[c]()
            if not differ and cs.decisions == 1:
                out.append(said("cat_same_one", CAT_SAME_ONE, category=word))
            elif not differ:
                out.append(said("cat_same", CAT_SAME, category=word, n=cs.decisions))
            elif cs.points_lost >= EVEN:
                out.append(said("cat_cost", CAT_COST, category=word, n=differ,
                                points=cs.points_lost))
            elif cs.points_lost <= -EVEN:
                out.append(said("cat_gain", CAT_GAIN, category=word, n=differ,
                                points=-cs.points_lost))
            else:
                out.append(CAT_TIE(category=word, n=differ))
        if self.items and self.agreed == self.decisions:
            out.append(said("all_agreed", ALL_AGREED))
        elif self.items:
            habit = self.habit()
            out.append(NO_HABIT() if habit is None else
                       HABIT(what=self._habit_words(habit[0], habit[1], name), hand=habit[2]))
        if self.decisions >= AGREEMENT_MIN:
            out.append(said("agreement", AGREEMENT, agreed=self.agreed, n=self.decisions,
                            pct=round(100 * self.agreement)))
        elif 0 < self.agreed < self.decisions:  # all agreed: said above; none: the categories
            out.append(said("agreement_few", AGREEMENT_FEW, agreed=self.agreed,
                            n=self.decisions))
        return out

    @staticmethod
    def _habit_words(key: str, n: int, name: str | None) -> Message:
        if name is not None and key in NAMED_HABITS:
            return NAMED_HABITS[key](name=name, n=n)
        return HABITS[key](n=n)

    def habit(self) -> tuple[str, int, int] | None:
        """The one habit to work on: among the decisions the playouts show were worse (an
        inaccuracy, a mistake or a blunder), the kind of choice (`HABITS`) whose costs sum
        highest, as (its key, how many, the hand of its costliest); None when there is none."""
        groups: dict[str, list[ReviewedDecision]] = {}
        for i in self.items:
            if i.verdict in ("inaccuracy", "mistake", "blunder"):
                groups.setdefault(_habit_of(i), []).append(i)
        if not groups:
            return None
        key, group = max(groups.items(), key=lambda kv: sum(i.cost for i in kv[1]))
        worst = max(group, key=lambda i: i.cost)
        return key, len(group), worst.hand

    def stop_sentence(self) -> Message | None:
        """Where a game that did not end stopped and what the review covers, in one plain
        sentence (the record's own reason, with its line, is in `figures()`); None when the
        record was reviewed to its end."""
        if self.complete or self.stopped_in is None:
            return None
        hand = self.stopped_in
        from game.records import is_interruption

        # no reason: the record ends between hands, before the session's end
        interrupted = self.reason is None or is_interruption(self.reason)
        stop = (STOP_INTERRUPTED if interrupted else STOP_DAMAGED)(hand=hand)
        part = any(i.hand == hand for i in self.items)
        last = hand - 1
        if last < 1:
            return COVERS_PART(stop=stop) if part else COVERS_NOTHING(stop=stop)
        if part:
            return COVERS_BEFORE_PART(stop=stop, last=last, hand=hand)
        return COVERS_BEFORE(stop=stop, last=last)

    def figures(self, name: str | None = None) -> list[Message]:
        """The figures behind `summary()`, for whoever asks: the difference per hand from the
        computer's choices with its interval (signed: + when the player's did better), the
        decisions per verdict, how they were measured and the record's own reason. `name`:
        the player is named, not "you"."""
        out: list[Message] = []
        if any(i.measured for i in self.items):
            low, high = self.points_lost_interval
            n = max(1, self.hands)
            d = {"d": _zero(-self.points_lost / n), "low": _zero(-high / n),
                 "high": _zero(-low / n)}
            out.append(FIG_DIFF(**d) if name is None else NAMED["difference"](name=name, **d))
        if self.items:
            out.extend(FIG_VERDICT(verdict=VERDICT_WORDS[v](), n=k)
                       for v, k in self.verdicts().items() if k)
            out.append(FIG_METHOD(reviewer=self.reviewer, n=self.playouts))
        if self.reason is not None:
            out.append(FIG_REASON(why=self.reason))
        return out

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The review as JSON (docs/review.md documents every field)."""
        cats = self.by_category()
        return {
            "format": REVIEW_FORMAT, "record": self.record, "sha256": self.sha256,
            "player": self.player + 1, "player_name": self.player_name,
            "reviewer": self.reviewer, "opponents": self.opponents, "playouts": self.playouts,
            "version": self.version, "hands": self.hands, "decisions": self.decisions,
            "agreed": self.agreed, "agreement": round(self.agreement, 4),
            "points_lost": round(self.points_lost, 4),
            "points_lost_per_hand": round(self.points_lost_per_hand, 4),
            "points_lost_interval": [round(x, 4) for x in self.points_lost_interval],
            "by_category": {c: {"decisions": s.decisions, "agreed": s.agreed,
                                "points_lost": round(s.points_lost, 4),
                                "points_lost_per_hand": round(s.points_lost / self.hands, 4)
                                if self.hands else 0.0}
                            for c, s in cats.items()},
            "verdicts": self.verdicts(), "thresholds": dict(THRESHOLDS),
            "complete": self.complete,
            "reason": None if self.reason is None else self.reason.to_json(),
            "seconds": round(self.seconds, 3), "playouts_run": self.playouts_run,
            "cached": self.cached, "workers": self.workers, "seed": self.seed,
            "outcomes": [[o.hand, o.points, o.won, o.dealt_in] for o in self.outcomes],
            "stopped_in": self.stopped_in,
            "items": [i.to_json() for i in self.items],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameReview:
        """Read `to_json`'s output back (raises KeyError, TypeError or ValueError on anything
        else)."""
        _import_message_kinds()
        if d.get("format") != REVIEW_FORMAT:
            raise ValueError("another review format")
        reason = d["reason"]
        return cls(str(d["record"]), str(d["sha256"]), int(d["player"]) - 1,
                   str(d["player_name"]), str(d["reviewer"]), str(d["opponents"]),
                   int(d["playouts"]), str(d["version"]), int(d["hands"]),
                   tuple(ReviewedDecision.from_json(i) for i in d["items"]),
                   None if reason is None else message_from_json(reason), bool(d["complete"]),
                   float(d["seconds"]), int(d["playouts_run"]), bool(d["cached"]),
                   int(d["workers"]), int(d["seed"]),
                   tuple(HandOutcome(int(h), int(p), bool(w), bool(x))
                         for h, p, w, x in d["outcomes"]),
                   None if d["stopped_in"] is None else int(d["stopped_in"]))


def _zero(x: float) -> float:
    """`x` without a negative zero ("-0.0" reads as a loss of nothing)."""
    return 0.0 if abs(x) < EVEN else x


def _habit_of(i: ReviewedDecision) -> str:
    """The kind of choice a decision was (the keys of `HABITS`)."""
    if i.kind == "win":
        return "take_win" if isinstance(i.chosen, Win) else "pass_win"
    if i.kind == "claim":
        return "pass_claim" if isinstance(i.chosen, Pass) else "claim"
    if i.kind == "uper":
        return "uper_early" if isinstance(i.chosen, Discard) and i.chosen.uper else "uper_missed"
    if i.kind in ("kong", "nine_major"):
        return i.kind
    return "defence" if i.category == "defence" else "discard"


def _outcomes(record: Record, player: int, hands: int, stopped_in: int | None
              ) -> tuple[HandOutcome, ...]:
    """How each finished hand reviewed went for `player`, from the record's hand ends."""
    out = []
    for hand in record.hands[:hands]:
        end = hand.end
        if end is None or (stopped_in is not None and hand.number >= stopped_in):
            continue
        seat = hand.player_at_seat().index(player)
        out.append(HandOutcome(hand.number, end.payments[seat],
                               any(w.seat == seat for w in end.winners),
                               any(w.from_seat == seat and w.how != WinHow.SELF_DRAW
                                   for w in end.winners)))
    return tuple(out)


@dataclass(frozen=True)
class TimelineHand:
    """One finished hand of the session, for the points timeline: every player's points in it
    and running total (in the order of the record's players), who won, who dealt in, and what
    the reviewed player's decisions shown worse than fine cost in it (`cost`, summed)."""

    hand: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    dealt_in: int | None
    cost: float

    @property
    def draw(self) -> bool:
        return not self.winners


#: hands marked on the timeline as those that cost the player most (at most)
COSTLIEST = 3


def timeline(record: Record, review: GameReview) -> list[TimelineHand]:
    """The session hand by hand (the finished hands reviewed), from the record's hand ends: the
    points timeline of the review screen and the HTML report.

    >>> import tempfile
    >>> from game.engine.rules import RuleSet
    >>> from game.engine.session import Session
    >>> from game.records import RecordWriter, load_record
    >>> from ai.registry import make_seat
    >>> w = RecordWriter(Session(RuleSet(), seed=4, hands=2), directory=tempfile.mkdtemp(),
    ...                  human=0)
    >>> _ = w.play([make_seat("ai:expert", seed=i) for i in range(4)])
    >>> r = review_record(w.path, playouts=8, workers=1, cache=False)
    >>> tl = timeline(load_record(w.path), r)
    >>> [h.hand for h in tl], sum(tl[-1].totals) == 0
    ([1, 2], True)
    """
    cost: dict[int, float] = {}
    for i in review.items:
        if i.verdict in ("inaccuracy", "mistake", "blunder") and i.cost > 0:
            cost[i.hand] = cost.get(i.hand, 0.0) + i.cost
    out: list[TimelineHand] = []
    totals = [0, 0, 0, 0]
    for hand in record.hands[:review.hands]:
        end = hand.end
        if end is None or (review.stopped_in is not None and hand.number >= review.stopped_in):
            continue
        players = hand.player_at_seat()
        points = [0, 0, 0, 0]
        for seat, p in enumerate(players):
            points[p] = end.payments[seat]
            totals[p] += end.payments[seat]
        dealt = [players[w.from_seat] for w in end.winners
                 if w.how != WinHow.SELF_DRAW and w.from_seat is not None]
        out.append(TimelineHand(hand.number, tuple(points), tuple(totals),
                                tuple(sorted({players[w.seat] for w in end.winners})),
                                dealt[0] if dealt else None, cost.get(hand.number, 0.0)))
    return out


def costliest(hands: Sequence[TimelineHand], n: int = COSTLIEST) -> list[int]:
    """The numbers of the (at most `n`) hands whose worse decisions cost the player most."""
    worst = sorted((h for h in hands if h.cost > 0), key=lambda h: (-h.cost, h.hand))[:n]
    return sorted(h.hand for h in worst)


def _header_human(data: bytes) -> int | None:
    """The record's person (the header's ``human``) from its first line alone, to find a
    kept review without reading the whole record; None when it does not say."""
    try:
        header = json.loads(data.split(b"\n", 1)[0])
    except ValueError:
        return None
    h = header.get("human") if isinstance(header, dict) else None
    return h if isinstance(h, int) and not isinstance(h, bool) and 0 <= h < 4 else None


def _import_message_kinds() -> None:
    """Import the modules whose message kinds a review may carry (the AI's explanations)."""
    import ai.heuristic  # noqa: F401


@dataclass(frozen=True)
class ReviewProgress:
    """How far a review is: `stage` "decisions" (replaying hands and asking the computer,
    while the first disagreements are already played out; `done`/`total` in hands) or
    "playouts" (the scan is over; in playouts); `fraction` is the whole review's (`share`
    when the review gives it: the playouts run during the scan count)."""

    stage: str
    done: int
    total: int
    share: float | None = None

    @property
    def fraction(self) -> float:
        if self.share is not None:
            return self.share
        part = self.done / self.total if self.total else 1.0
        return 0.1 * part if self.stage == "decisions" else 0.1 + 0.9 * part


# ---------------------------------------------------------------------------- the cache
def cache_path(record: str | Path) -> Path:
    """Where the reviews of `record` are kept: beside it, ``<record>.review.json``."""
    p = Path(record)
    return p.with_name(p.name + CACHE_SUFFIX)


def review_key(player: int, reviewer: str, opponents: str, playouts: int, seed: int = 0) -> str:
    """What must be the same for a cached review to stand: the review format, the program's
    version, the reviewing and opponent AIs, the playouts, the player and the playouts' seed
    (the record's bytes are checked apart, by their SHA-256)."""
    from game import __version__

    return f"{REVIEW_FORMAT}|{__version__}|{reviewer}|{opponents}|{playouts}|{player}|{seed}"


def _read_cache(path: Path) -> dict[str, Any] | None:
    """The cache file's content, or None when there is none or it cannot be used (read by
    `game.storage.read_json`: never a pipe or a folder, bounded, no ``NaN``/``Infinity``)."""
    found = storage.read_json(path, MAX_CACHE_BYTES)
    data = found.value
    if not found.ok or not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT or \
            not isinstance(data.get("reviews"), dict) or not isinstance(data.get("sha256"), str):
        return None
    return data


def _record_sha256(record: str | Path) -> str | None:
    """The SHA-256 of the record's bytes, read safely (never a pipe); None when unreadable."""
    found = storage.read_bytes(record, MAX_RECORD)
    return None if found.data is None else hashlib.sha256(found.data).hexdigest()


def cached_review(record: str | Path, player: int, *, reviewer: str | None = None,
                  opponents: str = DEFAULT_OPPONENTS, playouts: int = DEFAULT_PLAYOUTS,
                  seed: int = 0, sha256: str | None = None) -> GameReview | None:
    """The review kept beside `record` for these settings, if the record is unchanged (None:
    none, another record, another program, or a damaged cache file). Never raises on what
    the cache file holds."""
    reviewer = reviewer or default_reviewer()
    if sha256 is None:
        sha256 = _record_sha256(record)
        if sha256 is None:
            return None
    data = _read_cache(cache_path(record))
    if data is None or data["sha256"] != sha256:
        return None
    entry = data["reviews"].get(review_key(player, reviewer, opponents, playouts, seed))
    if entry is None:
        return None
    try:
        r = GameReview.from_json(entry)
    except Exception:  # noqa: BLE001 - whatever a damaged cache holds, it is rebuilt, never a crash
        return None
    if r.sha256 != sha256 or r.player != player:
        return None
    return replace(r, cached=True, playouts_run=0)


def _write_cache(record: Path, review: GameReview) -> bool:
    """Keep `review` beside `record` (`game.storage.write_json`: atomically, through a link,
    never over a read-only file or a pipe). False when it cannot be written (the review is
    simply not kept)."""
    path = cache_path(record)
    data = _read_cache(path)
    reviews: dict[str, Any] = {}
    if data is not None and data["sha256"] == review.sha256:
        reviews = dict(data["reviews"])
    key = review_key(review.player, review.reviewer, review.opponents, review.playouts,
                     review.seed)
    reviews.pop(key, None)
    reviews[key] = review.to_json()
    while len(reviews) > CACHE_KEEP:
        reviews.pop(next(iter(reviews)))
    try:
        storage.write_json(path, {"format": REVIEW_FORMAT, "sha256": review.sha256,
                                  "reviews": reviews}, indent=None, newline=False,
                           make_folder=False)
    except (storage.StorageError, ValueError):  # ValueError: a number JSON cannot hold
        return False
    return True


# ---------------------------------------------------------------------------- decisions
def _kind_and_category(d: Decision, chosen: Action, suggested: Action) -> tuple[str, str]:
    """What was decided and what it is about (docs/review.md): a win or not is offence; a
    claim or pass, claims; uper or silent, uper timing; a discard while an opponent has
    declared uper, defence; every other discard, kong and the nine-major draw, offence."""
    both = (chosen, suggested)
    obs = d.observation
    if any(isinstance(a, Win) for a in both):
        return "win", "offence"
    if d.kind in OFFERS:
        return "claim", "claims"
    if any(isinstance(a, DeclareNineMajor) for a in both):
        return "nine_major", "offence"
    if d.kind == DecisionKind.KONG or any(isinstance(a, (ConcealedKong, AddedKong, Kong)) for a in both):
        return "kong", "offence"
    if any(isinstance(a, Discard) and a.uper for a in both):
        return "uper", "uper"
    if any(up for s, up in enumerate(obs.uper) if s != obs.seat):
        return "discard", "defence"
    return "discard", "offence"


@dataclass
class _Pending:
    """A disagreement waiting for its playouts."""

    index: int  # in the items list
    job: _Job


@dataclass(frozen=True)
class _Job:
    """Everything one disagreement's playouts need (sent to the worker processes)."""

    base: Table
    seat: int
    chosen: Action
    suggested: Action
    keep: tuple[int, ...]
    reviewer: str
    opponents: str
    seed: str


def _events_equal(a: Event, b: Event) -> bool:
    if a == b:
        return True
    return json.loads(json.dumps(a.to_json())) == json.loads(json.dumps(b.to_json()))


def _short(e: Event) -> str:
    text = json.dumps(e.to_json(), separators=(",", ":"))
    return text if len(text) <= 120 else text[:120] + "..."


def _scan(record: Record, player: int, reviewer: str, opponents: str, seed_base: str,
          progress: Callable[[ReviewProgress], None] | None,
          cancel: threading.Event | None,
          found: Callable[[int, int], None] | None = None,
          items: list[ReviewedDecision] | None = None, pending: list[_Pending] | None = None
          ) -> tuple[list[ReviewedDecision], list[_Pending], int, Message | None]:
    """Replay every hand, ask the reviewing AI at each of the player's decisions. Returns the
    decisions, the disagreements to measure, the hands replayed and why the replay stopped.
    `found(items_before, pending_before)` is called after each hand (the review starts its
    disagreements' playouts at once; `progress` is then the caller's to report). `items` and
    `pending`: the lists to fill (new ones by default), for `found` to read."""
    items = [] if items is None else items
    pending = [] if pending is None else pending
    hands = 0
    total = len(record.hands)
    for h_i, hand in enumerate(record.hands):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled()
        if progress is not None:
            progress(ReviewProgress("decisions", h_i, total))
        if hand.start is None:
            break
        hands += 1
        before = len(items), len(pending)
        stop = _scan_hand(hand, player, reviewer, opponents, seed_base, items, pending)
        if found is not None:
            found(*before)
        if stop is not None:
            return items, pending, hands, stop
    if progress is not None:
        progress(ReviewProgress("decisions", total, total))
    return items, pending, hands, None


def _diverges(table: Table, recorded: Sequence[tuple[int, Event]], checked: int
              ) -> tuple[int, Message | None]:
    """Compare the table's events from `checked` on with the recorded ones: (how many are
    checked now, why they differ or None)."""
    ev = table.events
    upto = min(len(ev), len(recorded))
    for k in range(checked, upto):
        no, want = recorded[k]
        if not _events_equal(ev[k], want):
            return k, DIVERGES(line=no, logged=_short(want), replayed=_short(ev[k]))
    return max(checked, upto), None


def _scan_hand(hand: HandRecord, player: int, reviewer: str, opponents: str, seed_base: str,
               items: list[ReviewedDecision], pending: list[_Pending]) -> Message | None:
    """`_scan` of one hand: adds its decisions to `items` and its disagreements to `pending`;
    returns why the replay stops in this hand (None: it replays to its last action)."""
    from ai.registry import make_seat

    seat = hand.player_at_seat().index(player)
    try:
        table = hand.table(0)
    except MahjongError as err:
        return reason_of_error(err)
    rebuild = HandRebuild(table)
    ai = make_seat(reviewer, seed=hand.number * 4 + seat)
    seen = 0
    checked, stop = _diverges(table, hand.events, 0)
    produced: list[int] = []  # events each action caused (0: a claim answer not yet resolved)
    bases: dict[int, tuple[Table, int]] = {}  # action index -> (table before it, item index)
    for a_i, (no, s, action) in enumerate(hand.actions):
        if stop is not None:
            break
        ev = table.events
        for e in ev[seen:]:
            ai.observe(e.visible_to(seat))
        seen = len(ev)
        d = table.pending().get(s)
        if s == seat and d is not None and action in d.legal and len(d.legal) > 1:
            suggested = ai.act(d)
            kind, category = _kind_and_category(d, action, suggested)
            item = ReviewedDecision(hand.number, a_i, len(ev), no, seat, kind, category, action,
                                    suggested, ai.explain(), wall_left=d.observation.wall_left,
                                    concealed=d.observation.concealed)
            if not item.agree:
                bases[a_i] = (table.copy(), len(items))
            items.append(item)
        n0 = len(table.events)
        try:
            rebuild.play(s, action, line=no)
        except RebuildError as err:
            stop = AT_LINE(line=no, why=reason_of_error(err.cause))
            break
        produced.append(len(table.events) - n0)
        checked, stop = _diverges(table, hand.events, checked)
    for a_i, (base, at) in bases.items():
        if a_i >= len(produced):
            continue  # the replay stopped at this action: no playouts from it
        item = items[at]
        try:
            job_base, keep = _playout_base(base, seat, hand.actions, produced, a_i)
            job_base.resample_hidden(seat, random.Random(0), keep=keep)  # it can be dealt again
        except (MahjongError, ValueError, AssertionError) as err:
            items[at] = replace(item, verdict="unclear", note=reason_of_error(err))
            continue
        pending.append(_Pending(at, _Job(job_base, seat, item.chosen, item.suggested, keep,
                                         reviewer, opponents, f"{seed_base}/{hand.number}/{a_i}")))
    return stop


def _playout_base(table: Table, seat: int, actions: Sequence[tuple[int, int, Action]],
                  produced: Sequence[int], i: int) -> tuple[Table, tuple[int, ...]]:
    """The table the playouts of decision `i` start from, and the seats whose hands they keep.

    A claim may be open to other seats at the same moment: their recorded answers (hidden
    until every answer is in, so their order changes nothing) are given first, so that only
    the player still decides and the hidden tiles can be dealt again. A seat that claimed keeps
    its hand (its claim needs its tiles), as does every player who declared uper."""
    keep = {s for s, up in enumerate(table.observation(seat).uper) if up and s != seat}
    k = i - 1
    while k >= 0 and produced[k] == 0:  # answers to the same claim given before
        _, s, a = actions[k]
        if not isinstance(a, Pass):
            keep.add(s)
        k -= 1
    later = []
    k = i
    while k < len(produced) and produced[k] == 0 and k + 1 < len(actions):
        later.append(actions[k + 1])
        k += 1
    if later:
        table = table.copy()
        for _, s, a in later:
            table.submit(s, a)
            if not isinstance(a, Pass):
                keep.add(s)
    keep.discard(seat)
    return table, tuple(sorted(keep))


# ---------------------------------------------------------------------------- playouts
Row = tuple[int, int, bool, bool, int, bool, bool]  # i, chosen: points won dealt-in, suggested: ...


#: the last job's `_watchers` (the job held, so its identity stays its own): a chunk's playouts,
#: and with one worker every chunk of a decision, share them
_WATCHING: tuple[_Job, list[Any]] | None = None


def _watchers(job: _Job) -> list[Any]:
    """The four seats of the job's playouts (the reviewer at the player's seat), each having
    observed the table's history as it saw it. The history is the same in every playout of a
    decision (the re-deal leaves the log as it was) and what the seats keep of it does not
    depend on their seeds, so it is read once and each playout's seats are copies of these
    (`_seated`) instead of four new seats reading every event again (about a twentieth of a
    playout's work)."""
    global _WATCHING
    last = _WATCHING
    if last is not None and last[0] is job:
        return last[1]
    from ai.registry import make_seat

    seats = [make_seat(job.reviewer if s == job.seat else job.opponents) for s in range(4)]
    history = job.base.events
    for s in range(4):
        for e in history:
            seats[s].observe(e.visible_to(s))
    _WATCHING = (job, seats)
    return seats


def _seated(job: _Job, i: int, history: Sequence[Event]) -> list[Any]:
    """Playout `i`'s seats, seeded by `i`, having seen `history` (the job's): copies of its
    `_watchers` where a seat can be copied with what it saw (`HeuristicSeat.copy`), else new
    seats that observe the history now."""
    from ai.heuristic import HeuristicSeat
    from ai.registry import make_seat

    seats = []
    for s, w in enumerate(_watchers(job)):
        if type(w) is HeuristicSeat:
            seats.append(w.copy(seed=i * 4 + s))
            continue
        seat = make_seat(job.reviewer if s == job.seat else job.opponents, seed=i * 4 + s)
        for e in history:
            seat.observe(e.visible_to(s))
        seats.append(seat)
    return seats


def _playout(job: _Job, action: Action, i: int) -> tuple[int, bool, bool]:
    """One playout of one choice: (the player's points, won, dealt in). Everything random
    comes from the job's seed and `i`, so it gives the same result in any process."""
    t = job.base.resample_hidden(job.seat, random.Random(f"{job.seed}/{i}"), keep=job.keep)
    history = t.events
    seats = _seated(job, i, history)
    n = len(history)
    t.submit(job.seat, action)
    HandDriver(t, seats, seen=n).run()
    r = t.result
    assert r is not None
    won = any(w.seat == job.seat for w in r.winners)
    dealt_in = any(w.from_seat == job.seat and w.how != WinHow.SELF_DRAW for w in r.winners)
    return r.payments[job.seat], won, dealt_in


def _run_chunk(job: _Job, start: int, stop: int) -> list[Row]:
    """Playouts `start` to `stop` of both choices (in a worker process or not).

    The garbage collector waits meanwhile: a playout makes no reference cycles (its garbage
    goes as it is made: tests/practice/test_review_playouts_pause_the_garbage_collector.py),
    and its collections, which walk a worker's whole heap (the shanten, plan and scoring
    caches), took about a tenth of the playouts' time."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        out = []
        for i in range(start, stop):
            c = _playout(job, job.chosen, i)
            s = _playout(job, job.suggested, i)
            out.append((i, *c, *s))
        return out
    finally:
        if paused:
            gc.enable()


#: playouts per chunk sent to a worker (each plays both choices)
CHUNK = 6
#: chunks handed to each worker process at once: few, so that the earliest decisions' chunks
#: (their second round included) go first and their verdicts come out in order, early
IN_FLIGHT = 2


class _Measure:
    """The playouts of every disagreement, played while the record is still being scanned.

    `add(jobs)` takes the disagreements of a hand as soon as it is scanned; their chunks go to
    the worker processes in the order of the decisions (a heap: a decision's second round goes
    before later decisions' first round), a few at a time, so the first verdicts are known
    after seconds, not after the whole record. Each decision gets its first round (a third of
    the playouts, at least 8); one whose interval lies within one verdict stops there, the
    others get the rest (`_decided` on its own first-round rows, whatever else is being
    played). Every playout is seeded by its decision and its number, so neither the worker
    count nor the order of play changes a verdict. With one worker the chunks are played here,
    at once. `done(j, rows)` is called once a job's rows are final (None: it failed)."""

    def __init__(self, playouts: int, workers: int, hands: int,
                 progress: Callable[[ReviewProgress], None] | None,
                 cancel: threading.Event | None,
                 done: Callable[[int, list[Row] | None], None] | None) -> None:
        self.playouts = playouts
        self.first = min(playouts, max(8, math.ceil(playouts / 3)))
        self.workers = workers
        self.hands = hands
        self.scanned = 0
        self.progress = progress
        self.cancel = cancel
        self.done = done
        self.jobs: list[_Job] = []
        self.rows: list[list[Row]] = []
        self.target: list[int] = []  # the rows a job waits for before it is looked at again
        self.failed: dict[int, Message] = {}
        self.queue: list[tuple[int, int, int]] = []  # (job, start, stop), a heap
        self.flying: dict[Future[list[Row]], tuple[int, int, int]] = {}
        self.run = 0  # playouts played, both choices counted
        self.planned = 0  # at most, for the jobs known: only comes down as jobs settle
        self.shown = 0.0

    # ------------------------------------------------------------------ progress
    def report(self, scanned: int | None = None, playing: bool = False) -> None:
        """Tell how far the review is: the scan's share (a tenth) and the playouts' (the
        planned ones of the hands not scanned yet estimated from those scanned). The
        fraction shown never goes back. `playing`: a playout result came in (the stage said
        is the playouts', while the scan goes on too)."""
        if scanned is not None:
            self.scanned = scanned
        if self.progress is None:
            return
        left = self.hands - self.scanned
        planned = self.planned + (self.planned / self.scanned * left if self.scanned else 0.0)
        part = self.run / planned if planned else float(self.scanned >= self.hands)
        share = 0.1 * (self.scanned / self.hands if self.hands else 1.0) + 0.9 * part
        self.shown = max(self.shown, min(1.0, share))
        if self.scanned < self.hands and not playing:
            self.progress(ReviewProgress("decisions", self.scanned, self.hands, self.shown))
        else:
            self.progress(ReviewProgress("playouts", self.run, max(self.run, round(planned)),
                                         self.shown))

    # ------------------------------------------------------------------ the jobs
    def add(self, jobs: Sequence[_Job]) -> None:
        """Start the playouts of these disagreements (with one worker: play them now)."""
        for job in jobs:
            j = len(self.jobs)
            self.jobs.append(job)
            self.rows.append([])
            self.target.append(self.first)
            self.planned += 2 * self.playouts
            self._queue(j, 0, self.first)
        self._pump(block=False)

    def finish(self) -> tuple[list[list[Row]], dict[int, Message], int, int]:
        """Play everything left; returns the rows per job, why jobs failed, the playouts
        played and the workers used."""
        self._pump(block=True)
        self.shown = 1.0
        if self.progress is not None:
            self.progress(ReviewProgress("playouts", self.run, self.run, 1.0))
        for r in self.rows:
            r.sort()
        return self.rows, self.failed, self.run, self.workers

    def _queue(self, j: int, lo: int, hi: int) -> None:
        for a in range(lo, hi, CHUNK):
            heapq.heappush(self.queue, (j, a, min(hi, a + CHUNK)))

    def _cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

    def _got(self, c: tuple[int, int, int], got: list[Row] | BaseException) -> None:
        j = c[0]
        if j in self.failed:
            return
        if isinstance(got, BaseException):
            self.failed[j] = reason_of_error(got)
            self.planned -= 2 * (self.target[j] - len(self.rows[j])) + \
                2 * (self.playouts - self.target[j])
            self.queue = [q for q in self.queue if q[0] != j]
            heapq.heapify(self.queue)
            if self.done is not None:
                self.done(j, None)
            self.report(playing=True)
            return
        rows = self.rows[j]
        rows.extend(got)
        self.run += 2 * len(got)
        if len(rows) == self.target[j]:
            if self.target[j] >= self.playouts or _decided(rows) or \
                    _futile(rows, self.playouts):
                self.planned -= 2 * (self.playouts - self.target[j])
                if self.done is not None:
                    self.done(j, sorted(rows))
            else:
                self.target[j] = self.playouts
                self._queue(j, self.first, self.playouts)
        self.report(playing=True)

    def _pump(self, block: bool) -> None:
        """Hand chunks to the workers and take their results; `block`: until all are
        played. The chunks of processes that cannot start or die are played here, with the
        same seeds."""
        if self.workers > 1:
            try:
                self._pump_pool(block)
            except (BrokenProcessPool, OSError):
                _drop_pool(self.workers)
                self.workers = 1
                for c in self.flying.values():
                    heapq.heappush(self.queue, c)
                self.flying.clear()
        if self.workers == 1:
            while self.queue:
                if self._cancelled():
                    raise ReviewCancelled()
                c = heapq.heappop(self.queue)
                try:
                    here: list[Row] | BaseException = _run_chunk(self.jobs[c[0]], c[1], c[2])
                except Exception as err:  # noqa: BLE001 - a failed playout, not the review
                    here = err
                self._got(c, here)

    def _pump_pool(self, block: bool) -> None:
        ex = _pool(self.workers)
        try:
            while True:
                while self.queue and len(self.flying) < IN_FLIGHT * self.workers:
                    c = heapq.heappop(self.queue)
                    self.flying[ex.submit(_run_chunk, self.jobs[c[0]], c[1], c[2])] = c
                if not self.flying:
                    return
                ready, _ = wait(self.flying, timeout=0.25 if block else 0,
                                return_when=FIRST_COMPLETED)
                if self._cancelled():
                    raise ReviewCancelled()
                if not ready and not block:
                    return
                for f in sorted(ready, key=lambda f: self.flying[f]):
                    c = self.flying.pop(f)
                    try:
                        got: list[Row] | BaseException = f.result()
                    except BrokenProcessPool:
                        self.flying[f] = c  # played again here
                        raise
                    except Exception as err:  # noqa: BLE001 - a failed playout, not the review
                        got = err
                    self._got(c, got)
        except ReviewCancelled:
            for f in self.flying:
                f.cancel()
            raise


def _stats(rows: Sequence[Row]) -> tuple[float, float, float]:
    """Mean paired difference (suggested - chosen: the points the player's choice lost) and
    its 95 % interval."""
    n = len(rows)
    diffs = [r[4] - r[1] for r in rows]
    mean = sum(diffs) / n
    if n < 2:
        return mean, mean, mean
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    h = 1.96 * math.sqrt(var / n)
    return mean, mean - h, mean + h


def _decided(rows: Sequence[Row]) -> bool:
    """After the first round: does the interval already lie within one verdict?"""
    if not rows:
        return False
    _, low, high = _stats(rows)
    return verdict_of(low) == verdict_of(high)  # the whole interval in one band


#: how far (points) the interval expected after every playout must still overhang both 0 and
#: the mistake threshold for the first round to call more playouts futile (`_futile`)
FUTILE_MARGIN = 0.5


def _futile(rows: Sequence[Row], playouts: int) -> bool:
    """After the first round: would the rest of the playouts still leave the decision
    "unclear"? True when the interval expected after all `playouts` (its half-width shrinks
    with the square root of the playouts; centred where the mean is now) would still reach
    below 0 and above the mistake threshold, each by `FUTILE_MARGIN`: neither "fine" nor any
    worse verdict could be backed, so the decision stays "unclear" with the first round's
    figures (more playouts than the review plays would tell). This is most of the close calls
    between two discards far from ready, and a third of a review's playouts (issue 33)."""
    n = len(rows)
    if n < 2 or n >= playouts:
        return False
    mean, low, _ = _stats(rows)
    half = (mean - low) * math.sqrt(n / playouts)
    return mean - half <= -FUTILE_MARGIN and \
        mean + half >= THRESHOLDS["mistake"] + FUTILE_MARGIN


def _measured(item: ReviewedDecision, rows: Sequence[Row]) -> ReviewedDecision:
    cost, low, high = _stats(rows)
    n = len(rows)

    def result(key: str, off: int) -> OptionResult:
        pts = [r[off] for r in rows]
        return OptionResult(key, n, sum(1 for r in rows if r[off + 1]),
                            sum(1 for r in rows if r[off + 2]), float(sum(pts)),
                            float(sum(p * p for p in pts)))

    return replace(item, cost=cost, low=low, high=high, playouts=n,
                   verdict=verdict_of(cost, low, high),
                   figures={"chosen": result("chosen", 1), "suggested": result("suggested", 4)})


# ---------------------------------------------------------------------------- the review
def review_record(path_or_record: str | Path | Record, seat: int | None = None, *,
                  playouts: int = DEFAULT_PLAYOUTS, workers: int | None = None,
                  progress: Callable[[ReviewProgress], None] | None = None,
                  cancel: threading.Event | None = None, reviewer: str | None = None,
                  opponents: str = DEFAULT_OPPONENTS, cache: bool = True,
                  seed: int = 0,
                  verdict: Callable[[ReviewedDecision], None] | None = None) -> GameReview:
    """Review one player's decisions in a record (see the module).

    `seat`: the player, 0-3 in the order of the record's players (the header's ``human``;
    default: the human, else `ReviewSeatError`). `playouts`: per choice of each disagreement.
    `workers`: processes for the playouts (None: `default_workers()`; 1: this process).
    `progress(ReviewProgress)` is called as the review goes (from this thread); setting
    `cancel` stops it with `ReviewCancelled`. `reviewer`: the computer player to compare with
    (default `default_reviewer()`); `opponents`: who plays the others in the playouts.
    `cache`: use and keep the review beside the record. `seed`: mixed into every playout's seed
    with the game's own seed, the hand and the decision (another seed, other re-deals). A file
    that cannot be read at all raises OSError. `verdict(item)` is called with each
    disagreement as soon as its verdict is final, while the others are still played out (the
    window shows the first verdicts at once, and keeps them when the review is cancelled)."""
    if playouts < 1:
        raise ValueError(f"playouts must be at least 1, got {playouts}")
    n_workers = default_workers() if workers is None else workers
    if n_workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    reviewer = reviewer or default_reviewer()
    from ai.registry import check_seat_name

    check_seat_name(reviewer)
    check_seat_name(opponents)
    t0 = time.perf_counter()
    if isinstance(path_or_record, Record):
        path = path_or_record.path
        data = safejson.read_file(path, MAX_RECORD)  # never a pipe (OSError)
        sha = hashlib.sha256(data).hexdigest()
        record = path_or_record
    else:
        path = Path(path_or_record)
        data = safejson.read_file(path, MAX_RECORD)  # never a pipe (OSError)
        sha = hashlib.sha256(data).hexdigest()
        if cache:  # a kept review opens at once: the record is not read through for it
            who = seat if seat is not None else _header_human(data)
            kept = None if who is None else cached_review(
                path, who, reviewer=reviewer, opponents=opponents, playouts=playouts, seed=seed,
                sha256=sha)
            if kept is not None:
                return kept
        record = load_record(path)
    if record.header is None:
        raise ReviewSeatError(record.reason or NO_HUMAN())
    player = record.human if seat is None else seat
    if player is None:
        raise ReviewSeatError(NO_HUMAN())
    if not isinstance(player, int) or not 0 <= player < 4:
        raise ReviewSeatError(NO_PLAYER(n=str(player)))
    if cache:
        kept = cached_review(path, player, reviewer=reviewer, opponents=opponents,
                             playouts=playouts, seed=seed, sha256=sha)
        if kept is not None:
            return kept
    seed_base = f"review/{seed}/{record.header.get('seed')}/{player}"
    items: list[ReviewedDecision] = []
    pending: list[_Pending] = []

    def settled(j: int, got: list[Row] | None) -> None:
        if verdict is None:
            return
        item = items[pending[j].index]
        verdict(_measured(item, got) if got is not None else replace(item, verdict="unclear"))

    measure = _Measure(playouts, n_workers, len(record.hands), progress, cancel, settled)

    def found(items_before: int, pending_before: int) -> None:
        if verdict is not None:  # the disagreements the playouts cannot start from: settled now
            for i in items[items_before:]:
                if not i.agree and i.note is not None:
                    verdict(i)
        measure.add([p.job for p in pending[pending_before:]])
        measure.report(measure.scanned + 1)

    measure.report(0)  # under way: the scan of the first hand
    items, pending, hands, stopped = _scan(record, player, reviewer, opponents, seed_base,
                                           None, cancel, found, items, pending)
    measure.hands = hands  # a replay that stops early has no more hands to scan
    measure.report(hands)
    rows, failed, run, n_workers = measure.finish()
    items = list(items)
    for j, (p, r) in enumerate(zip(pending, rows)):
        if j in failed:
            items[p.index] = replace(items[p.index], verdict="unclear", note=failed[j])
        else:
            items[p.index] = _measured(items[p.index], r)
    differ = sorted((i for i in items if not i.agree),
                    key=lambda i: (-i.cost if i.measured else 0.0, i.hand, i.actions_before))
    same = [i for i in items if i.agree]
    from game import __version__

    complete = record.complete and stopped is None and record.reason is None
    stopped_in = None
    if stopped is not None and hands:
        stopped_in = record.hands[hands - 1].number
    elif not complete:
        unfinished = [h.number for h in record.hands[:hands] if not h.finished]
        stopped_in = unfinished[0] if unfinished else \
            (record.hands[hands - 1].number + 1 if hands else 1)
    review = GameReview(
        path.name, sha, player, record.players[player], reviewer, opponents, playouts,
        __version__, hands, tuple(differ + same), stopped or record.reason, complete,
        time.perf_counter() - t0, run, False, n_workers, seed,
        _outcomes(record, player, hands, stopped_in), stopped_in)
    if cache:
        _write_cache(path, review)
    return review
