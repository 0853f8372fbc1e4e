"""The review screen shows the session's points timeline (each hand's points and every
player's running total, the hands that cost the player most marked; a click on a hand or
Left/Right jumps to that hand's decisions) and the table at the focused decision, drawn with
the table's own drawing, the player's discard framed in its verdict's colour and the computer's
in gold (issue 33)."""

from __future__ import annotations

import pygame
import pytest
from review_records import records as _records

from game.practice import game_review as gr
from game.records import load_record
from game.ui.review_board import DecisionBoard
from game.ui.scenes.game_review import VERDICT_COLOUR, GameReviewScene
from game.ui.widgets import GOLD


@pytest.fixture
def app(make_app):
    return make_app((1280, 800))


@pytest.fixture
def blundered(tmp_path):
    """A 2-hand record with a deal-in blunder (a discard) in hand 1, reviewed and kept."""
    path, made = _records.play(tmp_path, 6, _records.deal_in, hands=2)
    assert made is not None
    gr.review_record(path, playouts=16, workers=1)
    return path


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_the_timeline_holds_every_hand_and_marks_the_costly_one(app, blundered):
    s = GameReviewScene(app, blundered, playouts=16, workers=1, threaded=False)
    app.push(s)
    assert s.review is not None
    hands = s.timeline()
    record = load_record(blundered)
    assert [h.hand for h in hands] == [h.number for h in record.hands if h.end is not None]
    assert all(sum(h.totals) == 0 for h in hands)  # the points only change hands
    assert hands[-1].totals[0] == sum(o.points for o in s.review.outcomes)
    blunder = s.review.disagreements()[0]
    assert blunder.verdict == "blunder" and s.marked_hands() == [blunder.hand]


def test_a_click_on_a_hand_or_left_right_jumps_to_its_decisions(app, blundered):
    s = GameReviewScene(app, blundered, playouts=16, workers=1, threaded=False)
    app.push(s)
    s.draw(app.canvas)  # the timeline's columns are where it was drawn
    cols = dict(s._columns)
    assert set(cols) == {h.hand for h in s.timeline()}
    assert s.items and all(i.hand == 1 for i in s.items)
    s.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=cols[1].center))
    assert s.hand_cursor == 1 and s.items[s.focus].hand == 1
    others = sorted({i.hand for i in s.all_items} - {1})
    s.handle_event(key(pygame.K_RIGHT))
    if others:  # the next hand with a decision unlike the computer's (fine ones shown then)
        assert s.hand_cursor == others[0] and s.items[s.focus].hand == others[0]
    else:
        assert s.hand_cursor == 1
    s.handle_event(key(pygame.K_LEFT))
    assert s.hand_cursor == 1 and s.items[s.focus].hand == 1


def test_the_board_frames_both_discards_in_their_colours(app, blundered):
    r = gr.cached_review(blundered, 0, playouts=16)
    assert r is not None
    item = r.disagreements()[0]
    assert item.kind == "discard" and item.chosen != item.suggested
    board = DecisionBoard(app)
    colour = VERDICT_COLOUR[item.verdict]
    pic = board.render(load_record(blundered).hands[item.hand - 1], item, (1024, 640), colour)
    assert board.error == ""
    mine, theirs = board.marks["chosen"], board.marks["suggested"]
    assert mine != theirs and mine.y < theirs.y  # the player's discard is lifted
    assert tuple(pic.get_at((mine.centerx, mine.y + 1)))[:3] == colour
    assert tuple(pic.get_at((theirs.centerx, theirs.bottom - 2)))[:3] == GOLD
