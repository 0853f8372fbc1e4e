"""A result screen's ground (`results._ground`): what lies under it dimmed and its opaque panel,
the same pixels as dimming the whole window (`shade_screen`) and blending the kept panel over it
(`draw_panel`), but the dimming only around the panel and in its round corners, and the panel
drawn straight onto the window: no surface made, no panel kept (about half a result frame's
CPU time at 1920x1080)."""

import pygame
import pytest

from game.ui import widgets
from game.ui.scenes import results
from game.ui.themes import DEFAULT_PALETTE


def striped(size):
    screen = pygame.Surface(size)
    for x in range(size[0]):
        pygame.draw.line(screen, (x % 256, 255 - x % 256, (x * 7) % 256), (x, 0), (x, size[1] - 1))
    return screen


@pytest.mark.parametrize(("size", "alpha"), [((400, 300), 150), ((1024, 640), 170), ((333, 201), 150)])
def test_the_ground_has_the_pixels_of_the_whole_window_dimmed_and_the_panel_blended(monkeypatch, size, alpha):
    screen = striped(size)
    w, h = size
    box = pygame.Rect(0, 0, round(w * 0.86), round(h * 0.86))
    box.center = (w // 2, h // 2)
    want = screen.copy()
    widgets.shade_screen(want, alpha)
    widgets.draw_panel(want, box, alpha=255, palette=DEFAULT_PALETTE)
    got = screen.copy()
    real = pygame.Surface
    made = []
    monkeypatch.setattr(pygame, "Surface", lambda *a, **k: made.append(a) or real(*a, **k))
    widgets._PANELS.clear()
    results._ground(got, box, DEFAULT_PALETTE, alpha)
    monkeypatch.setattr(pygame, "Surface", real)
    assert not made and len(widgets._PANELS) == 0, "no surface made, no panel kept"
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
