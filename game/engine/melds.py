"""Open and concealed melds (pung, kong). There is no chow in these rules.

>>> m = Meld(PUNG, parse_tile("7z"), from_seat=2)
>>> m
Meld('pung', 7z, from W)
>>> m.size, m.is_open, Meld(CONCEALED_KONG, 0).is_open
(3, True, False)
>>> Meld("added_kong", 0).type is MeldType.ADDED_KONG
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .tiles import is_playing, parse_tile, seat_name, tile_str


class MeldType(StrEnum):
    """The kind of a meld; its value is its JSON (a `StrEnum`: equal to the bare string)."""

    PUNG = "pung"  # claimed from a discard
    KONG = "kong"  # melded kong: a discard claimed onto a concealed triplet
    ADDED_KONG = "added_kong"  # a fourth tile added to an own melded pung
    CONCEALED_KONG = "concealed_kong"  # four own tiles; the hand stays concealed

    def __repr__(self) -> str:
        return repr(self.value)


PUNG, KONG, ADDED_KONG, CONCEALED_KONG = (MeldType.PUNG, MeldType.KONG, MeldType.ADDED_KONG,
                                          MeldType.CONCEALED_KONG)
MELD_TYPES = tuple(MeldType)

__all__ = ["ADDED_KONG", "CONCEALED_KONG", "KONG", "MELD_TYPES", "PUNG", "Meld", "MeldType",
           "parse_tile"]


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. `from_seat` is the seat whose discard was claimed (None if concealed)."""

    type: MeldType
    tile: int
    from_seat: int | None = None

    def __post_init__(self) -> None:
        if type(self.type) is not MeldType:
            if self.type not in MELD_TYPES:
                raise ValueError(f"unknown meld type {self.type!r}")
            object.__setattr__(self, "type", MeldType(self.type))
        if not is_playing(self.tile):
            raise ValueError(f"a meld needs a playing tile, got {self.tile!r}")

    @property
    def is_kong(self) -> bool:
        return self.type != PUNG

    @property
    def is_open(self) -> bool:
        """Whether the meld breaks concealment (everything but a concealed kong)."""
        return self.type != CONCEALED_KONG

    @property
    def size(self) -> int:
        return 3 if self.type == PUNG else 4

    def to_json(self) -> dict:
        d: dict = {"type": self.type, "tile": tile_str(self.tile)}
        if self.from_seat is not None:
            d["from"] = seat_name(self.from_seat)
        return d

    @classmethod
    def from_json(cls, d: dict) -> Meld:
        frm = d.get("from")
        return cls(d["type"], parse_tile(d["tile"]), None if frm is None else "ESWN".index(frm))

    def __repr__(self) -> str:
        src = "" if self.from_seat is None else f", from {seat_name(self.from_seat)}"
        return f"Meld({self.type!r}, {tile_str(self.tile)}{src})"
