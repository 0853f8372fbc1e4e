"""The table's key help (F1 or H, `game/ui/table/help_overlay.py`) has a title and is laid out
for its words (issue 35: it had no title and half of its panel was empty): the panel is only as
tall as its paragraphs, every line inside it, at 1024x640, 1280x800 and 1920x1080, in English
and Korean."""

import pygame
import pytest

from game.ui.table.help_overlay import _balance, draw_help, help_layout
from game.ui.widgets import Fonts


@pytest.fixture(params=["en", "ko"])
def app(request, make_app):
    return make_app(language=request.param)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_help_is_titled_and_as_tall_as_its_words(app, monkeypatch, size):
    said: list[tuple[str, pygame.Surface]] = []
    text = Fonts.text

    def spy(self, s, px, colour=(255, 255, 255), bold=False):
        surf = text(self, s, px, colour, bold)
        said.append((s, surf))
        return surf

    monkeypatch.setattr(Fonts, "text", spy)
    surface = pygame.Surface(size)
    draw_help(surface, app)
    lay = help_layout(app, *size)
    words = [s for s, _ in said]
    assert words[0] == app.tr("help.title")  # the title first, then the paragraphs
    assert app.tr("help.close") in words
    paragraphs = [p for p in app.tr("table.help").split("\n") if p.strip()]
    assert len(lay.paragraphs) == len(paragraphs)
    assert " ".join(" ".join(lines) for _, _, lines in sorted(lay.paragraphs, key=lambda p: (p[0], p[1]))) \
        .replace(" ", "") == "".join(paragraphs).replace(" ", "")  # every word, in order
    box = lay.box
    assert surface.get_rect().contains(box)
    # the panel ends just under its words: its title, the paragraphs and the closing line
    empty = box.bottom - lay.body_bottom
    assert empty < 4 * lay.size, (empty, lay.size)
    for _, top, lines in lay.paragraphs:
        assert box.y < top and top + len(lines) * lay.line_h <= box.bottom
        for ln in lines:
            assert app.fonts.width(ln, lay.size) <= lay.col_w


def test_two_columns_take_paragraphs_in_order_and_balance_them():
    assert _balance([3, 1, 1, 3], 2) == [[0, 1], [2, 3]]
    assert _balance([4, 4, 4, 4, 4], 2) in ([[0, 1, 2], [3, 4]], [[0, 1], [2, 3, 4]])
