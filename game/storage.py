"""The files the game keeps: one safe reader and one atomic writer for all of them.

Settings (``settings.json``), lesson progress (``lessons.json``), the review caches
(``<record>.review.json``) and named rule sets (``rules/<slug>.json``) are read and written here,
so that what one of them learnt (a folder, a pipe, a damaged or hostile file, a symbolic link, a
read-only file, a newer version's keys, a save killed half way) holds for every one.

`read_json` (and `read_bytes`) never raises and never blocks: a folder, a pipe, a socket or a
device is refused before it is opened (reading a pipe would wait forever), no more than the
caller's bound is read, and the JSON is parsed by `game.engine.safejson` (nesting, huge numbers,
``NaN``/``Infinity`` and non-UTF-8 text are refused). It returns a `Found`: the value, or why the
file cannot be used (a `Message`), and reading never changes the file.

`write_json` writes a temporary file beside the target (``.<name>.<random>.tmp``), syncs it,
renames it over the target and syncs the folder: the file is the old one or the new one, never a
mix. A symbolic link is written through to its target (the link stays a link); a read-only file,
a folder or a pipe in its place is refused with a `StorageError` saying why; the keys of the old
file the caller does not know are kept when it asks (`merge`); a damaged file is copied aside
(``<name>.bad-<time>``) before it is replaced when it asks (`backup_bad`); and no temporary file
is left, whatever stops it. `sweep_temporaries` removes the temporary files a killed save left.

>>> import tempfile
>>> d = Path(tempfile.mkdtemp())
>>> _ = write_json(d / "a.json", {"x": 1})
>>> read_json(d / "a.json").value
{'x': 1}
>>> (d / "b.json").write_text('{"x": Infinity}')
15
>>> str(read_json(d / "b.json").why)
'it is not JSON this game can read (not a finite number: Infinity)'
>>> read_json(d / "c.json").missing
True

This module stands beside settings: it may import `game.engine` and `game.i18n` only.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import safejson
from game.engine.error_words import message_of
from game.engine.messages import MSG, TEXT, Message, define

__all__ = ["BACKUP_INFIX", "Found", "StorageError", "backup", "keep_unknown", "read_bytes",
           "read_json", "sweep_temporaries", "what_is", "write_json", "write_text"]

#: a damaged file is copied aside as ``<name>.bad-<time>`` (settings and progress)
BACKUP_INFIX = ".bad-"
#: what a temporary file of a save looks like: ``.<name>.<8 random characters>.tmp`` (this
#: writer, `tempfile.mkstemp`) or ``.<name>.<pid>.<thread>.tmp`` (the review cache's old writer)
TEMPORARY = re.compile(r"^\.(?P<name>.+\.json)\.(?:[A-Za-z0-9_]{8}|\d+\.\d+)\.tmp$")
#: a temporary file younger than this may belong to a save running now: it is left alone
SWEEP_AGE = 120.0
#: the files kept are a few kB; a reader that expects more says so
MAX_BYTES = 1_000_000

# --- why a file cannot be read (the player may read these, nested in the caller's words) ---------
WHAT = {"folder": define("storage.what.folder", "a folder", domain="ui"),
        "pipe": define("storage.what.pipe", "a named pipe", domain="ui"),
        "socket": define("storage.what.socket", "a socket", domain="ui"),
        "device": define("storage.what.device", "a device", domain="ui"),
        "special": define("storage.what.special", "not a regular file", domain="ui")}
NOT_REGULAR = define("storage.not_regular", "it is {what}, not a regular file", what=MSG,
                     domain="ui")
UNREADABLE = define("storage.unreadable", "it cannot be read ({why})", why=MSG, domain="ui")
NOT_JSON = define("storage.not_json", "it is not JSON this game can read ({why})", why=MSG,
                  domain="ui")
PERMISSION = define("storage.permission", "permission denied", domain="ui")
SYSTEM = define("storage.system", "{why}", why=TEXT, domain="ui")  # the system's own words
# --- why a file cannot be written (StorageError.message) ------------------------------------------
W_READ_ONLY = define("storage.write.read_only", "{path} is read-only; nothing was written",
                     path=TEXT, domain="ui")
W_READ_ONLY_DISK = define("storage.write.read_only_disk",
                          "{path} is on a read-only disk; nothing was written", path=TEXT,
                          domain="ui")
W_PERMISSION = define("storage.write.permission",
                      "permission denied: cannot write in the folder {folder}", folder=TEXT,
                      domain="ui")
W_DISK_FULL = define("storage.write.disk_full", "the disk is full: cannot write {path}", path=TEXT,
                     domain="ui")
W_NO_FOLDER = define("storage.write.no_folder", "the folder {folder} is missing", folder=TEXT,
                     domain="ui")
W_CANNOT_MAKE = define("storage.write.cannot_make_folder",
                       "the folder {folder} is missing and cannot be made", folder=TEXT,
                       domain="ui")
W_NOT_REGULAR = define("storage.write.not_regular",
                       "{path} is not a regular file (it is {what}); nothing was written",
                       path=TEXT, what=MSG, domain="ui")
W_LINK_LOOP = define("storage.write.link_loop",
                     "{path} is a symbolic link that leads round in a circle", path=TEXT,
                     domain="ui")
W_EXISTS = define("storage.write.exists", "{path} already exists", path=TEXT, domain="ui")
W_NO_BACKUP = define("storage.write.no_backup", "the damaged file {path} could not be copied "
                     "aside, so it was not replaced", path=TEXT, domain="ui")
W_OTHER = define("storage.write.other", "cannot write {path}: {why}", path=TEXT, why=MSG,
                 domain="ui")


# --- reading ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Found:
    """What reading a file found: its `value` (parsed JSON; `data` its bytes), or `why` it
    cannot be used, or `missing` (no file, or a link to nothing). `regular` is False for a
    folder, a pipe or a device (`what` says which: "folder", "pipe", "socket", "device",
    "special"; never opened, never copied); `too_large` files are not read at all; `json` is
    safejson's reason when the bytes were read but are not JSON."""

    value: Any = None
    data: bytes | None = None
    why: Message | None = None
    missing: bool = False
    regular: bool = True
    what: str = ""
    too_large: bool = False
    json: Message | None = None
    error: OSError | None = None

    @property
    def ok(self) -> bool:
        """The file was read (and parsed, by `read_json`)."""
        return self.why is None and not self.missing

    @property
    def damaged(self) -> bool:
        """A regular file that is there but cannot be used (copied aside before a save)."""
        return self.regular and not self.missing and self.why is not None


def what_is(path: str | os.PathLike[str]) -> str:
    """What a path that is not a regular file is: "folder", "pipe", "socket", "device" or
    "special" (follows links; "special" when it cannot even be looked at)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return "special"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "special"


def _os_text(e: BaseException) -> str:
    text = (getattr(e, "strerror", None) or str(e) or type(e).__name__).rstrip(".")
    return text if len(text) <= 200 else text[:199] + "…"


def _os_reason(e: BaseException) -> Message:
    if isinstance(e, PermissionError):
        return PERMISSION()
    return SYSTEM(why=_os_text(e))


def read_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> Found:
    """The bytes of a regular file (`Found.data`), read safely (`safejson.read_file`: never a
    pipe or a device, never more than `max_bytes`); never raises, never changes the file."""
    try:
        return Found(data=safejson.read_file(path, max_bytes))  # follows symbolic links
    except FileNotFoundError:
        return Found(missing=True)  # a dangling link too
    except safejson.NotARegularFile:
        what = what_is(path)
        return Found(why=NOT_REGULAR(what=WHAT[what]()), regular=False, what=what)
    except safejson.FileTooLarge:
        return Found(why=safejson.TOO_LARGE(n=max_bytes), too_large=True)
    except OSError as e:
        if e.errno == errno.ELOOP:  # a link leading round in a circle: nothing to read or copy
            return Found(why=UNREADABLE(why=_os_reason(e)), regular=False, what="special", error=e)
        return Found(why=UNREADABLE(why=_os_reason(e)), error=e)
    except Exception as e:  # noqa: BLE001 - a NUL in the name, a name too long...: never a crash
        return Found(why=UNREADABLE(why=SYSTEM(why=_os_text(e))))


def read_json(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES, *,
              max_depth: int = safejson.MAX_DEPTH) -> Found:
    """The JSON value of a file (`Found.value`), read as `read_bytes` reads and parsed by
    `safejson.loads` (a leading byte order mark is allowed); never raises."""
    found = read_bytes(path, max_bytes)
    if found.data is None:
        return found
    try:
        value = safejson.loads(found.data.removeprefix(b"\xef\xbb\xbf"), max_bytes=max_bytes,
                               max_depth=max_depth)
    except safejson.JsonInputError as e:
        why = message_of(e) or SYSTEM(why=str(e))
        return Found(data=found.data, why=NOT_JSON(why=why), json=why)
    except Exception as e:  # noqa: BLE001 - belt and braces: a file never stops the game
        why = SYSTEM(why=type(e).__name__)
        return Found(data=found.data, why=NOT_JSON(why=why), json=why)
    return Found(value=value, data=found.data)


# --- copies of damaged files --------------------------------------------------------------------------
def backup(path: Path, data: bytes | None) -> Path | None:
    """A copy of a damaged file beside it (``<name>.bad-<timestamp>``), or the copy made earlier
    of the same content; None if none can be made. The file itself is never moved or changed.
    `data` is its content (None for a file too large to read: then it is linked or copied by
    the file system)."""
    same = _same_backup(path, data)
    if same is not None:
        return same
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{path.name}{BACKUP_INFIX}{stamp}" + (f"-{n}" if n else ""))
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
    """An existing copy holding exactly `data` (or, for a file too large to read, a hard link
    to the file itself), so that every start with the same damaged file does not add a copy."""
    try:
        names = sorted(os.listdir(path.parent))
    except OSError:
        return None
    prefix = f"{path.name}{BACKUP_INFIX}"
    for name in [n for n in names if n.startswith(prefix)][-200:]:
        candidate = path.with_name(name)
        try:
            if data is None:
                if os.path.samefile(candidate, path):
                    return candidate
                continue
            st = os.lstat(candidate)
            if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
                continue
            with open(candidate, "rb") as f:
                if f.read(len(data) + 1) == data:
                    return candidate
        except OSError:
            continue
    return None


# --- writing ----------------------------------------------------------------------------------------
class StorageError(OSError):
    """A file could not be written, and nothing was changed. `message` says why (a
    ``storage.write.*`` `Message`; ``str(e)`` is its English). `kind` names the case:
    ``"read_only"``, ``"read_only_disk"``, ``"permission"``, ``"disk_full"``, ``"no_folder"``,
    ``"cannot_make_folder"``, ``"not_regular"`` (`what` says what it is), ``"link_loop"``,
    ``"exists"``, ``"no_backup"`` or ``"other"`` (`why`: the system's words); `path` is the
    file asked for, `target` the file it leads to (a link resolved)."""

    def __init__(self, message: Message, kind: str, path: Path, target: Path | None = None, *,
                 what: str = "", why: str = "") -> None:
        super().__init__(str(message))
        self.message: Message = message
        self.kind = kind
        self.path = path
        self.target = target if target is not None else path
        self.what = what
        self.why = why

    def __str__(self) -> str:
        return str(self.message)


def _error(e: OSError, path: Path, target: Path) -> StorageError:
    """An OSError of the file system as a `StorageError` saying why."""
    if isinstance(e, StorageError):
        return e
    code = e.errno
    if code == errno.EROFS:
        return StorageError(W_READ_ONLY_DISK(path=str(target)), "read_only_disk", path, target)
    if code in (errno.EACCES, errno.EPERM):
        return StorageError(W_PERMISSION(folder=str(target.parent)), "permission", path, target)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return StorageError(W_DISK_FULL(path=str(target)), "disk_full", path, target)
    if code in (errno.ENOENT, errno.ENOTDIR):
        return StorageError(W_NO_FOLDER(folder=str(target.parent)), "no_folder", path, target)
    if code == errno.EISDIR:
        return StorageError(W_NOT_REGULAR(path=str(target), what=WHAT["folder"]()), "not_regular",
                            path, target, what="folder")
    if code == errno.EEXIST:
        return StorageError(W_EXISTS(path=str(target)), "exists", path, target)
    if code == errno.ELOOP:
        return StorageError(W_LINK_LOOP(path=str(path)), "link_loop", path, target)
    why = _os_text(e)
    return StorageError(W_OTHER(path=str(target), why=SYSTEM(why=why)), "other", path, target,
                        why=why)


def _target(path: Path, exclusive: bool) -> tuple[Path, int | None]:
    """The file to replace (a symbolic link resolved to its target) and its permission bits
    (None when it does not exist yet). Raises `StorageError` for a folder, a pipe, a link loop,
    a read-only file, a missing folder, or (`exclusive`) any file already there."""
    if exclusive and os.path.lexists(path):
        raise StorageError(W_EXISTS(path=str(path)), "exists", path)
    target = Path(os.path.realpath(path))
    if os.path.islink(target):
        raise StorageError(W_LINK_LOOP(path=str(path)), "link_loop", path, target)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        if not os.path.isdir(target.parent):
            raise StorageError(W_NO_FOLDER(folder=str(target.parent)), "no_folder", path,
                               target) from None
        return target, None
    except OSError as e:
        raise _error(e, path, target) from e
    if not stat.S_ISREG(st.st_mode):
        what = what_is(target)
        raise StorageError(W_NOT_REGULAR(path=str(target), what=WHAT[what]()), "not_regular",
                           path, target, what=what)
    # root may write anything, so ask the mode bits as well as the operating system
    if st.st_mode & 0o222 == 0 or not os.access(target, os.W_OK):
        raise StorageError(W_READ_ONLY(path=str(target)), "read_only", path, target)
    return target, stat.S_IMODE(st.st_mode)


def keep_unknown(known: set[str] | frozenset[str]) -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    """A `merge` for `write_json`: the new object plus the old file's keys not in `known`
    (a newer version's), unchanged; a higher ``"version"`` of the old file stays too (it is
    still a newer version's file).

    >>> keep_unknown({"version", "done"})({"version": 1, "done": [1]},
    ...                                   {"version": 2, "done": [], "stars": 3})
    {'version': 2, 'done': [1], 'stars': 3}
    """
    def merge(ours: dict[str, Any], theirs: Any) -> dict[str, Any]:
        if not isinstance(theirs, Mapping):
            return ours
        out = dict(ours)
        for key, value in theirs.items():
            if key not in known and key not in out:
                out[key] = value
        mine, old = out.get("version"), theirs.get("version")
        if isinstance(mine, int) and isinstance(old, int) and _is_int(old) and old > mine:
            out["version"] = old
        return out

    return merge


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def write_json(path: str | os.PathLike[str], value: Any, *, indent: int | None = 2,
               ensure_ascii: bool = False, newline: bool = True,
               merge: Callable[[Any, Any], Any] | None = None, backup_bad: bool = False,
               valid: Callable[[Any], bool] = _is_object, max_bytes: int = 64 << 20,
               exclusive: bool = False, make_folder: bool = True) -> Path:
    """Write `value` as JSON atomically (see `write_text`) and return the path.

    When a file is there: with `merge`, the value written is ``merge(value, old)`` when the old
    file reads as JSON the caller calls `valid` (an object, by default) — a newer version's
    keys survive a save by this one; with `backup_bad`, a damaged old file (unreadable, not
    JSON, not `valid`) is copied aside first (`backup`), and not replaced if it cannot be.
    Everything that makes the save impossible is found before anything is copied."""
    p = Path(path)
    target, mode = _prepare(p, exclusive, make_folder)
    if mode is not None and (merge is not None or backup_bad):
        old = read_json(target, max_bytes)
        if old.ok and valid(old.value):
            if merge is not None:
                value = merge(value, old.value)
        elif backup_bad and (old.damaged or old.ok) and backup(p, old.data) is None:
            # never replace a damaged file without a copy
            raise StorageError(W_NO_BACKUP(path=str(target)), "no_backup", p, target)
    try:
        if indent is None:
            text = json.dumps(value, ensure_ascii=ensure_ascii, separators=(",", ":"),
                              allow_nan=False)
        else:
            text = json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:  # a caller's bug: nothing written
        raise StorageError(W_OTHER(path=str(target), why=SYSTEM(why=_os_text(e))), "other", p,
                           target, why=_os_text(e)) from e
    _put(p, target, mode, text + ("\n" if newline else ""), exclusive)
    return p


def write_text(path: str | os.PathLike[str], text: str, *, exclusive: bool = False,
               make_folder: bool = True) -> Path:
    """Write `text` (UTF-8) atomically and return the path: a temporary file beside the target
    (``.<name>.<random>.tmp``), synced, renamed over the target, the folder synced.

    A symbolic link is written through to its target; the target's permission bits are kept.
    With `exclusive` a file already there is never replaced (even one made in a race). Raises
    `StorageError` when it cannot write (a read-only file, a folder or a pipe in its place, a
    link loop, no permission, a full disk, a missing folder); then nothing was changed and no
    temporary file is left, whatever stopped it (Ctrl+C too)."""
    p = Path(path)
    target, mode = _prepare(p, exclusive, make_folder)
    _put(p, target, mode, text, exclusive)
    return p


def _prepare(p: Path, exclusive: bool, make_folder: bool) -> tuple[Path, int | None]:
    """The folder made (`make_folder`) and the target checked (`_target`)."""
    if make_folder:
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            if isinstance(e, (FileExistsError, NotADirectoryError, FileNotFoundError)):
                raise StorageError(W_CANNOT_MAKE(folder=str(p.parent)), "cannot_make_folder",
                                   p) from e
            raise _error(e, p, p) from e
        except ValueError as e:  # a NUL in the name
            raise StorageError(W_OTHER(path=repr(str(p)), why=SYSTEM(why=str(e))), "other",
                               p) from e
    try:
        return _target(p, exclusive)
    except ValueError as e:
        raise StorageError(W_OTHER(path=repr(str(p)), why=SYSTEM(why=str(e))), "other",
                           p) from e


def _put(p: Path, target: Path, mode: int | None, text: str, exclusive: bool) -> None:
    """The temporary file written, synced and renamed over `target`; never left behind."""
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
        if exclusive:
            _link_new(tmp, target)
        else:
            os.replace(tmp, target)
            tmp = None
    except OSError as e:
        raise _error(e, p, target) from e
    finally:
        if tmp is not None:  # interrupted, or linked (exclusive): no temporary file is left
            try:
                os.unlink(tmp)
            except OSError:
                pass
    _sync_dir(target.parent)


def _link_new(tmp: str, target: Path) -> None:
    """Put `tmp` in place as `target` only if no file has that name (`FileExistsError`)."""
    try:
        os.link(tmp, target)  # fails if the name is taken, even in a race
    except FileExistsError:
        raise
    except OSError:  # no hard links here (some network or FAT disks)
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "exists", str(target)) from None
        os.replace(tmp, target)


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


# --- what a killed save left --------------------------------------------------------------------------
def sweep_temporaries(folder: str | os.PathLike[str], *, older_than: float = SWEEP_AGE,
                      now: float | None = None) -> int:
    """Remove the temporary files a killed save left in `folder` (not below it); returns how
    many. Only regular files named as this writer names them (``.<name>.json.<8 letters or
    digits>.tmp``, or the review cache's ``.<name>.json.<pid>.<thread>.tmp``) and older than
    `older_than` seconds (a save running now is never touched); links and anything else are
    left alone. Cheap: one listing of the folder; never raises."""
    try:
        names = os.listdir(folder)
    except (OSError, ValueError):
        return 0
    when = time.time() if now is None else now
    removed = 0
    for name in names:
        if not TEMPORARY.match(name):
            continue
        p = os.path.join(folder, name)
        try:
            st = os.lstat(p)
            if not stat.S_ISREG(st.st_mode) or when - st.st_mtime < older_than:
                continue
            os.unlink(p)
            removed += 1
        except OSError:
            continue
    return removed
