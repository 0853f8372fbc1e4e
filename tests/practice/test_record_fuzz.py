"""Damaged records through every reader, seeded: the title (Continue's offer), Continue, the
replays list, Watch, the step-by-step viewer, ``replay --check`` and ``replay --text``.

Every reader must cope: no exception escapes, the command line answers 0 or 2 with one error
line, and the damaged file is left byte for byte as it was. The damage is what disks, editors
and curious players do: a changed, removed or inserted byte, a cut, a lost or repeated line,
lines swapped, and hostile JSON (deep nesting, huge numbers, wrongly typed header fields)."""

import contextlib
import io
import json
import random
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.engine.errors import ReplayError
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice.record_text import transcript
from game.practice.stats import statistics
from game.records import (
    SUMMARY_INDEX,
    RecordWriter,
    check_record,
    find_unfinished,
    list_records,
    load_record,
)
from game.settings import CONFIG_ENV, Settings

PLAYERS = ("human", "random", "random", "random")
N_CHEAP = 200  # damaged records through the readers without a window
N_WINDOW = 40  # of those, through Continue, Watch and the viewer as well


def _record(directory: Path) -> bytes:
    """A two-hand human game cut off in its second hand."""
    s = Session(RuleSet(), 17, players=PLAYERS, hands=2)
    w = RecordWriter(s, directory, human=0, seat_kinds=PLAYERS)
    t = s.new_hand(on_event=w.on_event)
    while not t.is_over:
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[-1])
    s.finish_hand()
    t = s.new_hand(on_event=w.on_event)
    for _ in range(25):
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    w.close()
    data = w.path.read_bytes()
    w.path.unlink()
    return data


_HOSTILE_HEADER = [
    ("players", ["human", "ai"]), ("players", "human,ai,ai,ai"), ("players", [1, 2, 3, 4]),
    ("seed", "7"), ("seed", 10 ** 40), ("seed", None), ("rules", []), ("rules", {"ante": "x"}),
    ("rules", {"preset": ["x"]}), ("hands", -3), ("hands", "2"), ("human", 9), ("human", "0"),
    ("seat_selection", "coin"), ("seat_kinds", "human"), ("created", 5), ("continues", ["a"]),
    ("format", 2),
]


def damage(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    body = [i for i, ln in enumerate(lines) if ln]
    kind = rng.randrange(12)
    if kind == 0:  # one changed byte
        b = bytearray(data)
        b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 1:  # a cut anywhere
        return data[: rng.randrange(len(data))]
    if kind == 2:  # a line lost
        del lines[rng.choice(body)]
    elif kind == 3:  # a line repeated
        i = rng.choice(body)
        lines.insert(i, lines[i])
    elif kind == 4:  # two lines swapped
        i, j = rng.choice(body), rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 5:  # deep nesting in place of a line
        lines[rng.choice(body)] = b"[" * rng.choice((100, 5000, 100_000))
    elif kind == 6:  # a huge number in a field
        i = rng.choice(body[1:])
        lines[i] = lines[i].replace(b'"tile":', b'"tile":' + b"9" * rng.choice((30, 5000)) + b",\"x\":", 1)
    elif kind == 7:  # a wrongly typed header field
        h = json.loads(lines[0])
        key, value = rng.choice(_HOSTILE_HEADER)
        h[key] = value
        lines[0] = json.dumps(h).encode()
    elif kind == 8:  # a header field removed
        h = json.loads(lines[0])
        h.pop(rng.choice(["players", "seed", "rules", "format", "type"]))
        lines[0] = json.dumps(h).encode()
    elif kind == 9:  # a missing action line
        acts = [i for i in body if b'"type":"action"' in lines[i]]
        del lines[rng.choice(acts)]
    elif kind == 10:  # an event's field of the wrong kind
        i = rng.choice(body[1:])
        lines[i] = lines[i].replace(b'"seat":', b'"seat":"', 1).replace(b',"', b'",x"', 1) \
            if rng.random() < 0.5 else lines[i].replace(b"[", b"{", 1)
    else:  # bytes that are not UTF-8 in a line
        i = rng.choice(body)
        lines[i] = lines[i][:10] + b"\xff\xfe" + lines[i][10:]
    return b"\n".join(lines)


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    return _record(tmp_path_factory.mktemp("orig"))


def _cli(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_damaged_records_through_the_readers_without_a_window(original, tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    rng = random.Random(20261123)
    d = tmp_path / "data" / "records"
    d.mkdir(parents=True)
    path = d / "20261123-000000-seed17.jsonl"
    for case in range(N_CHEAP):
        bad = damage(original, rng)
        path.write_bytes(bad)
        rec = load_record(path)
        transcript(rec, actions=True)
        check_record(path)
        list_records()
        find_unfinished()
        statistics()
        for flag in ("--check", "--text"):
            code, _, err = _cli(["replay", str(path), flag])
            assert code in (0, 2), (case, flag, code)
            assert code == 0 or len(err.strip().splitlines()) == 1, (case, flag, err)
        for h in rec.hands:  # the viewer rebuilds hands at any point
            try:
                h.table()
            except ReplayError:  # the documented error; any other fails the test
                pass
            except Exception as e:  # noqa: BLE001 - names the case that let it out
                pytest.fail(f"{case}: {e!r}")
        assert path.read_bytes() == bad, case


def test_damaged_records_through_continue_watch_and_the_viewer(original, tmp_path, monkeypatch):
    from game.ui.app import App
    from game.ui.scenes.replay_viewer import RecordsScene, ReplayViewerScene
    from game.ui.scenes.table import TableScene, has_saved_session, make_scene, resume_from_record
    from game.ui.scenes.title import TitleScene

    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    d = tmp_path / "data" / "records"
    d.mkdir(parents=True)
    path = d / "20261123-000000-seed17.jsonl"
    rng = random.Random(7)
    pygame.init()
    app = App(Settings(language="en", sound=False, animation_speed="instant", ai_delay_ms=0),
              size=(1024, 640))
    keys = [pygame.K_RIGHT, pygame.K_END, pygame.K_PAGEDOWN, pygame.K_h, pygame.K_r, pygame.K_LEFT,
            pygame.K_HOME, pygame.K_PAGEUP]
    try:
        for case in range(N_WINDOW):
            bad = damage(original, rng)
            for p in d.iterdir():
                p.unlink()
            path.write_bytes(bad)
            # the title, and Continue
            app.scenes.clear()
            app.push(TitleScene(app))
            app.step([], 1 / 30)
            has_saved_session()
            sc = make_scene(app, resume=True)
            if isinstance(sc, TableScene):
                app.push(sc)
                for _ in range(5):
                    app.step([], 1 / 30)
                sc.abandon()
            # the replays list, Watch, the viewer
            app.scenes.clear()
            lst = RecordsScene(app)
            app.push(lst)
            app.step([], 1 / 30)
            rec = load_record(path)
            if rec.header is not None and rec.hands:
                app.scenes.clear()
                watch = TableScene(app, [], replay=resume_from_record(rec))
                app.push(watch)
                for _ in range(60):
                    app.step([], 1 / 30)
                    if watch not in app.scenes:
                        break
            app.scenes.clear()
            viewer = ReplayViewerScene(app, path)
            app.push(viewer)
            for k in keys:
                app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 1 / 30)
            assert path.read_bytes() == bad, case
            others = [p.name for p in d.iterdir() if p != path and p.name != SUMMARY_INDEX]
            assert others == [], (case, others)  # nothing left behind (but the list's index)
    finally:
        app.close()
