"""Tiles as small ints, and the notation of docs/rules.md §1 (`123m456p11z`, flowers `1f`-`4f`).

This module is the only place that knows the encoding:

* kinds 0-8: characters 1m-9m, 9-17: circles 1p-9p, 18-24: honours 1z-7z
  (East South West North White Green Red), 25-28: flowers 1f-4f;
* physical tiles (wall positions, animation) are ids 0-103: ``id // 4`` is the kind for
  ids below 100, ids 100-103 are the four flowers.

>>> parse_tiles("123m456p11z")
[0, 1, 2, 12, 13, 14, 18, 18]
>>> format_tiles([0, 1, 2, 12, 13, 14, 18, 18])
'123m456p11z'
>>> format_tiles(parse_tiles("5z1f9p"))
'5z1f9p'
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError

M, P, Z, F = 0, 1, 2, 3  # suit codes
SUIT_LETTERS = "mpzf"
SUIT_SIZES = (9, 9, 7, 4)
SUIT_BASE = (0, 9, 18, 25)

NUM_PLAYING_KINDS = 25  # 18 suit kinds + 7 honours
NUM_KINDS = 29  # with the four flowers
NUM_TILES = 104
COPIES = 4

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(18, 25)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
FLOWERS = (25, 26, 27, 28)
SEAT_LETTERS = "ESWN"

#: Major tiles (terminals and honours): 1m 9m 1p 9p and the 7 honours.
MAJOR_KINDS = frozenset((0, 8, 9, 17, *range(18, 25)))



def suit(kind: int) -> int:
    """Suit code of a kind: 0 characters, 1 circles, 2 honours, 3 flowers.

    >>> [suit(k) for k in parse_tiles("9m1p7z2f")]
    [0, 1, 2, 3]
    """
    if kind < 9:
        return M
    if kind < 18:
        return P
    if kind < 25:
        return Z
    return F


def rank(kind: int) -> int:
    """Number of the tile inside its suit, 1-based (honours 1-7, flowers 1-4).

    >>> rank(parse_tiles("7p")[0]), rank(EAST), rank(RED)
    (7, 1, 7)
    """
    return kind - SUIT_BASE[suit(kind)] + 1


def make(number: int, suit_code: int) -> int:
    """Kind from a number and suit code.

    >>> make(5, P) == parse_tiles("5p")[0]
    True
    """
    return SUIT_BASE[suit_code] + number - 1


def is_suited(kind: int) -> bool:
    """Characters or circles (the kinds that form sequences).

    >>> is_suited(8), is_suited(17), is_suited(EAST)
    (True, True, False)
    """
    return kind < 18


def is_honour(kind: int) -> bool:
    return 18 <= kind < 25


def is_flower(kind: int) -> bool:
    return kind >= 25


def is_playing(kind: int) -> bool:
    """One of the 25 kinds that make hands (not a flower).

    >>> is_playing(parse_tile("7z")), is_playing(parse_tile("1f")), is_playing(-1)
    (True, False, False)
    """
    return 0 <= kind < NUM_PLAYING_KINDS


def starts_sequence(kind: int) -> bool:
    """A suit tile 1-7: the lowest tile of a possible sequence.

    >>> [starts_sequence(k) for k in parse_tiles("17m8p1z")]
    [True, True, False, False]
    """
    return kind < 18 and (kind - SUIT_BASE[suit(kind)]) <= 6


#: `starts_sequence` of every playing kind, for the hand search's inner loops
SEQUENCE_STARTS = tuple(starts_sequence(k) for k in range(NUM_PLAYING_KINDS))


def is_wind(kind: int) -> bool:
    return 18 <= kind < 22


def is_dragon(kind: int) -> bool:
    return 22 <= kind < 25


def is_major(kind: int) -> bool:
    """Terminal or honour.

    >>> [is_major(k) for k in parse_tiles("19m5p3z")]
    [True, True, False, True]
    """
    return kind in MAJOR_KINDS


def is_simple(kind: int) -> bool:
    """A suit tile 2-8."""
    return kind < 18 and kind not in MAJOR_KINDS


def stem(kind: int) -> tuple[int, ...]:
    """The stem group of a suit tile (same suit, numbers 1-4-7, 2-5-8 or 3-6-9); honours have none.

    >>> format_tiles(stem(parse_tiles("4m")[0]))
    '147m'
    >>> format_tiles(stem(parse_tiles("9p")[0]))
    '369p'
    >>> stem(RED)
    ()
    """
    if kind >= 18:
        return ()
    base = SUIT_BASE[suit(kind)]
    r = (kind - base) % 3
    return (base + r, base + r + 3, base + r + 6)


def wind_of_seat(seat: int) -> int:
    """The wind kind of seat 0-3 (E S W N).

    >>> format_tiles([wind_of_seat(2)])
    '3z'
    """
    return EAST + seat


def kind_of_tile(tile_id: int) -> int:
    """Kind of a physical tile id 0-103.

    >>> kind_of_tile(0), kind_of_tile(99), kind_of_tile(100), kind_of_tile(103)
    (0, 24, 25, 28)
    """
    if tile_id >= 100:
        return 25 + (tile_id - 100)
    return tile_id // 4


#: the first flower's tile id: ids below it are playing tiles (`is_flower_tile`, inlined by the
#: table's inner loops)
FIRST_FLOWER = 100


def is_flower_tile(tile_id: int) -> bool:
    """Whether a physical tile id is a flower (ids 100-103).

    >>> is_flower_tile(99), is_flower_tile(100)
    (False, True)
    """
    return tile_id >= FIRST_FLOWER


#: `kind_of_tile` of every tile id, for the table's inner loops
KIND_OF_TILE = tuple(kind_of_tile(t) for t in range(NUM_TILES))


def tile_ids_of_kind(kind: int) -> tuple[int, ...]:
    """The physical ids of a kind.

    >>> tile_ids_of_kind(1), tile_ids_of_kind(26)
    ((4, 5, 6, 7), (101,))
    """
    if kind >= 25:
        return (100 + kind - 25,)
    return tuple(range(kind * 4, kind * 4 + 4))


def parse_tiles(text: str) -> list[int]:
    """Parse notation into kinds in written order. Spaces are allowed between groups.

    Bad input raises `NotationError` naming the bad token:

    >>> parse_tiles("123s")
    Traceback (most recent call last):
    ...
    game.engine.errors.NotationError: bad tile notation '123s': 's' at position 3 is not a suit (use m, p, z or f); this game has no bamboo suit
    >>> parse_tiles("8z")
    Traceback (most recent call last):
    ...
    game.engine.errors.NotationError: bad tile notation '8z': '8z' at position 0 is not a tile (honours are 1z-7z)
    """  # noqa: E501 - a doctest's expected output is one line
    if not isinstance(text, str):
        raise NotationError(repr(text), repr(text), 0, "is not a string", code="not_a_string")
    out: list[int] = []
    digits: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch.isspace():
            if digits:
                raise NotationError(text, text[digits[0][1] : pos], digits[0][1],
                                    "has no suit letter after its numbers", code="no_suit")
            continue
        if ch in "0123456789":
            digits.append((int(ch), pos))
            continue
        low = ch.lower()
        if low in SUIT_LETTERS:
            if not digits:
                raise NotationError(text, ch, pos, "has no numbers before it", code="no_numbers")
            s = SUIT_LETTERS.index(low)
            for d, dpos in digits:
                if not 1 <= d <= SUIT_SIZES[s]:
                    hint = {M: "1m-9m", P: "1p-9p", Z: "1z-7z", F: "1f-4f"}[s]
                    noun = {M: "characters", P: "circles", Z: "honours", F: "flowers"}[s]
                    raise NotationError(text, f"{d}{low}", dpos, f"is not a tile ({noun} are {hint})",
                                        code="not_a_tile", args={"suit": low, "range": hint})
                out.append(SUIT_BASE[s] + d - 1)
            digits = []
            continue
        why, code = "is not a suit (use m, p, z or f)", "not_a_suit"
        if low == "s":
            why, code = why + "; this game has no bamboo suit", "bamboo"
        elif not digits:
            why, code = "is not a digit or a suit letter", "not_a_letter"
        raise NotationError(text, ch, pos, why, code=code)
    if digits:
        raise NotationError(text, text[digits[0][1]:], digits[0][1],
                            "has no suit letter after its numbers", code="no_suit")
    return out


def parse_tile(text: str) -> int:
    """Parse exactly one tile.

    >>> parse_tile("5z") == WHITE
    True
    """
    kinds = parse_tiles(text)
    if len(kinds) != 1:
        raise NotationError(text, text, 0, f"is {len(kinds)} tiles, expected exactly one",
                            code="not_one", args={"n": len(kinds)})
    return kinds[0]


def format_tiles(kinds: Iterable[int]) -> str:
    """Format kinds in the given order, sharing a suffix between neighbours of one suit.

    >>> format_tiles([])
    ''
    >>> format_tiles(sorted(parse_tiles("7z1m1m2f")))
    '11m7z2f'
    """
    parts: list[str] = []
    current = -1
    for k in kinds:
        if not 0 <= k < NUM_KINDS:
            raise ValueError(f"not a tile kind: {k!r}")
        s = suit(k)
        if s != current and current >= 0:
            parts.append(SUIT_LETTERS[current])
        parts.append(str(k - SUIT_BASE[s] + 1))
        current = s
    if current >= 0:
        parts.append(SUIT_LETTERS[current])
    return "".join(parts)


def tile_str(kind: int) -> str:
    """One tile in notation.

    >>> tile_str(RED)
    '7z'
    """
    return format_tiles((kind,))


def to_counts(kinds: Iterable[int]) -> list[int]:
    """Counts per playing kind (length 25). Flowers are not allowed in a count vector.

    >>> to_counts(parse_tiles("112m"))[:3]
    [2, 1, 0]
    """
    counts = [0] * NUM_PLAYING_KINDS
    for k in kinds:
        if not 0 <= k < NUM_PLAYING_KINDS:
            raise ValueError(f"not a playing tile: {k!r}")
        counts[k] += 1
    return counts


def from_counts(counts: Iterable[int]) -> list[int]:
    """Sorted kinds from a count vector.

    >>> format_tiles(from_counts(to_counts(parse_tiles("3z21m"))))
    '12m3z'
    """
    return [k for k, c in enumerate(counts) for _ in range(c)]


def seat_name(seat: int) -> str:
    """'E', 'S', 'W' or 'N'."""
    return SEAT_LETTERS[seat]


def parse_seat(text: str) -> int:
    """Seat letter (E S W N, any case) or wind word to 0-3.

    >>> parse_seat("w"), parse_seat("North")
    (2, 3)
    """
    t = text.strip().lower()
    for i, (letter, word) in enumerate(zip("eswn", ("east", "south", "west", "north"))):
        if t in (letter, word):
            return i
    raise ValueError(f"not a seat: {text!r} (use E, S, W or N)")
