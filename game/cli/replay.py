"""``korean-mahjong replay FILE [--text | --check]``: open a game record in the replay viewer,
print it for people, or check it.

    korean-mahjong replay ~/.local/share/korean-mahjong/records/20261121-074000-seed3.jsonl
    korean-mahjong replay game.jsonl --text
    korean-mahjong replay game.jsonl --check

Without an option the game window opens on the step-by-step replay viewer for that record
(a truncated or corrupt record opens as far as it is valid, with the reason shown; the file is
never written). ``--text`` prints a readable transcript, hand by hand and event by event in tile
notation (a damaged record is printed as far as it is valid, with the reason, and exits 2).
``--check`` replays the record through the engine without a window: exit 0 when it rebuilds the
identical table (every event equal), exit 2 naming the line where it diverges or is corrupt.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    from .play import _positive, _size

    p = subparsers.add_parser(
        "replay", help="open a game record in the replay viewer (--text prints it, --check checks it)",
        description="Replay a game record. Without options the replay viewer opens on it (step "
                    "event by event, reveal hands, hints). --text prints the record hand by hand. "
                    "--check rebuilds it through the engine and reports whether every event is "
                    "identical (exit 0) or where it diverges or is corrupt (exit 1).",
        epilog="example: korean-mahjong replay game.jsonl --check")
    p.add_argument("file", metavar="FILE", help="a record (JSON lines)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="replay through the engine and compare every event (no window)")
    mode.add_argument("--text", action="store_true",
                      help="print the record as a transcript instead of opening the viewer")
    p.add_argument("--actions", action="store_true",
                   help="with --text: also print each seat's chosen action")
    p.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x800")
    p.add_argument("--lang", choices=("ko", "en"), help="language for this run")
    p.add_argument("--frames", type=_positive, help=argparse.SUPPRESS)  # tests: stop after N frames
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from game.practice.records import check_record, load_record, transcript

    if args.check:
        result = check_record(args.file)
        if result.ok:
            print(f"ok: {result.message}")
            return 0
        print(f"korean-mahjong replay: FAILED: {result.message}", file=sys.stderr)
        return 2
    if not Path(args.file).is_file():
        print(f"korean-mahjong replay: {args.file}: no such file", file=sys.stderr)
        return 2
    rec = load_record(args.file)
    if getattr(args, "text", False):
        if rec.header is None:
            print(f"korean-mahjong replay: {rec.error}", file=sys.stderr)
            return 2
        for line in transcript(rec, actions=args.actions):
            print(line)
        if rec.error:
            print(f"korean-mahjong replay: {args.file}: {rec.error}", file=sys.stderr)
            return 2
        return 0
    return _window(args, rec)


def _window(args: argparse.Namespace, rec: Any) -> int:
    """The replay viewer on `rec` in the game window (closing it ends the program)."""
    from game.settings import load_settings

    settings, messages = load_settings()
    if args.lang:
        settings = settings.replace(language=args.lang)
    for m in messages:
        print(f"korean-mahjong: {m}", file=sys.stderr)
    if rec.error:
        print(f"korean-mahjong replay: {args.file}: {rec.error} (opened as far as it is valid)",
              file=sys.stderr)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.app import App

    pygame.init()
    app = App(settings, size=args.size)
    try:
        app.push("replay_viewer", record=rec)
        return app.run(max_frames=args.frames)
    finally:
        app.close()
        pygame.quit()
