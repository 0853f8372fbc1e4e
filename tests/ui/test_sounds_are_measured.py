"""The sounds are checked by measurement, since nobody here can listen (issue 35).

Every file is decoded by pygame's own mixer (the dummy audio driver when no mixer runs yet) and
measured in Python from its samples, as the game would play it:

- every sound the code names (`sound.VARIANTS`, `sound.MUSIC`, and each literal name the UI code
  passes to ``sound.play`` or the director's ``self.sound``) exists in ``assets/sounds`` and
  loads;
- each effect's loudness (the RMS of its loudest 100 ms) is the level `tools/make_sounds.py`
  states (`LOUDNESS`, -20 dBFS) within 1.5 dB, and no file peaks above -1 dBFS (the effects
  stay under the tool's `CEILING`, -8 dBFS, with a margin for the encoder);
- the four loudest effects played at once at full volume, at their mix levels (`LEVELS`), with
  the table's music under them, never clip, whatever their offsets on a 10 ms grid;
- each piece of music is at the level `tools/make_music.py` states (RMS of the whole) within
  1 dB, peaks under -1 dBFS, and the table's stays under the effects (its loudest second at the
  default music volume at least 6 dB under the effects' level); a looping piece meets itself at
  its loop point: the jump from its last sample to its first, and the change of slope there, are
  no bigger than the piece's own ordinary steps and bends (99.9th percentile), decoded at the
  files' own 44.1 kHz stereo in a separate process (no resampler touching the ends);
- the sounds folder stays small.
"""

from __future__ import annotations

import importlib.util
import math
import random
import re
import subprocess
import sys
from array import array
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.ui import sound
from game.ui.assets import SOUNDS

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def mixer():
    """pygame's mixer, started on the dummy driver when no test has started one; its format."""
    if not pygame.mixer.get_init():
        import os

        old = os.environ.get("SDL_AUDIODRIVER")
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
        finally:
            if old is None:
                os.environ.pop("SDL_AUDIODRIVER", None)
            else:
                os.environ["SDL_AUDIODRIVER"] = old
    freq, size, channels = pygame.mixer.get_init()
    assert size == -16, "the measurement reads 16-bit samples"
    return freq, channels


def decode(path: Path, mixer) -> list[float]:
    """A file's samples as the mixer holds them (-1..1), channels averaged."""
    _freq, channels = mixer
    raw = array("h")
    raw.frombytes(pygame.mixer.Sound(str(path)).get_raw())
    if channels == 1:
        return [v / 32768 for v in raw]
    return [sum(raw[i:i + channels]) / channels / 32768 for i in range(0, len(raw), channels)]


def peak_db(samples: list[float]) -> float:
    top = max((abs(v) for v in samples), default=0.0)
    return 20 * math.log10(top) if top > 0 else -math.inf


def test_every_sound_the_code_names_exists_and_loads(mixer):
    for name in sound.EFFECTS:
        for stem in sound.files_of(name):
            path = sound.sound_file(stem, SOUNDS)
            assert path.is_file(), f"effect {name!r}: {path.name} is missing"
            assert pygame.mixer.Sound(str(path)).get_length() > 0.02, path.name
        assert name in sound.LEVELS, f"effect {name!r} has no level in the mix"
    # each literal sound name in the front end's code is an effect
    said: set[str] = set()
    for src in (ROOT / "game" / "ui").rglob("*.py"):
        text = src.read_text(encoding="utf-8")
        said.update(re.findall(r"sound\.play\(\"(\w+)\"\)", text))
        said.update(re.findall(r"self\.sound\(\"(\w+)\"\)", text))
    from game.ui.director import CALLS

    said.update(s for _k, _c, s in CALLS.values() if s)
    assert said and said <= set(sound.EFFECTS), sorted(said - set(sound.EFFECTS))
    assert {sound.win_effect(p) for p in range(1, 40)} <= set(sound.EFFECTS)


def test_each_effect_is_at_the_stated_loudness_and_never_clips(mixer):
    tool = _tool("make_sounds")
    freq, _ = mixer
    for name in sound.EFFECTS:
        for stem in sound.files_of(name):
            s = decode(sound.sound_file(stem, SOUNDS), mixer)
            level = tool.loudness(s, rate=freq)
            assert abs(level - tool.LOUDNESS) <= 1.5, (stem, round(level, 1))
            assert peak_db(s) < -1.0, (stem, round(peak_db(s), 1))
            assert peak_db(s) <= tool.CEILING + 1.0, (stem, round(peak_db(s), 1))


def test_the_loudest_effects_at_once_with_the_music_never_clip(mixer):
    freq, _ = mixer
    full = {name: [v * sound.LEVELS[name] for v in decode(
        sound.sound_file(sound.files_of(name)[0], SOUNDS), mixer)] for name in sound.EFFECTS}
    loudest = sorted(full, key=lambda n: -max(abs(v) for v in full[n]))[:4]
    bed: list[float] = []
    music = sound.sound_file(sound.MUSIC["table"], SOUNDS)
    if music.is_file():  # the table's music under them, at the default music volume
        from game.settings import Settings

        gain = Settings().music_volume
        bed = [v * gain for v in decode(music, mixer)]
    rng = random.Random(35)
    step = freq // 100
    for trial in range(12):
        offsets = [0] * 4 if trial == 0 else [rng.randrange(0, 16) * step for _ in range(4)]
        n = max(o + len(full[name]) for o, name in zip(offsets, loudest))
        mix = list(bed[:n]) + [0.0] * max(0, n - len(bed))
        for o, name in zip(offsets, loudest):
            for i, v in enumerate(full[name]):
                mix[o + i] += v
        assert peak_db(mix) < -1.0, (loudest, offsets, round(peak_db(mix), 2))


def test_the_sounds_folder_stays_small():
    total = sum(p.stat().st_size for p in SOUNDS.iterdir() if p.is_file())
    assert total < 4 * 1024 * 1024, f"{total / 1024:.0f} KiB"


DECODE = """
import os, sys
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
pygame.mixer.init(frequency=44100, size=-16, channels=2)
sys.stdout.buffer.write(pygame.mixer.Sound(sys.argv[1]).get_raw())
"""


def decode_music(path: Path) -> list[float]:
    """A piece at its own rate (44.1 kHz stereo), channels averaged, decoded in a process of its
    own so the mixer's format is the file's whatever this process runs."""
    done = subprocess.run([sys.executable, "-c", DECODE, str(path)], capture_output=True,
                          check=True, timeout=120)
    raw = array("h")
    raw.frombytes(done.stdout)
    return [(a + b) / 65536 for a, b in zip(raw[0::2], raw[1::2])]


def quantile(values, q: float) -> float:
    ordered = sorted(values)
    return ordered[int(len(ordered) * q)]


@pytest.mark.parametrize("piece", sorted(sound.MUSIC))
def test_the_music_is_at_its_level_and_loops_without_a_seam(piece):
    music = _tool("make_music")
    path = sound.sound_file(sound.MUSIC[piece], SOUNDS)
    assert path.is_file(), path
    x = decode_music(path)
    assert len(x) > 44100 * 10, "a piece of some length"
    rms = 20 * math.log10(math.sqrt(sum(v * v for v in x) / len(x)))
    assert abs(rms - music.LOUDNESS[piece]) <= 1.0, round(rms, 2)
    assert peak_db(x) < -1.0, round(peak_db(x), 2)
    if piece == "table":  # under the effects, at the default music volume
        from game.settings import Settings

        second = 44100
        loudest = max(sum(v * v for v in x[i:i + second]) / second
                      for i in range(0, len(x) - second, second // 4))
        level = 10 * math.log10(loudest) + 20 * math.log10(Settings().music_volume)
        assert level <= _tool("make_sounds").LOUDNESS - 6, round(level, 1)
    if sound.LOOPS[piece]:
        steps = [abs(b - a) for a, b in pairwise(x)]
        bends = [abs(c - 2 * b + a) for a, b, c in zip(x, x[1:], x[2:])]
        jump = abs(x[0] - x[-1])
        bend = max(abs(x[0] - 2 * x[-1] + x[-2]), abs(x[1] - 2 * x[0] + x[-1]))
        assert jump <= quantile(steps, 0.999), (jump, quantile(steps, 0.999))
        assert bend <= quantile(bends, 0.999), (bend, quantile(bends, 0.999))
