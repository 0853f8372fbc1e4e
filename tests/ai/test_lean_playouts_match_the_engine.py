"""The lean playout (`ai.lean`) ends every hand as the engine does: the same reason, winners and
payments as four quick seats playing it through `HandDriver` (the master's playout before it),
for every legal action of seeded decisions, under the house rules that change play. The
decisions come from seeded tables played part of the way by quick and random players (random
claims, kongs, upers and, at a strict table, wrong declarations included)."""

from __future__ import annotations

import random
import time

import pytest

from ai.lean import (
    STATS,
    Ending,
    OutOfTime,
    engine_hand,
    lean_hand,
    lean_playout,
    quick_act,
)
from ai.master import MasterSeat, QuickSeat
from game.engine.actions import WIN, AddedKong, ConcealedKong, Discard, Pung
from game.engine.errors import IllegalActionError
from game.engine.kinds import DecisionKind
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table, rig_wall

#: the house rules that change how a hand is played or paid (docs/rules.md §10)
VARIANTS: tuple[RuleSet, ...] = (
    RuleSet(),
    RuleSet(preset="samsiki", ante=0),
    RuleSet(preset="keopihyang", discard_multiplier=1, score_cap=40),
    RuleSet(flowers=False, uper_min_wall=0),
    RuleSet(strict_table=True),
    RuleSet(sacred_own_wait="frozen", stem_after_uper="chosen_only"),
    RuleSet(several_winners="all", three_winners="head_bump", uper_min_wall=10),
    RuleSet(flower_after_kong="plain", liability_self_draw="shared", special_tile_bonus=False),
    RuleSet(four_winds_concealed_kong="stands", dealt_kong="at_deal", nine_major_claims="keep",
            nine_major_count="dealt", nine_major_threshold=10),
    RuleSet(strict_table=True, sacred_own_wait="frozen", several_winners="all"),
)


def decision_points(seed: int) -> tuple[Table, int, Decision]:
    """A seeded table part of the way through a hand (a house-rule variant, a prevalent wind,
    a doubled hand now and then), and one seat's open decision with more than one action."""
    rng = random.Random(seed)
    rules = VARIANTS[seed % len(VARIANTS)]
    t = Table(rules, seed=seed, prevalent=rng.choice((None, 0, 1, 2, 3)),
              doubled=rng.random() < 0.2)
    stop = rng.randrange(0, 140)
    wild = rng.random() * 0.6  # how often a player picks any legal action
    steps = 0
    last: tuple[Table, int, Decision] | None = None
    while t.result is None:
        pending = t.pending()
        seat = rng.choice(sorted(pending))
        d = pending[seat]
        if len(d.legal) > 1:
            last = (t.copy(), seat, d)
            if steps >= stop:
                return last
        t.submit(seat, rng.choice(d.legal) if rng.random() < wild else quick_act(d))
        steps += 1
    assert last is not None
    return last


def check(seeds: range) -> int:
    """Every legal action of each seed's decision both ways; the number of playouts."""
    n = 0
    for seed in seeds:
        t, me, d = decision_points(seed)
        before = ([p.copy() for p in t.seat_state], list(t.wall.taken), len(t.events))
        for a in d.legal:
            want = engine_hand(t, me, a)
            assert lean_hand(t, me, a) == want, (seed, me, a)
            n += 1
        # the world is not changed
        assert before == ([p.copy() for p in t.seat_state], list(t.wall.taken), len(t.events))
        assert t.pending()[me] is d
    return n


def test_the_lean_playouts_end_every_hand_as_the_engine_does():
    assert check(range(120)) >= 360


@pytest.mark.slow
def test_thousands_of_lean_playouts_end_every_hand_as_the_engine_does():
    assert check(range(150, 3150)) >= 9000


def test_the_payment_is_the_masters_playout():
    for seed in range(300, 315):
        t, me, d = decision_points(seed)
        for a in d.legal:
            assert lean_playout(t, me, a) == MasterSeat._playout(t, me, a, [QuickSeat()] * 4)


def _find(pred, rules: RuleSet | None = None, seeds: range = range(2000)
          ) -> tuple[Table, int, Decision]:
    """The first decision `pred` accepts in hands played by quick seats that claim every pung
    they may (so that added kongs come)."""
    for seed in seeds:
        rng = random.Random(seed)
        t = Table(rules or RuleSet(), seed=seed)
        while t.result is None:
            pending = t.pending()
            s = min(pending)
            d = pending[s]
            if pred(t, d):
                return t, s, d
            pung = [a for a in d.legal if isinstance(a, Pung)]
            t.submit(s, pung[0] if pung else rng.choice(d.legal) if rng.random() < 0.1
                     else quick_act(d))
    raise AssertionError("no such decision")


def test_a_kong_robbed_is_played_lean_and_agrees():
    def robbable(t: Table, d: Decision) -> bool:
        return any(isinstance(a, AddedKong) and any(a.tile in t.waits(o) for o in range(4)
                                                      if o != d.seat) for a in d.legal)

    t, me, d = _find(robbable, seeds=range(959, 960))
    a = next(a for a in d.legal if isinstance(a, AddedKong))
    before = STATS.fallbacks
    want = engine_hand(t, me, a)
    assert want.winners[0][1] == "robbing_kong"
    assert lean_hand(t, me, a) == want
    assert STATS.fallbacks == before


def test_a_wrong_win_at_a_strict_table_is_played_by_the_engine_and_agrees():
    def wrong_win(t: Table, d: Decision) -> bool:
        return d.kind == DecisionKind.TURN and WIN in d.legal and WIN in d.notes

    t, me, _ = _find(wrong_win, RuleSet(strict_table=True))
    before = STATS.fallbacks
    assert lean_hand(t, me, WIN) == engine_hand(t, me, WIN)
    assert STATS.fallbacks == before + 1


def test_the_deals_kong_is_played_by_the_engine_and_agrees():
    wall = rig_wall(["1111m234p567p1122z", None, None, None])
    t = Table(RuleSet(dealt_kong="at_deal"), seed=2, wall=wall)
    d = t.pending()[0]
    assert d.kind == DecisionKind.KONG
    before = STATS.fallbacks
    for a in d.legal:
        assert lean_hand(t, 0, a) == engine_hand(t, 0, a)
    assert STATS.fallbacks == before + len(d.legal)


def test_a_concealed_kong_in_play_is_played_lean():
    t, me, d = _find(lambda t, d: d.kind == DecisionKind.TURN
                     and any(isinstance(a, ConcealedKong) for a in d.legal))
    a = next(a for a in d.legal if isinstance(a, ConcealedKong))
    before = STATS.fallbacks
    assert lean_hand(t, me, a) == engine_hand(t, me, a)
    assert STATS.fallbacks == before


def test_an_illegal_action_is_refused_as_the_engine_refuses_it():
    t = Table(RuleSet(), seed=5)
    d = t.pending()[0]
    held = {a.tile for a in d.legal if isinstance(a, Discard)}
    missing = next(k for k in range(25) if k not in held)
    with pytest.raises(IllegalActionError):
        lean_hand(t, 0, Discard(missing))
    with pytest.raises(IllegalActionError):
        lean_hand(t, 1, d.legal[0])


def test_the_deadline_stops_a_playout_on_either_path():
    t, me, d = next(w for w in map(decision_points, range(100)) if w[0].wall.remaining > 30
                    and w[2].kind == DecisionKind.TURN)
    a = next(a for a in d.legal if isinstance(a, Discard))
    with pytest.raises(OutOfTime):
        lean_hand(t, me, a, deadline=time.perf_counter() - 1)
    with pytest.raises(OutOfTime):
        engine_hand(t, me, a, deadline=time.perf_counter() - 1)
    far = time.perf_counter() + 3600
    assert lean_hand(t, me, a, deadline=far) == engine_hand(t, me, a)


def test_an_ending_says_what_the_engines_result_says():
    t, me, d = decision_points(11)
    e = lean_hand(t, me, d.legal[0])
    assert isinstance(e, Ending) and sum(e.payments) == 0
    assert (e.reason == "win") == bool(e.winners)
