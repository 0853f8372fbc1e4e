"""A language is its catalogues: the settings offer every language that has them, name it from
its own catalogue, and no screen takes English for "the other language"; the templates a
translator starts from (game/i18n/locale/<domain>.pot) are current (issue 31).

The scratch language ``xx`` below is a copy of the Korean catalogues in a temporary folder: the
game finds it with no code changed.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from game import i18n
from game.engine.rules import RuleSet
from game.i18n import DOMAINS

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules["i18n_tool"] = tool
_spec.loader.exec_module(tool)


@pytest.fixture(scope="module")
def sources():
    return tool.collect()


@pytest.fixture
def with_xx(tmp_path, monkeypatch):
    """The shipped catalogues and one more language, ``xx`` (a copy of Korean)."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    shutil.copytree(locale / "ko", locale / "xx")
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    # the settings list the languages when the game starts (the catalogue is there by then)
    monkeypatch.setattr("game.settings.LANGUAGES", ("en", "ko", "xx"))
    i18n.translation.cache_clear()
    yield locale
    i18n.translation.cache_clear()


def test_the_game_finds_a_new_language_by_its_catalogues(with_xx, sources):
    assert i18n.languages() == ("en", "ko", "xx")
    assert tool.problems("xx", sources) == []  # complete: the check has nothing to say


def test_the_language_row_offers_every_language_named_by_its_own_catalogue(with_xx):
    from game.settings import Settings
    from game.ui.scenes.settings import display_rows

    row = next(r for r in display_rows() if r.label("en") == "Language")
    s = Settings()
    assert row.values(s) == ["en", "ko", "xx"]
    # the languages that have a value.<lang> text keep it; a new one reads its own language.self
    assert [row.show(v, "en") for v in row.values(s)] == ["English", "한국어 (Korean)", "한국어"]
    assert row.step(row.step(s, 1), 1).language == "xx"


def test_a_yak_is_named_in_the_players_language_beside_the_games_own_terms(with_xx):
    from game.ui.scenes.rules import rule_lines

    yak_rows = [left for kind, left, _ in rule_lines(RuleSet(), "xx") if kind == "y"]
    name = i18n.yak_name("seven_pairs", "xx")
    assert f"{name} · {i18n.yak_name('seven_pairs', 'ko')}" in yak_rows
    english = [left for kind, left, _ in rule_lines(RuleSet(), "en") if kind == "y"]
    assert "Seven pairs · 칠대자" in english  # unchanged for the shipped languages
    korean = [left for kind, left, _ in rule_lines(RuleSet(), "ko") if kind == "y"]
    assert "칠대자 (Seven pairs)" in korean


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_committed_template_is_current(domain, sources):
    assert tool.pot_is_current(domain, sources), "run python tools/i18n.py pot"
    text = tool.pot_path(domain).read_text(encoding="utf-8")
    assert 'msgstr "' in text and "POT-Creation-Date" in text


def test_the_template_holds_every_text_of_its_catalogue_untranslated(sources):
    from babel.messages.pofile import read_po

    with tool.pot_path("ui").open("rb") as f:
        pot = read_po(f)
    have = {m.context: m for m in pot if m.id}
    want = {s.context for s in sources if s.domain == "ui"}
    assert set(have) == want
    assert not any(m.string if isinstance(m.string, str) else any(m.string)
                   for m in have.values())
