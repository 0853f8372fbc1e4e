"""Physical table (docs/rules.md#s2): dice, breaker, break, live/back order, deal, flowers."""

import random

import pytest
from table_helpers import pass_all

from game.engine.events import Dealt, Drew, FlowerShown
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import format_tiles, kind_of_tile, parse_tiles
from game.engine.wall import (
    DEAL_STEPS,
    EMPTY,
    Wall,
    absent_positions,
    breaker_of,
    counted_stack,
    describe_stack,
    place,
    position,
)


@pytest.mark.parametrize("total, breaker", [
    (5, 0), (9, 0),            # East
    (2, 1), (6, 1), (10, 1),   # South
    (3, 2), (7, 2), (11, 2),   # West
    (4, 3), (8, 3), (12, 3),   # North
])
def test_first_total_picks_the_breaker(total, breaker):
    assert breaker_of(total) == breaker


@pytest.mark.parametrize("breaker, count, counted, breaking_point", [
    (1, 11, "S stack 11", "S stack 12"),   # docs/rules.md#s2-4's example: throws 6 then 5
    (1, 12, "S stack 12", "S stack 13"),
    (1, 13, "S stack 13", "E stack 1"),    # the last stack; the break is the left wall's first
    (1, 14, "E stack 1", "E stack 2"),     # past 13: into the wall on South's left (East)
    (0, 14, "N stack 1", "N stack 2"),     # East's left is North
    (0, 24, "N stack 11", "N stack 12"),
    (3, 4, "N stack 4", "N stack 5"),
    (2, 24, "S stack 11", "S stack 12"),   # West's left is South
])
def test_break_positions(breaker, count, counted, breaking_point):
    c = counted_stack(breaker, count)
    assert describe_stack(c) == counted
    first = {0: (2, 3), 1: (3, 3), 2: (3, 4), 3: (2, 2)}[breaker]
    second_total = count - sum(first)
    second = (1, second_total - 1) if second_total <= 7 else (6, second_total - 6)
    w = Wall.build([0] * 104, first, second)
    assert (w.breaker, w.count) == (breaker, count)
    assert describe_stack(w.break_stack) == breaking_point
    # the first live tiles are the breaking point's top then bottom
    assert place(w.seq[0])[:2] == divmod(w.break_stack, 13) and place(w.seq[0])[2] == 0
    # replacements come from the counted stack itself, top first
    assert w.seq[-2] == w.counted_stack * 2


def test_positions_round_trip():
    assert {position(*place(p)) for p in range(104)} == set(range(104))
    with pytest.raises(ValueError, match="no such wall place"):
        position(0, 13, 0)


def test_live_and_back_meet_without_losing_a_tile():
    """The ring: live head forward, back wall backward, empty when they meet (no dead wall)."""
    rng = random.Random(4)
    tiles = list(range(104))
    rng.shuffle(tiles)
    w = Wall.build(tiles, (1, 4), (6, 6))
    got = []
    while w.remaining:
        got.append(w.draw_back()[0] if rng.random() < 0.3 else w.draw_live()[0])
    assert sorted(got) == list(range(104))
    with pytest.raises(IndexError):
        w.draw_live()


def test_remaining_ids_follow_the_draws():
    rng = random.Random(5)
    for _ in range(30):
        tiles = list(range(104))
        rng.shuffle(tiles)
        w = Wall.build(tiles, (rng.randint(1, 6), rng.randint(1, 6)),
                       (rng.randint(1, 6), rng.randint(1, 6)))
        drawn = set()
        while w.remaining:
            assert sorted(w.remaining_ids()) == sorted(set(range(104)) - drawn)
            drawn.add(w.draw_back()[0] if rng.random() < 0.3 else w.draw_live()[0])
        assert w.remaining_ids() == []


def test_back_wall_order_is_counted_stack_then_the_one_before():
    w = Wall.build(list(range(104)), (3, 3), (2, 3))  # S breaks at 11
    positions = [w.draw_back()[1] for _ in range(4)]
    assert [place(p) for p in positions] == [(1, 10, 0), (1, 10, 1), (1, 9, 0), (1, 9, 1)]
    live = [w.draw_live()[1] for _ in range(6)]   # S 12, S 13, then East's wall (S's left)
    assert [place(p) for p in live] == [(1, 11, 0), (1, 11, 1), (1, 12, 0), (1, 12, 1),
                                        (0, 0, 0), (0, 0, 1)]


def test_flowers_off_wall_has_100_tiles_and_empty_places_are_skipped():
    t = Table(RuleSet(flowers=False), seed=8)
    assert sum(1 for x in t.events[1].tiles if x == EMPTY) == 4
    assert {p for p, x in enumerate(t.events[1].tiles) if x == EMPTY} == absent_positions(False)
    assert t.wall.remaining == 100 - 53
    assert all(x < 100 for x in t.events[1].tiles)


@pytest.mark.parametrize("seed", range(6))
def test_deal_counts_and_blocks(seed):
    t = Table(RuleSet(flowers=False), seed=seed)
    blocks = [e for e in t.events if isinstance(e, Dealt)]
    assert [(b.seat, len(b.tiles)) for b in blocks] == [(s.seat, s.count) for s in DEAL_STEPS]
    assert [len(ss.concealed) for ss in t.seat_state] == [14, 13, 13, 13]
    assert t.wall.remaining == 47  # 100 tiles - 53 dealt
    # the deal took the first 53 live places in order
    dealt_positions = [p for b in blocks for p in b.positions]
    live = [p for p in t.wall.seq if p not in absent_positions(False)]
    assert dealt_positions == live[:53]


def test_with_flowers_51_tiles_stay_after_the_deal():
    t = rigged_flowerless_deal()
    assert [len(ss.concealed) for ss in t.seat_state] == [14, 13, 13, 13]
    assert t.wall.remaining == 51


FULL_HANDS = ["123456789m11234p", "123456789m5678p", "123456789m1234z", "123456789m5677z"]


def rigged_flowerless_deal():
    return Table(RuleSet(), seed=2, wall=rig_wall(FULL_HANDS, "5p"), dice=[(1, 1), (1, 1)])


def test_flowers_in_the_deal_are_replaced_east_first_and_a_replacement_flower_again():
    hands = ["1f123456789m2345p", "2f123456789m234p", None, "3f123456789m23p5z"]
    t = Table(RuleSet(), seed=3, dice=[(2, 4), (3, 3)],
              wall=rig_wall(hands, draws="6p", replacements="4f5z6z7z"))
    shown = [(e.seat, format_tiles([kind_of_tile(e.tile)])) for e in t.events
             if isinstance(e, FlowerShown)]
    assert shown == [(0, "1f"), (0, "4f"), (1, "2f"), (3, "3f")]
    repl = [(e.seat, format_tiles([kind_of_tile(e.tile)])) for e in t.events
            if isinstance(e, Drew) and e.replacement]
    assert repl == [(0, "4f"), (0, "5z"), (1, "6z"), (3, "7z")]
    assert [len(ss.concealed) for ss in t.seat_state] == [14, 13, 13, 13]
    assert [len(ss.flowers) for ss in t.seat_state] == [2, 1, 0, 1]
    assert t.wall.remaining == 51 - 4
    assert t.seat_state[0].drawn >> 2 == parse_tiles("5z")[0]  # East's last tile is his replacement


def test_flower_drawn_in_play_is_shown_and_replaced_at_once():
    t = Table(RuleSet(), seed=3, dice=[(2, 4), (3, 3)],
              wall=rig_wall(FULL_HANDS, draws="1f", replacements="9p"))
    assert all(not ss.flowers for ss in t.seat_state)
    from game.engine.actions import Discard
    t.submit(0, Discard(parse_tiles("4p")[0]))
    pass_all(t)
    assert t.turn == 1
    assert [kind_of_tile(x) for x in t.seat_state[1].flowers] == parse_tiles("1f")
    assert t.seat_state[1].drawn >> 2 == parse_tiles("9p")[0]
    kinds = [type(e).__name__ for e in t.events[-3:]]
    assert kinds == ["Drew", "FlowerShown", "Drew"]
    assert t.events[-1].replacement and not t.events[-3].replacement
