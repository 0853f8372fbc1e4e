"""The coach's words, the danger assist and the live coach (issue 32) never write over another text
at 1024x640, the smallest window, in either language: the table's hint in the right-hand column
gives way to the coach's lines above a prompt (a whole sentence or none), the danger reasons and
the lines above the hand stand clear of every text."""

from __future__ import annotations

import pytest
import rigged_table
from test_text_overlap import off_screen, overlaps, record_top, words  # noqa: F401 - the fixture
from test_the_coach_says_why_uper_is_refused import CHEAP, table_at
from test_the_danger_assist_shades_the_hand_against_an_uper_player import (
    _tile_rect,
    after_wests_uper,
)
from test_the_live_coach_line_follows_each_decision_at_the_table import _throw_and_hear, first_turn

from game.engine.tiles import parse_tile

app = rigged_table.app  # the fixture: a quiet 1024x640 window
T = parse_tile


def _problems(app, words) -> list[str]:  # noqa: F811
    rec = record_top(app, words)
    return overlaps(rec.texts) + off_screen(rec.texts, app.canvas.get_size())


def _lang(app, lang):
    app.apply_settings(app.settings.replace(language=lang), save=False)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_refused_upers_coach_lines_and_the_tables_hint(app, monkeypatch, words, lang):  # noqa: F811
    _lang(app, lang)
    sc = table_at(app, monkeypatch, CHEAP)
    assert sc.prompt_head()[0]  # the coach speaks beside the refused uper button
    assert _problems(app, words) == []


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_danger_assist_with_a_tiles_reasons_shown(app, monkeypatch, words, lang):  # noqa: F811
    _lang(app, lang)
    app.apply_settings(app.settings.replace(assist_danger=True), save=False)
    sc = after_wests_uper(app, monkeypatch)
    sc.table_coach.hover_at = _tile_rect(sc, T("1p")).center
    assert _problems(app, words) == []
    assert sc.table_coach.shown["reasons"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_live_coachs_line(app, monkeypatch, words, lang):  # noqa: F811
    _lang(app, lang)
    app.apply_settings(app.settings.replace(live_coach=True), save=False)
    sc = first_turn(app, monkeypatch)
    _, line = _throw_and_hear(app, sc, T("3m"))
    assert line
    assert _problems(app, words) == []
