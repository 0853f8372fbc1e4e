"""An early Ctrl+C leaves no empty record: a record file is made with its header in it (its lock
taken first), and what an interrupted start left (an empty record, a temporary file) is removed
when the next game or the title starts; a record with anything in it, or one a running game
holds, is never removed."""

import os
import time

import pytest

from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter, load_record, locks
from game.records import store as records


def test_a_record_interrupted_while_it_is_made_leaves_no_file(tmp_path, monkeypatch):
    def interrupted(cls, record):
        raise KeyboardInterrupt

    monkeypatch.setattr(locks.RecordLock, "acquire", classmethod(interrupted))
    with pytest.raises(KeyboardInterrupt):
        RecordWriter(Session(RuleSet(), seed=3, hands=1), tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_new_record_holds_its_header_as_soon_as_it_exists(tmp_path, monkeypatch):
    seen = []
    real = locks.RecordLock.acquire.__func__

    def acquire(cls, record):  # the lock is taken before the file exists
        seen.append(os.path.exists(record))
        return real(cls, record)

    monkeypatch.setattr(locks.RecordLock, "acquire", classmethod(acquire))
    w = RecordWriter(Session(RuleSet(), seed=3, hands=1), tmp_path)
    assert seen[0] is False  # (later calls: the sweeps asking whether records are held)
    assert load_record(w.path).header["seed"] == 3
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    w.close()


def _old(path, age=3600):
    t = time.time() - age
    os.utime(path, (t, t))
    return path


def test_leftovers_are_swept_at_the_next_start_and_records_are_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    d = tmp_path / "records"
    d.mkdir()
    empty = d / "20260101-000000-seed1.jsonl"
    empty.write_bytes(b"")
    _old(empty)
    part = d / ".20260101-000000-seed2.jsonl.123.part"
    part.write_text('{"type":"header"')
    _old(part)
    fresh = d / "20260101-000000-seed3.jsonl"  # a game making its file right now
    fresh.write_bytes(b"")
    held = d / "20260101-000000-game.jsonl"  # a private game in its first hand
    held.write_bytes(b"")
    _old(held)
    lock = locks.RecordLock.acquire(held)
    damaged = d / "20260101-000000-seed4.jsonl"  # a record whose header was cut: still kept
    damaged.write_bytes(b'{"type":"hea')
    _old(damaged)
    other = d / "notes.txt"
    other.write_bytes(b"")
    _old(other)
    try:
        w = RecordWriter(Session(RuleSet(), seed=5, hands=1), d)
        w.close()
        names = {p.name for p in d.iterdir()}
        assert empty.name not in names and part.name not in names
        assert {fresh.name, held.name, damaged.name, other.name, w.path.name} <= names
        assert damaged.read_bytes() == b'{"type":"hea'
    finally:
        lock.release()


def test_the_title_sweeps_them_too(tmp_path, monkeypatch):
    import pygame

    from game.settings import CONFIG_ENV, Settings
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene

    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    d = tmp_path / "records"
    d.mkdir()
    empty = d / "20260101-000000-seed1.jsonl"
    empty.write_bytes(b"")
    _old(empty)
    pygame.init()
    app = App(Settings(language="en", sound=False), size=(800, 600))
    try:
        TitleScene(app)
    finally:
        app.close()
    assert not empty.exists()
    assert records.sweep_empty_records(d) == []


def test_a_link_planted_where_the_header_is_written_first_is_not_followed(tmp_path):
    """The header is written to `.<name>.<pid>.part` first: a symbolic link planted under that
    name must not be followed and truncated (the file it points at keeps its bytes)."""
    import os

    from game.records.core import PART
    from game.records.writer import _make_with

    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    path = tmp_path / "game.jsonl"
    (tmp_path / f".{path.name}.{os.getpid()}{PART}").symlink_to(victim)
    _make_with(path, '{"type":"header"}\n', 0o600)
    assert victim.read_text() == "precious\n" and path.read_text() == '{"type":"header"}\n'
