"""Cached winning-shape tests for the table's hot loop (same answers as `hand.shape`).

Each suit's nine counts are looked up in a cache of "sets only / sets plus one pair" verdicts,
so the claim check on every discard costs a few dictionary look-ups.

>>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
>>> format_tiles(waits(to_counts(parse_tiles("1112345678999m"))))
'123456789m'
>>> complete(to_counts(parse_tiles("1122m3344p5566z77z")))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

_SETS = 1  # the part splits into sets only
_PAIR = 2  # the part splits into sets plus exactly one pair


def _sets_only(c: list[int], i: int) -> bool:
    while i < 9 and c[i] == 0:
        i += 1
    if i >= 9:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, i)
        c[i] += 3
        if ok:
            return True
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


@lru_cache(maxsize=1 << 16)
def suit_status(counts: tuple[int, ...]) -> int:
    """Bit set of `_SETS` / `_PAIR` for the nine counts of one suit.

    >>> suit_status((1, 1, 1, 0, 0, 0, 0, 0, 0)), suit_status((2, 0, 0, 0, 0, 0, 0, 0, 0))
    (1, 2)
    """
    n = sum(counts)
    c = list(counts)
    if n % 3 == 0:
        return _SETS if _sets_only(c, 0) else 0
    if n % 3 == 2:
        for k in range(9):
            if c[k] >= 2:
                c[k] -= 2
                ok = _sets_only(c, 0)
                c[k] += 2
                if ok:
                    return _PAIR
    return 0


def _honour_status(c: Sequence[int]) -> int:
    pairs = 0
    for x in c:
        if x == 2:
            pairs += 1
        elif x == 1 or x == 4:
            return 0
    if pairs == 0:
        return _SETS
    return _PAIR if pairs == 1 else 0


def _regular(sm: int, sp: int, sh: int) -> bool:
    if not (sm and sp and sh):
        return False
    return (sm | sp | sh) == 3 and [sm, sp, sh].count(_PAIR) == 1


def complete(counts: Sequence[int]) -> bool:
    """Whether 3n+2 concealed tiles form a winning shape (pair + sets, or seven pairs)."""
    sm = suit_status(tuple(counts[0:9]))
    sp = suit_status(tuple(counts[9:18]))
    sh = _honour_status(counts[18:25])
    if _regular(sm, sp, sh):
        return True
    return sum(counts) == 14 and sum(1 for x in counts if x == 2) == 7


def waits(counts: Sequence[int]) -> tuple[int, ...]:
    """Kinds completing 3n+1 concealed tiles (a kind held four times is not a wait)."""
    parts = [tuple(counts[0:9]), tuple(counts[9:18])]
    hon = list(counts[18:25])
    st = [suit_status(parts[0]), suit_status(parts[1]), _honour_status(hon)]
    out: list[int] = []
    for x in range(3):
        others = [st[y] for y in range(3) if y != x]
        if not (others[0] and others[1]) or others.count(_PAIR) > 1:
            continue
        need = _SETS if _PAIR in others else _PAIR
        if x < 2:
            base = x * 9
            part = list(parts[x])
            for r in range(9):
                if part[r] >= 4:
                    continue
                part[r] += 1
                s = suit_status(tuple(part))
                part[r] -= 1
                if s & need:
                    out.append(base + r)
        else:
            for r in range(7):
                if hon[r] >= 4:
                    continue
                hon[r] += 1
                s = _honour_status(hon)
                hon[r] -= 1
                if s & need:
                    out.append(18 + r)
    if sum(counts) == 13:
        singles = [k for k in range(25) if counts[k] == 1]
        if len(singles) == 1 and sum(1 for x in counts if x == 2) == 6 and singles[0] not in out:
            out.append(singles[0])
            out.sort()
    return tuple(out)


def ready_discards(counts: Sequence[int]) -> tuple[int, ...]:
    """Kinds whose discard leaves 3n+2 concealed tiles ready (some tile completes them).

    >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
    >>> format_tiles(ready_discards(to_counts(parse_tiles("123m456m789p11z22z5z"))))
    '5z'
    """
    c = list(counts)
    st = [suit_status(tuple(c[0:9])), suit_status(tuple(c[9:18])), _honour_status(c[18:25])]
    pairs = 25 - c.count(0) - c.count(1)
    zeros = st.count(0)
    out = []
    for k in range(25):
        if not c[k]:
            continue
        if pairs < 5 and zeros - (st[0 if k < 9 else (1 if k < 18 else 2)] == 0) >= 2:
            continue
        c[k] -= 1
        if waits(c):
            out.append(k)
        c[k] += 1
    return tuple(out)
