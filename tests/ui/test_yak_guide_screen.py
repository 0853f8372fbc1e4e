"""The yak guide screen, driven through the real app (dummy video driver): reached from the rules
screen, the pause menu and the table's Y key (there with the hand's reachable yak); keys and the
mouse choose entries; every entry draws in both languages."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.table import TableScene


@pytest.fixture
def app(make_app):
    return make_app((1280, 800), animation_speed="instant", ai_delay_ms=0)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_the_rules_screen_opens_the_guide_by_key_and_by_button(app):
    rules = app.push("rules")
    app.step([key(pygame.K_y)], 1 / 60)
    assert app.top.name == "yak_guide" and app.top.reach is None
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is rules
    g = rules.geometry()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=g["guide"].center)], 1 / 60)
    assert app.top.name == "yak_guide"


def test_keys_and_clicks_choose_entries(app):
    s = app.push("yak_guide")
    assert s.entry.key == "dragon_pung"
    app.step([key(pygame.K_DOWN), key(pygame.K_DOWN)], 1 / 60)
    assert s.entry.key == "prevalent_wind"
    app.step([key(pygame.K_PAGEDOWN)], 1 / 60)
    assert s.entry.key == "double_wind", "the next group's first entry"
    app.step([key(pygame.K_END)], 1 / 60)
    assert s.entry.key == "last_tile_claim_9p"
    assert s.scroll > 0, "the list follows the choice"
    app.step([key(pygame.K_HOME)], 1 / 60)
    assert s.entry.key == "dragon_pung" and s.scroll == 0
    g = s.geometry()
    row = s.rows().index(("e", 4))  # the fifth entry: concealed self-draw
    pos = (g["list"].centerx, g["list"].y + row * g["rh"] + g["rh"] // 2)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)], 1 / 60)
    assert s.entry.key == "self_draw"


def test_the_table_opens_the_guide_with_what_the_hand_can_reach(app):
    sc = TableScene(app, ["human", "random", "random", "random"], seed=17, hands=1)
    app.push(sc)
    for _ in range(600):
        if sc.prompt_for is not None and sc.director.idle:
            break
        app.step([], 1 / 30)
    app.step([key(pygame.K_y)], 1 / 60)
    guide = app.top
    assert guide.name == "yak_guide"
    assert guide.reach, "a concealed hand can always reach something"
    assert guide.entry.key == guide.reach[0].key, "the guide opens at the nearest yak"
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is sc
    app.push("pause", owner=sc)
    pause = app.top
    from game.ui.scenes.pause import ENTRIES

    pause.choose(ENTRIES[ENTRIES.index("yak_guide")])
    assert app.top.name == "yak_guide" and app.top.reach
