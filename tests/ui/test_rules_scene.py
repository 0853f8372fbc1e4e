"""The rules screen: opened from the title, shows the active yak table, scrolls, goes back."""

import pygame
import pytest

from game.engine.rules import ALL_YAK_KEYS, RuleSet
from game.ui.scenes.rules import RulesScene, rule_lines
from game.ui.scenes.title import ENTRIES, TitleScene


@pytest.fixture
def app(make_app):
    return make_app()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.mark.parametrize("preset, seven_pairs", [("nagari", "4 pts"), ("samsiki", "2 pts")])
def test_the_yak_table_follows_the_preset(preset, seven_pairs):
    lines = rule_lines(RuleSet(preset=preset), "en")
    row = next(r for r in lines if r[0] == "y" and r[1].startswith("Seven pairs"))
    assert row[2] == seven_pairs
    assert sum(1 for r in lines if r[0] == "y") == len(ALL_YAK_KEYS)


def test_custom_values_and_the_ante_show():
    lines = rule_lines(RuleSet(ante=5, yak_overrides=(("seven_pairs", 3),)), "ko")
    assert any("3점" in r[2] for r in lines if r[1].startswith("칠대자"))
    assert any("직접" in r[1] for r in lines if r[0] == "h")
    assert any("기본금 5" in r[1] for r in lines if r[0] == "p")


def test_open_from_the_title_scroll_and_back(app):
    app.push(TitleScene(app))
    t = app.top
    assert t.enabled["rules"]
    t.focus = ENTRIES.index("rules")
    app.step([key(pygame.K_RETURN)], 0.016)
    r = app.top
    assert isinstance(r, RulesScene)
    assert r.max_scroll() > 0  # more than one screen at 1024x640
    app.step([key(pygame.K_END)], 0.016)
    assert r.scroll == r.max_scroll()
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)], 0.016)
    assert r.scroll == r.max_scroll() - 6
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert app.top is t


def test_back_button(app):
    app.push(TitleScene(app))
    app.push(RulesScene(app))
    back = app.top.geometry()["back"]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=back.center)], 0.016)
    assert isinstance(app.top, TitleScene)
