"""Game records: write -> read -> identical table, truncated and corrupt files, listing, pruning,
and ``korean-mahjong replay FILE [--check]`` exit codes."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from ai.random_seat import RandomSeat
from game.cli import main
from game.engine.replay import replay_file
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.practice.record_text import transcript
from game.records import (
    RecordWriter,
    check_record,
    list_records,
    load_record,
    prune_records,
    records_dir,
)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    return tmp_path


def _play(seed=3, hands=2, now=None, human=0, directory=None):
    session = Session(RuleSet(), seed=seed, hands=hands)
    w = RecordWriter(session, directory, human=human, now=now,
                     seat_kinds=("human", "random", "random", "random"))
    w.play([RandomSeat(seed * 10 + i) for i in range(4)])
    return w, session


def test_records_go_to_the_data_dir(data_dir):
    w, _ = _play()
    assert w.path.parent == records_dir() == data_dir / "records"


def test_round_trip_rebuilds_the_identical_table(data_dir):
    w, session = _play(seed=11, hands=3)
    # the engine's own replay rebuilds it: every event identical, same scores
    again = replay_file(w.path)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in session.events]
    assert again.scores == session.scores
    rec = load_record(w.path)
    assert rec.ok and rec.complete
    assert len(rec.hands) == 3
    assert rec.scores() == tuple(session.scores)
    evs = [e.to_json() for _, e in rec.events()]
    assert evs == [e.to_json() for e in session.events]
    assert check_record(w.path).ok


def test_a_hand_rebuilds_at_any_point_for_the_viewer(data_dir):
    w, _session = _play(seed=14, hands=2)
    rec = load_record(w.path)
    for hand in rec.hands:
        full = hand.table()
        assert full.is_over
        assert [e.to_json() for e in full.events] == [e.to_json() for _, e in hand.events]
        half = hand.table(len(hand.actions) // 2)
        assert not half.is_over
        n = len(half.events)
        assert [e.to_json() for e in half.events] == [e.to_json() for _, e in hand.events[:n]]
        from game.practice.hints import hints
        seat = min(half.pending())
        assert hints(half.pending()[seat], half.events).suggested in half.pending()[seat].legal


def test_the_writer_flushes_every_line_as_the_game_goes(data_dir):
    session = Session(RuleSet(), seed=4, hands=1)
    w = RecordWriter(session)
    table = session.new_hand(on_event=w.on_event)
    seats = [RandomSeat(i) for i in range(4)]
    n = 0
    while not table.is_over and n < 20:
        for s, d in sorted(table.pending().items()):
            w.submit(table, s, seats[s].act(d))
            n += 1
            break
    # mid-hand: the file on disk is a valid prefix, opened with a clear message
    rec = load_record(w.path)
    assert rec.header["seed"] == 4
    assert len(rec.hands) == 1 and sum(1 for _ in rec.hands[0].actions) == n
    assert "ends inside hand 1" in rec.error
    assert not check_record(w.path).ok
    w.close()


def _lines(path):
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def test_truncated_record_is_read_as_far_as_valid(data_dir, tmp_path):
    w, _ = _play(seed=5, hands=2)
    lines = _lines(w.path)
    cut = tmp_path / "cut.jsonl"
    keep = len(lines) // 2
    cut.write_text("".join(lines[:keep]) + lines[keep][:17], encoding="utf-8")
    before = cut.read_bytes()
    rec = load_record(cut)
    assert rec.header is not None
    assert rec.error.startswith(f"line {keep + 1}: cut off")
    assert rec.lines_read == keep
    assert rec.hands  # the valid prefix is there
    res = check_record(cut)
    assert not res.ok and res.line == keep + 1
    assert cut.read_bytes() == before  # never written


@pytest.mark.parametrize("damage, why", [
    (lambda ls: ls[:5] + ["{not json\n"] + ls[6:], "line 6: not valid JSON"),
    (lambda ls: ls[:5] + ['{"type": "chat", "hand": 1}\n'] + ls[6:], "line 6: unknown line"),
    (lambda ls: ls[:5] + ['{"type": "event", "hand": 1, "event": {"type": "shuffle"}}\n']
     + ls[6:], "line 6: unknown event type 'shuffle'"),
    (lambda ls: ['{"type": "header", "format": 99}\n'] + ls[1:], "line 1: unknown record format"),
    (lambda ls: [], "empty"),
    # header, session start, hand start: without the hand start the hand has no beginning
    (lambda ls: ls[:2] + ls[3:], "line 3: hand 1 has a wall_built event before its hand start"),
])
def test_corrupt_records_never_raise(data_dir, tmp_path, damage, why):
    w, _ = _play(seed=6, hands=1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(damage(_lines(w.path))), encoding="utf-8")
    rec = load_record(bad)
    assert why in rec.error
    assert not check_record(bad).ok


def test_a_changed_event_is_named_by_check(data_dir, tmp_path):
    w, _ = _play(seed=7, hands=1)
    lines = _lines(w.path)
    for i, line in enumerate(lines):
        d = json.loads(line)
        if d["type"] == "event" and d["event"]["type"] == "discard":
            d["event"]["tile"] = (d["event"]["tile"] + 4) % 100
            lines[i] = json.dumps(d) + "\n"
            break
    bad = tmp_path / "changed.jsonl"
    bad.write_text("".join(lines), encoding="utf-8")
    res = check_record(bad)
    assert not res.ok and res.line is not None
    assert "differs on replay" in res.message or "no such" in res.message


def test_missing_file_gives_a_message(tmp_path):
    rec = load_record(tmp_path / "nope.jsonl")
    assert rec.header is None and "cannot read" in rec.error


def test_list_newest_first_and_prune(data_dir):
    old = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    new = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
    w_old, _s_old = _play(seed=1, hands=1, now=old)
    w_new, s_new = _play(seed=2, hands=2, now=new)
    (records_dir() / "garbage.jsonl").write_text("\x00\x01 not a record", encoding="utf-8")
    got = list_records()
    real = [s for s in got if not s.error]
    assert [s.path for s in real] == [w_new.path, w_old.path]
    assert real[0].hands == 2 and real[0].scores == tuple(s_new.scores) and real[0].complete
    assert real[0].seed == 2 and real[0].human == 0
    assert real[0].seat_kinds == ("human", "random", "random", "random")
    assert [s.name for s in got if s.error] == ["garbage.jsonl"]  # listed, not skipped
    old_review = w_old.path.with_name(w_old.path.name + ".review.json")
    new_review = w_new.path.with_name(w_new.path.name + ".review.json")
    old_review.write_text("{}", encoding="utf-8")
    new_review.write_text("{}", encoding="utf-8")
    removed = prune_records(30, now=dt.datetime(2026, 3, 5, tzinfo=dt.UTC))
    assert w_old.path in removed and w_new.path not in removed
    assert w_new.path.exists() and not w_old.path.exists()
    assert not old_review.exists() and new_review.exists(), "a review goes with its record"
    with pytest.raises(ValueError, match="older_than_days"):
        prune_records(-1)


def test_transcript_is_in_notation(data_dir):
    w, _ = _play(seed=8, hands=1)
    lines = transcript(load_record(w.path))
    assert lines[0].startswith("record ")
    assert any(" discards " in x for x in lines)
    assert lines[-1].startswith("Session ends after 1 hand:")


def test_cli_replay_check_exit_codes(data_dir, tmp_path, capsys):
    w, _ = _play(seed=9, hands=1)
    assert main(["replay", str(w.path), "--check"]) == 0
    assert "every event identical" in capsys.readouterr().out
    lines = _lines(w.path)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:40]) + lines[40][:9], encoding="utf-8")
    assert main(["replay", str(cut), "--check"]) == 2
    assert "line 41" in capsys.readouterr().err
    assert main(["replay", str(w.path), "--text"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1:" in out and "Hand ends" in out
    assert main(["replay", str(cut), "--text"]) == 2
    assert "cut off" in capsys.readouterr().err


def test_recorder_matches_the_engine_recorder(data_dir, tmp_path):
    """The streaming writer and the engine's Recorder describe the same game."""
    from game.engine.replay import Recorder
    session = Session(RuleSet(), seed=12, hands=1)
    rec = Recorder(session)
    rec.play([RandomSeat(120 + i) for i in range(4)])
    a = tmp_path / "engine.jsonl"
    rec.save(a)
    w, _ = _play(seed=12, hands=1)
    assert check_record(a).ok and check_record(w.path).ok

    def ev(p):
        return [json.loads(x) for x in _lines(p) if '"type":"event"' in x]

    assert ev(a) == ev(w.path)
    _ = play_session


_JUNK = [None, -1, 999, "x", [], {}, [1, 2], 3.5, True, "E", "Z"]


def _mutate(line: str, rng) -> str:
    obj = json.loads(line)
    node = obj
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return json.dumps(obj) + "\n"
        k = rng.choice(keys)
        child = node[k]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.5:
            node = child
            continue
        node[k] = rng.choice(_JUNK)
        return json.dumps(obj) + "\n"


def test_damaged_records_never_crash_anything(data_dir, tmp_path):
    """Random damage to one line: reading, listing, transcript, check and statistics all
    answer with a message instead of raising."""
    import random

    from game.practice.stats import statistics
    w, _ = _play(seed=13, hands=1)
    lines = _lines(w.path)
    rng = random.Random(7)
    bad = tmp_path / "bad.jsonl"
    stopped = 0
    for _ in range(150):
        ls = list(lines)
        i = rng.randrange(len(ls))
        ls[i] = _mutate(ls[i], rng)
        bad.write_text("".join(ls), encoding="utf-8")
        rec = load_record(bad)
        transcript(rec)
        rec.scores()
        statistics([bad])
        res = check_record(bad)
        if rec.error:
            stopped += 1
            assert not res.ok
    assert stopped > 100  # most damage is caught while reading, with the line named


def test_a_program_seat_with_a_long_command_line_still_replays(data_dir):
    """A ``cmd:`` seat's name is its whole command line; one in a deep temporary folder ran past
    the 200 characters a header allowed, so a log `simulate` had written could not be replayed
    (seen on Python 3.12, whose venv path is longer)."""
    long_cmd = "cmd:/usr/bin/python3 " + "/very/deep/folder" * 20 + "/bot.py --level 9"
    assert len(long_cmd) > 200
    names = (long_cmd, "random", "random", "random")
    session = Session(RuleSet(), seed=4, hands=1, players=names)
    w = RecordWriter(session, None, human=None, seat_kinds=names)
    w.play([RandomSeat(40 + i) for i in range(4)])
    assert load_record(w.path).ok and check_record(w.path).ok
    assert load_record(w.path).header["players"][0] == long_cmd
