"""The seat guard: whatever a seat raises replaces it and the session goes on, except the
user's Ctrl+C, which stops the program; a seat slow to take events is replaced within the hand
(issue 29)."""

from __future__ import annotations

import textwrap

import pytest

from ai.guard import HAND_EVENTS_BUDGET, GuardedSeat
from ai.registry import make_seat
from game.cli import main
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.settings import CONFIG_ENV

SEATS = textwrap.dedent('''
    class Custom(BaseException):
        """Neither an Exception nor SystemExit, KeyboardInterrupt or GeneratorExit."""


    class Raises:
        name = "raises"
        what = None  # set below
        where = "act"

        def act(self, decision):
            if self.where == "act":
                raise self.what
            return decision.legal[0]

        def observe(self, event):
            if self.where == "observe" and type(event).__name__ == "Discarded":
                raise self.what


    def seat(what, where):
        return type(f"{what.__name__}In{where}", (Raises,), {"what": what, "where": where})


    GeneratorExitInAct = seat(GeneratorExit, "act")
    GeneratorExitInObserve = seat(GeneratorExit, "observe")
    CustomInAct = seat(Custom, "act")
    CustomInObserve = seat(Custom, "observe")
    InterruptInAct = seat(KeyboardInterrupt, "act")


    class GeneratorExitAtStart:
        def __init__(self):
            raise GeneratorExit
''')


@pytest.fixture
def seats_module(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    (tmp_path / "faulty_seats.py").write_text(SEATS)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "faulty_seats"


def play(seats, hands=1, seed=5):
    session = Session(RuleSet(session_mode="hands"), seed, players=("a", "b", "c", "d"),
                      hands=hands)
    play_session(session, seats)
    return session


@pytest.mark.parametrize("name", ["GeneratorExitInAct", "GeneratorExitInObserve", "CustomInAct",
                                  "CustomInObserve"])
def test_any_base_exception_from_a_seat_replaces_it_and_simulate_goes_on(seats_module, name,
                                                                         capsys):
    seats = f"python:{seats_module}:{name},greedy,random,greedy"
    assert main(["simulate", "--hands", "2", "--seats", seats]) == 0
    out = capsys.readouterr().out
    assert "2 hands" in out and "replaced by ai:standard" in out, out
    assert ("GeneratorExit" if "Generator" in name else "Custom") in out


def test_a_seat_that_fails_to_start_is_one_error_line(seats_module, capsys):
    seats = f"python:{seats_module}:GeneratorExitAtStart,greedy,random,greedy"
    assert main(["simulate", "--hands", "1", "--seats", seats]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "GeneratorExit" in err[0], err


def test_ctrl_c_inside_a_seat_stops_the_program_as_ctrl_c(seats_module, capsys):
    seats = f"python:{seats_module}:InterruptInAct,greedy,random,greedy"
    assert main(["simulate", "--hands", "2", "--seats", seats]) == 130
    seat = GuardedSeat(type("S", (), {"name": "s", "act": _interrupt})())
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    with pytest.raises(KeyboardInterrupt):
        play(seats)


def _interrupt(self, decision):
    raise KeyboardInterrupt


class Clock:
    """Seconds as the seat spends them: nothing real is waited for."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SlowObserver:
    """Takes 2 s of the clock per event: under the 5 s per event, over any hand's budget."""

    name = "slow-observer"

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.events = 0

    def observe(self, event):
        self.events += 1
        self.clock.now += 2.0

    def act(self, decision):
        return decision.legal[0]


def test_an_observe_of_two_seconds_per_event_is_replaced_within_the_first_hand():
    clock = Clock()
    inner = SlowObserver(clock)
    seat = GuardedSeat(inner, clock=clock)
    session = play([seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")], hands=2)
    assert session.finished
    assert seat.replaced
    assert inner.events == HAND_EVENTS_BUDGET // 2 + 1  # replaced at the first event over
    why = str(seat.incidents[0])
    assert "events of one hand" in why and "replaced by ai:standard" in why, why


class SlowReader:
    """A program's side of the pipe (`observe_within`): taking each event costs 1.5 s of the
    clock; a write is cut off (TimeoutError) when its time runs out first."""

    name = "slow-reader"

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.given: list[float] = []

    def observe_within(self, event, budget):
        self.given.append(budget)
        if budget < 1.5:
            self.clock.now += budget
            raise TimeoutError("the program did not read its input in time")
        self.clock.now += 1.5

    def act(self, decision):
        return decision.legal[0]


def test_a_program_slow_to_read_its_events_is_cut_off_at_the_hands_budget():
    clock = Clock()
    inner = SlowReader(clock)
    seat = GuardedSeat(inner, clock=clock)
    play([seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")])
    assert seat.replaced
    assert inner.given[0] == 5.0  # the budget per event while the hand's budget allows it
    # 1.5 s for each event taken, then what was left of the hand's budget, cut off
    assert 1.5 * (len(inner.given) - 1) + inner.given[-1] == pytest.approx(HAND_EVENTS_BUDGET)
    assert "events of one hand" in str(seat.incidents[0])


def test_each_hand_has_its_own_events_budget():
    clock = Clock()

    class Steady(SlowObserver):
        def observe(self, event):
            self.events += 1
            self.clock.now += 0.02  # 0.02 s an event: well inside every hand's budget

    inner = Steady(clock)
    seat = GuardedSeat(inner, clock=clock)
    play([seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")], hands=6)
    assert not seat.replaced, seat.incidents
    assert clock.now > HAND_EVENTS_BUDGET  # the whole session took more than one hand's
