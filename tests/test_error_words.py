"""Bad tile notation is refused in the player's language (game/engine/error_words.py)."""

from __future__ import annotations

import re

import pytest

from game.cli import main
from game.engine.error_words import message_of
from game.engine.errors import NotationError
from game.engine.tiles import parse_tile, parse_tiles
from game.i18n import render

# (input, parser, the English reason's end, a Korean word the reason must carry)
BAD = [
    ("123s", parse_tiles, "this game has no bamboo suit", "삭수"),
    ("8z", parse_tiles, "is not a tile (honours are 1z-7z)", "자패는 1z-7z"),
    ("10m", parse_tiles, "is not a tile (characters are 1m-9m)", "만수는"),
    ("12", parse_tiles, "has no suit letter after its numbers", "무늬 글자가 없습니다"),
    ("m5p", parse_tiles, "has no numbers before it", "앞에 숫자가 없습니다"),
    ("12x", parse_tiles, "is not a suit (use m, p, z or f)", "무늬가 아닙니다"),
    ("!", parse_tiles, "is not a digit or a suit letter", "숫자도 무늬 글자도 아닙니다"),
    ("5p5z", parse_tile, "is 2 tiles, expected exactly one", "2장입니다"),
    ("", parse_tile, "is 0 tiles, expected exactly one", "0장입니다"),
    (7, parse_tiles, "is not a string", "문자열이 아닙니다"),
]


@pytest.mark.parametrize("text, parse, english, korean", BAD, ids=[repr(b[0]) for b in BAD])
def test_every_notation_error_has_its_message(text, parse, english, korean):
    with pytest.raises(NotationError) as info:
        parse(text)
    m = message_of(info.value)
    assert m is not None and str(m) == str(info.value) and str(m).endswith(english)
    ko = render(m, "ko")
    assert korean in ko and "잘못된 패 표기" in ko
    # no English words left: only the quoted input and notation stay Latin
    left = re.sub(r"'[^']*'|\b[1-9][mpzf]\b|[mpzf],|\b[mpzf]\b", "", ko)
    assert not re.search(r"[A-Za-z]{2,}", left), ko


def test_an_error_without_a_message_is_none():
    assert message_of(ValueError("x")) is None


def test_the_command_line_refuses_bad_notation_in_korean(capsys):
    assert main(["score", "123s", "--win", "1m", "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert "잘못된 패 표기 '123s'" in err and "삭수" in err
    assert main(["score", "123s", "--win", "1m", "--lang", "en"]) == 2
    assert "no bamboo suit" in capsys.readouterr().err


@pytest.mark.parametrize("seats, korean", [
    ("oracle,ai,ai,ai", "알 수 없는 자리 'oracle'"),
    ("human,ai,ai,ai", "사람 자리입니다"),
    ("cmd: ,ai,ai,ai", "명령이 필요합니다"),
])
def test_a_bad_seat_name_is_refused_in_korean(capsys, monkeypatch, tmp_path, seats, korean):
    from game.settings import CONFIG_ENV
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path))
    assert main(["simulate", "--hands", "1", "--seats", seats, "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert korean in err and "unknown" not in err and "needs" not in err
