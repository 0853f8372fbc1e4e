"""tools/uper_calibration.py end to end on a tiny run: positions played, written as JSON lines,
read back (older rows in the old threat units converted), reported and fitted on.

The tool is how the uper model's parameters are refitted; a crash there (a message object in a
row, as once) is only found the day someone needs it, after every queued job has run."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def tool(load_script):
    return load_script("tools/uper_calibration.py", "uper_calibration_tool")


def test_run_writes_rows_that_read_back(tool, tmp_path, capsys):
    cache = tmp_path / "cache.jsonl"
    assert tool.main(["run", "--positions", "2", "--playouts", "2", "--jobs", "1",
                      "--cache", str(cache)]) == 0
    rows = [json.loads(line) for line in cache.read_text().splitlines()]
    assert {(r["seed"], r["stage"]) for r in rows} == {(0, "early"), (1, "middle")}
    for r in rows:
        assert isinstance(r["describe"], str) and r["describe"]
        assert r["threat_units"] == "calibrated"
        assert len(r["uper"]["points"]) == len(r["silent"]["points"]) == 2
        f = r["features"]
        assert f["threat"] >= f["threat_certain"] >= 0.0
    assert tool.load(str(cache)) == rows  # current rows are read as written
    # a second run plays nothing new
    capsys.readouterr()
    tool.main(["run", "--positions", "2", "--playouts", "2", "--jobs", "1",
               "--cache", str(cache)])
    assert "0 positions to play (2 cached)" in capsys.readouterr().out
    assert tool.main(["report", "--cache", str(cache)]) == 0
    assert "expert now" in capsys.readouterr().out


def test_old_rows_are_converted_to_the_calibrated_threat(tool, tmp_path):
    old = {"seed": 4, "stage": "late", "features": {"threat": 2.1 * 3.0 + 1.0,
                                                    "threat_certain": 1.0}}
    cache = tmp_path / "old.jsonl"
    cache.write_text(json.dumps(old) + "\n")
    (row,) = tool.load(str(cache))
    assert row["features"]["threat"] == pytest.approx(4.0)  # 1.0 certain + 3.0 silent
    assert row["threat_units"] == "calibrated"
    assert tool._old_threat(row["features"]) == pytest.approx(2.1 * 3.0 + 1.0)


MARKS = Path()  # where `_marking_job` leaves a file per position it plays (set by the test)


def _marking_job(args):
    seed, stage, _ = args
    (MARKS / f"{seed}").write_text(stage)
    time.sleep(0.05)  # a position takes seconds; this leaves the main loop time to see the error
    return {"seed": seed, "stage": stage, "unwritable": object()}


def test_a_failing_run_stops_at_once(tool, tmp_path, monkeypatch):
    """An error in the main loop cancels the queued positions instead of playing them all
    before the error is seen."""
    monkeypatch.setattr(sys.modules[__name__], "MARKS", tmp_path)
    monkeypatch.setattr(tool, "_job", _marking_job)
    with pytest.raises(TypeError, match="not JSON serializable"):
        tool.main(["run", "--positions", "40", "--playouts", "2", "--jobs", "1",
                   "--cache", str(tmp_path / "c.jsonl")])
    played = [p for p in tmp_path.iterdir() if p.name.isdigit()]
    assert 1 <= len(played) < 20  # the running one and the few already handed to the worker
