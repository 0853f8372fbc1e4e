"""How long the replays list takes to read its records with many of them, against the title's
"is there a game to continue?" over the same folder, in the same run.

    python bench/bench_replays.py [--records 3000] [--repeat 5]

The records are real: one two-hand game recorded once, cut in its second hand (an unfinished
game, the common case), copied N times into a temporary folder. Printed: the median time of the
title's check (the baseline), of the list as it opens now (the summary index kept in the folder:
one directory listing and one small JSON file), of its first opening (no index yet: every head
and the newest 200 records read, then the index written), and of the old way (every head, the
newest 200 records read in full, nothing kept), each as a ratio to the baseline.
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
from game.ui.scenes.replay_viewer import LIMIT


def make_records(d: Path, n: int) -> None:
    w = records.RecordWriter(Session(RuleSet(), seed=3, hands=2), d, human=0)
    w.play([RandomSeat(i) for i in range(4)])
    lines = w.path.read_text(encoding="utf-8").split("\n")
    w.path.unlink()
    second = next(i for i, ln in enumerate(lines) if '"hand":2' in ln)
    cut = "\n".join(lines[: second + 30]) + "\n"  # unfinished, in hand 2
    for i in range(n):
        (d / f"2026{i:08d}-seed3.jsonl").write_text(cut, encoding="utf-8")


def old_way(d: Path) -> list[records.RecordSummary]:
    """The list as it was read before the summary index (every record's head, the newest
    `LIMIT` read in full)."""
    heads = records.scan_records(d)
    by = records.continued_records(heads)
    keep = [h for h in heads if h.path.name not in by][:LIMIT]
    return [records.store._summary(h.path, by.get(h.path.name, "")) for h in keep]


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
    with tempfile.TemporaryDirectory() as tmp:
        full = Path(tmp)
        make_records(full, a.records)
        index = full / records.SUMMARY_INDEX

        def first() -> None:
            index.unlink(missing_ok=True)
            records.list_records(full, limit=LIMIT)

        base = timed(lambda: records.find_unfinished(full), a.repeat)
        old = timed(lambda: old_way(full), a.repeat)
        cold = timed(first, a.repeat)
        warm = timed(lambda: records.list_records(full, limit=LIMIT), a.repeat)
        assert records.list_records(full, limit=LIMIT) == old_way(full)  # the same list
        print(f"records: {a.records}, list shows {LIMIT} (cores: {os.cpu_count()})")
        print(f"title's continue check (baseline): {base * 1000:8.1f} ms")
        for what, t in (("replays list, summary index", warm),
                        ("replays list, first opening", cold), ("replays list, old way", old)):
            print(f"{what + ':':34} {t * 1000:8.1f} ms  ({t / max(base, 1e-9):5.1f}x the baseline)")
        print(f"old way / summary index: {old / max(warm, 1e-9):.1f}x")


if __name__ == "__main__":
    main()
