"""``korean-mahjong simulate``: play a headless session with computer seats and print statistics.

    korean-mahjong simulate --hands 200 --seed 1 --seats random,random,random,random
    korean-mahjong simulate --hands 50 --seed 7 --seats random,random,random,random --json
    korean-mahjong simulate --hands 20 --seed 3 --seats random,random,random,random --log s.jsonl

Invariants (every tile accounted for once, hand sizes, payments summing to zero) are checked
after every event; a broken one exits with status 3 naming the hand's seed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from game.engine.invariants import InvariantError, check_table
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session


def _seats(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",")]
    if len(names) != 4 or not all(names):
        raise argparse.ArgumentTypeError(
            f"--seats needs four seat names separated by commas, got {text!r}")
    return names


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "simulate", help="play a headless session with computer seats and print statistics",
        description="Play a session of N hands with four computer seats and print per-player "
                    "points, wins, self-draws, deal-ins and drawn hands. Invariants are checked "
                    "after every event.",
        epilog="example: korean-mahjong simulate --hands 200 --seed 1 "
               "--seats random,random,random,random")
    p.add_argument("--hands", type=int, default=16, metavar="N", help="hands to play (default 16)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="session seed (default 0)")
    p.add_argument("--seats", type=_seats, default=["random"] * 4, metavar="A,B,C,D",
                   help="four seat names (see ai/registry.py; default random x4)")
    p.add_argument("--rules", metavar="FILE", help="a JSON rules file (house rules)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--log", metavar="FILE", help="save the session log (JSON lines) for replay")
    p.add_argument("--duplicate", action="store_true",
                   help="duplicate play: each dealt wall is played four times with the seats "
                        "rotated (N hands = N/4 walls); reports points/hand with a 95%% CI, "
                        "win %%, deal-in %%, uper %%, win %% after uper, draws, decision p50/p99")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="worker processes for --duplicate (default 1)")
    p.add_argument("--baseline", metavar="SEAT",
                   help="with --duplicate: the seat the others are compared with "
                        "(default greedy when seated, else the last seat)")
    p.add_argument("--no-check", action="store_true",
                   help="skip the invariant checks (faster; for benchmarks)")
    p.set_defaults(func=run)


def simulate(rules: RuleSet, seed: int, hands: int, seat_names: list[str], *,
             check: bool = True, log: str | None = None) -> Session:
    """Play the session and return it (raises InvariantError on a broken invariant)."""
    from ai.registry import make_seat  # the command line may use the AI; the engine may not
    from game.engine.replay import Recorder

    players = [make_seat(name, seed=seed * 4 + i) for i, name in enumerate(seat_names)]
    try:
        session = Session(rules.replace(session_mode="hands"), seed, players=tuple(seat_names),
                          hands=hands)
        on_event = check_table if check else None
        if log:
            recorder = Recorder(session)
            recorder.play(players, observe=True, on_event=on_event)
            recorder.save(log)
        else:
            play_session(session, players, observe=True, on_event=on_event)
    finally:
        _close(players)
    return session


def _close(seats: list[Any]) -> None:
    """Let seats that own resources (external programs) release them."""
    for seat in seats:
        close = getattr(seat, "close", None)
        if callable(close):
            close()


def run(args: argparse.Namespace) -> int:
    if args.hands < 1:
        print("korean-mahjong simulate: error: --hands must be at least 1", file=sys.stderr)
        return 2
    warnings: list[str] = []
    rules = RuleSet.load(args.rules, warnings) if args.rules else RuleSet()
    for w in warnings:
        print(f"korean-mahjong simulate: warning: {args.rules}: {w}", file=sys.stderr)
    try:
        from ai.registry import make_seat
        _close([make_seat(name) for name in args.seats])
    except ValueError as e:
        print(f"korean-mahjong simulate: error: {e}", file=sys.stderr)
        return 2
    if args.duplicate:
        return _duplicate(args, rules)
    t0 = time.perf_counter()
    try:
        session = simulate(rules, args.seed, args.hands, args.seats, check=not args.no_check,
                           log=args.log)
    except InvariantError as e:
        print(f"korean-mahjong simulate: invariant broken: {e}", file=sys.stderr)
        return 3
    dt = time.perf_counter() - t0
    reasons: dict[str, int] = {}
    for r in session.results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    if args.json:
        out = {"hands": session.hand_no, "seed": args.seed, "seconds": round(dt, 3),
               "hands_per_second": round(session.hand_no / dt, 1) if dt else None,
               "endings": reasons,
               "players": [{"seat": name, **st.to_json()}
                           for name, st in zip(args.seats, session.stats)]}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(f"{session.hand_no} hands, seed {args.seed}, {dt:.2f} s "
          f"({session.hand_no / dt:.0f} hands/s)")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    labels = [f"{i + 1}. {name}" for i, name in enumerate(args.seats)]
    w = max(14, *(len(x) + 2 for x in labels))
    print(f"{'player':<{w}}{'points':>8}{'wins':>6}{'self':>6}{'deal-in':>9}{'draws':>7}")
    for label, st in zip(labels, session.stats):
        print(f"{label:<{w}}{st.points:>8}{st.wins:>6}{st.self_draws:>6}"
              f"{st.deal_ins:>9}{st.draws:>7}")
    return 0


def _duplicate(args: argparse.Namespace, rules: RuleSet) -> int:
    """Duplicate play through the arena: every wall four times, the seats rotated."""
    from ai.arena import format_report, run_duplicate

    if args.jobs < 1:
        print("korean-mahjong simulate: error: --jobs must be at least 1", file=sys.stderr)
        return 2
    walls = -(-args.hands // 4)
    res = run_duplicate(args.seats, walls, args.seed, rules, jobs=args.jobs)
    base = args.baseline or ("greedy" if "greedy" in args.seats else args.seats[-1])
    if base not in args.seats:
        print(f"korean-mahjong simulate: error: --baseline {base!r} is not seated", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(res.to_json(base), ensure_ascii=False))
    else:
        print(format_report(res, base))
    return 0
