"""The table's director is a listener of the referee (`TableDriver.listen`): it hears every
event once and in order (the seat selection, then each hand's), and a continued game from the
first event of the hand in progress; nothing copies the engine's event list by offset."""

import pytest

from game.engine.events import HandStarted, SessionEnded, SessionStarted
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter
from game.ui.scenes.table import TableScene, make_scene
from game.ui.table.driver import TableDriver


class Heard:
    """A listener that keeps what it hears."""

    def __init__(self) -> None:
        self.events: list = []

    def on_event(self, table, event) -> None:
        self.events.append(event)


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant", ai_delay_ms=0)


def test_a_listener_hears_the_session_opening_then_every_event_of_each_hand_once():
    s = Session(RuleSet(), 5, players=("random",) * 4, hands=2)
    drv = TableDriver(s, ["random"] * 4, seed=5, human=None, threaded=False)
    ear = Heard()
    drv.listen(ear)
    tables = []
    while True:
        t = drv.start_hand()
        tables.append(t)
        while not t.is_over:
            waiting = drv.step()
            for seat, d in sorted(waiting.items()):
                if not t.is_over and seat in drv.step():
                    drv.ask(seat, d)
        drv.finish_hand()
        if s.is_over:
            break
    drv.end_session()
    expected = [*s.events[:1], *(e for t in tables for e in t.events), s.events[-1]]
    assert isinstance(expected[0], SessionStarted) and isinstance(expected[-1], SessionEnded)
    assert len(tables) == 2
    assert [id(e) for e in ear.events] == [id(e) for e in expected]


def test_the_table_scene_shows_what_its_director_heard_not_a_copy_of_the_engine_list(app):
    sc = TableScene(app, ["random"] * 4, seed=11, hands=1, record=False)
    app.push(sc)
    for _ in range(400):
        if sc.table is not None and sc.table.is_over and sc.director.idle:
            break
        app.step([], 1 / 30)
    t = sc.table
    assert t is not None and t.is_over
    heard = sc.director.source
    assert isinstance(heard[0], SessionStarted)
    assert [id(e) for e in heard[1:]] == [id(e) for e in t.events]  # each once, in order
    assert sc.director.played == heard
    assert not hasattr(sc, "stream")


def test_a_continued_game_is_heard_from_the_first_event_of_the_hand_in_progress(app, tmp_path,
                                                                            monkeypatch):
    data = tmp_path / "data" / "records"
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    players = ("human", "random", "random", "random")
    s = Session(RuleSet(), 8, players=players, hands=2)
    w = RecordWriter(s, data, human=0, seat_kinds=players)
    t = s.new_hand(on_event=w.on_event)
    while not t.is_over:
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    s.finish_hand()
    t = s.new_hand(on_event=w.on_event)
    for _ in range(25):
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    w.close()
    sc = make_scene(app, resume=True)
    assert isinstance(sc, TableScene)
    try:
        assert sc.session.hand_no == 2
        heard = sc.director.source
        assert isinstance(heard[0], HandStarted) and heard[0].hand == 2
        assert [id(e) for e in heard] == [id(e) for e in sc.table.events]
    finally:
        sc.abandon()
