"""Synthesise the game's short sound effects into ``assets/sounds/*.wav`` (made by this project).

    python tools/make_sounds.py

Plain Python (`wave` + `math`), deterministic (a fixed random seed), 22,050 Hz 16-bit mono.
Effects: draw, discard, pung, kong, uper, win, dice, click (UI), tick (countdown).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix(into: list[float], sound: list[float], at: float, gain: float = 1.0) -> list[float]:
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain
    return into


def clack(rng: random.Random, freq: float = 2300.0, length: float = 0.07, decay: float = 70.0,
          noise: float = 0.6) -> list[float]:
    """A hard tile-on-tile click: a noise transient plus two damped resonances."""
    n = int(RATE * length)
    out = []
    lp = 0.0
    for i in range(n):
        t = i / RATE
        env = math.exp(-decay * t)
        lp += 0.35 * (rng.uniform(-1, 1) - lp)  # soften the noise a little
        tone = 0.6 * math.sin(2 * math.pi * freq * t) + 0.4 * math.sin(2 * math.pi * freq * 1.53 * t)
        out.append(env * (noise * lp * math.exp(-250 * t) * 2 + (1 - noise) * tone))
    return out


def chime(freqs: list[float], length: float, decay: float = 5.0) -> list[float]:
    """A soft bell: each partial a sine with its own decay, a short attack."""
    n = int(RATE * length)
    out = []
    for i in range(n):
        t = i / RATE
        attack = min(1.0, t / 0.005)
        v = 0.0
        for k, f in enumerate(freqs):
            v += math.sin(2 * math.pi * f * t) * math.exp(-decay * (1 + 0.3 * k) * t)
            v += 0.25 * math.sin(2 * math.pi * f * 2.01 * t) * math.exp(-decay * 2.5 * t)
        out.append(attack * v / len(freqs))
    return out


def normalise(samples: list[float], peak: float) -> list[float]:
    top = max(abs(v) for v in samples) or 1.0
    fade = int(RATE * 0.004)
    out = [v * peak / top for v in samples]
    for i in range(min(fade, len(out))):  # no click at the end
        out[-1 - i] *= i / fade
    return out


def write(name: str, samples: list[float], peak: float = 0.7) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.wav"
    data = normalise(samples, peak)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, v)) * 32767)) for v in data))
    return path


def main() -> int:
    rng = random.Random(2024)
    sounds = {
        "draw": (clack(rng, freq=1800, length=0.06, decay=90, noise=0.8), 0.45),
        "discard": (mix(clack(rng, freq=2400, length=0.09, decay=55, noise=0.55),
                        clack(rng, freq=3100, length=0.05, decay=120, noise=0.7), 0.018, 0.5), 0.8),
        "pung": (mix(chime([523.25, 659.25], 0.35, 7), chime([783.99], 0.3, 8), 0.09, 0.8), 0.6),
        "kong": (mix(mix(chime([523.25], 0.3, 8), chime([659.25], 0.3, 8), 0.08),
                     chime([783.99, 1046.5], 0.45, 6), 0.16), 0.6),
        "win": (mix(mix(mix(chime([523.25], 0.9, 3), chime([659.25], 0.9, 3), 0.09),
                        chime([783.99], 0.9, 3), 0.18), chime([1046.5, 1318.5], 1.0, 2.5), 0.27), 0.7),
        "click": (clack(rng, freq=3000, length=0.03, decay=160, noise=0.3), 0.35),
        "tick": (chime([1760.0], 0.05, 60), 0.3),
        # uper (엎어): a tile laid down sideways, then a low, falling two-note call
        "uper": (mix(mix(chime([392.0, 587.33], 0.45, 6), chime([293.66, 440.0], 0.6, 4), 0.13),
                     chime([196.0], 0.7, 3), 0.02, 0.7), 0.65),
    }
    dice: list[float] = silence(0.05)
    t = 0.0
    for k in range(11):  # two dice rattling, slowing down, then settling
        t += 0.028 + 0.012 * k + rng.uniform(0, 0.015)
        mix(dice, clack(rng, freq=rng.uniform(1500, 2600), length=0.05, decay=90, noise=0.7), t,
            gain=1.0 - 0.05 * k)
    sounds["dice"] = (dice, 0.6)
    for name, (samples, peak) in sounds.items():
        p = write(name, samples, peak)
        print(f"{p}: {p.stat().st_size / 1024:.0f} KiB, {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
