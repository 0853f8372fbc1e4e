"""The claim countdown on the player's plate (issue 14, "a countdown ring when the claim countdown
is on"): the plate's edge is lit for what is left of the prompt's countdown, from the top's middle
clockwise, gold, red in the last seconds and the time bank; not lit without a countdown."""

import itertools

import pygame
import pytest

from game.ui.art import TileArt
from game.ui.board import COUNTDOWN_RED, InfoView, countdown_path, draw_plate
from game.ui.controls import Choice, Prompt
from game.ui.layout import Layout
from game.ui.widgets import GOLD, Fonts


def _plate(countdown, urgent=False):
    pygame.init()
    lay = Layout.for_size(1280, 800)
    surface = pygame.Surface((1280, 800))
    draw_plate(surface, lay, TileArt(), Fonts(), InfoView(countdown=countdown, countdown_urgent=urgent), 0)
    return lay, surface


def _edge_points(lay):
    """Points on the plate's edge: the middle of its right side and of its left side."""
    box = pygame.Rect(lay.plate(0).as_tuple())
    return {"right": (box.right - 2, box.centery), "left": (box.x + 1, box.centery)}


def _colour(surface, at):
    return tuple(surface.get_at(at)[:3])


def test_half_the_time_left_lights_the_right_half_of_the_edge_in_gold():
    lay, surface = _plate(0.5)
    pts = _edge_points(lay)
    assert _colour(surface, pts["right"]) == GOLD
    assert _colour(surface, pts["left"]) != GOLD


def test_the_last_seconds_turn_the_edge_red_and_no_countdown_lights_none():
    lay, red = _plate(0.9, urgent=True)
    pts = _edge_points(lay)
    assert _colour(red, pts["left"]) == COUNTDOWN_RED
    _, none = _plate(None)
    assert GOLD not in {_colour(none, p) for p in pts.values()}
    assert COUNTDOWN_RED not in {_colour(none, p) for p in pts.values()}


@pytest.mark.parametrize("spent, want, urgent", [(0.0, 1.0, False), (2.0, 0.75, False), (6.0, 0.25, True),
                                                 (10.0, 0.5, True), (13.0, None, True)])
def test_the_prompts_time_left_runs_down_through_the_bank(spent, want, urgent):
    """8 s, then a bank of 4 s: the ring runs down twice, red from the last 3 s of the first."""
    p = Prompt([Choice("pass", "Pass"), Choice("pung", "Pung")], countdown=8, bank=4)
    p.update(spent)
    assert p.time_left == want
    assert p.urgent == urgent


def test_the_table_passes_the_prompts_countdown_to_the_plate(tmp_path, monkeypatch):
    from game.settings import CONFIG_ENV, Settings
    from game.ui.app import App
    from game.ui.scenes.table import TableScene

    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = App(Settings(language="en", sound=False, animation_speed="instant", claim_countdown=8), size=(1280, 800))
    try:
        sc = TableScene(app, ["human", "random", "random", "random"], seed=31, hands=1, record=False)
        app.push(sc)
        space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
        for _ in range(4000):
            app.step([], 1 / 30)
            if sc.prompt is None or sc.prompt_for is None:
                continue
            if sc.prompt_for.kind == "claim" and sc.prompt.countdown:
                break
            app.step([space], 1 / 30)  # the player's turn: discard the drawn tile
        else:
            pytest.skip("no claim prompt with a countdown in this hand")
        app.step([], 0.5)
        assert sc.info().countdown == sc.prompt.time_left < 1.0
    finally:
        app.close()


def test_the_lit_path_is_as_long_as_the_time_left():
    box = pygame.Rect(10, 20, 200, 60)
    for left in (0.1, 0.37, 0.5, 0.9, 1.0):
        path = countdown_path(box, left)
        length = sum(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in itertools.pairwise(path))
        assert length == pytest.approx(left * 2 * (box.w + box.h))
        assert path[0] == (110.0, 20.0)  # from the top's middle
    assert countdown_path(box, 0.0) == []
