"""The lean playout: a hand played to its end by four quick players, without the engine's
snapshots, with the engine's outcome.

``ai:master`` plays candidates out in sampled worlds (`ai.search.sample_world`), the rest of
the hand played by the quick policy at every seat (`quick_act`: win when it may, never claim,
uper whenever it may, the discard that leaves the fewest tiles to ready, a fold from two away
against an uper player). Through the engine every turn builds a `Decision` (an observation,
the legal actions with their notes, the uper verdicts), events and each seat's view of them,
though the quick players read a few counts. `lean_hand` plays the same hand on counts and
small lists: the live and back walls as the world's wall lies, per seat its counts, melds,
river, flags and the waits of its hand (worked out when its hand changes, and only when it is
ready), the quick discard found by trying the discards in the quick player's order until one
keeps the hand's shanten (`_choice`; no discard lowers it). The rule-heavy moments call the
engine's own pure functions, so they can never disagree with it: a win's legality and value
(`sacred_status`, `evaluate_win`), `payments`, `uper_verdict`, the shapes
(`game.engine.hand.shanten`); their answers, and the quick discards, are kept by their inputs
for the process (bounded; `clear_caches`): the playouts of a world, and the worlds of a
search, meet the same hands again. bench/bench_lean.py measures the speed against the engine's
playout in the same run.

The outcome is the engine's, decision for decision (tests/ai/test_lean_playouts_match_the_engine.py
plays every legal action of thousands of seeded decisions both ways, under the house rules
that change play). What it does not play itself it hands to the engine (`engine_hand`, the
path ``ai.master`` took before; counted in `STATS`): a decision at the deal or on a kong being
robbed, a wrong win declared at a strict table.

>>> from game.engine.rules import RuleSet
>>> from game.engine.table import Table
>>> t = Table(RuleSet(), seed=3)
>>> d = t.pending()[0]
>>> lean_playout(t, 0, d.legal[-1]) == engine_hand(t, 0, d.legal[-1]).payments[0]
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.actions import (
    PASS,
    WIN,
    Action,
    AddedKong,
    ConcealedKong,
    DeclareNineMajor,
    Discard,
    Kong,
    Pung,
    Win,
)
from game.engine.claims import claim_order, resolve_claims
from game.engine.driver import HandDriver
from game.engine.hand import shanten as shape
from game.engine.hand.shanten import HandShape
from game.engine.kinds import PLAYS, EndReason, Phase, WinHow
from game.engine.melds import ADDED_KONG, CONCEALED_KONG, Meld
from game.engine.melds import KONG as KONG_MELD
from game.engine.melds import PUNG as PUNG_MELD
from game.engine.rules import RuleSet
from game.engine.scoring import (
    MIN_BASIC,
    SacredStatus,
    evaluate_win,
    payments,
    sacred_status,
)
from game.engine.scoring.context import WinContext, WinResult
from game.engine.scoring.uper import _basic_cached, shape_waits_of
from game.engine.table import Decision, HandResult, Table
from game.engine.tiles import FIRST_FLOWER, KIND_OF_TILE, NUM_PLAYING_KINDS, is_wind

from .base import SeatBase
from .danger import exact_safe_kinds

__all__ = ["KEEP", "STATS", "Ending", "LeanStats", "OutOfTime", "clear_caches", "engine_hand",
           "lean_hand", "lean_playout", "quick_act", "uper_legal"]

#: how much a single tile is worth keeping, by kind (the quick policy throws the least first):
#: honours, then terminals, then 2 and 8, then the middle
KEEP = tuple(0 if k >= 18 else 1 if k % 9 in (0, 8) else 2 if k % 9 in (1, 7) else 3
             for k in range(NUM_PLAYING_KINDS))


class OutOfTime(Exception):
    """The search's time is up (a playout is abandoned between two turns)."""


@dataclass
class LeanStats:
    """Playouts played by `lean_hand` and how many of them went to the engine instead."""

    playouts: int = 0
    fallbacks: int = 0

    @property
    def share(self) -> float:
        """The share of playouts the engine played."""
        return self.fallbacks / self.playouts if self.playouts else 0.0


#: every `lean_hand` of this process (the bench reads it)
STATS = LeanStats()


@dataclass(frozen=True)
class Ending:
    """How a played-out hand ended: the reason, the winners as ``(seat, how, from seat, tile
    kind)`` and each seat's signed payment (sums to zero), as the engine's `HandResult`
    says it."""

    reason: EndReason
    winners: tuple[tuple[int, WinHow, int | None, int], ...]
    payments: tuple[int, ...]

    @classmethod
    def of(cls, result: HandResult) -> Ending:
        return cls(result.reason, tuple((w.seat, w.how, w.from_seat, w.tile)
                                        for w in result.winners), tuple(result.payments))


_NOTHING = (0, 0, 0, 0)


# ---------------------------------------------------------------------- the quick policy
def quick_act(decision: Decision) -> Action:
    """The quick policy's answer to an engine `Decision` (what `lean_hand` plays on counts): a
    win when it may, a pass on every claim, uper whenever it may, the discard that leaves the
    fewest tiles to ready (honours and terminals first, a single tile before one of a pair,
    the lower kind on a tie) and from two tiles away against an uper player a tile exactly safe
    against every uper player (his river and its stems); a frozen hand's concealed kong."""
    legal = decision.legal
    if WIN in legal and WIN not in decision.notes:
        return WIN
    if decision.kind not in PLAYS:
        return PASS if PASS in legal else legal[-1]
    obs = decision.observation
    me = obs.seat
    discards = [a for a in legal if isinstance(a, Discard) and not a.uper]
    if obs.uper[me] or len(discards) == 1:
        return next((a for a in legal if isinstance(a, ConcealedKong)), discards[0])
    melds = len(obs.melds[me])
    counts = [0] * NUM_PLAYING_KINDS
    for k in obs.concealed:
        counts[k] += 1
    after = dict(HandShape(counts, melds).after_discards())  # kind -> shanten without it
    scored = [(after[k], KEEP[k] + 3 * (counts[k] > 1), k) for k in (a.tile for a in discards)]
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


class _Quick(SeatBase):
    """`quick_act` as an engine seat, stopping the playout once `deadline` has passed."""

    name = "quick"

    def __init__(self, deadline: float | None = None):
        self.deadline = deadline

    def act(self, decision: Decision) -> Action:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        return quick_act(decision)


def engine_hand(world: Table, me: int, action: Action, deadline: float | None = None) -> Ending:
    """The hand played through the engine: `world` copied, `action` submitted for `me`, four
    quick seats to the end (raises `OutOfTime` once `deadline` has passed)."""
    t = world.copy()
    n = len(t.events)
    t.submit(me, action)
    seat = _Quick(deadline)
    return Ending.of(HandDriver(t, [seat] * 4, seen=n).run())


# ---------------------------------------------------------------------- hands by their counts
#: bytes of a 3n+2 hand's counts -> its quick discards, best first: (shanten after, keep, kind)
_PLANS: dict[bytes, tuple[tuple[int, int, int], ...]] = {}
#: bytes of a 3n+1 hand's counts -> its waits
_WAITS: dict[bytes, tuple[int, ...]] = {}
#: (hand, melds, seat, prevalent wind, enough wall, rules) -> whether uper is legal
_UPER: dict[tuple, bool] = {}
#: (waits, river, uper index, stems of chosen discards only, SD1, SD5, SD6) -> sacred status
_SACRED: dict[tuple, SacredStatus] = {}
#: (win context, rules) -> its value
_VALUES: dict[tuple[WinContext, RuleSet], WinResult] = {}
#: the caches are emptied when they grow past this many hands (a few tens of megabytes at
#: most); the wins', which keep their contexts and values, at `BIG_CAP`
CACHE_CAP = 1 << 16
BIG_CAP = 1 << 12


def clear_caches() -> None:
    """Forget every hand kept (for measurements that must start as a new process does)."""
    for cache in (_PLANS, _CHOICES, _WAITS, _UPER, _SACRED, _VALUES):
        cache.clear()


def _plan(counts: list[int]) -> tuple[tuple[int, int, int], ...]:
    key = bytes(counts)
    p = _PLANS.get(key)
    if p is None:
        melds = (14 - sum(counts)) // 3
        p = tuple(sorted((s, KEEP[k] + 3 * (counts[k] > 1), k)
                         for k, s in HandShape(counts, melds).after_discards()))
        if len(_PLANS) >= CACHE_CAP:
            _PLANS.clear()
        _PLANS[key] = p
    return p


#: the kinds in the order the quick player throws them, the shanten being equal: the least
#: worth keeping first (`KEEP`), then the lower kind
_ORDER = tuple(sorted(range(NUM_PLAYING_KINDS), key=lambda k: (KEEP[k], k)))
#: bytes of a 3n+2 hand's counts -> the quick discard: (shanten after, kind)
_CHOICES: dict[bytes, tuple[int, int]] = {}


def _choice(counts: list[int]) -> tuple[int, int]:
    """The first of `_plan` (the quick discard, no fold), found by trying the discards in
    the player's order until one keeps the hand's shanten (no discard lowers it, so that one
    is the best; when none does, the whole plan is worked out). A single tile is thrown before
    one of two or more, the keeping value being equal or lower (`KEEP` + 3 for a pair), and
    on a tie a single suit tile comes before a pair of honours: so the singles in `_ORDER`,
    then the others in `_ORDER`, is the plan's order."""
    key = bytes(counts)
    r = _CHOICES.get(key)
    if r is None:
        melds = (14 - sum(counts)) // 3
        s = shape.shanten(counts, melds)
        target = s if s > 0 else 0
        for single in (True, False):
            for k in _ORDER:
                x = counts[k]
                if x and (x == 1) is single:
                    counts[k] = x - 1
                    v = shape.shanten(counts, melds)
                    counts[k] = x
                    if v == target:
                        r = (v, k)
                        break
            if r is not None:
                break
        else:
            best = _plan(counts)[0]
            r = (best[0], best[2])
        if len(_CHOICES) >= CACHE_CAP:
            _CHOICES.clear()
        _CHOICES[key] = r
    return r


def _fold(counts: list[int], safe: frozenset[int], least: int) -> tuple[int, int] | None:
    """The first of `_plan` among the `safe` kinds held: (shanten after, kind), None when
    none is held or the hand holds one kind only (no choice to make). `least`: the shanten
    no discard goes below (the search stops at a safe kind that keeps it)."""
    melds = (14 - sum(counts)) // 3
    best: tuple[int, int] | None = None  # (shanten after, kind): the first of the least
    kinds = 0
    for single in (True, False):
        for k in _ORDER:
            x = counts[k]
            if x and (x == 1) is single:
                kinds += 1
                if k in safe and (best is None or best[0] > least):
                    counts[k] = x - 1
                    v = shape.shanten(counts, melds)
                    counts[k] = x
                    if best is None or v < best[0]:
                        best = (v, k)
    return None if kinds == 1 else best


def uper_legal(hand: Sequence[int], melds: Sequence[Meld], *, seat: int, prevalent: int | None,
               wall_left: int, rules: RuleSet) -> bool:
    """``uper_verdict(...).legal`` without the verdict's words: the same tests in the same
    order (no open meld, a ready hand, enough wall, every wait worth the minimum by the
    engine's own scorer of a wait, the one `uper_verdict` asks), stopping at the first wait
    short of it. The words of a refusal (each cheap wait scored in full and described) were
    two fifths of the verdict's cost, and a playout asks the verdict about once.

    >>> from game.engine.scoring import uper_verdict
    >>> from game.engine.tiles import parse_tiles
    >>> def both(h):
    ...     v = uper_verdict(h, (), seat=0, prevalent=0, wall_left=50, rules=RuleSet()).legal
    ...     return uper_legal(h, (), seat=0, prevalent=0, wall_left=50, rules=RuleSet()), v
    >>> both(parse_tiles("123m456m789m45m11z")), both(parse_tiles("123m456m789p45p11z"))
    ((True, True), (False, False))
    """
    melds = tuple(melds)
    if any(m.is_open for m in melds):
        return False
    waits = shape_waits_of(hand, melds)
    if not waits or wall_left < rules.uper_min_wall:
        return False
    tiles = tuple(sorted(hand))
    return all(_basic_cached(tiles, w, melds, False, seat, prevalent, rules) >= MIN_BASIC
               for w in waits)


def _waits(counts: list[int]) -> tuple[int, ...]:
    key = bytes(counts)
    w = _WAITS.get(key)
    if w is None:
        w = shape.waits(counts)
        if len(_WAITS) >= CACHE_CAP:
            _WAITS.clear()
        _WAITS[key] = w
    return w


def _value(ctx: WinContext, rules: RuleSet) -> WinResult:
    """`evaluate_win`, kept by the context (the same wins come back in the playouts of a
    world)."""
    key = (ctx, rules)
    r = _VALUES.get(key)
    if r is None:
        r = evaluate_win(ctx, rules)
        if len(_VALUES) >= BIG_CAP:
            _VALUES.clear()
        _VALUES[key] = r
    return r


#: a winner: (seat, how, from seat, tile kind, the win's context, its value)
_Win = tuple[int, WinHow, int | None, int, WinContext, WinResult]

# states of the loop in `_Hand.play`
_TURN, _CLAIMS, _AFTER = 0, 1, 2


class _Hand:
    """The hand on counts (see the module). Built from a table, which it never changes."""

    __slots__ = ("any_meld", "back", "counts", "deadline", "deal_kongs", "discarded", "doubled",
                 "dwin", "flowers", "head", "kong_draw", "melds", "missed", "pen", "prevalent",
                 "remaining", "river", "rules", "safe", "safe_key", "seq", "taken", "temp", "tiles",
                 "uper", "uper_index", "uper_waits", "waits")

    def __init__(self, t: Table, deadline: float | None):
        st = t.seat_state
        self.rules: RuleSet = t.rules
        self.deadline = deadline
        self.counts = [list(p.counts) for p in st]
        self.melds = [list(p.melds) for p in st]
        self.flowers = [len(p.flowers) for p in st]
        self.river = [[KIND_OF_TILE[x] for x in p.river] for p in st]
        self.uper_index = [p.uper_index for p in st]
        self.uper = [p.uper_index >= 0 for p in st]
        self.uper_waits = [p.uper_waits for p in st]
        self.temp = [p.sd_temporary for p in st]
        self.missed = [p.sd_missed for p in st]
        self.dwin = [p.sd_discarded_win for p in st]
        self.pen = [p.penalised for p in st]
        self.discarded = [p.discarded for p in st]
        self.kong_draw = [p.kong_draw for p in st]
        self.waits = [t.waits(s) for s in range(4)]
        self.any_meld = t.any_meld
        self.deal_kongs = frozenset(t.deal_kongs)
        self.prevalent = t.prevalent
        self.doubled = t.doubled
        w = t.wall
        self.tiles, self.seq, self.taken = w.tiles, w.seq, w.taken[:]
        self.head, self.back, self.remaining = w.head, w.back, w.remaining
        self.safe_key: tuple[int, ...] = ()
        self.safe: frozenset[int] | None = None

    # ------------------------------------------------------------------ the wall
    def _live(self) -> int:
        taken = self.taken
        i = self.head
        while taken[i]:
            i += 1
        taken[i] = True
        self.head = i + 1
        self.remaining -= 1
        return self.tiles[self.seq[i]]

    def _back(self) -> int:
        taken = self.taken
        b = self.back
        while taken[2 * b] and taken[2 * b + 1]:
            b -= 1
        self.back = b
        i = 2 * b if not taken[2 * b] else 2 * b + 1
        taken[i] = True
        self.remaining -= 1
        return self.tiles[self.seq[i]]

    def _draw(self, s: int, replacement: bool) -> int | None:
        """Seat `s` draws (flowers shown and replaced); its drawn kind, None: the wall ran out
        (the table's `_draw` and `_replace_flower`)."""
        if self.remaining == 0:
            return None
        t = self._back() if replacement else self._live()
        self.temp[s] = False
        self.kong_draw[s] = replacement
        while t >= FIRST_FLOWER:
            self.flowers[s] += 1
            if self.rules.flower_after_kong == "plain":
                self.kong_draw[s] = False
            if self.remaining == 0:
                return None
            t = self._back()
        k = KIND_OF_TILE[t]
        self.counts[s][k] += 1
        return k

    # ------------------------------------------------------------------ wins
    def _sacred(self, s: int, waits: Sequence[int]) -> SacredStatus:
        """The table's `sacred` of seat `s` with `waits` (kept by its inputs)."""
        ui = self.uper_index[s]
        river = tuple(self.river[s])
        chosen = self.rules.stem_after_uper == "chosen_only"
        key = (tuple(waits), river, ui, chosen, self.temp[s], self.missed[s], self.dwin[s])
        st = _SACRED.get(key)
        if st is None:
            st = sacred_status(waits, river, uper_discard=None if ui < 0 else river[ui],
                               temporary=self.temp[s], missed_after_uper=self.missed[s],
                               discarded_win_after_uper=self.dwin[s],
                               stems_of=river[:ui + 1] if ui >= 0 and chosen else None)
            if len(_SACRED) >= BIG_CAP:
                _SACRED.clear()
            _SACRED[key] = st
        return st

    def _context(self, s: int, kind: int, self_draw: bool, discarder: int | None,
                 last: bool, robbing: bool = False) -> WinContext:
        c = self.counts[s]
        kinds = [k for k in range(NUM_PLAYING_KINDS) for _ in range(c[k])]
        if not self_draw:
            kinds.append(kind)
            kinds.sort()
        return WinContext(
            concealed=tuple(kinds), win_tile=kind, melds=tuple(self.melds[s]),
            self_draw=self_draw, seat=s, prevalent=self.prevalent, discarder=discarder,
            uper=self.uper[s], flowers=self.flowers[s],
            win_on_kong=self_draw and self.kong_draw[s], robbing_kong=robbing, last_tile=last,
            first_turn=not self.any_meld and s not in self.deal_kongs and not self.discarded[s],
            doubled=self.doubled)

    def _self_draw(self, s: int, k: int, before: Sequence[int]
                   ) -> tuple[WinContext, WinResult] | None:
        """A legal self-drawn win of `k` (`before`: the waits of the hand without it)."""
        # the sacred status first: it is kept by fewer inputs than the value, and where it
        # forbids the win the value is not needed (a quarter of the checks; 5 % of a playout)
        if self.pen[s] or not self._sacred(s, before).can_self_draw:
            return None
        ctx = self._context(s, k, True, None, self.remaining == 0)
        res = _value(ctx, self.rules)
        return (ctx, res) if res.valid else None

    def _discard_win(self, s: int, k: int, discarder: int, last: bool, robbing: bool = False
                     ) -> tuple[WinContext, WinResult] | None:
        """A legal win of `s` on the discard of `k` (`k` completes its shape; `robbing`: on
        the tile `discarder` added to his pung)."""
        if self.pen[s] or self._sacred(s, self.waits[s]).why_not(k) is not None:
            return None  # the sacred status first, as in `_self_draw`
        ctx = self._context(s, k, False, discarder, last, robbing)
        res = _value(ctx, self.rules)
        return (ctx, res) if res.valid else None

    def _won(self, wins: Sequence[_Win]) -> Ending:
        total = [0, 0, 0, 0]
        for _s, _how, _frm, _k, ctx, res in wins:
            pay = payments(res, ctx, self.rules)
            for q in range(4):
                total[q] += pay.get(q, 0)
        return Ending(EndReason.WIN, tuple(w[:4] for w in wins), tuple(total))

    def _claims(self, s: int, k: int, last: bool, robbing: bool = False) -> Ending | None:
        """The quick players' answers to the discard of `k` by `s` (`robbing`: to the tile
        `s` adds to his pung): the legal wins (None: nobody wins)."""
        waits = self.waits
        how = WinHow.ROBBING_KONG if robbing else WinHow.DISCARD
        wins: list[_Win] = []
        for o in claim_order(s):
            if k in waits[o]:
                r = self._discard_win(o, k, s, last, robbing)
                if r is not None:
                    wins.append((o, how, s, k, r[0], r[1]))
        if not wins:
            return None
        rules = self.rules
        if len(wins) == 3 and rules.three_winners == "abort":
            return Ending(EndReason.TRIPLE_WIN, (), _NOTHING)
        return self._won(wins if rules.several_winners == "all" else wins[:1])

    # ------------------------------------------------------------------ moves
    def _kong(self, s: int, k: int) -> None:
        """A concealed kong of `k` (in play: it ends the first go-around's specials)."""
        c = self.counts[s]
        c[k] -= 4
        self.melds[s].append(Meld(CONCEALED_KONG, k))
        self.any_meld = True
        self.waits[s] = shape.waits(c)

    def _discard(self, s: int, k: int, uper: bool, won_before: bool) -> None:
        """Seat `s` discards `k` (`won_before`: its hand was complete with it)."""
        if self.uper[s] and won_before and not self.pen[s]:
            self.dwin[s] = True  # SD6: he let his own winning tile go
        self.counts[s][k] -= 1
        self.kong_draw[s] = False
        self.river[s].append(k)
        self.discarded[s] = True
        if uper:
            self.uper[s] = True
            self.uper_index[s] = len(self.river[s]) - 1

    def _four_winds(self) -> bool:
        """Whether the discards so far are the four-winds draw (North just discarded)."""
        river = self.river
        if not self.rules.four_winds_draw or any(len(r) != 1 for r in river):
            return False
        if self.rules.four_winds_concealed_kong == "stands":
            if any(m.type != CONCEALED_KONG for ms in self.melds for m in ms):
                return False
        elif self.any_meld or self.deal_kongs:
            return False
        kinds = {r[0] for r in river}
        return len(kinds) == 1 and is_wind(next(iter(kinds)))

    def _safe(self, s: int) -> frozenset[int] | None:
        """The kinds exactly safe against every uper player (`s`, who asks, is not one: a
        frozen hand does not choose its discard; None: no such player), kept until a river of
        theirs grows."""
        river = self.river
        key = (len(river[0]) if self.uper[0] else -1, len(river[1]) if self.uper[1] else -1,
               len(river[2]) if self.uper[2] else -1, len(river[3]) if self.uper[3] else -1)
        if key == self.safe_key:
            return self.safe
        safe: frozenset[int] | None = None
        for o in range(4):
            if self.uper[o]:
                mine = exact_safe_kinds(river[o])
                safe = mine if safe is None else safe & mine
        self.safe_key, self.safe = key, safe
        return safe

    def _quick_discard(self, s: int, c: list[int]) -> tuple[int, bool, int]:
        """The quick player's discard from a free hand: (kind, uper, shanten after)."""
        sh, k = _choice(c)
        uper = self.uper
        if sh >= 2 and (uper[0] or uper[1] or uper[2] or uper[3]):
            safe = self._safe(s)
            if safe:
                best = _fold(c, safe, sh)
                if best is not None:
                    return best[1], False, best[0]
            return k, False, sh
        if sh == 0 and not self.pen[s] and \
                all(m.type == CONCEALED_KONG for m in self.melds[s]):
            c[k] -= 1
            ready = bool(_waits(c)) and self._uper_legal(s, c)
            c[k] += 1
            return k, ready, 0
        return k, False, sh

    def _uper_legal(self, s: int, c: list[int]) -> bool:
        """`uper_verdict` of seat `s`'s hand `c` (after its uper discard), kept by the hand:
        the wall matters only as enough or not."""
        rules = self.rules
        melds = tuple(self.melds[s])
        key = (bytes(c), melds, s, self.prevalent, self.remaining >= rules.uper_min_wall, rules)
        v = _UPER.get(key)
        if v is None:
            hand = [x for x in range(NUM_PLAYING_KINDS) for _ in range(c[x])]
            v = uper_legal(hand, melds, seat=s, prevalent=self.prevalent,
                           wall_left=self.remaining, rules=rules)
            if len(_UPER) >= BIG_CAP:
                _UPER.clear()
            _UPER[key] = v
        return v

    # ------------------------------------------------------------------ the hand
    def play(self, state: int, s: int, drew: bool, d: int | None, k: int = -1,
             last: bool = False) -> Ending:
        """Play on from `state`: `_TURN` (seat `s` to play, `drew`: after a draw of `d`),
        `_CLAIMS` (`s` discarded `k`; `last`: the final discard), `_AFTER` (nobody claimed the
        discard of `s`)."""
        rules = self.rules
        frozen = rules.sacred_own_wait == "frozen"
        counts, waits, uper, pen = self.counts, self.waits, self.uper, self.pen
        deadline = self.deadline
        clock = time.perf_counter
        while True:
            if state == _TURN:
                if deadline is not None and clock() > deadline:
                    raise OutOfTime
                c = counts[s]
                before = waits[s]  # the waits of the hand without the drawn tile (when drew)
                won = drew and d is not None and d in before
                up = False
                if d is not None and (pen[s] or uper[s] or (
                        frozen and drew and any(w in self.river[s] for w in before))):
                    # a penalised hand, a frozen hand (uper, or SD2 with the house rule
                    # "frozen"): a win, a kong that keeps the waits, or the drawn tile goes
                    if won and not pen[s]:
                        r = self._self_draw(s, d, before)
                        if r is not None:
                            return self._won([(s, WinHow.SELF_DRAW, None, d, r[0], r[1])])
                    if not pen[s] and c[d] == 4 and self.remaining > 0:
                        c[d] -= 4
                        same = shape.waits(c) == (self.uper_waits[s] if uper[s] else before)
                        c[d] += 4
                        if same:
                            self._kong(s, d)
                            d = self._draw(s, True)
                            if d is None:
                                return Ending(EndReason.EXHAUSTIVE, (), _NOTHING)
                            drew = True
                            continue
                    k = d
                    after = before
                else:
                    if won and d is not None:
                        r = self._self_draw(s, d, before)
                        if r is not None:
                            return self._won([(s, WinHow.SELF_DRAW, None, d, r[0], r[1])])
                    k, up, sh = self._quick_discard(s, c)
                    if k == d:
                        after = before
                    else:
                        c[k] -= 1
                        after = _waits(c) if sh == 0 else ()
                        c[k] += 1
                self._discard(s, k, up, won)
                waits[s] = after
                if up:
                    self.uper_waits[s] = after
                last = self.remaining == 0
                state = _CLAIMS
            if state == _CLAIMS and (k in waits[(s + 1) & 3] or k in waits[(s + 2) & 3]
                                     or k in waits[(s + 3) & 3]):
                end = self._claims(s, k, last)
                if end is not None:
                    return end
            # nobody claimed: the four-winds draw, the wall's end, or the next player draws
            if s == 3 and len(self.river[3]) == 1 and self._four_winds():
                return Ending(EndReason.FOUR_WINDS, (), _NOTHING)
            s = (s + 1) % 4
            d = self._draw(s, False)
            if d is None:
                return Ending(EndReason.EXHAUSTIVE, (), _NOTHING)
            drew = True
            state = _TURN


# ---------------------------------------------------------------------- the way in
class _Fallback(Exception):
    """The lean hand does not play this start: the engine does."""


def _start(world: Table, me: int, action: Action, deadline: float | None) -> Ending:
    """`action` played for `me` in `world` on counts, then the hand played on (raises
    `_Fallback` where the engine must play it)."""
    pend = world._pending
    dec = pend.get(me)
    if dec is None or action not in dec.legal:
        raise _Fallback  # the engine says why not
    phase = world.phase
    if phase == Phase.TURN:
        if isinstance(action, Win) and me in world._false_win:
            raise _Fallback  # a wrong win declared at a strict table
        if isinstance(action, DeclareNineMajor):
            return Ending(EndReason.NINE_MAJOR, (), _NOTHING)
        h = _Hand(world, deadline)
        st = world.seat_state[me]
        dt = st.drawn
        d = KIND_OF_TILE[dt] if dt is not None and dt < FIRST_FLOWER else None
        if isinstance(action, Win):
            ctx, res, _ = world._self_draw_check(me)
            assert ctx is not None and res is not None and d is not None
            return h._won([(me, WinHow.SELF_DRAW, None, d, ctx, res)])
        c = h.counts[me]
        if isinstance(action, AddedKong):
            k = action.tile
            c[k] -= 1
            h.any_meld = True
            end = h._claims(me, k, False, robbing=True)
            if end is not None:
                return end
            melds = h.melds[me]
            i = next(i for i, m in enumerate(melds) if m.type == PUNG_MELD and m.tile == k)
            melds[i] = Meld(ADDED_KONG, k, melds[i].from_seat)
            h.waits[me] = shape.waits(c)
            d = h._draw(me, True)
            if d is None:
                return Ending(EndReason.EXHAUSTIVE, (), _NOTHING)
            return h.play(_TURN, me, True, d)
        if isinstance(action, ConcealedKong):
            h._kong(me, action.tile)
            d = h._draw(me, True)
            if d is None:
                return Ending(EndReason.EXHAUSTIVE, (), _NOTHING)
            return h.play(_TURN, me, True, d)
        assert isinstance(action, Discard)
        k, up = action.tile, action.uper
        won = h.uper[me] and shape.is_complete(c)
        h._discard(me, k, up, won)
        h.waits[me] = shape.waits(c)
        if up:
            h.uper_waits[me] = h.waits[me]
            if world.rules.strict_table and not h._uper_legal(me, c):
                h.pen[me] = True
        return h.play(_CLAIMS, me, False, None, k, h.remaining == 0)
    if phase != Phase.CLAIM:
        raise _Fallback  # the deal's kongs, an answer to a kong being robbed
    assert world._last_discard is not None
    discarder, tid, last = world._last_discard
    k = KIND_OF_TILE[tid]
    answers = dict(world._answers)
    for s, other in pend.items():
        answers[s] = action if s == me else \
            WIN if WIN in other.legal and WIN not in other.notes else PASS
    h = _Hand(world, deadline)
    for s in list(answers):
        if s in world._false_win and isinstance(answers[s], Win):
            h.pen[s] = True  # a wrong win declaration (strict table)
            answers[s] = PASS
    for s, offered in world._win_offered.items():
        if offered and not isinstance(answers.get(s), Win):
            if h.uper[s]:
                h.missed[s] = True  # SD5
            else:
                h.temp[s] = True  # SD1
    resolution = resolve_claims(discarder, answers, world.rules)
    if resolution.triple_win:
        return Ending(EndReason.TRIPLE_WIN, (), _NOTHING)
    if resolution.winners:
        wins: list[_Win] = []
        for s in resolution.winners:
            r = h._discard_win(s, k, discarder, last)
            assert r is not None
            wins.append((s, WinHow.DISCARD, discarder, k, r[0], r[1]))
        return h._won(wins)
    if resolution.claim is None:
        return h.play(_AFTER, discarder, False, None)
    s, claim = resolution.claim
    kong = isinstance(claim, Kong)
    assert kong or isinstance(claim, Pung)
    c = h.counts[s]
    c[k] -= 3 if kong else 2
    h.melds[s].append(Meld(KONG_MELD if kong else PUNG_MELD, k, discarder))
    h.any_meld = True
    h.temp[s] = False
    h.kong_draw[s] = False
    if kong:
        h.waits[s] = shape.waits(c)
        d = h._draw(s, True)
        if d is None:
            return Ending(EndReason.EXHAUSTIVE, (), _NOTHING)
        return h.play(_TURN, s, True, d)
    h.waits[s] = ()
    return h.play(_TURN, s, False, None)


def lean_hand(world: Table, me: int, action: Action, deadline: float | None = None) -> Ending:
    """How the hand ends when `me` plays `action` in `world` (which is not changed) and four
    quick players (`quick_act`) play it out: exactly the engine's ending (`engine_hand`),
    found without it where it can. Raises `OutOfTime` once `deadline`
    (``time.perf_counter``) has passed, between two turns; an illegal `action` raises the
    engine's `IllegalActionError`."""
    STATS.playouts += 1
    try:
        return _start(world, me, action, deadline)
    except _Fallback:
        STATS.fallbacks += 1
        return engine_hand(world, me, action, deadline)


def lean_playout(world: Table, me: int, action: Action, deadline: float | None = None) -> float:
    """Seat `me`'s points at the end of the hand when it plays `action` in `world` and four
    quick players play the hand out (`lean_hand`): what ``MasterSeat._playout(world, me,
    action, [QuickSeat()] * 4, deadline)`` returns, many times faster."""
    return float(lean_hand(world, me, action, deadline).payments[me])
