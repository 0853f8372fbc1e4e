"""The `simulate` command: statistics, JSON output, rules files, invariant failures."""

import json

import pytest

from game.cli import main
from game.engine.invariants import InvariantError
from game.settings import CONFIG_ENV


@pytest.fixture(autouse=True)
def _english_whatever_the_machine_says(tmp_path, monkeypatch):
    """These tests read the English lines: no saved settings of the user's, an English locale
    (tests/test_cli_lang.py covers the other languages and the defaults)."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cli-cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def test_simulate_json_reports_every_player(capsys):
    assert main(["simulate", "--hands", "6", "--seed", "3", "--seats",
                 "random,random,random,random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 6 and len(out["players"]) == 4
    assert sum(p["points"] for p in out["players"]) == 0
    assert all(p["hands"] == 6 for p in out["players"])
    assert sum(out["endings"].values()) == 6


def test_simulate_text_and_log_replays(tmp_path, capsys):
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "3", "--seed", "1", "--log", str(log)]) == 0
    text = capsys.readouterr().out
    assert "3 hands, seed 1" in text and "deal-in" in text
    from game.engine.replay import replay_file
    assert replay_file(log).hand_no == 3


def test_simulate_reads_a_rules_file(tmp_path, capsys):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"flowers": False, "ante": 0}))
    assert main(["simulate", "--hands", "2", "--rules", str(rules), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 2


@pytest.mark.parametrize("argv, message", [
    (["--seats", "random,random,random"], "four seat names"),
    (["--seats", "random,oracle,random,random"], "unknown seat 'oracle'"),
])
def test_simulate_bad_seats(argv, message, capsys):
    with pytest.raises(SystemExit) if "four" in message else _nothing():
        code = main(["simulate", "--hands", "1", *argv])
        assert code == 2
    assert message in capsys.readouterr().err


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_broken_invariant_exits_non_zero_naming_the_seed(monkeypatch, capsys):
    import game.cli.simulate as sim

    def broken(table, event=None):
        if event is not None and event.type == "discard":
            raise InvariantError(f"hand seed {table.seed} after discard event: test")

    monkeypatch.setattr(sim, "check_event", broken)  # the cheap default check
    assert main(["simulate", "--hands", "1", "--seed", "2"]) == 3
    err = capsys.readouterr().err
    assert "invariant broken: hand seed" in err


def test_check_every_event_runs_the_full_check_after_every_event(monkeypatch):
    import game.cli.simulate as sim

    seen = {"full": [], "cheap": []}
    monkeypatch.setattr(sim, "check_table", lambda t, e=None: seen["full"].append(e.type))
    monkeypatch.setattr(sim, "check_event", lambda t, e=None: seen["cheap"].append(e.type))
    assert main(["simulate", "--hands", "2", "--seed", "2", "--check-every-event"]) == 0
    assert seen["cheap"] == [] and {"deal", "draw", "discard", "hand_end"} <= set(seen["full"])
    seen["full"].clear()
    assert main(["simulate", "--hands", "2", "--seed", "2"]) == 0
    assert seen["full"] == [] and {"deal", "draw", "discard", "hand_end"} <= set(seen["cheap"])
    n = len(seen["cheap"])
    assert main(["simulate", "--hands", "2", "--seed", "2", "--no-check"]) == 0
    assert len(seen["cheap"]) == n and seen["full"] == []


def test_duplicate_play_rotates_each_wall_through_every_seat(capsys):
    assert main(["simulate", "--duplicate", "--hands", "16", "--seed", "4", "--json",
                 "--seats", "ai:expert,greedy,greedy,greedy"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["walls"], out["hands"]) == (4, 16)
    stats = {s["name"]: s for s in out["stats"]}
    # every wall is played by each seat from each chair: 16 hands for ai:expert, 48 for greedy
    assert stats["ai:expert"]["hands"] == 16 and stats["greedy"]["hands"] == 48
    # duplicate play is zero-sum over the table
    assert stats["ai:expert"]["points"] + stats["greedy"]["points"] == 0


def test_duplicate_text_report_and_bad_baseline(capsys):
    assert main(["simulate", "--duplicate", "--hands", "4", "--seats",
                 "ai:standard,greedy,random,random"]) == 0
    text = capsys.readouterr().out
    assert "95% CI" in text and "ai:standard - greedy" in text
    assert main(["simulate", "--duplicate", "--hands", "4", "--seats", "random,random,random,random",
                 "--baseline", "greedy"]) == 2
    assert "not seated" in capsys.readouterr().err
