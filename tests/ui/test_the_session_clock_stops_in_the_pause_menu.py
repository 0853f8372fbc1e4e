"""The table's session clock (the plates' "3:07", the record's play time) stops while the pause
menu is open, and while the settings or the yak guide opened from it are (issue 35): time is
driven by a fake clock through the window's frame clock (a frame every tenth of a second)."""

import pygame
import pytest

from game.ui.app import App
from game.ui.clock import FrameClock, ManualClock
from game.ui.scenes.table import TableScene


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant", ai_delay_ms=0)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def run(app: App, fake: ManualClock, frames: FrameClock, seconds: float, events=()) -> None:
    """`seconds` of fake time, a frame each 1/10 s (the first frame gets `events`)."""
    first = list(events)
    for _ in range(round(seconds * 10)):
        fake.advance(1 / 10)
        app.step(first, frames.tick())
        first = []


def test_the_clock_stands_still_while_paused(app):
    fake = ManualClock()
    frames = FrameClock(time_source=fake)
    sc = TableScene(app, ["human", "random", "random", "random"], seed=5, hands=1, record=False)
    app.push(sc)
    run(app, fake, frames, 2.5)
    assert app.top is sc and sc.elapsed == pytest.approx(2.5, abs=0.05)
    before, shown = sc.elapsed, sc.info().clock
    run(app, fake, frames, 65.0, [key(pygame.K_ESCAPE)])  # over a minute in the pause menu
    assert app.top.name == "pause"
    assert sc.elapsed == before and sc.info().clock == shown == "0:02"
    run(app, fake, frames, 10.0, [key(pygame.K_DOWN), key(pygame.K_RETURN)])  # its settings
    assert app.top.name == "settings" and sc.elapsed == before
    run(app, fake, frames, 0.5, [key(pygame.K_ESCAPE)])
    assert app.top.name == "pause" and sc.elapsed == before
    run(app, fake, frames, 1.0, [key(pygame.K_ESCAPE)])  # resumed: the clock goes on from 0:02
    assert app.top is sc
    assert sc.elapsed == pytest.approx(before + 1.0, abs=0.05)
    assert sc.info().clock == "0:03"
