"""Lessons (issue 32, "Words"): a right answer is praised once ("Right: five circles.", not
"Right! Right: five circles."), in English and Korean; a wrong uper click in lesson 7 (a hand
that is not ready) explains the rule, never lists the legal moves."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import WIN, Discard
from game.engine.tiles import parse_tile
from game.i18n import render
from game.practice.tutorial import LessonRun, lessons
from game.settings import CONFIG_ENV, Settings
from game.ui.app import App


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.mark.parametrize("lang, praise", [("en", "Right"), ("ko", "맞습니다")])
def test_a_right_answer_is_praised_once(lang, praise):
    pygame.init()
    app = App(Settings(language=lang, sound=False), size=(1024, 640))
    try:
        sc = app.push("lesson", lesson_id="tiles")
        for _ in range(5):
            app.step([key(pygame.K_RETURN)], 1 / 60)
        assert sc.run.step.goal == "pick_tile"
        app.step([key(pygame.K_RIGHT), key(pygame.K_RETURN)], 1 / 60)  # the right tile
        assert sc.run.state == "success"
        said = " ".join(line for line, _c in sc.feedback_lines())
        assert said.count(praise) == 1, said
    finally:
        app.close()


def _at_the_defence_step() -> LessonRun:
    run = LessonRun(next(x for x in lessons() if x.id == "sacred"))
    while run.step.goal != "safe":
        if run.step.goal == "uper":
            run.act(Discard(parse_tile("1z"), uper=True))
        elif run.step.goal not in ("read", "watch"):
            run.act(WIN)
        run.next()
    return run


@pytest.mark.parametrize("tile", ["5m", "1m", "3p"])
def test_a_wrong_uper_in_lesson_7_explains_the_rule(tile):
    run = _at_the_defence_step()
    fb = run.act(Discard(parse_tile(tile), uper=True))
    assert not fb.ok and fb.engine and run.state == "wrong"
    assert fb.reason.code == "tutorial.uper_rule"
    assert fb.reason["why"].code == "uper.not_ready"
    en, ko = render(fb.reason, "en"), render(fb.reason, "ko")
    assert "legal" not in en and "discard 1 character" not in en
    assert en.startswith("Uper is declared with a discard that leaves a concealed hand ready")
    assert ko.startswith("엎어는") and "대기" in ko
