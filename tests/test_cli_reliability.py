"""Every command-line input gets one clear error line and exit status 2, never a traceback
(issue 10): damaged --rules files, unusable --log and --screenshots paths, unknown seats,
non-UTF-8 input, consoles that cannot print Korean, control characters, Ctrl+C."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.engine.invariants import InvariantError
from game.settings import CONFIG_ENV


@pytest.fixture(autouse=True)
def _english_whatever_the_machine_says(tmp_path, monkeypatch):
    """These tests read the English lines: no saved settings of the user's, an English locale
    (tests/test_cli_lang.py covers the other languages and the defaults)."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cli-cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


ROOT = Path(__file__).resolve().parent.parent
SEATS = ["--seats", "random,random,random,random"]


def one_error_line(err: str, command: str) -> str:
    """The single stderr line of a failed command (asserts there is exactly one)."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"korean-mahjong {command}: error: "), err
    return lines[0]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               KOREAN_MAHJONG_DATA_DIR=str(tmp_path / "data"),
               KOREAN_MAHJONG_CONFIG_DIR=str(tmp_path / "cfg"),
               PYTHONPATH=str(ROOT))
    env.update(extra)
    return env


def cli(tmp_path: Path, *args: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          timeout=timeout, check=False, cwd=tmp_path, env=_env(tmp_path, **env))


# ------------------------------------------------------------------------------- the helper
def test_printable_escapes_control_characters_and_keeps_korean():
    from game.cli import printable

    assert printable("\x1b[2J 커피향\r\n\t\x00") == "\\x1b[2J 커피향\\r\\n\\t\\x00"
    assert printable("\udcff\u202e") == "\\udcff\\u202e"  # a stray surrogate, a bidi override
    assert printable("plain text") == "plain text"


# ------------------------------------------------------------------------- simulate --log
@pytest.mark.parametrize("where", ["directory", "missing directory", "unwritable"])
def test_an_unusable_log_path_fails_before_the_first_hand(tmp_path, capsys, where):
    if where == "directory":
        path = tmp_path
    elif where == "missing directory":
        path = tmp_path / "nope" / "s.jsonl"
    else:
        if not Path("/sys").is_dir():
            pytest.skip("needs /sys (Linux), where even root cannot create files")
        path = Path("/sys/korean-mahjong-test.jsonl")
    t0 = time.monotonic()
    assert main(["simulate", "--hands", "300", *SEATS, "--log", str(path)]) == 2
    assert time.monotonic() - t0 < 10  # checked up front, not after the session
    line = one_error_line(capsys.readouterr().err, "simulate")
    assert str(path) in line
    assert not (tmp_path / "nope").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_log_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    p = cli(tmp_path, "simulate", "--hands", "2", *SEATS, "--log", str(fifo), timeout=30)
    assert p.returncode == 2
    assert "not a regular file" in one_error_line(p.stderr.decode(), "simulate")


def test_a_log_that_fails_at_set_up_leaves_no_empty_file(tmp_path, capsys, monkeypatch):
    import ai.registry

    real = ai.registry.make_seat
    calls = []

    def flaky(name, seed=None):
        calls.append(name)
        if len(calls) > 4:  # the check in run() passes, the seats of the session fail
            raise ValueError(f"seat {name!r} failed to start")
        return real(name, seed=seed)

    monkeypatch.setattr(ai.registry, "make_seat", flaky)
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "2", *SEATS, "--log", str(log)]) == 2
    assert "failed to start" in one_error_line(capsys.readouterr().err, "simulate")
    assert not log.exists()
    # an existing file is left as it was when the run fails before play
    log.write_bytes(b"keep me\n")
    calls.clear()
    assert main(["simulate", "--hands", "2", *SEATS, "--log", str(log)]) == 2
    assert log.read_bytes() == b"keep me\n"


def _log_lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def test_the_log_is_written_a_hand_at_a_time_never_during_the_hand(tmp_path, capsys, monkeypatch):
    import ai.registry
    from ai.random_seat import RandomSeat

    log = tmp_path / "s.jsonl"
    seen: list[tuple[int, set[int]]] = []

    class Peeker(RandomSeat):
        """A seat that reads the live log at every decision (as an external program could)."""

        hand = 0

        def observe(self, event):
            if event.type == "hand_start":
                self.hand = event.hand

        def act(self, decision):
            lines = _log_lines(log) if log.exists() else []
            seen.append((self.hand, {x["hand"] for x in lines if "hand" in x}))
            return super().act(decision)

    monkeypatch.setitem(ai.registry.SEATS, "peeker", lambda seed=None: Peeker(seed))
    assert main(["simulate", "--hands", "4", "--seed", "5", "--seats",
                 "peeker,random,random,random", "--log", str(log)]) == 0
    assert seen
    for hand, logged in seen:
        assert hand not in logged  # nothing of the hand in progress (the wall, other hands)
        assert logged == set(range(hand)), (hand, logged)  # every finished hand already written
    capsys.readouterr()
    check = cli(tmp_path, "replay", str(log), "--check")
    assert check.returncode == 0, check.stderr


def test_a_broken_invariant_still_writes_the_log_up_to_the_break(tmp_path, capsys, monkeypatch):
    import game.cli.simulate as sim
    from game.engine.errors import ReplayError
    from game.engine.replay import load_log, replay

    discards = []

    def broken(table, event=None):
        if event is not None and event.type == "discard" and table.hand == 2:
            discards.append(event)
            if len(discards) == 5:
                raise InvariantError(f"hand seed {table.seed} after discard event: test")

    monkeypatch.setattr(sim, "check_event", broken)  # the cheap default check
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "3", "--seed", "2", *SEATS, "--log", str(log)]) == 3
    assert "invariant broken: hand seed" in capsys.readouterr().err
    lines = _log_lines(log)
    assert lines[0]["type"] == "header"
    assert {x["hand"] for x in lines[1:]} == {0, 1, 2}
    last = lines[-1]
    assert (last["hand"], last["event"]["type"]) == (2, "discard")
    assert sum(1 for x in lines if x.get("hand") == 2 and x["type"] == "event"
               and x["event"]["type"] == "discard") == 5
    # the actions rebuild every logged event; the log just ends at the break
    with pytest.raises(ReplayError, match="hand 2 is not finished"):
        replay(load_log(log))


def test_simulate_log_passes_replay_check(tmp_path, capsys):
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "3", "--seed", "9", *SEATS, "--log", str(log)]) == 0
    capsys.readouterr()
    p = cli(tmp_path, "replay", str(log), "--check")
    assert p.returncode == 0 and p.stdout.decode().startswith("ok:"), p.stderr


@pytest.mark.parametrize("argv, fragment", [
    (["--hands", "99999999999999999999"], "--hands"),
    (["--hands", "0"], "--hands"),
    (["--hands", "-5"], "--hands"),
    (["--duplicate", "--jobs", "100000"], "--jobs"),
    (["--duplicate", "--baseline", "greedy"], "not seated"),
])
def test_out_of_range_numbers_are_refused_up_front(capsys, monkeypatch, argv, fragment):
    import ai.arena
    import game.cli.simulate as sim

    def no_play(*a, **k):
        raise AssertionError("the session was started")

    monkeypatch.setattr(sim, "simulate", no_play)
    monkeypatch.setattr(ai.arena, "run_duplicate", no_play)
    assert main(["simulate", *SEATS, *argv]) == 2
    assert fragment in one_error_line(capsys.readouterr().err, "simulate")


# ------------------------------------------------------------------------ simulate --rules
@pytest.mark.parametrize("content, fragment", [
    (b"{oops", "not valid JSON"),
    (b"\xff\xfe{\x00}", "not UTF-8"),
    (b"[" * 100_000, "nested"),
    (b'{"ante": ' + b"1" * 5000 + b"}", "too many digits"),
    (b'{"ante": NaN}', "finite"),
    (b'{"preset": 5}', "preset must be"),
    (b'{"preset": ["x"]}', "preset must be"),
    (b'{"preset": null}', "preset must be"),
    (b'{"preset": {"a": 1}}', "preset must be"),
    (b'{"preset": "x\\u001b[2J"}', "unknown yak table preset 'x\\x1b[2J'"),
    (b'["ante"]', "JSON object"),
    (b'{"yak_overrides": [1]}', "yak_overrides"),
    (b'{"ante": "\\u001b[2J\\r"}', "\\x1b[2J\\r"),
])
def test_a_damaged_rules_file_is_one_error(tmp_path, capsys, content, fragment):
    path = tmp_path / "rules.json"
    path.write_bytes(content)
    assert main(["simulate", "--hands", "1", *SEATS, "--rules", str(path)]) == 2
    line = one_error_line(capsys.readouterr().err, "simulate")
    assert fragment in line and str(path) in line
    assert path.read_bytes() == content  # never rewritten


def test_a_rules_file_with_a_byte_order_mark_is_read(tmp_path, capsys):
    path = tmp_path / "rules.json"
    path.write_bytes(b'\xef\xbb\xbf{"ante": 0}')
    assert main(["simulate", "--hands", "1", *SEATS, "--rules", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 1


def test_a_missing_rules_file_or_a_directory(tmp_path, capsys):
    assert main(["simulate", "--hands", "1", "--rules", str(tmp_path / "none.json")]) == 2
    assert "no such file" in one_error_line(capsys.readouterr().err, "simulate")
    assert main(["simulate", "--hands", "1", "--rules", str(tmp_path)]) == 2
    assert "directory" in one_error_line(capsys.readouterr().err, "simulate")
    assert main(["simulate", "--hands", "1", "--rules", "bad\x00name"]) == 2
    assert "\\x00" in one_error_line(capsys.readouterr().err, "simulate")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_rules_file_does_not_hang(tmp_path):
    fifo = tmp_path / "rules.fifo"
    os.mkfifo(fifo)
    p = cli(tmp_path, "simulate", "--hands", "1", "--rules", str(fifo), timeout=30)
    assert p.returncode == 2
    assert "not a regular file" in one_error_line(p.stderr.decode(), "simulate")


# ---------------------------------------------------------------------------- shanten -
def test_shanten_batch_answers_the_lines_around_one_that_is_not_utf8(capsys, monkeypatch):
    raw = b"1112345678999m\n\xff\xfe123m\n5z\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    assert main(["shanten", "-"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    assert out[0].startswith("1112345678999m: ready")
    assert "error" in out[1] and "UTF-8" in out[1] and "\\xff" in out[1]
    assert out[2].startswith("5z (+4 melds): ready")


def test_shanten_batch_json_with_bad_bytes_and_control_characters(capsys, monkeypatch):
    raw = b"\xc3\x28\n12\x1b[2Jm\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    assert main(["shanten", "-", "--json"]) == 2
    objs = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(objs) == 2 and all("error" in o for o in objs)
    assert "UTF-8" in objs[0]["error"]


def test_shanten_batch_from_a_real_pipe(tmp_path):
    p = subprocess.run([sys.executable, "-m", "game", "shanten", "-"], input=b"5z\n\x80\n55z\n",
                       capture_output=True, timeout=60, check=False, env=_env(tmp_path))
    assert p.returncode == 2 and b"Traceback" not in p.stderr
    assert len(p.stdout.decode().splitlines()) == 3


# ------------------------------------------------------------------- consoles and escaping
def test_score_prints_on_an_ascii_console(tmp_path):
    p = cli(tmp_path, "score", "234m456m345p22p678p", "--win", "8p", "--uper",
            PYTHONIOENCODING="ascii")
    assert p.returncode == 0, p.stderr
    assert b"total 15" in p.stdout and b"Traceback" not in p.stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_score_prints_to_a_narrow_stdout_in_process(monkeypatch, encoding):
    buf = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(buf, encoding=encoding))
    assert main(["score", "234m456m345p22p678p", "--win", "8p", "--uper"]) == 0
    sys.stdout.flush()
    assert b"total 15" in buf.getvalue()


@pytest.mark.parametrize("argv", [
    ["score", "12\x1b[2Jm", "--win", "1m"],
    ["score", "234m456m345p22p678p", "--win", "8p\r9p"],
    ["score", "234m456m345p22p678p", "--win", "8p", "--bogus\x1b[2J"],
    ["score", "234m456m345p22p678p", "--win", "8p", "--from", "X\x07"],
    ["shanten", "1\x1b[31m"],
    ["shanten", "1112345678999m", "--seen", "1m\r1x"],
    ["simulate", "--seats", "random,random,random,\x1b[2J"],
    ["simulate", "--seats", "random,random\n,random"],
    ["simulate", "--hands", "\x1b"],
])
def test_error_lines_escape_what_the_user_typed(capsys, argv):
    try:
        status = main(argv)
    except SystemExit as e:
        status = e.code
    assert status == 2
    line = one_error_line(capsys.readouterr().err, argv[0])
    assert not any(ch in line for ch in "\x1b\r\x07\n")


def test_argparse_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["score", "123m"])
    assert e.value.code == 2
    assert "--win" in one_error_line(capsys.readouterr().err, "score")


# -------------------------------------------------------------------------------- play
@pytest.fixture
def ui_env(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KOREAN_MAHJONG_CONFIG_DIR", str(tmp_path / "cfg"))


def _no_window(monkeypatch):
    import game.ui.app

    def refuse(*a, **k):
        raise AssertionError("a window was opened")

    monkeypatch.setattr(game.ui.app, "App", refuse)


@pytest.mark.parametrize("argv, fragment", [
    (["--seats", "nobody,ai,ai,ai"], "'nobody'"),
    (["--seats", "human,ai,ai:wizard,ai"], "'ai:wizard'"),
    (["--autoplay", "--seats", "ai,ai,ai,nobody"], "'nobody'"),
    (["--seats", "human,ai,ai,cmd:"], "'cmd:'"),
])
def test_play_names_a_bad_seat_before_opening_a_window(ui_env, monkeypatch, capsys, argv, fragment):
    _no_window(monkeypatch)
    assert main(["play", *argv, "--frames", "1"]) == 2
    assert fragment in one_error_line(capsys.readouterr().err, "play")


def test_play_refuses_an_unusable_screenshots_directory(ui_env, tmp_path, monkeypatch, capsys):
    _no_window(monkeypatch)
    afile = tmp_path / "afile"
    afile.write_text("x")
    for bad in (afile, afile / "sub"):
        assert main(["play", "--frames", "1", "--screenshots", str(bad)]) == 2
        assert str(bad) in one_error_line(capsys.readouterr().err, "play")
    assert afile.read_text() == "x"
    if Path("/sys").is_dir():
        assert main(["play", "--frames", "1", "--screenshots", "/sys/korean-mahjong-shots"]) == 2
        one_error_line(capsys.readouterr().err, "play")


def test_play_screenshots_directory_is_created_and_left_clean(ui_env, tmp_path, monkeypatch):
    _no_window(monkeypatch)
    from game.cli import play

    shots = tmp_path / "new" / "shots"
    assert play.check_screenshots_dir(str(shots)) is None
    assert shots.is_dir() and list(shots.iterdir()) == []


# ----------------------------------------------------------------------------- Ctrl+C
def _default_sigint() -> None:
    """In the child: Ctrl+C as a terminal delivers it. A test run started in the background
    (``cmd &`` in a script) ignores SIGINT, its children inherit that, and Python then
    installs no KeyboardInterrupt handler: the child would never see the signal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(tmp_path: Path, argv: list[str], ready) -> subprocess.CompletedProcess:
    p = subprocess.Popen([sys.executable, "-m", "game", *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, cwd=tmp_path, env=_env(tmp_path),
                         preexec_fn=_default_sigint if os.name == "posix" else None)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not ready() and p.poll() is None:
        time.sleep(0.1)
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


def _has_hands(log: Path, n: int) -> bool:
    try:
        return sum(1 for x in _log_lines(log) if x.get("event", {}).get("type") == "hand_end") >= n
    except (OSError, ValueError):
        return False


def test_ctrl_c_stops_a_long_simulation_without_a_traceback(tmp_path):
    t0 = time.monotonic()
    p = _interrupt(tmp_path, ["simulate", "--hands", "100000", *SEATS],
                   lambda: time.monotonic() - t0 > 3)
    assert p.returncode == 130, p.stderr
    assert b"Traceback" not in p.stderr and len(p.stderr.splitlines()) <= 1


def test_ctrl_c_keeps_the_simulation_log_of_the_finished_hands(tmp_path):
    log = tmp_path / "s.jsonl"
    p = _interrupt(tmp_path, ["simulate", "--hands", "10000", *SEATS, "--log", str(log)],
                   lambda: _has_hands(log, 2))
    assert p.returncode == 130, p.stderr
    assert b"Traceback" not in p.stderr and len(p.stderr.splitlines()) <= 1
    check = cli(tmp_path, "replay", str(log), "--check")
    assert check.returncode == 0, check.stderr  # the finished hands, each complete


def test_a_log_of_more_hands_than_a_record_holds_is_refused(tmp_path, capsys):
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "10001", *SEATS, "--log", str(log)]) == 2
    assert "10000" in one_error_line(capsys.readouterr().err, "simulate")
    assert not log.exists()


def test_ctrl_c_closes_the_game_window_and_its_record_cleanly(tmp_path):
    pytest.importorskip("pygame")
    data = tmp_path / "data"

    def ready() -> bool:  # the table starts its record when the game begins
        return data.exists() and any(data.rglob("*.jsonl"))

    p = _interrupt(tmp_path, ["play", "--seats", "human,random,random,random",
                              "--speed", "instant"], ready)
    assert p.returncode == 130, p.stderr[-2000:]
    assert b"Traceback" not in p.stderr
    records = list(data.rglob("*.jsonl"))
    assert records
    for rec in records:  # every line written is a whole JSON line
        for line in rec.read_text(encoding="utf-8").splitlines():
            json.loads(line)
