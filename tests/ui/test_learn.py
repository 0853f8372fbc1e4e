"""The Learn screens: the title's entry, the list of lessons with progress marks and the yak
guide, and a lesson played with the mouse and the keyboard (game/ui/scenes/learn.py)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.tiles import parse_tile
from game.practice.tutorial import load_progress, mark_done
from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.widgets import Fonts


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app(make_app):
    return make_app()


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def click(pos) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_title_offers_learn_and_every_entry_fits_the_window(size):
    pygame.init()
    a = App(Settings(language="ko", sound=False), size=size)
    try:
        title = a.push("title")
        bs = title.buttons()
        labels = [b.label for b in bs]
        assert "배우기" in labels
        _w, h = size
        assert all(a.canvas.get_rect().contains(b.rect) for b in bs)
        assert bs[-1].rect.bottom < h - round(h * 0.045), "the key hint below stays clear"
        while title.focus != labels.index("배우기"):
            a.step([key(pygame.K_DOWN)], 1 / 60)
        a.step([key(pygame.K_RETURN)], 1 / 60)
        assert a.top.name == "learn"
    finally:
        a.close()


def test_the_list_marks_the_lessons_done_and_offers_the_yak_guide(app, monkeypatch):
    mark_done("tiles")
    seen: list[str] = []
    text = Fonts.text

    def spy(self, s, size, colour=(255, 255, 255), bold=False):
        seen.append(s)
        return text(self, s, size, colour, bold)

    monkeypatch.setattr(Fonts, "text", spy)
    s = app.push("learn")
    app.step([], 1 / 60)
    assert s.done == {"tiles"} and s.focus == 1, "the first lesson not done has the focus"
    assert "✓ done" in seen and "Lessons done: 1 of 9 · Up/Down choose · Enter open · Esc back" in seen
    rows = s.geometry()["rows"]
    app.step(click(rows[-1].center), 1 / 60)
    assert app.top.name == "yak_guide"
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    app.step(click(rows[2].center), 1 / 60)
    assert app.top.name == "lesson" and app.top.lesson.id == "draw_discard"
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is s
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is not s


def test_a_lesson_played_with_the_mouse_and_keys_is_marked_done(app):
    """Lesson 4 (claims) through the screen: the Pung button, a wrong tile (explained, Retry),
    the right tile, Kong, a discard with the keyboard, Pass with Space; then the list shows it."""
    lst = app.push("learn")
    app.step(click(lst.geometry()["rows"][3].center), 1 / 60)
    sc = app.top
    assert sc.lesson.id == "claims"

    def action(label: str):
        g = sc.geometry()
        r = next(r for k, _a, r in g["actions"] if app.tr(k) == label)
        app.step(click(r.center), 1 / 60)

    def tile(name: str):
        g = sc.geometry()
        r = next(r for k, r in g["tiles"] if k == parse_tile(name))
        app.step(click(r.center), 1 / 60)

    def button(name: str):
        app.step(click(sc.geometry()["buttons"][name].center), 1 / 60)

    action("Pung")
    assert sc.run.state == "success"
    button("next")
    tile("1p")  # not the tile the step asks for
    assert sc.run.state == "wrong"
    assert any("9 of characters" in line for line, _c in sc.feedback_lines())
    button("retry")
    tile("9m")
    assert sc.run.state == "success"
    app.step([key(pygame.K_RETURN)], 1 / 60)
    app.step([key(pygame.K_k)], 1 / 60)
    assert sc.run.state == "success"
    app.step([key(pygame.K_n)], 1 / 60)
    app.step([key(pygame.K_SPACE)], 1 / 60)  # discard the drawn South wind
    assert sc.run.state == "success"
    app.step([key(pygame.K_RETURN)], 1 / 60)
    app.step([key(pygame.K_SPACE)], 1 / 60)  # pass
    assert sc.run.state == "success"
    button("finish")
    assert sc.run.finished and "claims" in load_progress().done
    assert set(sc.geometry()["buttons"]) == {"to_list", "next_lesson"}
    button("next_lesson")
    assert app.top.name == "lesson" and app.top.lesson.id == "two_points"
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is lst and "claims" in lst.done


def test_uper_is_pressed_then_the_tile_and_the_engines_refusal_is_shown(app):
    sc = app.push("lesson", lesson_id="uper")
    app.step([key(pygame.K_RETURN)], 1 / 60)  # past the narration
    app.step([key(pygame.K_u)], 1 / 60)
    assert sc.uper_mode
    g = sc.geometry()
    r = next(r for k, r in g["tiles"] if k == parse_tile("8p"))
    app.step(click(r.center), 1 / 60)
    assert sc.run.state == "success" and not sc.uper_mode
    lines = [line for line, _c in sc.feedback_lines()]
    assert lines[0].startswith("Refused by the rules: 3 circles would win by discard")


def test_a_quiz_is_answered_with_the_keyboard(app):
    sc = app.push("lesson", lesson_id="tiles")
    for _ in range(5):
        app.step([key(pygame.K_RETURN)], 1 / 60)
    assert sc.run.step.goal == "pick_tile"
    app.step([key(pygame.K_RETURN)], 1 / 60)  # the first choice: 5 characters, wrong
    assert sc.run.state == "wrong"
    app.step([key(pygame.K_r), key(pygame.K_RIGHT), key(pygame.K_RETURN)], 1 / 60)
    assert sc.run.state == "success"


def test_the_scoring_lesson_shows_the_engines_breakdown(app):
    sc = app.push("lesson", lesson_id="scoring")
    run = sc.run
    from game.engine.actions import WIN, Discard

    run.next()
    run.act(Discard(parse_tile("1z"), True))
    run.next()
    run.act(WIN)
    run.next()
    g = sc.geometry()
    r = next(r for v, r in g["choices"] if v == 17)
    app.step(click(r.center), 1 / 60)
    assert run.state == "success"
    run.next()
    assert run.step.show == "score"
    lines = sc.score_lines()
    assert "Korean dora: +3 bonus points" in lines
    assert lines[-2:] == ["Ante 10 + basic 3 + bonus 4 = 17", "Each of the others pays 17"]
