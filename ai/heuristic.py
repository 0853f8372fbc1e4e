"""The heuristic AI: hand building, hand value, danger, push or fold, uper timing, claims.

One class, three levels (`LEVELS`) and three styles (`STYLES`) that differ only in their
parameters (`Params`):

* ``ai:beginner`` builds hands by shanten and unseen-weighted acceptance with a rough sense of
  value, claims every pung that does not set the hand back, declares uper whenever it may,
  folds against uper players with exactly safe tiles, and slips like a human beginner at a
  controlled rate (`Params.slips`, 30 %, drawn from its seed): a slow discard, a missed pung,
  a dangerous tile after an uper (`SLIPS`), each counted where it could happen;
* ``ai:standard`` adds the value of each plan (a hand worth less than 2 basic points cannot
  win), claims only when the open hand is worth more than the concealed one, and defends with
  exact safety (river and stem tiles, tiles passed) against players who declared uper;
* ``ai:expert`` uses everything: exact safety and the visible evidence against every opponent
  (how likely he is ready, which shapes wait on a tile), push or fold by comparing the hand's
  win chance and value with the danger of each discard, and uper timing by expected gain
  against how this table defends (read from what the others threw after earlier upers); it
  keeps a concealed hand three or more tiles from ready closed to pungs of plain tiles
  (`Params.far_pung_shanten`: an open hand that far ends worse than its plan promises).

The styles take the expert's judgement and change its character: ``ai:defensive`` weighs
danger twice, suspects silent hands, folds from one tile away and rarely claims or declares;
``ai:value`` wishes extra points on flushes, all pungs and dragons (`Params.plan_bonus`), keeps
its hand concealed unless a full flush is near (`Params.claim_plans`: an open half flush or all
pungs is worth 2 basic points, the least a win may be) and lets a cheap concealed
discard win pass early to self-draw it for more (`Params.decline_below`); ``ai:aggressive``
claims below the expert's margin, weighs danger half, folds only from three tiles away and
declares uper on a thin gain (`Params.uper_bias`).

Every choice scores an option as ``P(win) x points if won - danger x weight``; a far concealed
hand has two values: the hand's (its nearest plan, for push or fold) and the plan's (each plan
at its own distance, choosing among discards about as dangerous: `pick_discard`); `explain()` says
why the last one was made, as a `Message` (the kinds below; ``str()`` is the English).

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> t = Table(RuleSet(), seed=2)
>>> seat = HeuristicSeat("expert")
>>> d = t.pending()[0]
>>> seat.act(d) in d.legal, seat.explain().code
(True, 'ai.discard')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

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
from game.engine.events import (
    Claimed,
    Dealt,
    Discarded,
    Drew,
    Event,
    HandStarted,
    KongDeclared,
)
from game.engine.hand.acceptance import acceptance13
from game.engine.hand.shanten import HandShape
from game.engine.hand.shanten import shanten as shanten_of
from game.engine.kinds import OFFERS, DecisionKind
from game.engine.melds import ADDED_KONG, CONCEALED_KONG, Meld
from game.engine.melds import KONG as KONG_MELD
from game.engine.melds import PUNG as PUNG_MELD
from game.engine.messages import ACTION, FLOAT, INT, MSG, TILE, Kind, Message, define
from game.engine.observation import Observation
from game.engine.scoring import ready_waits, sacred_status
from game.engine.table import Decision
from game.engine.tiles import FIRST_FLOWER, KIND_OF_TILE, is_flower_tile, kind_of_tile

from .base import SeatBase, observation_of
from .danger import NO_DEAL_IN, exact_safe_kinds, read_opponents, visible_counts
from .uper_policy import (
    ALWAYS,
    FITTED,
    LIVE,
    NEVER,
    TableDefence,
    UperFeatures,
    UperParams,
    uper_decision,
    uper_words,
    win_chances,
)
from .value import (
    INF,
    PLANS,
    SHAPE,
    PlanValue,
    _value_kinds,
    nearest_plan,
    plan_options,
    value_kinds,
)

if TYPE_CHECKING:
    from game.engine.rules import RuleSet  # imported when first needed (_default_rules)

__all__ = ["LEVELS", "PERSONAS", "SLIPS", "STYLES", "EventTracker", "HeuristicSeat", "Params",
           "Persona", "observation_of"]

# ---------------------------------------------------------------- what explain() says
# a discard: the tile, then why (an option's words, danger, push or fold, uper)
DISCARD = define("ai.discard", "discard {tile}: {why}", tile=TILE, why=MSG)
DANGER = define("ai.danger", "{why}; danger {danger:.1f}", why=MSG, danger=FLOAT)
PUSHING = define("ai.pushing", "{why} (pushing: the hand is worth more than folding with {safest})",
                 why=MSG, safest=ACTION)
FOLDING = define("ai.folding", "{why} (folding: the safest tile)", why=MSG)
UPER = define("ai.uper", "uper: {gain}; {why}", gain=MSG, why=MSG)
SILENT = define("ai.silent", "silent (uper {gain}); {why}", gain=MSG, why=MSG)
# an option's words: how far from ready, how many tiles help, the plan (`ai.value.PLANS`)
SHANTEN = define("ai.shanten", "shanten {n}", n=INT)
ACCEPTED = define("ai.accepted", "shanten {n}, {accepted} tiles accepted", n=INT, accepted=INT)
FAR = define("ai.far", "shanten {n}, {accepted} tiles accepted, plan {plan}", n=INT, accepted=INT,
             plan=MSG)
SHANTEN_PLAN = define("ai.shanten_plan", "shanten {n}, plan {plan}", n=INT, plan=MSG)
READY_ON = define("ai.ready_on", "ready on {n} live tile", plural="ready on {n} live tiles",
                  count="n", n=INT)
READY_DEAD = define("ai.ready_dead", "ready but dead ({why})", why=MSG)
NO_VALID_WAIT = define("ai.no_valid_wait", "no valid wait")
WAITS_VISIBLE = define("ai.waits_visible", "every wait tile is visible")
# the rest of a turn
SELF_DRAW_WIN = define("ai.self_draw_win", "self-draw win")
FROZEN_KONG = define("ai.frozen_kong", "frozen after uper: concealed kong of {tile} keeps the waits",
                     tile=TILE)
FROZEN = define("ai.frozen", "frozen after uper: the drawn tile goes")
NINE_MAJOR_VOID = define("ai.nine_major", "nine major tiles with shanten {n}: the hand is better void",
                         n=INT)
KONG_TURN = define("ai.kong_turn", "{action}: {why}", action=ACTION, why=MSG)
DEAL_KONG = define("ai.deal_kong", "{action} at the deal keeps shanten {n}", action=ACTION, n=INT)
DEAL_KONG_PASS = define("ai.deal_kong_pass",
                        "no kong at the deal: it would take the hand further from ready")
# claims
WIN_ON_DISCARD = define("ai.win_on_discard", "win on the discard")
ROB_KONG = define("ai.rob_kong", "rob the kong")
NOTHING_TO_CLAIM = define("ai.nothing_to_claim", "nothing to claim")
PUNG_CLOSER = define("ai.pung_closer", "pung {tile}: shanten {before} -> {after}", tile=TILE,
                     before=INT, after=INT)
PUNG_NOT_CLOSER = define("ai.pung_not_closer",
                         "pass: a pung of {tile} would not bring the hand closer", tile=TILE)
FAR_PUNG = define("ai.far_pung", "pass: a pung of {tile} would open a concealed hand {n} tiles "
                  "from ready", tile=TILE, n=INT)
PASS_VALUE = define("ai.pass_value", "pass ({why}, value {value:.1f})", why=MSG, value=FLOAT)
PUNG_VALUE = define("ai.pung_value", "pung {tile}: {why} (value {value:.1f} > {passing:.1f})",
                    tile=TILE, why=MSG, value=FLOAT, passing=FLOAT)
DECLINE = define("ai.decline", "pass: a discard win of {basic} basic points with {left} tiles "
                 "left; the self-draw is worth {self_draw}", basic=INT, self_draw=INT, left=INT)
# a beginner's slips (`Params.slips`)
SLIP_PUNG = define("ai.slip.pung", "pass: the pung of {tile} was missed (a slip)", tile=TILE)
SLIPPED = define("ai.slip", "{why}; {slip}", why=MSG, slip=MSG)
SLIP_SLOW = define("ai.slip.slow", "a slow discard ({best} accepted {accepted} tiles)",
                   best=TILE, accepted=INT)
SLIP_DANGER = define("ai.slip.danger", "the uper was forgotten ({best} was safer)", best=TILE)
KONG_VALUE = define("ai.kong_value", "kong {tile}: {why} (value {value:.1f} > {passing:.1f})",
                    tile=TILE, why=MSG, value=FLOAT, passing=FLOAT)


#: a self-drawn win is paid by the three others (a discard win by the discarder alone, times
#: the table's `RuleSet.discard_multiplier`: 2, or 1 by house rule)
SELF_DRAW_PAYERS = 3
#: a far hand's discard-win value relative to the discard multiplier: more of its wins come by
#: discard than by self-draw (2.4 with the default multiplier 2)
DISCARD_WIN_SHARE = 1.2


@dataclass(frozen=True)
class Params:
    """What a level weighs. `defence`: weight of the expected deal-in loss (0 = ignore);
    `evidence`: read every opponent from the visible evidence (else exact safety against uper
    players only); `value`: weigh plans that reach 2 basic points; `claim`: "free" (any pung
    that does not set the hand back) or "value" (expected gain); `uper`: "always", "simple"
    (a live wait of 4+ tiles with 20+ tiles left) or "gain" (`uper_policy.uper_gain` with the
    parameters `uper_model`, fitted to playouts by ``tools/uper_calibration.py``);
    `nine_major`: declare the nine-major draw at this shanten or worse; `suspicion`: weight of
    the danger against players who have not declared uper (relative to `defence`; 0.2 on the
    danger model before its calibration, which predicted 2-3 times the real deal-ins; 0.3 on
    the calibrated one, issue 16: 0.2 and 0.5 both played even with the old expert);
    `uper_min_live`: fewest live wait tiles worth freezing the hand for (a better wait may come);
    `slack_threat`: above this threat (summed over all opponents), discards that set the hand
    back one step are weighed too, for folding; against an uper player always. Measured: doing
    it on mere suspicion costs more wins than it saves deal-ins, so no level does.
    `fold_shanten`: against a player who declared uper, a hand this many tiles or more from
    ready folds outright when it holds a tile that is exactly safe against every uper player
    (`ai.danger.exact_safe_kinds`), whatever the value model says (issue 16: 22 % of such
    positions pushed early, 6 % mid-hand); 0 = never. `read_defence`: the "gain" uper reads
    how this table defends (`EventTracker.defence`, `uper_policy.TableDefence`) instead of
    assuming the fitted table's defence (False: as fitted, always).

    The personas' fields (`PERSONAS`; the levels leave them at their defaults):
    `plan_bonus`: basic points the seat wishes on top of these plans (`ai.value.PLANS` names)
    when it values and picks them, so it steers for them (the value hunter's flushes, all
    pungs and dragons); `decline_below`: a concealed hand passes a discard win worth fewer
    basic points than this when its self-draw is worth that much (0 = never), while
    `decline_until` or more tiles are left and it has not declared uper (the rules allow it:
    a passed win only bars discard wins until the seat's next draw, SD1; after uper it would
    bar them for the rest of the hand, SD5); `uper_bias`: added to the "gain" uper's expected
    gain (> 0 declares more often); `claim_plans`: with names, a pung is claimed only
    when the open hand's nearest plan is one of them (the value hunter opens its hand only for a
    full flush); `slips`: the chance of a beginner's mistake at each
    chance for one (`SLIPS`: a slow discard, a missed pung, a dangerous tile after an uper),
    drawn from the seat's seed.

    `far_pung_shanten`: a concealed hand (no open meld) this many tiles or more from ready
    passes a pung of a tile that is not a value tile (`ai.value.value_kinds`), whatever the
    value model says; kongs and wins as before; 0 = never. The value model prices a pung's
    plan (mostly all pungs) as if the rest of the hand were played as well as before, but a far
    open hand ends worse: judged from real tables (`bench/bench_master.py --audit-claims`), the
    expert's all-pungs pungs from 3 and 4 away lost 1.78 and 1.69 points each. Measured by
    duplicate play (`bench/bench_params.py far_pung_shanten=0`, 19,000 hands a table, issue
    34), the expert with 3 against itself with 0: +0.28 points per hand (95 % +0.16 to +0.40)
    against three of the old, +0.32 (+0.02 to +0.61) at the mixed table; it claims in 15 % of
    its hands instead of 22-24 %, deals in as often. `far_pung_plans`: from there, a value
    tile's pung is passed too when the open hand's nearest plan is one of these
    (`ai.value.PLANS` names); ``("all pungs",)`` measured +0.03 (-0.09 to +0.15) against the
    expert, 6,000 hands: no level uses it.

    `danger_calibration`: the danger model's probabilities mapped to what really deals in
    (`ai.danger.CALIBRATION`, issue 34); False: as the shapes give them (before), kept so
    ``bench/bench_params.py danger_calibration=False`` measures the difference."""

    level: str
    defence: float = 1.0
    evidence: bool = True
    value: bool = True
    claim: str = "value"
    uper: str = "gain"
    nine_major: int = 3
    claim_margin: float = 0.5
    suspicion: float = 0.3
    uper_model: UperParams = FITTED
    uper_min_live: int = 4
    slack_threat: float = float("inf")
    fold_shanten: int = 2
    read_defence: bool = True
    plan_bonus: tuple[tuple[str, int], ...] = ()
    decline_below: int = 0
    decline_until: int = 24
    uper_bias: float = 0.0
    slips: float = 0.0
    claim_plans: tuple[str, ...] = ()
    far_pung_shanten: int = 0
    far_pung_plans: tuple[str, ...] = ()
    danger_calibration: bool = True


LEVELS: dict[str, Params] = {
    "beginner": Params("beginner", defence=0.8, evidence=False, value=False, claim="free",
                       uper="always", nine_major=5, suspicion=0.0, slips=0.3),
    # a weaker player a person can tell from the expert (issue 34, docs/levels.md): it opens
    # its hand readily (a pung two and a half points worse than passing still looks good to
    # it), declares uper on a thin wait (2 live tiles), weighs danger at 0.4 and never folds
    # outright (only when the danger outweighs its hand); it reads nobody but uper players
    "standard": Params("standard", defence=0.4, evidence=False, value=True, claim="value",
                       uper="simple", nine_major=4, claim_margin=-2.5, fold_shanten=0,
                       uper_min_live=2),
    "expert": Params("expert", defence=1.0, evidence=True, value=True, claim="value",
                     uper="gain", nine_major=3, far_pung_shanten=3),
}

@dataclass(frozen=True)
class Persona:
    """A style beside the levels, declared once: its judgement and the English words a player
    reads of it (the UI registers them as ``seat.ai:<name>``, ``short.ai:<name>`` and
    ``about.seat.ai:<name>``; the registry makes the seat ``ai:<name>``; the menus list it after
    the levels, in this table's order)."""

    params: Params
    label: str  # in the menus: "computer, defensive"
    short: str  # at the table, beside the player's name: "Defensive"
    about: str  # the new-game screen's sentence under the seat rows


#: styles beside the levels: the expert's judgement with one character each (adding one here,
#: with its Korean words in ui.po and its tests, is all a new style needs)
STYLES: dict[str, Persona] = {
    # folds early and on suspicion, rarely opens the hand or freezes it with uper
    "defensive": Persona(
        replace(LEVELS["expert"], level="defensive", defence=2.0, suspicion=1.5,
                fold_shanten=1, slack_threat=4.0, claim_margin=3.0, uper_bias=-1.0),
        label="computer, defensive", short="Defensive",
        about="Defensive: folds early, even against a silent hand that looks ready, seldom "
              "claims or declares uper, and rarely deals in."),
    # steers for flushes, all pungs and dragons with a concealed hand (opened only for a full
    # flush: an open half flush or all pungs is a 2-point hand); lets a cheap win pass early
    "value": Persona(
        replace(LEVELS["expert"], level="value", plan_bonus=(
            ("half flush", 3), ("full flush", 6), ("all pungs", 2), ("value pungs", 2),
            ("value pung", 2)), decline_below=3, decline_until=24, claim_plans=("full flush",),
            far_pung_shanten=0),  # a full flush (6 points) is worth opening for from far away
        label="computer, value hunter", short="Value hunter",
        about="Value hunter: steers for flushes, all pungs and dragons with a concealed hand, "
              "and lets a cheap discard win pass early to self-draw a bigger one."),
    # claims and pushes, declares uper on a thin gain, folds only from far away (and claims
    # the far pungs the expert passes: calling is what a player sees of this style)
    "aggressive": Persona(
        replace(LEVELS["expert"], level="aggressive", defence=0.5, suspicion=0.15,
                fold_shanten=3, claim_margin=-2.0, uper_bias=2.0, nine_major=4,
                far_pung_shanten=0),
        label="computer, aggressive", short="Aggressive",
        about="Aggressive: claims pungs, pushes through danger and declares uper on a thin "
              "edge; it folds only from far away."),
}
#: each style's parameters, by name (`STYLES`)
PERSONAS: dict[str, Params] = {name: style.params for name, style in STYLES.items()}

#: a beginner's slips (`Params.slips`), each at its own kind of chance: `HeuristicSeat.slips`
#: counts the chances and the slips made by kind
SLIPS = ("slow", "missed_pung", "uper_danger")


#: the rules dict a `HandStarted` carried last, its key and the `RuleSet` read from it: the
#: seats of a game (and of every playout from its history) see the same dict, read once (held
#: here, so its identity stays its own; a rule set is immutable, and shared)
_LAST_RULES: tuple[dict, str, RuleSet] | None = None


class EventTracker:
    """What the observation does not keep: kinds discarded since each seat's last draw or
    claim (SD1 evidence) and since each seat's uper (SD5 evidence); and, for the whole
    session, how each player defends against uper (`defence`, `uper_policy.TableDefence`):
    every discard of a silent player while another has declared uper is recorded as exactly
    safe against every uper player or not, beside the chance that a tile of his hand was
    (the share of the safe kinds among the copies nobody has shown)."""

    def __init__(self) -> None:
        self.rules = _default_rules()
        self._rules_key: object = None
        self.defence = TableDefence()
        self.players: tuple[int, ...] = (0, 1, 2, 3)  # the session's player at each seat
        self.reset()

    def reset(self) -> None:
        self.passed: list[set[int]] = [set(), set(), set(), set()]
        self.after_uper: list[set[int]] = [set(), set(), set(), set()]
        self.uper = [False] * 4
        self.uper_at = [-1, -1, -1, -1]  # where each seat's uper discard lies in its river
        self.rivers: list[list[int]] = [[], [], [], []]
        self.shown = [0] * 25  # copies face up: discards and the tiles shown in melds
        self.me: int | None = None  # the seat whose deal this tracker saw (its own)

    def copy(self) -> EventTracker:
        """A tracker that has seen what this one has and shares nothing it changes: the
        playouts of a review start four seats from the same history hundreds of times, and
        reading it event by event cost more than copying what it left (`HeuristicSeat.copy`)."""
        t = EventTracker.__new__(EventTracker)
        t.rules, t._rules_key, t.players, t.me = self.rules, self._rules_key, self.players, self.me
        t.defence = self.defence.copy()
        t.passed = [set(x) for x in self.passed]
        t.after_uper = [set(x) for x in self.after_uper]
        t.uper = list(self.uper)
        t.uper_at = list(self.uper_at)
        t.rivers = [list(x) for x in self.rivers]
        t.shown = list(self.shown)
        return t

    def _record_defence(self, s: int, k: int) -> None:
        """Seat `s`, silent, discards kind `k` while others have declared uper."""
        safe: frozenset[int] | None = None
        for o in range(4):
            if o != s and self.uper[o]:
                # with the house rule `stem_after_uper` "chosen_only" the tiles forced out
                # after his uper close no stem
                stems = self.rivers[o][:self.uper_at[o] + 1] \
                    if self.rules.stem_after_uper == "chosen_only" else None
                mine = exact_safe_kinds(self.rivers[o], (), self.after_uper[o], stems)
                safe = mine if safe is None else safe & mine
        if safe is None:
            return
        left = [max(0, 4 - n) for n in self.shown]
        for h in range(18, 25):
            if not left[h]:
                safe |= {h}  # an honour nobody can hold is nobody's wait
        total = sum(left)
        chance = sum(left[h] for h in safe) / total if total else 0.0
        self.defence.record(self.players[s], k in safe, chance)

    def observe(self, event: Event) -> None:
        # by the event's class (none is subclassed): a `match` on class patterns would try
        # them in turn, and this runs for every event at every seat
        handle = _HANDLERS.get(type(event))
        if handle is not None:
            handle(self, event)

    def _drew(self, event: Drew) -> None:
        self.passed[event.seat].clear()

    def _dealt(self, event: Dealt) -> None:
        if event.tiles is not None:
            self.me = event.seat  # only a seat's own deal shows its tiles

    def _claimed(self, event: Claimed) -> None:
        claimed = event.tile
        self.passed[event.seat].clear()
        for x in event.tiles:  # the claimed discard is counted in its river already
            if x is not None and x != claimed and not is_flower_tile(x):
                self.shown[kind_of_tile(x)] += 1

    def _hand_started(self, event: HandStarted) -> None:
        self.reset()
        rules, players = event.rules, event.players
        if len(players) == 4:
            self.players = tuple(players)
        if not isinstance(rules, dict):
            return
        global _LAST_RULES
        last = _LAST_RULES
        if last is not None and last[0] is rules:  # the same dict: every seat of a playout
            key, read = last[1], last[2]
        else:
            key, read = repr(sorted(rules.items())), None
        if key != self._rules_key:
            if read is None:
                from game.engine.rules import RuleSet
                read = RuleSet.from_dict(rules)
                _LAST_RULES = (rules, key, read)
            self.rules = read
            self._rules_key = key

    def _discarded(self, event: Discarded) -> None:
        s, t = event.seat, event.tile
        if t is None or t >= FIRST_FLOWER:
            return
        k = KIND_OF_TILE[t]
        uper = self.uper
        if any(uper) and not uper[s] and s != self.me:
            self._record_defence(s, k)
        self.rivers[s].append(k)
        self.shown[k] += 1
        passed = self.passed
        for o in range(4):
            if o != s:
                passed[o].add(k)
            if uper[o]:
                self.after_uper[o].add(k)
        if event.uper:
            uper[s] = True
            self.uper_at[s] = len(self.rivers[s]) - 1

    def _kong(self, event: KongDeclared) -> None:
        s, tiles = event.seat, event.tiles
        if event.meld == "added_kong":
            if tiles and tiles[0] is not None and not is_flower_tile(tiles[0]):
                k = kind_of_tile(tiles[0])
                self.shown[k] += 1
                for o in range(4):
                    if o != s:
                        self.passed[o].add(k)
            return
        for x in tiles:
            if x is not None and not is_flower_tile(x):
                self.shown[kind_of_tile(x)] += 1


#: what `EventTracker.observe` does with each class of event (the others tell it nothing)
_HANDLERS: dict[type, Callable[[EventTracker, Any], None]] = {
    Discarded: EventTracker._discarded, Drew: EventTracker._drew,
    Claimed: EventTracker._claimed, KongDeclared: EventTracker._kong,
    Dealt: EventTracker._dealt, HandStarted: EventTracker._hand_started}


#: an option's words, made only for the option chosen (most options are never explained)
Words = Callable[[], Message]


def _dead(words: Words) -> Message:
    return READY_DEAD(why=words())


@dataclass(slots=True)  # not frozen: a frozen init costs five times as much, ten per decision
class Option:
    """One evaluated choice: expected value of the hand, danger, and the words (never changed
    once made)."""

    action: Action
    ev: float  # the hand's value: push or fold
    danger: float
    shanten: int
    ukeire: int
    words: Words
    pick: float | None = None  # the plan's value choosing among discards (None: `ev`)

    @property
    def why(self) -> Message:
        return self.words()

    @property
    def score(self) -> float:
        return self.ev - self.danger

    @property
    def pick_value(self) -> float:
        return self.ev if self.pick is None else self.pick

    @property
    def pick_score(self) -> float:
        return self.pick_value - self.danger


#: the discard of each kind (an action is an immutable value: one for every option made)
_DISCARD = tuple(Discard(k) for k in range(25))
_WIN = Win()


def _offers(legal: Sequence[Action], kind: type) -> bool:
    """``kind() in legal`` for an action without fields (`Win`), by class: an action's
    ``==`` goes through both classes' dataclass methods for every action of the tuple."""
    return any(type(a) is kind for a in legal)


def _offers_uper(legal: Sequence[Action], tile: int) -> bool:
    """``Discard(tile, uper=True) in legal``, the same way."""
    return any(type(a) is Discard and a.uper and a.tile == tile for a in legal)


#: discards within this danger of the push-or-fold choice are chosen among by the plan's value
PICK_DANGER = 0.5


def pick_discard(opts: Sequence[Option]) -> Option:
    """The discard: the hand's value against danger decides how much danger to take (push or
    fold), then the plan's value chooses among the discards about that dangerous (issue 16:
    in a calm concealed hand, the widest acceptance unless a plan is really better)."""
    first = max(opts, key=lambda o: (o.score, o.ukeire))
    near = [o for o in opts if abs(o.danger - first.danger) <= PICK_DANGER]
    return max(near, key=lambda o: (o.pick_score, o.ukeire))


def _plus(counts: list[int], k: int) -> list[int]:
    out = list(counts)
    out[k] += 1
    return out


def deal_kong(decision: Decision, obs: Observation) -> tuple[Action, Message]:
    """A "kong" decision at the deal (a four of a kind a replacement completed): declare it
    when the hand stays as close to ready, else pass. Returns (action, why)."""
    melds = obs.melds[obs.seat]
    counts = [0] * 25
    for k in obs.concealed:
        counts[k] += 1
    now = shanten_of(counts, len(melds))
    for a in decision.legal:
        if isinstance(a, ConcealedKong):
            after = list(counts)
            after[a.tile] -= 4
            if sum(after) % 3 == 0:  # 13 tiles: the replacement counted as the least useful tile
                worst = max(shanten_of(_plus(after, j), len(melds) + 1)
                            for j in range(25) if after[j] < 4)
            else:
                worst = shanten_of(after, len(melds) + 1)
            if worst <= now:
                return a, DEAL_KONG(action=a, n=now)
    return PASS, DEAL_KONG_PASS()


class HeuristicSeat(SeatBase):
    """The heuristic AI at one of the `LEVELS` or `PERSONAS` (or with explicit `params`).

    A seat with `Params.slips` draws its slips from `seed`, so the same seed and the same
    decisions give the same slips; made without a seed it makes none (its judgement alone, as
    the decision tables pin it; every game and arena seat has a seed). `slips` counts, per kind
    of `SLIPS`, the chances met and the slips made: ``{kind: [chances, slips]}``."""

    def __init__(self, level: str = "standard", seed: int | None = None,
                 params: Params | None = None):
        if params is None:
            known = {**LEVELS, **PERSONAS}
            if level not in known:
                raise ValueError(f"unknown AI level {level!r}; known: {', '.join(known)}")
            params = known[level]
        self.params = params
        self.name = f"ai:{params.level}"
        self.seed = seed
        self.tracker = EventTracker()
        self._why: Message | Words | None = None
        self._uper_why: Message = NEVER()
        self._bonus = dict(params.plan_bonus)
        # the slips' random numbers, seeded when the first chance of a slip comes (a seat
        # without slips never needs them: a playout makes four seats)
        self._rng: random.Random | None = None
        self.slips: dict[str, list[int]] = {k: [0, 0] for k in SLIPS}

    def _slip(self, kind: str) -> bool:
        """A chance for a slip of `kind`: made with probability `Params.slips` (counted)."""
        if self.seed is None:
            return False
        if self._rng is None:
            self._rng = random.Random(f"slips/{self.seed}")
        tally = self.slips[kind]
        tally[0] += 1
        if self._rng.random() < self.params.slips:
            tally[1] += 1
            return True
        return False

    def copy(self, seed: int | None = None) -> HeuristicSeat:
        """A new seat of the same judgement, seeded `seed`, that has seen every event this one
        has (its tracker copied) and decided nothing yet: it answers as a seat made with `seed`
        that observed the same events would. The review's playouts make their four seats this
        way from seats that read the history once (`game.practice.game_review`)."""
        seat = HeuristicSeat(self.params.level, seed, self.params)
        seat.tracker = self.tracker.copy()
        return seat

    # ------------------------------------------------------------------ protocol
    def observe(self, event: Event) -> None:
        self.tracker.observe(event)

    def explain(self) -> Message | None:
        """Why the last decision was made (None before the first)."""
        why = self._why
        if why is not None and not isinstance(why, Message):
            why = self._why = why()  # a discard's words, made now that they are asked for
        return why

    def act(self, decision: Decision) -> Action:
        obs = decision.observation
        if decision.kind in OFFERS:
            return self._claim(decision, obs)
        if decision.kind == DecisionKind.KONG:
            action, self._why = deal_kong(decision, obs)
            return action
        return self._turn(decision, obs)

    # ------------------------------------------------------------------ shared pieces
    def _context(self, obs: Observation) -> _Ctx:
        p = self.params
        vis = visible_counts(obs)
        own = [0] * 25
        for k in obs.concealed:
            own[k] += 1
        elsewhere = [vis[k] - own[k] for k in range(25)]
        unseen = [4 - v for v in vis]
        danger: list[float]
        threat: float
        certain: float
        safe: frozenset[int] | None
        if p.defence > 0 and not p.evidence and not any(obs.uper):
            # without evidence only uper players are read, and nobody declared: every read
            # would be silent with no danger (`read_opponents`), so its sums are these
            danger = [0.0] * 25
            threat, certain, safe = 0.0, 0, None
        elif p.defence > 0:
            reads = read_opponents(obs, self.tracker.passed, self.tracker.after_uper,
                                   use_evidence=p.evidence, rules=self.tracker.rules,
                                   calibrate=p.danger_calibration)
            danger = [0.0] * 25
            for r in reads:
                w = p.defence * (1.0 if r.ready >= 1.0 else p.suspicion)
                if w and r.deal_in is not NO_DEAL_IN:  # adding 0.0 changes nothing
                    for k in range(25):
                        danger[k] += r.deal_in[k] * r.loss * w
            threat = sum(r.threat for r in reads)
            certain = sum(r.threat for r in reads if r.ready >= 1.0)
            vs_uper = [r.safe for r in reads if obs.uper[r.seat]]
            safe = frozenset.intersection(*vs_uper) if vs_uper else None
        else:
            danger = [0.0] * 25
            threat = certain = 0.0
            safe = None
        rules = self.tracker.rules
        return _Ctx(obs, own, elsewhere, unseen, max(1, sum(unseen)), danger, threat, certain,
                    safe, rules.ante + 1 + len(obs.flowers[obs.seat]),
                    DISCARD_WIN_SHARE * rules.discard_multiplier)

    def _final(self, obs: Observation, basic: int) -> float:
        """Final of a win with `basic` points: the table's ante + basic + about one bonus point
        + the flowers (docs/rules.md §8.5)."""
        return self.tracker.rules.ante + basic + 1 + len(obs.flowers[obs.seat])

    def _ready_ev(self, c: _Ctx, tiles: list[int], melds: Sequence[Meld], river: list[int],
                  uper_bonus: int = 0) -> tuple[float, int, Words]:
        """EV of a ready (3n+1) hand from its exact waits: (ev, live tiles, words)."""
        obs = c.obs
        vals = ready_waits(tiles, melds, seat=obs.seat, prevalent=obs.prevalent,
                           rules=self.tracker.rules)
        if not vals:
            return 0.0, 0, NO_VALID_WAIT
        st = sacred_status([v.tile for v in vals], river)
        live_s = live_d = 0
        basic = 0.0
        n = 0
        for v in vals:
            u = max(0, 4 - c.elsewhere[v.tile] - tiles.count(v.tile))
            if v.valid_self_draw:
                live_s += u
            if v.valid_discard and st.can_win_on_discard(v.tile):
                live_d += u
            basic += max(v.self_draw_basic, v.discard_basic) * u
            n += u
        if n == 0:
            return 0.0, 0, WAITS_VISIBLE
        avg = basic / n
        ps, _ = win_chances(live_s, c.total_unseen, obs.wall_left, False)
        _, pd = win_chances(live_d, c.total_unseen, obs.wall_left, live_d > 0)
        if live_d and live_s:
            ps, pd = win_chances(live_d, c.total_unseen, obs.wall_left, True)
        final = self._final(obs, int(avg)) + uper_bonus
        ev = (SELF_DRAW_PAYERS * ps + self.tracker.rules.discard_multiplier * pd) * final
        return ev, max(live_s, live_d), partial(READY_ON, n=n)

    def _far_ev(self, c: _Ctx, counts: list[int], melds: Sequence[Meld], s: int,
                u: int) -> tuple[float, Message]:
        """The value of a hand `s` >= 1 from ready with `u` unseen accepted tiles, as
        `_far_values` gives it: (value, plan) for push or fold and claims."""
        ev, plan, _, _ = self._far_values(c, counts, melds, s, u)
        return ev, plan

    def _far_values(self, c: _Ctx, counts: list[int], melds: Sequence[Meld], s: int,
                    u: int, concealed: bool | None = None
                    ) -> tuple[float, Message, float, Message]:
        """A hand `s` >= 1 from ready with `u` unseen accepted tiles, valued two ways:
        (value, plan, pick, plan picked).

        The *value* (push or fold, claims: what keeping the hand is worth) takes the nearest
        plan (`ai.value.plan_value`) and its points for every win. The *pick* (which discard,
        among those as dangerous) is `_plan_pick`: each plan at its own distance, so a plan
        only moves a calm discard away from the widest acceptance when it is really better
        (issue 16). Open hands and levels without value have one value for both.
        `concealed`: whether no meld is open, if the caller knows (else worked out here)."""
        obs = c.obs
        if concealed is None:
            concealed = not melds or all(not m.is_open for m in melds)
        routes: Sequence[tuple[int, str, int]] = ()
        value = self.params.value
        if value:
            options, pv, routes = _plans(counts, melds, obs.seat, obs.prevalent, c.unseen, s,
                                         concealed)
            if self._bonus:  # the persona's wish: these plans count as richer
                options = [(d, b + self._bonus.get(name, 0), name) for d, b, name in options]
                pv = nearest_plan(options, concealed, s)
                routes = _routes(options)
            ds, dd, basic, plan = (pv.self_draw_distance, pv.discard_distance, pv.basic,
                                   pv.plan)
        else:
            ds, dd, basic, plan = (0 if concealed else 1), 1, 2, SHAPE
        best = 0.0
        by_discard = c.by_discard
        final = c.final0 + basic
        total, wall = c.total_unseen, obs.wall_left
        p_self = -1.0  # the self-draw chance from `s` steps, if worked out
        if ds < INF:
            steps = max(s, ds) + (1 if ds > s else 0) * 0.5 * min(s, ds)
            p = _p_far(steps, u, total, wall, False)
            if steps == s:
                p_self = p
            best = max(best, p * _SELF_DRAW_MULT * final)
        if dd < INF:
            steps = max(s, dd) + (1 if dd > s else 0) * 0.5 * min(s, dd)
            best = max(best, _p_far(steps, u, total, wall, True) * by_discard * final)
        if not (value and concealed):
            return best, plan, best, plan
        pick, picked = self._plan_pick(c, counts, routes, s, u, p_self)
        return best, plan, pick, picked

    def _plan_pick(self, c: _Ctx, counts: list[int], routes: Sequence[tuple[int, str, int]],
                   s: int, u: int, p_self: float = -1.0) -> tuple[float, Message]:
        """The pick value of a concealed hand `s` >= 1 from ready with `u` unseen accepted
        tiles and the plans `routes` (`_routes` of `ai.value.plan_options`): the best route,
        each weighed by its own chance (issue 16).

        * Any ready shape self-drawn: 2 basic points (concealed + self-draw), `s` steps.
        * Each plan (distance `d`, its points), by self-draw or by discard: `s` steps when it
          is in the hand already, else ``max(s, d)`` plus half of the overlap (throwing the
          plan's odd tiles costs some of the steps the shape makes anyway, and acceptance).
        * Seven pairs from its own shanten (its distance is the steps beyond the hand's) with
          its own acceptance (the unseen copies of the single tiles), or the hand's when it is
          the hand's shortest form.

        The nearest plan's points for every shape (the value) let seven pairs a few tiles away
        lend its 5 points to the whole hand and pull calm discards from the widest acceptance
        (``12345688m2367p11z`` broke the 23p two-sided shape), and a nearer cheap plan hide a
        richer one. `p_self`: the self-draw chance from `s` steps with `u`, if known."""
        total, wall = c.total_unseen, c.obs.wall_left
        by_discard = c.by_discard
        base = c.final0
        # per point of Final, by the route's steps (the hand's acceptance)
        self_s = (p_self if p_self >= 0 else _p_far(s, u, total, wall, False)) * SELF_DRAW_PAYERS
        at_s = max(self_s, _p_far(s, u, total, wall, True) * by_discard)
        per_point = {float(s): at_s}
        best = self_s * (base + 2)
        name, plan_ev = "no plan", -1.0
        for d, plan, points in routes:
            final = base + points
            if d and plan == "seven pairs":
                unseen = c.unseen
                acc = sum(unseen[k] for k, x in enumerate(counts) if x == 1)
                steps: float = s + d
                ev = max(_p_far(steps, acc, total, wall, False) * SELF_DRAW_PAYERS,
                         _p_far(steps, acc, total, wall, True) * by_discard) * final
            else:
                if at_s * final <= plan_ev:
                    continue  # no more steps can make it better than a plan already seen
                steps = max(s, d) + (0.5 * min(s, d) if d else 0.0)
                p = per_point.get(steps)
                if p is None:
                    p = per_point[steps] = max(
                        _p_far(steps, u, total, wall, False) * SELF_DRAW_PAYERS,
                        _p_far(steps, u, total, wall, True) * by_discard)
                ev = p * final
            if ev > plan_ev:
                name, plan_ev = plan, ev
        return max(best, plan_ev), PLANS["concealed + " + name]

    def _options_14(self, c: _Ctx, counts: list[int], melds: Sequence[Meld],
                    legal_kinds: set[int] | None) -> list[Option]:
        """Every discard of a 3n+2 concealed part, evaluated."""
        obs = c.obs
        river = [r.tile for r in obs.rivers[obs.seat]]
        out = []
        slack = 1 if self.params.defence > 0 and (c.threat_certain > 6
                                                  or c.threat > self.params.slack_threat) else 0
        concealed = not melds or all(not m.is_open for m in melds)
        for o in discard_choices(counts, len(melds), c.elsewhere, slack, legal_kinds):
            d = o.discard
            if o.shanten > 0 and not o.ukeire:
                out.append(Option(_DISCARD[d], 0.0, c.danger[d], o.shanten, 0,
                                  partial(SHANTEN, n=o.shanten)))
                continue
            after = list(counts)
            after[d] -= 1
            pick = None
            if o.shanten <= 0:
                tiles = [k for k in range(25) for _ in range(after[k])]
                ev, live, words = self._ready_ev(c, tiles, melds, river + [d])
                if ev == 0.0 and live == 0:
                    far, plan = self._far_ev(c, after, melds, 1, max(1, o.unseen // 3))
                    ev, words = far * 0.5, partial(_dead, words)
            else:
                ev, _, pick, plan = self._far_values(c, after, melds, o.shanten, o.unseen,
                                                     concealed)
                words = partial(FAR, n=o.shanten, accepted=o.unseen, plan=plan)
            out.append(Option(_DISCARD[d], ev, c.danger[d], o.shanten, o.unseen, words, pick))
        return out

    def _ev_13(self, c: _Ctx, counts: list[int], melds: Sequence[Meld]) -> tuple[float, Words]:
        """EV of a 3n+1 hand waiting to draw."""
        obs = c.obs
        s = shanten_of(counts, len(melds))
        if s == 0:
            tiles = [k for k in range(25) for _ in range(counts[k])]
            ev, _, words = self._ready_ev(c, tiles, melds, [r.tile for r in obs.rivers[obs.seat]])
            return ev, words
        a = acceptance13(counts, len(melds), visible=c.elsewhere)
        ev, plan = self._far_ev(c, counts, melds, s, a.unseen)
        return ev, partial(SHANTEN_PLAN, n=s, plan=plan)

    # ------------------------------------------------------------------ turn
    def _turn(self, decision: Decision, obs: Observation) -> Action:
        legal = decision.legal
        p = self.params
        if _offers(legal, Win) and _WIN not in decision.notes:
            self._why = SELF_DRAW_WIN()
            return Win()
        me = obs.seat
        melds = obs.melds[me]
        counts = [0] * 25
        for k in obs.concealed:
            counts[k] += 1
        if obs.uper[me]:
            for a in legal:
                if isinstance(a, ConcealedKong):
                    self._why = FROZEN_KONG(tile=a.tile)
                    return a
            self._why = FROZEN()
            return next(a for a in legal if isinstance(a, Discard))
        if NINE_MAJOR in legal:
            s = shanten_of(counts, len(melds))
            if s >= p.nine_major:
                self._why = NINE_MAJOR_VOID(n=s)
                return NINE_MAJOR
        c = self._context(obs)
        kinds = {a.tile for a in legal if isinstance(a, Discard)}
        opts = self._options_14(c, counts, melds, kinds)
        best = pick_discard(opts)
        folded = self._fold(c, opts)
        if folded is not None:
            best = folded
        slip: Message | None = None
        if p.slips:
            best, slip = self._slip_discard(obs, opts, best)
            if slip is not None:
                folded = None
        # kongs
        for a in legal:
            if folded is not None and isinstance(a, AddedKong) and (
                    c.safe_vs_uper is None or a.tile not in c.safe_vs_uper):
                continue  # folding: an added tile the uper player may rob is a push
            if isinstance(a, (ConcealedKong, AddedKong)):
                after = list(counts)
                if isinstance(a, ConcealedKong):
                    after[a.tile] -= 4
                    new = list(melds) + [Meld(CONCEALED_KONG, a.tile)]
                else:
                    after[a.tile] -= 1
                    new = [Meld(ADDED_KONG, m.tile, m.from_seat) if m.tile == a.tile and
                           m.type == PUNG_MELD else m for m in melds]
                ev, words = self._ev_13(c, after, new)
                ev += 1.0  # the replacement draw and a dora tile more
                if ev >= best.ev - 0.01 and shanten_of(after, len(new)) <= best.shanten:
                    self._why = KONG_TURN(action=a, why=words())
                    return a
        action: Action = best.action
        safest = min(opts, key=lambda o: o.danger)
        pushing = best.action != safest.action and best.danger > safest.danger + 1
        folding = not pushing and (folded is not None or (
            best.action == safest.action
            and best.pick_value < max(o.pick_value for o in opts) - 0.5))
        uper: Kind | None = None
        up = Discard(best.action.tile, uper=True)  # type: ignore[union-attr]
        if _offers_uper(legal, up.tile) and up not in decision.notes:
            if self._want_uper(c, counts, best.action.tile, melds):  # type: ignore[union-attr]
                action = up
                uper = UPER
            elif p.uper == "gain":
                uper = SILENT
        gain = self._uper_why

        def why() -> Message:
            w = best.why
            if best.danger > 0.5:
                w = DANGER(why=w, danger=best.danger)
            if pushing:
                w = PUSHING(why=w, safest=safest.action)
            elif folding:
                w = FOLDING(why=w)
            if uper is not None:
                w = uper(gain=gain, why=w)
            if slip is not None:
                w = SLIPPED(why=w, slip=slip)
            return DISCARD(tile=best.action.tile, why=w)  # type: ignore[union-attr]

        self._why = why  # worded when asked (`explain`): most decisions never are
        return action

    def _slip_discard(self, obs: Observation, opts: Sequence[Option],
                      best: Option) -> tuple[Option, Message | None]:
        """A beginner's slip at a discard, if one is drawn: after another player's uper, the
        tile his hand wants most though a safer one was chosen (he forgets the uper); on a
        calm table, a slow discard (the best of those that keep the shanten but accept fewer
        tiles: a plausible tile, not a random one)."""
        me = obs.seat
        if any(obs.uper[o] for o in range(4) if o != me):
            careless = max(opts, key=lambda o: (o.pick_value, o.ukeire))
            if careless.danger > best.danger + PICK_DANGER and self._slip("uper_danger"):
                return careless, SLIP_DANGER(best=best.action.tile)  # type: ignore[union-attr]
            return best, None
        slow = [o for o in opts if o.shanten == best.shanten and o.ukeire < best.ukeire
                and o.action != best.action]
        if slow and self._slip("slow"):
            nearly = max(slow, key=lambda o: (o.pick_score, o.ukeire))  # a plausible tile
            return nearly, SLIP_SLOW(best=best.action.tile,  # type: ignore[union-attr]
                                     accepted=best.ukeire)
        return best, None

    def _fold(self, c: _Ctx, opts: Sequence[Option]) -> Option | None:
        """The fold against an uper player: from `Params.fold_shanten` or more tiles away, the
        best discard among the exactly safe ones (None: no fold here, or no safe tile held)."""
        n = self.params.fold_shanten
        if n <= 0 or not c.safe_vs_uper or not opts or min(o.shanten for o in opts) < n:
            return None
        safe = [o for o in opts
                if isinstance(o.action, Discard) and o.action.tile in c.safe_vs_uper]
        if not safe:
            return None
        return pick_discard(safe)

    def uper_features(self, c: _Ctx, counts: list[int], d: int,
                      melds: Sequence[Meld]) -> UperFeatures:
        """What the uper decision sees when discarding kind `d` from the 3n+2 `counts`."""
        after = list(counts)
        after[d] -= 1
        tiles = [k for k in range(25) for _ in range(after[k])]
        obs = c.obs
        river = [r.tile for r in obs.rivers[obs.seat]] + [d]
        vals = ready_waits(tiles, melds, seat=obs.seat, prevalent=obs.prevalent,
                           rules=self.tracker.rules)
        ws = [v.tile for v in vals]
        st = sacred_status(ws, river)
        st_up = sacred_status(ws, river, uper_discard=d)
        live_by = tuple(max(0, 4 - c.elsewhere[v.tile] - after[v.tile]) for v in vals)
        ok = tuple(v.valid_discard and st.can_win_on_discard(v.tile) for v in vals)
        ok_up = [v.valid_discard and st_up.can_win_on_discard(v.tile) for v in vals]
        basic = max((v.discard_basic for v in vals), default=2)
        me = obs.seat
        return UperFeatures(
            waits=tuple(ws), live_by_wait=live_by,
            self_basic=tuple(v.self_draw_basic for v in vals),
            discard_basic=tuple(v.discard_basic for v in vals), discard_ok=ok,
            live=sum(live_by),
            live_self=sum(u for u, v in zip(live_by, vals) if v.valid_self_draw),
            live_discard=sum(u for u, o in zip(live_by, ok) if o),
            stem_blocked=sum(u for u, o, o2 in zip(live_by, ok, ok_up) if o and not o2),
            unseen_total=c.total_unseen, wall_left=obs.wall_left, turn=len(obs.rivers[me]),
            final=self._final(obs, basic), threat_certain=c.threat_certain, threat=c.threat,
            ante=self.tracker.rules.ante,
            discard_multiplier=self.tracker.rules.discard_multiplier,
            opp_upers=sum(1 for o in range(4) if o != me and obs.uper[o]),
            opp_melds=sum(len(obs.melds[o]) for o in range(4) if o != me))

    def _want_uper(self, c: _Ctx, counts: list[int], d: int, melds: Sequence[Meld]) -> bool:
        p = self.params
        if p.uper == "never":
            self._uper_why = NEVER()
            return False
        if p.uper == "always":
            self._uper_why = ALWAYS()
            return True
        f = self.uper_features(c, counts, d, melds)
        if p.uper == "simple":
            self._uper_why = LIVE(live=f.live, left=f.wall_left)
            return f.live >= p.uper_min_live and f.wall_left >= 20
        model = p.uper_model
        if p.read_defence:
            me = c.obs.seat
            model = self.tracker.defence.params(
                (self.tracker.players[o] for o in range(4) if o != me), model)
        if p.uper_bias:
            model = replace(model, margin=model.margin - p.uper_bias)
        self._uper_why = uper_words(f, model)
        return uper_decision(f, model)

    # ------------------------------------------------------------------ claims
    def _claim(self, decision: Decision, obs: Observation) -> Action:
        legal = decision.legal
        if _offers(legal, Win) and _WIN not in decision.notes:
            declined = self._decline(decision, obs)
            if declined is None:
                self._why = WIN_ON_DISCARD() if decision.kind == DecisionKind.CLAIM else ROB_KONG()
                return Win()
            self._why = declined
            return PASS
        if not any(isinstance(a, (Pung, Kong)) for a in legal):
            self._why = NOTHING_TO_CLAIM()
            return PASS
        me = obs.seat
        melds = obs.melds[me]
        assert obs.last_discard is not None
        frm, k = obs.last_discard
        counts = [0] * 25
        for x in obs.concealed:
            counts[x] += 1
        p = self.params
        s_now = shanten_of(counts, len(melds))
        if p.claim == "free":
            after = list(counts)
            after[k] -= 2
            new = list(melds) + [Meld(PUNG_MELD, k, frm)]
            s_after = min(shanten_of(_minus(after, j), len(new)) for j in range(25) if after[j])
            if s_after <= s_now:
                if p.slips and self._slip("missed_pung"):
                    self._why = SLIP_PUNG(tile=k)
                    return PASS
                self._why = PUNG_CLOSER(tile=k, before=s_now, after=s_after)
                return Pung()
            self._why = PUNG_NOT_CLOSER(tile=k)
            return PASS
        c = self._context(obs)
        ev_pass, words_pass = self._ev_13(c, counts, melds)
        best_action: Action = PASS
        best_ev = ev_pass + p.claim_margin

        def pass_words() -> Message:
            return PASS_VALUE(why=words_pass(), value=ev_pass)

        why: Words = pass_words
        # a concealed hand far from ready keeps closed (`Params.far_pung_shanten`); the reason
        # says so only where the value model would have claimed
        far = (0 < p.far_pung_shanten <= s_now and not any(m.is_open for m in melds))
        for a in legal:
            if isinstance(a, Pung):
                after = list(counts)
                after[k] -= 2
                new = list(melds) + [Meld(PUNG_MELD, k, frm)]
                opts = self._options_14(c, after, new, None)
                if not opts:
                    continue
                o = max(opts, key=lambda o: o.score)
                if p.claim_plans and self._open_plan(c, after, new, o) not in p.claim_plans:
                    continue  # not toward the plans this seat opens its hand for
                if o.score > best_ev:
                    if far and (k not in value_kinds(me, obs.prevalent) or (
                            p.far_pung_plans
                            and self._open_plan(c, after, new, o) in p.far_pung_plans)):
                        why = partial(FAR_PUNG, tile=k, n=s_now)  # the value model's pung
                        continue
                    best_action, best_ev = a, o.score
                    why = partial(PUNG_VALUE, tile=k, why=o.why, value=o.ev, passing=ev_pass)
            elif isinstance(a, Kong):
                after = list(counts)
                after[k] -= 3
                new = list(melds) + [Meld(KONG_MELD, k, frm)]
                ev, words = self._ev_13(c, after, new)
                ev += 1.0
                if ev > best_ev:
                    best_action, best_ev = a, ev
                    why = partial(KONG_VALUE, tile=k, why=words(), value=ev, passing=ev_pass)
        if best_action != PASS and p.slips and self._slip("missed_pung"):
            self._why = SLIP_PUNG(tile=k)
            return PASS
        self._why = why  # worded when asked (`explain`)
        return best_action

    def _open_plan(self, c: _Ctx, counts: list[int], melds: Sequence[Meld], o: Option) -> str:
        """The name of the nearest plan (`ai.value.PLANS`) of an open hand: `counts` after a
        pung, less the discard of option `o` (with `Params.plan_bonus`, as the seat values it)."""
        after = list(counts)
        if isinstance(o.action, Discard):
            after[o.action.tile] -= 1
        s = max(0, o.shanten)
        obs = c.obs
        options = [(d, b + self._bonus.get(name, 0), name) for d, b, name in plan_options(
            after, melds, seat=obs.seat, prevalent=obs.prevalent, unseen=c.unseen, shanten=s)]
        if not options:
            return "no plan"
        return min(options, key=lambda x: (max(x[0], s), -x[1]))[2]

    def _decline(self, decision: Decision, obs: Observation) -> Message | None:
        """Why a legal discard win is let pass (`Params.decline_below`), or None to take it."""
        p = self.params
        me = obs.seat
        if (not p.decline_below or decision.kind != DecisionKind.CLAIM or obs.uper[me]
                or obs.wall_left < p.decline_until or obs.last_discard is None
                or any(m.is_open for m in obs.melds[me])):
            return None
        k = obs.last_discard[1]
        for v in ready_waits(obs.concealed, obs.melds[me], seat=me, prevalent=obs.prevalent,
                             rules=self.tracker.rules):
            if v.tile == k and v.discard_basic < p.decline_below <= v.self_draw_basic:
                return DECLINE(basic=v.discard_basic, self_draw=v.self_draw_basic,
                               left=obs.wall_left)
        return None


@dataclass
class _Ctx:
    obs: Observation
    own: list[int]
    elsewhere: list[int]  # copies visible outside the own concealed part
    unseen: list[int]  # copies this seat cannot see
    total_unseen: int
    danger: list[float]  # expected deal-in loss per discarded kind (weighted)
    threat: float  # sum over opponents of P(ready) x loss
    threat_certain: float = 0.0  # the same over players who declared uper
    safe_vs_uper: frozenset[int] | None = None  # exactly safe against every uper player (None:
    # nobody declared uper, or the level does not defend)
    final0: int = 0  # `HeuristicSeat._final` of 0 basic points: the ante, 1 and the flowers
    by_discard: float = 0.0  # a far hand's discard-win weight (`DISCARD_WIN_SHARE` x multiplier)


@dataclass(slots=True)  # not frozen: a frozen init costs five times as much, ten per decision
class DiscardChoice:
    """A discard, the shanten it leaves, the accepted kinds and their unseen copies (never
    changed once made)."""

    discard: int
    shanten: int
    ukeire: tuple[int, ...]
    unseen: int


def discard_choices(counts: Sequence[int], melds: int, elsewhere: Sequence[int],
                    slack: int = 0, only: set[int] | None = None) -> list[DiscardChoice]:
    """Every distinct discard of a 3n+2 hand with its shanten; acceptance is worked out only
    for discards within `slack` of the best shanten (the others get an empty one).

    >>> from game.engine.tiles import parse_tiles, to_counts, tile_str
    >>> best = discard_choices(to_counts(parse_tiles("123m456p789p11m22z7z")), 0, [0] * 25)[0]
    >>> tile_str(best.discard), best.shanten, best.unseen
    ('7z', 0, 7)
    """
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        HandShape(counts, melds)  # raises the engine's error saying what is wrong
        raise
    after = _after_discards(b, melds)
    firsts = [(s, d) for d, s in after if only is None or d in only]
    if not firsts:
        return []
    low = min(s for s, _ in firsts)
    left = [4 - x - y for x, y in zip(b, elsewhere)]  # unseen copies of each kind
    out = []
    for s, d in firsts:
        if s > low + slack:
            out.append(DiscardChoice(d, s, (), 0))
            continue
        kinds = tuple([k for k in _improving_draws(b[:d] + _LESS_ONE[b[d]] + b[d + 1:], melds, s)
                       if left[k] > 0])
        out.append(DiscardChoice(d, s, kinds, sum([left[k] for k in kinds])))
    keys = [(o.shanten, -o.unseen, -len(o.ukeire)) for o in out]
    return [out[i] for i in sorted(range(len(out)), key=keys.__getitem__)]  # stable, as before


#: the hands `discard_choices` has walked, by their counts as bytes (and declared melds): the
#: shanten after each discard of a 3n+2 hand, the improving draws of a 3n+1 hand (its own
#: shanten and shape decide them; the copies others show are counted afterwards). A seat meets
#: the same hands turn after turn (the tile it drew and let go), the playouts of a review the
#: same hands in both choices, so about two in five walks are found here; the maps are emptied
#: when they grow past `_WALKS_CAP`
_AFTER: dict[tuple[bytes, int], list[tuple[int, int]]] = {}
_IMPROVING: dict[tuple[bytes, int], list[int]] = {}
_WALKS_CAP = 1 << 15
_LESS_ONE = tuple(bytes((x - 1,)) if x else b"" for x in range(5))


def _after_discards(b: bytes, melds: int) -> list[tuple[int, int]]:
    """`HandShape.after_discards` of the 3n+2 counts `b`, kept."""
    key = (b, melds)
    t = _AFTER.get(key)
    if t is None:
        if len(_AFTER) >= _WALKS_CAP:
            _AFTER.clear()
        t = _AFTER[key] = HandShape(b, melds).after_discards()
    return t


def _improving_draws(b: bytes, melds: int, s: int) -> list[int]:
    """`HandShape.improving_draws(s)` of the 3n+1 counts `b` whose shanten is `s`, kept."""
    key = (b, melds)
    t = _IMPROVING.get(key)
    if t is None:
        if len(_IMPROVING) >= _WALKS_CAP:
            _IMPROVING.clear()
        t = _IMPROVING[key] = HandShape(b, melds).improving_draws(s)
    return t


Plans = list[tuple[int, int, str]]  # `ai.value.plan_options`: (distance, basic, name)
Routes = tuple[tuple[int, str, int], ...]  # `_routes`: (distance, name, points of Final)
#: `_plans` of the hands seen, by what decides them; emptied past `_WALKS_CAP`
_PLANS: dict[tuple[object, ...], tuple[Plans, PlanValue, Routes]] = {}
#: a self-draw's payers as the float `_far_values` multiplies by
_SELF_DRAW_MULT = float(SELF_DRAW_PAYERS)


def _plans(counts: list[int], melds: Sequence[Meld], seat: int, prevalent: int | None,
           unseen: Sequence[int], s: int, concealed: bool) -> tuple[Plans, PlanValue, Routes]:
    """`ai.value.plan_options` of a hand `s` from ready, its `nearest_plan` and its `_routes`,
    kept: they depend on the hand, the winds and which value pairs are dead (no copy unseen)
    only, and a seat weighs the same hands again and again (about two in five are found
    here)."""
    dead = tuple([k for k in _value_kinds(seat, prevalent) if counts[k] == 2 and unseen[k] <= 0])
    key = (bytes(counts), tuple(melds), seat, prevalent, s, dead)
    t = _PLANS.get(key)
    if t is None:
        if len(_PLANS) >= _WALKS_CAP:
            _PLANS.clear()
        options = plan_options(counts, melds, seat=seat, prevalent=prevalent, unseen=unseen,
                               shanten=s)
        t = _PLANS[key] = (options, nearest_plan(options, concealed, s), _routes(options))
    return t


def _routes(options: Plans) -> Routes:
    """The plans `HeuristicSeat._plan_pick` weighs: each reachable one (distance below `INF`)
    once, in order, with the points it adds to a concealed hand's Final (its basic points and
    the concealed hand's one, at least 2)."""
    seen = set()
    out = []
    for o in options:
        d, b, plan = o
        if d >= INF or o in seen:
            continue
        seen.add(o)
        out.append((d, plan, max(b + 1, 2)))
    return tuple(out)


def _minus(c: list[int], k: int) -> list[int]:
    out = list(c)
    out[k] -= 1
    return out


@lru_cache(maxsize=8192)  # a decision asks the same few values many times over
def _p_far(steps: float, u: int, total: int, wall_left: int, discard_ok: bool) -> float:
    """Chance to win from `steps` away with `u` unseen accepted tiles for the next step: the
    draws needed (next step, later steps, the final wait) against the turns left, smoothly.

    >>> _p_far(1, 20, 80, 40, True) > _p_far(2, 20, 80, 40, True) > _p_far(2, 20, 80, 8, True)
    True
    """
    if u <= 0 or wall_left <= 0:
        return 0.0
    turns = wall_left / 4.0
    rw = 6.0 / total * (2.2 if discard_ok else 1.0)
    needed = total / u + max(0.0, steps - 1) * total / 12.0 + 1.0 / min(0.9, rw)
    x = needed / turns
    return 0.9 ** max(0.0, steps - 1) / (1.0 + x * x)


@lru_cache(maxsize=1)  # a rule set is immutable: every new seat may share the defaults
def _default_rules() -> RuleSet:
    from game.engine.rules import RuleSet
    return RuleSet()


_ = replace
