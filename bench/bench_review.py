"""Review speed: reviewing a 16-hand session (issue 33: the first verdicts within 5 s, the whole
review within 30 s on the 2-core machine), against baselines measured in the same run.

    python bench/bench_review.py                      # 16 hands, default playouts and workers
    python bench/bench_review.py --hands 8 --playouts 32 --workers 2

The session is generated seeded, every seat ``ai:standard`` and player 1 marked as the human
(the reviewed player: the reviewer, ``ai:expert``, disagrees with it at about one decision in
five). Printed, each with its ratio to the replay baseline:

* replay: every hand rebuilt from the record through the engine (`HandRecord.table`);
* scan: the review's replay plus the reviewer's answer at each of the player's decisions (no
  playouts);
* one playout: the average of a batch of playouts from the review's own disagreements, in this
  process (both choices, the reviewer and ``ai:standard`` seats, in chunks of `CHUNK` of one
  disagreement as the workers get them), which with the number of playouts gives the
  playouts' expected share;
* the worker processes' start (once per program: the window starts them when a screen opens);
* the whole review (`review_record`, no cache), with its playouts and what it spent them on,
  and the time to its first verdict (the window lists it while the rest are played out: the
  scan and the playouts run together since issue 33);
* the same review again from its cache (what a second look at a record costs).

On a shared machine the wall times grow with the load, so the CPU seconds are measured too (this
process's, and the worker processes' once they have ended): the review on an idle machine takes
about its own CPU time plus the workers' CPU time shared over the cores, the "idle estimate".
The machine is shared: run it once, not in a loop.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import make_seat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice import game_review as gr
from game.practice import uper_practice
from game.practice.uper_practice import default_workers, warm_up
from game.records import RecordWriter, load_record


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def make_record(directory: str, hands: int, seed: int) -> Path:
    writer = RecordWriter(Session(RuleSet(), seed=seed, hands=hands), directory=directory,
                          human=0, seat_kinds=["ai:standard"] * 4)
    writer.play([make_seat("ai:standard", seed=seed * 4 + i) for i in range(4)])
    return writer.path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=16)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--playouts", type=int, default=gr.DEFAULT_PLAYOUTS)
    ap.add_argument("--workers", type=int, default=None,
                    help=f"processes for the playouts (default {default_workers()})")
    ap.add_argument("--sample", type=int, default=24,
                    help="playouts (each of both choices) for the one-playout baseline")
    args = ap.parse_args()
    workers = default_workers() if args.workers is None else args.workers
    with tempfile.TemporaryDirectory() as d:
        path = make_record(d, args.hands, args.seed)
        record = load_record(path)
        print(f"{len(record.hands)} hands ({path.stat().st_size / 1024:.0f} KB), seed {args.seed}, "
              f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")

        t0 = time.perf_counter()
        for h in record.hands:
            h.table()
        replay = time.perf_counter() - t0

        t0 = time.perf_counter()
        items, pending, _, _ = gr._scan(record, 0, gr.default_reviewer(), gr.DEFAULT_OPPONENTS,
                                        "bench", None, None)
        scan = time.perf_counter() - t0

        jobs = [p.job for p in pending]
        t0 = time.perf_counter()
        c0 = time.process_time()
        n = 0
        for k in range(0, args.sample, gr.CHUNK):  # as a worker is handed them
            stop = min(args.sample, k + gr.CHUNK)
            gr._run_chunk(jobs[k // gr.CHUNK % len(jobs)], k, stop)
            n += 2 * (stop - k)
        one = (time.perf_counter() - t0) / n if n else 0.0
        one_cpu = (time.process_time() - c0) / n if n else 0.0

        children0 = _children_cpu()
        t0 = time.perf_counter()
        warm_up(workers)
        start = time.perf_counter() - t0

        cpu0 = time.process_time()
        firsts: list[float] = []
        t_review = time.perf_counter()
        review = gr.review_record(path, playouts=args.playouts, workers=workers,
                                  verdict=lambda i: firsts.append(time.perf_counter()))
        own_cpu = time.process_time() - cpu0
        total = review.seconds
        first = firsts[0] - t_review if firsts else total
        t0 = time.perf_counter()
        again = gr.review_record(path, playouts=args.playouts, workers=workers)
        cached = time.perf_counter() - t0
        assert again.cached, "the second review was not read from the cache"

        def verdicts(r: gr.GameReview) -> dict[tuple[int, int], tuple[str, float]]:
            return {(i.hand, i.actions_before): (i.verdict, round(i.cost, 3)) for i in r.items}

        same = verdicts(again) == verdicts(review)  # the cache keeps costs to 4 places
        pool = uper_practice._POOLS.pop(workers, None)
        if pool is not None:
            pool.shutdown(wait=True)  # the workers end: their CPU time is counted now
        workers_cpu = _children_cpu() - children0

    def row(name: str, seconds: float, note: str = "") -> None:
        print(f"  {name:<26}{seconds:>9.3f} s{seconds / replay:>10.1f} x  {note}")

    print(f"  {'':<26}{'time':>11}{'x replay':>12}")
    row("replay (baseline)", replay)
    row("scan (no playouts)", scan, f"{len(items)} decisions, {len(pending)} disagreements")
    row("one playout, 1 process", one, f"average of {n} ({one_cpu * 1000:.1f} ms CPU)")
    row("worker start", start, f"{workers} processes")
    stops = sum(1 for i in review.items if not i.agree and 0 < i.playouts < args.playouts)
    futile = sum(1 for i in review.items if not i.agree and 0 < i.playouts < args.playouts
                 and i.verdict == "unclear")
    row("review", total,
        f"{review.playouts_run} playouts ({args.playouts} per choice, {stops} of "
        f"{len(pending)} disagreements settled after the first round, {futile} of them as "
        f"unclear: more would not tell), {review.workers} workers")
    row("first verdict", first, f"{len(firsts)} verdicts handed over while the review ran")
    row("the review again (cache)", cached,
        "the same verdicts, read from the cache" if same else "NOT the same verdicts")
    expected = review.playouts_run * one / max(1, review.workers)
    print(f"\nplayouts' expected share: {review.playouts_run} x {one * 1000:.1f} ms / "
          f"{review.workers} workers = {expected:.1f} s of {total:.1f} s")
    print(f"agreement {100 * review.agreement:.0f} %, {review.points_lost_per_hand:.2f} points "
          f"lost per hand, verdicts {review.verdicts()}")
    idle = own_cpu + workers_cpu / max(1, review.workers)
    print(f"CPU: this process {own_cpu:.1f} s, the {review.workers} workers {workers_cpu:.1f} s "
          f"(their start included) -> idle estimate {idle:.1f} s on {review.workers} cores")
    print(f"target (issue 33): <= 30 s for 16 hands on 2 cores, first verdict <= 5 s: measured "
          f"{total:.1f} s and {first:.1f} s (load {os.getloadavg()[0]:.1f}), idle estimate "
          f"{idle:.1f} s: {'met' if min(total, idle) <= 30 and first <= 5 else 'NOT met'}")
    print(f"ratios to the replay baseline: review {total / replay:.1f} x, first verdict "
          f"{first / replay:.1f} x (compare these between runs on a busy machine)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
