"""JSON from files a user (or an attacker) may have damaged: one exception, never a crash.

`read_file` reads such a file safely (never a pipe or a device, never more than asked).
`loads` parses like `json.loads` but every way the input can be bad ends in `JsonInputError`
(a `ValueError`) with a short message: bytes that are not UTF-8, text that is not JSON, nesting
deeper than `MAX_DEPTH` (the standard parser would hit Python's recursion limit), a number with
more digits than Python converts (or one that is not finite: ``NaN``, ``Infinity``, ``1e999``),
and input larger than the caller's `max_bytes`.

>>> loads('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> loads("[" * 100_000)
Traceback (most recent call last):
...
game.engine.safejson.JsonInputError: nested more than 64 levels deep
>>> loads("1" * 5000)
Traceback (most recent call last):
...
game.engine.safejson.JsonInputError: a number with too many digits
>>> loads(b"\\xff{}")
Traceback (most recent call last):
...
game.engine.safejson.JsonInputError: not UTF-8 text
>>> loads("NaN")
Traceback (most recent call last):
...
game.engine.safejson.JsonInputError: not a finite number: NaN
"""

from __future__ import annotations

import json
import math
import os
import stat
from typing import Any

from .errors import MahjongError
from .messages import INT, TEXT, define

__all__ = ["MAX_DEPTH", "FileTooLarge", "JsonInputError", "NotARegularFile", "file_kind", "loads",
           "nesting_depth", "read_file"]

#: deeper than anything this game writes (a record line nests about 6 levels)
MAX_DEPTH = 64
#: digits of an integer literal; Python's own limit is 4300, far beyond any real value
MAX_DIGITS = 60


class JsonInputError(MahjongError, ValueError):
    """The input is not JSON this game can read; its message (``.message``) says why."""


#: why input is not JSON this game reads (the readers of settings, records, rules files and seat
#: programs nest these in their own messages)
DIGITS = define("json.digits", "a number with too many digits")
NOT_FINITE = define("json.not_finite", "not a finite number: {text}", text=TEXT)
TOO_LARGE = define("json.too_large", "larger than {n} bytes", n=INT)
NOT_UTF8 = define("json.not_utf8", "not UTF-8 text")
TOO_DEEP = define("json.too_deep", "nested more than {n} levels deep", n=INT)
INVALID = define("json.invalid", "not valid JSON ({why}, line {line} column {column})", why=TEXT,
                 line=INT, column=INT)
UNREADABLE = define("json.unreadable", "not readable JSON ({error})", error=TEXT)


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep ``[`` and ``{`` nest outside strings (stops counting just past `limit`).

    >>> nesting_depth('{"a": [[1], "[[["]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JsonInputError(DIGITS())
    return int(text)


def _float(text: str) -> float:
    if len(text) > 400:
        raise JsonInputError(DIGITS())
    v = float(text)
    if not math.isfinite(v):
        raise JsonInputError(NOT_FINITE(text=text[:20]))
    return v


def _constant(name: str) -> Any:
    raise JsonInputError(NOT_FINITE(text=name))


def loads(data: str | bytes, *, max_bytes: int | None = None, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text (or UTF-8 bytes); raises `JsonInputError` on anything unreadable."""
    if max_bytes is not None and len(data) > max_bytes:
        raise JsonInputError(TOO_LARGE(n=max_bytes))
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise JsonInputError(NOT_UTF8()) from None
    else:
        text = data
    if nesting_depth(text, max_depth) > max_depth:
        raise JsonInputError(TOO_DEEP(n=max_depth))
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except JsonInputError:
        raise
    except json.JSONDecodeError as e:
        raise JsonInputError(INVALID(why=e.msg, line=e.lineno, column=e.colno)) from None
    except (ValueError, RecursionError, MemoryError) as e:  # pragma: no cover - belt and braces
        raise JsonInputError(UNREADABLE(error=type(e).__name__)) from None


class NotARegularFile(OSError):
    """The path names a folder, a pipe, a socket or a device, not a file."""


class FileTooLarge(OSError):
    """The file is larger than the reader accepts."""


def file_kind(mode: int) -> str:
    """What a path that is not a regular file is, in words ("a directory", "a named pipe"...)."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_file(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of a regular file, read safely: a folder, pipe or device is refused before it
    is opened (reading a pipe would wait forever) and again after (it may have been swapped),
    and no more than `max_bytes` are read. Raises `FileNotFoundError`, `NotARegularFile`,
    `FileTooLarge` (their messages say what the path is) or another `OSError`.

    >>> import tempfile
    >>> read_file(tempfile.gettempdir(), 10)
    Traceback (most recent call last):
    ...
    game.engine.safejson.NotARegularFile: it is a directory, not a regular file
    """
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotARegularFile(f"it is {file_kind(st.st_mode)}, not a regular file")
    if st.st_size > max_bytes:
        raise FileTooLarge(f"it is larger than {max_bytes} bytes")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(f"it is {file_kind(mode)}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > max_bytes:
        raise FileTooLarge(f"it is larger than {max_bytes} bytes")
    return b"".join(chunks)
