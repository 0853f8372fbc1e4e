"""The replay a review opens at a decision shows what the player saw then: the events up to the
decision, the table the hints read (the player's concealed tiles as the review has them), and
the plates with their badges (an uper player's stick and lit plate, which the board left out
while the hints named the uper player)."""

from __future__ import annotations

import pytest
from review_records import records as _records

from game.practice.game_review import review_record
from game.ui.layout import screen_seat
from game.ui.scenes.game_review import GameReviewScene


@pytest.fixture
def app(make_app):
    return make_app((1024, 640))


def test_the_replay_at_a_decision_shows_the_uper_badge(app, tmp_path):
    path, made = _records.play(tmp_path, 6, _records.deal_in)
    assert made is not None
    review_record(path, playouts=16, workers=1)
    s = GameReviewScene(app, path, playouts=16, workers=1, threaded=False)
    app.push(s)
    item = s.items[0]  # the deal-in against an uper player
    assert s.open(0)
    viewer = app.top
    assert viewer.name == "replay_viewer"
    assert viewer.k + 1 == item.events_before  # the events up to the decision
    table = viewer.table_at(viewer.k)
    assert len(table.events) == item.events_before
    seat = viewer.human_seat()
    assert seat == item.seat
    obs = table.observation(seat)
    assert obs.concealed == item.concealed  # what the hints read is the player's hand then
    upers = [o for o in range(4) if o != seat and obs.uper[o]]
    assert upers, "the blunder is against an uper player"
    info = viewer.info(table, seat)
    for o in range(4):
        assert info.uper[screen_seat(o, seat)] == bool(obs.uper[o])
    assert info.wall_count == item.wall_left
    app.step([], 1 / 60)  # drawn with the badges


def test_the_review_note_leaves_the_board_whole(app, tmp_path, monkeypatch):
    """The review's words about the decision stand in a band above the board, never over it
    (the box once hid the North plate): the board is drawn smaller, below the note."""
    path, made = _records.play(tmp_path, 6, _records.deal_in)
    assert made is not None
    review_record(path, playouts=16, workers=1)
    s = GameReviewScene(app, path, playouts=16, workers=1, threaded=False)
    app.push(s)
    assert s.open(0)
    viewer = app.top
    assert viewer.note, "the review gives the viewer its words about the decision"
    drawn: list[tuple[int, int, int, int]] = []
    render = viewer.board.render

    def spy(*args, **kw):
        pic = render(*args, **kw)
        drawn.append(pic.get_size())
        return pic
    monkeypatch.setattr(viewer.board, "render", spy)
    app.step([], 1 / 60)
    region = viewer.regions()["board"]
    _lines, note_h = viewer._note_lines(region, viewer.text_size())
    (w, h), = drawn[-1:]
    assert h <= region.h - note_h, "the board shares its region with the note, above it"
    assert abs(w / h - region.w / region.h) < 0.02, "the board keeps its proportions"
