"""Uper (엎어) timing practice: a ready position, three choices, and playouts that compare them.

`generate_position(seed)` plays a seeded table forward with AI seats until the target seat is
about to discard with a ready hand (a discard leaves it waiting) at the chosen stage of the hand.
`practice_options(position)` offers

* ``uper``: declare uper with the ready discard (refused before it is made, with the engine's
  reason, when the rules forbid it: not concealed, too few wall tiles, a wait worth 1 point by
  discard; with ``rules.strict_table`` it may be committed and the engine's penalty applies);
* ``silent``: the same discard without the declaration (the hand stays free: it keeps the best
  ready shape and never declares later in the playout);
* ``fold``: discard the safest tile now and keep defending.

`compare_options(position)` plays each option out many times from the same state: the tiles the
player cannot see (the other hands and the wall) are re-dealt uniformly for every playout by
the engine (`Table.resample_hidden`), the same re-deal for every option (common random
numbers, so the difference between options is measured with less noise). An opponent who declared uper keeps
his hand (a uniform re-deal would not be ready). The player's own continuation is the playout
policy (`PlayoutSeat`: "silent" keeps the widest ready shape and never declares, "fold" throws
the safest tile every turn). The opponents are the heuristic AI, ``ai:standard``, by default
(`DEFAULT_OPPONENTS`; the result says who played: `Comparison.played_by`);
``opponents="fast"`` uses `PlayoutSeat("push")` instead (shanten-greedy, exact stem-pattern
defence against uper players, uper when legal), about 5 times faster. The result per option:
win %, average points, deal-in %, with 95 % intervals.

Why the AI seats: the fast policy picks the same best option nearly always but is biased where
the lesson is (it overrates declaring uper); `python tools/playout_agreement.py` measures
it, the figures are in docs/benchmarks.md ("The fast playouts against the AI seats"). The
playouts are spread over the cores (`workers`, `concurrent.futures` processes, each playout
seeded by its own index so the result does not depend on the number of workers;
`bench/bench_playouts.py` times them).

`PracticeGame` is a table against AI seats with undo back to the player's previous decision
(rebuilt from the seed and the actions).

>>> pos = generate_position(3, stage="any")
>>> pos.decision.kind, len(pos.observation.concealed) % 3
('turn', 2)
>>> [o.key for o in practice_options(pos)]
['uper', 'silent', 'fold']
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import PASS, PUNG, WIN, Action, Discard
from game.engine.driver import ActionLog, HandDriver
from game.engine.hand.shanten import shanten as shanten_of
from game.engine.hand.shanten import waits as shape_waits
from game.engine.kinds import OFFERS, PLAYS, DecisionKind, WinHow
from game.engine.messages import INT, MSG, SEAT, TILE, TILES, Message, define
from game.engine.observation import Observation
from game.engine.replay import rebuild_hand
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table
from game.engine.tiles import (
    DRAGONS,
    NUM_PLAYING_KINDS,
    format_tiles,
    is_honour,
    is_major,
    rank,
    seat_name,
    stem,
    tile_str,
    to_counts,
    wind_of_seat,
)

__all__ = [
    "DEFAULT_OPPONENTS",
    "STAGES",
    "Comparison",
    "OptionResult",
    "PlayoutSeat",
    "Position",
    "PracticeGame",
    "PracticeOption",
    "compare_options",
    "default_workers",
    "generate_position",
    "opponents_label",
    "playout_outcomes",
    "position_from_table",
    "practice_options",
    "redeal_hidden",
    "warm_up",
]

#: who plays the playouts unless told otherwise (see the module for the measured agreement)
DEFAULT_OPPONENTS = "ai:standard"

#: stage of the hand -> (min, max) live wall tiles left at the position
STAGES: dict[str, tuple[int, int]] = {
    "early": (30, 99), "middle": (15, 29), "late": (0, 14), "any": (0, 99)}

_STEMS = tuple(frozenset(stem(k)) for k in range(NUM_PLAYING_KINDS))  # honours: empty


# ---------------------------------------------------------------------------- positions
POSITION = define("practice.describe_position", "{seat} hand {tiles}, wall {wall}, ready by discarding "
                  "{tile}", seat=SEAT, tiles=TILES, wall=INT, tile=TILE)


@dataclass
class Position:
    """A practice position: the table rebuilt from (rules, seed, actions), the player's seat,
    and the ready discards (kinds that leave the hand waiting)."""

    rules: RuleSet
    seed: int
    seat: int
    actions: tuple[tuple[int, Action], ...]
    ready_discards: tuple[int, ...]
    ready_discard: int  # the suggested one (most live wait tiles)
    _table: Table | None = field(default=None, repr=False)

    @property
    def table(self) -> Table:
        """The table at the position (rebuilt once; copy it before playing on)."""
        if self._table is None:
            self._table = replay_actions(self.rules, self.seed, self.actions)
        return self._table

    @property
    def decision(self) -> Decision:
        return self.table.pending()[self.seat]

    @property
    def observation(self) -> Observation:
        return self.table.observation(self.seat)

    def describe(self) -> Message:
        """'E hand 123m..., wall 40, ready by discarding 7p' (a Message)."""
        obs = self.observation
        return POSITION(seat=self.seat, tiles=obs.concealed, wall=obs.wall_left,
                        tile=self.ready_discard)


def replay_actions(rules: RuleSet, seed: int, actions: Sequence[tuple[int, Action]]) -> Table:
    """A table from its seed with these (seat, action) played in order (the engine's
    `rebuild_hand`; a refused one raises its `RebuildError`)."""
    return rebuild_hand(Table(rules, seed), actions).table


def _ready_discards(d: Decision) -> tuple[int, ...]:
    ks = {a.tile for a in (*d.legal, *d.notes) if isinstance(a, Discard) and a.uper}
    return tuple(sorted(ks))


def _live_waits(obs: Observation, d: int) -> tuple[int, int]:
    """(live wait copies the player can count, number of waits) after discarding kind d."""
    c = to_counts(obs.concealed)
    c[d] -= 1
    w = shape_waits(c)
    seen = [0] * NUM_PLAYING_KINDS
    for river in obs.rivers:
        for x in river:
            seen[x.tile] += 1
    for melds in obs.melds:
        for m in melds:
            seen[m.tile] += m.size
    seen[d] += 1
    live = sum(max(0, 4 - c[k] - seen[k]) for k in w)
    return live, len(w)


def position_from_table(table: Table, seat: int) -> Position:
    """A practice position from a live table where `seat` is about to discard with a ready
    hand (e.g. a rigged scenario, or the player's own game). The table is used as it is."""
    d = table.pending().get(seat)
    if d is None or d.kind not in PLAYS:
        raise ValueError(f"seat {seat_name(seat)} has no discard to make now")
    ready = _ready_discards(d)
    if not ready:
        obs = table.observation(seat)
        c = to_counts(obs.concealed)
        melds = len(obs.melds[seat])
        ready = tuple(k for k in range(NUM_PLAYING_KINDS) if c[k] and _shanten_after(c, k, melds) == 0)
    if not ready:
        raise ValueError(f"seat {seat_name(seat)} has no discard that leaves the hand ready")
    legal_up = [k for k in ready if Discard(k, True) in d.legal and Discard(k, True) not in d.notes]
    obs = table.observation(seat)
    best = max(ready, key=lambda k: (k in legal_up, *_live_waits(obs, k)))
    return Position(table.rules, table.seed, seat, (), ready, best, table)


def _shanten_after(c: list[int], k: int, melds: int) -> int:
    c[k] -= 1
    try:
        return shanten_of(c, melds)
    finally:
        c[k] += 1


def _mk_seats(level: str, seed: int) -> list[Any]:
    from ai.registry import make_seat
    return [make_seat(level, seed=seed * 4 + i) for i in range(4)]


def generate_position(seed: int, *, rules: RuleSet | None = None, seat: int | None = None,
                      stage: str = "middle", level: str = "ai:standard",
                      want: str = "any", max_tries: int = 200) -> Position:
    """A seeded practice position (see the module). `want`: "any", "legal" (uper allowed)
    or "illegal" (uper refused: the lesson is the reason)."""
    if stage not in STAGES:
        raise ValueError(f"stage must be one of {', '.join(STAGES)}, got {stage!r}")
    if want not in ("any", "legal", "illegal"):
        raise ValueError(f"want must be any, legal or illegal, got {want!r}")
    rules = rules or RuleSet()
    lo, hi = STAGES[stage]
    rng = random.Random(f"practice/{seed}")
    for _ in range(max_tries):
        table_seed = rng.getrandbits(40)
        target = seat if seat is not None else rng.randrange(4)
        t = Table(rules, table_seed)
        seats = _mk_seats(level, table_seed)
        log = ActionLog()
        driver = HandDriver(t, seats, later={target}, listeners=[log])
        while waiting := driver.step():
            d = waiting[target]
            if d.kind == DecisionKind.TURN:
                ready = _ready_discards(d)
                if ready and lo <= t.wall.remaining <= hi:
                    legal_up = [k for k in ready if Discard(k, True) not in d.notes]
                    if want == "any" or (want == "legal") == bool(legal_up):
                        obs = d.observation
                        best = max(ready, key=lambda k: (k in legal_up, *_live_waits(obs, k)))
                        return Position(rules, table_seed, target, tuple(log.actions),
                                        ready, best, t)
            a = seats[target].act(d)
            if isinstance(a, Discard) and a.uper:
                a = Discard(a.tile)  # the player decides uper, not the AI before him
            driver.answer(target, a)
    raise ValueError(f"no {stage} ready position found in {max_tries} hands (seed {seed})")


# ---------------------------------------------------------------------------- options
NOT_OFFERED = define("practice.uper_not_offered", "uper is not offered here")
STRICT_PENALTY = define("practice.strict_penalty",
                        "{why} (strict table: you may declare it and take the penalty)", why=MSG)
FOLD_NOTE = define("practice.fold_note", "discard {tile}, the safest tile, and keep defending",
                   tile=TILE)


@dataclass(frozen=True)
class PracticeOption:
    """One choice at the position. `available`: may be played (an illegal uper only on a
    strict table); `reason`: why the rules forbid it (the lesson), or a note."""

    key: str  # "uper", "silent" or "fold"
    action: Action
    available: bool
    legal: bool
    reason: Message | None = None

    @property
    def label(self) -> str:
        return {"uper": "declare uper", "silent": "stay silent", "fold": "fold"}[self.key]


def _safety(obs: Observation, k: int) -> tuple[int, int]:
    """(uper players k is exactly safe against, other players k is safe against), from what
    the seat of `obs` sees."""
    su = so = 0
    for o in range(4):
        if o == obs.seat:
            continue
        safe = False
        for x in obs.rivers[o]:
            xk = x.tile
            if xk == k or k in _STEMS[xk]:
                safe = True
                break
        if safe:
            if obs.uper[o]:
                su += 1
            else:
                so += 1
    return su, so


def _fold_kind(obs: Observation, kinds: Sequence[int]) -> int:
    """The safest kind: exact safety against uper players first, then against the others,
    then honours with many copies visible, then terminals."""
    uper = sum(1 for o in range(4) if o != obs.seat and obs.uper[o])
    seen = [0] * NUM_PLAYING_KINDS
    for river in obs.rivers:
        for x in river:
            seen[x.tile] += 1

    def key(k: int) -> tuple:
        su, so = _safety(obs, k)
        honour = is_honour(k)
        edge = (not honour) and is_major(k)
        return (su if uper else 0, so, honour and seen[k], honour, edge, -abs(rank(k) - 5))
    return max(kinds, key=key)


def practice_options(position: Position, discard: int | None = None) -> list[PracticeOption]:
    """Declare uper, stay silent, fold (see the module). `discard`: which ready discard the
    uper and silent options use (default: the position's suggested one)."""
    d = position.decision
    k = position.ready_discard if discard is None else discard
    if k not in position.ready_discards:
        raise ValueError(f"discarding {tile_str(k)} does not leave the hand ready; ready "
                         f"discards: {format_tiles(position.ready_discards)}")
    up = Discard(k, uper=True)
    why = d.notes.get(up)
    if why is None and up not in d.legal:
        why = NOT_OFFERED()
    legal = up in d.legal and why is None
    available = up in d.legal
    if available and why is not None:
        why = STRICT_PENALTY(why=why)
    kinds = sorted({a.tile for a in d.legal if isinstance(a, Discard) and not a.uper})
    fold = _fold_kind(position.observation, kinds)
    return [
        PracticeOption("uper", up, available, legal, why),
        PracticeOption("silent", Discard(k), True, True),
        PracticeOption("fold", Discard(fold), True, True, FOLD_NOTE(tile=fold)),
    ]


# ---------------------------------------------------------------------------- playout seats
class PlayoutSeat:
    """A fast playout policy that reads only its decision (its observation and legal actions).
    `mode`: "push" (an opponent: shanten-greedy, uper when legal with 12+ tiles left, pungs of
    value honours, exact stem-pattern defence against uper players when not ready), "silent"
    (the player's free ready hand: keeps the widest ready shape, never declares), "fold" (the
    safest tile every turn). Every mode wins whenever the engine allows."""

    name = "playout"

    def __init__(self, mode: str = "push"):
        if mode not in ("push", "silent", "fold"):
            raise ValueError(f"unknown playout mode {mode!r}")
        self.mode = mode

    def observe(self, event: Any) -> None:
        return None

    def explain(self) -> str:
        return f"playout policy ({self.mode})"

    def act(self, d: Decision) -> Action:
        legal = d.legal
        if WIN in legal and WIN not in d.notes:
            return WIN
        obs = d.observation
        s = d.seat
        if d.kind in OFFERS:
            if self.mode == "push" and PUNG in legal and obs.last_discard is not None:
                k = obs.last_discard[1]
                if k in DRAGONS or k == wind_of_seat(s):
                    return PUNG
            return PASS
        discards = [a for a in legal if type(a) is Discard and not a.uper]
        if obs.uper[s] or len(discards) == 1:
            return discards[0]
        kinds = [a.tile for a in discards]
        if self.mode == "fold":
            return Discard(_fold_kind(obs, kinds))
        c = to_counts(obs.concealed)
        nm = len(obs.melds[s])
        sh = {}
        for k in kinds:
            c[k] -= 1
            sh[k] = shanten_of(c, nm)
            c[k] += 1
        low = min(sh.values())
        if self.mode == "silent" and low == 0:
            best, width = kinds[0], -1
            for k in kinds:
                if sh[k]:
                    continue
                c[k] -= 1
                w = sum(4 - c[x] for x in shape_waits(c))
                c[k] += 1
                if w > width:
                    best, width = k, w
            return Discard(best)
        cands = [k for k in kinds if sh[k] == low]
        uper_others = sum(1 for o in range(4) if o != s and obs.uper[o])
        if self.mode == "push" and low >= 1 and uper_others:
            safe = [k for k in kinds if _safety(obs, k)[0] == uper_others]
            if safe:
                return Discard(min(safe, key=lambda k: (sh[k], _isolation(c, k))))
        k = min(cands, key=lambda k: _isolation(c, k))
        if self.mode == "push" and low == 0 and obs.wall_left >= 12:
            up = Discard(k, uper=True)
            if up in legal and up not in d.notes:
                return up
        return Discard(k)


def _isolation(c: Sequence[int], k: int) -> tuple:
    """Lower = better to throw: lone honours, then lone terminals, then loose suit tiles."""
    if is_honour(k):
        return (0, c[k])
    r = rank(k)
    near = sum(c[k + d] for d in (-2, -1, 1, 2) if 1 <= r + d <= 9)
    return (1 + (not is_major(k)), c[k] + near)


# ---------------------------------------------------------------------------- playouts
def redeal_hidden(t: Table, seat: int, rng: random.Random) -> Table:
    """`t` with every tile `seat` cannot see dealt again, uniformly (the engine's
    `Table.resample_hidden`): the other seats' concealed hands and the wall. Players who
    declared uper keep their hands (a uniform deal would not make them ready)."""
    uper = [s for s, up in enumerate(t.observation(seat).uper) if up]
    return t.resample_hidden(seat, rng, keep=uper)


@dataclass(frozen=True)
class OptionResult:
    """Playout statistics of one option for the player's seat."""

    key: str
    playouts: int
    wins: int
    deal_ins: int
    points_sum: float
    points_sq: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.playouts if self.playouts else 0.0

    @property
    def mean_points(self) -> float:
        return self.points_sum / self.playouts if self.playouts else 0.0

    @property
    def points_ci(self) -> tuple[float, float]:
        """95 % interval of the average points (normal approximation)."""
        n = self.playouts
        if n < 2:
            return (self.mean_points, self.mean_points)
        var = max(0.0, (self.points_sq - n * self.mean_points ** 2) / (n - 1))
        h = 1.96 * math.sqrt(var / n)
        return (self.mean_points - h, self.mean_points + h)

    @property
    def win_ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.playouts)

    @property
    def deal_in_ci(self) -> tuple[float, float]:
        return wilson(self.deal_ins, self.playouts)

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "playouts": self.playouts, "win_rate": self.win_rate,
                "win_ci": self.win_ci, "mean_points": self.mean_points,
                "points_ci": self.points_ci, "deal_in_rate": self.deal_in_rate,
                "deal_in_ci": self.deal_in_ci}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Comparison:
    """Every option's playout result, side by side, and the best one (highest average
    points). `offered` lists every option with its availability (an illegal uper is there
    with its reason but was not played out unless the table is strict)."""

    position: Position
    offered: tuple[PracticeOption, ...]
    results: tuple[OptionResult, ...]
    seconds: float
    opponents: str = "fast"
    workers: int = 1

    @property
    def played_by(self) -> str:
        """Who played the playouts, for the player to read."""
        return opponents_label(self.opponents)

    @property
    def best(self) -> OptionResult:
        return max(self.results, key=lambda r: r.mean_points)

    def result(self, key: str) -> OptionResult | None:
        for r in self.results:
            if r.key == key:
                return r
        return None

    def cost(self, key: str) -> float:
        """Expected points lost by choosing `key` instead of the best option."""
        r = self.result(key)
        if r is None:  # not playable: as bad as the worst option played
            return self.best.mean_points - min(x.mean_points for x in self.results)
        return self.best.mean_points - r.mean_points


def opponents_label(kind: str) -> str:
    """The opponents of a playout kind in words.

    >>> opponents_label("fast"), opponents_label("ai:standard")
    ('fast playout policy opponents', 'ai:standard opponents')
    """
    return "fast playout policy opponents" if kind == "fast" else f"{kind} opponents"


def _outcome(t: Table, seat: int) -> tuple[bool, bool, int]:
    r = t.result
    assert r is not None
    win = any(w.seat == seat for w in r.winners)
    deal_in = any(w.from_seat == seat and w.how != WinHow.SELF_DRAW for w in r.winners)
    return win, deal_in, r.payments[seat]


def _opponents(kind: str, base: Table, seed: int) -> list[Any]:
    """The playout's seats (the player's is replaced), shown the position's events."""
    if kind == "fast":
        return [PlayoutSeat("push") for _ in range(4)]
    seats = _mk_seats(kind, seed)
    for s in range(4):
        for e in base.events:
            seats[s].observe(e.visible_to(s))
    return seats


_MODE = {"uper": "silent", "silent": "silent", "fold": "fold"}


def _playout(base: Table, seat: int, key: str, action: Action, deal_seed: str, i: int,
             opponents: str) -> tuple[bool, bool, int]:
    """One playout of one option: (won, dealt in, points of the player's seat). Everything
    random in it comes from `deal_seed` (the re-deal) and `i` (the AI seats' seeds), so a
    playout gives the same result in any process."""
    t = redeal_hidden(base, seat, random.Random(deal_seed))
    seats = _opponents(opponents, t, i)
    seats[seat] = PlayoutSeat(_MODE[key])
    t.submit(seat, action)
    # the opponents were shown the position's events (the option's own events are not shown)
    HandDriver(t, seats, seen=len(t.events), observe=opponents != "fast").run()
    return _outcome(t, seat)


def _deal_seed(seed: int, position: Position, i: int) -> str:
    return f"{seed}/{position.seed}/{i}"


def _run_chunk(base: Table, seat: int, play: Sequence[tuple[str, Action]], seeds: Sequence[str],
               indices: Sequence[int], opponents: str) -> list[tuple[str, bool, bool, int]]:
    """Playouts `indices` of every option in `play` (in a worker process or not): one
    (key, won, dealt in, points) per playout and option, in order."""
    out = []
    for i, deal_seed in zip(indices, seeds):
        for key, action in play:
            out.append((key, *_playout(base, seat, key, action, deal_seed, i, opponents)))
    return out


def playout_outcomes(position: Position, indices: Sequence[int], *, seed: int = 0,
                     opponents: str = DEFAULT_OPPONENTS, keys: Sequence[str] | None = None,
                     discard: int | None = None) -> dict[str, list[tuple[bool, bool, int]]]:
    """The single playouts behind `compare_options`: option key -> one (won, dealt in, points)
    per playout index, the same ones `compare_options` sums (for paired comparisons, e.g.
    `tools/playout_agreement.py`)."""
    play = [(o.key, o.action) for o in practice_options(position, discard)
            if o.available and (keys is None or o.key in keys)]
    out: dict[str, list[tuple[bool, bool, int]]] = {k: [] for k, _ in play}
    rows = _run_chunk(position.table, position.seat, play,
                      [_deal_seed(seed, position, i) for i in indices], indices, opponents)
    for key, won, dealt_in, points in rows:
        out[key].append((won, dealt_in, points))
    return out


_POOLS: dict[int, Any] = {}


def _pool(workers: int) -> Any:
    """A process pool kept for the session (started with "spawn": safe from a thread of a
    pygame program; the first use pays the workers' start-up)."""
    ex = _POOLS.get(workers)
    if ex is None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        ex = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        _POOLS[workers] = ex
    return ex


def warm_up(workers: int | None = None) -> bool:
    """Start the worker processes now (e.g. when the practice screen opens) so that the first
    comparison does not pay their start-up. False when they cannot start (the comparisons
    then run in this process)."""
    n = default_workers() if workers is None else workers
    if n <= 1:
        return True
    try:
        ex = _pool(n)
        for f in [ex.submit(_ping) for _ in range(n)]:
            f.result()
    except (BrokenProcessPool, OSError):
        _drop_pool(n)
        return False
    return True


def _drop_pool(workers: int) -> None:
    ex = _POOLS.pop(workers, None)
    if ex is not None:
        ex.shutdown(wait=False, cancel_futures=True)


def _ping() -> int:
    import ai.heuristic  # noqa: F401 - import the AI in the worker before it is timed
    return 0


def default_workers() -> int:
    """Worker processes for `compare_options` by default: every core, at most 4."""
    import os
    return max(1, min(4, os.cpu_count() or 1))


def compare_options(position: Position, playouts: int = 200, *, seed: int = 0,
                    opponents: str = DEFAULT_OPPONENTS, keys: Sequence[str] | None = None,
                    discard: int | None = None,
                    progress: Callable[[int, int], None] | None = None,
                    workers: int | None = None) -> Comparison:
    """Play every available option out `playouts` times (see the module). `keys` limits the
    options played; `discard` picks the ready discard; `progress(done, total)` is called
    as playouts finish (for a progress bar); `workers`: processes to spread the playouts over
    (None: `default_workers()`; 1: in this process; when the processes cannot start the
    playouts run here). The result does not depend on `workers`: every playout is seeded by
    its own index."""
    if playouts < 1:
        raise ValueError(f"playouts must be at least 1, got {playouts}")
    n_workers = default_workers() if workers is None else workers
    if n_workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    t0 = time.perf_counter()
    base = position.table
    seat = position.seat
    offered = practice_options(position, discard)
    play = [(o.key, o.action) for o in offered
            if o.available and (keys is None or o.key in keys)]
    acc = {k: [0, 0, 0, 0] for k, _ in play}
    total = playouts * len(play)
    done = 0

    def add(rows: Sequence[tuple[str, bool, bool, int]]) -> None:
        nonlocal done
        for key, win, deal_in, pts in rows:
            a = acc[key]
            a[0] += win
            a[1] += deal_in
            a[2] += pts
            a[3] += pts * pts
        done += len(rows)
        if progress is not None:
            progress(done, total)

    seeds = [_deal_seed(seed, position, i) for i in range(playouts)]
    if n_workers == 1 or not play:
        for i in range(playouts):
            for key, action in play:
                add([(key, *_playout(base, seat, key, action, seeds[i], i, opponents))])
    else:
        size = max(1, math.ceil(playouts / (n_workers * 10)))
        chunks = [(j, min(playouts, j + size)) for j in range(0, playouts, size)]
        left = set(chunks)
        try:
            ex = _pool(n_workers)
            futures = {ex.submit(_run_chunk, base, seat, play, seeds[j:k], range(j, k),
                                 opponents): (j, k) for j, k in chunks}
            try:
                for f in as_completed(futures):
                    add(f.result())
                    left.discard(futures[f])
            finally:
                for f in futures:
                    f.cancel()
        except (BrokenProcessPool, OSError):
            # the workers could not start or died (e.g. a __main__ that spawn cannot import):
            # the rest is played here, with the same seeds, so the result is the same
            _drop_pool(n_workers)
            n_workers = 1
            for j, k in sorted(left):
                add(_run_chunk(base, seat, play, seeds[j:k], range(j, k), opponents))
    results = tuple(OptionResult(k, playouts, a[0], a[1], float(a[2]), float(a[3]))
                    for k, a in acc.items())
    return Comparison(position, tuple(offered), results, time.perf_counter() - t0,
                      opponents, n_workers)


# ---------------------------------------------------------------------------- undo
class PracticeGame:
    """One hand against AI seats with undo. The human plays `seat`; `decision` is his pending
    decision (None when the hand is over); `submit` plays it and lets the AI move until he must
    decide again; `undo` goes back to his previous decision, rebuilt from the seed and the
    actions (everything from his last action on is dropped)."""

    def __init__(self, rules: RuleSet, seed: int, seat: int = 0, level: str = "ai:standard",
                 actions: Sequence[tuple[int, Action]] = ()):
        self.rules, self.seed, self.seat, self.level = rules, seed, seat, level
        self.actions: list[tuple[int, Action]] = []
        self._rebuild(list(actions))

    def _rebuild(self, actions: list[tuple[int, Action]]) -> None:
        self.table = replay_actions(self.rules, self.seed, actions)
        log = ActionLog(actions)
        self.actions = log.actions
        self.seats = _mk_seats(self.level, self.seed)
        seats: list[Any] = list(self.seats)
        seats[self.seat] = None  # the human answers through `submit`
        self.driver = HandDriver(self.table, seats, listeners=[log])
        self.driver.step()

    @property
    def decision(self) -> Decision | None:
        return self.table.pending().get(self.seat)

    def submit(self, action: Action) -> None:
        self.driver.answer(self.seat, action)  # raises the engine's error if illegal
        self.driver.step()

    @property
    def can_undo(self) -> bool:
        return any(s == self.seat for s, _ in self.actions)

    def undo(self) -> bool:
        """Back to the player's previous decision; False when there is none."""
        for i in range(len(self.actions) - 1, -1, -1):
            if self.actions[i][0] == self.seat:
                self._rebuild(self.actions[:i])
                return True
        return False
