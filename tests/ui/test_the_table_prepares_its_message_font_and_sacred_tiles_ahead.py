"""Drawing the table ahead (`board.prepare_table_text`, in the title's spare time) opens the font
of the messages above the buttons (a flower's, a refusal's) and draws the sacred-discard line's
small tiles: at 1920x1080 a hand's frame opened that font when the first message came, and drew
a sacred tile when the line first showed (``bench/bench_ui.py --assists``: "1 fonts opened",
"1 sprites drawn")."""

from __future__ import annotations

import pygame
import pytest

from game.ui.art import TileArt
from game.ui.board import draw_sacred, prepare_table_text
from game.ui.layout import Layout
from game.ui.widgets import Fonts, wrap


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_message_and_the_sacred_line_open_no_font_and_draw_no_tile_after_the_table_ahead(size):
    pygame.init()
    lay, art, fonts = Layout.for_size(*size), TileArt(), Fonts()
    prepare_table_text(lay, art, fonts, "en")
    opened, sprites = fonts.opened, len(art.cache) + art.cache.evictions
    surface = pygame.Surface(size)
    wrap(fonts, "Jimin (North): flower!", max(14, round(lay.line_h * 0.6)), lay.buttons.w - 8)
    draw_sacred(surface, lay, art, fonts, "Sacred discard", "", (0, 13, 24))
    assert fonts.opened == opened, "no font opened"
    assert len(art.cache) + art.cache.evictions == sprites, "no tile drawn"
