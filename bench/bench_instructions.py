"""Instructions a workload executes, this tree against another commit, counted by callgrind.

    python bench/bench_instructions.py --base HEAD~3                 # 12 hands, four ai:expert
    python bench/bench_instructions.py --base 32f1131 --seats random --hands 200
    python bench/bench_instructions.py --seats ai:expert --hands 6   # this tree only

Wall-clock timings on a shared machine move by tens of per cent from one run to the next (paired
farm-bench runs of one change read 0.57-1.23); the number of instructions a deterministic
workload executes does not. This bench plays `--hands` seeded hands of a session with four
`--seats` seats (events observed, as in a game) under ``valgrind --tool=callgrind`` in this
tree and, with `--base`, in a temporary git worktree of that commit, and prints each count and
the ratio: the work a change saves or adds, the same from run to run. The set-up (imports, the
shanten tables) is measured by a 0-hand run and subtracted, so only the play is counted.

Instructions are not time (a cache miss costs more than an add), so quote both: this for the
direction and size of a change, `bench_ai.py` / `bench_simulate.py` for hands per second.
Needs valgrind (Debian: ``apt-get install valgrind``); a run takes about a minute per expert
hand counted (callgrind is some fifty times slower than Python alone).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the workload, run with the tree to measure first on sys.path: argv = hands, seat kind
WORKLOAD = """
import sys
sys.path.insert(0, ".")
from ai.registry import make_seat
from game.engine.hand.shanten import load_tables
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
load_tables()
hands, kind = int(sys.argv[1]), sys.argv[2]
seats = [make_seat(kind, seed=i) for i in range(4)]
if hands:
    play_session(Session(RuleSet(), seed=4, hands=hands), seats)
"""

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(tree: Path, hands: int, seats: str) -> int:
    """Instructions of `hands` hands in `tree`, the set-up subtracted."""
    def count(n: int) -> int:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
             sys.executable, "-c", WORKLOAD, str(n), seats],
            cwd=tree, capture_output=True, text=True, check=False)
        m = _COLLECTED.search(out.stderr)
        if out.returncode != 0 or m is None:
            raise SystemExit(f"the workload failed in {tree}:\n{out.stderr[-2000:]}")
        return int(m.group(1))
    return count(hands) - count(0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", help="a commit to compare with (default: this tree only)")
    ap.add_argument("--seats", default="ai:expert", help="seat kind at all four seats")
    ap.add_argument("--hands", type=int, default=12)
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    if args.base and subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet",
                                     f"{args.base}^{{commit}}"], check=False,
                                    capture_output=True).returncode != 0:
        print(f"not a commit: {args.base}", file=sys.stderr)  # before minutes of counting
        return 2
    here = instructions(ROOT, args.hands, args.seats)
    what = f"{args.hands} hands, four {args.seats}"
    if not args.base:
        print(f"this tree  {what}: {here:,} instructions ({here / args.hands:,.0f} a hand)")
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-base-") as tmp:
        tree = Path(tmp) / "tree"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f",
                               str(tree), args.base], check=False, capture_output=True,
                              text=True)
        if made.returncode != 0:
            print(f"cannot check out {args.base}: {made.stderr.strip()}", file=sys.stderr)
            return 2
        try:
            base = instructions(tree, args.hands, args.seats)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)
    print(f"base {args.base:>10}  {what}: {base:,} instructions")
    print(f"this tree        {what}: {here:,} instructions "
          f"({here / base:.3f}x the base's)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
