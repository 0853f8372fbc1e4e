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
>>> [len(t.concealed[s]) for s in range(4)], t.wall.remaining
([14, 13, 13, 13], 47)
>>> t = Table(RuleSet(), seed=1)
>>> [len(t.concealed[s]) for s in range(4)], t.wall.remaining + sum(map(len, t.flowers))
([14, 13, 13, 13], 51)
>>> list(t.pending()), t.pending()[0].kind
([0], 'turn')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
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
    Pass,
    Pung,
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
)
from .hand import shanten as shape
from .melds import ADDED_KONG, CONCEALED_KONG, Meld
from .melds import KONG as KONG_MELD
from .melds import PUNG as PUNG_MELD
from .observation import Observation, RiverTile
from .rules import RuleSet
from .scoring import evaluate_win, payments, sacred_status, uper_verdict
from .scoring.context import WinContext, WinResult
from .tiles import (
    MAJOR_KINDS,
    NUM_PLAYING_KINDS,
    is_wind,
    kind_of_tile,
    parse_tiles,
    seat_name,
    tile_ids_of_kind,
    tile_str,
)
from .wall import DEAL_STEPS, Wall, place_in_live_order, roll_dice

__all__ = ["Decision", "HandResult", "RiggedWall", "Table", "WinRecord", "rig_wall"]


@dataclass(frozen=True, eq=False)
class Decision:
    """What `seat` must decide now. `kind`: "turn" (after a draw, or East's opening),
    "discard" (after a pung: discard only), "claim" (on a discard), "rob" (on an added kong),
    "kong" (at the deal: declare a four of a kind a replacement completed, or pass).
    `notes` maps refused options to the engine's reason (for tooltips and lessons).
    The observation is built on first access and is valid until the table moves on."""

    seat: int
    kind: str
    legal: tuple[Action, ...]
    notes: Mapping[Action, str] = field(default_factory=dict)
    _table: Any = field(default=None, repr=False)
    _version: int = field(default=0, repr=False)

    @property
    def observation(self) -> Observation:
        t = self._table
        if t is None or t._version != self._version:
            raise RuntimeError("stale decision: the table has moved on since it was made")
        return t.observation(self.seat)


@dataclass(frozen=True)
class WinRecord:
    """One winner: how (self_draw / discard / robbing_kong), from whom, the context and score."""

    seat: int
    how: str
    from_seat: int | None
    tile: int
    context: WinContext
    result: WinResult
    payments: tuple[int, ...]

    def to_json(self) -> dict:
        return {"seat": seat_name(self.seat), "how": self.how,
                "from": None if self.from_seat is None else seat_name(self.from_seat),
                "tile": tile_str(self.tile), "result": self.result.to_json(),
                "payments": list(self.payments)}


@dataclass(frozen=True)
class HandResult:
    """How the hand ended. `payments[s]` is the signed total of seat s (sums to zero)."""

    reason: str  # "win", "exhaustive", "nine_major", "four_winds", "triple_win"
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


_DISCARDS = tuple(Discard(k) for k in range(NUM_PLAYING_KINDS))
_INCOMPLETE = "the hand is not complete"


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
        self.concealed: list[list[int]] = [[], [], [], []]  # tile ids, drawn tile included
        self.counts: list[list[int]] = [[0] * NUM_PLAYING_KINDS for _ in range(4)]
        self.drawn: list[int | None] = [None] * 4
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.meld_ids: list[list[tuple[int, ...]]] = [[], [], [], []]
        self.flowers: list[list[int]] = [[], [], [], []]
        self.river: list[list[int]] = [[], [], [], []]  # tile ids in discard order
        self.river_claimed: list[set[int]] = [set(), set(), set(), set()]  # indices
        self.uper_index: list[int] = [-1] * 4  # index of the uper discard in the river
        self.uper_waits: list[tuple[int, ...]] = [()] * 4
        self.sd_temporary = [False] * 4
        self.sd_missed = [False] * 4
        self.sd_discarded_win = [False] * 4
        self.penalised = [False] * 4  # strict table: a wrong declaration was made
        self.discarded = [False] * 4  # has made a discard this hand
        self.any_meld = False  # a claim or kong happened (ends the "first go-around" specials)
        self.kong_draw = [False] * 4  # the drawn tile is a kong replacement
        self.limbo: tuple[int, int] | None = None  # (seat, tile id) of an added-kong tile being robbed
        self.turn = 0
        self.phase = "deal"
        self.result: HandResult | None = None
        self._last_discard: tuple[int, int, bool] | None = None  # (seat, tile id, final discard)
        self._pending: dict[int, Decision] = {}
        self._answers: dict[int, Action] = {}
        self._win_offered: dict[int, bool] = {}
        self._false_win: set[int] = set()
        #: seats that may not claim the current discard although it completes their shape,
        #: with the reason (sacred discard, chicken hand): for tooltips; no decision is asked
        self.refused: dict[int, dict[Action, str]] = {}
        self._waits: list[tuple[int, ...] | None] = [None] * 4
        #: kinds each seat drew as replacements during the deal (a four of a kind they complete
        #: may be declared at once, before East's opening turn)
        self._deal_replaced: list[set[int]] = [set(), set(), set(), set()]
        self._version = 0
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
            if not rules.flowers and any(t is not None and t >= 100 for t in used):
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
        self._emit(DiceRolled(0, first, "breaker"))
        self._emit(DiceRolled(w.breaker, second, "count"))
        self._emit(WallBroken(w.breaker, w.count, w.counted_stack, w.break_stack))
        for step in DEAL_STEPS:
            got = [w.draw_live() for _ in range(step.count)]
            for t, _ in got:
                self._add(step.seat, t)
            self._emit(Dealt(step.seat, tuple(t for t, _ in got), tuple(p for _, p in got)))
        self.drawn[0] = self.concealed[0][-1]
        self._run(lambda: self._deal_flowers(0))

    def _deal_flowers(self, seat: int) -> Callable[[], Any] | None:
        """The deal's flower round, E S W N: each flower shown and replaced from the back wall;
        then the seat may declare at once a four of a kind a replacement completed."""
        while True:
            fl = [t for t in self.concealed[seat] if t >= 100]
            if not fl:
                break
            if not self._replace_flower(seat, fl[0]):
                return None
        c = self.counts[seat]
        kongs = [ConcealedKong(k) for k in sorted(self._deal_replaced[seat]) if c[k] == 4]
        if kongs and self.wall.remaining > 0:
            self._decide(seat, "kong", [*kongs, PASS], {})
            return None
        return self._after_deal_seat(seat)

    def _after_deal_seat(self, seat: int) -> Callable[[], Any] | None:
        if seat < 3:
            return lambda: self._deal_flowers(seat + 1)
        self.drawn[1] = self.drawn[2] = self.drawn[3] = None
        self.phase = "turn"
        self.turn = 0
        return lambda: self._turn(0, drew=True)

    def _deal_kong(self, seat: int, action: Action) -> Callable[[], Any] | None:
        """A seat's answer at the deal: a concealed kong (its replacement comes from the back
        wall, then that seat's flowers and kongs are looked at again) or a pass."""
        if not isinstance(action, ConcealedKong):
            return self._after_deal_seat(seat)
        self._declare_concealed_kong(seat, action.tile)
        t, pos = self.wall.draw_back()  # the decision is only made while the wall has tiles
        self._add(seat, t)
        self.drawn[seat] = t
        self.kong_draw[seat] = True
        if t < 100:
            self._deal_replaced[seat].add(t >> 2)
        self._emit(Drew(seat, t, pos, True))
        return lambda: self._deal_flowers(seat)

    # ------------------------------------------------------------------ tile moves
    def _add(self, seat: int, t: int) -> None:
        self.concealed[seat].append(t)
        if t < 100:
            self.counts[seat][t >> 2] += 1
            self._waits[seat] = None

    def _remove(self, seat: int, t: int) -> None:
        self.concealed[seat].remove(t)
        if t < 100:
            self.counts[seat][t >> 2] -= 1
            self._waits[seat] = None

    def _id_of_kind(self, seat: int, kind: int) -> int:
        d = self.drawn[seat]
        if d is not None and d < 100 and d >> 2 == kind:
            return d
        for t in reversed(self.concealed[seat]):
            if t < 100 and t >> 2 == kind:
                return t
        raise AssertionError(f"seat {seat} holds no {tile_str(kind)}")

    def _replace_flower(self, seat: int, flower: int) -> bool:
        """Show a flower and draw its replacement from the back wall (False: the wall ran out)."""
        self._remove(seat, flower)
        self.flowers[seat].append(flower)
        self._emit(FlowerShown(seat, flower))
        if self.wall.remaining == 0:
            self._end("exhaustive")
            return False
        t, pos = self.wall.draw_back()
        self._add(seat, t)
        self.drawn[seat] = t
        if self.phase == "deal" and t < 100:
            self._deal_replaced[seat].add(t >> 2)
        self._emit(Drew(seat, t, pos, True))
        return True

    def _draw(self, seat: int, replacement: bool) -> bool:
        """Draw (live or back wall), replacing flowers. False if the hand ended meanwhile."""
        if self.wall.remaining == 0:
            self._end("exhaustive")
            return False
        t, pos = self.wall.draw_back() if replacement else self.wall.draw_live()
        self._add(seat, t)
        self.drawn[seat] = t
        self.sd_temporary[seat] = False
        self.kong_draw[seat] = replacement
        self.turn = seat
        self.phase = "turn"
        self._emit(Drew(seat, t, pos, replacement))
        while t >= 100:
            if not self._replace_flower(seat, t):
                return False
            t = self.drawn[seat]  # type: ignore[assignment]
        return True

    # ------------------------------------------------------------------ queries
    def hand_kinds(self, seat: int) -> list[int]:
        """Concealed kinds of a seat (flowers excluded)."""
        return [t >> 2 for t in self.concealed[seat] if t < 100]

    def waits(self, seat: int) -> tuple[int, ...]:
        """Shape waits of a 3n+1 hand (cached until the hand changes); () otherwise."""
        w = self._waits[seat]
        if w is None:
            c = self.counts[seat]
            w = shape.waits(c) if sum(c) % 3 == 1 else ()
            self._waits[seat] = w
        return w

    def river_kinds(self, seat: int) -> list[int]:
        return [t >> 2 for t in self.river[seat]]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def pending(self) -> dict[int, Decision]:
        """Every seat that must decide now, with its decision."""
        return dict(self._pending)

    def sacred(self, seat: int, waits: tuple[int, ...] | None = None):
        """The scorer's sacred-discard status of a seat (from its flags, river and waits)."""
        ui = self.uper_index[seat]
        return sacred_status(
            self.waits(seat) if waits is None else waits, self.river_kinds(seat),
            uper_discard=None if ui < 0 else self.river[seat][ui] >> 2,
            temporary=self.sd_temporary[seat], missed_after_uper=self.sd_missed[seat],
            discarded_win_after_uper=self.sd_discarded_win[seat])

    def is_concealed_hand(self, seat: int) -> bool:
        return all(m.type == CONCEALED_KONG for m in self.melds[seat])

    def _first_go_around(self, seat: int) -> bool:
        return not self.any_meld and not self.discarded[seat]

    def _context(self, seat: int, win_kind: int, *, self_draw: bool, discarder: int | None = None,
                 robbing: bool = False, last: bool = False) -> WinContext:
        c = self.counts[seat]
        kinds = [k for k in range(NUM_PLAYING_KINDS) for _ in range(c[k])]
        if not self_draw:
            kinds.append(win_kind)
            kinds.sort()
        return WinContext(
            concealed=tuple(kinds), win_tile=win_kind, melds=tuple(self.melds[seat]),
            self_draw=self_draw, seat=seat, prevalent=self.prevalent, discarder=discarder,
            uper=self.uper_index[seat] >= 0, flowers=len(self.flowers[seat]),
            win_on_kong=self_draw and self.kong_draw[seat], robbing_kong=robbing,
            last_tile=last, first_turn=self._first_go_around(seat), doubled=self.doubled)

    def _self_draw_check(self, seat: int) -> tuple[WinContext | None, WinResult | None, str]:
        """(context, result, reason): a self-draw win is legal when reason is ''."""
        c = self.counts[seat]
        if not shape.is_complete(c):
            return None, None, _INCOMPLETE
        d = self.drawn[seat]
        kind = d >> 2 if d is not None and d < 100 else self.hand_kinds(seat)[-1]
        c[kind] -= 1
        w = shape.waits(c)
        c[kind] += 1
        st = self.sacred(seat, w)
        if not st.can_self_draw:
            return None, None, st.reasons[0].text
        if self.penalised[seat]:
            return None, None, "a wrong declaration earlier this hand: you can no longer win"
        ctx = self._context(seat, kind, self_draw=True, last=self.wall.remaining == 0)
        res = evaluate_win(ctx, self.rules)
        return ctx, res, "" if res.valid else res.reason

    def _discard_win_check(self, seat: int, kind: int, discarder: int, robbing: bool,
                           last: bool) -> tuple[WinContext | None, WinResult | None, str]:
        if self.penalised[seat]:
            return None, None, "a wrong declaration earlier this hand: you can no longer win"
        st = self.sacred(seat)
        why = st.why_not(kind)
        if why is not None:
            return None, None, why
        ctx = self._context(seat, kind, self_draw=False, discarder=discarder, robbing=robbing,
                            last=last)
        res = evaluate_win(ctx, self.rules)
        return ctx, res, "" if res.valid else res.reason

    # ------------------------------------------------------------------ decisions
    def _decide(self, seat: int, kind: str, legal: list[Action], notes: dict[Action, str]) -> None:
        self._pending[seat] = Decision(seat, kind, tuple(legal), notes, self, self._version)

    def _run(self, step: Callable[[], Any]) -> None:
        """Run automatic steps (draws, frozen-hand discards) until a decision or the end."""
        while step is not None and self.result is None:
            step = step()

    def _turn(self, seat: int, drew: bool) -> Callable[[], Any] | None:
        """Offer the turn's options after a draw (or East's opening, or a kong replacement)."""
        self.turn = seat
        self.phase = "turn"
        self._false_win.discard(seat)
        rules = self.rules
        c = self.counts[seat]
        legal: list[Action] = []
        notes: dict[Action, str] = {}
        d = self.drawn[seat]
        drawn_kind = d >> 2 if d is not None and d < 100 else None
        if self.penalised[seat] and drawn_kind is not None:
            return lambda: self._discard(seat, drawn_kind, False, auto=True)
        if self.uper_index[seat] >= 0 and drawn_kind is not None:
            return self._uper_turn(seat, drawn_kind)
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
            if self.melds[seat]:
                legal.extend(AddedKong(m.tile) for m in self.melds[seat]
                             if m.type == PUNG_MELD and c[m.tile])
        if (drew and rules.nine_major_draw and self._first_go_around(seat)
                and sum(1 for k in kinds if k in MAJOR_KINDS) >= rules.nine_major_threshold):
            legal.append(NINE_MAJOR)
        legal.extend([_DISCARDS[k] for k in kinds])
        if self.is_concealed_hand(seat) and not self.penalised[seat]:
            for k in shape.ready_discards(c):
                after = self.hand_kinds(seat)
                after.remove(k)
                v = uper_verdict(after, self.melds[seat], seat=seat, prevalent=self.prevalent,
                                 wall_left=self.wall.remaining, rules=rules,
                                 flowers=len(self.flowers[seat]))
                a = Discard(k, uper=True)
                if v.legal:
                    legal.append(a)
                else:
                    notes[a] = v.reason
                    if rules.strict_table and self.wall.remaining > 0:
                        legal.append(a)
        self._decide(seat, "turn" if drew else "discard", legal, notes)
        return None

    def _uper_turn(self, seat: int, kind: int) -> Callable[[], Any] | None:
        """A frozen hand: win, a waits-keeping concealed kong, or the drawn tile goes."""
        c = self.counts[seat]
        legal: list[Action] = []
        notes: dict[Action, str] = {}
        _ctx, _res, why = self._self_draw_check(seat)
        if not why:
            legal.append(WIN)
        if c[kind] == 4 and self.wall.remaining > 0:
            c[kind] -= 4
            same = shape.waits(c) == self.uper_waits[seat]
            c[kind] += 4
            if same:
                legal.append(ConcealedKong(kind))
            else:
                notes[ConcealedKong(kind)] = "after uper a concealed kong must leave the waits unchanged"
        if not legal:
            return lambda: self._discard(seat, kind, False, auto=True)
        legal.append(Discard(kind))
        self._decide(seat, "turn", legal, notes)
        return None

    # ------------------------------------------------------------------ submit
    def submit(self, seat: int, action: Action) -> list[Event]:
        """Play `action` for `seat`; returns the events it caused. Illegal: raises, no change."""
        d = self._pending.get(seat)
        if d is None:
            if self.result is not None:
                why = "the hand is over"
            elif not 0 <= seat < 4 if isinstance(seat, int) else True:
                why = "there is no such seat (use 0-3 = E S W N)"
            else:
                waiting = ", ".join(seat_name(s) for s in self._pending) or "nobody"
                why = f"this seat has no decision to make now (waiting for: {waiting})"
            raise IllegalActionError(seat if isinstance(seat, int) and 0 <= seat < 4 else None,
                                     action, why)
        if action not in d.legal:
            note = d.notes.get(action)
            if note is None:
                legal = ", ".join(map(repr, d.legal))
                note = f"not a legal {d.kind} action now; legal: {legal}"
            raise IllegalActionError(seat, action, note)
        n0 = len(self.events)
        if d.kind in ("claim", "rob"):
            # An answer to a claim is hidden until every claimant has answered, so the other
            # claimants' decisions (and their observations) stay valid until the resolution.
            self._answers[seat] = action
            del self._pending[seat]
            if not self._pending:
                self._version += 1
                self._run(self._resolve)
        else:
            self._version += 1
            self._pending = {}
            self._run(lambda: self._act(seat, action))
        return self.events[n0:]

    def _act(self, seat: int, action: Action) -> Callable[[], Any] | None:
        if self.phase == "deal":
            return self._deal_kong(seat, action)
        match action:
            case Discard(tile=k, uper=u):
                return self._discard(seat, k, u)
            case Win():
                if seat in self._false_win:
                    self._false_win.discard(seat)
                    self.penalised[seat] = True
                    drawn = self.drawn[seat]
                    assert drawn is not None
                    return lambda: self._discard(seat, drawn >> 2, False, auto=True)
                ctx, res, _ = self._self_draw_check(seat)
                t = self.drawn[seat]
                assert ctx is not None and res is not None and t is not None
                self._finish_wins([(seat, "self_draw", None, t, ctx, res)])
                return None
            case ConcealedKong(tile=k):
                self._declare_concealed_kong(seat, k)
                return self._after_kong(seat)
            case AddedKong(tile=k):
                t = self._id_of_kind(seat, k)
                self._remove(seat, t)
                self.drawn[seat] = None
                self.limbo = (seat, t)
                self.any_meld = True
                self._emit(KongDeclared(seat, ADDED_KONG, (t,)))
                if self._offer_claims(seat, t, robbing=True):
                    return None
                return self._complete_added_kong
            case DeclareNineMajor():
                self._emit(NineMajorDeclared(seat, tuple(self.concealed[seat])))
                self._end("nine_major")
                return None
        raise AssertionError(f"unhandled action {action!r}")

    def _declare_concealed_kong(self, seat: int, k: int) -> None:
        ids = tuple(t for t in self.concealed[seat] if t < 100 and t >> 2 == k)
        for t in ids:
            self._remove(seat, t)
        self.melds[seat].append(Meld(CONCEALED_KONG, k))
        self.meld_ids[seat].append(ids)
        self.any_meld = True  # like every kong, it ends the first go-around's specials
        self.drawn[seat] = None
        self._emit(KongDeclared(seat, CONCEALED_KONG, ids))

    def _after_kong(self, seat: int) -> Callable[[], Any] | None:
        if not self._draw(seat, replacement=True):
            return None
        return lambda: self._turn(seat, drew=True)

    def _complete_added_kong(self) -> Callable[[], Any] | None:
        assert self.limbo is not None
        seat, t = self.limbo
        self.limbo = None
        k = t >> 2
        for i, m in enumerate(self.melds[seat]):
            if m.type == PUNG_MELD and m.tile == k:
                self.melds[seat][i] = Meld(ADDED_KONG, k, m.from_seat)
                self.meld_ids[seat][i] = self.meld_ids[seat][i] + (t,)
                break
        return self._after_kong(seat)

    def _discard(self, seat: int, kind: int, uper: bool, auto: bool = False
                 ) -> Callable[[], Any] | None:
        t = self._id_of_kind(seat, kind)
        from_drawn = t == self.drawn[seat]
        was_uper = self.uper_index[seat] >= 0
        if was_uper and shape.is_complete(self.counts[seat]) and not self.penalised[seat]:
            self.sd_discarded_win[seat] = True  # SD6: he let his own winning tile go
        self._remove(seat, t)
        self.drawn[seat] = None
        self.kong_draw[seat] = False
        self.river[seat].append(t)
        self.discarded[seat] = True
        if uper:
            self.uper_index[seat] = len(self.river[seat]) - 1
            self.uper_waits[seat] = self.waits(seat)
            if self.rules.strict_table and not self._uper_legal_now(seat):
                self.penalised[seat] = True
        self._emit(Discarded(seat, t, uper, from_drawn, auto))
        last = self.wall.remaining == 0
        self._last_discard = (seat, t, last)
        if self._offer_claims(seat, t, robbing=False):
            return None
        return lambda: self._after_pass(seat)

    def _uper_legal_now(self, seat: int) -> bool:
        v = uper_verdict(self.hand_kinds(seat), self.melds[seat], seat=seat,
                         prevalent=self.prevalent, wall_left=self.wall.remaining, rules=self.rules,
                         flowers=len(self.flowers[seat]))
        return v.legal

    def _offer_claims(self, discarder: int, t: int, robbing: bool) -> bool:
        """Give every seat that can claim tile `t` a decision. False if nobody can."""
        k = t >> 2
        last = (not robbing) and self.wall.remaining == 0
        self._answers = {}
        self._win_offered = {}
        self._false_win.clear()
        self.refused = {}
        self.phase = "rob" if robbing else "claim"
        for s in claim_order(discarder):
            c = self.counts[s]
            legal: list[Action] = []
            notes: dict[Action, str] = {}
            if k in self.waits(s):
                _ctx, _res, why = self._discard_win_check(s, k, discarder, robbing, last)
                if not why:
                    legal.append(WIN)
                    self._win_offered[s] = True
                else:
                    notes[WIN] = why
                    if self.rules.strict_table and not self.penalised[s]:
                        legal.append(WIN)
                        self._false_win.add(s)
            # a penalised seat (strict table) may not win but may still pung and kong
            if not robbing and not last and self.uper_index[s] < 0:
                if c[k] >= 2:
                    legal.append(PUNG)
                if c[k] >= 3 and self.wall.remaining > 0:
                    legal.append(KONG)
            if legal:
                legal.append(PASS)
                self._decide(s, "rob" if robbing else "claim", legal, notes)
            elif notes:
                self.refused[s] = notes
        return bool(self._pending)

    def _resolve(self) -> Callable[[], Any] | None:
        """All claimers answered: apply the one resolution."""
        answers = dict(self._answers)
        self._answers = {}
        robbing = self.phase == "rob"
        if robbing:
            assert self.limbo is not None
            discarder, t = self.limbo
            last = False
        else:
            assert self._last_discard is not None
            discarder, t, last = self._last_discard
        for s in list(answers):
            if s in self._false_win and isinstance(answers[s], Win):
                self.penalised[s] = True  # strict table: a wrong win declaration
                answers[s] = PASS
        self._false_win.clear()
        for s, offered in self._win_offered.items():
            if offered and not isinstance(answers.get(s), Win):
                if self.uper_index[s] >= 0:
                    self.sd_missed[s] = True  # SD5
                else:
                    self.sd_temporary[s] = True  # SD1
        res = resolve_claims(discarder, answers, self.rules)
        k = t >> 2
        if res.triple_win:
            self._end("triple_win", next_doubled=True)
            return None
        if res.winners:
            wins = []
            for s in res.winners:
                ctx, wr, _ = self._discard_win_check(s, k, discarder, robbing, last)
                assert ctx is not None and wr is not None
                wins.append((s, "robbing_kong" if robbing else "discard", discarder, t, ctx, wr))
            self._finish_wins(wins)
            return None
        if robbing:
            return self._complete_added_kong
        if res.claim is not None:
            s, action = res.claim
            return self._claim_set(s, discarder, t, isinstance(action, Kong))
        return lambda: self._after_pass(discarder)

    def _claim_set(self, seat: int, discarder: int, t: int, kong: bool) -> Callable[[], Any] | None:
        k = t >> 2
        n = 3 if kong else 2
        mine = [x for x in self.concealed[seat] if x < 100 and x >> 2 == k][:n]
        for x in mine:
            self._remove(seat, x)
        self.river_claimed[discarder].add(len(self.river[discarder]) - 1)
        ids = tuple(mine) + (t,)
        mtype = KONG_MELD if kong else PUNG_MELD
        self.melds[seat].append(Meld(mtype, k, discarder))
        self.meld_ids[seat].append(ids)
        self.any_meld = True
        self.sd_temporary[seat] = False
        self.drawn[seat] = None
        self.kong_draw[seat] = False
        self.turn = seat
        self._emit(Claimed(seat, mtype, t, discarder, ids))
        if kong:
            return self._after_kong(seat)
        return lambda: self._turn(seat, drew=False)

    def _after_pass(self, discarder: int) -> Callable[[], Any] | None:
        rules = self.rules
        if (rules.four_winds_draw and discarder == 3 and not self.any_meld
                and all(len(r) == 1 for r in self.river)):
            kinds = {r[0] >> 2 for r in self.river}
            if len(kinds) == 1 and is_wind(next(iter(kinds))):
                self._end("four_winds")
                return None
        if self.wall.remaining == 0:
            self._end("exhaustive")
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
        self.phase = "over"
        self._pending = {}
        for i, (seat, how, frm, t, ctx, res) in enumerate(wins):
            pay = payments(res, ctx, self.rules)
            p = tuple(pay.get(s, 0) for s in range(4))
            for s in range(4):
                total[s] += p[s]
            records.append(WinRecord(seat, how, frm, t >> 2, ctx, res, p))
            if how != "self_draw" and i == 0:
                # the winning tile joins the (first) winner's hand
                if how == "robbing_kong":
                    self.limbo = None
                else:
                    self.river_claimed[frm].add(len(self.river[frm]) - 1)
                self._add(seat, t)
            self._emit(WinDeclared(seat, t, how, frm, tuple(self.concealed[seat])))
        self._end("win", records=tuple(records), pays=tuple(total))

    def _end(self, reason: str, records: tuple[WinRecord, ...] = (),
             pays: tuple[int, ...] = (0, 0, 0, 0), next_doubled: bool = False) -> None:
        if records:
            keeps = any(r.seat == 0 for r in records)
        else:  # a nine-major-tiles draw always keeps the deal; other draws follow the house rule
            keeps = reason == "nine_major" or self.rules.dealer_keeps == "win_or_draw"
        self.result = HandResult(reason, records, pays, next_doubled, keeps)
        self.phase = "over"
        self._pending = {}
        self._emit(HandEnded(reason, tuple(r.to_json() for r in records), pays,
                             tuple(tuple(c) for c in self.concealed), next_doubled, keeps))

    # ------------------------------------------------------------------ views
    def observation(self, seat: int) -> Observation:
        """The table as `seat` sees it."""
        if self.phase in ("claim", "rob") and self._last_discard is not None:
            if self.phase == "rob" and self.limbo is not None:
                last = (self.limbo[0], self.limbo[1] >> 2)
            else:
                last = (self._last_discard[0], self._last_discard[1] >> 2)
        else:
            last = None
        rivers = tuple(
            tuple(RiverTile(t >> 2, i == self.uper_index[s], i in self.river_claimed[s])
                  for i, t in enumerate(self.river[s])) for s in range(4))
        w = self.waits(seat)
        sacred: tuple[str, ...] = ()
        if w or self.sd_discarded_win[seat]:
            sacred = tuple(r.text for r in self.sacred(seat).reasons)
        d = self.drawn[seat]
        return Observation(
            seat=seat, concealed=tuple(sorted(self.hand_kinds(seat))),
            drawn=d >> 2 if d is not None and d < 100 and self.turn == seat else None,
            hand_sizes=tuple(len(c) for c in self.concealed),
            melds=tuple(tuple(m) for m in self.melds),
            flowers=tuple(tuple(kind_of_tile(t) for t in f) for f in self.flowers),
            rivers=rivers, uper=tuple(i >= 0 for i in self.uper_index), waits=w, sacred=sacred,
            wall_left=self.wall.remaining, turn=self.turn, phase=self.phase, last_discard=last,
            prevalent=self.prevalent, scores=self.scores)

    def copy(self) -> Table:
        """An independent copy (for AI playouts); the event hook is not copied."""
        t = Table.__new__(Table)
        t.rules, t.seed, t.prevalent, t.doubled = self.rules, self.seed, self.prevalent, self.doubled
        t.hand, t.players, t.scores, t.on_event = self.hand, self.players, self.scores, None
        t.events = list(self.events)
        t.concealed = [list(x) for x in self.concealed]
        t.counts = [list(x) for x in self.counts]
        t.drawn = list(self.drawn)
        t.melds = [list(x) for x in self.melds]
        t.meld_ids = [list(x) for x in self.meld_ids]
        t.flowers = [list(x) for x in self.flowers]
        t.river = [list(x) for x in self.river]
        t.river_claimed = [set(x) for x in self.river_claimed]
        t.uper_index = list(self.uper_index)
        t.uper_waits = list(self.uper_waits)
        t.sd_temporary = list(self.sd_temporary)
        t.sd_missed = list(self.sd_missed)
        t.sd_discarded_win = list(self.sd_discarded_win)
        t.penalised = list(self.penalised)
        t.discarded = list(self.discarded)
        t.any_meld = self.any_meld
        t.kong_draw = list(self.kong_draw)
        t.limbo = self.limbo
        t.turn, t.phase, t.result = self.turn, self.phase, self.result
        t._last_discard = self._last_discard
        t._answers = dict(self._answers)
        t._win_offered = dict(self._win_offered)
        t._false_win = set(self._false_win)
        t.refused = dict(self.refused)
        t._waits = list(self._waits)
        t._deal_replaced = [set(x) for x in self._deal_replaced]
        t._version = self._version
        t.wall = self.wall.copy()
        t._pending = {s: Decision(d.seat, d.kind, d.legal, d.notes, t, t._version)
                      for s, d in self._pending.items()}
        return t

    def __repr__(self) -> str:
        return (f"<Table hand {self.hand} seed {self.seed}: {self.phase}, turn "
                f"{seat_name(self.turn)}, wall {self.wall.remaining}>")


# the names below are re-exported for `match` users of this module
_ = (Pass, Pung, DeclareNineMajor)
