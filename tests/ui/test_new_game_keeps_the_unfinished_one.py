"""A new game never silently ends an unfinished one: Start asks first (the safe answer, which
Enter and Esc give, goes back), and the unfinished game stays continuable from the replays list
after a new game started, even once the title's Continue offers the new one or nothing."""

import pygame
import pytest

from ai.random_seat import RandomSeat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter, find_unfinished, load_record
from game.settings import CONFIG_ENV

PLAYERS = ("human", "random", "random", "random")


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "records"


@pytest.fixture
def app(data, make_app):
    return make_app((1280, 800), animation_speed="instant", ai_delay_ms=0)


def unfinished(directory, hands_done=1):
    """A human game of 4 hands left in hand `hands_done + 1`."""
    s = Session(RuleSet(), 12, players=PLAYERS, hands=4)
    w = RecordWriter(s, directory, human=0, seat_kinds=PLAYERS)
    for _ in range(hands_done):
        t = s.new_hand(on_event=w.on_event)
        while not t.is_over:
            seat, d = next(iter(t.pending().items()))
            w.submit(t, seat, d.legal[0])
        s.finish_hand()
    t = s.new_hand(on_event=w.on_event)
    for _ in range(8):
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    w.close()
    return w.path


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_ESCAPE])
def test_start_asks_first_and_the_safe_answer_goes_back(app, data, key):
    old = unfinished(data)
    app.push("new_game")
    ng = app.top
    ng.start(seed=8)
    ask = app.top
    assert ask.name == "confirm" and ask.focus == 1
    assert "hand 2" in ask.message and "Replays" in ask.message
    app.step([_key(key)], 1 / 30)
    assert app.top is ng
    assert [p.name for p in data.glob("*.jsonl")] == [old.name]  # no new game was started


def test_the_unfinished_game_stays_continuable_from_the_replays_list(app, data):
    from game.ui.scenes.replay_viewer import RecordsScene

    old = unfinished(data)
    app.push("new_game")
    app.top.start(seed=8)
    app.step([_key(pygame.K_LEFT), _key(pygame.K_RETURN)], 1 / 30)  # yes: a new game
    table = app.top
    assert table.name == "table"
    new = table.driver.writer.path
    table.leave()
    assert find_unfinished().path == new  # the title offers the newest game...
    # ... and once the new game is finished, nothing at all: the old one is in the list
    s = Session(RuleSet(), 3, players=PLAYERS, hands=1)
    RecordWriter(s, data, human=0, seat_kinds=PLAYERS).play([RandomSeat(i) for i in range(4)])
    assert find_unfinished() is None
    lst = RecordsScene(app)
    app.scenes[:] = [lst]
    lst.focus = [r.path for r in lst.records].index(old)
    assert lst.can_continue()
    app.step([_key(pygame.K_c)], 1 / 30)
    go_on = app.top
    assert go_on.name == "table" and go_on.session.hand_no == 2
    assert load_record(go_on.driver.writer.path).header["continues"] == old.name
    go_on.abandon()


def test_finished_and_continued_games_are_not_offered_in_the_list(app, data):
    from game.ui.scenes.replay_viewer import RecordsScene

    s = Session(RuleSet(), 3, players=PLAYERS, hands=1)
    RecordWriter(s, data, human=0, seat_kinds=PLAYERS).play([RandomSeat(i) for i in range(4)])
    lst = RecordsScene(app)
    app.push(lst)
    assert not lst.can_continue()
    app.step([_key(pygame.K_c)], 1 / 30)
    assert app.top is lst
