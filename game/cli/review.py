"""``korean-mahjong review FILE``: every decision of one player against the strongest computer
player, with the cost of each disagreement measured by playouts (`game.practice.game_review`).

    korean-mahjong review ~/.local/share/korean-mahjong/records/20261121-074000-seed3.jsonl
    korean-mahjong review session.jsonl --seat 2 --json
    korean-mahjong review game.jsonl --playouts 96 --jobs 2
    korean-mahjong review game.jsonl --html review.html --lang ko

Prints the review in sentences (how the game went, where the points went by category, the one
habit to work on, the agreement with the computer), the figures behind them, and then the
decisions where the player and the computer differ, worst first, in the player's language.
The player is the record's human by default; ``--seat N`` (1-4, in the order of the record's
players, the order of ``--seats``) reviews any player, and is needed for records of computer
players (``simulate --log``).
A progress bar is drawn on stderr when it is a terminal. The review is kept beside the record
(``FILE.review.json``): asking again is instant until the record or the program changes
(``--no-cache`` reviews afresh). A damaged record is reviewed as far as it is valid and the
sentence saying where it stopped is printed on stderr (the record's own reason, with its line,
among the figures). ``--json`` prints one object (docs/review.md lists its fields). ``--html
OUT`` also writes the review as one standalone HTML page (`game.ui.review_html`: the summary,
the points timeline, the table at each decision that matters with its bars), in ``--lang``.

Exit status: 0 reviewed (a damaged record too), 2 a file that cannot be read as a record, or
no player to review.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.engine.messages import TEXT, Message, define
from game.i18n import register_texts

from .output import error, printable, printable_json, show, warning
from .words import NO_SUCH_FILE, add_lang_argument, language, said, say, width

register_texts("cli", {
    "cli.review.head": "Review of {name}: player {n} ({player}), compared with {reviewer}",
    "cli.review.hands": ("{n} hand reviewed", "{n} hands reviewed"),
    "cli.review.figures": "figures:",
    "cli.review.worst": "where you and the computer differ, worst first:",
    "cli.review.none": "you chose as the computer would at every decision",
    "cli.review.worst_named": "where {name} and the computer differ, worst first:",
    "cli.review.none_named": "{name} chose as the computer would at every decision",
    "cli.review.item": "hand {hand}, {seat}, wall {wall}, hand {tiles}: {what} [{kind}] "
                       "{verdict}",
    "cli.review.more": "... and {n} more (--json lists every decision)",
    "cli.review.method": ("{n} playout per choice with {opponents} opponents; {seconds:.1f} s",
                          "{n} playouts per choice with {opponents} opponents; {seconds:.1f} s"),
    "cli.review.cached": "kept from an earlier review (--no-cache reviews afresh)",
    "cli.review.progress": "reviewing",
    "cli.review.html": "the review as a page: {path}",
})

#: no player to review: a record of computer players without --seat
NEEDS_SEAT = define("cli.review.needs_seat",
                    "the record does not say which player is the person: choose one with --seat N "
                    "({players})", players=TEXT)

#: the decisions printed (the rest are counted; --json has every one)
SHOWN = 30


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= n <= 100_000:
        raise argparse.ArgumentTypeError(f"expected a number 1-100000, got {n}")
    return n


def _jobs(text: str) -> int:
    n = _positive(text)
    if n > 64:
        raise argparse.ArgumentTypeError(f"expected 1-64 processes, got {n}")
    return n


#: `game.practice.game_review.DEFAULT_PLAYOUTS` (a test keeps them equal): imported from there,
#: the review engine and its process pool would load with every command's parser
DEFAULT_PLAYOUTS = 48


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "review", help="review a player's decisions in a record against the strongest computer "
                       "player",
        description="Review every decision one player made in a game record: what the strongest "
                    "computer player would have done on the same view, and where they differ, the "
                    "cost measured by playouts (points per hand, with a 95 %% interval and a "
                    "verdict). See docs/review.md.",
        epilog="example: korean-mahjong review game.jsonl --seat 1 --json")
    p.add_argument("file", metavar="FILE", help="a game record (JSON lines)")
    p.add_argument("--seat", type=int, choices=range(1, 5), metavar="N",
                   help="the player to review, 1-4 in the order of the record's players "
                        "(default: the record's human player)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--playouts", type=_positive, default=DEFAULT_PLAYOUTS,
                   help=f"playouts per choice of each disagreement (default {DEFAULT_PLAYOUTS})")
    p.add_argument("--jobs", type=_jobs, default=None,
                   help="worker processes for the playouts (default: every core, at most 4)")
    p.add_argument("--html", metavar="OUT", default=None,
                   help="also write the review as one standalone HTML page (boards drawn, in "
                        "the --lang language)")
    p.add_argument("--no-cache", action="store_true",
                   help="review afresh, without the review kept beside the record")
    add_lang_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from game.practice.game_review import ReviewSeatError, review_record
    from game.records import load_record

    lang = language(args)
    path = Path(args.file)
    if not path.is_file():
        return error("review", NO_SUCH_FILE(path=str(args.file)), lang)
    record = load_record(path)
    if record.header is None:
        assert record.reason is not None
        return error("review", record.reason, lang)
    seat = None if args.seat is None else args.seat - 1
    if seat is None and record.human is None:
        players = ", ".join(f"{i + 1} {name}" for i, name in enumerate(record.players))
        return error("review", NEEDS_SEAT(players=players), lang)
    bar = _Bar(lang) if sys.stderr.isatty() and not args.json else None
    try:
        review = review_record(record, seat, playouts=args.playouts, workers=args.jobs,
                               progress=bar, cache=not args.no_cache)
    except ReviewSeatError as e:
        return error("review", e, lang)
    finally:
        if bar is not None:
            bar.close()
    stop = review.stop_sentence()
    if stop is not None:  # where the game stopped, in words (the line is among the figures)
        warning("review", said(stop, lang), lang)
    # another player than the record's person is named, never "you"
    name = review.player_name if seat is not None and seat != record.human else None
    if args.html is not None:
        written = _write_html(args.html, review, record, lang, named=name is not None)
        if written is not None:
            return written
    if args.json:
        print(printable_json(json.dumps(review.to_json(), ensure_ascii=False, indent=1)))
        return 0
    for line in summary(review, lang, name):
        show(line)  # names and words from the record: escaped
    return 0


def _write_html(out: str, review: Any, record: Any, lang: str, named: bool) -> int | None:
    """Write the review's HTML page (drawn off screen: no window opens); None when written
    (said on stderr), else the exit status after saying why not."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"  # the boards are drawn, never shown
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game import storage
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.review_html import write_review_html

    app = App(Settings(language=lang, sound=False), size=(1024, 640))
    try:
        write_review_html(out, review, record, app, named=named)
    except storage.StorageError as e:
        return error("review", e, lang)
    finally:
        app.close()
    print(printable(say("cli.review.html", lang, path=out)), file=sys.stderr)
    return None


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Bar:
    """A progress bar on stderr (a terminal): ``reviewing [#####.....]  48 %``, redrawn in
    place (written past the command line's escaping stream: it is our own carriage return)."""

    def __init__(self, lang: str, size: int = 30):
        self.label = say("cli.review.progress", lang)
        self.width = size
        self.shown = -1
        self.out = getattr(sys.stderr, "stream", sys.stderr)

    def __call__(self, p: Any) -> None:
        pct = int(100 * p.fraction)
        if pct == self.shown:
            return
        self.shown = pct
        full = self.width * pct // 100
        self.out.write(f"\r{self.label} [{'#' * full}{'.' * (self.width - full)}] {pct:3d} %")
        self.out.flush()

    def close(self) -> None:
        if self.shown >= 0:
            self.out.write("\r" + " " * (width(self.label) + self.width + 10) + "\r")
            self.out.flush()


def summary(review: Any, lang: str, name: str | None = None) -> list[str]:
    """The review for people in `lang`: the summary, then the disagreements, worst first.
    `name`: the player is named, not "you" (another player than the record's person)."""
    from game.engine.tiles import SEAT_LETTERS, format_tiles
    from game.practice.game_review import KIND_WORDS, VERDICT_WORDS

    def w(m: Message) -> str:
        return said(m, lang)

    out = [say("cli.review.head", lang, name=review.record, n=review.player + 1,
               player=review.player_name, reviewer=review.reviewer),
           say("cli.review.hands", lang, n=review.hands), ""]
    # the review in sentences (a category's word may begin one: a capital), then the figures
    out += [printable(_sentence(w(m))) for m in review.summary(name)]
    out += ["", say("cli.review.figures", lang)]
    out += ["  " + printable(w(m)) for m in review.figures(name)
            if m.code != "game_review.fig.method"]
    out.append("  " + say("cli.review.method", lang, n=review.playouts,
                          opponents=review.opponents, seconds=review.seconds))
    if review.cached:
        out.append(say("cli.review.cached", lang))
    bad = review.disagreements()
    out.append("")
    if not bad:
        out.append(say("cli.review.none", lang) if name is None else
                   printable(say("cli.review.none_named", lang, name=name)))
        return out
    out.append(say("cli.review.worst", lang) if name is None else
               printable(say("cli.review.worst_named", lang, name=name)))
    for i in bad[:SHOWN]:
        out.append("  " + printable(say(
            "cli.review.item", lang, hand=i.hand, seat=SEAT_LETTERS[i.seat], wall=i.wall_left,
            tiles=format_tiles(i.concealed), what=w(i.describe()), kind=w(KIND_WORDS[i.kind]()),
            verdict=w(VERDICT_WORDS[i.verdict]()))))
    if len(bad) > SHOWN:
        out.append("  " + say("cli.review.more", lang, n=len(bad) - SHOWN))
    return out
