"""`Table.resample_hidden`: a table consistent with one seat's view, the hidden tiles dealt again.

What the seat sees must not move; what it cannot see must move with the rng; the engine's
invariants must hold; and a hand played on from the result must end normally."""

from __future__ import annotations

import random

import pytest
from test_random_hands import EagerSeat

from game.engine.driver import HandDriver
from game.engine.hand.shanten import waits
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.table import Table
from game.engine.tiles import is_flower_tile, kind_of_tile, to_counts


def _at_a_turn(rules: RuleSet, seed: int, moves: int) -> tuple[Table, int]:
    """A table after about `moves` decisions, stopped where exactly one seat must decide."""
    t = Table(rules, seed)
    seats = [EagerSeat(seed * 4 + i) for i in range(4)]
    n = 0
    while not t.is_over:
        pending = t.pending()
        if n >= moves and len(pending) == 1:
            return t, next(iter(pending))
        for s, d in sorted(pending.items()):
            t.submit(s, seats[s].act(d))
        n += 1
    pytest.skip(f"seed {seed}: the hand ended before {moves} moves")


CASES = [(RuleSet(), seed, moves) for seed in range(12) for moves in (0, 9, 25)] + \
        [(RuleSet(flowers=False, strict_table=True), seed, 15) for seed in range(6)]


@pytest.mark.parametrize("rules, seed, moves", CASES)
def test_the_seat_sees_the_same_table(rules, seed, moves):
    t, seat = _at_a_turn(rules, seed, moves)
    r = t.resample_hidden(seat, random.Random(seed))
    assert r.observation(seat) == t.observation(seat)
    assert r.pending()[seat].observation == t.pending()[seat].observation
    assert r.pending()[seat].legal == t.pending()[seat].legal
    check_table(r)
    check_table(t)  # the original is untouched
    # the public part of every other seat is the same too
    for s in range(4):
        assert r.seat_state[s].melds == t.seat_state[s].melds
        assert r.seat_state[s].river == t.seat_state[s].river
        assert len(r.seat_state[s].concealed) == len(t.seat_state[s].concealed)


def test_hidden_tiles_change_with_the_rng_and_only_with_it():
    t, seat = _at_a_turn(RuleSet(), 3, 10)
    a = t.resample_hidden(seat, random.Random(1))
    b = t.resample_hidden(seat, random.Random(1))
    c = t.resample_hidden(seat, random.Random(2))
    others = [s for s in range(4) if s != seat]
    assert [a.seat_state[s].concealed for s in others] == [b.seat_state[s].concealed for s in others]
    assert a.wall.remaining_ids() == b.wall.remaining_ids()
    assert [a.seat_state[s].concealed for s in others] != [c.seat_state[s].concealed for s in others]
    assert a.wall.remaining_ids() != t.wall.remaining_ids()
    assert a.seat_state[seat].concealed == t.seat_state[seat].concealed
    # the same tiles, dealt differently; counts and waits rebuilt by the engine
    hidden = sorted(x for s in others for x in t.seat_state[s].concealed) + t.wall.remaining_ids()
    again = sorted(x for s in others for x in a.seat_state[s].concealed) + a.wall.remaining_ids()
    assert sorted(hidden) == sorted(again)
    for s in others:
        assert a.seat_state[s].counts == to_counts(map(kind_of_tile, a.seat_state[s].concealed))
        assert a.waits(s) == waits(a.seat_state[s].counts)
        assert not any(map(is_flower_tile, a.seat_state[s].concealed))  # flowers stay in the wall


def test_kept_seats_keep_their_hands():
    t, seat = _at_a_turn(RuleSet(), 5, 12)
    keep = (seat + 1) % 4
    r = t.resample_hidden(seat, random.Random(4), keep=[keep])
    assert r.seat_state[keep].concealed == t.seat_state[keep].concealed
    assert any(r.seat_state[s].concealed != t.seat_state[s].concealed for s in range(4) if s not in (seat, keep))


@pytest.mark.parametrize("seed", range(15))
def test_a_hand_played_on_from_a_resample_completes(seed):
    t, seat = _at_a_turn(RuleSet(), seed, 8)
    r = t.resample_hidden(seat, random.Random(seed + 100))

    class Check:
        def on_event(self, table, e):
            check_table(table, e)

    res = HandDriver(r, [EagerSeat(50 + i) for i in range(4)], seen=len(r.events),
                     listeners=[Check()], heard=len(r.events)).run()
    assert r.is_over and sum(res.payments) == 0 and not t.is_over


def test_refused_while_another_seat_must_decide():
    t = Table(RuleSet(), seed=2)
    seats = [EagerSeat(i) for i in range(4)]
    while True:
        p = t.pending()
        if len(p) > 1 or any(d.kind in ("claim", "rob") for d in p.values()):
            break
        assert not t.is_over
        (s, d), = p.items()
        t.submit(s, seats[s].act(d))
    outside = next(x for x in range(4) if x not in p)
    with pytest.raises(ValueError, match="decision open"):
        t.resample_hidden(outside, random.Random(1))


def test_per_seat_state_is_one_object_copied_and_compared_as_a_whole():
    t, seat = _at_a_turn(RuleSet(), 7, 20)
    c = t.copy()
    assert c.seat_state == t.seat_state
    assert all(a is not b for a, b in zip(c.seat_state, t.seat_state))
    c.seat_state[seat].concealed.append(999)  # a change to the copy stays in the copy
    assert c.seat_state != t.seat_state and 999 not in t.seat_state[seat].concealed
    assert [p.river_view for p in t.seat_state] == list(t.observation(seat).rivers)


def test_where_the_hidden_tiles_lay_does_not_show_through_the_new_deal():
    """Two tables that differ only in which opponent holds which hidden tile deal the same copy
    from the same seed (the pool is sorted before it is shuffled)."""
    t = Table(RuleSet(), seed=4)
    other = t.copy()
    a, b = other.seat_state[1], other.seat_state[2]
    ha, hb = list(a.concealed), list(b.concealed)
    ha[0], hb[0] = hb[0], ha[0]
    a.set_hand(ha)
    b.set_hand(hb)
    assert other.observation(0) == t.observation(0) and other.seat_state[1].concealed != t.seat_state[1].concealed
    one = t.resample_hidden(0, random.Random(9))
    two = other.resample_hidden(0, random.Random(9))
    assert [one.seat_state[s].concealed for s in range(4)] == [two.seat_state[s].concealed for s in range(4)]
    assert one.wall.remaining_ids() == two.wall.remaining_ids()
