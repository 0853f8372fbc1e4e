"""Tile art, fonts and sounds: faces are not blank, differ from each other, glyphs are covered."""

import itertools
import sys
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from game.engine.tiles import format_tiles
from game.i18n import TEXTS
from game.ui.art import TileArt, depth, face_height, tile_size
from game.ui.assets import SOUNDS, TILE_FONT, UI_FONT
from game.ui.i18n import LANGS, STRINGS, all_text, tr, yak_name
from game.ui.sound import EFFECTS, Sound, files_of, sound_file

IVORY = (246, 241, 226)


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return TileArt()


def ink(surface):
    """Pixels that are clearly neither the ivory face nor transparent."""
    w, h = surface.get_size()
    n = 0
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            if c.a > 200 and sum(abs(c[i] - IVORY[i]) for i in range(3)) > 150:
                n += 1
    return n


@pytest.mark.parametrize("width", [24, 40])
@pytest.mark.parametrize("kind", range(29))
def test_every_face_has_ink(art, kind, width):
    surf = art.tile(kind, width)
    assert surf.get_size() == tile_size(width)
    face = surf.subsurface((2, 2, width - 4, face_height(width) - 4))
    assert ink(face) > width * face_height(width) * 0.06, format_tiles([kind])


def test_faces_are_all_different_at_the_smallest_size(art):
    blobs = {k: pygame.image.tobytes(art.tile(k, 24), "RGBA") for k in range(29)}
    for a, b in itertools.combinations(range(29), 2):
        assert blobs[a] != blobs[b], (format_tiles([a]), format_tiles([b]))


@pytest.mark.parametrize("n", range(2, 10))
def test_circle_pips_count(art, n):
    """np shows n pips: count the coloured blobs inside a large face (each pip is a ring and a
    centre dot, so between n and 2n blobs)."""
    w = 96
    h = face_height(w)
    face = art.tile(9 + n - 1, w).subsurface((6, 6, w - 12, h - 12))
    mask = pygame.mask.from_threshold(face, IVORY, (70, 70, 70, 255))
    mask.invert()
    blobs = list(mask.connected_components(30))
    assert n <= len(blobs) <= 2 * n


def test_back_and_orientations(art):
    back = art.tile(None, 40)
    assert back.get_at((20, 26))[:3] != IVORY
    side = art.tile(4, 40, orientation=1)
    assert side.get_size() == (face_height(40), 40 + depth(40))
    assert art.tile(4, 40, orientation=2).get_size() == tile_size(40)


def test_cache_returns_the_same_surface(art):
    assert art.tile(5, 33) is art.tile(5, 33)
    assert art.tile(5, 33, face_up=False) is art.tile(None, 33)


def test_bad_requests_are_named(art):
    with pytest.raises(ValueError, match="kind"):
        art.tile(29, 40)
    with pytest.raises(ValueError, match="width"):
        art.tile(1, 4)
    with pytest.raises(ValueError, match="die"):
        art.die(7, 30)


def test_dice_faces_differ_and_one_is_red(art):
    faces = [pygame.image.tobytes(art.die(v, 32), "RGBA") for v in range(1, 7)]
    assert len(set(faces)) == 6
    c = art.die(1, 64).get_at((32, 30))
    assert c.r > 150 and c.g < 100


def test_tile_font_covers_every_tile_glyph():
    pygame.freetype.init()
    f = pygame.freetype.Font(str(TILE_FONT), 24)
    for ch in "一二三四五六七八九萬東南西北中發春夏秋冬0123456789":
        assert f.get_metrics(ch)[0] is not None, ch


def test_ui_font_covers_every_ui_string():
    """Every text and message kind of every package, in every language."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "i18n_tool_fonts", Path(__file__).resolve().parents[2] / "tools" / "i18n.py")
    tool = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tool
    spec.loader.exec_module(tool)
    tool.import_everything()  # every message kind is registered
    pygame.freetype.init()
    f = pygame.freetype.Font(str(UI_FONT), 24)
    chars = sorted({c for s in all_text() for c in s if not c.isspace()})
    missing = [c for c, m in zip(chars, f.get_metrics("".join(chars))) if m is None]
    assert missing == [], f"run tools/make_fonts.py: missing {''.join(missing)}"


def test_font_files_are_small():
    assert TILE_FONT.stat().st_size < 100_000
    assert UI_FONT.stat().st_size < 1_000_000


def test_every_string_has_every_language():
    # the catalogues' own check is tests/test_catalogues.py; here: nothing shows blank
    for key in STRINGS:
        for lang in LANGS:
            assert tr(key, lang, **_dummy_args(key)).strip(), (key, lang)
    for key in YAK_KEYS():
        assert all(yak_name(key, lang).strip() for lang in LANGS), key


def YAK_KEYS() -> list[str]:
    """Every yak that has a name (a ``yak.<key>`` text)."""
    return [k[4:] for k in TEXTS if k.startswith("yak.")]


def _dummy_args(key: str) -> dict[str, int]:
    from game.engine.messages import placeholders
    english = STRINGS[key]
    return dict.fromkeys(placeholders(english[-1] if isinstance(english, tuple) else english), 1)


def test_i18n_errors_name_the_key():
    with pytest.raises(KeyError, match=r"no UI text 'menu\.nope'"):
        tr("menu.nope", "en")
    with pytest.raises(KeyError, match="unknown language"):
        tr("menu.quit", "fr")
    with pytest.raises(KeyError, match="no yak name"):
        yak_name("chicken", "en")


def test_every_yak_has_a_name():
    from game.engine.rules import ALL_YAK_KEYS

    assert set(ALL_YAK_KEYS) == set(YAK_KEYS())


def test_sound_files_exist():
    for name in EFFECTS:
        for stem in files_of(name):
            assert sound_file(stem, SOUNDS).stat().st_size > 500


def test_no_sound_device_means_silence(monkeypatch):
    def boom(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", boom)
    s = Sound(enabled=True, volume=0.5)
    assert not s.available and "no audio" in s.error
    s.play("discard")  # nothing happens, nothing raises
    assert s.played == ["discard"]
    with pytest.raises(ValueError, match="no sound effect"):
        s.play("trumpet")


def test_sound_plays_with_the_dummy_driver():
    s = Sound(enabled=True, volume=0.3)
    s.play("win_big")
    assert s.played == ["win_big"]


def test_a_deferred_mixer_starts_in_the_spare_time_or_at_the_first_effect(monkeypatch):
    """The window opens the audio device after its first frame (it cost about 0.1 s of the
    start): not when the sound is made, then once, at `start` or at the first effect."""
    calls = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda **kw: calls.append(kw))
    s = Sound(enabled=True, volume=0.5, defer=True)
    assert calls == [] and not s.available
    s.start()
    assert len(calls) == 1 and s.available
    s.start()
    assert len(calls) == 1
    late = Sound(enabled=True, volume=0.5, defer=True)
    monkeypatch.setattr(pygame.mixer, "Sound", lambda path: type("Snd", (), {
        "set_volume": lambda self, v: None, "play": lambda self: None})())
    late.play("win_small")
    assert len(calls) == 2 and late.available
    off = Sound(enabled=False, volume=0.5, defer=True)
    off.start()
    off.play("win_small")
    assert len(calls) == 2  # sound off: the device is never opened


def test_the_window_starts_the_mixer_after_its_first_frame(monkeypatch, tmp_path):
    from game.settings import CONFIG_ENV, Settings
    from game.ui.app import App

    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    calls = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda **kw: calls.append(kw))
    pygame.init()
    app = App(Settings(language="en", sound=True), size=(1024, 640))
    try:
        assert calls == []
        app.idle(0.0, steps=1)
        assert len(calls) == 1 and app.sound.available
    finally:
        app.close()
