"""bench/bench_levels.py on one wall: each level's calls, folds, uper, deal-ins, wins and points
against three experts, written as JSON lines and pooled again; the standard before issue 34 is
measured beside today's in the same run and leaves the seat registry as it was.

docs/levels.md is this bench's table; a crash here would only be found the day it is rerun."""

from __future__ import annotations

import json

from ai import registry


def test_one_wall_per_level_is_measured_and_reported(load_script, tmp_path, capsys):
    bench = load_script("bench/bench_levels.py", "bench_levels_tool")
    out = tmp_path / "levels.jsonl"
    assert bench.main(["--levels", "standard-before,ai:standard,ai:expert", "--walls", "1",
                       "--seeds", "5", "--out", str(out), "--against", "standard-before"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["level"] for r in rows] == ["standard-before", "ai:standard", "ai:expert"]
    assert [r["hands"] for r in rows] == [4, 4, 16]  # alone with three experts; four experts
    assert "ai:standard-before" not in registry.SEATS
    capsys.readouterr()
    assert bench.main(["--report", str(out), "--against", "standard-before"]) == 0
    text = capsys.readouterr().out
    for word in ("calls %", "folds %", "uper %", "deals in %", "wins %", "ai:standard",
                 "each level - standard-before"):
        assert word in text
    assert "+0.00 [+0.00, +0.00]" in text.splitlines()[3]  # the expert's own: 0 by symmetry
