"""``korean-mahjong replay FILE [--check]``: check a game record, or print it for people.

    korean-mahjong replay ~/.local/share/korean-mahjong/records/20261121-074000-seed3.jsonl
    korean-mahjong replay game.jsonl --check

``--check`` replays the record through the engine without a window: exit 0 when it rebuilds
the identical table (every event equal), exit 1 naming the line where it diverges or is
corrupt. Without ``--check`` a readable transcript is printed, hand by hand and event by event
in tile notation (the window replay viewer comes with the UI); a truncated or corrupt record is
printed as far as it is valid, with the reason, and exits 1.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay", help="check a game record (--check) or print it as a transcript",
        description="Replay a game record. --check rebuilds it through the engine and reports "
                    "whether every event is identical (exit 0) or where it diverges or is "
                    "corrupt (exit 1). Without --check the record is printed hand by hand.",
        epilog="example: korean-mahjong replay game.jsonl --check")
    p.add_argument("file", metavar="FILE", help="a record (JSON lines)")
    p.add_argument("--check", action="store_true",
                   help="replay through the engine and compare every event")
    p.add_argument("--actions", action="store_true",
                   help="also print each seat's chosen action in the transcript")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from game.practice.records import check_record, load_record, transcript

    if args.check:
        result = check_record(args.file)
        if result.ok:
            print(f"ok: {result.message}")
            return 0
        print(f"korean-mahjong replay: FAILED: {result.message}", file=sys.stderr)
        return 1
    rec = load_record(args.file)
    if rec.header is None:
        print(f"korean-mahjong replay: {rec.error}", file=sys.stderr)
        return 1
    for line in transcript(rec, actions=args.actions):
        print(line)
    if rec.error:
        print(f"korean-mahjong replay: {args.file}: {rec.error}", file=sys.stderr)
        return 1
    return 0
