"""Scoring speed: `evaluate_win` and `ready_waits` on the waits of ready hands, against the cost
of finding the hands' readings in the same run.

    python bench/bench_scoring.py [--hands N] [--rounds R] [--seed S]

The table (uper legality at every turn of a ready concealed hand), the AI (the value of every
ready discard it weighs) and ai:master's playouts ask for the points of a win far more often
than anybody wins: each wait of a ready hand, by self-draw and by discard. This bench builds
`--hands` seeded ready hands (a random winning hand less one tile: pair plus sets, a meld or two
now and then, seven pairs among them) and times, best of `--rounds` in CPU time:

* **baseline**: the hands' readings (`decompositions` of each winning hand, computed afresh),
  the part of scoring no yak table can avoid;
* `evaluate_win` for every wait both ways, the readings kept between the two (as in play);
* `ready_waits` per hand with its caches emptied (a hand new to the process), and again with
  them kept (the same hand asked again, as the table and the AI do within a turn).

The ratios to the baseline are the figures to compare between runs on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.hand import decompose
from game.engine.hand.shanten import load_tables
from game.engine.melds import PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import uper as uper_mod
from game.engine.scoring.context import WinContext
from game.engine.scoring.evaluate import evaluate_win

SEQ_STARTS = [b + i for b in (0, 9) for i in range(7)]


def ready_hands(n: int, seed: int) -> list[tuple[tuple[int, ...], tuple[Meld, ...]]]:
    """`n` ready concealed parts with their melds: a winning hand less one of its tiles."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        counts = [0] * 25
        melds: list[Meld] = []
        if rng.random() < 0.1:  # seven pairs
            for k in rng.sample(range(25), 7):
                counts[k] = 2
        else:
            pair = rng.randrange(25)
            counts[pair] = 2
            for _ in range(4):
                if rng.random() < 0.5:
                    s = rng.choice(SEQ_STARTS)
                    for j in (s, s + 1, s + 2):
                        counts[j] += 1
                else:
                    k = rng.randrange(25)
                    if rng.random() < 0.15 and not counts[k]:
                        melds.append(Meld(PUNG, k, rng.randrange(1, 4)))
                        continue
                    counts[k] += 3
        meld_kinds = [m.tile for m in melds]
        if max(counts) > 4 or any(counts[k] for k in meld_kinds) \
                or len(set(meld_kinds)) < len(meld_kinds):
            continue
        tiles = [k for k in range(25) for _ in range(counts[k])]
        tiles.remove(rng.choice(tiles))
        if uper_mod.shape_waits_of(tiles, melds):
            out.append((tuple(tiles), tuple(melds)))
    return out


def contexts(hands: list[tuple[tuple[int, ...], tuple[Meld, ...]]]) -> list[WinContext]:
    out = []
    for tiles, melds in hands:
        for w in uper_mod.shape_waits_of(tiles, melds):  # not a fifth copy
            for self_draw in (True, False):
                out.append(WinContext(concealed=tuple(sorted(tiles + (w,))), win_tile=w,
                                      melds=melds, self_draw=self_draw, seat=1,
                                      discarder=None if self_draw else 2))
    return out


def best_of(rounds: int, run) -> float:
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        run()
        best = min(best, time.process_time() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    load_tables()
    rules = RuleSet()
    hands = ready_hands(args.hands, args.seed)
    ctxs = contexts(hands)
    raw = decompose._decompositions.__wrapped__  # the readings, never kept

    def readings() -> None:
        for x in ctxs:
            c = [0] * 25
            for k in x.concealed:
                c[k] += 1
            raw(tuple(c))

    def scores() -> None:
        decompose._decompositions.cache_clear()
        for x in ctxs:
            evaluate_win(x, rules)

    def fresh() -> None:
        uper_mod._ready_waits.cache_clear()
        uper_mod._win_cached.cache_clear()
        uper_mod._basic_cached.cache_clear()
        decompose._decompositions.cache_clear()
        for tiles, melds in hands:
            uper_mod.ready_waits(tiles, melds, seat=1, rules=rules)

    def again() -> None:
        for tiles, melds in hands:
            uper_mod.ready_waits(tiles, melds, seat=1, rules=rules)

    base = best_of(args.rounds, readings)
    ev = best_of(args.rounds, scores)
    new = best_of(args.rounds, fresh)
    fresh()
    kept = best_of(args.rounds, again)
    n, h = len(ctxs), len(hands)
    print(f"{h} ready hands, {n // 2} waits, {n} wins scored (each wait by self-draw and by "
          f"discard)")
    print(f"baseline  the readings of each win:       {base / n * 1e6:7.1f} us a win")
    print(f"evaluate_win:                              {ev / n * 1e6:7.1f} us a win "
          f"({ev / base:.1f}x the baseline)")
    print(f"ready_waits, a hand new to the caches:     {new / h * 1e6:7.1f} us a hand "
          f"({new / h / (base / n):.1f}x a win's baseline)")
    print(f"ready_waits, the same hand again:          {kept / h * 1e6:7.1f} us a hand "
          f"({kept / h / (base / n):.2f}x a win's baseline)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
