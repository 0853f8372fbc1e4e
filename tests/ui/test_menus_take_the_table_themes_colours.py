"""The menus opened over a table (pause, settings, rules, yak guide) take the chosen table
theme's colours (`TableTheme.palette`): over a navy or a wine table they are navy or wine, not
the green table's (issue 35)."""

import pygame
import pytest

from game.ui.scenes.table import TableScene
from game.ui.themes import TABLE_THEMES


@pytest.fixture(params=sorted(TABLE_THEMES))
def app(request, make_app):
    return make_app(animation_speed="instant", ai_delay_ms=0, table_theme=request.param)


def esc() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")


def rgb(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    return tuple(surface.get_at(pos))[:3]  # type: ignore[return-value]


def test_the_pause_menu_over_the_table_is_in_the_tables_colours(app):
    palette = TABLE_THEMES[app.settings.table_theme].palette
    app.push(TableScene(app, ["human", "random", "random", "random"], seed=5, hands=1,
                        record=False))
    for _ in range(3):
        app.step([], 1 / 30)
    app.step([esc()], 1 / 30)
    pause = app.top
    assert pause.name == "pause"
    app.step([], 1 / 30)
    box, buttons, _size = pause.geometry()
    assert rgb(app.canvas, (box.x + 8, box.centery)) == palette.panel  # the panel, beside the buttons
    focused, other = buttons[pause.focus], buttons[pause.focus + 1]
    assert rgb(app.canvas, (focused.rect.x + 6, focused.rect.centery)) == palette.hilite
    assert rgb(app.canvas, (other.rect.x + 6, other.rect.centery)) == palette.panel


@pytest.mark.parametrize("screen", ["settings", "rules", "yak_guide"])
def test_the_menus_ground_and_panel_follow_the_theme(app, screen):
    palette = TABLE_THEMES[app.settings.table_theme].palette
    app.push(screen)
    app.step([], 1 / 30)
    top = rgb(app.canvas, (1, 1))
    assert max(abs(a - b) for a, b in zip(top, palette.ground_top)) <= 3, (top, palette.ground_top)
    bottom = rgb(app.canvas, (1, app.canvas.get_height() - 2))
    assert max(abs(a - b) for a, b in zip(bottom, palette.ground_bottom)) <= 3
    box = app.top.geometry()["box"]
    panel = rgb(app.canvas, (box.x + 6, box.centery))
    # the panel (opaque, or nearly: 230 of 255 over the ground) is the theme's colour
    assert max(abs(a - b) for a, b in zip(panel, palette.panel)) <= 8, (panel, palette.panel)
