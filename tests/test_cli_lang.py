"""The command line speaks the player's language: ``--lang``, else the saved settings', else the
locale's; messages and texts from the catalogues, tiles in notation; ``--json`` unchanged plus
each reason as a message object."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.i18n import languages
from game.settings import CONFIG_ENV

ROOT = Path(__file__).resolve().parent.parent
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")

CHICKEN = ["score", "123m456m789p11z", "--pung", "7z", "--win", "9p", "--from", "N"]
SEVEN_PAIRS = ["score", "1122m3344p5566z77z", "--win", "7z", "--preset", "삼식이"]
CRASHING_SEAT = '''
class Crash:
    name = "crash"
    def __init__(self, *args, **kwargs): pass
    def act(self, decision): raise KeyError("boom")
'''


@pytest.fixture(autouse=True)
def _english_locale_and_own_settings(tmp_path, monkeypatch):
    """No saved settings of the user's; the locale says English unless a test says otherwise."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


@pytest.fixture(scope="module")
def log_file(tmp_path_factory):
    """A short session log every replay row reads."""
    path = tmp_path_factory.mktemp("log") / "s.jsonl"
    assert main(["simulate", "--hands", "2", "--seed", "3", "--log", str(path), "--lang", "en"]) == 0
    return path


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# (argv, exit status, English fragments, Korean fragments); {log} is the session log. Each
# fragment is looked for in stdout + stderr; the other language's fragments must be absent.
TABLE = [
    # score: yak names, the verdict with its reason (a message), payments, totals
    (CHICKEN, 0,
     ["삼원패 / Dragon pung", "valid: no (chicken hand: only Dragon pung (1 point)",
      "payments: E 0", "basic 1  bonus 1  ante 10  total 0", "wins on 9p by discard from N"],
     ["  삼원패", "성립: 아니요 (점수 부족", "지불: E 0", "최종 0", "화료패 9p, N에게서 쏘아"]),
    (SEVEN_PAIRS, 0, ["칠대자 / Seven pairs", "valid: yes", "E +"], ["칠대자", "성립: 예", "E +"]),
    # shanten: waits, and every discard of 14 tiles
    (["shanten", "123m456p789p11m22z"], 0,
     ["ready, waits 1m:1 4m:4 2z:2 (7 unseen)"], ["대기, 대기패 1m:1 4m:4 2z:2 (안 보인 패 7장)"]),
    (["shanten", "123m456p789p11m22z7z"], 0,
     ["shanten 0 (ready)", "discard 7z -> shanten 0; accepts"],
     ["대기까지 0장 (대기)", "7z 버림 -> 대기까지 0장; 유효패"]),
    (["shanten", "22m456p77z"], 0, ["(+2 melds)"], ["(+몸통 2개 선언)"]),
    # simulate: the summary and its table's headings
    (["simulate", "--hands", "3", "--seed", "1"], 0,
     ["3 hands, seed 1", "endings: exhaustive", "player", "deal-in"],
     ["3판, 시드 1", "판 끝: 유국(패산 소진)", "플레이어", "방총"]),
    (["simulate", "--duplicate", "--hands", "4", "--seats", "ai:standard,greedy,random,random"], 0,
     ["duplicate play: 1 walls x 4 rotations", "points/hand", "95% CI", "ai:standard - greedy:",
      "(includes zero)"],
     ["중복 대국: 패산 1개", "판당 점수", "95% 신뢰구간", "ai:standard - greedy:", "(0을 포함)"]),
    # replay: the check and the transcript
    (["replay", "{log}", "--check"], 0, ["ok: ", "2 hands replayed, every event identical"],
     ["확인: ", "2판을 다시 두었고"]),
    (["replay", "{log}", "--text", "--actions"], 0,
     ["Session start: seed 3", "Hand 1:", "The wall is built (104 tiles)", "chooses", "Hand ends:"],
     ["대국 시작: 시드 3", "1국:", "패산을 쌓음 (104장)", "선택:", "판 끝:"]),
    # the command line's own refusals, in words
    (["score", "234m456m345p22p678p", "--win", "9p"], 2,
     ["korean-mahjong score: error: --win 9p is not in HAND"],
     ["korean-mahjong score: 오류: --win 9p: HAND 234m456m345p22p678p에 없는 패입니다"]),
    (["score", "234m456m22p678p", "--win", "8p", "--pung", "56p"], 2,
     ["is not one tile for --pung"], ["--pung에는 패 하나를 적습니다"]),
    (["shanten", "11111m22z"], 2,
     ["error: '11111m22z' holds 5 copies of 1m: there are only four"],
     ["오류: '11111m22z'에 1m 5장이 있습니다"]),
    (["simulate", "--hands", "0"], 2, ["--hands must be 1-"], ["--hands는 1-"]),
    (["replay", "no-such-record.jsonl", "--text"], 2,
     ["no-such-record.jsonl: no such file"], ["no-such-record.jsonl: 파일이 없습니다"]),
]


def _argv(argv: list[str], log: Path) -> list[str]:
    return [str(log) if a == "{log}" else a for a in argv]


@pytest.mark.parametrize("argv, status, english, korean", TABLE,
                         ids=lambda v: " ".join(v[:2]) if isinstance(v, list) and v and
                         v[0] in ("score", "shanten", "simulate", "replay") else None)
def test_the_same_input_in_english_and_korean(capsys, log_file, argv, status, english, korean):
    argv = _argv(argv, log_file)
    code, out, err = run(capsys, [*argv, "--lang", "en"])
    en = out + err
    assert code == status, en
    for fragment in english:
        assert fragment in en, (fragment, en)
    code, out, err = run(capsys, [*argv, "--lang", "ko"])
    ko = out + err
    assert code == status, ko
    for fragment in korean:
        assert fragment in ko, (fragment, ko)
    for fragment in english:  # no English sentence is left (names and notation may be)
        if fragment.isascii() and fragment not in korean:
            assert fragment not in ko, (fragment, ko)


def test_play_refuses_in_the_players_language(tmp_path, capsys):
    shots = tmp_path / "a-file"
    shots.write_text("x")
    argv = ["play", "--autoplay", "--screenshots", str(shots)]
    assert run(capsys, [*argv, "--lang", "en"])[2].startswith(
        "korean-mahjong play: error: --screenshots ")
    code, _, err = run(capsys, [*argv, "--lang", "ko"])
    assert code == 2 and err.startswith("korean-mahjong play: 오류: --screenshots ")
    assert "폴더가 아니라 파일입니다" in err


def test_guard_incidents_are_printed_in_words(tmp_path, monkeypatch, capsys):
    (tmp_path / "crash_seat_mod.py").write_text(CRASHING_SEAT)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    argv = ["simulate", "--hands", "2", "--seats", "python:crash_seat_mod:Crash,random,random,random"]
    code, out, err = run(capsys, [*argv, "--lang", "ko"])
    assert code == 0 and "문제: crash: 오류로 멈춤 (KeyError: 'boom')" in out
    assert "replaced" not in out + err  # the guard's English log line is not printed
    code, out, _ = run(capsys, [*argv, "--lang", "en"])
    assert "incident: crash crashed (KeyError: 'boom'); replaced by ai:standard" in out
    code, out, _ = run(capsys, [*argv, "--json", "--lang", "ko"])
    (incident,) = json.loads(out)["incidents"]
    assert incident["code"] == "ai.guard.replaced" and incident["args"]["why"]["code"] == "ai.guard.crashed"


# ---------------------------------------------------------------- English as it was

def test_the_english_transcript_is_the_records_transcript(log_file, capsys):
    from game.practice.record_text import transcript
    from game.records import load_record

    rec = load_record(log_file)
    assert main(["replay", str(log_file), "--text", "--actions", "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines() == transcript(rec, actions=True)


def test_the_english_duplicate_report_reads_as_before():
    from ai.arena import run_duplicate
    from game.cli.simulate import format_report

    res = run_duplicate(["ai:standard", "greedy", "random", "random"], 2, 5)
    lines = format_report(res, "greedy", "en").splitlines()
    assert lines[0].startswith("duplicate play: 2 walls x 4 rotations = 8 hands, seed 5, seats "
                               "ai:standard, greedy, random, random (")
    assert lines[1].split() == ["seat", "points/hand", "95%", "CI", "win%", "basic/win",
                                "deal-in%", "uper%", "win%|uper", "claim%", "fold%", "draws%",
                                "p50", "ms", "p99", "ms"]
    # each row's figures are the arena's own, in the header's order
    st = res.stats["ai:standard"]
    row = lines[2].split()
    assert float(row[5]) == pytest.approx(st.win_basic / st.wins if st.wins else 0.0, abs=0.005)
    assert float(row[9]) == pytest.approx(st.pct(st.claims, st.hands), abs=0.05)
    assert float(row[10]) == pytest.approx(st.pct(st.safe_after_uper, st.after_uper), abs=0.05)
    assert [ln.split()[0] for ln in lines[2:5]] == ["ai:standard", "greedy", "random"]
    assert lines[4].split()[1] == "x2"
    assert lines[5].startswith("ai:standard - greedy: ") and "deal-in rate" in lines[5]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_duplicate_report_column_label_fits_its_column(lang):
    from game.cli.simulate import ARENA_COLUMNS
    from game.cli.words import say, width

    for key, w in ARENA_COLUMNS:
        label = say(f"cli.arena.col.{key}", lang)
        assert width(label) < w, f"{lang} {key}: {label!r} runs into the column before it"


# ---------------------------------------------------------------- --json: same, plus messages

@pytest.mark.parametrize("lang", ["en", "ko"])
def test_json_is_the_same_in_every_language_and_carries_the_code(capsys, lang):
    code, out, _ = run(capsys, [*CHICKEN, "--json", "--lang", lang])
    data = json.loads(out)
    assert code == 0 and data["valid"] is False
    assert data["reason"].startswith("chicken hand: only dragon pung")  # the English, as before
    assert data["reason_message"]["code"] == "win.chicken"
    assert data["reason_message"]["text"] == data["reason"]
    assert data["reason_message"]["args"]["basic"]["code"] == "basic.only"
    valid = json.loads(run(capsys, [*SEVEN_PAIRS, "--json", "--lang", lang])[1])
    assert valid["reason"] == "" and valid["reason_message"] is None


def test_shanten_json_errors_carry_the_message(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("11111m22z\n123m\n"))
    code, out, _ = run(capsys, ["shanten", "-", "--json", "--lang", "ko"])
    first, second = (json.loads(x) for x in out.splitlines())
    assert code == 2 and first["error"] == "'11111m22z' holds 5 copies of 1m: there are only four"
    assert first["error_message"]["code"] == "cli.shanten.copies"
    assert first["error_message"]["args"] == {"hand": "11111m22z", "n": 5, "tile": 0}
    assert second["error_message"] == {"code": "cli.shanten.size", "args": {"hand": "123m", "n": 3},
                                       "text": second["error"]}
    monkeypatch.setattr(sys, "stdin", io.StringIO("123x\n"))  # the engine's notation error
    code, out, _ = run(capsys, ["shanten", "-", "--json", "--lang", "ko"])
    third = json.loads(out)
    assert "bad tile notation" in third["error"]
    assert third["error_message"]["code"] == "notation.error"
    assert third["error_message"]["text"] == third["error"]


# ---------------------------------------------------------------- which language by default

def _settings(tmp_path: Path, content: str) -> None:
    cfg = Path(os.environ[CONFIG_ENV])
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.json").write_text(content, encoding="utf-8")


@pytest.mark.parametrize("locale, settings, lang_option, korean", [
    ("ko_KR.UTF-8", None, None, True),            # the locale, no settings file
    ("C.UTF-8", None, None, False),
    ("C.UTF-8", '{"language": "ko"}', None, True),  # the saved language wins over the locale
    ("ko_KR.UTF-8", '{"language": "en"}', None, False),
    ("ko_KR.UTF-8", '{"language": "en"}', "ko", True),  # --lang wins over both
    ("C.UTF-8", '{"language": "ko"}', "en", False),
    ("ko_KR.UTF-8", "{ not json", None, True),     # a damaged file: the locale, and no stop
    ("C.UTF-8", "{ not json", None, False),
    ("ko_KR.UTF-8", '{"language": "xx"}', None, True),  # an unknown saved language: the locale
    ("ko_KR.UTF-8", "[1, 2]", None, True),
])
def test_the_default_language(tmp_path, monkeypatch, capsys, locale, settings, lang_option, korean):
    monkeypatch.setenv("LC_ALL", locale)
    if settings is not None:
        _settings(tmp_path, settings)
    argv = [*SEVEN_PAIRS] + (["--lang", lang_option] if lang_option else [])
    code, out, err = run(capsys, argv)
    assert code == 0 and err == ""
    assert ("성립: 예" in out) is korean and ("valid: yes" in out) is not korean


def test_the_locale_decides_in_a_fresh_process(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    env.update(LC_ALL="ko_KR.UTF-8", PYTHONIOENCODING="utf-8", **{CONFIG_ENV: str(tmp_path / "c")})
    p = subprocess.run([sys.executable, "-m", "game", *CHICKEN], capture_output=True, text=True,
                       encoding="utf-8", env=env, cwd=ROOT, timeout=60, check=False)
    assert p.returncode == 0 and "점수 부족" in p.stdout and "삼원패" in p.stdout, p.stderr


def test_lang_choices_are_the_languages_with_catalogues(capsys):
    assert set(languages()) >= {"en", "ko"}
    with pytest.raises(SystemExit) as e:
        main([*SEVEN_PAIRS, "--lang", "xx"])
    assert e.value.code == 2 and "invalid choice: 'xx'" in capsys.readouterr().err
    for command in ("play", "score", "shanten", "simulate", "replay"):
        from game.cli import build_parser

        parser = build_parser()
        sub = next(a for a in parser._actions if a.dest == "command").choices[command]
        lang = next(a for a in sub._actions if a.dest == "lang")
        assert tuple(lang.choices) == languages(), command
