"""Precomputed per-suit tables behind `shanten` (private; `shanten.py` has the public API).

The reference for shanten in this project is the classic block-counting search of the `mahjong`
package (2.1.0, MIT): it walks the suited kinds in order, takes sets (pungs, sequences), pairs,
partial sequences ("tatsu", two tiles of a sequence) and isolated tiles, scores every full walk as
``8 - 2 * sets - partials - pairs`` with a few corrections (see `regular_shanten`) and keeps the
minimum. Honours never join a walk: each honour kind is a set, a pair or an isolated tile by its
count alone.

A walk never lets a block cross a suit, so the walks of a hand are the product of the walks of
its suits, and one suit can be summarised once, off line:

1. `suit_frontier` re-implements the walk for one suit - *including its pruning choices*, so that
   our answers agree with the reference exactly - and keeps the undominated tuples
   ``(sets, partials, pairs, iso)``, ``iso`` saying which tiles the walk left isolated;
2. `suit_summary` folds a frontier into what the final score can still see: per walk, whether it
   holds a pair, its sets, and its capped block count, and drops the walks another one beats in
   every hand (263 distinct summaries over all 405,350 suit vectors of at most 14 tiles);
3. ``python -m game.engine.hand.tables`` (about 30 s) writes `_suit_data.py`: the summaries and
   a compressed table of the summary class of every suit vector, read back by `load`.

Why mirror the reference's quirks instead of computing "the" shanten another way: the rest of the
project (and players checking it with other tools) sees one number, and the reference's
corrections for quads are exactly what makes it the true distance for pair + sets - brute-forced
as the fewest tiles to exchange to reach any complete shape, it never differed on 600 quad-heavy
13/14-tile hands and 4,000 smaller ones (a test repeats this for 4-8 tiles), while a plain
block count says ``4444m`` beside three melds is ready (it is not: there is no fifth 4m) and that
``1111z234m567p99p5z`` is ready (the fourth East can neither pair nor join a sequence).

>>> sorted(suit_frontier((1, 1, 1, 0, 0, 0, 0, 0, 0)))  # 123m: one sequence
[(1, 0, 0, 1)]
>>> sorted(suit_frontier((0, 0, 0, 0, 4, 0, 0, 0, 0)))  # 5555m: a pung and an isolated quad tile
[(1, 0, 0, 0)]
>>> sorted(suit_summary((2, 2, 2, 0, 0, 0, 0, 0, 0)))  # 112233m: two sequences, or three pairs
[(0, 2, 0, 1), (1, 0, 3, 0)]
"""

from __future__ import annotations

import base64
import itertools
import lzma
import sys
from array import array
from collections.abc import Iterable, Sequence

#: ``iso`` values of a walk, from worst to best for the hand (see `regular_shanten`):
#: it left isolated tiles, all of them of kinds held four times ...
ISO_QUADS_ONLY = 0
#: ... it left no isolated tile ...
ISO_NONE = 1
#: ... it left an isolated tile of a kind held fewer than four times.
ISO_OTHER = 2

Walk = tuple[int, int, int, int]  # (sets, partials, pairs, iso)
Summary = tuple[int, int, int, int]  # (has_pair, sets, capped blocks, iso; iso unused with a pair)
Honours = tuple[int, int, int, int]  # (sets, pairs, iso, quads) of the honour kinds

SUIT_VECTORS = 5 ** 9  # counts 0-4 of nine kinds, read as a base-5 number (first kind lowest)
MAX_TILES = 14
NO_CLASS = 0xFFFF  # table entry of a vector with more than MAX_TILES tiles


def combine_iso(a: int, b: int) -> int:
    """Iso state of two independent parts of a hand together.

    An isolated tile of a kind held fewer than four times anywhere makes the whole hand
    `ISO_OTHER`; otherwise any part that isolated only tiles of quads makes it `ISO_QUADS_ONLY`.

    >>> combine_iso(ISO_NONE, ISO_QUADS_ONLY), combine_iso(ISO_QUADS_ONLY, ISO_OTHER)
    (0, 2)
    """
    if a == ISO_OTHER or b == ISO_OTHER:
        return ISO_OTHER
    if a == ISO_QUADS_ONLY or b == ISO_QUADS_ONLY:
        return ISO_QUADS_ONLY
    return ISO_NONE


def _pareto(walks: Iterable[Walk]) -> frozenset[Walk]:
    """Drop every walk that another one equals or beats in all four fields."""
    items = sorted(set(walks), reverse=True)
    kept: list[Walk] = []
    for w in items:
        if not any(k[0] >= w[0] and k[1] >= w[1] and k[2] >= w[2] and k[3] >= w[3] for k in kept):
            kept.append(w)
    return frozenset(kept)


# blocks the walk takes from kind d onwards, as counts of d, d+1, d+2
PUNG, PAIR, SINGLE = (3,), (2,), (1,)
RUN, TWO_RUNS = (1, 1, 1), (2, 2, 2)
SIDE, GAP = (1, 1), (1, 0, 1)  # partial sequences: 12 (one side or both open) and 13 (closed)


def suit_frontier(counts9: Sequence[int]) -> frozenset[Walk]:
    """All undominated walks of one suit (9 counts), as the reference search walks it.

    The branching mirrors the reference search kind by kind: which blocks it tries for the
    lowest kind still held, depending on whether it is held 1, 2, 3 or 4 times. It does *not*
    try every split, and those choices are part of its answers, so they are kept as they are:

    * a lone tile followed by exactly one tile and then any tile is always read as a sequence,
      unless the kind after those three is held four times;
    * a pung-and-pair reading of three tiles is followed only by a sequence or a partial one;
    * out of a quad it takes a pung and then the fourth tile in a sequence, a partial sequence
      or isolated; or a pair and then a sequence or partial sequence (the last tile of the quad
      is then simply dropped, neither used nor isolated).

    Only the order of the kinds matters, never the suit, so the same table serves both suits.
    """
    c = list(counts9) + [0, 0, 0]
    quads = 0
    for k in range(9):
        if c[k] == 4:
            quads |= 1 << k
    leaves: set[tuple[int, int, int, int]] = set()

    def take(d: int, block: tuple[int, ...], sign: int = 1) -> None:
        for i, x in enumerate(block):
            c[d + i] -= sign * x

    def then(d: int, block: tuple[int, ...], nxt: int, m: int, t: int, p: int, iso: int) -> None:
        """Take ``block`` at ``d``, walk on from kind ``nxt``, put the block back."""
        take(d, block)
        run(nxt, m, t, p, iso)
        take(d, block, -1)

    def run(d: int, m: int, t: int, p: int, iso: int) -> None:
        while d < 9 and not c[d]:
            d += 1
        if d >= 9:
            leaves.add((m, t, p, iso))
            return
        n = c[d]
        has_1, has_2 = d < 8 and c[d + 1], d < 7 and c[d + 2]
        if n == 4:
            # a pung, then the fourth tile in a sequence, a partial sequence or isolated
            take(d, PUNG)
            if has_2:
                if has_1:
                    then(d, RUN, d + 1, m + 2, t, p, iso)
                then(d, GAP, d + 1, m + 1, t + 1, p, iso)
            if has_1:
                then(d, SIDE, d + 1, m + 1, t + 1, p, iso)
            then(d, SINGLE, d + 1, m + 1, t, p, iso | (1 << d))
            take(d, PUNG, -1)
            # a pair, then a sequence (and look at this kind again) or a partial sequence
            take(d, PAIR)
            if has_2:
                if has_1:
                    then(d, RUN, d, m + 1, t, p + 1, iso)
                then(d, GAP, d + 1, m, t + 1, p + 1, iso)
            if has_1:
                then(d, SIDE, d + 1, m, t + 1, p + 1, iso)
            take(d, PAIR, -1)
        elif n == 3:
            then(d, PUNG, d + 1, m + 1, t, p, iso)
            take(d, PAIR)
            if has_1 and has_2:
                then(d, RUN, d + 1, m + 1, t, p + 1, iso)
            else:
                if has_2:
                    then(d, GAP, d + 1, m, t + 1, p + 1, iso)
                if has_1:
                    then(d, SIDE, d + 1, m, t + 1, p + 1, iso)
            take(d, PAIR, -1)
            if d < 7 and c[d + 1] >= 2 and c[d + 2] >= 2:
                then(d, TWO_RUNS, d, m + 2, t, p, iso)
        elif n == 2:
            then(d, PAIR, d + 1, m, t, p + 1, iso)
            if has_1 and has_2:
                then(d, RUN, d, m + 1, t, p, iso)
        elif d < 6 and c[d + 1] == 1 and c[d + 2] and c[d + 3] != 4:
            then(d, RUN, d + 2, m + 1, t, p, iso)  # the forced sequence of a lone tile
        else:
            then(d, SINGLE, d + 1, m, t, p, iso | (1 << d))
            if has_2:
                if has_1:
                    then(d, RUN, d + 1, m + 1, t, p, iso)
                then(d, GAP, d + 1, m, t + 1, p, iso)
            if has_1:
                then(d, SIDE, d + 1, m, t + 1, p, iso)

    run(0, 0, 0, 0, 0)

    def iso_state(mask: int) -> int:
        if not mask:
            return ISO_NONE
        return ISO_OTHER if mask & ~quads else ISO_QUADS_ONLY

    return _pareto((m, t, p, iso_state(mask)) for m, t, p, mask in leaves)


def _dominates(a: Summary, b: Summary) -> bool:
    """Whether summary walk ``a`` scores at least as well as ``b`` in every hand.

    One more set is worth at least one more block (it adds 2 to the score and lowers the block
    cap by 1); a walk with a pair is at least as good as one without at the same count; and a
    better iso state never hurts.
    """
    if a == b or a[1] < b[1]:
        return False
    slack = a[1] - b[1]
    if a[0]:
        return a[2] >= b[2] - slack
    if b[0]:
        return False
    return a[2] >= b[2] - slack and a[3] >= b[3]


def summarize(frontier: Iterable[Walk]) -> frozenset[Summary]:
    """Fold a suit's frontier into `Summary` tuples the final score can tell apart.

    With a pair anywhere in the hand only ``partials + pairs`` counts, capped at ``5 - sets``
    (more blocks than the hand can use are not counted); without one only ``partials`` counts,
    capped at ``4 - sets``, and the iso state matters. Capping per suit is exact because the
    hand's own cap is never higher than the suit's.

    >>> sorted(summarize([(0, 6, 0, ISO_NONE), (1, 0, 2, ISO_OTHER)]))
    [(0, 0, 4, 1), (1, 1, 2, 0)]
    """
    items = set()
    for m, t, p, iso in frontier:
        if p:
            items.add((1, m, min(t + p, 5 - m), 0))
        else:
            items.add((0, m, min(t, 4 - m), iso))
    return frozenset(b for b in items if not any(_dominates(a, b) for a in items))


def suit_summary(counts9: Sequence[int]) -> frozenset[Summary]:
    """`summarize` of `suit_frontier`: everything the score needs to know about one suit."""
    return summarize(suit_frontier(counts9))


def honour_part(counts7: Sequence[int]) -> Honours:
    """(sets, pairs, iso, quads) of the seven honour kinds, read by count as the reference does.

    A quad of honours is a set plus an isolated tile that can never become a pair.

    >>> honour_part((3, 2, 1, 0, 0, 0, 4))
    (2, 1, 2, 1)
    """
    sets = sum(1 for x in counts7 if x >= 3)
    pairs = sum(1 for x in counts7 if x == 2)
    quads = sum(1 for x in counts7 if x == 4)
    if any(x == 1 for x in counts7):
        iso = ISO_OTHER
    elif quads:
        iso = ISO_QUADS_ONLY
    else:
        iso = ISO_NONE
    return sets, pairs, iso, quads


def regular_shanten(suits: Sequence[Iterable[Summary]], honours: Honours, tiles: int) -> int:
    """The reference's regular-hand shanten from the suits' summaries and the honour part.

    ``tiles`` is the number of concealed tiles; ``(14 - tiles) // 3`` declared melds count as
    sets. For each combination of one walk per suit, with ``sets`` (<= 4) and ``blocks``
    (partial sequences and pairs):

    * with a pair: ``8 - 2 * sets - min(blocks, 5 - sets)``;
    * without a pair: ``8 - 2 * sets - min(partials, 4 - sets)``, plus 1 when every isolated tile
      the walk left is of a kind held four times (a quad's fourth tile cannot be paired: there is
      no fifth copy - the reference's correction, mirrored);
    * and never below the number of honour quads (less one in a 14-tile hand, which can discard
      one), unless complete: an honour quad's fourth tile can neither be paired nor sequenced.

    The best combination counts (and never more than 8, the reference's starting value).

    >>> regular_shanten([[(0, 0, 0, ISO_NONE)]], (4, 1, ISO_NONE, 0), 14)  # four honour pungs + pair
    -1
    """
    init = (14 - tiles) // 3
    h_sets, h_pairs, h_iso, quads = honours
    floor = quads - 1 if quads and tiles % 3 == 2 else quads
    best = 8
    for combo in itertools.product(*suits):
        sets = init + h_sets
        blocks = h_pairs
        pair = h_pairs > 0
        iso = h_iso
        for has_pair, m, b, s in combo:
            sets += m
            blocks += b
            if has_pair:
                pair = True
            else:
                iso = combine_iso(iso, s)
        if pair:
            r = 8 - 2 * sets - min(blocks, 5 - sets)
        else:
            r = 8 - 2 * sets - min(blocks, 4 - sets) + (iso == ISO_QUADS_ONLY)
        if r != -1 and r < floor:
            r = floor
        best = min(best, r)
    return best


def suit_index(counts9: Sequence[int]) -> int:
    """Base-5 index of a suit's count vector (first kind is the lowest digit).

    >>> suit_index((1, 0, 0, 0, 0, 0, 0, 0, 2))
    781251
    """
    i = 0
    for x in reversed(counts9):
        i = i * 5 + x
    return i


def all_suit_vectors() -> Iterable[tuple[int, ...]]:
    """Every 9-kind count vector with at most `MAX_TILES` tiles (405,350 of them)."""
    for v in itertools.product(range(5), repeat=9):
        if sum(v) <= MAX_TILES:
            yield v


def generate() -> tuple[list[tuple[Summary, ...]], array]:
    """Compute (summaries by class, class of every base-5 suit index or `NO_CLASS`)."""
    classes: dict[tuple[Summary, ...], int] = {}
    table = array("H", [NO_CLASS]) * SUIT_VECTORS
    for v in all_suit_vectors():
        s = tuple(sorted(suit_summary(v)))
        table[suit_index(v)] = classes.setdefault(s, len(classes))
    return list(classes), table


def _write_data_module(path: str) -> None:
    summaries, table = generate()
    if sys.byteorder == "big":  # pragma: no cover
        table.byteswap()
    packed = base64.b85encode(lzma.compress(table.tobytes(), preset=9 | lzma.PRESET_EXTREME))
    text = packed.decode("ascii")
    lines = [
        '"""GENERATED by ``python -m game.engine.hand.tables`` - do not edit.',
        "",
        "SUMMARIES[c]: the (has_pair, sets, capped blocks, iso) walks of suit class c. TABLE: the",
        "lzma-compressed, base85 text of a little-endian uint16 class per base-5 suit index.",
        '"""',
        "",
        "# fmt: off",
        "SUMMARIES = (",
    ]
    lines += [f"    {s!r}," for s in summaries]
    lines.append(")")
    lines.append("TABLE = (")
    width = 96
    lines += [f"    {text[i:i + width]!r}" for i in range(0, len(text), width)]
    lines.append(")")
    lines.append("")
    with open(path, "w", encoding="ascii") as fh:
        fh.write("\n".join(lines))


def load() -> tuple[tuple[tuple[Summary, ...], ...], array]:
    """The shipped tables: (summaries per class, uint16 class per base-5 suit index)."""
    from . import _suit_data

    table = array("H")
    table.frombytes(lzma.decompress(base64.b85decode("".join(_suit_data.TABLE))))
    if sys.byteorder == "big":  # pragma: no cover
        table.byteswap()
    if len(table) != SUIT_VECTORS:
        raise RuntimeError("game/engine/hand/_suit_data.py is damaged; regenerate it")
    return _suit_data.SUMMARIES, table


if __name__ == "__main__":  # pragma: no cover - regenerates the data module
    import os
    import time

    t0 = time.perf_counter()
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_suit_data.py")
    _write_data_module(target)
    print(f"wrote {target} in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
