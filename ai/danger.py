"""Danger of each discard against each opponent: exact safety first, then the usual evidence.

**Exact safety** (docs/rules.md §5; the engine evaluates SD2 and SD3 before and after uper): a tile
kind cannot be won by opponent ``o`` on a discard when

* it lies in ``o``'s river (SD2: a wait in his own river blocks every discard win), or it is in
  the stem group (1-4-7, 2-5-8, 3-6-9 of one suit) of a suit tile in his river (SD3; with the
  house rule `stem_after_uper` "chosen_only", of the tiles up to his uper discard only);
* it was discarded by anyone after his uper and he did not win on it: it is no wait of his, or
  he is now in SD5 and can win no discard at all (his hand is frozen, so this lasts);
* it was discarded since his last draw or claim and he did not win on it (SD1, the same
  reasoning while his hand is unchanged);
* every copy not in his hand is visible and it is an honour (he holds none, and an honour can
  only be waited on as a pair or a single).

Everything else gets a probability (issue 16: calibrated against what really deals in, by
``bench/bench_danger.py``), the product of two parts:

* **how likely he can win on your discard now** (`OpponentRead.ready`): 1 after uper; for a
  silent player not the chance that his hand is ready by shape, since a concealed ready hand
  without a second yak can only self-draw and a sacred one cannot win on a discard at all, but
  the measured share that can (`THREAT_BY_DISCARDS`, by his discards and open melds, times
  `LAST_DISCARD`: a simple let go reads nearer than an honour); never zero, even in the first
  go-around (`FIRST_GO_AROUND_READY`: a dealt hand can be ready, a human hand is 16 points);
* **which kinds he waits on** (`wait_weights`): the shapes that wait on a kind (two-sided, edge,
  closed, pair and single waits, fitted `ShapeWeights` for silent and uper players) weighted by
  how many of their tiles are unseen (no-chance and one-chance walls fall out of this), a small
  discount near his early discards, more weight beside the tile he let go when he became ready
  (`NEAR_SILENT`, `NEAR_UPER`). Tiles that passed him are no waits; waits in his sacred stems
  are waits he cannot win on, so against an uper player they keep their share of the total
  instead of making the other tiles likelier (`SACRED_SHARE_UPER`).

The product is then mapped to the share that really deals in (`CALIBRATION`, fitted per kind of
opponent by ``bench/bench_danger.py --fit``; issue 34): against an uper player the likeliest
tiles deal in less often than the shapes say, against a silent one the middling ones more often.

>>> from game.engine.tiles import parse_tiles, tile_str
>>> river = parse_tiles("9p1z4m")
>>> safe = exact_safe_kinds(river)
>>> " ".join(tile_str(k) for k in sorted(safe))
'1m 4m 7m 3p 6p 9p 1z'
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from game.engine.observation import Observation, RiverTile
from game.engine.rules import RuleSet
from game.engine.tiles import DRAGONS, EAST, is_suited, rank, stem, suit

from .value import value_kinds

__all__ = [
    "CALIBRATION",
    "FIRST_GO_AROUND_READY",
    "LATER_READY_FLOOR",
    "NO_DEAL_IN",
    "SILENT",
    "THREAT_BY_DISCARDS",
    "UPER",
    "OpponentRead",
    "ShapeWeights",
    "calibrated",
    "deal_in_table",
    "exact_safe_kinds",
    "first_go_around",
    "read_opponents",
    "stem_sources",
    "visible_counts",
    "wait_weights",
]

_STEMS = tuple(frozenset(stem(k)) for k in range(25))


def exact_safe_kinds(river: Iterable[int], passed: Iterable[int] = (),
                     after_uper: Iterable[int] = (),
                     stems_of: Iterable[int] | None = None) -> frozenset[int]:
    """Kinds the opponent certainly cannot win on by discard (see the module). `stems_of`: the
    discards whose stems are closed, when not the whole river (`stem_sources`).

    >>> from game.engine.tiles import parse_tiles, format_tiles
    >>> format_tiles(sorted(exact_safe_kinds(parse_tiles("5p"), parse_tiles("7z"))))
    '258p7z'
    >>> format_tiles(sorted(exact_safe_kinds(parse_tiles("5p9p"), stems_of=parse_tiles("5p"))))
    '2589p'
    """
    tiles = tuple(river)
    out: set[int] = set(tiles)
    for k in (tiles if stems_of is None else stems_of):
        out.update(_STEMS[k])
    out.update(passed)
    out.update(after_uper)
    return frozenset(out)


def stem_sources(river: Sequence[RiverTile], rules: RuleSet | None) -> list[int] | None:
    """The discards of a river whose stems are closed to its owner's discard wins: all (None),
    or with the house rule `stem_after_uper` "chosen_only" those up to his uper discard (a
    tile forced out after uper is itself no wait of his, but its stem may hold one)."""
    if rules is None or rules.stem_after_uper != "chosen_only":
        return None
    for i, r in enumerate(river):
        if r.uper:
            return [x.tile for x in river[:i + 1]]
    return None


def visible_counts(obs: Observation) -> list[int]:
    """Copies of each kind this seat can see: own hand, every meld, every unclaimed discard.

    A claimed discard is counted once, in the meld that took it.
    """
    v = [0] * 25
    for k in obs.concealed:
        v[k] += 1
    for ms in obs.melds:
        for m in ms:
            v[m.tile] += m.size
    for river in obs.rivers:
        for r in river:
            if not r.claimed:
                v[r.tile] += 1
    return v


@dataclass(frozen=True)
class ShapeWeights:
    """How much each waiting shape counts, per pair of unseen tiles that could form it (a
    single wait: per unseen copy of the tile itself). Fitted by ``bench/bench_danger.py`` to
    what ai:expert seats really wait on and can win with by discard (see `SILENT`, `UPER`)."""

    two_sided: float = 1.0  # 45 waits on 3 and 6
    two_sided_end: float = 0.9  # 23 waits on 1 (and 4), 78 on 9
    edge: float = 1.0  # 12 waits on 3, 89 on 7
    closed: float = 0.22  # 46 waits on 5
    pair: float = 0.35  # a pair beside another pair (either completes a pung)
    single: float = 2.0  # per unseen copy: single waits and the longer shapes through it
    honour_pair: float = 1.1
    honour_single: float = 3.2


#: a silent player's waits
SILENT = ShapeWeights()
#: an uper player's waits: ai:expert declares uper on 4+ live tiles, so nearly always on a
#: two-sided or longer wait; edge, closed, pair and honour waits keep a floor, because a person
#: declares uper on them too
UPER = ShapeWeights(two_sided_end=1.3, edge=0.3, closed=0.3, pair=0.1, single=2.2,
                    honour_pair=0.1, honour_single=0.3)


def wait_weights(unseen: Sequence[int], safe: Iterable[int] = (),
                 early: Iterable[int] = (), shapes: ShapeWeights = SILENT) -> list[float]:
    """Relative weight of each kind being one of a ready opponent's waits.

    `unseen[k]` are copies neither in the player's view nor the opponent's melds. A shape
    needs its tiles unseen (in the opponent's hand), so a wall (all four of a neighbour
    visible) kills the shapes through it: no-chance. Kinds in `safe` weigh 0; kinds near his
    `early` discards a little less.

    >>> from game.engine.tiles import parse_tile
    >>> u = [4] * 25
    >>> w = wait_weights(u)
    >>> w[parse_tile("5m")] > w[parse_tile("1m")] > 0 and w[parse_tile("5m")] > w[parse_tile("1z")]
    True
    >>> u[parse_tile("6m")] = 0; u[parse_tile("7m")] = 0  # no 6m or 7m left: 8m has no shape above
    >>> wait_weights(u)[parse_tile("8m")] < w[parse_tile("8m")]
    True
    """
    w = list(_shape_weights(tuple(unseen), shapes))
    for k in early:
        if is_suited(k):
            r = rank(k)
            for d in (-2, -1, 1, 2):
                if 1 <= r + d <= 9:
                    w[k + d] *= 0.85
    for k in safe:
        w[k] = 0.0
    return w


@lru_cache(maxsize=512)
def _shape_weights(unseen: tuple[int, ...], shapes: ShapeWeights) -> tuple[float, ...]:
    """`wait_weights` before the early discards and the safe kinds: the same for every
    opponent of one observation (cached: the three reads of a decision share it)."""
    s = shapes
    w = [0.0] * 25
    for base in (0, 9):
        for r in range(9):
            k = base + r
            u = unseen[k]
            x = 0.0
            # the two neighbours above (k+1, k+2) and below (k-2, k-1)
            if r <= 6:
                x += unseen[k + 1] * unseen[k + 2] * (
                    s.edge if r == 6 else s.two_sided_end if r == 0 else s.two_sided)
            if r >= 2:
                x += unseen[k - 1] * unseen[k - 2] * (
                    s.edge if r == 2 else s.two_sided_end if r == 8 else s.two_sided)
            if 1 <= r <= 7:
                x += unseen[k - 1] * unseen[k + 1] * s.closed
            x += u * (u - 1) * s.pair + u * s.single
            w[k] = x
    for k in range(18, 25):
        u = unseen[k]
        w[k] = u * (u - 1) * s.honour_pair + u * s.honour_single
    return tuple(w)


@dataclass(frozen=True)
class OpponentRead:
    """What this seat believes about one opponent."""

    seat: int
    ready: float  # probability he can win on a discard now (1.0 after uper: he is ready)
    safe: frozenset[int]  # exactly safe kinds
    deal_in: tuple[float, ...]  # probability that discarding each kind deals in to him
    loss: float  # points lost when dealing in to him (2 x his likely Final)

    @property
    def threat(self) -> float:
        return self.ready * self.loss


#: P(a silent player can win on your discard now) by the number of his discards (0, 1, ...,
#: 13 or more), for a concealed hand, one open meld, two or more. Not the chance that he is
#: ready by shape: a concealed ready hand without a second yak can only self-draw, and a sacred
#: one cannot win on a discard at all; of the silent ready shapes in ai:expert self-play only
#: 40-57 % (concealed) and 40-75 % (open) can win on a given discard. Measured by
#: ``bench/bench_danger.py`` (3,000 hands of four ai:expert seats), smoothed.
THREAT_BY_DISCARDS: dict[int, tuple[float, ...]] = {
    0: (0.001, 0.002, 0.0075, 0.018, 0.037, 0.065, 0.096, 0.128, 0.15, 0.17, 0.19, 0.205,
        0.215, 0.225),
    1: (0.003, 0.003, 0.007, 0.019, 0.027, 0.042, 0.064, 0.077, 0.08, 0.084, 0.09, 0.095,
        0.1, 0.1),
    2: (0.06, 0.06, 0.06, 0.1, 0.18, 0.22, 0.24, 0.25, 0.25, 0.22, 0.2, 0.18, 0.17, 0.17),
}
#: open melds that cannot reach 2 basic points as they stand (mixed suits, no value pung):
#: this share of the table above (measured 0.3-0.5)
UNLIKELY_VALID = 0.4
#: how many kinds a threatening player can win on by discard, spread by `wait_weights`: for a
#: silent player over the kinds not safe against him, for an uper player over every wait he
#: could have, his sacred ones too (`SACRED_SHARE_UPER`)
WAIT_KINDS_SILENT = 1.3
WAIT_KINDS_UPER = 2.2
#: a silent player's last discard tells how near he is: a simple (2-8) let go means a hand
#: that keeps no more loose tiles, a terminal or an honour one still tidying up; the factor on
#: `THREAT_BY_DISCARDS` by the kind of his last discard and his discards (0-2, 3-5, 6-8, 9-11,
#: 12+; measured like the table)
LAST_DISCARD: dict[str, tuple[float, ...]] = {
    "simple": (4.0, 2.1, 1.3, 1.13, 1.15),
    "terminal": (1.0, 0.75, 0.78, 0.81, 0.7),
    "honour": (0.54, 0.48, 0.73, 0.8, 0.89),
}
#: how much of the weight of the waits in the stems of his river (sacred: he cannot win on them
#: by discard) counts in the total, for a silent player (his `ready` is already the chance
#: that he can win on a discard) and for an uper player (certainly ready, maybe sacred)
SACRED_SHARE_SILENT = 0.0
SACRED_SHARE_UPER = 1.0
#: weight of a kind by how it lies to his reference discard (his uper discard, else his last
#: discard), keyed by `_relation`: the same suit 1, 2 or 3+ apart, another suit, an honour;
#: tiles just beside the tile he let go when he became ready are likelier waits
NEAR_SILENT: dict[str, float] = {
    "1": 1.6, "2": 1.35, "3": 1.0, "suit": 1.0, "honour": 1.0,
    "after honour: suit": 1.0, "after honour: honour": 1.25}
NEAR_UPER: dict[str, float] = {
    "1": 1.55, "2": 1.2, "3": 1.3, "suit": 0.86, "honour": 1.0,
    "after honour: suit": 1.4, "after honour: honour": 1.0}
#: the model's deal-in probability against one opponent mapped to the share that really deals
#: in (`calibrated`): knots (predicted, actual) per kind of opponent, linear between them and
#: in proportion to the last one beyond it; fitted by ``bench/bench_danger.py --fit`` to four
#: ai:expert seats' play (issue 34). An uper player is certainly ready (`OpponentRead.ready`
#: stays 1), but which of his kinds he waits on is spread less sharply than the shapes say.
#: Measured by ``bench/bench_danger.py`` (800 hands of four ai:expert seats, seed 600000, 2026-12-07):
#: against an uper player the model said 0.24 where 0.16 dealt in, 0.35 where 0.16 did (he
#: can win on a discard in only 20-70 % of the positions: a winning tile he let pass bars his
#: discard wins for the rest of the hand, SD5), and nothing at all below 0.02; against a
#: silent player it said 0.5-0.8 times what dealt in between 0.005 and 0.07. Checked on other
#: hands (800, seed 700000, the old model rating the same tiles, ``--also``): per tile, every
#: bin with 100+ tiles within 0.81-1.11x of what dealt in (before: 0.56-1.35x; 0.62x at
#: 0.2-0.3, 0.56x at 0.3-0.5, 1.32-1.35x at 0.04-0.10), Brier 0.01582 (before 0.01601). The
#: expert plays as strong as before (``bench/bench_params.py danger_calibration=False --one
#: variant --tables experts``, 1,600 hands: uncalibrated - calibrated +0.02, -0.25 to +0.28).
CALIBRATION: dict[str, tuple[tuple[float, float], ...]] = {
    "uper": ((0.0, 0.0), (0.0235, 0.0141), (0.0863, 0.1019), (0.1245, 0.1131),
             (0.1729, 0.1371), (0.2625, 0.1614)),
    "silent": ((0.0, 0.0), (0.0004, 0.0003), (0.0033, 0.0031), (0.0073, 0.0098),
               (0.0142, 0.0179), (0.0272, 0.0351), (0.05, 0.0647), (0.0802, 0.0862),
               (0.127, 0.1489)),
}
#: no mapping (the model as shaped, before issue 34): ``read_opponents(calibrate=False)``
UNCALIBRATED: dict[str, tuple[tuple[float, float], ...]] = {"uper": (), "silent": ()}


def calibrated(p: float, knots: Sequence[tuple[float, float]]) -> float:
    """`p` through the knots of `CALIBRATION` (one knot: unchanged).

    >>> knots = ((0.0, 0.0), (0.1, 0.2), (0.3, 0.3))
    >>> round(calibrated(0.05, knots), 6), calibrated(0.2, knots), calibrated(0.6, knots)
    (0.1, 0.25, 0.6)
    """
    if len(knots) < 2:
        return p
    for (x0, y0), (x1, y1) in pairwise(knots):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    x, y = knots[-1]
    return p * y / x


#: P(threat) of a silent player in the first go-around (his first draw or the deal: a human or
#: earthly hand, 16 basic points, is ready that early; measured 0.1-0.2 %): small, never zero
FIRST_GO_AROUND_READY = 0.002
#: the floor later on, above the first go-around's, so a tile is never rated safer later
LATER_READY_FLOOR = 0.004


def _reference_discard(river: Sequence[RiverTile]) -> int | None:
    """The discard a player's waits are read against: his uper discard, else his last one."""
    for r in river:
        if r.uper:
            return r.tile
    return river[-1].tile if river else None


def _relation(k: int, ref: int) -> str:
    """How kind `k` lies to the reference discard `ref` (the keys of `NEAR_SILENT`).

    >>> from game.engine.tiles import parse_tile as t
    >>> [_relation(t(x), t("5m")) for x in ("4m", "7m", "9m", "5p", "1z")]
    ['1', '2', '3', 'suit', 'honour']
    >>> _relation(t("3p"), t("7z")), _relation(t("6z"), t("7z"))
    ('after honour: suit', 'after honour: honour')
    """
    if not is_suited(ref):
        return "after honour: suit" if is_suited(k) else "after honour: honour"
    if not is_suited(k):
        return "honour"
    if suit(k) != suit(ref):
        return "suit"
    return str(min(3, abs(k - ref)))


#: `_relation(k, ref)` for every kind `k`, by `ref`
_RELATIONS = tuple(tuple(_relation(k, ref) for k in range(25)) for ref in range(25))


def first_go_around(obs: Observation, o: int) -> bool:
    """Is opponent `o` still in the first go-around: at most one discard of his and no meld on
    the table (a claim or kong ends it)?"""
    return len(obs.rivers[o]) <= 1 and not any(obs.melds)


def _ready_probability(obs: Observation, o: int) -> float:
    """1.0 after uper; else the chance that `o` can win on a discard now
    (`THREAT_BY_DISCARDS`)."""
    if obs.uper[o]:
        return 1.0
    if first_go_around(obs, o):
        return FIRST_GO_AROUND_READY
    n = len(obs.rivers[o])
    opened = sum(1 for m in obs.melds[o] if m.is_open) if obs.melds[o] else 0
    row = THREAT_BY_DISCARDS[min(2, opened)]
    p = row[min(n, len(row) - 1)]
    if opened:
        vk = value_kinds(o, obs.prevalent)
        suits = {suit(m.tile) for m in obs.melds[o]}
        if not (any(m.tile in vk for m in obs.melds[o]) or len(suits - {2}) <= 1):
            p *= UNLIKELY_VALID  # mixed open melds without a value pung: often no 2 points
    if n:
        last = obs.rivers[o][-1].tile
        kind = "honour" if not is_suited(last) else "terminal" if rank(last) in (1, 9) else "simple"
        p *= LAST_DISCARD[kind][min(4, n // 3)]
    return max(LATER_READY_FLOOR, p)


def _loss(obs: Observation, o: int, rules: RuleSet | None = None) -> float:
    """Points lost dealing in to `o`: the table's discard multiplier x his likely Final (the
    table's ante + about 3 basic + his bonus points)."""
    ante, mult = (10, 2) if rules is None else (rules.ante, rules.discard_multiplier)
    final = ante + 3 + 1 + len(obs.flowers[o]) + (1 if obs.uper[o] else 0)
    vk = value_kinds(o, obs.prevalent)
    final += sum(1 for m in obs.melds[o] if m.tile in vk or m.tile in DRAGONS)
    suits = {suit(m.tile) for m in obs.melds[o]}
    if obs.melds[o] and len(suits - {2}) <= 1:
        final += 3  # a flush is likely
    return float(mult * final)


#: the deal-in table of an opponent nobody can deal in to (the same object every time, so a
#: reader can skip it: `OpponentRead.deal_in` is this)
NO_DEAL_IN: tuple[float, ...] = (0.0,) * 25


def read_opponents(obs: Observation, passed: Sequence[Iterable[int]] | None = None,
                   after_uper: Sequence[Iterable[int]] | None = None, *,
                   use_evidence: bool = True, rules: RuleSet | None = None,
                   calibrate: bool = True) -> list[OpponentRead]:
    """One `OpponentRead` per other seat. `passed[o]` / `after_uper[o]`: kinds discarded since
    o's last draw or claim, and since his uper (tracked from the events by the seat); `rules`:
    the table's rules (ante and discard multiplier of the loss; None = the defaults);
    `calibrate`: the probabilities through `CALIBRATION` (False: as the shapes give them).

    With ``use_evidence=False`` only exact safety and uper count: an uper player is certainly
    ready and every other tile is equally dangerous against him; others are ignored.
    """
    vis = visible_counts(obs)
    unseen = [4 - v for v in vis]
    reads = []
    for o in range(4):
        if o == obs.seat:
            continue
        river = [r.tile for r in obs.rivers[o]]
        # tiles that passed him without a win are no waits of his (or he cannot win on a
        # discard at all now); an honour he cannot hold cannot be his wait
        not_waits = set(passed[o]) if passed else set()
        if after_uper:
            not_waits.update(after_uper[o])
        not_waits.update(k for k in range(18, 25) if unseen[k] <= 0)
        # his river and its stems: he may wait there, but cannot win on them by discard
        safe = exact_safe_kinds(river, stems_of=stem_sources(obs.rivers[o], rules)) | not_waits
        ready = _ready_probability(obs, o)
        if not use_evidence:
            if not obs.uper[o]:
                reads.append(OpponentRead(o, 0.0, frozenset(safe), NO_DEAL_IN,
                                          _loss(obs, o, rules)))
                continue
            live = [k for k in range(25) if k not in safe]
            p = min(0.9, 2.0 / max(1, len(live)))
            table = tuple(0.0 if k in safe else p for k in range(25))
            reads.append(OpponentRead(o, 1.0, frozenset(safe), table, _loss(obs, o, rules)))
            continue
        early = river[:6] if len(river) > 8 else ()
        shapes, kinds = (UPER, WAIT_KINDS_UPER) if obs.uper[o] else (SILENT, WAIT_KINDS_SILENT)
        # the waits of a player who can win on a discard are among the kinds not safe against
        # him; an uper player (ready = 1) may also wait in the stems of his river, sacred:
        # those shapes count in the total with a share (tiles that passed him do not: they
        # are no waits of his)
        full = wait_weights(unseen, not_waits, early, shapes)
        ref = _reference_discard(obs.rivers[o])
        if ref is not None:
            near = NEAR_UPER if obs.uper[o] else NEAR_SILENT
            full = [x * f for x, f in zip(full, _near_factors(near, ref))]
        w = [0.0 if k in safe else x for k, x in enumerate(full)]
        share = SACRED_SHARE_UPER if obs.uper[o] else SACRED_SHARE_SILENT
        sacred_w = sum(full) - sum(w)
        total = sum(w) + share * sacred_w
        knots = (CALIBRATION if calibrate else UNCALIBRATED)["uper" if obs.uper[o] else "silent"]
        table = NO_DEAL_IN if total <= 0 else _calibrated_table(ready * kinds, w, total, knots)
        reads.append(OpponentRead(o, ready, frozenset(safe), table, _loss(obs, o, rules)))
    return reads


def _near_factors(near: dict[str, float], ref: int) -> tuple[float, ...]:
    """Each kind's factor in `near` (`NEAR_SILENT`, `NEAR_UPER`) by how it lies to `ref`
    (kept per table and reference: the tables are constants)."""
    key = (id(near), ref)
    t = _NEAR_FACTORS.get(key)
    if t is None:
        rel = _RELATIONS[ref]
        t = _NEAR_FACTORS[key] = tuple(near.get(rel[k], 1.0) for k in range(25))
    return t


_NEAR_FACTORS: dict[tuple[int, int], tuple[float, ...]] = {}


def _calibrated_table(scale: float, w: Sequence[float], total: float,
                      knots: Sequence[tuple[float, float]]) -> tuple[float, ...]:
    """``calibrated(scale * x / total, knots)`` for each weight `x` of `w`, at most 0.95: the
    same arithmetic as `calibrated`, its knots searched by bisection (a weight 0 is 0 when the
    first knot is the origin, as `CALIBRATION`'s are)."""
    if len(knots) < 2:
        return tuple(p if (p := scale * x / total) < 0.95 else 0.95 for x in w)
    xs = [x for x, _ in knots]
    zero = knots[0] == (0.0, 0.0)
    last = len(xs) - 1
    out = []
    for x in w:
        if not x and zero:
            out.append(0.0)
            continue
        p = scale * x / total
        i = bisect_left(xs, p, 1)
        if i > last:
            x1, y1 = knots[-1]
            v = p * y1 / x1
        else:
            (x0, y0), (x1, y1) = knots[i - 1], knots[i]
            v = y0 + (y1 - y0) * (p - x0) / (x1 - x0)
        out.append(v if v < 0.95 else 0.95)
    return tuple(out)


def deal_in_table(reads: Sequence[OpponentRead]) -> list[float]:
    """Expected points lost by discarding each kind, summed over the opponents."""
    out = [0.0] * 25
    for r in reads:
        for k in range(25):
            out[k] += r.deal_in[k] * r.loss
    return out


_ = EAST
