"""The review screen while it works: one bar that never goes back, the time left once the pace
is known, the first verdicts listed while the rest are measured, and Esc cancels and keeps
what was found on the screen (a second Esc goes back)."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.engine.actions import Discard
from game.practice import game_review as gr
from game.practice.game_review import ReviewCancelled, ReviewedDecision, ReviewProgress
from game.ui.scenes.game_review import GameReviewScene, time_left


@pytest.fixture
def app(make_app):
    return make_app()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_time_left_from_the_pace_once_known():
    assert time_left(1.0, 0.5) is None  # too early to tell
    assert time_left(10.0, 0.0) is None and time_left(10.0, 1.0) is None
    assert time_left(10.0, 0.25) == pytest.approx(30.0)


def test_first_verdicts_show_and_esc_keeps_them(app, tmp_path, monkeypatch):
    found = ReviewedDecision(2, 3, 40, 90, 1, "discard", "defence", Discard(5), Discard(27),
                             cost=20.0, low=15.0, high=25.0, playouts=8, verdict="blunder")
    reached = threading.Event()

    def slow_review(path, seat, *, progress, cancel, verdict, **kw):
        progress(ReviewProgress("playouts", 5, 10))   # 0.55 of the review
        progress(ReviewProgress("decisions", 1, 10))  # a stale report: the bar stays
        verdict(found)
        reached.set()
        cancel.wait(60)
        raise ReviewCancelled()

    monkeypatch.setattr(gr, "review_record", slow_review)
    monkeypatch.setattr(GameReviewScene, "_kept", lambda self: None)
    record = tmp_path / "r.jsonl"
    s = GameReviewScene(app, record, playouts=8, workers=1)
    app.push(s)
    assert reached.wait(60)
    assert s.working and s.progress == pytest.approx(0.55)
    assert s.items == [found]  # listed while the rest is measured
    app.step([], 1 / 60)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)  # cancel: the verdict found stays
    s.wait(60)
    assert s.cancel.is_set() and s.stopped and not s.working and app.top is s
    assert s.items == [found]
    app.step([], 1 / 60)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is not s


def test_esc_before_any_verdict_goes_back(app, tmp_path, monkeypatch):
    reached = threading.Event()

    def slow_review(path, seat, *, progress, cancel, verdict, **kw):
        reached.set()
        cancel.wait(60)
        raise ReviewCancelled()

    monkeypatch.setattr(gr, "review_record", slow_review)
    monkeypatch.setattr(GameReviewScene, "_kept", lambda self: None)
    s = GameReviewScene(app, tmp_path / "r.jsonl", playouts=8, workers=1)
    app.push(s)
    assert reached.wait(60)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    s.wait(60)
    assert s.cancel.is_set() and app.top is not s
