"""`event_from_json` is where an event's fields are checked: each field's kind and range (seats,
tile ids 0-103, dice 1-6, four payments, true/false flags, no unknown fields), with one error
type (`EventFormatError`) carrying a message that names the event and the field. Every reader
(a record, the engine's log replay, a seat program's input) gets the same checks."""

from __future__ import annotations

import pytest

from ai.random_seat import RandomSeat
from game.engine.errors import MahjongError
from game.engine.events import EventFormatError, event_from_json
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.i18n import render

DISCARD = {"type": "discard", "seat": "E", "tile": 52, "uper": False, "drawn": True,
           "auto": False}
DICE = {"type": "dice", "purpose": "breaker", "seat": "S", "faces": [3, 4]}
HAND_START = {"type": "hand_start", "hand": 1, "seed": 5, "prevalent": 0, "doubled": False,
              "players": [0, 1, 2, 3], "scores": [0, 0, 0, 0], "rules": {}}
WIN = {"seat": "S", "how": "discard", "from": "E", "tile": "5p",
       "result": {"valid": True, "basic": 2, "bonus": 0, "ante": 10, "total": 12,
                  "yak": [{"key": "seven_pairs", "points": 2, "kind": "basic"}]},
       "payments": [-12, 12, 0, 0]}
HAND_END = {"type": "hand_end", "reason": "win", "winners": [WIN], "payments": [-12, 12, 0, 0],
            "hands": [[1], [2], [3], [4]], "next_doubled": False, "dealer_keeps": False}


def changed(base, **kw):
    out = dict(base)
    out.update(kw)
    return out


def won(**result):
    w = dict(WIN, result=dict(WIN["result"], **result))
    return changed(HAND_END, winners=[w])


def test_the_examples_are_good_events():
    for e in (DISCARD, DICE, HAND_START, HAND_END):
        assert event_from_json(e).to_json()["type"] == e["type"]


# (the damaged event, the message code, the field it names)
HOSTILE = {
    "tile id 104": (changed(DISCARD, tile=104), "event.field.value", "tile"),
    "tile id -1": (changed(DISCARD, tile=-1), "event.field.value", "tile"),
    "tile id true": (changed(DISCARD, tile=True), "event.field.value", "tile"),
    "tile id as text": (changed(DISCARD, tile="52"), "event.field.value", "tile"),
    "uper as text": (changed(DISCARD, uper="false"), "event.field.bool", "uper"),
    "die of 7": (changed(DICE, faces=[7, 1]), "event.field.value", "faces"),
    "die of 0": (changed(DICE, faces=[0, 1]), "event.field.value", "faces"),
    "one die": (changed(DICE, faces=[3]), "event.field.value", "faces"),
    "players twice": (changed(HAND_START, players=[0, 1, 1, 3]), "event.field.value", "players"),
    "wind 4": (changed(HAND_START, prevalent=4), "event.field.value", "prevalent"),
    "hand 0": (changed(HAND_START, hand=0), "event.field.value", "hand"),
    "three scores": (changed(HAND_START, scores=[0, 0, 0]), "event.field.value", "scores"),
    "rules a list": (changed(HAND_START, rules=[]), "event.field.value", "rules"),
    "three payments": (changed(HAND_END, payments=[0, 0, 0]), "event.field.value", "payments"),
    "a shown tile 104": (changed(HAND_END, hands=[[104], [], [], []]), "event.field.value",
                         "hands"),
    "an extra field": (changed(DISCARD, cheat=1), "event.field.unknown", "cheat"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_damaged_field_is_refused_with_its_name(name):
    data, code, field = HOSTILE[name]
    with pytest.raises(EventFormatError) as e:
        event_from_json(data)
    assert isinstance(e.value, MahjongError) and isinstance(e.value, ValueError)
    assert e.value.message is not None and e.value.message.code == code
    assert f"'{field}'" in str(e.value) or field in str(e.value)
    assert render(e.value.message, "ko") != str(e.value)  # said in Korean too


@pytest.mark.parametrize("winner", [
    won(valid="false"),  # once read as bool("false"): a valid win
    changed(HAND_END, winners=[dict(WIN, payments=[0, 0, 12])]),
])
def test_a_damaged_winner_is_refused(winner):
    with pytest.raises(EventFormatError):
        event_from_json(winner)


def test_every_event_of_a_played_session_reads_back_in_every_seat_view():
    """The checks refuse nothing the engine writes: hidden tiles, self-draws, flowers."""
    s = play_session(Session(RuleSet(flowers=True), seed=11, hands=2),
                     [RandomSeat(i) for i in range(4)])
    for e in s.events:
        assert event_from_json(e.to_json()) == e
        for seat in range(4):
            view = e.visible_to(seat)
            assert event_from_json(view.to_json()) == view
