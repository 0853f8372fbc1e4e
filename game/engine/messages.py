"""Messages: what the engine, the AI and the learning tools say, as data, not sentences.

A reason (a refused uper, a chicken hand, a sacred discard, an AI's explanation, a hint) is a
`Message`: a kind's code plus typed arguments, made where the reason arises. Words are made only at
the edge: the UI and the command line render a message in the player's language from the
catalogues in `game/i18n` (tiles named as players name them, or in notation when asked).
``str(message)`` is the English with tiles in notation, for logs, exceptions and tests.

Every kind is declared once with `define` (its code, its English template in `str.format` syntax
and the type of each argument); the set of kinds is closed: a message of an unknown code, a
missing or extra argument, or an argument of the wrong type raises `MessageError`.

>>> NOT_READY = define("doc.not_ready", "your hand is not ready")
>>> WALL = define("doc.wall", "only {n} tile left; uper needs {need}",
...               plural="only {n} tiles left; uper needs {need}", count="n", n=INT, need=INT)
>>> WIN_ON = define("doc.win_on", "{tile} would win ({why})", tile=TILE, why=MSG)
>>> m = WIN_ON(tile=16, why=WALL(n=3, need=4))
>>> str(m)
'8p would win (only 3 tiles left; uper needs 4)'
>>> m.code, m["tile"], str(NOT_READY())
('doc.win_on', 16, 'your hand is not ready')
>>> message_from_json(m.to_json()) == m
True
>>> WALL(n="3", need=4)
Traceback (most recent call last):
...
game.engine.messages.MessageError: doc.wall: argument n must be an integer, not '3'
"""

from __future__ import annotations

import enum
import string
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import ACTION_TYPES, action_from_json
from .tiles import NUM_KINDS, SEAT_LETTERS, format_tiles, is_suited, stem, tile_str

__all__ = [
    "ACTION", "ACTIONS", "FLOAT", "GROUPS", "INT", "KINDS", "LIST", "MSG", "MSGS", "SEAT", "SEATS",
    "STEM", "TEXT", "TILE", "TILES", "YAK", "YAKS", "Arg", "Kind", "Message", "MessageError",
    "define", "domain_of", "english", "message_from_json", "placeholders",
]


class MessageError(ValueError):
    """A message that is not one of the declared kinds, or an argument of the wrong type."""


class Arg(enum.Enum):
    """The type of a message argument; the renderer names each type in the player's language."""

    TILE = "tile"        # a tile kind (0-28)
    TILES = "tiles"      # a tuple of tile kinds, in the order given
    STEM = "stem"        # a suit tile kind, named by its stem pattern: 1m, 4m and 7m
    GROUPS = "groups"    # a tuple of tuples of tile kinds (melds: 555z 2222m)
    SEAT = "seat"        # a seat 0-3 (E S W N)
    SEATS = "seats"      # a tuple of seats
    YAK = "yak"          # a yak key of the registry (game/engine/scoring/yak.py)
    YAKS = "yaks"        # a tuple of yak keys
    INT = "int"
    FLOAT = "float"
    TEXT = "text"        # language-neutral text only: a path, a program's output, '1-4-7'
    MSG = "msg"          # a nested Message
    MSGS = "msgs"        # a tuple of Messages (rendered joined by '; ')
    LIST = "list"        # a tuple of Messages (rendered joined by ', ')
    ACTION = "action"    # an engine Action
    ACTIONS = "actions"  # a tuple of Actions


TILE, TILES, SEAT, SEATS, YAK, YAKS = Arg.TILE, Arg.TILES, Arg.SEAT, Arg.SEATS, Arg.YAK, Arg.YAKS
STEM, GROUPS = Arg.STEM, Arg.GROUPS
INT, FLOAT, TEXT, MSG, MSGS, ACTION, ACTIONS = (Arg.INT, Arg.FLOAT, Arg.TEXT, Arg.MSG, Arg.MSGS,
                                                Arg.ACTION, Arg.ACTIONS)
LIST = Arg.LIST

_TUPLES = {Arg.TILES: Arg.TILE, Arg.GROUPS: Arg.TILES, Arg.SEATS: Arg.SEAT, Arg.YAKS: Arg.YAK,
           Arg.MSGS: Arg.MSG, Arg.LIST: Arg.MSG, Arg.ACTIONS: Arg.ACTION}


def placeholders(template: str) -> frozenset[str]:
    """The argument names a `str.format` template uses.

    >>> sorted(placeholders("{tile} and {n:.2f} ({tile})"))
    ['n', 'tile']
    """
    return frozenset(name.split(".")[0].split("[")[0]
                     for _, name, _, _ in string.Formatter().parse(template) if name)


@dataclass(frozen=True)
class Kind:
    """One kind of message: code, English template(s), argument types. Call it to make one."""

    code: str
    english: str
    params: Mapping[str, Arg]
    plural: str | None = None
    count: str | None = None   # the INT argument that chooses singular or plural
    domain: str = "engine"     # the catalogue that translates it (game/i18n/locale/*/<domain>.po)

    def __call__(self, **args: Any) -> Message:
        if args.keys() != self.params.keys():
            self._check_names(args)  # says what is missing or unknown
        m = object.__new__(Message)  # checked here: the constructor's checks are not repeated
        _set(m, "code", self.code)
        _set(m, "args", tuple(sorted([(k, _check(self, k, v)) for k, v in args.items()])))
        _set(m, "_checked", True)
        return m

    def _check_names(self, args: Mapping[str, Any]) -> bool:
        missing = set(self.params) - set(args)
        extra = set(args) - set(self.params)
        if missing or extra:
            what = "; ".join(([f"missing {', '.join(sorted(missing))}"] if missing else [])
                             + ([f"unknown {', '.join(sorted(extra))}"] if extra else []))
            raise MessageError(f"{self.code}: {what}")
        return True

    def template(self, n: int | None = None) -> str:
        """The English template for a count of `n` (the plural when this kind has one)."""
        if self.plural is not None and n != 1:
            return self.plural
        return self.english


#: code -> Kind: every message there can be (filled as the modules that define kinds are imported)
KINDS: dict[str, Kind] = {}


def domain_of(module: str) -> str:
    """The catalogue a text defined in `module` belongs to (game/i18n/locale/<lang>/<domain>.po).

    >>> domain_of("ai.heuristic"), domain_of("game.practice.hints"), domain_of("game.engine.table")
    ('ai', 'practice', 'engine')
    >>> domain_of("game.settings"), domain_of("game.rulesets")  # the desktop program's files
    ('ui', 'ui')
    """
    parts = module.split(".")
    if parts[0] == "ai":
        return "ai"
    if module in ("game.settings", "game.rulesets"):
        return "ui"
    if parts[0] == "game" and len(parts) > 1 and parts[1] in ("practice", "ui", "cli"):
        return parts[1]
    if parts[0] == "game" and len(parts) > 1 and parts[1] == "i18n":
        return "words"
    return "engine"


def define(code: str, english: str, *, plural: str | None = None, count: str | None = None,
           domain: str | None = None, **params: Arg) -> Kind:
    """Declare a message kind. The templates must use exactly the declared arguments. Its
    catalogue is the one of the package that calls `define` (see `domain_of`) unless given."""
    if domain is None:
        domain = domain_of(sys._getframe(1).f_globals.get("__name__", ""))
    if code in KINDS:
        raise MessageError(f"message kind {code!r} is defined twice")
    if not all(isinstance(p, Arg) for p in params.values()):
        raise MessageError(f"{code}: argument types must be Arg values")
    for t in (english, plural):
        if t is not None and placeholders(t) != set(params):
            raise MessageError(f"{code}: template {t!r} must use exactly {sorted(params)}")
    if (plural is None) != (count is None) or (count is not None and params.get(count) is not INT):
        raise MessageError(f"{code}: a plural needs `count`, the name of an INT argument")
    kind = Kind(code, english, dict(params), plural, count, domain)
    KINDS[code] = kind
    return kind


def _check(kind: Kind, name: str, value: Any) -> Any:
    t = kind.params.get(name)
    if t is None:
        return value  # reported by _check_names
    if t in _TUPLES:
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise MessageError(f"{kind.code}: argument {name} must be a sequence, not {value!r}")
        return tuple(_check_one(kind, name, _TUPLES[t], v) for v in value)
    return _check_one(kind, name, t, value)


_set = object.__setattr__
_WHAT = {Arg.TILE: "a tile kind 0-28", Arg.SEAT: "a seat 0-3", Arg.INT: "an integer"}


def _check_one(kind: Kind, name: str, t: Arg, v: Any) -> Any:
    ok: bool
    if t is Arg.TILES:  # one group of Arg.GROUPS
        return _check(Kind(kind.code, "", {name: t}), name, v)
    if t is Arg.STEM:
        ok, what = isinstance(v, int) and not isinstance(v, bool) and is_suited(v), "a suit tile"
    elif t is Arg.INT or t is Arg.TILE or t is Arg.SEAT:
        ok = isinstance(v, int) and not isinstance(v, bool)
        if ok and t is Arg.TILE:
            ok = 0 <= v < NUM_KINDS
        elif ok and t is Arg.SEAT:
            ok = 0 <= v < 4
        if ok:
            return v
        what = _WHAT[t]
    elif t is Arg.FLOAT:
        ok, what = isinstance(v, (int, float)) and not isinstance(v, bool), "a number"
        v = float(v) if ok else v
    elif t in (Arg.YAK, Arg.TEXT):
        ok, what = isinstance(v, str), "a string"
    elif t is Arg.MSG:
        ok, what = isinstance(v, Message), "a Message"
    else:  # ACTION: the engine's frozen action dataclasses
        ok, what = isinstance(v, ACTION_TYPES), "an engine Action"
    if not ok:
        raise MessageError(f"{kind.code}: argument {name} must be {what}, not {v!r}")
    return v


@dataclass(frozen=True)
class Message:
    """A reason, verdict or explanation: a kind's `code` and its arguments (sorted by name)."""

    code: str
    args: tuple[tuple[str, Any], ...] = ()
    _checked: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self._checked:  # made directly, not through Kind(...): check it the same way
            kind = self.kind
            args = dict(self.args)
            kind._check_names(args)
            object.__setattr__(self, "args", tuple(sorted((k, _check(kind, k, v))
                                                          for k, v in args.items())))

    @property
    def kind(self) -> Kind:
        try:
            return KINDS[self.code]
        except KeyError:
            raise MessageError(f"unknown message kind {self.code!r}") from None

    __iter__ = None  # not a container of words: `"x" in message` is a mistake, not False

    def __getitem__(self, name: str) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.args).get(name, default)

    def __str__(self) -> str:
        return english(self)

    def to_json(self) -> dict:
        """``{"code", "args", "text"}``: the external seat protocol and records carry this."""
        return {"code": self.code, "args": {k: _arg_json(v) for k, v in self.args},
                "text": str(self)}


def _arg_json(v: Any) -> Any:
    if isinstance(v, Message):
        return v.to_json()
    if isinstance(v, tuple):
        return [_arg_json(x) for x in v]
    if hasattr(v, "to_json"):
        return v.to_json()
    return v


def message_from_json(data: Any) -> Message:
    """The message `to_json` wrote (its "text" is ignored); anything else raises MessageError."""
    if not isinstance(data, Mapping) or not isinstance(data.get("code"), str):
        raise MessageError(f"not a message: {data!r:.80}")
    kind = KINDS.get(data["code"])
    if kind is None:
        raise MessageError(f"unknown message kind {data['code']!r}")
    raw = data.get("args", {})
    if not isinstance(raw, Mapping):
        raise MessageError(f"{kind.code}: args must be an object")
    args = {}
    for name, v in raw.items():
        t = kind.params.get(name)
        if t is None:
            raise MessageError(f"{kind.code}: unknown argument {name!r}")
        one = _TUPLES.get(t, t)
        if t in _TUPLES:
            if not isinstance(v, list):
                raise MessageError(f"{kind.code}: argument {name} must be a list")
            args[name] = tuple(_one_from_json(kind, one, x) for x in v)
        else:
            args[name] = _one_from_json(kind, t, v)
    return kind(**args)


def _one_from_json(kind: Kind, t: Arg, v: Any) -> Any:
    if t is Arg.MSG:
        return message_from_json(v)
    if t is Arg.TILES:
        if not isinstance(v, list):
            raise MessageError(f"{kind.code}: a group of tiles must be a list")
        return tuple(v)
    if t is Arg.ACTION:
        try:
            return action_from_json(v)
        except ValueError as e:
            raise MessageError(f"{kind.code}: {e}") from None
    return v


# ---------------------------------------------------------------- English with tiles in notation

def _yak_label(key: str) -> str:
    """A yak key as short words ('dragon_pung' -> 'dragon pung'), as `Yak.label` gives them."""
    return key.replace("_", " ")


def _action_text(a: Any) -> str:
    return repr(a)


def stem_words(kind: int) -> str:
    """'1m, 4m and 7m' for any tile of that stem."""
    a, b, c = (tile_str(k) for k in stem(kind))
    return f"{a}, {b} and {c}"


#: how `str()` names each argument type (English, tiles in notation)
NOTATION: dict[Arg, Callable[[Any], str]] = {
    Arg.TILE: tile_str,
    Arg.TILES: lambda ks: format_tiles(ks),
    Arg.STEM: stem_words,
    Arg.GROUPS: lambda gs: " ".join(format_tiles(g) for g in gs),
    Arg.SEAT: lambda s: SEAT_LETTERS[s],
    Arg.SEATS: lambda ss: ", ".join(SEAT_LETTERS[s] for s in ss),
    Arg.YAK: _yak_label,
    Arg.YAKS: lambda ks: ", ".join(_yak_label(k) for k in ks),
    Arg.TEXT: str,
    Arg.MSG: str,
    Arg.MSGS: lambda ms: "; ".join(str(m) for m in ms),
    Arg.LIST: lambda ms: ", ".join(str(m) for m in ms),
    Arg.ACTION: _action_text,
    Arg.ACTIONS: lambda acts: ", ".join(_action_text(a) for a in acts),
}


def english(message: Message) -> str:
    """The message in English with tiles in notation (what ``str(message)`` gives)."""
    kind = message.kind
    args = dict(message.args)
    n = args.get(kind.count) if kind.count else None
    out = {k: (v if kind.params[k] in (Arg.INT, Arg.FLOAT) else NOTATION[kind.params[k]](v))
           for k, v in args.items()}
    return kind.template(n).format(**out)
