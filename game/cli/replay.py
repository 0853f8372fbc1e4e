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
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from game.engine.events import (
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    Event,
    FlowerShown,
    HandEnded,
    HandStarted,
    KongDeclared,
    NineMajorDeclared,
    SessionEnded,
    SessionStarted,
    WallBroken,
    WallBuilt,
    WinDeclared,
)
from game.engine.tiles import SEAT_LETTERS, format_tiles, kind_of_tile, tile_str
from game.i18n import has_text, register_texts, yak_name

from .output import printable, words
from .words import NO_SUCH_FILE, add_lang_argument, language, say

register_texts("cli", {
    "cli.replay.ok": "ok: {path}: {n} hand replayed, every event identical",
    "cli.replay.ok_n": "ok: {path}: {n} hands replayed, every event identical",
    "cli.replay.failed": "FAILED: {why}",
    "cli.replay.partial": "{why} (opened as far as it is valid)",
    # the transcript (--text), one line per event; tiles and seats in notation
    "cli.replay.record": "record {name}: created {created}, seed {seed}, players {players}",
    "cli.replay.session_start": "session start: seed {seed}, seats by {method}: {seats}",
    "cli.replay.method.dice": "dice",
    "cli.replay.method.winds": "winds",
    "cli.replay.hand": "hand {n}:{extra} {seats}",
    "cli.replay.doubled": " doubled;",
    "cli.replay.prevalent": " prevalent wind {seat};",
    "cli.replay.wall": "the wall is built ({n} tiles)",
    "cli.replay.dice": "{seat} throws {a}+{b} ({purpose})",
    "cli.replay.dice.breaker": "wall breaker",
    "cli.replay.dice.count": "break count",
    "cli.replay.break": "{seat} breaks the wall, count {count}",
    "cli.replay.dealt": "{seat} takes {tiles}",
    "cli.replay.flower": "{seat} shows flower {tile}",
    "cli.replay.drew": "{seat} draws {tile}",
    "cli.replay.drew_replacement": "{seat} draws {tile} (replacement)",
    "cli.replay.discard": "{seat} discards {tile}",
    "cli.replay.uper": ", declaring UPER",
    "cli.replay.frozen": " (frozen hand)",
    "cli.replay.claim": "{seat} claims {tile} from {other}: {meld} {tiles}",
    "cli.replay.kong": "{seat} declares {meld} {tiles}",
    "cli.replay.nine_major": "{seat} declares nine major tiles: {tiles}",
    "cli.replay.win": "{seat} wins on {tile} by {how}: {tiles}",
    "cli.replay.win_from": "{seat} wins on {tile} by {how} from {other}: {tiles}",
    "cli.replay.how.self_draw": "self draw",
    "cli.replay.how.discard": "discard",
    "cli.replay.how.robbing_kong": "robbing kong",
    "cli.replay.end": "hand ends: {reason}",
    "cli.replay.end.win": "win",
    "cli.replay.end.exhaustive": "exhaustive",
    "cli.replay.end.nine_major": "nine major",
    "cli.replay.end.four_winds": "four winds",
    "cli.replay.end.triple_win": "triple win",
    "cli.replay.scores": "{seat} scores {total} (basic {basic}, bonus {bonus}: {yak})",
    "cli.replay.payments": "payments {payments}",
    "cli.replay.session_end": "session ends after {n} hands: {scores}",
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
    from game.practice.records import check_record, load_record

    lang = language(args)
    if args.check:
        result = check_record(args.file)
        if result.ok:
            key = "cli.replay.ok" if result.hands == 1 else "cli.replay.ok_n"
            print(say(key, lang, path=str(Path(args.file)), n=result.hands))
            return 0
        failed = say("cli.replay.failed", lang, why=result.message)
        print(printable(f"korean-mahjong replay: {failed}"), file=sys.stderr)
        return 2
    if not Path(args.file).is_file():
        print(printable(f"korean-mahjong replay: {words(NO_SUCH_FILE(path=str(args.file)), lang)}"),
              file=sys.stderr)
        return 2
    rec = load_record(args.file)
    if getattr(args, "text", False):
        if rec.header is None:
            print(printable(f"korean-mahjong replay: {rec.error}"), file=sys.stderr)
            return 2
        for line in transcript(rec, actions=args.actions, lang=lang):
            print(line)
        if rec.error:
            print(printable(f"korean-mahjong replay: {args.file}: {rec.error}"), file=sys.stderr)
            return 2
        return 0
    return _window(args, rec)


def _tiles(ids: Iterable[int] | None) -> str:
    if ids is None:
        return "?"
    return format_tiles(sorted(kind_of_tile(t) for t in ids if t >= 0)) or "-"


def _tile(t: int | None) -> str:
    return "?" if t is None else tile_str(kind_of_tile(t))


def _choice(group: str, value: str, lang: str, fallback: str) -> str:
    key = f"cli.replay.{group}.{value}"
    return say(key, lang) if has_text(key) else fallback


def _yak(key: object, lang: str) -> str:
    if lang == "en" or not has_text(f"yak.{key}"):
        return str(key)  # English names a yak by its key, as the record has it
    return yak_name(str(key), lang)


def event_text(e: Event, players: Sequence[str] | None = None, lang: str = "en") -> str:
    """One transcript line for `e` in `lang`, tiles and seats in notation (English is
    `game.practice.records.describe_event`'s line).

    >>> event_text(Discarded(seat=1, tile=52, uper=True), lang="ko")
    'S: 5p 버림, 엎어 선언'
    """
    seat = SEAT_LETTERS.__getitem__
    match e:
        case SessionStarted(seed=seed, players=ps, method=m, seats=seats):
            who = ", ".join(f"{p} {seat(x)}" for p, x in zip(ps, seats))
            return say("cli.replay.session_start", lang, seed=seed,
                       method=_choice("method", m, lang, m), seats=who)
        case HandStarted(hand=n, players=ps, scores=sc, doubled=dbl, prevalent=pv):
            names = [players[p] if players and p < len(players) else f"P{p + 1}" for p in ps]
            who = ", ".join(f"{seat(s)} {names[s]} ({sc[s]:+d})" for s in range(4))
            extra = (say("cli.replay.doubled", lang) if dbl else "") + \
                ("" if pv is None else say("cli.replay.prevalent", lang, seat=seat(pv)))
            return say("cli.replay.hand", lang, n=n, extra=extra, seats=who)
        case WallBuilt(tiles=t):
            return say("cli.replay.wall", lang, n=sum(1 for x in (t or ()) if x >= 0))
        case DiceRolled(seat=s, faces=f, purpose=p):
            purpose = say("cli.replay.dice.breaker" if p == "breaker" else "cli.replay.dice.count",
                          lang)
            return say("cli.replay.dice", lang, seat=seat(s), a=f[0], b=f[1], purpose=purpose)
        case WallBroken(breaker=b, count=c):
            return say("cli.replay.break", lang, seat=seat(b), count=c)
        case Dealt(seat=s, tiles=t):
            return say("cli.replay.dealt", lang, seat=seat(s), tiles=_tiles(t))
        case FlowerShown(seat=s, tile=t):
            return say("cli.replay.flower", lang, seat=seat(s), tile=_tile(t))
        case Drew(seat=s, tile=t, replacement=r):
            return say("cli.replay.drew_replacement" if r else "cli.replay.drew", lang,
                       seat=seat(s), tile=_tile(t))
        case Discarded(seat=s, tile=t, uper=u, auto=a):
            return (say("cli.replay.discard", lang, seat=seat(s), tile=_tile(t))
                    + (say("cli.replay.uper", lang) if u else "")
                    + (say("cli.replay.frozen", lang) if a else ""))
        case Claimed(seat=s, meld=m, tile=t, from_seat=f, tiles=ids):
            return say("cli.replay.claim", lang, seat=seat(s), tile=_tile(t), other=seat(f),
                       meld=_meld(m, lang), tiles=_tiles(ids))
        case KongDeclared(seat=s, meld=m, tiles=ids):
            return say("cli.replay.kong", lang, seat=seat(s), meld=_meld(m, lang),
                       tiles=_tiles(ids))
        case NineMajorDeclared(seat=s, tiles=ids):
            return say("cli.replay.nine_major", lang, seat=seat(s), tiles=_tiles(ids))
        case WinDeclared(seat=s, tile=t, how=how, from_seat=f, concealed=ids):
            how_text = _choice("how", how, lang, how.replace("_", " "))
            if f is None:
                return say("cli.replay.win", lang, seat=seat(s), tile=_tile(t), how=how_text,
                           tiles=_tiles(ids))
            return say("cli.replay.win_from", lang, seat=seat(s), tile=_tile(t), how=how_text,
                       other=seat(f), tiles=_tiles(ids))
        case HandEnded(reason=r, winners=ws, payments=pay):
            parts = [say("cli.replay.end", lang, reason=_choice("end", r, lang, r.replace("_", " ")))]
            for w in ws:
                res = w.get("result", {}) if isinstance(w, dict) else {}
                yak = ", ".join(f"{_yak(y.get('key'), lang)} {y.get('points')}"
                                for y in res.get("yak", []))
                parts.append(say("cli.replay.scores", lang, seat=w.get("seat"),
                                 total=res.get("total"), basic=res.get("basic"),
                                 bonus=res.get("bonus"), yak=yak))
            parts.append(say("cli.replay.payments", lang, payments=" ".join(
                f"{seat(s)} {pay[s]:+d}" for s in range(4))))
            return "; ".join(parts)
        case SessionEnded(hands=n, scores=sc):
            names = list(players) if players else [f"P{i + 1}" for i in range(4)]
            return say("cli.replay.session_end", lang, n=n, scores=", ".join(
                f"{names[i]} {sc[i]:+d}" for i in range(len(sc))))
    return repr(e)


def _meld(m: str, lang: str) -> str:
    return say(f"cli.meld.{m}", lang) if has_text(f"cli.meld.{m}") else m.replace("_", " ")


def transcript(record: Any, *, actions: bool = False, lang: str = "en") -> list[str]:
    """The record for people in `lang`, hand by hand and event by event (English is
    `game.practice.records.transcript`'s)."""
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
        out.append(say("cli.replay.stopped", lang, why=record.error))
    return out


def _window(args: argparse.Namespace, rec: Any) -> int:
    """The replay viewer on `rec` in the game window (closing it ends the program)."""
    from game.settings import load_settings

    settings, messages = load_settings()
    lang = args.lang or settings.language
    settings = settings.replace(language=lang)
    for m in messages:
        print(f"korean-mahjong: {m}", file=sys.stderr)
    if rec.error:
        why = say("cli.replay.partial", lang, why=f"{args.file}: {rec.error}")
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
