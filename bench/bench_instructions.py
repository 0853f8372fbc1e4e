"""Instructions a workload executes, this tree against another commit, counted by callgrind.

    python bench/bench_instructions.py --base HEAD~3                 # 12 hands, four ai:expert
    python bench/bench_instructions.py --base 32f1131 --seats random --hands 200
    python bench/bench_instructions.py --seats ai:expert --hands 6   # this tree only
    python bench/bench_instructions.py --review 24 --base a479084   # 24 of a review's playouts

Wall-clock timings on a shared machine move by tens of per cent from one run to the next (paired
farm-bench runs of one change read 0.57-1.23); the number of instructions a deterministic
workload executes does not. This bench plays `--hands` seeded hands of a session with four
`--seats` seats (events observed, as in a game) under ``valgrind --tool=callgrind`` in this
tree and, with `--base`, in a temporary git worktree of that commit, and prints each count and
the ratio: the work a change saves or adds, the same from run to run. The set-up (imports, the
shanten tables) is measured by a 0-hand run and subtracted, so only the play is counted.

With `--review N` the workload is a review's playouts instead (issue 33): `bench_review.py`'s
record cut to 4 hands (seed 11, every seat ``ai:standard``), its disagreements found by the
review's scan, then N playouts of both choices (`game_review._run_chunk`, as the workers are
handed them: `CHUNK` playouts of one disagreement, the disagreements in turn); the record and
the scan are measured by a 0-playout run and subtracted, and the count is printed per playout,
with a hash of the playouts' rows (the same hash in both trees: the same playouts).

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
from collections.abc import Iterator
from contextlib import contextmanager
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

#: `--review`: argv = playouts (each of both choices); prints a hash of the playouts' rows
REVIEW = """
import hashlib, sys, tempfile
sys.path.insert(0, ".")
from ai.registry import make_seat
from game.engine.hand.shanten import load_tables
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice import game_review as gr
from game.records import RecordWriter, load_record
load_tables()
n = int(sys.argv[1])
w = RecordWriter(Session(RuleSet(), seed=11, hands=4), directory=tempfile.mkdtemp(), human=0,
                 seat_kinds=["ai:standard"] * 4)
w.play([make_seat("ai:standard", seed=44 + i) for i in range(4)])
_, pending, _, _ = gr._scan(load_record(w.path), 0, gr.default_reviewer(),
                            gr.DEFAULT_OPPONENTS, "bench", None, None)
rows = []
for k in range(0, n, gr.CHUNK):  # as the workers are handed them: CHUNK of one decision
    rows += gr._run_chunk(pending[k // gr.CHUNK % len(pending)].job, k, min(n, k + gr.CHUNK))
print("rows", hashlib.sha256(repr(rows).encode()).hexdigest()[:16])
"""

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")
_ROWS = re.compile(r"rows (\w+)")


def _run(tree: Path, script: str, *args: str) -> tuple[int, str]:
    """Instructions of `script` run in `tree` under callgrind, and its hash line (or "")."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", script, *args],
        cwd=tree, capture_output=True, text=True, check=False)
    m = _COLLECTED.search(out.stderr)
    if out.returncode != 0 or m is None:
        raise SystemExit(f"the workload failed in {tree}:\n{out.stderr[-2000:]}")
    rows = _ROWS.search(out.stdout)
    return int(m.group(1)), rows.group(1) if rows else ""


@contextmanager
def _worktree(commit: str) -> Iterator[Path | None]:
    """A temporary git worktree of `commit` (None, said on stderr, when it cannot be made)."""
    with tempfile.TemporaryDirectory(prefix="bench-base-") as tmp:
        tree = Path(tmp) / "tree"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f",
                               str(tree), commit], check=False, capture_output=True, text=True)
        if made.returncode != 0:
            print(f"cannot check out {commit}: {made.stderr.strip()}", file=sys.stderr)
            yield None
            return
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)


def instructions(tree: Path, hands: int, seats: str) -> int:
    """Instructions of `hands` hands in `tree`, the set-up subtracted."""
    return _run(tree, WORKLOAD, str(hands), seats)[0] - _run(tree, WORKLOAD, "0", seats)[0]


def review_instructions(tree: Path, playouts: int) -> tuple[int, str]:
    """Instructions of `playouts` review playouts of both choices in `tree` (the record and the
    scan subtracted), and the hash of their rows."""
    n, rows = _run(tree, REVIEW, str(playouts))
    return n - _run(tree, REVIEW, "0")[0], rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", help="a commit to compare with (default: this tree only)")
    ap.add_argument("--seats", default="ai:expert", help="seat kind at all four seats")
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--review", type=int, metavar="N",
                    help="count N review playouts of both choices instead of hands")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    if args.base and subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet",
                                     f"{args.base}^{{commit}}"], check=False,
                                    capture_output=True).returncode != 0:
        print(f"not a commit: {args.base}", file=sys.stderr)  # before minutes of counting
        return 2
    if args.review:
        return _review(args.review, args.base)
    here = instructions(ROOT, args.hands, args.seats)
    what = f"{args.hands} hands, four {args.seats}"
    if not args.base:
        print(f"this tree  {what}: {here:,} instructions ({here / args.hands:,.0f} a hand)")
        return 0
    with _worktree(args.base) as tree:
        if tree is None:
            return 2
        base = instructions(tree, args.hands, args.seats)
    print(f"base {args.base:>10}  {what}: {base:,} instructions")
    print(f"this tree        {what}: {here:,} instructions "
          f"({here / base:.3f}x the base's)")
    return 0


def _review(playouts: int, base: str | None) -> int:
    n = 2 * playouts  # both choices of each
    here, rows = review_instructions(ROOT, playouts)
    print(f"this tree  {n} review playouts: {here:,} instructions ({here / n / 1e6:.1f} M a "
          f"playout), rows {rows}")
    if not base:
        return 0
    with _worktree(base) as tree:
        if tree is None:
            return 2
        was, was_rows = review_instructions(tree, playouts)
    print(f"base {base:>10}  {n} review playouts: {was:,} instructions ({was / n / 1e6:.1f} M "
          f"a playout), rows {was_rows}")
    print(f"this tree: {here / was:.3f}x the base's instructions; the playouts "
          f"{'are the same' if rows == was_rows else 'DIFFER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
