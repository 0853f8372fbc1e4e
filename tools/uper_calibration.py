"""Calibrate the AI's uper timing against playouts by the AI seats.

    python tools/uper_calibration.py run --positions 180 --playouts 200   # fills the cache
    python tools/uper_calibration.py report                               # policies vs verdicts
    python tools/uper_calibration.py defence ai:standard,ai:standard,ai:standard,ai:standard
                                                     # how a table defends against uper

`run` generates seeded practice positions where the player may declare a legal uper
(`generate_position(seed, stage=..., want="legal")`, stages early/middle/late in turn), records
what the AI's uper policy sees there (`HeuristicSeat.uper_features` with the expert's context:
waits, live wait tiles for self-draw and for discard wins, basic points per wait, wall left,
turn, the opponents' upers, melds and threat, the plan's value) and plays "declare uper" and
"stay silent" out `--playouts` times each with ``ai:standard`` opponents (the same single
playouts `compare_options` sums: `playout_outcomes`, common random numbers, so the
uper-minus-silent difference is paired). One position per worker process (`--jobs`). Every
position is appended to the JSON-lines cache (`--cache`, default under /tmp) as it finishes, and
positions already there are skipped, so the policy can be re-fitted without new playouts.

`report` reads the cache, splits it by seed (even seeds: fit, odd seeds: held out), and prints
for each policy (the old gain model, the level "simple" rule, never, always, the current
`uper_policy.uper_gain`) how often it agrees with the clear verdicts (the paired 95 % interval of
uper - silent excludes zero) and its cost: the sum over positions of the expected points lost by
its choice (playout means, clear or not). `fit` grid-searches the current model's parameters on
the fit half and reports both halves. `defence` plays seeded hands of the given tables and
prints how much each seat kind defends after an uper (`ai.uper_policy.TableDefence` without
its prior); ``UperParams.table_defence`` is the figure of ai:standard, the opponents of the fit.

What it measured (the verdicts, the policies on the held-out half, the refit, the tables'
defence): docs/benchmarks.md ("The uper timing against playouts").

Caveat: in the playouts the player's own continuation is the practice's playout policy (a
silent hand never folds), so the value of staying free to fold is not in the verdicts; it can
only make silence better still.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

STAGE_CYCLE = ("early", "middle", "late")
DEFAULT_CACHE = "/tmp/uper_calibration/cache.jsonl"


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """(mean, 95 % half-width) of a sample.

    >>> _mean_ci([1.0, 3.0])
    (2.0, 1.96)
    """
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, round(1.96 * math.sqrt(var / n), 3)


def position_features(pos) -> dict:
    """What the expert's uper policy sees at a practice position (its ready discard)."""
    from ai.heuristic import HeuristicSeat
    t = pos.table
    seat = HeuristicSeat("expert")
    for e in t.events:
        seat.observe(e.visible_to(pos.seat))
    obs = pos.observation
    c = seat._context(obs)
    counts = [0] * 25
    for k in obs.concealed:
        counts[k] += 1
    f = seat.uper_features(c, counts, pos.ready_discard, obs.melds[obs.seat])
    out = f.as_dict()
    # what the levels decide there today
    for level in ("standard", "expert"):
        s = HeuristicSeat(level)
        for e in t.events:
            s.observe(e.visible_to(pos.seat))
        cc = s._context(obs)
        out[f"decide_{level}"] = bool(s._want_uper(cc, counts, pos.ready_discard,
                                                   obs.melds[obs.seat]))
    return out


def _job(args: tuple[int, str, int]) -> dict:
    seed, stage, playouts = args
    from game.engine.tiles import tile_str
    from game.practice.uper_practice import generate_position, playout_outcomes
    t0 = time.perf_counter()
    pos = generate_position(seed, stage=stage, want="legal")
    row: dict = {"seed": seed, "stage": stage, "playouts": playouts,
                 "describe": str(pos.describe()), "discard": tile_str(pos.ready_discard),
                 "threat_units": "calibrated"}
    row["features"] = position_features(pos)
    res = playout_outcomes(pos, range(playouts), seed=0, opponents="ai:standard",
                           keys=("uper", "silent"))
    for key, v in res.items():
        row[key] = {"win": sum(w for w, _, _ in v) / len(v),
                    "deal_in": sum(d for _, d, _ in v) / len(v),
                    "points": [p for _, _, p in v]}
    row["seconds"] = round(time.perf_counter() - t0, 2)
    return row


#: rows written before the uper model took the danger model's calibrated threat (they carry
#: no "threat_units") hold the silent players' part scaled by this (their `UperFeatures.threat`)
OLD_SILENT_THREAT_SCALE = 2.1


def load(cache: str) -> list[dict]:
    """The cached positions; features recorded in the old threat units are converted."""
    p = Path(cache)
    if not p.exists():
        return []
    rows = [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    for r in rows:
        f = r.get("features")
        if f is not None and "threat_units" not in r:
            certain = f.get("threat_certain", 0.0)
            f["threat"] = certain + (f["threat"] - certain) / OLD_SILENT_THREAT_SCALE
            r["threat_units"] = "calibrated"
    return rows


def _write(out, row: dict, i: int, n: int, t0: float) -> None:
    out.write(json.dumps(row) + "\n")
    out.flush()
    print(f"{i}/{n} seed {row['seed']} {row['stage']}: {time.perf_counter() - t0:.0f} s", flush=True)


def run(args: argparse.Namespace) -> int:
    done = {(r["seed"], r["stage"]) for r in load(args.cache)}
    todo = [(args.first + i, STAGE_CYCLE[i % 3], args.playouts) for i in range(args.positions)]
    todo = [a for a in todo if (a[0], a[1]) not in done]
    Path(args.cache).parent.mkdir(parents=True, exist_ok=True)
    print(f"{len(todo)} positions to play ({len(done)} cached)", flush=True)
    t0 = time.perf_counter()
    with open(args.cache, "a") as out:
        if args.jobs <= 1:  # in this process: a pool of one buys nothing
            for i, a in enumerate(todo, 1):
                try:
                    row = _job(a)
                except ValueError as e:  # no legal position found for that seed
                    print(f"skipped: {e}", flush=True)
                    continue
                _write(out, row, i, len(todo), t0)
            return 0
        # spawn, not fork: a forked child of a process with threads can deadlock (3.12 warns)
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as ex:
            futures = [ex.submit(_job, a) for a in todo]
            try:
                for i, f in enumerate(as_completed(futures), 1):
                    try:
                        row = f.result()
                    except ValueError as e:  # no legal position found for that seed
                        print(f"skipped: {e}", flush=True)
                        continue
                    _write(out, row, i, len(todo), t0)
            except BaseException:
                ex.shutdown(wait=False, cancel_futures=True)  # fail now, not after every job
                raise
    return 0


# ---------------------------------------------------------------------------- analysis
def old_uper_gain(*, live: int, unseen_total: int, wall_left: int, discard_ok: bool, final: float,
              threat: float, defence_cut: float = 0.15, frozen_weight: float = 0.5) -> float:
    """The expert's uper model before this calibration (kept to measure against): expected
    points of declaring minus staying silent, with 15 % of the discard wins lost to defence.

    `threat` is the sum over opponents of (probability ready x points lost on a deal-in); a
    frozen hand cannot fold, so part of it is the price.
    """
    from ai.uper_policy import win_chances
    ps, pd = win_chances(live, unseen_total, wall_left, discard_ok)
    if ps + pd <= 0:
        return -threat * frozen_weight
    ps_u, pd_u = win_chances(live, unseen_total, wall_left, discard_ok,
                             discard_rate=1.2 * (1 - defence_cut))
    declare = 3 * ps_u * (final + 1) + 2 * pd_u * (final + 1)
    silent = 3 * ps * final + 2 * pd * final
    turns = wall_left / 4.0
    frozen = threat * frozen_weight * min(1.0, turns / 6.0) * 0.3
    return declare - silent - frozen



def verdict(row: dict) -> tuple[float, float]:
    """(mean of uper - silent points, its paired 95 % half-width)."""
    if "uper" not in row:
        return -math.inf, 0.0
    d = [a - b for a, b in zip(row["uper"]["points"], row["silent"]["points"])]
    return _mean_ci(d)


def score(rows: list[dict], decide) -> dict:
    """Agreement with the clear verdicts and the expected points lost by `decide(features)`."""
    clear = agree = 0
    cost = 0.0
    ups = 0
    for r in rows:
        m, h = verdict(r)
        up = bool(decide(r["features"]))
        ups += up
        if abs(m) > h:
            clear += 1
            agree += up == (m > 0)
        if up != (m > 0):
            cost += abs(m)
    return {"n": len(rows), "clear": clear, "agree": agree, "cost": round(cost, 2),
            "cost_per_pos": round(cost / max(1, len(rows)), 3), "declares": ups}


def _old_threat(f: dict) -> float:
    """The threat in the units the old gain model was written for (`OLD_SILENT_THREAT_SCALE`)."""
    certain = f.get("threat_certain", 0.0)
    return certain + (f["threat"] - certain) * OLD_SILENT_THREAT_SCALE


def policies() -> dict:
    from ai.uper_policy import UperFeatures, uper_decision
    return {
        "never": lambda f: False,
        "always": lambda f: True,
        "standard (simple)": lambda f: f["live"] >= 4 and f["wall_left"] >= 20,
        "expert before (old gain)": lambda f: old_uper_gain(
            live=f["live"], unseen_total=f["unseen_total"], wall_left=f["wall_left"],
            discard_ok=f["live_discard"] > 0, final=f["final"], threat=_old_threat(f),
            frozen_weight=0.1, defence_cut=0.15) > 0.1 and f["live"] >= 4,
        "expert now": lambda f: uper_decision(UperFeatures.from_dict(f)),
    }


def report(args: argparse.Namespace) -> int:
    rows = [r for r in load(args.cache) if "uper" in r]
    fit = [r for r in rows if r["seed"] % 2 == 0]
    held = [r for r in rows if r["seed"] % 2 == 1]
    ms = [verdict(r) for r in rows]
    n_clear = sum(abs(m) > h for m, h in ms)
    n_up = sum(m > h for m, h in ms)
    print(f"{len(rows)} positions ({len(fit)} fit / {len(held)} held out), {n_clear} clear: "
          f"uper better in {n_up}, silent better in {n_clear - n_up}")
    for name, pol in policies().items():
        a, b = score(fit, pol), score(held, pol)
        print(f"{name:26s} fit: agree {a['agree']}/{a['clear']} cost {a['cost']:7.2f} "
              f"declares {a['declares']:3d} | held out: agree {b['agree']}/{b['clear']} "
              f"cost {b['cost']:7.2f} ({b['cost_per_pos']:.3f}/position) declares "
              f"{b['declares']}")
    if args.verbose:
        for r in sorted(rows, key=lambda r: verdict(r)[0]):
            m, h = verdict(r)
            f = r["features"]
            print(f"{r['seed']:4d} {r['stage']:6s} {m:+6.2f}+-{h:4.2f} wall {f['wall_left']:2d} "
                  f"live {f['live']} (d {f['live_discard']}) final {f['final']:.0f} "
                  f"threat {f['threat']:.1f} up {f['opp_upers']} melds {f['opp_melds']} "
                  f"win u/s {r['uper']['win']:.2f}/{r['silent']['win']:.2f} "
                  f"{r['describe']}")
    return 0


GRID = {
    "discard_rate": (0.8, 1.2, 1.6, 2.4),
    "keep": (0.2, 0.35, 0.5, 0.7),
    "keep_uper": (0.5, 0.8, 1.0),
    "frozen_weight": (0.0, 0.01, 0.03, 0.05, 0.08),
    "frozen_weight_silent": (0.0, 0.03, 0.063, 0.1, 0.15),
    "flex": (0.25, 0.5, 0.75, 1.0),
    "margin": (-1.5, -1.0, -0.5, 0.0, 0.5),
}


def fit(args: argparse.Namespace) -> int:
    """Grid search of `UperParams` on the fit half (even seeds): lowest cost, then most
    agreement; prints both halves for the best few."""
    import itertools
    from dataclasses import replace

    from ai.uper_policy import UperFeatures, UperParams, uper_decision
    rows = [r for r in load(args.cache) if "uper" in r]
    fit_rows = [r for r in rows if r["seed"] % 2 == 0]
    held = [r for r in rows if r["seed"] % 2 == 1]
    for r in rows:
        r["_f"] = UperFeatures.from_dict(r["features"])
    found = []
    names = list(GRID)
    for values in itertools.product(*(GRID[n] for n in names)):
        p = replace(UperParams(), **dict(zip(names, values)))
        a = score([{**r, "features": r["_f"]} for r in fit_rows],
                  lambda f, p=p: uper_decision(f, p))
        found.append((a["cost"], -a["agree"], values, a))
    found.sort(key=lambda x: (x[0], x[1]))
    for _cost, _, values, a in found[:args.top]:
        p = replace(UperParams(), **dict(zip(names, values)))
        b = score([{**r, "features": r["_f"]} for r in held], lambda f, p=p: uper_decision(f, p))
        print(dict(zip(names, values)), f"fit agree {a['agree']}/{a['clear']} cost {a['cost']}"
              f" declares {a['declares']} | held out agree {b['agree']}/{b['clear']} cost "
              f"{b['cost']} declares {b['declares']}")
    return 0


def measure_defence(seats: list[str], hands: int, seed: int = 1) -> dict[str, tuple[int, int, float]]:
    """Per seat name: (discards after another's uper, exactly safe ones, safe by chance), as
    an `ai.heuristic.EventTracker` records them (`ai.uper_policy.TableDefence`), over `hands`
    seeded hands of `seats`; the tracker watches seat 0's view (every discard is public)."""
    from ai.heuristic import EventTracker
    from ai.registry import make_seat
    from game.engine.rules import RuleSet
    from game.engine.session import play_hand
    from game.engine.table import Table

    players = [make_seat(n, seed=seed * 4 + i) for i, n in enumerate(seats)]
    tracker = EventTracker()

    class Watch:  # seat 0 with the tracker beside it
        def __init__(self, inner):
            self.inner = inner
            self.act = inner.act

        def observe(self, event):
            self.inner.observe(event)
            tracker.observe(event)
            tracker.me = None  # a watcher: seat 0's discards count too

    rules = RuleSet()
    for i in range(hands):
        play_hand(Table(rules, seed=seed + i), [Watch(players[0]), *players[1:]])
    out: dict[str, tuple[int, int, float]] = {}
    for p, name in enumerate(seats):
        c = tracker.defence.players.get(p)
        if c is not None:
            n, k, e = out.get(name, (0, 0, 0.0))
            out[name] = (n + c.discards, k + c.safe, e + c.chance)
    return out


def defence(args: argparse.Namespace) -> int:
    """How much each seat kind defends against uper (`TableDefence.defence` with no prior)."""
    for table in args.tables:
        seats = table.split(",")
        got = measure_defence(seats, args.hands, args.seed)
        print(f"table {table}, {args.hands} hands")
        for name, (n, k, e) in got.items():
            d = (k - e) / (n - e) if n > e else 0.0
            print(f"  {name:12s} discards {n:5d}  safe {100 * k / max(1, n):5.1f} %  by chance "
                  f"{100 * e / max(1, n):5.1f} %  defence {d:.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--positions", type=int, default=180)
    r.add_argument("--first", type=int, default=0, help="first position seed")
    r.add_argument("--playouts", type=int, default=200)
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--cache", default=DEFAULT_CACHE)
    r.set_defaults(func=run)
    p = sub.add_parser("report")
    p.add_argument("--cache", default=DEFAULT_CACHE)
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(func=report)
    f = sub.add_parser("fit")
    f.add_argument("--cache", default=DEFAULT_CACHE)
    f.add_argument("--top", type=int, default=15)
    f.set_defaults(func=fit)
    d = sub.add_parser("defence")
    d.add_argument("tables", nargs="+", help="four comma-separated seat names per table")
    d.add_argument("--hands", type=int, default=300)
    d.add_argument("--seed", type=int, default=1)
    d.set_defaults(func=defence)
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
