"""Command line: ``korean-mahjong [play|score|shanten|simulate|replay] ...``.

Each subcommand lives in its own module here with ``register(subparsers)`` that adds its parser
and sets ``func=run``; ``run(args) -> int`` returns the exit status. With no subcommand the game
window starts. Errors the engine raises on purpose print one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from game import __version__
from game.engine.errors import MahjongError

SUBCOMMANDS = ("play", "score", "shanten", "simulate", "replay")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="korean-mahjong",
        description="Korean 2-Point Mahjong. With no command, the game window opens.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"game.cli.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"game.cli.{name}":
                continue  # a subcommand left out of this build
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:  # no subcommand: open the game window
        from game.cli import play

        return int(play.run(play.default_args()) or 0)
    try:
        return int(func(args) or 0)
    except MahjongError as e:
        print(f"korean-mahjong {args.command}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
