"""The danger assist and the live coach (issue 32) are settings, off by default, saved with the
others, offered on the settings screen's Play page with a sentence that says what they do."""

from __future__ import annotations

import pytest

from game.settings import Settings, load_settings, save_settings
from game.ui.i18n import tr
from game.ui.scenes.settings import play_rows

NAMES = ("assist_danger", "live_coach")


def test_both_are_off_by_default():
    assert not Settings().assist_danger and not Settings().live_coach


def test_both_are_saved_and_read_back(tmp_path):
    s = Settings(assist_danger=True, live_coach=True)
    loaded, messages = load_settings(save_settings(s, tmp_path / "settings.json"))
    assert loaded == s and loaded.assist_danger and loaded.live_coach and messages == []


@pytest.mark.parametrize("name", NAMES)
def test_a_bad_value_falls_back_to_off_with_a_message(name):
    s, messages = Settings.from_dict({name: "yes"})
    assert getattr(s, name) is False
    assert [m.code for m in messages] == ["settings.load.bad_value"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_settings_screen_offers_each_with_its_words(name, lang):
    rows = {row.label(lang): row for row in play_rows()}
    label = tr(f"set.{name}", lang)
    assert label in rows and label != f"set.{name}"
    row = rows[label]
    s = Settings()
    assert row.get(s) is False and row.values(s) == [False, True]
    assert getattr(row.put(s, True), name) is True
    about = row.about(lang) if row.about else ""
    assert ("F8" if name == "assist_danger" else "F9") in about


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_tables_help_names_their_keys(lang):
    words = tr("table.help", lang)
    assert "F8" in words and "F9" in words
