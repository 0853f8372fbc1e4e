"""How often the AI pushes into an uper from two or more tiles away while holding a safe tile.

    python bench/bench_fold.py                      # 400 seeded hands
    python bench/bench_fold.py --hands 1000 --seats ai:expert,ai:standard,ai:standard,ai:standard

Plays `--hands` seeded hands with `--seats` (default one ``ai:expert`` and three
``ai:standard``, as in the duplicate-play check of issue 16) and collects every discard decision
of a seat that has not declared uper where

* an opponent has declared uper,
* the hand is two or more tiles from ready (the best discard leaves shanten >= 2), and
* the hand holds a tile that is **exactly safe** against every uper player: the AI's own exact
  safety (`ai.danger.read_opponents`: his river and its stems, tiles discarded after his uper or
  since his last draw, honours he cannot hold), from the events the seat has seen.

At each such point ``ai:standard`` and ``ai:expert`` (fresh seats that saw the same events) are
asked for their choice; a discard (or an added kong, which can be robbed) of a tile that is not
exactly safe is a *push*; a concealed kong is not. The rate is reported
per level and per stage of the hand (early: more than 32 tiles left in the wall, mid: 17-32,
late: 16 or fewer). Issue 16 measured 22 % pushes early and 6 % mid-hand.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.danger import read_opponents
from ai.heuristic import HeuristicSeat, discard_choices
from ai.registry import make_seat
from game.engine.actions import AddedKong, ConcealedKong, Discard
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table

LEVELS = ("standard", "expert")


def stage(wall_left: int) -> str:
    return "early" if wall_left > 32 else "mid" if wall_left > 16 else "late"


class Probe:
    """A seat that plays as `inner` and, at each fold point, asks the probe levels too."""

    def __init__(self, inner, tally: Counter):
        self.inner = inner
        self.tally = tally
        self.probes = {lv: HeuristicSeat(lv) for lv in LEVELS}

    def observe(self, event) -> None:
        self.inner.observe(event)
        for p in self.probes.values():
            p.observe(event)

    def act(self, decision):
        obs = decision.observation
        if decision.kind in ("turn", "discard") and not obs.uper[obs.seat] and any(obs.uper):
            self._check(decision)
        return self.inner.act(decision)

    def _check(self, decision) -> None:
        obs = decision.observation
        kinds = {a.tile for a in decision.legal if isinstance(a, Discard)}
        tracker = self.probes["expert"].tracker
        reads = read_opponents(obs, tracker.passed, tracker.after_uper, use_evidence=False)
        safe = set(range(25))
        for r in reads:
            if obs.uper[r.seat]:
                safe &= r.safe
        safe &= kinds
        if not safe:
            return
        counts = [0] * 25
        for k in obs.concealed:
            counts[k] += 1
        choices = discard_choices(counts, len(obs.melds[obs.seat]), [0] * 25)
        if not choices or choices[0].shanten < 2:
            return
        st = stage(obs.wall_left)
        for lv, p in self.probes.items():
            a = p.act(decision)
            pushed = not ((isinstance(a, (Discard, AddedKong)) and a.tile in safe)
                          or isinstance(a, ConcealedKong))
            self.tally[(lv, st, "n")] += 1
            self.tally[(lv, st, "push")] += pushed


def run(hands: int, seats: list[str], seed: int) -> Counter:
    tally: Counter = Counter()
    rules = RuleSet()
    for i in range(hands):
        players = [Probe(make_seat(name, seed=seed * 4 + s), tally) for s, name in enumerate(seats)]
        play_hand(Table(rules, seed=seed + i), players)
    return tally


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--seats", default="ai:expert,ai:standard,ai:standard,ai:standard")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tally = run(args.hands, args.seats.split(","), args.seed)
    print(f"fold points (vs uper, shanten >= 2, an exactly safe tile in hand), {args.hands} hands")
    print(f"{'level':<13}{'stage':<7}{'points':>8}{'pushes':>8}{'push %':>8}")
    for lv in LEVELS:
        for st in ("early", "mid", "late", "all"):
            sts = ("early", "mid", "late") if st == "all" else (st,)
            n = sum(tally[(lv, s, "n")] for s in sts)
            k = sum(tally[(lv, s, "push")] for s in sts)
            print(f"{'ai:' + lv:<13}{st:<7}{n:>8}{k:>8}{100.0 * k / max(1, n):>7.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
