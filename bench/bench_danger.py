"""Is the danger model calibrated, and does it rank discards better than a safety ladder?

    python bench/bench_danger.py                          # 800 seeded hands, four ai:expert seats
    python bench/bench_danger.py --hands 3000 --seed 500000
    git show HEAD~1:ai/danger.py > /tmp/old_danger.py
    python bench/bench_danger.py --also /tmp/old_danger.py   # another danger model, same run
    python bench/bench_danger.py --dump /tmp/rated.csv       # every opponent's rated tiles
    python bench/bench_danger.py --fit /tmp/rated.csv        # knots for ai.danger.CALIBRATION

Four ``ai:expert`` seats play `--hands` seeded hands. At every discard decision of a seat that
has not declared uper, each tile kind it may discard is rated by `ai.danger.read_opponents`
(from what that seat has seen: its observation and its `EventTracker`), and the engine is asked
whether the tile **would** deal in: for every opponent, is that kind one of his waits and a
legal discard win now (2 basic points on a discard, no sacred discard), the check the table
makes when it offers the win (``Table._discard_win_check``). A tile deals in when it is a legal
win for at least one opponent; the tile's predicted probability is ``1 - prod(1 - p_o)`` over
the opponents' ``deal_in``.

It prints

* **readiness**: per kind of opponent (silent and concealed, silent with open melds, uper) and
  river length, the model's mean ``ready`` beside the share of those opponents who could win on
  a discard at all (some kind legal for them);
* **calibration**: a reliability table (predicted vs actual deal-in per probability bucket,
  with their ratio; then per opponent, uper and silent, on the tiles not exactly safe against
  him: what `ai.danger.CALIBRATION` is fitted to),
  the Brier score beside the Brier score of always predicting the base rate, the log loss, and
  the same for the tiles the seats actually discarded;
* **ranking**, side by side: the model vs a stem-aware safety **ladder** fed the same
  readiness (the model's ``ready`` per opponent; see `ladder_tier`): per decision, how often
  the tile each rates safest deals in, and two AUC-style scores: *within* (for decisions where
  some tiles deal in and others do not, the chance that a random dealing tile is rated more
  dangerous than a random safe one, ties half) and *pooled* (the same over all tiles of all
  decisions, which also asks that dangers compare across positions).

``--also FILE`` rates the same decisions with another danger module (a file defining
``read_opponents`` with the same signature, e.g. an older ``ai/danger.py``): its readiness,
calibration and ranking are printed beside.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import danger as model
from ai.heuristic import HeuristicSeat
from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table
from game.engine.tiles import is_suited, rank

#: deal-in rate of one tier of the ladder against an opponent who can win on a discard
#: (tier: 0 exactly safe, 1 honour with 2+ copies visible, 2 honour with 1 visible,
#: 3 terminal, 4 honour with none visible, 5 a 2 or 8, 6 a 3 to 7); a simple ladder's
#: numbers, rising by tier (only the order and the ratio matter for the ranking)
LADDER_RATE = (0.0, 0.02, 0.04, 0.06, 0.08, 0.10, 0.14)

EDGES = (0.0, 0.002, 0.005, 0.01, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 0.5, 1.01)


def ladder_tier(k: int, safe: frozenset[int], visible: Sequence[int]) -> int:
    """The safety ladder's tier of discarding kind `k` against one opponent (0 = safest).

    >>> from game.engine.tiles import parse_tile as t
    >>> vis = [0] * 25; vis[t("5z")] = 2
    >>> [ladder_tier(t(x), frozenset({t("4m")}), vis) for x in ("4m", "5z", "9p", "6z", "2m", "5p")]
    [0, 1, 3, 4, 5, 6]
    """
    if k in safe:
        return 0
    if not is_suited(k):
        v = visible[k]
        return 1 if v >= 2 else 2 if v == 1 else 4
    r = rank(k)
    return 3 if r in (1, 9) else 5 if r in (2, 8) else 6


@dataclass
class Rated:
    """One rater's numbers over the run."""

    name: str
    #: per decision: [(predicted P(deal-in) of the tile, ranking score, dealt in?, chosen?)]
    decisions: list[list[tuple[float, float, bool, bool]]] = field(default_factory=list)
    #: (opponent kind, river bucket) -> [opponents, sum of ready, opponents who could win]
    ready: dict[tuple[str, int], list[float]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0.0, 0]))
    #: per opponent and tile: (opponent kind, predicted P(deal-in to him), could he win on it?)
    per_opponent: list[tuple[str, float, bool]] = field(default_factory=list)


def legal_wins(table: Table, discarder: int) -> dict[int, frozenset[int]]:
    """For each other seat, the kinds he could legally win on if `discarder` threw them now:
    waits by shape that the engine would offer as a win (2 basic points on a discard, no
    sacred discard; the table's own check when it offers the win)."""
    last = table.wall.remaining == 0
    out = {}
    for o in range(4):
        if o == discarder:
            continue
        total = list(table.seat_state[o].counts)
        for m in table.seat_state[o].melds:
            total[m.tile] += m.size
        out[o] = frozenset(k for k in table.waits(o) if total[k] < 4  # not a fifth copy
                           and table._discard_win_check(o, k, discarder, False, last)[2] is None)
    return out


def _opponent_kind(obs, o: int) -> str:
    if obs.uper[o]:
        return "uper"
    return "open" if any(m.is_open for m in obs.melds[o]) else "concealed"


class Probe:
    """Plays as an ``ai:expert`` seat; at each of its discard decisions rates every kind it may
    discard with each rater and asks the live table whether the kind would deal in."""

    def __init__(self, seat: int, table: Table, raters: Sequence[tuple[Rated, Callable]],
                 ladder: Rated):
        self.inner = HeuristicSeat("expert", seed=seat)
        self.table = table
        self.raters = raters
        self.ladder = ladder

    def observe(self, event) -> None:
        self.inner.observe(event)

    def act(self, decision):
        action = self.inner.act(decision)
        obs = decision.observation
        if decision.kind in ("turn", "discard") and not obs.uper[obs.seat]:
            kinds = sorted({a.tile for a in decision.legal if isinstance(a, Discard)})
            if kinds:
                chosen = action.tile if isinstance(action, Discard) else None
                self._rate(obs, kinds, chosen)
        return action

    def _rate(self, obs, kinds: list[int], chosen: int | None) -> None:
        truth = legal_wins(self.table, obs.seat)
        tr = self.inner.tracker
        vis = model.visible_counts(obs)
        for i, (rated, read) in enumerate(self.raters):
            reads = read(obs, tr.passed, tr.after_uper, rules=tr.rules)
            for r in reads:
                key = (_opponent_kind(obs, r.seat), min(len(obs.rivers[r.seat]) // 3, 4))
                acc = rated.ready[key]
                acc[0] += 1
                acc[1] += r.ready
                acc[2] += bool(truth[r.seat])
                kind = key[0]
                rated.per_opponent.extend((kind, r.deal_in[k], k in truth[r.seat])
                                          for k in kinds if k not in r.safe)
            rows = []
            for k in kinds:
                q = 1.0
                for r in reads:
                    q *= 1.0 - r.deal_in[k]
                dealt = any(k in legal for legal in truth.values())
                rows.append((1.0 - q, 1.0 - q, dealt, k == chosen))
            rated.decisions.append(rows)
            if i == 0:  # the ladder is fed the first rater's readiness
                lrows = []
                for k, (_, _, dealt, ch) in zip(kinds, rows):
                    s = sum(r.ready * LADDER_RATE[ladder_tier(k, r.safe, vis)] for r in reads)
                    lrows.append((s, s, dealt, ch))
                self.ladder.decisions.append(lrows)


def run(hands: int, seed: int, raters: Sequence[tuple[Rated, Callable]], ladder: Rated) -> None:
    rules = RuleSet()
    for i in range(hands):
        table = Table(rules, seed=seed + i)
        play_hand(table, [Probe(seed * 4 + s, table, raters, ladder) for s in range(4)])


def calibration(rated: Rated) -> dict:
    """Reliability buckets, Brier scores and log loss of the predicted probabilities."""
    buckets: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    n = hits = 0
    brier = logloss = 0.0
    chosen = [0, 0.0, 0]
    for rows in rated.decisions:
        for p, _, dealt, ch in rows:
            b = next(j for j in range(len(EDGES) - 1) if p < EDGES[j + 1])
            acc = buckets[b]
            acc[0] += 1
            acc[1] += p
            acc[2] += dealt
            n += 1
            hits += dealt
            brier += (p - dealt) ** 2
            pc = min(max(p, 1e-6), 1 - 1e-6)
            logloss -= math.log(pc if dealt else 1 - pc)
            if ch:
                chosen[0] += 1
                chosen[1] += p
                chosen[2] += dealt
    base = hits / max(1, n)
    return {"buckets": dict(buckets), "n": n, "brier": brier / max(1, n),
            "brier_base": base * (1 - base), "base": base, "logloss": logloss / max(1, n),
            "chosen": chosen}


def reliability(rows: Sequence[tuple[float, bool]]) -> dict[int, list[float]]:
    """Bucket -> [tiles, sum of predicted, dealt in] of (predicted, dealt in?) pairs.

    >>> reliability([(0.001, False), (0.25, True), (0.22, False)])
    {0: [1, 0.001, 0], 9: [2, 0.47, 1]}
    """
    out: dict[int, list[float]] = {}
    for p, dealt in rows:
        b = next(j for j in range(len(EDGES) - 1) if p < EDGES[j + 1])
        acc = out.setdefault(b, [0, 0.0, 0])
        acc[0] += 1
        acc[1] += p
        acc[2] += dealt
    return out


def fit_knots(rows: Sequence[tuple[float, bool]], min_tiles: int = 300,
              min_hits: int = 15) -> list[tuple[float, float]]:
    """Knots of a monotone mapping from predicted to actual deal-in (`ai.danger.CALIBRATION`):
    the reliability buckets merged until each holds `min_tiles` tiles and `min_hits` deal-ins,
    then adjacent pools that fall merged (pool adjacent violators), each as (mean predicted,
    actual), from (0, 0).

    >>> fit_knots([(0.1, False)] * 8 + [(0.1, True)] * 2 + [(0.3, True)] + [(0.3, False)] * 9,
    ...           min_tiles=5, min_hits=1)
    [(0.0, 0.0), (0.2, 0.15)]
    """
    pools: list[list[float]] = []
    cur = [0, 0.0, 0]
    for _, (n, s, d) in sorted(reliability(rows).items()):
        cur = [cur[0] + n, cur[1] + s, cur[2] + d]
        if cur[0] >= min_tiles and cur[2] >= min_hits:
            pools.append(cur)
            cur = [0, 0.0, 0]
    if cur[0]:
        if pools:
            pools[-1] = [a + b for a, b in zip(pools[-1], cur)]
        else:
            pools.append(cur)
    merged: list[list[float]] = []
    for pool in pools:
        merged.append(list(pool))
        while len(merged) > 1 and merged[-1][2] / merged[-1][0] <= merged[-2][2] / merged[-2][0]:
            last = merged.pop()
            merged[-1] = [a + b for a, b in zip(merged[-1], last)]
    return [(0.0, 0.0)] + [(round(s / n, 4), round(d / n, 4)) for n, s, d in merged]


def ranking(rated: Rated) -> dict:
    """Per decision: how often the tile rated safest deals in (ties share), the within-decision
    AUC, and the pooled AUC over every rated tile."""
    picks = 0.0
    aucs = []
    contested_picks = 0.0
    pooled = []
    for rows in rated.decisions:
        low = min(s for _, s, _, _ in rows)
        tied = [d for _, s, d, _ in rows if s <= low]
        pick = sum(tied) / len(tied)
        picks += pick
        pos = [s for _, s, d, _ in rows if d]
        neg = [s for _, s, d, _ in rows if not d]
        if pos and neg:
            contested_picks += pick
            aucs.append(sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in pos for y in neg)
                        / (len(pos) * len(neg)))
        pooled.extend((s, d) for _, s, d, _ in rows)
    return {"decisions": len(rated.decisions), "pick": picks / max(1, len(rated.decisions)),
            "contested": len(aucs), "contested_pick": contested_picks / max(1, len(aucs)),
            "within": sum(aucs) / max(1, len(aucs)), "pooled": pooled_auc(pooled)}


def pooled_auc(pairs: list[tuple[float, bool]]) -> float:
    """The rank-sum AUC of scores against outcomes (ties count half).

    >>> pooled_auc([(0.1, False), (0.2, True), (0.2, False), (0.9, True)])
    0.875
    """
    pairs = sorted(pairs, key=lambda t: t[0])
    pos = sum(d for _, d in pairs)
    neg = len(pairs) - pos
    if not pos or not neg:
        return 0.5
    rank_sum = 0.0
    i = 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        rank_sum += (i + 1 + j) / 2 * sum(d for _, d in pairs[i:j])
        i = j
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg)


def load_module(path: str) -> ModuleType:
    """A danger module from a file (imports inside it must resolve from the repository)."""
    spec = importlib.util.spec_from_file_location("danger_also", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    text = Path(path).read_text(encoding="utf-8").replace("from .value import", "from ai.value import")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["danger_also"] = mod
    exec(compile(text, path, "exec"), mod.__dict__)
    return mod


def report(raters: Sequence[Rated], ladder: Rated) -> None:
    print("readiness: mean 'ready' vs the share who could win on a discard, by river length")
    head = "".join(f"{r.name + ' ready':>14}" for r in raters)
    print(f"{'opponent':<10}{'river':>7}{'n':>9}{head}{'could win':>11}")
    for key in sorted(raters[0].ready, key=lambda k: (("concealed", "open", "uper").index(k[0]), k[1])):
        n, _, won = raters[0].ready[key]
        cells = "".join(f"{r.ready[key][1] / max(1, r.ready[key][0]):>14.4f}" for r in raters)
        river = f"{3 * key[1]}-{3 * key[1] + 2}" if key[1] < 4 else "12+"
        print(f"{key[0]:<10}{river:>7}{n:>9}{cells}{won / max(1, n):>11.4f}")
    for r in raters:
        c = calibration(r)
        print(f"\ncalibration of {r.name}: predicted vs actual deal-in per tile")
        print(f"{'predicted':>13}{'tiles':>9}{'mean pred':>11}{'actual':>9}{'ratio':>8}")
        for b in sorted(c["buckets"]):
            n, s, d = c["buckets"][b]
            print(f"{EDGES[b]:.3f}-{min(1.0, EDGES[b + 1]):.3f}{n:>9}{s / n:>11.4f}{d / n:>9.4f}"
                  f"{d / s if s else 0.0:>7.2f}x")
        for kinds, label in ((("uper",), "uper"), (("concealed", "open"), "silent")):
            rows = [(q, d) for kind, q, d in r.per_opponent if kind in kinds]
            print(f"  per {label} opponent, the tiles not exactly safe against him:")
            for b, (n, s, d) in sorted(reliability(rows).items()):
                ratio = f"{d / s:>7.2f}x" if s else ""
                print(f"  {EDGES[b]:.3f}-{min(1.0, EDGES[b + 1]):.3f}{n:>9}{s / n:>11.4f}"
                      f"{d / n:>9.4f}{ratio}")
        ch = c["chosen"]
        print(f"Brier {c['brier']:.5f} (base rate {c['base']:.4f}: {c['brier_base']:.5f}), "
              f"log loss {c['logloss']:.5f}, {c['n']} tiles; discarded tiles: predicted "
              f"{ch[1] / max(1, ch[0]):.4f}, dealt in {ch[2] / max(1, ch[0]):.4f} ({ch[0]})")
    print("\nranking: the tile rated safest deals in (all decisions / decisions where some "
          "tiles deal in), AUC within a decision and pooled")
    print(f"{'rater':<12}{'decisions':>10}{'safest deals':>14}{'contested':>11}"
          f"{'safest deals':>14}{'AUC within':>12}{'AUC pooled':>12}")
    for r in [*raters, ladder]:
        g = ranking(r)
        print(f"{r.name:<12}{g['decisions']:>10}{100 * g['pick']:>13.3f}%{g['contested']:>11}"
              f"{100 * g['contested_pick']:>13.2f}%{g['within']:>12.4f}{g['pooled']:>12.4f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=800)
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--also", metavar="FILE", help="another danger module to rate beside")
    ap.add_argument("--dump", metavar="CSV", help="write every opponent's rated tiles (to fit)")
    ap.add_argument("--fit", metavar="CSV", help="print calibration knots fitted to a --dump")
    args = ap.parse_args()
    if args.fit:
        rows: dict[str, list[tuple[float, bool]]] = {"uper": [], "silent": []}
        for line in Path(args.fit).read_text().splitlines():
            name, kind, q, d = line.split(",")
            if name == "model":
                rows["uper" if kind == "uper" else "silent"].append((float(q), d == "1"))
        for kind, rs in rows.items():
            print(f"{kind}: {len(rs)} tiles, knots {fit_knots(rs)}")
        return 0
    raters: list[tuple[Rated, Callable]] = [(Rated("model"), model.read_opponents)]
    if args.also:
        raters.append((Rated("also"), load_module(args.also).read_opponents))
    ladder = Rated("ladder")
    run(args.hands, args.seed, raters, ladder)
    if args.dump:  # one line per opponent and tile: rater, opponent kind, predicted, dealt in
        with open(args.dump, "w") as f:
            for rated, _ in raters:
                f.writelines(f"{rated.name},{k},{q:.6g},{int(d)}\n" for k, q, d in rated.per_opponent)
    print(f"{args.hands} hands from seed {args.seed}, four ai:expert seats")
    report([r for r, _ in raters], ladder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
