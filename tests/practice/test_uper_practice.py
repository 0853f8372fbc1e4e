"""Uper-timing practice: generated positions, the options (an illegal uper is explained and not
played, a strict table plays it with the penalty), playouts with a known best option, hidden
re-deals that keep the player's view, and undo."""

from __future__ import annotations

import random

import pytest

from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile
from game.practice.uper_practice import (
    DEFAULT_OPPONENTS,
    PracticeGame,
    compare_options,
    generate_position,
    playout_outcomes,
    position_from_table,
    practice_options,
    redeal_hidden,
    wilson,
)

T = parse_tile


def _pos(hand: str, **rules):
    t = Table(RuleSet(flowers=False, **rules), seed=5, wall=rig_wall([hand, None, None, None]))
    return position_from_table(t, 0)


@pytest.mark.parametrize("stage, lo, hi", [("early", 30, 99), ("middle", 15, 29), ("late", 0, 14)])
def test_generated_positions_are_ready_at_the_stage(stage, lo, hi):
    pos = generate_position(11, stage=stage)
    obs = pos.observation
    assert lo <= obs.wall_left <= hi
    assert pos.decision.kind == "turn" and pos.ready_discard in pos.ready_discards
    # the position is rebuilt from (rules, seed, actions): the same table
    again = generate_position(11, stage=stage)
    assert again.seed == pos.seed and again.actions == pos.actions
    assert again.observation == obs


def test_generate_wants_legal_or_illegal_uper():
    legal = generate_position(2, stage="any", want="legal")
    assert practice_options(legal)[0].legal
    illegal = generate_position(2, stage="any", want="illegal")
    up = practice_options(illegal)[0]
    assert not up.available and up.reason
    with pytest.raises(ValueError, match="stage must be one of"):
        generate_position(1, stage="noon")


def test_an_illegal_uper_is_explained_and_never_played():
    # the false uper of docs/rules.md#ex3: 7p/8p by discard are concealed only (1 point)
    pos = _pos("111m234m234p99p79p1z")
    up, silent, fold = practice_options(pos)
    assert (silent.key, fold.key) == ("silent", "fold") and silent.available and fold.available
    assert (up.key, up.available, up.legal) == ("uper", False, False)
    assert "8p would win by discard with concealed only (1 point)" in str(up.reason)
    c = compare_options(pos, 60)
    assert [r.key for r in c.results] == ["silent", "fold"]
    assert c.offered[0] == up
    assert c.best.key == "silent"
    assert c.result("silent").win_rate > c.result("fold").win_rate


def test_a_strict_table_plays_the_false_uper_and_its_penalty():
    pos = _pos("111m234m234p99p79p1z", strict_table=True)
    up = practice_options(pos)[0]
    assert up.available and not up.legal and "strict table" in str(up.reason)
    c = compare_options(pos, 60)
    r = c.result("uper")
    assert r is not None and r.wins == 0  # penalised: he can no longer win this hand
    assert c.best.key != "uper" and c.cost("uper") > 0


def test_the_player_may_pick_another_ready_discard():
    # 234m 678m 555p 66z 77z + 1z: only 1z leaves it ready with a legal uper
    pos = _pos("234m678m555p66z77z1z")
    assert pos.ready_discard == T("1z")
    with pytest.raises(ValueError, match="does not leave the hand ready"):
        practice_options(pos, T("2m"))
    # 123m 456m 789m 11223p: discarding 1p, 2p or 3p leaves it waiting
    pos = _pos("123m456m789m11223p")
    assert pos.ready_discards == (T("1p"), T("2p"), T("3p"))
    for k in pos.ready_discards:
        up = practice_options(pos, k)[0]
        assert up.action == Discard(k, uper=True)


def test_a_good_wait_beats_folding():
    # 234m 678m 555p 66z 77z: dragons shanpon, uper legal; folding breaks a ready hand
    pos = _pos("234m678m555p66z77z1z")
    assert practice_options(pos)[0].legal
    c = compare_options(pos, 100, keys=("uper", "fold"))
    up, fold = c.result("uper"), c.result("fold")
    assert up.win_rate > fold.win_rate
    assert up.points_ci[0] > fold.points_ci[1]  # clearly separated
    assert c.best.key == "uper" and c.cost("fold") > 0 and c.cost("uper") == 0
    assert 0 <= up.win_ci[0] <= up.win_rate <= up.win_ci[1] <= 1


def test_redeal_keeps_what_the_player_sees():
    pos = generate_position(4, stage="middle")
    base = pos.table
    t = redeal_hidden(base, pos.seat, random.Random(1))
    assert t.observation(pos.seat) == base.observation(pos.seat)
    # all 104 tiles still accounted for once: hands, melds, rivers, flowers, wall
    ids = [x for s in range(4) for x in t.seat_state[s].concealed]
    ids += [x for s in range(4) for m in t.seat_state[s].meld_ids for x in m]
    ids += [x for s in range(4) for x in t.seat_state[s].river] + [x for s in range(4) for x in t.seat_state[s].flowers]
    ids += t.wall.remaining_ids()
    claimed = sum(len(ss.river_claimed) for ss in t.seat_state)
    assert len(ids) - claimed == 104 == len(set(ids))
    # the hidden hands did change, their sizes did not
    others = [s for s in range(4) if s != pos.seat and t.seat_state[s].uper_index < 0]
    assert any(sorted(t.seat_state[s].concealed) != sorted(base.seat_state[s].concealed) for s in others)
    assert [len(t.seat_state[s].concealed) for s in range(4)] == [len(base.seat_state[s].concealed) for s in range(4)]
    assert all(x < 100 for s in others for x in t.seat_state[s].concealed)


def test_the_comparison_is_reproducible():
    pos = generate_position(6, stage="middle")
    a = compare_options(pos, 20, seed=3)
    b = compare_options(pos, 20, seed=3)
    assert [r.as_dict() for r in a.results] == [r.as_dict() for r in b.results]


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 200)
    assert lo == 0.0 and 0 < hi < 0.03


def _first_discard(d):
    return next(x for x in d.legal if isinstance(x, Discard))


def test_undo_goes_back_to_the_players_previous_decision():
    g = PracticeGame(RuleSet(), seed=8, seat=1)
    assert g.decision is not None and not g.can_undo and not g.undo()
    first_obs = g.table.observation(1)
    g.submit(_first_discard(g.decision))
    while g.decision is not None and g.decision.kind not in ("turn", "discard"):
        g.submit(g.decision.legal[-1])  # pass on claims
    assert g.decision is not None
    second_obs = g.table.observation(1)
    n = len(g.actions)
    g.submit(_first_discard(g.decision))
    assert len(g.actions) > n
    assert g.undo()  # back to the second decision: same view, same actions before it
    assert g.table.observation(1) == second_obs and len(g.actions) == n
    while g.undo():
        pass
    assert g.table.observation(1) == first_obs and not g.can_undo
    assert all(s != 1 for s, _ in g.actions)


@pytest.mark.parametrize("opponents", ["fast", "ai:standard"])
def test_the_comparison_does_not_depend_on_the_number_of_workers(opponents):
    pos = generate_position(6, stage="middle")
    seen = []
    one = compare_options(pos, 12, seed=5, opponents=opponents, workers=1)
    two = compare_options(pos, 12, seed=5, opponents=opponents, workers=2,
                          progress=lambda d, t: seen.append((d, t)))
    assert [r.as_dict() for r in one.results] == [r.as_dict() for r in two.results]
    assert (one.workers, two.workers) == (1, 2)
    assert one.opponents == two.opponents == opponents
    assert opponents in two.played_by
    # the progress bar moves forward to the end
    total = 12 * len(two.results)
    assert seen and seen[-1] == (total, total)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_single_playouts_add_up_to_the_comparison():
    pos = generate_position(6, stage="middle")
    c = compare_options(pos, 10, seed=2)
    rows = playout_outcomes(pos, range(10), seed=2)
    for r in c.results:
        assert r.wins == sum(w for w, _, _ in rows[r.key])
        assert r.deal_ins == sum(d for _, d, _ in rows[r.key])
        assert r.points_sum == sum(p for _, _, p in rows[r.key])


def test_bad_worker_counts_are_refused():
    pos = _pos("234m678m555p66z77z1z")
    with pytest.raises(ValueError, match="workers must be at least 1"):
        compare_options(pos, 5, workers=0)


def test_the_ai_seats_play_the_playouts_by_default():
    # measured with tools/playout_agreement.py: the fast policy overrates uper (module docstring)
    assert DEFAULT_OPPONENTS == "ai:standard"
    pos = _pos("234m678m555p66z77z1z")
    c = compare_options(pos, 2, keys=("silent",), workers=1)
    assert c.opponents == "ai:standard" and c.played_by == "ai:standard opponents"
    fast = compare_options(pos, 2, keys=("silent",), opponents="fast", workers=1)
    assert fast.played_by == "fast playout policy opponents"
