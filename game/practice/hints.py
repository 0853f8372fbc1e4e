"""Hints for one seat at one moment: plain data for the hints panel (no printing, no pygame).

`hints(source, events=..., rules=...)` takes a `Decision` (the seat's legal actions are then
exact) or an `Observation` (the replay viewer: the usual discards are assumed) and returns
`Hints`:

* the shanten; for a hand about to discard, every discard with its acceptance (unseen counts),
  whether the hand left can still reach 2 basic points (by self-draw / by discard), its waits
  when it is ready and whether uper would be legal (with the engine's reason when not);
* the suggested action with the AI's one-line reason (`ai.heuristic.HeuristicSeat.explain`);
* when the hand is ready: every wait with its unseen copies and basic points each way, a wait
  worth less than 2 on a discard marked;
* danger (0-1) of each tile in the hand against each opponent, with the reason, from the AI's
  danger model (`ai.danger.read_opponents`) and the exact stem-pattern safety of docs/rules.md §5;
* sacred discard: the own status, what every opponent publicly cannot win on by discard, and
  `Hints.why_not(tile)` answering "why can't I win on this?".

>>> from game.engine.tiles import parse_tiles, parse_tile, tile_str
>>> h = hints(practice_observation("123m456p789p11m22z7z"))
>>> h.shanten, tile_str(h.best_discard.tile), h.best_discard.unseen
(0, '7z', 7)
>>> for w in h.best_discard.waits: print(w.message)
1m: 1 unseen, self-draw 2, discard 1 (not enough on a discard)
4m: 4 unseen, self-draw 2, discard 1 (not enough on a discard)
2z: 2 unseen, self-draw 2, discard 1 (not enough on a discard)
>>> h.best_discard.uper_legal, str(h.best_discard.uper_reason).split("; ")[0]
(False, '1m would win by discard with concealed only (1 point)')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.danger import read_opponents, visible_counts
from ai.heuristic import EventTracker, HeuristicSeat
from ai.value import CONCEALED, INF, NO_PLAN, PLANS, READY, SHAPE, plan_value
from game.engine.actions import Action, Discard
from game.engine.events import Event, HandStarted
from game.engine.hand.acceptance import acceptance, acceptance13
from game.engine.hand.shanten import shanten as shanten_of
from game.engine.kinds import Phase
from game.engine.melds import Meld
from game.engine.messages import FLOAT, INT, MSG, SEAT, TEXT, TILE, TILES, YAKS, Message, define
from game.engine.observation import Observation, RiverTile
from game.engine.rules import RuleSet
from game.engine.scoring import (
    MIN_BASIC,
    WinContext,
    describe_basic,
    evaluate_win,
    ready_waits,
    sacred_status,
    shape_waits_of,
    uper_verdict,
)
from game.engine.scoring.sacred import SD1, SD5, SD6, SacredStatus
from game.engine.scoring.uper import NOT_READY
from game.engine.scoring.yak import BASIC
from game.engine.tiles import (
    DRAGONS,
    NUM_PLAYING_KINDS,
    WINDS,
    is_honour,
    is_suited,
    parse_tiles,
    rank,
    stem,
)

WAIT = define("hint.wait", "{tile}: {unseen} unseen, self-draw {self_draw}, discard {discard}",
              tile=TILE, unseen=INT, self_draw=INT, discard=INT)
WAIT_LOW = define("hint.wait_low", "{wait} (not enough on a discard)", wait=MSG)
WAIT_BLOCKED = define("hint.wait_blocked", "{wait} (no discard win: {why})", wait=MSG, why=MSG)
NOT_A_WAIT = define("hint.not_a_wait", "{tile} does not complete your hand", tile=TILE)
NOT_A_WAIT_OF = define("hint.not_a_wait_of", "{tile} does not complete your hand (your waits: "
                       "{waits})", tile=TILE, waits=TILES)
TOO_CHEAP = define("hint.too_cheap", "on a discard {tile} gives {basic}: a win needs {need} basic "
                   "points", tile=TILE, basic=MSG, need=INT)
TOO_CHEAP_SD = define("hint.too_cheap_self_draw", "on a discard {tile} gives {basic}: a win needs "
                      "{need} basic points (a self-draw would give {self_draw})", tile=TILE,
                      basic=MSG, need=INT, self_draw=INT)
CAN_WIN = define("hint.can_win", "you can win on {tile} by discard ({basic})", tile=TILE, basic=MSG)
SAFE_RIVER = define("hint.safe_river", "safe: in {seat}'s river", seat=SEAT)
UPER_DISCARD_WAS = define("hint.uper_discard_was", "{seat}'s uper discard was {tile}", seat=SEAT,
                          tile=TILE)
DISCARDED = define("hint.discarded", "{seat} discarded {tile}", seat=SEAT, tile=TILE)
SAFE_STEM_UPER = define("hint.safe_stem_uper", "safe by stem pattern {pattern} against {seat}'s "
                        "uper ({why})", pattern=TEXT, seat=SEAT, why=MSG)
SAFE_STEM = define("hint.safe_stem", "safe by stem pattern {pattern} against {seat} ({why})",
                   pattern=TEXT, seat=SEAT, why=MSG)
SAFE_AFTER_UPER = define("hint.safe_after_uper", "safe: discarded after {seat}'s uper and not won",
                         seat=SEAT)
SAFE_PASSED = define("hint.safe_passed", "safe: {seat} let it pass since his last draw", seat=SEAT)
NO_CHANCE = define("hint.no_chance", "no-chance: every {tiles} is visible, so only a pair or single "
                   "wait can use it", tiles=TILES)
SAFE_ALL_VISIBLE = define("hint.safe_all_visible", "safe: every {tile} is visible", tile=TILE)
HONOUR_SINGLE = define("hint.honour_single", "{n} visible: honour, only a single wait", n=INT)
HONOUR_PAIR = define("hint.honour_pair", "{n} visible: honour, a pair or single wait", n=INT)
UPER_THREAT = define("hint.uper_threat", "{seat} declared uper: any tile outside his river's stems "
                     "may win", seat=SEAT)
NO_EVIDENCE = define("hint.no_evidence", "no safety evidence ({seat} ready with about "
                     "{ready:.0%})", seat=SEAT, ready=FLOAT)
NO_SUGGESTION = define("hint.no_suggestion", "no suggestion ({error})", error=TEXT)
# the headline, as a player says it (the figures behind it are the panel's "Details")
HEAD_AWAY = define("hint.head_away", "{n} tile from ready", plural="{n} tiles from ready",
                   count="n", n=INT)
HEAD_READY = define("hint.head_ready", "Ready: waiting on {n} kind of tile",
                    plural="Ready: waiting on {n} kinds of tile", count="n", n=INT)
HEAD_COMPLETE = define("hint.head_complete", "Your hand is complete")
LIVE_HELP = define("hint.live_help", "{n} tile would help", plural="{n} tiles would help",
                   count="n", n=INT)
LIVE_WIN = define("hint.live_win", "{n} tile would complete your hand",
                  plural="{n} tiles would complete your hand",
                  count="n", n=INT)
#: the same count when no win is possible at all this hand (SD6): the tiles only make the shape
LIVE_SHAPE = define("hint.live_shape", "{n} tile would complete the shape, but cannot win",
                    plural="{n} tiles would complete the shape, but none can win",
                    count="n", n=INT)
WIN_BOTH = define("hint.win_both", "you can win by self-draw and on a discard")
WIN_SELF_DRAW = define("hint.win_self_draw", "you can win only by self-draw")
WIN_NONE = define("hint.win_none", "you cannot win yet (no 2 points)")
#: ready but barred from every win, self-draw too (SD6: a winning tile let go after uper)
WIN_BARRED = define("hint.win_barred", "you cannot win at all this hand (sacred discard)")
REACH_BOTH = define("hint.reach_both", "once ready, you can win by self-draw and on a discard")
REACH_SELF_DRAW = define("hint.reach_self_draw", "once ready, you can win only by self-draw")
REACH_NONE = define("hint.reach_none", "no way to 2 points yet")
AIM = define("hint.aim", "aiming for: {plan}", plan=MSG)
AIM_YAKS = define("hint.aim_yaks", "your win would score: {yaks}", yaks=YAKS)

__all__ = [
    "AcceptHint",
    "DiscardHint",
    "Hints",
    "OpponentHint",
    "SacredHint",
    "TileDanger",
    "WaitHint",
    "hints",
    "practice_observation",
    "public_safety",
]


@dataclass(frozen=True)
class AcceptHint:
    """A draw that lowers the shanten and how many copies are unseen."""

    tile: int
    unseen: int


@dataclass(frozen=True)
class WaitHint:
    """One wait of a ready hand: unseen copies, basic points each way, and whether a discard
    win on it is impossible (sacred discard) or worth less than 2 basic points."""

    tile: int
    unseen: int
    self_draw_basic: int
    discard_basic: int
    blocked: Message | None = None  # the sacred-discard reason a discard win on it is refused

    @property
    def low_on_discard(self) -> bool:
        return self.discard_basic < MIN_BASIC

    @property
    def message(self) -> Message:
        m = WAIT(tile=self.tile, unseen=self.unseen, self_draw=self.self_draw_basic,
                 discard=self.discard_basic)
        if self.low_on_discard:
            m = WAIT_LOW(wait=m)
        if self.blocked is not None:
            m = WAIT_BLOCKED(wait=m, why=self.blocked)
        return m

    @property
    def text(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class DiscardHint:
    """One possible discard of a hand about to discard."""

    tile: int
    shanten: int
    accepts: tuple[AcceptHint, ...]
    reach_self_draw: bool  # the hand left can still reach 2 basic points by self-draw
    reach_discard: bool  # ... and by a discard win
    plan: Message
    waits: tuple[WaitHint, ...] = ()  # when the hand left is ready
    uper_legal: bool | None = None  # None: not ready or not concealed
    uper_reason: Message | None = None
    suggested: bool = False

    @property
    def unseen(self) -> int:
        return sum(a.unseen for a in self.accepts)


@dataclass(frozen=True)
class TileDanger:
    """Danger (0-1: the chance of dealing in) of discarding `tile` against one opponent."""

    tile: int
    danger: float
    reason: Message


@dataclass(frozen=True)
class OpponentHint:
    """One opponent: uper, how likely he is ready, the danger of each own tile, and what he
    publicly cannot win on by discard (`safe`: tile -> reason)."""

    seat: int
    uper: bool
    ready: float
    tiles: tuple[TileDanger, ...]
    safe: dict[int, Message] = field(default_factory=dict)

    def danger_of(self, tile: int) -> TileDanger | None:
        for t in self.tiles:
            if t.tile == tile:
                return t
        return None


@dataclass(frozen=True)
class SacredHint:
    """The own sacred-discard status: the reasons in force and the waits they block."""

    reasons: tuple[Message, ...]
    blocked: tuple[tuple[int, Message], ...]  # (wait, why no discard win)
    can_self_draw: bool = True


@dataclass(frozen=True)
class Hints:
    """Everything the hints panel shows for one seat at one moment."""

    seat: int
    shanten: int
    discards: tuple[DiscardHint, ...]  # about to discard: best first; else ()
    accepts: tuple[AcceptHint, ...]  # waiting to draw (13 tiles): the draws that help
    waits: tuple[WaitHint, ...]  # waiting to draw and ready
    suggested: Action | None
    reason: Message | None  # the AI's explanation
    opponents: tuple[OpponentHint, ...]
    sacred: SacredHint
    _why: dict[int, Message] = field(default_factory=dict, repr=False)
    #: waiting to draw and not ready: the nearest 2-point plan (`ai.value.PLANS`)
    plan: Message | None = None
    #: the basic yak of a ready hand's best win (for the lead discard when about to discard)
    yaks: tuple[str, ...] = ()

    @property
    def best_discard(self) -> DiscardHint | None:
        for d in self.discards:
            if d.suggested:
                return d
        return self.discards[0] if self.discards else None

    @property
    def lead(self) -> DiscardHint | None:
        """About to discard: the discard the headline speaks of (the suggested one when it
        keeps the hand as near to ready as it can be, else the best of those that do)."""
        best = max(0, self.shanten)
        return next((d for d in self.discards if d.shanten <= best), self.best_discard)

    @property
    def live(self) -> int:
        """How many unseen tiles would improve the hand (win it, when it is ready)."""
        d = self.lead
        if d is not None:
            return d.unseen
        return sum(a.unseen for a in self.accepts)

    @property
    def ready_kinds(self) -> int:
        """A ready hand: how many kinds complete its shape (0 when not ready)."""
        d = self.lead
        if d is not None:
            return len(d.accepts) if d.shanten == 0 else 0
        return len(self.accepts) if self.shanten == 0 else 0

    @property
    def barred(self) -> bool:
        """No win at all this hand, not even by self-draw (SD6: a winning tile let go after
        uper): no draw helps and every wait is dead."""
        return not self.sacred.can_self_draw

    @property
    def win_ways(self) -> str:
        """"both", "self-draw" or "none": how the hand can win (a ready hand), or could once
        ready (a plan reaching 2 basic points)."""
        d = self.lead
        if d is not None:
            sd, dc = d.reach_self_draw, d.reach_discard
        elif self.shanten == 0:
            sd = any(w.self_draw_basic >= MIN_BASIC for w in self.waits)
            dc = any(not w.low_on_discard and w.blocked is None for w in self.waits)
        else:
            sd = dc = self.plan is not None and self.plan != NO_PLAN
        if sd and self.barred and self.shanten == 0:
            sd = False
        return "both" if sd and dc else ("self-draw" if sd or dc else "none")

    @property
    def headline(self) -> tuple[Message, ...]:
        """The first lines of the panel, as a player says it: how far from ready, how many
        tiles help (or win), how the hand can win, and what it aims for.

        >>> for m in hints(practice_observation("123m456p789p11m22z7z")).headline: print(m)
        Ready: waiting on 3 kinds of tile
        7 tiles would complete your hand
        you can win only by self-draw
        your win would score: concealed, self draw
        """
        out: list[Message] = []
        ready = self.shanten <= 0
        if self.shanten < 0:
            out.append(HEAD_COMPLETE())
        elif ready:
            out.append(HEAD_READY(n=self.ready_kinds))
        else:
            out.append(HEAD_AWAY(n=self.shanten))
        if self.shanten >= 0:
            live = LIVE_HELP if not ready else LIVE_SHAPE if self.barred else LIVE_WIN
            out.append(live(n=self.live))
        ways = self.win_ways
        if ready:
            if ways == "none" and self.barred:
                out.append(WIN_BARRED())  # not the points: the sacred discard bars every win
            else:
                out.append({"both": WIN_BOTH, "self-draw": WIN_SELF_DRAW,
                            "none": WIN_NONE}[ways]())
            if self.yaks and ways != "none":
                out.append(AIM_YAKS(yaks=self.yaks))
        else:
            out.append({"both": REACH_BOTH, "self-draw": REACH_SELF_DRAW,
                        "none": REACH_NONE}[ways]())
            plan = self.lead.plan if self.lead is not None else self.plan
            aim = _yak_of(plan)
            if aim is not None:
                out.append(AIM(plan=aim))
        return tuple(out)

    def why_not(self, tile: int) -> Message:
        """"Why can't I win on this?" for a discard of `tile` (own hand as it waits now; for a
        hand about to discard, after the suggested discard)."""
        return self._why.get(tile) or NOT_A_WAIT(tile=tile)


# ---------------------------------------------------------------------------- helpers
def _yak_of(plan: Message | None) -> Message | None:
    """The yak a plan names ("concealed + seven pairs" -> "seven pairs"); None for no yak."""
    if plan is None:
        return None
    if plan.code == CONCEALED.code:
        plan = dict(plan.args)["plan"]
    if plan in (NO_PLAN, SHAPE, READY):
        return None
    return plan


def practice_observation(hand: str, *, seat: int = 0, melds: Sequence[Meld] = (),
                         rivers: Sequence[str] = ("", "", "", ""), uper: Sequence[bool] = (
                             False, False, False, False), uper_index: Sequence[int] = (
                             -1, -1, -1, -1), wall_left: int = 40,
                         prevalent: int | None = None) -> Observation:
    """An observation built from notation, for tests and lessons.

    >>> practice_observation("123m", melds=(Meld("pung", 20),) * 3).concealed
    (0, 1, 2)
    """
    kinds = tuple(sorted(parse_tiles(hand)))
    riv = tuple(tuple(RiverTile(k, i == uper_index[s]) for i, k in enumerate(parse_tiles(r)))
                for s, r in enumerate(rivers))
    all_melds = tuple(tuple(melds) if s == seat else () for s in range(4))
    sizes = tuple(len(kinds) if s == seat else 13 for s in range(4))
    w: tuple[int, ...] = ()
    if len(kinds) % 3 == 1:
        try:
            w = shape_waits_of(kinds, melds)
        except ValueError:
            w = ()
    return Observation(seat=seat, concealed=kinds, drawn=None, hand_sizes=sizes,
                       melds=all_melds, flowers=((), (), (), ()), rivers=riv,
                       uper=tuple(uper), waits=w, sacred=(), wall_left=wall_left, turn=seat,
                       phase=Phase.TURN, last_discard=None, prevalent=prevalent,
                       scores=(0, 0, 0, 0))


class _View:
    """A duck-typed decision for an observation (the replay viewer has no live table)."""

    def __init__(self, obs: Observation, kind: str, legal: tuple[Action, ...],
                 notes: dict[Action, Message]):
        self.observation = obs
        self.seat = obs.seat
        self.kind = kind
        self.legal = legal
        self.notes = notes


def _counts(kinds: Iterable[int]) -> list[int]:
    c = [0] * NUM_PLAYING_KINDS
    for k in kinds:
        c[k] += 1
    return c


def _tiles(c: Sequence[int]) -> list[int]:
    return [k for k in range(NUM_PLAYING_KINDS) for _ in range(c[k])]


def _pattern(k: int) -> str:
    return "-".join(str((rank(k) - 1) % 3 + 1 + 3 * i) for i in range(3))


def _uper_discard(obs: Observation, s: int) -> int | None:
    for r in obs.rivers[s]:
        if r.uper:
            return r.tile
    return None


def public_safety(obs: Observation, o: int, passed: Iterable[int] = (),
                  after_uper: Iterable[int] = ()) -> dict[int, Message]:
    """What opponent `o` certainly cannot win on by discard, from public facts only, with the
    reason (docs/rules.md §5: his river, the stems of his river's suit tiles, his uper discard,
    tiles he let pass).

    >>> obs = practice_observation("1m", rivers=("", "4m7z", "", ""), uper=(0, 1, 0, 0),
    ...                            uper_index=(-1, 0, -1, -1))
    >>> s = public_safety(obs, 1)
    >>> print(s[parse_tiles("7m")[0]])
    safe by stem pattern 1-4-7 against S's uper (S's uper discard was 4m)
    >>> print(s[parse_tiles("7z")[0]])
    safe: in S's river
    """
    out: dict[int, Message] = {}
    river = [r.tile for r in obs.rivers[o]]
    ud = _uper_discard(obs, o)
    for k in river:
        out.setdefault(k, SAFE_RIVER(seat=o))
    for d in ([ud] if ud is not None else []) + river:
        if d is None or not is_suited(d):
            continue
        why = UPER_DISCARD_WAS(seat=o, tile=d) if d == ud else DISCARDED(seat=o, tile=d)
        safe = SAFE_STEM_UPER if obs.uper[o] else SAFE_STEM
        for k in stem(d):
            out.setdefault(k, safe(pattern=_pattern(d), seat=o, why=why))
    for k in after_uper:
        out.setdefault(k, SAFE_AFTER_UPER(seat=o))
    for k in passed:
        out.setdefault(k, SAFE_PASSED(seat=o))
    return out


def _no_chance(k: int, unseen: Sequence[int]) -> Message | None:
    """Why no sequence shape can wait on suit tile `k` (a wall), or None."""
    r = rank(k) - 1  # 0-8
    shapes = []
    if r <= 6:
        shapes.append((k + 1, k + 2))
    if r >= 2:
        shapes.append((k - 2, k - 1))
    if 1 <= r <= 7:
        shapes.append((k - 1, k + 1))
    walls = set()
    for a, b in shapes:
        dead = [x for x in (a, b) if unseen[x] <= 0]
        if not dead:
            return None
        walls.add(dead[0])
    return NO_CHANCE(tiles=sorted(walls))


def _danger_table(obs: Observation, tracker: EventTracker, kinds: Sequence[int]
                  ) -> list[OpponentHint]:
    reads = read_opponents(obs, tracker.passed, tracker.after_uper, use_evidence=True,
                           rules=tracker.rules)
    vis = visible_counts(obs)
    unseen = [4 - v for v in vis]
    out = []
    for r in reads:
        o = r.seat
        safe = public_safety(obs, o, tracker.passed[o], tracker.after_uper[o])
        for k in WINDS + DRAGONS:
            if unseen[k] <= 0 and k not in safe:
                safe[k] = SAFE_ALL_VISIBLE(tile=k)
        tiles = []
        for k in sorted(set(kinds)):
            if k in safe:
                tiles.append(TileDanger(k, 0.0, safe[k]))
                continue
            p = float(r.deal_in[k])
            if is_honour(k):
                left = unseen[k]
                why = (HONOUR_SINGLE if left == 1 else HONOUR_PAIR)(n=4 - left)
            else:
                why = _no_chance(k, unseen) or (
                    UPER_THREAT(seat=o) if obs.uper[o] else NO_EVIDENCE(seat=o, ready=r.ready))
            tiles.append(TileDanger(k, round(min(1.0, max(0.0, p)), 3), why))
        out.append(OpponentHint(o, obs.uper[o], round(r.ready, 3), tuple(tiles), safe))
    return out


def _status(obs: Observation, waits: Sequence[int], river: Sequence[int],
            uper_discard: int | None) -> SacredStatus:
    """The sacred-discard status, with the flags the observation carries (SD1, SD5, SD6: they
    cannot be recomputed from what the seat sees) read by their message codes."""
    have = {m.code for m in obs.sacred}
    return sacred_status(waits, river, uper_discard=uper_discard,
                         temporary=SD1.code in have,
                         missed_after_uper=SD5.code in have,
                         discarded_win_after_uper=SD6.code in have)


def _wait_hints(obs: Observation, tiles: list[int], melds: Sequence[Meld], seen: Sequence[int],
                rules: RuleSet, st: SacredStatus) -> tuple[WaitHint, ...]:
    out = []
    for v in ready_waits(tiles, melds, seat=obs.seat, prevalent=obs.prevalent, rules=rules):
        u = max(0, 4 - seen[v.tile])
        out.append(WaitHint(v.tile, u, v.self_draw_basic, v.discard_basic, st.why_not(v.tile)))
    return tuple(out)


def _why_map(obs: Observation, tiles: list[int], melds: Sequence[Meld], rules: RuleSet,
             st: SacredStatus) -> dict[int, Message]:
    """'Why can't I win on this?' for every kind, for the 3n+1 hand `tiles`."""
    out: dict[int, Message] = {}
    try:
        waits = shape_waits_of(tiles, melds)
    except ValueError:
        return out
    if not waits:
        for k in range(NUM_PLAYING_KINDS):
            out[k] = NOT_READY()
        return out
    for k in range(NUM_PLAYING_KINDS):
        if k not in waits:
            out[k] = NOT_A_WAIT_OF(tile=k, waits=waits)
            continue
        why = st.why_not(k)
        if why:
            out[k] = why
            continue
        ctx = WinContext(concealed=tuple(sorted(tiles + [k])), win_tile=k, melds=tuple(melds),
                         self_draw=False, seat=obs.seat, prevalent=obs.prevalent,
                         discarder=(obs.seat + 1) % 4)
        res = evaluate_win(ctx, rules)
        if res.basic < MIN_BASIC:
            sd = evaluate_win(WinContext(concealed=ctx.concealed, win_tile=k, melds=tuple(melds),
                                         self_draw=True, seat=obs.seat,
                                         prevalent=obs.prevalent), rules)
            basic = describe_basic(res.yak, res.basic)
            out[k] = (TOO_CHEAP_SD(tile=k, basic=basic, need=MIN_BASIC, self_draw=sd.basic)
                      if sd.basic >= MIN_BASIC else TOO_CHEAP(tile=k, basic=basic, need=MIN_BASIC))
        else:
            out[k] = CAN_WIN(tile=k, basic=describe_basic(res.yak, res.basic))
    return out


def _best_yaks(obs: Observation, tiles: list[int], melds: Sequence[Meld], waits: Sequence[WaitHint],
               rules: RuleSet) -> tuple[str, ...]:
    """The basic yak of the ready hand `tiles`' best win: on a discard when one is allowed, else
    by self-draw."""
    best: tuple[int, int, WaitHint] | None = None
    for w in waits:
        on_discard = not w.low_on_discard and w.blocked is None
        key = (1 if on_discard else 0, w.discard_basic if on_discard else w.self_draw_basic)
        if w.self_draw_basic < MIN_BASIC and not on_discard:
            continue
        if best is None or key > best[:2]:
            best = (*key, w)
    if best is None:
        return ()
    self_draw = best[0] == 0
    w = best[2]
    res = evaluate_win(WinContext(concealed=tuple(sorted(tiles + [w.tile])), win_tile=w.tile,
                                  melds=tuple(melds), self_draw=self_draw, seat=obs.seat,
                                  prevalent=obs.prevalent,
                                  discarder=None if self_draw else (obs.seat + 1) % 4), rules)
    return tuple(y.key for y in res.yak if y.kind == BASIC)


# ---------------------------------------------------------------------------- the entry point
def hints(source: Any, events: Iterable[Event] = (), *, rules: RuleSet | None = None,
          level: str = "expert", offered: Iterable[Action] | None = None) -> Hints:
    """The hints for a `Decision` or an `Observation` (see the module). `events`: the hand's
    events so far (any view; they are reduced to this seat's view) for the tiles each
    opponent let pass; `rules` default to the hand's rules found in `events`. `offered`: the
    actions an exercise offers (practice): the suggestion is one of them and the discards
    listed are theirs only."""
    if isinstance(source, Observation):
        obs = source
        decision = None
    else:
        from ai.heuristic import observation_of
        decision = source
        obs = observation_of(source)
    me = obs.seat
    tracker = EventTracker()
    for event in events:
        view = event.visible_to(me)
        if rules is None and isinstance(view, HandStarted) and isinstance(view.rules, dict):
            rules = RuleSet.from_dict(view.rules)
        tracker.observe(view)  # type: ignore[arg-type]
    rules = rules or RuleSet()
    tracker.rules = rules
    melds = obs.melds[me]
    nm = len(melds)
    own = _counts(obs.concealed)
    vis = visible_counts(obs)
    elsewhere = [vis[k] - own[k] for k in range(NUM_PLAYING_KINDS)]
    river = [r.tile for r in obs.rivers[me]]
    ud = _uper_discard(obs, me)
    concealed = all(not m.is_open for m in melds)
    n = len(obs.concealed)
    about_to_discard = n % 3 == 2

    # the AI's suggestion
    suggested: Action | None = None
    reason: Message | None = None
    if decision is None and about_to_discard and not obs.uper[me]:
        legal: list[Action] = [Discard(k) for k in sorted(set(obs.concealed))]
        notes: dict[Action, Message] = {}
        if concealed:
            for k in sorted(set(obs.concealed)):
                after = list(own)
                after[k] -= 1
                if shanten_of(after, nm) == 0:
                    v = uper_verdict(_tiles(after), melds, seat=me, prevalent=obs.prevalent,
                                     wall_left=obs.wall_left, rules=rules)
                    a = Discard(k, uper=True)
                    legal.append(a)
                    if not v.legal and v.reason is not None:
                        notes[a] = v.reason
        decision = _View(obs, "turn", tuple(legal), notes)
    choices: set[Action] | None = None
    if offered is not None and decision is not None:
        choices = set(offered)
        decision = _View(obs, decision.kind, tuple(a for a in decision.legal if a in choices),
                         {a: n for a, n in decision.notes.items() if a in choices})
    if decision is not None and decision.legal:
        seat = HeuristicSeat(level)
        seat.tracker = tracker
        try:
            suggested = seat.act(decision)
            reason = seat.explain()
        except Exception as e:  # noqa: BLE001 - a hint must never break the table
            suggested, reason = None, NO_SUGGESTION(error=f"{type(e).__name__}: {e}")

    sug_tile = suggested.tile if isinstance(suggested, Discard) else None
    discards: list[DiscardHint] = []
    accepts: tuple[AcceptHint, ...] = ()
    waits: tuple[WaitHint, ...] = ()
    why: dict[int, Message] = {}
    plan: Message | None = None
    yaks: tuple[str, ...] = ()
    st_now = _status(obs, [], river, ud)
    if about_to_discard:
        s_now = shanten_of(own, nm)
        offered_tiles = None if choices is None else {a.tile for a in choices if isinstance(a, Discard)}
        for opt in acceptance(own, nm, visible=elsewhere):
            d = opt.discard
            if offered_tiles is not None and d not in offered_tiles:
                continue
            after = list(own)
            after[d] -= 1
            tiles = _tiles(after)
            seen = [elsewhere[k] + after[k] + (1 if k == d else 0) for k in range(NUM_PLAYING_KINDS)]
            wh: tuple[WaitHint, ...] = ()
            up_legal: bool | None = None
            up_reason: Message | None = None
            if opt.shanten == 0:
                st = _status(obs, shape_waits_of(tiles, melds), river + [d], ud)
                wh = _wait_hints(obs, tiles, melds, seen, rules, st)
                rs = any(w.self_draw_basic >= MIN_BASIC for w in wh)
                rd = any(not w.low_on_discard and w.blocked is None for w in wh)
                plan = PLANS["ready"]
                if concealed and not obs.uper[me]:
                    v = uper_verdict(tiles, melds, seat=me, prevalent=obs.prevalent,
                                     wall_left=obs.wall_left, rules=rules)
                    up_legal, up_reason = v.legal, v.reason
                if d == sug_tile or (sug_tile is None and not why):
                    why = _why_map(obs, tiles, melds, rules, st)
            else:
                pv = plan_value(after, melds, seat=me, prevalent=obs.prevalent,
                                unseen=[4 - x for x in seen], shanten=opt.shanten)
                rs, rd, plan = pv.self_draw_distance < INF, pv.discard_distance < INF, pv.plan
            discards.append(DiscardHint(
                d, opt.shanten, tuple(AcceptHint(k, u) for k, u in
                                      zip(opt.ukeire, opt.unseen_by_kind)),
                rs, rd, plan, wh, up_legal, up_reason, d == sug_tile))
        discards.sort(key=lambda x: (not x.suggested, x.shanten, -x.unseen))
        shanten = s_now
        lead = next((x for x in discards if x.shanten <= max(0, s_now)), None)
        if lead is not None and lead.waits:
            after = list(own)
            after[lead.tile] -= 1
            yaks = _best_yaks(obs, _tiles(after), melds, lead.waits, rules)
        if sug_tile is not None:
            after = list(own)
            after[sug_tile] -= 1
            st_now = _status(obs, shape_waits_of(_tiles(after), melds)
                             if shanten_of(after, nm) == 0 else (), river + [sug_tile], ud)
    else:
        acc = acceptance13(own, nm, visible=elsewhere)
        shanten = acc.shanten
        accepts = tuple(AcceptHint(k, u) for k, u in zip(acc.ukeire, acc.unseen_by_kind))
        tiles = list(obs.concealed)
        if shanten == 0:
            st_now = _status(obs, shape_waits_of(tiles, melds), river, ud)
            seen = [elsewhere[k] + own[k] for k in range(NUM_PLAYING_KINDS)]
            waits = _wait_hints(obs, tiles, melds, seen, rules, st_now)
            yaks = _best_yaks(obs, tiles, melds, waits, rules)
        else:
            plan = plan_value(own, melds, seat=me, prevalent=obs.prevalent,
                              unseen=[4 - (elsewhere[k] + own[k]) for k in range(NUM_PLAYING_KINDS)],
                              shanten=shanten).plan
        why = _why_map(obs, tiles, melds, rules, st_now)
    opponents = _danger_table(obs, tracker, sorted(set(obs.concealed)))
    sacred = SacredHint(tuple(r.message for r in st_now.reasons),
                        tuple((w, st_now.why_not(w)) for w in st_now.blocked),  # type: ignore[misc]
                        st_now.can_self_draw)
    return Hints(me, shanten, tuple(discards), accepts, waits, suggested, reason,
                 tuple(opponents), sacred, why, plan=plan, yaks=yaks)
