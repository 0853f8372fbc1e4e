"""Write the golden playthroughs: whole hands as readable transcripts, step by step.

    python tools/make_golden_play.py            # rewrite every file in tests/golden_play/
    python tools/make_golden_play.py uper_kong  # one of them

Each hand is dealt from a rigged wall (tile notation) with fixed dice and played from a short
script; a decision the script does not name is answered the plain way (a claim is passed, a turn
discards the tile just drawn). For every step the transcript shows the pending decisions with
their legal actions and refusal notes, what the acting seat sees, the action and the events it
caused; at the end the result and the payments. `tests/test_golden_play.py` rebuilds each
transcript in memory and compares: run this tool again when a rule change alters a hand on
purpose, and read the diff before committing it (docs/rules.md explains the rules they show).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.actions import (
    KONG,
    NINE_MAJOR,
    PASS,
    PUNG,
    WIN,
    Action,
    AddedKong,
    ConcealedKong,
    DeclareNineMajor,
    Discard,
    Kong,
    Pass,
    Pung,
    Win,
)
from game.engine.events import Event
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table, rig_wall
from game.engine.tiles import format_tiles, kind_of_tile, parse_tile, seat_name
from game.engine.wall import describe_stack

OUT = ROOT / "tests" / "golden_play"
DICE = ((3, 3), (2, 3))  # South breaks, count 11 (docs/rules.md 2.4)
SEATS = "ESWN"


@dataclass(frozen=True)
class Game:
    """One golden hand: a rigged deal, the live draws and back-wall replacements in order, the
    rules (defaults but flowers off, unless given) and the script of chosen actions."""

    title: str
    about: str
    hands: tuple[str, str, str, str]
    script: tuple[tuple[str, str], ...]
    draws: str = ""
    replacements: str = ""
    rules: RuleSet = field(default_factory=lambda: RuleSet(flowers=False))
    seed: int = 1


GAMES: dict[str, Game] = {
    "discard_win_over_pung": Game(
        "A win by discard beats a pung (docs/rules.md 3.3, example 9)",
        "East's opening 5p is wanted by West for a pung and by North to win; the win goes first.",
        ("5p234567m1z2z4z8p3p1p9m", "123m456m666z11p47p", "55p789m555z33z28p1z",
         "123m456m777z99p34p"),
        (("E", "discard 5p"), ("W", "pung"), ("N", "win")),
    ),
    "uper_kong_self_draw": Game(
        "Uper, a concealed kong and a win on kong (docs/rules.md 4, example 2)",
        "East declares uper waiting on Green/Red, draws the fourth 5p, declares a concealed kong "
        "and self-draws the Red as its replacement. Tiles he draws that do not win go out at once.",
        ("555p234m678m77z66z1z", "1m5m9m1p2p3p4p8p9p2z3z4z5z", "1m5m9m1p2p3p4p8p9p2z3z4z5z",
         "1m5m9m6p7p8p9p2z3z4z5z6p7p"),
        (("E", "uper 1z"), ("E", "concealed kong 5p"), ("E", "win")),
        draws="6m7m8m1m6m7m8m5p", replacements="7z",
    ),
    "pung_kong_liability": Game(
        "A melded kong, a pung and big three dragons paid by the feeder (docs/rules.md 7, 8.5)",
        "East melds a kong of Whites and a pung of Greens from South, then wins on West's Red: "
        "West fed the third dragon set and pays three times the Final alone.",
        ("555z66z77z123m5m1p9p4z", "5z6z1m4m8m2p3p4p6p8p1z2z3z",
         "7z9m2m3m6p7p8p9p2z3z4z1z6m", "1m2m3m4m6m7m8m1p2p3p5p6p7p"),
        (("E", "discard 1p"), ("S", "discard 5z"), ("E", "kong"), ("E", "discard 9p"),
         ("S", "discard 6z"), ("E", "pung"), ("E", "discard 4z"), ("W", "discard 7z"),
         ("E", "win")),
        draws="9m8m4p5p", replacements="5m",
    ),
    "triple_win_draw": Game(
        "Three win claims on one discard: an abortive draw (docs/rules.md 6, example 11)",
        "South, West and North all wait on East's 5p and all claim it: nobody wins, nothing is "
        "paid, the next hand's win will be paid double.",
        ("5p234567m1z2z4z8p3p1p9m", "123m456m666z11p46p", "789m555z33z67p123p",
         "123m456m777z99p34p"),
        (("E", "discard 5p"), ("S", "win"), ("W", "win"), ("N", "win")),
    ),
    "sacred_stem_refusal": Game(
        "The stem rule refuses a win, another discard wins (docs/rules.md 5 SD3, example 8)",
        "North waits on 7m/5p and has discarded 4m: East's 7m (stem 1-4-7) cannot be won, only "
        "punged; he passes, and South's 5p wins.",
        ("7m2m3m5m6m9m1p4p6p1z2z3z4z5z", "5p1m8m2p3p8p9p1z2z3z4z6z6z",
         "1m4m8m2p3p4p8p9p1z2z3z4z5z", "77m55p123p789p777z"),
        (("E", "discard 1z"), ("E", "discard 7m"), ("N", "pass"), ("S", "discard 5p"),
         ("N", "win")),
        draws="6m6m4m6p9m",
    ),
}


# ---------------------------------------------------------------------------- words
def tiles(kinds: Sequence[int]) -> str:
    return format_tiles(sorted(kinds)) if kinds else "-"


def action_words(a: Action) -> str:
    match a:
        case Discard(tile=k, uper=True):
            return f"uper {format_tiles([k])}"
        case Discard(tile=k):
            return f"discard {format_tiles([k])}"
        case ConcealedKong(tile=k):
            return f"concealed kong {format_tiles([k])}"
        case AddedKong(tile=k):
            return f"added kong {format_tiles([k])}"
        case Win():
            return "win"
        case Pung():
            return "pung"
        case Kong():
            return "kong"
        case Pass():
            return "pass"
        case DeclareNineMajor():
            return "nine major"
    raise ValueError(f"no words for {a!r}")


def parse_action(text: str) -> Action:
    words = text.split()
    simple = {"win": WIN, "pung": PUNG, "kong": KONG, "pass": PASS, "nine major": NINE_MAJOR}
    if text in simple:
        return simple[text]
    tile = parse_tile(words[-1])
    head = " ".join(words[:-1])
    kinds = {"discard": lambda: Discard(tile), "uper": lambda: Discard(tile, uper=True),
             "concealed kong": lambda: ConcealedKong(tile), "added kong": lambda: AddedKong(tile)}
    if head not in kinds:
        raise ValueError(f"unknown scripted action {text!r}")
    return kinds[head]()


def legal_words(d: Decision) -> str:
    """The legal actions, discards grouped: 'win; discard 123m5p; uper 1z'."""
    out: list[str] = []
    discards = [a.tile for a in d.legal if isinstance(a, Discard) and not a.uper]
    upers = [a.tile for a in d.legal if isinstance(a, Discard) and a.uper]
    for a in d.legal:
        if not isinstance(a, Discard):
            out.append(action_words(a))
    if discards:
        out.append(f"discard {tiles(discards)}")
    if upers:
        out.append(f"uper {tiles(upers)}")
    return "; ".join(out)


def observation_words(d: Decision) -> str:
    o = d.observation
    me = o.seat
    hand = tiles(o.concealed)
    if o.drawn is not None:
        hand += f" (drew {format_tiles([o.drawn])})"
    parts = [f"hand {hand}"]
    if o.melds[me]:
        parts.append("melds " + " ".join(format_tiles([m.tile] * m.size) for m in o.melds[me]))
    river = " ".join(format_tiles([r.tile]) + ("*" if r.uper else "") for r in o.rivers[me])
    parts.append(f"river {river or '-'}")
    if o.last_discard is not None:
        frm, k = o.last_discard
        parts.append(f"on offer {format_tiles([k])} from {seat_name(frm)}")
    parts.append(f"wall {o.wall_left}")
    if o.waits:
        parts.append(f"waits {tiles(o.waits)}")
    for why in o.sacred:
        parts.append(f"sacred: {why}")
    return " | ".join(parts)


def event_words(e: Event) -> str:
    j = e.to_json()
    who = j.get("seat")
    note = j.get("notation", "")
    match e.type:
        case "draw":
            return f"{who} draws {note}" + (" from the back wall" if j["replacement"] else "")
        case "discard":
            extra = [w for w, on in (("uper", j["uper"]), ("automatic", j["auto"])) if on]
            return f"{who} discards {note}" + (f" ({', '.join(extra)})" if extra else "")
        case "claim":
            meld = format_tiles(sorted(kind_of_tile(x) for x in j["tiles"]))
            return f"{who} claims {note} from {j['from_seat']}: {j['meld']} {meld}"
        case "kong":
            return f"{who} declares a {j['meld'].replace('_', ' ')} {note}"
        case "flower":
            return f"{who} shows flower {note}"
        case "nine_major":
            return f"{who} declares nine major tiles {note}"
        case "win":
            frm = f" from {j['from_seat']}" if j["from_seat"] else ""
            return f"{who} wins on {note} ({j['how'].replace('_', ' ')}{frm})"
        case "hand_end":
            return f"the hand ends: {j['reason'].replace('_', ' ')}"
    return e.type


def result_words(t: Table) -> list[str]:
    r = t.result
    assert r is not None
    out = [f"reason: {r.reason.replace('_', ' ')}"]
    for w in r.winners:
        res = w.result
        frm = "" if w.from_seat is None else f" from {seat_name(w.from_seat)}"
        out.append(f"winner {seat_name(w.seat)}: {w.how.replace('_', ' ')}{frm} on "
                   f"{format_tiles([w.tile])}")
        for y in res.yak:
            n = getattr(y, "count", 1)
            each = f"  ({n} x {y.points // n})" if n > 1 else ""
            out.append(f"  {y.kind:<5} {y.key:<22} {y.points:>3}{each}")
        out.append(f"  Final = ante {res.ante} + basic {res.basic} + bonus {res.bonus} "
                   f"= {res.total}")
    pays = "  ".join(f"{SEATS[s]} {p:+d}" for s, p in enumerate(r.payments))
    out.append(f"payments: {pays}")
    out.append(f"next hand doubled: {'yes' if r.next_doubled else 'no'}; "
               f"dealer keeps the deal: {'yes' if r.dealer_keeps else 'no'}")
    return out


# ---------------------------------------------------------------------------- play
def default_action(d: Decision, t: Table) -> Action:
    if d.kind in ("claim", "rob", "kong"):
        return PASS
    drawn = t.seat_state[d.seat].drawn
    a = Discard(drawn >> 2) if drawn is not None and drawn < 100 else None
    if a is None or a not in d.legal:
        raise ValueError(f"the script must say what {seat_name(d.seat)} does: {legal_words(d)}")
    return a


def transcript(name: str) -> str:
    """The transcript of one golden hand, as stored in tests/golden_play/NAME.txt."""
    g = GAMES[name]
    t = Table(g.rules, seed=g.seed, dice=DICE, wall=rig_wall(g.hands, g.draws, g.replacements))
    lines = [f"# {g.title}", f"# {g.about}",
             "# Regenerate: python tools/make_golden_play.py (tests/test_golden_play.py compares)",
             ""]
    changed = {k: v for k, v in g.rules.to_dict().items() if v != RuleSet().to_dict()[k]}
    lines.append(f"rules: defaults{''.join(f', {k}={v}' for k, v in changed.items())}")
    br = next(e for e in t.events if e.type == "wall_broken")
    lines.append(f"dice: {DICE[0][0]}+{DICE[0][1]} then {DICE[1][0]}+{DICE[1][1]}: "
                 f"{seat_name(br.breaker)} breaks, count {br.count}, live wall from "
                 f"{describe_stack(br.break_stack)}")
    for s in range(4):
        dealt = [kind_of_tile(x) for e in t.events if e.type == "deal" and e.seat == s
                 for x in e.tiles]
        lines.append(f"dealt {SEATS[s]}: {tiles(dealt)}")
    shown = [event_words(e) for e in t.events if e.type in ("flower", "draw", "kong")]
    lines.extend(f"deal: {w}" for w in shown)
    lines.append(f"wall after the deal: {t.wall.remaining}")
    script = [(SEATS.index(s), parse_action(a)) for s, a in g.script]
    step = 0
    while not t.is_over:
        pending = t.pending()
        if script and script[0][0] in pending:
            seat, action = script.pop(0)
        else:
            seat = min(pending)
            action = default_action(pending[seat], t)
        step += 1
        lines.append("")
        lines.append(f"step {step}")
        for s, d in sorted(pending.items()):
            lines.append(f"  pending {SEATS[s]} {d.kind}: {legal_words(d)}")
            for a, why in d.notes.items():
                lines.append(f"    note on {action_words(a)}: {why}")
        for s, notes in sorted(t.refused.items()):
            for a, why in notes.items():
                lines.append(f"  refused {SEATS[s]} {action_words(a)}: {why}")
        d = pending[seat]
        lines.append(f"  {SEATS[seat]} sees: {observation_words(d)}")
        if action not in d.legal:
            raise ValueError(f"step {step}: {action_words(action)} is not legal for "
                             f"{SEATS[seat]}: {legal_words(d)}")
        lines.append(f"  {SEATS[seat]}: {action_words(action)}")
        for e in t.submit(seat, action):
            lines.append(f"    {event_words(e)}")
    if script:
        raise ValueError(f"the hand ended with the script unfinished: {script}")
    lines.append("")
    lines.append("result")
    lines.extend(f"  {x}" for x in result_words(t))
    return "\n".join(lines) + "\n"


def main(names: Sequence[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names or GAMES:
        path = OUT / f"{name}.txt"
        path.write_text(transcript(name), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
