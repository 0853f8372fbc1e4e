"""The player's settings: typed, saved as JSON in the user's config directory, forgiving on load.

>>> s = Settings()
>>> s.rules.ante, s.seats, s.animation_speed, s.speed_factor
(10, ('ai:standard', 'ai:standard', 'ai:standard'), 'normal', 1.0)
>>> s.replace(animation_speed="fast").speed_factor
2.0
>>> Settings.from_dict(Settings(volume=0.25).to_dict())[0].volume
0.25

`load_settings()` never fails: a file that cannot be read or parsed is kept as a backup
(``settings.json.bad-<timestamp>``), the defaults load, and the messages it returns tell the
player what happened. An unknown key is ignored and a bad value falls back to its default, each
with a message. `save_settings()` writes atomically (a temporary file, then ``os.replace``).

The directory is ``platformdirs.user_config_dir("korean-mahjong")``, or the directory named by the
environment variable ``KOREAN_MAHJONG_CONFIG_DIR`` (tests use it).
"""

from __future__ import annotations

import dataclasses
import json
import locale
import math
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.errors import MahjongError
from game.engine.rules import RuleSet

APP_NAME = "korean-mahjong"
CONFIG_ENV = "KOREAN_MAHJONG_CONFIG_DIR"
FILE_NAME = "settings.json"
FORMAT_VERSION = 1

#: Named animation speeds and their factor (how many times faster than normal).
SPEEDS: dict[str, float] = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "instant": math.inf}
LANGUAGES = ("ko", "en")
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (3840, 2160)


def default_language() -> str:
    """``"ko"`` when the user's locale is Korean, else ``"en"``."""
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
    for name in names:
        if name.lower().startswith(("ko", "korean")):
            return "ko"
        if name not in ("C", "POSIX", "C.UTF-8"):
            return "en"
    return "en"


@dataclass(frozen=True)
class Settings:
    """Everything the player can set; every field has a default."""

    rules: RuleSet = field(default_factory=RuleSet)
    #: the three opponents, seats 1-3 (names are checked later by the AI registry)
    seats: tuple[str, str, str] = ("ai:standard", "ai:standard", "ai:standard")
    #: "slow", "normal", "fast", "instant", or a factor (0.1-10.0)
    animation_speed: str | float = "normal"
    ai_delay_ms: int = 500
    #: seconds to answer a claim prompt; 0 = no countdown
    claim_countdown: int = 0
    language: str = field(default_factory=default_language)
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    sound: bool = True
    volume: float = 0.7
    hints: bool = True

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            err = _check(f.name, getattr(self, f.name))
            if err:
                raise SettingsError(f"setting {f.name}: {err}")

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
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a mapping, forgiving: returns the settings and warning messages.

        >>> s, msgs = Settings.from_dict({"volume": 3, "colour": "red", "hints": False})
        >>> s.volume, s.hints
        (0.7, False)
        >>> msgs
        ['setting volume: must be a number 0-1, got 3; using the default 0.7', 'unknown setting "colour" ignored']
        """
        messages: list[str] = []
        defaults = cls()
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key == "version":
                continue
            if key not in names:
                messages.append(f'unknown setting "{key}" ignored')
                continue
            if key == "rules":
                kwargs["rules"] = _rules_from(value, messages)
                continue
            value = _coerce(key, value)
            err = _check(key, value)
            if err:
                messages.append(f"setting {key}: {err}; using the default {_show(getattr(defaults, key))}")
                continue
            kwargs[key] = value
        return dataclasses.replace(defaults, **kwargs), messages


class SettingsError(MahjongError, ValueError):
    """A setting with a value it cannot have."""


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return json.dumps(list(value))
    return json.dumps(value) if isinstance(value, (bool, str)) or value is None else str(value)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _coerce(key: str, value: Any) -> Any:
    """JSON lists to tuples, where the field is a tuple."""
    if key in ("seats", "window_size") and isinstance(value, list):
        return tuple(value)
    return value


def _check(name: str, v: Any) -> str | None:
    """None when `v` is a good value for setting `name`, else what is wrong."""
    if name == "rules":
        return None if isinstance(v, RuleSet) else f"must be a RuleSet, got {v!r}"
    if name == "seats":
        if (not isinstance(v, tuple) or len(v) != 3
                or not all(isinstance(s, str) and s.strip() for s in v)):
            return f"must be a list of three seat names, got {_show(v)}"
        return None
    if name == "animation_speed":
        if isinstance(v, str):
            return None if v in SPEEDS else f"must be one of {', '.join(SPEEDS)} or a number 0.1-10, got {v!r}"
        if _is_num(v) and 0.1 <= v <= 10:
            return None
        return f"must be one of {', '.join(SPEEDS)} or a number 0.1-10, got {v!r}"
    if name == "ai_delay_ms":
        return None if _is_int(v) and 0 <= v <= 10_000 else f"must be a whole number 0-10000, got {v!r}"
    if name == "claim_countdown":
        return None if _is_int(v) and 0 <= v <= 120 else f"must be a whole number 0-120, got {v!r}"
    if name == "language":
        return None if v in LANGUAGES else f"must be one of {', '.join(LANGUAGES)}, got {v!r}"
    if name == "window_size":
        ok = (isinstance(v, tuple) and len(v) == 2 and all(_is_int(x) for x in v)
              and MIN_WINDOW[0] <= v[0] <= MAX_WINDOW[0] and MIN_WINDOW[1] <= v[1] <= MAX_WINDOW[1])
        return None if ok else (f"must be [width, height] from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} "
                                f"to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}, got {_show(v)}")
    if name in ("fullscreen", "sound", "hints"):
        return None if isinstance(v, bool) else f"must be true or false, got {v!r}"
    if name == "volume":
        return None if _is_num(v) and 0 <= v <= 1 else f"must be a number 0-1, got {v!r}"
    return f"unknown setting {name!r}"  # pragma: no cover - every field is listed above


def _rules_from(value: Any, messages: list[str]) -> RuleSet:
    """A RuleSet from saved rules, one rule at a time: a bad rule falls back to its default."""
    if not isinstance(value, Mapping):
        messages.append(f"setting rules: must be an object, got {_show(value)}; using the default rules")
        return RuleSet()
    good: dict[str, Any] = {}
    known = {f.name for f in dataclasses.fields(RuleSet) if not f.name.startswith("_")}
    for key, v in value.items():
        if key not in known:
            messages.append(f'unknown rule "{key}" ignored')
            continue
        try:
            RuleSet.from_dict({**good, key: v})
        except (MahjongError, TypeError, ValueError) as e:
            messages.append(f"rule {key}: {e}; using the default")
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


def _backup(path: Path) -> Path | None:
    """Move a bad settings file aside under a name that does not exist yet; None if it cannot."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        if target.exists():
            continue
        try:
            os.link(path, target)  # never overwrites
        except FileExistsError:
            continue
        except OSError:
            try:
                target.write_bytes(path.read_bytes())
            except OSError:
                return None
        try:
            path.unlink()
        except OSError:
            pass
        return target
    return None  # pragma: no cover


def load_settings(path: str | Path | None = None) -> tuple[Settings, list[str]]:
    """Load the settings; never raises. Returns (settings, messages for the player)."""
    p = Path(path) if path is not None else settings_path()
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as e:
        return Settings(), [_corrupt(p, f"cannot be read ({e})")]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return Settings(), [_corrupt(p, f"is not valid JSON ({e})")]
    if not isinstance(data, dict):
        return Settings(), [_corrupt(p, f"does not hold a JSON object (found {type(data).__name__})")]
    return Settings.from_dict(data)


def _corrupt(p: Path, why: str) -> str:
    backup = _backup(p)
    kept = f"it was kept as {backup}" if backup else "it could not be backed up"
    return f"The settings file {p} {why}; {kept}. Default settings are used."


def save_settings(settings: Settings, path: str | Path | None = None) -> Path:
    """Write the settings atomically; returns the path. Raises OSError if the disk says no."""
    p = Path(path) if path is not None else settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return p
