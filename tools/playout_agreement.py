"""Do the fast playout policy's verdicts agree with playouts by the real AI seats?

    python tools/playout_agreement.py                      # 42 positions, 400 playouts per option
    python tools/playout_agreement.py --positions 12 --playouts 100 --jobs 2 --json out.json

For each seeded practice position (stages early, middle, late in turn) every available option
(declare uper / stay silent / fold) is played out `--playouts` times twice: with the fast
playout policy as opponents (`PlayoutSeat("push")`) and with `--reference` opponents
(``ai:standard``). The player's own continuation is the same in both (the playout policy's
"silent" or "fold" mode), and playout i re-deals the hidden tiles identically in both runs, so
the two averages of one option are compared pairwise (the difference's 95 % interval is the
interval of the mean of the per-playout differences).

Reported: how often the best option (highest average points) is the same; the same among the
clear cases (the reference's best beats its runner-up beyond the 95 % interval of their paired
difference); the mean absolute difference of the expected points per option (with the mean
half-width of the paired intervals, to tell a real difference from noise); the same for win %
and deal-in %; the signed bias per option and of the uper-minus-silent margin; and every
position where the best options differ.

What it measured, and why `compare_options` plays its playouts with ``ai:standard`` opponents
by default: docs/benchmarks.md ("The fast playouts against the AI seats").
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

STAGE_CYCLE = ("early", "middle", "late")


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """(mean, 95 % half-width) of a sample."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def _job(args: tuple[int, str, int, str]) -> dict:
    """One position: every option's playouts with both kinds of opponents."""
    index, stage, playouts, reference = args
    from game.engine.tiles import tile_str
    from game.practice.uper_practice import generate_position, playout_outcomes
    pos = generate_position(1000 + index, stage=stage)
    out: dict = {"index": index, "stage": stage, "seed": pos.seed, "seat": pos.seat,
                 "describe": pos.describe(), "discard": tile_str(pos.ready_discard),
                 "wall": pos.observation.wall_left, "runs": {}, "seconds": {}}
    for kind in ("fast", reference):
        t0 = time.perf_counter()
        res = playout_outcomes(pos, range(playouts), seed=0, opponents=kind)
        out["seconds"][kind] = time.perf_counter() - t0
        out["runs"][kind] = {k: [[int(w), int(d), p] for w, d, p in v] for k, v in res.items()}
    return out


def _best(run: dict) -> tuple[str, str, float, float]:
    """(best key, runner-up key, paired mean gap, its half-width) of one run."""
    means = {k: sum(r[2] for r in v) / len(v) for k, v in run.items()}
    order = sorted(means, key=lambda k: -means[k])
    if len(order) < 2:
        return order[0], "", math.inf, 0.0
    a, b = order[0], order[1]
    gap, h = _mean_ci([x[2] - y[2] for x, y in zip(run[a], run[b])])
    return a, b, gap, h


def analyse(rows: list[dict], reference: str) -> dict:
    per = []
    diffs = {"points": [], "win": [], "deal_in": []}
    halfw = {"points": [], "win": [], "deal_in": []}
    covered = 0
    n_opts = 0
    for row in rows:
        fast, ref = row["runs"]["fast"], row["runs"][reference]
        bf, _, gf, hf = _best(fast)
        br, rr, gr, hr = _best(ref)
        opts = {}
        for k in ref:
            pf = [r[2] for r in fast[k]]
            pr = [r[2] for r in ref[k]]
            mf, _ = _mean_ci(pf)
            mr, _ = _mean_ci(pr)
            d, h = _mean_ci([a - b for a, b in zip(pf, pr)])
            wd, wh = _mean_ci([a[0] - b[0] for a, b in zip(fast[k], ref[k])])
            dd, dh = _mean_ci([a[1] - b[1] for a, b in zip(fast[k], ref[k])])
            diffs["points"].append(abs(d))
            halfw["points"].append(h)
            diffs["win"].append(abs(wd))
            halfw["win"].append(wh)
            diffs["deal_in"].append(abs(dd))
            halfw["deal_in"].append(dh)
            covered += abs(d) <= h
            n_opts += 1
            opts[k] = {"fast": mf, "ref": mr, "diff": d, "diff_h": h,
                       "win_fast": sum(r[0] for r in fast[k]) / len(pf),
                       "win_ref": sum(r[0] for r in ref[k]) / len(pr),
                       "deal_in_fast": sum(r[1] for r in fast[k]) / len(pf),
                       "deal_in_ref": sum(r[1] for r in ref[k]) / len(pr)}
        per.append({"index": row["index"], "stage": row["stage"], "describe": row["describe"],
                    "best_fast": bf, "best_ref": br, "runner_up_ref": rr,
                    "gap_ref": gr, "gap_ref_h": hr, "gap_fast": gf, "gap_fast_h": hf,
                    "clear_ref": gr > hr, "clear_fast": gf > hf, "agree": bf == br,
                    "options": opts, "seconds": row["seconds"]})
    n = len(per)
    bias = {}
    for key in ("uper", "silent", "fold"):
        xs = [p["options"][key]["diff"] for p in per if key in p["options"]]
        if len(xs) >= 2:
            bias[key] = (*_mean_ci(xs), len(xs))
    margins = [(p["options"]["uper"]["fast"] - p["options"]["silent"]["fast"])
               - (p["options"]["uper"]["ref"] - p["options"]["silent"]["ref"])
               for p in per if "uper" in p["options"]]
    if len(margins) >= 2:
        bias["uper - silent"] = (*_mean_ci(margins), len(margins))
    clear = [p for p in per if p["clear_ref"]]
    both = [p for p in per if p["clear_ref"] and p["clear_fast"]]
    return {
        "positions": n,
        "agree": sum(p["agree"] for p in per),
        "clear_ref": len(clear),
        "agree_clear_ref": sum(p["agree"] for p in clear),
        "clear_both": len(both),
        "agree_clear_both": sum(p["agree"] for p in both),
        "mad": {k: sum(v) / len(v) for k, v in diffs.items()},
        "mean_halfwidth": {k: sum(v) / len(v) for k, v in halfw.items()},
        "max_abs_points": max(diffs["points"]),
        "options": n_opts,
        "points_within_ci": covered,
        "bias": bias,
        "per_position": per,
    }


def report(a: dict, reference: str, playouts: int) -> str:
    lines = []
    n = a["positions"]

    def pct(k, m):
        return f"{k}/{m} ({100 * k / m:.0f} %)" if m else "0/0"

    lines.append(f"{n} positions (early/middle/late in turn), {playouts} playouts per option "
                 f"and opponent kind; fast policy vs {reference}")
    lines.append(f"best option the same:                  {pct(a['agree'], n)}")
    lines.append(f"  among clear cases ({reference} best beats its runner-up beyond the 95 % "
                 f"interval): {pct(a['agree_clear_ref'], a['clear_ref'])}")
    lines.append(f"  among cases clear in both runs:      {pct(a['agree_clear_both'], a['clear_both'])}")
    m, h = a["mad"], a["mean_halfwidth"]
    lines.append(f"mean |fast - {reference}| per option ({a['options']} options), "
                 "with the mean 95 % half-width of the paired difference:")
    lines.append(f"  average points: {m['points']:.2f}  (+-{h['points']:.2f}); largest "
                 f"{a['max_abs_points']:.2f}; within the interval: "
                 f"{pct(a['points_within_ci'], a['options'])}")
    lines.append(f"  win %:          {100 * m['win']:.1f}  (+-{100 * h['win']:.1f})")
    lines.append(f"  deal-in %:      {100 * m['deal_in']:.1f}  (+-{100 * h['deal_in']:.1f})")
    lines.append(f"signed bias of the fast policy's average points (fast - {reference}), mean over "
                 "positions +- 95 %:")
    for key, (b, bh, k) in a["bias"].items():
        lines.append(f"  {key:<14}{b:+.2f} +- {bh:.2f}  ({k} positions)")
    sf = sum(p["seconds"]["fast"] for p in a["per_position"])
    sr = sum(p["seconds"][reference] for p in a["per_position"])
    lines.append(f"time spent: fast {sf:.1f} s, {reference} {sr:.1f} s ({sr / sf:.1f} x)")
    lines.append("")
    lines.append(f"{'#':>3} {'stage':<7}{'fast best':<10}{'ref best':<10}{'ref gap':>14}"
                 f"  per option: fast / {reference} average points (paired diff +- 95 %)")
    for p in a["per_position"]:
        mark = "  " if p["agree"] else "!!"
        gap = ("-" if math.isinf(p["gap_ref"])
               else f"{p['gap_ref']:.2f}+-{p['gap_ref_h']:.2f}")
        opts = "  ".join(f"{k} {o['fast']:+.2f}/{o['ref']:+.2f} ({o['diff']:+.2f}+-{o['diff_h']:.2f})"
                         for k, o in p["options"].items())
        lines.append(f"{mark}{p['index']:>2} {p['stage']:<7}{p['best_fast']:<10}{p['best_ref']:<10}"
                     f"{gap:>14}  {opts}")
    dis = [p for p in a["per_position"] if not p["agree"]]
    lines.append("")
    lines.append(f"disagreements: {len(dis)}")
    for p in dis:
        lines.append(f"  #{p['index']} {p['stage']}: {p['describe']}; fast says {p['best_fast']}, "
                     f"{reference} says {p['best_ref']} "
                     f"({'clear' if p['clear_ref'] else 'not clear'}: gap "
                     f"{p['gap_ref']:.2f} +- {p['gap_ref_h']:.2f} over {p['runner_up_ref']})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=42)
    ap.add_argument("--playouts", type=int, default=400)
    ap.add_argument("--reference", default="ai:standard")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", type=Path, help="write the raw analysis here")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.playouts < 2 or args.jobs < 1:
        ap.error("--positions >= 1, --playouts >= 2 and --jobs >= 1 are needed")
    tasks = [(i, STAGE_CYCLE[i % 3], args.playouts, args.reference)
             for i in range(args.positions)]
    t0 = time.perf_counter()
    if args.jobs == 1:
        rows = [_job(t) for t in tasks]
    else:
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as ex:
            rows = list(ex.map(_job, tasks))
    a = analyse(rows, args.reference)
    print(report(a, args.reference, args.playouts))
    print(f"\nwall time {time.perf_counter() - t0:.0f} s with {args.jobs} processes")
    if args.json:
        args.json.write_text(json.dumps(a, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
