"""``korean-mahjong score``: score one winning hand from the command line.

    korean-mahjong score 234m456m345p22p678p --win 8p --uper
    korean-mahjong score 234m678m66z777z --win 7z --concealed-kong 5p --uper --win-on-kong --json
    korean-mahjong score 123m456m789p11z777z --win 9p --from N      # a chicken hand: not valid

HAND is the concealed tiles including the winning tile; each ``--pung/--kong/--concealed-kong``
adds a meld of that tile, claimed from the seat before the winner. Seats are E S W N (E is the
dealer); a self-draw unless ``--from SEAT`` names the discarder.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.engine.error_words import reason
from game.engine.errors import ImpossibleHandError, NotationError, RulesError
from game.engine.melds import CONCEALED_KONG, KONG, PUNG, Meld
from game.engine.messages import INT, MSG, SEAT, TEXT, TILE, define
from game.engine.rules import RuleSet
from game.engine.scoring import WinContext, WinResult, evaluate_win, liable_seat, payments
from game.engine.tiles import (
    SEAT_LETTERS,
    format_tiles,
    parse_seat,
    parse_tile,
    parse_tiles,
    tile_str,
)
from game.i18n import register_texts, yak_name

from .output import with_message
from .words import add_lang_argument, language, message_json, pad, said, say, width

register_texts("cli", {
    "cli.score.hand": "hand {tiles}{melds}; wins on {tile} by {how} (seat {seat}{dealer})",
    "cli.score.self_draw": "self-draw",
    "cli.score.from": "discard from {seat}",
    "cli.score.dealer": ", dealer",
    "cli.score.reading": "reading: {groups}",
    "cli.score.kind.basic": "basic",
    "cli.score.kind.bonus": "bonus",
    "cli.score.sum": "basic {basic}  bonus {bonus}  ante {ante}  total {total}",
    "cli.score.valid_yes": "valid: yes",
    "cli.score.valid_no": "valid: no ({reason})",
    "cli.score.payments": "payments: {payments}",
    "cli.score.liable": "liability: {seat} fed the last set and pays for everyone",
    "cli.score.doubled": "doubled after a triple-win draw",
})

# what is wrong with the command line's description of a win
WIN_NOT_IN_HAND = define(
    "cli.score.win_not_in_hand", "--win {tile} is not in HAND {hand}: HAND includes the winning tile",
    tile=TILE, hand=TEXT)
OWN_DISCARD = define("cli.score.own_discard",
                     "seat {seat} cannot win on his own discard (--from equals --seat)", seat=SEAT)
ROBBING_NEEDS_FROM = define(
    "cli.score.robbing_needs_from",
    "--robbing-kong is a win by discard: name the kong's owner with --from")
FLOWERS_RANGE = define("cli.score.flowers", "--flowers must be 0-4, got {n}", n=INT)
NOT_ONE_TILE = define("cli.score.not_one_tile",
                      "bad tile notation '{text}': '{text}' at position 0 is not one tile for "
                      "{option} (write e.g. 7z)", text=TEXT, option=TEXT)
FLOWER_MELD = define("cli.score.flower_meld",
                     "bad tile notation '{text}': '{text}' at position 0 is a flower; {option} "
                     "needs a playing tile", text=TEXT, option=TEXT)
BAD_ANTE = define("cli.score.ante", "--ante: {why}", why=MSG)


def _seat(text: str) -> int:
    try:
        return parse_seat(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "score", help="score a winning hand (yak, points, payments)",
        description="Score one winning hand: the yak with their points, basic and bonus points, "
                    "the final points and what each seat pays.",
        epilog="example: korean-mahjong score 234m456m345p22p678p --win 8p --uper")
    p.add_argument("hand", metavar="HAND",
                   help="concealed tiles including the winning tile, e.g. 234m456m345p22p678p")
    p.add_argument("--win", metavar="TILE", required=True,
                   help="the winning tile (must be in HAND)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--self-draw", action="store_true", help="won by self-draw (the default)")
    how.add_argument("--from", dest="from_seat", metavar="SEAT", type=_seat,
                     help="won on the discard of SEAT (E S W N)")
    p.add_argument("--seat", metavar="SEAT", type=_seat, default=0,
                   help="the winner's seat (default E, the dealer)")
    p.add_argument("--prevalent", metavar="SEAT", type=_seat, default=None,
                   help="the prevalent wind, when one is in use (enables double wind)")
    p.add_argument("--pung", metavar="T", action="append", default=[], help="a claimed pung of T")
    p.add_argument("--kong", metavar="T", action="append", default=[], help="a melded kong of T")
    p.add_argument("--concealed-kong", metavar="T", action="append", default=[],
                   help="a concealed kong of T")
    p.add_argument("--uper", action="store_true", help="the winner had declared uper")
    p.add_argument("--flowers", metavar="N", type=int, default=0, help="flowers shown (0-4)")
    p.add_argument("--win-on-kong", action="store_true", help="self-draw on a kong replacement")
    p.add_argument("--robbing-kong", action="store_true",
                   help="won on a tile added to a pung (a discard win: give --from)")
    p.add_argument("--last-tile", action="store_true",
                   help="the last wall tile (self-draw) or the final discard")
    p.add_argument("--first-turn", action="store_true",
                   help="first go-around with no claim (heavenly, earthly or human hand)")
    p.add_argument("--ante", metavar="N", type=int, default=None,
                   help="ante points (default 10; 0 = final is basic + bonus)")
    p.add_argument("--preset", metavar="NAME", default="nagari",
                   help="yak table: nagari (나가리, default), samsiki (삼식이), "
                        "keopihyang (커피향)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_lang_argument(p)
    p.set_defaults(func=run)


def _meld_tile(text: str, option: str) -> int:
    kinds = parse_tiles(text)
    if not kinds or len(set(kinds)) != 1 or len(kinds) > 4:
        raise with_message(NotationError(text, text, 0, f"is not one tile for {option} (write e.g. 7z)"),
                           NOT_ONE_TILE(text=text, option=option))
    if kinds[0] >= 25:
        raise with_message(NotationError(text, text, 0, f"is a flower; {option} needs a playing tile"),
                           FLOWER_MELD(text=text, option=option))
    return kinds[0]


def _refuse(cls: type[Exception], message: Any) -> Exception:
    return with_message(cls(str(message)), message)


def build_context(args: argparse.Namespace) -> tuple[WinContext, RuleSet]:
    """The `WinContext` and `RuleSet` the command line describes (errors are MahjongErrors)."""
    hand = parse_tiles(args.hand)
    win = parse_tile(args.win)
    if win not in hand:
        raise _refuse(ImpossibleHandError, WIN_NOT_IN_HAND(tile=win, hand=args.hand))
    seat = args.seat
    if args.from_seat is not None and args.from_seat == seat:
        raise _refuse(ImpossibleHandError, OWN_DISCARD(seat=seat))
    if args.robbing_kong and args.from_seat is None:
        raise _refuse(ImpossibleHandError, ROBBING_NEEDS_FROM())
    if not 0 <= args.flowers <= 4:
        raise _refuse(ImpossibleHandError, FLOWERS_RANGE(n=args.flowers))
    before = (seat + 3) % 4  # the player who discards just before the winner
    melds = tuple(
        [Meld(PUNG, _meld_tile(t, "--pung"), from_seat=before) for t in args.pung]
        + [Meld(KONG, _meld_tile(t, "--kong"), from_seat=before) for t in args.kong]
        + [Meld(CONCEALED_KONG, _meld_tile(t, "--concealed-kong")) for t in args.concealed_kong])
    rules = RuleSet(preset=args.preset)
    if args.ante is not None:
        try:
            rules = rules.replace(ante=args.ante)
        except RulesError as e:
            raise _refuse(RulesError, BAD_ANTE(why=reason(e))) from None
    self_draw = args.from_seat is None
    ctx = WinContext(concealed=tuple(hand), win_tile=win, melds=melds, self_draw=self_draw,
                     seat=seat, prevalent=args.prevalent, discarder=args.from_seat,
                     uper=args.uper, flowers=args.flowers, win_on_kong=args.win_on_kong,
                     robbing_kong=args.robbing_kong, last_tile=args.last_tile,
                     first_turn=args.first_turn)
    return ctx, rules


def to_json(result: WinResult, ctx: WinContext, rules: RuleSet) -> dict[str, Any]:
    pay = payments(result, ctx, rules)
    out = result.to_json()
    out["payments"] = {SEAT_LETTERS[s]: v for s, v in pay.items()}
    out["reason"] = "" if result.reason is None else str(result.reason)
    out["reason_message"] = message_json(result.reason)
    out["groups"] = [format_tiles(g) for g in result.groups]
    liable = liable_seat(ctx, result, rules) if result.valid else None
    out["liable"] = None if liable is None else SEAT_LETTERS[liable]
    return out


def render(result: WinResult, ctx: WinContext, rules: RuleSet, lang: str = "en") -> str:
    """The score sheet for people in `lang` (tiles and seats in notation)."""
    lines = []
    melds = "".join(f" + {say('cli.meld.' + m.type, lang)} {tile_str(m.tile)}"
                    for m in ctx.melds)
    how = (say("cli.score.self_draw", lang) if ctx.self_draw
           else say("cli.score.from", lang, seat=SEAT_LETTERS[ctx.discarder or 0]))
    dealer = say("cli.score.dealer", lang) if ctx.is_dealer else ""
    by_suit = " ".join(format_tiles(g) for g in (
        sorted(k for k in ctx.concealed if k < 9), sorted(k for k in ctx.concealed if 9 <= k < 18),
        sorted(k for k in ctx.concealed if k >= 18)) if g)
    lines.append(say("cli.score.hand", lang, tiles=by_suit, melds=melds,
                     tile=tile_str(ctx.win_tile), how=how, seat=SEAT_LETTERS[ctx.seat],
                     dealer=dealer))
    if result.groups:
        lines.append(say("cli.score.reading", lang,
                         groups=" ".join(format_tiles(g) for g in result.groups)))
    if result.yak:
        key_w = max(len(y.key) for y in result.yak)
        kinds = {y.kind: say(f"cli.score.kind.{y.kind}", lang) for y in result.yak}
        kind_w = max(5, *(width(k) for k in kinds.values()))
        for y in result.yak:
            count = f" x{y.count}" if y.count > 1 else ""
            # the Korean name is the term players use; other languages add their own name
            name = (yak_name(y.key, lang) if lang == "ko"
                    else f"{y.name_ko} / {yak_name(y.key, lang)}")
            lines.append(f"  {y.key:<{key_w}}  {y.points:>3}  {pad(kinds[y.kind], kind_w)}  "
                         f"{name}{count}")
    lines.append(say("cli.score.sum", lang, basic=result.basic, bonus=result.bonus,
                     ante=result.ante, total=result.total))
    if result.valid:
        lines.append(say("cli.score.valid_yes", lang))
    else:
        reason = "" if result.reason is None else said(result.reason, lang)
        lines.append(say("cli.score.valid_no", lang, reason=reason))
    pay = payments(result, ctx, rules)
    lines.append(say("cli.score.payments", lang, payments="  ".join(
        f"{SEAT_LETTERS[s]} {v:+d}" if v else f"{SEAT_LETTERS[s]} 0" for s, v in pay.items())))
    liable = liable_seat(ctx, result, rules) if result.valid else None
    if liable is not None:
        lines.append(say("cli.score.liable", lang, seat=SEAT_LETTERS[liable]))
    if ctx.doubled:
        lines.append(say("cli.score.doubled", lang))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    ctx, rules = build_context(args)
    result = evaluate_win(ctx, rules)
    if args.json:
        print(json.dumps(to_json(result, ctx, rules), ensure_ascii=False))
    else:
        print(render(result, ctx, rules, language(args)))
    return 0
