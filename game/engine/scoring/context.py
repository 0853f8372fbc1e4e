"""The one typed input of hand evaluation, and its result: where the table and the scorer meet.

The table builds a `WinContext` for a possible win and calls
``game.engine.scoring.evaluate_win(ctx, rules) -> WinResult``; the command line `score`, the AI
and the front end build the same context. Seats are 0-3 = E S W N *for this hand*
(seat 0 is the dealer).

>>> from game.engine.tiles import parse_tiles, parse_tile
>>> ctx = WinContext(concealed=tuple(parse_tiles("234m456m345p22p678p")), win_tile=parse_tile("8p"))
>>> ctx.is_concealed, ctx.self_draw, ctx.is_dealer
(True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..melds import Meld
from ..messages import Message


@dataclass(frozen=True)
class WinContext:
    """Everything that decides the score of one win.

    `concealed` holds the concealed tiles *including* the winning tile (for a robbed kong too);
    melds are in the order they were made, each with the seat it was claimed from.
    """

    concealed: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...] = ()
    self_draw: bool = True
    seat: int = 0  # the winner's seat wind, 0 = East (dealer)
    prevalent: int | None = None  # prevalent wind seat 0-3 when the rule set uses one
    discarder: int | None = None  # seat that dealt in (discard wins and robbed kongs)
    uper: bool = False
    flowers: int = 0  # number of flowers the winner has shown (0-4)
    win_on_kong: bool = False  # self-draw on a kong replacement tile
    robbing_kong: bool = False  # won on a tile added to a pung
    last_tile: bool = False  # last wall tile (self-draw) or the final discard (claim)
    first_turn: bool = False  # first go-around, no claim before (heavenly/earthly/human hands)
    doubled: bool = False  # a triple-win draw doubled this hand's winning score

    @property
    def is_concealed(self) -> bool:
        """No claimed tile in a meld (concealed kongs allowed). A discard win stays concealed."""
        return all(not m.is_open for m in self.melds)

    @property
    def is_dealer(self) -> bool:
        return self.seat == 0


@dataclass(frozen=True)
class YakScore:
    """One scored line: a yak or bonus with its points under the active rule set."""

    key: str
    points: int
    kind: str  # "basic" or "bonus"
    name_ko: str
    name_en: str
    count: int = 1  # e.g. the number of dragon pungs, dora tiles or flowers behind `points`

    def to_json(self) -> dict:
        return {"key": self.key, "points": self.points, "kind": self.kind}


@dataclass(frozen=True)
class WinResult:
    """The score of a win. `valid` is False for a chicken hand (< 2 basic points) or a bad shape."""

    valid: bool
    basic: int
    bonus: int
    ante: int
    total: int  # Final = ante + basic + bonus (capped); payments multiply it
    yak: tuple[YakScore, ...]
    groups: tuple[tuple[int, ...], ...] = ()  # the chosen decomposition, e.g. ((0,1,2), (18,18))
    reason: Message | None = None  # why the win is not valid (None when it is)

    def to_json(self) -> dict:
        return {
            "valid": self.valid, "basic": self.basic, "bonus": self.bonus, "ante": self.ante,
            "total": self.total, "yak": [y.to_json() for y in self.yak],
        }
