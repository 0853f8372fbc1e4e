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


def _lowering(b: bytes, tot: int, mbits: int, below: int, held: Sequence[int],
              visible: Sequence[int], near: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Kinds whose draw brings the right-sized hand ``b`` (sum ``tot``) below ``below``, with
    their unseen copies (``4 - held - visible``).

    Each part's draws come from its transitions (`shanten._adds`): no hand is rebuilt. With
    ``near`` only the kinds near a held tile are tried (`shanten._near`); the caller passes it
    when the hand holds no four of a kind and seven pairs cannot gain a kind, since otherwise
    even a lone new tile can help (4444m + 1m: 444m and a single wait on 1m).
    """
    res, fill = _sh._RES, _sh._fill
    trans = _sh._near if near else _sh._adds
    kinds: list[int] = []
    unseen: list[int] = []
    rkey = tot + mbits
    for part, key, cache in ((0, b[:9], _sh._M), (1, b[9:18], _sh._P), (2, b[18:], _sh._H)):
        rest = rkey - cache[key]
        base = _sh._PART_BASE[part]
        for i, e in trans(part, key):
            v = res.get(rest + e)
            if v is None:
                v = fill(rest + e)
            if v < below:
                k = base + i
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
    b, tot = _sh._parts(counts)
    if tot & 63 != 13 - 3 * melds:
        raise ImpossibleHandError(SIZE_13(need=13 - 3 * melds, melds=melds, n=tot & 63))
    vis = _check_visible(counts, visible)
    kinds, unseen = _lowering(b, tot, melds << _sh._MELDS_SHIFT, s, counts, vis,
                              _sh.near_enough(b, tot, 7))
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
    _sh.shanten(counts, melds)  # validates the counts and the size
    b, tot = _sh._parts(counts)
    if tot & 63 != 14 - 3 * melds:
        raise ImpossibleHandError(SIZE_14(need=14 - 3 * melds, melds=melds, n=tot & 63))
    vis = _check_visible(counts, visible)
    mbits = melds << _sh._MELDS_SHIFT
    res, fill, entry, rems = _sh._RES, _sh._fill, _sh._entry, _sh._rems
    near = _sh.near_enough(b, tot, 8)  # a discard may take one kind away
    options = []
    for part, lo, hi in ((0, 0, 9), (1, 9, 18), (2, 18, 25)):
        key = b[lo:hi]
        rest = tot - entry(part, key)
        for i, nk in enumerate(rems(key)):
            if nk is None:
                continue
            after = b[:lo] + nk + b[hi:]
            t = rest + entry(part, nk)
            s = res.get(t + mbits)
            if s is None:
                s = fill(t + mbits)
            kinds, unseen = _lowering(after, t, mbits, s, counts, vis, near)
            options.append(DiscardOption(lo + i, s, kinds, unseen))
    options.sort(key=lambda o: (o.shanten, -o.unseen, -len(o.ukeire)))
    return options
