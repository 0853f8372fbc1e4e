"""The session's result screen charts the running scores in the room its rows leave (issue 35:
a short session's panel was half empty): one line per player through the score after each hand,
in the colour of the player's name above the rows; a long session keeps half the room for it."""

import itertools

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.results import PLAYER_COLOURS, SessionResultScene
from game.ui.scenes.table import TableScene


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant", ai_delay_ms=0)


def session_result(app: App, hands: int) -> SessionResultScene:
    app.push(TableScene(app, ["greedy"] * 4, seed=9, hands=hands, record=False))
    for _ in range(100000):
        if isinstance(app.top, SessionResultScene):
            return app.top
        app.step([], 1 / 30)
    raise AssertionError("the session never ended")


@pytest.mark.parametrize("hands", [3, 16])
def test_the_running_scores_are_charted(app, monkeypatch, hands):
    res = session_result(app, hands)
    lines: list[tuple[tuple[int, ...], list]] = []
    real = pygame.draw.lines

    def spy(surface, colour, closed, points, width=1):
        lines.append((tuple(colour)[:3], list(points)))
        return real(surface, colour, closed, points, width)

    monkeypatch.setattr(pygame.draw, "lines", spy)
    res.draw(pygame.Surface(app.canvas.get_size()))
    assert sorted(c for c, _ in lines) == sorted(PLAYER_COLOURS)
    s = res.owner.session
    for colour, points in lines:
        p = PLAYER_COLOURS.index(colour)
        assert len(points) == len(s.results) + 1  # from 0, then after each hand
        ys = [y for _, y in points]
        assert ys[0] == lines[0][1][0][1]  # everyone starts at 0
        assert all(x1 < x2 for (x1, _), (x2, _) in itertools.pairwise(points))
        if s.scores[p] == max(s.scores):
            assert ys[-1] == min(pts[-1][1] for _, pts in lines)  # the leader's line ends highest
    chart_h = max(y for _, pts in lines for _, y in pts) - min(y for _, pts in lines for _, y in pts)
    assert chart_h > 0.1 * res.box().h  # the chart has room, even after 16 hands
