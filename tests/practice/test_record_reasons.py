"""A damaged record says why it stops as a message (``record.*`` kinds): the English stays
`Record.error`, the player's language is rendered at the edge (the viewer, Continue, the
command line). Each damage below is written to a file and read back."""

from __future__ import annotations

import json
import re

import pytest

from ai.random_seat import RandomSeat
from game.cli import main
from game.engine.errors import ReplayError
from game.engine.messages import Message
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.i18n import render
from game.records import (
    RecordWriter,
    check_record,
    header_problem,
    is_interruption,
    list_records,
    load_record,
)

HANGUL = re.compile("[가-힣]")


@pytest.fixture(scope="module")
def lines(tmp_path_factory) -> list[str]:
    """One finished one-hand game's record, line by line (each with its newline)."""
    d = tmp_path_factory.mktemp("records")
    w = RecordWriter(Session(RuleSet(), seed=3, hands=1), d, human=0)
    w.play([RandomSeat(30 + i) for i in range(4)])
    return w.path.read_text(encoding="utf-8").splitlines(keepends=True)


def _first(lines: list[str], pattern: str) -> int:
    return next(i for i, x in enumerate(lines) if re.search(pattern, x))


def _edit(lines: list[str], i: int, fn) -> list[str]:
    obj = json.loads(lines[i])
    fn(obj)
    return [*lines[:i], json.dumps(obj) + "\n", *lines[i + 1:]]


def _header(**changes):
    def damage(ls):
        return _edit(ls, 0, lambda h: h.update(changes))
    return damage


def _drawn_tile_104(ls):
    i = _first(ls, r'"type":\s*"draw"')
    return _edit(ls, i, lambda o: o["event"].__setitem__("tile", 104))


def _three_payments(ls):
    i = _first(ls, r'"type":\s*"hand_end"')
    return _edit(ls, i, lambda o: o["event"].__setitem__("payments", [0, 0, 0]))


def _hand_two_first(ls):
    i = _first(ls, r'"type":\s*"hand_start"')
    return _edit(ls, i, lambda o: o.__setitem__("hand", 2))


# damage -> (the reason's code, the code of what it wraps or None, the line where reading stops)
DAMAGES = {
    "cut_off": (lambda ls: [*ls[:40], ls[40][:9]], "record.stopped", "record.cut_off", 41),
    "not_json": (lambda ls: [*ls[:5], "{not json\n", *ls[6:]], "record.stopped", "json.invalid", 6),
    "not_utf8": (lambda ls: [*ls[:5], "\udcff\n", *ls[6:]], "record.stopped", "json.not_utf8", 6),
    "bad_seed": (_header(seed="x"), "record.stopped", "record.bad_header", 1),
    "bad_players": (_header(players=["a"]), "record.stopped", "record.bad_header", 1),
    "bad_rules": (_header(rules={"ante": -5}), "record.stopped", "record.bad_header", 1),
    "unknown_format": (_header(format=99), "record.stopped", "record.header.format", 1),
    "header_not_first": (lambda ls: ls[1:], "record.stopped", "record.header_first", 1),
    "unknown_line": (lambda ls: [*ls[:5], '{"type": "chat", "hand": 1}\n', *ls[6:]],
                     "record.stopped", "record.unknown_line", 6),
    "hand_out_of_order": (_hand_two_first, "record.stopped", "record.hand_order", 3),
    "tile_104": (_drawn_tile_104, "record.stopped", "event.field.value", None),
    "payments_three": (_three_payments, "record.stopped", "event.field.value", None),
    "bad_seat_letter": (lambda ls: _edit(ls, _first(ls, r'"type":\s*"action"'),
                                         lambda o: o.__setitem__("seat", "X")),
                        "record.stopped", "record.bad_seat", None),
    "ends_inside_hand": (lambda ls: ls[:-2], "record.ends_inside", None, None),
    "empty": (lambda ls: [], "record.empty", None, 1),
}


@pytest.mark.parametrize("name", list(DAMAGES))
def test_a_damaged_record_says_why_as_a_message(lines, tmp_path, name):
    damage, code, inner, line = DAMAGES[name]
    p = tmp_path / f"{name}.jsonl"
    p.write_bytes("".join(damage(lines)).encode("utf-8", "surrogateescape"))
    rec = load_record(p)
    assert isinstance(rec.reason, Message) and rec.reason.code == code
    assert rec.error == str(rec.reason) and not rec.ok
    if inner is not None:
        assert rec.reason["why"].code == inner
    if line is not None:
        assert rec.error_line == line
    if code == "record.stopped":
        assert rec.reason["line"] == rec.error_line and rec.error.startswith(f"line {rec.error_line}: ")
    ko = render(rec.reason, "ko")
    assert HANGUL.search(ko) and ko != rec.error
    assert "{" not in ko and "/" not in ko.replace(str(p), "")  # placeholders and particles filled
    # the check says the same, naming the file
    result = check_record(p)
    assert not result.ok and result.reason.code == "record.in_file"
    assert result.reason["why"] == rec.reason and result.message == f"{p}: {rec.error}"
    assert result.line == rec.error_line


def test_a_record_that_is_read_to_its_end_has_no_reason(lines, tmp_path):
    p = tmp_path / "good.jsonl"
    p.write_text("".join(lines), encoding="utf-8")
    rec = load_record(p)
    assert rec.ok and rec.reason is None and rec.error == ""
    result = check_record(p)
    assert result.ok and result.reason.code == "record.check_ok" and result.reason["n"] == 1
    assert result.message == f"{p}: 1 hand replayed, every event identical"
    assert HANGUL.search(render(result.reason, "ko"))


def test_a_missing_file_cannot_be_read(tmp_path):
    rec = load_record(tmp_path / "nothing.jsonl")
    assert rec.reason.code == "record.cannot_read" and rec.reason["why"].code == "record.os.missing"
    assert HANGUL.search(render(rec.reason, "ko"))


def test_interruptions_are_not_damage(lines, tmp_path):
    for name in ("cut_off", "ends_inside_hand", "not_json"):
        p = tmp_path / f"{name}.jsonl"
        p.write_text("".join(DAMAGES[name][0](lines)), encoding="utf-8")
        assert is_interruption(load_record(p).reason) == (name != "not_json")
    summaries = {s.name: s for s in list_records(tmp_path, include_continued=True)}
    assert summaries["not_json.jsonl"].reason.code == "record.stopped"
    assert summaries["not_json.jsonl"].error == str(summaries["not_json.jsonl"].reason)


def test_header_problem_is_a_message():
    good = {"type": "header", "format": 1, "seed": 3, "rules": {}, "players": ["a", "b", "c", "d"]}
    assert header_problem(good) is None
    why = header_problem({**good, "human": 7})
    assert why.code == "record.header.human" and str(why) == "human must be a player number 0-3, got 7"
    assert header_problem({**good, "rules": {"ante": -1}}).code == "record.header.builds"


def test_a_hand_that_does_not_rebuild_raises_a_replay_error_with_a_message(lines, tmp_path):
    i = _first(lines, r'"type":\s*"discard"')  # a discard becomes a win the hand does not make
    bad = _edit(lines, i, lambda o: o.__setitem__("action", {"type": "win"}))
    p = tmp_path / "false_win.jsonl"
    p.write_text("".join(bad), encoding="utf-8")
    rec = load_record(p)
    with pytest.raises(ReplayError) as e:
        rec.hands[0].table()
    assert e.value.message.code == "record.at_line" and e.value.message["line"] == i + 1
    assert str(e.value) == str(e.value.message)
    assert HANGUL.search(render(e.value.message, "ko"))
    result = check_record(p)  # the engine's replay finds it too
    assert not result.ok and isinstance(result.reason, Message) and result.line == i + 1


def test_replay_check_and_text_speak_the_players_language(lines, tmp_path, capsys):
    p = tmp_path / "bad.jsonl"
    p.write_text("".join(_header(seed="x")(lines)), encoding="utf-8")
    assert main(["replay", "--check", str(p), "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert "실패" in err and "잘못된 머리말" in err and "seed must" not in err
    assert main(["replay", "--check", str(p), "--lang", "en"]) == 2
    assert "bad header: seed must be a whole number" in capsys.readouterr().err
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(DAMAGES["cut_off"][0](lines)), encoding="utf-8")
    assert main(["replay", "--text", str(cut), "--lang", "ko"]) == 2
    out, err = capsys.readouterr()
    assert "줄이 잘렸습니다" in out and "줄이 잘렸습니다" in err and "cut off" not in out + err
