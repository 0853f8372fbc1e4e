"""Why, in a player's words: the plain reasons the live coach says at the table (issue 32) and the
review says at each decision (issue 33), made in one place so both say the same thing.

Two makers, one vocabulary:

* `versus(obs, chosen, suggested)`: why the computer's `suggested` beats the player's `chosen`,
  worked out from the two choices in the player's own view (`obs`): the safer tile against a
  player who declared uper, the hand nearer to ready, more ways to 2 basic points, more tiles
  that help ("it keeps the hand 1 tile from ready, yours 2"); `WHY_JUDGED` when the choices
  themselves show none of these.
* `plain_note(note)`: the computer's own note on its choice (`explain()`, the program's
  shorthand: "shanten 1, 9 tiles accepted, plan concealed + seven pairs") said in a player's
  words ("1 tile from ready, 9 tiles help; aims at a concealed hand with seven pairs"); None
  when the note is nothing a player would read (another program's, or no note).

`why_line` puts them together for a reviewed decision: the comparison when it says something,
else the plain note. The program's own note stays what the review keeps (its figures show it on
demand); these are words only and never change a verdict.

>>> from game.engine.tiles import parse_tile
>>> from game.i18n import render
>>> from ai.heuristic import DISCARD, FAR
>>> from ai.value import PLANS
>>> note = DISCARD(tile=parse_tile("1z"), why=FAR(n=1, accepted=9,
...                                               plan=PLANS["concealed + seven pairs"]))
>>> print(render(plain_note(note), "en"))
1 tile from ready, 9 tiles help; aims at a concealed hand with seven pairs
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.danger import visible_counts
from game.engine.actions import Action, Discard, Kong, Pass, Pung
from game.engine.hand.acceptance import acceptance
from game.engine.hand.shanten import shanten
from game.engine.messages import INT, MSG, SEAT, Message, define
from game.engine.observation import Observation
from game.engine.tiles import to_counts

from .coach import routes
from .danger_assist import danger_view

__all__ = [
    "CALL_CLOSER",
    "CALL_FAR",
    "CALL_ROUTES",
    "UPER_NO",
    "UPER_YES",
    "WHY_CLOSER",
    "WHY_JUDGED",
    "WHY_MORE_TILES",
    "WHY_READY",
    "WHY_ROUTES",
    "WHY_SAFE",
    "WHY_SAFER",
    "discard_reason",
    "plain_note",
    "versus",
    "why_line",
]

# ---------------------------------------------------------------- the comparison's words
# (their codes say where they were first said: the live coach's line)
WHY_SAFE = define("live_coach.why.safe", "it is safe against {seat}", seat=SEAT)
WHY_SAFER = define("live_coach.why.safer", "yours deals in to {seat} about {yours} in 100, its "
                   "choice {its} in 100", seat=SEAT, yours=INT, its=INT)
WHY_CLOSER = define("live_coach.why.closer", "it keeps the hand {n} tile from ready, yours {m}",
                    plural="it keeps the hand {n} tiles from ready, yours {m}", count="n",
                    n=INT, m=INT)
WHY_READY = define("live_coach.why.ready", "it keeps the hand ready")
WHY_ROUTES = define("live_coach.why.routes", "it keeps {n} way to 2 basic points, yours {m}",
                    plural="it keeps {n} ways to 2 basic points, yours {m}", count="n", n=INT,
                    m=INT)
WHY_MORE_TILES = define("live_coach.why.more_tiles", "{n} tile can improve its hand, {m} yours",
                        plural="{n} tiles can improve its hand, {m} yours", count="n", n=INT,
                        m=INT)
WHY_JUDGED = define("live_coach.why.judged", "it weighs speed, value and safety differently here")
CALL_CLOSER = define("live_coach.call.closer", "the pung brings the hand nearer to ready")
CALL_ROUTES = define("live_coach.call.routes",
                     "the pung would leave only {n} way to 2 basic points",
                     plural="the pung would leave only {n} ways to 2 basic points", count="n",
                     n=INT)
CALL_FAR = define("live_coach.call.far", "the pung does not bring the hand nearer to ready")
UPER_YES = define("live_coach.uper.yes", "uper adds a point and the hand is ready anyway")
UPER_NO = define("live_coach.uper.no", "after uper every drawn tile goes out: it keeps the hand "
                 "free")

# ---------------------------------------------------------------- the plain note's words
AWAY = define("plain.away", "{n} tile from ready", plural="{n} tiles from ready", count="n",
              n=INT)
READY = define("plain.ready", "ready")
HELP = define("plain.help", "{away}, {n} tile helps", plural="{away}, {n} tiles help", count="n",
              away=MSG, n=INT)
AIMS = define("plain.aims", "{what}; aims at {plan}", what=MSG, plan=MSG)
CONCEALED_WITH = define("plain.concealed_with", "a concealed hand with {plan}", plan=MSG)
READY_ON = define("plain.ready_on", "ready, {n} winning tile still out there",
                  plural="ready, {n} winning tiles still out there", count="n", n=INT)
NO_WORTH = define("plain.no_worth", "no winning tile would make 2 basic points yet")
ALL_OUT = define("plain.all_out", "every winning tile is already in sight")
READY_BUT = define("plain.ready_but", "ready, but {why}", why=MSG)
PUSHING = define("plain.pushing", "{why}; the hand is worth the risk of dealing in", why=MSG)
FOLDING = define("plain.folding", "the safest tile: the hand gives up on winning")
UPER_PAYS = define("plain.uper_pays", "uper pays here; {why}", why=MSG)
SILENT_PAYS = define("plain.silent_pays", "staying silent pays better than uper here; {why}",
                     why=MSG)
PASS_BETTER = define("plain.pass_better", "the hand is better without the call: {why}", why=MSG)
CALL_BETTER = define("plain.call_better", "the call makes the hand better: {why}", why=MSG)
OPENS_FAR = define("plain.opens_far", "a pung would open a concealed hand {n} tile from ready",
                   plural="a pung would open a concealed hand {n} tiles from ready", count="n",
                   n=INT)
WAITS_SELF_DRAW = define("plain.waits_self_draw",
                         "a self-drawn win would be worth more ({n} basic point on this discard)",
                         plural="a self-drawn win would be worth more ({n} basic points on this "
                                "discard)", count="n", n=INT)
WINS_SELF_DRAW = define("plain.wins_self_draw", "it wins on the drawn tile")
WINS_DISCARD = define("plain.wins_discard", "it wins on the discard")
ROBS = define("plain.robs", "it wins by robbing the kong")
FROZEN = define("plain.frozen", "after uper the drawn tile goes out")
NINE_MAJOR = define("plain.nine_major",
                    "the hand is {n} tile from ready: better to call the nine-major draw",
                    plural="the hand is {n} tiles from ready: better to call the nine-major draw",
                    count="n", n=INT)
KONG_KEEPS = define("plain.kong_keeps", "the kong keeps the hand as near to ready")
KONG_FARTHER = define("plain.kong_farther", "a kong would take the hand farther from ready")

#: a danger difference below this (chance to deal in) is no reason
_SAFER_BY = 0.03


# ---------------------------------------------------------------- versus: from the two choices
def _melds(obs: Observation) -> int:
    return len(obs.melds[obs.seat])


def _elsewhere(obs: Observation) -> list[int]:
    """Copies of each kind the player sees outside his own hand."""
    vis = visible_counts(obs)
    for k in obs.concealed:
        vis[k] -= 1
    return vis


def discard_reason(concealed: Sequence[int], yours: int, its: int, obs: Observation | None,
                   after: Sequence[Any] | None = None) -> Message:
    """Why discarding `its` beats discarding `yours` from a hand of 14 (`concealed`). `obs`
    gives the danger and the routes (None: shape only, for the examples)."""
    if obs is not None and any(obs.uper[o] for o in range(4) if o != obs.seat):
        view = danger_view(obs, after)
        a, b = view.tiles.get(yours), view.tiles.get(its)
        if a is not None and b is not None and a.deal_in - b.deal_in >= _SAFER_BY:
            if b.safe:
                seat = next(o for o, w in zip(view.against, a.why) if w.code == "danger.risk")
                return WHY_SAFE(seat=seat)
            seat = view.against[0]
            return WHY_SAFER(seat=seat, yours=round(100 * a.deal_in), its=round(100 * b.deal_in))
    melds = 0 if obs is None else _melds(obs)
    seen = None if obs is None else _elsewhere(obs)
    options = {o.discard: o for o in acceptance(to_counts(concealed), melds, seen)}
    mine, theirs = options.get(yours), options.get(its)
    if mine is not None and theirs is not None:
        if theirs.shanten < mine.shanten:
            if theirs.shanten == 0:
                return WHY_READY()
            return WHY_CLOSER(n=theirs.shanten, m=mine.shanten)
        if obs is not None and theirs.shanten == mine.shanten:
            r_mine, r_theirs = (_routes_without(obs, concealed, k) for k in (yours, its))
            if r_theirs > r_mine:
                return WHY_ROUTES(n=r_theirs, m=r_mine)
        if theirs.shanten == mine.shanten and theirs.unseen > mine.unseen:
            return WHY_MORE_TILES(n=theirs.unseen, m=mine.unseen)
    return WHY_JUDGED()


def _routes_without(obs: Observation, concealed: Sequence[int], kind: int) -> int:
    hand = list(concealed)
    hand.remove(kind)
    return len(routes(hand, obs.melds[obs.seat], seat=obs.seat, prevalent=obs.prevalent))


def versus(obs: Observation, chosen: Action, suggested: Action,
           after_uper: Sequence[Any] | None = None) -> Message:
    """Why the computer's `suggested` beats the player's `chosen`, in plain words from the
    player's own view `obs` (`after_uper`: the danger assist's evidence,
    `danger_assist.after_uper_kinds`)."""
    if isinstance(chosen, Discard) and isinstance(suggested, Discard):
        if chosen.tile != suggested.tile:
            return discard_reason(obs.concealed, chosen.tile, suggested.tile, obs, after_uper)
        return UPER_YES() if suggested.uper else UPER_NO()
    if isinstance(suggested, (Pung, Kong)) and isinstance(chosen, Pass):
        return _call_gain(obs) or WHY_JUDGED()
    if isinstance(chosen, (Pung, Kong)) and isinstance(suggested, Pass):
        return _call_cost(obs, chosen) or WHY_JUDGED()
    return WHY_JUDGED()


def _call_gain(obs: Observation) -> Message | None:
    if obs.last_discard is None:
        return None
    kind = obs.last_discard[1]
    hand = list(obs.concealed)
    if hand.count(kind) < 2:
        return None
    before = shanten(to_counts(hand), _melds(obs))
    for _ in range(2):
        hand.remove(kind)
    if len(hand) % 3 != 2:
        return None
    best = min(o.shanten for o in acceptance(to_counts(hand), _melds(obs) + 1))
    return CALL_CLOSER() if best < before else None


def _call_cost(obs: Observation, chosen: Action) -> Message | None:
    from game.engine.melds import KONG, PUNG, Meld

    if obs.last_discard is None:
        return None
    discarder, kind = obs.last_discard
    hand = list(obs.concealed)
    take = 3 if isinstance(chosen, Kong) else 2
    if hand.count(kind) < take:
        return None
    now = len(routes(hand, obs.melds[obs.seat], seat=obs.seat, prevalent=obs.prevalent))
    for _ in range(take):
        hand.remove(kind)
    meld = Meld(KONG if take == 3 else PUNG, kind, discarder)
    after = len(routes(hand, (*obs.melds[obs.seat], meld), seat=obs.seat,
                       prevalent=obs.prevalent))
    if after < now:
        return CALL_ROUTES(n=after)
    return CALL_FAR()


# ---------------------------------------------------------------- the computer's own note, plain
def _away(n: int) -> Message:
    return READY() if n <= 0 else AWAY(n=n)


def _plan(plan: Any) -> Message | None:
    """A plan of `ai.value.PLANS` as something to aim at (None: shape only, no plan)."""
    if not isinstance(plan, Message):
        return None
    if plan.code == "plan.concealed":
        inner = plan.get("plan")
        return None if _plan(inner) is None else CONCEALED_WITH(plan=inner)
    if plan.code in ("plan.shape", "plan.none", "plan.ready"):
        return None
    return plan if plan.code.startswith("plan.") else None


def _aims(what: Message, plan: Any) -> Message:
    aim = _plan(plan)
    return what if aim is None else AIMS(what=what, plan=aim)


def plain_note(note: Message | None) -> Message | None:
    """The computer's own note on its choice in a player's words (see the module); None when
    there is nothing a player would read in it."""
    if note is None:
        return None
    code, get = note.code, note.get
    inner = get("why")
    if code in ("ai.discard", "ai.kong_turn", "ai.danger"):
        return plain_note(inner)
    if code == "ai.shanten":
        return _away(get("n"))
    if code == "ai.accepted":
        return HELP(away=_away(get("n")), n=get("accepted"))
    if code == "ai.far":
        return _aims(HELP(away=_away(get("n")), n=get("accepted")), get("plan"))
    if code == "ai.shanten_plan":
        return _aims(_away(get("n")), get("plan"))
    if code == "ai.ready_on":
        return READY_ON(n=get("n"))
    if code == "ai.ready_dead":
        why = plain_note(inner)
        return READY_BUT(why=why) if why is not None else READY()
    if code == "ai.no_valid_wait":
        return NO_WORTH()
    if code == "ai.waits_visible":
        return ALL_OUT()
    if code == "ai.pushing":
        why = plain_note(inner)
        return None if why is None else PUSHING(why=why)
    if code == "ai.folding":
        return FOLDING()
    if code in ("ai.uper", "ai.silent"):
        why = plain_note(inner)
        if why is None:
            return None
        return (UPER_PAYS if code == "ai.uper" else SILENT_PAYS)(why=why)
    if code == "ai.pass_value":
        why = plain_note(inner)
        return None if why is None else PASS_BETTER(why=why)
    if code in ("ai.pung_value", "ai.kong_value"):
        why = plain_note(inner)
        return None if why is None else CALL_BETTER(why=why)
    if code == "ai.pung_closer":
        return CALL_CLOSER()
    if code == "ai.pung_not_closer":
        return CALL_FAR()
    if code == "ai.far_pung":
        return OPENS_FAR(n=get("n"))
    if code == "ai.decline":
        return WAITS_SELF_DRAW(n=get("basic"))
    if code == "ai.self_draw_win":
        return WINS_SELF_DRAW()
    if code == "ai.win_on_discard":
        return WINS_DISCARD()
    if code == "ai.rob_kong":
        return ROBS()
    if code in ("ai.frozen", "ai.frozen_kong"):
        return FROZEN()
    if code == "ai.nine_major":
        return NINE_MAJOR(n=get("n"))
    if code == "ai.deal_kong":
        return KONG_KEEPS()
    if code == "ai.deal_kong_pass":
        return KONG_FARTHER()
    return None


def why_line(obs: Observation | None, chosen: Action, suggested: Action, note: Message | None,
             after_uper: Sequence[Any] | None = None) -> Message | None:
    """The reason of a reviewed decision in plain words: where the player chose otherwise and
    the two choices show why (`versus`, from his own view `obs`), that; else the computer's
    own note made plain (`plain_note`); None when neither says anything."""
    if obs is not None and chosen != suggested:
        try:
            why = versus(obs, chosen, suggested, after_uper)
        except Exception:  # noqa: BLE001 - a position the comparison cannot read: the note
            why = WHY_JUDGED()
        if why.code != WHY_JUDGED.code:
            return why
    return plain_note(note)
