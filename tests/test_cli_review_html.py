"""``korean-mahjong review FILE --html OUT`` writes the review as one standalone page (issue 33):
inline style, the timeline and the bars as inline SVG, the boards as PNG data URIs, nothing
fetched, every word from the catalogues in ``--lang``, and everything from the record escaped:
a player named ``<script>`` is text on the page, never markup."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.i18n import text
from game.settings import CONFIG_ENV

sys.path.insert(0, str(Path(__file__).resolve().parent / "practice"))
from test_game_review import deal_in, play

FAST = ["--playouts", "16", "--jobs", "1"]
HOSTILE = '<script>alert("x")</script>'


@pytest.fixture(autouse=True)
def _own_settings(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # the command sets it: restored after


@pytest.fixture
def hostile(tmp_path):
    """A 2-hand record with a deal-in blunder in hand 1; players 1 and 2 have hostile names."""
    path, made = play(tmp_path, 6, deal_in, hands=2)
    assert made is not None
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["players"][0] = "<b>me</b>"
    header["players"][1] = HOSTILE
    lines[0] = json.dumps(header).encode()
    path.write_bytes(b"\n".join(lines))
    return path


def run(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_page_is_standalone_escaped_and_in_the_language(hostile, tmp_path, capsys, lang):
    out_path = tmp_path / "review.html"
    code, _, err = run(capsys, ["review", str(hostile), "--lang", lang, "--html",
                                  str(out_path), *FAST])
    assert code == 0, err
    page = out_path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and f'<html lang="{lang}">' in page
    assert "<script" not in page.lower()  # the hostile name is text
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert "<b>" not in page and "&lt;b&gt;me&lt;/b&gt;" not in page  # he is "you" here
    assert 'src="http' not in page and "<link" not in page  # nothing fetched
    assert "src:url(data:font/otf;base64," in page  # Korean reads without a Korean font
    assert re.search(r'<img src="data:image/png;base64,[A-Za-z0-9+/=]{1000,}"', page)
    assert page.count("<svg") >= 2  # the timeline and a decision's bars
    for key in ("review.timeline_head", "review.html_decisions", "review.summary_head"):
        assert text(key, lang) in page
    assert 'href="#d1"' in page and 'id="d1"' in page  # the timeline jumps to the decisions


def test_another_seat_is_named_on_the_page(hostile, tmp_path, capsys):
    out_path = tmp_path / "review.html"
    code, _, err = run(capsys, ["review", str(hostile), "--seat", "2", "--lang", "en",
                                "--html", str(out_path), *FAST])
    assert code == 0, err
    page = out_path.read_text(encoding="utf-8")
    assert "<script" not in page.lower()
    assert "<title>Review of &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#x27;s game" \
        "</title>" in page
