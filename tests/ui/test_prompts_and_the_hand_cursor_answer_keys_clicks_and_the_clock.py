"""The prompt and the hand's cursor (`game.ui.controls`): the focus and the keys, which mouse
button answers, the countdown and its time bank, the clock's colours, the buttons' hover, their
warning marks and tooltips, a prompt with no choice or no title."""

from __future__ import annotations

import pygame
import pytest
from table_screen import Recording, Words, key, make_app, mouse, private_dirs, spy_words

from game.ui.widgets import Fonts


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    return private_dirs(tmp_path, monkeypatch)


@pytest.fixture
def words(monkeypatch) -> Words:
    return spy_words(monkeypatch)


def test_a_warning_mark_edges_the_button_and_leaves_its_face_alone():
    from game.ui.controls import WARN, draw_warning_mark

    surface = pygame.Surface((300, 80))
    surface.fill((10, 60, 30))
    r = pygame.Rect(20, 10, 240, 50)
    box = draw_warning_mark(surface, r)
    assert r.contains(box) and box.x - r.x < r.w // 4  # the mark at the button's left end
    assert tuple(surface.get_at((r.centerx, r.y)))[:3] == WARN  # an orange edge ...
    assert tuple(surface.get_at((r.centerx, r.bottom - 1)))[:3] == WARN
    assert tuple(surface.get_at((r.right - 1, r.centery)))[:3] == WARN
    # ... around a face that keeps its colour (the button's text stays readable)
    assert tuple(surface.get_at((r.centerx, r.centery)))[:3] == (10, 60, 30)
    assert tuple(surface.get_at((r.right - 20, r.y + 10)))[:3] == (10, 60, 30)
    assert tuple(surface.get_at((box.x + box.w // 4, box.bottom - 2)))[:3] == WARN  # the triangle
    assert tuple(surface.get_at((r.x - 3, r.y - 3)))[:3] == (10, 60, 30)  # nothing outside


def test_a_tooltip_sits_above_the_clock_and_the_title_with_even_margins(words, monkeypatch):
    """Pointing at a disabled button shows why in a box above the buttons, the question and the
    seconds left (hiding none of them), its text as far from the left edge as from the right."""
    import game.ui.controls as controls
    from game.ui.controls import Choice, Prompt

    app = make_app()
    panels: list[pygame.Rect] = []
    real_panel = controls.draw_panel

    def spy_panel(surface, rect, *a, **kw):
        panels.append(pygame.Rect(rect))
        return real_panel(surface, rect, *a, **kw)

    monkeypatch.setattr(controls, "draw_panel", spy_panel)
    p = Prompt([Choice("win", "Win", None, False, "not two points"), Choice("pass", "Pass")],
               countdown=8, clock=lambda left, bank, in_bank: f"{left:.0f} s left")
    p.hover = 0
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    rec = Recording((1280, 800), words)
    p.draw(rec, app.fonts, rects, 20, title="East discards 5m")
    at = dict(rec.texts)
    title, clock, tip = at["East discards 5m"], at["8 s left"], at["not two points"]
    assert title.bottom <= rects[0].y and clock.bottom <= title.y
    box, = panels
    assert box.contains(tip) and box.bottom <= clock.y
    assert tip.x - box.x == box.right - tip.right
    app.close()


def test_a_new_turn_puts_the_cursor_on_the_drawn_tile_or_on_the_first():
    from game.ui.controls import HandCursor

    c = HandCursor()
    c.reset(14)
    assert (c.index, c.current(14)) == (13, 13)  # the drawn tile, last
    c.reset(14, at_drawn=False)
    assert (c.index, c.current(14)) == (0, 0)  # after a pung: the first tile
    c.reset(0)
    assert c.index is None


def test_a_frame_longer_than_the_clock_and_the_bank_chooses_the_default_at_once():
    """2 s on the clock and a 1 s bank: one frame of 3.5 s (a stall) spends both; the default
    is chosen in that frame, not one frame later."""
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=2.0, bank=1.0)
    p.update(3.5)
    assert p.result == "pass" and p.bank_left == 0.0


def test_end_and_space_go_to_the_last_tile():
    from game.ui.controls import HandCursor

    c = HandCursor()
    c.reset(14, at_drawn=False)
    assert c.key(pygame.K_END, 14) == ("select", 13) and c.index == 13
    c.reset(14, at_drawn=False)
    assert c.key(pygame.K_SPACE, 14) == ("discard", 13) and c.index == 13


def test_only_the_left_button_releases_a_click():
    """Press the left button on tile 2, let a right button go there: nothing is thrown; the
    left button's release throws tile 2."""
    from game.ui.controls import HandCursor

    rects = [pygame.Rect(40 * i, 0, 38, 50) for i in range(5)]
    c = HandCursor()
    c.reset(5)
    at = rects[2].center
    assert c.mouse(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at), rects) == \
        ("select", 2)
    assert c.mouse(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=at), rects) is None
    assert c.mouse(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at), rects) == \
        ("discard", 2)


def test_up_and_left_move_a_prompts_focus_back_past_a_disabled_choice():
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("win", "Win"), Choice("pung", "Pung", enabled=False),
                Choice("kong", "Kong"), Choice("pass", "Pass")])
    p.focus = 3
    rects = [pygame.Rect(0, 40 * i, 100, 36) for i in range(4)]
    p.handle_event(key(pygame.K_UP), rects)
    assert p.focus == 2
    p.handle_event(key(pygame.K_LEFT), rects)
    assert p.focus == 0  # Pung is skipped
    p.handle_event(key(pygame.K_UP), rects)
    assert p.focus == 3  # round to the last
    p.handle_event(key(pygame.K_DOWN), rects)
    assert p.focus == 0


def test_only_a_left_click_answers_a_prompt():
    """A right click or the wheel over Pass answers nothing; a left click there answers Pass."""
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=5)
    rects = [pygame.Rect(100, 100, 200, 40), pygame.Rect(100, 150, 200, 40)]
    at = rects[1].center
    for button in (3, 2, 4, 5):
        assert not p.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button,
                                                     pos=at), rects)
    assert p.result is None
    assert p.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at), rects)
    assert p.result == "pass"


def test_the_countdown_bar_above_the_buttons_shrinks_with_the_time_left():
    """A 10 s question with 5 s left: the gold bar over the top button (200 px wide) is drawn
    over its left half only, 100 px; with 8 s left, over 160 px."""
    from game.ui.controls import Choice, Prompt
    from game.ui.widgets import GOLD

    rects = [pygame.Rect(100, 100, 200, 40), pygame.Rect(100, 150, 200, 40)]
    for spent, length in ((5.0, 100), (2.0, 160)):
        p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=10)
        p.update(spent)
        surf = pygame.Surface((500, 300))
        p.draw(surf, Fonts(), rects, 18)
        row = [x for x in range(500) if surf.get_at((x, 96))[:3] == GOLD]
        assert row == list(range(100, 100 + length))


def _prompt_draw(monkeypatch, prompt, rects, palette=None):
    """Draw `prompt` and return what it asked of the buttons, the fonts and the panels."""
    import game.ui.controls as controls
    from game.ui.themes import DEFAULT_PALETTE

    app = make_app()
    seen = {"buttons": [], "fits": [], "panels": []}
    button, panel, fit = controls.draw_button, controls.draw_panel, Fonts.fit

    def spy_button(surface, fonts, b, focused, size, hovered=False, palette=DEFAULT_PALETTE):
        seen["buttons"].append((b.label, focused, hovered))
        return button(surface, fonts, b, focused, size, hovered=hovered, palette=palette)

    def spy_panel(surface, rect, *a, **kw):
        seen["panels"].append((pygame.Rect(rect), kw.get("palette", DEFAULT_PALETTE)))
        return panel(surface, rect, *a, **kw)

    def spy_fit(self, s, size, max_w, colour=(255, 255, 255), bold=False):
        seen["fits"].append((s, max_w, tuple(colour), bold))
        return fit(self, s, size, max_w, colour, bold)

    monkeypatch.setattr(controls, "draw_button", spy_button)
    monkeypatch.setattr(controls, "draw_panel", spy_panel)
    monkeypatch.setattr(Fonts, "fit", spy_fit)
    kw = {} if palette is None else {"palette": palette}
    prompt.draw(pygame.Surface((1280, 800)), app.fonts, rects, 20, title="Claim?", **kw)
    app.close()
    return seen


@pytest.mark.parametrize("hover", [0, 1, None])
def test_only_the_button_under_the_mouse_is_drawn_hovered(monkeypatch, hover):
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")])
    p.hover = hover
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    seen = _prompt_draw(monkeypatch, p, rects)
    assert [h for _, _, h in seen["buttons"]] == [i == hover for i in range(2)]


@pytest.mark.parametrize("left, in_bank, urgent", [(8.0, False, False), (3.5, False, False),
                                                    (3.0, False, True), (1.2, False, True),
                                                    (0.0, True, True)])
def test_the_clock_turns_red_in_the_last_three_seconds_and_in_the_bank_and_keeps_to_the_left(
        monkeypatch, left, in_bank, urgent):
    """The seconds are white until the last three, then red (the time bank too, in bold); the
    clock takes at most about two thirds of the button width, even for a long text, so the
    time bank's words never run into the tile on offer at the right."""
    from game.ui.controls import Choice, Prompt
    from game.ui.widgets import WHITE

    p = Prompt([Choice("pass", "Pass")], countdown=8, bank=5,
               clock=lambda left, bank, in_bank: "time bank: a good many seconds left")
    p.left, p.in_bank = left, in_bank
    rects = [pygame.Rect(900, 600, 300, 40)]
    seen = _prompt_draw(monkeypatch, p, rects)
    (_, max_w, colour, bold), = [f for f in seen["fits"] if f[0].startswith("time bank")]
    assert (colour != tuple(WHITE)[:len(colour)]) == urgent
    if urgent:
        assert colour[0] > 200 and colour[1] < 170  # red
    assert bold == in_bank
    assert 0.5 * rects[0].w <= max_w <= 0.7 * rects[0].w


def test_the_tooltip_box_is_drawn_in_the_tables_palette(monkeypatch):
    from game.ui.controls import Choice, Prompt
    from game.ui.themes import Palette

    theme = Palette(panel=(16, 30, 56), edge=(92, 116, 160), hilite=(44, 70, 122))
    p = Prompt([Choice("win", "Win", None, False, "not two points"), Choice("pass", "Pass")])
    p.hover = 0
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    seen = _prompt_draw(monkeypatch, p, rects, palette=theme)
    (_, palette), = seen["panels"]
    assert palette == theme


def test_a_countdown_that_runs_out_without_a_bank_chooses_the_default_without_a_tick():
    """The countdown over and no time bank: the default is chosen, and no new second starts
    (no tick sound for a second nobody will see)."""
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=2, default="pass")
    assert p.update(1.5) is True  # 2 -> 1: a new second
    assert p.update(1.0) is False and p.result == "pass"


def test_the_warning_marks_edge_has_round_corners_and_its_mark_is_dark_inside_the_triangle():
    """The orange edge follows the button's rounded corners (its very corner pixel stays the
    button's); the "!" is dark on the triangle: a bar in the upper part and a dot below it, one
    colour, nothing dark outside the mark's box."""
    from game.ui.controls import draw_warning_mark

    felt = (90, 140, 110)
    surface = pygame.Surface((300, 140))
    surface.fill(felt)
    r = pygame.Rect(20, 10, 240, 50)
    box = draw_warning_mark(surface, r)
    for corner in ((r.x, r.y), (r.right - 1, r.y), (r.x, r.bottom - 1), (r.right - 1, r.bottom - 1)):
        assert tuple(surface.get_at(corner))[:3] == felt, corner
    column = [(y, tuple(surface.get_at((box.centerx, y)))[:3]) for y in range(surface.get_height())]
    dark = [(y, c) for y, c in column if sum(c) < 150]
    assert dark and all(box.y <= y < box.bottom for y, _ in dark), (box, dark)
    assert len({c for _, c in dark}) == 1  # the bar and the dot in one colour
    ys = [y for y, _ in dark]
    runs = [y for y in ys if y - 1 not in ys]  # where each dark stretch begins
    assert len(runs) == 2 and runs[0] < box.centery < runs[1], (box, ys)  # a bar, then a dot


def test_a_click_on_no_tile_discards_nothing_and_a_drag_from_there_moves_nothing():
    """Pressed off the tiles, the mouse moved over them only chooses as it passes (nothing is
    held) and released off them again discards nothing."""
    from game.ui.controls import HandCursor

    rects = [pygame.Rect(100 + 40 * i, 500, 40, 56) for i in range(5)]
    cur = HandCursor()
    assert cur.mouse(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)), rects) is None
    assert cur.mouse(mouse(pygame.MOUSEMOTION, (190, 520)), rects) == ("select", 2)
    assert cur.mouse(mouse(pygame.MOUSEBUTTONUP, (20, 20)), rects) is None
    assert cur.drag is None


def test_a_prompt_without_choices_says_so():
    """The error is the plain sentence, nothing around it."""
    from game.ui.controls import Prompt

    with pytest.raises(ValueError, match=r"^a prompt needs at least one choice$"):
        Prompt([])


def test_a_prompt_without_a_title_writes_nothing_above_its_buttons_and_a_title_is_bold(
        words, monkeypatch):
    from game.ui.controls import Choice, Prompt

    app = make_app()
    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")])
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    rec = Recording((1280, 800), words)
    p.draw(rec, app.fonts, rects, 20)
    assert rec.texts and all(r.y >= rects[0].y for _, r in rec.texts), rec.texts
    app.close()
    seen = _prompt_draw(monkeypatch, p, rects)
    assert [bold for s, _, _, bold in seen["fits"] if s == "Claim?"] == [True]
