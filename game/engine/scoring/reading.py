"""One reading of a winning hand: a decomposition together with the melds and the win situation.

Yak tests (`game.engine.scoring.yak`) look only at a `Reading`, so each is a one-line question.

>>> from game.engine.tiles import parse_tiles, parse_tile, to_counts
>>> from game.engine.hand.decompose import decompositions
>>> from game.engine.rules import RuleSet
>>> ctx = WinContext(concealed=tuple(parse_tiles("111m234m234p99p789p")), win_tile=parse_tile("8p"),
...                  self_draw=False, discarder=1)
>>> r = Reading.build(ctx, RuleSet(), decompositions(to_counts(ctx.concealed))[0])
>>> r.concealed_pungs, r.sequences, r.pungs
(1, 3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..hand.decompose import PUNG, SEQ, Decomposition, set_tiles
from ..rules import RuleSet
from ..tiles import NUM_PLAYING_KINDS, is_dragon, is_honour, is_suited, is_wind, suit, wind_of_seat
from .context import WinContext


@dataclass(frozen=True, slots=True)
class SetInfo:
    """One of the four sets of a regular hand, concealed part or meld."""

    type: str  # SEQ or PUNG (a kong is a PUNG with kong=True)
    tile: int  # lowest kind
    concealed: bool  # counts toward three/four concealed pungs
    kong: bool = False
    meld: bool = False

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kong:
            return (self.tile,) * 4
        return set_tiles((self.type, self.tile))


#: the concealed part's sets made so far (a set is an immutable value, and the same few
#: hundred come back in every reading): (type, tile, concealed) -> SetInfo
_SETS: dict[tuple[str, int, bool], SetInfo] = {}


@dataclass(frozen=True)
class Reading:
    ctx: WinContext
    rules: RuleSet
    decomposition: Decomposition
    sets: tuple[SetInfo, ...]
    counts: tuple[int, ...]  # every tile of the final hand, kongs as four

    @classmethod
    def build(cls, ctx: WinContext, rules: RuleSet, d: Decomposition) -> Reading:
        win = ctx.win_tile
        # A discard completing a pung makes it not concealed - unless the winning tile can be
        # read as completing a sequence or the pair of this same reading (the better reading).
        elsewhere = d.pair == win or any(t == SEQ and s <= win <= s + 2 and is_suited(win)
                                         for t, s in d.sets)
        sets: list[SetInfo] = []
        for t, s in d.sets:
            concealed = t == PUNG and not (not ctx.self_draw and s == win and not elsewhere)
            info = _SETS.get((t, s, concealed))
            if info is None:
                info = _SETS[(t, s, concealed)] = SetInfo(t, s, concealed)
            sets.append(info)
        for m in ctx.melds:
            sets.append(SetInfo(PUNG, m.tile, concealed=not m.is_open, kong=m.is_kong, meld=True))
        counts = [0] * NUM_PLAYING_KINDS
        for k in ctx.concealed:
            counts[k] += 1
        for m in ctx.melds:
            counts[m.tile] += m.size
        r = cls(ctx, rules, d, tuple(sets), tuple(counts))
        # the facts every yak test reads, worked out at once: an instance value is found before
        # the cached property (which stays the definition, and the fallback for a reading made
        # by its constructor); the scorer reads them thirty-odd times per reading
        pungs = sequences = concealed_pungs = dragon_pungs = wind_pungs = 0
        for st in sets:
            if st.type == PUNG:
                pungs += 1
                concealed_pungs += st.concealed
                dragon_pungs += is_dragon(st.tile)
                wind_pungs += is_wind(st.tile)
            elif st.type == SEQ:
                sequences += 1
        kinds = tuple(k for k, c in enumerate(counts) if c)
        p = ctx.prevalent
        r.__dict__.update(
            pungs=pungs, sequences=sequences, concealed_pungs=concealed_pungs,
            dragon_pungs=dragon_pungs, wind_pungs=wind_pungs, kinds=kinds,
            suits=frozenset(suit(k) for k in kinds if is_suited(k)),
            has_honour=any(is_honour(k) for k in kinds), seat_wind=wind_of_seat(ctx.seat),
            prevalent_wind=None if p is None else wind_of_seat(p))
        return r

    # --- small facts the yak tests share -------------------------------------------------------
    @property
    def is_seven_pairs(self) -> bool:
        return self.decomposition.is_seven_pairs

    @property
    def pair(self) -> int | None:
        return self.decomposition.pair

    @cached_property
    def pungs(self) -> int:
        return sum(1 for s in self.sets if s.type == PUNG)

    @cached_property
    def sequences(self) -> int:
        return sum(1 for s in self.sets if s.type == SEQ)

    @cached_property
    def concealed_pungs(self) -> int:
        return sum(1 for s in self.sets if s.type == PUNG and s.concealed)

    def pung_of(self, kind: int) -> bool:
        return any(s.type == PUNG and s.tile == kind for s in self.sets)

    @cached_property
    def dragon_pungs(self) -> int:
        return sum(1 for s in self.sets if s.type == PUNG and is_dragon(s.tile))

    @cached_property
    def wind_pungs(self) -> int:
        return sum(1 for s in self.sets if s.type == PUNG and is_wind(s.tile))

    @cached_property
    def kinds(self) -> tuple[int, ...]:
        """Every kind present in the final hand."""
        return tuple(k for k, c in enumerate(self.counts) if c)

    @cached_property
    def suits(self) -> frozenset[int]:
        """The suits present: 0 characters, 1 circles."""
        return frozenset(suit(k) for k in self.kinds if is_suited(k))

    @cached_property
    def has_honour(self) -> bool:
        return any(is_honour(k) for k in self.kinds)

    @cached_property
    def seat_wind(self) -> int:
        return wind_of_seat(self.ctx.seat)

    @cached_property
    def prevalent_wind(self) -> int | None:
        p = self.ctx.prevalent
        return None if p is None else wind_of_seat(p)

    def is_value_pair(self) -> bool:
        """A pair that would score as a set: a dragon, the seat wind or the prevalent wind."""
        p = self.pair
        return p is not None and (is_dragon(p) or p == self.seat_wind or p == self.prevalent_wind)

    def groups(self) -> tuple[tuple[int, ...], ...]:
        out = sorted((s.tiles for s in self.sets), key=lambda g: (g[0], len(g)))
        d = self.decomposition
        if d.pair is None:
            out.extend((k, k) for k in d.pairs)
        else:
            out.append((d.pair, d.pair))
        return tuple(out)
