"""The table as the first screen (``play --autoplay``, no title before it): no frame's spare time
has drawn it ahead, so it is drawn once off-screen when it is pushed (`rehearsal.draw_ahead`),
and its first frame opens no font, renders no text and makes no picture (it took 46 ms of CPU
time in bench/bench_ui.py --no-title, issue 35's hitch when the table appears). Counted as
cache misses, never timed."""

from __future__ import annotations

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.scenes.table import TableScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    a = App(Settings(language="ko", sound=False, animation_speed="normal", ai_delay_ms=0),
            size=(1280, 800))
    yield a
    a.close()


def made(app: App) -> tuple[int, int, int]:
    """Pictures the tile art has made, texts rendered and fonts opened so far (kept or not)."""
    texts = app.fonts.texts
    return (len(app.art.cache) + app.art.cache.evictions, len(texts) + texts.evictions,
            app.fonts.opened)


def test_the_first_frame_of_a_table_shown_first_makes_nothing_new(app):
    assert app.frames == 0
    app.push(TableScene(app, ["random"] * 4, seed=3, hands=1, record=False))
    before = made(app)
    app.step([], 1 / 60)
    assert app.frames == 1
    assert made(app) == before


def test_a_table_opened_later_is_not_drawn_twice_on_the_way(app, monkeypatch):
    drawn: list[object] = []
    monkeypatch.setattr(TableScene, "draw", lambda self, surface: drawn.append(surface))
    app.push("title")
    app.step([], 1 / 60)
    app.push(TableScene(app, ["random"] * 4, seed=3, hands=1, record=False))
    assert drawn == []  # the title's spare time prepares it: nothing drawn when it is pushed


def test_its_opening_opens_no_font_with_one_step_of_spare_time_a_frame(app):
    """The seat choice, the ritual and the deal, the work ahead getting one step a frame (a
    busy machine): the right column, which shows with the deal, had two fonts to open."""
    app.push(TableScene(app, ["random"] * 4, seed=3, hands=1, record=False))
    opened = 0  # in the frames (the work ahead opens them between frames)
    for _ in range(800):
        fonts = app.fonts.opened
        app.step([], 1 / 60)
        opened += app.fonts.opened - fonts
        app.idle(0.0, steps=1)
    assert not app.top.director.model.dealing, "the deal did not end within the frames counted"
    assert opened == 0
