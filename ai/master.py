"""``ai:master``: the expert's judgement, checked by playing the close decisions out.

At each decision that matters the master lists a few candidates around the expert's choice
(`candidates`): pung, kong or pass on a claim; the safest tile when the expert pushes (push or
fold); a kong or the discard; the best discard by plan value when the expert chose another
(and those within `Search.margin` of it); uper or silent with the chosen tile when the
playouts model defence (not with the quick policy). Obvious decisions are not searched: one
legal action, a win that is allowed, a frozen hand after uper, the deal's kongs, the nine
major tiles, or a discard no other tile comes near.

Then it plays the candidates out in sampled worlds (`ai.search.sample_world`: the hand rebuilt
from its own view only, every tile it could not see dealt afresh), each world with every
candidate (common random numbers: the difference between two candidates is measured on the
same tiles), the rest of the hand played by `Search.policy` (by default `QuickSeat` at every
seat, about five times cheaper than ``ai:expert``), and counts the points this seat won or
paid, the others' wins included. The expert's choice is kept unless another candidate did
better by more than `Search.z` standard errors of the paired difference: the search is noisy
(a hand's points vary by tens of points and the budget buys tens of playouts, not
thousands), so it only overrules the expert where the playouts say so clearly.

The budget (`Search.budget_ms`, the settings' ``master_budget_ms``) is thinking time per
searched decision: candidates are kept (the best first) as far as the fewest worlds can play
them, a world is started only while its expected cost is left, and one not finished by the
deadline is abandoned (bench/bench_master.py measures the decision times). Budget 0 plays
exactly as ``ai:expert``. Tests and measurements that must not depend on the machine's speed
count worlds instead (`Search.worlds`). The worlds come from the seat's seed and the number
of the decision, so the same seed and the same view give the same worlds; with a time budget
only their number depends on the machine.

How strong it is, measured, and why the search seldom overrules the expert at this budget:
docs/opponents.md ("ai:master"; `python bench/bench_master.py` measures it again). A
worker pool does not pay on a 2-core machine: the other seats and the game's frame need the
second core.

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> from game.engine.driver import HandDriver
>>> seats = [MasterSeat(1, search=Search(worlds=2))] + [HeuristicSeat("expert", s) for s in (2, 3, 4)]
>>> HandDriver(Table(RuleSet(), seed=8), seats).run().reason in ("win", "exhaustive")
True
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from game.engine.actions import (
    NINE_MAJOR,
    PASS,
    Action,
    AddedKong,
    ConcealedKong,
    Discard,
    Kong,
    Pung,
    Win,
)
from game.engine.driver import HandDriver
from game.engine.events import Event
from game.engine.hand.shanten import HandShape
from game.engine.kinds import OFFERS, PLAYS, DecisionKind
from game.engine.messages import ACTION, FLOAT, INT, MSG, Message, define
from game.engine.table import Decision, Table
from game.engine.tiles import to_counts

from .base import SeatBase
from .danger import exact_safe_kinds
from .heuristic import HeuristicSeat, Option
from .search import HandView, WorldError, sample_world

__all__ = ["DEFAULT_BUDGET_MS", "MasterSeat", "Search", "SearchResult", "candidates", "horizon_value"]

#: thinking time per searched decision, in milliseconds (the settings' default)
DEFAULT_BUDGET_MS = 200
#: the search aims at this share of the budget (the rest is room for the operating system's
#: scheduling on a busy machine)
AIM = 0.95
#: a world is started only while the time left covers this many times its expected cost (one
#: not finished in time is abandoned: the budget holds even when a playout runs long)
SAFETY = 1.2

EXPERT = define("ai.master.expert", "the expert's choice")
KEPT = define("ai.master.kept",
              "{why} (played out in {n} worlds: {best} {gain:+.1f} points against it, not clearly "
              "better)", why=MSG, n=INT, best=ACTION, gain=FLOAT)
CHANGED = define("ai.master.changed",
                 "{action}: played out in {n} worlds, {gain:+.1f} points a hand against {expert} "
                 "(the expert's choice: {why})", action=ACTION, n=INT, gain=FLOAT, expert=ACTION,
                 why=MSG)


@dataclass(frozen=True)
class Search:
    """How the master searches. `budget_ms`: thinking time per searched decision (0: none,
    plays as ``ai:expert``); `worlds`: a budget counted in sampled worlds instead (None: by
    time); `margin`: discards whose plan value is within this of the best are candidates (0:
    the best one only, when the expert chose another; measured, close calm discards are noise
    to a search of this size: bench_master --changes);
    `most`: candidates at most (the expert's choice included); `z`: how many standard errors
    of the paired difference a candidate must beat the expert's choice by; `min_worlds`: fewer
    worlds than this never overrule the expert (and a time budget that would not allow them
    is not spent at all); `policy`: who plays the playouts: "quick" (`QuickSeat` everywhere),
    "mixed" (this seat ``ai:expert``, the others quick) or "expert" (``ai:expert``
    everywhere, about five times slower); `horizon`: stop a playout when this seat is about
    to play its `horizon`-th turn after the candidate and value the hand there as the expert
    does (the best discard's value minus its danger; `horizon_value`) unless the hand ended
    before: fewer tiles left to chance, so less noise (None: every playout to the end);
    `claims`: whether pung, kong or pass on a claim is searched."""

    budget_ms: int = DEFAULT_BUDGET_MS
    worlds: int | None = None
    margin: float = 0.0
    most: int = 3
    z: float = 2.0
    min_worlds: int = 4
    policy: str = "quick"
    horizon: int | None = None
    claims: bool = True

    @property
    def searches(self) -> bool:
        return (self.worlds is not None and self.worlds > 0) or \
            (self.worlds is None and self.budget_ms > 0)


@dataclass
class SearchResult:
    """The points of each candidate (this seat's, per world, in the order of `actions`)."""

    actions: tuple[Action, ...]
    points: list[list[float]] = field(default_factory=list)  # per world, per action

    @property
    def worlds(self) -> int:
        return len(self.points)

    def gain(self, i: int) -> tuple[float, float]:
        """Mean and standard error of candidate `i`'s points minus the first candidate's."""
        n = len(self.points)
        if not n:
            return 0.0, math.inf
        d = [row[i] - row[0] for row in self.points]
        mean = sum(d) / n
        if n < 2:
            return mean, math.inf
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return mean, math.sqrt(var / n)


def candidates(expert: HeuristicSeat, decision: Decision, chosen: Action,
               search: Search) -> list[Action]:
    """The actions worth playing out, the expert's `chosen` first (one: nothing to search)."""
    legal = decision.legal
    if len(legal) < 2 or (Win() in legal and Win() not in decision.notes):
        return [chosen]
    obs = decision.observation
    if decision.kind in OFFERS:
        if not search.claims:
            return [chosen]
        return [chosen] + [a for a in legal
                           if a != chosen and (a == PASS or isinstance(a, (Pung, Kong)))]
    if decision.kind == DecisionKind.KONG or obs.uper[obs.seat] or NINE_MAJOR in legal:
        return [chosen]
    melds = obs.melds[obs.seat]
    counts = to_counts(obs.concealed)
    c = expert._context(obs)
    kinds = {a.tile for a in legal if isinstance(a, Discard)}
    opts: Sequence[Option] = expert._options_14(c, counts, melds, kinds)
    out = [chosen]

    def add(a: Action) -> None:
        if a not in out and a in legal and a not in decision.notes and len(out) < search.most:
            out.append(a)

    if isinstance(chosen, Discard) and search.policy != "quick":
        # uper or silent: not with quick playouts, whose opponents do not defend against an
        # uper (they overrate it: bench_master --changes); the expert's uper timing is fitted to
        # playouts against players who do
        add(Discard(chosen.tile, uper=not chosen.uper))
    if isinstance(chosen, (ConcealedKong, AddedKong)) and opts:
        add(max(opts, key=lambda o: o.pick_score).action)
    for a in legal:
        if isinstance(a, (ConcealedKong, AddedKong)):
            add(a)
    if opts:
        own = next((o for o in opts if isinstance(chosen, Discard)
                    and o.action == Discard(chosen.tile)), None)
        safest = min(opts, key=lambda o: (o.danger, -o.pick_score))
        if own is not None and safest.danger + 0.5 < own.danger:
            add(safest.action)  # push or fold
        best = max(o.pick_score for o in opts)
        for o in sorted(opts, key=lambda o: -o.pick_score):
            if o.pick_score >= best - search.margin:
                add(o.action)
    return out


#: how much a single tile is worth keeping, by kind (the quick policy throws the least first):
#: honours, then terminals, then 2 and 8, then the middle
_KEEP = tuple(0 if k >= 18 else 1 if k % 9 in (0, 8) else 2 if k % 9 in (1, 7) else 3
              for k in range(25))


class OutOfTime(Exception):
    """The search's time is up (a playout is abandoned between two decisions)."""


class _Relay(SeatBase):
    """A playout's seat that passes everything to `seat`, asking `check` before each act."""

    def __init__(self, seat: SeatBase):
        self.seat = seat

    def observe(self, event: Event) -> None:
        self.seat.observe(event)

    def check(self, decision: Decision) -> None:
        """Raise to stop the playout before `decision` is answered."""

    def act(self, decision: Decision) -> Action:
        self.check(decision)
        return self.seat.act(decision)  # type: ignore[attr-defined]


class _Until(_Relay):
    """Stops the playout (`OutOfTime`) once `deadline` has passed."""

    def __init__(self, seat: SeatBase, deadline: float):
        super().__init__(seat)
        self.deadline = deadline

    def check(self, decision: Decision) -> None:
        if time.perf_counter() > self.deadline:
            raise OutOfTime


class _Horizon(Exception):
    """A truncated playout reached its horizon (`decision`: this seat's turn there)."""

    def __init__(self, decision: Decision):
        super().__init__()
        self.decision = decision


class _Counted(_Relay):
    """The searching seat in a playout: raises `_Horizon` at its `turns`-th turn."""

    def __init__(self, seat: SeatBase, turns: int):
        super().__init__(seat)
        self.left = turns

    def check(self, decision: Decision) -> None:
        if decision.kind in PLAYS:
            self.left -= 1
            if self.left <= 0:
                raise _Horizon(decision)


def horizon_value(table: Table, decision: Decision) -> float:
    """What `decision`'s seat may expect from its hand at a turn, as ``ai:expert`` rates it:
    its best discard's value (the chance to win times the points) minus that discard's
    danger; a frozen hand (uper), its ready hand's value. An expert is told the hand's events
    (as the seat saw them) first, so its reading of the others is the one it would have."""
    me = decision.seat
    expert = HeuristicSeat("expert")
    for e in table.events:
        expert.observe(cast(Event, e.visible_to(me)))  # an event's view is an event
    obs = decision.observation
    melds = obs.melds[me]
    counts = to_counts(obs.concealed)
    c = expert._context(obs)
    if obs.uper[me]:
        if obs.drawn is not None:
            counts[obs.drawn] -= 1
        return expert._ev_13(c, counts, melds)[0]
    kinds = {a.tile for a in decision.legal if isinstance(a, Discard)}
    opts = expert._options_14(c, counts, melds, kinds)
    return max((o.score for o in opts), default=0.0)


class QuickSeat(SeatBase):
    """The playouts' cheap policy, about five times faster than ``ai:expert``: wins when it
    may, never claims, declares uper whenever it may (the engine then plays the frozen hand),
    throws the discard that leaves the fewest tiles to ready (honours and terminals first),
    and from two tiles away folds against an uper player with a tile exactly safe against
    him (his river and its stems). A crude player, but the search only compares candidates
    played out by the same players on the same tiles."""

    name = "quick"

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if Win() in legal and Win() not in decision.notes:
            return Win()
        if decision.kind not in PLAYS:
            return PASS if PASS in legal else legal[-1]
        obs = decision.observation
        me = obs.seat
        discards = [a for a in legal if isinstance(a, Discard) and not a.uper]
        if obs.uper[me] or len(discards) == 1:
            return next((a for a in legal if isinstance(a, ConcealedKong)), discards[0])
        melds = len(obs.melds[me])
        counts = [0] * 25
        for k in obs.concealed:
            counts[k] += 1
        after = dict(HandShape(counts, melds).after_discards())  # kind -> shanten without it
        scored = [(after[k], _KEEP[k] + 3 * (counts[k] > 1), k) for k in (a.tile for a in discards)]
        best = min(scored)
        if best[0] >= 2 and any(obs.uper[o] for o in range(4) if o != me):
            safe: frozenset[int] | None = None
            for o in range(4):
                if o != me and obs.uper[o]:
                    mine = exact_safe_kinds(r.tile for r in obs.rivers[o])
                    safe = mine if safe is None else safe & mine
            held = [x for x in scored if safe and x[2] in safe]
            if held:
                best = min(held)
        up = Discard(best[2], uper=True)
        if best[0] == 0 and up in legal and up not in decision.notes:
            return up
        return Discard(best[2])


class MasterSeat(SeatBase):
    """The searching seat (see the module); with no budget it is ``ai:expert``."""

    name = "ai:master"

    def __init__(self, seed: int | None = None, budget_ms: int = DEFAULT_BUDGET_MS, *,
                 search: Search | None = None):
        self.seed = seed
        self.search = search if search is not None else Search(budget_ms=budget_ms)
        self.expert = HeuristicSeat("expert", seed)
        self.view = HandView()
        self._decisions = 0
        self._why: Message | None = None
        #: the last search (None: the last decision was not searched)
        self.last: SearchResult | None = None
        #: seconds per playout, as measured by the searches so far (a first guess before)
        self._cost = 0.01
        #: decisions by what was done: "obvious" (one candidate), "short" (the budget would
        #: not allow the fewest worlds), "searched", "changed" (the search overruled the
        #: expert); and "worlds", "playouts" played (for the bench)
        self.counts: dict[str, int] = dict.fromkeys(
            ("obvious", "short", "searched", "changed", "worlds", "playouts"), 0)

    @property
    def budget_ms(self) -> int:
        return self.search.budget_ms

    def observe(self, event: Event) -> None:
        self.expert.observe(event)
        self.view.observe(event)

    def explain(self) -> Message | None:
        return self._why

    def act(self, decision: Decision) -> Action:
        started = time.perf_counter()
        self._decisions += 1
        chosen = self.expert.act(decision)
        self._why = self.expert.explain()
        self.last = None
        if not self.search.searches:
            return chosen
        cands = candidates(self.expert, decision, chosen, self.search)
        if len(cands) < 2:
            self.counts["obvious"] += 1
            return chosen
        res = self._play_out(decision, cands, started)
        if res is None or not res.worlds:
            self.counts["short"] += 1
            return chosen
        self.last = res
        self.counts["searched"] += 1
        self.counts["worlds"] += res.worlds
        self.counts["playouts"] += res.worlds * len(cands)
        action = self._choose(res, chosen)
        self.counts["changed"] += action != chosen
        return action

    def _choose(self, res: SearchResult, chosen: Action) -> Action:
        s = self.search
        gains = [res.gain(i) for i in range(len(res.actions))]
        best = max(range(1, len(res.actions)), key=lambda i: gains[i][0])
        mean, se = gains[best]
        why = self._why if self._why is not None else EXPERT()
        if res.worlds >= s.min_worlds and mean > 0 and mean > s.z * se:
            a = res.actions[best]
            self._why = CHANGED(action=a, n=res.worlds, gain=mean, expert=chosen, why=why)
            return a
        self._why = KEPT(why=why, n=res.worlds, best=res.actions[best], gain=mean)
        return chosen

    def _rng(self, i: int) -> random.Random:
        return random.Random(f"ai:master/{self.seed}/{self._decisions}/{i}")

    def _play_out(self, decision: Decision, cands: list[Action],
                  started: float) -> SearchResult | None:
        """Play `cands` out in sampled worlds until the budget is spent (None: it would not
        allow `Search.min_worlds` worlds, so nothing is played)."""
        s = self.search
        deadline = started + AIM * s.budget_ms / 1000.0
        if s.worlds is None:
            # as many candidates (the best first) as the fewest worlds can play in the time left
            fit = int((deadline - time.perf_counter()) / (SAFETY * self._cost * s.min_worlds))
            if fit < 2:
                return None
            cands = cands[:fit]
        k = len(cands)
        res = SearchResult(tuple(cands))
        me = decision.seat
        protos = self._protos(me)
        stop = None if s.worlds is not None else deadline
        i = 0
        while True:
            if s.worlds is not None:
                if i >= s.worlds:
                    break
            elif time.perf_counter() + SAFETY * self._cost * k > deadline:
                break
            t0 = time.perf_counter()
            try:
                world = sample_world(self.view, decision, self._rng(i), deadline=stop)
                row = [self._playout(world, me, a, protos, stop, s.horizon) for a in cands]
            except (WorldError, OutOfTime):
                break  # a world not finished in time is left out whole
            res.points.append(row)
            took = (time.perf_counter() - t0) / k
            self._cost = 0.7 * self._cost + 0.3 * took  # the cost of a playout, as it goes
            i += 1
        return res

    def _protos(self, me: int) -> list[SeatBase]:
        """The four players of a playout, as they are before it (copied for each playout)."""
        policy = self.search.policy
        out: list[SeatBase] = [QuickSeat() for _ in range(4)]
        for q in range(4):
            if policy == "expert" or (policy == "mixed" and q == me):
                p = copy.deepcopy(self.expert)
                p.tracker.me = q
                out[q] = p
        return out

    @staticmethod
    def _playout(world: Table, me: int, action: Action, protos: list[SeatBase],
                 deadline: float | None = None, horizon: int | None = None) -> float:
        """This seat's points when `action` is played in `world` and the hand played out by
        copies of `protos` (raises `OutOfTime` once `deadline` has passed); with a `horizon`,
        the playout stops at this seat's `horizon`-th turn and the hand is valued there
        (`horizon_value`)."""
        t = world.copy()
        n = len(t.events)
        t.submit(me, action)
        seats: list[SeatBase] = [p if isinstance(p, QuickSeat) else copy.deepcopy(p)
                                 for p in protos]
        if horizon is not None:
            seats[me] = _Counted(seats[me], horizon)
        if deadline is not None:
            seats = [_Until(p, deadline) for p in seats]
        try:
            HandDriver(t, seats, seen=n).run()
        except _Horizon as h:
            return horizon_value(t, h.decision)
        assert t.result is not None
        return t.result.payments[me]
