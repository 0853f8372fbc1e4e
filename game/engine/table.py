"""One hand at the table: wall, dice, deal, flowers, turn flow, claims (docs/rules.md 2-7).

The API is small (python-chess / OpenSpiel style)::

    table = Table(RuleSet(), seed=7)
    while not table.is_over:
        for seat, decision in table.pending().items():
            table.submit(seat, decision.legal[0])
    table.result

`pending()` gives each seat that must decide a `Decision` (legal actions, observation, and notes
on refused options); `submit` raises `IllegalActionError` for anything else and then changes
nothing. After a discard every seat that can claim decides at once; `resolve_claims` settles it.
The shuffle and the dice are the only randomness, from ``random.Random(seed)``.

>>> t = Table(RuleSet(flowers=False), seed=1)
>>> [len(p.concealed) for p in t.seat_state], t.wall.remaining
([14, 13, 13, 13], 47)
>>> t = Table(RuleSet(), seed=1)
>>> [len(p.concealed) for p in t.seat_state], t.wall.remaining + sum(len(p.flowers) for p in t.seat_state)
([14, 13, 13, 13], 51)
>>> list(t.pending()), t.pending()[0].kind
([0], 'turn')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import (
    KONG,
    NINE_MAJOR,
    PASS,
    PUNG,
    WIN,
    Action,
    AddedKong,
    ConcealedKong,
    DeclareNineMajor,
    Discard,
    Kong,
    Win,
)
from .claims import claim_order, resolve_claims
from .errors import IllegalActionError
from .events import (
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    Event,
    FlowerShown,
    HandEnded,
    HandStarted,
    KongDeclared,
    NineMajorDeclared,
    WallBroken,
    WallBuilt,
    WinDeclared,
    Winner,
    WinScore,
    YakLine,
)
from .hand import shanten as shape
from .kinds import DecisionKind, DicePurpose, EndReason, Phase, WinHow
from .melds import ADDED_KONG, CONCEALED_KONG, Meld
from .melds import KONG as KONG_MELD
from .melds import PUNG as PUNG_MELD
from .messages import ACTIONS, MSG, SEATS, Message, define
from .observation import Observation, RiverTile, frozen_fast
from .rules import RuleSet
from .scoring import SacredStatus, evaluate_win, payments, sacred_status, uper_verdict
from .scoring.context import WinContext, WinResult
from .tiles import (
    FIRST_FLOWER,
    KIND_OF_TILE,
    MAJOR_KINDS,
    NUM_PLAYING_KINDS,
    is_wind,
    parse_tiles,
    seat_name,
    tile_ids_of_kind,
    tile_str,
)
from .wall import DEAL_STEPS, Wall, place_in_live_order, roll_dice

__all__ = ["Decision", "HandResult", "RiggedWall", "SeatState", "Table", "WinRecord", "rig_wall"]


@dataclass(frozen=True, eq=False)
class Decision:
    """What `seat` must decide now: a snapshot (it holds no table). `kind`: "turn" (after a
    draw, or East's opening), "discard" (after a pung: discard only), "claim" (on a discard),
    "rob" (on an added kong), "kong" (at the deal: declare a four of a kind a replacement
    completed, or pass). `notes` maps refused options to the engine's reason (for tooltips and
    lessons); `observation` is the table as this seat saw it when the decision was made."""

    seat: int
    kind: DecisionKind
    legal: tuple[Action, ...]
    notes: Mapping[Action, Reason]
    observation: Observation


@dataclass(slots=True)
class SeatState:
    """Everything the table keeps about one seat (tile ids; kinds in `counts`). Copied and
    compared as a whole; `waits_cache` is a cache, `river_view` and `flower_view` the public
    part as every seat sees it (kept up to date as the river and flowers change)."""

    concealed: list[int] = field(default_factory=list)  # tile ids, drawn tile included
    counts: list[int] = field(default_factory=lambda: [0] * NUM_PLAYING_KINDS)
    drawn: int | None = None
    melds: list[Meld] = field(default_factory=list)
    meld_ids: list[tuple[int, ...]] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    river: list[int] = field(default_factory=list)  # tile ids in discard order
    river_claimed: set[int] = field(default_factory=set)  # indices into `river`
    uper_index: int = -1  # index of the uper discard in the river
    uper_waits: tuple[int, ...] = ()
    sd_temporary: bool = False  # sacred discard SD1 (passed a win since the own last draw)
    sd_missed: bool = False  # SD5: passed a win after uper
    sd_discarded_win: bool = False  # SD6: let the own winning tile go after uper
    penalised: bool = False  # strict table: a wrong declaration was made
    discarded: bool = False  # has made a discard this hand
    kong_draw: bool = False  # the drawn tile is a kong replacement
    #: kinds drawn as replacements during the deal (a four of a kind they complete may be
    #: declared at once, before East's opening turn)
    deal_replaced: set[int] = field(default_factory=set)
    waits_cache: tuple[int, ...] | None = field(default=None, compare=False)
    sorted_cache: tuple[int, ...] | None = field(default=None, compare=False)
    river_view: tuple[RiverTile, ...] = field(default=(), compare=False)
    flower_view: tuple[int, ...] = field(default=(), compare=False)

    def copy(self) -> SeatState:
        return SeatState(
            list(self.concealed), list(self.counts), self.drawn, list(self.melds),
            list(self.meld_ids), list(self.flowers), list(self.river), set(self.river_claimed),
            self.uper_index, self.uper_waits, self.sd_temporary, self.sd_missed,
            self.sd_discarded_win, self.penalised, self.discarded, self.kong_draw,
            set(self.deal_replaced), self.waits_cache, self.sorted_cache, self.river_view,
            self.flower_view)

    def add(self, t: int) -> None:
        """Tile id `t` joins the concealed hand."""
        self.concealed.append(t)
        if t < FIRST_FLOWER:
            self.counts[KIND_OF_TILE[t]] += 1
            self.waits_cache = self.sorted_cache = None

    def remove(self, t: int) -> None:
        """Tile id `t` leaves the concealed hand."""
        self.concealed.remove(t)
        if t < FIRST_FLOWER:
            self.counts[KIND_OF_TILE[t]] -= 1
            self.waits_cache = self.sorted_cache = None

    def kinds(self) -> list[int]:
        """The concealed kinds (flowers excluded), in holding order."""
        return [KIND_OF_TILE[t] for t in self.concealed if t < FIRST_FLOWER]

    def sorted_kinds(self) -> tuple[int, ...]:
        """The concealed kinds sorted (cached until the hand changes)."""
        s = self.sorted_cache
        if s is None:
            s = self.sorted_cache = tuple(sorted(self.kinds()))
        return s

    def show_flower(self, t: int) -> None:
        """Flower `t` leaves the hand and is put aside."""
        self.remove(t)
        self.flowers.append(t)
        self.flower_view += (KIND_OF_TILE[t],)

    def set_hand(self, ids: Sequence[int]) -> None:
        """Replace the concealed hand (counts and caches rebuilt)."""
        self.concealed = list(ids)
        self.counts = [0] * NUM_PLAYING_KINDS
        for t in self.concealed:
            if t < FIRST_FLOWER:
                self.counts[KIND_OF_TILE[t]] += 1
        self.waits_cache = self.sorted_cache = None

    def discard(self, t: int, uper: bool) -> None:
        """Tile id `t` (already out of the hand) joins the river, laid sideways for uper."""
        self.river.append(t)
        if uper:
            self.uper_index = len(self.river) - 1
        self.discarded = True
        self.river_view += (RiverTile(KIND_OF_TILE[t], uper, False),)

    def last_discard_taken(self) -> None:
        """The river's last tile was claimed (for a meld or a win)."""
        self.river_claimed.add(len(self.river) - 1)
        last = self.river_view[-1]
        self.river_view = self.river_view[:-1] + (RiverTile(last.tile, last.uper, True),)


@dataclass(frozen=True)
class WinRecord:
    """One winner: how (self_draw / discard / robbing_kong), from whom, the context and score."""

    seat: int
    how: WinHow
    from_seat: int | None
    tile: int
    context: WinContext
    result: WinResult
    payments: tuple[int, ...]

    def winner(self) -> Winner:
        """This win as the hand's end tells it."""
        r = self.result
        return Winner(self.seat, self.how, self.from_seat, self.tile,
                      WinScore(r.valid, r.basic, r.bonus, r.ante, r.total,
                               tuple(YakLine(y.key, y.points, y.kind) for y in r.yak)),
                      tuple(self.payments))

    def to_json(self) -> dict:
        return {"seat": seat_name(self.seat), "how": self.how,
                "from": None if self.from_seat is None else seat_name(self.from_seat),
                "tile": tile_str(self.tile), "result": self.result.to_json(),
                "payments": list(self.payments)}


@dataclass(frozen=True)
class HandResult:
    """How the hand ended. `payments[s]` is the signed total of seat s (sums to zero)."""

    reason: EndReason
    winners: tuple[WinRecord, ...]
    payments: tuple[int, ...]
    next_doubled: bool
    dealer_keeps: bool

    @property
    def is_draw(self) -> bool:
        return not self.winners


@dataclass(frozen=True)
class RiggedWall:
    """A chosen wall for scenario tests: `head` is drawn from the live wall first (the deal,
    then the draws), `tail` from the back wall first (replacements); None = any tile."""

    head: tuple[int | None, ...]
    tail: tuple[int | None, ...] = ()


def _take_ids(kinds: Sequence[int], free: dict[int, list[int]]) -> list[int]:
    out = []
    for k in kinds:
        pool = free.get(k)
        if not pool:
            raise ValueError(f"rigged wall uses more than {len(tile_ids_of_kind(k))} of {tile_str(k)}")
        out.append(pool.pop(0))
    return out


def rig_wall(hands: Sequence[str | None], draws: str = "", replacements: str = "") -> RiggedWall:
    """A wall that deals `hands` (E 14 tiles, S W N 13, in notation; None = random), then yields
    the live `draws` in order and the back-wall `replacements` in order.

    >>> from game.engine.tiles import format_tiles
    >>> t = Table(RuleSet(), seed=3, wall=rig_wall(["123456789m1122z3z", None, None, None], "5p"))
    >>> format_tiles(sorted(t.hand_kinds(0)))
    '123456789m11223z'
    """
    free = {k: list(tile_ids_of_kind(k)) for k in range(29)}
    per_seat: list[list[int | None]] = []
    for s, h in enumerate(hands):
        n = 14 if s == 0 else 13
        if h is None:
            per_seat.append([None] * n)
            continue
        kinds = parse_tiles(h)
        if len(kinds) != n:
            raise ValueError(f"seat {seat_name(s)} must be dealt {n} tiles, got {len(kinds)} ({h})")
        per_seat.append(list(_take_ids(kinds, free)))
    head: list[int | None] = []
    taken = [0, 0, 0, 0]
    for step in DEAL_STEPS:
        head.extend(per_seat[step.seat][taken[step.seat]:taken[step.seat] + step.count])
        taken[step.seat] += step.count
    head.extend(_take_ids(parse_tiles(draws), free))
    tail = _take_ids(parse_tiles(replacements), free)
    return RiggedWall(tuple(head), tuple(tail))


#: why an option is refused: a `Message` (the scorer's reasons) or, for the table's own
#: refusals, English text
Reason = Message | None  # None: nothing stops it

PENALISED = define("table.penalised", "a wrong declaration earlier this hand: you can no longer win")
INCOMPLETE = define("table.incomplete", "the hand is not complete")
KONG_AFTER_UPER = define("table.kong_after_uper",
                         "after uper a concealed kong must leave the waits unchanged")
HAND_OVER = define("table.hand_over", "the hand is over")
NO_SUCH_SEAT = define("table.no_such_seat", "there is no such seat (use 0-3 = E S W N)")
NOT_YOUR_TURN = define("table.not_your_turn",
                       "this seat has no decision to make now (waiting for: {waiting})",
                       waiting=SEATS)
NOBODY_WAITS = define("table.nobody_waits",
                      "this seat has no decision to make now (waiting for: nobody)")
NOT_LEGAL = define("table.not_legal", "not a legal {kind} action now; legal: {legal}", kind=MSG,
                   legal=ACTIONS)
#: the decision kinds in words (for NOT_LEGAL)
DECISION_WORDS = {k: define(f"decision.{k.value}", k.value) for k in DecisionKind}

_DISCARDS = tuple(Discard(k) for k in range(NUM_PLAYING_KINDS))
_INCOMPLETE = INCOMPLETE()


class Table:
    """One hand of Korean 2-point mahjong. Seats 0-3 = E S W N; seat 0 deals."""

    def __init__(self, rules: RuleSet, seed: int, *, prevalent: int | None = None,
                 doubled: bool = False, wall: RiggedWall | Sequence[int] | None = None,
                 dice: Sequence[tuple[int, int]] | None = None, hand: int = 1,
                 players: Sequence[int] = (0, 1, 2, 3), scores: Sequence[int] = (0, 0, 0, 0),
                 on_event: Callable[[Table, Event], None] | None = None):
        self.rules = rules
        self.seed = seed
        self.prevalent = prevalent
        self.doubled = doubled
        self.hand = hand
        self.players = tuple(players)
        self.scores = tuple(scores)
        self.on_event = on_event
        self.events: list[Event] = []
        #: one `SeatState` per seat (E S W N): hands, melds, rivers, flags
        self.seat_state: list[SeatState] = [SeatState() for _ in range(4)]
        self.any_meld = False  # a claim or kong happened (ends the "first go-around" specials)
        #: seats that declared a concealed kong at the deal (a flower's replacement completed it):
        #: it ends that seat's own first-go-around specials, not the others' (chapter VIII ties
        #: nine major tiles and the heavenly hand to the dealt hand alone)
        self.deal_kongs: set[int] = set()
        self.limbo: tuple[int, int] | None = None  # (seat, tile id) of an added-kong tile being robbed
        self.turn = 0
        self.phase = Phase.DEAL
        self.result: HandResult | None = None
        self._last_discard: tuple[int, int, bool] | None = None  # (seat, tile id, final discard)
        self._pending: dict[int, Decision] = {}
        self._answers: dict[int, Action] = {}
        self._win_offered: dict[int, bool] = {}
        self._false_win: set[int] = set()
        #: seats that may not claim the current discard although it completes their shape,
        #: with the reason (sacred discard, chicken hand): for tooltips; no decision is asked
        self.refused: dict[int, dict[Action, Reason]] = {}
        self._setup(random.Random(seed), wall, dice)

    # ------------------------------------------------------------------ setup
    def _emit(self, e: Event) -> None:
        self.events.append(e)
        if self.on_event is not None:
            self.on_event(self, e)

    def _setup(self, rng: random.Random, rig: RiggedWall | Sequence[int] | None,
               dice: Sequence[tuple[int, int]] | None) -> None:
        rules = self.rules
        ids = list(range(100)) + ([100, 101, 102, 103] if rules.flowers else [])
        rng.shuffle(ids)
        if dice is not None:
            first, second = tuple(dice[0]), tuple(dice[1])
            if not all(isinstance(f, int) and 1 <= f <= 6 for f in (*first, *second)) or \
                    len(first) != 2 or len(second) != 2:
                raise ValueError(f"dice must be two throws of two faces 1-6, got {dice!r}")
        else:
            first = roll_dice(rng)
            second = roll_dice(rng)
        if rig is None:
            tiles = place_in_live_order([], [], ids, first, second, rules.flowers)
        else:
            if isinstance(rig, RiggedWall):
                head, tail = list(rig.head), list(rig.tail)
            else:
                head, tail = list(rig), []
            used = {t for t in head + tail if t is not None}
            if not rules.flowers and any(t is not None and t >= FIRST_FLOWER for t in used):
                raise ValueError("the rigged wall holds flowers but the rules have flowers off")
            rest = [t for t in ids if t not in used]
            it = iter(rest)
            head_ids: list[int] = [next(it) if t is None else t for t in head]
            tail_ids: list[int] = [next(it) if t is None else t for t in tail]
            tiles = place_in_live_order(head_ids, tail_ids, list(it), first, second, rules.flowers)
        self.wall = w = Wall.build(tiles, first, second)
        self._emit(HandStarted(self.hand, self.seed, self.prevalent, self.doubled, self.players,
                               self.scores, rules.to_dict()))
        self._emit(WallBuilt(tuple(tiles)))
        self._emit(DiceRolled(0, first, DicePurpose.BREAKER))
        self._emit(DiceRolled(w.breaker, second, DicePurpose.COUNT))
        self._emit(WallBroken(w.breaker, w.count, w.counted_stack, w.break_stack))
        for step in DEAL_STEPS:
            got = [w.draw_live() for _ in range(step.count)]
            for t, _ in got:
                self._add(step.seat, t)
            self._emit(Dealt(step.seat, tuple(t for t, _ in got), tuple(p for _, p in got)))
        self.seat_state[0].drawn = self.seat_state[0].concealed[-1]
        self._run(lambda: self._deal_flowers(0))

    def _deal_flowers(self, seat: int) -> Callable[[], Any] | None:
        """The deal's flower round, E S W N: each flower shown and replaced from the back wall;
        then the seat may declare at once a four of a kind a replacement completed (with the
        house rule `dealt_kong` "at_deal", also one it was dealt complete)."""
        me = self.seat_state[seat]
        while True:
            fl = [t for t in me.concealed if t >= FIRST_FLOWER]
            if not fl:
                break
            if not self._replace_flower(seat, fl[0]):
                return None
        c = me.counts
        if self.rules.dealt_kong == "at_deal":
            kongs = [ConcealedKong(k) for k in range(NUM_PLAYING_KINDS) if c[k] == 4]
        else:
            kongs = [ConcealedKong(k) for k in sorted(me.deal_replaced) if c[k] == 4]
        if kongs and self.wall.remaining > 0:
            self._decide(seat, DecisionKind.KONG, [*kongs, PASS], {})
            return None
        return self._after_deal_seat(seat)

    def _after_deal_seat(self, seat: int) -> Callable[[], Any] | None:
        if seat < 3:
            return lambda: self._deal_flowers(seat + 1)
        self.seat_state[1].drawn = self.seat_state[2].drawn = self.seat_state[3].drawn = None
        self.phase = Phase.TURN
        self.turn = 0
        return lambda: self._turn(0, drew=True)

    def _deal_kong(self, seat: int, action: Action) -> Callable[[], Any] | None:
        """A seat's answer at the deal: a concealed kong (its replacement comes from the back
        wall, then that seat's flowers and kongs are looked at again) or a pass."""
        me = self.seat_state[seat]
        if not isinstance(action, ConcealedKong):
            return self._after_deal_seat(seat)
        self._declare_concealed_kong(seat, action.tile, at_deal=True)
        t, pos = self.wall.draw_back()  # the decision is only made while the wall has tiles
        self._add(seat, t)
        me.drawn = t
        me.kong_draw = True
        if t < FIRST_FLOWER:
            me.deal_replaced.add(KIND_OF_TILE[t])
        self._emit(Drew(seat, t, pos, True))
        return lambda: self._deal_flowers(seat)

    # ------------------------------------------------------------------ tile moves
    def _add(self, seat: int, t: int) -> None:
        self.seat_state[seat].add(t)

    def _remove(self, seat: int, t: int) -> None:
        self.seat_state[seat].remove(t)

    def _id_of_kind(self, seat: int, kind: int) -> int:
        me = self.seat_state[seat]
        d = me.drawn
        if d is not None and d < FIRST_FLOWER and KIND_OF_TILE[d] == kind:
            return d
        for t in reversed(me.concealed):
            if t < FIRST_FLOWER and KIND_OF_TILE[t] == kind:
                return t
        raise AssertionError(f"seat {seat} holds no {tile_str(kind)}")

    def _replace_flower(self, seat: int, flower: int) -> bool:
        """Show a flower and draw its replacement from the back wall (False: the wall ran out)."""
        me = self.seat_state[seat]
        me.show_flower(flower)
        if self.rules.flower_after_kong == "plain":
            me.kong_draw = False  # the tile he gets is the flower's replacement, not the kong's
        self._emit(FlowerShown(seat, flower))
        if self.wall.remaining == 0:
            self._end(EndReason.EXHAUSTIVE)
            return False
        t, pos = self.wall.draw_back()
        self._add(seat, t)
        me.drawn = t
        if self.phase == Phase.DEAL and t < FIRST_FLOWER:
            me.deal_replaced.add(KIND_OF_TILE[t])
        self._emit(Drew(seat, t, pos, True))
        return True

    def _draw(self, seat: int, replacement: bool) -> bool:
        """Draw (live or back wall), replacing flowers. False if the hand ended meanwhile."""
        me = self.seat_state[seat]
        if self.wall.remaining == 0:
            self._end(EndReason.EXHAUSTIVE)
            return False
        t, pos = self.wall.draw_back() if replacement else self.wall.draw_live()
        self._add(seat, t)
        me.drawn = t
        me.sd_temporary = False
        me.kong_draw = replacement
        self.turn = seat
        self.phase = Phase.TURN
        self._emit(Drew(seat, t, pos, replacement))
        while t >= FIRST_FLOWER:
            if not self._replace_flower(seat, t):
                return False
            t = me.drawn
        return True

    # ------------------------------------------------------------------ queries
    def hand_kinds(self, seat: int) -> list[int]:
        """Concealed kinds of a seat (flowers excluded)."""
        return self.seat_state[seat].kinds()

    def waits(self, seat: int) -> tuple[int, ...]:
        """Shape waits of a 3n+1 hand (cached until the hand changes); () otherwise."""
        me = self.seat_state[seat]
        w = me.waits_cache
        if w is None:
            c = me.counts
            w = shape.waits(c) if sum(c) % 3 == 1 else ()
            me.waits_cache = w
        return w

    def river_kinds(self, seat: int) -> list[int]:
        return [KIND_OF_TILE[t] for t in self.seat_state[seat].river]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def pending(self) -> dict[int, Decision]:
        """Every seat that must decide now, with its decision."""
        return dict(self._pending)

    def sacred(self, seat: int, waits: tuple[int, ...] | None = None) -> SacredStatus:
        """The scorer's sacred-discard status of a seat (from its flags, river and waits)."""
        me = self.seat_state[seat]
        ui = me.uper_index
        river = self.river_kinds(seat)
        chosen = river[:ui + 1] if ui >= 0 and self.rules.stem_after_uper == "chosen_only" \
            else None  # the tiles forced out after uper close no stem
        return sacred_status(
            self.waits(seat) if waits is None else waits, river,
            uper_discard=None if ui < 0 else KIND_OF_TILE[me.river[ui]],
            temporary=me.sd_temporary, missed_after_uper=me.sd_missed,
            discarded_win_after_uper=me.sd_discarded_win, stems_of=chosen)

    def is_concealed_hand(self, seat: int) -> bool:
        return all(m.type == CONCEALED_KONG for m in self.seat_state[seat].melds)

    def _first_go_around(self, seat: int) -> bool:
        return (not self.any_meld and seat not in self.deal_kongs
                and not self.seat_state[seat].discarded)

    def _nine_major_open(self, seat: int) -> bool:
        """Whether `seat` may still declare nine major tiles (on his first turn): before any
        claim or kong, or with the house rule `nine_major_claims` "keep" before his own."""
        if self.rules.nine_major_claims == "keep":
            me = self.seat_state[seat]
            return not me.discarded and not me.melds and seat not in self.deal_kongs
        return self._first_go_around(seat)

    def _context(self, seat: int, win_kind: int, *, self_draw: bool, discarder: int | None = None,
                 robbing: bool = False, last: bool = False) -> WinContext:
        me = self.seat_state[seat]
        c = me.counts
        kinds = [k for k in range(NUM_PLAYING_KINDS) for _ in range(c[k])]
        if not self_draw:
            kinds.append(win_kind)
            kinds.sort()
        return WinContext(
            concealed=tuple(kinds), win_tile=win_kind, melds=tuple(me.melds),
            self_draw=self_draw, seat=seat, prevalent=self.prevalent, discarder=discarder,
            uper=me.uper_index >= 0, flowers=len(me.flowers),
            win_on_kong=self_draw and me.kong_draw, robbing_kong=robbing,
            last_tile=last, first_turn=self._first_go_around(seat), doubled=self.doubled)

    def _self_draw_check(self, seat: int) -> tuple[WinContext | None, WinResult | None, Reason]:
        """(context, result, reason): a self-draw win is legal when reason is ''."""
        me = self.seat_state[seat]
        c = me.counts
        if not shape.is_complete(c):
            return None, None, _INCOMPLETE
        d = me.drawn
        kind = KIND_OF_TILE[d] if d is not None and d < FIRST_FLOWER else \
            self.hand_kinds(seat)[-1]
        c[kind] -= 1
        w = shape.waits(c)
        c[kind] += 1
        st = self.sacred(seat, w)
        if not st.can_self_draw:
            return None, None, st.reasons[0].message
        if me.penalised:
            return None, None, PENALISED()
        ctx = self._context(seat, kind, self_draw=True, last=self.wall.remaining == 0)
        res = evaluate_win(ctx, self.rules)
        return ctx, res, None if res.valid else res.reason

    def _discard_win_check(self, seat: int, kind: int, discarder: int, robbing: bool,
                           last: bool) -> tuple[WinContext | None, WinResult | None, Reason]:
        if self.seat_state[seat].penalised:
            return None, None, PENALISED()
        st = self.sacred(seat)
        why = st.why_not(kind)
        if why is not None:
            return None, None, why
        ctx = self._context(seat, kind, self_draw=False, discarder=discarder, robbing=robbing,
                            last=last)
        res = evaluate_win(ctx, self.rules)
        return ctx, res, None if res.valid else res.reason

    # ------------------------------------------------------------------ decisions
    def _decide(self, seat: int, kind: DecisionKind, legal: list[Action],
                notes: dict[Action, Reason]) -> None:
        """Ask `seat`: the decision is a snapshot taken now (its observation included)."""
        self._pending[seat] = frozen_fast(Decision, seat=seat, kind=kind, legal=tuple(legal),
                                          notes=notes, observation=self.observation(seat))

    def _run(self, step: Callable[[], Any]) -> None:
        """Run automatic steps (draws, frozen-hand discards) until a decision or the end."""
        while step is not None and self.result is None:
            step = step()

    def _turn(self, seat: int, drew: bool) -> Callable[[], Any] | None:
        """Offer the turn's options after a draw (or East's opening, or a kong replacement)."""
        me = self.seat_state[seat]
        self.turn = seat
        self.phase = Phase.TURN
        self._false_win.discard(seat)
        rules = self.rules
        c = me.counts
        legal: list[Action] = []
        notes: dict[Action, Reason] = {}
        d = me.drawn
        drawn_kind = KIND_OF_TILE[d] if d is not None and d < FIRST_FLOWER else None
        if me.penalised and drawn_kind is not None:
            return lambda: self._discard(seat, drawn_kind, False, auto=True)
        if me.uper_index >= 0 and drawn_kind is not None:
            return self._uper_turn(seat, drawn_kind)
        if (drew and drawn_kind is not None and rules.sacred_own_wait == "frozen"
                and self._own_wait_in_river(seat, drawn_kind)):
            return self._frozen_sd2_turn(seat, drawn_kind)
        if drew:
            _ctx, _res, why = self._self_draw_check(seat)
            if not why:
                legal.append(WIN)
            elif why is not _INCOMPLETE:
                if rules.strict_table:
                    legal.append(WIN)
                    self._false_win.add(seat)
                notes[WIN] = why
        kinds = [k for k in range(NUM_PLAYING_KINDS) if c[k]]
        if drew and self.wall.remaining > 0:  # after a pung the claimer only discards
            if 4 in c:
                legal.extend(ConcealedKong(k) for k in kinds if c[k] == 4)
            if me.melds:
                legal.extend(AddedKong(m.tile) for m in me.melds
                             if m.type == PUNG_MELD and c[m.tile])
        if drew and rules.nine_major_draw and self._nine_major_open(seat):
            held = sum(1 for k in kinds if k in MAJOR_KINDS)
            if rules.nine_major_count == "dealt" and seat != 0 and drawn_kind is not None \
                    and drawn_kind in MAJOR_KINDS and c[drawn_kind] == 1:
                held -= 1  # his first draw brought that kind: not in his dealt 13 tiles
            if held >= rules.nine_major_threshold:
                legal.append(NINE_MAJOR)
        legal.extend([_DISCARDS[k] for k in kinds])
        if self.is_concealed_hand(seat) and not me.penalised:
            for k in shape.ready_discards(c):
                after = self.hand_kinds(seat)
                after.remove(k)
                v = uper_verdict(after, me.melds, seat=seat, prevalent=self.prevalent,
                                 wall_left=self.wall.remaining, rules=rules)
                a = Discard(k, uper=True)
                if v.legal:
                    legal.append(a)
                else:
                    assert v.reason is not None  # a refused verdict always says why
                    notes[a] = v.reason
                    if rules.strict_table and self.wall.remaining > 0:
                        legal.append(a)
        self._decide(seat, DecisionKind.TURN if drew else DecisionKind.DISCARD, legal, notes)
        return None

    def _uper_turn(self, seat: int, kind: int) -> Callable[[], Any] | None:
        """A frozen hand: win, a waits-keeping concealed kong, or the drawn tile goes."""
        me = self.seat_state[seat]
        c = me.counts
        legal: list[Action] = []
        notes: dict[Action, Reason] = {}
        _ctx, _res, why = self._self_draw_check(seat)
        if not why:
            legal.append(WIN)
        if c[kind] == 4 and self.wall.remaining > 0:
            c[kind] -= 4
            same = shape.waits(c) == me.uper_waits
            c[kind] += 4
            if same:
                legal.append(ConcealedKong(kind))
            else:
                notes[ConcealedKong(kind)] = KONG_AFTER_UPER()
        if not legal:
            return lambda: self._discard(seat, kind, False, auto=True)
        legal.append(Discard(kind))
        self._decide(seat, DecisionKind.TURN, legal, notes)
        return None

    def _own_wait_in_river(self, seat: int, drawn: int) -> bool:
        """Whether the hand before the draw of `drawn` was ready with a wait in its own river
        (SD2, docs/rules.md 5)."""
        c = self.seat_state[seat].counts
        c[drawn] -= 1
        w = shape.waits(c) if sum(c) % 3 == 1 else ()
        c[drawn] += 1
        river = set(self.river_kinds(seat))
        return any(k in river for k in w)

    def _frozen_sd2_turn(self, seat: int, kind: int) -> Callable[[], Any] | None:
        """House rule `sacred_own_wait` "frozen" (chapter IX: in this sacred discard "if it is
        not a winning tile, the tile should be discarded as soon as it is drawn"): a win, uper
        with the drawn tile, a concealed kong of it that keeps the waits, or the drawn tile
        goes. A pung or kong claim still changes the hand (the way out the chapter mentions)."""
        me = self.seat_state[seat]
        c = me.counts
        legal: list[Action] = []
        notes: dict[Action, Reason] = {}
        _ctx, _res, why = self._self_draw_check(seat)
        if not why:
            legal.append(WIN)
        elif why is not _INCOMPLETE:
            notes[WIN] = why
        if c[kind] == 4 and self.wall.remaining > 0:
            c[kind] -= 1
            before = shape.waits(c)
            c[kind] -= 3
            after = shape.waits(c)
            c[kind] += 4
            if after == before:
                legal.append(ConcealedKong(kind))
        if self.is_concealed_hand(seat) and not me.penalised:
            hand = self.hand_kinds(seat)
            hand.remove(kind)
            if uper_verdict(hand, me.melds, seat=seat, prevalent=self.prevalent,
                            wall_left=self.wall.remaining, rules=self.rules).legal:
                legal.append(Discard(kind, uper=True))
        if not legal:
            return lambda: self._discard(seat, kind, False, auto=True)
        legal.append(Discard(kind))
        self._decide(seat, DecisionKind.TURN, legal, notes)
        return None

    # ------------------------------------------------------------------ submit
    def submit(self, seat: int, action: Action) -> list[Event]:
        """Play `action` for `seat`; returns the events it caused. Illegal: raises, no change."""
        d = self._pending.get(seat)
        if d is None:
            if self.result is not None:
                why = HAND_OVER()
            elif not 0 <= seat < 4 if isinstance(seat, int) else True:
                why = NO_SUCH_SEAT()
            elif self._pending:
                why = NOT_YOUR_TURN(waiting=sorted(self._pending))
            else:
                why = NOBODY_WAITS()
            raise IllegalActionError(seat if isinstance(seat, int) and 0 <= seat < 4 else None,
                                     action, why)
        if action not in d.legal:
            note = d.notes.get(action)
            if note is None:
                note = NOT_LEGAL(kind=DECISION_WORDS[DecisionKind(d.kind)](), legal=d.legal)
            raise IllegalActionError(seat, action, note)
        n0 = len(self.events)
        if d.kind in (DecisionKind.CLAIM, DecisionKind.ROB):
            # An answer to a claim is hidden until every claimant has answered, so the other
            # claimants' decisions stay open (and their snapshots true) until the resolution.
            self._answers[seat] = action
            del self._pending[seat]
            if not self._pending:
                self._run(self._resolve)
        else:
            self._pending = {}
            self._run(lambda: self._act(seat, action))
        return self.events[n0:]

    def _act(self, seat: int, action: Action) -> Callable[[], Any] | None:
        me = self.seat_state[seat]
        if self.phase == Phase.DEAL:
            return self._deal_kong(seat, action)
        match action:
            case Discard(tile=k, uper=u):
                return self._discard(seat, k, u)
            case Win():
                if seat in self._false_win:
                    self._false_win.discard(seat)
                    me.penalised = True
                    drawn = me.drawn
                    assert drawn is not None
                    return lambda: self._discard(seat, KIND_OF_TILE[drawn], False, auto=True)
                ctx, res, _ = self._self_draw_check(seat)
                t = me.drawn
                assert ctx is not None and res is not None and t is not None
                self._finish_wins([(seat, WinHow.SELF_DRAW, None, t, ctx, res)])
                return None
            case ConcealedKong(tile=k):
                self._declare_concealed_kong(seat, k)
                return self._after_kong(seat)
            case AddedKong(tile=k):
                t = self._id_of_kind(seat, k)
                self._remove(seat, t)
                me.drawn = None
                self.limbo = (seat, t)
                self.any_meld = True
                self._emit(KongDeclared(seat, ADDED_KONG, (t,)))
                if self._offer_claims(seat, t, robbing=True):
                    return None
                return self._complete_added_kong
            case DeclareNineMajor():
                self._emit(NineMajorDeclared(seat, tuple(me.concealed)))
                self._end(EndReason.NINE_MAJOR)
                return None
        raise AssertionError(f"unhandled action {action!r}")

    def _declare_concealed_kong(self, seat: int, k: int, at_deal: bool = False) -> None:
        me = self.seat_state[seat]
        ids = tuple(t for t in me.concealed if t < FIRST_FLOWER and KIND_OF_TILE[t] == k)
        for t in ids:
            self._remove(seat, t)
        me.melds.append(Meld(CONCEALED_KONG, k))
        me.meld_ids.append(ids)
        if at_deal:  # ends this seat's first-go-around specials only
            self.deal_kongs.add(seat)
        else:  # like every kong in play, it ends the first go-around's specials for everyone
            self.any_meld = True
        me.drawn = None
        self._emit(KongDeclared(seat, CONCEALED_KONG, ids))

    def _after_kong(self, seat: int) -> Callable[[], Any] | None:
        if not self._draw(seat, replacement=True):
            return None
        return lambda: self._turn(seat, drew=True)

    def _complete_added_kong(self) -> Callable[[], Any] | None:
        assert self.limbo is not None
        seat, t = self.limbo
        self.limbo = None
        k = KIND_OF_TILE[t]
        me = self.seat_state[seat]
        for i, m in enumerate(me.melds):
            if m.type == PUNG_MELD and m.tile == k:
                me.melds[i] = Meld(ADDED_KONG, k, m.from_seat)
                me.meld_ids[i] = me.meld_ids[i] + (t,)
                break
        return self._after_kong(seat)

    def _discard(self, seat: int, kind: int, uper: bool, auto: bool = False
                 ) -> Callable[[], Any] | None:
        me = self.seat_state[seat]
        t = self._id_of_kind(seat, kind)
        from_drawn = t == me.drawn
        was_uper = me.uper_index >= 0
        if was_uper and shape.is_complete(me.counts) and not me.penalised:
            me.sd_discarded_win = True  # SD6: he let his own winning tile go
        self._remove(seat, t)
        me.drawn = None
        me.kong_draw = False
        me.discard(t, uper)
        if uper:
            me.uper_waits = self.waits(seat)
            if self.rules.strict_table and not self._uper_legal_now(seat):
                me.penalised = True
        self._emit(Discarded(seat, t, uper, from_drawn, auto))
        last = self.wall.remaining == 0
        self._last_discard = (seat, t, last)
        if self._offer_claims(seat, t, robbing=False):
            return None
        return lambda: self._after_pass(seat)

    def _uper_legal_now(self, seat: int) -> bool:
        me = self.seat_state[seat]
        v = uper_verdict(self.hand_kinds(seat), me.melds, seat=seat,
                         prevalent=self.prevalent, wall_left=self.wall.remaining, rules=self.rules)
        return v.legal

    def _offer_claims(self, discarder: int, t: int, robbing: bool) -> bool:
        """Give every seat that can claim tile `t` a decision. False if nobody can."""
        k = KIND_OF_TILE[t]
        last = (not robbing) and self.wall.remaining == 0
        self._answers = {}
        self._win_offered = {}
        self._false_win.clear()
        self.refused = {}
        self.phase = Phase.ROB if robbing else Phase.CLAIM
        for s in claim_order(discarder):
            c = self.seat_state[s].counts
            legal: list[Action] = []
            notes: dict[Action, Reason] = {}
            if k in self.waits(s):
                _ctx, _res, why = self._discard_win_check(s, k, discarder, robbing, last)
                if not why:
                    legal.append(WIN)
                    self._win_offered[s] = True
                else:
                    notes[WIN] = why
                    if self.rules.strict_table and not self.seat_state[s].penalised:
                        legal.append(WIN)
                        self._false_win.add(s)
            # a penalised seat (strict table) may not win but may still pung and kong
            if not robbing and not last and self.seat_state[s].uper_index < 0:
                if c[k] >= 2:
                    legal.append(PUNG)
                if c[k] >= 3 and self.wall.remaining > 0:
                    legal.append(KONG)
            if legal:
                legal.append(PASS)
                self._decide(s, DecisionKind.ROB if robbing else DecisionKind.CLAIM, legal, notes)
            elif notes:
                self.refused[s] = notes
        return bool(self._pending)

    def _resolve(self) -> Callable[[], Any] | None:
        """All claimers answered: apply the one resolution."""
        answers = dict(self._answers)
        self._answers = {}
        robbing = self.phase == Phase.ROB
        if robbing:
            assert self.limbo is not None
            discarder, t = self.limbo
            last = False
        else:
            assert self._last_discard is not None
            discarder, t, last = self._last_discard
        for s in list(answers):
            if s in self._false_win and isinstance(answers[s], Win):
                self.seat_state[s].penalised = True  # strict table: a wrong win declaration
                answers[s] = PASS
        self._false_win.clear()
        for s, offered in self._win_offered.items():
            if offered and not isinstance(answers.get(s), Win):
                if self.seat_state[s].uper_index >= 0:
                    self.seat_state[s].sd_missed = True  # SD5
                else:
                    self.seat_state[s].sd_temporary = True  # SD1
        res = resolve_claims(discarder, answers, self.rules)
        k = KIND_OF_TILE[t]
        if res.triple_win:
            self._end(EndReason.TRIPLE_WIN, next_doubled=True)
            return None
        if res.winners:
            wins = []
            for s in res.winners:
                ctx, wr, _ = self._discard_win_check(s, k, discarder, robbing, last)
                assert ctx is not None and wr is not None
                how = WinHow.ROBBING_KONG if robbing else WinHow.DISCARD
                wins.append((s, how, discarder, t, ctx, wr))
            self._finish_wins(wins)
            return None
        if robbing:
            return self._complete_added_kong
        if res.claim is not None:
            s, action = res.claim
            return self._claim_set(s, discarder, t, isinstance(action, Kong))
        return lambda: self._after_pass(discarder)

    def _claim_set(self, seat: int, discarder: int, t: int, kong: bool) -> Callable[[], Any] | None:
        me = self.seat_state[seat]
        k = KIND_OF_TILE[t]
        n = 3 if kong else 2
        mine = [x for x in me.concealed if x < FIRST_FLOWER and KIND_OF_TILE[x] == k][:n]
        for x in mine:
            self._remove(seat, x)
        self.seat_state[discarder].last_discard_taken()
        ids = tuple(mine) + (t,)
        mtype = KONG_MELD if kong else PUNG_MELD
        me.melds.append(Meld(mtype, k, discarder))
        me.meld_ids.append(ids)
        self.any_meld = True
        me.sd_temporary = False
        me.drawn = None
        me.kong_draw = False
        self.turn = seat
        self._emit(Claimed(seat, mtype, t, discarder, ids))
        if kong:
            return self._after_kong(seat)
        return lambda: self._turn(seat, drew=False)

    def _four_winds_broken(self) -> bool:
        """Whether a meld has cancelled the four-winds draw: any claim or kong, or with the house
        rule "stands" only a claimed set (chapter VIII: "if a pung or kong is claimed")."""
        if self.rules.four_winds_concealed_kong == "stands":
            return any(m.type != CONCEALED_KONG for p in self.seat_state for m in p.melds)
        return self.any_meld or bool(self.deal_kongs)

    def _after_pass(self, discarder: int) -> Callable[[], Any] | None:
        rules = self.rules
        if (rules.four_winds_draw and discarder == 3 and not self._four_winds_broken()
                and all(len(p.river) == 1 for p in self.seat_state)):
            kinds = {KIND_OF_TILE[p.river[0]] for p in self.seat_state}
            if len(kinds) == 1 and is_wind(next(iter(kinds))):
                self._end(EndReason.FOUR_WINDS)
                return None
        if self.wall.remaining == 0:
            self._end(EndReason.EXHAUSTIVE)
            return None
        nxt = (discarder + 1) % 4
        self.turn = nxt
        if not self._draw(nxt, replacement=False):
            return None
        return lambda: self._turn(nxt, drew=True)

    # ------------------------------------------------------------------ the end
    def _finish_wins(self, wins: list[tuple]) -> None:
        records = []
        total = [0, 0, 0, 0]
        self.phase = Phase.OVER
        self._pending = {}
        for i, (seat, how, frm, t, ctx, res) in enumerate(wins):
            pay = payments(res, ctx, self.rules)
            p = tuple(pay.get(s, 0) for s in range(4))
            for s in range(4):
                total[s] += p[s]
            records.append(WinRecord(seat, how, frm, KIND_OF_TILE[t], ctx, res, p))
            if how != WinHow.SELF_DRAW and i == 0:
                # the winning tile joins the (first) winner's hand
                if how == WinHow.ROBBING_KONG:
                    self.limbo = None
                else:
                    self.seat_state[frm].last_discard_taken()
                self._add(seat, t)
            self._emit(WinDeclared(seat, t, how, frm, tuple(self.seat_state[seat].concealed)))
        self._end(EndReason.WIN, records=tuple(records), pays=tuple(total))

    def _end(self, reason: EndReason, records: tuple[WinRecord, ...] = (),
             pays: tuple[int, ...] = (0, 0, 0, 0), next_doubled: bool = False) -> None:
        if records:
            keeps = any(r.seat == 0 for r in records)
        else:  # a nine-major-tiles draw always keeps the deal; other draws follow the house rule
            keeps = reason == EndReason.NINE_MAJOR or self.rules.dealer_keeps == "win_or_draw"
        self.result = HandResult(reason, records, pays, next_doubled, keeps)
        self.phase = Phase.OVER
        self._pending = {}
        self._emit(HandEnded(reason, tuple(r.winner() for r in records), pays,
                             tuple(tuple(p.concealed) for p in self.seat_state), next_doubled, keeps))

    # ------------------------------------------------------------------ views
    def observation(self, seat: int) -> Observation:
        """The table as `seat` sees it."""
        phase = self.phase
        if (phase == Phase.CLAIM or phase == Phase.ROB) and self._last_discard is not None:
            if phase == Phase.ROB and self.limbo is not None:
                last: tuple[int, int] | None = (self.limbo[0], KIND_OF_TILE[self.limbo[1]])
            else:
                last = (self._last_discard[0], KIND_OF_TILE[self._last_discard[1]])
        else:
            last = None
        states = self.seat_state
        me = states[seat]
        w = self.waits(seat)
        sacred: tuple[Message, ...] = ()
        if w or me.sd_discarded_win:
            sacred = tuple(r.message for r in self.sacred(seat).reasons)
        d = me.drawn
        e, s, w_, n = states  # written out: this runs for every decision
        return frozen_fast(
            Observation, seat=seat, concealed=me.sorted_kinds(),
            drawn=KIND_OF_TILE[d] if d is not None and d < FIRST_FLOWER and self.turn == seat
            else None,
            hand_sizes=(len(e.concealed), len(s.concealed), len(w_.concealed), len(n.concealed)),
            melds=(tuple(e.melds), tuple(s.melds), tuple(w_.melds), tuple(n.melds)),
            flowers=(e.flower_view, s.flower_view, w_.flower_view, n.flower_view),
            rivers=(e.river_view, s.river_view, w_.river_view, n.river_view),
            uper=(e.uper_index >= 0, s.uper_index >= 0, w_.uper_index >= 0, n.uper_index >= 0),
            waits=w, sacred=sacred,
            wall_left=self.wall.remaining, turn=self.turn, phase=phase, last_discard=last,
            prevalent=self.prevalent, scores=self.scores, dealer=0)  # every field: frozen_fast's fast path

    def copy(self) -> Table:
        """An independent copy (for AI playouts); the event hook is not copied. Its pending
        decisions are the same snapshots (they hold no table)."""
        t = Table.__new__(Table)
        t.rules, t.seed, t.prevalent, t.doubled = self.rules, self.seed, self.prevalent, self.doubled
        t.hand, t.players, t.scores, t.on_event = self.hand, self.players, self.scores, None
        t.events = list(self.events)
        t.seat_state = [p.copy() for p in self.seat_state]
        t.any_meld = self.any_meld
        t.deal_kongs = set(self.deal_kongs)
        t.limbo = self.limbo
        t.turn, t.phase, t.result = self.turn, self.phase, self.result
        t._last_discard = self._last_discard
        t._answers = dict(self._answers)
        t._win_offered = dict(self._win_offered)
        t._false_win = set(self._false_win)
        t.refused = dict(self.refused)
        t.wall = self.wall.copy()
        t._pending = dict(self._pending)
        return t

    def resample_hidden(self, seat: int, rng: random.Random, *,
                        keep: Collection[int] = ()) -> Table:
        """A copy in which every tile `seat` cannot see is dealt again from `rng`: the other
        seats' concealed tiles (except those of the seats in `keep`, e.g. players who declared
        uper, whose hands a uniform deal would not make ready) and the wall, live and back.
        The copy's observation for `seat` equals this table's; hand sizes, melds, rivers,
        flowers and flags stay, and the engine rebuilds counts and caches. Flowers go to the
        wall (a hand never holds one). OpenSpiel's ``resample_from_infostate``, for searches
        that may see only `seat`'s view. The event log is copied as it is: the history, not a
        record of the new tiles. Refused while another seat has a decision open.

        >>> t = Table(RuleSet(), seed=4)
        >>> r = t.resample_hidden(0, random.Random(1))
        >>> r.observation(0) == t.observation(0), r.seat_state[1].concealed != t.seat_state[1].concealed
        (True, True)

        Two tables that differ only in where `seat`'s hidden tiles lie deal the same copy: the
        hidden pool is sorted before it is shuffled.
        """
        others = [s for s in range(4) if s != seat and s not in keep]
        if any(s != seat for s in self._pending):
            raise ValueError("another seat has a decision open: its options come from its hand")
        t = self.copy()
        pool = t.wall.remaining_ids()
        for s in others:
            pool.extend(t.seat_state[s].concealed)
        pool.sort()  # where the hidden tiles lay must not show through the new deal
        rng.shuffle(pool)
        plain = [x for x in pool if x < FIRST_FLOWER]
        flowers = [x for x in pool if x >= FIRST_FLOWER]
        pos = 0
        for s in others:
            me = t.seat_state[s]
            n = len(me.concealed)
            me.set_hand(plain[pos:pos + n])
            pos += n
            me.drawn = me.concealed[-1] if me.drawn is not None and n else None
            me.deal_replaced = set()
            t.refused.pop(s, None)
        rest = plain[pos:] + flowers
        rng.shuffle(rest)
        t.wall = t.wall.refilled(rest)
        return t

    def __repr__(self) -> str:
        return (f"<Table hand {self.hand} seed {self.seed}: {self.phase}, turn "
                f"{seat_name(self.turn)}, wall {self.wall.remaining}>")

