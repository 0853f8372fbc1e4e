"""``korean-mahjong review FILE``: the summary and the disagreements in English and Korean, the
JSON, the player chosen with --seat (required for a record of computer players), a damaged
record reviewed with its reason, the cache, and exit status 2 for a file that is no record."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.settings import CONFIG_ENV

sys.path.insert(0, str(Path(__file__).resolve().parent / "practice"))
from test_game_review import deal_in, play

FAST = ["--playouts", "16", "--jobs", "1"]


@pytest.fixture(autouse=True)
def _own_settings(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


@pytest.fixture(scope="module")
def blunder(tmp_path_factory):
    """A one-hand record where the human (player 1) dealt in to an uper player."""
    path, made = play(tmp_path_factory.mktemp("blunder"), 6, deal_in)
    assert made is not None
    return path


def run(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's usage errors
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_the_review_in_english_and_korean(blunder, capsys):
    code, out, err = run(capsys, ["review", str(blunder), "--lang", "en", "--no-cache", *FAST])
    assert code == 0 and err == ""
    assert f"Review of {blunder.name}: player 1 (P1), compared with ai:expert" in out
    assert "1 hand reviewed" in out and "You played " in out
    assert " decisions as the computer would." in out
    assert "Defence: you lost about " in out and " points with 1 choice the computer would not " \
        "have made." in out and "blunder: 1" in out
    assert "To work on: against an uper player you threw 1 tile the computer would have kept; " \
        "see hand 1." in out
    assert "Your choices against the computer's: -" in out and "(95 % interval -" in out
    assert "where you and the computer differ, worst first:" in out
    line = next(x for x in out.splitlines() if "instead of" in x)
    assert "discard 6m instead of discard 3z" in line and line.endswith("[discard] blunder")
    code, out, err = run(capsys, ["review", str(blunder), "--lang", "ko", *FAST])
    assert code == 0 and err == ""
    assert "복기: 플레이어 1 (P1), 비교 상대 ai:expert" in out and "1판 복기" in out
    assert "수비: " in out and "큰 실수: 1" in out and "고칠 습관: " in out
    assert "6m 버림 (컴퓨터: 3z 버림): 판당" in out and "[버리기] 큰 실수" in out
    assert "instead of" not in out and "이전 복기 결과" not in out  # --no-cache kept nothing
    code, again, err = run(capsys, ["review", str(blunder), "--lang", "ko", *FAST])
    assert "이전 복기 결과를 그대로 보여 줍니다" in again  # the Korean run kept it
    assert again.splitlines()[-1] == out.splitlines()[-1]


def test_a_progress_bar_at_a_terminal(blunder, capsys, monkeypatch):
    class Terminal:
        def __init__(self):
            self.text = ""

        def write(self, s):
            self.text += s
            return len(s)

        def flush(self):
            pass

        def isatty(self):
            return True

    tty = Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    code = main(["review", str(blunder), "--no-cache", "--lang", "en", *FAST])
    assert code == 0
    frames = tty.text.split("\r")
    assert any(f.startswith("reviewing [") and f.endswith("100 %") for f in frames)
    assert frames[-1] == ""  # the bar is wiped at the end
    assert "Review of" in capsys.readouterr().out


def test_json(blunder, capsys):
    code, out, err = run(capsys, ["review", str(blunder), "--json", *FAST])
    assert code == 0 and err == ""
    j = json.loads(out)
    assert j["player"] == 1 and j["reviewer"] == "ai:expert" and j["playouts"] == 16
    assert j["decisions"] == len(j["items"]) and j["agreed"] == j["decisions"] - 1
    worst = j["items"][0]
    assert worst["verdict"] == "blunder" and worst["category"] == "defence"
    assert worst["chosen"] == {"type": "discard", "tile": "6m"} and worst["cost"] > 8
    assert worst["interval"][0] > 0 and worst["figures"]["chosen"]["deal_in_rate"] == 1.0
    assert set(j["by_category"]) == {"offence", "defence", "uper", "claims"}
    assert j["reason"] is None and j["complete"] is True
    # the same in Korean: keys and English texts unchanged
    code, out_ko, _ = run(capsys, ["review", str(blunder), "--json", "--lang", "ko", *FAST])
    ko = json.loads(out_ko)
    assert ko["items"] == j["items"]


def test_a_record_of_computer_players_needs_a_seat(tmp_path, capsys):
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "3", "--seats", "ai,ai:expert,ai,ai",
                 "--log", str(log), "--lang", "en"]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, ["review", str(log), "--lang", "en", *FAST])
    assert code == 2 and out == ""
    assert err.startswith("korean-mahjong review: error: the record does not say which player")
    assert "--seat N (1 ai:standard, 2 ai:expert, 3 ai:standard, 4 ai:standard)" in err
    code, out, err = run(capsys, ["review", str(log), "--lang", "ko", *FAST])
    assert code == 2 and "--seat N으로 고르세요" in err
    # player 2 played as the reviewer: full agreement
    code, out, err = run(capsys, ["review", str(log), "--seat", "2", "--json", *FAST])
    assert code == 0
    j = json.loads(out)
    assert j["player"] == 2 and j["player_name"] == "ai:expert" and j["agreement"] == 1.0
    code, out, err = run(capsys, ["review", str(log), "--seat", "5", *FAST])
    assert code == 2 and "invalid choice" in err


def test_a_damaged_record_is_reviewed_with_its_reason(blunder, tmp_path, capsys):
    lines = blunder.read_bytes().split(b"\n")
    damaged = tmp_path / "cut.jsonl"
    damaged.write_bytes(b"\n".join(lines[:40]) + b"\n" + lines[40][:10])
    code, out, err = run(capsys, ["review", str(damaged), "--lang", "en", *FAST])
    assert code == 0 and "Review of cut.jsonl" in out
    # where it stopped, in a sentence; the line is among the figures
    assert err == ("korean-mahjong review: warning: The game stopped in hand 1; the review "
                   "covers it as far as it was played.\n")
    assert "Why the review stops there: line 41: " in out
    code, out, err = run(capsys, ["review", str(damaged), "--json", *FAST])
    j = json.loads(out)
    assert j["complete"] is False and j["reason"]["code"] == "record.stopped"


@pytest.mark.parametrize("content", [None, b"", b"not json\n", b'{"type": "header"}\n'])
def test_a_file_that_is_no_record_exits_2(tmp_path, capsys, content):
    path = tmp_path / "x.jsonl"
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(capsys, ["review", str(path), "--lang", "en", *FAST])
    assert code == 2 and out == "" and err.startswith("korean-mahjong review: error: ")
    assert err.count("\n") == 1
    code, out, err = run(capsys, ["review", str(path), "--lang", "ko", *FAST])
    assert code == 2 and err.startswith("korean-mahjong review: 오류: ")


def test_a_directory_is_no_record(tmp_path, capsys):
    code, _out, err = run(capsys, ["review", str(tmp_path), *FAST])
    assert code == 2 and "no such file" in err


def test_usage_errors(blunder, capsys):
    for bad in (["--playouts", "0"], ["--jobs", "0"], ["--jobs", "65"], ["--seat", "x"]):
        code, _out, err = run(capsys, ["review", str(blunder), *bad])
        assert code == 2 and err.startswith("korean-mahjong review: error: ")


def test_help_lists_the_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "review" in capsys.readouterr().out


def test_the_commands_default_playouts_are_the_review_engines():
    """The command keeps its own copy (importing the engine would load it for every command)."""
    from game.cli import review as cli_review
    from game.practice import game_review

    assert cli_review.DEFAULT_PLAYOUTS == game_review.DEFAULT_PLAYOUTS


def test_starting_another_command_does_not_load_the_review_engine():
    import subprocess
    import sys

    code = ("import sys; from game.cli import build_parser; build_parser(); "
            "print('game.practice.game_review' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
