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

Further worlds can be dealt from a replayed one without a replay (`derive_world`): the
opponents' hidden tiles and the wall dealt again in place, an uper player's ready hand kept, and
the new deal checked against the view by a pass over the events (a winning shape an opponent
let go), replayed only where that pass finds one: the same distribution, given the replayed
world's placement of the shown tiles and its uper hands. Measured (bench_master --samplers), it
does not pay in the search: the replay is a fifth to a third of a world's cost, and what it
saves comes back in the playouts (the replay had filled the engine's caches for the world's
hands), so `Search.derive` is off.

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
from game.engine.hand.shanten import is_complete
from game.engine.kinds import PLAYS, DecisionKind, DicePurpose
from game.engine.melds import CONCEALED_KONG
from game.engine.melds import KONG as KONG_MELD
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table
from game.engine.tiles import NUM_PLAYING_KINDS, is_flower_tile, kind_of_tile
from game.engine.wall import EMPTY, NUM_POSITIONS, Wall, absent_positions

__all__ = ["SAMPLER", "Base", "HandView", "SamplerStats", "WorldError", "derive_world", "derived_head",
           "ready_hand",
           "redeal_wall", "sample_base", "sample_world"]

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
    return sample_base(view, decision, rng, tries, deadline).table


def sample_base(view: HandView, decision: Decision, rng: random.Random,
                tries: int = MAX_TRIES, deadline: float | None = None) -> Base:
    """`sample_world`'s world with what `derive_world` needs to deal further worlds from it."""
    if view.start is None or len(view.dice) != 2 or view.seat != decision.seat:
        raise WorldError("the hand's start was not seen")
    for _ in range(tries):
        if deadline is not None and time.perf_counter() > deadline:
            raise WorldError("out of time")
        SAMPLER.replays += 1
        b = _try_world(view, decision, rng, deadline)
        if b is not None:
            return b
        SAMPLER.rejected += 1
    raise WorldError("every world tried was rejected")


@dataclass
class Base:
    """A world sampled by replaying the hand (`sample_base`): its `table` at the decision, the
    wall it was dealt from (`head`, live order) and the table's `seed`, kept so that
    `derive_world` can deal further worlds from it and check them exactly."""

    table: Table
    head: list[int]
    seed: int


@dataclass
class SamplerStats:
    """Worlds made by this process (the bench and the tests read it): `replays` (hands
    replayed through the engine, `rejected` of them), `derived` (worlds dealt from a replayed
    one, `derive_world`), `checked` of those replayed because an opponent might have passed a
    win, `refused` of those because he could (the derived world was not used)."""

    replays: int = 0
    rejected: int = 0
    derived: int = 0
    checked: int = 0
    refused: int = 0


#: every world sampled in this process
SAMPLER = SamplerStats()


def derive_world(base: Base, view: HandView, decision: Decision, rng: random.Random,
                 deadline: float | None = None) -> Table | None:
    """Another world from the distribution `sample_world` samples, dealt from `base` for the
    price of a copy and a pass over the events instead of a replay of the hand; None where it
    cannot be (then replay): at a claim (the others' offers come from their hands), when no
    opponent's hand may be dealt again, or when the new deal disagrees with the view.

    How: every opponent who has not declared uper gets his concealed tiles dealt again, with
    the wall, from the tiles the seat cannot see (`Table.resample_hidden`); an uper player's
    ready hand is kept. The tiles an opponent showed stay where `base` placed them in his
    history, and his new hidden tiles take the places of his old ones (in a random order), so
    the new deal is a whole history, exactly as `sample_world` would deal it given those
    placements and the uper hands. `sample_world` rejects a history in which somebody let a
    legal win go; the derived one is checked the same way: a pass over the events finds every
    moment where an opponent's new hand was a winning shape with a tile he did not win on
    (a draw he threw, another's discard or added kong), and only then is the new history
    replayed through the engine, which decides whether the win was legal (points, sacred
    discard). So a derived world is drawn from the replay's own distribution conditioned on
    `base`'s placements and uper hands: no bias, only a likeness to `base` (the master counts
    the worlds of one base as one cluster when an uper hand was kept)."""
    got = _derive(base, view, decision, rng)
    if got is None:
        return None
    t, sigma, flagged = got
    SAMPLER.derived += 1
    if flagged:
        SAMPLER.checked += 1
        if _build(view, decision, derived_head(base, t, sigma), base.seed, deadline) is None:
            SAMPLER.refused += 1
            return None
    return t


def _derive(base: Base, view: HandView, decision: Decision, rng: random.Random
            ) -> tuple[Table, dict[int, int], bool] | None:
    """`derive_world`'s new deal unchecked: the table, the opponents' tiles as they changed
    (old id -> new id, his places kept) and whether a pass over the events found a win an
    opponent might have let go (None: no deal can be derived here)."""
    me = view.seat
    table = base.table
    if decision.kind not in PLAYS or set(table.pending()) != {me}:
        return None
    keep = tuple(s for s in range(4) if s != me and view.uper_time[s] >= 0)
    others = [s for s in range(4) if s != me and s not in keep]
    if not others:
        return None
    old = {s: table.seat_state[s].concealed for s in others}
    if any(is_flower_tile(x) for hand in old.values() for x in hand):
        return None
    try:
        t = table.resample_hidden(me, rng, keep=keep)
    except ValueError:
        return None
    sigma: dict[int, int] = {}
    for s in others:
        new = list(t.seat_state[s].concealed)
        rng.shuffle(new)  # which of his places each new tile took
        sigma.update(zip(old[s], new))
    return t, sigma, _might_have_won(table.events, sigma, others)


def derived_head(base: Base, derived: Table, sigma: dict[int, int]) -> list[int]:
    """The wall (live order) that deals `derived`'s history: `base`'s, with the opponents' new
    tiles in their old places and the derived wall's tiles where `base`'s wall still lay."""
    hidden = set(base.table.wall.remaining_ids())
    wall = iter(derived.wall.remaining_ids())
    return [sigma[x] if x in sigma else next(wall) if x in hidden else x for x in base.head]


def _might_have_won(events: Sequence[Event], sigma: dict[int, int],
                    seats: Sequence[int]) -> bool:
    """Whether one of `seats`, its tiles received changed by `sigma`, held a winning shape at a
    moment of `events` where it did not win: before one of its own discards or kongs (a
    self-drawn win let go), or with another's discard or added kong (a win on it passed).
    Cheap (the hands' counts only); a True is decided by replaying the hand."""
    counts = {s: [0] * NUM_PLAYING_KINDS for s in seats}

    def add(s: int, tiles: Sequence[int]) -> None:
        c = counts[s]
        for x in tiles:
            x = sigma.get(x, x)
            if not is_flower_tile(x):
                c[kind_of_tile(x)] += 1

    def take(s: int, tiles: Sequence[int]) -> None:
        c = counts[s]
        for x in tiles:
            if not is_flower_tile(x):
                c[kind_of_tile(x)] -= 1

    def offered(by: int, tile: int) -> bool:
        k = kind_of_tile(tile)
        for q, c in counts.items():
            if q != by and sum(c) % 3 == 1:
                c[k] += 1
                won = is_complete(c)
                c[k] -= 1
                if won:
                    return True
        return False

    for e in events:
        match e:
            case Dealt(seat=s, tiles=tiles) if s in counts and tiles is not None:
                add(s, tiles)
            case Drew(seat=s, tile=x) if s in counts and x is not None:
                add(s, (x,))
            case Discarded(seat=s, tile=x):
                if s in counts:
                    if is_complete(counts[s]):
                        return True
                    take(s, (x,))
                if offered(s, x):
                    return True
            case Claimed(seat=s, tile=x, tiles=tiles) if s in counts:
                take(s, [y for y in tiles if y != x])
            case KongDeclared(seat=s, tiles=tiles):
                if s in counts:
                    if is_complete(counts[s]):
                        return True
                    take(s, tiles)
                if offered(s, tiles[0]):  # robbing (a concealed kong too, to be safe)
                    return True
            case _:
                pass
    return False


def _try_world(view: HandView, decision: Decision, rng: random.Random,
               deadline: float | None = None) -> Base | None:
    head = _deal(view, rng)
    if head is None:
        return None
    seed = rng.getrandbits(48)
    table = _build(view, decision, head, seed, deadline)
    return None if table is None else Base(table, head, seed)


def _deal(view: HandView, rng: random.Random) -> list[int] | None:
    """The whole wall in live order (the first tiles dealt first) for one world: the tiles the
    seat saw where it saw them, the hidden ones dealt as the module says (None: the shown
    tiles cannot be placed)."""
    me = view.seat
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
    return head


def _build(view: HandView, decision: Decision, head: list[int], seed: int,
           deadline: float | None = None) -> Table | None:
    """The world dealt from `head` (the wall in live order), its actions played again up to
    `decision` (None: it disagrees with what the seat saw)."""
    start = view.start
    assert start is not None
    try:
        table = Table(RuleSet.from_dict(view.rules), seed=seed, prevalent=start.prevalent,
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
