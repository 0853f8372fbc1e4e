"""The hints panel and the action area never collide (issue 32): the prompt's place above its
buttons (title, claimed tile or clock, the coach's line) is reserved, the hovered button's
tooltip is drawn over the panel (never under it), and the panel's bold headline wraps inside the
panel (it was measured in the regular face and cut at the edge: "Ready: waiting on 2 kinds c").
"""

from __future__ import annotations

import pygame
import pytest
from test_the_coach_says_why_uper_is_refused import CHEAP, app, table_at  # noqa: F401

from game.practice.hints import hints, practice_observation
from game.ui.art import TileArt
from game.ui.controls import Prompt
from game.ui.hints_panel import HintsPanel
from game.ui.layout import Layout
from game.ui.widgets import Fonts

HEADLINE = "Ready: waiting on 2 kinds of tile"


@pytest.mark.parametrize("width", [150, 171, 190, 205, 230])
def test_a_bold_headline_wraps_inside_the_panel(width):
    pygame.font.init()
    p = HintsPanel(Fonts(), TileArt(), "en")
    p.min_px = 13
    img = p._fit(HEADLINE, 16, width, (255, 255, 255), True)
    assert img.get_width() <= width


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_headline_of_a_ready_hand_is_never_cut_at_every_size(size):
    pygame.font.init()
    lay = Layout.for_size(*size)
    rect = pygame.Rect(lay.hints_area(2, 140).as_tuple())
    obs = practice_observation("23m456p789p111z55z9m", rivers=("7m", "", "", ""))
    p = HintsPanel(Fonts(), TileArt(), "en")
    p.set_hints(hints(obs))
    surface = pygame.Surface(size)
    drawn: list[int] = []
    real = p._fit

    def spy(s, sz, max_w, colour, bold):
        img = real(s, sz, max_w, colour, bold)
        if max_w:
            drawn.append(img.get_width() - int(max_w))
        return img

    p._fit = spy  # type: ignore[method-assign]
    p.draw(surface, rect, lay.hints_text_px)
    assert drawn and max(drawn) <= 0


def test_the_tooltip_is_drawn_over_the_hints_panel(app, monkeypatch):  # noqa: F811
    sc = table_at(app, monkeypatch, CHEAP)
    sc.coach = ()  # no coach's lines beside the buttons: the hover shows a tooltip
    sc.toggle_hints()
    order: list[str] = []
    panel_draw = type(sc.hints_panel).draw
    tip_draw = Prompt.draw_tooltip

    def panel(self, *a, **k):
        order.append("panel")
        return panel_draw(self, *a, **k)

    def tip(self, *a, **k):
        order.append("tooltip" if self.tooltip else "no tooltip")
        return tip_draw(self, *a, **k)

    monkeypatch.setattr(type(sc.hints_panel), "draw", panel)
    monkeypatch.setattr(Prompt, "draw_tooltip", tip)
    uper = [c.action for c in sc.prompt.choices].index("uper")
    r = sc.button_rects()[uper]
    sc.prompt.hover = uper  # the pointer on the refused uper button
    assert sc.prompt.tooltip
    app.step([], 1 / 30)
    assert order[-2:] == ["panel", "tooltip"], order
    assert r.bottom <= app.layout.height


def test_no_tooltip_repeats_the_coach_standing_beside_the_buttons(app, monkeypatch):  # noqa: F811
    sc = table_at(app, monkeypatch, CHEAP)
    sc.toggle_hints()
    assert sc.prompt_head()[0]  # the coach's lines are shown
    shown: list[str] = []
    tip_draw = Prompt.draw_tooltip

    def tip(self, *a, **k):
        shown.append(self.tooltip)
        return tip_draw(self, *a, **k)

    monkeypatch.setattr(Prompt, "draw_tooltip", tip)
    sc.prompt.hover = [c.action for c in sc.prompt.choices].index("uper")
    app.step([], 1 / 30)
    assert shown == []
    uper = next(c for c in sc.prompt.choices if c.action == "uper")
    assert uper.reason == " ".join(sc.coach), "the hover (elsewhere: U) says what the coach says"
