"""Shanten and acceptance: ours against compiled and reference baselines, side by side in one run.

    python bench/bench_shanten.py [--hands N] [--rounds R] [--seed S]

Baselines, measured in the same process on the same hands:

* ``xiangting`` (a compiled Rust implementation; ``pip install xiangting``): the speed to match.
  It also reads thirteen orphans, which our hands (no bamboo suit) cannot make but which it
  counts all the same, so its numbers differ on a few hands; only its speed is compared. When it
  is not installed the bench says so and compares with the next baseline only.
* ``mahjong`` 2.1.0 (pure Python), whose answers ours must match exactly: every measured hand
  is checked against it.

Hands are seeded random 13/14-tile hands from the two suits only and from the full set (with
honours). Every timed pass over ours is over **new hands**: a set never passed to ours before,
after a warm-up over other hands (``--warm``, the steady state of a session); the repeat pass
and a fresh interpreter's first pass are printed for information. Each figure is the best of
``--rounds`` rounds, each round on its own new hands, the baseline timed in the same round;
times are CPU time (`time.process_time`), so other work on a shared machine counts less.

Then every discard of a 14-tile hand followed by its shanten through
`HandShape.after_discards` (each discard follows the part's transitions: no hand is rebuilt),
against xiangting on the same hands. Then the acceptance table of a 14-tile hand (every discard
x every draw), new hands and again, against the same table made by calling our own `shanten`
once per discard and draw (timed after ours, whose caches it would fill), and waits against
`shape.waits`.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.shanten import Shanten

from game.engine.hand import shape
from game.engine.hand.acceptance import acceptance
from game.engine.hand.shanten import HandShape, load_tables, shanten, waits

try:
    import xiangting as _xiangting
except ImportError:  # pragma: no cover - optional baseline
    _xiangting = None


def random_hands(seed: int, n: int, kinds: int, sizes: tuple[int, ...] = (13, 14)
                 ) -> list[list[int]]:
    """``n`` seeded hands of the given sizes in turn, drawn from the first ``kinds`` kinds."""
    rng = random.Random(seed)
    wall = [k for k in range(kinds) for _ in range(4)]
    hands = []
    for i in range(n):
        c = [0] * 25
        for k in rng.sample(wall, sizes[i % len(sizes)]):
            c[k] += 1
        hands.append(c)
    return hands


def to_34(c: list[int]) -> list[int]:
    t = [0] * 34
    t[0:18] = c[0:18]
    t[27:34] = c[18:25]
    return t


def timed(fn: Callable[[], object]) -> float:
    """CPU seconds of ``fn()``: on a shared machine, waiting for a core is not counted."""
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def import_time() -> tuple[float, float, float]:
    """(import, load_tables, first pass over 20,000 new full-set hands) in a fresh interpreter."""
    code = ("import random, sys, time; rng = random.Random(99); wall = [k // 4 for k in range(100)];"
            "hands = [[0] * 25 for _ in range(20000)];"
            "[h.__setitem__(k, h[k] + 1) for i, h in enumerate(hands) "
            " for k in rng.sample(wall, 13 + i % 2)];"
            "t0 = time.perf_counter(); import game.engine.hand.shanten as s;"
            "t1 = time.perf_counter(); d = s.load_tables(); t2 = time.perf_counter();"
            "[s.shanten(c) for c in hands];"
            "print(t1 - t0, d, (time.perf_counter() - t2) / len(hands))")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=root)
    a, b, c = out.stdout.split()
    return float(a), float(b), float(c)


def naive_acceptance(c: list[int], calc: Callable[[list[int]], int]
                     ) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every discard x every draw, one shanten call each: (discard, shanten, accepted kinds)."""
    out = []
    for d in range(25):
        if not c[d]:
            continue
        c[d] -= 1
        s = calc(c)
        acc = []
        for k in range(25):
            if c[k] < 4:
                c[k] += 1
                if calc(c) < s:
                    acc.append(k)
                c[k] -= 1
        c[d] += 1
        out.append((d, s, tuple(acc)))
    return out


def reference(c: list[int]) -> int:
    return Shanten.calculate_shanten(to_34(c), True, False)


def bench_shanten(args: argparse.Namespace, mj: str) -> None:
    xt_name = f"xiangting {version('xiangting')}" if _xiangting else None
    calc = Shanten.calculate_shanten
    for name, kinds, seed in (("two-suit hands", 18, args.seed),
                              ("full-set hands, with honours", 25, args.seed + 1)):
        for c in random_hands(seed + 1000, args.warm, kinds):  # the session so far
            shanten(c)
        best: dict[str, float] = {}
        for r in range(args.rounds):
            hands = random_hands(seed + 10 * r, args.hands, kinds)
            n = len(hands)
            h34 = [to_34(c) for c in hands]
            times = {}
            if _xiangting is not None:
                xt, four = _xiangting.calculate_replacement_number, _xiangting.PlayerCount.FOUR
                times["xt"] = timed(lambda h34=h34, xt=xt, four=four: [xt(t, four) for t in h34])
            got: list[int] = []
            times["new"] = timed(lambda hands=hands, got=got: got.extend(shanten(c) for c in hands))
            times["repeat"] = timed(lambda hands=hands: [shanten(c) for c in hands])
            few = h34[:args.reference]
            times["mj"] = timed(lambda few=few: [calc(t, True, False) for t in few]) * n / len(few)
            ref = [calc(t, True, False) for t in h34]
            assert got == ref, "results differ from the reference"
            for k, v in times.items():
                best[k] = min(best.get(k, float("inf")), v / n)
        print(f"shanten per call, {name} (13/14 tiles; {args.rounds} rounds of {args.hands} new "
              f"hands after {args.warm} others; results identical to {mj}):")
        if "xt" in best:
            print(f"  {xt_name:<26} {best['xt'] * 1e6:6.2f} us")
        print(f"  {mj:<26} {best['mj'] * 1e6:6.2f} us")
        print(f"  {'ours, new hands':<26} {best['new'] * 1e6:6.2f} us", end="")
        if "xt" in best:
            print(f"  -> {best['new'] / best['xt']:.2f}x xiangting's time", end="")
        print(f", {best['mj'] / best['new']:.0f}x faster than {mj}")
        print(f"  {'ours, the same hands again':<26} {best['repeat'] * 1e6:6.2f} us", end="")
        if "xt" in best:
            print(f"  -> {best['repeat'] / best['xt']:.2f}x xiangting's time", end="")
        print("\n")
    if _xiangting is None:
        print("xiangting is not installed (pip install xiangting): no compiled baseline\n")


def bench_hand_shape(args: argparse.Namespace) -> None:
    """Every discard of a 14-tile hand, then its shanten: by `HandShape.after_discards`, by
    `shanten` on ready-made counts, and by xiangting on ready-made 34-kind arrays."""
    best = {"shape": float("inf"), "plain": float("inf"), "xt": float("inf")}
    calls = 0
    for r in range(args.rounds):
        hands = random_hands(args.seed + 50 + r, 4000, 25, sizes=(14,))
        after = [[x - (k == d) for k, x in enumerate(c)] for c in hands for d in range(25) if c[d]]
        calls = len(after)
        a34 = [to_34(c) for c in after]

        def by_shape(hands: list[list[int]] = hands) -> None:
            for c in hands:
                HandShape(c).after_discards()

        # each way on its own new hands: the first to meet a hand would fill the caches for the other
        times = {"shape": timed(by_shape)}
        after = [[x - (k == d) for k, x in enumerate(c)]
                 for c in random_hands(args.seed + 90 + r, 4000, 25, sizes=(14,)) for d in range(25) if c[d]]
        times["plain"] = timed(lambda after=after: [shanten(c) for c in after]) * calls / len(after)
        if _xiangting is not None:
            xt, four = _xiangting.calculate_replacement_number, _xiangting.PlayerCount.FOUR
            times["xt"] = timed(lambda a34=a34, xt=xt, four=four: [xt(t, four) for t in a34])
        for k, v in times.items():
            best[k] = min(best[k], v / calls)
    print(f"every discard of a 14-tile hand with honours, then shanten ({calls} calls a round):")
    if _xiangting is not None:
        print(f"  xiangting on ready arrays    {best['xt'] * 1e6:6.2f} us/call")
    print(f"  shanten on ready counts      {best['plain'] * 1e6:6.2f} us/call")
    print(f"  HandShape.after_discards     {best['shape'] * 1e6:6.2f} us/call", end="")
    if _xiangting is not None:
        print(f"  -> {best['shape'] / best['xt']:.2f}x xiangting's time", end="")
    print("\n")


def bench_acceptance(args: argparse.Namespace, mj: str) -> None:
    for name, kinds, seed in (("two-suit", 18, args.seed + 2), ("with honours", 25, args.seed + 3)):
        best = {"new": float("inf"), "again": float("inf"), "naive": float("inf")}
        m = 0
        for r in range(args.rounds):
            hands = random_hands(seed + 10 * r, 200, kinds, sizes=(14,))
            m = len(hands)
            # ours first: the naive loop's shanten calls would fill the caches it uses
            for k, fn in (("new", lambda hands=hands: [acceptance(c) for c in hands]),
                          ("again", lambda hands=hands: [acceptance(c) for c in hands]),
                          ("naive", lambda hands=hands: [naive_acceptance(list(c), shanten)
                                                         for c in hands])):
                best[k] = min(best[k], timed(fn) / m)
            for c in hands[:10]:
                got = sorted((o.discard, o.shanten, o.ukeire) for o in acceptance(c))
                assert got == naive_acceptance(list(c), reference), "differs from the reference"
        print(f"acceptance table of a 14-tile hand, {name} (every discard x every draw; "
              f"agrees with {mj}):")
        print(f"  one shanten call per discard and draw  {best['naive'] * 1e3:6.3f} ms/hand")
        print(f"  ours, new hands                        {best['new'] * 1e3:6.3f} ms/hand "
              f"-> {best['naive'] / best['new']:.1f}x faster")
        print(f"  ours, the same hands again             {best['again'] * 1e3:6.3f} ms/hand "
              f"-> {best['naive'] / best['again']:.1f}x faster\n")


def bench_waits() -> None:
    thirteen = random_hands(7, 300, 18, sizes=(13,))
    shape_t = min(timed(lambda: [shape.waits(c) for c in thirteen]) for _ in range(2))
    ours_t = min(timed(lambda: [waits(c) for c in thirteen]) for _ in range(3))
    assert [waits(c) for c in thirteen] == [shape.waits(c) for c in thirteen]
    print("waits of a 13-tile two-suit hand:")
    print(f"  shape.waits (simple)   {shape_t / len(thirteen) * 1e6:7.1f} us/call")
    print(f"  ours (shanten.waits)   {ours_t / len(thirteen) * 1e6:7.1f} us/call "
          f"-> {shape_t / ours_t:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000, help="new hands per round and set")
    ap.add_argument("--warm", type=int, default=20_000, help="hands seen before the rounds")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reference", type=int, default=2_000,
                    help="hands per round timed on the slow reference (all are checked)")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    mj = f"mahjong {version('mahjong')}"
    print(f"Python {sys.version.split()[0]}; reference {mj}\n")

    imp, load, first = import_time()
    print(f"fresh interpreter: import game.engine.hand.shanten {imp * 1e3:.1f} ms; load_tables "
          f"(suit classes + the entries of small suits) {load * 1e3:.1f} ms; first pass over "
          f"20,000 full-set hands {first * 1e6:.2f} us/call\n")
    load_tables()
    bench_shanten(args, mj)
    bench_hand_shape(args)
    bench_acceptance(args, mj)
    bench_waits()


if __name__ == "__main__":
    main()
