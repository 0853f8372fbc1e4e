"""Settings: round trip, the corrupt-file path, unknown keys and bad values."""

import json
import os

import pytest

from game.engine.rules import RuleSet
from game.settings import (
    CONFIG_ENV,
    Settings,
    SettingsError,
    load_settings,
    save_settings,
    settings_path,
)


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    return tmp_path / "cfg"


def test_path_follows_the_environment(cfg):
    assert settings_path() == cfg / "settings.json"


def test_missing_file_gives_defaults_and_no_message(cfg):
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s == Settings() and msgs == []


def test_round_trip_every_setting(cfg):
    s = Settings(
        rules=RuleSet(ante=0, preset="samsiki", yak_overrides=(("seven_pairs", 3),),
                      flowers=False, score_cap=80, session_mode="minutes"),
        seats=("ai:easy", "ai:hard", "external:bot"),
        animation_speed=1.5, ai_delay_ms=0, claim_countdown=10, language="ko",
        window_size=(1920, 1080), fullscreen=True, sound=False, volume=0.3, hints=False,
        tile_notation=True,
    )
    path = save_settings(s)
    assert path == cfg / "settings.json"
    back, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert msgs == []
    assert back == s
    assert back.rules.points("seven_pairs") == 3


def test_save_is_atomic_and_leaves_no_temp_files(cfg):
    save_settings(Settings(volume=0.1))
    save_settings(Settings(volume=0.2))
    assert sorted(p.name for p in cfg.iterdir()) == ["settings.json"]
    assert json.loads((cfg / "settings.json").read_text())["volume"] == 0.2


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe\x00garbage", b""])
def test_corrupt_file_is_backed_up_and_defaults_load(cfg, content):
    cfg.mkdir()
    (cfg / "settings.json").write_bytes(content)
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s == Settings()
    assert len(msgs) == 1 and "Default settings are used" in msgs[0]
    backups = list(cfg.glob("settings.json.bad-*"))
    assert len(backups) == 1
    assert backups[0].read_bytes() == content
    assert str(backups[0]) in msgs[0]
    assert (cfg / "settings.json").read_bytes() == content  # a copy: the file itself is untouched


def test_a_second_corrupt_file_never_overwrites_the_first_backup(cfg):
    cfg.mkdir()
    (cfg / "settings.json").write_text("{bad 1")
    load_settings()
    (cfg / "settings.json").write_text("{bad 2")
    load_settings()
    contents = sorted(p.read_text() for p in cfg.glob("settings.json.bad-*"))
    assert contents == ["{bad 1", "{bad 2"]


def test_unknown_key_is_ignored_with_a_warning(cfg):
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({"colour": "red", "volume": 0.5}))
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s.volume == 0.5
    assert msgs == ['unknown setting "colour" ignored']


@pytest.mark.parametrize("key, value", [
    ("volume", 1.5),
    ("volume", "loud"),
    ("sound", "yes"),
    ("seats", ["ai:standard"]),
    ("seats", ["a", "b", ""]),
    ("animation_speed", "warp"),
    ("animation_speed", 0),
    ("ai_delay_ms", -1),
    ("ai_delay_ms", 1.5),
    ("claim_countdown", True),
    ("language", "fr"),
    ("window_size", [100, 100]),
    ("window_size", "big"),
    ("fullscreen", 1),
    ("hints", None),
    ("tile_notation", "yes"),
])
def test_bad_value_falls_back_to_its_default(cfg, key, value):
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({key: value, "ai_delay_ms": 0}
                                                  if key != "ai_delay_ms" else {key: value}))
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert getattr(s, key) == getattr(Settings(), key)
    assert len(msgs) == 1 and msgs[0].startswith(f"setting {key}:") and "default" in msgs[0]
    if key != "ai_delay_ms":
        assert s.ai_delay_ms == 0  # the good value next to it still loads


def test_bad_rule_falls_back_alone(cfg):
    cfg.mkdir()
    rules = {"ante": -5, "preset": "삼식이", "flowers": False, "bogus": 1}
    (cfg / "settings.json").write_text(json.dumps({"rules": rules}))
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s.rules == RuleSet(preset="samsiki", flowers=False)
    assert any(m.startswith("rule ante:") for m in msgs)
    assert 'unknown rule "bogus" ignored' in msgs


def test_rules_not_an_object(cfg):
    s, msgs = Settings.from_dict({"rules": [1]})
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s.rules == RuleSet() and "rules" in msgs[0]


def test_constructing_bad_settings_raises_a_named_error():
    with pytest.raises(SettingsError, match="volume"):
        Settings(volume=2)


@pytest.mark.parametrize("speed, factor", [("slow", 0.5), ("normal", 1.0), ("fast", 2.0),
                                           ("instant", float("inf")), (3.0, 3.0)])
def test_speed_factor(speed, factor):
    assert Settings(animation_speed=speed).speed_factor == factor


@pytest.mark.parametrize("env, lang", [("ko_KR.UTF-8", "ko"), ("en_GB.UTF-8", "en"), ("de_DE", "en")])
def test_default_language_from_locale(monkeypatch, env, lang):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LC_ALL", env)
    assert Settings().language == lang


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads everything")
def test_unreadable_file(cfg):
    cfg.mkdir()
    p = cfg / "settings.json"
    p.write_text("{}")
    p.chmod(0)
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s == Settings() and "cannot be read" in msgs[0]


@pytest.mark.parametrize("env, lang", [("xx_YY.UTF-8", "xx"), ("xx", "xx"), ("Korean_Korea.949", "ko"),
                                       ("ko", "ko"), ("C", "en"), ("xxx_YY", "en")])
def test_a_language_with_catalogues_is_chosen_from_the_locale(monkeypatch, env, lang):
    """A new language is a catalogue folder: the locale picks it with no code change."""
    import game.settings as settings_module
    monkeypatch.setattr(settings_module, "LANGUAGES", ("en", "ko", "xx"))
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LC_ALL", env)
    assert settings_module.default_language() == lang


# --- the table's look (issue 14: themes and access) -------------------------------------------------

LOOK = {"table_theme": "navy", "tile_theme": "contrast", "suit_colours": "colourblind", "tile_size": "large"}


def test_the_look_defaults_to_todays_table():
    s = Settings()
    assert (s.table_theme, s.tile_theme, s.suit_colours, s.tile_size) == ("green", "ivory", "classic", "normal")


def test_the_look_round_trips_through_the_file(cfg):
    save_settings(Settings(**LOOK))
    s, msgs = load_settings()
    assert msgs == [] and {k: getattr(s, k) for k in LOOK} == LOOK
    assert json.loads(settings_path().read_text(encoding="utf-8"))["tile_theme"] == "contrast"


@pytest.mark.parametrize("key", sorted(LOOK))
@pytest.mark.parametrize("value", ["purple", "", 3, None, ["navy"], {"x": 1}, True, "NAVY", "ivory " * 500])
def test_a_bad_look_value_falls_back_to_its_default_and_keeps_the_rest(cfg, key, value):
    others = {k: v for k, v in LOOK.items() if k != key}
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({**others, key: value, "volume": 0.3}), encoding="utf-8")
    s, msgs = load_settings()
    assert getattr(s, key) == getattr(Settings(), key)
    assert {k: getattr(s, k) for k in others} == others and s.volume == 0.3
    assert [m.code for m in msgs] == ["settings.load.bad_value"]
    assert key in str(msgs[0]) and len(str(msgs[0])) < 400


def test_an_old_file_without_the_look_loads_the_default_look(cfg):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"version": 1, "volume": 0.2, "hints": False}), encoding="utf-8")
    s, msgs = load_settings()
    assert msgs == [] and s == Settings(volume=0.2, hints=False)


@pytest.mark.parametrize("key", sorted(LOOK))
def test_a_bad_look_in_code_raises_a_settings_error(key):
    with pytest.raises(SettingsError, match=key):
        Settings(**{key: "nope"})
