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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.engine.events import Event, SessionEnded, SessionStarted
from game.engine.tiles import SEAT_LETTERS
from game.i18n import register_texts

from .output import printable, show, words
from .words import NO_SUCH_FILE, add_lang_argument, language, said, say

register_texts("cli", {
    "cli.replay.ok": ("ok: {path}: {n} hand replayed, every event identical",
                      "ok: {path}: {n} hands replayed, every event identical"),
    "cli.replay.failed": "FAILED: {why}",
    "cli.replay.partial": "{why} (opened as far as it is valid)",
    # the transcript (--text): each event is its message (game.practice.event_words)
    "cli.replay.record": "record {name}: created {created}, seed {seed}, players {players}",
    "cli.replay.chooses": "({seat} chooses {action})",
    "cli.replay.stopped": "(stopped: {why})",
})


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
    add_lang_argument(p, "the window and the printed lines")
    p.add_argument("--frames", type=_positive, help=argparse.SUPPRESS)  # tests: stop after N frames
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from game.records import check_record, load_record

    lang = language(args)
    if args.check:
        result = check_record(args.file)
        if result.ok:
            show(say("cli.replay.ok", lang, path=str(Path(args.file)), n=result.hands))
            return 0
        failed = say("cli.replay.failed", lang, why=said(result.reason, lang))
        print(printable(f"korean-mahjong replay: {failed}"), file=sys.stderr)
        return 2
    if not Path(args.file).is_file():
        print(printable(f"korean-mahjong replay: {words(NO_SUCH_FILE(path=str(args.file)), lang)}"),
              file=sys.stderr)
        return 2
    rec = load_record(args.file)
    if getattr(args, "text", False):
        if rec.header is None:
            print(printable(f"korean-mahjong replay: {reason(rec, lang)}"), file=sys.stderr)
            return 2
        for line in transcript(rec, actions=args.actions, lang=lang):
            show(line)  # player names come from the record: escaped
        if rec.error:
            print(printable(f"korean-mahjong replay: {args.file}: {reason(rec, lang)}"), file=sys.stderr)
            return 2
        return 0
    return _window(args, rec)


def reason(record: Any, lang: str) -> str:
    """Why reading `record` stopped, in `lang` ('' when it was read to its end)."""
    return "" if record.reason is None else said(record.reason, lang)


def event_text(e: Event, players: Sequence[str] | None = None, lang: str = "en") -> str:
    """One transcript line for `e` in `lang`, tiles and seats in notation (English is
    `game.practice.record_text.describe_event`'s line).

    >>> from game.engine.events import Discarded
    >>> event_text(Discarded(seat=1, tile=52, uper=True), lang="ko")
    'S: 5p 버림, 엎어 선언'
    """
    from game.practice.event_words import event_message

    return said(event_message(e, players), lang)


def transcript(record: Any, *, actions: bool = False, lang: str = "en") -> list[str]:
    """The record for people in `lang`, hand by hand and event by event (English is
    `game.practice.record_text.transcript`'s)."""
    out: list[str] = []
    h = record.header or {}
    players = record.players
    out.append(say("cli.replay.record", lang, name=record.path.name, created=h.get("created", "?"),
                   seed=h.get("seed"), players=", ".join(players)))
    for _, e in record.session_events:
        if isinstance(e, SessionStarted):
            out.append(event_text(e, players, lang))
    for hand in record.hands:
        items: list[tuple[int, str]] = [(no, "  " + event_text(e, players, lang))
                                        for no, e in hand.events]
        if actions:
            items += [(no, "    " + say("cli.replay.chooses", lang, seat=SEAT_LETTERS[s],
                                        action=repr(a))) for no, s, a in hand.actions]
        items.sort(key=lambda x: x[0])
        for i, (_, line) in enumerate(items):
            out.append(line.strip() if i == 0 else line)
    for _, e in record.session_events:
        if isinstance(e, SessionEnded):
            out.append(event_text(e, players, lang))
    if record.error:
        out.append(say("cli.replay.stopped", lang, why=reason(record, lang)))
    return out


def _window(args: argparse.Namespace, rec: Any) -> int:
    """The replay viewer on `rec` in the game window (closing it ends the program)."""
    from game.settings import load_settings

    settings, messages = load_settings()
    lang = args.lang or settings.language
    settings = settings.replace(language=lang)
    for m in messages:
        print(printable(f"korean-mahjong: {words(m, lang)}"), file=sys.stderr)
    if rec.error:
        why = say("cli.replay.partial", lang, why=f"{args.file}: {reason(rec, lang)}")
        print(printable(f"korean-mahjong replay: {why}"), file=sys.stderr)
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
