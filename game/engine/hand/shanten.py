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
corrections for quads, described in `game.engine.hand.tables`.

A call is four dict look-ups: the counts become one 25-byte key, whose slices find the entries
of the characters, the circles and the honours (each suit's vector is one of 263 precomputed
classes; `load_tables` enters every suit of up to `PREFILL_TILES` tiles, the rest and the honours
are filled on first use), and the entries' sum with the declared melds finds the answer (seven
pairs and the size check included; a miss checks the size, then computes and stores it).
Each part's vector also keeps its transitions, filled on first use: the entries after adding one
tile of each kind, and the vectors after removing one. `waits`, `ready_discards`, `is_complete`
and `game.engine.hand.acceptance` walk those, adding and removing tiles without rebuilding a hand;
`HandShape` keeps a hand that way for loops over draws and discards. The transitions and the
results are emptied when they grow past a bound (`_TRANSITIONS_CAP`, `_RES_CAP`) and refill.
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

# A part's entry is one int; the entries of the two suits and the honours add up to a hand's sum:
#   bits 0-5 tiles, 6-10 kinds held twice or more, 11-15 kinds held at all,
#   16-24 honour class, 25-33 circles class, 34-42 characters class;
# a result's key is that sum plus the declared melds in bits 43-45.
_PAIRS_SHIFT, _KINDS_SHIFT, _H_SHIFT, _P_SHIFT, _M_SHIFT = 6, 11, 16, 25, 34
_MELDS_SHIFT = 43
_FIELD = 31
_KEY_MASK = ~((1 << _H_SHIFT) - (1 << _PAIRS_SHIFT))  # drop the pairs and kinds fields
_SUM_MASK = (1 << _MELDS_SHIFT) - 1

_M: dict[bytes, int] = {}  # characters count vector -> entry
_P: dict[bytes, int] = {}  # circles count vector -> entry
_H: dict[bytes, int] = {}  # honours count vector -> entry
_FINAL: dict[int, int] = {}  # sum without the pairs and kinds fields -> regular shanten
_CANON: dict[int, int] = {}  # (context, lower suit class, higher) -> regular shanten
_CONTEXTS: dict[int, tuple[int, int, int, int, int]] = {}  # honour class, tiles -> `_context`
_CONTEXT_IDS: dict[tuple[int, int, int, int], int] = {}
_RES: dict[int, int] = {}  # result key (sum + melds) -> shanten, for right-sized hands only
# A part's transitions, filled on first use: its vector -> (kind, entry) after adding one tile of
# each kind that can be added (of those near a held tile: `_near`), and -> the vectors after
# removing one (None: not held)
_ADDS: tuple[dict[bytes, tuple[tuple[int, int], ...]], ...] = ({}, {}, {})
_NEAR: tuple[dict[bytes, tuple[tuple[int, int], ...]], ...] = ({}, {}, {})
_REMS: dict[bytes, tuple[bytes | None, ...]] = {}
_HONOURS: dict[tables.Honours, int] = {}  # honour part -> honour class
_HONOUR_PARTS: list[tables.Honours] = []
#: a transitions cache or `_RES` holding this many entries is emptied before the next one is
#: stored (they refill on use): a long run over random hands would otherwise keep growing
#: (about 1 kB per vector with its transitions)
_TRANSITIONS_CAP = 1 << 16
_RES_CAP = 1 << 18

_SUMMARIES: tuple[tuple[tables.Summary, ...], ...] = ()
_TABLE = None

#: declared melds implied by the number of concealed tiles (None: not 3n+1 or 3n+2, <= 14)
_MELDS_OF_SIZE = tuple((14 - n) // 3 if n <= 14 and n % 3 else None for n in range(64))
#: the part (0 characters, 1 circles, 2 honours) of each kind, and the part's first kind
_PART_OF = (0,) * 9 + (1,) * 9 + (2,) * 7
_PART_BASE = (0, 9, 18)


#: suit vectors of at most this many tiles get their entries when the tables load (22,330 of
#: them, about 30 ms): a hand is then rarely new to the caches, even the first time it is seen
PREFILL_TILES = 8


def load_tables() -> float:
    """Load the precomputed suit tables now (else the first call does); returns seconds taken.

    Besides decompressing the class of every suit vector, this fills the suit caches for the
    vectors of up to `PREFILL_TILES` tiles; larger ones are filled on first use.
    """
    import time

    global _SUMMARIES, _TABLE
    t0 = time.perf_counter()
    if _TABLE is None:
        _SUMMARIES, _TABLE = tables.load()
        _prefill(PREFILL_TILES)
    return time.perf_counter() - t0


def _prefill(most: int) -> None:
    """Enter every suit vector of at most ``most`` tiles into `_M` and `_P`.

    The vectors are built kind by kind with their base-5 index and count fields, so no vector
    is counted twice (a cache miss counts its own).
    """
    table = _TABLE
    assert table is not None
    level = [(b"", 0, 0, 1)]  # (vector so far, base-5 index, count fields, next digit's weight)
    for _ in range(9):
        nxt = []
        for key, index, fields, weight in level:
            tiles = fields & 63
            for x in range(min(4, most - tiles) + 1):
                nxt.append((key + _BYTE[x], index + x * weight,
                            fields + _DIGIT_FIELDS[x], weight * 5))
        level = nxt
    for key, index, fields, _w in level:
        cls = table[index]
        _M[key] = (cls << _M_SHIFT) + fields
        _P[key] = (cls << _P_SHIFT) + fields


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
_BYTE = tuple(bytes((x,)) for x in range(6))
#: the count fields one kind held x times adds to its part's entry
_DIGIT_FIELDS = tuple(x + ((x >= 2) << _PAIRS_SHIFT) + ((x >= 1) << _KINDS_SHIFT) for x in range(5))


def _counts_fields(key: bytes) -> int:
    """Tiles, kinds held twice or more and kinds held at all of one part, packed."""
    zeros, ones = key.count(0), key.count(1)
    n = len(key)
    return (sum(key) + ((n - zeros - ones) << _PAIRS_SHIFT) + ((n - zeros) << _KINDS_SHIFT))


def _suit_entry(key: bytes, shift: int) -> int:
    """A suit vector's entry; KeyError for more than 14 tiles."""
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


def _entry(part: int, key: bytes) -> int:
    """The entry of one part's vector (0-4 copies each), cached; KeyError for a suit of 15+."""
    cache = (_M, _P, _H)[part]
    e = cache.get(key)
    if e is None:
        e = cache[key] = _honour_entry(key) if part == 2 else \
            _suit_entry(key, _M_SHIFT if part == 0 else _P_SHIFT)
    return e


def _transitions(part: int, key: bytes, near: bool) -> tuple[tuple[int, int], ...]:
    """(kind in the part, entry) of ``key`` plus one tile of each kind that can be added; with
    ``near``, of the kinds held or (in a suit) within two of a held kind only."""
    out = []
    for i, x in enumerate(key):
        if x < 4 and (not near or (x if part == 2 else any(key[max(0, i - 2):i + 3]))):
            try:
                out.append((i, _entry(part, key[:i] + _BYTE[x + 1] + key[i + 1:])))
            except KeyError:  # a suit of 15 tiles is no part of a hand
                pass
    cache = (_NEAR if near else _ADDS)[part]
    if len(cache) >= _TRANSITIONS_CAP:
        cache.clear()
    t = cache[key] = tuple(out)
    return t


def _adds(part: int, key: bytes) -> tuple[tuple[int, int], ...]:
    """(kind in the part, entry) of ``key`` plus one tile of each kind that can be added."""
    t = _ADDS[part].get(key)
    return _transitions(part, key, False) if t is None else t


def _near(part: int, key: bytes) -> tuple[tuple[int, int], ...]:
    """`_adds` for the kinds held or (in a suit) within two of a held kind only.

    Any other tile stays isolated in every reading, so it changes the shanten only through
    the quads' correction (a hand holding four of a kind) or seven pairs' count of kinds
    (fewer than seven); without those, these are all the draws that can lower it."""
    t = _NEAR[part].get(key)
    return _transitions(part, key, True) if t is None else t


def near_enough(b: bytes, tot: int, kinds_needed: int) -> bool:
    """Whether only draws near held tiles (`_near`) can lower the shanten of the hand ``b``
    (sum ``tot``): no four of a kind, and seven pairs (13 concealed tiles) already has
    ``kinds_needed`` kinds or does not apply. Else even a lone new tile can help (1111m + 9p
    waits on 9p; 11122m3344p5566z + any new kind is a step nearer seven pairs)."""
    return 4 not in b and (tot & 63 < 13 or (tot >> _KINDS_SHIFT) & _FIELD >= kinds_needed)


def _rems(key: bytes) -> tuple[bytes | None, ...]:
    """Vectors of ``key`` less one tile of each kind (None: not held)."""
    t = _REMS.get(key)
    if t is None:
        if len(_REMS) >= _TRANSITIONS_CAP:
            _REMS.clear()
        t = _REMS[key] = tuple(key[:i] + _BYTE[x - 1] + key[i + 1:] if x else None
                               for i, x in enumerate(key))
    return t


def _normalise(counts: object) -> list[int]:
    """Counts as a list of 25 ints 0-4, or the error saying what is wrong."""
    if isinstance(counts, int):  # bytes(25) would read as 25 zero counts
        raise _bad_counts(counts)  # type: ignore[arg-type]
    try:  # int-like counts (e.g. numpy integers) become plain ints
        out = [operator.index(x) for x in counts]  # type: ignore[attr-defined]
    except TypeError:
        raise _bad_counts(counts) from None  # type: ignore[arg-type]
    if len(out) != NUM_PLAYING_KINDS or not all(0 <= x <= 4 for x in out):
        raise _bad_counts(out)
    return out


def _parts_slow(counts: Sequence[int]) -> tuple[bytes, int]:
    """`_parts` when a part is new or the counts are not plain: validates and fills the caches."""
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        b = b""
    if len(b) != NUM_PLAYING_KINDS or isinstance(counts, int) or max(b) > 4:
        b = bytes(_normalise(counts))  # raises, or makes plain ints of int-likes (numpy)
    km, kp, kh = b[:9], b[9:18], b[18:]
    try:
        m = _M.get(km)
        if m is None:
            m = _M[km] = _suit_entry(km, _M_SHIFT)
        p = _P.get(kp)
        if p is None:
            p = _P[kp] = _suit_entry(kp, _P_SHIFT)
    except KeyError:  # a suit with more than 14 tiles
        raise _bad_counts(list(b)) from None
    h = _H.get(kh)
    if h is None:
        h = _H[kh] = _honour_entry(kh)
    return b, m + p + h


def _parts(counts: Sequence[int]) -> tuple[bytes, int]:
    """The counts as 25 bytes and the summed entry of their parts; validates the counts."""
    try:
        b = bytes(counts)
        return b, _M[b[:9]] + _P[b[9:18]] + _H[b[18:]]  # only 25 bytes find all three
    except (KeyError, TypeError, ValueError):
        return _parts_slow(counts)


def _entries(counts: Sequence[int]) -> int:
    """The summed entry of a hand, filling the caches; validates the counts."""
    return _parts(counts)[1]


def _context(hid: int, tiles: int) -> tuple[int, int, int, int, int]:
    """(id, s0, pairs, iso, floor): what the final step sees of the honours and the size.

    ``s0`` the sets before the suits (declared melds + honour sets), ``pairs`` the honour pairs
    (more than 5 count as 5: no hand uses more blocks), ``floor`` the honour quads' floor. Hands
    with equal contexts and suit classes have equal answers, in either order of the suits."""
    h_sets, h_pairs, h_iso, quads = _HONOUR_PARTS[hid]
    ctx = ((14 - tiles) // 3 + h_sets, min(h_pairs, 5), h_iso,
           quads - 1 if quads and tiles % 3 == 2 else quads)
    cid = _CONTEXT_IDS.setdefault(ctx, len(_CONTEXT_IDS))
    out = _CONTEXTS[(hid << 6) + tiles] = (cid, *ctx)
    return out


def _regular(key: int) -> int:
    """`tables.regular_shanten` for a sum without pairs and kinds fields, stored in `_FINAL`.

    The same walk over one summary per suit, specialised to the two suits and written out;
    shared by every key with the same suit classes (in either order) and `_context`."""
    tiles = key & 63
    hid = (key >> _H_SHIFT) & 511
    ctx = _CONTEXTS.get((hid << 6) + tiles) or _context(hid, tiles)
    cm, cp = (key >> _M_SHIFT) & 511, (key >> _P_SHIFT) & 511
    if cp < cm:
        cm, cp = cp, cm
    canon = (ctx[0] << 18) + (cm << 9) + cp
    best = _CANON.get(canon)
    if best is None:
        _cid, s0, h_pairs, h_iso, floor = ctx
        best = 8
        for pm, mm, bm, im in _SUMMARIES[cm]:
            for pp, mp, bp, ip in _SUMMARIES[cp]:
                sets = s0 + mm + mp
                blocks = h_pairs + bm + bp
                if h_pairs or pm or pp:
                    cap = 5 - sets
                    r = 8 - 2 * sets - (blocks if blocks < cap else cap)
                else:
                    cap = 4 - sets
                    r = 8 - 2 * sets - (blocks if blocks < cap else cap)
                    # every isolated tile is a quad's fourth (tables.combine_iso of the parts)
                    if h_iso != 2 and im != 2 and ip != 2 and 0 in (h_iso, im, ip):
                        r += 1
                if r < best:
                    best = r
        # never below the honour quads (less one with a tile to discard), unless complete
        if best != -1 and best < floor:
            best = floor
        _CANON[canon] = best
    _FINAL[key] = best
    return best


def _fill(rkey: int) -> int:
    """The shanten of a result key whose size is already known to be right; stores it."""
    tot = rkey & _SUM_MASK
    key = tot & _KEY_MASK
    r = _FINAL.get(key)
    if r is None:
        r = _regular(key)
    if tot & 63 >= 13:
        pairs = (tot >> _PAIRS_SHIFT) & _FIELD
        if pairs == 7:
            r = -1
        else:
            kinds = (tot >> _KINDS_SHIFT) & _FIELD
            sp = 6 - pairs + (7 - kinds if kinds < 7 else 0)
            if sp < r:
                r = sp
    if len(_RES) >= _RES_CAP:
        _RES.clear()
    _RES[rkey] = r
    return r


def _size_error(tiles: int, melds: object) -> ImpossibleHandError:
    if not isinstance(melds, int) or not 0 <= melds <= 4:
        return ImpossibleHandError(MELD_COUNT(melds=repr(melds)))
    want = 13 - 3 * melds
    return ImpossibleHandError(SIZE(tiles=tiles, melds=melds, want=want, more=want + 1))


def _result(counts: Sequence[int], tot: int, melds: object) -> int:
    """Shanten of a validated sum beside ``melds``, checking the size first (a cache miss)."""
    tiles = tot & 63
    try:
        m = operator.index(melds)  # type: ignore[arg-type]
    except TypeError:
        raise _size_error(tiles, melds) from None
    if not 0 <= m <= 4 or _MELDS_OF_SIZE[tiles] != m:
        if not tiles:
            _normalise(counts)  # an int is not counts (bytes(n) reads as n zero counts)
        raise _size_error(tiles, m)
    return _fill(tot + (m << _MELDS_SHIFT))


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
        b = bytes(counts)
        tot = _M[b[:9]] + _P[b[9:18]] + _H[b[18:]]  # only 25 bytes find all three
    except (KeyError, TypeError, ValueError):
        tot = _parts_slow(counts)[1]
    try:  # a result is stored for right-sized hands only: a miss checks the size
        return _RES[tot + (melds << _MELDS_SHIFT)]
    except (KeyError, TypeError):
        return _result(counts, tot, melds)


def shanten_regular(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten towards a pair plus sets only.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> shanten_regular(to_counts(parse_tiles("1199m1199p115577z")))  # seven pairs: -1
    3
    """
    tot = _entries(counts)
    _result(counts, tot, melds)  # checks the size
    key = tot & _KEY_MASK
    r = _FINAL.get(key)
    return _regular(key) if r is None else r


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


def _completing(b: bytes, tot: int, melds: int) -> tuple[int, ...]:
    """Kinds whose draw completes the right-sized ``3n + 1`` hand ``b`` (sum ``tot``).

    Only a tile near a held one can (`_near`): a complete hand has no isolated tile."""
    res = _RES
    out = []
    rkey = tot + (melds << _MELDS_SHIFT)
    for part, key, cache in ((0, b[:9], _M), (1, b[9:18], _P), (2, b[18:], _H)):
        rest = rkey - cache[key]
        base = _PART_BASE[part]
        for i, e in _near(part, key):
            v = res.get(rest + e)
            if v == -1 or (v is None and _fill(rest + e) == -1):
                out.append(base + i)
    return tuple(out)


def waits(counts: Sequence[int], melds: int | None = None) -> tuple[int, ...]:
    """Kinds that complete a ``3n + 1``-tile concealed part, by shape (regular or seven pairs).

    A kind the hand holds four times is not a wait. ``melds`` defaults to what the size implies.

    >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
    >>> format_tiles(waits(to_counts(parse_tiles("112233m445566p7z"))))  # seven pairs, single wait
    '7z'
    >>> waits(to_counts(parse_tiles("123m456p789p1111z")))  # the fifth East does not exist
    ()
    """
    b, tot = _parts(counts)
    tiles = tot & 63
    implied = _MELDS_OF_SIZE[tiles]
    if tiles % 3 != 1 or implied is None:
        raise ImpossibleHandError(WAITS_SIZE(n=tiles))
    if melds is None:
        melds = implied
    r = _RES.get(tot + (melds << _MELDS_SHIFT)) if melds == implied else None
    if r is None:
        r = _result(counts, tot, melds)
    # only a ready hand can be completed by one tile (a draw lowers shanten by one at most)
    return _completing(b, tot, melds) if r == 0 else ()


def is_complete(counts: Sequence[int]) -> bool:
    """Whether a ``3n + 2``-tile concealed part is a winning shape (melds implied by the size).

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> is_complete(to_counts(parse_tiles("1122m3344p5566z77z"))), is_complete(to_counts(parse_tiles("11m")))
    (True, True)
    >>> is_complete(to_counts(parse_tiles("1112m")))
    False
    """
    tot = _parts(counts)[1]
    tiles = tot & 63
    melds = _MELDS_OF_SIZE[tiles]
    if tiles % 3 != 2 or melds is None:
        return False
    rkey = tot + (melds << _MELDS_SHIFT)
    r = _RES.get(rkey)
    return (_fill(rkey) if r is None else r) == -1


def ready_discards(counts: Sequence[int]) -> tuple[int, ...]:
    """Kinds whose discard leaves a ``3n + 2``-tile concealed part ready (some tile completes it).

    >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
    >>> format_tiles(ready_discards(to_counts(parse_tiles("123m456m789p11z22z5z"))))
    '5z'
    """
    b, tot = _parts(counts)
    tiles = tot & 63
    melds = _MELDS_OF_SIZE[tiles]
    if tiles % 3 != 2 or melds is None:
        return ()
    rkey = tot + (melds << _MELDS_SHIFT)
    r = _RES.get(rkey)
    if (_fill(rkey) if r is None else r) > 0:
        return ()  # a hand one step from ready or worse cannot be ready after one discard
    kept = _READY_DISCARDS.get(b)
    if kept is not None:
        return kept
    out = []
    for part, lo, hi in ((0, 0, 9), (1, 9, 18), (2, 18, 25)):
        key = b[lo:hi]
        e = _entry(part, key)
        for i, nk in enumerate(_rems(key)):
            if nk is not None:
                after = b[:lo] + nk + b[hi:]
                if _completing(after, tot - e + _entry(part, nk), melds):
                    out.append(lo + i)
    if len(_READY_DISCARDS) >= _TRANSITIONS_CAP:
        _READY_DISCARDS.clear()
    kept = _READY_DISCARDS[b] = tuple(out)
    return kept


#: `ready_discards` of the hands near ready met so far, by their counts (the table asks at every
#: turn of a concealed hand, and the same hands come back: a playout's two choices share them)
_READY_DISCARDS: dict[bytes, tuple[int, ...]] = {}


_PLUS: dict[bytes, tuple[bytes | None, ...]] = {}  # vector -> vectors with one more of each kind


def _plus(key: bytes) -> tuple[bytes | None, ...]:
    """Vectors of ``key`` plus one tile of each kind (None: held four times)."""
    t = _PLUS.get(key)
    if t is None:
        if len(_PLUS) >= _TRANSITIONS_CAP:
            _PLUS.clear()
        t = _PLUS[key] = tuple(key[:i] + _BYTE[x + 1] + key[i + 1:] if x < 4 else None
                               for i, x in enumerate(key))
    return t


class HandShape:
    """A concealed part kept as its parts' entries: draw and discard without rebuilding it.

    For loops that try many draws and discards (look-ahead, playouts): `add` and `remove`
    follow the changed part's transitions, and `shanten` is one look-up. The size is checked
    when `shanten` is asked, so a hand may pass through other sizes on the way.

    >>> from game.engine.tiles import parse_tile, parse_tiles, to_counts, format_tiles
    >>> h = HandShape(to_counts(parse_tiles("123m456p789p11z22z")))
    >>> h.shanten()
    0
    >>> h.add(parse_tile("2z")); h.shanten()
    -1
    >>> h.remove(parse_tile("1m")); h.shanten(), format_tiles(h.waits())
    (0, '14m')
    >>> h.add(parse_tile("4m")); h.remove(parse_tile("2z")); h, format_tiles(h.waits())
    (HandShape(234m456789p1122z, melds=0), '12z')
    """

    __slots__ = ("_entries", "_keys", "_tot", "melds")

    def __init__(self, counts: Sequence[int], melds: int = 0):
        b, tot = _parts(counts)
        if not isinstance(melds, int) or not 0 <= melds <= 4:
            raise ImpossibleHandError(MELD_COUNT(melds=repr(melds)))
        self._keys = [b[:9], b[9:18], b[18:]]
        self._entries = [_M[self._keys[0]], _P[self._keys[1]], _H[self._keys[2]]]
        self._tot = tot
        self.melds = melds

    @property
    def counts(self) -> list[int]:
        """The hand's counts (25 kinds)."""
        return list(b"".join(self._keys))

    def __repr__(self) -> str:
        from ..tiles import format_tiles
        kinds = [k for k, x in enumerate(self.counts) for _ in range(x)]
        return f"HandShape({format_tiles(kinds) or '-'}, melds={self.melds})"

    def copy(self) -> HandShape:
        h = HandShape.__new__(HandShape)
        h._keys, h._entries, h._tot, h.melds = list(self._keys), list(self._entries), \
            self._tot, self.melds
        return h

    def _move(self, kind: int, new: tuple[bytes | None, ...], step: int) -> None:
        part = _PART_OF[kind]
        i = kind - _PART_BASE[part]
        key = self._keys[part]
        nk = new[i]
        if nk is None:
            raise ImpossibleHandError(COPIES_RANGE(value=repr(key[i] + step), tile=kind))
        try:
            e = _entry(part, nk)
        except KeyError:  # a suit of 15 tiles
            raise ImpossibleHandError(TOO_MANY_TILES(n=(self._tot & 63) + 1)) from None
        self._tot += e - self._entries[part]
        self._entries[part] = e
        self._keys[part] = nk

    def add(self, kind: int) -> None:
        """One more tile of ``kind`` (0-24); a fifth copy is refused."""
        self._move(kind, _plus(self._keys[_PART_OF[kind]]), 1)

    def remove(self, kind: int) -> None:
        """One tile of ``kind`` fewer; a kind not held is refused."""
        self._move(kind, _rems(self._keys[_PART_OF[kind]]), -1)

    def shanten(self) -> int:
        """`shanten` of the hand now (its size must fit `melds`)."""
        rkey = self._tot + (self.melds << _MELDS_SHIFT)
        r = _RES.get(rkey)
        if r is None:
            tiles = self._tot & 63
            if _MELDS_OF_SIZE[tiles] != self.melds:
                raise _size_error(tiles, self.melds)
            r = _fill(rkey)
        return r

    def _checked_key(self, change: int) -> int:
        """The result key's melds bits, once the size after ``change`` tiles fits `melds`."""
        tiles = (self._tot & 63) + change
        if _MELDS_OF_SIZE[tiles] != self.melds:
            raise _size_error(tiles, self.melds)
        return self.melds << _MELDS_SHIFT

    def after_discards(self) -> list[tuple[int, int]]:
        """(kind, shanten after discarding one) for every kind held, in kind order.

        >>> from game.engine.tiles import parse_tiles, to_counts, tile_str
        >>> h = HandShape(to_counts(parse_tiles("123m456p789p11z22z5z")))
        >>> " ".join(f"{tile_str(k)}:{s}" for k, s in h.after_discards())
        '1m:1 2m:1 3m:1 4p:1 5p:1 6p:1 7p:1 8p:1 9p:1 1z:1 2z:1 5z:0'
        """
        mbits = self._checked_key(-1)
        res, tot, out = _RES, self._tot + mbits, []
        for part, cache in ((0, _M), (1, _P), (2, _H)):
            key = self._keys[part]
            rest = tot - self._entries[part]
            base = _PART_BASE[part]
            for i, x in enumerate(key):
                if x:
                    nk = key[:i] + _BYTE[x - 1] + key[i + 1:]
                    e = cache.get(nk)
                    k = rest + (_entry(part, nk) if e is None else e)
                    v = res.get(k)
                    out.append((base + i, _fill(k) if v is None else v))
        return out

    def after_draws(self) -> list[tuple[int, int]]:
        """(kind, shanten after drawing one) for every kind not held four times, in kind order.

        >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
        >>> h = HandShape(to_counts(parse_tiles("123m456p789p11z22z")))
        >>> format_tiles(k for k, s in h.after_draws() if s < 0)
        '12z'
        """
        mbits = self._checked_key(1)
        res, tot, out = _RES, self._tot + mbits, []
        for part in (0, 1, 2):
            rest = tot - self._entries[part]
            base = _PART_BASE[part]
            for i, e in _adds(part, self._keys[part]):
                v = res.get(rest + e)
                out.append((base + i, _fill(rest + e) if v is None else v))
        return out

    def improving_draws(self, below: int) -> list[int]:
        """The kinds whose draw brings this ``3n + 1`` hand's shanten below ``below`` (at most
        its shanten now), in kind order: `after_draws` filtered, but trying only the kinds near
        a held tile (`_near`) when nothing else can lower it (no four of a kind held, and 13
        tiles already of seven kinds or more for seven pairs), as
        `game.engine.hand.acceptance` does. A ``below`` above the shanten would also need the
        far draws that keep it, so it is refused.

        >>> from game.engine.tiles import parse_tiles, to_counts, format_tiles
        >>> h = HandShape(to_counts(parse_tiles("123m456p789p11z22z")))
        >>> format_tiles(h.improving_draws(h.shanten()))
        '12z'
        """
        if below > self.shanten():
            raise ValueError(f"below={below} is above the hand's shanten {self.shanten()}")
        mbits = self._checked_key(1)
        res, tot, out = _RES, self._tot + mbits, []
        keys = self._keys
        trans = _near if near_enough(b"".join(keys), self._tot, 7) else _adds
        for part in (0, 1, 2):
            rest = tot - self._entries[part]
            base = _PART_BASE[part]
            for i, e in trans(part, keys[part]):
                v = res.get(rest + e)
                if (_fill(rest + e) if v is None else v) < below:
                    out.append(base + i)
        return out

    def waits(self) -> tuple[int, ...]:
        """`waits` of the hand now (a ready ``3n + 1`` hand; else ())."""
        tiles = self._tot & 63
        if tiles % 3 != 1:
            raise ImpossibleHandError(WAITS_SIZE(n=tiles))
        if self.shanten() != 0:
            return ()
        return _completing(b"".join(self._keys), self._tot, self.melds)
