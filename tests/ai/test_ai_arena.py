"""The duplicate arena: rotations, zero-sum totals, statistics, the command line."""

import json

import pytest

from ai.arena import mean_ci, run_duplicate, seating_order, seats_of, wall_seed


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


def test_every_player_holds_every_seat_once_per_wall():
    for i in range(12):
        plays = [seats_of(i, r) for r in range(4)]
        for seat in range(4):
            assert sorted(p[seat] for p in plays) == [0, 1, 2, 3]
        for p in plays:
            assert sorted(p) == [0, 1, 2, 3]


def test_over_six_walls_each_player_sits_after_each_other_equally_often():
    """Who sits just before a player (whose discards he sees first, and beats to a win by the
    head bump) must not favour anyone: over six walls every ordered pair of players is
    neighbours (b right after a, in the order of play) equally often, and the six walls use six
    different orders round the table."""
    from collections import Counter

    after: Counter[tuple[int, int]] = Counter()
    for i in range(6):
        for r in range(4):
            at = seats_of(i, r)
            for seat in range(4):
                after[(at[seat], at[(seat + 1) % 4])] += 1
    pairs = {(a, b) for a in range(4) for b in range(4) if a != b}
    assert set(after) == pairs
    assert len(set(after.values())) == 1, after
    # six different orders, none of them a rotation of another
    turned = {tuple(o[k:] + o[:k]) for o in map(list, (seating_order(i) for i in range(6)))
              for k in range(4)}
    assert len(turned) == 24


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
