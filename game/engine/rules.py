"""House rules as one frozen `RuleSet`, and the yak point tables of the three presets.

>>> r = RuleSet()
>>> r.ante, r.preset, r.points("seven_pairs")
(10, 'nagari', 4)
>>> RuleSet(preset="samsiki").points("seven_pairs")
2
>>> RuleSet(yak_overrides=(("seven_pairs", 3),)).points("seven_pairs")
3
>>> RuleSet.from_dict({"ante": 0, "preset": "커피향"}).preset
'keopihyang'
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import safejson
from .error_words import reason
from .errors import RulesError
from .messages import INT, MSG, TEXT, Message, define

# what is wrong with a rule set, a rules dict or a rules file (values as the file wrote them)
UNKNOWN_PRESET = define("rules.unknown_preset",
                        "unknown yak table preset {name}; choose one of {choices}",
                        name=TEXT, choices=TEXT)
UNKNOWN_OVERRIDE = define("rules.unknown_override", "unknown yak {key} in custom values",
                          key=TEXT)
OVERRIDE_POINTS = define("rules.override_points",
                         "yak {key}: points must be a whole number 0-1000, got {value}",
                         key=TEXT, value=TEXT)
NOT_IN_RANGE = define("rules.range", "{name} must be a whole number {lo}-{hi}, got {value}",
                      name=TEXT, lo=INT, hi=INT, value=TEXT)
NOT_A_CHOICE = define("rules.choice", "{name} must be one of {choices}, got {value}",
                      name=TEXT, choices=TEXT, value=TEXT)
NOT_A_BOOL = define("rules.bool", "{name} must be true or false, got {value}",
                    name=TEXT, value=TEXT)
BAD_SCORE_CAP = define("rules.score_cap",
                       "score_cap must be a positive whole number or null, got {value}",
                       value=TEXT)
UNKNOWN_YAK = define("rules.unknown_yak", "unknown yak {key}", key=TEXT)
NOT_AN_OBJECT = define("rules.not_an_object", "rules must be a JSON object, got {type}",
                       type=TEXT)
UNKNOWN_RULE = define("rules.unknown_rule", "unknown rule {key}; known rules: {known}",
                      key=TEXT, known=TEXT)
PRESET_TYPE = define("rules.preset_type",
                     "preset must be the name of a yak table preset, got {value}", value=TEXT)
OVERRIDES_TYPE = define("rules.overrides_type",
                        "yak_overrides must be an object of yak key -> points")
IN_FILE = define("rules.file", "rules file {path}: {why}", path=TEXT, why=MSG)
WRONG_TYPE = define("rules.wrong_type", "{key} has a value of the wrong type: {value}",
                    key=TEXT, value=TEXT)
WRONG_TYPE_ANY = define("rules.wrong_type_any", "a value of the wrong type ({why})", why=TEXT)
NO_FILE = define("rules.no_file", "rules file {path}: no such file", path=TEXT)
# the reader's words ("it is a directory, not a regular file"), the system's, the JSON parser's
NOT_A_FILE = define("rules.not_a_file", "rules file {path}: {why}", path=TEXT, why=TEXT)
TOO_LARGE = define("rules.too_large", "rules file {path}: it is larger than {limit} bytes",
                   path=TEXT, limit=INT)
UNREADABLE = define("rules.unreadable", "cannot read rules file {path}: {why}",
                    path=TEXT, why=TEXT)
NOT_JSON = define("rules.not_json", "rules file {path}: {why}", path=TEXT, why=MSG)

#: Basic yak and their points in the default table ("나가리"), docs/rules.md §8.2.
BASIC_POINTS: dict[str, int] = {
    "dragon_pung": 1,
    "seat_wind": 1,
    "prevalent_wind": 1,
    "concealed": 1,
    "self_draw": 1,
    "all_sequences": 1,
    "all_simples": 1,
    "double_wind": 2,
    "half_flush": 2,
    "all_pungs": 2,
    "pure_straight": 2,
    "three_concealed_pungs": 4,
    "seven_pairs": 4,
    "little_three_dragons": 6,
    "four_concealed_pungs": 6,
    "full_flush": 8,
    "big_three_dragons": 8,
    "all_terminals_honours": 8,
    "little_four_winds": 8,
    "big_four_winds": 12,
    "all_honours": 12,
    "heavenly_hand": 16,
    "earthly_hand": 16,
    "human_hand": 16,
    "nine_gates": 24,
}

#: Bonus points (never count toward the 2-basic-point minimum), docs/rules.md §8.3.
BONUS_POINTS: dict[str, int] = {
    "uper": 1,
    "korean_dora": 1,  # per tile
    "flower": 1,  # per flower
    "all_flowers": 8,
    "win_on_kong": 5,
    "robbing_kong": 5,
    "last_tile_draw": 5,
    "last_tile_claim": 5,
    "win_on_kong_5p": 8,
    "last_tile_draw_1p": 8,
    "last_tile_claim_9p": 8,
}

ALL_YAK_KEYS: tuple[str, ...] = (*BASIC_POINTS, *BONUS_POINTS)

#: Preset key -> (Korean name, differences from the default table), docs/rules.md §8.4.
PRESETS: dict[str, tuple[str, dict[str, int]]] = {
    "nagari": ("나가리", {}),
    "samsiki": ("삼식이", {
        "three_concealed_pungs": 2, "seven_pairs": 2, "little_three_dragons": 4,
        "four_concealed_pungs": 4, "little_four_winds": 4, "all_terminals_honours": 6,
        "full_flush": 6, "big_three_dragons": 6, "big_four_winds": 6, "all_honours": 6,
        "human_hand": 12, "earthly_hand": 12, "heavenly_hand": 12, "nine_gates": 12,
    }),
    "keopihyang": ("커피향", {
        "three_concealed_pungs": 2, "seven_pairs": 2, "little_three_dragons": 6,
        "four_concealed_pungs": 6, "little_four_winds": 4, "all_terminals_honours": 4,
        "full_flush": 6, "big_three_dragons": 6, "big_four_winds": 6, "all_honours": 12,
        "human_hand": 12, "earthly_hand": 12, "heavenly_hand": 24, "nine_gates": 48,
    }),
}

_CHOICES: dict[str, tuple[str, ...]] = {
    "several_winners": ("head_bump", "all"),
    "three_winners": ("abort", "head_bump"),
    "prevalent_wind": ("none", "east", "rotating"),
    "dealer_keeps": ("win_or_draw", "win"),
    "session_mode": ("hands", "minutes", "endless", "deals"),
    "four_winds_concealed_kong": ("cancels", "stands"),
    "dealt_kong": ("own_turn", "at_deal"),
    "nine_major_count": ("after_draw", "dealt"),
    "nine_major_claims": ("void", "keep"),
    "sacred_own_wait": ("free", "frozen"),
    "flower_after_kong": ("win_on_kong", "plain"),
    "liability_self_draw": ("feeder", "shared"),
    "stem_after_uper": ("forced_too", "chosen_only"),
}


def preset_key(name: str) -> str:
    """A preset key from its key or Korean name.

    >>> preset_key("삼식이"), preset_key("NAGARI")
    ('samsiki', 'nagari')
    """
    low = name.strip().lower()
    for key, (korean, _) in PRESETS.items():
        if low in (key, korean):
            return key
    names = ", ".join(f"{k} ({ko})" for k, (ko, _) in PRESETS.items())
    raise RulesError(UNKNOWN_PRESET(name=repr(name), choices=names))


@dataclass(frozen=True)
class RuleSet:
    """Every house rule of docs/rules.md §10 (defaults first there)."""

    ante: int = 10  # 0 = method 2 (final = basic + bonus)
    preset: str = "nagari"
    yak_overrides: tuple[tuple[str, int], ...] = ()  # custom per-yak values
    discard_multiplier: int = 2  # the discarder pays 2x (or 1x) Final
    several_winners: str = "head_bump"  # or "all" (every claimant wins)
    three_winners: str = "abort"  # abortive draw and next win doubled, or "head_bump"
    nine_major_draw: bool = True
    nine_major_threshold: int = 9  # or 10
    #: a non-dealer's nine major kinds counted over his 14 tiles after his first draw, or
    #: "dealt": over his 13 dealt tiles (chapter VIII's "initial hand"), rules.md 10.1
    nine_major_count: str = "after_draw"
    #: another seat's claim or kong before his first turn voids the option, or "keep" (the
    #: chapters set no such condition; only his own claim or kong ends it), rules.md 10.1
    nine_major_claims: str = "void"
    four_winds_draw: bool = True
    #: a concealed kong in the first go-around (at the deal or in play) cancels the four-winds
    #: draw, or "stands": only a claimed pung or kong does (chapter VIII's words), docs/rules.md 10
    four_winds_concealed_kong: str = "cancels"
    prevalent_wind: str = "none"  # "east" fixed, or "rotating" by round
    dealer_keeps: str = "win_or_draw"  # or "win" (dealer keeps only on his own win)
    #: "hands": `session_hands` hands; "deals": `session_hands` passes of the deal, so a dealer's
    #: win or a draw adds a hand (the classical text's 16 hands); "minutes"; "endless"
    session_mode: str = "hands"
    session_hands: int = 16
    session_minutes: int = 60
    uper_min_wall: int = 4
    #: a tile forced out after uper closes its stem to his discard wins like any discard, or
    #: "chosen_only": only the discards he chose (to his uper discard) do, rules.md 4 and 10.1
    stem_after_uper: str = "forced_too"
    #: a ready hand with a wait in its own river (SD2) before uper stays free, or "frozen": each
    #: drawn tile that does not win goes out at once (chapter IX), rules.md 10.1
    sacred_own_wait: str = "free"
    flowers: bool = True
    #: a four of a kind dealt complete is declared on the player's own turn, or "at_deal": with
    #: his flower replacements, as a replacement-completed one is (classical text), rules.md 10.1
    dealt_kong: str = "own_turn"
    #: a kong's replacement that is a flower, replaced in turn: a win on that tile is still a
    #: win on kong, or "plain": a self-draw without the bonus, rules.md 10.1
    flower_after_kong: str = "win_on_kong"
    special_tile_bonus: bool = True  # the 5p/1p/9p forms of the kong and last-tile bonuses
    #: liability for big three dragons / big four winds when the fed player then self-draws: the
    #: feeder pays it all, or "shared": the three pay a self-draw as usual, rules.md 7 and 10.1
    liability_self_draw: str = "feeder"
    strict_table: bool = False  # wrong declarations penalised instead of refused
    score_cap: int | None = None
    _points: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._validate()
        table = dict(BASIC_POINTS)
        table.update(BONUS_POINTS)
        table.update(PRESETS[self.preset][1])
        table.update(dict(self.yak_overrides))
        object.__setattr__(self, "_points", table)

    def __hash__(self) -> int:
        # kept once worked out: rule sets key the scoring caches, and hashing all the fields
        # again on every look-up cost more than the look-up
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.compare))
            object.__setattr__(self, "_hash", h)
        return h

    def __getstate__(self) -> dict[str, Any]:
        # a string's hash differs from process to process: another process works it out again
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    def _validate(self) -> None:
        if self.preset not in PRESETS:
            object.__setattr__(self, "preset", preset_key(self.preset))
        for key, pts in self.yak_overrides:
            if key not in BASIC_POINTS and key not in BONUS_POINTS:
                raise RulesError(UNKNOWN_OVERRIDE(key=repr(key)))
            if not isinstance(pts, int) or isinstance(pts, bool) or not 0 <= pts <= 1000:
                raise RulesError(OVERRIDE_POINTS(key=repr(key), value=repr(pts)))
        ints = {"ante": (0, 10_000), "discard_multiplier": (1, 2), "nine_major_threshold": (9, 10),
                "session_hands": (1, 10_000), "session_minutes": (1, 24 * 60),
                "uper_min_wall": (0, 10)}
        for name, (lo, hi) in ints.items():
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise RulesError(NOT_IN_RANGE(name=name, lo=lo, hi=hi, value=repr(v)))
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                raise RulesError(NOT_A_CHOICE(name=name, choices=", ".join(choices),
                                              value=repr(getattr(self, name))))
        for name in ("nine_major_draw", "four_winds_draw", "flowers", "special_tile_bonus",
                     "strict_table"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(NOT_A_BOOL(name=name, value=repr(getattr(self, name))))
        cap = self.score_cap
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
            raise RulesError(BAD_SCORE_CAP(value=repr(cap)))

    def points(self, yak_key: str) -> int:
        """Points of a yak under this rule set (preset, then custom values)."""
        try:
            return self._points[yak_key]
        except KeyError:
            raise RulesError(UNKNOWN_YAK(key=repr(yak_key))) from None

    @property
    def uses_prevalent_wind(self) -> bool:
        return self.prevalent_wind != "none"

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some rules changed (validated)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form; `from_dict` reads it back.

        >>> RuleSet.from_dict(RuleSet(ante=5).to_dict()) == RuleSet(ante=5)
        True
        """
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name.startswith("_"):
                continue
            v = getattr(self, f.name)
            out[f.name] = dict(v) if f.name == "yak_overrides" else v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], warnings: list[str] | None = None) -> RuleSet:
        """Build from a mapping. Unknown keys are an error, or a warning when `warnings` is given;
        a text ``"name"`` (a saved rule set's, `game.rulesets`) is not a rule and is skipped.

        >>> RuleSet.from_dict({"ante": -1})
        Traceback (most recent call last):
        ...
        game.engine.errors.RulesError: ante must be a whole number 0-10000, got -1
        """
        if not isinstance(data, Mapping):
            raise RulesError(NOT_AN_OBJECT(type=type(data).__name__))
        names = {f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key == "name" and isinstance(value, str):  # a saved set's name (game.rulesets)
                continue
            if key not in names:
                msg = f"unknown rule {key!r} ignored"
                if warnings is None:
                    raise RulesError(UNKNOWN_RULE(key=repr(key), known=", ".join(sorted(names))))
                warnings.append(msg)
                continue
            if key == "preset" and not isinstance(value, str):
                raise RulesError(PRESET_TYPE(value=repr(value)))
            if key == "yak_overrides":
                if not isinstance(value, Mapping):
                    raise RulesError(OVERRIDES_TYPE())
                value = tuple(sorted(value.items()))
            kwargs[key] = value
        return cls(**kwargs)

    @classmethod
    def load(cls, path: str | Path, warnings: list[str] | None = None) -> RuleSet:
        """Read a JSON rules file; every way it can be bad is one `RulesError` naming the file.

        A directory, FIFO or device is refused before it is opened (reading a FIFO would wait
        forever); the JSON is read with `safejson.loads` (bounded nesting and digits, UTF-8 only).
        """
        data = _read_rules_json(path)
        try:
            return cls.from_dict(data, warnings)
        except RulesError as e:
            raise RulesError(IN_FILE(path=str(path), why=reason(e))) from None
        except (TypeError, AttributeError) as e:  # a value of the wrong JSON type
            raise RulesError(IN_FILE(path=str(path), why=_wrong_type(data, e))) from None


#: a rules file is a few hundred bytes; anything this big is not one
MAX_RULES_BYTES = 1_000_000


def _read_rules_json(path: str | Path) -> Any:
    """The parsed JSON of a rules file (errors: `RulesError` naming the file)."""
    try:
        raw = safejson.read_file(path, MAX_RULES_BYTES)
    except FileNotFoundError:
        raise RulesError(NO_FILE(path=str(path))) from None
    except safejson.FileTooLarge:
        raise RulesError(TOO_LARGE(path=str(path), limit=MAX_RULES_BYTES)) from None
    except safejson.NotARegularFile as e:
        raise RulesError(NOT_A_FILE(path=str(path), why=str(e))) from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise RulesError(UNREADABLE(path=str(path), why=why)) from None
    try:
        return safejson.loads(raw.removeprefix(b"\xef\xbb\xbf"),  # a BOM (Notepad) is fine
                              max_bytes=MAX_RULES_BYTES)
    except safejson.JsonInputError as e:
        raise RulesError(NOT_JSON(path=str(path), why=reason(e))) from None


def _wrong_type(data: Any, e: Exception) -> Message:
    """Which rule of `data` has a value of the wrong JSON type (`from_dict` raised `e`)."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            try:
                RuleSet.from_dict({key: value})
            except (TypeError, AttributeError):
                return WRONG_TYPE(key=str(key), value=_short_json(value))
            except RulesError:
                continue
    return WRONG_TYPE_ANY(why=str(e))


def _short_json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."
