"""The player's settings: typed, saved as JSON in the user's config directory, forgiving on load.

>>> s = Settings()
>>> s.rules.ante, s.seats, s.animation_speed, s.speed_factor
(10, ('ai:standard', 'ai:standard', 'ai:standard'), 'normal', 1.0)
>>> s.replace(animation_speed="fast").speed_factor
2.0
>>> Settings.from_dict(Settings(volume=0.25).to_dict())[0].volume
0.25

`load_settings()` never fails, never blocks and never changes the file: one that cannot be read
or parsed (not JSON, nested too deep, a number too long, not UTF-8, over `MAX_FILE_BYTES`) is
left as it is, a copy is kept beside it (``settings.json.bad-<timestamp>``), the defaults load,
and the messages it returns tell the player what happened; a folder or a pipe in its place gives
the defaults and a message. An unknown key is ignored and a bad value falls back to its default,
each with a message. The messages are `game.engine.messages.Message` values (``settings.*``
kinds, translated in the ui catalogue); ``str(message)`` is the English.

`save_settings()` writes atomically (a temporary file beside the target, then ``os.replace``),
through a symbolic link to its target, and keeps the keys it does not know (a newer version's).
It refuses, with a `SettingsSaveError` saying why, a read-only file, a folder or a pipe in its
place, a full disk or a missing folder; then nothing is changed and no temporary file is left.

The directory is ``platformdirs.user_config_dir("korean-mahjong")``, or the directory named by the
environment variable ``KOREAN_MAHJONG_CONFIG_DIR`` (tests use it).
"""

from __future__ import annotations

import dataclasses
import json
import locale
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import storage
from game.engine import safejson
from game.engine.error_words import message_of
from game.engine.errors import MahjongError
from game.engine.messages import INT, MSG, TEXT, Message, define
from game.engine.rules import RuleSet
from game.engine.safejson import JsonInputError
from game.i18n import languages

APP_NAME = "korean-mahjong"
CONFIG_ENV = "KOREAN_MAHJONG_CONFIG_DIR"
FILE_NAME = "settings.json"
FORMAT_VERSION = 1

#: Named animation speeds and their factor (how many times faster than normal).
SPEEDS: dict[str, float] = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "instant": math.inf}
#: how each hand's opening (shuffle, walls, dice, break, deal, flowers) is shown: "full" every
#: hand; "short" the first hand of a session in full, the others short (walls built at once, one
#: roll shown fast, the deal in one sweep); "quick" every hand short
INTRO_MODES = ("full", "short", "quick")
#: what a claim countdown does when time (and the time bank) runs out with a win on offer
TIMEOUT_CHOICES = ("win", "pass")
#: the table's look (`game.ui.themes` draws each): the felt and rail, the tiles' faces (one of
#: them high contrast), the suits' colours (one safe for red-green colour blindness), and the
#: tile size ("large": the player's hand and the rivers bigger, the walls and the opponents'
#: hands smaller); the first of each is the default
TABLE_THEMES = ("green", "navy", "wine")
TILE_THEMES = ("ivory", "contrast")
SUIT_COLOURS = ("classic", "colourblind")
TILE_SIZES = ("normal", "large")
#: every language with catalogues (game/i18n/locale): English plus each folder found there
LANGUAGES = languages()
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (3840, 2160)
#: a settings file is about 1 kB; anything larger than this is not read
MAX_FILE_BYTES = 1_000_000
#: load_settings returns at most this many messages, each at most this long (in English)
MAX_MESSAGES = 20
MAX_MESSAGE_CHARS = 500

# --- what the player is told (ui catalogue: game.settings texts belong to the desktop program) ----
UNKNOWN_KEY = define("settings.load.unknown_key", 'unknown setting "{key}" ignored', key=TEXT)
BAD_VALUE = define("settings.load.bad_value", "setting {key}: {why}; using the default {default}",
                   key=TEXT, why=MSG, default=TEXT)
#: a value a setting cannot have (Settings.__post_init__ raises SettingsError with it)
INVALID = define("settings.load.invalid", "setting {key}: {why}", key=TEXT, why=MSG)
RULES_NOT_OBJECT = define("settings.load.rules_not_object",
                          "setting rules: must be an object, got {value}; using the default rules",
                          value=TEXT)
UNKNOWN_RULE = define("settings.load.unknown_rule", 'unknown rule "{key}" ignored', key=TEXT)
BAD_RULE = define("settings.load.bad_rule", "rule {key}: {why}; using the default", key=TEXT, why=MSG)
MORE = define("settings.load.more", "... and {n} more message about the settings file",
              plural="... and {n} more messages about the settings file", count="n", n=INT)
# why a value is bad (_check)
MUST_RULESET = define("settings.must.ruleset", "must be a RuleSet, got {value}", value=TEXT)
MUST_SEATS = define("settings.must.seats", "must be a list of three seat names, got {value}",
                    value=TEXT)
MUST_SPEED = define("settings.must.speed", "must be one of {names} or a number 0.1-10, got {value}",
                    names=TEXT, value=TEXT)
MUST_WHOLE = define("settings.must.whole", "must be a whole number {low}-{high}, got {value}",
                    low=INT, high=INT, value=TEXT)
MUST_ONE_OF = define("settings.must.one_of", "must be one of {names}, got {value}", names=TEXT,
                     value=TEXT)
MUST_WINDOW = define("settings.must.window", "must be [width, height] from {low} to {high}, got {value}",
                     low=TEXT, high=TEXT, value=TEXT)
MUST_BOOL = define("settings.must.bool", "must be true or false, got {value}", value=TEXT)
MUST_VOLUME = define("settings.must.volume", "must be a number 0-1, got {value}", value=TEXT)
MUST_SET_NAME = define("settings.must.set_name",
                       "must be a rule set's name of at most {n} printable characters, got {value}",
                       n=INT, value=TEXT)
MUST_KNOWN = define("settings.must.known", "unknown setting {name}", name=TEXT)
# a file that cannot be used (load_settings)
FILE_BAD = define("settings.file.bad", "The settings file {path} {why}; {kept}. Default settings are used.",
                  path=TEXT, why=MSG, kept=MSG)
FILE_FAILED = define("settings.file.failed", "The settings file {path} could not be loaded ({why}). "
                     "Default settings are used.", path=TEXT, why=TEXT)
FILE_UNUSABLE = define("settings.file.unusable", "cannot be used ({why})", why=MSG)
FILE_TOO_LARGE = define("settings.file.too_large", "is larger than {n} MB", n=INT)
FILE_UNREADABLE = define("settings.file.unreadable", "cannot be read ({why})", why=MSG)
FILE_NOT_OBJECT = define("settings.file.not_object", "does not hold a JSON object (found {found})",
                         found=MSG)
NOT_REGULAR = define("settings.file.not_regular", "it is {what}, not a regular file", what=MSG)
KEPT_AS = define("settings.kept.as", "it was kept as {backup}", backup=TEXT)
KEPT_LEFT = define("settings.kept.left", "it was left as it is")
KEPT_FAILED = define("settings.kept.failed", "it could not be backed up")
#: what a path or a JSON value is, in words
WHAT = {"folder": define("settings.what.folder", "a directory"),
        "pipe": define("settings.what.pipe", "a named pipe"),
        "socket": define("settings.what.socket", "a socket"),
        "device": define("settings.what.device", "a device"),
        "special": define("settings.what.special", "not a regular file"),
        "list": define("settings.what.list", "a list"),
        "text": define("settings.what.text", "text"),
        "number": define("settings.what.number", "a number")}
LITERAL = define("settings.what.literal", "{value}", value=TEXT)  # true, false, null
JSON_NOT_JSON = define("settings.json.not_json", "not valid JSON")
# the file system's refusals
OS_PERMISSION = define("settings.os.permission", "permission denied")
OS_OTHER = define("settings.os.other", "{why}", why=TEXT)  # the system's own words
#: an error of another part that has no message of its own: its English, as it is
DETAIL = define("settings.detail", "{text}", text=TEXT)
# saving (SettingsSaveError)
SAVE_READ_ONLY_DISK = define("settings.write.read_only_disk",
                             "{name} is read-only (the disk is read-only): {target}", name=TEXT, target=TEXT)
SAVE_PERMISSION = define("settings.write.permission", "permission denied: cannot write {name} in {folder}",
                         name=TEXT, folder=TEXT)
SAVE_DISK_FULL = define("settings.write.disk_full", "the disk is full: cannot write {target}", target=TEXT)
SAVE_NO_FOLDER = define("settings.write.no_folder", "the folder {folder} is missing", folder=TEXT)
SAVE_CANNOT_MAKE = define("settings.write.cannot_make_folder",
                          "the folder {folder} is missing and cannot be made", folder=TEXT)
SAVE_IS_FOLDER = define("settings.write.is_folder", "{target} is not a regular file (it is a folder)",
                        target=TEXT)
SAVE_NOT_REGULAR = define("settings.write.not_regular",
                          "{target} is not a regular file (it is {what}); nothing was written",
                          target=TEXT, what=MSG)
SAVE_LINK_LOOP = define("settings.write.link_loop", "{path} is a symbolic link that leads round in a circle",
                        path=TEXT)
SAVE_READ_ONLY = define("settings.write.read_only", "{name} is read-only ({target}); nothing was written",
                        name=TEXT, target=TEXT)
SAVE_NO_BACKUP = define("settings.write.no_backup", "the damaged settings file {target} could not be "
                        "backed up, so it was not replaced", target=TEXT)
SAVE_OTHER = define("settings.write.other", "cannot write {target}: {why}", target=TEXT, why=MSG)


def default_language() -> str:
    """The language of the user's locale when the game has it (``ko_KR.UTF-8`` -> ``"ko"``),
    else ``"en"``."""
    names: list[str] = []
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        if os.environ.get(var):
            names.append(os.environ[var])
    try:
        loc = locale.getlocale()[0]
        if loc:
            names.append(loc)
    except ValueError:  # pragma: no cover - odd locale strings
        pass
    # the first one set decides (POSIX: LC_ALL, then LC_MESSAGES, then LANG; LC_ALL=C is English)
    if not names:
        return "en"
    first = names[0].lower()
    if first.startswith("korean"):  # Windows: 'Korean_Korea'
        return "ko" if "ko" in LANGUAGES else "en"
    code = first.split(".")[0].split("_")[0].split("-")[0].split(":")[0]
    return code if code in LANGUAGES else "en"


@dataclass(frozen=True)
class Settings:
    """Everything the player can set; every field has a default."""

    rules: RuleSet = field(default_factory=RuleSet)
    #: the three opponents, seats 1-3 (names are checked later by the AI registry)
    seats: tuple[str, str, str] = ("ai:standard", "ai:standard", "ai:standard")
    #: "slow", "normal", "fast", "instant", or a factor (0.1-10.0)
    animation_speed: str | float = "normal"
    ai_delay_ms: int = 500
    #: thinking time (ms) of an ``ai:master`` opponent per decision it plays out; 0: it plays
    #: as ``ai:expert`` (`ai.master`)
    master_budget_ms: int = 200
    #: seconds to answer a claim prompt; 0 = no countdown
    claim_countdown: int = 0
    #: extra seconds per hand, used once a claim countdown runs out (as online clients give)
    claim_time_bank: int = 5
    #: when the countdown and the bank run out with a win on offer: "win" declares it, "pass" passes
    claim_timeout: str = "win"
    #: each hand's opening: see `INTRO_MODES`
    intro: str = "short"
    #: call assists, toggled at the table: declare every legal win at once; pass every pung and
    #: kong offer (wins are still offered); after your uper, discard each drawn tile unless a win
    #: is possible (the engine discards one that offers nothing; this declines a kong too)
    assist_auto_win: bool = False
    assist_no_calls: bool = False
    assist_auto_discard: bool = False
    #: the danger assist (issue 32): against a player who declared uper, shade each tile of the
    #: hand by its chance to deal in, mark the exactly safe ones, show the waits when ready (F8)
    assist_danger: bool = False
    #: the live coach: after each decision, one line says whether the expert agrees (F9)
    live_coach: bool = False
    #: a click raises a tile, a second click on it discards (against mis-clicks)
    click_twice: bool = False
    language: str = field(default_factory=default_language)
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    #: sound on or off (M at the table mutes and unmutes: the same setting, saved)
    sound: bool = True
    #: the master volume (0-1), over music and effects
    volume: float = 0.7
    #: the music's and the effects' own volumes (0-1, times the master); music 0 is no music
    music_volume: float = 0.5
    effects_volume: float = 1.0
    hints: bool = True
    #: name tiles in notation (``5p``, ``1z``) instead of words (``5 circles``, ``East wind``)
    tile_notation: bool = False
    #: the house rules New game starts from: "" = these settings' rules, else a saved set's name
    #: (`game.rulesets`); New game remembers the last choice here
    house_rules: str = ""
    #: the table's look: see `TABLE_THEMES`, `TILE_THEMES`, `SUIT_COLOURS`, `TILE_SIZES`
    table_theme: str = "green"
    tile_theme: str = "ivory"
    suit_colours: str = "classic"
    tile_size: str = "normal"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            err = _check(f.name, getattr(self, f.name))
            if err is not None:
                raise SettingsError(INVALID(key=f.name, why=err))

    @property
    def speed_factor(self) -> float:
        """How many times faster than normal animations run (``inf`` = instant)."""
        if isinstance(self.animation_speed, str):
            return SPEEDS[self.animation_speed]
        return float(self.animation_speed)

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed (validated)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``rules`` as `RuleSet.to_dict`)."""
        out: dict[str, Any] = {"version": FORMAT_VERSION}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name == "rules":
                v = v.to_dict()
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[Message]]:
        """Settings from a mapping, forgiving: returns the settings and warning messages.

        >>> s, msgs = Settings.from_dict({"volume": 3, "colour": "red", "hints": False})
        >>> s.volume, s.hints
        (0.7, False)
        >>> [str(m) for m in msgs]
        ['setting volume: must be a number 0-1, got 3; using the default 0.7', 'unknown setting "colour" ignored']
        >>> [m.code for m in msgs]
        ['settings.load.bad_value', 'settings.load.unknown_key']
        """
        messages: list[Message] = []
        defaults = cls()
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key == "version":
                continue
            if key not in names:
                messages.append(UNKNOWN_KEY(key=_clip(str(key), 80)))
                continue
            if key == "rules":
                kwargs["rules"] = _rules_from(value, messages)
                continue
            value = _coerce(key, value)
            err = _check(key, value)
            if err is not None:
                messages.append(BAD_VALUE(key=key, why=err, default=_show(getattr(defaults, key))))
                continue
            kwargs[key] = value
        return dataclasses.replace(defaults, **kwargs), messages


class SettingsError(MahjongError, ValueError):
    """A setting with a value it cannot have (``.message`` says which and why)."""


def _clip(text: str, n: int = 200) -> str:
    """`text` cut to `n` characters (a value from the file is shown, never a flood)."""
    return text if len(text) <= n else text[:n - 1] + "…"


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        try:
            return _clip(json.dumps(list(value)))
        except (TypeError, ValueError):
            return _clip(repr(value))
    return _clip(json.dumps(value) if isinstance(value, (bool, str)) or value is None else str(value))


def _repr(value: Any) -> str:
    return _clip(repr(value))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _coerce(key: str, value: Any) -> Any:
    """JSON lists to tuples, where the field is a tuple."""
    if key in ("seats", "window_size") and isinstance(value, list):
        return tuple(value)
    return value


#: the settings that are one of a few names
CHOICES: dict[str, tuple[str, ...]] = {
    "intro": INTRO_MODES, "claim_timeout": TIMEOUT_CHOICES, "table_theme": TABLE_THEMES,
    "tile_theme": TILE_THEMES, "suit_colours": SUIT_COLOURS, "tile_size": TILE_SIZES}


def _check(name: str, v: Any) -> Message | None:
    """None when `v` is a good value for setting `name`, else what is wrong."""
    if name == "rules":
        return None if isinstance(v, RuleSet) else MUST_RULESET(value=_repr(v))
    if name == "seats":
        if (not isinstance(v, tuple) or len(v) != 3
                or not all(isinstance(s, str) and s.strip() for s in v)):
            return MUST_SEATS(value=_show(v))
        return None
    if name == "animation_speed":
        if (v in SPEEDS) if isinstance(v, str) else (_is_num(v) and 0.1 <= v <= 10):
            return None
        return MUST_SPEED(names=", ".join(SPEEDS), value=_repr(v))
    if name in ("ai_delay_ms", "claim_countdown", "claim_time_bank", "master_budget_ms"):
        high = {"ai_delay_ms": 10_000, "claim_countdown": 120, "claim_time_bank": 60,
                "master_budget_ms": 5_000}[name]
        return None if _is_int(v) and 0 <= v <= high else MUST_WHOLE(low=0, high=high, value=_repr(v))
    if name == "language":
        return None if v in LANGUAGES else MUST_ONE_OF(names=", ".join(LANGUAGES), value=_repr(v))
    if name == "window_size":
        ok = (isinstance(v, tuple) and len(v) == 2 and all(_is_int(x) for x in v)
              and MIN_WINDOW[0] <= v[0] <= MAX_WINDOW[0] and MIN_WINDOW[1] <= v[1] <= MAX_WINDOW[1])
        return None if ok else MUST_WINDOW(low=f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}",
                                           high=f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}", value=_show(v))
    if name in ("fullscreen", "sound", "hints", "tile_notation", "assist_auto_win",
                "assist_no_calls", "assist_auto_discard", "assist_danger", "live_coach",
                "click_twice"):
        return None if isinstance(v, bool) else MUST_BOOL(value=_repr(v))
    if name in CHOICES:
        names = CHOICES[name]
        return None if v in names else MUST_ONE_OF(names=", ".join(names), value=_repr(v))
    if name in ("volume", "music_volume", "effects_volume"):
        return None if _is_num(v) and 0 <= v <= 1 else MUST_VOLUME(value=_repr(v))
    if name == "house_rules":
        ok = isinstance(v, str) and len(v) <= 40 and v.isprintable()
        return None if ok else MUST_SET_NAME(n=40, value=_repr(v))
    return MUST_KNOWN(name=_repr(name))  # pragma: no cover - every field is listed above


def _reason(e: BaseException) -> Message:
    """The message an error carries (`game.engine.error_words.message_of`), else its English."""
    m = message_of(e)
    return m if m is not None else DETAIL(text=_clip(str(e) or type(e).__name__))


def _rules_from(value: Any, messages: list[Message]) -> RuleSet:
    """A RuleSet from saved rules, one rule at a time: a bad rule falls back to its default."""
    if not isinstance(value, Mapping):
        messages.append(RULES_NOT_OBJECT(value=_show(value)))
        return RuleSet()
    good: dict[str, Any] = {}
    known = {f.name for f in dataclasses.fields(RuleSet) if not f.name.startswith("_")}
    for key, v in value.items():
        if key not in known:
            messages.append(UNKNOWN_RULE(key=_clip(str(key), 80)))
            continue
        try:
            RuleSet.from_dict({**good, key: v})
        except Exception as e:  # noqa: BLE001 - any bad rule falls back, with a message
            messages.append(BAD_RULE(key=key, why=_reason(e)))
            continue
        good[key] = v
    return RuleSet.from_dict(good)


def config_dir() -> Path:
    """Where settings live: ``$KOREAN_MAHJONG_CONFIG_DIR`` or the platform's user config dir."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


# --- reading --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Read:
    """What reading the settings file found: `data` (its bytes), or `why` it cannot be used, or
    neither (no file). `too_large` files are not read at all; `regular` is False for a folder,
    a pipe or a device (never opened, never backed up)."""

    data: bytes | None = None
    why: Message | None = None
    regular: bool = True
    too_large: bool = False


def _read(p: Path) -> _Read:
    """The file's bytes, read by `game.storage.read_bytes` (never blocks on a pipe, never reads
    more than `MAX_FILE_BYTES`); never raises."""
    found = storage.read_bytes(p, MAX_FILE_BYTES)  # follows symbolic links
    if found.missing:
        return _Read()  # a dangling link too
    if found.data is not None:
        return _Read(data=found.data)
    if found.too_large:
        return _Read(why=FILE_TOO_LARGE(n=MAX_FILE_BYTES // 1_000_000), too_large=True)
    if found.error is not None or found.regular:
        why = _os_reason(found.error) if found.error is not None else DETAIL(text=str(found.why))
        return _Read(why=FILE_UNREADABLE(why=why), regular=found.regular)
    return _Read(why=FILE_UNUSABLE(why=NOT_REGULAR(what=WHAT[found.what or "special"]())),
                 regular=False)


def _what_is(p: Path) -> Message:
    """What a path that is not a regular file is (a folder, a pipe...), in words."""
    return WHAT[storage.what_is(p)]()


def _os_reason(e: BaseException) -> Message:
    """Why the file system refused, as a message (the system's words when it is not a refusal
    the game names)."""
    if isinstance(e, PermissionError):
        return OS_PERMISSION()
    return OS_OTHER(why=_clip(_os_why(e)))


def _json_reason(e: Exception) -> Message:
    """What `game.engine.safejson` refused: its own message (a file too large, in MB)."""
    m = message_of(e)
    if m is not None and m.code == safejson.TOO_LARGE.code:
        return FILE_TOO_LARGE(n=MAX_FILE_BYTES // 1_000_000)
    return m if m is not None else DETAIL(text=str(e))


def _parse(data: bytes) -> tuple[dict[str, Any] | None, Message | None]:
    """The JSON object in `data`, or None and why not (bounded: see `game.engine.safejson`)."""
    if data.startswith(b"\xef\xbb\xbf"):  # a byte order mark, as some editors write
        data = data[3:]
    try:
        value = safejson.loads(data, max_bytes=MAX_FILE_BYTES)
    except JsonInputError as e:
        return None, FILE_UNUSABLE(why=_json_reason(e))
    if not isinstance(value, dict):
        return None, FILE_NOT_OBJECT(found=_json_kind(value))
    return value, None


def _json_kind(value: Any) -> Message:
    if isinstance(value, list):
        return WHAT["list"]()
    if isinstance(value, str):
        return WHAT["text"]()
    if isinstance(value, bool) or value is None:
        return LITERAL(value=json.dumps(value))
    return WHAT["number"]()


def _tidy(messages: list[Message]) -> list[Message]:
    """At most `MAX_MESSAGES` messages (each is short: the values they show are clipped)."""
    if len(messages) > MAX_MESSAGES:
        rest = len(messages) - (MAX_MESSAGES - 1)
        return [*messages[:MAX_MESSAGES - 1], MORE(n=rest)]
    return list(messages)


def _backup(path: Path, data: bytes | None) -> Path | None:
    """A copy of a bad settings file beside it (``settings.json.bad-<timestamp>``; see
    `game.storage.backup`), or None if none can be made; the file itself is never changed."""
    return storage.backup(path, data)


def load_settings(path: str | Path | None = None) -> tuple[Settings, list[Message]]:
    """Load the settings; never raises, never blocks, never changes the file.

    Returns (settings, messages for the player: `Message` values, rendered in the player's
    language by the UI and the command line). A file that cannot be used gives the defaults
    and a message; when it is a regular file, a copy is kept beside it (see `_backup`)."""
    p = Path(path) if path is not None else settings_path()
    try:
        found = _read(p)
        if found.why is not None or found.data is None:
            if found.why is None:
                return Settings(), []  # no file yet
            return Settings(), [_corrupt(p, found)]
        data, why = _parse(found.data)
        if data is None:
            return Settings(), [_corrupt(p, dataclasses.replace(found, why=why))]
        settings, messages = Settings.from_dict(data)
    except Exception as e:  # noqa: BLE001 - a settings file must never stop the game
        detail = f"{type(e).__name__}: {e}"[:200]
        return Settings(), [FILE_FAILED(path=_clip(str(p)), why=detail)]
    return settings, _tidy(messages)


def _corrupt(p: Path, found: _Read) -> Message:
    kept: Message
    if not found.regular:
        kept = KEPT_LEFT()
    else:
        backup = _backup(p, found.data)
        kept = KEPT_AS(backup=_clip(str(backup), 300)) if backup else KEPT_FAILED()
    why = found.why or FILE_UNUSABLE(why=JSON_NOT_JSON())
    return FILE_BAD(path=_clip(str(p), 300), why=why, kept=kept)


# --- saving ---------------------------------------------------------------------------------------

class SettingsSaveError(OSError):
    """The settings could not be saved, and nothing was changed. `message` says why (a
    ``settings.write.*`` `Message`; ``str(e)`` is its English); `reason` in a word the UI
    translates: ``"read_only"``, ``"permission"``, ``"disk_full"``, ``"no_directory"``,
    ``"not_a_file"`` or ``"other"``; `path` is the file."""

    def __init__(self, message: Message | str, reason: str = "other", path: Path | None = None) -> None:
        super().__init__(str(message))
        self.message: Message = message if isinstance(message, Message) else DETAIL(text=message)
        self.reason = reason
        self.path = path

    def __str__(self) -> str:
        return str(self.args[0])


def _os_why(e: BaseException) -> str:
    return (getattr(e, "strerror", None) or str(e) or type(e).__name__).rstrip(".")


def _save_error(e: storage.StorageError, p: Path) -> SettingsSaveError:
    """Why `game.storage` could not write the file, in the settings' words and reasons."""
    target, kind = e.target, e.kind
    if kind in ("read_only", "read_only_disk"):
        kind_of = SAVE_READ_ONLY if kind == "read_only" else SAVE_READ_ONLY_DISK
        return SettingsSaveError(kind_of(name=p.name, target=str(target)), "read_only", p)
    if kind == "permission":
        return SettingsSaveError(SAVE_PERMISSION(name=p.name, folder=str(target.parent)),
                                 "permission", p)
    if kind == "disk_full":
        return SettingsSaveError(SAVE_DISK_FULL(target=str(target)), "disk_full", p)
    if kind == "no_folder":
        return SettingsSaveError(SAVE_NO_FOLDER(folder=str(target.parent)), "no_directory", p)
    if kind == "cannot_make_folder":
        return SettingsSaveError(SAVE_CANNOT_MAKE(folder=str(p.parent)), "no_directory", p)
    if kind == "not_regular":
        if e.what == "folder":
            return SettingsSaveError(SAVE_IS_FOLDER(target=str(target)), "not_a_file", p)
        return SettingsSaveError(SAVE_NOT_REGULAR(target=str(target), what=WHAT[e.what or "special"]()),
                                 "not_a_file", p)
    if kind == "link_loop":
        return SettingsSaveError(SAVE_LINK_LOOP(path=str(p)), "not_a_file", p)
    if kind == "no_backup":
        return SettingsSaveError(SAVE_NO_BACKUP(target=str(target)), "other", p)
    why = OS_OTHER(why=_clip(e.why)) if e.why else e.message or DETAIL(text=str(e))
    return SettingsSaveError(SAVE_OTHER(target=str(target), why=why), "other", p)


def _merge(ours: dict[str, Any], theirs: Mapping[str, Any] | None) -> dict[str, Any]:
    """`ours` plus the keys of the file on disk this version does not know (top level and in
    ``rules``), unchanged, so that a newer version's settings survive a save by this one."""
    if not theirs:
        return ours
    known = {f.name for f in dataclasses.fields(Settings)} | {"version"}
    known_rules = {f.name for f in dataclasses.fields(RuleSet) if not f.name.startswith("_")}
    out = dict(ours)
    for key, value in theirs.items():
        if key not in known:
            out[key] = value
    old_rules = theirs.get("rules")
    if isinstance(old_rules, Mapping) and isinstance(out.get("rules"), dict):
        rules = dict(out["rules"])
        for key, value in old_rules.items():
            if key not in known_rules:
                rules[key] = value
        out["rules"] = rules
    version = theirs.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        out["version"] = version  # still a newer version's file: its keys are kept
    return out


def save_settings(settings: Settings, path: str | Path | None = None) -> Path:
    """Write the settings atomically and return the path.

    A symbolic link is written through to its target (the link stays a link); keys this
    version does not know are kept; a damaged file is backed up before it is replaced; the
    file's permission bits are kept. Raises `SettingsSaveError` (an `OSError`) when it cannot
    save: a read-only file, a folder or a pipe in its place, no permission, a full disk, a
    missing folder. Then nothing was changed and no temporary file is left behind."""
    p = Path(path) if path is not None else settings_path()
    try:  # the merge sees the old file only when it reads as an object (else it is backed up)
        storage.write_json(p, settings.to_dict(), merge=_merge, backup_bad=True,
                           max_bytes=MAX_FILE_BYTES)
    except storage.StorageError as e:
        raise _save_error(e, p) from e
    return p
