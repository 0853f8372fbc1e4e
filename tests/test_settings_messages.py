"""A damaged settings file is explained in the player's language: `load_settings` returns
``settings.*`` messages (the ui catalogue), the command line prints them in its language, and
the desktop game shows them once in a notice over the title (a player who starts the game from
an icon never sees stderr). The damaged file is backed up and never changed."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from game.i18n import render
from game.settings import (
    CONFIG_ENV,
    Settings,
    SettingsError,
    SettingsSaveError,
    load_settings,
    save_settings,
)

HANGUL = re.compile("[가-힣]")


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    d = tmp_path / "cfg"
    d.mkdir()
    monkeypatch.setenv(CONFIG_ENV, str(d))
    return d


def _korean(m) -> str:
    ko = render(m, "ko")
    assert HANGUL.search(ko) and ko != str(m) and "{" not in ko, ko
    return ko


def test_a_file_that_is_not_json_is_backed_up_and_never_changed(cfg):
    p = cfg / "settings.json"
    p.write_bytes(b'{"volume": 0.5,')
    s, msgs = load_settings()
    assert s == Settings() and len(msgs) == 1
    m = msgs[0]
    assert m.code == "settings.file.bad" and m["why"].code == "settings.file.unusable"
    assert m["why"]["why"].code == "json.invalid" and m["kept"].code == "settings.kept.as"
    backups = sorted(cfg.glob("settings.json.bad-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == b'{"volume": 0.5,'
    assert m["kept"]["backup"] == str(backups[0])
    assert str(m).startswith(f"The settings file {p} cannot be used (not valid JSON")
    ko = _korean(m)
    assert str(backups[0]) in ko and "기본 설정" in ko
    # again: the same backup, the file as it was
    _, again = load_settings()
    assert again == msgs and sorted(cfg.glob("settings.json.bad-*")) == backups
    assert p.read_bytes() == b'{"volume": 0.5,'


@pytest.mark.parametrize("content, why", [
    ([1, 2], "settings.file.not_object"),
    ("\xff", "settings.file.unusable"),
])
def test_other_unusable_files(cfg, content, why):
    p = cfg / "settings.json"
    if isinstance(content, str):
        p.write_bytes(content.encode("latin-1"))
    else:
        p.write_text(json.dumps(content), encoding="utf-8")
    _, msgs = load_settings()
    assert [m.code for m in msgs] == ["settings.file.bad"] and msgs[0]["why"].code == why
    _korean(msgs[0])


def test_a_folder_in_place_of_the_file_is_left_as_it_is(cfg):
    (cfg / "settings.json").mkdir()
    _, msgs = load_settings()
    m = msgs[0]
    assert m["kept"].code == "settings.kept.left" and m["why"]["why"].code == "settings.file.not_regular"
    assert "폴더" in _korean(m)


@pytest.mark.parametrize("key, value, why", [
    ("volume", "loud", "settings.must.volume"),
    ("hints", 1, "settings.must.bool"),
    ("seats", 3, "settings.must.seats"),
    ("language", "fr", "settings.must.one_of"),
    ("animation_speed", "warp", "settings.must.speed"),
    ("ai_delay_ms", -1, "settings.must.whole"),
    ("window_size", [1, 2], "settings.must.window"),
])
def test_wrong_types_fall_back_with_a_message(cfg, key, value, why):
    (cfg / "settings.json").write_text(json.dumps({key: value}), encoding="utf-8")
    s, msgs = load_settings()
    assert getattr(s, key) == getattr(Settings(), key)
    assert [m.code for m in msgs] == ["settings.load.bad_value"]
    assert msgs[0]["why"].code == why and msgs[0]["key"] == key
    assert str(msgs[0]).startswith(f"setting {key}: must be ")
    assert f"설정 {key}:" in _korean(msgs[0])


def test_bad_rules_and_unknown_keys(cfg):
    (cfg / "settings.json").write_text(json.dumps({"rules": {"ante": -5, "bogus": 1}, "colour": "red"}),
                                       encoding="utf-8")
    s, msgs = load_settings()
    assert s.rules.ante == Settings().rules.ante
    assert sorted(m.code for m in msgs) == ["settings.load.bad_rule", "settings.load.unknown_key",
                                            "settings.load.unknown_rule"]
    for m in msgs:
        _korean(m)
    (cfg / "settings.json").write_text(json.dumps({"rules": [1]}), encoding="utf-8")
    _, msgs = load_settings()
    assert [m.code for m in msgs] == ["settings.load.rules_not_object"]
    _korean(msgs[0])


def test_many_problems_are_summed_up(cfg):
    (cfg / "settings.json").write_text(json.dumps({f"k{i}": i for i in range(50)}), encoding="utf-8")
    _, msgs = load_settings()
    assert len(msgs) == 20 and msgs[-1].code == "settings.load.more" and msgs[-1]["n"] == 31
    _korean(msgs[-1])


def test_a_bad_value_in_code_raises_a_settings_error_with_a_message():
    with pytest.raises(SettingsError) as e:
        Settings(volume=2)
    assert e.value.message.code == "settings.load.invalid" and str(e.value) == str(e.value.message)
    _korean(e.value.message)


def test_a_save_error_carries_a_message(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings(), tmp_path / "file" / "settings.json")
    assert e.value.reason == "no_directory" and e.value.message.code.startswith("settings.write.")
    assert str(e.value) == str(e.value.message)
    _korean(e.value.message)


def test_the_command_line_prints_load_warnings_in_its_language(cfg, capsys, monkeypatch):
    from game.cli import play

    (cfg / "settings.json").write_text(json.dumps({"volume": "loud"}), encoding="utf-8")
    monkeypatch.setattr(play, "_no_display", lambda pygame: True)  # stop before a window opens
    args = play.default_args()
    args.lang = "ko"
    assert play.run(args) == 2
    err = capsys.readouterr().err
    assert "설정 volume:" in err and "must be" not in err


def test_the_title_shows_the_warnings_once_in_the_players_language(cfg, monkeypatch):
    """The desktop start (``korean-mahjong`` with no subcommand) with a damaged file: the title
    opens under a notice in Korean; Enter closes it and it does not come back."""
    from game.cli import play
    from game.ui.app import App
    from game.ui.scenes.notice import NoticeScene
    from game.ui.scenes.title import TitleScene

    (cfg / "settings.json").write_text('{"language": "ko", "volume": "loud", "colour": 1',
                                       encoding="utf-8")
    seen = {}

    def run(self, max_frames=None, fps=60):
        self.step([], 0.016)
        seen["top"], seen["under"] = self.top, self.scenes[0]
        self.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")], 0.016)
        self.step([], 0.016)
        seen["after"] = self.top
        return 0

    monkeypatch.setattr(App, "run", run)
    args = play.default_args()
    args.lang = "ko"
    assert play.run(args) == 0
    notice = seen["top"]
    assert isinstance(notice, NoticeScene) and isinstance(seen["under"], TitleScene)
    assert notice.title == "설정" and len(notice.messages) == 1
    text = notice.messages[0]
    assert HANGUL.search(text) and "설정 파일" in text and "Default settings" not in text
    assert isinstance(seen["after"], TitleScene)
