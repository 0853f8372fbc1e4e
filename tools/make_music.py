"""Compose and render the game's music: ``assets/sounds/music-{title,table,end}.ogg``.

    apt-get install fluidsynth fluid-soundfont-gm sox vorbis-tools
    python tools/make_music.py               # all three, with a measurement of each
    python tools/make_music.py table         # one of them

The pieces are composed here, in code (a fixed seed: the same notes every run), in the Korean
pyeongjo pentatonic (G A C D E), for plucked string, wind and a soft pad: GM 108 Koto (the
nearest the GM bank has to a gayageum), GM 78 Shakuhachi (for the daegeum), GM 90 Warm Pad. They
are written as MIDI (`make_sounds.Midi`, our own small writer) and rendered by FluidSynth with
Debian's ``fluid-soundfont-gm`` (FluidR3_GM, MIT licence), reverb on, chorus off (its LFO
would not meet itself at the loop point); sox runs repeatable (``-R``: its dither seeded) and
oggenc with a fixed serial, so each run makes the same bytes.

- **table**: calm, 80 bpm, 16 bars (48 s), loops without a seam; sparse, under the game's sounds.
- **title**: 16 bars (48 s), a little fuller, loops the same way.
- **end**: the session's end, 10 bars and a closing chord; plays once.

A loop has no seam because it is cut from the middle of three passes of itself: its start holds
the tails of the notes that rang over the end of the pass before, exactly as when it loops
(`loop_cut`), and the cut falls a quarter beat after a bar line, between two plucks. The tool
measures what the game's test measures: the jump at the loop point and its change of slope
against the piece's ordinary sample-to-sample steps and slope changes (99.9th percentile), the
loudness (RMS of the whole, in dBFS, `LOUDNESS`) and the peak; sox's own measurement with
``--stats``.
"""

from __future__ import annotations

import importlib.util
import math
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

_spec = importlib.util.spec_from_file_location("make_sounds",
                                               Path(__file__).with_name("make_sounds.py"))
assert _spec is not None and _spec.loader is not None
sounds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sounds)

Midi = sounds.Midi
RATE = 44100
OUT = sounds.OUT
BEAT = 0.75  # 80 bpm; a beat is a whole number of samples (33,075), so the loops cut exactly
BAR = 4 * BEAT
#: each piece's loudness (RMS of the whole, dBFS): under the effects' -20 dBFS (their loudest
#: 100 ms), and played at the music volume (0.5 by default) under them again
LOUDNESS = {"table": -26.0, "title": -23.0, "end": -23.0}
PEAK = -3.0  # dBFS, at most
QUALITY = "1"  # oggenc -q: about 80 kbit/s at 44.1 kHz stereo

KOTO, SHAKUHACHI, PAD = 108, 78, 90
G3, A3, C4, D4, E4 = 55, 57, 60, 62, 64
SCALE = [43, 45, 48, 50, 52, 55, 57, 60, 62, 64, 67, 69, 72, 74, 76, 79, 81, 84]  # G A C D E
#: the harmony, a chord a bar: (bass, the chord's tones)
CHORDS = [(43, (55, 62, 67, 69)), (40, (52, 59, 64, 67)), (48, (55, 60, 64, 69)),
          (50, (57, 62, 67, 69))]  # G(add9)  Em7  C(add9)  Dsus


def near(key: int, options: list[int]) -> int:
    return min(options, key=lambda k: abs(k - key))


def setup(m: Midi) -> Midi:
    m.program(0, KOTO).program(1, SHAKUHACHI).program(2, PAD).program(3, KOTO)
    m.control(0, 7, 100).control(1, 7, 92).control(2, 7, 70).control(3, 7, 80)
    m.control(0, 10, 50).control(1, 10, 76).control(3, 10, 30)  # pan: koto left, wind right
    for ch in range(4):
        m.control(ch, 91, 70)  # reverb send
        m.control(ch, 93, 0)  # no chorus
    return m


def koto_bar(m: Midi, rng: random.Random, at: float, chord: tuple[int, tuple[int, ...]],
             density: float, vel: int) -> None:
    """A bar of plucked arpeggio on the chord's tones: eighth notes, some left out."""
    bass, tones = chord
    m.note(3, bass, at, BAR * 0.9, vel - 18)
    pattern = [0, 1, 2, 3, 2, 1, 2, 3]
    for i, p in enumerate(pattern):
        if i and rng.random() > density:
            continue
        key = tones[p] + (12 if i in (3, 4) and rng.random() < 0.4 else 0)
        m.note(0, key, at + i * BEAT / 2, BEAT * 1.6, vel - 10 + rng.randrange(14))


def phrase(m: Midi, rng: random.Random, at: float, bars: int, chords: list, vel: int,
           end_on: int | None = None) -> None:
    """A wind phrase: long notes stepping through the scale, each landing near a chord tone."""
    t = at + BEAT
    key = near(rng.choice([67, 69, 72, 74]), SCALE)
    end = at + bars * BAR - BEAT
    while t < end:
        length = rng.choice([BEAT, BEAT * 1.5, BEAT * 2, BEAT * 3])
        length = min(length, end - t)
        if length < BEAT / 2:
            break
        bar = int((t - at) / BAR)
        tones = chords[bar % len(chords)][1]
        step = rng.choice([-5, -3, -2, 2, 3, 5])
        target = near(key + step, [k + 12 for k in tones] + list(tones))
        key = near(target, [k for k in SCALE if 60 <= k <= 81])
        m.note(1, key, t, length * 0.95, vel + rng.randrange(-8, 8))
        t += length + (BEAT / 2 if rng.random() < 0.3 else 0)
    if end_on is not None:
        m.note(1, end_on, end, BEAT * 2, vel)


def table_score(m: Midi, at: float, rng: random.Random) -> float:
    """16 bars: the harmony twice round, koto sparse, the wind in bars 5-8 and 13-16."""
    for bar in range(16):
        chord = CHORDS[(bar // 2) % 4]
        t = at + bar * BAR
        if bar % 2 == 0:
            m.note(2, chord[0] + 12, t, 2 * BAR - 0.05, 64)
            for k in chord[1][:3]:
                m.note(2, k, t, 2 * BAR - 0.05, 56)
        koto_bar(m, rng, t, chord, 0.45, 78)
    chords = [CHORDS[(b // 2) % 4] for b in range(16)]
    phrase(m, rng, at + 4 * BAR, 4, chords[4:8], 82)
    phrase(m, rng, at + 12 * BAR, 4, chords[12:16], 80)
    return 16 * BAR


def title_score(m: Midi, at: float, rng: random.Random) -> float:
    """16 bars: fuller koto, the wind's melody over the whole, in two phrases."""
    for bar in range(16):
        chord = CHORDS[bar % 4]
        t = at + bar * BAR
        m.note(2, chord[0] + 12, t, BAR - 0.05, 66)
        for k in chord[1][:3]:
            m.note(2, k, t, BAR - 0.05, 58)
        koto_bar(m, rng, t, chord, 0.8, 88)
    phrase(m, rng, at, 8, [CHORDS[b % 4] for b in range(8)], 92)
    phrase(m, rng, at + 8 * BAR, 8, [CHORDS[b % 4] for b in range(8)], 90)
    return 16 * BAR


def end_score(m: Midi, at: float, rng: random.Random) -> float:
    """10 bars that slow into a rolled G chord."""
    order = [CHORDS[i] for i in (2, 3, 0, 1, 2, 3, 0, 1, 2, 3)]
    for bar, chord in enumerate(order):
        t = at + bar * BAR
        m.note(2, chord[0] + 12, t, BAR - 0.05, 62)
        for k in chord[1][:3]:
            m.note(2, k, t, BAR - 0.05, 54)
        koto_bar(m, rng, t, chord, 0.6, 84)
    phrase(m, rng, at, 10, order, 88, end_on=67)
    t = at + 10 * BAR
    for i, k in enumerate((43, 50, 55, 62, 67, 71 - 2, 74)):  # the rolled chord: G D G D G A D
        m.note(0, k, t + i * 0.07, 4.0, 96 - i * 3)
    m.note(2, 55, t, 4.0, 60).note(2, 62, t, 4.0, 54)
    return 10 * BAR + 4.0


PIECES: dict[str, tuple[Callable[[Midi, float, random.Random], float], bool, int]] = {
    "table": (table_score, True, 35), "title": (title_score, True, 36),
    "end": (end_score, False, 37)}


def render(m: Midi, seconds: float) -> Path:
    """The score as a 44.1 kHz stereo WAV in a temporary folder (the caller removes it)."""
    tmp = Path(tempfile.mkdtemp(prefix="music-"))
    mid, wav = tmp / "score.mid", tmp / "score.wav"
    mid.write_bytes(m.to_bytes())
    subprocess.run([sounds.need("fluidsynth"), "-ni", "-q", "-g", "0.5", "-r", str(RATE),
                    "-C", "0", "-R", "1", "-T", "wav", "-O", "s16", "-F", str(wav),
                    str(sounds.SOUNDFONT), str(mid)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cut = tmp / "cut.wav"
    subprocess.run([sounds.need("sox"), "-R", str(wav), str(cut), "trim", "0",
                    f"{round(seconds * RATE)}s"], check=True)
    return cut


def loop_cut(score: Callable[[Midi, float, random.Random], float], seed: int) -> Path:
    """Three passes of a loop, the middle one cut out: a loop that meets itself."""
    m = setup(Midi())
    length = 0.0
    for k in range(3):
        length = score(m, k * length, random.Random(seed))
    tmp = render(m, 3 * length)
    mid = tmp.with_name("loop.wav")
    n = round(length * RATE)
    # FluidSynth plays events at 64-sample blocks: passes a whole number of blocks apart are
    # rendered alike (a 24 s loop, 32 samples off, left a seam)
    assert n % 64 == 0 and abs(n - length * RATE) < 1e-6, "a loop of whole 64-sample blocks"
    shift = round(BEAT / 4 * RATE)  # the loop point between two plucks, not on one
    subprocess.run([sounds.need("sox"), "-R", str(tmp), str(mid), "trim", f"{n + shift}s", f"{n}s"],
                   check=True)
    return mid


def once(score: Callable[[Midi, float, random.Random], float], seed: int) -> Path:
    m = setup(Midi())
    length = score(m, 0.0, random.Random(seed))
    out = render(m, length + 2.0)
    faded = out.with_name("faded.wav")
    subprocess.run([sounds.need("sox"), "-R", str(out), str(faded), "fade", "t", "0.02", "-0",
                    "2.5"], check=True)
    return faded


def seam(x: list[float]) -> tuple[float, float, float, float]:
    """A loop's seam against its body: the jump from the last sample to the first and the 99.9th
    percentile of the ordinary steps; the change of slope there (the second difference) and
    the 99.9th percentile of the ordinary ones. The game's test holds the same."""
    steps = sorted(abs(b - a) for a, b in pairwise(x))
    bends = sorted(abs(c - 2 * b + a) for a, b, c in zip(x, x[1:], x[2:]))
    q = 0.999
    return (abs(x[0] - x[-1]), steps[int(len(steps) * q)],
            max(abs(x[0] - 2 * x[-1] + x[-2]), abs(x[1] - 2 * x[0] + x[-1])),
            bends[int(len(bends) * q)])


def measure(path: Path) -> tuple[float, float, tuple[float, float, float, float]]:
    """RMS (dBFS), peak (dBFS) and the seam (`seam`) of a 16-bit WAV, channels averaged."""
    left, right = sounds.read_wav(path)
    x = [(a + b) / 2 for a, b in zip(left, right)]
    rms = math.sqrt(sum(v * v for v in x) / len(x))
    return sounds.db(rms), sounds.db(max(abs(v) for v in x)), seam(x)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    stats = "--stats" in args
    wanted = [a for a in args if not a.startswith("--")] or list(PIECES)
    unknown = [w for w in wanted if w not in PIECES]
    if unknown:
        print(f"no piece {', '.join(unknown)}; known: {', '.join(PIECES)}", file=sys.stderr)
        return 2
    for name in wanted:
        score, loops, seed = PIECES[name]
        wav = loop_cut(score, seed) if loops else once(score, seed)
        rms, peak, _ = measure(wav)
        gain = min(LOUDNESS[name] - rms, PEAK - peak)
        level = wav.with_name("level.wav")
        subprocess.run([sounds.need("sox"), "-R", str(wav), str(level), "gain", f"{gain:.2f}"],
                       check=True)
        rms, peak, (jump, step, bend, bends) = measure(level)
        out = OUT / f"music-{name}.ogg"
        subprocess.run([sounds.need("oggenc"), "-Q", "-q", QUALITY, "--serial", "20241",
                        "--discard-comments", "-o", str(out), str(level)], check=True)
        for f in level.parent.iterdir():
            f.unlink()
        level.parent.rmdir()
        line = (f"{out.name:18} {out.stat().st_size / 1024:6.1f} KiB  RMS {rms:6.1f} dBFS  "
                f"peak {peak:6.1f} dBFS" + (f"  loop: jump {jump:.4f} (steps 99.9% under "
                                             f"{step:.4f}), bend {bend:.4f} (99.9% under "
                                             f"{bends:.4f})" if loops else ""))
        print(line + (f"  | sox: {sounds.sox_stats(out)}" if stats else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
