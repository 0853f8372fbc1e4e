"""The event log: a closed set of frozen dataclasses, one JSON object per line with a "type" tag.

The log drives everything (animations, replays, saved games, AI seats, statistics). Physical
tile ids (0-103) are kept where identity matters; the JSON also carries the tiles in notation
for people. Each event has a per-seat view: `visible_to(seat)` hides other players' concealed
tiles (and the whole wall layout).

>>> e = Drew(seat=1, tile=52, position=70, replacement=False)
>>> e.to_json()
{'type': 'draw', 'seat': 'S', 'tile': 52, 'position': 70, 'replacement': False, 'notation': '5p'}
>>> event_from_json(e.to_json()) == e
True
>>> e.visible_to(2)
Drew(seat=1, tile=None, position=70, replacement=False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from .errors import MahjongError
from .kinds import DicePurpose, EndReason, WinHow
from .melds import MeldType
from .messages import TEXT, Message, define
from .tiles import SEAT_LETTERS, format_tiles, kind_of_tile, parse_tile, tile_str

_SEAT_FIELDS = frozenset(("seat", "from_seat", "breaker", "dealer"))
#: fields whose value is one of a closed set of names (read back as that enum)
_NAMED_FIELDS: dict[str, type[StrEnum]] = {
    "purpose": DicePurpose, "meld": MeldType, "how": WinHow, "reason": EndReason}
_ID_FIELDS = frozenset(("tile",))  # one physical id (or None when hidden)
_IDS_FIELDS = frozenset(("tiles", "ids"))  # tuples of physical ids


class EventFormatError(MahjongError, ValueError):
    """A JSON event that is not one of the known shapes, or whose field has a value of the
    wrong kind or out of its range (the one error `event_from_json` raises)."""


# a field of a decoded event that is of the wrong kind or out of range ({event} and {field} are
# quoted names, {value} the record's own value as Python writes it, cut short)
FIELD_BOOL = define("event.field.bool",
                    "event {event}: field {field} must be true or false, got {value}",
                    event=TEXT, field=TEXT, value=TEXT)
FIELD_TEXT = define("event.field.text", "event {event}: field {field} must be text, got {value}",
                    event=TEXT, field=TEXT, value=TEXT)
FIELD_VALUE = define("event.field.value", "event {event}: bad value of field {field}: {value}",
                     event=TEXT, field=TEXT, value=TEXT)
FIELD_UNKNOWN = define("event.field.unknown", "event {event}: unknown field {field}",
                       event=TEXT, field=TEXT)


def _enc(name: str, v: Any) -> Any:
    if v is None:
        return None
    if isinstance(v, Winner):
        return v.to_json()
    if name in _SEAT_FIELDS:
        return SEAT_LETTERS[v]
    if isinstance(v, tuple):
        return [_enc("", x) for x in v]
    return v


def _dec(name: str, v: Any) -> Any:
    if v is None:
        return None
    if name in _SEAT_FIELDS:
        if v not in ("E", "S", "W", "N"):
            raise EventFormatError(f"field {name!r} must be a seat letter E/S/W/N, got {v!r}")
        return SEAT_LETTERS.index(v)
    if isinstance(v, list):
        return tuple(_dec("", x) for x in v)
    return v


class _Event:
    """Shared JSON and per-seat view machinery."""

    type: ClassVar[str]
    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _enc(f.name, getattr(self, f.name))
        note = self._notation()
        if note is not None:
            out["notation"] = note
        return out

    def _notation(self) -> str | None:
        names = {f.name for f in dataclasses.fields(self)}  # type: ignore[arg-type]
        for name in ("tile", "tiles"):
            if name in names:
                v = getattr(self, name)
                if v is None:
                    return None
                ids = (v,) if isinstance(v, int) else v
                return format_tiles(kind_of_tile(t) for t in ids if t >= 0)
        return None

    def visible_to(self, seat: int) -> _Event:
        """This event as `seat` sees it (other players' concealed tiles hidden)."""
        return self


@dataclass(frozen=True, slots=True)
class SessionStarted(_Event):
    """A session begins: `players` are the seat names in player order, `seats[p]` the first
    hand's seat of player p, chosen by `rolls` (dice per player, ties re-rolled) or wind tiles."""

    type: ClassVar[str] = "session_start"
    seed: int | None
    rules: dict
    players: tuple[str, ...]
    method: str
    rolls: tuple
    seats: tuple[int, ...]

    def visible_to(self, seat: int) -> SessionStarted:
        """The seed would reveal every wall: seats do not see it."""
        return dataclasses.replace(self, seed=None)


@dataclass(frozen=True, slots=True)
class HandStarted(_Event):
    """A hand begins. Seat 0 is East (the dealer); `players[s]` is the player at seat s."""

    type: ClassVar[str] = "hand_start"
    hand: int
    seed: int | None
    prevalent: int | None
    doubled: bool
    players: tuple[int, ...]
    scores: tuple[int, ...]
    rules: dict

    def visible_to(self, seat: int) -> HandStarted:
        """The seed would reveal the wall: seats do not see it."""
        global _LAST_START
        last = _LAST_START
        if last is not None and last[0] is self:  # every seat sees the same start
            return last[1]
        seen = dataclasses.replace(self, seed=None)
        _LAST_START = (self, seen)
        return seen


@dataclass(frozen=True, slots=True)
class WallBuilt(_Event):
    """The tile id at every wall position (-1 = empty place); hidden from the seats."""

    type: ClassVar[str] = "wall_built"
    tiles: tuple[int, ...] | None

    def visible_to(self, seat: int) -> WallBuilt:
        return WallBuilt(None)

    def _notation(self) -> str | None:
        return None


@dataclass(frozen=True, slots=True)
class DiceRolled(_Event):
    """`seat` throws two dice; `purpose` is "breaker" (East's throw) or "count"."""

    type: ClassVar[str] = "dice"
    seat: int
    faces: tuple[int, int]
    purpose: DicePurpose


@dataclass(frozen=True, slots=True)
class WallBroken(_Event):
    """The wall is broken: `counted` is the last counted stack id (owner * 13 + stack), the
    replacement end; `break_stack` the first live stack."""

    type: ClassVar[str] = "wall_broken"
    breaker: int
    count: int
    counted: int
    break_stack: int


@dataclass(frozen=True, slots=True)
class Dealt(_Event):
    """A deal block: `seat` takes `tiles` from wall `positions`."""

    type: ClassVar[str] = "deal"
    seat: int
    tiles: tuple[int, ...] | None
    positions: tuple[int, ...]

    def visible_to(self, seat: int) -> Dealt:
        return self if seat == self.seat else Dealt(self.seat, None, self.positions)


@dataclass(frozen=True, slots=True)
class FlowerShown(_Event):
    """`seat` shows a flower and puts it aside (a replacement draw follows)."""

    type: ClassVar[str] = "flower"
    seat: int
    tile: int


#: the last hand start a seat was shown and what it saw of it (the original held, so its
#: identity stays its own)
_LAST_START: tuple[HandStarted, HandStarted] | None = None
#: a draw as the other seats see it, by seat, wall position and replacement (a few hundred)
_HIDDEN_DRAWS: dict[tuple[int, int, bool], Drew] = {}


@dataclass(frozen=True, slots=True)
class Drew(_Event):
    """`seat` draws `tile` from wall `position`: the live head, or the back wall when
    `replacement` (after a flower or a kong)."""

    type: ClassVar[str] = "draw"
    seat: int
    tile: int | None
    position: int
    replacement: bool

    def visible_to(self, seat: int) -> Drew:
        if seat == self.seat:
            return self
        key = (self.seat, self.position, self.replacement)
        hidden = _HIDDEN_DRAWS.get(key)
        if hidden is None:  # an event is an immutable value: the other three share one
            hidden = _HIDDEN_DRAWS[key] = Drew(self.seat, None, self.position, self.replacement)
        return hidden


@dataclass(frozen=True, slots=True)
class Discarded(_Event):
    """`seat` discards `tile`; `uper` if laid sideways (the declaration); `drawn` if it was the
    tile just drawn; `auto` if the engine discarded it for a frozen (uper) hand."""

    type: ClassVar[str] = "discard"
    seat: int
    tile: int
    uper: bool = False
    drawn: bool = False
    auto: bool = False


@dataclass(frozen=True, slots=True)
class Claimed(_Event):
    """`seat` claims `from_seat`'s discard `tile` for a pung or a (melded) kong, showing
    `tiles` (the claimed tile included)."""

    type: ClassVar[str] = "claim"
    seat: int
    meld: MeldType
    tile: int
    from_seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KongDeclared(_Event):
    """A concealed kong (`tiles` = the four) or an added kong (`tiles` = the added tile)."""

    type: ClassVar[str] = "kong"
    seat: int
    meld: MeldType
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NineMajorDeclared(_Event):
    """`seat` shows `tiles` with nine or more different major kinds: an abortive draw."""

    type: ClassVar[str] = "nine_major"
    seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WinDeclared(_Event):
    """`seat` wins on `tile`: "self_draw", "discard" or "robbing_kong" (from `from_seat`)."""

    type: ClassVar[str] = "win"
    seat: int
    tile: int
    how: WinHow
    from_seat: int | None
    concealed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class YakLine:
    """One line of a win's score: a yak key, its points and its kind ("basic" or "bonus")."""

    key: str
    points: int
    kind: str


@dataclass(frozen=True, slots=True)
class WinScore:
    """A win's score as the hand's end tells it (the scorer's `WinResult` without the reading)."""

    valid: bool
    basic: int
    bonus: int
    ante: int
    total: int
    yak: tuple[YakLine, ...]

    def to_json(self) -> dict[str, Any]:
        return {"valid": self.valid, "basic": self.basic, "bonus": self.bonus, "ante": self.ante,
                "total": self.total,
                "yak": [{"key": y.key, "points": y.points, "kind": y.kind} for y in self.yak]}


@dataclass(frozen=True, slots=True)
class Winner:
    """One winner of a hand: seat, how (self_draw / discard / robbing_kong), from whom, the
    winning tile kind, the score and this win's payments per seat."""

    seat: int
    how: WinHow
    from_seat: int | None
    tile: int
    result: WinScore
    payments: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": SEAT_LETTERS[self.seat], "how": str(self.how),
                "from": None if self.from_seat is None else SEAT_LETTERS[self.from_seat],
                "tile": tile_str(self.tile), "result": self.result.to_json(),
                "payments": list(self.payments)}

    @classmethod
    def from_json(cls, data: Any) -> Winner:
        """A winner as `to_json` wrote it; anything else raises EventFormatError.

        >>> w = Winner(2, WinHow.DISCARD, 1, 13, WinScore(True, 2, 0, 10, 12,
        ...            (YakLine("seven_pairs", 2, "basic"),)), (0, -12, 12, 0))
        >>> Winner.from_json(w.to_json()) == w
        True
        """
        try:
            res = data["result"]
            yak = tuple(YakLine(str(y["key"]), _count(y["points"]), str(y["kind"]))
                        for y in res["yak"])
            frm = data["from"]
            return cls(SEAT_LETTERS.index(_letter(data["seat"])), WinHow(data["how"]),
                       None if frm is None else SEAT_LETTERS.index(_letter(frm)),
                       parse_tile(data["tile"]),
                       WinScore(_flag(res["valid"]), _count(res["basic"]), _count(res["bonus"]),
                                _count(res["ante"]), _count(res["total"]), yak),
                       _four(tuple(_count(p) for p in data["payments"])))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise EventFormatError(f"a winner must be seat, how, from, tile, result and "
                                   f"payments as written by the engine ({e})"[:300]) from None


def _letter(v: Any) -> str:
    if v not in ("E", "S", "W", "N"):
        raise ValueError(f"not a seat letter: {v!r}")
    return v


def _four(v: tuple[int, ...]) -> tuple[int, ...]:
    if len(v) != 4:
        raise ValueError(f"not four payments: {v!r}")
    return v


def _flag(v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"not true or false: {v!r}")
    return v


def _count(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"not a whole number: {v!r}")
    return v


@dataclass(frozen=True, slots=True)
class HandEnded(_Event):
    """The hand is over. `reason`: "win", "exhaustive", "nine_major", "four_winds",
    "triple_win". `winners`: one `Winner` per winner (seat, how, score, payments);
    `payments[s]`: the signed total of seat s; `hands`: every seat's concealed tiles (shown)."""

    type: ClassVar[str] = "hand_end"
    reason: EndReason
    winners: tuple[Winner, ...]
    payments: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    next_doubled: bool
    dealer_keeps: bool

    def _notation(self) -> str | None:
        return None


@dataclass(frozen=True, slots=True)
class SessionEnded(_Event):
    """The session is over after `hands` hands; `scores` per player."""

    type: ClassVar[str] = "session_end"
    hands: int
    scores: tuple[int, ...]


Event = (
    SessionStarted
    | HandStarted
    | WallBuilt
    | DiceRolled
    | WallBroken
    | Dealt
    | FlowerShown
    | Drew
    | Discarded
    | Claimed
    | KongDeclared
    | NineMajorDeclared
    | WinDeclared
    | HandEnded
    | SessionEnded
)
EVENT_TYPES: dict[str, type] = {c.type: c for c in (
    SessionStarted, HandStarted, WallBuilt, DiceRolled, WallBroken, Dealt, FlowerShown, Drew,
    Discarded, Claimed, KongDeclared, NineMajorDeclared, WinDeclared, HandEnded, SessionEnded)}


def event_from_json(data: Any) -> Event:
    """Read an event written by `to_json` (the "notation" key is for people and ignored).

    >>> event_from_json({"type": "shuffle"})
    Traceback (most recent call last):
    ...
    game.engine.events.EventFormatError: unknown event type 'shuffle'
    """
    if not isinstance(data, dict) or "type" not in data:
        raise EventFormatError(f"an event is a JSON object with a 'type', got {data!r}")
    cls = EVENT_TYPES.get(data["type"])
    if cls is None:
        raise EventFormatError(f"unknown event type {data['type']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    for key in data:
        if key not in names and key not in ("type", "notation"):
            raise EventFormatError(FIELD_UNKNOWN(event=repr(data["type"]), field=_short(key)))
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise EventFormatError(f"event {data['type']!r} lacks field {f.name!r}")
        kwargs[f.name] = v = _dec(f.name, data[f.name])
        named = _NAMED_FIELDS.get(f.name)
        if named is not None:
            try:
                kwargs[f.name] = named(v)
            except (ValueError, TypeError):
                known = ", ".join(named)
                raise EventFormatError(f"event {data['type']!r}: {f.name!r} must be one of "
                                       f"{known}, got {v!r}"[:300]) from None
    if cls is HandEnded:
        if not isinstance(kwargs["winners"], tuple):
            raise EventFormatError("event 'hand_end': winners must be a list")
        kwargs["winners"] = tuple(Winner.from_json(w) for w in kwargs["winners"])
    try:
        event = cls(**kwargs)
    except TypeError as e:
        raise EventFormatError(f"event {data['type']!r}: {e}") from None
    why = _bad_field(event)
    if why is not None:
        raise EventFormatError(why)
    return event


# ---------------------------------------------------------------------------- field ranges
def _int(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _ints(v: Any, lo: int, hi: int, n: int | None = None) -> bool:
    return isinstance(v, tuple) and (n is None or len(v) == n) and all(_int(x, lo, hi) for x in v)


_BIG = 10 ** 12
_LAST_ID = 103  # the last physical tile id (104 tiles, flowers included)
#: what each field may hold, by name (`_CLASS_CHECKS` first, for a name that differs by event)
_FIELD_CHECKS: dict[str, Callable[[Any], bool]] = {
    "seat": lambda v: _int(v, 0, 3),
    "breaker": lambda v: _int(v, 0, 3),
    "dealer": lambda v: _int(v, 0, 3),
    "from_seat": lambda v: _int(v, 0, 3),
    "tile": lambda v: _int(v, 0, _LAST_ID),
    "tiles": lambda v: v is None or _ints(v, -1, _LAST_ID),
    "positions": lambda v: _ints(v, 0, _LAST_ID),
    "position": lambda v: _int(v, -_BIG, _BIG),
    "concealed": lambda v: _ints(v, 0, _LAST_ID),
    "hand": lambda v: _int(v, 1, _BIG),
    "scores": lambda v: _ints(v, -_BIG, _BIG, 4),
    "payments": lambda v: _ints(v, -_BIG, _BIG, 4),
    "winners": lambda v: isinstance(v, tuple) and all(isinstance(w, Winner) for w in v),
    "faces": lambda v: _ints(v, 1, 6, 2),
    "count": lambda v: _int(v, 0, _BIG),
    "counted": lambda v: _int(v, 0, _BIG),
    "break_stack": lambda v: _int(v, 0, _BIG),
    "prevalent": lambda v: v is None or _int(v, 0, 3),
    "seed": lambda v: v is None or _int(v, -_BIG * _BIG, _BIG * _BIG),
    "rules": lambda v: isinstance(v, dict),
    "seats": lambda v: _ints(v, 0, 3, 4),
    "rolls": lambda v: isinstance(v, tuple),
}
_CLASS_CHECKS: dict[tuple[type, str], Callable[[Any], bool]] = {
    (Drew, "tile"): lambda v: v is None or _int(v, 0, _LAST_ID),  # hidden in a seat's view
    (WinDeclared, "from_seat"): lambda v: v is None or _int(v, 0, 3),  # None: self-draw
    (HandStarted, "players"): lambda v: isinstance(v, tuple) and sorted(v) == [0, 1, 2, 3]
    and all(_int(x, 0, 3) for x in v),
    (SessionStarted, "players"): lambda v: isinstance(v, tuple) and len(v) == 4
    and all(isinstance(x, str) for x in v),
    (HandEnded, "hands"): lambda v: isinstance(v, tuple) and len(v) == 4
    and all(_ints(h, 0, _LAST_ID) for h in v),
    (SessionEnded, "hands"): lambda v: _int(v, 0, _BIG),
}


def _short(v: Any, n: int = 40) -> str:
    """`v` for a reason: text as it is, anything else as Python writes it, at most `n` long."""
    text = v if isinstance(v, str) else repr(v)
    return text if len(text) <= n else text[:n] + "..."


def _bad_field(e: Any) -> Message | None:
    """Why the first field of a decoded event is of the wrong kind or out of range, or None."""
    for f in dataclasses.fields(e):
        v = getattr(e, f.name)
        check = _CLASS_CHECKS.get((type(e), f.name)) or _FIELD_CHECKS.get(f.name)
        if check is None:
            if f.type == "bool" and not isinstance(v, bool):
                return FIELD_BOOL(event=repr(e.type), field=repr(f.name), value=_short(v))
            if f.type == "str" and not isinstance(v, str):
                return FIELD_TEXT(event=repr(e.type), field=repr(f.name), value=_short(v))
            continue
        if not check(v):
            return FIELD_VALUE(event=repr(e.type), field=repr(f.name), value=_short(v))
    return None
