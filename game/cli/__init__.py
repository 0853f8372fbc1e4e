"""Command line: ``korean-mahjong [play|score|shanten|simulate|replay|review] ...``.

Each subcommand lives in its own module here with ``register(subparsers)`` that adds its parser
and sets ``func=run``; ``run(args) -> int`` returns the exit status. With no subcommand the game
window starts.

Every bad input ends in ONE line on stderr, ``korean-mahjong <command>: error: ...``, and exit
status 2 (`error`; argparse's own errors too), never a traceback; what the user typed is shown
with control characters escaped (`printable`). Ctrl+C quits with status 130 and no traceback.
Output to a console that cannot encode Korean is escaped instead of failing.

What the commands print for people is in the player's language (``--lang``, else the saved
settings', else the locale's), made from messages and registered texts (`game.cli.words`);
``--json`` keeps its keys and adds each reason as a message object. argparse's own help and
usage errors stay English.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any

# The window's class (X11) and app id (Wayland) are read when SDL starts: set them before any
# subcommand imports pygame, so desktops match the window to its desktop entry whatever the
# program was started as (korean-mahjong, korean-mahjong-gui, python -m game, a frozen build).
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "korean-mahjong")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "korean-mahjong")

from game.engine.errors import MahjongError

from .output import Parser, error, printable, warning
from .words import language

__all__ = ["EXIT_INTERRUPTED", "SUBCOMMANDS", "Parser", "error", "gui_main", "main", "printable",
           "warning"]

SUBCOMMANDS = ("play", "score", "shanten", "simulate", "replay", "review")

#: the exit status after Ctrl+C (128 + SIGINT), as shells report it
EXIT_INTERRUPTED = 130


class _Version(argparse.Action):
    """``--version``: prints the program and its version and exits, reading the version only
    then (`game.__version__`), not for every command."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str = "show program's version number and exit"):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from game import __version__

        print(f"{parser.prog} {__version__}")
        parser.exit()


def command_of(argv: list[str]) -> str | None:
    """The subcommand `argv` names first (its first word, as argparse reads it: the top-level
    parser has no option taking a value), or None (no command, an option first, a word that is
    none of them).

    >>> command_of(["play", "--autoplay"]), command_of(["--help"]), command_of(["plya"])
    ('play', None, None)
    """
    return argv[0] if argv and argv[0] in SUBCOMMANDS else None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line's parser, or with `only` one subcommand's (`main`, once
    `command_of` has named it): each subcommand's module is imported to register it, and the
    window need not import the simulator's, the scorer's, the review's (a tenth of the start
    to the first frame)."""
    parser = Parser(
        prog="korean-mahjong",
        description="Korean 2-Point Mahjong. With no command, the game window opens.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in SUBCOMMANDS if only is None else (only,):
        try:
            module = importlib.import_module(f"game.cli.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"game.cli.{name}":
                continue  # a subcommand left out of this build
            raise
        module.register(sub)
    return parser


def parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """`parser.parse_args`, but arguments left over are reported by the subcommand they follow
    (``korean-mahjong score: error: unrecognized arguments: ...``)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        target = parser
        for action in parser._actions:  # the subcommands' parsers
            if isinstance(action, argparse._SubParsersAction):
                target = action.choices.get(getattr(args, "command", None) or "", parser)
        target.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def tolerant_streams(*streams: Any) -> None:
    """Let stdout and stderr escape what their encoding cannot write (Korean on an ASCII or
    Latin-1 console) instead of raising UnicodeEncodeError."""
    for stream in streams or (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or getattr(stream, "errors", None) not in (
                None, "strict", "surrogateescape"):
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError, AttributeError):  # a closed or unusual stream: leave it
            pass


class EscapingStream:
    """A text stream that writes through `printable`: whatever a command prints to stderr (its
    own messages too, not only `error`'s) cannot carry a control character, and a message
    stays one line (only a write's final newline is kept; `print` writes it separately)."""

    def __init__(self, stream: Any):
        self.stream = stream

    def write(self, text: str) -> int:
        body, end = (text[:-1], "\n") if text.endswith("\n") else (text, "")
        self.stream.write(printable(body) + end)
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def main(argv: list[str] | None = None) -> int:
    # a frozen build starts the practice tools' worker processes by running this program again:
    # there, this call runs the worker and never returns (outside a frozen build it does
    # nothing, and multiprocessing is not imported: a twentieth of the start to the first frame)
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    tolerant_streams()
    stderr = sys.stderr
    sys.stderr = EscapingStream(stderr)
    try:
        return _main(argv)
    finally:
        if isinstance(sys.stderr, EscapingStream):
            sys.stderr = sys.stderr.stream


def gui_main() -> int:
    """The ``korean-mahjong-gui`` entry (Windows starts it without a console window): `main`,
    with output that has nowhere to go (no console: stdout and stderr are None) thrown away
    instead of failing."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - for the run
    return main()


def _main(argv: list[str] | None) -> int:
    command: str | None = None
    args: argparse.Namespace | None = None
    try:
        words = sys.argv[1:] if argv is None else argv
        args = parse(build_parser(command_of(words)), argv)
        command = args.command
        func = getattr(args, "func", None)
        if func is None:  # no subcommand: open the game window
            from game.cli import play

            command = "play"
            return int(play.run(play.default_args()) or 0)
        return int(func(args) or 0)
    except MahjongError as e:
        return error(command, e, language(args))
    except KeyboardInterrupt:  # Ctrl+C: the `finally` blocks have closed windows and records
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `korean-mahjong ... | head`
        _quiet_stdout()
        return 0
    except OSError as e:  # a file named on the command line the system refuses (name too long...)
        where = f"{e.filename}: " if e.filename is not None else ""
        return error(command, f"{where}{e.strerror or e}", language(args))


def _quiet_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null so the exit flush does not complain."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (tests capture it)
        pass
