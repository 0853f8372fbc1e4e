"""Make the game's sound effects: ``assets/sounds/*.ogg`` (made by this project).

    apt-get install fluidsynth fluid-soundfont-gm sox vorbis-tools
    python tools/make_sounds.py              # every effect, with a measurement of each
    python tools/make_sounds.py discard      # some of them

Two sources, both deterministic (fixed seeds, fixed scores):

- **our own synthesis** in plain Python (`math`, `random`): the tiles' clacks on felt (a draw, a
  discard, a block of four at the deal, the wall being built), the dice, the turn's cue, the
  countdown's tick and the interface's click. A clack is a noise transient and two damped
  resonances of a hard tile, over a short low thump of the felt; each variant its own seed and
  pitch, so a hundred discards a hand do not repeat one sound.
- **FluidSynth** playing a score written here as MIDI (`Midi`, our own small writer) with
  Debian's ``fluid-soundfont-gm`` (FluidR3_GM, MIT licence): the calls' stings (pung: two plucked
  koto notes and a wood block; kong: three koto notes and a taiko; uper: the stick laid down,
  claves and a falling koto pair; ola: a rising koto flourish; ssoa: a struck taiko and a koto
  striking down and back) and the win's fanfares in three sizes (small: a koto arpeggio;
  medium: with shakuhachi and taiko; big: a koto run, strings, shakuhachi, taiko roll and cymbal).

Every effect is normalised the same way (`finish`): its loudest 100 ms window at `LOUDNESS` dBFS
RMS, its peaks held under `CEILING` dBFS by a soft limiter (so several at once do not clip), a
short fade at the end; then encoded as OGG Vorbis, 22,050 Hz mono (``oggenc``, a fixed stream
serial: the same bytes each run). The tool prints each file's size, length, peak and loudness,
and sox's own measurement (``sox FILE -n stats``) when asked with ``--stats``.
"""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100  # synthesis and rendering; the files are 22,050 Hz (`OUT_RATE`)
OUT_RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
#: an effect's loudness: the RMS of its loudest 100 ms, in dBFS (the game's tests hold it)
LOUDNESS = -20.0
#: the highest peak of an effect, in dBFS: low enough that four effects at once stay under 0 dB
CEILING = -8.0
QUALITY = "3"  # oggenc -q: about 48 kbit/s at 22 kHz mono; the clacks' attack stays crisp

Samples = list[float]


# --- synthesis ------------------------------------------------------------------------------------

def silence(seconds: float) -> Samples:
    return [0.0] * int(RATE * seconds)


def mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> Samples:
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain
    return into


def clack(rng: random.Random, freq: float = 2300.0, length: float = 0.08, decay: float = 70.0,
          noise: float = 0.6, felt: float = 0.5) -> Samples:
    """A hard tile set down on felt: a noise transient, two damped resonances of the tile, and
    the felt's short low thump (`felt`) that gives the sound its weight."""
    n = int(RATE * length)
    out = []
    lp = 0.0
    f2 = freq * (1.47 + rng.uniform(-0.05, 0.05))
    thump = rng.uniform(150, 210)
    for i in range(n):
        t = i / RATE
        env = math.exp(-decay * t)
        lp += 0.3 * (rng.uniform(-1, 1) - lp)  # soften the noise a little
        tone = 0.6 * math.sin(2 * math.pi * freq * t) + 0.4 * math.sin(2 * math.pi * f2 * t)
        body = felt * math.sin(2 * math.pi * thump * t) * math.exp(-45 * t) * min(1.0, t / 0.002)
        out.append(env * (noise * lp * math.exp(-300 * t) * 2 + (1 - noise) * tone) + body)
    return out


def chime(freqs: list[float], length: float, decay: float = 5.0) -> Samples:
    """A soft bell: each partial a sine with its own decay, a gentle attack."""
    n = int(RATE * length)
    out = []
    for i in range(n):
        t = i / RATE
        attack = min(1.0, t / 0.012)
        v = 0.0
        for k, f in enumerate(freqs):
            v += math.sin(2 * math.pi * f * t) * math.exp(-decay * (1 + 0.3 * k) * t)
            v += 0.2 * math.sin(2 * math.pi * f * 2.01 * t) * math.exp(-decay * 2.5 * t)
        out.append(attack * v / len(freqs))
    return out


def lowpass(samples: Samples, a: float) -> Samples:
    out, y = [], 0.0
    for v in samples:
        y += a * (v - y)
        out.append(y)
    return out


def draw_sound(rng: random.Random) -> Samples:
    """A tile taken from the wall and set down: light."""
    return clack(rng, freq=rng.uniform(1600, 2100), length=0.07, decay=rng.uniform(80, 100),
                 noise=0.75, felt=0.25)


def discard_sound(rng: random.Random) -> Samples:
    """A tile put down firmly in the river: a clack, its small bounce, the felt's thump."""
    s = clack(rng, freq=rng.uniform(2100, 2700), length=0.12, decay=rng.uniform(50, 62),
              noise=0.55, felt=0.6)
    return mix(s, clack(rng, freq=rng.uniform(2800, 3300), length=0.05, decay=120, noise=0.7,
                        felt=0.0), rng.uniform(0.014, 0.024), 0.35)


def deal_sound(rng: random.Random) -> Samples:
    """A block of four tiles landing in a hand, one after another."""
    out: Samples = []
    t = 0.0
    for _ in range(4):
        mix(out, clack(rng, freq=rng.uniform(1700, 2500), length=0.07, decay=85, noise=0.7,
                       felt=0.3), t, rng.uniform(0.75, 1.0))
        t += rng.uniform(0.028, 0.045)
    return out


def wall_sound(rng: random.Random) -> Samples:
    """The wall being built: tiles pushed together in pairs, with the shuffle's slide under."""
    out = silence(1.0)
    slide = lowpass([rng.uniform(-1, 1) for _ in range(len(out))], 0.08)
    for i in range(len(out)):
        t = i / RATE
        out[i] = 0.25 * slide[i] * math.sin(math.pi * min(1.0, t / 1.0)) ** 2
    t = 0.05
    for _pair in range(13):
        for j in range(2):
            mix(out, clack(rng, freq=rng.uniform(1800, 2600), length=0.06, decay=95, noise=0.7,
                           felt=0.2), t + j * rng.uniform(0.012, 0.02), rng.uniform(0.5, 0.8))
        t += 0.062 + rng.uniform(-0.008, 0.008)
    return out


def dice_sound(rng: random.Random) -> Samples:
    """Two dice rattling, slowing down, then settling."""
    out = silence(0.05)
    t = 0.0
    for k in range(11 + rng.randrange(3)):
        t += 0.028 + 0.012 * k + rng.uniform(0, 0.015)
        mix(out, clack(rng, freq=rng.uniform(1500, 2600), length=0.05, decay=90, noise=0.7,
                       felt=0.15), t, gain=1.0 - 0.05 * k)
    return out


# --- MIDI, rendered by FluidSynth -----------------------------------------------------------------

class Midi:
    """A small standard MIDI file (format 0) written by hand: notes at times in seconds, on
    channels with GM programs. Channel 9 is the GM percussion kit."""

    TICKS = 960  # per quarter note, at 60 bpm: a tick is 1/960 s

    def __init__(self) -> None:
        self.events: list[tuple[int, int, bytes]] = []  # (tick, order, message)

    def tick(self, seconds: float) -> int:
        return round(seconds * self.TICKS)

    def program(self, channel: int, program: int, at: float = 0.0) -> Midi:
        """`program`: the GM number counted from 1 (108 Koto, 78 Shakuhachi)."""
        self.events.append((self.tick(at), 0, bytes([0xC0 | channel, program - 1])))
        return self

    def control(self, channel: int, number: int, value: int, at: float = 0.0) -> Midi:
        self.events.append((self.tick(at), 0, bytes([0xB0 | channel, number, value])))
        return self

    def note(self, channel: int, key: int, at: float, length: float, velocity: int = 96) -> Midi:
        self.events.append((self.tick(at), 2, bytes([0x90 | channel, key, velocity])))
        self.events.append((self.tick(at + length), 1, bytes([0x80 | channel, key, 0])))
        return self

    @staticmethod
    def _vlq(n: int) -> bytes:
        out = [n & 0x7F]
        n >>= 7
        while n:
            out.append(0x80 | (n & 0x7F))
            n >>= 7
        return bytes(reversed(out))

    def to_bytes(self) -> bytes:
        track = bytearray(b"\x00\xff\x51\x03" + (1_000_000).to_bytes(3, "big"))  # 60 bpm
        last = 0
        for tick, _order, msg in sorted(self.events, key=lambda e: (e[0], e[1])):
            track += self._vlq(tick - last) + msg
            last = tick
        track += b"\x00\xff\x2f\x00"
        return (b"MThd" + struct.pack(">IHHH", 6, 0, 1, self.TICKS)
                + b"MTrk" + struct.pack(">I", len(track)) + bytes(track))


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        raise SystemExit(f"{tool} is needed: apt-get install fluidsynth fluid-soundfont-gm sox "
                         "vorbis-tools")
    return path


def render(midi: Midi, tail: float = 1.5, channels: int = 1, gain: float = 0.5) -> list[Samples]:
    """The score played by FluidSynth with the GM sound bank (reverb and chorus on, as the bank
    is voiced for): one list of samples per channel (1: mono, 2: left and right), at `RATE`;
    the silence after the last note is cut (`tail` seconds kept at most)."""
    if not SOUNDFONT.is_file():
        raise SystemExit(f"{SOUNDFONT} is missing: apt-get install fluid-soundfont-gm")
    with tempfile.TemporaryDirectory() as tmp:
        mid, wav = Path(tmp) / "score.mid", Path(tmp) / "score.wav"
        mid.write_bytes(midi.to_bytes())
        subprocess.run([need("fluidsynth"), "-ni", "-q", "-g", str(gain), "-r", str(RATE),
                        "-T", "wav", "-O", "s16", "-F", str(wav), str(SOUNDFONT), str(mid)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        left, right = read_wav(wav)
    end = max((t for t, _o, _m in midi.events), default=0) / Midi.TICKS + tail
    n = min(len(left), int(end * RATE))
    if channels == 1:
        return [[(a + b) / 2 for a, b in zip(left[:n], right[:n])]]
    return [left[:n], right[:n]]


def read_wav(path: Path) -> tuple[Samples, Samples]:
    """A 16-bit WAV's samples (-1..1), left and right (the same list twice when mono)."""
    with wave.open(str(path), "rb") as w:
        ch, n = w.getnchannels(), w.getnframes()
        data = struct.unpack(f"<{n * ch}h", w.readframes(n))
    left = [v / 32768 for v in data[0::ch]]
    right = [v / 32768 for v in data[1::ch]] if ch == 2 else left
    return left, right


KOTO, SHAKUHACHI, STRINGS, PAD = 108, 78, 49, 90  # GM programs (counted from 1)
TAIKO, TIMPANI = 117, 48
# GM percussion keys on channel 9
CLAVES, HI_WOOD, LOW_WOOD, CRASH, LOW_TOM = 75, 76, 77, 49, 45


def pung_score() -> Midi:
    m = Midi().program(0, KOTO)
    m.note(9, HI_WOOD, 0.0, 0.1, 100)
    m.note(0, 69, 0.0, 0.5, 112).note(0, 76, 0.09, 0.6, 118)  # A4, E5: up a fifth
    return m


def kong_score() -> Midi:
    m = Midi().program(0, KOTO).program(1, TAIKO)
    m.note(1, 45, 0.0, 0.6, 110)
    m.note(0, 62, 0.0, 0.5, 108).note(0, 67, 0.08, 0.5, 112).note(0, 74, 0.16, 0.8, 122)
    m.note(9, LOW_WOOD, 0.16, 0.1, 96)
    return m


def uper_score() -> Midi:
    """The uper stick laid down (claves, a low wood block), then a falling koto pair."""
    m = Midi().program(0, KOTO)
    m.note(9, CLAVES, 0.0, 0.1, 110).note(9, LOW_WOOD, 0.05, 0.1, 90)
    m.note(0, 67, 0.14, 0.5, 110).note(0, 62, 0.3, 0.5, 104).note(0, 55, 0.46, 0.9, 108)
    return m


def ola_score() -> Midi:
    """올라, a win by one's own draw: a rising koto flourish over a wood block and a taiko."""
    m = Midi().program(0, KOTO).program(1, TAIKO)
    m.note(1, 45, 0.0, 0.5, 104).note(9, HI_WOOD, 0.0, 0.1, 104)
    for i, k in enumerate((67, 69, 74, 79)):
        m.note(0, k, 0.06 * i, 0.7, 104 + 6 * i)
    return m


def ssoa_score() -> Midi:
    """쏘아, a win on a discard: a struck taiko and claves, a koto that strikes down and back."""
    m = Midi().program(0, KOTO).program(1, TAIKO)
    m.note(1, 41, 0.0, 0.6, 122).note(9, CLAVES, 0.0, 0.1, 116)
    m.note(0, 81, 0.0, 0.4, 118).note(0, 74, 0.07, 0.4, 110).note(0, 79, 0.16, 0.8, 120)
    return m


# the fanfares: D minor pentatonic-ish (D F G A C), the koto's own colour
def win_small_score() -> Midi:
    m = Midi().program(0, KOTO)
    for i, k in enumerate((62, 67, 69, 74)):
        m.note(0, k, i * 0.09, 0.9, 104 + 4 * i)
    return m


def win_medium_score() -> Midi:
    m = Midi().program(0, KOTO).program(1, SHAKUHACHI).program(2, TAIKO)
    m.control(1, 7, 100)
    for i, k in enumerate((62, 65, 67, 69, 72, 74)):
        m.note(0, k, i * 0.08, 1.0, 100 + 4 * i)
    m.note(2, 45, 0.0, 0.8, 112).note(2, 45, 0.48, 0.8, 120)
    m.note(1, 74, 0.48, 1.1, 100)
    m.note(0, 62, 0.48, 1.4, 110).note(0, 69, 0.48, 1.4, 110)
    return m


def win_big_score() -> Midi:
    m = Midi().program(0, KOTO).program(1, SHAKUHACHI).program(2, TAIKO).program(3, STRINGS)
    m.control(3, 7, 90)
    t = 0.0
    for k in (50, 55, 57, 62, 65, 67, 69, 74, 77, 79, 81, 86):  # a run up two octaves
        m.note(0, k, t, 0.8, 96 + min(30, int(t * 40)))
        t += 0.055
    for i in range(8):  # the taiko roll growing
        m.note(2, 45 if i % 2 else 43, 0.1 * i, 0.3, 80 + 5 * i)
    m.note(2, 38, 0.8, 1.0, 127).note(9, CRASH, 0.8, 1.5, 110)
    for k in (50, 57, 62, 65, 69):  # the chord, held by the strings
        m.note(3, k, 0.8, 2.0, 96)
    m.note(1, 74, 0.8, 0.6, 110).note(1, 77, 1.4, 0.5, 110).note(1, 81, 1.9, 1.0, 116)
    m.note(0, 62, 0.8, 2.0, 120).note(0, 74, 0.8, 2.0, 120).note(0, 81, 1.9, 1.6, 118)
    return m


# --- finishing, measuring, encoding ---------------------------------------------------------------

def db(x: float) -> float:
    return 20 * math.log10(x) if x > 0 else -math.inf


def loudness(samples: Samples, rate: int = RATE, window: float = 0.1) -> float:
    """The RMS of the loudest `window` seconds, in dBFS (the whole when shorter), windows
    stepping by a quarter of their length. The game's tests measure the same way."""
    w = max(1, min(len(samples), int(rate * window)))
    step = max(1, w // 4)
    sq = [v * v for v in samples]
    acc = sum(sq[:w])
    best = acc
    for i in range(w, len(sq), 1):
        acc += sq[i] - sq[i - w]
        if (i - w + 1) % step == 0:
            best = max(best, acc)
    return db(math.sqrt(max(best, 0.0) / w))


def limit(samples: Samples, ceiling: float) -> Samples:
    """A soft limiter: below half the ceiling nothing changes, above it peaks bend smoothly
    towards the ceiling and never pass it."""
    knee = ceiling / 2
    out = []
    for v in samples:
        a = abs(v)
        if a > knee:
            a = knee + (ceiling - knee) * math.tanh((a - knee) / (ceiling - knee))
        out.append(math.copysign(a, v))
    return out


def finish(samples: Samples, target: float = LOUDNESS, ceiling: float = CEILING,
           fade: float = 0.01) -> Samples:
    """Loudest 100 ms at `target` dBFS, peaks held under `ceiling` dBFS, a fade at the end (no
    click). The limiter takes a little loudness off; a second pass gives it back."""
    out = samples
    for _ in range(3):
        gain = 10 ** ((target - loudness(out)) / 20)
        out = limit([v * gain for v in out], 10 ** (ceiling / 20))
    n = min(len(out), int(RATE * fade))
    for i in range(n):
        out[-1 - i] *= i / n
    return out


def encode(channels: list[Samples], path: Path, rate: int = RATE, out_rate: int = OUT_RATE,
           quality: str = QUALITY) -> Path:
    """Write OGG Vorbis: a 16-bit WAV, resampled by sox, encoded by oggenc with a fixed
    serial (the same bytes on every run)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        raw, res = Path(tmp) / "in.wav", Path(tmp) / "out.wav"
        with wave.open(str(raw), "wb") as w:
            w.setnchannels(len(channels))
            w.setsampwidth(2)
            w.setframerate(rate)
            frames = zip(*channels)
            w.writeframes(b"".join(struct.pack(f"<{len(channels)}h", *(
                int(max(-1.0, min(1.0, v)) * 32767) for v in f)) for f in frames))
        src = raw
        if out_rate != rate:
            subprocess.run([need("sox"), "-D", str(raw), "-r", str(out_rate), str(res)],
                           check=True)
            src = res
        subprocess.run([need("oggenc"), "-Q", "-q", quality, "--serial", "20240",
                        "--discard-comments", "-o", str(path), str(src)], check=True)
    return path


def sox_stats(path: Path) -> str:
    """sox's own measurement of a file (peak and RMS levels), for the tool's output."""
    done = subprocess.run([need("sox"), str(path), "-n", "stats"], capture_output=True, text=True,
                          check=False)
    keep = ("Pk lev dB", "RMS lev dB", "RMS Pk dB", "Length s")
    return "; ".join(" ".join(line.split()) for line in done.stderr.splitlines()
                     if line.startswith(keep))


# --- the effects ----------------------------------------------------------------------------------

def effects() -> dict[str, Callable[[], Samples]]:
    """Every file the tool makes, by name (``discard-1`` is the first variant of "discard";
    `game.ui.sound.VARIANTS` names the same files)."""
    def seeded(make: Callable[[random.Random], Samples], seed: int) -> Callable[[], Samples]:
        return lambda: make(random.Random(seed))

    def rendered(score: Callable[[], Midi], tail: float) -> Callable[[], Samples]:
        return lambda: render(score(), tail)[0]

    out: dict[str, Callable[[], Samples]] = {}
    for k in range(1, 5):
        out[f"draw-{k}"] = seeded(draw_sound, 100 + k)
        out[f"discard-{k}"] = seeded(discard_sound, 200 + k)
    for k in range(1, 4):
        out[f"deal-{k}"] = seeded(deal_sound, 300 + k)
    out["wall"] = seeded(wall_sound, 400)
    out["dice-1"] = seeded(dice_sound, 501)
    out["dice-2"] = seeded(dice_sound, 502)
    out["click"] = seeded(lambda rng: clack(rng, freq=3000, length=0.03, decay=160, noise=0.3,
                                             felt=0.0), 600)
    out["tick"] = lambda: mix(chime([1568.0], 0.08, 45),
                              clack(random.Random(700), 2600, 0.03, 150, 0.4, 0.0), 0.0, 0.5)
    out["turn"] = lambda: mix(chime([659.25, 987.77], 0.45, 7), chime([1318.5], 0.35, 9), 0.07, 0.4)
    out["pung"] = rendered(pung_score, 0.5)
    out["kong"] = rendered(kong_score, 0.6)
    out["uper"] = rendered(uper_score, 0.7)
    out["ola"] = rendered(ola_score, 0.6)
    out["ssoa"] = rendered(ssoa_score, 0.6)
    out["win_small"] = rendered(win_small_score, 0.9)
    out["win_medium"] = rendered(win_medium_score, 1.2)
    out["win_big"] = rendered(win_big_score, 1.8)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    stats = "--stats" in args
    wanted = [a for a in args if not a.startswith("--")]
    made = effects()
    unknown = [w for w in wanted if w not in made]
    if unknown:
        print(f"no effect {', '.join(unknown)}; known: {', '.join(made)}", file=sys.stderr)
        return 2
    total = 0
    for name, make in made.items():
        if wanted and name not in wanted:
            continue
        samples = finish(make())
        path = encode([samples], OUT / f"{name}.ogg")
        size = path.stat().st_size
        total += size
        line = (f"{path.name:18} {size / 1024:5.1f} KiB {len(samples) / RATE:5.2f} s  "
                f"peak {db(max(abs(v) for v in samples)):6.1f} dBFS  "
                f"loudest 100 ms {loudness(samples):6.1f} dBFS")
        print(line + (f"  | sox: {sox_stats(path)}" if stats else ""))
    print(f"total {total / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
