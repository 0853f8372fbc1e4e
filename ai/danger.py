"""Danger of each discard against each opponent: exact safety first, then the usual evidence.

**Exact safety** (docs/rules.md §5; the engine evaluates SD2 and SD3 before and after uper): a tile
kind cannot be won by opponent ``o`` on a discard when

* it lies in ``o``'s river (SD2: a wait in his own river blocks every discard win), or it is in
  the stem group (1-4-7, 2-5-8, 3-6-9 of one suit) of a suit tile in his river (SD3);
* it was discarded by anyone after his uper and he did not win on it: it is no wait of his, or
  he is now in SD5 and can win no discard at all (his hand is frozen, so this lasts);
* it was discarded since his last draw or claim and he did not win on it (SD1, the same
  reasoning while his hand is unchanged);
* every copy not in his hand is visible and it is an honour (he holds none, and an honour can
  only be waited on as a pair or a single).

Everything else gets a probability from the visible evidence: for suit tiles the shapes that
wait on it (two-sided, edge, closed, pair and single waits) weighted by how many of their tiles
are unseen (no-chance and one-chance walls fall out of this), for honours the unseen copies, a
small discount near his early discards, all scaled by how likely he is ready (uper = certainly)
and whether his open melds can reach 2 basic points at all. Readiness is never zero: in the
first go-around it is `FIRST_GO_AROUND_READY` (a dealt hand can be ready), later at least
`LATER_READY_FLOOR`, so the shape weights make honours and terminals safer than middle tiles
from the first discard on.

>>> from game.engine.tiles import parse_tiles, tile_str
>>> river = parse_tiles("9p1z4m")
>>> safe = exact_safe_kinds(river)
>>> " ".join(tile_str(k) for k in sorted(safe))
'1m 4m 7m 3p 6p 9p 1z'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.observation import Observation
from game.engine.rules import RuleSet
from game.engine.tiles import DRAGONS, EAST, is_suited, rank, stem, suit

from .value import value_kinds

__all__ = [
    "OpponentRead",
    "deal_in_table",
    "exact_safe_kinds",
    "first_go_around",
    "read_opponents",
    "visible_counts",
    "wait_weights",
]

_STEMS = tuple(frozenset(stem(k)) for k in range(25))


def exact_safe_kinds(river: Iterable[int], passed: Iterable[int] = (),
                     after_uper: Iterable[int] = ()) -> frozenset[int]:
    """Kinds the opponent certainly cannot win on by discard (see the module).

    >>> from game.engine.tiles import parse_tiles, format_tiles
    >>> format_tiles(sorted(exact_safe_kinds(parse_tiles("5p"), parse_tiles("7z"))))
    '258p7z'
    """
    out: set[int] = set()
    for k in river:
        out.add(k)
        out.update(_STEMS[k])
    out.update(passed)
    out.update(after_uper)
    return frozenset(out)


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


def wait_weights(unseen: Sequence[int], safe: Iterable[int] = (),
                 early: Iterable[int] = ()) -> list[float]:
    """Relative weight of each kind being one of a ready opponent's waits.

    `unseen[k]` are copies neither in the player's view nor the opponent's melds. A shape
    needs its tiles unseen (in the opponent's hand), so a wall (all four of a neighbour
    visible) kills the shapes through it: no-chance. Kinds in `safe` weigh 0.

    >>> from game.engine.tiles import parse_tile
    >>> u = [4] * 25
    >>> w = wait_weights(u)
    >>> w[parse_tile("5m")] > w[parse_tile("1m")] > w[parse_tile("1z")] > 0
    True
    >>> u[parse_tile("6m")] = 0; u[parse_tile("7m")] = 0  # no 6m or 7m left: 8m has no shape above
    >>> wait_weights(u)[parse_tile("8m")] < w[parse_tile("8m")]
    True
    """
    w = [0.0] * 25
    for base in (0, 9):
        for r in range(9):
            k = base + r
            u = unseen[k]
            x = 0.0
            # two-sided / edge waits through the neighbours (k+1, k+2) and (k-2, k-1)
            if r <= 6:
                x += unseen[k + 1] * unseen[k + 2] * (1.0 if r >= 1 else 0.6)
            if r >= 2:
                x += unseen[k - 1] * unseen[k - 2] * (1.0 if r <= 7 else 0.6)
            # closed wait (k-1, k+1)
            if 1 <= r <= 7:
                x += unseen[k - 1] * unseen[k + 1] * 0.5
            # pair (shanpon) and single waits
            x += u * (u - 1) * 0.35 + u * 0.4
            w[k] = x
    for k in range(18, 25):
        u = unseen[k]
        w[k] = u * (u - 1) * 0.5 + u * 1.0 if u else 0.0
    for k in safe:
        w[k] = 0.0
    for k in early:
        if is_suited(k):
            r = rank(k)
            for d in (-2, -1, 1, 2):
                if 1 <= r + d <= 9:
                    w[k + d] *= 0.85
    return w


@dataclass(frozen=True)
class OpponentRead:
    """What this seat believes about one opponent."""

    seat: int
    ready: float  # probability he is ready (1.0 after uper)
    safe: frozenset[int]  # exactly safe kinds
    deal_in: tuple[float, ...]  # probability that discarding each kind deals in to him
    loss: float  # points lost when dealing in to him (2 x his likely Final)

    @property
    def threat(self) -> float:
        return self.ready * self.loss


#: P(ready) of a silent player in the first go-around (his first draw or the deal: a human or
#: earthly hand, 16 basic points, is ready that early): small, never zero
FIRST_GO_AROUND_READY = 0.01
#: the floor later on, above the first go-around's, so a tile is never rated safer later
LATER_READY_FLOOR = 0.015


def first_go_around(obs: Observation, o: int) -> bool:
    """Is opponent `o` still in the first go-around: at most one discard of his and no meld on
    the table (a claim or kong ends it)?"""
    return len(obs.rivers[o]) <= 1 and not any(obs.melds)


def _ready_probability(obs: Observation, o: int) -> float:
    if obs.uper[o]:
        return 1.0
    n = len(obs.rivers[o])
    opened = sum(1 for m in obs.melds[o] if m.is_open)
    floor = FIRST_GO_AROUND_READY if first_go_around(obs, o) else LATER_READY_FLOOR
    p = min(0.7, max(0.0, 0.035 * (n + 2.5 * opened) - 0.05))
    if opened:
        vk = value_kinds(o, obs.prevalent)
        suits = {suit(m.tile) for m in obs.melds[o]}
        likely_valid = (any(m.tile in vk for m in obs.melds[o]) or len(suits - {2}) <= 1)
        if not likely_valid:
            p *= 0.45  # mixed open melds without a value pung: often a hand that cannot win
    return max(floor, p)


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


def read_opponents(obs: Observation, passed: Sequence[Iterable[int]] | None = None,
                   after_uper: Sequence[Iterable[int]] | None = None, *,
                   use_evidence: bool = True, rules: RuleSet | None = None) -> list[OpponentRead]:
    """One `OpponentRead` per other seat. `passed[o]` / `after_uper[o]`: kinds discarded since
    o's last draw or claim, and since his uper (tracked from the events by the seat); `rules`:
    the table's rules (ante and discard multiplier of the loss; None = the defaults).

    With ``use_evidence=False`` only exact safety and uper count: an uper player is certainly
    ready and every other tile is equally dangerous against him; others are ignored.
    """
    vis = visible_counts(obs)
    reads = []
    for o in range(4):
        if o == obs.seat:
            continue
        river = [r.tile for r in obs.rivers[o]]
        safe = set(exact_safe_kinds(river, passed[o] if passed else (),
                                    after_uper[o] if after_uper else ()))
        unseen = [4 - v for v in vis]
        for k in range(18, 25):
            if unseen[k] <= 0:
                safe.add(k)  # an honour he cannot hold cannot be his wait
        ready = _ready_probability(obs, o)
        if not use_evidence:
            if not obs.uper[o]:
                reads.append(OpponentRead(o, 0.0, frozenset(safe), (0.0,) * 25, _loss(obs, o, rules)))
                continue
            live = [k for k in range(25) if k not in safe]
            p = min(0.9, 2.0 / max(1, len(live)))
            table = tuple(0.0 if k in safe else p for k in range(25))
            reads.append(OpponentRead(o, 1.0, frozenset(safe), table, _loss(obs, o, rules)))
            continue
        early = river[:6] if len(river) > 8 else ()
        w = wait_weights(unseen, safe, early)
        total = sum(w)
        table = ((0.0,) * 25 if total <= 0
                 else tuple(min(0.95, ready * 1.8 * x / total) for x in w))
        reads.append(OpponentRead(o, ready, frozenset(safe), table, _loss(obs, o, rules)))
    return reads


def deal_in_table(reads: Sequence[OpponentRead]) -> list[float]:
    """Expected points lost by discarding each kind, summed over the opponents."""
    out = [0.0] * 25
    for r in reads:
        for k in range(25):
            out[k] += r.deal_in[k] * r.loss
    return out


_ = EAST
