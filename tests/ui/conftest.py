"""Every UI test keeps its game records (continue, replays) in its own temporary directory;
`leave_table` leaves the table as a player does."""

import pygame
import pytest


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
