"""Winning-shape tests on count vectors (25 playing kinds). Correct first; `shanten` is the fast path.

A complete concealed part of a hand with `n` melds has ``14 - 3n`` tiles and is a pair plus
``4 - n`` sets (pung or suited sequence), or - with no melds - seven distinct pairs
(four identical tiles are not two pairs).

>>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
>>> is_complete(to_counts(parse_tiles("123m456m789p11z222z")))
True
>>> is_complete(to_counts(parse_tiles("1122m3344p5566z77z")))
True
>>> is_complete(to_counts(parse_tiles("1111m2233p445566z")))  # 1111m is not two pairs
False
>>> format_tiles(waits(to_counts(parse_tiles("1112345678999m"))))
'123456789m'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import NUM_PLAYING_KINDS, SEQUENCE_STARTS


def _sets_only(c: list[int], i: int) -> bool:
    """Can counts c[i:] be split into pungs and suited sequences entirely? (c is mutated and restored)"""
    while i < NUM_PLAYING_KINDS and c[i] == 0:
        i += 1
    if i >= NUM_PLAYING_KINDS:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, i)
        c[i] += 3
        if ok:
            return True
    if SEQUENCE_STARTS[i] and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def is_regular_complete(counts: Sequence[int]) -> bool:
    """Pair + sets (any number of sets, as melds may stand beside it)."""
    total = sum(counts)
    if total % 3 != 2:
        return False
    c = list(counts)
    for k in range(25):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets_only(c, 0)
            c[k] += 2
            if ok:
                return True
    return False


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven different pairs (14 tiles)."""
    return sum(1 for x in counts if x == 2) == 7


def is_complete(counts: Sequence[int]) -> bool:
    """Whether the concealed tiles form a winning shape (melds stand aside)."""
    return is_regular_complete(counts) or (sum(counts) == 14 and is_seven_pairs(counts))


def waits(counts: Sequence[int]) -> tuple[int, ...]:
    """Tile kinds that complete a hand of ``3n + 1`` concealed tiles, by shape.

    A kind of which the hand already holds all four copies is not a wait.

    >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
    >>> waits(to_counts(parse_tiles("123m456p789p1111z")))  # the fourth East is the only hope
    ()
    >>> format_tiles(waits(to_counts(parse_tiles("111m234p567p999p5z"))))
    '5z'
    """
    c = list(counts)
    out = []
    for k in range(25):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_complete(c):
            out.append(k)
        c[k] -= 1
    return tuple(out)
