"""Many random seeded hands with invariants after every event; determinism; replay; leaks."""

import json
import random

import pytest
from table_helpers import DICE

from ai.random_seat import RandomSeat
from game.engine.actions import (
    ACTION_TYPES,
    AddedKong,
    ConcealedKong,
    Discard,
    Kong,
    Pung,
    Win,
    action_from_json,
)
from game.engine.errors import ReplayError
from game.engine.events import event_from_json
from game.engine.hand import shanten as shape
from game.engine.invariants import InvariantError, check_table
from game.engine.replay import Recorder, load_log, replay_file
from game.engine.rules import RuleSet
from game.engine.session import Session, play_hand, play_session
from game.engine.table import Table, rig_wall


class EagerSeat:
    """Takes wins, usually claims, declares uper, and discards isolated tiles: reaches wins,
    kongs and uper often, so the random runs cover those paths too (tests only)."""

    name = "eager"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def act(self, d):
        legal = d.legal
        for a in legal:
            if isinstance(a, Win):
                return a
        for a in legal:
            if isinstance(a, (Pung, Kong, ConcealedKong, AddedKong)) and self.rng.random() < 0.7:
                return a
        ups = [a for a in legal if isinstance(a, Discard) and a.uper]
        if ups:
            return self.rng.choice(ups)
        ds = [a for a in legal if isinstance(a, Discard)]
        if not ds:
            return self.rng.choice(legal)
        c = list(d.observation.concealed)
        counts = [0] * 25
        for k in c:
            counts[k] += 1
        ready = set(shape.ready_discards(counts)) if len(c) % 3 == 2 else set()
        r = [a for a in ds if a.tile in ready]
        if r:
            return self.rng.choice(r)

        def company(k):
            n = counts[k]
            if k < 18:
                for dd in (-2, -1, 1, 2):
                    if 0 <= k % 9 + dd < 9:
                        n += counts[k + dd]
            return n
        best = min(company(a.tile) for a in ds)
        return self.rng.choice([a for a in ds if company(a.tile) == best])


def _play(rules, seed, seats, max_submits=2000):
    t = Table(rules, seed, on_event=check_table)
    n = 0
    while not t.is_over:
        pending = t.pending()
        assert pending, f"hand seed {seed}: not over but nobody to decide"
        for s, d in sorted(pending.items()):
            t.submit(s, seats[s].act(d))
            n += 1
        assert n < max_submits, f"hand seed {seed} does not end"
    check_table(t)
    assert sum(t.result.payments) == 0
    return t


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant():
    rules = RuleSet()
    endings = {}
    for seed in range(10_000):
        seats = [RandomSeat(seed * 4 + i) for i in range(4)]
        t = _play(rules, seed, seats)
        endings[t.result.reason] = endings.get(t.result.reason, 0) + 1
    assert endings.get("exhaustive", 0) > 9000  # random play rarely wins
    assert sum(endings.values()) == 10_000


@pytest.mark.parametrize("rules", [
    RuleSet(),
    RuleSet(flowers=False, several_winners="all"),
    RuleSet(three_winners="head_bump", dealer_keeps="win", strict_table=True),
], ids=["default", "no-flowers-all-win", "strict-head-bump"])
def test_eager_hands_with_wins_kongs_and_uper_keep_every_invariant(rules):
    hows, kongs, upers = {}, 0, 0
    for seed in range(400):
        t = _play(rules, seed, [EagerSeat(seed * 4 + i) for i in range(4)])
        for w in t.result.winners:
            hows[w.how] = hows.get(w.how, 0) + 1
        kongs += sum(m.is_kong for ss in t.seat_state for m in ss.melds)
        upers += sum(ss.uper_index >= 0 for ss in t.seat_state)
    assert hows.get("self_draw", 0) > 20 and hows.get("discard", 0) > 20
    assert kongs > 20 and upers > 20


def test_invariant_check_catches_a_lost_tile():
    t = Table(RuleSet(), seed=3)
    t.seat_state[1].concealed.pop()
    with pytest.raises(InvariantError, match="hand seed 3: 103 tiles accounted for"):
        check_table(t)
    t = Table(RuleSet(), seed=3)
    t.seat_state[2].river.append(t.seat_state[1].concealed[0])
    with pytest.raises(InvariantError, match="is both in"):
        check_table(t)


def _events(table):
    return [json.dumps(e.to_json(), sort_keys=True) for e in table.events]


def test_same_seed_and_actions_give_the_identical_event_log():
    logs = []
    for _ in range(2):
        t = Table(RuleSet(), seed=77)
        play_hand(t, [EagerSeat(i) for i in range(4)])
        logs.append(_events(t))
    assert logs[0] == logs[1]
    other = Table(RuleSet(), seed=78)
    play_hand(other, [EagerSeat(i) for i in range(4)])
    assert _events(other) != logs[0]


def _recorded_session(tmp_path, hands=4):
    s = Session(RuleSet(), seed=21, hands=hands)
    rec = Recorder(s)
    rec.play([EagerSeat(i) for i in range(4)])
    path = tmp_path / "session.jsonl"
    rec.save(path)
    return s, path


def test_replay_rebuilds_the_identical_session(tmp_path):
    s, path = _recorded_session(tmp_path)
    again = replay_file(path)
    assert [json.dumps(e.to_json(), sort_keys=True) for e in again.events] == \
           [json.dumps(e.to_json(), sort_keys=True) for e in s.events]
    assert again.scores == s.scores and again.hand_no == 4


def test_a_corrupt_log_names_the_line(tmp_path):
    _, path = _recorded_session(tmp_path, hands=1)
    lines = path.read_text().splitlines()
    # change one action: a different discard
    i = next(i for i, line in enumerate(lines) if '"type":"action"' in line and '"discard"' in line)
    data = json.loads(lines[i])
    data["action"]["tile"] = "1m" if data["action"]["tile"] != "1m" else "2m"
    bad = lines[:i] + [json.dumps(data)] + lines[i + 1:]
    p2 = tmp_path / "bad.jsonl"
    p2.write_text("\n".join(bad) + "\n")
    with pytest.raises(ReplayError, match=f"line {i + 1}"):
        replay_file(p2)
    p3 = tmp_path / "notjson.jsonl"
    p3.write_text("\n".join(lines[:5] + ["{oops"] + lines[5:]) + "\n")
    with pytest.raises(ReplayError, match="line 6: not valid JSON"):
        load_log(p3)


def test_a_truncated_log_is_refused(tmp_path):
    _, path = _recorded_session(tmp_path, hands=1)
    lines = path.read_text().splitlines()
    cut = next(i for i, line in enumerate(lines) if '"hand_end"' in line)
    acts = [i for i, line in enumerate(lines[:cut]) if '"type":"action"' in line]
    p2 = tmp_path / "cut.jsonl"
    p2.write_text("\n".join(lines[:acts[-1]]) + "\n")
    with pytest.raises(ReplayError, match="truncated"):
        replay_file(p2)


def test_an_edited_event_is_caught(tmp_path):
    _, path = _recorded_session(tmp_path, hands=1)
    lines = path.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"type":"dice"' in line)
    lines[i] = lines[i].replace('"faces":[', '"faces":[9,')
    p2 = tmp_path / "edited.jsonl"
    p2.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match=f"line {i + 1}"):
        replay_file(p2)


def test_observations_do_not_leak_hidden_tiles():
    """Two tables differing only in South's hand and the wall give East equal views."""
    east = "123m456m789p11z2z3z5z"
    a = Table(RuleSet(flowers=False), seed=1, dice=DICE,
              wall=rig_wall([east, "1m1m5m5m9m2p2p3p3p4z4z6z7z", None, None]))
    b = Table(RuleSet(flowers=False), seed=2, dice=DICE,
              wall=rig_wall([east, "2m3m4m6m7m8m9m9m4p5p6p7p8p", None, None]))
    assert a.seat_state[1].concealed != b.seat_state[1].concealed
    assert a.observation(0) == b.observation(0)
    assert [e.visible_to(0).to_json() for e in a.events] == \
           [e.visible_to(0).to_json() for e in b.events]
    assert a.observation(1) != b.observation(1)
    # the wall layout is hidden from every seat
    assert all(e.visible_to(s).to_json().get("tiles") is None for e in a.events[:2]
               for s in range(4) if e.type == "wall_built")


def test_session_rotates_the_dealer_and_books_scores():
    s = Session(RuleSet(dealer_keeps="win"), seed=4, hands=8)
    play_session(s, [EagerSeat(i) for i in range(4)])
    assert s.hand_no == 8 and sum(s.scores) == 0
    assert s.rotation == sum(1 for r in s.results if not r.dealer_keeps)
    assert s.rotation > 0
    assert [st.points for st in s.stats] == s.scores
    assert s.events[-1].type == "session_end"


def test_timed_session_finishes_the_hand_in_progress():
    now = [0.0]
    s = Session(RuleSet(session_mode="minutes", session_minutes=1), seed=4,
                clock=lambda: now[0])
    t = s.new_hand()
    now[0] = 120.0
    assert not s.is_over  # the hand in progress is finished first
    play_hand(t, [RandomSeat(i) for i in range(4)])
    s.finish_hand()
    assert s.is_over


@pytest.mark.parametrize("mode, expect", [("none", [None] * 5), ("east", [0] * 5),
                                          ("rotating", [0, 0, 0, 1, 2])])
def test_prevalent_wind_modes(mode, expect):
    s = Session(RuleSet(prevalent_wind=mode), seed=1)
    got = []
    for rotation in (0, 1, 3, 4, 8):  # a round ends when the deal has gone round once
        s.rotation = rotation
        got.append(s.prevalent)
    assert got == expect


def test_seat_selection_is_a_permutation_and_reproducible():
    for seed in range(20):
        s = Session(RuleSet(), seed=seed)
        assert sorted(s.first_seats) == [0, 1, 2, 3]
        assert Session(RuleSet(), seed=seed).first_seats == s.first_seats
        w = Session(RuleSet(), seed=seed, seat_selection="winds")
        assert sorted(w.first_seats) == [0, 1, 2, 3]


def test_actions_and_events_round_trip_through_json():
    for cls in ACTION_TYPES:
        a = cls(5) if cls in (Discard, ConcealedKong, AddedKong) else cls()
        assert action_from_json(json.loads(json.dumps(a.to_json()))) == a
    assert action_from_json(Discard(3, uper=True).to_json()) == Discard(3, uper=True)
    t = Table(RuleSet(), seed=9)
    play_hand(t, [EagerSeat(i) for i in range(4)])
    for e in t.events:
        back = event_from_json(json.loads(json.dumps(e.to_json())))
        assert back.to_json() == json.loads(json.dumps(e.to_json()))


def test_copy_is_independent_and_plays_on_identically():
    t = Table(RuleSet(), seed=31)
    seats = [EagerSeat(i) for i in range(4)]
    for _ in range(20):
        for s, d in sorted(t.pending().items()):
            t.submit(s, seats[s].act(d))
    c = t.copy()
    before = _events(t)
    assert [c.observation(s) for s in range(4)] == [t.observation(s) for s in range(4)]
    play_hand(c, [EagerSeat(9 + i) for i in range(4)])
    assert _events(t) == before and not t.is_over and c.is_over
    check_table(t)
    check_table(c)


def test_a_decision_is_a_snapshot_that_outlives_the_move():
    """A decision holds its observation, never the table: it stays what the seat saw."""
    t = Table(RuleSet(), seed=31)
    d = t.pending()[0]
    seen = t.observation(0)
    assert d.observation == seen and not hasattr(d, "_table")
    t.submit(0, d.legal[-1])
    assert d.observation == seen and t.observation(0) != seen
    assert not any(isinstance(v, Table) for v in vars(d).values())
