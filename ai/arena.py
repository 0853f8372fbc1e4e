"""Duplicate play: each dealt wall is played four times with the seats rotated, then statistics.

Each wall is played with the players in one order round the table (`seating_order`), and
rotation ``r`` puts the order's ``k``-th player at seat ``(k + r) % 4``, so over the four plays
of a wall every player holds every hand and every seat, and luck of the deal cancels out. The
order changes from wall to wall through all six orders round a table of four, so that over
every six walls each player sits directly after each other player equally often: who discards
just before you matters (you see his discards first, and a win claimed by two players goes to
the first after the discarder, the head bump), and with one fixed order a player seated after
a seat that deals in often gains from his place, not his play (measured with one fixed order:
an ``ai:standard`` seated after ``ai:standard`` at the table beginner, standard, standard,
greedy scored 1.36 points per hand less than the first, 95 % 0.78-1.93, 3,000 walls). The
unit of the confidence intervals is the wall (a player's mean over its four plays): the plays
of one wall are not independent.

    korean-mahjong simulate --duplicate --hands 8000 --seats ai:expert,ai:standard,greedy,greedy --jobs 2

Per seat name (players with the same name are pooled): points per hand with a 95% confidence
interval, win %, points and basic points per win, deal-in %, uper %, win % after uper, claim %
(hands in which he claimed a pung or kong), fold % (of his discards while another player had
declared uper and he had not, the share exactly safe against every uper player:
`ai.danger.exact_safe_kinds`), drawn hands %, and the decision time p50/p99; then each name's
difference against a baseline name with its own interval. Each table is told which player sits
where (``HandStarted.players``), so a seat that keeps notes per player (``ai:expert`` reads how
each defends against uper) follows the players, not the seats, through the rotations.

The walls come from the run's seed (`wall_seed`), which is on the command line for every
process to read: when a ``python:`` or ``cmd:`` seat plays, a secret drawn for the run is
mixed in (`ai.wall_secret`) and named by the result only (`ArenaResult.secret`), so such a
seat cannot deal the walls itself; the same seed and secret deal them again.

>>> r = run_duplicate(["greedy", "random", "random", "random"], hands=1, seed=3)
>>> r.hands, sorted(r.stats), r.stats["random"].hands
(4, ['greedy', 'random'], 12)
>>> sum(s.points for s in r.stats.values())
0
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.events import Claimed, Discarded
from game.engine.kinds import WinHow
from game.engine.messages import Message
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table

__all__ = ["ORDERS", "ArenaResult", "SeatStats", "run_duplicate", "seating_order", "seats_of",
           "wall_seed"]

Z95 = 1.959964


#: the six orders of four players round a table (player 0 first: each order up to rotation)
ORDERS: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 1, 3), (0, 2, 3, 1), (0, 3, 1, 2), (0, 3, 2, 1))


def seating_order(i: int) -> tuple[int, int, int, int]:
    """The players in order round the table for wall `i` (each order once in six walls).

    >>> [seating_order(i) for i in (0, 1, 6)]
    [(0, 1, 2, 3), (0, 1, 3, 2), (0, 1, 2, 3)]
    """
    return ORDERS[i % len(ORDERS)]


def seats_of(i: int, r: int) -> list[int]:
    """The player at each seat in rotation `r` of wall `i`: the wall's `seating_order` turned
    by `r` seats.

    >>> seats_of(0, 0), seats_of(0, 1), seats_of(1, 0)
    ([0, 1, 2, 3], [3, 0, 1, 2], [0, 1, 3, 2])
    """
    order = seating_order(i)
    at_seat = [0] * 4
    for k in range(4):
        at_seat[(k + r) % 4] = order[k]
    return at_seat


def wall_seed(seed: int, i: int, secret: bytes | None = None) -> int:
    """The seed of wall `i` of an arena run (the same for every rotation). With `secret` (a
    ``python:`` or ``cmd:`` seat plays: `ai.wall_secret`) it is a keyed hash, which a seat that
    knows the run's seed (it is on the command line) still cannot compute.

    >>> wall_seed(0, 1) == wall_seed(0, 1) != wall_seed(0, 2)
    True
    >>> wall_seed(0, 1, bytes(16)) != wall_seed(0, 1) != wall_seed(0, 1, bytes(15) + b"x")
    True
    """
    if secret is not None:
        from .wall_secret import keyed_seed
        return keyed_seed(i, secret, f"arena/{seed}")
    return random.Random(f"arena/{seed}/{i}").getrandbits(48)


@dataclass
class SeatStats:
    """Totals of every player with one seat name."""

    name: str
    players: int = 0
    hands: int = 0
    points: int = 0
    wins: int = 0
    win_points: int = 0  # points gained in the hands he won
    win_basic: int = 0  # basic points of his wins (the hand's value, without ante and bonus)
    self_draws: int = 0
    deal_ins: int = 0
    upers: int = 0
    wins_after_uper: int = 0
    claims: int = 0  # hands with a claimed pung or kong
    after_uper: int = 0  # discards while another player had declared uper (he had not)
    safe_after_uper: int = 0  # of those, exactly safe against every uper player
    draws: int = 0
    per_wall: list[float] = field(default_factory=list)  # mean points per play, one per wall
    times: list[float] = field(default_factory=list)  # decision seconds

    def ci(self) -> tuple[float, float, float]:
        """(mean points per hand, low, high) of the 95% interval over walls."""
        return mean_ci(self.per_wall)

    def pct(self, n: int, d: int) -> float:
        return 100.0 * n / d if d else 0.0

    def time_ms(self, q: float) -> float:
        if not self.times:
            return 0.0
        xs = sorted(self.times)
        return 1000.0 * xs[min(len(xs) - 1, int(q * len(xs)))]

    def to_json(self) -> dict[str, Any]:
        m, lo, hi = self.ci()
        return {"name": self.name, "players": self.players, "hands": self.hands,
                "points": self.points, "points_per_hand": m, "ci95": [lo, hi],
                "win_pct": self.pct(self.wins, self.hands),
                "points_per_win": self.win_points / self.wins if self.wins else 0.0,
                "basic_per_win": self.win_basic / self.wins if self.wins else 0.0,
                "self_draws": self.self_draws,
                "deal_in_pct": self.pct(self.deal_ins, self.hands),
                "uper_pct": self.pct(self.upers, self.hands),
                "win_after_uper_pct": self.pct(self.wins_after_uper, self.upers),
                "claim_pct": self.pct(self.claims, self.hands),
                "fold_pct": self.pct(self.safe_after_uper, self.after_uper),
                "discards_after_uper": self.after_uper,
                "draw_pct": self.pct(self.draws, self.hands),
                "decision_ms_p50": self.time_ms(0.5), "decision_ms_p99": self.time_ms(0.99),
                "decisions": len(self.times)}


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval.

    >>> [round(x, 2) for x in mean_ci([1.0, 3.0])]
    [2.0, 0.04, 3.96]
    """
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = Z95 * math.sqrt(var / n)
    return m, m - h, m + h


@dataclass
class ArenaResult:
    """Everything one arena run measured."""

    seats: tuple[str, ...]
    walls: int
    hands: int
    seed: int
    stats: dict[str, SeatStats]
    seconds: float
    incidents: list[Message] = field(default_factory=list)  # the guard's notes (ai.guard)
    secret: str | None = None  # the walls' secret (hexadecimal), when a program played

    def difference(self, name: str, baseline: str) -> tuple[float, float, float]:
        """Per-wall difference of points per hand, `name` minus `baseline`, with its 95% CI."""
        a, b = self.stats[name].per_wall, self.stats[baseline].per_wall
        return mean_ci([x - y for x, y in zip(a, b)])

    def to_json(self, baseline: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"seats": list(self.seats), "walls": self.walls,
                               "hands": self.hands, "seed": self.seed,
                               "seconds": self.seconds,
                               "hands_per_second": self.hands / self.seconds if self.seconds else 0,
                               "stats": [s.to_json() for s in self.stats.values()],
                               "incidents": [str(m) for m in self.incidents]}
        if self.secret is not None:
            out["secret"] = self.secret
        if baseline is not None and baseline in self.stats:
            out["baseline"] = baseline
            out["differences"] = {
                n: dict(zip(("mean", "low", "high"), self.difference(n, baseline)))
                for n in self.stats if n != baseline}
        return out


def _play_walls(args: tuple) -> dict[str, Any]:
    """Worker: play walls [first, last) of a run; returns raw totals per player."""
    seat_names, first, last, seed, rules_dict, secret = args
    from .registry import make_seat

    rules = RuleSet.from_dict(rules_dict) if rules_dict is not None else RuleSet()
    players = [make_seat(name, seed=seed * 4 + p) for p, name in enumerate(seat_names)]
    times: list[list[float]] = [[], [], [], []]

    def timed(p: int) -> Callable[[Any], Any]:
        act = players[p].act
        sink = times[p]

        def run(decision: Any) -> Any:
            t0 = time.perf_counter()
            a = act(decision)
            sink.append(time.perf_counter() - t0)
            return a
        return run

    class _Timed:
        def __init__(self, p: int) -> None:
            self.act = timed(p)
            self.observe = getattr(players[p], "observe", None) or (lambda e: None)

    wrapped = [_Timed(p) for p in range(4)]
    rows = []
    for i in range(first, last):
        ws = wall_seed(seed, i, secret)
        wall_points = [0, 0, 0, 0]
        for r in range(4):
            at_seat = seats_of(i, r)
            table = Table(rules, ws, players=at_seat)
            res = play_hand(table, [wrapped[at_seat[s]] for s in range(4)])
            uper = {at_seat[e.seat] for e in table.events if isinstance(e, Discarded) and e.uper}
            claims = sorted({at_seat[e.seat] for e in table.events if isinstance(e, Claimed)})
            winners = [(at_seat[w.seat], w.how,
                        None if w.from_seat is None else at_seat[w.from_seat], w.result.basic)
                       for w in res.winners]
            pays = [0] * 4
            for s in range(4):
                pays[at_seat[s]] = res.payments[s]
                wall_points[at_seat[s]] += res.payments[s]
            rows.append((i, r, pays, winners, sorted(uper), res.is_draw, claims,
                         _folds(table.events)))
        del wall_points
    incidents: list[Message] = []
    for p in players:
        incidents.extend(getattr(p, "incidents", []))  # Messages (picklable: the worker sends them)
        close = getattr(p, "close", None)
        if close is not None:
            close()
    return {"rows": rows, "times": times, "incidents": incidents}


def _folds(events: Sequence[Any]) -> list[tuple[int, int]]:
    """Per player of a hand's `events`: (discards while another player had declared uper and
    he had not, how many of them were exactly safe against every uper player), as
    `ai.heuristic.EventTracker` records them for a watcher who sees every discard."""
    from .heuristic import EventTracker

    tr = EventTracker()
    for e in events:
        tr.observe(e)
        tr.me = None  # a watcher: every seat's discards count
    out = [(0, 0)] * 4
    for player, c in tr.defence.players.items():
        out[player] = (c.discards, c.safe)
    return out


def run_duplicate(seat_names: Sequence[str], hands: int, seed: int = 0,
                  rules: RuleSet | None = None, *, jobs: int = 1,
                  progress: Any = None, secret: bytes | None = None) -> ArenaResult:
    """Play `hands` walls four times each (rotated) with the named seats; see the module.

    `jobs` > 1 splits the walls over worker processes (results do not depend on it except for
    the decision times). `progress(done, total)` is called as chunks finish. When a
    ``python:`` or ``cmd:`` seat plays, the walls are dealt from `seed` and `secret`
    (`wall_seed`; a secret drawn now when none is given), which the result names
    (`ArenaResult.secret`): the same seed and secret deal the same walls again.
    """
    from .external import check_program
    from .registry import make_seat, seat_name
    from .wall_secret import new_secret, to_hex, untrusted

    if len(seat_names) != 4:
        raise ValueError(f"the arena needs four seat names, got {len(seat_names)}")
    names = tuple(seat_name(n) for n in seat_names)  # computer seats only, read as everywhere
    if hands < 1:
        raise ValueError(f"hands must be at least 1, got {hands}")
    for n in set(names):  # fail early on a seat that cannot be made
        if n.startswith("cmd:"):
            check_program(n[4:])  # only looked for: each chunk of walls starts it
            continue
        s = make_seat(n)
        close = getattr(s, "close", None)
        if close is not None:
            close()
    if secret is None and untrusted(names):
        secret = new_secret()
    rules_dict = None if rules is None else rules.to_dict()
    t0 = time.perf_counter()
    # chunks of walls independent of `jobs`: each chunk's seats are made afresh and keep what
    # they learn from hand to hand (ai:expert reads how the table defends), so the same
    # chunks give the same results in one process or many
    chunk = max(1, min(50, hands // 8 or 1))
    tasks = [(names, a, min(hands, a + chunk), seed, rules_dict, secret)
             for a in range(0, hands, chunk)]
    outs = []
    if jobs <= 1:
        for task in tasks:
            outs.append(_play_walls(task))
            if progress is not None:
                progress(task[2], hands)
    else:
        import multiprocessing as mp

        # fresh processes, never a fork: forking a process that runs threads (a test runner, a
        # practice pool's feeder) can copy a lock held mid-use and hang the child. An untrusted
        # seat's seed is then keyed by its worker's own secret (`registry.untrusted_seed`).
        with mp.get_context("spawn").Pool(jobs) as pool:
            for out in pool.imap(_play_walls, tasks):
                outs.append(out)
                if progress is not None:
                    progress(sum(len(o["rows"]) for o in outs) // 4, hands)
    seconds = time.perf_counter() - t0
    res = _tally(names, hands, seed, outs, seconds)
    res.secret = None if secret is None else to_hex(secret)
    return res


def _tally(names: tuple[str, ...], walls: int, seed: int, outs: list[dict],
           seconds: float) -> ArenaResult:
    stats: dict[str, SeatStats] = {}
    for n in names:
        st = stats.setdefault(n, SeatStats(n))
        st.players += 1
    wall_pts: dict[int, list[int]] = {}
    incidents: list[Message] = []
    for out in outs:
        incidents.extend(out["incidents"])
        for p in range(4):
            stats[names[p]].times.extend(out["times"][p])
        for i, _r, pays, winners, upers, is_draw, claims, folds in out["rows"]:
            acc = wall_pts.setdefault(i, [0, 0, 0, 0])
            won = {w[0] for w in winners}
            for p in range(4):
                st = stats[names[p]]
                st.hands += 1
                st.points += pays[p]
                acc[p] += pays[p]
                if p in won:
                    st.wins += 1
                    st.win_points += pays[p]
                if is_draw:
                    st.draws += 1
                if p in claims:
                    st.claims += 1
                st.after_uper += folds[p][0]
                st.safe_after_uper += folds[p][1]
                if p in upers:
                    st.upers += 1
                    if p in won:
                        st.wins_after_uper += 1
            for w, how, frm, basic in winners:
                stats[names[w]].win_basic += basic
                if how == WinHow.SELF_DRAW:
                    stats[names[w]].self_draws += 1
                elif frm is not None:
                    stats[names[frm]].deal_ins += 1
    for i in sorted(wall_pts):
        acc = wall_pts[i]
        for n, st in stats.items():
            ps = [acc[p] for p in range(4) if names[p] == n]
            st.per_wall.append(sum(ps) / (4.0 * len(ps)))
    hands = sum(len(o["rows"]) for o in outs)
    return ArenaResult(names, walls, hands, seed, stats, seconds, incidents)
