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
from .house_rules import HouseRule, cap, choice, declared_on, number, switch
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
    """Every house rule of docs/rules.md §10, in the settings page's order. Each is declared on
    its field (`game.engine.house_rules`): values, default, label, help and rule book section;
    validation, the file format, the settings rows and the rule book's table follow from it."""

    ante: int = number(
        10, 0, 10_000, (0, 1, 2, 3, 5, 10, 15, 20, 30, 50, 100), section="8.1",
        label="Ante (0 = method 2)",
        help="Added to every winning hand's points (method 1); 0 scores the yak and bonuses "
             "alone (method 2).")
    preset: str = choice(
        "nagari", {"nagari": "나가리 (Nagari)", "samsiki": "삼식이 (Samsiki)",
                   "keopihyang": "커피향 (Keopihyang)"}, section="8.4",
        label="Yak table preset",
        help="The yak table. Nagari (the default) pays 4 for seven pairs and three concealed "
             "pungs; Samsiki pays 2 and less for the big hands; Keopihyang pays 2 but more for "
             "heavenly hand and nine gates.")
    yak_overrides: tuple[tuple[str, int], ...] = ()  # custom per-yak values (the yak page)
    discard_multiplier: int = number(
        2, 1, 2, (2, 1), shown="times", section="8.5",
        label="Discarder pays",
        help="What the discarder pays for a win on his discard: twice the hand's points, or once.")
    several_winners: str = choice(
        "head_bump", {"head_bump": "head bump (first in turn)", "all": "all claimants win"},
        section="3.3", label="Several winners",
        help="Two players can win on one discard: head bump (only the next in turn wins) or "
             "both win.")
    three_winners: str = choice(
        "abort", {"abort": "abortive draw, next win doubled",
                  "head_bump": "head bump (first in turn)"}, section="6",
        label="Three winners",
        help="Three players can win on one discard: the hand is drawn and the next win pays "
             "double, or head bump.")
    nine_major_draw: bool = switch(
        True, section="6", label="Nine major tiles draw",
        help="A player who holds nine different terminals and honours on his first turn may "
             "call the hand off.")
    nine_major_threshold: int = number(
        9, 9, 10, (9, 10), section="6", label="Nine major tiles: kinds needed",
        help="How many different terminals and honours the nine-major draw needs.")
    #: a non-dealer's nine major kinds counted over his 14 tiles after his first draw, or
    #: "dealt": over his 13 dealt tiles (chapter VIII's "initial hand")
    nine_major_count: str = choice(
        "after_draw", {"after_draw": "14 tiles after the first draw",
                       "dealt": "the 13 dealt tiles"}, section="10.1",
        label="Nine major tiles: counted over",
        help="A non-dealer's nine major tiles: counted over his 14 tiles after his first draw, "
             "or over his 13 dealt tiles (chapter VIII's initial hand).")
    #: another seat's claim or kong before his first turn voids the option, or "keep" (the
    #: chapters set no such condition; only his own claim or kong ends it)
    nine_major_claims: str = choice(
        "void", {"void": "voided by any claim or kong", "keep": "kept (only his own ends it)"},
        section="10.1", label="Nine major tiles after a claim",
        help="Whether another player's claim or kong before a player's first turn takes his "
             "nine-major draw away; the chapters set no such condition.")
    four_winds_draw: bool = switch(
        True, section="6", label="Four consistent winds draw",
        help="The hand is drawn when all four players discard the same wind on their first turn.")
    #: a concealed kong in the first go-around (at the deal or in play) cancels the four-winds
    #: draw, or "stands": only a claimed pung or kong does (chapter VIII's words)
    four_winds_concealed_kong: str = choice(
        "cancels", {"cancels": "no draw (any kong cancels it)",
                    "stands": "still a draw (only a claim cancels it)"}, section="10.1",
        label="Four winds after a concealed kong",
        help="Whether a concealed kong in the first go-around cancels the four-winds draw, or "
             "only a claimed pung or kong does (chapter VIII).")
    prevalent_wind: str = choice(
        "none", {"none": "none", "east": "fixed East", "rotating": "rotating by round"},
        section="10", label="Prevalent wind",
        help="The round's wind: none (no prevalent-wind yak), East all session, or by round.")
    dealer_keeps: str = choice(
        "win_or_draw", {"win_or_draw": "on a dealer win or a draw", "win": "on a dealer win only"},
        section="2.1", label="Dealer keeps the deal",
        help="When East keeps the deal: on his win and on a drawn hand, or on his win only.")
    #: "hands": `session_hands` hands; "deals": `session_hands` passes of the deal, so a dealer's
    #: win or a draw adds a hand (the classical text's 16 hands); "minutes"; "endless"
    session_mode: str = choice(
        "hands", {"hands": "N hands", "deals": "N deals (a dealer win or a draw adds a hand)",
                  "minutes": "M minutes", "endless": "endless"}, section="10.1",
        label="Session length",
        help="How a session ends: after a number of hands, after that many passes of the deal "
             "(the classical text's way: a dealer win or a draw adds a hand), after some minutes "
             "(the hand in play is finished), or never.")
    session_hands: int = number(
        16, 1, 10_000, (1, 4, 8, 12, 16, 20, 24, 32, 48, 64), section="10",
        label="Hands per session",
        help="The number of hands in a session (of deals, when the length counts deals).")
    session_minutes: int = number(
        60, 1, 24 * 60, (10, 15, 20, 30, 45, 60, 90, 120, 180), shown="minutes", section="10",
        label="Minutes per session",
        help="How long a timed session lasts; the hand in play is finished.")
    uper_min_wall: int = number(
        4, 0, 10, tuple(range(11)), section="4", label="Uper: minimum wall tiles",
        help="Uper can be declared only while at least this many tiles are left in the wall.")
    #: a ready hand with a wait in its own river (SD2) before uper stays free, or "frozen": each
    #: drawn tile that does not win goes out at once (chapter IX)
    sacred_own_wait: str = choice(
        "free", {"free": "hand stays free", "frozen": "each drawn tile that does not win goes"},
        section="10.1", label="A wait in your own river, before uper",
        help="After discarding one of your own waits (sacred discard), before uper: play on "
             "freely, or, as chapter IX says, discard each drawn tile that does not win.")
    #: a tile forced out after uper closes its stem to his discard wins like any discard, or
    #: "chosen_only": only the discards he chose (to his uper discard) do, rules.md 4
    stem_after_uper: str = choice(
        "forced_too", {"forced_too": "closed, like any discard",
                       "chosen_only": "open (only chosen discards count)"}, section="10.1",
        label="Stem of a tile forced out after uper",
        help="After uper, a drawn tile that does not win goes out: its stem (1-4-7, 2-5-8, "
             "3-6-9) is closed to your discard wins like any discard's, or only the tiles you "
             "chose count.")
    flowers: bool = switch(
        True, section="2.6", label="Flowers",
        help="Play with the four flowers (104 tiles) or without them (100 tiles).")
    #: a four of a kind dealt complete is declared on the player's own turn, or "at_deal": with
    #: his flower replacements, as a replacement-completed one is (classical text)
    dealt_kong: str = choice(
        "own_turn", {"own_turn": "declared on the player's own turn",
                     "at_deal": "declared at the deal, with the flowers"}, section="10.1",
        label="Four of a kind dealt complete",
        help="A four of a kind in the dealt hand: declared on the player's own turn, or at the "
             "deal with the flower replacements (classical text); one a replacement completes "
             "may always be declared at once.")
    #: a kong's replacement that is a flower, replaced in turn: a win on that tile is still a
    #: win on kong, or "plain": a self-draw without the bonus
    flower_after_kong: str = choice(
        "win_on_kong", {"win_on_kong": "win on kong (+5)", "plain": "a plain self-draw"},
        section="10.1", label="Win on a flower's replacement after a kong",
        help="When a kong's replacement is a flower, the flower is replaced again: a win on that "
             "tile scores win on kong, or counts as a plain self-draw.")
    #: the 5p/1p/9p forms of the kong and last-tile bonuses
    special_tile_bonus: bool = switch(
        True, section="8.3", label="5p / 1p / 9p bonuses",
        help="Win on kong with 5 circles, last-tile draw with 1 circles and last-tile claim with "
             "9 circles score 8 instead of 5.")
    #: liability for big three dragons / big four winds when the fed player then self-draws: the
    #: feeder pays it all, or "shared": the three pay a self-draw as usual
    liability_self_draw: str = choice(
        "feeder", {"feeder": "the feeder pays it all", "shared": "all three pay as usual"},
        section="10.1", label="Liability, then a self-draw",
        help="A player fed the last set of big three dragons or big four winds, then wins by "
             "self-draw: the feeder pays it all, or the three pay as for any self-draw.")
    #: wrong declarations penalised instead of refused
    strict_table: bool = switch(
        False, section="7", label="Strict table (penalise wrong calls)",
        help="Off: a wrong win or uper declaration is refused with its reason. On: it is "
             "accepted and penalised, as at a strict table.")
    score_cap: int | None = cap(
        None, (None, 40, 50, 60, 80, 100, 120, 150, 200), section="8.1", label="Score cap",
        help="The most one hand can score, before the payment multipliers.")
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
        for rule in declared_on(type(self)):
            why = rule.check(getattr(self, rule.name))
            if why is not None:
                raise RulesError(why)

    def points(self, yak_key: str) -> int:
        """Points of a yak under this rule set (preset, then custom values)."""
        try:
            return self._points[yak_key]
        except KeyError:
            raise RulesError(UNKNOWN_YAK(key=repr(yak_key))) from None

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


#: every house rule as declared on its field, in the settings page's (and the rule book's) order
HOUSE_RULES: tuple[HouseRule, ...] = declared_on(RuleSet)


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
