"""Shanten: how many tiles a hand is from ready (0) or complete (-1), and its waits.

Counts are length-25 vectors of playing kinds (see `game.engine.tiles.to_counts`); ``melds`` is
the number of declared melds (pungs and kongs), so the concealed part has ``13 - 3 * melds`` or
``14 - 3 * melds`` tiles. The answer is the lower of the regular shape (pair + sets) and, with
no melds, seven distinct pairs.

>>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
>>> def hand(text): return to_counts(parse_tiles(text))
>>> shanten(hand("123m456m789p11z222z"))  # complete
-1
>>> shanten(hand("1112345678999m"))  # nine gates, ready
0
>>> shanten(hand("159m159p1234567z"))
6
>>> shanten(hand("22m456p77z"), melds=2)  # two declared melds beside these tiles
0
>>> format_tiles(waits(hand("1112345678999m")))
'123456789m'

The numbers agree exactly with ``mahjong`` 2.1.0 (``Shanten.calculate_shanten`` with seven pairs
and without thirteen orphans; tests compare 200,000 random hands), including its classic
corrections for quads, described in `game.engine.hand.tables`. A call is a few dict look-ups:
each suit's count vector maps to one of 263 precomputed classes, and each combination of classes
to its answer, both filled on first use.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from ..errors import ImpossibleHandError
from ..messages import INT, TEXT, TILE, define
from ..tiles import NUM_PLAYING_KINDS, is_suited, rank
from . import tables

# counts that are not a hand, or not a hand of the size asked for
COUNTS_TYPE = define("hand.counts_type",
                     "a hand's counts must be a sequence of 25 ints, not {value}", value=TEXT)
COUNTS_LENGTH = define("hand.counts_length", "a hand's counts must have {need} entries (one per "
                       "playing kind; flowers are never part of a hand's shape), not {n}",
                       need=INT, n=INT)
COPIES_RANGE = define("hand.copies_range",
                      "{value} copies of {tile}: a hand holds 0 to 4 copies of a kind",
                      value=TEXT, tile=TILE)
TOO_MANY_TILES = define("hand.too_many_tiles", "{n} tiles is not a hand (at most 14)", n=INT)
MELD_COUNT = define("hand.meld_count", "{melds} declared melds: a hand has 0 to 4", melds=TEXT)
SIZE = define("hand.size", "{tiles} concealed tiles with {melds} declared meld(s): expected "
              "{want} or {more}", tiles=INT, melds=INT, want=INT, more=INT)
SEVEN_PAIRS_SIZE = define("hand.seven_pairs_size",
                          "seven pairs needs 13 or 14 concealed tiles, not {n}", n=INT)
WAITS_SIZE = define("hand.waits_size",
                    "waits need 3n+1 concealed tiles (1, 4, 7, 10 or 13), not {n}", n=INT)

# A part's entry is one int; the entries of the two suits and the honours add up to a key:
#   bits 0-5 tiles, 6-10 kinds held twice or more, 11-15 kinds held at all,
#   16-24 honour class, 25-33 circles class, 34-42 characters class.
_PAIRS_SHIFT, _KINDS_SHIFT, _H_SHIFT, _P_SHIFT, _M_SHIFT = 6, 11, 16, 25, 34
_FIELD = 31
_KEY_MASK = ~((1 << _H_SHIFT) - (1 << _PAIRS_SHIFT))  # drop the pairs and kinds fields

_M: dict[bytes, int] = {}  # characters count vector -> entry
_P: dict[bytes, int] = {}  # circles count vector -> entry
_H: dict[bytes, int] = {}  # honours count vector -> entry
_FINAL: dict[int, int] = {}  # key (classes + tiles) -> regular shanten
_HONOURS: dict[tables.Honours, int] = {}  # honour part -> honour class
_HONOUR_PARTS: list[tables.Honours] = []

_SUMMARIES: tuple[tuple[tables.Summary, ...], ...] = ()
_TABLE = None

#: declared melds implied by the number of concealed tiles (None: not 3n+1 or 3n+2, <= 14)
_MELDS_OF_SIZE = tuple((14 - n) // 3 if n <= 14 and n % 3 else None for n in range(64))


def load_tables() -> float:
    """Load the precomputed suit tables now (else the first call does); returns seconds taken."""
    import time

    global _SUMMARIES, _TABLE
    t0 = time.perf_counter()
    if _TABLE is None:
        _SUMMARIES, _TABLE = tables.load()
    return time.perf_counter() - t0


def _bad_counts(counts: Sequence[int]) -> ImpossibleHandError:
    try:
        n = len(counts)
    except TypeError:
        return ImpossibleHandError(COUNTS_TYPE(value=repr(counts)))
    if n != NUM_PLAYING_KINDS:
        return ImpossibleHandError(COUNTS_LENGTH(need=NUM_PLAYING_KINDS, n=n))
    for k, x in enumerate(counts):
        if not isinstance(x, int) or not 0 <= x <= 4:
            return ImpossibleHandError(COPIES_RANGE(value=repr(x), tile=k))
    total = sum(counts)
    return ImpossibleHandError(TOO_MANY_TILES(n=total))


_BASE5 = bytes.maketrans(bytes(range(5)), b"01234")


def _counts_fields(key: bytes) -> int:
    """Tiles, kinds held twice or more and kinds held at all of one part, packed."""
    zeros, ones = key.count(0), key.count(1)
    n = len(key)
    return (sum(key) + ((n - zeros - ones) << _PAIRS_SHIFT) + ((n - zeros) << _KINDS_SHIFT))


def _suit_entry(key: bytes, shift: int) -> int:
    if _TABLE is None:
        load_tables()
    # the base-5 index of the vector, first kind lowest: the reversed digits as a base-5 number
    cls = _TABLE[int(key[::-1].translate(_BASE5), 5)]  # type: ignore[index]
    if cls == tables.NO_CLASS:
        raise KeyError(key)
    return (cls << shift) + _counts_fields(key)


def _honour_entry(key: bytes) -> int:
    part = tables.honour_part(key)
    hid = _HONOURS.get(part)
    if hid is None:
        hid = _HONOURS[part] = len(_HONOUR_PARTS)
        _HONOUR_PARTS.append(part)
    return (hid << _H_SHIFT) + _counts_fields(key)


def _normalise(counts: object) -> list[int]:
    """Counts as a list of 25 ints 0-4, or the error saying what is wrong."""
    try:  # int-like counts (e.g. numpy integers) become plain ints
        out = [operator.index(x) for x in counts]  # type: ignore[attr-defined]
    except TypeError:
        raise _bad_counts(counts) from None  # type: ignore[arg-type]
    if len(out) != NUM_PLAYING_KINDS or not all(0 <= x <= 4 for x in out):
        raise _bad_counts(out)
    return out


def _entries(counts: Sequence[int]) -> int:
    """The summed entry of a hand, filling the caches; validates the counts."""
    if type(counts) not in (list, tuple) or len(counts) != NUM_PLAYING_KINDS:
        counts = _normalise(counts)
    try:
        km, kp, kh = bytes(counts[0:9]), bytes(counts[9:18]), bytes(counts[18:25])
    except (TypeError, ValueError):  # not ints, or below 0 / above 255
        counts = _normalise(counts)
        km, kp, kh = bytes(counts[0:9]), bytes(counts[9:18]), bytes(counts[18:25])
    if max(km) > 4 or max(kp) > 4 or max(kh) > 4:
        raise _bad_counts(counts)
    try:
        m = _M.get(km)
        if m is None:
            m = _M[km] = _suit_entry(km, _M_SHIFT)
        p = _P.get(kp)
        if p is None:
            p = _P[kp] = _suit_entry(kp, _P_SHIFT)
    except KeyError:  # a suit with more than 14 tiles
        raise _bad_counts(counts) from None
    h = _H.get(kh)
    if h is None:
        h = _H[kh] = _honour_entry(kh)
    return m + p + h


def _final(key: int) -> int:
    tiles = key & 63
    m = _SUMMARIES[(key >> _M_SHIFT) & 511]
    p = _SUMMARIES[(key >> _P_SHIFT) & 511]
    h = _HONOUR_PARTS[(key >> _H_SHIFT) & 511]
    r = _FINAL[key] = tables.regular_shanten((m, p), h, tiles)
    return r


def _size_error(tiles: int, melds: int) -> ImpossibleHandError:
    if not isinstance(melds, int) or not 0 <= melds <= 4:
        return ImpossibleHandError(MELD_COUNT(melds=repr(melds)))
    want = 13 - 3 * melds
    return ImpossibleHandError(SIZE(tiles=tiles, melds=melds, want=want, more=want + 1))


def shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of the concealed counts beside ``melds`` declared melds: -1 complete, 0 ready.

    The lower of `shanten_regular` and (with no melds) `shanten_seven_pairs`.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> shanten(to_counts(parse_tiles("11223344m556677p")))  # seven pairs or regular
    -1
    >>> shanten(to_counts(parse_tiles("1111m2233p445566z")))  # 1111m is not two pairs
    1
    """
    try:
        tot = _M[bytes(counts[0:9])] + _P[bytes(counts[9:18])] + _H[bytes(counts[18:25])]
        if len(counts) != 25:
            raise KeyError
    except (KeyError, TypeError, ValueError):
        tot = _entries(counts)
    tiles = tot & 63
    if _MELDS_OF_SIZE[tiles] != melds:
        raise _size_error(tiles, melds)
    key = tot & _KEY_MASK
    r = _FINAL.get(key)
    if r is None:
        r = _final(key)
    if tiles >= 13:
        pairs = (tot >> _PAIRS_SHIFT) & _FIELD
        if pairs == 7:
            return -1
        kinds = (tot >> _KINDS_SHIFT) & _FIELD
        sp = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if sp < r:
            return sp
    return r


def shanten_regular(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten towards a pair plus sets only.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> shanten_regular(to_counts(parse_tiles("1199m1199p115577z")))  # seven pairs: -1
    3
    """
    tot = _entries(counts)
    tiles = tot & 63
    if _MELDS_OF_SIZE[tiles] != melds:
        raise _size_error(tiles, melds)
    key = tot & _KEY_MASK
    r = _FINAL.get(key)
    return _final(key) if r is None else r


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """Shanten towards seven distinct pairs (13 or 14 concealed tiles, no melds).

    A kind held three or four times gives one pair only, and seven pairs need seven kinds.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> shanten_seven_pairs(to_counts(parse_tiles("1111m2233p445566z")))
    1
    >>> shanten_seven_pairs(to_counts(parse_tiles("1122m3344p556677z")))
    -1
    """
    tot = _entries(counts)
    tiles = tot & 63
    if tiles not in (13, 14):
        raise ImpossibleHandError(SEVEN_PAIRS_SIZE(n=tiles))
    pairs = (tot >> _PAIRS_SHIFT) & _FIELD
    if pairs == 7:
        return -1
    kinds = (tot >> _KINDS_SHIFT) & _FIELD
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


#: the suit tiles one or two steps from each kind, in its suit (none for an honour)
_NEIGHBOURS = tuple(tuple(k + d for d in (-2, -1, 1, 2) if 1 <= rank(k) + d <= 9)
                    if is_suited(k) else () for k in range(NUM_PLAYING_KINDS))


def candidates(counts: Sequence[int]) -> list[int]:
    """Kinds that could change the hand's shape when drawn: held, or within 2 of a held suit tile.

    Any other tile stays isolated in every reading, so it never completes a hand.

    >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
    >>> format_tiles(candidates(to_counts(parse_tiles("19m5z"))))
    '123789m5z'
    """
    out = []
    for k in range(NUM_PLAYING_KINDS):
        if counts[k] or any(counts[j] for j in _NEIGHBOURS[k]):
            out.append(k)
    return out


def waits(counts: Sequence[int], melds: int | None = None) -> tuple[int, ...]:
    """Kinds that complete a ``3n + 1``-tile concealed part, by shape (regular or seven pairs).

    A kind the hand holds four times is not a wait. ``melds`` defaults to what the size implies.

    >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
    >>> format_tiles(waits(to_counts(parse_tiles("112233m445566p7z"))))  # seven pairs, single wait
    '7z'
    >>> waits(to_counts(parse_tiles("123m456p789p1111z")))  # the fifth East does not exist
    ()
    """
    tiles = _entries(counts) & 63
    implied = _MELDS_OF_SIZE[tiles]
    if tiles % 3 != 1 or implied is None:
        raise ImpossibleHandError(WAITS_SIZE(n=tiles))
    if melds is None:
        melds = implied
    if shanten(counts, melds) != 0:
        return ()
    c = list(counts)
    out = []
    for k in candidates(c):
        if c[k] >= 4:
            continue
        c[k] += 1
        if shanten(c, melds) == -1:
            out.append(k)
        c[k] -= 1
    return tuple(out)


def is_complete(counts: Sequence[int]) -> bool:
    """Whether a ``3n + 2``-tile concealed part is a winning shape (melds implied by the size).

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> is_complete(to_counts(parse_tiles("1122m3344p5566z77z"))), is_complete(to_counts(parse_tiles("11m")))
    (True, True)
    >>> is_complete(to_counts(parse_tiles("1112m")))
    False
    """
    tiles = _entries(counts) & 63
    melds = _MELDS_OF_SIZE[tiles]
    if tiles % 3 != 2 or melds is None:
        return False
    return shanten(counts, melds) == -1


def ready_discards(counts: Sequence[int]) -> tuple[int, ...]:
    """Kinds whose discard leaves a ``3n + 2``-tile concealed part ready (some tile completes it).

    >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
    >>> format_tiles(ready_discards(to_counts(parse_tiles("123m456m789p11z22z5z"))))
    '5z'
    """
    tiles = _entries(counts) & 63
    melds = _MELDS_OF_SIZE[tiles]
    if tiles % 3 != 2 or melds is None or shanten(counts, melds) > 0:
        return ()  # a hand one step from ready or worse cannot be ready after one discard
    c = list(counts)
    out = []
    for k in range(25):
        if c[k]:
            c[k] -= 1
            if waits(c, melds):
                out.append(k)
            c[k] += 1
    return tuple(out)
