"""Hand value for the AI: which plans can reach the 2 basic points a Korean win needs.

A hand below 2 basic points is a chicken hand and cannot win (docs/rules.md §8.1). A concealed hand
always has 2 on a self-draw (concealed + self-draw) but only 1 on a discard win, so it needs one
more yak for that; an open hand (a claimed pung) needs 2 from open yak alone: two value pungs,
a flush, all pungs, a pure straight... `plan_value` measures, for a hand about to draw (or just
after a discard), how far the nearest valid plan is, each way:

* ``self_draw_distance`` / ``discard_distance``: tiles to change beyond what any ready shape
  needs, before a win that way is worth 2 basic points (0 = the plan is already in the hand;
  ``INF`` = impossible, e.g. an open hand of mixed suits with no value pung and a sequence);
* ``basic``: the basic points the nearest plan would give (a rough size of the win);
* ``plan``: the plan's name, a `Message` (`PLANS`), for `explain()` and the hints.

>>> from game.engine.tiles import parse_tiles, to_counts
>>> from game.engine.melds import Meld
>>> v = plan_value(to_counts(parse_tiles("234m456m345p22p67p")))  # concealed, all simples
>>> v.self_draw_distance, v.discard_distance, str(v.plan), v.plan.code
(0, 0, 'concealed + all simples', 'plan.concealed')
>>> v = plan_value(to_counts(parse_tiles("234m56m99p1z")), (Meld("pung", 3, 1), Meld("pung", 13, 2)))
>>> v.discard_distance >= 3  # open, two suits, no value pung: nothing is near
True
>>> v = plan_value(to_counts(parse_tiles("55m1239p6677z")), (Meld("pung", 22, 1),))
>>> v.discard_distance, str(v.plan)  # a White pung and pairs of Green and Red: one more pung
(1, 'value pungs')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from game.engine.hand.shanten import shanten as _shanten
from game.engine.melds import Meld
from game.engine.messages import MSG, Message, define
from game.engine.tiles import DRAGONS, EAST, MAJOR_KINDS, NUM_PLAYING_KINDS, is_simple, suit

INF = 99

# ---------------------------------------------------------------- plans as messages
#: the plans `plan_value` names, by their English (each a message kind of its own, with no
#: arguments: the Korean names are the yak names of ko/ai.po)
PLAN_KINDS = {k.english: k for k in (
    define("plan.half_flush", "half flush"),
    define("plan.full_flush", "full flush"),
    define("plan.all_pungs", "all pungs"),
    define("plan.value_pungs", "value pungs"),
    define("plan.value_pung", "value pung"),
    define("plan.all_simples", "all simples"),
    define("plan.all_sequences", "all sequences"),
    define("plan.seven_pairs", "seven pairs"),
    define("plan.all_simples_and_all_pungs", "all simples + all pungs"),
    define("plan.none", "no plan"),
    define("plan.shape", "shape"),  # the beginner's: shape only, no value
    define("plan.ready", "ready"),  # a discard that leaves the hand ready (the hints)
)}
CONCEALED = define("plan.concealed", "concealed + {plan}", plan=MSG)
#: name -> the plan's message ('concealed + half flush' included), made once
PLANS: dict[str, Message] = {name: k() for name, k in PLAN_KINDS.items()}
PLANS.update({f"concealed + {name}": CONCEALED(plan=m) for name, m in list(PLANS.items())})
NO_PLAN, SHAPE, READY = PLANS["no plan"], PLANS["shape"], PLANS["ready"]

_NO_SUITS: frozenset[int] = frozenset()  # the suits of no meld
_SIMPLE_MASK = tuple(is_simple(k) for k in range(NUM_PLAYING_KINDS))
_majors_of = itemgetter(*MAJOR_KINDS)  # counts -> the counts of the terminals and honours


@dataclass(frozen=True, slots=True)
class PlanValue:
    """How far the nearest 2-basic-point plan is, by self-draw and by discard."""

    self_draw_distance: int
    discard_distance: int
    basic: int
    plan: Message  # one of `PLANS`

    @property
    def dead(self) -> bool:
        """No plan is within reach either way."""
        return self.self_draw_distance >= INF and self.discard_distance >= INF


def value_kinds(seat: int, prevalent: int | None) -> tuple[int, ...]:
    """Honours whose pung is a basic point: the dragons, the seat wind, the prevalent wind.

    >>> from game.engine.tiles import format_tiles
    >>> format_tiles(value_kinds(1, None))
    '2567z'
    """
    return _value_kinds(seat, prevalent)


@lru_cache(maxsize=32)
def _value_kinds(seat: int, prevalent: int | None) -> tuple[int, ...]:
    ks = {*DRAGONS, EAST + seat}
    if prevalent is not None:
        ks.add(EAST + prevalent)
    return tuple(sorted(ks))


def pung_draws(counts: Sequence[int], sets_needed: int) -> int:
    """Draws still needed to make `sets_needed` pungs and a pair from these counts.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> pung_draws(to_counts(parse_tiles("111m22p33p4z")), 3)  # 111m; 22p + 1; 33p pair; 4z + 2
    3
    """
    trip = counts.count(3) + counts.count(4)
    pairs = counts.count(2)
    trip = min(trip, sets_needed)
    rest = sets_needed - trip
    if pairs >= 1:
        grow = min(pairs - 1, rest)
        return grow + 2 * (rest - grow)
    return 1 + 2 * rest


def plan_value(counts: Sequence[int], melds: Sequence[Meld] = (), *, seat: int = 0,
               prevalent: int | None = None, unseen: Sequence[int] | None = None,
               shanten: int | None = None) -> PlanValue:
    """The nearest valid plans of a hand (concealed `counts`, declared `melds`); see the module.

    `unseen` (copies of each kind not visible to the player) makes a value pair whose last
    copies are gone count as dead; `shanten` saves recomputing the hand's shanten.
    """
    if shanten is None:
        shanten = _shanten(counts, len(melds))
    options = plan_options(counts, melds, seat=seat, prevalent=prevalent, unseen=unseen,
                           shanten=shanten)
    return nearest_plan(options, all(not m.is_open for m in melds), shanten)


def nearest_plan(options: Sequence[tuple[int, int, str]], concealed: bool,
                 shanten: int) -> PlanValue:
    """The `PlanValue` of the nearest of `options` (`plan_options` of a hand with this
    `shanten`, concealed or not): what `plan_value` returns.

    >>> str(nearest_plan([(2, 3, "half flush"), (1, 2, "all simples")], True, 1).plan)
    'concealed + all simples'
    """
    if concealed:
        # concealed: the self-draw is always worth 2; a discard win needs one more yak
        d, b, name = min(options, key=lambda o: (o[0], -o[1]))
        return PlanValue(0, d, max(b + 1, 2), PLANS["concealed + " + name])
    if not options:
        return PlanValue(INF, INF, 0, NO_PLAN)
    d, b, name = min(options, key=lambda o: (max(o[0], shanten), -o[1]))
    return PlanValue(d, d, b, PLANS[name])


def plan_options(counts: Sequence[int], melds: Sequence[Meld] = (), *, seat: int = 0,
                 prevalent: int | None = None, unseen: Sequence[int] | None = None,
                 shanten: int | None = None) -> list[tuple[int, int, str]]:
    """Every plan `plan_value` weighs, as ``(distance, basic, name)``: for a concealed hand the
    one more yak a discard win needs (with the basic points besides concealed), for an open
    hand the plans reaching 2 basic points from open yak alone (`plan_value` takes the nearest).

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> sorted(plan_options(to_counts(parse_tiles("11m44m77m22p55p88p3z"))))[0]
    (0, 5, 'seven pairs')
    """
    if shanten is None:
        shanten = _shanten(counts, len(melds))
    concealed = not melds or all(not m.is_open for m in melds)
    vk = _value_kinds(seat, prevalent)
    value_sure = 0
    value_pairs = 0
    for m in melds:
        if m.tile in vk:
            value_sure += 2 if (m.tile == EAST + seat and prevalent is not None
                                and m.tile == EAST + prevalent) else 1
    for k in vk:
        c = counts[k]
        if c >= 3:
            value_sure += 1
        elif c == 2 and (unseen is None or unseen[k] > 0):
            value_pairs += 1
    sets_needed = 4 - len(melds)
    options: list[tuple[int, int, str]] = []  # (distance, basic, name) reaching 2 points

    # flushes: every meld in one suit (or honours); count the other tiles to throw
    meld_suits = {suit(m.tile) for m in melds} if melds else _NO_SUITS
    honours_held = sum(counts[18:25])
    for s in (0, 1):
        if meld_suits - {s, 2}:
            continue
        other = sum(counts[9:18]) if s == 0 else sum(counts[0:9])
        options.append((other, 2 + value_sure, "half flush"))
        if 2 not in meld_suits:
            options.append((other + honours_held, 8, "full flush"))
    # all pungs (no chow here, so every claimed set is already a pung)
    ap = pung_draws(counts, sets_needed)
    options.append((max(0, ap - 1 - shanten), 2 + value_sure,
                    "all pungs"))
    # value pungs
    if value_sure >= 2:
        options.append((0, value_sure, "value pungs"))
    elif value_sure + value_pairs >= 2:
        options.append((2 - value_sure, 2, "value pungs"))
    majors = sum(_majors_of(counts))
    simple_melds = not melds or all(_SIMPLE_MASK[m.tile] for m in melds)

    if concealed:
        # concealed: the self-draw is always worth 2; a discard win needs one more yak
        one_more = [(0, 1 + value_sure, "value pung")] if value_sure else []
        if value_pairs:
            one_more.append((1, 2, "value pung"))
        if simple_melds:
            one_more.append((majors, 2, "all simples"))
        # all sequences (discard wins): no honours but a plain pair; a rough distance
        plain_honours = honours_held - sum(counts[k] for k in vk)  # every value kind is an honour
        one_more.append((plain_honours + (1 if max(counts) >= 3 else 0) + 1, 2,
                         "all sequences"))
        if not melds:
            singles, absent = counts.count(1), counts.count(0)
            pairs = len(counts) - absent - singles
            kinds = len(counts) - absent
            sp = 6 - pairs + max(0, 7 - kinds)
            one_more.append((max(0, sp - shanten), 5, "seven pairs"))
        for d, b, name in options:
            one_more.append((d, b + 1, name))
        return one_more
    # open: two basic points from open yak alone
    if simple_melds and value_sure == 0:
        # all simples (1) needs a partner: all pungs (2 more) is the usual one
        options.append((majors + max(0, ap - 1 - shanten), 3,
                        "all simples + all pungs"))
    return options


