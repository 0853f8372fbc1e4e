"""Unusual input outside the engine: damaged record fields, locale variables that disagree,
volume 0 and volumes out of range, and saves that fail half-way.

* Records (`game.records`): a tile id outside 0-103, payments that are not four whole
  numbers, scores of the wrong length stop `load_record` at that line with a reason naming the
  field (everything before stays read, the file is not touched), and `check_record` refuses the
  record with the same line and field.
* Language (`game.settings.default_language`): POSIX order LC_ALL > LC_MESSAGES > LANG, an
  empty variable counts as unset, C/POSIX give English, Korean locales (``ko_KR.UTF-8``,
  ``ko_KR.eucKR``, ``ko``) give Korean, the process locale is the last resort.
* Volume: 0 and 1 are valid settings (and survive a save and a load: 0 is not "unset"); a value
  outside 0-1, not finite or not a number is refused by `Settings` and falls back to the default
  (not clamped) when loaded; `game.ui.sound.Sound` with volume 0 plays at volume 0 on SDL's dummy
  audio driver without crashing, and `configure(..., 0)` silences sounds already loaded.
* A failed save (`save_settings` with `os.replace`, the file write or `os.chmod` raising EACCES
  or ENOSPC, simulated so it runs as root too): the right `SettingsSaveError.reason`, the
  original file byte for byte, no temporary file beside it (nor beside a link's target), no new
  file when there was none. (`tests/test_settings_files.py` already covers ENOSPC at fsync,
  EACCES at mkstemp and EIO/Ctrl+C at fsync/replace; not repeated here.)

Breaks each test was seen to catch (applied one at a time to a copy of the tree, the test run,
then thrown away; the sources here were never changed):

* records: the tile range check widened (``"tile"``, ``"tiles"``, a draw's tile, the hands
  of a hand end: up to 10**12); the length check dropped from ``payments`` or ``scores``
  (``n=4`` -> ``None``); `check_record` no longer stopping at `load_record`'s error.
* language: LANG read before LC_ALL; LC_MESSAGES read after LANG; an empty LC_ALL taken as a
  locale; Korean matched by ``== "ko"`` only; the process locale ignored. (Dropping the
  C/POSIX skip fixes the bug below: its strict xfail then fails as XPASS, as it should.)
* volume: the range check ``0 <= v <= 1`` made ``0 < v <= 1``; a loaded out-of-range volume
  clamped instead of refused; a loaded volume 0 taken as unset; `Sound.play` no longer setting
  the volume; `Sound.configure` not applying it to loaded sounds.
* failed save: the temporary file no longer removed on error; the EACCES/ENOSPC reasons mixed
  up; the temporary file made beside the link instead of beside its target.

Found (marked ``xfail(strict=True)``): LC_ALL=C (or POSIX, C.UTF-8) does not win over
LANG=ko_KR.UTF-8: `default_language` skips a C locale and reads on, so the game starts in
Korean although POSIX says LC_ALL sets every category to C.
"""

from __future__ import annotations

import errno
import json
import locale
import math
import os
import tempfile

import pytest

from ai.random_seat import RandomSeat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter, check_record, load_record
from game.settings import (
    Settings,
    SettingsError,
    SettingsSaveError,
    default_language,
    load_settings,
    save_settings,
)

# ================================================================================ records


@pytest.fixture(scope="module")
def good_record(tmp_path_factory):
    """One hand played by random seats: a valid record to damage one field at a time."""
    d = tmp_path_factory.mktemp("rec")
    w = RecordWriter(Session(RuleSet(), seed=3, hands=1), d, human=0)
    w.play([RandomSeat(30 + i) for i in range(4)])
    assert load_record(w.path).ok and check_record(w.path).ok
    return w.path.read_text(encoding="utf-8").splitlines(keepends=True)


def _damage(lines: list[str], event_type: str, change) -> tuple[list[str], int]:
    """The record with the first `event_type` event changed by `change(event)`, and its line."""
    out = list(lines)
    for i, text in enumerate(out):
        line = json.loads(text)
        if line.get("type") == "event" and line["event"]["type"] == event_type:
            change(line["event"])
            out[i] = json.dumps(line) + "\n"
            return out, i + 1
    raise AssertionError(f"no {event_type} event in the record")


def _set(key, value):
    return lambda e: e.__setitem__(key, value)


def _first_item(key, value):
    def change(e):
        e[key][0] = value
    return change


def _first_of_first(key, value):
    def change(e):
        e[key][0][0] = value
    return change


@pytest.mark.parametrize("event_type, change, field", [
    ("discard", _set("tile", 104), "tile"),          # one above the last tile id (103)
    ("discard", _set("tile", -1), "tile"),
    ("discard", _set("tile", True), "tile"),         # JSON true is not a tile id
    ("draw", _set("tile", 10_000), "tile"),
    ("deal", _first_item("tiles", 104), "tiles"),
    ("hand_end", _first_of_first("hands", 104), "hands"),
    ("hand_end", _set("payments", [0, 0, 0]), "payments"),
    ("hand_end", _set("payments", [0, 0, 0, 0, 0]), "payments"),
    ("hand_end", _set("payments", [0, 0, 0, "0"]), "payments"),
    ("hand_end", _set("payments", [0.5, -0.5, 0, 0]), "payments"),
    ("hand_end", _set("payments", None), "payments"),
    ("hand_start", _set("scores", [0, 0, 0]), "scores"),
    ("session_end", _set("scores", [0, 0, 0, 0, 0]), "scores"),
])
def test_a_bad_field_is_refused_with_its_name(good_record, tmp_path, event_type, change, field):
    lines, n = _damage(good_record, event_type, change)
    p = tmp_path / "damaged.jsonl"
    p.write_text("".join(lines), encoding="utf-8")
    before = p.read_bytes()
    rec = load_record(p)
    assert rec.error_line == n
    assert rec.error.startswith(f"line {n}: ")
    assert f"field '{field}'" in rec.error
    assert rec.error.endswith(f"the record is read up to line {n - 1}")
    assert rec.lines_read == n - 1  # what came before is kept
    c = check_record(p)
    assert not c.ok and c.line == n and f"field '{field}'" in c.message
    assert p.read_bytes() == before  # neither reader writes


def test_a_discard_whose_uper_is_text_is_refused_not_read_as_a_declaration(good_record, tmp_path):
    """``"uper": "false"`` is text: the engine's action reader refuses it (it once read it as
    ``bool("false")``, a yes), so a record line carrying it stops the reading there."""
    lines = list(good_record)
    n = next(i for i, ln in enumerate(lines) if '"type":"discard"' in ln and '"action"' in ln)
    row = json.loads(lines[n])
    row["action"]["uper"] = "false"
    lines[n] = json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"
    p = tmp_path / "uper-text.jsonl"
    p.write_text("".join(lines), encoding="utf-8")
    rec = load_record(p)
    assert rec.error_line == n + 1 and "'uper' must be true or false" in rec.error
    assert not check_record(p).ok


# ================================================================================ language

LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture
def env(monkeypatch):
    """No locale variables and no process locale; returns a setter."""
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))

    def set_env(values):
        for k, v in values.items():
            monkeypatch.setenv(k, v)
    return set_env


@pytest.mark.parametrize("values, lang", [
    ({"LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"}, "en"),        # LC_ALL wins
    ({"LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"}, "ko"),
    ({"LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8", "LANGUAGE": "en"}, "ko"),
    ({"LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"}, "en"),
    ({"LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"}, "ko"),   # then LC_MESSAGES
    ({"LC_MESSAGES": "en_GB.UTF-8", "LANG": "ko_KR.UTF-8"}, "en"),
    ({"LC_ALL": "", "LANG": "ko_KR.UTF-8"}, "ko"),                   # empty = unset
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "ko_KR.UTF-8"}, "ko"),
    ({"LANG": "ko_KR.eucKR"}, "ko"),
    ({"LANG": "ko_KR"}, "ko"),
    ({"LANG": "ko"}, "ko"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
])
def test_default_language_from_the_locale_variables(env, values, lang):
    env(values)
    assert default_language() == lang
    assert Settings().language == lang


def test_the_process_locale_is_the_last_resort(env, monkeypatch):
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("ko_KR", "UTF-8"))
    assert default_language() == "ko"
    env({"LANG": "en_US.UTF-8"})  # a variable comes first
    assert default_language() == "en"

    def odd(*a):
        raise ValueError("unknown locale: xx")
    monkeypatch.delenv("LANG")
    monkeypatch.setattr(locale, "getlocale", odd)
    assert default_language() == "en"


@pytest.mark.parametrize("c", ["C", "POSIX", "C.UTF-8"])
def test_lc_all_c_wins_over_a_korean_lang(env, c):
    env({"LC_ALL": c, "LANG": "ko_KR.UTF-8"})
    assert default_language() == "en"


# ================================================================================ volume

@pytest.mark.parametrize("v", [0, 0.0, 1, 1.0])
def test_volume_0_and_1_are_valid_and_survive_a_save(tmp_path, v):
    assert Settings(volume=v).volume == v
    s, msgs = Settings.from_dict({"volume": v})
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s.volume == v and msgs == []
    p = save_settings(Settings(volume=v), tmp_path / "settings.json")
    back, msgs = load_settings(p)
    msgs = [str(m) for m in msgs]  # messages; their English
    assert back.volume == v and msgs == []  # 0 is not taken for "unset"


@pytest.mark.parametrize("v", [-0.01, 1.0001, -5, math.nan, math.inf, -math.inf, True, None])
def test_a_volume_out_of_range_is_refused_not_clamped(v):
    with pytest.raises(SettingsError, match="volume"):
        Settings(volume=v)
    s, msgs = Settings.from_dict({"volume": v, "hints": False})
    msgs = [str(m) for m in msgs]  # messages; their English
    assert s.volume == 0.7 and not s.hints  # the default, not 0 or 1; the other key still loads
    assert msgs == [f"setting volume: must be a number 0-1, got {v!r}; using the default 0.7"]


@pytest.fixture
def dummy_audio(monkeypatch):
    """SDL's dummy audio driver for the mixer (unless a mixer is already running)."""
    pygame = pytest.importorskip("pygame")
    started = pygame.mixer.get_init()
    if not started:
        monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield pygame
    if not started:
        pygame.mixer.quit()


def test_volume_0_plays_at_zero_on_the_dummy_driver(dummy_audio):
    from game.ui.sound import EFFECTS, Sound

    s = Sound(enabled=True, volume=0)
    assert s.available, s.error
    for name in EFFECTS:
        s.play(name)  # must not crash
    assert s.played == list(EFFECTS)
    assert s._sounds == {}  # at volume 0 nothing is even decoded: there is nothing to hear


def test_configure_to_zero_silences_loaded_sounds(dummy_audio):
    from game.ui.sound import LEVELS, Sound

    s = Sound(enabled=True, volume=0.7)
    s.play("discard")
    want = 0.7 * LEVELS["discard"]  # master x effects (1.0) x the effect's own level
    assert abs(s._sounds["discard"][0].get_volume() - want) < 0.01  # the variant played; 1/128
    s.configure(True, 0)
    assert all(v.get_volume() == 0.0 for v in s._sounds["discard"])
    s.play("discard")
    assert all(v.get_volume() == 0.0 for v in s._sounds["discard"])


def test_sound_off_loads_and_plays_nothing(dummy_audio):
    from game.ui.sound import Sound

    s = Sound(enabled=False, volume=0)
    s.play("win_big")
    assert s.played == ["win_big"] and s._sounds == {}


# ================================================================================ failed saves

ORIGINAL = '{"volume": 0.1, "from_a_newer_version": 1}\n'


def _others(d, keep=("settings.json",)):
    return sorted(p.name for p in d.iterdir() if p.name not in keep)


class _FullFile:
    """A text file whose writes fail with `code`."""

    def __init__(self, f, code):
        self._f, self._code = f, code

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()

    def write(self, text):
        raise OSError(self._code, os.strerror(self._code))

    def flush(self):
        self._f.flush()

    def fileno(self):
        return self._f.fileno()


def _fail(monkeypatch, where: str, code: int) -> None:
    if where == "write":
        real = os.fdopen

        def fdopen(fd, *a, **k):
            return _FullFile(real(fd, *a, **k), code)
        monkeypatch.setattr(os, "fdopen", fdopen)
        return

    def boom(*a, **k):
        raise OSError(code, os.strerror(code))
    monkeypatch.setattr(os, where, boom)


REASONS = {errno.EACCES: "permission", errno.ENOSPC: "disk_full"}


@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC], ids=["EACCES", "ENOSPC"])
@pytest.mark.parametrize("where", ["replace", "write", "chmod"])
def test_a_failed_save_leaves_the_file_and_no_temporary_file(tmp_path, monkeypatch, where, code):
    p = tmp_path / "settings.json"
    p.write_text(ORIGINAL, encoding="utf-8")
    _fail(monkeypatch, where, code)
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings(volume=0.9), p)
    monkeypatch.undo()
    assert e.value.reason == REASONS[code] and e.value.path == p
    assert p.read_text(encoding="utf-8") == ORIGINAL
    assert _others(tmp_path) == []
    assert load_settings(p)[0].volume == 0.1


@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC], ids=["EACCES", "ENOSPC"])
@pytest.mark.parametrize("where", ["replace", "write"])
def test_a_failed_first_save_creates_nothing(tmp_path, monkeypatch, where, code):
    p = tmp_path / "settings.json"
    _fail(monkeypatch, where, code)
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings(volume=0.9), p)
    monkeypatch.undo()
    assert e.value.reason == REASONS[code]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC], ids=["EACCES", "ENOSPC"])
def test_a_failed_save_through_a_link_cleans_up_beside_the_target(tmp_path, monkeypatch, code):
    real = tmp_path / "dotfiles"
    real.mkdir()
    target = real / "kmj.json"
    target.write_text(ORIGINAL, encoding="utf-8")
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    link = cfg / "settings.json"
    link.symlink_to(target)
    seen = []
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*a, **k):
        fd, name = real_mkstemp(*a, **k)
        seen.append(name)
        return fd, name
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    _fail(monkeypatch, "replace", code)
    with pytest.raises(SettingsSaveError) as e:
        save_settings(Settings(volume=0.9), link)
    monkeypatch.undo()
    assert e.value.reason == REASONS[code]
    assert [os.path.dirname(n) for n in seen] == [str(real)]  # the temporary file was there
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == ORIGINAL
    assert _others(real, keep=("kmj.json",)) == [] and _others(cfg) == []
