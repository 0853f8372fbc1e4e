"""The duplicate arena: rotations, zero-sum totals, statistics, the command line."""

import json

import pytest

from ai.arena import mean_ci, run_duplicate, wall_seed


def test_each_wall_is_played_four_times_and_points_sum_to_zero():
    r = run_duplicate(["ai:standard", "greedy", "greedy", "random"], hands=3, seed=2)
    assert r.walls == 3 and r.hands == 12
    assert sum(s.points for s in r.stats.values()) == 0
    assert r.stats["greedy"].players == 2 and r.stats["greedy"].hands == 24
    assert r.stats["ai:standard"].hands == 12
    assert len(r.stats["ai:standard"].per_wall) == 3
    # every table hand is a draw for all four or has winners and losers
    assert r.stats["random"].draws == r.stats["ai:standard"].draws
    m, lo, hi = r.stats["ai:standard"].ci()
    assert lo <= m <= hi
    assert r.stats["ai:standard"].times  # decision times were measured


def test_the_same_seed_gives_the_same_results_in_one_or_two_processes():
    a = run_duplicate(["greedy", "ai:beginner", "greedy", "random"], hands=4, seed=9)
    b = run_duplicate(["greedy", "ai:beginner", "greedy", "random"], hands=4, seed=9, jobs=2)
    assert {n: s.points for n, s in a.stats.items()} == {n: s.points for n, s in b.stats.items()}
    assert a.stats["greedy"].per_wall == b.stats["greedy"].per_wall


def test_identical_seats_score_zero_on_every_wall():
    # four copies of one deterministic seat: rotation makes every wall exactly fair
    r = run_duplicate(["greedy"] * 4, hands=2, seed=1)
    assert r.stats["greedy"].per_wall == [0.0, 0.0]


def test_difference_and_json():
    r = run_duplicate(["ai:expert", "greedy", "greedy", "greedy"], hands=2, seed=4)
    m, lo, hi = r.difference("ai:expert", "greedy")
    assert lo <= m <= hi
    j = r.to_json("greedy")
    assert j["differences"]["ai:expert"]["mean"] == pytest.approx(m)
    assert {s["name"] for s in j["stats"]} == {"ai:expert", "greedy"}


def test_wall_seeds_differ_by_index_and_run_seed():
    assert len({wall_seed(s, i) for s in range(3) for i in range(50)}) == 150


def test_mean_ci_of_constant_data_is_a_point():
    assert mean_ci([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)


def test_command_line(capsys):
    """Duplicate play from the command line (korean-mahjong simulate --duplicate)."""
    from game.cli import main as cli
    assert cli(["simulate", "--duplicate", "--hands", "4", "--seats",
                "greedy,random,random,ai:beginner", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 4 and out["baseline"] == "greedy"
    assert cli(["simulate", "--duplicate", "--hands", "4", "--seats",
                "greedy,random,random,oracle"]) == 2
    assert "unknown seat 'oracle'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        cli(["simulate", "--duplicate", "--hands", "4", "--seats", "greedy,random"])
    assert e.value.code == 2 and "four names" in capsys.readouterr().err


def test_bad_arguments():
    with pytest.raises(ValueError, match="four seat names"):
        run_duplicate(["greedy"], hands=1)
    with pytest.raises(ValueError, match="at least 1"):
        run_duplicate(["greedy"] * 4, hands=0)
