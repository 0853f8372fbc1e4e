"""Sacred discard (furiten), docs/rules.md §5: which discards a waiting player may not win on, and why.

``stem(t)`` is the stem pattern 1-4-7 / 2-5-8 / 3-6-9 of a suit tile: stem(4m) = 1m 4m 7m.
The table tracks the flags (temporary, missed after uper, discarded a win after uper); this
module turns them, the waits and the river into one `SacredStatus` with the reasons.

Project choice [C]: SD2 (a wait in his own river: no discard win at all) and SD3 (the stem of a
river suit tile meets his waits: no discard win on that stem) are evaluated at every moment,
before *and* after uper, because the defence rule of docs/rules.md §5 says "a tile in a waiting
player's river, and every tile of its stem, is safe against a discard win by him".

>>> from game.engine.tiles import parse_tiles, parse_tile
>>> s = sacred_status(parse_tiles("14m"), parse_tiles("4m9p"))
>>> s.can_win_on_discard(parse_tile("1m")), s.can_self_draw
(False, True)
>>> [r.case for r in s.reasons]
['SD2', 'SD3']
>>> sacred_status(parse_tiles("25p"), parse_tiles("9p3z")).can_win_on_discard(parse_tile("5p"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..messages import STEM, TEXT, TILE, TILES, Message, define
from ..messages import stem_words as _stem_words
from ..tiles import is_suited, rank, stem

__all__ = ["SacredReason", "SacredStatus", "sacred_status", "stem_words"]


SD1 = define("sacred.sd1", "you let a winning discard pass: no discard win until your next draw "
             "or claim (temporary sacred discard)")
SD2 = define("sacred.sd2", "you discarded {tiles}, which you wait on: no discard win while a wait "
             "is in your own river (sacred discard)", tiles=TILES)
SD3 = define("sacred.sd3", "you discarded {tile}: {stem} cannot be won by discard (stem pattern "
             "{pattern})", tile=TILE, stem=STEM, pattern=TEXT)
SD4 = define("sacred.sd4", "your uper discard was {tile}: {stem} cannot be won by discard for the "
             "rest of the hand (stem pattern {pattern})", tile=TILE, stem=STEM, pattern=TEXT)
SD5 = define("sacred.sd5", "after uper you let a winning discard pass: no discard win for the rest "
             "of the hand")
SD6 = define("sacred.sd6", "after uper you discarded a tile that would have won: no win at all for "
             "the rest of the hand, not even by self-draw, and no pung or kong")


@dataclass(frozen=True)
class SacredReason:
    """One sacred-discard case in force: 'SD1'..'SD6', the tiles it blocks, and why (a message).

    `tiles` is empty when the case blocks every discard win (`blocks_all`).
    """

    case: str
    tiles: tuple[int, ...]
    message: Message
    blocks_all: bool = False
    blocks_self_draw: bool = False

    @property
    def text(self) -> str:
        """The reason in English with tiles in notation (logs; players get `message` rendered)."""
        return str(self.message)

    def blocks(self, kind: int) -> bool:
        return self.blocks_all or kind in self.tiles


@dataclass(frozen=True)
class SacredStatus:
    """The sacred-discard status of one seat. Shape (is it a wait at all?) is not judged here."""

    waits: tuple[int, ...]
    reasons: tuple[SacredReason, ...] = ()

    def why_not(self, kind: int) -> Message | None:
        """Why a discard of `kind` cannot be won, or None when sacred discard does not stop it."""
        for r in self.reasons:
            if r.blocks(kind):
                return r.message
        return None

    def can_win_on_discard(self, kind: int) -> bool:
        return self.why_not(kind) is None

    @property
    def can_self_draw(self) -> bool:
        return not any(r.blocks_self_draw for r in self.reasons)

    @property
    def can_claim_sets(self) -> bool:
        """Pung and kong claims (only SD6 forbids them)."""
        return not any(r.case == "SD6" for r in self.reasons)

    @property
    def blocks_all_discards(self) -> bool:
        return any(r.blocks_all for r in self.reasons)

    @property
    def blocked(self) -> tuple[int, ...]:
        """The waits that cannot be won by discard now."""
        return tuple(w for w in self.waits if not self.can_win_on_discard(w))

    @property
    def is_sacred(self) -> bool:
        return bool(self.reasons)


def stem_words(kind: int) -> str:
    """'1m, 4m and 7m' for any tile of that stem.

    >>> from game.engine.tiles import parse_tile
    >>> stem_words(parse_tile("5p"))
    '2p, 5p and 8p'
    """
    return _stem_words(kind)


def _pattern(kind: int) -> str:
    return "-".join(str((rank(kind) - 1) % 3 + 1 + 3 * i) for i in range(3))


def sacred_status(waits: Iterable[int], river: Iterable[int], *, uper_discard: int | None = None,
                  temporary: bool = False, missed_after_uper: bool = False,
                  discarded_win_after_uper: bool = False,
                  stems_of: Iterable[int] | None = None) -> SacredStatus:
    """Sacred-discard status from the waits by shape and every tile this seat discarded this hand.
    `stems_of`: the discards whose stems are closed (SD3), when not the whole river (the house
    rule `stem_after_uper` "chosen_only" leaves out the tiles forced out after uper).

    >>> from game.engine.tiles import parse_tiles, parse_tile
    >>> s = sacred_status(parse_tiles("58p"), parse_tiles("1z"), uper_discard=parse_tile("2p"))
    >>> print(s.why_not(parse_tile("5p")))  # doctest: +NORMALIZE_WHITESPACE
    your uper discard was 2p: 2p, 5p and 8p cannot be won by discard for the rest of the hand
    (stem pattern 2-5-8)
    >>> s.can_win_on_discard(parse_tile("3p"))
    True
    """
    waits = tuple(sorted(set(waits)))
    river = tuple(river)
    wset = set(waits)
    reasons: list[SacredReason] = []
    if temporary:
        reasons.append(SacredReason("SD1", (), SD1(), blocks_all=True))
    own = sorted({k for k in river if k in wset})
    if own:
        reasons.append(SacredReason("SD2", tuple(own), SD2(tiles=own), blocks_all=True))
    seen_stems: set[tuple[int, ...]] = set()
    for d in (river if stems_of is None else tuple(stems_of)):
        if not is_suited(d):
            continue
        st = stem(d)
        if st in seen_stems or not wset.intersection(st):
            continue
        seen_stems.add(st)
        reasons.append(SacredReason("SD3", st, SD3(tile=d, stem=d, pattern=_pattern(d))))
    if uper_discard is not None and is_suited(uper_discard):
        reasons.append(SacredReason("SD4", stem(uper_discard),
                                    SD4(tile=uper_discard, stem=uper_discard,
                                        pattern=_pattern(uper_discard))))
    if missed_after_uper:
        reasons.append(SacredReason("SD5", (), SD5(), blocks_all=True))
    if discarded_win_after_uper:
        reasons.append(SacredReason("SD6", (), SD6(), blocks_all=True, blocks_self_draw=True))
    # the most serious case first, so why_not names it
    order = {"SD6": 0, "SD5": 1, "SD1": 2, "SD2": 3, "SD4": 4, "SD3": 5}
    reasons.sort(key=lambda r: order[r.case])
    return SacredStatus(waits, tuple(reasons))
