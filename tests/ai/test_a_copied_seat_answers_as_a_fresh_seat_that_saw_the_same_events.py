"""A seat copied with what it has seen (`HeuristicSeat.copy`) answers exactly as a new seat that
observed the same events: the review's playouts read a decision's history once and copy the
four seats for every playout (issue 33), so a copy that shared a list or a set with its original
(or with another copy) would let one playout's events leak into the next and move the verdicts.

The hand (seed 10, the review's seats: the expert and three standard players) has an uper
declared at its 74th event, pungs before and after it, and discards of silent players against
the uper player: the trackers' rivers, passed tiles, tiles after the uper and the table's
defence record are all filled when the seats are copied at the 95th event."""

from __future__ import annotations

from ai.heuristic import HeuristicSeat
from ai.registry import make_seat
from game.engine.driver import HandDriver
from game.engine.rules import RuleSet
from game.engine.table import Table

KINDS = ("ai:expert", "ai:standard", "ai:standard", "ai:standard")
CUT = 95  # events played before the seats are copied


def _history() -> Table:
    """Hand seed 10 played by seeded seats up to `CUT` events (mid-hand, a decision open)."""
    table = Table(RuleSet(), seed=10)
    seats = [make_seat(k, seed=s) for s, k in enumerate(KINDS)]
    seen = 0
    while len(table.events) < CUT:
        for e in table.events[seen:]:
            for s in range(4):
                seats[s].observe(e.visible_to(s))
        seen = len(table.events)
        pending = table.pending()
        s = min(pending)
        table.submit(s, seats[s].act(pending[s]))
    assert table.result is None
    return table


def _watching(table: Table, seed: int | None = None) -> list[HeuristicSeat]:
    seats = [make_seat(k, seed=seed) for k in KINDS]
    for e in table.events:
        for s in range(4):
            seats[s].observe(e.visible_to(s))
    return seats


def _state(seat: HeuristicSeat) -> dict[str, object]:
    """Everything the seat's tracker keeps, as plain values."""
    t = seat.tracker
    defence = {p: (c.discards, c.safe, round(c.chance, 12)) for p, c in t.defence.players.items()}
    return {"passed": [sorted(x) for x in t.passed], "after": [sorted(x) for x in t.after_uper],
            "uper": list(t.uper), "at": list(t.uper_at), "rivers": [list(r) for r in t.rivers],
            "shown": list(t.shown), "me": t.me, "players": t.players, "defence": defence,
            "rules": t.rules}


class _Actions:
    def __init__(self) -> None:
        self.actions: list[tuple[int, object]] = []

    def on_action(self, hand: int, seat: int, action: object) -> None:
        self.actions.append((seat, action))


def _play_rest(table: Table, seats: list[HeuristicSeat]) -> tuple[list, tuple[int, ...]]:
    """The rest of the hand from a copy of `table` with `seats`: (actions, payments)."""
    t = table.copy()
    log = _Actions()
    HandDriver(t, seats, listeners=[log], seen=len(t.events)).run()
    assert t.result is not None
    return log.actions, t.result.payments


def test_the_history_sets_every_part_of_the_trackers():
    state = _state(_watching(_history())[1])
    assert any(state["uper"]) and any(state["after"]) and state["defence"]
    assert any(state["passed"]) and any(r for r in state["rivers"])


def test_a_copy_plays_the_rest_of_the_hand_as_a_fresh_seat_does():
    table = _history()
    watchers = _watching(table)
    for seed in (7, 8):
        fresh = _watching(table, seed)
        copies = [w.copy(seed=seed) for w in watchers]
        assert [_state(c) for c in copies] == [_state(f) for f in fresh]
        assert [(c.name, c.params, c.seed) for c in copies] == \
            [(f.name, f.params, f.seed) for f in fresh]
        assert _play_rest(table, copies) == _play_rest(table, fresh)
        assert [_state(c) for c in copies] == [_state(f) for f in fresh]  # both saw the rest


def test_copies_share_nothing_with_their_original_or_each_other():
    table = _history()
    watchers = _watching(table)
    before = [_state(w) for w in watchers]
    first = [w.copy(seed=3) for w in watchers]
    second = [w.copy(seed=3) for w in watchers]
    played = _play_rest(table, first)  # the first copies see the rest of the hand
    assert [_state(w) for w in watchers] == before, "the copies changed their original"
    assert [_state(s) for s in second] == before, "a copy changed another copy"
    assert _play_rest(table, second) == played
