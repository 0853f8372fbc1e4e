"""Tile acceptance (ukeire): which draws lower a hand's shanten, and how many of them are unseen.

For a 14-tile (``3n + 2``) hand, `acceptance` lists every distinct discard with the shanten it
leaves and the kinds that would then lower it, best first; `acceptance13` does the same for a
13-tile (``3n + 1``) hand. A kind counts as accepted only while a copy can still be drawn: the
hand holds fewer than four. "Unseen" copies are ``4 - held - visible[kind]``, where ``held`` is
the count in the hand as given (a discarded tile goes to the river, so it counts as seen) and
``visible`` counts the tiles seen elsewhere (rivers, melds, ...).

>>> from game.engine.tiles import parse_tiles, to_counts
>>> acceptance(to_counts(parse_tiles("123m456p789p11m22z7z")))[0]
DiscardOption(discard=7z, shanten=0, ukeire=14m2z, unseen=7)
>>> acceptance13(to_counts(parse_tiles("123m456p789p11m22z")))  # 111m 23m: 1m, 4m; or 2z
Acceptance(shanten=0, ukeire=14m2z, unseen=7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ImpossibleHandError
from ..messages import INT, TEXT, TILE, define
from ..tiles import NUM_PLAYING_KINDS, format_tiles, tile_str
from . import shanten as _sh

# a hand or visible counts the question does not fit
VISIBLE_LENGTH = define("hand.visible_length", "visible counts must have {need} entries, not {n}",
                        need=INT, n=INT)
VISIBLE_COPIES = define("hand.visible_copies", "{tile}: {held} in the hand and {visible} visible "
                        "elsewhere (there are four copies)", tile=TILE, held=INT, visible=TEXT)
SIZE_13 = define("hand.acceptance13_size", "acceptance13 needs {need} concealed tiles with "
                 "{melds} meld(s), not {n}; use acceptance for a hand about to discard",
                 need=INT, melds=INT, n=INT)
SIZE_14 = define("hand.acceptance_size", "acceptance needs {need} concealed tiles with {melds} "
                 "meld(s), not {n}; use acceptance13 for a hand waiting to draw",
                 need=INT, melds=INT, n=INT)


def _accepts_text(ukeire: tuple[int, ...], unseen: tuple[int, ...]) -> str:
    return " ".join(f"{tile_str(k)}:{u}" for k, u in zip(ukeire, unseen))


@dataclass(frozen=True)
class Acceptance:
    """The draws that lower a ``3n + 1``-tile hand's shanten.

    ``ukeire`` are the kinds, ``unseen_by_kind`` how many copies of each are still unseen.
    """

    shanten: int
    ukeire: tuple[int, ...]
    unseen_by_kind: tuple[int, ...]

    @property
    def unseen(self) -> int:
        """Copies of all accepted kinds still unseen."""
        return sum(self.unseen_by_kind)

    def __repr__(self) -> str:
        return (f"Acceptance(shanten={self.shanten}, ukeire={format_tiles(self.ukeire)}, "
                f"unseen={self.unseen})")

    def describe(self) -> str:
        """One line for people: ``'shanten 1; accepts 1m:3 4m:4 (7 unseen)'``."""
        if not self.ukeire:
            return f"shanten {self.shanten}; accepts nothing"
        return (f"shanten {self.shanten}; accepts {_accepts_text(self.ukeire, self.unseen_by_kind)}"
                f" ({self.unseen} unseen)")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form, tiles in notation."""
        return {
            "shanten": self.shanten,
            "accepts": [{"tile": tile_str(k), "unseen": u}
                        for k, u in zip(self.ukeire, self.unseen_by_kind)],
            "unseen": self.unseen,
        }


@dataclass(frozen=True)
class DiscardOption:
    """One discard from a ``3n + 2``-tile hand: the shanten it leaves and what then helps."""

    discard: int
    shanten: int
    ukeire: tuple[int, ...]
    unseen_by_kind: tuple[int, ...]

    @property
    def unseen(self) -> int:
        """Copies of all accepted kinds still unseen."""
        return sum(self.unseen_by_kind)

    def __repr__(self) -> str:
        return (f"DiscardOption(discard={tile_str(self.discard)}, shanten={self.shanten}, "
                f"ukeire={format_tiles(self.ukeire)}, unseen={self.unseen})")

    def describe(self) -> str:
        """One line for people: ``'discard 5z -> shanten 1; accepts 1m:3 4m:4 (7 unseen)'``."""
        rest = Acceptance(self.shanten, self.ukeire, self.unseen_by_kind).describe()
        return f"discard {tile_str(self.discard)} -> {rest}"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form, tiles in notation."""
        return {"discard": tile_str(self.discard),
                **Acceptance(self.shanten, self.ukeire, self.unseen_by_kind).as_dict()}


def _check_visible(counts: Sequence[int], visible: Sequence[int] | None) -> Sequence[int]:
    if visible is None:
        return (0,) * NUM_PLAYING_KINDS
    if len(visible) != NUM_PLAYING_KINDS:
        raise ImpossibleHandError(VISIBLE_LENGTH(need=NUM_PLAYING_KINDS, n=len(visible)))
    for k in range(NUM_PLAYING_KINDS):
        v = visible[k]
        if not isinstance(v, int) or v < 0 or counts[k] + v > 4:
            raise ImpossibleHandError(VISIBLE_COPIES(tile=k, held=counts[k], visible=repr(v)))
    return visible


class _Parts:
    """A mutable hand with the cached entry of each part (characters, circles, honours)."""

    __slots__ = ("c", "e", "tot")
    _SLICES = ((0, 9), (9, 18), (18, 25))

    def __init__(self, counts: Sequence[int]):
        self.c = list(counts)
        self.tot = _sh._entries(self.c)  # validates and fills the caches
        self.e = [self.entry(0), self.entry(1), self.entry(2)]

    def entry(self, part: int) -> int:
        a, b = self._SLICES[part]
        key = bytes(self.c[a:b])
        cache = (_sh._M, _sh._P, _sh._H)[part]
        e = cache.get(key)
        if e is None:
            if part == 2:
                e = cache[key] = _sh._honour_entry(key)
            else:
                e = cache[key] = _sh._suit_entry(key, _sh._M_SHIFT if part == 0 else _sh._P_SHIFT)
        return e


def _value(tot: int) -> int:
    """Shanten from a summed entry whose size is already known to be right."""
    key = tot & _sh._KEY_MASK
    r = _sh._FINAL.get(key)
    if r is None:
        r = _sh._final(key)
    if tot & 63 >= 13:
        pairs = (tot >> _sh._PAIRS_SHIFT) & _sh._FIELD
        if pairs == 7:
            return -1
        kinds = (tot >> _sh._KINDS_SHIFT) & _sh._FIELD
        sp = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if sp < r:
            return sp
    return r


_PART_OF = (0,) * 9 + (1,) * 9 + (2,) * 7  # characters, circles, honours


def _accepted(h: _Parts, base: int, held: Sequence[int], visible: Sequence[int]
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Kinds whose draw lowers ``h`` below ``base``, with their unseen counts."""
    c, e, tot = h.c, h.e, h.tot
    kinds, unseen = [], []
    # every kind, not only those beside held tiles: with a quad's dead fourth tile in the hand,
    # even a lone new tile helps (4444m + 1m: 444m and a 1m single wait)
    for k in range(NUM_PLAYING_KINDS):
        if c[k] >= 4:
            continue
        part = _PART_OF[k]
        c[k] += 1
        new = h.entry(part)
        c[k] -= 1
        if _value(tot - e[part] + new) < base:
            kinds.append(k)
            unseen.append(4 - held[k] - visible[k])
    return tuple(kinds), tuple(unseen)


def acceptance13(counts: Sequence[int], melds: int = 0,
                 visible: Sequence[int] | None = None) -> Acceptance:
    """The draws that lower the shanten of a ``13 - 3 * melds``-tile concealed part.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> a = acceptance13(to_counts(parse_tiles("1m")), melds=4)  # single wait on 1m
    >>> a, a.describe()
    (Acceptance(shanten=0, ukeire=1m, unseen=3), 'shanten 0; accepts 1m:3 (3 unseen)')
    """
    s = _sh.shanten(counts, melds)
    h = _Parts(counts)
    if h.tot & 63 != 13 - 3 * melds:
        raise ImpossibleHandError(SIZE_13(need=13 - 3 * melds, melds=melds, n=h.tot & 63))
    vis = _check_visible(counts, visible)
    kinds, unseen = _accepted(h, s, counts, vis)
    return Acceptance(s, kinds, unseen)


def acceptance(counts: Sequence[int], melds: int = 0,
               visible: Sequence[int] | None = None) -> list[DiscardOption]:
    """Every distinct discard of a ``14 - 3 * melds``-tile concealed part, best first.

    Best is the lowest shanten after the discard, then the most unseen accepted copies, then
    the most accepted kinds; ties keep tile order.

    >>> from game.engine.tiles import parse_tiles, to_counts
    >>> for option in acceptance(to_counts(parse_tiles("11m46p5z")), melds=3):
    ...     print(option.describe())
    discard 5z -> shanten 0; accepts 5p:4 (4 unseen)
    discard 4p -> shanten 1; accepts 1m:2 4p:3 5p:4 6p:3 7p:4 8p:4 5z:3 (23 unseen)
    discard 6p -> shanten 1; accepts 1m:2 2p:4 3p:4 4p:3 5p:4 6p:3 5z:3 (23 unseen)
    discard 1m -> shanten 1; accepts 1m:2 5p:4 5z:3 (9 unseen)

    Drawing back the kind just discarded counts too (4p above), with that copy seen.
    """
    _sh.shanten(counts, melds)  # validates the size
    h = _Parts(counts)
    if h.tot & 63 != 14 - 3 * melds:
        raise ImpossibleHandError(SIZE_14(need=14 - 3 * melds, melds=melds, n=h.tot & 63))
    vis = _check_visible(counts, visible)
    held = list(counts)
    c, e = h.c, h.e
    options = []
    for d in range(NUM_PLAYING_KINDS):
        if not c[d]:
            continue
        part = _PART_OF[d]
        c[d] -= 1
        old_e, old_tot = e[part], h.tot
        e[part] = h.entry(part)
        h.tot = old_tot - old_e + e[part]
        s = _value(h.tot)
        kinds, unseen = _accepted(h, s, held, vis)
        options.append(DiscardOption(d, s, kinds, unseen))
        c[d] += 1
        e[part], h.tot = old_e, old_tot
    options.sort(key=lambda o: (o.shanten, -o.unseen, -len(o.ukeire)))
    return options
