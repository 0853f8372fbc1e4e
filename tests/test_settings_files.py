"""The settings file is the player's: nothing in it is lost, and nothing in it stops the game.

Saving keeps keys a newer version wrote, writes through a symbolic link, refuses a read-only
file, a folder or a pipe with a `SettingsSaveError` that says why, and never leaves a temporary
file behind. Loading never raises, never hangs and never changes the file it reads.
"""

import errno
import json
import os
import signal
import stat
import threading

import pytest

from game.engine.errors import RulesError
from game.engine.rules import RuleSet
from game.settings import (
    CONFIG_ENV,
    Settings,
    SettingsSaveError,
    load_settings,
    save_settings,
)

posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links, pipes and mode bits")


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    d = tmp_path / "cfg"
    d.mkdir()
    return d


@pytest.fixture
def no_hang():
    """Fail (instead of hanging the run) if the test blocks for more than 10 seconds."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def boom(signum, frame):
        raise TimeoutError("the settings code blocked")

    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(10)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def leftovers(d):
    return sorted(p.name for p in d.iterdir() if p.name != "settings.json")


# --- 1. saving keeps what it does not know ----------------------------------------------------------

def test_save_keeps_unknown_keys_at_the_top_and_in_rules(cfg):
    newer = {
        "version": 1,
        "volume": 0.4,
        "theme": {"felt": "blue", "cards": [1, 2, 3]},
        "telemetry": False,
        "rules": {"ante": 5, "riichi_sticks": 1000, "house_rule_x": {"on": True}},
    }
    (cfg / "settings.json").write_text(json.dumps(newer))
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    # the running game ignores what it does not know, and says so
    assert s.volume == 0.4 and s.rules.ante == 5
    assert 'unknown setting "theme" ignored' in msgs and 'unknown rule "riichi_sticks" ignored' in msgs
    save_settings(s.replace(volume=0.9, rules=s.rules.replace(ante=20)))
    data = json.loads((cfg / "settings.json").read_text())
    assert data["volume"] == 0.9 and data["rules"]["ante"] == 20  # known keys updated
    assert data["theme"] == newer["theme"] and data["telemetry"] is False  # unknown ones kept
    assert data["rules"]["riichi_sticks"] == 1000
    assert data["rules"]["house_rule_x"] == {"on": True}
    back, _ = load_settings()
    assert back.volume == 0.9 and back.rules.ante == 20


def test_save_keeps_unknown_keys_after_defaults_are_chosen(cfg):
    (cfg / "settings.json").write_text(json.dumps({"theme": "blue", "volume": 0.2}))
    save_settings(Settings())  # a fresh object that never saw the file
    data = json.loads((cfg / "settings.json").read_text())
    assert data["theme"] == "blue" and data["volume"] == Settings().volume


def test_save_keeps_a_newer_format_version(cfg):
    (cfg / "settings.json").write_text(json.dumps({"version": 7, "volume": 0.2}))
    save_settings(Settings(volume=0.3))
    data = json.loads((cfg / "settings.json").read_text())
    assert data["version"] == 7 and data["volume"] == 0.3


def test_save_over_a_corrupt_file_keeps_a_copy_of_it(cfg):
    (cfg / "settings.json").write_bytes(b"{half a file")
    save_settings(Settings(volume=0.3))
    assert json.loads((cfg / "settings.json").read_text())["volume"] == 0.3
    backups = list(cfg.glob("settings.json.bad-*"))
    assert [b.read_bytes() for b in backups] == [b"{half a file"]


# --- 2. symbolic links ------------------------------------------------------------------------------

@posix_only
def test_save_writes_through_a_symbolic_link_to_its_target(cfg, tmp_path):
    real_dir = tmp_path / "dotfiles"
    real_dir.mkdir()
    target = real_dir / "kmj.json"
    target.write_text(json.dumps({"volume": 0.1, "mine": "keep"}))
    link = cfg / "settings.json"
    link.symlink_to(target)
    save_settings(Settings(volume=0.6))
    assert link.is_symlink() and os.readlink(link) == str(target)
    data = json.loads(target.read_text())
    assert data["volume"] == 0.6 and data["mine"] == "keep"
    assert leftovers(real_dir) == ["kmj.json"] and leftovers(cfg) == []
    assert load_settings()[0].volume == 0.6


@posix_only
def test_save_through_a_chain_of_links_and_a_dangling_link(cfg, tmp_path):
    target = tmp_path / "real.json"
    (tmp_path / "hop").symlink_to(target)
    (cfg / "settings.json").symlink_to(tmp_path / "hop")
    save_settings(Settings(volume=0.5))  # the target does not exist yet: it is created
    assert (cfg / "settings.json").is_symlink() and (tmp_path / "hop").is_symlink()
    assert json.loads(target.read_text())["volume"] == 0.5


@posix_only
def test_save_refuses_a_link_loop(cfg):
    (cfg / "settings.json").symlink_to(cfg / "other")
    (cfg / "other").symlink_to(cfg / "settings.json")
    with pytest.raises(SettingsSaveError):
        save_settings(Settings())
    assert (cfg / "settings.json").is_symlink() and leftovers(cfg) == ["other"]


@posix_only
def test_save_keeps_the_file_mode(cfg):
    p = cfg / "settings.json"
    p.write_text("{}")
    p.chmod(0o640)
    save_settings(Settings(volume=0.5))
    assert stat.S_IMODE(p.stat().st_mode) == 0o640


# --- 3. read-only files and other refusals ----------------------------------------------------------

@posix_only
def test_save_refuses_a_read_only_file(cfg):
    p = cfg / "settings.json"
    p.write_text(json.dumps({"volume": 0.1}))
    before = p.read_bytes()
    p.chmod(0o444)
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings(volume=0.9))
    assert isinstance(e.value, OSError)
    assert e.value.reason == "read_only"
    assert "settings.json is read-only" in str(e.value)
    assert p.read_bytes() == before and leftovers(cfg) == []


@posix_only
def test_save_refuses_a_read_only_link_target(cfg, tmp_path):
    target = tmp_path / "real.json"
    target.write_text("{}")
    target.chmod(0o444)
    (cfg / "settings.json").symlink_to(target)
    with pytest.raises(SettingsSaveError, match="read-only"):
        save_settings(Settings(volume=0.9))
    assert target.read_text() == "{}"


def test_disk_full_is_a_settings_save_error_with_its_reason(cfg, monkeypatch):
    p = cfg / "settings.json"
    p.write_text("{}")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings(volume=0.9))
    assert e.value.reason == "disk_full" and "full" in str(e.value)
    assert p.read_text() == "{}" and leftovers(cfg) == []


def test_permission_denied_is_a_settings_save_error(cfg, monkeypatch):
    import tempfile

    def denied(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings())
    assert e.value.reason == "permission" and "ermission denied" in str(e.value)


def test_a_missing_directory_that_cannot_be_made_is_a_settings_save_error(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings(), blocker / "sub" / "settings.json")
    assert e.value.reason == "no_directory"
    assert blocker.read_text() == "x"


def test_a_missing_config_directory_is_still_created(tmp_path):
    p = tmp_path / "a" / "b" / "settings.json"
    assert save_settings(Settings(volume=0.2), p) == p
    assert json.loads(p.read_text())["volume"] == 0.2


# --- 4. interruptions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["fsync", "replace"])
@pytest.mark.parametrize("exc", [KeyboardInterrupt, OSError(errno.EIO, "I/O error")])
def test_an_interrupted_save_removes_its_temporary_file(cfg, monkeypatch, where, exc):
    p = cfg / "settings.json"
    p.write_text('{"volume": 0.1}')

    def stop(*a, **k):
        raise exc

    monkeypatch.setattr(os, where, stop)
    with pytest.raises(KeyboardInterrupt if exc is KeyboardInterrupt else SettingsSaveError):
        save_settings(Settings(volume=0.9))
    monkeypatch.undo()
    assert p.read_text() == '{"volume": 0.1}'
    assert leftovers(cfg) == []


# --- 5. bad files never stop the game and are never changed -------------------------------------------

BAD_FILES = {
    "preset_list": json.dumps({"rules": {"preset": ["x"]}}).encode(),
    "preset_number": json.dumps({"rules": {"preset": 5}}).encode(),
    "preset_object": json.dumps({"rules": {"preset": {"a": 1}}, "volume": 0.3}).encode(),
    "preset_top_level": json.dumps({"preset": 5}).encode(),
    "deep_nesting": b"[" * 100_000,
    "deep_nesting_in_a_value": b'{"volume": ' + b"[" * 100_000 + b"}",
    "huge_number": b'{"volume": ' + b"7" * 5000 + b"}",
    "huge_float": b'{"volume": 0.' + b"7" * 5000 + b"}",
    "infinity": b'{"volume": Infinity}',
    "not_utf8": b'{"language": "\xff\xfe"}',
    "latin1": '{"seats": ["é", "b", "c"]}'.encode("latin-1"),
    "huge_file": b'{"volume": 0.5, "pad": "' + b"x" * 2_000_000 + b'"}',
    "huge_whitespace": b" " * 3_000_000 + b"{}",
    "null_bytes": b"\x00" * 100,
    "wrong_types_everywhere": json.dumps({
        "rules": {"ante": "ten", "yak_overrides": [1, 2], "several_winners": ["all"],
                  "flowers": "yes", "score_cap": {"x": 1}, "session_hands": 1.5},
        "seats": {"a": 1}, "window_size": [[1, 2], 3], "language": ["ko"],
        "animation_speed": {"fast": True}, "volume": [0.5],
    }).encode(),
    "yak_override_bad_values": json.dumps({"rules": {"yak_overrides": {"seven_pairs": "x",
                                                                       "nope": 1}}}).encode(),
    "many_unknown_keys": json.dumps({f"k{i}": i for i in range(5000)}).encode(),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_gives_settings_and_messages_and_is_left_as_it_was(cfg, no_hang, name):
    content = BAD_FILES[name]
    p = cfg / "settings.json"
    p.write_bytes(content)
    before = os.stat(p)
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert isinstance(s, Settings)
    assert msgs and all(isinstance(m, str) for m in msgs)
    assert len(msgs) <= 30 and all(len(m) <= 600 for m in msgs)  # readable, not a flood
    assert p.read_bytes() == content  # byte for byte
    assert os.stat(p).st_ino == before.st_ino  # the same file, not a rewritten one
    for b in cfg.glob("settings.json.bad-*"):
        assert b.read_bytes() == content  # a backup is a copy


def test_a_huge_file_is_not_read_and_says_so(cfg):
    content = b'{"volume": 0.5, "pad": "' + b"x" * 2_000_000 + b'"}'
    (cfg / "settings.json").write_bytes(content)
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s == Settings() and len(msgs) == 1 and "larger than 1 MB" in msgs[0]
    assert (cfg / "settings.json").read_bytes() == content
    backups = list(cfg.glob("settings.json.bad-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == content


def test_a_bad_preset_names_the_rule_and_keeps_the_other_rules(cfg):
    (cfg / "settings.json").write_text(json.dumps({"rules": {"preset": 5, "ante": 3}}))
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s.rules == RuleSet(ante=3)
    assert len(msgs) == 1 and msgs[0].startswith("rule preset:") and "5" in msgs[0]


def test_a_corrupt_file_is_backed_up_once_per_content(cfg):
    (cfg / "settings.json").write_bytes(b"{oops")
    _, first = load_settings()
    first = [str(m) for m in first]  # messages; their English
    _, second = load_settings()
    second = [str(m) for m in second]  # messages; their English
    backups = list(cfg.glob("settings.json.bad-*"))
    assert len(backups) == 1 and str(backups[0]) in first[0] and str(backups[0]) in second[0]
    assert (cfg / "settings.json").read_bytes() == b"{oops"


def test_a_utf8_byte_order_mark_is_accepted(cfg):
    (cfg / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"volume": 0.25}).encode())
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s.volume == 0.25 and msgs == []


@posix_only
def test_a_fifo_in_place_of_the_file_does_not_hang(cfg, no_hang):
    p = cfg / "settings.json"
    os.mkfifo(p)
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s == Settings() and len(msgs) == 1 and "not a regular file" in msgs[0]
    assert stat.S_ISFIFO(os.lstat(p).st_mode)
    assert list(cfg.glob("settings.json.bad-*")) == []


def test_a_directory_in_place_of_the_file(cfg):
    p = cfg / "settings.json"
    p.mkdir()
    (p / "inside").write_text("mine")
    s, msgs = load_settings()
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s == Settings() and len(msgs) == 1 and "not a regular file" in msgs[0]
    assert (p / "inside").read_text() == "mine"


@posix_only
def test_a_dangling_link_loads_the_defaults_quietly(cfg, tmp_path):
    (cfg / "settings.json").symlink_to(tmp_path / "nowhere.json")
    assert load_settings() == (Settings(), [])


# --- 6. saving onto a pipe or a folder ------------------------------------------------------------------

@posix_only
def test_save_refuses_a_fifo(cfg, no_hang):
    p = cfg / "settings.json"
    os.mkfifo(p)
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings())
    assert e.value.reason == "not_a_file" and "not a regular file" in str(e.value)
    assert stat.S_ISFIFO(os.lstat(p).st_mode) and leftovers(cfg) == []


def test_save_never_replaces_a_directory(cfg):
    p = cfg / "settings.json"
    p.mkdir()
    (p / "inside").write_text("mine")
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings())
    assert e.value.reason == "not_a_file"
    assert (p / "inside").read_text() == "mine" and leftovers(cfg) == []


# --- RuleSet.from_dict with wrongly typed values ----------------------------------------------------------

@pytest.mark.parametrize("data, words", [
    ({"preset": 5}, "preset"),
    ({"preset": ["x"]}, "preset"),
    ({"preset": None}, "preset"),
    ({"yak_overrides": [1, 2]}, "yak_overrides"),
    ({"ante": "ten"}, "ante"),
    ({"flowers": "yes"}, "flowers"),
])
def test_rules_from_dict_with_wrong_types_says_which_rule(data, words):
    with pytest.raises(RulesError, match=words):
        RuleSet.from_dict(data)


# --- the settings screen says why it could not save -------------------------------------------------------

@pytest.fixture
def ui_app(cfg, tmp_path, monkeypatch):
    pygame = pytest.importorskip("pygame")
    from game.ui.app import App

    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "kmj-data"))
    pygame.init()
    a = App(Settings(language="en", sound=False), size=(1280, 800))
    yield a
    a.close()


def _press_save(app, lang="en"):
    import pygame

    from game.ui.scenes.settings import SettingsScene

    app.settings = app.settings.replace(language=lang)
    app.push(SettingsScene(app))
    scene = app.top
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")], 0.016)
    assert scene.draft.rules.ante == 15
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="")], 0.016)
    app.step([], 0.016)  # draws the status line
    return scene


@posix_only
def test_the_settings_screen_says_a_read_only_file_was_not_saved(ui_app, cfg):
    p = cfg / "settings.json"
    p.write_text('{"volume": 0.1}')
    p.chmod(0o444)
    scene = _press_save(ui_app)
    assert scene.status_error
    assert "settings.json is read-only" in scene.status and "until you quit" in scene.status
    assert ui_app.settings.rules.ante == 15  # used for this session
    assert p.read_text() == '{"volume": 0.1}' and leftovers(cfg) == []


def test_the_settings_screen_says_a_folder_is_in_the_way_in_korean(ui_app, cfg):
    (cfg / "settings.json").mkdir()
    scene = _press_save(ui_app, "ko")
    assert scene.status_error and "일반 파일이 아닙니다" in scene.status
    assert (cfg / "settings.json").is_dir()


def test_the_settings_screen_reports_a_full_disk(ui_app, cfg, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    scene = _press_save(ui_app)
    assert scene.status_error and "the disk is full" in scene.status
    assert leftovers(cfg) == []


def test_the_settings_screen_still_saves(ui_app, cfg):
    (cfg / "settings.json").write_text(json.dumps({"theme": "blue"}))
    scene = _press_save(ui_app)
    assert not scene.status_error and "Saved to" in scene.status and not scene.dirty
    data = json.loads((cfg / "settings.json").read_text())
    assert data["rules"]["ante"] == 15 and data["theme"] == "blue"
