"""Sound controls (issue 35): master, music and effects volumes in the settings (saved, bad
values fall back), M at the table mutes and unmutes (saved), the settings' Display and sound
page has a row for each volume; the effects play at master x effects x their level in the mix,
their variants in turn, nothing when muted; the table plays a soft cue at the player's turn, the
claim countdown ticks in its last seconds only, and a win's fanfare grows with the hand.

Driven through the real app with the dummy video driver; what was played is read from
``app.sound.played`` (kept with the sound off too) or from a fake mixer."""

from __future__ import annotations

import json
from typing import ClassVar

import pygame
import pytest
from test_input_pins import wait
from test_pace_and_assists import key, make_app, win_claim

from game.engine.events import HandEnded
from game.settings import CONFIG_ENV, Settings, load_settings
from game.ui import sound as sound_module
from game.ui.sound import LEVELS, Sound, win_effect


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


# --- the settings ---------------------------------------------------------------------------------
def test_the_volumes_are_saved_and_bad_ones_fall_back():
    s = Settings(volume=0.8, music_volume=0.3, effects_volume=0.6)
    back, msgs = Settings.from_dict(json.loads(json.dumps(s.to_dict())))
    assert (back.volume, back.music_volume, back.effects_volume) == (0.8, 0.3, 0.6) and not msgs
    bad, msgs = Settings.from_dict({"music_volume": 2, "effects_volume": "loud"})
    assert (bad.music_volume, bad.effects_volume) == (Settings().music_volume,
                                                       Settings().effects_volume)
    assert [m.code for m in msgs] == ["settings.load.bad_value"] * 2
    assert Settings().music_volume > 0, "music plays unless the player turns it off"


def test_the_display_and_sound_page_has_a_row_for_each_volume(monkeypatch):
    from game.ui.scenes.settings import SettingsScene

    app = make_app()
    try:
        sc = SettingsScene(app)
        page = [k for k, _ in sc.pages].index("display")
        sc.set_page(page)
        labels = [r.label("en") for r in sc.rows]
        assert {"Sound", "Volume", "Music", "Sound effects"} <= set(labels), labels
        sc.row = labels.index("Music")
        sc.change(-1)
        assert sc.draft.music_volume == pytest.approx(Settings().music_volume - 0.1)
        assert sc.rows[sc.row].show(0.0, "en") == "off", "music at 0 reads Off"
        sc.row = labels.index("Sound effects")
        sc.change(-1)
        assert sc.draft.effects_volume == pytest.approx(0.9)
        sc.save()
        saved, _ = load_settings(app.settings_path)
        assert (saved.music_volume, saved.effects_volume) == (sc.draft.music_volume, 0.9)
        assert (app.sound.music_volume, app.sound.effects_volume) == (sc.draft.music_volume, 0.9)
    finally:
        app.close()


# --- the mixer's side -----------------------------------------------------------------------------
class FakeSound:
    played: ClassVar[list[tuple[str, float]]] = []

    def __init__(self, path: str) -> None:
        self.path, self.volume = path, 1.0

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> None:
        FakeSound.played.append((self.path.rsplit("/", 1)[-1], self.volume))


@pytest.fixture
def fake_mixer(monkeypatch):
    FakeSound.played = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (22050, -16, 1))
    monkeypatch.setattr(pygame.mixer, "get_num_channels", lambda: 16)
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound.played


def test_effects_play_at_master_times_effects_times_their_level_in_turn(fake_mixer):
    s = Sound(enabled=True, volume=0.5, music=0.4, effects=0.8)
    for _ in range(5):
        s.play("discard")
    names = [n for n, _ in fake_mixer]
    assert names == ["discard-1.ogg", "discard-2.ogg", "discard-3.ogg", "discard-4.ogg",
                     "discard-1.ogg"], "the variants in turn"
    assert [v for _, v in fake_mixer] == pytest.approx([0.5 * 0.8 * LEVELS["discard"]] * 5)
    assert s.music_gain == pytest.approx(0.5 * 0.4)
    s.configure(False, 0.5, 0.4, 0.8)  # muted: nothing plays, the music's gain is 0
    s.play("pung")
    assert len(fake_mixer) == 5 and s.music_gain == 0 and s.played[-1] == "pung"
    s.configure(True, 1.0, 0.0, 0.25)
    s.play("pung")
    assert fake_mixer[-1] == ("pung.ogg", pytest.approx(0.25 * LEVELS["pung"]))


def test_the_fanfare_grows_with_the_hand():
    assert [win_effect(p) for p in (2, 3, 4, 7, 8, 16)] == [
        "win_small", "win_small", "win_medium", "win_medium", "win_big", "win_big"]
    assert set(sound_module.VARIANTS) >= {"win_small", "win_medium", "win_big"}


# --- at the table ---------------------------------------------------------------------------------
def test_m_mutes_and_unmutes_at_the_table_and_the_choice_is_saved(monkeypatch):
    from game.ui.scenes.table import TableScene

    app = make_app(sound=True)
    try:
        sc = TableScene(app, ["human", "random", "random", "random"], seed=4, hands=1, record=False)
        app.push(sc)
        assert wait(app, sc, ("turn", "discard", "claim", "rob"))
        app.step([key(pygame.K_m)], 1 / 30)
        assert app.settings.sound is False and app.sound.enabled is False
        assert load_settings(app.settings_path)[0].sound is False, "saved: muted next time too"
        assert "Sound: off" in sc.message
        app.step([key(pygame.K_m)], 1 / 30)
        assert app.settings.sound is True and load_settings(app.settings_path)[0].sound is True
        assert app.top is sc, "M opens nothing"
    finally:
        app.close()


def test_the_players_turn_has_a_soft_cue(monkeypatch):
    from game.ui.scenes.table import TableScene

    app = make_app()
    try:
        sc = TableScene(app, ["human", "random", "random", "random"], seed=4, hands=1, record=False)
        app.push(sc)
        assert wait(app, sc, ("turn", "discard"))
        assert "turn" in app.sound.played and "deal" in app.sound.played
        assert "wall" in app.sound.played or app.settings.intro != "full"
    finally:
        app.close()


def test_the_countdown_ticks_in_its_last_seconds_only(monkeypatch):
    app = make_app(claim_countdown=8, claim_time_bank=0, claim_timeout="pass")
    try:
        sc = win_claim(app, monkeypatch)
        assert wait(app, sc, ("claim",))
        before = app.sound.played.count("tick")
        for _ in range(16):
            app.step([], 0.5)
        assert app.sound.played.count("tick") - before == 3  # 3, 2, 1: not 7 of 8 seconds
    finally:
        app.close()


def test_a_win_plays_the_fanfare_of_its_size(monkeypatch):
    app = make_app()
    try:
        sc = win_claim(app, monkeypatch)
        assert wait(app, sc, ("claim",))
        app.step([key(pygame.K_w)], 1 / 30)
        for _ in range(120):
            app.step([], 1 / 30)
            if any(isinstance(e, HandEnded) for e in sc.table.events) and sc.director.idle:
                break
        end = next(e for e in sc.table.events if isinstance(e, HandEnded))
        want = win_effect(max(w.result.basic for w in end.winners))
        fanfares = [n for n in app.sound.played if n.startswith("win_")]
        assert fanfares == [want], (fanfares, want)
    finally:
        app.close()


# --- the music ------------------------------------------------------------------------------------
@pytest.fixture
def fake_music(monkeypatch, fake_mixer):
    calls: list[tuple] = []
    music = pygame.mixer.music
    monkeypatch.setattr(music, "load", lambda path: calls.append(("load", path.rsplit("/", 1)[-1])))
    monkeypatch.setattr(music, "play",
                        lambda loops=0, fade_ms=0, **_kw: calls.append(("play", loops)))
    monkeypatch.setattr(music, "set_volume", lambda v: calls.append(("volume", round(v, 3))))
    monkeypatch.setattr(music, "fadeout", lambda ms: calls.append(("fadeout",)))
    monkeypatch.setattr(music, "stop", lambda: calls.append(("stop",)))
    return calls


def test_music_plays_at_master_times_music_and_stops_when_muted_or_at_zero(fake_music):
    s = Sound(enabled=True, volume=0.8, music=0.5)
    s.play_music("table")
    assert fake_music == [("load", "music-table.ogg"), ("play", -1), ("volume", 0.4)]
    fake_music.clear()
    s.play_music("table")  # the same piece goes on, undisturbed
    assert fake_music == [("volume", 0.4)]
    fake_music.clear()
    s.configure(False, 0.8, 0.5, 1.0)  # muted (M)
    assert fake_music == [("fadeout",)]
    fake_music.clear()
    s.configure(True, 0.8, 0.5, 1.0)  # back: the piece asked for starts again
    assert fake_music[:2] == [("load", "music-table.ogg"), ("play", -1)]
    fake_music.clear()
    s.configure(True, 0.8, 0.0, 1.0)  # music volume 0: no music, the effects go on
    assert fake_music == [("fadeout",)]
    s.configure(True, 0.8, 0.5, 1.0)
    fake_music.clear()
    s.play_music("end")
    assert fake_music[:2] == [("load", "music-end.ogg"), ("play", 0)], "the end plays once"
    s.stop_music()
    assert fake_music[-1] == ("stop",) and s.music is None


def test_each_screen_has_its_music_and_menus_keep_the_one_beneath():
    from game.ui.scenes.table import TableScene

    app = make_app()
    try:
        app.push("title")
        app.step([], 1 / 30)
        assert app.sound.music == "title"
        app.push("settings")
        app.step([], 1 / 30)
        assert app.sound.music == "title", "the settings over the title keep its music"
        app.back()
        sc = TableScene(app, ["human", "random", "random", "random"], seed=4, hands=1, record=False)
        app.push(sc)
        app.step([], 1 / 30)
        assert app.sound.music == "table"
        app.step([key(pygame.K_ESCAPE)], 1 / 30)
        assert app.top.name == "pause" and app.sound.music == "table"
    finally:
        app.close()
    assert app.sound.music is None, "the window closed: the music stopped"


def test_the_effects_are_decoded_ahead_in_a_thread_not_at_their_first_play(fake_mixer,
                                                                            monkeypatch):
    made: list[str] = []

    class Counted(FakeSound):
        def __init__(self, path: str) -> None:
            super().__init__(path)
            made.append(path)

    monkeypatch.setattr(pygame.mixer, "Sound", Counted)
    s = Sound(enabled=True, volume=0.5)
    s.preload()
    assert s._loader is not None
    s._loader.join(timeout=30)
    loaded = len(made)
    assert loaded == sum(sound_module.VARIANTS.values()), "every variant of every effect"
    for name in sound_module.EFFECTS:
        s.play(name)
    assert len(made) == loaded, "no file decoded at play time (a frame would wait ~40 ms)"
    s.preload()
    assert len(made) == loaded, "once"


def test_each_call_has_its_own_sound():
    from game.ui.director import CALLS

    sounds = [s for _key, _colour, s in CALLS.values()]
    assert all(sounds) and len(set(sounds)) == len(CALLS), sounds  # pung kong uper ola ssoa


def test_an_old_wav_file_is_still_read_when_no_ogg_is_there(tmp_path):
    from game.ui.sound import sound_file

    (tmp_path / "kong.wav").write_bytes(b"RIFF")
    assert sound_file("kong", tmp_path).name == "kong.wav"
    (tmp_path / "kong.ogg").write_bytes(b"OggS")
    assert sound_file("kong", tmp_path).name == "kong.ogg", "the OGG first"
