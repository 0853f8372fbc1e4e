"""A session of hands: seat selection, dealer rotation, prevalent wind, running scores, length.

Players are numbered 0-3 in the order they were given (e.g. ``--seats`` on the command line);
seats (0-3 = E S W N) change as the deal passes. Each hand is seeded from (session seed, hand
number), so a session is reproduced from its seed and the seats' actions.

>>> from game.engine.rules import RuleSet
>>> s = Session(RuleSet(session_hands=2), seed=9)
>>> s.seat_of_player, s.hand_seed(1) == Session(RuleSet(), seed=9).hand_seed(1)
((2, 3, 0, 1), True)

`play_hand` and `play_session` run hands through the one referee, `game.engine.driver.HandDriver`,
with any objects that have ``act(decision)`` (and optionally ``observe(event)``): the engine
never imports the AI.

A session keeps its history (``events``: every hand's events; ``results``: every hand's result)
for records, replays and the results screens. A long headless run that needs only the running
statistics passes ``keep_history=False``: its memory then stays flat however many hands it plays
(``scores``, ``stats``, ``endings`` and ``last_result`` are kept either way).

>>> s = Session(RuleSet(), seed=9, keep_history=False)
>>> len(s.events), s.results, s.endings, s.last_result
(1, [], {}, None)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .driver import ActionHook, HandDriver
from .errors import IllegalActionError
from .events import Event, SessionEnded, SessionStarted
from .kinds import WinHow
from .rules import RuleSet
from .table import HandResult, Table

SEAT_SELECTION = ("dice", "winds")


@dataclass
class PlayerStats:
    """Running statistics of one player."""

    points: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    draws: int = 0  # hands that ended without a winner
    hands: int = 0

    def to_json(self) -> dict[str, int]:
        return {"points": self.points, "wins": self.wins, "self_draws": self.self_draws,
                "deal_ins": self.deal_ins, "draws": self.draws, "hands": self.hands}


def _choose_seats(rng: random.Random, method: str) -> tuple[tuple, tuple[int, ...]]:
    """(rolls per player, seat of each player). Dice: highest roll East, then S, W, N; tied
    players roll again among themselves. Winds: each player draws one of the four wind tiles."""
    if method == "winds":
        winds = [0, 1, 2, 3]
        rng.shuffle(winds)
        return tuple((w,) for w in winds), tuple(winds)
    if method != "dice":
        raise ValueError(f"seat selection must be one of {', '.join(SEAT_SELECTION)}, got {method!r}")
    rolls: list[list[int]] = [[], [], [], []]

    def rank(group: list[int]) -> list[int]:
        if len(group) == 1:
            return group
        throws = {p: rng.randint(1, 6) + rng.randint(1, 6) for p in group}
        for p in group:
            rolls[p].append(throws[p])
        out: list[int] = []
        for total in sorted(set(throws.values()), reverse=True):
            out.extend(rank([p for p in group if throws[p] == total]))
        return out

    order = rank([0, 1, 2, 3])
    seats = [0] * 4
    for seat, p in enumerate(order):
        seats[p] = seat
    return tuple(tuple(r) for r in rolls), tuple(seats)


class Session:
    """Hands in a row with dealer rotation and running scores (per player).

    `hands` overrides the rule set's session length in hands (in passes of the deal when the
    session mode is "deals"); `clock` (seconds) is injectable
    for timed sessions ("finish the hand in progress"), and `played` is the time a continued
    session had already been played (it counts toward a timed session's length). With `keep_history` False the finished
    hands' events and results are not kept (``events`` holds only the session start and end),
    only the aggregates: scores, `stats`, `endings` (hands per ending reason), `last_result`."""

    def __init__(self, rules: RuleSet, seed: int, *, players: Sequence[str] = ("P1", "P2", "P3", "P4"),
                 seat_selection: str = "dice", hands: int | None = None,
                 clock: Callable[[], float] = time.monotonic, keep_history: bool = True,
                 played: float = 0.0):
        if len(players) != 4:
            raise ValueError(f"a session needs four players, got {len(players)}")
        self.rules = rules
        self.seed = seed
        self.players = tuple(players)
        self.seat_selection = seat_selection
        self.hand_limit = hands if hands is not None else rules.session_hands
        self.clock = clock
        self.start_time = clock() - max(0.0, played)
        rolls, seats = _choose_seats(random.Random(f"seats/{seed}"), seat_selection)
        self.first_seats = seats
        self.rotation = 0  # how often the deal has passed
        self.hand_no = 0
        self.doubled = False
        self.scores = [0, 0, 0, 0]
        self.stats = [PlayerStats() for _ in range(4)]
        self.keep_history = keep_history
        self.results: list[HandResult] = []  # every hand's result (kept with keep_history only)
        self.endings: dict[str, int] = {}  # hands per ending reason (always kept)
        self.last_result: HandResult | None = None
        self.table: Table | None = None
        self.events: list[Event] = [SessionStarted(seed, rules.to_dict(), self.players,
                                                   seat_selection, rolls, seats)]
        self.finished = False

    @property
    def seat_of_player(self) -> tuple[int, ...]:
        return tuple((s - self.rotation) % 4 for s in self.first_seats)

    @property
    def player_at_seat(self) -> tuple[int, ...]:
        out = [0] * 4
        for p, s in enumerate(self.seat_of_player):
            out[s] = p
        return tuple(out)

    @property
    def prevalent(self) -> int | None:
        mode = self.rules.prevalent_wind
        if mode == "none":
            return None
        if mode == "east":
            return 0
        return (self.rotation // 4) % 4

    def hand_seed(self, n: int) -> int:
        """The seed of hand `n` (1-based), from the session seed only."""
        return random.Random(f"{self.seed}/{n}").getrandbits(48)

    @property
    def is_over(self) -> bool:
        if self.finished:
            return True
        if self.table is not None and not self.table.is_over:
            return False
        mode = self.rules.session_mode
        if mode == "hands":
            return self.hand_no >= self.hand_limit
        if mode == "deals":  # hands that kept the deal (a dealer win, a draw) add one more
            return self.rotation >= self.hand_limit
        if mode == "minutes":
            return self.clock() - self.start_time >= self.rules.session_minutes * 60
        return False

    def new_hand(self, on_event: Callable[[Table, Event], None] | None = None, **rig: Any) -> Table:
        """Deal the next hand (`rig`: `wall`/`dice` for scenario tests)."""
        if self.table is not None and not self.table.is_over:
            raise IllegalActionError(None, "new hand", "the hand in progress is not finished")
        self.hand_no += 1
        by_seat = self.player_at_seat
        self.table = Table(self.rules, self.hand_seed(self.hand_no), prevalent=self.prevalent,
                           doubled=self.doubled, hand=self.hand_no, players=by_seat,
                           scores=tuple(self.scores[p] for p in by_seat), on_event=on_event, **rig)
        return self.table

    def finish_hand(self) -> HandResult:
        """Book the finished hand: scores, statistics, doubling, dealer rotation."""
        t = self.table
        if t is None or t.result is None:
            raise IllegalActionError(None, "finish hand", "no finished hand to book")
        r = t.result
        by_seat = t.players
        for s in range(4):
            p = by_seat[s]
            self.scores[p] += r.payments[s]
            st = self.stats[p]
            st.points += r.payments[s]
            st.hands += 1
            if r.is_draw:
                st.draws += 1
        for w in r.winners:
            self.stats[by_seat[w.seat]].wins += 1
            if w.how == WinHow.SELF_DRAW:
                self.stats[by_seat[w.seat]].self_draws += 1
            elif w.from_seat is not None:
                self.stats[by_seat[w.from_seat]].deal_ins += 1
        self.endings[r.reason] = self.endings.get(r.reason, 0) + 1
        self.last_result = r
        if self.keep_history:
            self.results.append(r)
            self.events.extend(t.events)
        self.doubled = r.next_doubled
        if not r.dealer_keeps:
            self.rotation += 1
        self.table = None
        return r

    def end(self) -> SessionEnded:
        e = SessionEnded(self.hand_no, tuple(self.scores))
        self.events.append(e)
        self.finished = True
        return e


def play_hand(table: Table, seats: Sequence[Any], *, observe: bool = True,
              on_action: Callable[[int, Action], None] | None = None,
              listeners: Sequence[Any] = ()) -> HandResult:
    """Drive one hand to its end (`HandDriver`). `seats[s]` plays seat s; each gets its view
    of every event; `on_action(seat, action)` hears each action before it is played."""
    hooks = list(listeners)
    if on_action is not None:
        hooks.append(ActionHook(on_action))
    return HandDriver(table, seats, listeners=hooks, observe=observe).run()


def play_session(session: Session, players: Sequence[Any], *, observe: bool = True,
                 on_event: Callable[[Table, Event], None] | None = None,
                 on_action: Callable[[int, int, Action], None] | None = None,
                 listeners: Sequence[Any] = ()) -> Session:
    """Play hands until the session is over. `players[p]` is player p (seats rotate).
    `listeners` hear every hand through its `HandDriver` (``on_event(table, event)``,
    ``on_action(hand, seat, action)``; a `RecordWriter` is one); `on_event` is the table's own
    hook, called in the middle of each move (the invariant checks use it)."""
    while not session.is_over:
        table = session.new_hand(on_event=on_event)
        seats = [players[p] for p in table.players]
        hooks = list(listeners)
        if on_action is not None:
            hooks.append(_HandActions(on_action))
        HandDriver(table, seats, listeners=hooks, observe=observe).run()
        session.finish_hand()
    if not session.finished:
        session.end()
    return session


class _HandActions:
    """The ``on_action(hand, seat, action)`` callback of `play_session` as a listener."""

    def __init__(self, fn: Callable[[int, int, Action], None]):
        self.on_action = fn


__all__ = ["SEAT_SELECTION", "PlayerStats", "Session", "play_hand", "play_session"]
_ = field
