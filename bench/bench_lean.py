"""Lean playouts against the engine's: playouts per second of `ai.lean.lean_playout` and of
the master's playout through the engine (`MasterSeat._playout` with four `QuickSeat`s, the
path before the lean simulator) on the same worlds, in the same run; the share of playouts the
lean simulator handed to the engine; and whether every ending agreed.

    python bench/bench_lean.py                    # 12 hands, 4 worlds per decision, 3 actions
    python bench/bench_lean.py --hands 40 --worlds 6 --seed 2
    python bench/bench_lean.py --worlds 2 --walls 4     # each sampled deal with 4 walls
    nice -n 10 python bench/bench_lean.py --rules strict_table=true,sacred_own_wait=frozen

The worlds are the master's: four ``ai:expert`` seats play `--hands` seeded hands; at each turn
of one seat (the dealer's seat rotating with the hand) with a choice, `--worlds` worlds are
sampled from that seat's view (`ai.search.sample_world`, as ``ai:master`` does), and in each
`--actions` legal actions (the expert's choice first) are played out both ways; with `--walls`
N each sampled deal serves N worlds, the tiles left in its wall laid again for each
(`ai.search.redeal_wall`, as the master's `Search.walls` does). Rates are in
CPU seconds of this process (``time.process_time``), the two paths taking turns by blocks of
playouts, so that other work on a shared machine slows both alike; the lean simulator's caches
are emptied first (they then fill as in a game's searches: the playouts of one world share
hands). The endings (reason, winners, payments) of the two paths are
compared: the bench fails (exit status 1) on any difference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import lean
from ai.heuristic import HeuristicSeat
from ai.lean import STATS, Ending, lean_hand
from ai.master import MasterSeat, QuickSeat
from ai.search import HandView, WorldError, redeal_wall, sample_world
from game.engine.actions import Action
from game.engine.driver import HandDriver
from game.engine.kinds import PLAYS
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table

#: playouts per turn of each path
BLOCK = 24


def parse_rules(text: str) -> RuleSet:
    """``key=value,...`` as a rule set (values as the rules file reads them)."""
    if not text:
        return RuleSet()
    pairs: dict[str, object] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        pairs[key.strip()] = {"true": True, "false": False}.get(value.strip().lower(),
                                                               int(value) if value.strip()
                                                               .isdigit() else value.strip())
    return RuleSet.from_dict(pairs)


class _Sampler:
    """An expert seat that, at its turns with a choice, samples worlds from its own view."""

    def __init__(self, seed: int, worlds: int, walls: int, actions: int,
                 out: list[tuple[Table, int, Action]]):
        self.expert = HeuristicSeat("expert", seed)
        self.view = HandView()
        self.seed, self.worlds, self.walls, self.actions = seed, worlds, walls, actions
        self.out = out
        self.n = 0

    def observe(self, event) -> None:
        self.expert.observe(event)
        self.view.observe(event)

    def act(self, decision: Decision) -> Action:
        chosen = self.expert.act(decision)
        if decision.kind in PLAYS and len(decision.legal) > 1:
            self.n += 1
            others = [a for a in decision.legal if a != chosen]
            random.Random(f"{self.seed}/{self.n}").shuffle(others)
            acts = [chosen, *others][:self.actions]
            for i in range(self.worlds):
                rng = random.Random(f"{self.seed}/{self.n}/{i}")
                try:
                    w = sample_world(self.view, decision, rng)
                except WorldError:
                    continue
                for j in range(self.walls):
                    wall = w if j == 0 else redeal_wall(w, rng)
                    self.out.extend((wall, decision.seat, a) for a in acts)
        return chosen


def worlds(hands: int, seed: int, per: int, actions: int, rules: RuleSet, walls: int = 1
           ) -> list[tuple[Table, int, Action]]:
    out: list[tuple[Table, int, Action]] = []
    for i in range(hands):
        seats = [HeuristicSeat("expert", seed * 4 + s) for s in range(4)]
        seats[i % 4] = _Sampler(seed * 1000 + i, per, walls, actions,  # type: ignore[call-overload]
                                out)
        HandDriver(Table(rules, seed=seed + i), seats).run()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--worlds", type=int, default=4, help="worlds sampled per decision")
    ap.add_argument("--walls", type=int, default=1, help="walls laid for each sampled world")
    ap.add_argument("--actions", type=int, default=3, help="actions played out per world")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="", help="house rules, key=value,... (default: none)")
    args = ap.parse_args()
    rules = parse_rules(args.rules)
    t0 = time.perf_counter()
    items = worlds(args.hands, args.seed, args.worlds, args.actions, rules, args.walls)
    print(f"{len(items)} playouts: {args.hands} hands of four ai:expert, {args.worlds} worlds x "
          f"{args.walls} walls per decision of one seat, up to {args.actions} actions each "
          f"(sampled in {time.perf_counter() - t0:.0f} s)")

    quick = [QuickSeat() for _ in range(4)]
    lean.clear_caches()
    p0, f0 = STATS.playouts, STATS.fallbacks
    base: list[float] = []
    leans: list[Ending] = []
    engine_s = lean_s = 0.0
    # the two paths take turns, a block of playouts each, so that a machine busy with other
    # work slows both alike
    for i in range(0, len(items), BLOCK):
        block = items[i:i + BLOCK]
        c0 = time.process_time()
        base.extend(MasterSeat._playout(w, me, a, quick) for w, me, a in block)
        c1 = time.process_time()
        leans.extend(lean_hand(w, me, a) for w, me, a in block)
        c2 = time.process_time()
        engine_s += c1 - c0
        lean_s += c2 - c1
    fallbacks = STATS.fallbacks - f0
    assert STATS.playouts - p0 == len(items)
    engines = []
    for w, me, a in items:  # the engines' full endings, untimed (the payments were timed)
        t = w.copy()
        n = len(t.events)
        t.submit(me, a)
        engines.append(Ending.of(HandDriver(t, quick, seen=n).run()))

    n = len(items)
    print(f"  {'path':<30}{'playouts/s':>12}{'us each':>10}{'x engine':>10}")
    print(f"  {'engine (MasterSeat._playout)':<30}{n / engine_s:>12.0f}"
          f"{1e6 * engine_s / n:>10.0f}{1:>10.2f}   (baseline)")
    print(f"  {'lean (ai.lean.lean_playout)':<30}{n / lean_s:>12.0f}"
          f"{1e6 * lean_s / n:>10.0f}{engine_s / lean_s:>10.2f}")
    print(f"fallbacks to the engine: {fallbacks} of {n} ({100 * fallbacks / n:.2f} %)")
    wrong = sum(1 for e, x, b, (_w, me, _a) in zip(engines, leans, base, items)
                if e != x or b != x.payments[me])
    print(f"endings that differ: {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
