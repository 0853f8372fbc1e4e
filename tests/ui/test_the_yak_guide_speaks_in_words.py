"""The yak guide's examples in words, not tile notation (issue 32, "Words"): no entry's text and
no example's caption says "4m" or "9p" in English or Korean; the caption names the winning tile
as the player names tiles ("4 characters", "4만"), and in notation only when the player asked."""

from __future__ import annotations

import re

import pygame
import pytest

from game.engine.tiles import parse_tile
from game.i18n import render
from game.practice.yak_guide import guide
from game.settings import CONFIG_ENV, Settings
from game.ui.app import App

NOTATION = re.compile(r"\d[mpzf]\b")


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_entry_text_uses_tile_notation(lang):
    said = {e.key: render(e.about, lang) for e in guide()}
    assert not {k: t for k, t in said.items() if NOTATION.search(t)}
    assert "4 of characters" in said["korean_dora"] or "4만" in said["korean_dora"]


@pytest.mark.parametrize("lang, notation", [("en", False), ("ko", False), ("en", True)])
def test_each_examples_caption_names_the_winning_tile(lang, notation):
    pygame.init()
    app = App(Settings(language=lang, sound=False, tile_notation=notation), size=(1280, 800))
    try:
        s = app.push("yak_guide")
        for i, e in enumerate(s.entries):
            s.select(i)
            caption = s._situation()
            assert app.tile_name(parse_tile(e.example.win)) in caption, caption
            assert bool(NOTATION.search(caption)) == notation, caption
        app.step([], 1 / 30)  # and it draws
    finally:
        app.close()
