"""What a seat can do: a closed set of frozen dataclasses, `match`-friendly, with a JSON form.

There is no chow in these rules. Tiles are kinds (0-24) and print in notation.

>>> a = Discard(parse_tile("5p"), uper=True)
>>> a
Discard(5p, uper)
>>> a.to_json()
{'type': 'discard', 'tile': '5p', 'uper': True}
>>> action_from_json(a.to_json()) == a
True
>>> action_from_json({"type": "pass"})
Pass()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import MahjongError
from .tiles import parse_tile, tile_str


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a tile (the drawn tile if it is of that kind); `uper=True` declares uper with it."""

    tile: int
    uper: bool = False

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "discard", "tile": tile_str(self.tile)}
        if self.uper:
            d["uper"] = True
        return d

    def __repr__(self) -> str:
        return f"Discard({tile_str(self.tile)}{', uper' if self.uper else ''})"


@dataclass(frozen=True, slots=True)
class Win:
    """Declare a win: self-draw on the own turn, claim on a discard, or rob a kong (context tells)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "win"}

    def __repr__(self) -> str:
        return "Win()"


@dataclass(frozen=True, slots=True)
class Pung:
    """Claim a discard onto a concealed pair."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "pung"}

    def __repr__(self) -> str:
        return "Pung()"


@dataclass(frozen=True, slots=True)
class Kong:
    """Claim a discard onto a concealed triplet (melded kong)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "kong"}

    def __repr__(self) -> str:
        return "Kong()"


@dataclass(frozen=True, slots=True)
class ConcealedKong:
    """Declare four own tiles of a kind as a concealed kong."""

    tile: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "concealed_kong", "tile": tile_str(self.tile)}

    def __repr__(self) -> str:
        return f"ConcealedKong({tile_str(self.tile)})"


@dataclass(frozen=True, slots=True)
class AddedKong:
    """Add the fourth tile to an own melded pung."""

    tile: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "added_kong", "tile": tile_str(self.tile)}

    def __repr__(self) -> str:
        return f"AddedKong({tile_str(self.tile)})"


@dataclass(frozen=True, slots=True)
class DeclareNineMajor:
    """Declare the nine-major-tiles abortive draw (first turn, no claim yet)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "nine_major"}

    def __repr__(self) -> str:
        return "DeclareNineMajor()"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let a discard (or an added kong) go."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}

    def __repr__(self) -> str:
        return "Pass()"


Action = Discard | Win | Pung | Kong | ConcealedKong | AddedKong | DeclareNineMajor | Pass
ACTION_TYPES = (Discard, Win, Pung, Kong, ConcealedKong, AddedKong, DeclareNineMajor, Pass)

WIN, PUNG, KONG, PASS = Win(), Pung(), Kong(), Pass()
NINE_MAJOR = DeclareNineMajor()

_SIMPLE: dict[str, Action] = {"win": WIN, "pung": PUNG, "kong": KONG, "pass": PASS, "nine_major": NINE_MAJOR}
_WITH_TILE: dict[str, type[ConcealedKong | AddedKong]] = {"concealed_kong": ConcealedKong, "added_kong": AddedKong}


class ActionFormatError(MahjongError, ValueError):
    """A JSON action that is not one of the known shapes."""


def action_from_json(data: Any) -> Action:
    """Read an action written by `to_json`.

    >>> action_from_json({"type": "chow"})
    Traceback (most recent call last):
    ...
    game.engine.actions.ActionFormatError: unknown action type 'chow' (there is no chow in Korean 2-point mahjong); known: discard, win, pung, kong, pass, nine_major, concealed_kong, added_kong
    >>> action_from_json({"type": "discard", "tile": "5p", "uper": "false"})
    Traceback (most recent call last):
    ...
    game.engine.actions.ActionFormatError: a discard's 'uper' must be true or false, got 'false'
    """  # noqa: E501 - a doctest's expected output is one line
    if not isinstance(data, dict) or "type" not in data:
        raise ActionFormatError(f"an action is a JSON object with a 'type', got {data!r}")
    t = data["type"]
    if t in _SIMPLE:
        return _SIMPLE[t]
    if t == "discard":
        uper = data.get("uper", False)
        if type(uper) is not bool:  # "false" is text, and bool("false") would be a yes
            raise ActionFormatError(f"a discard's 'uper' must be true or false, got {uper!r}"[:200])
        return Discard(parse_tile(_tile_field(data)), uper=uper)
    if t in _WITH_TILE:
        return _WITH_TILE[t](parse_tile(_tile_field(data)))
    known = ", ".join(["discard", *_SIMPLE, *_WITH_TILE])
    extra = " (there is no chow in Korean 2-point mahjong)" if t == "chow" else ""
    raise ActionFormatError(f"unknown action type {t!r}{extra}; known: {known}")


def _tile_field(data: dict) -> str:
    tile = data.get("tile")
    if not isinstance(tile, str):
        raise ActionFormatError(f"action {data.get('type')!r} needs a 'tile' in notation, got {tile!r}")
    return tile
