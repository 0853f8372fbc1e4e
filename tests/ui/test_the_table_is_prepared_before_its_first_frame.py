"""The hitch when the table appears (issue 35): what a hand draws besides the tile sprites (the
shadows under hand rows of every length, sideways cells, the dice at the sizes they are drawn)
is made in the spare time before the table is shown (`game.ui.rehearsal`, run by
`App._table_ahead`), so the seat choice, the ritual and the deal make no new picture and open no
font. Counted as cache misses, never timed."""

from __future__ import annotations

import pytest

from game.ui.app import App
from game.ui.scenes.table import TableScene

FRAMES = 700  # the seat choice, the ritual, the dice and the deal at normal speed


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="normal", ai_delay_ms=0)


def made(app: App) -> int:
    """Pictures the tile art has made so far (those kept and those dropped since)."""
    return len(app.art.cache) + app.art.cache.evictions


def test_the_opening_of_a_hand_makes_no_new_picture_once_the_table_is_prepared(app):
    app.push("title")
    app.step([], 1 / 60)
    while app.idle(1.0):  # the title's spare time: everything drawn ahead
        pass
    sc = TableScene(app, ["random"] * 4, seed=3, hands=1, record=False)
    app.push(sc)
    before, fonts = made(app), app.fonts.opened
    dealt = False
    for _ in range(FRAMES):
        app.step([], 1 / 60)
        dealt = dealt or not sc.director.model.dealing
    assert dealt, "the deal did not end within the frames counted"
    assert made(app) == before, list(app.art.cache)[-(made(app) - before):]
    assert app.fonts.opened == fonts
