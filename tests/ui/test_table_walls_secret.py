"""At the game's own table, a program the game does not trust (``python:``, ``cmd:``) cannot
deal the walls itself: with one seated, the walls come from a keyed hash of the seed under a
secret of this run (`ai.wall_secret`), so ``play --seed 7`` (public on the command line) no
longer names them, and a new game's seed is not the clock (a program searched the milliseconds
around its own start and found it in 573 tries). Without such a seat, a seed deals as before."""

import pytest

from game.engine.session import Session
from game.ui.scenes.table import TableScene

SPY = "python:ai.random_seat:RandomSeat"


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant")


def first_wall(scene: TableScene) -> tuple[int, ...]:
    s = scene.session
    return tuple(Session(s.rules, scene.seed, players=tuple(scene.player_names), hands=1)
                 .new_hand().wall.tiles)


def test_with_a_program_seated_the_seed_given_does_not_deal_the_walls(app):
    a = TableScene(app, ["human", SPY, "random", "random"], seed=7, hands=1, record=False)
    b = TableScene(app, ["human", SPY, "random", "random"], seed=7, hands=1, record=False)
    plain = TableScene(app, ["human", "random", "random", "random"], seed=7, hands=1,
                       record=False)
    assert plain.seed == 7 and plain.seed_asked is None  # no program: the seed as asked
    assert a.seed_asked == b.seed_asked == 7
    assert 7 not in (a.seed, b.seed) and a.seed != b.seed  # a fresh secret each run
    # what the program could compute from the seed it sees is not the wall it is dealt
    assert first_wall(a) != first_wall(plain) and first_wall(a) != first_wall(b)
    for sc in (a, b, plain):
        sc.driver.close_seats()


def test_a_new_games_seed_is_not_the_clock(app, monkeypatch):
    import time

    monkeypatch.setattr(time, "time", lambda: 1_700_000_000.0)  # the clock stands still
    seeds = []
    app.push("new_game")
    ng = app.top
    monkeypatch.setattr(app, "make", lambda name, **kw: seeds.append(kw["seed"]) or None)
    monkeypatch.setattr(app, "replace", lambda scene: None)
    ng._start()
    ng._start()
    assert len(seeds) == 2 and seeds[0] != seeds[1]
