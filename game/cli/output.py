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
