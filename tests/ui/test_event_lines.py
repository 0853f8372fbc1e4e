"""The replay viewer's event lines: Korean for every event type (no English left), English with
tiles in words (or in notation, the player's setting)."""

import re

import pytest

from ai.random_seat import RandomSeat
from game.engine.events import (
    EVENT_TYPES,
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    FlowerShown,
    HandEnded,
    HandStarted,
    KongDeclared,
    NineMajorDeclared,
    SessionEnded,
    SessionStarted,
    WallBroken,
    WallBuilt,
    WinDeclared,
    Winner,
    WinScore,
    YakLine,
    event_from_json,
)
from game.engine.kinds import WinHow
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter, load_record
from game.ui.event_lines import event_line

PLAYERS = ("human", "ai:expert", "random", "ai:beginner")
WIN = Winner(2, WinHow.DISCARD, 0, 13,
             WinScore(True, 3, 2, 2, 7, (YakLine("all_pungs", 2, "basic"),
                                         YakLine("concealed", 1, "basic"))), (-7, 0, 7, 0))
ONE_OF_EACH = [
    SessionStarted(seed=5, rules={}, players=PLAYERS, method="dice", rolls=(), seats=(2, 0, 1, 3)),
    HandStarted(hand=2, seed=1, prevalent=1, doubled=True, players=(1, 2, 0, 3), scores=(4, -4, 0, 0), rules={}),
    WallBuilt(tiles=tuple(range(104))),
    DiceRolled(seat=0, faces=(3, 4), purpose="breaker"),
    DiceRolled(seat=3, faces=(6, 6), purpose="count"),
    WallBroken(breaker=3, count=12, counted=12, break_stack=5),
    Dealt(seat=1, tiles=(0, 4, 8, 100), positions=(0, 1, 2, 3)),
    Dealt(seat=2, tiles=None, positions=(0, 1, 2, 3)),
    FlowerShown(seat=2, tile=101),
    Drew(seat=0, tile=None, position=3, replacement=False),
    Drew(seat=0, tile=100, position=3, replacement=True),
    Discarded(seat=1, tile=52, uper=True),
    Discarded(seat=1, tile=80, auto=True),
    Claimed(seat=2, meld="pung", tile=72, from_seat=1, tiles=(72, 73, 74)),
    Claimed(seat=2, meld="kong", tile=72, from_seat=1, tiles=(72, 73, 74, 75)),
    KongDeclared(seat=3, meld="concealed_kong", tiles=(0, 1, 2, 3)),
    KongDeclared(seat=3, meld="added_kong", tiles=(4,)),
    NineMajorDeclared(seat=0, tiles=(0, 32, 36, 68, 72, 76, 80, 84, 88)),
    WinDeclared(seat=2, tile=72, how="discard", from_seat=1, concealed=(0, 4, 8)),
    WinDeclared(seat=2, tile=72, how="self_draw", from_seat=None, concealed=(0, 4, 8)),
    WinDeclared(seat=2, tile=72, how="robbing_kong", from_seat=3, concealed=(0, 4, 8)),
    HandEnded(reason="win", winners=(WIN,), payments=(-7, 0, 7, 0), hands=((), (), (), ()), next_doubled=False,
              dealer_keeps=False),
    HandEnded(reason="exhaustive", winners=(), payments=(0, 0, 0, 0), hands=((), (), (), ()), next_doubled=True,
              dealer_keeps=True),
    HandEnded(reason="nine_major", winners=(), payments=(0, 0, 0, 0), hands=((), (), (), ()), next_doubled=False,
              dealer_keeps=True),
    HandEnded(reason="four_winds", winners=(), payments=(0, 0, 0, 0), hands=((), (), (), ()), next_doubled=False,
              dealer_keeps=True),
    HandEnded(reason="triple_win", winners=(), payments=(0, 0, 0, 0), hands=((), (), (), ()), next_doubled=False,
              dealer_keeps=True),
    SessionEnded(hands=4, scores=(10, -5, -5, 0)),
]
LATIN = re.compile(r"[A-Za-z]")


def test_the_examples_cover_every_event_type():
    assert {type(e) for e in ONE_OF_EACH} == set(EVENT_TYPES.values())


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_korean_line_has_no_english(event):
    line = event_line(event, PLAYERS, lang="ko")
    assert line and not LATIN.search(line), line


NOTATION = re.compile(r"\b(?:[1-9]+[mpzf])+\b")
TILED = (Dealt, FlowerShown, Drew, Discarded, Claimed, KongDeclared, NineMajorDeclared, WinDeclared)


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_english_line_names_tiles_in_words_or_in_notation_when_asked(event):
    line = event_line(event, PLAYERS, lang="en")
    assert line and not NOTATION.search(line), line
    noted = event_line(event, PLAYERS, lang="en", notation=True)
    if isinstance(event, TILED) and getattr(event, "tile", 0) is not None and \
            getattr(event, "tiles", 0) is not None:
        assert NOTATION.search(noted), noted


def test_english_lines_read_as_players_say_them():
    assert event_line(Discarded(seat=1, tile=52, uper=True), lang="en") == \
        "South discards 5 circles, declaring uper"
    assert event_line(Discarded(seat=1, tile=52, uper=True), lang="en", notation=True) == \
        "S discards 5p, declaring uper"
    assert event_line(Claimed(seat=2, meld="pung", tile=72, from_seat=1, tiles=(72, 73, 74)),
                      lang="en") == "West claims East wind from South: pung (East wind, East wind, East wind)"


def test_korean_lines_name_tiles_seats_and_yak():
    assert event_line(Discarded(seat=1, tile=52, uper=True), PLAYERS, lang="ko") == "남: 5통 버림, 엎어 선언"
    assert event_line(Claimed(seat=2, meld="pung", tile=72, from_seat=1, tiles=(72, 73, 74)),
                      lang="ko") == "서: 남의 동 펑 (동 동 동)"
    end = event_line(ONE_OF_EACH[21], PLAYERS, lang="ko")
    assert "돌돌이 2" in end and "역 3" in end
    assert "서 7점" in end and "동 -7" in end
    read = event_from_json(ONE_OF_EACH[21].to_json())  # as a record holds it: seat letters
    assert event_line(read, PLAYERS, lang="ko") == end
    assert "West scores 7" in event_line(read, PLAYERS, lang="en")


def test_every_event_of_a_real_record_in_korean(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    w = RecordWriter(Session(RuleSet(), seed=11, hands=2), human=0,
                     seat_kinds=("human", "random", "random", "random"))
    w.play([RandomSeat(110 + i) for i in range(4)])
    rec = load_record(w.path)
    events = [e for _, e in rec.session_events] + [e for h in rec.hands for _, e in h.events]
    assert len(events) > 50
    for e in events:
        for players in (rec.players, rec.seat_kinds):
            line = event_line(e, players, lang="ko")
            assert not LATIN.search(line), line
