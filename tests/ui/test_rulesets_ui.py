"""Named house-rule sets driven through the real app, headless: save from the settings screen with
typed characters, load, delete, import, export; pick the set in New game and play with it."""

import json

import pygame
import pytest

from game import rulesets
from game.engine.rules import RuleSet
from game.settings import load_settings
from game.ui.scenes.settings import SettingsScene, rules_summary


@pytest.fixture
def app(tmp_path, monkeypatch, make_app):
    monkeypatch.setenv(rulesets.DOCUMENTS_ENV, str(tmp_path / "docs"))
    (tmp_path / "docs").mkdir()
    return make_app((1280, 800))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def typed(text):
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text]


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def action(scene, name):
    g = scene.geometry()
    return scene.action_buttons(g)[("save_as", "load", "delete", "export", "import").index(name)]


def save_as(app, s, name):
    app.step([click(action(s, "save_as").rect.center)], 0.016)
    assert app.top.name == "text_entry"
    app.step([*typed(name), key(pygame.K_RETURN)], 0.016)


def test_save_a_set_with_typed_characters_and_play_it_in_new_game(app):
    app.push(SettingsScene(app))
    s = app.top
    app.step([key(pygame.K_LEFT)], 0.016)  # ante 10 -> 5
    assert s.draft.rules.ante == 5
    app.step([click(action(s, "save_as").rect.center)], 0.016)
    entry = app.top
    assert entry.name == "text_entry"
    app.step([*typed("금요 Clubx"), key(pygame.K_BACKSPACE)], 0.016)
    assert entry.text == "금요 Club"
    app.step([key(pygame.K_RETURN)], 0.016)
    assert app.top is s
    assert rulesets.load_set("금요 club") == s.draft.rules
    assert "금요 Club" in s.status
    app.step([], 0.016)
    assert s.summary_line("en") == '"금요 Club": Nagari + Ante 5'
    app.step([key(pygame.K_ESCAPE)], 0.016)  # leave without saving the settings

    app.push("new_game")
    ng = app.top
    i = [o.key for o in ng.options].index("house_rules")
    ng.focus = i
    assert ng.label(ng.options[i]) == "Current settings"
    app.step([key(pygame.K_RIGHT)], 0.016)
    assert ng.value("house_rules") == "금요 Club"
    app.step([key(pygame.K_RETURN)], 0.016)
    table = app.top
    assert table.name == "table"
    assert table.rules == RuleSet(ante=5)
    assert app.settings.house_rules == "금요 Club"
    assert app.settings.rules == RuleSet()  # the settings' own rules are unchanged
    saved, _ = load_settings()
    assert saved.house_rules == "금요 Club"


def test_new_game_remembers_the_set_and_follows_its_preset_and_length(app):
    club = RuleSet(ante=3, preset="samsiki", session_mode="hands", session_hands=4)
    rulesets.save_set("Club", club)
    app.apply_settings(app.settings.replace(house_rules="Club"), save=False)
    app.push("new_game")
    ng = app.top
    assert ng.value("house_rules") == "Club"
    assert ng.value("preset") == "samsiki" and ng.value("length") == ("hands", 4)
    assert ng.rules() == club
    ng.focus = [o.key for o in ng.options].index("house_rules")
    app.step([key(pygame.K_LEFT)], 0.016)  # back to the current settings
    assert ng.value("preset") == "nagari" and ng.rules() == RuleSet()


def test_a_name_taken_asks_before_replacing(app):
    rulesets.save_set("Club", RuleSet(ante=1))
    app.push(SettingsScene(app))
    s = app.top
    save_as(app, s, "club")
    assert app.top.name == "confirm"
    app.step([key(pygame.K_RETURN)], 0.016)  # the focus starts on Cancel
    assert rulesets.load_set("Club") == RuleSet(ante=1)
    save_as(app, s, "club")
    app.step([key(pygame.K_LEFT), key(pygame.K_RETURN)], 0.016)
    assert rulesets.load_set("Club") == RuleSet()


def test_a_bad_name_is_said_in_the_dialog(app):
    app.push(SettingsScene(app))
    s = app.top
    save_as(app, s, "   ")
    assert app.top.name == "text_entry" and "1-40" in app.top.error
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert app.top is s and rulesets.list_sets() == []


def test_load_lists_sets_and_a_damaged_one_cannot_be_picked(app, tmp_path):
    rulesets.save_set("Club", RuleSet(ante=20))
    folder = rulesets.rules_dir()
    (folder / "aaa-broken.json").write_text('{"ante": "x"}', encoding="utf-8")
    app.push(SettingsScene(app))
    s = app.top
    app.step([click(action(s, "load").rect.center)], 0.016)
    pick = app.top
    assert pick.name == "pick"
    assert [c.enabled for c in pick.items] == [False, True]
    assert "ante" in pick.items[0].detail
    assert pick.focus == 1
    app.step([key(pygame.K_RETURN)], 0.016)
    assert app.top is s and s.draft.rules == RuleSet(ante=20)
    assert (folder / "aaa-broken.json").read_text(encoding="utf-8") == '{"ante": "x"}'


def test_delete_asks_then_deletes(app):
    rulesets.save_set("Club", RuleSet(ante=20))
    app.push(SettingsScene(app))
    s = app.top
    app.step([click(action(s, "delete").rect.center), key(pygame.K_RETURN)], 0.016)
    assert app.top.name == "confirm"
    app.step([key(pygame.K_LEFT), key(pygame.K_RETURN)], 0.016)
    assert app.top is s and rulesets.list_sets() == []


def test_export_and_import(app, tmp_path):
    rulesets.save_set("Club", RuleSet(ante=20))
    app.push(SettingsScene(app))
    s = app.top
    app.step([click(action(s, "export").rect.center), key(pygame.K_RETURN)], 0.016)
    out = tmp_path / "docs" / "club.json"
    assert out.exists() and str(out) in s.status
    # import the exported file from the Documents list: its name is taken, so "Club (2)"
    app.step([click(action(s, "import").rect.center)], 0.016)
    assert [c.label for c in app.top.items][1:] == ["club.json"]
    app.step([key(pygame.K_DOWN), key(pygame.K_RETURN)], 0.016)
    assert rulesets.load_set("Club (2)") == RuleSet(ante=20)
    # a typed path to a bad file: the dialog says why, as simulate --rules does
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"ante": -1}), encoding="utf-8")
    app.step([click(action(s, "import").rect.center), key(pygame.K_RETURN)], 0.016)
    entry = app.top
    assert entry.name == "text_entry"
    entry.text = ""
    app.step([*typed(str(bad)), key(pygame.K_RETURN)], 0.016)
    assert app.top is entry and "ante must be a whole number" in entry.error


def test_summary_in_korean():
    rules = RuleSet(ante=5, strict_table=True, yak_overrides=(("seven_pairs", 3),))
    text = rules_summary(rules, "ko")
    assert text.startswith("나가리 + ") and "1개" in text


def test_the_saved_line_gives_way_to_the_focused_rows_explanation(app):
    """"Saved the rules as ..." is news once: when the focus moves on, the footer explains the
    focused row again (it used to stay for good and hide every explanation)."""
    s = app.push(SettingsScene(app))
    save_as(app, s, "Thursday club")
    assert app.top is s
    app.step([], 0.016)
    assert s.shown_status() == 'Saved the rules as "Thursday club"'
    app.step([key(pygame.K_DOWN)], 0.016)
    assert s.shown_status() == ""
    about = s.rows[s.row].about
    assert about is not None and about("en")
