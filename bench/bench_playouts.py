"""Uper-practice playout speed: playouts per second, against random-seat playouts in the same run.

    python bench/bench_playouts.py                 # 4 middle-stage positions, 200 per option
    python bench/bench_playouts.py --positions 8 --playouts 300 --stage late

For each generated position every available option (declare uper / stay silent / fold) is
played out `--playouts` times by `compare_options`. The baseline is the same positions played
out with random opponents (`ai.random_seat.RandomSeat`: no decision cost, so the engine's
own cost plus the player's policy). The target (issue 6): at least 200 playouts per option in
a few seconds, i.e. a full comparison (up to 3 x 200) within about 3 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.practice.uper_practice import compare_options, generate_position


def measure(positions, playouts: int, opponents: str) -> tuple[float, list[float]]:
    """(playouts per second, seconds per full comparison)."""
    n = 0
    per = []
    t0 = time.perf_counter()
    for pos in positions:
        c = compare_options(pos, playouts, opponents=opponents)
        n += sum(r.playouts for r in c.results)
        per.append(c.seconds)
    return n / (time.perf_counter() - t0), per


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--stage", default="middle")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ai-playouts", type=int, default=30,
                    help="playouts per option with heuristic-AI opponents (slower)")
    args = ap.parse_args()
    positions = [generate_position(args.seed + i, stage=args.stage)
                 for i in range(args.positions)]
    for p in positions:
        p.table  # noqa: B018 - build the tables before timing
    base, _base_per = measure(positions, args.playouts, "random")
    print(f"{len(positions)} {args.stage} positions, {args.playouts} playouts per option")
    print(f"baseline random opponents: {base:8.1f} playouts/s")
    print(f"{'opponents':<22}{'playouts/s':>11}{'x random':>10}{'s/comparison':>14}")
    rows = [("fast (default)", args.playouts, "fast")] + [
        (k, args.ai_playouts, k) for k in ("ai:beginner", "ai:standard", "ai:expert")]
    for label, n, kind in rows:
        pps, per = measure(positions, n, kind)
        print(f"{label:<22}{pps:>11.1f}{pps / base:>10.3f}{max(per):>14.2f}"
              + ("" if n == args.playouts else f"   ({n} per option)"))
        if kind == "fast":
            worst = max(per)
            ok = worst <= 3.0
            print(f"  target: {args.playouts} playouts per option, slowest comparison "
                  f"{worst:.2f} s -> {'met' if ok else 'NOT met'} (<= 3 s)")
            full = 600 / pps
            print(f"  a full 3 x 200 comparison takes about {full:.2f} s at this rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
