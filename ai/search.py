"""Worlds a seat may be in: the hand rebuilt from what one seat saw, hidden tiles dealt afresh.

A seat that searches (`ai.master`) must not read what it cannot see, so it never gets the
table. It keeps the events of the hand as they were shown to it (`HandView`) and rebuilds the
table from them (`sample_world`): the walls as the dice broke them, every tile it saw where it
saw it, every tile it did not see drawn from the tiles nobody showed it, and then every action
of the hand played again through the engine, so the world's flags, sacred discards and wall
are the engine's own.

The hidden tiles are dealt so that the world agrees with everything the seat saw:

* a tile an opponent showed (a discard, a meld, a flower) was dealt or drawn by him before he
  showed it; a discard of the tile just drawn, and a flower shown after a draw, was that draw;
* a player who declared uper holds a ready hand: his hand is built as a random complete shape
  less one tile (groups, pairs, or seven pairs), not dealt tile by tile, which would almost
  never be ready;
* then the actions are played again, and a world in which a player let a legal win go (a
  discard he could have won on, a self-drawn winning tile he threw away) is rejected: players
  do not do that, so the world is unlikely. This is the cheap part of weighting the worlds by
  what the discards and calls suggest (rejection by a likelihood of 0 or 1); the other
  evidence (what a player keeps or throws) is not weighed.

Everything is chosen from the caller's `random.Random` only, with the unseen tiles taken in
order of their ids: two tables that differ only in tiles the seat did not see give the same
worlds (tests/ai/test_master.py).

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> import random
>>> t = Table(RuleSet(), seed=5)
>>> view = HandView()
>>> for e in t.events:
...     view.observe(e.visible_to(0))
>>> w = sample_world(view, t.pending()[0], random.Random(1))
>>> w.observation(0) == t.observation(0), w.seat_state[1].concealed != t.seat_state[1].concealed
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.actions import (
    PASS,
    Action,
    AddedKong,
    ConcealedKong,
    Discard,
    Kong,
    Pung,
    Win,
)
from game.engine.errors import MahjongError
from game.engine.events import (
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    Event,
    FlowerShown,
    HandStarted,
    KongDeclared,
)
from game.engine.kinds import DecisionKind, DicePurpose
from game.engine.melds import CONCEALED_KONG
from game.engine.melds import KONG as KONG_MELD
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table
from game.engine.tiles import NUM_PLAYING_KINDS, is_flower_tile, kind_of_tile
from game.engine.wall import EMPTY, NUM_POSITIONS, Wall, absent_positions

__all__ = ["HandView", "WorldError", "ready_hand", "redeal_wall", "sample_world"]

#: worlds tried (each rejected one costs a replay) before `sample_world` gives up
MAX_TRIES = 24


class WorldError(Exception):
    """No world agreeing with the seat's view was found (the search is then skipped)."""


@dataclass
class _Slot:
    """One tile a seat received: from the live wall or the back wall, at event `time`."""

    seat: int
    live: bool
    time: int
    tile: int | None  # known: the viewing seat's own tiles; else filled by the sampler
    position: int  # where it lay in the wall


@dataclass
class _Shown:
    """A tile an opponent showed at event `time` (`exact`: the slot it must have come from)."""

    seat: int
    tile: int
    time: int
    exact: int | None = None


@dataclass
class HandView:
    """The events of the current hand as one seat saw them (feed it `observe`), read into what
    a world must agree with: the tiles each seat received, in order, the tiles the opponents
    showed, and the actions. `seat` is the seat whose own tiles it was shown."""

    seat: int = -1  # learnt from the deal (the one block whose tiles it sees)
    rules: dict = field(default_factory=dict)
    start: HandStarted | None = None
    dice: list[tuple[int, int]] = field(default_factory=list)
    slots: list[_Slot] = field(default_factory=list)
    shown: list[_Shown] = field(default_factory=list)
    #: (seat, action, event index): every choice the hand's events show
    actions: list[tuple[int, Action, int]] = field(default_factory=list)
    #: event index of each seat's uper discard (-1: none)
    uper_time: list[int] = field(default_factory=lambda: [-1] * 4)
    time: int = 0
    in_play: bool = False  # the first discard was made (the deal's flower round is over)

    def observe(self, event: Event) -> None:
        match event:
            case HandStarted():
                self.reset()
                self.start = event
                self.rules = dict(event.rules)
            case DiceRolled(faces=faces, purpose=purpose):
                if purpose == DicePurpose.BREAKER:
                    self.dice = [tuple(faces)]  # type: ignore[list-item]
                else:
                    self.dice.append(tuple(faces))  # type: ignore[arg-type]
            case Dealt(seat=s, tiles=tiles, positions=positions):
                if tiles is not None:
                    self.seat = s
                for i, pos in enumerate(positions):
                    self.slots.append(_Slot(s, True, self.time,
                                            tiles[i] if tiles is not None else None, pos))
            case Drew(seat=s, tile=t, position=pos, replacement=back):
                self.slots.append(_Slot(s, not back, self.time, t, pos))
            case FlowerShown(seat=s, tile=t) if s != self.seat:
                self._show(s, t, self._last_slot(s) if self.in_play else None)
            case Discarded(seat=s, tile=t, uper=up, drawn=drawn, auto=auto):
                self.in_play = True
                if s != self.seat:
                    self._show(s, t, self._last_slot(s) if drawn else None)
                if up:
                    self.uper_time[s] = self.time
                if not auto:
                    self.actions.append((s, Discard(kind_of_tile(t), uper=up), self.time))
            case Claimed(seat=s, meld=meld, tile=t, tiles=tiles):
                if s != self.seat:
                    for x in tiles:
                        if x != t:
                            self._show(s, x, None)
                self.actions.append((s, Kong() if meld == KONG_MELD else Pung(), self.time))
            case KongDeclared(seat=s, meld=meld, tiles=tiles):
                if s != self.seat:
                    for x in tiles:
                        self._show(s, x, None)
                k = kind_of_tile(tiles[0])
                a = ConcealedKong(k) if meld == CONCEALED_KONG else AddedKong(k)
                self.actions.append((s, a, self.time))
            case _:
                pass
        self.time += 1

    def reset(self) -> None:
        """Forget the hand (a new one starts; the seat is learnt again from its deal)."""
        self.seat = -1
        self.rules, self.start, self.dice = {}, None, []
        self.slots, self.shown, self.actions = [], [], []
        self.uper_time = [-1] * 4
        self.time = 0
        self.in_play = False

    def _last_slot(self, seat: int) -> int | None:
        for i in range(len(self.slots) - 1, -1, -1):
            if self.slots[i].seat == seat:
                return i
        return None

    def _show(self, seat: int, tile: int, exact: int | None) -> None:
        self.shown.append(_Shown(seat, tile, self.time, exact))


def ready_hand(avail: Sequence[int], size: int, rng: random.Random,
               tries: int = 200) -> list[int] | None:
    """`size` (3n+1) kinds forming a ready hand, drawn from the copies `avail` (per kind): a
    complete shape (groups and a pair, or seven pairs) less one random tile; None if none was
    found in `tries`.

    >>> from game.engine.hand.shanten import shanten
    >>> h = ready_hand([4] * 25, 13, random.Random(3))
    >>> c = [h.count(k) for k in range(25)]
    >>> len(h), shanten(c)
    (13, 0)
    """
    groups = (size - 1) // 3
    for _ in range(tries):
        left = list(avail)
        hand: list[int] = []
        ok = True
        if size == 13 and rng.random() < 0.08:
            kinds = [k for k in range(NUM_PLAYING_KINDS) if left[k] >= 2]
            if len(kinds) < 7:
                continue
            for k in rng.sample(kinds, 7):
                hand += [k, k]
        else:
            for _g in range(groups):
                if rng.random() < 0.3:
                    kinds = [k for k in range(NUM_PLAYING_KINDS) if left[k] >= 3]
                    if not kinds:
                        ok = False
                        break
                    k = rng.choice(kinds)
                    left[k] -= 3
                    hand += [k, k, k]
                else:
                    starts = [k for k in range(18) if k % 9 <= 6 and left[k] and left[k + 1]
                              and left[k + 2]]
                    if not starts:
                        ok = False
                        break
                    k = rng.choice(starts)
                    for j in (k, k + 1, k + 2):
                        left[j] -= 1
                    hand += [k, k + 1, k + 2]
            pairs = [k for k in range(NUM_PLAYING_KINDS) if left[k] >= 2]
            if not ok or not pairs:
                continue
            k = rng.choice(pairs)
            hand += [k, k]
        hand.pop(rng.randrange(len(hand)))
        hand.sort()
        return hand
    return None


def redeal_wall(world: Table, rng: random.Random) -> Table:
    """A copy of `world` with the tiles left in its wall laid in a new random order: the same
    hands, another wall. `sample_world` lays those tiles uniformly at random once the hands
    are dealt, so this is another world from the same distribution given the hands, for the
    price of a copy instead of a replay of the hand (the hands' part of the luck is shared:
    the master counts such worlds as one deal for its standard errors).

    >>> from game.engine.table import Table
    >>> from game.engine.rules import RuleSet
    >>> t = Table(RuleSet(), seed=5)
    >>> r = redeal_wall(t, random.Random(1))
    >>> r.seat_state[1].concealed == t.seat_state[1].concealed
    True
    >>> sorted(r.wall.remaining_ids()) == sorted(t.wall.remaining_ids()) != r.wall.remaining_ids()
    True
    """
    t = world.copy()
    ids = sorted(t.wall.remaining_ids())
    rng.shuffle(ids)
    t.wall = t.wall.refilled(ids)
    return t


def _legal_win(d: Decision) -> bool:
    return Win() in d.legal and Win() not in d.notes


def sample_world(view: HandView, decision: Decision, rng: random.Random,
                 tries: int = MAX_TRIES, deadline: float | None = None) -> Table:
    """A table agreeing with everything `view.seat` saw, at `decision` (which must be its
    open decision, the last thing it saw): see the module. Raises `WorldError` when `tries`
    worlds were all rejected (or the view cannot be rebuilt), or `deadline`
    (``time.perf_counter``) passed first."""
    if view.start is None or len(view.dice) != 2 or view.seat != decision.seat:
        raise WorldError("the hand's start was not seen")
    for _ in range(tries):
        if deadline is not None and time.perf_counter() > deadline:
            raise WorldError("out of time")
        t = _try_world(view, decision, rng, deadline)
        if t is not None:
            return t
    raise WorldError("every world tried was rejected")


def _try_world(view: HandView, decision: Decision, rng: random.Random,
               deadline: float | None = None) -> Table | None:
    me = view.seat
    start = view.start
    assert start is not None
    rules = RuleSet.from_dict(view.rules)
    slots = [s.tile for s in view.slots]
    owners = [s.seat for s in view.slots]
    # the tiles nobody showed this seat, in order of their ids (not of where they lay)
    seen = {t for t in slots if t is not None} | {s.tile for s in view.shown}
    every = list(range(100)) + ([100, 101, 102, 103] if rules.flowers else [])
    pool = [t for t in every if t not in seen]
    # shown tiles to the slots they came from: exact ones first, then by the time shown
    free: dict[int, list[int]] = {s: [i for i, o in enumerate(owners) if o == s and slots[i] is None]
                                  for s in range(4) if s != me}
    for sh in sorted(view.shown, key=lambda x: (x.exact is None, x.time)):
        if sh.exact is not None:
            if slots[sh.exact] is not None:
                return None
            slots[sh.exact] = sh.tile
            free[sh.seat].remove(sh.exact)
            continue
        early = [i for i in free[sh.seat] if view.slots[i].time < sh.time]
        if not early:
            return None
        i = rng.choice(early)
        slots[i] = sh.tile
        free[sh.seat].remove(i)
    # the deal's flower round shows each hand's flowers in the order they were received
    for s in sorted(free):
        at = sorted(i for i, t in enumerate(slots) if owners[i] == s and t is not None
                    and is_flower_tile(t))
        order = [sh.tile for sh in view.shown if sh.seat == s and is_flower_tile(sh.tile)]
        for i, t in zip(at, order):
            slots[i] = t
    plain = [t for t in pool if not is_flower_tile(t)]
    rng.shuffle(plain)
    # a player who declared uper holds a ready hand (the slots before his uper left free)
    for s in sorted(free):
        when = view.uper_time[s]
        if when < 0:
            continue
        mine = [i for i in free[s] if view.slots[i].time < when]
        if len(mine) % 3 != 1:
            return None  # a tile shown after the uper came from before it (a kong): not built
        avail = [0] * NUM_PLAYING_KINDS
        for x in plain:
            avail[kind_of_tile(x)] += 1
        hand = ready_hand(avail, len(mine), rng)
        if hand is None:
            return None
        for i, k in zip(mine, hand):
            x = next(x for x in plain if kind_of_tile(x) == k)
            plain.remove(x)
            slots[i] = x
            free[s].remove(i)
    it = iter(plain)
    for s in sorted(free):
        for i in free[s]:
            slots[i] = next(it)
    # the wall by position: every tile received where it lay, the rest of the unseen tiles
    # (flowers included) in the places nobody has drawn from yet
    at = [EMPTY] * NUM_POSITIONS
    for tid, sl in zip(slots, view.slots):
        assert tid is not None
        at[sl.position] = tid
    rest = sorted(set(every) - set(at))
    rng.shuffle(rest)
    first, second = view.dice
    absent = absent_positions(rules.flowers)
    probe = Wall.build([EMPTY if p in absent else 0 for p in range(NUM_POSITIONS)], first, second)
    order = [probe.draw_live()[1] for _ in range(probe.remaining)]
    fill = iter(rest)
    head = [at[p] if at[p] != EMPTY else next(fill) for p in order]
    try:
        table = Table(rules, seed=rng.getrandbits(48), prevalent=start.prevalent,
                      doubled=start.doubled, wall=head, dice=view.dice,
                      hand=start.hand, players=start.players, scores=start.scores)
        return table if _replay(table, view, decision, deadline) else None
    except (MahjongError, ValueError, AssertionError, StopIteration):
        return None


def _replay(table: Table, view: HandView, decision: Decision,
            deadline: float | None = None) -> bool:
    """Play the view's actions again on `table` up to `decision`; False: the world disagrees
    with what was seen (or a player would have let a legal win go). Raises `WorldError` once
    `deadline` has passed (a replay costs several lean playouts: the budget must hold)."""
    me = view.seat
    actions = view.actions
    n = 0
    action: Action
    while True:
        if deadline is not None and time.perf_counter() > deadline:
            raise WorldError("out of time")
        pending = table.pending()
        if not pending:
            return False
        if n == len(actions):
            mine = pending.get(me)
            if mine is not None and mine.observation == decision.observation:
                return set(mine.legal) == set(decision.legal)
            s, action = -1, PASS  # passes (never shown) and automatic discards may follow
        else:
            s, action, _ = actions[n]
        d = pending.get(s)
        if d is not None and action in d.legal:
            if s != me and _legal_win(d) and not isinstance(action, Win):
                return False  # he would have won
            # the other claimants passed (their answers were not shown)
            for q, other in pending.items():
                if q != s and other.kind in (DecisionKind.CLAIM, DecisionKind.ROB):
                    if q != me and _legal_win(other):
                        return False
                    table.submit(q, PASS)
            table.submit(s, action)
            n += 1
            continue
        # nobody's shown action is open: every open decision was passed
        for q, other in pending.items():
            if PASS not in other.legal:
                return False
            if q != me and _legal_win(other):
                return False
            table.submit(q, PASS)
