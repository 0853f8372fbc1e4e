"""The right-hand column (issue 35: an empty dark strip most of the time) shows the session's
running scores with the last hand's change and the hand's last public moves in words
(`game/ui/table/side_column.py`); no secret is named (an opponent's drawn tile, a concealed
kong), and it stays inside the room it is given at 1024x640, 1280x800 and 1920x1080."""

import dataclasses
import itertools

import pygame
import pytest

from ai.random_seat import RandomSeat
from game.engine.events import Discarded, Drew, HandStarted, KongDeclared
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter
from game.ui.director import HandModel
from game.ui.event_lines import event_line
from game.ui.layout import Layout
from game.ui.table.side_column import SideColumn, public_events
from game.ui.widgets import Fonts

NAMES = ["You", "Jimin", "Sua", "Jiho"]


@pytest.fixture
def events(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    w = RecordWriter(Session(RuleSet(), seed=3, hands=1), human=0,
                     seat_kinds=("human", "random", "random", "random"))
    w.play([RandomSeat(30 + i) for i in range(4)])
    return list(w.session.events)


@pytest.fixture(params=["en", "ko"])
def app(request, make_app):
    return make_app((1280, 800), language=request.param)


def test_no_draw_and_no_other_seats_concealed_kong_is_named(events):
    shown = public_events(events, human=0)
    assert shown and not any(isinstance(e, Drew) for e in shown)
    assert any(isinstance(e, Discarded) for e in shown)
    hidden = KongDeclared(seat=2, meld="concealed_kong", tiles=(0, 1, 2, 3))
    mine = KongDeclared(seat=0, meld="concealed_kong", tiles=(0, 1, 2, 3))
    assert public_events([*events, hidden, mine], human=0)[-1] is mine
    # only the hand being played: a new hand starts the list again
    start = next(e for e in events if isinstance(e, HandStarted))
    again = public_events([*events, dataclasses.replace(start, hand=2), Discarded(seat=1, tile=8)],
                          human=0)
    assert [type(e) for e in again] == [Discarded]


def test_the_scores_run_with_the_last_hands_change():
    col = SideColumn()
    m = HandModel(hand_no=1, scores=(0, 0, 0, 0), players=(0, 1, 2, 3))
    assert [r.change for r in col.rows(m, NAMES, 0)] == [0, 0, 0, 0]
    m.scores = (30, -30, 0, 0)  # the hand's end shown: South paid East
    rows = col.rows(m, NAMES, 0)
    assert [(r.name, r.score, r.change, r.you) for r in rows[:2]] == [("You", 30, 30, True),
                                                                      ("Sua", 0, 0, False)]
    assert rows[-1].name == "Jimin" and rows[-1].change == -30
    m2 = HandModel(hand_no=2, scores=(-30, 0, 0, 30), players=(1, 2, 3, 0))  # the next hand
    rows = col.rows(m2, NAMES, 0)
    assert {r.name: r.change for r in rows} == {"You": 30, "Jimin": -30, "Sua": 0, "Jiho": 0}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_column_draws_inside_its_room(app, events, monkeypatch, size):
    said: list[tuple[str, pygame.Rect]] = []
    words: dict[int, str] = {}
    text = Fonts.text

    def spy(self, s, px, colour=(255, 255, 255), bold=False):
        surf = text(self, s, px, colour, bold)
        words[id(surf)] = s
        return surf

    class Screen(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
            r = super().blit(source, dest, area, special_flags)
            if id(source) in words:
                said.append((words[id(source)], pygame.Rect(r)))
            return r

    monkeypatch.setattr(Fonts, "text", spy)
    lay = Layout.for_size(*size)
    room = pygame.Rect(lay.hints_area(0).as_tuple())
    col = SideColumn()
    col.rows(HandModel(hand_no=1), NAMES, 0)  # the hand began at 0 each
    model = HandModel(hand_no=1, scores=(12, -4, -4, -4), players=(0, 1, 2, 3))  # and ended so
    col.draw(Screen(size), room, app, model, NAMES, 0, events, human=0)
    texts = [s for s, _ in said]
    assert texts[0] == app.tr("side.scores") and app.tr("side.moves") in texts
    assert all(room.contains(r) for _, r in said), [(s, r) for s, r in said if not room.contains(r)]
    assert "+12" in texts and "-4" in texts and "You" in texts
    last = event_line(public_events(events, 0)[-1], lang=app.lang)
    assert texts[-1] in last  # the newest move last (maybe wrapped)
    for (a, ra), (b, rb) in itertools.combinations(said, 2):  # no text over another
        assert not ra.inflate(-2, -2).colliderect(rb.inflate(-2, -2)), (a, ra, b, rb)


def test_a_move_names_its_seat_as_the_plates_do(app, events, monkeypatch):
    """Given the seating, the last moves name a seat by its plate's name and wind ("Jiho
    (West) discards ..."), as the prompts and banners do (issue 32, who is who)."""
    said: list[str] = []
    text = Fonts.text

    def spy(self, s, px, colour=(255, 255, 255), bold=False):
        said.append(s)
        return text(self, s, px, colour, bold)

    monkeypatch.setattr(Fonts, "text", spy)
    lay = Layout.for_size(1280, 800)
    room = pygame.Rect(lay.hints_area(0).as_tuple())
    seating = (1, 2, 3, 0)  # the players moved round: Jimin sits East
    model = HandModel(hand_no=1, scores=(0, 0, 0, 0), players=seating)
    move = Discarded(seat=0, tile=8)
    SideColumn().draw(pygame.Surface((1280, 800)), room, app, model, NAMES, 0, [*events, move],
                      human=1, seating=seating)
    line = event_line(move, NAMES, lang=app.lang, seating=seating)
    who = line[:line.index(")") + 1]  # "Jimin (East)" / "Jimin(동)"
    assert "Jimin" in who
    assert any(s.startswith(who) for s in said), said
