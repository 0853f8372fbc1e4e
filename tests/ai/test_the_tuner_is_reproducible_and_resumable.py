"""tools/tune.py on a tiny budget: the same seed and number of steps give the same knobs, run
twice or interrupted and resumed from its saved state; a state that does not match the command
or is damaged is refused with words, not played over; the confirmation says KEEP only when the
interval is above zero.

A tuner that is not reproducible cannot be checked, and one that restarts from scratch after an
interruption wastes hours of play (issue 34)."""

from __future__ import annotations

import json

import pytest

from ai import registry


@pytest.fixture(scope="module")
def tune(load_script):
    return load_script("tools/tune.py", "tune_tool")


SEED = 3  # its first step's two candidates score differently on one wall: the knobs move


def test_the_same_seed_and_steps_give_the_same_knobs(tune, tmp_path):
    a = tune.run(tmp_path / "a.json", "expert", SEED, 2, 1, quiet=True)
    b = tune.run(tmp_path / "b.json", "expert", SEED, 2, 1, quiet=True)
    assert a["step"] == b["step"] == 2
    assert a["units"] != tune.start_units("expert")  # it did move: the comparison means something
    assert a["units"] == b["units"] and a["history"] == _no_time(b["history"], a["history"])
    # interrupted after one step, then resumed to two from the file
    tune.run(tmp_path / "c.json", "expert", SEED, 1, 1, quiet=True)
    saved = json.loads((tmp_path / "c.json").read_text())
    assert saved["step"] == 1 and len(saved["history"]) == 1 and saved["rng"]
    c = tune.run(tmp_path / "c.json", "expert", SEED, 2, 1, quiet=True)
    assert c["units"] == a["units"]
    assert [r["wall_seed"] for r in c["history"]] == [r["wall_seed"] for r in a["history"]]
    # the state on disk is the one returned; a finished state plays nothing more
    assert json.loads((tmp_path / "c.json").read_text())["units"] == c["units"]
    assert tune.run(tmp_path / "c.json", "expert", SEED, 2, 1, quiet=True)["step"] == 2
    assert tune.CANDIDATE not in registry.SEATS  # the candidate's seat was only borrowed


def _no_time(rows, like):
    """`rows` with each step's seconds taken from `like` (wall-clock time is not reproduced)."""
    return [{**r, "seconds": o["seconds"]} for r, o in zip(rows, like)]


def test_a_state_that_does_not_match_or_is_damaged_is_refused(tune, tmp_path, capsys):
    path = tmp_path / "s.json"
    tune.run(path, "expert", SEED, 0, 1, quiet=True)
    before = path.read_bytes()
    with pytest.raises(tune.TuneError, match="seed 3"):
        tune.run(path, "expert", SEED + 1, 1, 1, quiet=True)
    assert path.read_bytes() == before  # nothing played over it
    path.write_text('{"format": 1, "knobs": ["defence"]}')
    assert tune.main(["run", "--state", str(path), "--steps", "1", "--walls", "1"]) == 2
    assert "start a new state" in capsys.readouterr().err
    path.write_text("{not json")
    assert tune.main(["show", "--state", str(path)]) == 2
    assert "tune:" in capsys.readouterr().err


def test_the_candidate_rounds_integer_knobs_and_stays_in_range(tune):
    units = {k.name: 99.0 for k in tune.KNOBS} | {"fold_shanten": 1.6, "defence": 2.0}
    p = tune.candidate("expert", units)
    assert p.fold_shanten == 2 and isinstance(p.fold_shanten, int)
    assert p.defence == 0.5  # 2 units of 0.25
    assert p.nine_major == 6 and p.claim_margin == 4.0  # clipped to the knobs' highs
    assert tune.changed_fields("expert", tune.candidate("expert", tune.start_units("expert"))) \
        == {}


def test_the_confirmation_keeps_only_an_interval_above_zero(tune, capsys):
    rows = [{"seed": 1, "candidate": [1.0, 2.0, 1.5, 1.2], "level": [0.0, 0.5, 0.2, 0.1],
             "fields": {"defence": 1.25}}]
    assert tune.verdict(rows, "expert")[1] > 0
    assert "KEEP" in capsys.readouterr().out
    rows[0]["candidate"] = [1.0, -2.0, 1.5, -1.2]
    tune.verdict(rows, "expert")
    out = capsys.readouterr().out
    assert "KEEP" not in out and "not kept" in out
