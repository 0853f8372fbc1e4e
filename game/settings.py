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
each with a message.

`save_settings()` writes atomically (a temporary file beside the target, then ``os.replace``),
through a symbolic link to its target, and keeps the keys it does not know (a newer version's).
It refuses, with a `SettingsSaveError` saying why, a read-only file, a folder or a pipe in its
place, a full disk or a missing folder; then nothing is changed and no temporary file is left.

The directory is ``platformdirs.user_config_dir("korean-mahjong")``, or the directory named by the
environment variable ``KOREAN_MAHJONG_CONFIG_DIR`` (tests use it).
"""

from __future__ import annotations

import dataclasses
import errno
import json
import locale
import math
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import safejson
from game.engine.errors import MahjongError
from game.engine.rules import RuleSet
from game.engine.safejson import JsonInputError
from game.i18n import languages

APP_NAME = "korean-mahjong"
CONFIG_ENV = "KOREAN_MAHJONG_CONFIG_DIR"
FILE_NAME = "settings.json"
FORMAT_VERSION = 1

#: Named animation speeds and their factor (how many times faster than normal).
SPEEDS: dict[str, float] = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "instant": math.inf}
#: every language with catalogues (game/i18n/locale): English plus each folder found there
LANGUAGES = languages()
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (3840, 2160)
#: a settings file is about 1 kB; anything larger than this is not read
MAX_FILE_BYTES = 1_000_000
#: load_settings returns at most this many messages, each at most this long
MAX_MESSAGES = 20
MAX_MESSAGE_CHARS = 500


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
    #: seconds to answer a claim prompt; 0 = no countdown
    claim_countdown: int = 0
    language: str = field(default_factory=default_language)
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    sound: bool = True
    volume: float = 0.7
    hints: bool = True
    #: name tiles in notation (``5p``, ``1z``) instead of words (``5 circles``, ``East wind``)
    tile_notation: bool = False

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
    if name in ("fullscreen", "sound", "hints", "tile_notation"):
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
        except Exception as e:  # noqa: BLE001 - any bad rule falls back, with a message
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


# --- reading --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Read:
    """What reading the settings file found: `data` (its bytes), or `why` it cannot be used, or
    neither (no file). `too_large` files are not read at all; `regular` is False for a folder,
    a pipe or a device (never opened, never backed up)."""

    data: bytes | None = None
    why: str | None = None
    regular: bool = True
    too_large: bool = False


def _read(p: Path) -> _Read:
    """The file's bytes, read safely (`safejson.read_file`: never blocks on a pipe, never reads
    more than `MAX_FILE_BYTES`); never raises."""
    try:
        return _Read(data=safejson.read_file(p, MAX_FILE_BYTES))  # follows symbolic links
    except FileNotFoundError:
        return _Read()  # a dangling link too
    except safejson.NotARegularFile as e:
        return _Read(why=f"cannot be used ({e})", regular=False)
    except safejson.FileTooLarge:
        return _Read(why=f"is larger than {MAX_FILE_BYTES // 1_000_000} MB", too_large=True)
    except (OSError, ValueError) as e:
        return _Read(why=f"cannot be read ({_os_why(e)})")


def _parse(data: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """The JSON object in `data`, or None and why not (bounded: see `game.engine.safejson`)."""
    if data.startswith(b"\xef\xbb\xbf"):  # a byte order mark, as some editors write
        data = data[3:]
    try:
        value = safejson.loads(data, max_bytes=MAX_FILE_BYTES)
    except JsonInputError as e:
        return None, f"cannot be used ({e})"
    if not isinstance(value, dict):
        return None, f"does not hold a JSON object (found {_json_kind(value)})"
    return value, None


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "text"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return "a number"


def _tidy(messages: list[str]) -> list[str]:
    """Messages short enough to show: each cut at `MAX_MESSAGE_CHARS`, at most `MAX_MESSAGES`."""
    out = [m if len(m) <= MAX_MESSAGE_CHARS else m[:MAX_MESSAGE_CHARS - 1] + "…" for m in messages]
    if len(out) > MAX_MESSAGES:
        rest = len(out) - (MAX_MESSAGES - 1)
        out = [*out[:MAX_MESSAGES - 1], f"... and {rest} more messages about the settings file"]
    return out


def _backup(path: Path, data: bytes | None) -> Path | None:
    """A copy of a bad settings file beside it (``settings.json.bad-<timestamp>``), or the copy
    made earlier of the same content; None if none can be made. The file itself is never moved
    or changed. `data` is its content (None for a file too large to read: then it is linked or
    copied by the file system)."""
    same = _same_backup(path, data)
    if same is not None:
        return same
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        if os.path.lexists(target):
            continue
        try:
            if data is not None:
                with open(target, "xb") as f:  # "x": never overwrites
                    f.write(data)
            else:
                _link_or_copy(path, target)
        except FileExistsError:
            continue
        except OSError:
            try:  # a partial copy of ours
                os.unlink(target)
            except OSError:
                pass
            return None
        return target
    return None  # pragma: no cover


def _link_or_copy(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)  # never overwrites; costs no space
    except FileExistsError:
        raise
    except OSError:
        shutil.copyfile(src, dst)


def _same_backup(path: Path, data: bytes | None) -> Path | None:
    """An existing backup holding exactly `data` (or, for a file too large to read, a hard link
    to the file itself), so that every start with the same bad file does not add a copy."""
    try:
        names = sorted(os.listdir(path.parent))
    except OSError:
        return None
    prefix = f"{path.name}.bad-"
    for name in [n for n in names if n.startswith(prefix)][-200:]:
        candidate = path.with_name(name)
        try:
            if data is None:
                if os.path.samefile(candidate, path):
                    return candidate
                continue
            st = os.stat(candidate)
            if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
                continue
            with open(candidate, "rb") as f:
                if f.read(len(data) + 1) == data:
                    return candidate
        except OSError:
            continue
    return None


def load_settings(path: str | Path | None = None) -> tuple[Settings, list[str]]:
    """Load the settings; never raises, never blocks, never changes the file.

    Returns (settings, messages for the player). A file that cannot be used gives the defaults
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
        why = f"{type(e).__name__}: {e}"[:200]
        return Settings(), [f"The settings file {p} could not be loaded ({why}). Default settings are used."]
    return settings, _tidy(messages)


def _corrupt(p: Path, found: _Read) -> str:
    if not found.regular:
        kept = "it was left as it is"
    else:
        backup = _backup(p, found.data)
        kept = f"it was kept as {backup}" if backup else "it could not be backed up"
    why = found.why or "cannot be used"
    if len(why) > 200:
        why = why[:199] + "…"
    return f"The settings file {p} {why}; {kept}. Default settings are used."


# --- saving ---------------------------------------------------------------------------------------

class SettingsSaveError(OSError):
    """The settings could not be saved, and nothing was changed. ``str(e)`` says why in a
    sentence; `reason` in a word the UI translates: ``"read_only"``, ``"permission"``,
    ``"disk_full"``, ``"no_directory"``, ``"not_a_file"`` or ``"other"``; `path` is the file."""

    def __init__(self, message: str, reason: str = "other", path: Path | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.path = path

    def __str__(self) -> str:
        return str(self.args[0])


def _os_why(e: BaseException) -> str:
    return (getattr(e, "strerror", None) or str(e) or type(e).__name__).rstrip(".")


def _save_error(e: OSError, p: Path, target: Path) -> SettingsSaveError:
    """An OSError from the file system, as a `SettingsSaveError` with its reason."""
    if isinstance(e, SettingsSaveError):
        return e
    code = e.errno
    if code == errno.EROFS:
        return SettingsSaveError(f"{p.name} is read-only (the disk is read-only): {target}", "read_only", p)
    if code in (errno.EACCES, errno.EPERM):
        return SettingsSaveError(f"permission denied: cannot write {p.name} in {target.parent}", "permission", p)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return SettingsSaveError(f"the disk is full: cannot write {target}", "disk_full", p)
    if code in (errno.ENOENT, errno.ENOTDIR):
        return SettingsSaveError(f"the folder {target.parent} is missing", "no_directory", p)
    if code == errno.EISDIR:
        return SettingsSaveError(f"{target} is not a regular file (it is a folder)", "not_a_file", p)
    return SettingsSaveError(f"cannot write {target}: {_os_why(e)}", "other", p)


def _write_target(p: Path) -> tuple[Path, int | None]:
    """The file to replace (a symbolic link resolved to its target) and its permission bits
    (None when it does not exist yet). Raises `SettingsSaveError` for a folder, a pipe, a link
    loop, a read-only file or a missing folder."""
    target = Path(os.path.realpath(p))
    if os.path.islink(target):
        raise SettingsSaveError(f"{p} is a symbolic link that leads round in a circle", "not_a_file", p)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        if not os.path.isdir(target.parent):
            raise SettingsSaveError(f"the folder {target.parent} is missing", "no_directory", p) from None
        return target, None
    except OSError as e:
        raise _save_error(e, p, target) from e
    if not stat.S_ISREG(st.st_mode):
        raise SettingsSaveError(f"{target} is not a regular file (it is {safejson.file_kind(st.st_mode)}); "
                                "nothing was written", "not_a_file", p)
    # root may write anything, so ask the mode bits as well as the operating system
    if st.st_mode & 0o222 == 0 or not os.access(target, os.W_OK):
        raise SettingsSaveError(f"{p.name} is read-only ({target}); nothing was written", "read_only", p)
    return target, stat.S_IMODE(st.st_mode)


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
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        if isinstance(e, (FileExistsError, NotADirectoryError, FileNotFoundError)):
            raise SettingsSaveError(f"the folder {p.parent} is missing and cannot be made", "no_directory",
                                    p) from e
        raise _save_error(e, p, p) from e
    target, mode = _write_target(p)
    theirs: dict[str, Any] | None = None
    if mode is not None:
        found = _read(target)
        data, _ = _parse(found.data) if found.data is not None else (None, None)
        if data is not None:
            theirs = data
        elif (found.regular and (found.data is not None or found.why is not None)
              and _backup(p, found.data) is None):  # never replace a damaged file without a copy
            raise SettingsSaveError(f"the damaged settings file {target} could not be backed up, "
                                    "so it was not replaced", "other", p)
    text = json.dumps(_merge(settings.to_dict(), theirs), indent=2, ensure_ascii=False) + "\n"
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            f = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        except BaseException:
            os.close(fd)
            raise
        with f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise _save_error(e, p, target) from e
    finally:
        if tmp is not None:  # interrupted (any exception, Ctrl+C too): no temporary file is left
            try:
                os.unlink(tmp)
            except OSError:
                pass
    _sync_dir(target.parent)
    return p


def _sync_dir(d: Path) -> None:
    """Make the rename durable (POSIX); best effort."""
    if os.name != "posix":
        return
    try:
        fd = os.open(d, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
