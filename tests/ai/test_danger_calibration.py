"""Issue 16: the danger model counts only threats that can win on *this* discard.

A concealed ready hand without a second yak can only self-draw; a sacred player cannot win on
his sacred tiles; in the first go-around a hand may already be ready. Positions are in tile
notation; the ground truth is the engine's own check (`bench/bench_danger.py` `legal_wins`),
and a short seeded self-play run checks the model's calibration against it.

Mutation check (each change made alone, then this file run):

* danger.py ``SACRED_SHARE_UPER`` 1.0 -> 0.0 (renormalise over the tiles not safe against an
  uper player): test_sacred_stems_of_an_uper_player_do_not_make_his_other_tiles_likelier,
  test_the_model_is_calibrated_on_seeded_self_play
* danger.py ``THREAT_BY_DISCARDS`` replaced by the old slope ``0.035 * n - 0.05`` (shape
  readiness): test_a_late_silent_concealed_player_is_rarely_a_threat_on_a_discard,
  test_the_model_is_calibrated_on_seeded_self_play
* danger.py ``FIRST_GO_AROUND_READY`` 0.002 -> 0: test_the_first_go_around_is_not_perfectly_safe
* danger.py passed tiles left in the total (``not_waits`` not excluded from it):
  test_a_tile_that_passed_an_uper_player_makes_his_other_waits_likelier
* danger.py ``LAST_DISCARD`` all 1.0: test_a_simple_let_go_reads_nearer_than_an_honour
* danger.py open melds left out of ``THREAT_BY_DISCARDS`` (the concealed row for all):
  test_two_open_melds_early_read_nearer_than_a_concealed_hand
* danger.py ``LATER_READY_FLOOR`` 0.004 -> 0.001 (below the first go-around's):
  test_later_readiness_is_never_below_the_first_go_around
* danger.py ``CALIBRATION`` not applied (``calibrate`` ignored, before issue 34):
  test_an_uper_players_likeliest_tiles_are_rated_as_often_as_they_deal_in,
  test_a_silent_players_middling_tiles_are_rated_higher
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from ai.danger import FIRST_GO_AROUND_READY, read_opponents
from game.engine.actions import Discard
from game.engine.melds import Meld
from game.engine.observation import Observation, RiverTile
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import format_tiles, parse_tile, parse_tiles

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_danger", ROOT / "bench" / "bench_danger.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_danger"] = mod
    spec.loader.exec_module(mod)
    return mod


bench = _bench()


def obs(rivers: list[str], uper_at: dict[int, int] | None = None, hand: str = "123456789p1234z",
        melds=((), (), (), ())) -> Observation:
    """East's view: `rivers` per seat in notation; `uper_at[s]`: index of s's uper discard."""
    uper_at = uper_at or {}
    rs = tuple(tuple(RiverTile(k, uper=uper_at.get(s) == i) for i, k in enumerate(parse_tiles(r)))
               for s, r in enumerate(rivers))
    concealed = tuple(sorted(parse_tiles(hand)))
    return Observation(seat=0, concealed=concealed, drawn=None,
                       hand_sizes=(len(concealed), 13, 13, 13), melds=tuple(melds),
                       flowers=((), (), (), ()), rivers=rs,
                       uper=tuple(s in uper_at for s in range(4)), waits=(), sacred=(),
                       wall_left=30, turn=0, phase="turn", last_discard=None, prevalent=None,
                       scores=(0, 0, 0, 0))


def south(o: Observation, **kw):
    return next(r for r in read_opponents(o, **kw) if r.seat == 1)


# --- the ground truth: can the opponent legally win on this discard?
EAST, WEST, NORTH = "19m19p1234567z246m", "77889m1122p4466z", "13358m3399p2345z"


def after_first_discards(south: str, draw: str, throw: str) -> Table:
    """East lets 1z go, South draws `draw` and lets `throw` go; West is to play."""
    t = Table(RuleSet(flowers=False), seed=1, wall=rig_wall([EAST, south, WEST, NORTH], draw))
    t.submit(0, Discard(parse_tile("1z")))
    t.submit(1, Discard(parse_tile(throw)))
    assert 2 in t.pending()
    return t


@pytest.mark.parametrize("hand, waits, legal", [
    # concealed, ready on 1p/4p, White pair: a discard win is concealed only (1 basic point)
    ("123m456m789p55z23p", "14p", ""),
    # all simples: concealed + all simples on 2p, 5p and 8p (3455678p + 8p: 345 567 88)
    ("234m456m678p55p34p", "258p", "258p"),
    # concealed with a Red pung: concealed + dragon pung on either wait
    ("123m456m777z55p23p", "14p", "14p"),
])
def test_only_a_legal_discard_win_counts_as_dealing_in(hand, waits, legal):
    t = after_first_discards(hand, "9m", "9m")
    assert format_tiles(t.waits(1)) == waits
    assert format_tiles(sorted(bench.legal_wins(t, 2)[1])) == legal


def test_in_the_first_go_around_even_that_hand_can_win_on_a_discard():
    # before South's first discard the same 1p/4p wait is a human hand (16 basic points)
    t = Table(RuleSet(flowers=False), seed=1,
              wall=rig_wall([EAST, "123m456m789p55z23p", WEST, NORTH]))
    assert format_tiles(sorted(bench.legal_wins(t, 0)[1])) == "14p"


def test_a_sacred_player_cannot_be_dealt_into_on_his_stem():
    # South draws 4p and lets 8p go: ready on 2p/5p/8p with all simples, but 8p's stem is
    # 2-5-8, so no wait can be won by discard (SD3), though all are his waits by shape
    t = after_first_discards("234m456m678p55p3p8p", "4p", "8p")
    assert format_tiles(t.waits(1)) == "258p"
    assert bench.legal_wins(t, 2)[1] == frozenset()


# --- the model
def test_a_late_silent_concealed_player_is_rarely_a_threat_on_a_discard():
    # twelve discards, concealed, silent: about half such hands are ready by shape, but fewer
    # than a quarter can win on a discard (no second yak, or sacred)
    late = south(obs(["", "1z2z3z4z9m1m9p1p2m8m3m7p", "", ""]))
    assert 0.1 < late.ready < 0.3
    assert max(late.deal_in) < 0.1


def test_a_simple_let_go_reads_nearer_than_an_honour():
    # the same eight discards but the last: a 5m let go means a hand with no loose tiles left
    simple = south(obs(["", "1z2z9m1m9p1p3z5m", "", ""]))
    honour = south(obs(["", "1z2z9m1m9p1p5m3z", "", ""]))
    assert simple.ready > 1.3 * honour.ready


def test_the_first_go_around_is_not_perfectly_safe():
    # South's first discard, no claim: a dealt hand (or his first draw) may be ready already
    first = south(obs(["1z", "9p", "", ""]))
    assert first.ready == FIRST_GO_AROUND_READY > 0
    live = [k for k in range(25) if k not in first.safe]
    assert all(first.deal_in[k] > 0 for k in live)
    assert max(first.deal_in) < 0.005  # small: 0.1-0.2 % of such hands were measured ready


def test_later_readiness_is_never_below_the_first_go_around():
    # second go-around, South has one discard only (a claim skipped him): not the first
    # go-around any more, and never rated safer than in it
    pung = Meld("pung", parse_tile("8p"), 0)
    later = south(obs(["3p8p", "9p", "2p", "4p"], melds=((), (), (), (pung,))))
    assert later.ready > FIRST_GO_AROUND_READY


def test_two_open_melds_early_read_nearer_than_a_concealed_hand():
    # four discards: a player with two open pungs (one of Red) is about five times likelier to
    # win on a discard than a concealed one (18 % against 3.7 % measured)
    melds = (Meld("pung", parse_tile("3m"), 0), Meld("pung", parse_tile("7z"), 2))
    concealed = south(obs(["", "1z9m1p4m", "", ""]))
    opened = south(obs(["", "1z9m1p4m", "", ""], melds=((), melds, (), ())))
    assert opened.ready > 3 * concealed.ready


def test_sacred_stems_of_an_uper_player_do_not_make_his_other_tiles_likelier():
    # South's uper with 5z; in "covered" his river also holds 1m 2m 3m: every character is
    # sacred (stems 1-4-7, 2-5-8, 3-6-9). He may still wait on characters, unable to win on
    # them by discard, so the circles are hardly more dangerous than without those discards
    plain = south(obs(["", "4z6z7z5z", "", ""], uper_at={1: 3}))
    covered = south(obs(["", "1m2m3m5z", "", ""], uper_at={1: 3}))
    assert all(covered.deal_in[k] == 0.0 for k in range(9))
    for t in ("2p", "5p", "7p"):
        k = parse_tile(t)
        assert covered.deal_in[k] < 1.2 * plain.deal_in[k], t
    assert sum(covered.deal_in) < 0.8 * sum(plain.deal_in)


def test_a_tile_that_passed_an_uper_player_makes_his_other_waits_likelier():
    # 3p and 6p were discarded after South's uper and he did not win: they are no waits of
    # his, so his waits are among fewer kinds
    o = obs(["", "4z6z7z5z", "", ""], uper_at={1: 3})
    before = south(o)
    after = south(o, after_uper=[(), parse_tiles("3p6p"), (), ()])
    assert after.deal_in[parse_tile("3p")] == after.deal_in[parse_tile("6p")] == 0.0
    assert after.deal_in[parse_tile("5m")] > before.deal_in[parse_tile("5m")]


def test_open_melds_that_cannot_reach_two_points_read_as_a_smaller_threat():
    pung = Meld("pung", parse_tile("3m"), 0)
    mixed = (Meld("pung", parse_tile("3m"), 0), Meld("pung", parse_tile("7p"), 2))
    valid = (pung, Meld("pung", parse_tile("7z"), 2))  # a Red pung: one point already
    a = south(obs(["", "1z2z9m1m9p1p3z8m", "", ""], melds=((), mixed, (), ())))
    b = south(obs(["", "1z2z9m1m9p1p3z8m", "", ""], melds=((), valid, (), ())))
    assert a.ready < 0.6 * b.ready


def test_an_uper_players_likeliest_tiles_are_rated_as_often_as_they_deal_in():
    # issue 34: the shapes rated South's likeliest tiles after his uper 0.24-0.35 where 0.16
    # dealt in (he can win on a discard in only part of the positions: SD5, sacred waits), and
    # his middling tiles too low; the calibrated read flattens them, the order stays
    o = obs(["", "1z2z3z4z5z6z7z1m9m1p9p5z", "", ""], uper_at={1: 11}, hand="19m19p1234567z26m")
    passed = [(), parse_tiles("2m3m5m6m8m2p3p"), (), ()]  # let go after his uper: no waits
    raw = south(o, calibrate=False, after_uper=passed)
    cal = south(o, after_uper=passed)
    assert raw.ready == cal.ready == 1.0  # his readiness stays certain
    top = max(range(25), key=lambda k: raw.deal_in[k])
    assert raw.deal_in[top] > 0.26 and cal.deal_in[top] < 0.7 * raw.deal_in[top]
    order = sorted(range(25), key=lambda k: raw.deal_in[k])
    assert [cal.deal_in[k] for k in order] == sorted(cal.deal_in)  # the ranking is kept
    assert all(cal.deal_in[k] == 0.0 for k in cal.safe)


def test_a_silent_players_middling_tiles_are_rated_higher():
    # the shapes said 0.5-0.8 times what dealt in between 0.005 and 0.07 against silent players
    o = obs(["", "1z2z9m1m9p1p3z8m7z", "", ""])
    raw = south(o, calibrate=False)
    cal = south(o)
    mid = [k for k in range(25) if 0.005 < raw.deal_in[k] < 0.07]
    assert mid and all(cal.deal_in[k] > 1.15 * raw.deal_in[k] for k in mid)


@pytest.mark.slow
def test_the_model_is_calibrated_on_seeded_self_play():
    """40 seeded hands of four ai:expert seats: over all rated tiles the model's mean
    predicted deal-in is within 35 % of the share that really would deal in (the model before
    the calibration predicted 2-3 times too much), and its Brier score beats always
    predicting the base rate."""
    rated = bench.Rated("model")
    ladder = bench.Rated("ladder")
    bench.run(40, 700000, [(rated, read_opponents)], ladder)
    c = bench.calibration(rated)
    predicted = sum(s for n, s, d in c["buckets"].values()) / c["n"]
    assert c["n"] > 10000
    assert 0.65 * c["base"] < predicted < 1.35 * c["base"]
    assert c["brier"] < c["brier_base"]


def test_the_fitted_knots_are_monotone_pools_of_what_dealt_in():
    """bench_danger --fit, the source of `ai.danger.CALIBRATION`: buckets pooled until they hold
    enough tiles and deal-ins, pools that would make the mapping fall merged."""
    rows = ([(0.01, False)] * 95 + [(0.01, True)] * 5 + [(0.12, True)] * 20
            + [(0.12, False)] * 80 + [(0.35, True)] * 15 + [(0.35, False)] * 85)
    knots = bench.fit_knots(rows, min_tiles=50, min_hits=3)
    assert knots == [(0.0, 0.0), (0.01, 0.05), (0.235, 0.175)]  # 0.20 then 0.15: merged
    assert [y for _, y in knots] == sorted(y for _, y in knots)
