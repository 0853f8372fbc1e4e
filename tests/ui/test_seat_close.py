"""The table closes its computer seats (a ``cmd:`` seat's external program must not linger):
when the scene leaves, when the app closes, when a demo starts a new session, after Continue."""

from typing import ClassVar

import pygame
import pytest

from ai.random_seat import RandomSeat
from game.settings import CONFIG_ENV
from game.ui.scenes.table import TableScene, make_scene
from game.ui.table import driver as driver_module


class ClosingSeat:
    """A computer seat that plays at random and records `close()` calls."""

    made: ClassVar[list["ClosingSeat"]] = []

    def __init__(self, seed):
        self.inner = RandomSeat(seed)
        self.closed = 0
        ClosingSeat.made.append(self)

    def act(self, decision):
        return self.inner.act(decision)

    def observe(self, event):
        observe = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(event)

    def close(self):
        self.closed += 1


class NoCloseSeat(RandomSeat):
    """A seat without close() (the built-in AIs): leaving must not fail on it."""


@pytest.fixture(autouse=True)
def fake_seats(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    ClosingSeat.made = []

    def make_players(names, seed, budget_ms=None):
        out = []
        for i, n in enumerate(names):
            if n == "human":
                out.append(None)
            elif i == 3:
                out.append(NoCloseSeat(seed + i))
            else:
                out.append(ClosingSeat(seed + i))
        return out

    monkeypatch.setattr(driver_module, "make_players", make_players)


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant", ai_delay_ms=0)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def run_until(app, cond, frames=2000):
    for _ in range(frames):
        if cond():
            return True
        app.step([], 1 / 30)
    return cond()


def seats_of(sc):
    return [s for s in sc.seats if isinstance(s, ClosingSeat)]


def test_leaving_the_table_closes_its_seats(app, leave_table):
    from game.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    sc = TableScene(app, ["human", "random", "random", "random"], seed=4, hands=1)
    app.push(sc)
    run_until(app, lambda: sc.prompt_for is not None and not sc.director.timeline.busy)
    assert [s.closed for s in seats_of(sc)] == [0, 0]
    leave_table(app)
    assert app.top.name == "title"
    assert [s.closed for s in seats_of(sc)] == [1, 1]
    app.close()  # closing the app later does not close them again
    assert [s.closed for s in seats_of(sc)] == [1, 1]


def test_closing_the_app_closes_the_seats_of_a_table_still_open(app):
    sc = TableScene(app, ["random"] * 4, seed=5, hands=1)
    app.push(sc)
    app.step([], 1 / 30)
    assert len(seats_of(sc)) == 3 and not any(s.closed for s in seats_of(sc))
    app.close()
    assert [s.closed for s in seats_of(sc)] == [1, 1, 1]
    assert app.scenes == []


def test_a_demo_starting_its_next_session_closes_the_old_seats(app):
    sc = TableScene(app, ["random"] * 4, seed=6, hands=1)
    app.push(sc)
    for _ in range(4000):  # play the hand; Enter closes the hand's and the session's results
        if app.scenes[0] is not sc:
            break
        app.step([key(pygame.K_RETURN)] if app.top is not sc else [], 1 / 30)
    assert isinstance(app.scenes[0], TableScene) and app.scenes[0] is not sc
    assert [s.closed for s in seats_of(sc)] == [1, 1, 1]
    assert not any(s.closed for s in seats_of(app.scenes[0]))


def test_continue_builds_new_seats_and_closes_them_too(app, leave_table):
    from game.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    sc = TableScene(app, ["human", "random", "random", "random"], seed=8, hands=2)
    app.push(sc)
    run_until(app, lambda: sc.prompt_for is not None and not sc.director.timeline.busy)
    leave_table(app)
    resumed = make_scene(app, resume=True)
    assert isinstance(resumed, TableScene)
    app.push(resumed)
    app.step([], 1 / 30)
    first, second = seats_of(sc), seats_of(resumed)
    assert not set(map(id, first)) & set(map(id, second))
    assert [s.closed for s in first] == [1, 1] and [s.closed for s in second] == [0, 0]
    leave_table(app)
    assert [s.closed for s in second] == [1, 1]
