"""`korean-mahjong score`: the stable command line of issue 3."""

from __future__ import annotations

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


def run_json(capsys, *args: str) -> dict:
    assert main(["score", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_worked_example_2_json(capsys):
    out = run_json(capsys, "234m678m66z777z", "--win", "7z", "--concealed-kong", "5p", "--uper",
                   "--win-on-kong")
    assert {k: out[k] for k in ("valid", "basic", "bonus", "ante", "total")} == {
        "valid": True, "basic": 3, "bonus": 9, "ante": 10, "total": 22}
    assert {"key": "win_on_kong", "points": 5, "kind": "bonus"} in out["yak"]
    assert out["payments"] == {"E": 66, "S": -22, "W": -22, "N": -22}


def test_worked_example_4_text(capsys):
    assert main(["score", "234m456m345p22p678p", "--win", "8p", "--uper"]) == 0
    text = capsys.readouterr().out
    for words in ("all_simples", "당요", "All simples", "basic 3", "bonus 2", "ante 10",
                  "total 15", "valid: yes", "E +45", "S -15", "W -15", "N -15"):
        assert words in text


def test_discard_win_and_seat(capsys):
    out = run_json(capsys, "234m456m345p22p678p", "--win", "8p", "--seat", "S", "--from", "N")
    assert out["payments"] == {"E": 0, "S": 28, "W": 0, "N": -28}
    assert "all_sequences" in [y["key"] for y in out["yak"]]


def test_chicken_hand(capsys):
    out = run_json(capsys, "123m456m789p11z", "--pung", "7z", "--win", "9p", "--from", "N")
    assert out["valid"] is False and out["total"] == 0
    assert set(out["payments"].values()) == {0}
    assert "chicken hand" in out["reason"]


def test_prevalent_double_wind(capsys):
    out = run_json(capsys, "123m456m789p11p", "--pung", "2z", "--win", "9p", "--seat", "S",
                   "--prevalent", "S", "--from", "W")
    keys = {y["key"]: y["points"] for y in out["yak"]}
    assert keys["double_wind"] == 2 and "seat_wind" not in keys


def test_preset_ante_and_flowers(capsys):
    out = run_json(capsys, "1122m3344p5566z77z", "--win", "7z", "--preset", "삼식이", "--ante", "0",
                   "--flowers", "4")
    keys = {y["key"]: y["points"] for y in out["yak"]}
    assert keys["seven_pairs"] == 2 and keys["all_flowers"] == 8
    assert out["ante"] == 0 and out["total"] == out["basic"] + out["bonus"]


def test_melds_come_from_the_seat_before_the_winner(capsys):
    # East with two melded dragons wins on the third from West: liability on West only
    out = run_json(capsys, "123m11p777z", "--pung", "5z", "--pung", "6z", "--win", "7z",
                   "--from", "W")
    assert out["liable"] == "W" and out["payments"]["W"] == -3 * out["total"]
    # melds from North (the seat before East), self-draw: North pays for everyone
    out = run_json(capsys, "123m11p", "--pung", "5z", "--pung", "6z", "--pung", "7z", "--win", "1p")
    assert out["liable"] == "N" and out["payments"]["N"] == -3 * out["total"]


def test_situation_flags(capsys):
    out = run_json(capsys, "234m456m345p22p789p", "--win", "9p", "--from", "W", "--last-tile")
    assert "last_tile_claim_9p" in [y["key"] for y in out["yak"]]
    out = run_json(capsys, "234m456m345p22p678p", "--win", "8p", "--from", "W", "--robbing-kong")
    assert "robbing_kong" in [y["key"] for y in out["yak"]]
    out = run_json(capsys, "123m456m789p11p555z", "--win", "5z", "--seat", "S", "--first-turn")
    assert "earthly_hand" in [y["key"] for y in out["yak"]]
    out = run_json(capsys, "234m456m789m22m", "--win", "2m", "--pung", "777z", "--self-draw")
    keys = [y["key"] for y in out["yak"]]  # 777z is one pung, written in full
    assert out["valid"] and "concealed" not in keys and "half_flush" in keys


@pytest.mark.parametrize("args,words", [
    (["123s", "--win", "1m"], "no bamboo suit"),
    (["234m456m345p22p678p", "--win", "9p"], "--win 9p is not in HAND"),
    (["234m456m345p22p67p", "--win", "7p"], "13"),  # wrong size
    (["11111m456m789p111z", "--win", "1z"], "5 copies of 1m"),
    (["234m456m345p22p678p", "--win", "8p", "--from", "E"], "own discard"),
    (["234m456m345p22p678p", "--win", "8p", "--robbing-kong"], "--from"),
    (["234m456m345p22p678p", "--win", "8p", "--preset", "nope"], "unknown yak table preset"),
    (["234m456m345p22p678p", "--win", "8p", "--ante", "-3"], "--ante"),
    (["234m456m345p22p678p", "--win", "8p", "--flowers", "5"], "--flowers"),
    (["234m456m22p678p", "--win", "8p", "--pung", "56p"], "one tile for --pung"),
])
def test_errors_exit_2(capsys, args, words):
    assert main(["score", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.startswith("korean-mahjong score: error:")


def test_self_draw_and_from_are_exclusive(capsys):
    with pytest.raises(SystemExit) as e:
        main(["score", "234m456m345p22p678p", "--win", "8p", "--self-draw", "--from", "S"])
    assert e.value.code == 2


def test_entry_point_runs():
    p = subprocess.run([sys.executable, "-m", "game", "score", "234m456m345p22p678p", "--win",
                        "8p", "--json"], capture_output=True, text=True, timeout=60, check=False)
    assert p.returncode == 0 and json.loads(p.stdout)["total"] == 14
