"""At the table (issue 35): F1 opens the titled help (`help_overlay`); the right-hand column shows
the running scores and the last moves (`side_column`) in the room above the prompt, and gives it
to the hints panel when that opens (I): nothing of the column under the panel, the prompt or its
buttons. At 1024x640, 1280x800 and 1920x1080."""

import itertools

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.widgets import Fonts


@pytest.fixture(params=[(1024, 640), (1280, 800), (1920, 1080)])
def app(request, make_app):
    return make_app(request.param, animation_speed="instant", ai_delay_ms=0)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def at_a_turn(app: App) -> TableScene:
    sc = TableScene(app, ["human", "random", "random", "random"], seed=17, hands=1, record=False)
    app.push(sc)
    for _ in range(3000):
        d = sc.input.prompt_for
        if d is not None and d.kind == "turn" and sc.director.idle and sc.director.model.discards >= 4:
            return sc
        if d is not None and d.kind == "turn" and sc.director.idle:
            app.step([key(pygame.K_SPACE)], 1 / 30)  # the drawn tile goes: some moves to name
            continue
        if d is not None and sc.director.idle:
            app.step([key(pygame.K_SPACE)], 1 / 30)  # pass
            continue
        app.step([], 1 / 30)
    raise AssertionError("no turn came")


class Drawn:
    def __init__(self, monkeypatch) -> None:
        self.words: dict[int, str] = {}
        text = Fonts.text

        def spy(fonts, s, size, colour=(255, 255, 255), bold=False):
            surf = text(fonts, s, size, colour, bold)
            self.words[id(surf)] = s
            return surf

        monkeypatch.setattr(Fonts, "text", spy)

    def frame(self, app: App) -> list[tuple[str, pygame.Rect]]:
        said: list[tuple[str, pygame.Rect]] = []
        words = self.words

        class Screen(pygame.Surface):
            def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
                r = super().blit(source, dest, area, special_flags)
                if id(source) in words:
                    said.append((words[id(source)], pygame.Rect(r)))
                return r

        app.top.draw(Screen(app.canvas.get_size()))
        return said


def test_f1_opens_the_titled_help(app, monkeypatch):
    at_a_turn(app)
    drawn = Drawn(monkeypatch)
    app.step([key(pygame.K_F1)], 1 / 30)
    texts = [s for s, _ in drawn.frame(app)]
    assert app.tr("help.title") in texts and app.tr("help.close") in texts


def test_the_side_column_stands_above_the_prompt_and_gives_way_to_the_hints(app, monkeypatch):
    sc = at_a_turn(app)
    drawn = Drawn(monkeypatch)
    said = drawn.frame(app)
    texts = [s for s, _ in said]
    assert app.tr("side.scores") in texts and app.tr("side.moves") in texts
    lay = app.layout
    scores = next(r for s, r in said if s == app.tr("side.scores"))
    moves = next(r for s, r in said if s == app.tr("side.moves"))
    buttons = [pygame.Rect(b) for b in sc.input.button_rects()]
    assert buttons and scores.bottom <= lay.buttons.y < moves.y < buttons[0].y
    # nothing in the right column over anything else: the column's words, the lines at the
    # buttons' place, the prompt's title and its buttons
    right = [(s, r) for s, r in said if r.x >= lay.panel.x - 1]
    for (a, ra), (b, rb) in itertools.combinations(right, 2):  # (glyph boxes' empty margins apart)
        assert not ra.inflate(-2, -8).colliderect(rb.inflate(-2, -8)), (a, ra, b, rb)
    # and only the buttons' own labels on the buttons
    assert all(r.bottom <= buttons[0].y or any(b.contains(r) for b in buttons) for _, r in right)
    app.step([key(pygame.K_i)], 1 / 30)  # the hints panel takes the column's room
    assert sc.show_hints
    texts = [s for s, _ in drawn.frame(app)]
    assert app.tr("side.scores") not in texts and app.tr("side.moves") not in texts
