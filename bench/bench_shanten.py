"""Shanten, acceptance and waits: ours against `mahjong` 2.1.0, side by side in one run.

    python bench/bench_shanten.py [--hands N] [--seed S]

Prints microseconds per call for both and the ratio, for seeded random 13/14-tile hands drawn
from the two suits only and from the full 100-tile set. "cold" is the first pass over hands never
seen before (it fills our caches), "warm" a later pass. Also: the time to import the module and
load the precomputed tables (in a fresh interpreter), a full acceptance table per 14-tile hand,
and waits against the simple `shape.waits`.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from importlib.metadata import version

from mahjong.shanten import Shanten

from game.engine.hand import shape
from game.engine.hand.acceptance import acceptance
from game.engine.hand.shanten import load_tables, shanten, waits


def random_hands(seed: int, n: int, kinds: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(kinds) for _ in range(4)]
    hands = []
    for i in range(n):
        c = [0] * 25
        for k in rng.sample(wall, 13 + i % 2):
            c[k] += 1
        hands.append(c)
    return hands


def to_34(c: list[int]) -> list[int]:
    t = [0] * 34
    t[0:18] = c[0:18]
    t[27:34] = c[18:25]
    return t


def best_of(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def import_time() -> tuple[float, float]:
    code = ("import time; t0 = time.perf_counter(); import game.engine.hand.shanten as s; "
            "t1 = time.perf_counter(); d = s.load_tables(); print(t1 - t0, d)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    a, b = out.stdout.split()
    return float(a), float(b)


def reference_acceptance(c: list[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    calc = Shanten.calculate_shanten
    out = []
    for d in range(25):
        if not c[d]:
            continue
        c[d] -= 1
        s = calc(to_34(c), True, False)
        acc = []
        for k in range(25):
            if c[k] < 4:
                c[k] += 1
                if calc(to_34(c), True, False) < s:
                    acc.append(k)
                c[k] -= 1
        c[d] += 1
        out.append((d, s, tuple(acc)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    mj = f"mahjong {version('mahjong')}"
    print(f"Python {sys.version.split()[0]}; reference {mj}; {args.hands} hands per set\n")

    imp, load = import_time()
    print(f"import game.engine.hand.shanten: {imp * 1e3:.1f} ms; "
          f"load_tables (decompress 263-class suit table): {load * 1e3:.1f} ms\n")
    load_tables()

    calc = Shanten.calculate_shanten
    for name, kinds, seed in (("two-suit hands", 18, args.seed),
                              ("full-set hands", 25, args.seed + 1)):
        hands = random_hands(seed, args.hands, kinds)
        h34 = [to_34(c) for c in hands]
        t0 = time.perf_counter()
        ours = [shanten(c) for c in hands]
        cold = time.perf_counter() - t0
        warm = best_of(lambda hands=hands: [shanten(c) for c in hands])
        ref_t = best_of(lambda h34=h34: [calc(t, True, False) for t in h34], repeat=2)
        ref = [calc(t, True, False) for t in h34]
        assert ours == ref, "results differ from the reference"
        n = len(hands)
        print(f"shanten, {name} (13/14 tiles, results identical):")
        print(f"  {mj:<14} {ref_t / n * 1e6:7.2f} us/call")
        print(f"  ours, cold     {cold / n * 1e6:7.2f} us/call  "
              f"(first pass: fills the caches) -> {ref_t / cold:.1f}x")
        print(f"  ours, warm     {warm / n * 1e6:7.2f} us/call")
        print(f"  ours is {ref_t / warm:.1f}x faster than {mj}\n")

    fourteen = [c for c in random_hands(args.seed + 2, 400, 18) if sum(c) == 14][:100]
    ref_t = best_of(lambda: [reference_acceptance(list(c)) for c in fourteen], repeat=1)
    ours_t = best_of(lambda: [acceptance(c) for c in fourteen])
    for c in fourteen[:20]:
        got = sorted((o.discard, o.shanten, o.ukeire) for o in acceptance(c))
        assert got == reference_acceptance(list(c))
    m = len(fourteen)
    print("acceptance table of a 14-tile two-suit hand (every discard x every draw):")
    print(f"  {mj} (naive loop) {ref_t / m * 1e3:7.2f} ms/hand")
    print(f"  ours (acceptance)      {ours_t / m * 1e3:7.2f} ms/hand -> {ref_t / ours_t:.1f}x\n")

    thirteen = [c for c in random_hands(args.seed + 3, 600, 18) if sum(c) == 13][:300]
    shape_t = best_of(lambda: [shape.waits(c) for c in thirteen], repeat=1)
    ours_t = best_of(lambda: [waits(c) for c in thirteen])
    assert [waits(c) for c in thirteen] == [shape.waits(c) for c in thirteen]
    print("waits of a 13-tile two-suit hand:")
    print(f"  shape.waits (simple)   {shape_t / len(thirteen) * 1e6:7.1f} us/call")
    print(f"  ours (shanten.waits)   {ours_t / len(thirteen) * 1e6:7.1f} us/call "
          f"-> {shape_t / ours_t:.1f}x")


if __name__ == "__main__":
    main()
