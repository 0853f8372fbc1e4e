"""The cheap per-event invariant check (`check_event`, simulate's default) against the full one.

It must pass wherever the full check passes, and catch what breaks: a tile lost or made twice
at once (counts), a wrong size or count vector of the seat that acted at once, a tile in two
places (same counts) at the latest at the hand's end, where it checks every tile by its id.
"""

import pytest

from ai.random_seat import RandomSeat
from game.engine.invariants import FULL_CHECK_EVENTS, InvariantError, check_event, check_table
from game.engine.rules import RuleSet
from game.engine.table import Table
from game.engine.tiles import KIND_OF_TILE, is_flower_tile, tile_ids_of_kind


def _played(seed, rules=None, stop_after=None):
    """A hand played by random seats with both checks after every event; stops early on request."""
    seen = []

    def both(table, event):
        check_table(table, event)
        check_event(table, event)
        seen.append(event)

    t = Table(rules or RuleSet(), seed, on_event=both)
    seats = [RandomSeat(seed * 4 + i) for i in range(4)]
    while not t.is_over and (stop_after is None or len(seen) < stop_after):
        for s, d in sorted(t.pending().items()):
            t.submit(s, seats[s].act(d))
    return t, seen


@pytest.mark.parametrize("flowers", [True, False])
def test_passes_wherever_the_full_check_passes(flowers):
    kinds = set()
    for seed in range(40):
        t, seen = _played(seed, RuleSet().replace(flowers=flowers))
        kinds |= {e.type for e in seen}
        check_event(t, seen[-1])
    assert {"deal", "draw", "discard", "hand_end"} <= kinds


def _mid_hand(seed=3):
    t, seen = _played(seed, stop_after=40)
    last = seen[-1]
    assert last.type not in FULL_CHECK_EVENTS and not t.is_over
    return t, last


def test_a_lost_tile_is_caught_at_once():
    t, last = _mid_hand()
    t.seat_state[1].river.pop() if t.seat_state[1].river else t.wall.draw_live()
    with pytest.raises(InvariantError, match="hand seed 3 after"):
        check_event(t, last)


def test_a_tile_made_twice_is_caught_at_once():
    t, last = _mid_hand()
    me = t.seat_state[2]
    me.river.append(me.river[0] if me.river else me.concealed[0])
    with pytest.raises(InvariantError, match="both in"):
        check_event(t, last)


def test_a_hand_of_the_wrong_size_is_caught_at_once():
    t, last = _mid_hand()
    a = t.seat_state[last.seat]  # the seat the event names: its hand is the one checked
    b = t.seat_state[(last.seat + 1) % 4]
    moved = next(x for x in a.concealed if not is_flower_tile(x))
    a.remove(moved)
    b.add(moved)  # same tiles in all, two wrong hand sizes
    with pytest.raises(InvariantError, match="tiles \\(concealed \\+ 3 per meld\\)"):
        check_event(t, last)
    with pytest.raises(InvariantError, match="tiles \\(concealed \\+ 3 per meld\\)"):
        check_table(t, last)


def test_a_count_vector_out_of_step_is_caught_at_once():
    t, last = _mid_hand()
    me = t.seat_state[last.seat]
    k = next(k for k in range(25) if me.counts[k])
    me.counts[k] -= 1
    me.counts[(k + 1) % 25] += 1
    check_event(t, last)  # the same number of tiles: both checks compare sums, not kinds
    check_table(t, last)
    me.counts[(k + 1) % 25] -= 1
    with pytest.raises(InvariantError, match="count vector"):
        check_event(t, last)


def test_a_tile_in_two_places_with_right_counts_is_caught_by_the_full_check():
    # the one thing counts cannot see: the cheap check passes mid-hand and catches it where it
    # checks every tile by its id (the hand's end), as the full check does at once
    t, last = _mid_hand()
    me = t.seat_state[0]
    i, dup = next((i, y) for i, x in enumerate(me.concealed) if not is_flower_tile(x)
                  for y in tile_ids_of_kind(KIND_OF_TILE[x]) if y not in me.concealed)
    me.concealed[i] = dup  # the same kind: counts, sizes and the count vector stay right
    check_event(t, last)
    with pytest.raises(InvariantError, match="both in"):
        check_table(t, last)
    end = next(e for e in _played(5)[1] if e.type == "hand_end")
    with pytest.raises(InvariantError, match="both in"):
        check_event(t, end)
