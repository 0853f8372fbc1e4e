"""The referee (`game.engine.driver.HandDriver`): one loop for every mix of seats.

It must play exactly what the old loops played (same seeds, same events, same views fed to the
seats), whether every seat answers at once or some answer later through `answer`, and its
listeners must write records byte for byte as the table hook did."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from test_random_hands import EagerSeat

from ai.random_seat import RandomSeat
from game.engine.actions import PASS, Action, Discard
from game.engine.driver import ActionHook, HandDriver
from game.engine.errors import IllegalActionError
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.engine.table import Table
from game.records import RecordWriter


class Watching:
    """A seat that logs what it is shown and asked (to compare two drivers)."""

    def __init__(self, inner, log):
        self.inner, self.log = inner, log

    def observe(self, event):
        self.log.append(("saw", event.to_json()))

    def act(self, d):
        a = self.inner.act(d)
        self.log.append(("did", d.seat, d.kind, a.to_json()))
        return a


def _old_loop(table, seats):
    """The loop `session.play_hand` had before the driver (the reference)."""
    sent = 0
    events = table.events
    while True:
        for i in range(sent, len(events)):
            for s in range(4):
                seats[s].observe(events[i].visible_to(s))
        sent = len(events)
        if table.result is not None:
            return table.result
        pending = table.pending()
        for s in sorted(pending):
            if s in table.pending():
                table.submit(s, seats[s].act(pending[s]))


def _events(t):
    return [e.to_json() for e in t.events]


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(flowers=False, strict_table=True)],
                         ids=["default", "strict"])
def test_the_driver_plays_what_the_old_loop_played(rules):
    for seed in range(40):
        logs: tuple[list, list] = ([], [])
        t1, t2 = Table(rules, seed), Table(rules, seed)
        _old_loop(t1, [Watching(EagerSeat(seed * 4 + i), logs[0]) for i in range(4)])
        HandDriver(t2, [Watching(EagerSeat(seed * 4 + i), logs[1]) for i in range(4)]).run()
        assert _events(t1) == _events(t2)
        assert logs[0] == logs[1]


def test_a_seat_answered_later_plays_the_same_hand():
    """Seat 2 is stepped from outside (as the screen does); the hand is the same."""
    for seed in range(30):
        t1, t2 = Table(RuleSet(), seed), Table(RuleSet(), seed)
        HandDriver(t1, [EagerSeat(seed * 4 + i) for i in range(4)]).run()
        later = EagerSeat(seed * 4 + 2)
        d = HandDriver(t2, [EagerSeat(seed * 4 + i) if i != 2 else None for i in range(4)])
        asked = 0
        while waiting := d.step():
            assert list(waiting) == [2]  # only the later seat is left open
            d.answer(2, later.act(waiting[2]))
            asked += 1
        assert asked and d.is_over and _events(t1) == _events(t2)


def test_a_later_seat_with_an_object_still_observes_and_can_be_asked():
    log: list = []
    seats = [Watching(RandomSeat(i), log if i == 1 else []) for i in range(4)]
    d = HandDriver(Table(RuleSet(), seed=5), seats, later={1})
    while d.step():
        d.ask(1)
    assert d.is_over and any(k == "saw" for k, *_ in log) and any(k == "did" for k, *_ in log)


def test_run_refuses_when_a_seat_answers_later():
    d = HandDriver(Table(RuleSet(), seed=5), [None, RandomSeat(1), RandomSeat(2), RandomSeat(3)])
    with pytest.raises(IllegalActionError, match="answers later"):
        d.run()


def test_an_illegal_answer_raises_and_is_not_told():
    heard: list = []
    d = HandDriver(Table(RuleSet(), seed=5), [None] * 4,
                   listeners=[ActionHook(lambda s, a: heard.append((s, a)))])
    waiting = d.step()
    assert list(waiting) == [0]
    n = len(d.table.events)
    with pytest.raises(IllegalActionError):
        d.answer(0, PASS)
    with pytest.raises(IllegalActionError):
        d.answer(1, waiting[0].legal[0])
    assert heard == [] and len(d.table.events) == n
    d.answer(0, waiting[0].legal[0])
    assert heard == [(0, waiting[0].legal[0])]


def test_listeners_hear_every_event_once_in_order_after_its_action():
    lines: list = []

    class Log:
        def on_event(self, table, e):
            lines.append(("event", e.type))

        def on_action(self, hand, seat, a):
            lines.append(("action", a.to_json()["type"]))

    t = Table(RuleSet(), seed=8)
    HandDriver(t, [RandomSeat(i) for i in range(4)], listeners=[Log()]).run()
    assert [x for k, x in lines if k == "event"] == [e.type for e in t.events]
    # each discard action is told right before its discard event
    for i, (k, x) in enumerate(lines):
        if k == "action" and x == "discard":
            assert lines[i + 1] == ("event", "discard")


def test_the_invariants_hold_when_checked_by_a_listener():
    class Check:
        def on_event(self, table, e):
            check_table(table, e)

    for seed in range(20):
        HandDriver(Table(RuleSet(), seed), [EagerSeat(seed + i) for i in range(4)],
                   listeners=[Check()]).run()


def test_a_record_written_by_a_listener_is_byte_identical(tmp_path):
    """The writer as the table hook (RecordWriter.play) and as the driver's listener."""
    now = dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.UTC)

    def session():
        return Session(RuleSet(), seed=21, hands=3)

    a = RecordWriter(session(), tmp_path / "a", human=0, now=now)
    a.play([RandomSeat(30 + i) for i in range(4)])

    s = session()
    b = RecordWriter(s, tmp_path / "b", human=0, now=now)
    players = [RandomSeat(30 + i) for i in range(4)]
    while not s.is_over:
        t = s.new_hand()
        HandDriver(t, [players[p] for p in t.players], listeners=[b]).run()
        s.finish_hand()
    s.end()
    b.close()
    assert a.path.read_bytes() == b.path.read_bytes()


def test_a_copied_table_plays_on_from_where_its_seats_were_fed():
    t = Table(RuleSet(), seed=12)
    rng = random.Random(1)
    for _ in range(15):
        for s, dd in sorted(t.pending().items()):
            t.submit(s, rng.choice(dd.legal))
    c = t.copy()
    seen: list[Action] = []
    d = HandDriver(c, [RandomSeat(i) for i in range(4)], seen=len(c.events),
                   listeners=[ActionHook(lambda s, a: seen.append(a))])
    d.run()
    assert c.is_over and not t.is_over and seen
    assert all(isinstance(a, Action.__args__) for a in seen)  # type: ignore[attr-defined]
    assert Discard in {type(a) for a in seen}


def test_a_seat_whose_observe_does_nothing_is_not_fed_but_a_seat_that_overrides_it_is():
    """`SeatBase.observe` is marked `ignores_events`: the driver then builds no view of the
    events for that seat (a third of simulate's time with random seats); a subclass that
    overrides `observe` is fed every event, each as its seat sees it."""
    from ai.base import SeatBase

    class Listening(RandomSeat):
        def __init__(self, seed):
            super().__init__(seed)
            self.seen = []

        def observe(self, event):
            self.seen.append(event)

    assert isinstance(RandomSeat(0), SeatBase)
    quiet, listening = RandomSeat(1), Listening(2)
    driver = HandDriver(Table(RuleSet(), seed=9), [quiet, listening, RandomSeat(3), RandomSeat(4)])
    assert [s for s, _ in driver._observers] == [1]
    driver.run()
    assert listening.seen == [e.visible_to(1) for e in driver.table.events]
    assert len(listening.seen) > 20
