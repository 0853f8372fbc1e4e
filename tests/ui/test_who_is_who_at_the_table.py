"""Who is who at the table (issue 32): each seat's plate sits beside that seat's hand (the right
seat's no longer in the window's top corner, where it read as the top hand's), a plate's second
line (the Dealer badge) never covers its name, even on the enlarged plates of the lesson,
practice and replay boards (issue 35), the wall's backs are darker than the hands' so the two
are told apart at a glance, and the console's text is at least the plates' size (issue 35: it
was about 9 px at 1024x640)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.art import TileArt
from game.ui.board import (
    InfoView,
    console_lines,
    draw_plate,
    draw_walls,
    plate_grown,
    plate_text_sizes,
    wall_back,
)
from game.ui.layout import Layout
from game.ui.widgets import Fonts

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()


@pytest.mark.parametrize("w, h", SIZES)
def test_each_plate_is_level_with_its_own_hand(w, h):
    lay = Layout.for_size(w, h)
    top, right, left = lay.row_region(2), lay.row_region(1), lay.row_region(3)
    across, beside = lay.plate(2), lay.plate(1)
    # the across seat's plate: left of the table, level with the top hand
    assert across.right <= lay.frame.x and across.y <= top.center[1] <= across.bottom
    # the right seat's plate: right of the table, below the top hand's level, by the right hand
    assert beside.x >= lay.frame.right
    assert beside.y > top.bottom and beside.y < right.center[1]
    # the left seat's plate: beside the left hand's middle
    assert lay.plate(3).y <= left.center[1] <= lay.plate(3).bottom


def _luma(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def test_the_wall_is_darker_than_a_hand_so_the_two_are_told_apart():
    lay = Layout.for_size(1280, 800)
    art = TileArt()
    surface = pygame.Surface(lay.size)
    surface.fill((0, 0, 0))
    wall = [[(False, False)] * 13 for _ in range(4)]
    wall[0][6] = (True, False)  # one lower-tier tile in the bottom wall
    draw_walls(surface, lay, art, wall)
    x, y = lay.wall_tile_pos(0, 6, 0)
    back = art.tile(None, lay.tile, 0, False)  # the same back, as a hand shows it
    cx, cy = back.get_width() // 2, back.get_height() // 3
    in_wall = surface.get_at((x + cx, y + cy))
    in_hand = back.get_at((cx, cy))
    assert _luma(in_wall) < 0.85 * _luma(in_hand), (in_wall, in_hand)
    assert wall_back(back) is wall_back(back)  # made once, kept


def _ink_rows(a: pygame.Surface, b: pygame.Surface, box: pygame.Rect) -> list[int]:
    """The rows of `box` where the two pictures differ."""
    return [y for y in range(box.y, box.bottom)
            if any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(box.x, box.right))]


@pytest.mark.parametrize("w, h", SIZES)
@pytest.mark.parametrize("scale", [1.0, 1.3, 1.8])
def test_the_dealer_badge_never_covers_the_name(w, h, scale):
    lay = Layout.for_size(w, h)
    art, fonts = TileArt(), Fonts()
    box = plate_grown(pygame.Rect(lay.plate(2).as_tuple()), 2, scale)

    def picture(name: str, dealer: int) -> pygame.Surface:
        s = pygame.Surface(lay.size)
        s.fill((0, 0, 0))
        info = InfoView(names=("You", "Jiho", name, "Jimin"), dealer=dealer)
        draw_plate(s, lay, art, fonts, info, 2, text_scale=scale)
        return s

    named, bare = picture("Hayoon Jgy", 2), picture("", 2)
    name_rows = _ink_rows(named, bare, box)
    nobody, badge = picture("", 0), bare
    badge_rows = _ink_rows(badge, nobody, box)
    assert name_rows and badge_rows
    assert max(name_rows) < min(badge_rows), (max(name_rows), min(badge_rows))
    _pad, size, small = plate_text_sizes(fonts, box.h, scale)
    unscaled = plate_text_sizes(fonts, lay.plate(2).h)[1]
    assert small >= 10 and size >= (unscaled + 2 if scale > 1 else unscaled)  # larger, as asked


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("w, h", SIZES)
def test_the_console_text_is_at_least_the_plates_size_and_fits(w, h, lang):
    lay = Layout.for_size(w, h)
    fonts = Fonts()
    plate_small = plate_text_sizes(fonts, round(lay.plate_size[1]))[2]
    for info in (InfoView(lang=lang), InfoView(lang=lang, prevalent=1, doubled=True)):
        lines = console_lines(lay, fonts, info)
        assert min(size for _, size, _, _ in lines) >= max(11, plate_small)
        assert len(lines) >= 3  # the hand, the tiles left and what they are
        if info.prevalent is not None:  # a prevalent wind in use is always said
            assert any("South" in t or "남" in t for t, _, _, _ in lines)
