"""The danger assist at the table (issue 32): once West declares uper, each tile of the human's
hand gets a bar above it (green with a tick when exactly safe, else its chance to deal in), the
hovered tile's reasons stand above it in the player's language, and a ready hand's waits are named
with how many are left. Off (the default), nothing is shaded or computed. F8 toggles it, saved.

The hand of `test_the_danger_assist_marks_exactly_safe_tiles_and_why`: West (55z 123m 456m 78p
11z) declares uper with 4p; East holds 4p, 1p (its stem 1-4-7), 6z (thrown by North after the
uper) and 6p (a wait of West's).
"""

from __future__ import annotations

import pygame
import pytest
import rigged_table

from game.engine.actions import PASS, Discard
from game.engine.rules import RuleSet
from game.engine.tiles import kind_of_tile, parse_tile
from game.practice import danger_assist as da
from game.settings import load_settings
from game.ui.scenes.table import TableScene
from game.ui.table import danger_overlay

app = rigged_table.app  # the fixture: a quiet 1024x640 window
T = parse_tile
RULES = RuleSet(flowers=False)
EAST = "1p4p6p5z234m789m2z3z6z7z"
WEST = "555z123m456m78p11z"


class _Uper(rigged_table.Passer):
    """West: declares uper with the 4p it draws, else passes and throws its draw."""

    def act(self, d):
        uper = Discard(T("4p"), uper=True)
        if d.kind == "turn" and uper in d.legal:
            return uper
        return super().act(d)


def after_wests_uper(app, monkeypatch, east: str = EAST, draws: str = "8p4p6z9p") -> TableScene:
    """East's turn after West's uper (East threw 7z first)."""
    sc = rigged_table.rigged_table(app, monkeypatch, [east, None, WEST, None], draws, seed=2,
                                   rules=RULES)
    sc.seats[sc.table.players[2]] = _Uper(sc)
    for _ in range(600):
        d = sc.prompt_for
        if d is not None and sc.director.idle:
            if d.kind == "turn" and any(d.observation.uper):
                app.step([], 1 / 30)
                return sc
            sc.act(Discard(T("7z")) if d.kind == "turn" else PASS)
        app.step([], 1 / 30)
    raise AssertionError("West never declared uper")


def _tile_rect(sc, kind: int) -> pygame.Rect:
    ids = sc.director.shown_ids(sc.human)
    i = [kind_of_tile(t) for t in ids].index(kind)
    return pygame.Rect(sc.director.hand_rects(sc.human)[i].rect.as_tuple())


def _bar_colour(app, sc, kind: int) -> tuple[int, int, int]:
    r = _tile_rect(sc, kind)
    if sc.selected_tile() is not None and \
            kind_of_tile(sc.director.shown_ids(sc.human)[sc.selected_tile()]) == kind:
        r = r.move(0, -app.layout.lift)
    h = max(8, round(r.h * 0.2))
    return tuple(app.canvas.get_at((r.x + 3, r.y - h // 2 - 3)))[:3]


def _on(app):
    app.apply_settings(app.settings.replace(assist_danger=True), save=False)


def test_the_safe_tiles_are_green_and_a_wait_of_the_uper_player_is_shaded_by_its_chance(app, monkeypatch):
    _on(app)
    sc = after_wests_uper(app, monkeypatch)
    view = sc.table_coach.shown["danger"]
    assert view.against == (2,)
    assert {k for k, td in view.tiles.items() if td.safe} == {T("1p"), T("4p"), T("6z")}
    for k in (T("1p"), T("4p"), T("6z")):
        assert _bar_colour(app, sc, k) == danger_overlay.SHADES["safe"]
    six = view.tiles[T("6p")]
    assert not six.safe and six.deal_in == max(td.deal_in for td in view.tiles.values())
    assert _bar_colour(app, sc, T("6p")) == danger_overlay.SHADES[six.level] != \
        danger_overlay.SHADES["safe"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_hovering_a_safe_tile_explains_the_stem_pattern(app, monkeypatch, lang):
    _on(app)
    app.apply_settings(app.settings.replace(language=lang), save=False)
    sc = after_wests_uper(app, monkeypatch)
    sc.table_coach.hover_at = _tile_rect(sc, T("1p")).center
    app.step([], 1 / 30)
    why = da.STEM_UPER(seat=2, source=T("4p"), stem=T("4p"), pattern="1-4-7")
    assert sc.table_coach.shown["reasons"] == [app.reason(why)]
    box = sc.table_coach.shown["reasons_box"]
    assert app.canvas.get_rect().contains(box)
    assert box.bottom < _tile_rect(sc, T("1p")).y  # above the tile, never over the hand
    if lang == "ko":
        assert "근 패턴" in sc.table_coach.shown["reasons"][0]


def test_off_by_default_nothing_is_shaded_or_computed(app, monkeypatch):
    def never(*a, **k):
        raise AssertionError("the danger reading was computed with the assist off")

    monkeypatch.setattr(danger_overlay, "danger_view", never)
    sc = after_wests_uper(app, monkeypatch)
    assert not app.settings.assist_danger
    assert "danger" not in sc.table_coach.shown
    assert _bar_colour(app, sc, T("1p")) != danger_overlay.SHADES["safe"]


def test_f8_turns_the_assist_on_and_off_and_saves_it(app, monkeypatch):
    sc = after_wests_uper(app, monkeypatch)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F8, mod=0, unicode="")
    app.step([key], 1 / 30)
    app.step([], 1 / 30)
    assert app.settings.assist_danger and load_settings(app.settings_path)[0].assist_danger
    assert "danger" in sc.table_coach.shown
    app.step([key], 1 / 30)
    assert not app.settings.assist_danger and not load_settings(app.settings_path)[0].assist_danger


def test_a_ready_hand_names_its_waits_with_how_many_are_left(app, monkeypatch):
    """East holds 234m 789m 46p 666z 22z and draws 9p: throwing the raised 9p leaves 46p on 5p."""
    _on(app)
    sc = after_wests_uper(app, monkeypatch, east="234m789m46p666z22z7z", draws="8p4p6z9p")
    ids = [kind_of_tile(t) for t in sc.director.shown_ids(sc.human)]
    assert ids[sc.selected_tile()] == T("9p")  # the cursor rests on the drawn tile
    line = app.reason(da.WAITS(waits=(da.WAIT(tile=T("5p"), n=4),)))
    assert sc.table_coach.shown["lines"] == [line]
    plate = sc.table_coach.shown["plates"][0]
    assert plate.bottom < min(r.rect.y for r in sc.director.hand_rects(sc.human))
    assert not plate.colliderect(pygame.Rect(app.layout.panel.as_tuple()))  # the right column
    assert not plate.colliderect(pygame.Rect(app.layout.plate(0).as_tuple()))  # the human's plate
