"""The engine's input errors are messages: a bad rule set or rules file, an impossible hand and
a damaged log raise their error carrying a `Message` (``e.message``) whose English is the
error's text and which the player reads in Korean, and the command line says it in Korean."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from game.cli import main
from game.engine.error_words import message_of
from game.engine.errors import ImpossibleHandError, MahjongError, ReplayError, RulesError
from game.engine.hand.acceptance import acceptance, acceptance13
from game.engine.hand.shanten import shanten, shanten_seven_pairs, waits
from game.engine.melds import PUNG, Meld
from game.engine.replay import Recorder, load_log, replay_file
from game.engine.rules import MAX_RULES_BYTES, RuleSet
from game.engine.scoring import WinContext, evaluate_win, payments, uper_verdict
from game.engine.session import Session
from game.engine.tiles import parse_tile, parse_tiles, to_counts
from game.i18n import render
from game.settings import CONFIG_ENV

HANGUL = re.compile(r"[가-힣]")


def counts(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def win(hand: str, tile: str, **kw) -> None:
    evaluate_win(WinContext(concealed=tuple(parse_tiles(hand)), win_tile=parse_tile(tile), **kw),
                 RuleSet())


def rules_file(tmp: Path, content: str | bytes) -> RuleSet:
    path = tmp / "rules.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return RuleSet.load(path)


def discard_payment_without_discarder(_: Path) -> None:
    ctx = WinContext(concealed=tuple(parse_tiles("234m456m345p22p678p")), win_tile=parse_tile("8p"),
                     self_draw=False, discarder=2)
    result = evaluate_win(ctx, RuleSet())
    assert result.valid
    payments(result, dataclasses.replace(ctx, discarder=None), RuleSet())


# ------------------------------------------------------------------ damaged logs

_LOG: list[str] = []


def _log_lines() -> list[str]:
    """The lines of a one-hand session log (made once)."""
    if not _LOG:
        from ai.registry import make_seat
        session = Session(RuleSet(), seed=5, hands=1)
        rec = Recorder(session)
        rec.play([make_seat("random", seed=i) for i in range(4)])
        _LOG.extend(line.rstrip("\n") for line in
                    (json.dumps(x, ensure_ascii=False) for x in rec.lines()))
    return list(_LOG)


def write_log(tmp: Path, lines: list[str]) -> Path:
    path = tmp / "log.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def damaged(edit: Callable[[list[str]], list[str]]) -> Callable[[Path], object]:
    return lambda tmp: replay_file(write_log(tmp, edit(_log_lines())))


def _index(lines: list[str], word: str) -> int:
    return next(i for i, line in enumerate(lines) if word in line)


def _other_seat(lines: list[str]) -> list[str]:
    i = _index(lines, '"type": "action"')
    data = json.loads(lines[i])
    data["seat"] = "ESWN"[("ESWN".index(data["seat"]) + 1) % 4]
    return lines[:i] + [json.dumps(data)] + lines[i + 1:]


def _edited_dice(lines: list[str]) -> list[str]:
    """Dice the game did not roll (faces in range: an event that reads but differs)."""
    i = _index(lines, '"type": "dice"')
    data = json.loads(lines[i])
    a, b = data["event"]["faces"]
    data["event"]["faces"] = [a % 6 + 1, b]
    return lines[:i] + [json.dumps(data)] + lines[i + 1:]


def _hand_number(lines: list[str]) -> list[str]:
    return [line.replace('"hand": 1,', '"hand": 2,') for line in lines]


def _event_without_event(lines: list[str]) -> list[str]:
    i = _index(lines, '"type": "hand_start"')
    data = json.loads(lines[i])
    del data["event"]
    return lines[:i] + [json.dumps(data)] + lines[i + 1:]


def _cut_hand(lines: list[str]) -> list[str]:
    acts = [i for i, line in enumerate(lines) if '"type": "action"' in line]
    return lines[:acts[-1]]


def _bad_header_rules(lines: list[str]) -> list[str]:
    header = json.loads(lines[0])
    header["rules"]["ante"] = -1
    return [json.dumps(header)] + lines[1:]


def _no_session_end(lines: list[str]) -> list[str]:
    return lines + [lines[-1]]


# (case, error type, code, what raises it given a temporary folder)
CASES: list[tuple[str, type[MahjongError], str, Callable[[Path], object]]] = [
    # rule sets and rules dicts
    ("ante", RulesError, "rules.range", lambda _: RuleSet(ante=-1)),
    ("preset", RulesError, "rules.unknown_preset", lambda _: RuleSet(preset="zzz")),
    ("override", RulesError, "rules.unknown_override",
     lambda _: RuleSet(yak_overrides=(("nope", 1),))),
    ("override points", RulesError, "rules.override_points",
     lambda _: RuleSet(yak_overrides=(("seven_pairs", 5000),))),
    ("choice", RulesError, "rules.choice", lambda _: RuleSet(several_winners="most")),
    ("bool", RulesError, "rules.bool", lambda _: RuleSet(flowers="yes")),
    ("score cap", RulesError, "rules.score_cap", lambda _: RuleSet(score_cap=0)),
    ("points of", RulesError, "rules.unknown_yak", lambda _: RuleSet().points("nope")),
    ("not an object", RulesError, "rules.not_an_object", lambda _: RuleSet.from_dict([1])),
    ("unknown rule", RulesError, "rules.unknown_rule", lambda _: RuleSet.from_dict({"x": 1})),
    ("preset type", RulesError, "rules.preset_type", lambda _: RuleSet.from_dict({"preset": 3})),
    ("overrides type", RulesError, "rules.overrides_type",
     lambda _: RuleSet.from_dict({"yak_overrides": [1]})),
    # rules files
    ("file value", RulesError, "rules.file", lambda tmp: rules_file(tmp, '{"ante": -5}')),
    ("file missing", RulesError, "rules.no_file", lambda tmp: RuleSet.load(tmp / "none.json")),
    ("file is a folder", RulesError, "rules.not_a_file", lambda tmp: RuleSet.load(tmp)),
    ("file not JSON", RulesError, "rules.not_json", lambda tmp: rules_file(tmp, '{"ante": ')),
    ("file not UTF-8", RulesError, "rules.not_json", lambda tmp: rules_file(tmp, b"\xff{}")),
    ("file too large", RulesError, "rules.too_large",
     lambda tmp: rules_file(tmp, " " * (MAX_RULES_BYTES + 1))),
    ("file name", RulesError, "rules.unreadable", lambda tmp: RuleSet.load(str(tmp) + "/a\0b")),
    # shanten and acceptance
    ("counts type", ImpossibleHandError, "hand.counts_type", lambda _: shanten(None)),
    ("counts length", ImpossibleHandError, "hand.counts_length", lambda _: shanten([0] * 24)),
    ("five copies", ImpossibleHandError, "hand.copies_range",
     lambda _: shanten([5] + [0] * 24)),
    ("fifteen tiles", ImpossibleHandError, "hand.too_many_tiles",
     lambda _: shanten(counts("111122223333444m"))),
    ("melds", ImpossibleHandError, "hand.meld_count",
     lambda _: shanten(counts("123m456m789m11p23p"), 7)),
    ("size", ImpossibleHandError, "hand.size", lambda _: shanten(counts("123m456m789m11p23p"), 1)),
    ("seven pairs", ImpossibleHandError, "hand.seven_pairs_size",
     lambda _: shanten_seven_pairs(counts("1122m3344p5566z"))),
    ("waits", ImpossibleHandError, "hand.waits_size", lambda _: waits(counts("123m456m789m11p234p"))),
    ("visible length", ImpossibleHandError, "hand.visible_length",
     lambda _: acceptance13(counts("123m456m789m11p23p"), 0, [0] * 3)),
    ("visible copies", ImpossibleHandError, "hand.visible_copies",
     lambda _: acceptance13(counts("123m456m789m11p23p"), 0, [4] + [0] * 24)),
    ("acceptance13 size", ImpossibleHandError, "hand.acceptance13_size",
     lambda _: acceptance13(counts("123m456m789m11p234p"))),
    ("acceptance size", ImpossibleHandError, "hand.acceptance_size",
     lambda _: acceptance(counts("123m456m789m11p23p"))),
    # a win the scorer is asked about
    ("not a kind", ImpossibleHandError, "hand.not_a_kind",
     lambda _: evaluate_win(WinContext(concealed=(99,), win_tile=0), RuleSet())),
    ("flower", ImpossibleHandError, "hand.flower_in_hand", lambda _: win("123m456m789p11z1f", "1m")),
    ("win flower", ImpossibleHandError, "hand.win_tile_flower",
     lambda _: win("234m456m345p22p678p", "2f")),
    ("win not a tile", ImpossibleHandError, "hand.win_tile_not_a_tile",
     lambda _: evaluate_win(WinContext(concealed=(0,), win_tile="8p"), RuleSet())),  # type: ignore[arg-type]
    ("win not held", ImpossibleHandError, "hand.win_tile_not_held",
     lambda _: win("234m456m345p22p678p", "9p")),
    ("five melds", ImpossibleHandError, "hand.too_many_melds",
     lambda _: win("1m", "1m", melds=(Meld(PUNG, 9, from_seat=3),) * 5)),
    ("win size", ImpossibleHandError, "hand.win_size", lambda _: win("123m", "1m")),
    ("win size melds", ImpossibleHandError, "hand.win_size",
     lambda _: win("123m", "1m", melds=(Meld(PUNG, 9, from_seat=3),))),
    ("copies", ImpossibleHandError, "hand.too_many_copies",
     lambda _: win("11m456m345p222p", "1m", melds=(Meld(PUNG, 0, from_seat=3),))),
    ("seat", ImpossibleHandError, "hand.not_a_seat", lambda _: win("234m456m345p22p678p", "8p",
                                                                   seat=7)),
    ("own discard", ImpossibleHandError, "hand.own_discard",
     lambda _: win("234m456m345p22p678p", "8p", self_draw=False, seat=1, discarder=1)),
    ("flowers", ImpossibleHandError, "hand.flowers_range",
     lambda _: win("234m456m345p22p678p", "8p", flowers=5)),
    ("flowers float", ImpossibleHandError, "hand.flowers_value",
     lambda _: win("234m456m345p22p678p", "8p", flowers=4.5)),
    ("self-draw discarder", ImpossibleHandError, "hand.self_draw_discarder",
     lambda _: win("234m456m345p22p678p", "8p", discarder=2)),
    ("robbing", ImpossibleHandError, "hand.robbing_self_draw",
     lambda _: win("234m456m345p22p678p", "8p", robbing_kong=True)),
    ("win on kong", ImpossibleHandError, "hand.kong_not_self_draw",
     lambda _: win("234m456m345p22p678p", "8p", win_on_kong=True, self_draw=False, discarder=2)),
    ("uper claimed", ImpossibleHandError, "hand.uper_claimed",
     lambda _: win("234m456m345p22p", "2p", uper=True,
                   melds=(Meld(PUNG, 16, from_seat=3),))),
    ("payments", ImpossibleHandError, "score.no_discarder", discard_payment_without_discarder),
    # uper
    ("uper flower", ImpossibleHandError, "hand.not_playing_tile",
     lambda _: uper_verdict(parse_tiles("123m456m789p11z1f"), wall_left=30, rules=RuleSet())),
    ("uper size", ImpossibleHandError, "hand.waiting_size",
     lambda _: uper_verdict(parse_tiles("123m456m789p11z"), wall_left=30, rules=RuleSet())),
    ("uper copies", ImpossibleHandError, "hand.copies",
     lambda _: uper_verdict(parse_tiles("1111m456m789p"), (Meld(PUNG, 0, from_seat=3),),
                            wall_left=30, rules=RuleSet())),
    # logs
    ("log missing", ReplayError, "replay.unreadable", lambda tmp: load_log(tmp / "none.jsonl")),
    ("log not JSON", ReplayError, "replay.not_json",
     lambda tmp: load_log(write_log(tmp, ["{oops"]))),
    ("log not a line", ReplayError, "replay.not_a_line", lambda tmp: load_log(write_log(tmp, ["[1]"]))),
    ("log no header", ReplayError, "replay.no_header",
     lambda tmp: load_log(write_log(tmp, ['{"type": "event"}']))),
    ("log line type", ReplayError, "replay.line_type",
     lambda tmp: load_log(write_log(tmp, _log_lines()[:1] + ['{"type": "chat"}']))),
    ("log empty", ReplayError, "replay.empty", lambda tmp: load_log(write_log(tmp, [""]))),
    ("log header", ReplayError, "replay.bad_header", damaged(_bad_header_rules)),
    ("log seat", ReplayError, "replay.line", damaged(_other_seat)),
    ("log event", ReplayError, "replay.event_differs", damaged(_edited_dice)),
    ("log hand", ReplayError, "replay.hand_number", damaged(_hand_number)),
    ("log no event", ReplayError, "replay.no_event", damaged(_event_without_event)),
    ("log cut", ReplayError, "replay.hand_unfinished", damaged(_cut_hand)),
    ("log extra", ReplayError, "replay.no_such_event", damaged(_no_session_end)),
]


#: words of a template that are code, not English: JSON, function names
CODE_WORDS = {"true", "false", "null", "json", "preset", "acceptance"}


def _words(template: str) -> set[str]:
    """The English words of a template: placeholders, quoted names ('type'), identifiers
    (score_cap, acceptance13, flowers=N) and `CODE_WORDS` left out."""
    text = re.sub(r"\{[^}]*\}|'[^']*'|\S*[_=0-9]\S*", " ", template)
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)} - CODE_WORDS


@pytest.mark.parametrize(("error", "code", "make"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_an_input_error_carries_its_message(tmp_path, error, code, make):
    with pytest.raises(MahjongError) as info:
        make(tmp_path)
    e = info.value
    assert type(e) is error
    assert e.message is not None and e.message.code == code
    assert message_of(e) is e.message
    assert str(e) == str(e.message)
    ko = render(e.message, "ko")
    assert ko != str(e) and HANGUL.search(ko), ko
    # the template's own words are translated (arguments may be English: paths, rule names)
    args = _words(" ".join(str(v) for _, v in e.message.args))
    leftover = _words(e.message.kind.english) & _words(ko) - args
    assert not leftover, (ko, leftover)


def test_the_old_english_is_kept():
    with pytest.raises(RulesError) as info:
        RuleSet(ante=-1)
    assert str(info.value) == "ante must be a whole number 0-10000, got -1"
    with pytest.raises(ImpossibleHandError) as info:
        win("123m", "1m")
    assert str(info.value) == ("a winning hand with no melds has 14 concealed tiles including the "
                               "winning tile, got 3 (123m)")
    with pytest.raises(ImpossibleHandError) as info:
        win("123m", "1m", melds=(Meld(PUNG, 9, from_seat=3),) * 2)
    assert str(info.value).startswith("a winning hand with 2 melds has 8 concealed tiles")


def test_nested_reasons_are_messages_too(tmp_path):
    """A rules file's bad value, a log's bad header and a refused action keep the inner
    error's message, so the Korean is Korean all through."""
    with pytest.raises(RulesError) as info:
        rules_file(tmp_path, '{"several_winners": "most"}')
    assert info.value.message["why"].code == "rules.choice"
    with pytest.raises(ReplayError) as info:
        damaged(_bad_header_rules)(tmp_path)
    assert info.value.message["why"].code == "rules.range"
    with pytest.raises(ReplayError) as info:
        damaged(_other_seat)(tmp_path)
    why = info.value.message["why"]
    assert why.code == "error.illegal" and why["why"].code == "table.not_your_turn"
    assert "차례" not in render(why, "en")
    assert "할 수 없는 행동" in render(info.value.message, "ko")


def test_the_command_line_says_a_bad_rules_file_in_korean(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    bad = tmp_path / "rules.json"
    bad.write_text('{"ante": -5}', encoding="utf-8")
    assert main(["simulate", "--hands", "1", "--rules", str(bad), "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert f"규칙 파일 {bad}: ante는 0-10000 사이의 정수여야 합니다 (받은 값: -5)" in err
    assert "must be" not in err


def test_the_command_line_says_an_impossible_hand_and_a_bad_ante_in_korean(tmp_path, monkeypatch,
                                                                          capsys):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    assert main(["score", "234m456m345p22p678p", "--win", "8p", "--ante", "-3", "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert "--ante: ante는 0-10000 사이의 정수여야 합니다 (받은 값: -3)" in err
    assert main(["score", "234m456m345p22p678p", "--win", "8p", "--pung", "1m", "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert "화료한 손패(몸통 1개)는 화료패를 포함해 11장이어야 합니다" in err, err
