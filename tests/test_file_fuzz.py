"""Damaged and hostile kept files through their loaders, seeded: settings, lesson progress, review
caches and named rule sets, each read as the game reads it (the title's settings, the Learn
screen's progress, the review screen's cache, the settings page's and New game's rule sets).

Every case must hold: no exception escapes the loader, nothing hangs, a load leaves the file as
it was (byte for byte, the same file), and a save after it loses nothing: a newer version's keys
survive it, or the file it replaced is kept whole as ``<name>.bad-<time>``; a file that cannot be
written (read-only, a folder, a pipe) is left as it was. The damage is what disks, editors and
hostile players do: a cut, changed, inserted or removed bytes, deep nesting, huge numbers,
``Infinity``/``NaN``, values of the wrong type, non-UTF-8 bytes, a byte order mark, and in place
of the file a named pipe, a folder, a symbolic link (to the file, in a circle, to nothing) or a
read-only file.
"""

import json
import os
import random
import signal
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game import rulesets as rs
from game.engine.rules import RuleSet
from game.practice import game_review as gr
from game.practice.tutorial import load_progress, mark_done
from game.records import DATA_ENV
from game.settings import CONFIG_ENV, Settings, load_settings, save_settings

N_RANDOM = 250  # seeded random damages per file kind
FUTURE = {"from_2030": {"stars": [3, 2, 1], "note": "한국어"}}  # a newer version's key


class Blocked(BaseException):
    """Raised by `no_hang` (not an OSError: no loader's ``except`` may swallow it)."""


@pytest.fixture
def no_hang():
    """Fail (instead of hanging the run) if a case blocks for more than 20 seconds."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def boom(signum, frame):
        raise Blocked("a loader blocked")

    old = signal.signal(signal.SIGALRM, boom)
    signal.setitimer(signal.ITIMER_REAL, 20, 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- the file kinds ---------------------------------------------------------------------------------

@dataclass
class Kind:
    """One kind of kept file: its good content, where it lives in a case's folders, how the game
    loads it and saves it, and whether a save must keep a newer version's keys."""

    name: str
    good: bytes
    path: Callable[[Path], Path]
    load: Callable[[Path], Any]
    save: Callable[[Path], Any] | None
    keeps_keys: bool


def _settings_good() -> bytes:
    d = Settings(language="en", volume=0.3).to_dict()
    d.update(FUTURE)
    d["rules"]["house_rule_2030"] = 1
    return json.dumps(d, indent=2).encode()


def _progress_good() -> bytes:
    return json.dumps({"version": 1, "done": ["tiles", "claims"], **FUTURE}).encode()


def _rules_good() -> bytes:
    return json.dumps({"name": "Friday club", **RuleSet(ante=5).to_dict()}).encode()


def _save_settings(root):
    try:
        save_settings(Settings(volume=0.9))
    except OSError:  # SettingsSaveError: refused with a reason, nothing changed
        pass


def _load_rules(root):
    folder = root / "cfg" / "rules"
    sets = rs.list_sets(folder)  # the settings page and New game
    for s in sets:
        if s.usable:
            assert rs.load_set(s.name, folder) == s.rules
    return sets


def _save_rules(root):
    try:
        rs.save_set("Friday club", RuleSet(ante=7), overwrite=True, folder=root / "cfg" / "rules")
    except rs.RulesetError:  # a damaged set is never written over
        pass


@pytest.fixture(scope="module")
def review_files(tmp_path_factory):
    """A one-hand game and its review cache, made once."""
    from ai.registry import make_seat
    from game.engine.session import Session
    from game.records import RecordWriter

    d = tmp_path_factory.mktemp("fuzz-review")
    w = RecordWriter(Session(RuleSet(), seed=4, hands=1), directory=d, human=0)
    w.play([make_seat("ai:expert", seed=i) for i in range(4)])
    gr.review_record(w.path, playouts=8, workers=1)
    return w.path.read_bytes(), gr.cache_path(w.path).read_bytes()


def kinds(review_files) -> list[Kind]:
    record, cache = review_files

    def record_path(root):
        p = root / "data" / "records" / "20250101-000000-seed4.jsonl"
        if not p.exists():
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(record)
        return p

    return [
        Kind("settings", _settings_good(), lambda root: root / "cfg" / "settings.json",
             lambda root: load_settings(), _save_settings, True),
        Kind("progress", _progress_good(), lambda root: root / "data" / "lessons.json",
             lambda root: load_progress(), lambda root: mark_done("uper"), True),
        Kind("review cache", cache, lambda root: gr.cache_path(record_path(root)),
             lambda root: gr.cached_review(record_path(root), 0, playouts=8), None, False),
        Kind("rule set", _rules_good(), lambda root: root / "cfg" / "rules" / "friday-club.json",
             _load_rules, _save_rules, False),
    ]


# --- the damage ---------------------------------------------------------------------------------------

_WRONG = [None, True, "x", [], {}, -1, 0.5, 10 ** 30, [[[]]], {"a": None}, "\u202e", ""]


def _retype(rng: random.Random, data: bytes) -> bytes:
    """One value somewhere in the JSON replaced by one of another type."""
    value = json.loads(data)
    spots: list[tuple[Any, Any]] = []

    def walk(v):
        if isinstance(v, dict):
            for k in v:
                spots.append((v, k))
                walk(v[k])
        elif isinstance(v, list):
            for i in range(len(v)):
                spots.append((v, i))
                walk(v[i])

    walk(value)
    if not spots:
        return json.dumps(rng.choice(_WRONG)).encode()
    box, key = rng.choice(spots)
    box[key] = rng.choice(_WRONG)
    return json.dumps(value, ensure_ascii=False).encode()


def _number(rng: random.Random, data: bytes) -> bytes:
    """A number replaced by a huge one, or by Infinity or NaN."""
    text = data.decode()
    at = [i for i, c in enumerate(text) if c.isdigit() and not text[i - 1].isalnum()
          and text[i - 1] != '"']
    if not at:
        return data
    i = rng.choice(at)
    j = i
    while j < len(text) and (text[j].isdigit() or text[j] in ".eE"):
        j += 1
    new = rng.choice(["9" * 5000, "1e999", "-1e999", "Infinity", "-Infinity", "NaN",
                      "0." + "7" * 5000, str(2 ** 64)])
    return (text[:i] + new + text[j:]).encode()


def damage(rng: random.Random, good: bytes) -> bytes:
    how = rng.randrange(10)
    n = len(good)
    if how == 0:
        return good[:rng.randrange(n)]  # cut
    if how == 1:
        b = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(n)] = rng.randrange(256)
        return bytes(b)
    if how == 2:
        i = rng.randrange(n)
        return good[:i] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + good[i:]
    if how == 3:
        i = rng.randrange(n)
        return good[:i] + good[i + rng.randint(1, 20):]
    if how == 4:
        depth = rng.choice([65, 1000, 100_000])
        return b"[" * depth + good + b"]" * rng.choice([0, depth])
    if how == 5:
        i = good.index(b":") + 1
        depth = rng.choice([70, 100_000])
        return good[:i] + b"[" * depth + b"1" + b"]" * depth + b"," + good[i:]
    if how == 6:
        return _number(rng, good)
    if how == 7:
        return _retype(rng, good)
    if how == 8:
        i = rng.randrange(n)
        return good[:i] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + good[i:]
    return rng.choice([b"", b"\xef\xbb\xbf" + good, b"null", b"[]", b'"text"', b"0",
                       good * 2, b" " * 2_000_000 + good])


# --- the checks ----------------------------------------------------------------------------------------

def _state(p: Path):
    """What a load must not change: the bytes of a regular file, the kind of anything else."""
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(p))
    if stat.S_ISREG(st.st_mode):
        return ("file", st.st_ino, p.read_bytes())
    return ("other", stat.S_IFMT(st.st_mode))


def _backups(p: Path) -> list[bytes]:
    return [b.read_bytes() for b in p.parent.glob(p.name + ".bad-*")]


def _temporaries(root: Path) -> list[str]:
    return [str(q) for q in root.rglob("*.tmp")]


def run_case(kind: Kind, root: Path, monkeypatch, content: bytes | None, special: str = "") -> None:
    """One damaged file through its loader, then its saver; asserts what must hold."""
    monkeypatch.setenv(CONFIG_ENV, str(root / "cfg"))
    monkeypatch.setenv(DATA_ENV, str(root / "data"))
    p = kind.path(root)
    p.parent.mkdir(parents=True, exist_ok=True)
    if special == "fifo":
        os.mkfifo(p)
    elif special == "folder":
        p.mkdir()
    elif special == "link":
        real = root / "elsewhere" / "real.json"
        real.parent.mkdir()
        real.write_bytes(kind.good)
        p.symlink_to(real)
    elif special == "loop":
        p.symlink_to(p.with_name("loop-b"))
        p.with_name("loop-b").symlink_to(p)
    elif special == "dangling":
        p.symlink_to(root / "nowhere" / "x.json")
    else:
        assert content is not None
        p.write_bytes(content)
        if special == "read_only":
            p.chmod(0o444)
    before = _state(p)
    kind.load(root)  # no exception escapes; `no_hang` fails a blocked one
    assert _state(p) == before, f"{kind.name}: a load changed the file"
    for b in _backups(p):
        assert content is not None and b == content  # a copy, exact
    if kind.save is None:
        return
    kind.save(root)
    assert not _temporaries(root), f"{kind.name}: a save left its temporary file"
    if special in ("fifo", "folder", "loop", "read_only"):
        assert _state(p) == before, f"{kind.name}: a save replaced what it cannot write"
        return
    if special == "link":
        assert p.is_symlink()
        written = (root / "elsewhere" / "real.json").read_bytes()
    elif special == "dangling":
        return
    else:
        written = p.read_bytes()
    if not kind.keeps_keys or content is None or written == content:
        return
    # the file it replaced is kept: a newer version's keys, or the whole file, beside it
    try:
        old = json.loads(content.removeprefix(b"\xef\xbb\xbf"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        old = None
    new = json.loads(written)
    kept = isinstance(old, dict) and all(new.get(k) == v for k, v in old.items()
                                         if k in FUTURE)
    assert kept or content in _backups(p), f"{kind.name}: a save lost what the file held"


# --- the tests -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(4), ids=["settings", "progress", "review_cache", "rule_set"])
def test_seeded_damage_never_escapes_a_loader_and_a_save_loses_nothing(
        tmp_path, monkeypatch, no_hang, review_files, index):
    kind = kinds(review_files)[index]
    rng = random.Random(f"kept-files/{kind.name}")
    for case in range(N_RANDOM):
        content = damage(rng, kind.good)
        try:
            run_case(kind, tmp_path / f"c{case}", monkeypatch, content)
        except AssertionError as e:
            raise AssertionError(f"case {case}: {e}; content {content[:120]!r}") from None


SPECIALS = ["fifo", "folder", "link", "loop", "dangling", "read_only"]


@pytest.mark.skipif(os.name != "posix", reason="pipes, links and mode bits")
@pytest.mark.parametrize("special", SPECIALS)
@pytest.mark.parametrize("index", range(4), ids=["settings", "progress", "review_cache", "rule_set"])
def test_what_stands_in_place_of_a_kept_file_never_hangs_or_is_replaced(
        tmp_path, monkeypatch, no_hang, review_files, index, special):
    kind = kinds(review_files)[index]
    content = kind.good if special == "read_only" else None
    run_case(kind, tmp_path, monkeypatch, content, special)


def test_a_good_file_of_each_kind_loads_as_written(tmp_path, monkeypatch, review_files):
    """The fuzz starts from files the loaders accept (else it would prove little)."""
    ks = kinds(review_files)
    for kind in ks:
        root = tmp_path / kind.name.replace(" ", "_")
        monkeypatch.setenv(CONFIG_ENV, str(root / "cfg"))
        monkeypatch.setenv(DATA_ENV, str(root / "data"))
        p = kind.path(root)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(kind.good)
        got = kind.load(root)
        if kind.name == "settings":
            assert got[0].volume == 0.3
        elif kind.name == "progress":
            assert got.done == {"tiles", "claims"} and got.problem is None
        elif kind.name == "review cache":
            assert got is not None and got.cached
        else:
            assert [s.name for s in got] == ["Friday club"] and got[0].rules.ante == 5
