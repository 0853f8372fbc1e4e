"""A cmd: program is started once, and at the end nothing it started is left running and no
folder of it is left in the temporary directory (issue 29)."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest

from game.cli import main
from game.settings import CONFIG_ENV

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_user_settings(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def program(tmp_path: Path, name: str, body: str) -> str:
    """A seat program answering every request with its first legal action, after `body`."""
    path = tmp_path / name
    path.write_text("import json, os, sys\n" + textwrap.dedent(body) + textwrap.dedent("""
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "request":
                print(json.dumps(msg["legal"][0]), flush=True)
        """))
    return f"cmd:{sys.executable} {path}"


COUNT_START = """
with open(sys.argv[1], "a") as f:
    f.write("start\\n")
"""


def test_simulate_starts_each_program_once(tmp_path, capsys):
    starts = tmp_path / "starts.txt"
    seat = f"{program(tmp_path, 'counted.py', COUNT_START)} {starts}"
    assert main(["simulate", "--hands", "3", "--seats", f"{seat},greedy,random,greedy"]) == 0
    assert starts.read_text().splitlines() == ["start"]
    capsys.readouterr()


def test_duplicate_play_starts_each_program_once_per_chunk_of_walls(tmp_path, capsys):
    starts = tmp_path / "starts.txt"
    seat = f"{program(tmp_path, 'counted.py', COUNT_START)} {starts}"
    assert main(["simulate", "--duplicate", "--hands", "4", "--json",
                 "--seats", f"{seat},greedy,random,greedy"]) == 0
    assert json.loads(capsys.readouterr().out)["walls"] == 1  # one wall: one chunk
    assert starts.read_text().splitlines() == ["start"]


def test_a_missing_program_is_one_error_before_play(tmp_path, capsys):
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "1", "--log", str(log),
                 "--seats", f"cmd:{tmp_path / 'no-such-bot'},greedy,random,greedy"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "no-such-bot" in err[0]
    assert not log.exists()


# ------------------------------------------------------------------ descendants end at close
ESCAPES = """
import signal, time
if os.fork() == 0:  # a child that leaves the program's group (and session), then forks again
    {escape}  # so that its parent is gone: an orphan in a group of its own
    if os.fork():
        os._exit(0)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # and it resists SIGTERM
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):  # the game's pipes are not held open by it
        os.dup2(devnull, fd)
    with open(sys.argv[1] + ".tmp", "w") as f:
        f.write(str(os.getpid()))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    time.sleep(300)
    os._exit(0)
"""

LINUX = sys.platform.startswith("linux")


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, ended but not yet collected, does not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2:][:1] != b"Z"


def gone(pid: int, wait: float = 20.0) -> bool:
    """Whether `pid` ends within a generous `wait` (polled: no timing is asserted)."""
    import time

    stop = time.monotonic() + wait
    while time.monotonic() < stop:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def _kill(pid: int | None) -> None:
    import signal

    if pid is not None and alive(pid):
        os.kill(pid, signal.SIGKILL)


def _pid(path: Path, wait: float = 60.0) -> int:
    import time

    stop = time.monotonic() + wait
    while not path.exists():
        assert time.monotonic() < stop, "the program never started its child"
        time.sleep(0.05)
    return int(path.read_text())


@pytest.mark.skipif(not LINUX, reason="the subreaper launcher is Linux's (elsewhere: the group)")
@pytest.mark.parametrize("escape", ["os.setsid()", "os.setpgid(0, 0)"])
def test_a_child_that_left_the_group_ends_when_simulate_ends(tmp_path, capsys, escape):
    pidfile = tmp_path / "escaped.pid"
    seat = f"{program(tmp_path, 'escapes.py', ESCAPES.format(escape=escape))} {pidfile}"
    escaped = None
    try:
        assert main(["simulate", "--hands", "2", "--seats", f"{seat},greedy,random,greedy"]) == 0
        escaped = _pid(pidfile)
        assert gone(escaped)
    finally:
        _kill(escaped)
    capsys.readouterr()


@pytest.mark.skipif(not LINUX, reason="the subreaper launcher is Linux's (elsewhere: the group)")
def test_a_child_that_left_the_group_ends_when_the_game_is_killed(tmp_path):
    import signal
    import subprocess

    pidfile = tmp_path / "escaped.pid"
    seat = f"{program(tmp_path, 'escapes.py', ESCAPES.format(escape='os.setsid()'))} {pidfile}"
    env = dict(os.environ, PYTHONPATH=str(ROOT), KOREAN_MAHJONG_CONFIG_DIR=str(tmp_path / "c"),
               KOREAN_MAHJONG_DATA_DIR=str(tmp_path / "d"))
    game = subprocess.Popen([sys.executable, "-m", "game", "simulate", "--hands", "100000",
                             "--seats", f"{seat},greedy,random,greedy"], env=env, cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    escaped = None
    try:
        escaped = _pid(pidfile)
        assert alive(escaped)
        game.send_signal(signal.SIGKILL)  # no close, no finally: the game just ends
        game.wait()
        assert gone(escaped)
    finally:
        game.kill()
        game.wait()
        _kill(escaped)


# ---------------------------------------------------------- seat folders of killed games
HOLDS_A_SEAT = """
import sys, time
from ai.external import ExternalSeat
seat = ExternalSeat([sys.executable, "-c", "import sys; sys.stdin.read()"])
print(seat.workdir, flush=True)
time.sleep(300)
"""


def _game_with_a_seat(tmp_path: Path):
    import subprocess

    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    game = subprocess.Popen([sys.executable, "-c", HOLDS_A_SEAT], env=env,
                            stdout=subprocess.PIPE, text=True)
    workdir = Path(game.stdout.readline().strip())
    assert workdir.is_dir() and workdir.parent.parent == tmp_path
    return game, workdir.parent


@pytest.mark.skipif(os.name != "posix", reason="seat folders are swept on POSIX")
def test_the_folders_of_killed_games_are_swept_and_nothing_else(tmp_path):
    import signal

    from ai.external import sweep_seat_folders

    killed, left = _game_with_a_seat(tmp_path)
    running, kept = _game_with_a_seat(tmp_path)
    try:
        killed.send_signal(signal.SIGKILL)  # the game ends without removing its seat's folder
        killed.wait()
        assert left.is_dir()
        # what must stay: a folder of an older version (no owner file), one that only looks
        # like ours, a link with our name, and a folder whose owner file is a link
        legacy = tmp_path / "korean-mahjong-seat-legacy"
        (legacy / "work").mkdir(parents=True)
        other = tmp_path / "korean-mahjong-other"
        other.mkdir()
        target = tmp_path / "precious"
        target.mkdir()
        (target / "owner").write_text("1\n")
        (tmp_path / "korean-mahjong-seat-link").symlink_to(target)
        linked = tmp_path / "korean-mahjong-seat-linked-owner"
        linked.mkdir()
        (linked / "owner").symlink_to(target / "owner")

        assert sweep_seat_folders(str(tmp_path)) == [str(left)]
        assert not left.exists()
        assert kept.is_dir() and (kept / "work").is_dir()  # its game still runs
        assert legacy.is_dir() and other.is_dir() and linked.is_dir()
        assert (target / "owner").read_text() == "1\n"
        assert sweep_seat_folders(str(tmp_path)) == []
    finally:
        for game in (killed, running):
            game.kill()
            game.wait()
    assert sweep_seat_folders(str(tmp_path)) == [str(kept)]  # now its game is gone too


@pytest.mark.skipif(os.name != "posix", reason="seat folders are swept on POSIX")
def test_starting_a_seat_sweeps_what_a_killed_game_left(tmp_path, monkeypatch):
    import signal

    import ai.external as external

    killed, left = _game_with_a_seat(tmp_path)
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    monkeypatch.setattr(external, "_swept", False)  # this process has not swept yet
    monkeypatch.setattr(external.tempfile, "tempdir", str(tmp_path))
    seat = external.ExternalSeat([sys.executable, "-c", "import sys; sys.stdin.read()"])
    try:
        assert not left.exists()
        assert Path(seat.workdir).is_dir()
    finally:
        seat.close()
    assert not Path(seat.workdir).parent.exists()
    assert [p for p in tmp_path.iterdir() if p.name.startswith("korean-mahjong-seat-")] == []


@pytest.mark.skipif(os.name != "posix", reason="seat folders are swept on POSIX")
def test_the_window_s_start_sweeps_what_a_killed_game_left(tmp_path, monkeypatch):
    """A game that crashed may never start another seat (where the seats' own sweep runs):
    the window's start sweeps the seat folders too (`game.cli.play.sweep_temporaries`)."""
    import signal
    import tempfile

    from game.cli.play import sweep_temporaries
    from game.settings import CONFIG_ENV

    killed, left = _game_with_a_seat(tmp_path)
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    assert left.is_dir()
    assert sweep_temporaries() == 1 and not left.exists()
