"""AI speed: decision time p50/p99 and hands per second of four seats of one kind.

    python bench/bench_ai.py            # 100 hands per seat kind
    python bench/bench_ai.py --hands 300 --seats ai:expert,greedy

Each seat kind plays `--hands` seeded hands with four copies of itself (events observed, as in
a real game). The baseline is the random seat measured in the same run, so the ratios say how
much the AI costs on top of the engine. Targets (issue 4): ai:expert p99 <= 50 ms per
decision, and at least 20 hands per second with four ai:expert seats; issue 16 asks for 60
(hands per second are the machine's; the ratio to the random seats is what to compare between
runs on a shared machine).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import make_seat
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table


def measure(name: str, hands: int, seed: int) -> tuple[float, list[float]]:
    """(hands per second, decision seconds) of four `name` seats over `hands` hands."""
    seats = [make_seat(name, seed=seed * 4 + i) for i in range(4)]
    times: list[float] = []

    class Timed:
        def __init__(self, inner):
            self.inner = inner
            self.observe = inner.observe

        def act(self, decision):
            t0 = time.perf_counter()
            a = self.inner.act(decision)
            times.append(time.perf_counter() - t0)
            return a

    timed = [Timed(s) for s in seats]
    rules = RuleSet()
    t0 = time.perf_counter()
    for i in range(hands):
        play_hand(Table(rules, seed=seed + i), timed)
    return hands / (time.perf_counter() - t0), times


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000.0 * xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seats", default="greedy,ai:beginner,ai:standard,ai:expert")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    base_hps, base_times = measure("random", args.hands, args.seed)
    print(f"baseline random x4: {base_hps:8.1f} hands/s, decision p50 {pct(base_times, .5):.3f} ms,"
          f" p99 {pct(base_times, .99):.3f} ms")
    print(f"{'seats':<14}{'hands/s':>9}{'x random':>10}{'decisions':>11}{'p50 ms':>9}{'p99 ms':>9}"
          f"{'max ms':>9}")
    for name in args.seats.split(","):
        hps, times = measure(name, args.hands, args.seed)
        print(f"{name + ' x4':<14}{hps:>9.1f}{hps / base_hps:>10.3f}{len(times):>11}"
              f"{pct(times, .5):>9.2f}{pct(times, .99):>9.2f}{pct(times, 1.0):>9.2f}")
        if name == "ai:expert":
            ok_p99 = pct(times, .99) <= 50.0
            ok_hps = hps >= 20.0
            print(f"  targets: p99 <= 50 ms {'met' if ok_p99 else 'NOT met'}; "
                  f">= 20 hands/s {'met' if ok_hps else 'NOT met'}; "
                  f">= 60 hands/s (issue 16) {'met' if hps >= 60.0 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
