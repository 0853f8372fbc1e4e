"""Round-2 review fixes: what a player reads on the result button, tiles named in Korean at the
table, the disabled-button tooltip clear of the prompt's title."""

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.controls import Choice, Prompt
from game.ui.scenes.results import HandResultScene, SessionResultScene
from game.ui.scenes.table import TableScene
from game.ui.widgets import Fonts


@pytest.fixture(autouse=True)
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))


def make_app(lang="en", size=(1024, 640)):
    pygame.init()
    return App(Settings(language=lang, sound=False, animation_speed="instant", ai_delay_ms=0), size=size)


def test_the_last_hands_result_button_leads_to_the_session_results():
    app = make_app()
    try:
        sc = TableScene(app, ["random"] * 4, seed=8, hands=2, record=False)
        app.push(sc)
        labels = []
        for _ in range(6000):
            if isinstance(app.top, SessionResultScene):
                break
            app.step([], 1 / 30)
            if isinstance(app.top, HandResultScene):
                labels.append(app.top.ok_label())
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")], 1 / 30)
        assert labels == ["Next hand", "Session results"]
    finally:
        app.close()


def test_tiles_at_the_table_are_named_as_players_name_them():
    app = make_app("ko")
    try:
        sc = TableScene(app, ["human", "random", "random", "random"], seed=3, hands=1, record=False)
        assert sc.tile_name(13) == "5통" and sc.tile_name(0) == "1만" and sc.tile_name(22) == "백"
        app.settings = app.settings.replace(language="en")
        assert sc.tile_name(13) == "5 circles" and sc.tile_name(22) == "White dragon"
        app.settings = app.settings.replace(tile_notation=True)
        assert sc.tile_name(13) == "5p" and sc.tile_name(22) == "5z"
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_the_disabled_buttons_tooltip_wraps_above_the_title(size):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    fonts = Fonts()
    reason = "Uper needs a concealed hand that is ready after the discard, and four wall tiles left"
    p = Prompt([Choice("uper", "Uper", pygame.K_u, False, reason)])
    p.hover = 0
    rect = pygame.Rect(size[0] - 230, size[1] - 130, 215, 32)
    surface.fill((0, 0, 0))
    p.draw(surface, fonts, [rect], 16, "Your turn")
    title = fonts.fit("Your turn", 16, rect.w, (255, 255, 255), bold=True).get_rect(
        bottomleft=(rect.x, rect.y - 8))
    # the tooltip's panel: the lit pixels above the title
    above = surface.subsurface(pygame.Rect(0, 0, size[0], title.y)).get_bounding_rect()
    assert above.h > 2 * 16  # two lines or more, not one line shrunk to fit
    assert above.bottom <= title.y


def _a_hand_result(lang="en", speed="normal"):
    """The result screen of a computer hand, reached at instant speed, then played at `speed`."""
    import dataclasses

    from ai.registry import parse_seats

    app = App(Settings(language=lang, sound=False, animation_speed="instant", ai_delay_ms=0),
              size=(1280, 800))
    sc = TableScene(app, parse_seats("ai,ai,ai,ai"), seed=6, hands=2)
    app.push(sc)
    for _ in range(3000):
        if isinstance(app.top, HandResultScene):
            break
        app.step([], 1 / 30)
    res = app.top
    assert isinstance(res, HandResultScene) and res.result.winners
    app.settings = dataclasses.replace(app.settings, animation_speed=speed)
    res.reveal.t = 0.0  # as when it opens at that speed
    return app, res


def test_the_win_reveal_turns_tiles_then_lines_then_payments(tmp_path, monkeypatch):
    """The hand turns face up first, then the yak lines appear one by one with the total counting
    up, then the payments count to their values; on the hand-driven clock."""
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    app, res = _a_hand_result()
    rv = res.reveal
    assert rv.tiles == sum(len(g) for g in res.result.winners[0].result.groups)
    assert rv.lines == len(res.result.winners[0].result.yak) > 0
    app.step([], 0.05)
    assert not rv.face_up(rv.tiles - 1) and rv.lines_shown() == 0 and rv.pay_progress() == 0
    while not rv.face_up(rv.tiles - 1):
        app.step([], 1 / 60)
    assert rv.lines_shown() <= 1, "the lines wait for the hand"
    before = app.sound.played.count("draw") - rv.lines_shown()
    while rv.lines_shown() < rv.lines:
        app.step([], 1 / 60)
    assert rv.pay_progress() == 0, "the payments wait for the lines"
    # a soft clack as each line arrives (the tick is the claim countdown's)
    assert app.sound.played.count("draw") - before == rv.lines
    while not rv.done:
        app.step([], 1 / 60)
    assert rv.pay_progress() == 1.0
    app.close()


def test_a_press_during_the_reveal_shows_it_all_and_the_next_goes_on(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    app, res = _a_hand_result()
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    app.step([], 0.1)
    assert not res.reveal.done
    app.step([enter], 1 / 60)
    assert res.reveal.done and app.top is res, "the first press completes the reveal"
    app.step([enter], 1 / 60)
    assert app.top is not res, "the second goes on"
    app.close()


def test_at_instant_speed_the_result_shows_whole_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    app, res = _a_hand_result(speed="instant")
    app.step([], 1 / 60)
    assert res.reveal.done
    app.close()
