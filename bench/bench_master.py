"""ai:master: decision time against ai:expert's in the same run, and strength by duplicate play.

    python bench/bench_master.py                       # 20 hands, budget 200 ms: decision times
    python bench/bench_master.py --hands 50 --budget 100
    python bench/bench_master.py --duplicate experts --walls 200 --worlds 6 --out a.json
    python bench/bench_master.py --duplicate mixed --walls 200 --worlds 6 --seed 2 --out b.json
    python bench/bench_master.py --merge a.json c.json   # several runs (other seeds) pooled
    python bench/bench_master.py --changes --hands 60 --worlds 12 --judge 40
    python bench/bench_master.py --audit-claims --hands 300 --judge 30
    python bench/bench_master.py --samplers --hands 40 --seed 800 --worlds 32 --derive 3
    python bench/bench_master.py --samplers --uper-words --hands 40 --seed 800 --worlds 32
    python bench/bench_master.py --derive-audit --hands 60 --seed 1000

**Times**: one master (seat rotating with the hand) against three ``ai:expert`` seats plays
`--hands` seeded hands; every decision of the master and of the experts is timed. Printed:
p50/p95/p99 of the master's searched decisions, of all its decisions and of the experts'
decisions, the ratios master/expert, the share of searched decisions within the budget plus
10 % (the target: p99 within it), and how many worlds a search played.

**Duplicate** (`ai.arena.run_duplicate`, one process: run two commands for two cores, with
other seeds): ``experts`` seats one master with three experts and compares the master with
the experts of the same walls; ``mixed`` plays the walls twice, master + beginner + greedy +
standard and expert + beginner + greedy + standard, and compares the master with the expert
wall by wall (the same walls, the same opponents). Points per hand, deal-in % and the
per-wall difference with its 95 % interval; `--out` keeps the per-wall figures so runs with
other seeds can be pooled (`--merge`). `--worlds N` counts the budget in worlds (the results
then do not depend on the machine's speed), else `--budget` ms.

**Changes** (where the master's choices win or lose): one master against three experts; at
every decision where the search overruled the expert, the bench (not the seat) takes the real
table and plays both actions out `--judge` times from it, every seat ``ai:expert``, only the
rest of the wall dealt again (the same walls for both: common random numbers). The mean
difference per changed decision, by kind (discard, fold, uper or silent, claim, kong), with
its 95 % interval, times the changes per hand, estimates what the changes are worth: far less
noise than duplicate play, where a whole hand's points carry each change.

**Samplers** (``--samplers``): on the same searched decisions of one run, every candidate
played in `--worlds` worlds both ways, CPU seconds: today's worlds (every deal replayed) against
worlds derived from a replayed one (`--derive`, `--derived-walls`), or with ``--uper-words`` the
playouts' uper check as the engine's verdict against `ai.lean.uper_legal`: worlds per second,
CPU per replay, derived deal, new wall and playout, the standard error per second of thinking,
and the mean difference of the two estimates (a bias would show there). **Derive audit**
(``--derive-audit``): how many deals made in place the replay would reject, and whether the
pass over the events flags every one.

**Claims audit** (``--audit-claims --hands 300 --judge 30``): how much room the expert leaves
where the master's changes were (claims): four experts play; at every pung one of them could
claim (alone to answer), both answers are judged as above, and the gain of pung over pass is
printed by the expert's answer and the hand's shanten. Where the expert is right, the gain has
the sign of its answer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import registry
from ai.arena import mean_ci, run_duplicate
from ai.heuristic import HeuristicSeat
from ai.master import MasterSeat, Search, SearchResult
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000.0 * xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def times(hands: int, seed: int, search: Search) -> int:
    master_all: list[float] = []
    searched: list[float] = []
    expert: list[float] = []
    worlds: list[int] = []
    counts: dict[str, int] = {}

    class Timed:
        def __init__(self, inner, sink, is_master=False):
            self.inner, self.sink, self.is_master = inner, sink, is_master
            self.observe = inner.observe

        def act(self, decision):
            t0 = time.perf_counter()
            a = self.inner.act(decision)
            dt = time.perf_counter() - t0
            self.sink.append(dt)
            if self.is_master and self.inner.last is not None:
                searched.append(dt)
                worlds.append(self.inner.last.worlds)
            return a

    t0 = time.perf_counter()
    for i in range(hands):
        m = MasterSeat(seed + i, search=search)
        at = i % 4
        seats = [Timed(HeuristicSeat("expert", seed * 4 + s), expert) for s in range(4)]
        seats[at] = Timed(m, master_all, True)
        play_hand(Table(RuleSet(), seed=seed + i), seats)
        for k, v in m.counts.items():
            counts[k] = counts.get(k, 0) + v
    took = time.perf_counter() - t0
    budget = search.budget_ms
    print(f"{hands} hands in {took:.0f} s; budget {budget} ms, worlds "
          f"{search.worlds or 'by time'}, policy {search.policy}")
    print(f"master decisions {len(master_all)}: {counts}")
    print(f"worlds per search: mean {sum(worlds) / max(1, len(worlds)):.1f}, "
          f"min {min(worlds, default=0)}, max {max(worlds, default=0)}")
    e50, e95, e99 = pct(expert, .5), pct(expert, .95), pct(expert, .99)
    for label, xs in (("searched", searched), ("all master", master_all), ("expert", expert)):
        a, b, c = pct(xs, .5), pct(xs, .95), pct(xs, .99)
        print(f"{label:>11}: p50 {a:7.1f} ms  p95 {b:7.1f} ms  p99 {c:7.1f} ms   "
              f"ratio to expert {a / e50:6.1f} {b / e95:6.1f} {c / e99:6.1f}")
    if searched and search.worlds is None:
        within = sum(1 for x in searched if x * 1000 <= budget * 1.1) / len(searched)
        print(f"searched decisions within budget + 10 %: {100 * within:.1f} %  "
              f"(p99 {pct(searched, .99):.0f} ms vs {budget * 1.1:.0f} ms)")
    return 0


def _kind(decision, expert_action, master_action, safest: bool) -> str:
    from game.engine.actions import Discard

    if decision.kind in ("claim", "rob"):
        return "claim"
    if not isinstance(master_action, Discard) or not isinstance(expert_action, Discard):
        return "kong"
    if master_action.tile == expert_action.tile:
        return "uper or silent"
    return "fold" if safest else "discard"


def judge_value(table: Table, seat: int, action, n: int, key: str) -> list[int]:
    """`seat`'s points in `n` playouts of `action` from the real `table`, every seat
    ``ai:expert``, only the rest of the wall dealt again (the same walls for every action
    judged with the same `key`)."""
    import random as _random

    from game.engine.driver import HandDriver

    out = []
    others = tuple(s for s in range(4) if s != seat)
    for i in range(n):
        t = table.resample_hidden(seat, _random.Random(f"{key}/{i}"), keep=others)
        players = [HeuristicSeat("expert", 7 * i + s) for s in range(4)]
        for s in range(4):
            for e in t.events:
                players[s].observe(e.visible_to(s))
        seen = len(t.events)
        t.submit(seat, action)
        HandDriver(t, players, seen=seen).run()
        out.append(t.result.payments[seat])
    return out


def _plan(why) -> str:
    """The plan an expert's reason names ("all pungs", "half flush"...), or "" (then the
    audit names the reason's code)."""
    from game.engine.messages import Message

    for name, v in getattr(why, "args", ()):
        if name == "plan":
            return str(v).removeprefix("concealed + ")
        if isinstance(v, Message) and (found := _plan(v)):
            return found
    return ""


def claims_audit(hands: int, seed: int, judge: int) -> int:
    """See the module: every pung the expert could claim, both answers judged."""
    from ai.arena import mean_ci as _ci
    from game.engine.actions import PASS, Pung
    from game.engine.driver import HandDriver
    from game.engine.hand.shanten import shanten

    plans: list[str] = []  # the plan of the expert's pung ("" for the other answers)
    rows: list[tuple[str, int, float]] = []  # (the expert's answer, shanten, pung - pass)
    # (shanten: the hand's before the claim)
    t0 = time.perf_counter()
    for h in range(seed, seed + hands):
        table = Table(RuleSet(), seed=h)

        class Audited:
            def __init__(self, inner, table=table, h=h):
                self.inner, self.table, self.h = inner, table, h
                self.observe = inner.observe

            def act(self, decision):
                a = self.inner.act(decision)
                if (decision.kind == "claim" and Pung() in decision.legal
                        and len(self.table.pending()) == 1):  # others' answers would be hidden
                    key = f"{self.h}/{len(self.table.events)}"
                    gain = (sum(judge_value(self.table, decision.seat, Pung(), judge, key))
                            - sum(judge_value(self.table, decision.seat, PASS, judge, key))) / judge
                    obs = decision.observation
                    counts = [0] * 25
                    for k in obs.concealed:
                        counts[k] += 1
                    rows.append((type(a).__name__.lower(),  # pung, pass or kong
                                 shanten(counts, len(obs.melds[decision.seat])), gain))
                    why = self.inner.explain()
                    plans.append((_plan(why) or getattr(why, "code", "?")) if a == Pung() else "")
                return a

        HandDriver(table, [Audited(HeuristicSeat("expert", h * 4 + s)) for s in range(4)]).run()
    print(f"{hands} hands of four ai:expert seats, {len(rows)} pungs they could claim "
          f"({time.perf_counter() - t0:.0f} s); each answer judged with {judge} playouts; "
          "pung - pass in points, 95 % interval:")
    for chose in ("pung", "pass", "kong"):
        for sh in sorted({r[1] for r in rows}) + [None]:
            xs = [g for c, s_, g in rows if c == chose and (sh is None or s_ == sh)]
            if xs:
                m_, lo, hi = _ci(xs)
                where = "all" if sh is None else f"shanten {sh}"
                print(f"  the expert chose {chose}, {where:>10}: {len(xs):4d}  {m_:+6.2f} "
                      f"({lo:+.2f} to {hi:+.2f})")
    print("  the expert's pungs by their plan and the shanten before:")
    for plan in sorted({p for p in plans if p}):
        for sh in sorted({r[1] for r in rows}):
            xs = [g for (c, s_, g), p in zip(rows, plans) if p == plan and s_ == sh]
            if xs:
                m_, lo, hi = _ci(xs)
                print(f"    {plan:>24}, shanten {sh}: {len(xs):4d}  {m_:+6.2f} "
                      f"({lo:+.2f} to {hi:+.2f})")
    return 0


def changes(hands: int, seed: int, search: Search, judge: int) -> int:
    """See the module: the changed decisions judged on the real tables."""
    from ai.arena import mean_ci as _ci
    from game.engine.driver import HandDriver

    found: list[tuple[str, float]] = []
    decisions = 0

    class Judged:
        def __init__(self, inner, table_of):
            self.inner, self.table_of = inner, table_of
            self.observe = inner.observe

        def act(self, decision):
            nonlocal decisions
            decisions += 1
            a = self.inner.act(decision)
            res = self.inner.last
            if res is None or a == res.actions[0]:
                return a
            table = self.table_of()
            if any(s != decision.seat for s in table.pending()):
                return a  # a claim still open to others: their hands must stay (not judged)
            key = f"{seed}/{decisions}"
            mine = judge_value(table, decision.seat, a, judge, key)
            theirs = judge_value(table, decision.seat, res.actions[0], judge, key)
            gain = sum(mine) / judge - sum(theirs) / judge
            c = self.inner.expert._context(decision.observation)
            safest = min(range(25), key=lambda k: c.danger[k] if k in decision.observation.concealed
                         else 1e9)
            kind = _kind(decision, res.actions[0], a, getattr(a, "tile", None) == safest)
            found.append((kind, gain))
            said, se = res.gain(res.actions.index(a))
            print(f"  {kind:>15}: {res.actions[0]} -> {a}: {gain:+.2f} points "
                  f"(search said {said:+.2f}, {said / se if se else 99:.1f} se, "
                  f"{res.worlds} worlds)", flush=True)
            return a

    t0 = time.perf_counter()
    for i in range(hands):
        m = MasterSeat(seed + i, search=search)
        table = Table(RuleSet(), seed=seed + i)
        seats = [HeuristicSeat("expert", seed * 4 + s) for s in range(4)]
        seats[i % 4] = Judged(m, lambda t=table: t)
        HandDriver(table, seats).run()
    print(f"{hands} hands, {decisions} master decisions, {len(found)} changed "
          f"({time.perf_counter() - t0:.0f} s); judged with {judge} playouts per action")
    kinds = sorted({k for k, _ in found})
    for k in kinds + ["all"]:
        xs = [g for kk, g in found if k in ("all", kk)]
        m_, lo, hi = _ci(xs)
        print(f"  {k:>15}: {len(xs):4d} changes, {m_:+.2f} points each (95 % {lo:+.2f} to "
              f"{hi:+.2f}); {len(xs) / hands:.3f} per hand -> {m_ * len(xs) / hands:+.3f} "
              "points per hand")
    return 0


def variance(hands: int, seed: int, search: Search) -> int:
    """See the module ("Variance"): every searched decision of one master against three
    experts played out in `search.worlds` worlds with every candidate (no race, no closeness
    limit), then read four ways: the paired difference's standard deviation per world without
    and with the control variate; the playouts the race would have played; the expert's value
    gap between the candidates (`Search.close`)."""
    import math
    import statistics

    from ai.master import _clearly_worse, expert_values

    full = Search(worlds=search.worlds, policy=search.policy, lean=search.lean,
                  horizon=search.horizon, claims=search.claims, race=None, close=None,
                  control=True, walls=search.walls)
    plain_var: list[float] = []
    dealt_var: list[float] = []  # the walls' clusters counted (Search.walls)
    cv_var: list[float] = []
    worlds_played = 0
    gaps: list[tuple[float | None, float, float]] = []  # (value gap, gain, se) per challenger
    raced = played = 0
    kept_same = 0
    searched = 0
    secs = 0.0

    class Studied:
        def __init__(self, inner):
            self.inner = inner
            self.observe = inner.observe

        def act(self, decision):
            nonlocal raced, played, kept_same, searched, secs, worlds_played
            t0 = time.perf_counter()
            a = self.inner.act(decision)
            secs += time.perf_counter() - t0
            res = self.inner.last
            if res is None or res.worlds < 8:
                return a
            searched += 1
            worlds_played += res.worlds
            values = expert_values(self.inner.expert, decision, res.actions)
            plain = SearchResult(res.actions, res.points)
            dealt = SearchResult(res.actions, res.points, deals=res.deals)
            for i in range(1, len(res.actions)):
                d = [row[i] - row[0] for row in res.points]
                plain_var.append(statistics.variance(d))
                dealt_var.append(dealt.gain(i)[1] ** 2 * res.worlds)
                _, se = res.gain(i)
                cv_var.append(se * se * res.worlds)
                v0, v = values[0], values[i]
                gaps.append((None if v is None or v0 is None else abs(v - v0), *plain.gain(i)))
            # the race replayed on these worlds: which candidates it would have played, when
            live = list(range(len(res.actions)))
            first = max(2 * full.race_every, 4 * full.walls)  # as MasterSeat._play_out
            for w in range(res.worlds):
                raced += len(live)
                played += len(res.actions)
                n = w + 1
                if n >= first and n % full.race_every == 0:
                    part = SearchResult(res.actions, res.points[:n], deals=res.deals[:n])
                    live = [j for j in live if j == 0 or not _clearly_worse(part.gain(j), 1.0)]
            kept_same += all(j in live for j in range(len(res.actions))
                             if plain.gain(j)[0] > 2 * plain.gain(j)[1] > 0)
            return a

    for i in range(hands):
        m = MasterSeat(seed + i, search=full)
        seats = [HeuristicSeat("expert", seed * 4 + s) for s in range(4)]
        seats[i % 4] = Studied(m)
        play_hand(Table(RuleSet(), seed=seed + i), seats)
    n = len(plain_var)
    print(f"{hands} hands, {searched} searched decisions, {n} challengers, {full.worlds} worlds "
          f"each ({full.walls} walls per deal), simulator {full.simulator} ({secs:.0f} s in the "
          f"master's decisions, {1000 * secs / max(1, worlds_played):.1f} ms per world)")
    if not n:
        return 0
    sd_plain = math.sqrt(statistics.fmean(plain_var))
    sd_dealt = math.sqrt(statistics.fmean(dealt_var))
    sd_cv = math.sqrt(statistics.fmean(cv_var))
    print(f"paired difference, sd per world (root mean variance): as if independent "
          f"{sd_plain:.2f}; counting the deals' clusters {sd_dealt:.2f} (variance "
          f"x{(sd_dealt / sd_plain) ** 2:.3f}); with the control variate too {sd_cv:.2f} "
          f"(x{(sd_cv / sd_dealt) ** 2:.3f} of the clustered; better in "
          f"{sum(c < p for c, p in zip(cv_var, dealt_var))} of {n} challengers)")
    print(f"standard error per second of thinking (sd per world x sqrt(s per world)): "
          f"{sd_dealt * math.sqrt(secs / max(1, worlds_played)):.2f}")
    print(f"race (drop below -1 se, checked every {full.race_every} worlds from "
          f"{max(2 * full.race_every, 4 * full.walls)}): {raced} of {played} playouts "
          f"({100 * raced / played:.0f} %), per searched decision {raced / searched:.1f} "
          f"instead of {played / searched:.1f}; a candidate the full search found clearly "
          f"better kept in {kept_same} of {searched} decisions")
    for close in (0.5, 1.0, 2.0, 4.0, None):
        inside = [g for g in gaps if g[0] is None or close is None or g[0] <= close]
        clear = [g for g in inside if g[1] > 2 * g[2] > 0]
        print(f"  value gap <= {close}: {len(inside)} of {n} challengers searched; "
              f"clearly better (> 2 se) among them {len(clear)}; all clearly better "
              f"{sum(1 for g in gaps if g[1] > 2 * g[2] > 0)}")
    return 0


def simulators(hands: int, seed: int, worlds: int) -> int:
    """The lean simulator against the engine's playouts on the same worlds of the same
    searched decisions: identical points, and playouts per second of each in the same run."""
    from ai.search import WorldError, sample_world

    timing = {"engine": 0.0, "lean": 0.0, "sampling": 0.0}
    counts = {"engine": 0, "lean": 0, "sampling": 0}
    same = differ = 0

    class Both:
        def __init__(self, inner):
            self.inner = inner
            self.observe = inner.observe

        def act(self, decision):
            nonlocal same, differ
            m = self.inner
            a = m.act(decision)
            if m.last is None:
                return a
            cands = list(m.last.actions)
            points = {}
            for sim in ("engine", "lean"):
                m.search = Search(worlds=worlds, lean=sim == "lean", race=None, close=None,
                                  control=False)
                t0 = time.perf_counter()
                res = m._play_out(decision, cands, t0)  # the same decision: the same worlds
                timing[sim] += time.perf_counter() - t0
                counts[sim] += res.playouts
                points[sim] = res.points
            m.search = Search(worlds=worlds, race=None, close=None, control=False)
            t0 = time.perf_counter()
            for w in range(worlds):  # the same worlds again, only sampled
                try:
                    sample_world(m.view, decision, m._rng(w))
                except WorldError:
                    break
            timing["sampling"] += time.perf_counter() - t0
            counts["sampling"] += worlds
            same += points["engine"] == points["lean"]
            differ += points["engine"] != points["lean"]
            return a

    for i in range(hands):
        m = MasterSeat(seed + i, search=Search(worlds=worlds, race=None, close=None,
                                               control=False))
        seats = [HeuristicSeat("expert", seed * 4 + s) for s in range(4)]
        seats[i % 4] = Both(m)
        play_hand(Table(RuleSet(), seed=seed + i), seats)
    print(f"{hands} hands: {same + differ} searched decisions, {worlds} worlds each; "
          f"identical points in {same}, different in {differ}")
    sampling = timing["sampling"]
    print(f"  sampling the worlds alone: {counts['sampling']} worlds in {sampling:.1f} s")
    rate = {}
    for sim in ("engine", "lean"):
        rate[sim] = counts[sim] / max(1e-9, timing[sim] - sampling)
        print(f"  {sim:>6}: {counts[sim]} playouts in {timing[sim]:.1f} s = "
              f"{counts[sim] / max(1e-9, timing[sim]):.0f} playouts/s with the worlds sampled, "
              f"{rate[sim]:.0f}/s the playouts alone")
    if timing["lean"] and timing["engine"]:
        print(f"  lean / engine: {timing['engine'] / timing['lean']:.1f}x with the sampling, "
              f"{rate['lean'] / rate['engine']:.1f}x the playouts alone")
    return 0


def samplers(hands: int, seed: int, worlds: int, derive: int, walls: int,
             derived_walls: int, words: bool = False) -> int:
    """Today's worlds (every deal replayed, `Search.walls` 4) against worlds derived from a
    replayed deal (`Search.derive`, `ai.search.derive_world`) on the same searched decisions
    of the same run, both counted in `worlds` with every candidate played (no race): CPU
    seconds (time.process_time) per world, worlds per second, the paired difference's standard
    deviation per world (a deal's worlds one cluster), the standard error per second of
    thinking, and the mean of (derived gain - replayed gain) over the challengers: a bias of the
    derived worlds would show there (each estimate's own noise averages out). With `words`,
    the same searches (every deal replayed) with the playouts' uper check as the engine's
    verdict ("words", as before `ai.lean.uper_legal`) and as it is ("no words")."""
    import gc
    import math
    import statistics

    import ai.lean as lean_module
    import ai.master as master_module
    from ai import search as sampling
    from ai.lean import clear_caches

    current = ["seat"]
    # CPU seconds making worlds, per path ("seat": the seat's own search, not counted)
    A, B = ("words", "no words") if words else ("replayed", "derived")
    sampled = {A: 0.0, B: 0.0, "seat": 0.0}

    each: dict[tuple[str, str], list[float]] = {}  # (path, function): [CPU seconds, calls]

    def timed(f, fname):
        def inner(*a, **k):
            t0 = time.process_time()
            try:
                return f(*a, **k)
            finally:
                dt = time.process_time() - t0
                sampled[current[0]] += dt
                c = each.setdefault((current[0], fname), [0.0, 0])
                c[0] += dt
                c[1] += 1
        return inner

    for name in ("sample_base", "derive_world", "redeal_wall", "lean_playout"):
        f = timed(getattr(master_module, name), name)
        if name == "lean_playout":
            def f(*a, _f=f, **k):  # timed apart: not a part of making the worlds
                t = sampled[current[0]]
                try:
                    return _f(*a, **k)
                finally:
                    sampled[current[0]] = t
        setattr(master_module, name, f)

    paths = {A: Search(worlds=worlds, race=None, close=None),
             B: Search(worlds=worlds, race=None, close=None, derive=0 if words else derive,
                       walls=walls, derived_walls=derived_walls)}
    fast = lean_module.uper_legal

    def verdict(hand, melds, *, seat, prevalent, wall_left, rules):
        from game.engine.scoring import uper_verdict

        return uper_verdict(hand, melds, seat=seat, prevalent=prevalent, wall_left=wall_left,
                            rules=rules).legal
    secs = dict.fromkeys(paths, 0.0)
    played = dict.fromkeys(paths, 0)
    var: dict[str, list[float]] = {k: [] for k in paths}
    diffs: list[float] = []
    diff_se: list[float] = []
    decisions = 0
    stats = {}

    class Both:
        def __init__(self, inner):
            self.inner = inner
            self.observe = inner.observe

        def act(self, decision):
            nonlocal decisions
            m = self.inner
            current[0] = "seat"
            a = m.act(decision)
            if m.last is None:
                return a
            cands = list(m.last.actions)
            decisions += 1
            gains = {}
            order = list(paths) if decisions % 2 else list(reversed(paths))
            gc.disable()
            try:
                for name in order:
                    m.search = paths[name]
                    current[0] = name
                    lean_module.uper_legal = verdict if name == "words" else fast
                    before = (sampling.SAMPLER.replays, sampling.SAMPLER.derived)
                    clear_caches()  # both start cold (the seat's own search warmed them)
                    t0 = time.process_time()
                    res = m._play_out(decision, cands, time.perf_counter())
                    secs[name] += time.process_time() - t0
                    played[name] += res.worlds
                    st = stats.setdefault(name, [0, 0])
                    st[0] += sampling.SAMPLER.replays - before[0]
                    st[1] += sampling.SAMPLER.derived - before[1]
                    gains[name] = [res.gain(i) for i in range(1, len(cands))]
                    for _, se in gains[name]:
                        if math.isfinite(se):
                            var[name].append(se * se * res.worlds)
            finally:
                gc.enable()
                m.search = paths[A]
                lean_module.uper_legal = fast
            for (g0, s0), (g1, s1) in zip(gains[A], gains[B]):
                if math.isfinite(s0) and math.isfinite(s1):
                    diffs.append(g1 - g0)
                    diff_se.append(math.hypot(s0, s1))
            return a

    for i in range(hands):
        m = MasterSeat(seed + i, search=paths[A])
        seats = [HeuristicSeat("expert", seed * 4 + s) for s in range(4)]
        seats[i % 4] = Both(m)
        play_hand(Table(RuleSet(), seed=seed + i), seats)
    print(f"{hands} hands, {decisions} searched decisions, {worlds} worlds each, every candidate "
          f"played; " + ("the uper check with and without the verdict's words" if words else
                         f"derived: {derive} deals per replay, {derived_walls} walls per derived "
                         f"deal, {walls} per replayed deal (claims)"))
    per: dict[str, float] = {}
    for name in paths:
        w = max(1, played[name])
        sd = math.sqrt(statistics.fmean(var[name])) if var[name] else math.nan
        per[name] = sd * math.sqrt(secs[name] / w)
        print(f"  {name:>8}: {played[name]} worlds in {secs[name]:.1f} s CPU = "
              f"{1000 * secs[name] / w:.1f} ms a world, {w / max(1e-9, secs[name]):.0f} worlds/s; "
              f"replays {stats[name][0]}, derived deals {stats[name][1]}; making the worlds "
              f"{sampled[name]:.1f} s ({100 * sampled[name] / max(1e-9, secs[name]):.0f} %); "
              f"sd per world {sd:.2f}, standard error per second of thinking {per[name]:.2f}")
    for name in paths:
        print(f"  {name:>8} CPU per call: " + ", ".join(
            f"{fn} {1000 * t / n:.2f} ms ({n})" for (p, fn), (t, n) in sorted(each.items())
            if p == name))
    print(f"  {B} / {A}: worlds per second x"
          f"{(played[B] / secs[B]) / (played[A] / secs[A]):.2f}"
          f", standard error per second of thinking x{per[B] / per[A]:.2f}")
    if diffs:
        mean = statistics.fmean(diffs)
        # the two estimates of one challenger are nearly independent (other worlds): the
        # mean's error from their own standard errors
        se = math.sqrt(sum(x * x for x in diff_se)) / len(diffs)
        print(f"  bias check, {B} gain - {A} gain over {len(diffs)} challengers: "
              f"{mean:+.2f} points (95 % {mean - 1.96 * se:+.2f} to {mean + 1.96 * se:+.2f})")
    print(f"  sampler: {sampling.SAMPLER}")
    return 0


def derive_audit(hands: int, seed: int, per: int) -> int:
    """What dealing in place misses: at every turn with a choice of every seat (four experts
    play `hands` seeded hands), one world replayed and `per` deals derived from it
    (`ai.search.derive_world`'s deal before its check); each is replayed through the engine
    (its history rebuilt, `derived_head`): how many the replay rejects (an opponent let a legal
    win go), how many the pass over the events flags, and whether it flagged them all; CPU per
    replayed world and per derived deal."""
    import random as _random

    from ai import search as sampling
    from ai.search import HandView, WorldError, derived_head, sample_base
    from game.engine.kinds import PLAYS

    n = {"decisions": 0, "derived": 0, "rejected": 0, "flagged": 0, "missed": 0}
    cpu = {"replay": [0.0, 0], "derive": [0.0, 0]}

    class Probe:
        def __init__(self, inner):
            self.inner, self.view = inner, HandView()

        def observe(self, e):
            self.inner.observe(e)
            self.view.observe(e)

        def act(self, d):
            if d.kind in PLAYS and len(d.legal) > 1:
                n["decisions"] += 1
                rng = _random.Random(n["decisions"])
                t0 = time.process_time()
                try:
                    b = sample_base(self.view, d, rng)
                except WorldError:
                    return self.inner.act(d)
                cpu["replay"][0] += time.process_time() - t0
                cpu["replay"][1] += 1
                for _ in range(per):
                    t0 = time.process_time()
                    got = sampling._derive(b, self.view, d, rng)
                    cpu["derive"][0] += time.process_time() - t0
                    cpu["derive"][1] += 1
                    if got is None:
                        continue
                    world, sigma, flagged = got
                    ok = sampling._build(self.view, d, derived_head(b, world, sigma),
                                         b.seed) is not None
                    n["derived"] += 1
                    n["rejected"] += not ok
                    n["flagged"] += flagged
                    n["missed"] += not ok and not flagged
            return self.inner.act(d)

    for h in range(hands):
        seats = [HeuristicSeat("expert", 4 * h + s) for s in range(4)]
        seats[h % 4] = Probe(seats[h % 4])
        play_hand(Table(RuleSet(), seed=seed + h), seats)
    d = max(1, n["derived"])
    print(f"{hands} hands, {n['decisions']} turns, {n['derived']} derived deals: the replay "
          f"rejects {n['rejected']} ({100 * n['rejected'] / d:.2f} %), the pass over the events "
          f"flags {n['flagged']} ({100 * n['flagged'] / d:.2f} %), rejected and not flagged "
          f"{n['missed']}")
    for k, (t, c) in cpu.items():
        print(f"  {k}: {1000 * t / max(1, c):.2f} ms CPU ({c})")
    return 0


def _use(search: Search) -> None:
    """Make ``ai:master`` seats in this process search as `search` (run_duplicate makes them
    by name)."""
    registry.SEATS["ai:master"] = lambda seed=None, budget_ms=None: MasterSeat(seed,
                                                                                search=search)


def duplicate(table: str, walls: int, seed: int, search: Search, out: str | None) -> int:
    _use(search)
    t0 = time.perf_counter()
    if table == "experts":
        r = run_duplicate(["ai:master", "ai:expert", "ai:expert", "ai:expert"], walls, seed)
        m, e = r.stats["ai:master"], r.stats["ai:expert"]
        rows = {"master": m.per_wall, "expert": e.per_wall}
        deal = {"master": [m.deal_ins, m.hands], "expert": [e.deal_ins, e.hands]}
    else:
        others = ["ai:beginner", "greedy", "ai:standard"]
        a = run_duplicate(["ai:master", *others], walls, seed)
        b = run_duplicate(["ai:expert", *others], walls, seed)
        m, e = a.stats["ai:master"], b.stats["ai:expert"]
        rows = {"master": m.per_wall, "expert": e.per_wall}
        deal = {"master": [m.deal_ins, m.hands], "expert": [e.deal_ins, e.hands]}
    data = {"table": table, "walls": walls, "seed": seed,
            "search": {k: getattr(search, k) for k in search.__dataclass_fields__},
            "seconds": time.perf_counter() - t0, "per_wall": rows, "deal_ins": deal}
    if out:
        Path(out).write_text(json.dumps(data))
    report([data])
    return 0


def report(runs: list[dict]) -> None:
    by_table: dict[str, list[dict]] = {}
    for d in runs:
        by_table.setdefault(d["table"], []).append(d)
    for table, ds in by_table.items():
        mw = [x for d in ds for x in d["per_wall"]["master"]]
        ew = [x for d in ds for x in d["per_wall"]["expert"]]
        di = {k: [sum(d["deal_ins"][k][0] for d in ds), sum(d["deal_ins"][k][1] for d in ds)]
              for k in ("master", "expert")}
        diff = mean_ci([a - b for a, b in zip(mw, ew)])
        secs = sum(d["seconds"] for d in ds)
        print(f"{table}: {len(mw)} walls = {4 * len(mw)} hands per seat ({secs / 60:.0f} min), "
              f"search {ds[0]['search']}")
        print(f"  points per hand: master {mean_ci(mw)[0]:+.2f}, expert {mean_ci(ew)[0]:+.2f}; "
              f"master - expert {diff[0]:+.2f} (95 % {diff[1]:+.2f} to {diff[2]:+.2f})")
        for k in ("master", "expert"):
            n, h = di[k]
            print(f"  deal-in {k}: {100 * n / max(1, h):.2f} % ({n} of {h})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=200, help="ms per searched decision")
    ap.add_argument("--worlds", type=int, default=None, help="count the budget in worlds")
    ap.add_argument("--policy", default=Search.policy, choices=("quick", "mixed", "expert"))
    ap.add_argument("--z", type=float, default=Search.z)
    ap.add_argument("--duplicate", choices=("experts", "mixed"))
    ap.add_argument("--walls", type=int, default=50)
    ap.add_argument("--out")
    ap.add_argument("--merge", nargs="+")
    ap.add_argument("--changes", action="store_true")
    ap.add_argument("--judge", type=int, default=40, help="playouts per action (--changes)")
    ap.add_argument("--horizon", type=int, default=None,
                    help="truncate the playouts at the master's N-th turn (Search.horizon)")
    ap.add_argument("--no-claims", action="store_true", help="search no claims (Search.claims)")
    ap.add_argument("--audit-claims", action="store_true",
                    help="judge both answers at every pung four experts could claim")
    ap.add_argument("--variance", action="store_true",
                    help="sd per world with and without the control variate, the race, the "
                         "value gaps (counted in --worlds, default 24)")
    ap.add_argument("--simulators", action="store_true",
                    help="lean against engine playouts on the same worlds: identical points, "
                         "playouts per second")
    ap.add_argument("--engine", action="store_true", help="no lean simulator (Search.lean)")
    ap.add_argument("--close", type=float, default=Search.close,
                    help="search only candidates the expert rates within this of its choice")
    ap.add_argument("--no-race", action="store_true", help="no race (Search.race)")
    ap.add_argument("--redeal", type=int, default=Search.walls,
                    help="worlds per sampled deal of the hands (Search.walls)")
    ap.add_argument("--derive", type=int, default=Search.derive,
                    help="deals derived from each replayed one (Search.derive)")
    ap.add_argument("--derived-walls", type=int, default=Search.derived_walls,
                    help="worlds per derived deal (Search.derived_walls)")
    ap.add_argument("--derive-audit", action="store_true",
                    help="what dealing in place misses against the replay (--worlds: deals "
                         "derived per replayed world, default 8)")
    ap.add_argument("--uper-words", action="store_true",
                    help="with --samplers: the playouts' uper check with the verdict's words "
                         "against without (ai.lean.uper_legal), every deal replayed")
    ap.add_argument("--samplers", action="store_true",
                    help="replayed against derived worlds on the same decisions (--worlds, "
                         "default 32; --derive, default 7; --redeal)")
    ap.add_argument("--control", action=argparse.BooleanOptionalAction, default=Search.control,
                    help="the control variate (Search.control)")
    args = ap.parse_args()
    if args.merge:
        report([json.loads(Path(f).read_text()) for f in args.merge])
        return 0
    search = Search(budget_ms=args.budget, worlds=args.worlds, policy=args.policy, z=args.z,
                    horizon=args.horizon, claims=not args.no_claims, lean=not args.engine,
                    close=args.close, race=None if args.no_race else Search.race,
                    control=args.control, walls=args.redeal, derive=args.derive,
                    derived_walls=args.derived_walls)
    if args.variance:
        return variance(args.hands, args.seed, replace(search, worlds=args.worlds or 24))
    if args.derive_audit:
        return derive_audit(args.hands, args.seed, args.worlds or 8)
    if args.samplers:
        return samplers(args.hands, args.seed, args.worlds or 32, args.derive or 7, args.redeal,
                        args.derived_walls, args.uper_words)
    if args.simulators:
        return simulators(args.hands, args.seed, args.worlds or 12)
    if args.duplicate:
        return duplicate(args.duplicate, args.walls, args.seed, search, args.out)
    if args.changes:
        return changes(args.hands, args.seed, search, args.judge)
    if args.audit_claims:
        return claims_audit(args.hands, args.seed, args.judge)
    return times(args.hands, args.seed, search)


if __name__ == "__main__":
    raise SystemExit(main())
