"""`korean-mahjong shanten`: shanten, waits and acceptance from the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from game.cli import main
from game.settings import CONFIG_ENV


@pytest.fixture(autouse=True)
def _english_whatever_the_machine_says(tmp_path, monkeypatch):
    """These tests read the English lines: no saved settings of the user's, an English locale
    (tests/test_cli_lang.py covers the other languages and the defaults)."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cli-cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["shanten", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_ready_hand_shows_its_waits(capsys):
    status, out, _ = run(capsys, "123m456p789p11m22z")
    assert status == 0
    assert out == "11123m456789p22z: ready, waits 1m:1 4m:4 2z:2 (7 unseen)\n"


def test_not_ready_hand_shows_accepted_tiles(capsys):
    status, out, _ = run(capsys, "159m159p12345z66z")
    assert status == 0
    assert out.startswith("159m159p1234566z: shanten 5; accepts 1m:3 5m:3 ")
    assert out.endswith(" 5z:3 (33 unseen)\n")  # pairing any of the 11 singles (seven pairs)


def test_fourteen_tiles_list_every_discard_best_first(capsys):
    status, out, _ = run(capsys, "123m456p789p11m22z7z")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "11123m456789p227z: shanten 0 (ready)"
    assert lines[1] == "  discard 7z -> shanten 0; accepts 1m:1 4m:4 2z:2 (7 unseen)"
    assert len(lines) == 1 + 11  # one line per distinct kind


def test_declared_melds_are_implied_by_the_size(capsys):
    _, out, _ = run(capsys, "22m456p77z", "--json")
    d = json.loads(out)
    assert (d["tiles"], d["melds"], d["shanten"], d["waits"]) == (7, 2, 0, ["2m", "7z"])


def test_json_of_fourteen_tiles(capsys):
    _, out, _ = run(capsys, "123m456m789p11z222z", "--json")
    d = json.loads(out)
    assert (d["shanten"], d["complete"]) == (-1, True)
    # 1m off leaves 23456m: 1m 4m 7m (three 1m and 4m left, four 7m)
    assert d["discards"][0] == {"discard": "1m", "shanten": 0, "unseen": 10, "accepts": [
        {"tile": "1m", "unseen": 3}, {"tile": "4m", "unseen": 3}, {"tile": "7m", "unseen": 4}]}
    assert all(o["shanten"] == 0 for o in d["discards"])
    assert {o["discard"] for o in d["discards"]} == {
        "1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "1z", "2z"}


def test_seen_tiles_lower_the_unseen_counts(capsys):
    _, out, _ = run(capsys, "1112345678999m", "--seen", "5m5m5m", "--json")
    d = json.loads(out)
    assert {a["tile"]: a["unseen"] for a in d["accepts"]}["5m"] == 0
    assert d["unseen"] == 20


@pytest.mark.parametrize("hand,message", [
    ("123s456m789m11z22z", "'s' at position 3 is not a suit"),
    ("12x", "'x' at position 2"),
    ("11111m22z", "holds 5 copies of 1m: there are only four"),
    ("1f123m456p789p11z", "flower(s) 1f"),
    ("123m456p", "is 6 tiles"),
    ("123m456p789p11z22z3z4z", "is 15 tiles"),
])
def test_bad_hand_exits_2_naming_the_problem(capsys, hand, message):
    status, out, err = run(capsys, hand)
    assert status == 2
    assert out == ""
    assert message in err and err.startswith("korean-mahjong shanten: error:")


def test_seen_tiles_beyond_four_copies_exit_2(capsys):
    status, _, err = run(capsys, "1112345678999m", "--seen", "1m1m")
    assert status == 2 and "1m: 3 in the hand and 2 visible" in err


def test_batch_answers_one_line_per_hand_and_continues_after_errors(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(
        "1112345678999m\n\n# a comment\n123s\n123m456p789p11m22z7z\n11111m22z\n"))
    status, out, _ = run(capsys, "-")
    lines = out.splitlines()
    assert status == 2
    assert len(lines) == 4
    assert lines[0].startswith("1112345678999m: ready, waits 1m:1 2m:3")
    assert lines[1].startswith("123s: error: bad tile notation")
    assert lines[2].startswith("11123m456789p227z: shanten 0 (ready) | discard 7z -> shanten 0")
    assert lines[3] == "11111m22z: error: '11111m22z' holds 5 copies of 1m: there are only four"


def test_batch_json_is_one_object_per_line(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("159m159p1234567z\nhello\n"))
    status, out, _ = run(capsys, "-", "--json")
    objs = [json.loads(line) for line in out.splitlines()]
    assert status == 2
    assert objs[0]["shanten"] == 6 and objs[0]["ready"] is False
    assert objs[1]["hand"] == "hello" and "bad tile notation" in objs[1]["error"]


def test_batch_of_good_hands_exits_0(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("5z\n55z\n"))
    status, out, _ = run(capsys, "-")
    assert status == 0
    assert out.splitlines() == ["5z (+4 melds): ready, waits 5z:3 (3 unseen)",
                                ("55z (+4 melds): shanten -1 (complete) | "
                                 "discard 5z -> shanten 0; accepts 5z:2 (2 unseen)")]


def test_the_installed_command_runs():
    proc = subprocess.run([sys.executable, "-m", "game", "shanten", "-", "--json"],
                          input="1112345678999m\n", capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["waits"] == [f"{n}m" for n in range(1, 10)]
