"""``korean-mahjong shanten``: how far a hand is from ready, its waits and its tile acceptance.

    korean-mahjong shanten 123m456p789p11m22z          # 13 tiles: shanten, waits or accepts
    korean-mahjong shanten 123m456p789p11m22z7z --json # 14 tiles: every discard, best first
    korean-mahjong shanten 22m456p77z                  # 7 tiles: two declared melds implied
    printf '1112345678999m\\n19m19p1234567z\\n' | korean-mahjong shanten -   # one answer per line

HAND is the concealed tiles only: 13 or 14 tiles, or 3 fewer per declared meld (the size says
how many). ``--seen`` names tiles visible elsewhere (rivers, others' melds), so the unseen counts
shrink. A bad hand exits with status 2 and says which token or tile is wrong; with ``-`` each bad
line (a line that is not UTF-8 too: input is read as bytes and decoded line by line) gets its
error in place of its answer, the others are still answered, and the exit status is 2 at the end.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

from game.cli.output import printable, with_message
from game.engine.errors import ImpossibleHandError, MahjongError
from game.engine.hand.acceptance import acceptance, acceptance13
from game.engine.hand.shanten import shanten
from game.engine.messages import INT, TEXT, TILE, TILES, Message, define
from game.engine.tiles import format_tiles, parse_tiles, tile_str, to_counts
from game.i18n import register_texts

from .words import add_lang_argument, language, message_json, reason_of, said, say

register_texts("cli", {
    "cli.shanten.melds": " (+{n} melds)",
    "cli.shanten.ready": "ready, waits {tiles} ({unseen} unseen)",
    "cli.shanten.ready_none": "ready, waits nothing",
    "cli.shanten.accepts": "shanten {n}; accepts {tiles} ({unseen} unseen)",
    "cli.shanten.accepts_none": "shanten {n}; accepts nothing",
    "cli.shanten.head": "shanten {n}{state}",
    "cli.shanten.complete": " (complete)",
    "cli.shanten.ready_state": " (ready)",
    "cli.shanten.discard": "discard {tile} -> {rest}",
})

# what is wrong with a hand given to the command
FLOWERS = define("cli.shanten.flowers", "'{hand}' holds the flower(s) {tiles}: flowers are put "
                 "aside, never part of a hand's shape", hand=TEXT, tiles=TILES)
COPIES = define("cli.shanten.copies", "'{hand}' holds {n} copies of {tile}: there are only four",
                hand=TEXT, n=INT, tile=TILE)
SIZE = define("cli.shanten.size", "'{hand}' is {n} tiles: a hand's concealed part has 3n+1 "
              "(1, 4, 7, 10, 13) or 3n+2 (2, 5, 8, 11, 14) tiles", hand=TEXT, n=INT)
SEEN_FLOWERS = define("cli.shanten.seen_flowers",
                      "--seen '{seen}': flowers do not count as seen tiles", seen=TEXT)
NOT_UTF8 = define("cli.shanten.not_utf8", "line {no} is not UTF-8 text", no=INT)


def _refuse(message: Message) -> ImpossibleHandError:
    return with_message(ImpossibleHandError(str(message)), message)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "shanten", help="shanten, waits and tile acceptance of a hand",
        description="How many tiles a hand is from ready (shanten 0) or complete (-1); for 13 "
                    "tiles the waits or the draws that help, for 14 tiles every discard with "
                    "what it leaves, best first.",
        epilog="example: korean-mahjong shanten 123m456p789p11m22z7z")
    p.add_argument("hand", metavar="HAND",
                   help="concealed tiles, e.g. 123m456p789p11m22z; '-' reads one hand per line "
                        "from standard input")
    p.add_argument("--seen", metavar="TILES", default="",
                   help="tiles visible elsewhere (rivers, melds), e.g. 1m1m5z")
    p.add_argument("--json", action="store_true", help="print JSON (one object per hand and line)")
    add_lang_argument(p)
    p.set_defaults(func=run)


def hand_counts(text: str) -> tuple[list[int], int]:
    """Counts of a concealed hand in notation, and the declared melds its size implies.

    >>> hand_counts("22m456p77z")[1]
    2
    >>> hand_counts("123m456p")
    Traceback (most recent call last):
    ...
    game.engine.errors.ImpossibleHandError: '123m456p' is 6 tiles: a hand's concealed part has 3n+1 (1, 4, 7, 10, 13) or 3n+2 (2, 5, 8, 11, 14) tiles
    """  # noqa: E501 - a doctest's expected output is one line
    kinds = parse_tiles(text)
    flowers = [k for k in kinds if k >= 25]
    if flowers:
        raise _refuse(FLOWERS(hand=text, tiles=flowers))
    counts = to_counts(kinds)
    too_many = [k for k in range(25) if counts[k] > 4]
    if too_many:
        k = too_many[0]
        raise _refuse(COPIES(hand=text, n=counts[k], tile=k))
    n = len(kinds)
    if n == 0 or n > 14 or n % 3 == 0:
        raise _refuse(SIZE(hand=text, n=n))
    return counts, (14 - n) // 3


def _seen_counts(text: str) -> list[int]:
    kinds = parse_tiles(text)
    if any(k >= 25 for k in kinds):
        raise _refuse(SEEN_FLOWERS(seen=text))
    return to_counts(kinds)


def analyse(text: str, seen: list[int] | None = None) -> dict[str, Any]:
    """Everything the command prints about one hand, as a JSON-ready dict."""
    counts, melds = hand_counts(text)
    n = sum(counts)
    out: dict[str, Any] = {
        "hand": format_tiles(k for k in range(25) for _ in range(counts[k])),
        "tiles": n, "melds": melds, "shanten": shanten(counts, melds),
    }
    if n % 3 == 1:
        a = acceptance13(counts, melds, seen)
        out["ready"] = a.shanten == 0
        if a.shanten == 0:
            out["waits"] = [tile_str(k) for k in a.ukeire]
        out.update(a.as_dict())
    else:
        out["complete"] = out["shanten"] == -1
        out["discards"] = [o.as_dict() for o in acceptance(counts, melds, seen)]
    return out


def _accepts_text(d: dict[str, Any], lang: str, ready: bool = False) -> str:
    tiles = " ".join(f"{a['tile']}:{a['unseen']}" for a in d["accepts"])
    if ready:
        return (say("cli.shanten.ready", lang, tiles=tiles, unseen=d["unseen"]) if tiles
                else say("cli.shanten.ready_none", lang))
    if not tiles:
        return say("cli.shanten.accepts_none", lang, n=d["shanten"])
    return say("cli.shanten.accepts", lang, n=d["shanten"], tiles=tiles, unseen=d["unseen"])


def describe(result: dict[str, Any], one_line: bool = False, lang: str = "en") -> str:
    """The text form of `analyse`'s result, in `lang`."""
    head = result["hand"]
    if result["melds"]:
        head += say("cli.shanten.melds", lang, n=result["melds"])
    if "discards" not in result:
        return f"{head}: " + _accepts_text(result, lang, ready=result["ready"])
    s = result["shanten"]
    state = (say("cli.shanten.complete", lang) if s == -1
             else say("cli.shanten.ready_state", lang) if s == 0 else "")
    top = say("cli.shanten.head", lang, n=s, state=state)
    lines = [say("cli.shanten.discard", lang, tile=d["discard"], rest=_accepts_text(d, lang))
             for d in result["discards"]]
    if one_line:
        return f"{head}: {top} | " + " | ".join(lines)
    return "\n".join([f"{head}: {top}"] + ["  " + line for line in lines])


def _stdin_lines() -> Iterator[tuple[int, str | None, str]]:
    """Standard input line by line as (number, text or None when the line is not UTF-8, the
    line as shown in messages). Bytes are decoded per line, so one bad line spoils nothing else."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes underneath (tests)
        for no, line in enumerate(sys.stdin, 1):
            yield no, line, line
        return
    for no, raw in enumerate(stream, 1):
        try:
            yield no, raw.decode("utf-8"), ""
        except UnicodeDecodeError:
            yield no, None, raw.rstrip(b"\r\n").decode("utf-8", "backslashreplace")


def run(args: Any) -> int:
    lang = language(args)
    seen = _seen_counts(args.seen) if args.seen else None
    if args.hand != "-":
        result = analyse(args.hand, seen)
        print(json.dumps(result, ensure_ascii=False) if args.json else describe(result, lang=lang))
        return 0
    status = 0
    for no, line, shown in _stdin_lines():
        problem: Message | MahjongError
        if line is None:
            text, problem = shown.strip(), NOT_UTF8(no=no)
        else:
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                result = analyse(text, seen)
            except MahjongError as e:
                problem = e
            else:
                print(json.dumps(result, ensure_ascii=False) if args.json
                      else describe(result, one_line=True, lang=lang), flush=True)
                continue
        status = 2
        message = problem if isinstance(problem, Message) else reason_of(problem)
        if args.json:
            out: dict[str, Any] = {"hand": text, "error": str(problem)}
            if message is not None:
                out["error_message"] = message_json(message)
            print(json.dumps(out, ensure_ascii=False), flush=True)
        else:
            words = str(problem) if message is None else said(message, lang)
            print(printable(f"{text}: {say('cli.error', lang)}: {words}"), flush=True)
    return status
