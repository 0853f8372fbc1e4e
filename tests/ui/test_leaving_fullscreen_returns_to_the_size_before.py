"""Leaving fullscreen (F11) gives the window back the size it had before fullscreen began (a
size the player dragged it to), not the settings' 1280x800 (issue 35)."""

import pygame
import pytest


@pytest.fixture
def app(make_app):
    a = make_app((1280, 800))
    a.headless = False  # the window's own code runs (the dummy driver opens any size)
    return a


def f11() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")


def test_leaving_fullscreen_returns_to_the_dragged_size(app):
    app.push("title")
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900))], 1 / 30)
    assert app.window.get_size() == (1500, 900)
    app.step([f11()], 1 / 30)
    assert app.fullscreen and app.settings.fullscreen
    app.step([f11()], 1 / 30)
    assert not app.fullscreen
    assert app.window.get_size() == (1500, 900)
    assert app.canvas.get_size() == (1500, 900)


def test_a_size_chosen_while_fullscreen_is_the_one_it_leaves_to(app):
    app.push("title")
    app.step([f11()], 1 / 30)
    app.apply_settings(app.settings.replace(window_size=(1600, 1000)), save=False)
    app.apply_settings(app.settings.replace(fullscreen=False), save=False)
    assert app.window.get_size() == (1600, 1000)
