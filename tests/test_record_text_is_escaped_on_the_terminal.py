"""Text from a record never acts on the terminal (issue 29): a player name holding an OSC title
sequence, a screen clear, a C1 control and a bidirectional override is printed escaped by
``replay --text``, ``replay --check``, ``review`` and ``review --json`` (`game.cli.output.show`
and `printable_json`), so stdout and stderr carry no ESC, BEL, C1 control or bidi override."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.settings import CONFIG_ENV

HOSTILE = "\x1b]0;pwned\x07\x1b[2J"
NAMES = [f"Eve{HOSTILE}", "Bob\u202eevil", "Cy\x9b31m", "Dan\u2066x\u2069"]


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def record(tmp_path, capsys):
    """A one-hand record whose header names the players `NAMES`."""
    path = tmp_path / "hostile.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "3", "--log", str(path), "--lang", "en"]) == 0
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert head["type"] == "header"
    head["players"] = NAMES
    lines[0] = json.dumps(head, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def unsafe(text: str) -> list[str]:
    """The characters of `text` a terminal could act on (newlines and tabs aside)."""
    return [ch for ch in text if (ord(ch) < 0x20 and ch not in "\n\t") or ch == "\x7f"
            or 0x80 <= ord(ch) <= 0x9f or ch in "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
            "\u2066\u2067\u2068\u2069\u061c"]


@pytest.mark.parametrize("argv", [["replay", "{rec}", "--text"],
                                  ["replay", "{rec}", "--text", "--actions", "--lang", "ko"],
                                  ["review", "{rec}", "--seat", "1", "--playouts", "2", "--jobs", "1"],
                                  ["review", "{rec}", "--seat", "1", "--playouts", "2", "--jobs", "1",
                                   "--json"]])
def test_a_hostile_player_name_is_printed_escaped(record, capsys, argv):
    code = main([str(record) if a == "{rec}" else a for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert not unsafe(out) and not unsafe(err), sorted(set(unsafe(out + err)))
    if "--json" in argv:
        from game.practice.game_review import REVIEW_FORMAT

        assert json.loads(out)["format"] == REVIEW_FORMAT, "still JSON"
    elif argv[0] == "replay":
        assert "pwned" in out and "\\x1b]0;pwned\\x07" in out and "\\u202e" in out, "shown, escaped"
