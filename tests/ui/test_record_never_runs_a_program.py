"""A record must never run a program: its header names its players, and a ``cmd:`` name is a
command line, a ``python:`` name a module to import. Continuing, watching, stepping through,
reviewing, checking, printing a record and counting it in the statistics start nothing; a
continued game's program seat starts only when the player says yes on screen, having seen the
exact command, and the safe answer (Enter, Esc) seats a computer player and says so."""

import contextlib
import io
import sys
import uuid

import pygame
import pytest

from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter, find_unfinished, load_record
from game.settings import CONFIG_ENV


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "records"


@pytest.fixture
def app(data, make_app):
    return make_app((1280, 800), animation_speed="instant", ai_delay_ms=0)


@pytest.fixture
def hostile(tmp_path, monkeypatch, data):
    """A record of an unfinished human game whose header names a ``cmd:`` seat that creates a
    file and a ``python:`` seat whose module creates another when it is imported; returns
    (record path, cmd name, python name, the two marker files)."""
    ran, imported = tmp_path / "ran", tmp_path / "imported"
    module = f"km_marker_{uuid.uuid4().hex}"  # a name no other test has imported
    pkg = tmp_path / "mods"
    pkg.mkdir()
    (pkg / f"{module}.py").write_text(
        f"open({str(imported)!r}, 'w').close()\n"
        "class Seat:\n"
        "    name = 'marker'\n"
        "    def act(self, decision):\n"
        "        return decision.legal[0]\n")
    monkeypatch.syspath_prepend(str(pkg))
    cmd, py = f"cmd:touch {ran}", f"python:{module}:Seat"
    players = ("human", cmd, py, "random")
    s = Session(RuleSet(), 5, players=players, hands=2)
    w = RecordWriter(s, data, human=0, seat_kinds=players)
    t = s.new_hand(on_event=w.on_event)
    for _ in range(12):
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    w.close()
    yield w.path, cmd, py, (ran, imported)
    sys.modules.pop(module, None)


def nothing_ran(markers):
    return not any(m.exists() for m in markers)


def test_continue_asks_first_showing_each_exact_command(app, hostile):
    from game.ui.scenes.title import TitleScene

    path, cmd, py, markers = hostile
    before = path.read_bytes()
    app.push(TitleScene(app))
    assert find_unfinished().path == path
    app.step([_key(pygame.K_DOWN), _key(pygame.K_RETURN)], 1 / 30)  # the title's Continue
    top = app.top
    assert top.name == "confirm"
    assert {cmd, py} <= set(top.message.split("\n"))  # each exact command on a line
    assert top.focus == 1  # the safe answer
    assert nothing_ran(markers) and path.read_bytes() == before


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_ESCAPE])
def test_the_default_answer_seats_a_computer_player_and_says_so(app, hostile, key):
    markers = hostile[3]
    app.push("continue")
    app.step([_key(key)], 1 / 30)
    table = app.top
    assert table.name == "table"
    try:
        assert table.player_names == ["human", "ai:standard", "ai:standard", "random"]
        assert table.message == app.tr("table.program_replaced", n=2, ai="Standard")
        for _ in range(10):
            app.step([], 1 / 30)
        assert nothing_ran(markers)
        # the new record names who plays now: the next Continue asks nothing
        new = load_record(table.driver.writer.path)
        assert new.header["players"] == ["human", "ai:standard", "ai:standard", "random"]
    finally:
        table.abandon()
    assert nothing_ran(markers)


def test_saying_yes_starts_the_programs_the_player_saw(app, hostile):
    _, cmd, py, (ran, imported) = hostile
    app.push("continue")
    app.step([_key(pygame.K_LEFT), _key(pygame.K_RETURN)], 1 / 30)
    table = app.top
    assert table.name == "table"
    try:
        assert table.player_names == ["human", cmd, py, "random"]
        assert imported.exists()
    finally:
        table.abandon()  # closes the seats: the program has ended
    assert ran.exists()


def test_a_continued_table_never_trusts_a_record_by_itself(app, hostile):
    """Whatever opens a table from a claimed record without the player's yes gets computer
    players in the program seats (the dialog is not the only guard)."""
    from game.ui.scenes.table import TableScene
    from game.ui.table.resume import claim_unfinished

    _, _, _, markers = hostile
    claim = claim_unfinished()
    sc = TableScene(app, [], resume=claim)
    try:
        assert sc.player_names == ["human", "ai:standard", "ai:standard", "random"]
    finally:
        sc.abandon()
        claim.lock.release()
    assert nothing_ran(markers)


def test_watch_the_viewer_and_the_review_start_nothing(app, hostile):
    from game.practice.stats import statistics
    from game.ui.scenes.replay_viewer import RecordsScene

    path, _, _, markers = hostile
    lst = RecordsScene(app)
    app.push(lst)
    app.step([], 1 / 30)
    assert lst.records[0].path == path
    assert lst.watch()  # Watch: the table plays the record's actions back
    for _ in range(30):
        app.step([], 1 / 30)
    app.scenes[:] = [lst]
    lst.open()  # the step-by-step viewer
    for k in (pygame.K_RIGHT, pygame.K_END, pygame.K_h, pygame.K_r):
        app.step([_key(k)], 1 / 30)
    app.scenes[:] = [lst]
    statistics()
    assert nothing_ran(markers)


def test_the_command_line_readers_start_nothing(hostile):
    from game.cli import main

    path, _, _, markers = hostile
    for argv in (["replay", str(path), "--check"], ["replay", str(path), "--text"],
                 ["review", str(path), "--playouts", "1", "--jobs", "1", "--no-cache"]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = main(argv)
        assert code in (0, 2), argv
        assert nothing_ran(markers), argv


def test_the_replays_lists_continue_asks_first_too(app, hostile):
    from game.ui.scenes.replay_viewer import RecordsScene

    path, cmd, _, markers = hostile
    lst = RecordsScene(app)
    app.push(lst)
    assert lst.records[lst.focus].path == path and lst.can_continue()
    app.step([_key(pygame.K_c)], 1 / 30)
    assert app.top.name == "confirm" and cmd in app.top.message.split("\n")
    app.step([_key(pygame.K_ESCAPE)], 1 / 30)
    table = app.top
    assert table.name == "table" and table.player_names[1] == "ai:standard"
    table.abandon()
    assert nothing_ran(markers)
