"""Hands per second of `simulate` with four random seats, against a baseline in the same run.

    python bench/bench_simulate.py [--hands N] [--rounds R]

Baseline: shuffling, building the wall, breaking it and dealing N hands (a `Table` constructed
and nothing played) - the cost that any hand pays before the first discard. Then the full loop
three ways: without invariant checks, with simulate's default cheap checks after every event
(`check_event`: tiles counted per place and the acting seat's hand; every tile at each hand's end),
and with every tile checked by its id after every event (`check_table`, ``--check-every-event``
and the tests). The figure that matters is hands/s with the default checks (aim: >= 600 on one
core); the ratios say what the play and each kind of check cost. Best of ``--rounds``, in CPU
time (`time.process_time`: on a shared machine, waiting for a core is not counted).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import make_seat
from game.engine.invariants import check_event, check_table
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.engine.table import Table


def deal_only(n: int, rules: RuleSet) -> float:
    t0 = time.process_time()
    for seed in range(n):
        Table(rules, seed)
    return time.process_time() - t0


def simulate(n: int, rules: RuleSet, check: Callable[..., None] | None) -> float:
    t0 = time.process_time()
    s = Session(rules, seed=1, hands=n)
    play_session(s, [make_seat("random", seed=i) for i in range(4)], on_event=check)
    assert s.hand_no == n
    return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    rules = RuleSet()
    n = args.hands
    simulate(50, rules, None)  # warm the caches
    best = {"deal": float("inf"), "none": float("inf"), "cheap": float("inf"),
            "full": float("inf")}
    for _ in range(args.rounds):  # interleaved, so a busy moment on the machine hits all alike
        best["deal"] = min(best["deal"], deal_only(n, rules))
        best["none"] = min(best["none"], simulate(n, rules, None))
        best["cheap"] = min(best["cheap"], simulate(n, rules, check_event))
        best["full"] = min(best["full"], simulate(n, rules, check_table))
    base, none, cheap, full = best["deal"], best["none"], best["cheap"], best["full"]
    print(f"baseline  shuffle + build + break + deal:      {n / base:8.0f} hands/s")
    print(f"simulate  4 random seats, no checks:           {n / none:8.0f} hands/s "
          f"({none / base:.1f}x the deal-only baseline's time)")
    print(f"simulate  + cheap checks (default):            {n / cheap:8.0f} hands/s "
          f"({cheap / none:.2f}x the unchecked loop's time)")
    print(f"simulate  + every tile after every event:      {n / full:8.0f} hands/s "
          f"({full / none:.2f}x the unchecked loop's time, {full / cheap:.2f}x the default's)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
