"""What a player sees of each computer level, and its strength in points: the table of docs/levels.md.

    python bench/bench_levels.py --walls 150 --seeds 1-2 --out /tmp/levels.jsonl
    python bench/bench_levels.py --levels ai:standard,standard-before --walls 150 --seeds 3
    python bench/bench_levels.py --report /tmp/levels.jsonl --against standard-before  # pooled

Each level sits alone with three ``ai:expert`` seats (duplicate play, `ai.arena.run_duplicate`:
every wall four times, rotated, so each seat holds every hand) for ``--walls`` walls per seed;
``ai:expert`` itself is measured at a table of four. Per level it prints what a player notices
at the table, each with its 95 % interval:

* **calls**: hands in which it claimed a pung or kong (%);
* **folds**: of its discards while another player had declared uper and it had not, the share
  exactly safe against every uper player (%, `ai.danger.exact_safe_kinds`);
* **uper**: hands in which it declared uper (%);
* **deals in**: hands in which its discard gave another player the win (%);
* **wins**: hands it won (%);
* **points**: its points per hand against the three experts (the expert's own is 0 by
  symmetry), interval over walls (the unit of the arena's intervals); with ``--against``
  also each level minus that one, wall by wall (the same seeds deal the same walls).

The percentages' intervals are Wilson intervals over the hands (over the discards for folds):
the four plays of a wall are not independent, so they are a little narrow.

``standard-before`` is ``ai:standard`` as it was before issue 34 made it visibly weaker (kept
here, registered in this process only, so the change is measured in the same run).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import registry
from ai.arena import Z95, SeatStats, mean_ci, run_duplicate
from ai.heuristic import HeuristicSeat, Params

#: ai:standard before issue 34 (its Params then), measured beside today's
BEFORE = Params("standard-before", defence=0.8, evidence=False, value=True, claim="value",
                uper="simple", nine_major=4)
DEFAULT_LEVELS = ("ai:beginner", "ai:standard", "ai:expert")
REFERENCE = "ai:expert"


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """A share and its 95 % Wilson interval, in %.

    >>> [round(x, 1) for x in wilson(20, 100)]
    [20.0, 13.3, 28.9]
    """
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    z2 = Z95 * Z95
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return 100 * p, 100 * (mid - half), 100 * (mid + half)


def _side(s: SeatStats) -> dict[str, Any]:
    return {"per_wall": s.per_wall, "hands": s.hands, "claims": s.claims, "upers": s.upers,
            "deal_ins": s.deal_ins, "wins": s.wins, "after_uper": s.after_uper,
            "safe_after_uper": s.safe_after_uper, "win_basic": s.win_basic}


def play(level: str, walls: int, seed: int) -> dict[str, Any]:
    """One block: `level` alone with three experts (the expert: four of it)."""
    t0 = time.perf_counter()
    name = "ai:standard-before" if level == "standard-before" else level
    seats = [name, REFERENCE, REFERENCE, REFERENCE]
    # registered in this process for the block only: the registry's list stays the usual
    registry.SEATS["ai:standard-before"] = lambda seed=None: HeuristicSeat(
        "standard-before", seed, BEFORE)
    try:
        r = run_duplicate(seats, walls, seed)
    finally:
        registry.SEATS.pop("ai:standard-before", None)
    return {"level": level, "seed": seed, "walls": walls, **_side(r.stats[name]),
            "seconds": time.perf_counter() - t0}


def report(rows: list[dict[str, Any]], against: str | None = None) -> None:
    levels = list(dict.fromkeys(r["level"] for r in rows))
    print(f"{'level':<18}{'hands':>6}  {'calls %':<18}{'folds %':<18}{'uper %':<18}"
          f"{'deals in %':<18}{'wins %':<18}points per hand vs the expert")
    for lv in levels:
        rs = [r for r in rows if r["level"] == lv]
        h = sum(r["hands"] for r in rs)

        def cell(k: str, n: str = "hands", rs: list[dict[str, Any]] = rs) -> str:
            m, lo, hi = wilson(sum(r[k] for r in rs), sum(r[n] for r in rs))
            return f"{m:4.1f} [{lo:4.1f}, {hi:4.1f}] "

        pts = [x for r in rs for x in r["per_wall"]]
        m, lo, hi = mean_ci(pts) if lv != REFERENCE else (0.0, 0.0, 0.0)
        print(f"{lv:<18}{h:>6}  {cell('claims')}{cell('safe_after_uper', 'after_uper')}"
              f"{cell('upers')}{cell('deal_ins')}{cell('wins')}{m:+.2f} [{lo:+.2f}, {hi:+.2f}]")
    if against in levels:
        base = {(r["seed"], r["walls"]): r["per_wall"] for r in rows if r["level"] == against}
        print(f"paired on the same walls (the same seeds), each level - {against}:")
        for lv in levels:
            d = [a - b for r in rows if r["level"] == lv and (r["seed"], r["walls"]) in base
                 for a, b in zip(r["per_wall"], base[r["seed"], r["walls"]])]
            if lv != against and d:
                m, lo, hi = mean_ci(d)
                print(f"  {lv:<18}{m:+.2f} [{lo:+.2f}, {hi:+.2f}] points per hand, "
                      f"{len(d)} walls")
    seeds = sorted({r["seed"] for r in rows})
    print(f"seeds {seeds[0]}-{seeds[-1]}, {sum(r['seconds'] for r in rows) / 60:.0f} min")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default=",".join(DEFAULT_LEVELS),
                    help="seat names (and standard-before), comma separated")
    ap.add_argument("--walls", type=int, default=150, help="walls per seed (block)")
    ap.add_argument("--seeds", default="1", help="a seed or a range A-B (one block each)")
    ap.add_argument("--out", help="JSON lines: each block appended as it finishes")
    ap.add_argument("--report", nargs="+", metavar="JSONL")
    ap.add_argument("--against", metavar="LEVEL",
                    help="also each level's points minus this level's on the same walls")
    args = ap.parse_args(argv)
    if args.report:
        report([json.loads(line) for f in args.report for line in Path(f).read_text().splitlines()
                if line.strip()], args.against)
        return 0
    a, _, b = args.seeds.partition("-")
    rows = []
    for seed in range(int(a), int(b or a) + 1):
        for level in (x.strip() for x in args.levels.split(",")):
            rows.append(play(level, args.walls, seed))
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
            print(f"{level} seed {seed}: {rows[-1]['seconds']:.0f} s", flush=True)
    report(rows, args.against)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
