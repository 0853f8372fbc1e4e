"""Uper-practice playout speed: playouts per second per opponent kind, against random-seat
playouts in the same run, and the wall time of a full 3 x 200 comparison with the default.

    python bench/bench_playouts.py                  # 4 middle-stage positions
    python bench/bench_playouts.py --positions 8 --playouts 300 --stage late --workers 2

The positions have a legal uper, so every comparison plays three options (declare uper / stay
silent / fold). Per opponent kind the options are played out in this process (``workers=1``);
the baseline is the same positions played out with random opponents
(`ai.random_seat.RandomSeat`: no decision cost, so the engine's own cost plus the player's
policy). Then the full comparison the practice screen runs (`compare_options` with its
defaults: `DEFAULT_OPPONENTS`, `default_workers()` processes, `--playouts` per option) is timed
per position, after the worker processes have started (`warm_up`, timed apart). The target
(issue 6): at least 200 playouts per option in a few seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.practice.uper_practice import (
    DEFAULT_OPPONENTS,
    compare_options,
    default_workers,
    generate_position,
    warm_up,
)


def measure(positions, playouts: int, opponents: str, workers: int = 1
            ) -> tuple[float, list[float]]:
    """(playouts per second, seconds per comparison)."""
    n = 0
    per = []
    t0 = time.perf_counter()
    for pos in positions:
        c = compare_options(pos, playouts, opponents=opponents, workers=workers)
        n += sum(r.playouts for r in c.results)
        per.append(c.seconds)
    return n / (time.perf_counter() - t0), per


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=200, help="per option, for the full comparison")
    ap.add_argument("--stage", default="middle")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kind-playouts", type=int, default=40,
                    help="playouts per option for the per-kind rates (one process)")
    ap.add_argument("--workers", type=int, default=None,
                    help=f"processes for the full comparison (default {default_workers()})")
    args = ap.parse_args()
    positions = [generate_position(args.seed + i, stage=args.stage, want="legal")
                 for i in range(args.positions)]
    for p in positions:
        p.table  # noqa: B018 - build the tables before timing
    n = args.kind_playouts
    base, _ = measure(positions, n, "random")
    print(f"{len(positions)} {args.stage} positions with a legal uper (3 options each)")
    print(f"per opponent kind, one process, {n} playouts per option:")
    print(f"  {'opponents':<14}{'playouts/s':>11}{'x random':>10}")
    print(f"  {'random':<14}{base:>11.1f}{1:>10.3f}   (baseline)")
    for kind in ("fast", "ai:beginner", "ai:standard", "ai:expert"):
        pps, _ = measure(positions, n, kind)
        mark = "   (default)" if kind == DEFAULT_OPPONENTS else ""
        print(f"  {kind:<14}{pps:>11.1f}{pps / base:>10.3f}{mark}")

    workers = default_workers() if args.workers is None else args.workers
    t0 = time.perf_counter()
    warm_up(workers)
    started = time.perf_counter() - t0
    print(f"\nfull comparison: {DEFAULT_OPPONENTS} opponents, 3 x {args.playouts} playouts, "
          f"{workers} worker process{'es' if workers > 1 else ''} "
          f"(started once in {started:.2f} s)")
    pps, per = measure(positions, args.playouts, DEFAULT_OPPONENTS, workers)
    print(f"  {pps:.1f} playouts/s; seconds per comparison: "
          + ", ".join(f"{s:.2f}" for s in per) + f"  (slowest {max(per):.2f} s)")
    if workers > 1:
        _, per1 = measure(positions[:1], args.playouts, DEFAULT_OPPONENTS, 1)
        print(f"  the first position in one process: {per1[0]:.2f} s "
              f"(x {per1[0] / per[0]:.2f} with {workers} workers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
