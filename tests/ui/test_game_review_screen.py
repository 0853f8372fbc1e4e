"""The review screen in the window (dummy video driver): reached from the records list (R), it
reviews in a worker thread with a progress bar and Esc cancels; the summary and the worst
decisions first; Enter opens the replay viewer at that decision with both choices' figures; a
review kept beside the record opens at once."""

from __future__ import annotations

import pygame
import pytest

from ai.registry import make_seat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.i18n import render
from game.records import RecordWriter, records_dir
from game.settings import Settings
from game.ui.scenes.game_review import GameReviewScene


@pytest.fixture
def app(make_app):
    return make_app((1280, 800))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def a_game(seed: int = 5) -> object:
    """A one-hand record whose person (player 1) was played by ai:beginner: the strongest
    computer player disagrees with some of its decisions."""
    w = RecordWriter(Session(RuleSet(), seed=seed, hands=1), directory=records_dir(), human=0,
                     seat_kinds=("human", "ai:standard", "ai:standard", "ai:standard"))
    w.play([make_seat("ai:beginner", seed=1)] + [make_seat("ai:standard", seed=i) for i in (2, 3, 4)])
    return w.path


def test_the_review_lists_disagreements_worst_first_and_opens_the_replay_there(app):
    path = a_game()
    s = GameReviewScene(app, path, playouts=6, workers=1, threaded=False)
    app.push(s)
    assert s.review is not None and not s.error
    items = s.items
    assert items, "a beginner's hand has decisions the expert would not make"
    costs = [i.cost for i in items if i.measured]
    assert costs == sorted(costs, reverse=True), "worst first"
    app.step([], 1 / 60)  # draws the summary and the list
    app.step([key(pygame.K_RETURN)], 1 / 60)
    viewer = app.top
    assert viewer.name == "replay_viewer"
    first = items[0]
    assert viewer.hand.number == first.hand and viewer.k == first.events_before - 1
    assert viewer.note[0] == render(first.describe(), "en")
    assert any(n.startswith("your choice:") for n in viewer.note[1:]), "both choices' figures"
    app.step([], 1 / 60)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is s
    # kept beside the record: a second opening is instant and plays nothing
    again = GameReviewScene(app, path, playouts=6, workers=1, threaded=False)
    assert again.review is not None and again.review.cached and again.review.playouts_run == 0


def test_the_records_list_reviews_with_r_and_esc_cancels_the_work(app):
    a_game(seed=9)
    records = app.push("replays")
    app.step([key(pygame.K_r)], 1 / 60)
    review = app.top
    assert review.name == "game_review"
    app.step([], 1 / 60)  # the progress bar (or the result, if it was quick)
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    if app.top is review:  # verdicts found before Esc stay on the screen: Esc again
        assert review.found or review.review is not None
        app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is records
    assert review.cancel.is_set()
    review.wait(60)
    assert review.review is None or review.review.items is not None


def test_the_session_result_offers_the_review_of_the_game_just_played(app):
    """After a person's session the result screen offers "Review this game" (R): the review
    of that game's record."""
    from game.ui.scenes.table import TableScene

    app.apply_settings(Settings(language="en", sound=False, animation_speed="instant",
                                ai_delay_ms=0, assist_auto_discard=False), save=False)
    sc = TableScene(app, ["human", "ai", "ai", "ai"], seed=3, hands=1)
    app.push(sc)
    for _ in range(6000):  # the person's moves: the first legal choice, as a hurried player
        top = app.top
        if top.name == "session_result":
            break
        if top.name == "hand_result":
            app.step([key(pygame.K_RETURN)], 1 / 30)
            continue
        d = sc.prompt_for
        if d is not None and sc.director.idle:
            sc.act(d.legal[-1] if d.kind in ("claim", "rob") else d.legal[0])
        app.step([], 1 / 30)
    result = app.top
    assert result.name == "session_result"
    assert result.review_button() is not None
    path = sc.record_path()
    app.step([key(pygame.K_r)], 1 / 60)
    review = app.top
    assert review.name == "game_review" and review.path == path
    review.leave()
    review.wait(60)
    assert app.top is result
