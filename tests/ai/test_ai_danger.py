"""Danger tables in tile notation: exact safety (genbutsu, stem, passed tiles, tiles after uper,
dead honours), then the evidence (walls, honour counts, readiness)."""

import dataclasses

import pytest

from ai.danger import exact_safe_kinds, read_opponents, visible_counts, wait_weights
from ai.heuristic import EventTracker
from game.engine.events import Claimed, Discarded, Drew, HandStarted
from game.engine.melds import Meld
from game.engine.observation import Observation, RiverTile
from game.engine.tiles import format_tiles, parse_tile, parse_tiles


def obs(hand: str, rivers: list[str], uper: tuple[bool, ...] = (False,) * 4,
        melds=((), (), (), ()), uper_at: dict[int, int] | None = None, seat: int = 0):
    rs = []
    for s, r in enumerate(rivers):
        ks = parse_tiles(r)
        rs.append(tuple(RiverTile(k, uper=(uper_at or {}).get(s) == i) for i, k in enumerate(ks)))
    concealed = tuple(sorted(parse_tiles(hand)))
    return Observation(seat=seat, concealed=concealed, drawn=None,
                       hand_sizes=(len(concealed), 13, 13, 13), melds=tuple(melds),
                       flowers=((), (), (), ()), rivers=tuple(rs), uper=uper, waits=(),
                       sacred=(), wall_left=30, turn=seat, phase="turn", last_discard=None,
                       prevalent=None, scores=(0, 0, 0, 0))


@pytest.mark.parametrize("river, passed, after_uper, safe", [
    ("4m", "", "", "147m"),  # genbutsu 4m and its stem 1-4-7
    ("5p9p", "", "", "235689p"),  # two stems: 2-5-8 and 3-6-9
    ("1z7z", "", "", "17z"),  # honours have no stem: only themselves
    ("2m", "9p", "", "258m9p"),  # 9p passed since his last draw (SD1 evidence)
    ("", "", "3z6m", "6m3z"),  # discarded after his uper and not won on (SD5 evidence)
    ("", "", "", ""),
])
def test_exact_safe_kinds(river, passed, after_uper, safe):
    got = exact_safe_kinds(parse_tiles(river), parse_tiles(passed), parse_tiles(after_uper))
    assert format_tiles(sorted(got)) == safe


def _table(o, who=1):
    return next(r for r in read_opponents(o) if r.seat == who)


def test_stem_tiles_are_exactly_safe_against_an_uper_player():
    # South declared uper with 5m; 2m 5m 8m can never be won by discard from him
    o = obs("123456789p1234z", ["", "1z5m", "", ""], uper=(False, True, False, False),
            uper_at={1: 1})
    south = _table(o)
    assert south.ready == 1.0
    for t in ("2m", "5m", "8m", "1z"):
        assert south.deal_in[parse_tile(t)] == 0.0, t
    for t in ("3m", "4m", "6m", "7m", "9m"):
        assert south.deal_in[parse_tile(t)] > 0.0, t


def test_genbutsu_and_stem_against_a_player_who_did_not_declare():
    o = obs("123456789p1234z", ["", "4p9m2z", "", ""])
    south = _table(o)
    assert {format_tiles([k]) for k in south.safe} >= {"1p", "4p", "7p", "3m", "6m", "9m", "2z"}
    assert all(south.deal_in[k] == 0.0 for k in south.safe)


@pytest.mark.parametrize("hand, rivers, tile, expected", [
    # all four Reds visible (three in my hand, one in a river): South cannot wait on Red
    ("777z123456789p1m", ["7z", "1m", "", ""], "7z", 0.0),
    # three Greens visible: only a single wait is possible, less likely than with none visible
    ("666z123456789p1m", ["1m", "2m", "", ""], "6z", "less than 5z"),
])
def test_honour_counts(hand, rivers, tile, expected):
    o = obs(hand, rivers, uper=(False, True, False, False))
    south = _table(o)
    got = south.deal_in[parse_tile(tile)]
    if expected == 0.0:
        assert got == 0.0
    else:
        assert 0 < got < south.deal_in[parse_tile("5z")]


def test_no_chance_wall_makes_the_tile_beyond_safer():
    # with all four 6m and all four 7m visible, 8m cannot be waited on with 67m / 7m9m
    u_open = [4] * 25
    u_wall = list(u_open)
    u_wall[parse_tile("6m")] = 0
    u_wall[parse_tile("7m")] = 0
    assert wait_weights(u_wall)[parse_tile("8m")] < 0.5 * wait_weights(u_open)[parse_tile("8m")]
    # middle tiles carry more shapes than terminals and honours
    w = wait_weights(u_open)
    assert w[parse_tile("5p")] > w[parse_tile("9p")] > w[parse_tile("1z")]


def test_readiness_grows_with_the_river_and_is_certain_after_uper():
    early = _table(obs("123456789p1234z", ["", "1z", "", ""]))
    late = _table(obs("123456789p1234z", ["", "1z2z3z4z9m1m9p1p2m8m3m", "", ""]))
    uper = _table(obs("123456789p1234z", ["", "1z", "", ""], uper=(False, True, False, False)))
    assert early.ready < late.ready < uper.ready == 1.0


def test_visible_counts_count_a_claimed_discard_once():
    o = obs("11m", ["5z", "", "", ""], melds=((), (Meld("pung", parse_tile("5z"), 0),), (), ()))
    rivers = list(o.rivers)
    rivers[0] = (RiverTile(parse_tile("5z"), claimed=True),)
    o = dataclasses.replace(o, rivers=tuple(rivers))
    assert visible_counts(o)[parse_tile("5z")] == 3


def test_the_tracker_keeps_passed_tiles_until_the_next_draw_and_tiles_after_uper():
    tr = EventTracker()
    tr.observe(HandStarted(1, 1, None, False, (0, 1, 2, 3), (0, 0, 0, 0), {}))
    tr.observe(Discarded(1, 4 * parse_tile("5p"), uper=True))  # South uper with 5p
    tr.observe(Discarded(2, 4 * parse_tile("3z")))  # West: 3z passes East, South and North
    assert parse_tile("3z") in tr.passed[0] and parse_tile("3z") in tr.after_uper[1]
    assert parse_tile("5p") not in tr.after_uper[1]  # the uper discard itself is his river
    tr.observe(Drew(0, None, 10, False))  # East draws: his passed tiles are forgotten
    assert not tr.passed[0] and parse_tile("3z") in tr.passed[3]
    tr.observe(Claimed(3, "pung", 4 * parse_tile("1z"), 2, ()))
    assert not tr.passed[3]
