"""Continue never loses a game: the record it continues stays byte for byte, a record a running
game writes is neither offered nor touched, a continued game is counted once, a failed attempt
leaves nothing behind, and a full disk stops recording without stopping play."""

import dataclasses
import errno
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from game import records as rec_mod
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice.stats import statistics
from game.records import (
    RecordWriter,
    find_unfinished,
    list_records,
    load_record,
    prune_records,
)
from game.records import store as rec_store
from game.records.locks import RecordLock, is_locked, lock_path
from game.settings import CONFIG_ENV
from game.ui.scenes.table import TableScene, has_saved_session, make_scene
from game.ui.table.driver import TableDriver

PLAYERS = ("human", "random", "random", "random")


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "records"


@pytest.fixture
def app(data, make_app):
    return make_app((1280, 800), animation_speed="instant", ai_delay_ms=0)


def unfinished(directory, seed=21, actions=40, hands=2, finish_hands=0):
    """A human game's record cut off after `actions` actions of its last hand (its first
    `finish_hands` hands played out): what leaving the table or a crash leaves."""
    s = Session(RuleSet(), seed, players=PLAYERS, hands=hands)
    w = RecordWriter(s, directory, human=0, seat_kinds=PLAYERS)
    for _ in range(finish_hands):
        t = s.new_hand(on_event=w.on_event)
        while not t.is_over:
            seat, d = next(iter(t.pending().items()))
            w.submit(t, seat, d.legal[0])
        s.finish_hand()
    t = s.new_hand(on_event=w.on_event)
    for _ in range(actions):
        if t.is_over:
            break
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    w.close()
    return w.path


def snapshot(directory):
    """Every file of the records folder but the replays list's summary index."""
    return {p.name: p.read_bytes() for p in Path(directory).iterdir()
            if p.name != rec_mod.SUMMARY_INDEX}


def test_continue_keeps_the_record_it_continues_and_links_the_new_one(app, data):
    src = unfinished(data)
    before = src.read_bytes()
    assert has_saved_session()
    sc = make_scene(app, resume=True)
    assert isinstance(sc, TableScene)
    assert src.read_bytes() == before  # neither deleted nor rewritten
    new = sc.driver.writer.path
    assert new != src and load_record(new).header["continues"] == src.name
    assert is_locked(src) and is_locked(new)  # this game holds both while it runs
    app.push(sc)
    sc.leave()
    assert not is_locked(src) and not is_locked(new)
    assert src.read_bytes() == before
    # the replay list and the statistics count the game once: the continuation
    assert [s.path for s in list_records()] == [new]
    assert {s.path for s in list_records(include_continued=True)} == {src, new}
    assert statistics().sessions == 1
    # Continue now offers the continuation, never the continued record
    assert find_unfinished().path == new


def test_a_damaged_record_is_continued_as_far_as_it_is_valid_and_kept(app, data):
    src = unfinished(data, seed=8, actions=30, hands=2, finish_hands=1)
    lines = src.read_bytes().split(b"\n")
    k = len(lines) - 6
    lines[k] = lines[k][:-3] + b"#" + lines[k][-2:]  # one changed byte near the end
    src.write_bytes(b"\n".join(lines))
    before = src.read_bytes()
    rec = load_record(src)
    assert rec.error and rec.error_line == k + 1
    sc = make_scene(app, resume=True)
    assert isinstance(sc, TableScene)
    assert src.read_bytes() == before  # everything after the damage is still on the disk
    assert sc.session.hand_no == 2
    sc.abandon()


def test_a_record_a_running_game_writes_is_neither_offered_nor_touched(app, data, tmp_path):
    src = unfinished(data)
    before = src.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from game.records.locks import RecordLock
            lock = RecordLock.acquire({str(src)!r})
            print("locked" if lock else "busy", flush=True)
            sys.stdin.readline()
        """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        cwd=Path(__file__).resolve().parents[2])
    try:
        assert holder.stdout.readline().strip() == "locked"
        assert is_locked(src)
        assert find_unfinished() is None and not has_saved_session()
        assert make_scene(app, resume=True).name == "notice"
        assert prune_records(0) == []  # not even pruning deletes a live record
        assert snapshot(data) == {src.name: before, lock_path(src).name: lock_path(src).read_bytes()}
    finally:
        holder.stdin.close()
        holder.wait(10)
    # its owner is gone (the OS dropped the lock): the record is offered again
    assert not is_locked(src) and find_unfinished().path == src


def test_a_stale_lock_file_from_a_crash_does_not_hide_the_game(data):
    src = unfinished(data)
    lock_path(src).write_text("pid 999999 on elsewhere\n")
    assert not is_locked(src)
    assert find_unfinished().path == src
    lock = RecordLock.acquire(src)  # taken over
    assert lock is not None
    lock.release()


def test_two_continues_at_once_one_wins_the_other_is_told(app, data):
    src = unfinished(data)
    first = make_scene(app, resume=True)
    assert isinstance(first, TableScene)
    second = make_scene(app, resume=True)  # the continuation is live, the source is taken
    assert second.name == "notice"
    assert "another window" in " ".join(second.messages)
    first.abandon()
    assert sorted(p.name for p in data.iterdir()) == [src.name]


def test_a_continue_that_fails_leaves_nothing_behind(app, data, monkeypatch):
    src = unfinished(data)
    before = snapshot(data)

    def broken(self, resume):
        raise RuntimeError("cannot rebuild")
    monkeypatch.setattr(TableDriver, "rebuild", broken)
    sc = make_scene(app, resume=True)
    assert sc.name == "notice" and "cannot rebuild" in " ".join(sc.messages)
    assert snapshot(data) == before  # no stray new record, no lock file
    assert not is_locked(src) and find_unfinished().path == src


def test_a_header_that_cannot_start_a_game_is_not_offered(app, data):
    src = unfinished(data)
    lines = src.read_text(encoding="utf-8").split("\n")
    lines[0] = lines[0].replace('"players":["human","random","random","random"]', '"players":["human"]')
    src.write_text("\n".join(lines), encoding="utf-8")
    before = src.read_bytes()
    assert find_unfinished() is None and not has_saved_session()
    assert "players" in load_record(src).error
    assert make_scene(app, resume=True).name == "notice"
    assert src.read_bytes() == before


def test_the_title_reads_only_the_records_heads(data, monkeypatch):
    for seed in range(30):
        unfinished(data, seed=seed, actions=5, hands=1)

    def forbidden(path):
        raise AssertionError("the title must not read whole records")
    monkeypatch.setattr(rec_mod, "load_record", forbidden)
    monkeypatch.setattr(rec_store, "load_record", forbidden)
    assert has_saved_session()


# --- the writer: a full disk, the hand ends synced, hidden hands --------------------------------
class FullDisk:
    """A file that accepts `room` more characters, then writes part of a line and fails."""

    def __init__(self, f, room):
        self.f, self.room = f, room

    def write(self, text):
        if len(text) > self.room:
            self.f.write(text[: self.room])
            self.f.flush()
            self.room = 0
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(text)
        return self.f.write(text)

    def __getattr__(self, name):
        return getattr(self.f, name)


def test_a_full_disk_stops_recording_not_the_game(app, data):
    sc = TableScene(app, list(PLAYERS), seed=5, hands=1)
    app.push(sc)
    w = sc.driver.writer
    w._f = FullDisk(w._f, 3000)
    for _ in range(3000):
        if sc.finished or (sc.driver.writer.failed and sc.message):
            break
        if sc.prompt_for is not None:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")],
                     1 / 30)
        else:
            app.step([], 1 / 30)
    assert "No space left" in w.failed
    assert "Recording stopped" in sc.message
    for _ in range(200):  # play goes on
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")], 1 / 30)
    sc.leave()
    rec = load_record(w.path)  # a valid prefix, cut off in its last line
    assert rec.header is not None and "cut off" in rec.error
    assert find_unfinished().path == w.path  # and it can be continued
    again = make_scene(app, resume=True)
    assert isinstance(again, TableScene)
    again.abandon()


def test_every_hand_end_is_synced_to_the_disk(data, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    from ai.random_seat import RandomSeat
    w = RecordWriter(Session(RuleSet(), seed=4, hands=3), data)
    n0 = len(synced)
    w.play([RandomSeat(i) for i in range(4)])
    assert len(synced) - n0 >= 3  # each of the three hand ends (and the session end)


def test_a_private_record_keeps_only_the_hand_in_play_off_the_disk(data):
    """With a program at the table, the hand in play (its wall, the hidden hands) is never in
    the live file, but every finished hand is, synced at its end; the record is complete once
    the game closes."""
    from ai.random_seat import RandomSeat

    s = Session(RuleSet(), seed=4, hands=2)
    w = RecordWriter(s, data, private=True)
    assert "seed" not in w.path.name
    assert w.path.stat().st_mode & 0o077 == 0  # the owner's only
    seats = [RandomSeat(i) for i in range(4)]
    t = s.new_hand(on_event=w.on_event)
    while not t.is_over:
        assert w.path.read_bytes() == b""  # hand 1 in play: not even the header
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, seats[seat].act(d))
    s.finish_hand()
    after_one = w.path.read_bytes()
    rec = load_record(w.path)
    assert rec.header["seed"] == 4 and [h.finished for h in rec.hands] == [True]
    t = s.new_hand(on_event=w.on_event)
    for _ in range(10):
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, seats[seat].act(d))
    assert w.path.read_bytes() == after_one  # hand 2 in play stays in memory
    w.close()
    assert len(load_record(w.path).hands) == 2


def test_a_table_with_a_program_seat_records_privately(app, data):
    import sys
    prog = f"cmd:{sys.executable} -c pass"
    sc = TableScene(app, ["human", prog, "random", "random"], hands=1)
    try:
        assert sc.driver.writer.private and "seed" not in sc.driver.writer.path.name
        assert sc.driver.writer.path.read_bytes() == b""
    finally:
        sc.abandon()


def test_lock_files_left_by_crashes_are_swept_when_a_game_starts(data):
    src = unfinished(data)
    lock_path(src).write_text("pid 999999 on elsewhere\n")
    (data / "gone.jsonl.lock").write_text("pid 1\n")  # its record was pruned
    live = RecordLock.acquire(data / "live.jsonl")
    w = RecordWriter(Session(RuleSet(), seed=1, hands=1), data)
    names = sorted(p.name for p in data.iterdir())
    assert names == sorted([src.name, "live.jsonl.lock", w.path.name, w.path.name + ".lock"])
    w.close()
    live.release()


def test_continue_goes_on_with_the_game_clock(app, data):
    """The record carries the table's play clock ("t" on each event line); Continue starts the
    clock from it, and a timed session counts the time already played."""
    s = Session(RuleSet(), 21, players=PLAYERS, hands=2)
    played = [0.0]
    w = RecordWriter(s, data, human=0, seat_kinds=PLAYERS, clock=lambda: played[0])
    t = s.new_hand(on_event=w.on_event)
    for _ in range(30):
        played[0] += 7.5  # seconds at the table between moves
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    w.close()
    rec = load_record(w.path)
    assert 200 < rec.played <= played[0]
    sc = make_scene(app, resume=True)
    assert isinstance(sc, TableScene)
    assert sc.elapsed == rec.played, "the clock goes on, not from 0:00"
    assert sc.driver.session.clock() - sc.driver.session.start_time >= rec.played
    app.push(sc)
    app.step([], 1 / 30)
    sc.leave()
    # the continuation's own record carries the clock on
    assert load_record(sc.driver.writer.path).played >= rec.played


def test_a_record_without_a_clock_continues_from_zero(app, data):
    unfinished(data)  # written without a clock (as by an older version)
    sc = make_scene(app, resume=True)
    assert sc.elapsed == 0.0
    app.push(sc)
    sc.leave()


def test_continue_shows_the_hand_going_on_not_the_banners_already_seen(app, data):
    """The hand in progress is caught up at once; the banners its events made ("flower!") were
    seen when they happened, so the table says only that the game goes on, at which hand."""
    from game.engine.events import FlowerShown

    src = unfinished(data, seed=4, actions=3, hands=2, finish_hands=1)
    rec = load_record(src)
    assert any(isinstance(e, FlowerShown) for _, e in rec.hands[-1].events), "a flower banner to catch up"
    app.settings = dataclasses.replace(app.settings, animation_speed="normal")  # banners stay up
    sc = make_scene(app, resume=True)
    app.push(sc)
    assert sc.director.banner is not None
    assert sc.director.banner[0] == "Welcome back: hand 2 goes on"
    app.step([], 1 / 30)
    assert sc.director.banner[0] == "Welcome back: hand 2 goes on", "no caught-up banner replaces it"
    sc.leave()
