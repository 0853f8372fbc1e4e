"""Every way to read a complete hand as pair + sets, or as seven pairs.

Scoring needs all readings, not just "is it complete": ``111222333m`` is three pungs or three
sequences, and the best-scoring reading wins (docs/rules.md §8.1). Works on count vectors of the
*concealed* tiles (25 playing kinds); melds stand aside and are added by the scorer.

>>> from game.engine.tiles import parse_tiles, to_counts
>>> [d.describe() for d in decompositions(to_counts(parse_tiles("111222333m789p55z")))]
['111m 222m 333m 789p 55z', '123m 123m 123m 789p 55z']
>>> [d.describe() for d in decompositions(to_counts(parse_tiles("1122m3344p5566z77z")))]
['11m 22m 33p 44p 55z 66z 77z']
>>> decompositions(to_counts(parse_tiles("1111m2233p445566z")))  # four alike are not two pairs
()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..tiles import NUM_PLAYING_KINDS, SEQUENCE_STARTS, format_tiles

SEQ = "seq"
PUNG = "pung"


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of the concealed tiles.

    `sets` are ``(SEQ, lowest kind)`` or ``(PUNG, kind)``, sorted; `pair` is the pair's kind, or
    None for seven pairs, whose kinds are in `pairs`.
    """

    pair: int | None
    sets: tuple[tuple[str, int], ...] = ()
    pairs: tuple[int, ...] = ()

    @property
    def is_seven_pairs(self) -> bool:
        return self.pair is None

    def groups(self) -> tuple[tuple[int, ...], ...]:
        """The groups as tuples of kinds (sets first, then the pair or pairs).

        >>> Decomposition(4, ((SEQ, 0), (PUNG, 9))).groups()
        ((0, 1, 2), (9, 9, 9), (4, 4))
        """
        out = [set_tiles(s) for s in sorted(self.sets, key=lambda s: (s[1], s[0]))]
        if self.pair is None:
            out.extend((k, k) for k in self.pairs)
        else:
            out.append((self.pair, self.pair))
        return tuple(out)

    def describe(self) -> str:
        return " ".join(format_tiles(g) for g in self.groups())


def set_tiles(s: tuple[str, int]) -> tuple[int, ...]:
    """The kinds of one set.

    >>> set_tiles((SEQ, 3)), set_tiles((PUNG, 20))
    ((3, 4, 5), (20, 20, 20))
    """
    kind, k = s
    return (k, k + 1, k + 2) if kind == SEQ else (k, k, k)


def _split_sets(c: list[int], i: int, acc: list[tuple[str, int]], out: set) -> None:
    while i < NUM_PLAYING_KINDS and c[i] == 0:
        i += 1
    if i >= NUM_PLAYING_KINDS:
        out.add(tuple(sorted(acc)))
        return
    if c[i] >= 3:
        c[i] -= 3
        acc.append((PUNG, i))
        _split_sets(c, i, acc, out)
        acc.pop()
        c[i] += 3
    if SEQUENCE_STARTS[i] and c[i + 1] and c[i + 2]:
        for j in (i, i + 1, i + 2):
            c[j] -= 1
        acc.append((SEQ, i))
        _split_sets(c, i, acc, out)
        acc.pop()
        for j in (i, i + 1, i + 2):
            c[j] += 1


def decompositions(counts: Sequence[int]) -> tuple[Decomposition, ...]:
    """All distinct readings of the concealed counts as pair + sets, then seven pairs.

    The concealed part of a hand with ``n`` melds has ``14 - 3n`` tiles; any ``3m + 2`` tiles are
    accepted here. Seven pairs needs exactly 14 tiles and seven different kinds.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> [d.describe() for d in decompositions(to_counts(parse_tiles("22334455m")))]
    ['345m 345m 22m', '234m 234m 55m']
    >>> decompositions(to_counts(parse_tiles("123m")))
    ()
    """
    c = tuple(counts)
    if len(c) != 25:
        raise ValueError(f"expected 25 counts, got {len(c)}")
    return _decompositions(c)


@lru_cache(maxsize=4096)  # a wait is scored by self-draw and by discard: the same readings
def _decompositions(counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
    c = list(counts)
    total = sum(c)
    out: list[Decomposition] = []
    if total % 3 == 2:
        for k in range(25):
            if c[k] >= 2:
                c[k] -= 2
                found: set = set()
                _split_sets(c, 0, [], found)
                c[k] += 2
                out.extend(Decomposition(k, sets) for sets in sorted(found))
    if total == 14 and sum(1 for x in c if x == 2) == 7:
        out.append(Decomposition(None, (), tuple(k for k in range(25) if c[k] == 2)))
    return tuple(out)
