"""Enter, the key that opens a record in the replays list, never deletes records (issue 29: Enter
never does the irreversible unless the player chose it): on the prune question ("Y: delete, N:
keep") Enter and Space keep them; only Y or a click on Delete deletes."""

import datetime as dt

import pygame
import pytest

from ai.random_seat import RandomSeat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter
from game.ui.scenes.replay_viewer import RecordsScene


@pytest.fixture
def app(make_app):
    return make_app()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.mark.parametrize("k", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE])
def test_enter_on_the_prune_question_keeps_the_records(app, k):
    w = RecordWriter(Session(RuleSet(), seed=6, hands=1), human=0,
                     now=dt.datetime(2020, 1, 1, tzinfo=dt.UTC),
                     seat_kinds=("human", "random", "random", "random"))
    w.play([RandomSeat(60 + i) for i in range(4)])
    lst = RecordsScene(app)
    app.push(lst)
    app.step([], 0.016)
    app.step([key(pygame.K_p)], 0.016)
    assert lst.confirm is not None and [s.path for s in lst.confirm] == [w.path]
    app.step([key(k)], 0.016)
    assert w.path.exists() and lst.confirm is None, "kept; the question is closed"
    app.step([key(pygame.K_p), key(pygame.K_y)], 0.016)
    assert not w.path.exists(), "Y deletes"
