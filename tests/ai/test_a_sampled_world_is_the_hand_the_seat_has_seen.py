"""The worlds the search samples (`ai.search`): the same hand of the session as the one seen, an
uper player dealt a ready hand (built with sequences too) and each thrown draw where it was
drawn, a world where an opponent let a self-drawn win go rejected, and none for a view that
missed the hand's start."""

from __future__ import annotations

import pytest

from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

T = parse_tile


SOUTH_READY = ["123m456m789p45p11z7z", "11m77m234p567p555z", "2223334446669m", "6668889992p134z"]


def _table_to_east(draws: str, south: str, **table):
    """East throws 7z, South draws and throws per `south` ("uper": 8m declared, "pass win":
    his draw although it wins), W and N throw their draws, up to East's next turn."""
    from test_master import Drawn

    from game.engine.rules import RuleSet

    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall(SOUTH_READY, draws), **table)
    t.submit(0, Discard(T("7z")))
    while 0 not in t.pending():
        s, d = next(iter(t.pending().items()))
        if s == 1 and d.kind == "turn":
            drawn = d.observation.drawn
            t.submit(1, Discard(drawn, uper=south == "uper"))
        else:
            t.submit(s, Drawn().act(d))
    return t


def _east_view(t):
    from ai.search import HandView

    view = HandView()
    for e in t.events:
        view.observe(e.visible_to(0))
    return view, t.pending()[0]


def test_a_world_is_the_same_hand_of_the_session_as_the_one_seen():
    """The third hand of a session with its seating and scores: every sampled world is that
    hand, those players, those scores."""
    import random

    from ai.search import sample_world

    t = _table_to_east("8m3z4z2z", "uper", hand=3, players=(2, 3, 0, 1),
                       scores=(10, -10, 5, -5))
    view, d = _east_view(t)
    for seed in range(3):
        w = sample_world(view, d, random.Random(seed))
        assert (w.hand, w.players, w.scores) == (3, (2, 3, 0, 1), (10, -10, 5, -5))
        assert w.observation(0) == d.observation


def test_a_world_deals_an_uper_player_a_ready_hand_and_each_thrown_draw_where_it_was_drawn():
    """South declared uper on the 8m he drew; West and North threw their draws (3z, 4z).
    In every world South's 13 tiles are ready (his hidden hand is sampled afresh) and each
    opponent's draw is the tile he threw straight after drawing it."""
    import random

    from ai.search import sample_world
    from game.engine.events import Drew
    from game.engine.hand.shanten import shanten
    from game.engine.tiles import kind_of_tile

    t = _table_to_east("8m3z4z2z", "uper")
    view, d = _east_view(t)
    hands = set()
    for seed in range(5):
        w = sample_world(view, d, random.Random(seed))
        south = [kind_of_tile(x) for x in w.seat_state[1].concealed]
        assert len(south) == 13 and shanten([south.count(k) for k in range(25)]) == 0
        hands.add(tuple(sorted(south)))
        drew = [(e.seat, kind_of_tile(e.tile)) for e in w.events if isinstance(e, Drew)]
        assert drew == [(1, T("8m")), (2, T("3z")), (3, T("4z")), (0, T("2z"))]
    assert len(hands) > 1


def test_a_world_where_an_opponent_let_a_self_drawn_win_go_is_rejected():
    """South (11m 77m 234p 567p 555z) draws 1m, a legal win (concealed + self draw + dragon
    pung), and throws it. A world where he held that hand is no world a player believes: he
    would have won. The same replay with a draw that does not win (8m) is accepted."""
    from ai.search import _replay

    for draws, agrees in (("1m3z4z2z", False), ("8m3z4z2z", True)):
        t = _table_to_east(draws, "pass win")
        view, d = _east_view(t)
        world = Table(RuleSet(flowers=False), seed=3, wall=rig_wall(SOUTH_READY, draws))
        assert _replay(world, view, d) is agrees, draws


def test_a_ready_hand_for_an_uper_player_is_built_with_sequences_too():
    """Groups are sequences most of the time (pungs 3 in 10, seven pairs 8 in 100): of ten
    hands drawn, most hold three or more kinds once; a hand of pungs and a pair less one tile
    (or seven pairs less one) never holds more than two kinds once."""
    import random

    from ai.search import ready_hand

    singles = []
    for seed in range(10):
        h = ready_hand([4] * 25, 13, random.Random(seed))
        assert h is not None
        singles.append(sum(1 for k in set(h) if h.count(k) == 1))
    assert sum(n >= 3 for n in singles) >= 5, singles


def test_a_view_that_missed_the_hand_start_has_no_world():
    import random

    from ai.search import HandView, WorldError, sample_world

    t = _table_to_east("8m3z4z2z", "uper")
    with pytest.raises(WorldError, match="the hand's start was not seen"):
        sample_world(HandView(), t.pending()[0], random.Random(0))
