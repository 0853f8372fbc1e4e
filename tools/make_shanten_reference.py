"""Store the reference package's shanten for every hand the tests check ours on.

    pip install -e ".[test]" && python tools/make_shanten_reference.py

Writes ``tests/hand/data/shanten_reference.json.gz`` (the hands are regenerated from their seeds
by ``tests/hand/reference_hands.py``; only the answers are stored). Run it again when the hand
sets change or the reference package is upgraded; the tests also ask the package about a sample
of each set, so a stale file fails there.
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "hand"))

from reference_hands import DATA, SETS, encode, reference


def main() -> None:
    answers = {}
    for name, hands in SETS.items():
        t0 = time.perf_counter()
        values = [reference(c) for c, _ in hands()]
        answers[name] = encode(values)
        print(f"{name}: {len(values)} hands in {time.perf_counter() - t0:.1f} s")
    DATA.parent.mkdir(parents=True, exist_ok=True)
    payload = {"reference": f"mahjong {version('mahjong')}", "answers": answers}
    with gzip.GzipFile(DATA, "wb", mtime=0) as f:  # mtime 0: the same answers, the same bytes
        f.write(json.dumps(payload, sort_keys=True).encode("ascii"))
    print(f"wrote {DATA.relative_to(ROOT)} ({DATA.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
