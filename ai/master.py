"""``ai:master``: the expert's judgement, checked by playing the close decisions out.

At each decision that matters the master lists a few candidates around the expert's choice
(`candidates`): pung, kong or pass on a claim; the safest tile when the expert pushes (push or
fold); a kong or the discard; the best discard by plan value when the expert chose another
(and those within `Search.margin` of it); uper or silent with the chosen tile when the
playouts model defence (not with the quick policy). Obvious decisions are not searched: one
legal action, a win that is allowed, a frozen hand after uper, the deal's kongs, the nine
major tiles, or a discard no other tile comes near.

Of those it plays out only the ones the expert rates within `Search.close` points of its own
choice (`expert_values`): where the expert sees a clear difference, the playouts would need
thousands of worlds to overrule it. Then it plays the candidates out in sampled worlds
(`ai.search.sample_world`: the hand rebuilt from its own view only, every tile it could not
see dealt afresh; each such deal serves `Search.walls` worlds, the wall laid again for each,
`ai.search.redeal_wall`), each world with every candidate (common random numbers: the
difference between two candidates is measured on the same tiles), the rest of the hand played
by `Search.policy` (by default `QuickSeat` at every seat, played by the lean simulator,
`ai.lean`, with the engine's outcomes: `Search.simulator`), and counts the points this seat
won or paid, the others' wins included. A candidate clearly worse than the expert's choice is
dropped on the way (`Search.race`), so the playouts go to the close ones. The expert's choice
is kept unless another candidate did better by more than `Search.z` standard errors of the
paired difference (a deal's worlds counted as one cluster): the search is noisy (a hand's
points vary by tens of points and the budget buys tens of worlds, not thousands), so it only
overrules the expert where the playouts say so clearly.

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
import gc
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
from game.engine.errors import MahjongError
from game.engine.events import Event
from game.engine.hand.acceptance import acceptance, acceptance13
from game.engine.kinds import OFFERS, PLAYS, DecisionKind
from game.engine.melds import KONG as KONG_MELD
from game.engine.melds import PUNG as PUNG_MELD
from game.engine.melds import Meld
from game.engine.messages import ACTION, FLOAT, INT, MSG, Message, define
from game.engine.table import Decision, Table
from game.engine.tiles import kind_of_tile, to_counts

from .base import SeatBase
from .heuristic import HeuristicSeat, Option
from .lean import OutOfTime as LeanOutOfTime
from .lean import lean_playout, quick_act
from .search import Base, HandView, WorldError, derive_world, redeal_wall, sample_base

__all__ = ["DEFAULT_BUDGET_MS", "MasterSeat", "Search", "SearchResult", "candidates", "close_ones",
           "expert_values", "horizon_value"]

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
    `claims`: whether pung, kong or pass on a claim is searched; `lean`: play quick playouts
    with the lean simulator (`simulator`); `close`: search only the candidates whose value as
    the expert rates them (`expert_values`) is within this many points of its choice's (None:
    every candidate); `race`: stop playing a candidate once its gain over the expert's choice
    is below −`race` standard errors, checked every `race_every` worlds from twice that on
    and from four deals on (None: every candidate to the end): a candidate clearly worse cannot overrule the
    expert, so its playouts are better spent on the others, and the search stops when none
    is left; `control`: regress the luck of the master's draws out of the paired differences
    (`luck`, a control variate); `walls`: worlds per sampled deal of the hands (the first as
    sampled, the others with the wall's tiles laid again, `ai.search.redeal_wall`: a replay of
    the hand costs several lean playouts, a new wall a copy); `derive`: deals dealt from each
    replayed one (`ai.search.derive_world`: the opponents' hidden tiles dealt again, checked
    against the view without a replay; 0: every deal replayed; measured, it does not pay:
    docs/opponents.md), where the decision allows it (not at a claim); `derived_walls`: worlds
    per deal (as `walls`) where deals are derived."""

    budget_ms: int = DEFAULT_BUDGET_MS
    worlds: int | None = None
    margin: float = 0.0
    most: int = 3
    z: float = 2.0
    min_worlds: int = 4
    policy: str = "quick"
    horizon: int | None = None
    claims: bool = True
    lean: bool = True
    close: float | None = 1.0
    race: float | None = 1.0
    race_every: int = 4
    control: bool = False
    walls: int = 4
    derive: int = 0
    derived_walls: int = 4

    @property
    def searches(self) -> bool:
        return (self.worlds is not None and self.worlds > 0) or \
            (self.worlds is None and self.budget_ms > 0)

    @property
    def simulator(self) -> str:
        """Who plays the playouts out: "lean" (`ai.lean.lean_playout`, the same outcomes as
        the engine's for four quick players, several times cheaper) when the policy is quick,
        there is no horizon and `lean` is on; else "engine" (`HandDriver` on the table)."""
        return "lean" if self.lean and self.policy == "quick" and self.horizon is None \
            else "engine"


@dataclass
class SearchResult:
    """The points of each candidate (this seat's, per world, in the order of `actions`)."""

    actions: tuple[Action, ...]
    #: per world, per action; NaN: not played in that world (the race had dropped it)
    points: list[list[float]] = field(default_factory=list)
    #: per world, per action: the control variate (`luck`), mean zero in every world's
    #: distribution; empty: none
    controls: list[list[float]] = field(default_factory=list)
    #: per world, the deal of the hands it shares with other worlds (only the wall dealt
    #: again: `Search.walls`); the standard errors treat a deal's worlds as one cluster.
    #: Empty: every world its own deal
    deals: list[int] = field(default_factory=list)

    @property
    def worlds(self) -> int:
        return len(self.points)

    @property
    def playouts(self) -> int:
        return sum(1 for row in self.points for x in row if not math.isnan(x))

    def gain(self, i: int) -> tuple[float, float]:
        """Mean and standard error of candidate `i`'s points minus the first candidate's (over
        the worlds that played both). With controls (from `CONTROL_FROM` worlds on), the
        difference of the two candidates' controls is regressed out (a control variate: its
        mean is zero, so what it explains of the difference was luck, not the candidates)."""
        rows = [w for w, row in enumerate(self.points) if not math.isnan(row[i])]
        d = [self.points[w][i] - self.points[w][0] for w in rows]
        n = len(d)
        if not n:
            return 0.0, math.inf
        deals = [self.deals[w] for w in rows] if self.deals else list(range(n))
        if self.controls and n >= CONTROL_FROM:
            z = [self.controls[w][i] - self.controls[w][0] for w in rows]
            if len(set(deals)) == n:
                return _regressed(d, z)
            d = _without(d, z)
        return _clustered(d, deals)


#: the control variate is used from this many worlds on (its coefficient is estimated from
#: the same worlds: with fewer it adds noise)
CONTROL_FROM = 8
#: the master's draws the control counts (its next draws from the live wall, if nobody claims)
LUCK_DRAWS = 6


def _clustered(a: Sequence[float], deals: Sequence[int]) -> tuple[float, float]:
    """Mean of `a` and its standard error when the values of one deal may be alike (the
    cluster-robust error; with every value its own deal, the usual one)."""
    n = len(a)
    mean = sum(a) / n
    sums: dict[int, list[float]] = {}
    for x, c in zip(a, deals):
        s = sums.setdefault(c, [0.0, 0.0])
        s[0] += x
        s[1] += 1
    k = len(sums)
    if k < 2:
        return mean, math.inf
    var = k / (k - 1) * sum((s - m * mean) ** 2 for s, m in sums.values()) / (n * n)
    return mean, math.sqrt(var)


def _without(d: Sequence[float], z: Sequence[float]) -> list[float]:
    """`d` less its regression on the mean-zero control `z`."""
    n = len(d)
    md, mz = sum(d) / n, sum(z) / n
    szz = sum((x - mz) ** 2 for x in z)
    beta = sum((x - mz) * (y - md) for x, y in zip(z, d)) / szz if szz > 0 else 0.0
    return [y - beta * x for x, y in zip(z, d)]


def _regressed(d: Sequence[float], z: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of `d` with the mean-zero control `z` regressed out."""
    n = len(d)
    md, mz = sum(d) / n, sum(z) / n
    szz = sum((x - mz) ** 2 for x in z)
    beta = sum((x - mz) * (y - md) for x, y in zip(z, d)) / szz if szz > 0 else 0.0
    adj = [y - beta * x for x, y in zip(z, d)]
    mean = sum(adj) / n
    var = sum((x - mean) ** 2 for x in adj) / max(1, n - 2)
    return mean, math.sqrt(var / n)


def luck_plan(decision: Decision, cands: Sequence[Action]) -> list[tuple[frozenset[int], int]]:
    """For each candidate, what the control (`luck`) counts: the kinds that bring the hand
    closer to ready after it (after the best discard, after a pung), and where the master's
    next draw is in the live wall if nobody claims (0: the next tile)."""
    obs = decision.observation
    me = obs.seat
    counts = to_counts(obs.concealed)
    m = len(obs.melds[me])
    out: list[tuple[frozenset[int], int]] = []
    for a in cands:
        after, melds, off = list(counts), m, 3
        try:
            if isinstance(a, Discard):
                after[a.tile] -= 1
            elif decision.kind in OFFERS and obs.last_discard is not None:
                frm, k = obs.last_discard
                if isinstance(a, Pung):
                    after[k] -= 2
                    melds += 1
                elif isinstance(a, Kong):
                    after[k] -= 3
                    melds += 1
                else:
                    off = (me - frm - 1) % 4
            elif isinstance(a, (ConcealedKong, AddedKong)):
                after[a.tile] -= 4 if isinstance(a, ConcealedKong) else 1
                melds += isinstance(a, ConcealedKong)
                off = 0  # the replacement comes from the back; the next live draw is the next
            else:
                out.append((frozenset(), off))
                continue
            if sum(after) % 3 == 2:
                best = acceptance(after, melds)
                kinds = frozenset(best[0].ukeire) if best else frozenset()
            else:
                kinds = frozenset(acceptance13(after, melds).ukeire)
        except MahjongError:
            kinds = frozenset()
        out.append((kinds, off))
    return out


def luck(world: Table, plan: Sequence[tuple[frozenset[int], int]]) -> list[float]:
    """The control variate of each candidate in `world`: how many of the master's next
    `LUCK_DRAWS` draws (by `plan`) bring its hand closer, less what that count is on average
    for the tiles left in this world's wall. The sampler deals the wall's tiles in a uniformly
    random order once the hands are dealt (`ai.search`), so the mean is exactly zero: the
    luck of the draw, which the playouts' points carry and the candidates do not cause."""
    rem = [kind_of_tile(t) for t in world.wall.remaining_ids()]
    live = len(rem) - 8  # the back wall's replacements come from the end
    out = []
    for kinds, off in plan:
        at = range(off, min(live, off + 4 * LUCK_DRAWS), 4)
        if not kinds or not at or not rem:
            out.append(0.0)
            continue
        share = sum(1 for k in rem if k in kinds) / len(rem)
        out.append(sum(1 for i in at if rem[i] in kinds) - len(at) * share)
    return out


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
        if (search.policy == "quick" and isinstance(a, Discard) and isinstance(chosen, Discard)
                and a.tile == chosen.tile):
            return  # the same tile, uper or silent: not with quick playouts (below)
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


def expert_values(expert: HeuristicSeat, decision: Decision,
                  cands: Sequence[Action]) -> list[float | None]:
    """Each candidate's value as ``ai:expert`` rates it, in points (None: it has no value for
    it, e.g. a kong on its turn or uper against silent): a discard's value minus its danger;
    on a claim, passing's value of the hand, a pung's best discard after it, a kong's hand
    after it (plus the expert's point for the kong). The search plays out only the candidates
    close to the expert's choice by this measure (`Search.close`)."""
    obs = decision.observation
    me = obs.seat
    melds = obs.melds[me]
    counts = to_counts(obs.concealed)
    c = expert._context(obs)
    out: list[float | None] = []
    if decision.kind in OFFERS:
        if obs.last_discard is None:
            return [None] * len(cands)
        frm, k = obs.last_discard
        for a in cands:
            if a == PASS:
                out.append(expert._ev_13(c, counts, melds)[0])
            elif isinstance(a, Pung):
                after = list(counts)
                after[k] -= 2
                opts = expert._options_14(c, after, list(melds) + [Meld(PUNG_MELD, k, frm)], None)
                out.append(max((o.score for o in opts), default=None))
            elif isinstance(a, Kong):
                after = list(counts)
                after[k] -= 3
                new = list(melds) + [Meld(KONG_MELD, k, frm)]
                out.append(expert._ev_13(c, after, new)[0] + 1.0)
            else:
                out.append(None)
        return out
    kinds = {a.tile for a in cands if isinstance(a, Discard)}
    scores = {o.action: o.score for o in expert._options_14(c, counts, melds, kinds)}
    for a in cands:
        out.append(scores.get(a) if isinstance(a, Discard) and not a.uper else None)
    return out


def close_ones(cands: list[Action], values: Sequence[float | None], close: float) -> list[Action]:
    """The expert's choice (first) and the candidates the expert rates within `close` points
    of it (an unrated one is kept)."""
    v0 = values[0]
    return [a for i, (a, v) in enumerate(zip(cands, values))
            if i == 0 or v is None or v0 is None or abs(v - v0) <= close]


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
        return quick_act(decision)  # the lean simulator plays the same policy on counts


def _clearly_worse(gain: tuple[float, float], z: float) -> bool:
    """The race's rule: a candidate whose gain over the expert's choice is below −`z`
    standard errors is played no more."""
    mean, se = gain
    return mean < 0 and mean < -z * se


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
        #: decisions by what was done: "obvious" (one candidate), "far" (no other candidate
        #: close to the expert's choice, `Search.close`), "short" (the budget would
        #: not allow the fewest worlds), "searched", "changed" (the search overruled the
        #: expert); and "worlds", "playouts" played (for the bench)
        self.counts: dict[str, int] = dict.fromkeys(
            ("obvious", "far", "short", "searched", "changed", "worlds", "playouts"), 0)

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
        if not self.search.searches:
            self.last = None
            chosen = self.expert.act(decision)
            self._why = self.expert.explain()
            return chosen
        # no garbage collection while a searching seat decides: a full collection of the
        # game's heap took 0.4-1.2 s on the loaded 2-core machine (bench: the decisions over
        # budget + 10 % were those), holding the interpreter's lock, so the table's frames
        # stalled too. The search makes no reference cycles (tests/ai/test_the_master_search_
        # pauses_the_garbage_collector.py): its garbage goes as it is made; a collection waits
        paused = gc.isenabled()
        if paused:
            gc.disable()
        try:
            return self._decide(decision, started)
        finally:
            if paused:
                gc.enable()

    def _decide(self, decision: Decision, started: float) -> Action:
        chosen = self.expert.act(decision)
        self._why = self.expert.explain()
        self.last = None
        cands = candidates(self.expert, decision, chosen, self.search)
        if len(cands) < 2:
            self.counts["obvious"] += 1
            return chosen
        if self.search.close is not None:
            cands = close_ones(cands, expert_values(self.expert, decision, cands),
                               self.search.close)
            if len(cands) < 2:
                self.counts["far"] += 1
                return chosen
        res = self._play_out(decision, cands, started)
        if res is None or not res.worlds:
            self.counts["short"] += 1
            return chosen
        self.last = res
        self.counts["searched"] += 1
        self.counts["worlds"] += res.worlds
        self.counts["playouts"] += res.playouts
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
        allow `Search.min_worlds` worlds, so nothing is played); with `Search.race`, a
        candidate clearly worse than the expert's choice is dropped on the way (NaN in the
        worlds after) and the search ends when only the expert's choice is left."""
        s = self.search
        deadline = started + AIM * s.budget_ms / 1000.0
        if s.worlds is None:
            # as many candidates (the best first) as the fewest worlds can play in the time left
            fit = int((deadline - time.perf_counter()) / (SAFETY * self._cost * s.min_worlds))
            if fit < 2:
                return None
            cands = cands[:fit]
        res = SearchResult(tuple(cands))
        live = list(range(len(cands)))  # the candidates still played
        me = decision.seat
        lean = s.simulator == "lean"
        protos = [] if lean else self._protos(me)
        plan = luck_plan(decision, cands) if s.control else None
        base: Table | None = None
        source: Base | None = None  # the last replayed deal (derive_world deals from it)
        derived = 0
        deal = cluster = 0
        stop = None if s.worlds is not None else deadline
        walls = s.derived_walls if s.derive and decision.kind in PLAYS else s.walls
        i = 0
        while len(live) > 1:
            if s.worlds is not None:
                if i >= s.worlds:
                    break
            elif time.perf_counter() + SAFETY * self._cost * len(live) > deadline:
                break
            t0 = time.perf_counter()
            row = [math.nan] * len(cands)
            try:
                if base is None or i % walls == 0:
                    rng = self._rng(i)
                    got = None
                    if source is not None and derived < s.derive:
                        got = derive_world(source, self.view, decision, rng, stop)
                    if got is None:
                        source = sample_base(self.view, decision, rng, deadline=stop)
                        got, derived = source.table, 0
                        cluster = i
                    else:
                        derived += 1
                        # a kept uper hand makes the deals of one replay alike: one cluster
                        if all(u < 0 for q, u in enumerate(self.view.uper_time) if q != me):
                            cluster = i
                    base = world = got
                    deal = cluster
                else:
                    world = redeal_wall(base, self._rng(i))
                for j in live:
                    row[j] = (lean_playout(world, me, cands[j], stop) if lean else
                              self._playout(world, me, cands[j], protos, stop, s.horizon))
            except (WorldError, OutOfTime, LeanOutOfTime):
                break  # a world not finished in time is left out whole
            res.points.append(row)
            res.deals.append(deal)
            if plan is not None:
                res.controls.append(luck(world, plan))
            took = (time.perf_counter() - t0) / len(live)
            self._cost = 0.7 * self._cost + 0.3 * took  # the cost of a playout, as it goes
            i += 1
            if s.race is not None and i >= max(2 * s.race_every, 4 * walls) \
                    and i % s.race_every == 0:
                live = [j for j in live if j == 0 or not _clearly_worse(res.gain(j), s.race)]
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
