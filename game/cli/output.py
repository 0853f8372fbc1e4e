"""What every subcommand prints when something is wrong: one escaped line on stderr.

The subcommands import these from here (not from the package ``game.cli``, which imports the
subcommands), so no module of the command line imports another in a circle.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn


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


def error(command: str | None, message: object) -> int:
    """Print ``korean-mahjong <command>: error: <message>`` (escaped, one line); returns 2."""
    prog = f"korean-mahjong {command}" if command else "korean-mahjong"
    print(f"{prog}: error: {printable(message)}", file=sys.stderr, flush=True)
    return 2


def warning(command: str | None, message: object) -> None:
    """Print ``korean-mahjong <command>: warning: <message>`` (escaped, one line)."""
    prog = f"korean-mahjong {command}" if command else "korean-mahjong"
    print(f"{prog}: warning: {printable(message)}", file=sys.stderr, flush=True)


class Parser(argparse.ArgumentParser):
    """argparse with one escaped error line (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {printable(message)} (see {self.prog} --help)\n")
