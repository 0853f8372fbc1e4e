"""What every subcommand prints when something is wrong: one escaped line on stderr.

The subcommands import these from here (not from the package ``game.cli``, which imports the
subcommands), so no module of the command line imports another in a circle.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, TypeVar

from game.engine.messages import Message

from .words import reason_of, said, say

E = TypeVar("E", bound=BaseException)


def printable(text: object) -> str:
    """`text` with every character that is not printable escaped as Python writes it, so an
    error line stays one line and cannot move the cursor, clear or retitle the terminal.
    Letters of every script (Korean included) are kept.

    >>> printable("12\\x1b[2Jm 커피향\\r")
    '12\\\\x1b[2Jm 커피향\\\\r'
    """
    s = str(text)
    if s.isprintable():
        return s
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in s)


def show(text: object = "") -> None:
    """Print one line of output on stdout through `printable`: the one way every command prints
    what may come from a file (a record's player names, a review's words), so no escape sequence,
    C1 control or bidirectional override in it reaches the terminal (stderr is escaped as a
    whole, `game.cli.EscapingStream`)."""
    print(printable(text), flush=False)


def printable_json(text: str) -> str:
    """JSON text (as `json.dumps` with ``ensure_ascii=False`` writes it) with every character
    that is not printable written as a ``\\u`` escape (a surrogate pair past U+FFFF): the same
    JSON value, and nothing in it a terminal would act on. Newlines between values are kept.

    >>> printable_json('{"name": "a\x9b2J\u202e\U000e0041", "k": "커피"}')
    '{"name": "a\\\\u009b2J\\\\u202e\\\\udb40\\\\udc41", "k": "커피"}'
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == "\n":
            out.append(ch)
            continue
        n = ord(ch)
        if n > 0xFFFF:
            n -= 0x10000
            out.append(f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}")
        else:
            out.append(f"\\u{n:04x}")
    return "".join(out)


def with_message(e: E, message: Message) -> E:
    """`e` carrying `message` (``e.message``), so the command line words it in the player's
    language; ``str(e)`` stays the English.

    >>> from .words import NO_SUCH_FILE
    >>> e = with_message(FileNotFoundError(str(NO_SUCH_FILE(path="a"))), NO_SUCH_FILE(path="a"))
    >>> str(e), words(e, "ko")
    ('a: no such file', 'a: 파일이 없습니다')
    """
    e.message = message  # type: ignore[attr-defined]
    return e


def words(message: object, lang: str) -> str:
    """A message, an exception carrying one (see `with_message`), or plain text, in `lang`."""
    m = message if isinstance(message, Message) else reason_of(message)
    return str(message) if m is None else said(m, lang)


def error(command: str | None, message: object, lang: str = "en") -> int:
    """Print ``korean-mahjong <command>: error: <message>`` (escaped, one line) in `lang`;
    returns 2. `message` is a `Message`, an exception (its message when it carries one) or
    text."""
    prog = f"korean-mahjong {command}" if command else "korean-mahjong"
    print(f"{prog}: {say('cli.error', lang)}: {printable(words(message, lang))}", file=sys.stderr,
          flush=True)
    return 2


def warning(command: str | None, message: object, lang: str = "en") -> None:
    """Print ``korean-mahjong <command>: warning: <message>`` (escaped, one line) in `lang`."""
    prog = f"korean-mahjong {command}" if command else "korean-mahjong"
    print(f"{prog}: {say('cli.warning', lang)}: {printable(words(message, lang))}",
          file=sys.stderr, flush=True)


class Parser(argparse.ArgumentParser):
    """argparse with one escaped error line (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {printable(message)} (see {self.prog} --help)\n")
