"""The review's list shows the decisions that matter (mistakes and unclear ones) by default, the
fine disagreements behind A, and N/P step to the next/previous decision shown worse than
fine."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import Discard
from game.practice.game_review import GameReview, ReviewedDecision
from game.ui.scenes.game_review import GameReviewScene


@pytest.fixture
def app(make_app):
    return make_app()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def decision(hand, cost, verdict):
    return ReviewedDecision(hand, 0, 0, 1, 0, "discard", "offence", Discard(1), Discard(2),
                            cost=cost, low=cost - 1, high=cost + 1, playouts=16, verdict=verdict)


def scene(app, monkeypatch, items):
    review = GameReview("r.jsonl", "0" * 64, 0, "P1", "ai:expert", "ai:standard", 16, "1", 4,
                        tuple(items))
    monkeypatch.setattr(GameReviewScene, "_kept", lambda self: review)
    s = GameReviewScene(app, "r.jsonl", playouts=16, workers=1, threaded=False)
    app.push(s)
    return s


def test_mistakes_only_by_default_and_a_shows_all(app, monkeypatch):
    blunder, fine, unclear, mistake = (decision(1, 20.0, "blunder"), decision(2, 0.5, "fine"),
                                       decision(3, 0.4, "unclear"), decision(4, 4.0, "mistake"))
    s = scene(app, monkeypatch, [blunder, mistake, fine, unclear])
    assert s.items == [blunder, mistake, unclear]  # the fine one behind the toggle
    app.step([], 1 / 60)
    app.step([key(pygame.K_DOWN)], 1 / 60)
    app.step([key(pygame.K_a)], 1 / 60)
    assert s.show_all and s.items == [blunder, mistake, fine, unclear]
    assert s.items[s.focus] is mistake  # the focused decision stays focused
    app.step([key(pygame.K_a)], 1 / 60)
    assert not s.show_all and s.items[s.focus] is mistake


def test_n_and_p_step_through_the_mistakes(app, monkeypatch):
    items = [decision(1, 20.0, "blunder"), decision(2, 9.0, "unclear"),
             decision(3, 4.0, "mistake"), decision(4, 1.5, "inaccuracy")]
    s = scene(app, monkeypatch, items)
    app.step([], 1 / 60)
    app.step([key(pygame.K_n)], 1 / 60)
    assert s.focus == 2  # past the unclear one
    app.step([key(pygame.K_n)], 1 / 60)
    assert s.focus == 3
    app.step([key(pygame.K_n)], 1 / 60)
    assert s.focus == 3  # none further
    app.step([key(pygame.K_p)], 1 / 60)
    app.step([key(pygame.K_p)], 1 / 60)
    assert s.focus == 0


def test_only_fine_disagreements_say_so(app, monkeypatch):
    s = scene(app, monkeypatch, [decision(1, 0.2, "fine"), decision(2, -3.0, "fine")])
    assert s.items == [] and len(s.all_items) == 2
    app.step([], 1 / 60)  # "No mistakes: your 2 other choices were fine (A shows them)."
    app.step([key(pygame.K_a)], 1 / 60)
    assert len(s.items) == 2
