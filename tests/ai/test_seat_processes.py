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
