"""One cursor rule for the table, the lessons and the practice (issue 29): after any draw -- a
kong's replacement included -- the cursor rests on the drawn tile, so Enter discards what was
drawn, as Space does. (The table's own pins are in test_input_pins.py; the replay viewer plays
through the table scene, and the game review has no hand cursor.)"""

from __future__ import annotations

import pygame
import pytest

from game.engine.events import Discarded
from game.engine.tiles import parse_tile
from game.settings import CONFIG_ENV


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app(make_app):
    return make_app()


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def claims_lesson_at_the_replacement(app):
    """Lesson 4 (claims) played to its fourth step: West's kong on North's 3m drew the South
    wind from the back wall, and the step asks to discard it."""
    sc = app.push("lesson", lesson_id="claims")
    app.step([key(pygame.K_p)], 1 / 60)  # pung East's White dragon
    app.step([key(pygame.K_RETURN)], 1 / 60)  # next
    r = next(r for k, r in sc.geometry()["tiles"] if k == parse_tile("9m"))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1)], 1 / 60)
    app.step([key(pygame.K_RETURN)], 1 / 60)  # next
    app.step([key(pygame.K_k)], 1 / 60)  # kong North's 3m: the replacement is drawn
    app.step([key(pygame.K_RETURN)], 1 / 60)  # next
    assert sc.run.step.goal == "discard" and sc.run.step.tile == parse_tile("2z")
    assert sc.hand()[1] == parse_tile("2z"), "the replacement is the drawn tile"
    return sc


def last_discard(sc) -> int | None:
    ds = [e for e in sc.run.table.events if isinstance(e, Discarded)]
    return ds[-1].tile >> 2 if ds else None  # a tile id: four ids a kind


def test_enter_after_the_kong_replacement_in_lesson_4_discards_the_drawn_tile(app):
    sc = claims_lesson_at_the_replacement(app)
    tiles = [k for k, _r in sc.geometry()["tiles"]]
    assert sc.tile_cursor() == len(tiles) - 1, "the cursor rests on the drawn tile"
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert sc.run.state == "success"
    assert last_discard(sc) == parse_tile("2z")


def test_a_lesson_cursor_moved_by_the_player_discards_the_chosen_tile(app):
    sc = claims_lesson_at_the_replacement(app)
    app.step([key(pygame.K_LEFT)], 1 / 60)  # off the drawn tile: the player chose another
    tiles = [k for k, _r in sc.geometry()["tiles"]]
    assert sc.tile_cursor() == len(tiles) - 2
    app.step([key(pygame.K_RETURN)], 1 / 60)
    assert sc.run.state == "wrong", "the chosen tile, not the step's, was offered"


def test_the_practice_choice_starts_on_the_drawn_tile(app):
    """A practice position whose drawn tile is one of the ready discards (not the suggested
    one): the discard the choices use starts on the drawn tile."""
    from game.practice.uper_practice import generate_position
    from game.ui.scenes.practice import PracticeScene

    def wanted(seed):  # the positions come from computer play: find one, do not pin a seed
        try:
            pos = generate_position(seed, rules=app.settings.rules, stage="middle", want="any")
        except ValueError:
            return None
        d = pos.decision.observation.drawn
        return pos if d in pos.ready_discards and d != pos.ready_discard else None

    pos = next((p for p in map(wanted, range(200)) if p is not None), None)
    assert pos is not None, "the position this test needs"
    drawn = pos.decision.observation.drawn
    sc = PracticeScene(app, seed=1, threaded=False, playouts=4)
    app.push(sc)
    sc._show(pos)
    assert sc.discard == drawn
    assert {o.key for o in sc.options} and all(
        getattr(o.action, "tile", drawn) == drawn for o in sc.options if o.key != "fold")
