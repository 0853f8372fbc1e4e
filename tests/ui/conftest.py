"""Every UI test keeps its game records (continue, replays) in its own temporary directory;
`leave_table` leaves the table as a player does."""

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings


@pytest.fixture(autouse=True)
def _private_records(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "kmj-data"))


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.fixture
def leave_table():
    """``leave_table(app)``: Esc opens the pause menu, Up reaches "Leave the table", Enter asks,
    Left and Enter say yes (the question's focus starts on the safe answer)."""
    def leave(app) -> None:
        app.step([_key(pygame.K_ESCAPE)], 1 / 30)
        assert app.top.name == "pause", app.top.name
        app.step([_key(pygame.K_UP), _key(pygame.K_RETURN)], 1 / 30)
        assert app.top.name == "confirm", app.top.name
        app.step([_key(pygame.K_LEFT), _key(pygame.K_RETURN)], 1 / 30)
    return leave


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    """``make_app(size, **settings)``: a window headless with its own settings folder, quiet
    (sound off) and in English unless told; closed after the test."""
    from game.ui.app import App

    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    made = []

    def make(size=(1024, 640), **settings):
        pygame.init()
        a = App(Settings(**{"language": "en", "sound": False, **settings}), size=size)
        made.append(a)
        return a
    yield make
    for a in made:
        a.close()
