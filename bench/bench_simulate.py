"""Hands per second of `simulate` with four random seats, against a baseline in the same run.

    python bench/bench_simulate.py [--hands N] [--check]

Baseline: shuffling, building the wall, breaking it and dealing N hands (a `Table` constructed
and nothing played) - the cost that any hand pays before the first discard. The figure that
matters is hands/s of the full loop (aim: >= 300 on one core); the ratio says how much the play
itself costs over the deal.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import make_seat
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.engine.table import Table


def deal_only(n: int, rules: RuleSet) -> float:
    t0 = time.perf_counter()
    for seed in range(n):
        Table(rules, seed)
    return time.perf_counter() - t0


def simulate(n: int, rules: RuleSet, check: bool) -> float:
    t0 = time.perf_counter()
    s = Session(rules, seed=1, hands=n)
    play_session(s, [make_seat("random", seed=i) for i in range(4)],
                 on_event=check_table if check else None)
    assert s.hand_no == n
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--check", action="store_true", help="also check invariants after every event")
    args = ap.parse_args(argv)
    rules = RuleSet()
    n = args.hands
    simulate(50, rules, False)  # warm the caches
    base = min(deal_only(n, rules) for _ in range(2))
    full = min(simulate(n, rules, False) for _ in range(2))
    print(f"baseline  shuffle + build + break + deal: {n / base:8.0f} hands/s")
    print(f"simulate  4 random seats, full hands:     {n / full:8.0f} hands/s "
          f"({full / base:.1f}x the deal-only baseline)")
    if args.check:
        chk = simulate(n, rules, True)
        print(f"simulate  + invariants after every event: {n / chk:8.0f} hands/s "
              f"({chk / full:.2f}x the unchecked loop)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
