"""A variant of a heuristic level's `Params` against the level itself, by duplicate play.

    python bench/bench_params.py far_pung_shanten=0 --walls 250 --seeds 3400-3415 --out a.jsonl
    python bench/bench_params.py 'far_pung_plans=("all pungs",)' --one variant --tables experts
    python bench/bench_params.py --report a.jsonl b.jsonl     # blocks of several runs pooled

The variant is the level's parameters (`ai.heuristic.LEVELS` or `PERSONAS`, ``--level``,
default ``expert``) with the fields given as ``name=value`` (Python literals, read with
`ast.literal_eval`: numbers, strings, tuples), seated in this process only as
``ai:variant``. Each seed is a block of ``--walls`` walls (`ai.arena.run_duplicate`, one
process) at each table:

* ``experts``: one seat (``--one``: the level, default, or the variant) and three of the other;
* ``mixed``: the walls played twice, the level + ``ai:beginner``, ``greedy``, ``ai:standard``
  and the variant + the same (the same walls, the same opponents: compared wall by wall).

A block is appended to ``--out`` (JSON lines) as soon as it is played, so an interrupted run
keeps what it finished and runs with other seeds pool (``--report``). Printed per table:
variant - level in points per hand with its 95 % interval over walls (the unit the arena's
intervals use), and per side the hands, deal-in %, claim % (hands with a claimed pung or kong)
and win %. Seeds, walls and tables fix the result: the same command plays the same hands.

Issue 34's far-pung rule (`Params.far_pung_shanten`) was measured with ``far_pung_shanten=0``
(today's expert before it) and ``far_pung_plans=("all pungs",) --one variant``.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
import time
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import registry
from ai.arena import ArenaResult, mean_ci, run_duplicate
from ai.heuristic import LEVELS, PERSONAS, HeuristicSeat, Params

OTHERS = ["ai:beginner", "greedy", "ai:standard"]


def variant_of(level: str, settings: list[str]) -> Params:
    """The level's parameters with `settings` (``name=value``) changed; a clear error for an
    unknown field or a value that is not a literal."""
    base = {**LEVELS, **PERSONAS}[level]
    known = {f.name for f in fields(Params)}
    changes: dict[str, Any] = {}
    for s in settings:
        name, eq, text = s.partition("=")
        if not eq or name.strip() not in known:
            raise SystemExit(f"bench_params: {s!r} is not name=value with a field of Params "
                             f"({', '.join(sorted(known))})")
        try:
            changes[name.strip()] = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError) as e:
            raise SystemExit(f"bench_params: {s!r}: the value is not a literal ({e})") from None
    return replace(base, level="variant", **changes)


def _side(r: ArenaResult, name: str) -> dict[str, Any]:
    s = r.stats[name]
    return {"per_wall": s.per_wall, "hands": s.hands, "deal_ins": s.deal_ins,
            "claims": s.claims, "wins": s.wins}


def play(level: str, table: str, one: str, walls: int, seed: int) -> dict[str, Any]:
    """One block: the level's and the variant's figures at `table`."""
    name = f"ai:{level}"
    t0 = time.perf_counter()
    if table == "experts":
        first, rest = (name, "ai:variant") if one == "level" else ("ai:variant", name)
        r = run_duplicate([first, rest, rest, rest], walls, seed)
        row = {"level": _side(r, name), "variant": _side(r, "ai:variant")}
    else:
        a = run_duplicate([name, *OTHERS], walls, seed)
        b = run_duplicate(["ai:variant", *OTHERS], walls, seed)
        row = {"level": _side(a, name), "variant": _side(b, "ai:variant")}
    row.update(table=table, one=one, seed=seed, walls=walls,
               seconds=time.perf_counter() - t0)
    return row


def report(rows: list[dict[str, Any]]) -> None:
    for table in ("experts", "mixed"):
        rs = [r for r in rows if r["table"] == table]
        if not rs:
            continue
        lv = [x for r in rs for x in r["level"]["per_wall"]]
        va = [x for r in rs for x in r["variant"]["per_wall"]]
        d = mean_ci([a - b for a, b in zip(va, lv)])
        print(f"{table}: {len(lv)} walls = {4 * len(lv)} hands per seat "
              f"({sum(r['seconds'] for r in rs) / 60:.0f} min), seeds "
              f"{min(r['seed'] for r in rs)}-{max(r['seed'] for r in rs)}, one "
              f"{'/'.join(sorted({r['one'] for r in rs}))}")
        print(f"  variant - level: {d[0]:+.2f} points per hand (95 % {d[1]:+.2f} to {d[2]:+.2f})")
        for k in ("level", "variant"):
            h = sum(r[k]["hands"] for r in rs)
            print(f"  {k:>7}: {h} hands, deal-in {100 * sum(r[k]['deal_ins'] for r in rs) / h:.2f} %"
                  f", claim {100 * sum(r[k]['claims'] for r in rs) / h:.1f} %"
                  f", win {100 * sum(r[k]['wins'] for r in rs) / h:.1f} %")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("settings", nargs="*", help="name=value fields of the variant's Params")
    ap.add_argument("--level", default="expert", choices=sorted({**LEVELS, **PERSONAS}))
    ap.add_argument("--walls", type=int, default=250, help="walls per seed (block)")
    ap.add_argument("--seeds", default="1", help="a seed or a range A-B (one block each)")
    ap.add_argument("--tables", default="experts,mixed")
    ap.add_argument("--one", choices=("level", "variant"), default="level",
                    help="who sits alone with three of the other at the experts table")
    ap.add_argument("--out")
    ap.add_argument("--report", nargs="+", metavar="JSONL")
    args = ap.parse_args()
    if args.report:
        report([json.loads(line) for f in args.report for line in Path(f).read_text().splitlines()
                if line.strip()])
        return 0
    params = variant_of(args.level, args.settings)
    registry.SEATS["ai:variant"] = lambda seed=None: HeuristicSeat("variant", seed, params)
    a, _, b = args.seeds.partition("-")
    seeds = range(int(a), int(b or a) + 1)
    tables = [t.strip() for t in args.tables.split(",")]
    if bad := [t for t in tables if t not in ("experts", "mixed")]:
        raise SystemExit(f"bench_params: unknown table {bad[0]!r} (experts, mixed)")
    rows = []
    for seed in seeds:  # blocks in turn over the tables: an interrupted run has some of each
        for table in tables:
            rows.append(play(args.level, table, args.one, args.walls, seed))
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
            print(f"{table} seed {seed}: {rows[-1]['seconds']:.0f} s", flush=True)
    report(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
