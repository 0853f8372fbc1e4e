"""The coach at the table: why a choice the player reaches for is refused, in the lessons' words,
at the moment of the decision, and what would change it (issue 32).

The engine says *that* uper is refused and gives its reason as data (`Decision.notes`, from
`uper_verdict`): "7p would win by discard with concealed only (1 point)". That is right but reads
as engine output. The coach turns it into the rule a player learnt in the lessons ("Uper needs
every win to be worth 2 basic points even on a discard; ...") and, when something can change it,
says what: another discard that keeps uper legal, or the yak to aim for -- found by the yak
guide's own reachability (`yak_guide.reach`), so the table and the guide never disagree.

Every sentence is a message kind with typed arguments; the table renders it in the player's
language.

>>> from game.engine.tiles import parse_tiles
>>> from game.engine.scoring.uper import uper_verdict
>>> v = uper_verdict(parse_tiles("111m234m234p99p79p"), wall_left=30)
>>> for part in str(uper_refused(v.reason)).split("; "): print(part)
Uper needs every win to be worth 2 basic points even on a discard
7p from a discard gives this hand only concealed (1 point)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.actions import Discard
from game.engine.melds import KONG, PUNG, Meld
from game.engine.messages import INT, MSG, TILE, TILES, YAK, Message, define
from game.engine.scoring.evaluate import BASIC_ONLY
from game.engine.table import Decision

from .yak_guide import Reach, reach

UPER_CHEAP = define(
    "coach.uper.cheap",
    "Uper needs every win to be worth 2 basic points even on a discard; {tile} from a discard "
    "gives this hand {basic}", tile=TILE, basic=MSG)
UPER_READY_WITH = define("coach.uper.ready_with", "Ready only by discarding {tiles}:",
                         tiles=TILES)
UPER_INSTEAD = define("coach.uper.instead", "Uper is legal with {tiles} instead", tiles=TILES)
CALL_LAST = define(
    "coach.call.last_route", "After this {call} the only way left to 2 basic points is {yak}, {n} "
    "tile from ready", plural="After this {call} the only way left to 2 basic points is {yak}, {n} "
    "tiles from ready", count="n", call=MSG, yak=YAK, n=INT)
CALL_ENDS = define("coach.call.ends_route", "After this {call} no yak worth 2 basic points is "
                   "within reach", call=MSG)
DISCARD_LAST = define(
    "coach.discard.last_route", "Without {tile} the only way left to 2 basic points is {yak}, {n} "
    "tile from ready", plural="Without {tile} the only way left to 2 basic points is {yak}, {n} "
    "tiles from ready", count="n", tile=TILE, yak=YAK, n=INT)
DISCARD_ENDS = define("coach.discard.ends_route", "Without {tile} no yak worth 2 basic points is "
                      "within reach", tile=TILE)
CALL_PUNG = define("coach.call.pung", "pung")
CALL_KONG = define("coach.call.kong", "kong")
WIN_DISCARD = define("coach.win.refused_discard", "You cannot win on this discard: {why}",
                     why=MSG)
WIN_SELF_DRAW = define("coach.win.refused_self_draw", "You cannot win on this self-draw: {why}",
                       why=MSG)
UPER_AIM = define("coach.uper.aim", "Aim for {yak}: {n} tile from ready",
                  plural="Aim for {yak}: {n} tiles from ready", count="n", yak=YAK, n=INT)

__all__ = [
    "CALL_ENDS",
    "CALL_KONG",
    "CALL_LAST",
    "CALL_PUNG",
    "DISCARD_ENDS",
    "DISCARD_LAST",
    "UPER_AIM",
    "UPER_CHEAP",
    "UPER_INSTEAD",
    "UPER_READY_WITH",
    "WIN_DISCARD",
    "WIN_SELF_DRAW",
    "WinRefusal",
    "call_warning",
    "discard_warning",
    "routes",
    "uper_advice",
    "uper_refused",
    "win_refusal",
]


def uper_refused(reason: Message | None) -> Message | None:
    """The engine's refusal of an uper in the lesson's sentence, or the engine's own reason when it
    already reads as the rule (a claimed pung, not ready, the wall too short); None without one.

    A cheap wait's basic points are said as "only <yak> (n points)": the rule is about what the
    hand is worth on a discard, so the worst such wait (the first the engine names) is the one
    shown."""
    if reason is None:
        return None
    first = reason
    if reason.code == "uper.cheap_waits":
        first = reason["waits"][0]
    if first.code != "uper.cheap_wait":
        return reason
    basic: Message = first["basic"]
    if basic.code == "basic.one":  # "concealed only (1 point)" -> "only concealed (1 point)"
        basic = BASIC_ONLY(yak=basic["yak"], points=basic["points"])
    return UPER_CHEAP(tile=first["tile"], basic=basic)


def uper_advice(d: Decision, kind: int | None) -> tuple[Message, ...]:
    """What the coach says beside a refused uper button on decision `d` with tile `kind` chosen:
    the refusal in plain words, then what would change it -- other discards that keep uper legal,
    else the nearest yak worth 2 basic points the hand can still reach (the yak guide's
    reachability). Empty when there is nothing to explain: uper is legal with this tile, or the
    hand is not ready at all (no uper discard was ever weighed; the button's hover says why)."""
    able = sorted(a.tile for a in d.legal if isinstance(a, Discard) and a.uper)
    mine = Discard(kind, uper=True) if kind is not None else None
    if mine is not None and mine in d.legal:
        return ()
    weighed = [a for a in d.notes if isinstance(a, Discard) and a.uper]
    if not weighed and not able:
        return ()
    out: list[Message] = []
    note = d.notes.get(mine) if mine is not None else None
    if note is None and weighed and not able:  # the chosen tile does not leave the hand ready
        out.append(UPER_READY_WITH(tiles=tuple(sorted(a.tile for a in weighed))))
    why = uper_refused(note if note is not None else d.notes.get(weighed[0]) if weighed else None)
    if why is not None:
        out.append(why)
    if able:
        out.append(UPER_INSTEAD(tiles=tuple(able)))
        return tuple(out)
    aim = _aim(d)
    if aim is not None:
        out.append(aim)
    return tuple(out)


def _aim(d: Decision) -> Message | None:
    """The nearest yak (not the concealed hand itself) the seat's hand can reach, from the yak
    guide's reachability, as "Aim for ...", or None."""
    obs = d.observation
    hand: Sequence[int] = obs.concealed
    for r in reach(hand, obs.melds[obs.seat], seat=obs.seat, prevalent=obs.prevalent):
        if r.key != "concealed":
            return UPER_AIM(yak=r.key, n=max(1, r.distance))
    return None


# ---------------------------------------------------------------- the last route to 2 points
#: no limit on how many routes are listed (there are fewer yak than this)
_EVERY = 99


def routes(concealed: Sequence[int], melds: Sequence[Meld], *, seat: int,
           prevalent: int | None) -> list[Reach]:
    """Every yak worth 2 basic points the hand can still reach, nearest first: the yak guide's
    reachability (`yak_guide.reach`, within its distance), the same list the player reads
    with Y. A concealed hand counts "concealed" (with a self-draw) as one."""
    return reach(concealed, melds, seat=seat, prevalent=prevalent, limit=_EVERY)


def call_warning(d: Decision, call: str) -> Message | None:
    """Warn before a pung or a kong (`call`) on the discard on offer that leaves the hand one
    way to 2 basic points or none, while it has more now (a pung opens the hand: the concealed
    hand's self-draw goes, and with it most routes). None otherwise."""
    obs = d.observation
    if obs.last_discard is None or call not in ("pung", "kong"):
        return None
    discarder, kind = obs.last_discard
    melds = tuple(obs.melds[obs.seat])
    hand = list(obs.concealed)
    take = 2 if call == "pung" else 3
    if hand.count(kind) < take:
        return None
    if len(routes(hand, melds, seat=obs.seat, prevalent=obs.prevalent)) < 2:
        return None  # nothing is given up: no warning at every call of a hand already cheap
    for _ in range(take):
        hand.remove(kind)
    after = routes(hand, (*melds, Meld(PUNG if call == "pung" else KONG, kind, discarder)),
                   seat=obs.seat, prevalent=obs.prevalent)
    word = (CALL_PUNG if call == "pung" else CALL_KONG)()
    if not after:
        return CALL_ENDS(call=word)
    if len(after) == 1:
        return CALL_LAST(call=word, yak=after[0].key, n=max(1, after[0].distance))
    return None


def discard_warning(d: Decision, kind: int | None) -> Message | None:
    """A note when discarding `kind` from an open hand leaves one way to 2 basic points or none
    while the hand has more now, else None."""
    obs = d.observation
    hand = list(obs.concealed)
    if kind is None or kind not in hand:
        return None
    melds = tuple(obs.melds[obs.seat])
    if all(not m.is_open for m in melds):
        return None  # a concealed hand keeps its self-draw: no discard ends every route
    if len(routes(hand, melds, seat=obs.seat, prevalent=obs.prevalent)) < 2:
        return None
    hand.remove(kind)
    after = routes(hand, melds, seat=obs.seat, prevalent=obs.prevalent)
    if not after:
        return DISCARD_ENDS(tile=kind)
    if len(after) == 1:
        return DISCARD_LAST(tile=kind, yak=after[0].key, n=max(1, after[0].distance))
    return None


# ---------------------------------------------------------------- a win refused
@dataclass(frozen=True)
class WinRefusal:
    """Why a win is refused, as the table says it at once, and the tiles of the player's own
    river that cause it (a sacred discard: the wait itself, the tile whose stem pattern closes
    the wait, the uper discard), for the table to point at. `river` is empty when no river tile
    is the cause (a hand worth fewer than 2 basic points, a passed win)."""

    message: Message
    river: tuple[int, ...] = ()


def win_refusal(why: Message | str | None, *, self_draw: bool = False) -> WinRefusal | None:
    """The engine's reason for a refused win (`Decision.notes[WIN]`, `Table.refused`) as the
    coach says it, with the river tiles behind a sacred discard; None without a reason, or for
    a reason that is not a message (a seat program's own words: the table shows them as given)."""
    if not isinstance(why, Message):
        return None
    river: tuple[int, ...] = ()
    if why.code == "sacred.sd2":
        river = tuple(why["tiles"])
    elif why.code in ("sacred.sd3", "sacred.sd4"):
        river = (why["tile"],)
    kind = WIN_SELF_DRAW if self_draw else WIN_DISCARD
    return WinRefusal(kind(why=why), river)
