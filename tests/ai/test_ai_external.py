"""External (cmd:) and python: seats speak the protocol; the guard replaces misbehaving ones."""

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from ai.external import (
    PROTOCOL_VERSION,
    ExternalSeat,
    decision_to_json,
    message_json,
    observation_to_json,
)
from ai.guard import GuardedSeat
from ai.heuristic import HeuristicSeat
from ai.registry import make_seat
from game.engine.actions import PASS, Discard, action_from_json
from game.engine.messages import message_from_json
from game.engine.rules import RuleSet
from game.engine.scoring import sacred_status
from game.engine.session import Session, play_session
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile, parse_tiles

HERE = Path(__file__).parent


def cmd(program: str) -> str:
    return f"cmd:{sys.executable} {HERE / program}"


def play(seats, hands=2, seed=5):
    session = Session(RuleSet(session_mode="hands"), seed, players=("a", "b", "c", "d"),
                      hands=hands)
    play_session(session, seats)
    return session


def close_all(seats):
    for s in seats:
        close = getattr(s, "close", None)
        if close is not None:
            close()


def test_a_well_behaved_program_plays_a_session_without_incidents():
    seat = make_seat(cmd("seat_program_ok.py"))
    seats = [seat, make_seat("greedy"), make_seat("random", seed=1), make_seat("ai:beginner")]
    try:
        session = play(seats)
        assert session.finished and session.hand_no == 2
        assert isinstance(seat, GuardedSeat)
        assert not seat.replaced and seat.incidents == []
        assert str(seat.explain()).startswith("first legal action after")
    finally:
        close_all(seats)


@pytest.mark.parametrize("program, reason", [
    ("seat_program_crash.py", "crashed (RuntimeError: the program ended without answering (exit status 3))"),
    ("seat_program_illegal.py", "crashed (ActionFormatError: unknown action type 'chow'"),
])
def test_a_crashing_or_illegal_program_is_replaced_and_the_session_completes(program, reason):
    seat = make_seat(cmd(program))
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("random", seed=2)]
    try:
        session = play(seats)
        assert session.finished and session.hand_no == 2
        assert seat.replaced
        assert len(seat.incidents) == 1
        assert reason in str(seat.incidents[0])
        assert str(seat.incidents[0]).endswith("replaced by ai:standard for the rest of the session")
        assert seat.name.endswith("->ai:standard")
    finally:
        close_all(seats)


def test_a_slow_program_exceeds_its_budget_and_is_replaced():
    inner = ExternalSeat([sys.executable, str(HERE / "seat_program_slow.py")])
    seat = GuardedSeat(inner, budget=0.3)
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    try:
        session = play(seats, hands=1)
        assert session.finished
        assert seat.replaced and "exceeded its time budget of 0.3 s" in str(seat.incidents[0])
    finally:
        close_all(seats)
    assert inner.proc.poll() is not None  # the slow program was stopped


class _Illegal:
    name = "illegal-python"

    def act(self, decision):
        return action_from_json({"type": "pung"}) if decision.kind == "turn" else PASS


def test_a_python_seat_answering_illegally_is_replaced():
    seat = GuardedSeat(_Illegal())
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    play(seats, hands=1)
    assert seat.replaced and "answered illegally" in str(seat.incidents[0])


def test_python_seats_load_by_name_and_are_guarded():
    seat = make_seat("python:ai.greedy:GreedySeat", seed=3)
    assert isinstance(seat, GuardedSeat) and seat.inner.name == "greedy"
    with pytest.raises(ValueError, match="has no 'Nope'"):
        make_seat("python:ai.greedy:Nope")
    with pytest.raises(ValueError, match="cannot import"):
        make_seat("python:no_such_module_xyz:Seat")


def test_the_request_line_carries_legal_actions_and_the_observation():
    t = Table(RuleSet(), seed=4)
    d = t.pending()[0]
    req = decision_to_json(d, d.observation, 7)
    assert req["type"] == "request" and req["id"] == 7 and req["seat"] == "E"
    assert req["kind"] == "turn"
    assert [action_from_json(a) for a in req["legal"]] == list(d.legal)
    obs = req["observation"]
    assert set(obs) >= {"hand", "melds", "rivers", "uper", "waits", "sacred", "wall_left",
                        "flowers", "last_discard"}
    json.dumps(req)  # JSON-ready


def test_observation_json_shows_uper_and_sacred_status():
    seat = HeuristicSeat("beginner")  # declares uper whenever legal
    t = Table(RuleSet(), seed=11)
    from game.engine.session import play_hand
    seen = []

    class Spy:
        name = "spy"

        def act(self, decision):
            seen.append(observation_to_json(decision.observation))
            return seat.act(decision)

        def observe(self, e):
            seat.observe(e)

    play_hand(t, [Spy(), make_seat("greedy"), make_seat("greedy"), make_seat("greedy")])
    assert seen and all(isinstance(o["sacred"], list) for o in seen)
    assert all(set(o["uper"]) == {"E", "S", "W", "N"} for o in seen)
    sacred = [m for o in seen for m in o["sacred"]]  # seed 11: East discards his own wait 4m
    assert sacred and all(set(m) == {"code", "args", "text"} for m in sacred)
    assert sacred[0] == {"code": "sacred.sd2", "args": {"tiles": [3]},
                         "text": "you discarded 4m, which you wait on: no discard win while a "
                                 "wait is in your own river (sacred discard)"}


# ---------------------------------------------------------------- reasons are messages

# docs/rules.md#ex3: 111m 234m 234p 99p 79p waits 7p/8p worth 1 point on a discard: no uper
REFUSED_UPER = "111m234m234p99p79p1z"


def refused_uper_decision():
    t = Table(RuleSet(flowers=False), seed=1, wall=rig_wall([REFUSED_UPER, None, None, None]))
    return t.pending()[0]


def test_a_refused_option_reaches_the_program_as_a_message():
    d = refused_uper_decision()
    req = json.loads(json.dumps(decision_to_json(d, d.observation, 1)))
    assert req["protocol"] == PROTOCOL_VERSION == 2
    reasons = {r["action"]["tile"]: r["reason"] for r in req["refused"] if r["action"].get("uper")}
    why = reasons["1z"]
    assert why["code"] == "uper.cheap_waits"
    assert [w["code"] for w in why["args"]["waits"]] == ["uper.cheap_wait"] * 2
    assert [w["args"]["tile"] for w in why["args"]["waits"]] == [15, 16]  # 7p 8p (tile kinds)
    assert why["args"]["waits"][0]["args"]["basic"] == {
        "code": "basic.one", "args": {"points": 1, "yak": "concealed"},
        "text": "concealed only (1 point)"}
    note = d.notes[Discard(parse_tile("1z"), uper=True)]
    assert why["text"] == str(note) == ("7p would win by discard with concealed only (1 point); "
                                        "8p would win by discard with concealed only (1 point)")
    assert message_from_json(why) == note  # the code and arguments are the whole message


def test_a_program_reads_the_codes_of_refused_options():
    # the program explains its answer with the codes it was sent
    program = ("import sys, json\n"
               "for line in sys.stdin:\n"
               "    m = json.loads(line)\n"
               "    if m['type'] == 'request':\n"
               "        codes = sorted(r['reason']['code'] for r in m['refused'])\n"
               "        print(json.dumps(dict(m['legal'][0], explain=' '.join(codes))), flush=True)")
    d = refused_uper_decision()
    seat = ExternalSeat([sys.executable, "-c", program])
    try:
        assert seat.act(d) == d.legal[0]
        assert str(seat.explain()) == "uper.cheap_wait uper.cheap_waits"
    finally:
        seat.close()


def test_sacred_reasons_and_plain_text_in_the_observation():
    obs = Table(RuleSet(), seed=4).pending()[0].observation
    sd3 = sacred_status(parse_tiles("14m"), parse_tiles("7m")).reasons[0].message
    j = observation_to_json(dataclasses.replace(obs, sacred=(sd3, "an older engine's words")))
    assert j["sacred"] == [
        {"code": "sacred.sd3", "args": {"pattern": "1-4-7", "stem": 6, "tile": 6},
         "text": "you discarded 7m: 1m, 4m and 7m cannot be won by discard (stem pattern 1-4-7)"},
        {"code": None, "args": {}, "text": "an older engine's words"}]
    assert message_json(None) == {"code": None, "args": {}, "text": ""}


def test_a_program_that_cannot_start_is_a_clear_error():
    with pytest.raises(ValueError, match="cannot start seat program"):
        ExternalSeat("/no/such/program --flag")
