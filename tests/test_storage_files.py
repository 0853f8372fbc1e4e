"""Every file the game keeps has what settings learnt: lesson progress, the review caches and
named rule sets read through one safe reader and write through one atomic writer
(`game.storage`), and a killed save's temporary file is swept at the next start.

Before: a 100,000-deep ``lessons.json`` crashed Learn; a named pipe as ``lessons.json`` or as a
review cache hung the game; ``Infinity`` in a cache was a traceback; saving progress replaced a
symbolic link, wrote over a read-only file and dropped a newer version's keys; rule sets past the
500th could not be loaded; a save killed before its rename left its temporary file forever.
"""

import json
import os
import signal
import stat
import threading
import time

import pytest

from game import storage
from game.engine.rules import RuleSet
from game.practice import game_review as gr
from game.practice.tutorial import load_progress, mark_done, save_progress
from game.records import DATA_ENV
from game.settings import CONFIG_ENV

posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links, pipes and mode bits")


@pytest.fixture
def data(tmp_path, monkeypatch):
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv(DATA_ENV, str(d))
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    return d


class Blocked(BaseException):
    """Raised by `no_hang` (not an OSError: no reader's ``except`` may swallow it)."""


@pytest.fixture
def no_hang():
    """Fail (instead of hanging the run) if the test blocks for more than 10 seconds, and again
    every second after that."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def boom(signum, frame):
        raise Blocked("reading a kept file blocked")

    old = signal.signal(signal.SIGALRM, boom)
    signal.setitimer(signal.ITIMER_REAL, 10, 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def others(d, name):
    return sorted(p.name for p in d.iterdir() if p.name != name)


# --- lesson progress ---------------------------------------------------------------------------------

@pytest.mark.parametrize("content", [b"[" * 100_000, b'{"done": ' + b"[" * 100_000 + b"]}",
                                     b'{"done": ["tiles"], "n": ' + b"9" * 5000 + b"}",
                                     b'{"done": ["tiles"], "n": Infinity}', b'{"done": ["\xff"]}'])
def test_hostile_progress_reads_as_nothing_done_with_a_reason_and_is_left_as_it_is(data, content):
    p = data / "lessons.json"
    p.write_bytes(content)
    got = load_progress()  # what the Learn screen calls
    assert got.done == frozenset() and got.problem is not None and str(got.problem)
    assert p.read_bytes() == content and others(data, "lessons.json") == []


@posix_only
def test_a_pipe_or_a_folder_as_progress_neither_hangs_nor_is_replaced(data, no_hang):
    os.mkfifo(data / "lessons.json")
    assert load_progress().problem is not None
    assert mark_done("tiles").done == {"tiles"}  # the lesson counts for this run...
    assert stat.S_ISFIFO(os.lstat(data / "lessons.json").st_mode)  # ...the pipe is not replaced
    os.unlink(data / "lessons.json")
    (data / "lessons.json").mkdir()
    assert load_progress().problem is not None and save_progress({"tiles"}) is False
    assert (data / "lessons.json").is_dir() and others(data, "lessons.json") == []


@posix_only
def test_saving_progress_writes_through_a_symbolic_link(data, tmp_path):
    real = tmp_path / "dotfiles" / "lessons.json"
    real.parent.mkdir()
    real.write_text(json.dumps({"version": 1, "done": ["tiles"]}))
    (data / "lessons.json").symlink_to(real)
    assert mark_done("claims").done == {"tiles", "claims"}
    assert (data / "lessons.json").is_symlink() and os.readlink(data / "lessons.json") == str(real)
    assert json.loads(real.read_text())["done"] == ["claims", "tiles"]
    assert others(data, "lessons.json") == [] and others(real.parent, "lessons.json") == []


@posix_only
def test_saving_progress_refuses_a_read_only_file(data):
    p = data / "lessons.json"
    p.write_text(json.dumps({"version": 1, "done": ["tiles"]}))
    p.chmod(0o444)
    before = p.read_bytes()
    assert save_progress({"tiles", "claims"}) is False
    with pytest.raises(storage.StorageError) as e:
        storage.write_json(p, {"done": []})
    assert e.value.kind == "read_only" and "read-only" in str(e.value)
    assert e.value.message.code == "storage.write.read_only"
    assert p.read_bytes() == before and others(data, "lessons.json") == []


def test_saving_progress_keeps_a_newer_version_s_keys(data):
    newer = {"version": 3, "done": ["tiles", "lesson-from-2030"], "stars": {"tiles": 3},
             "last_opened": "claims"}
    (data / "lessons.json").write_text(json.dumps(newer))
    assert mark_done("claims").done == {"tiles", "lesson-from-2030", "claims"}
    got = json.loads((data / "lessons.json").read_text())
    assert got["stars"] == {"tiles": 3} and got["last_opened"] == "claims"
    assert got["version"] == 3 and got["done"] == ["claims", "lesson-from-2030", "tiles"]


def test_damaged_progress_is_copied_aside_before_it_is_written_over(data):
    p = data / "lessons.json"
    p.write_bytes(b'{"done": "tiles"')
    assert load_progress().problem is not None and p.read_bytes() == b'{"done": "tiles"'
    mark_done("tiles")
    [copy] = data.glob("lessons.json.bad-*")
    assert copy.read_bytes() == b'{"done": "tiles"' and load_progress().done == {"tiles"}


# --- the review cache ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def reviewed(tmp_path_factory):
    """A one-hand game and its review cache, made once (the copies are the tests')."""
    from ai.registry import make_seat
    from game.engine.session import Session
    from game.records import RecordWriter

    d = tmp_path_factory.mktemp("reviewed")
    w = RecordWriter(Session(RuleSet(), seed=4, hands=1), directory=d, human=0)
    w.play([make_seat("ai:expert", seed=i) for i in range(4)])
    gr.review_record(w.path, playouts=8, workers=1)
    return w.path.read_bytes(), gr.cache_path(w.path).read_bytes()


def test_infinity_or_nan_in_a_review_cache_is_a_rebuild_not_a_traceback(tmp_path, reviewed):
    record_bytes, cache = reviewed
    text = cache.decode()
    assert '"seconds":' in text
    record = tmp_path / "game.jsonl"
    record.write_bytes(record_bytes)
    assert gr.cached_review(record, 0, playouts=8) is None  # no cache yet
    gr.cache_path(record).write_bytes(cache)
    assert gr.cached_review(record, 0, playouts=8) is not None
    for bad in ("Infinity", "-Infinity", "NaN", "1e999"):
        changed = text.replace('"seconds":', f'"seconds":{bad},"was":', 1)
        gr.cache_path(record).write_text(changed)
        assert gr.cached_review(record, 0, playouts=8) is None  # what the review screen calls
        assert gr.cache_path(record).read_text() == changed


@posix_only
def test_a_pipe_as_a_review_cache_or_as_the_record_never_hangs(tmp_path, reviewed, no_hang):
    record = tmp_path / "game.jsonl"
    record.write_bytes(reviewed[0])
    os.mkfifo(gr.cache_path(record))
    assert gr.cached_review(record, 0, playouts=8) is None
    r = gr.review_record(record, playouts=8, workers=1)  # reviews, and keeps nothing
    assert not r.cached and stat.S_ISFIFO(os.lstat(gr.cache_path(record)).st_mode)
    piped = tmp_path / "piped.jsonl"
    os.mkfifo(piped)
    assert gr.cached_review(piped, 0, playouts=8) is None
    with pytest.raises(OSError, match="named pipe"):
        gr.review_record(piped, playouts=8, workers=1)


@posix_only
def test_a_read_only_review_cache_is_not_written_over(tmp_path, reviewed):
    record = tmp_path / "game.jsonl"
    record.write_bytes(reviewed[0])
    cache = gr.cache_path(record)
    cache.write_bytes(b"{}")
    cache.chmod(0o444)
    assert not gr.review_record(record, playouts=8, workers=1).cached
    assert cache.read_bytes() == b"{}" and others(tmp_path, record.name) == [cache.name]


# --- named rule sets ------------------------------------------------------------------------------------

def test_every_one_of_600_rule_sets_is_listed_and_can_be_loaded(tmp_path):
    from game import rulesets as rs

    folder = tmp_path / "rules"
    folder.mkdir()
    for i in range(600):
        (folder / f"set-{i:03d}.json").write_text(json.dumps({"name": f"Set {i:03d}", "ante": 1 + i % 50}))
    sets = rs.list_sets(folder)
    assert len(sets) == 600 and all(s.usable for s in sets)
    for i in (0, 499, 500, 599):
        assert rs.load_set(f"set {i:03d}", folder).ante == 1 + i % 50


@posix_only
def test_a_rule_set_is_saved_through_a_link_and_never_over_a_read_only_file(tmp_path):
    from game import rulesets as rs

    folder = tmp_path / "rules"
    folder.mkdir()
    real = tmp_path / "club.json"
    real.write_text(json.dumps({"name": "Club", "ante": 3}))
    (folder / "club.json").symlink_to(real)
    rs.save_set("Club", RuleSet(ante=7), overwrite=True, folder=folder)
    assert (folder / "club.json").is_symlink() and json.loads(real.read_text())["ante"] == 7
    real.chmod(0o444)
    with pytest.raises(rs.RulesetError, match="read-only"):
        rs.save_set("Club", RuleSet(ante=9), overwrite=True, folder=folder)
    assert json.loads(real.read_text())["ante"] == 7 and others(folder, "club.json") == []


# --- temporary files of killed saves -------------------------------------------------------------------

def _age(p, seconds):
    t = time.time() - seconds
    os.utime(p, (t, t), follow_symlinks=False)


def test_the_sweep_removes_only_our_old_temporary_files(tmp_path):
    ours_old = [".settings.json.k2j_x8q1.tmp", ".lessons.json.abcdefgh.tmp",
                ".20250101-000000-seed5.jsonl.review.json.4242.140001.tmp"]
    keep = [".settings.json.fresh001.tmp",  # young: a save running now
            "settings.json", "notes.tmp", ".notes.txt.abcdefgh.tmp", ".settings.json.tmp",
            ".settings.json.toolongname.tmp", "settings.json.bad-20250101-000000",
            "x.jsonl", "x.jsonl.lock"]
    for name in ours_old + keep:
        (tmp_path / name).write_text("x")
    for name in ours_old + keep[1:]:
        _age(tmp_path / name, 3600)
    (tmp_path / ".club.json.dirdirdi.tmp").mkdir()  # a folder with our name: not ours
    _age(tmp_path / ".club.json.dirdirdi.tmp", 3600)
    assert storage.sweep_temporaries(tmp_path) == len(ours_old)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*keep, ".club.json.dirdirdi.tmp"])
    assert storage.sweep_temporaries(tmp_path / "missing") == 0


@posix_only
def test_the_sweep_never_follows_a_link(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    d = tmp_path / "cfg"
    d.mkdir()
    link = d / ".settings.json.linklink.tmp"
    link.symlink_to(victim)
    _age(link, 3600)
    _age(victim, 3600)
    assert storage.sweep_temporaries(d) == 0 and link.is_symlink() and victim.read_text() == "mine"


def test_a_killed_save_s_temporary_file_is_swept_at_the_next_start(tmp_path, monkeypatch):
    """What `game.cli.play.run` calls as the window starts, for every folder of kept files."""
    import tempfile

    from game.cli.play import sweep_temporaries

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))  # no seat folders counted
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    left = [tmp_path / "cfg" / ".settings.json.a1b2c3d4.tmp",
            tmp_path / "cfg" / "rules" / ".club.json.a1b2c3d4.tmp",
            tmp_path / "data" / ".lessons.json.a1b2c3d4.tmp",
            tmp_path / "data" / "records" / ".g.jsonl.review.json.a1b2c3d4.tmp"]
    for p in left:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("{half")
        _age(p, 600)
    assert sweep_temporaries() == 4 and not any(p.exists() for p in left)


def test_the_writer_names_its_temporary_file_as_the_sweep_expects(tmp_path, monkeypatch):
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append(os.path.basename(src))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    storage.write_json(tmp_path / "lessons.json", {"done": []})
    assert len(seen) == 1 and storage.TEMPORARY.match(seen[0])
