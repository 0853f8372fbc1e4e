"""A screen is one line in the screens registry (`game.ui.screens.SCREENS`) and a title entry one
line in the title's `MENU`; nothing else names them (issue 31). A throwaway screen and entry
are added here the way a contributor would, and the title opens the one from the other.
"""

from __future__ import annotations

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings
from game.ui import screens
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes import title


class Scratch(Scene):
    name = "scratch"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    pygame.init()
    a = App(Settings(language="en", sound=False, animation_speed="instant", ai_delay_ms=0),
            size=(1024, 640))
    yield a
    a.close()


def test_every_title_entry_opens_a_registered_screen_and_has_its_words():
    from game.ui.i18n import LANGS, tr

    for entry, screen in title.MENU:
        assert screen is None or screens.available(screen), entry
        for lang in LANGS:
            assert tr(f"menu.{entry}", lang)
    assert [e for e, s in title.MENU if s is None] == ["quit"]


def test_a_new_screen_and_its_title_entry_need_one_line_each(app, monkeypatch):
    monkeypatch.setitem(screens.SCREENS, "scratch", f"{__name__}:Scratch")  # the screen's line
    menu = (*title.MENU[:-1], ("scratch", "scratch"), title.MENU[-1])
    monkeypatch.setattr(title, "MENU", menu)  # the entry's line
    words = app.tr
    monkeypatch.setattr(app, "tr", lambda key, **fmt: "Scratch" if key == "menu.scratch"
                        else words(key, **fmt))  # its text (a catalogue entry in the game)
    app.show("title")
    t = app.scenes[-1]
    assert t.entries[-2:] == ("scratch", "quit")
    assert [b.label for b in t.buttons()][-2] == "Scratch"
    t.activate(t.entries.index("scratch"))
    assert isinstance(app.scenes[-1], Scratch)
