"""How long the title screen's "is there a game to continue?" takes with many records, against
the same question over an empty records folder, in the same run.

    python bench/bench_title.py [--records 3000] [--repeat 5]

The records are real: one finished two-hand game recorded once and copied N times into a temporary
folder (so the check reads every head, the worst case). Printed: the median time per question with
none and with N records, their ratio, and the old way (every record read in full) for comparison.
The title asks once when it opens and again each time the player comes back to it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.random_seat import RandomSeat
from game import records
from game.engine.rules import RuleSet
from game.engine.session import Session


def make_records(d: Path, n: int) -> None:
    w = records.RecordWriter(Session(RuleSet(), seed=3, hands=2), d, human=0)
    w.play([RandomSeat(i) for i in range(4)])
    lines = w.path.read_text(encoding="utf-8").split("\n")
    w.path.unlink()
    for i in range(n):
        (d / f"2026{i:08d}-seed3.jsonl").write_text("\n".join(lines), encoding="utf-8")


def timed(fn, repeat: int) -> float:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--records", type=int, default=3000)
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        make_records(Path(full), a.records)
        base = timed(lambda: records.find_unfinished(empty), a.repeat)
        many = timed(lambda: records.find_unfinished(full), a.repeat)
        old = timed(lambda: records.list_records(full, include_continued=True), 1)
        print(f"records: {a.records} (cores: {os.cpu_count()})")
        print(f"continue check, no records:    {base * 1000:8.2f} ms")
        print(f"continue check, {a.records} records: {many * 1000:8.2f} ms  "
              f"({many / max(base, 1e-9):.0f}x the empty folder)")
        print(f"every record read in full:     {old * 1000:8.2f} ms  "
              f"({old / max(many, 1e-9):.0f}x the check)")


if __name__ == "__main__":
    main()
