"""Decision-table rows for four measured weaknesses of issue 16 (the style of
`test_decision_table`: a real table in tile notation, the seat level, the expected choice and a
one-line reason as the row's id).

1. Fold against an uper player from two or more tiles away while holding an exactly safe tile
   (`Params.fold_shanten`), early and mid-hand; the early rows are ``fold_honour`` in
   `test_decision_table` (both levels).
2. An open hand keeps its only second value pair (``open_green_2z`` in `test_decision_table`,
   and ``open_red_east`` here): plans whose extra tiles fit in the steps the shape needs anyway
   are equally near, the richest one counts (`ai.value.plan_value`).
3. The first go-around is not perfectly safe: a small readiness floor
   (`ai.danger.FIRST_GO_AROUND_READY`, later `LATER_READY_FLOOR`) makes the shape weights
   prefer honours and terminals among equal-value discards.
4. The expected-value formulas read the table's ante and discard multiplier
   (`HeuristicSeat._final`, `_ready_ev`, `_far_ev`, `ai.danger._loss`, `uper_policy.uper_gain`).

Mutation check (each change made alone, then this file and `test_decision_table` run):

* heuristic.py expert ``fold_shanten`` 2 -> 0 (no fold rule): expert fold_mid_2z,
  fold_mid_1z, fold_honour (in `test_decision_table`); standard 0 -> 2 (before issue 34: it
  folded from 2 away like the expert): standard fold_mid_2z, fold_honour
* heuristic.py ``_fold`` checks the hand's shanten ``< n`` -> ``< n + 1`` (fold from 3 away
  only): expert fold_mid_1z, expert fold_honour
* value.py open plans chosen by ``(distance, -basic)`` again (the old rule): expert and
  standard open_red_east, open_green_2z
* danger.py ``FIRST_GO_AROUND_READY`` 0.002 -> 0: expert first_9m_8m,
  test_first_go_around_danger_is_small_but_not_zero; ``LATER_READY_FLOOR`` 0.004 -> 0.001
  (below the first go-around's): test_danger_calibration (the floor itself)
* heuristic.py ``_final`` with a fixed ante 10 again: expert ante_ready_0, standard
  ante_ready_30, test_hand_values_read_the_rules[ante0]; danger.py ``_loss`` with a fixed ante and
  multiplier: test_deal_in_loss_reads_the_rules; ``_ready_ev`` with a fixed ``2 * pd``:
  test_hand_values_read_the_rules[x1]; ``_far_ev`` with a fixed 2.4: expert x1_ready,
  test_hand_values_read_the_rules[x1]

Not caught, because it changes nothing: `uper_policy.uper_gain` with a fixed ante (``base =
11``): the ante enters through `UperFeatures.final`, which `HeuristicSeat._final` builds from
the rules (the mutation of ``_final`` is caught).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

import pytest
from test_decision_table import UPER_WEST, Spot, meets, position

from ai.danger import read_opponents
from ai.uper_policy import UperFeatures, uper_gain
from game.engine.rules import RuleSet
from game.engine.tiles import parse_tile

S, E = "standard", "expert"


@dataclass(frozen=True)
class Pos:
    hand: str
    drawn: str | None = None
    seat: int = 0
    rivers: tuple[str, str, str, str] = ("", "", "", "")
    hands: dict[int, str] = field(default_factory=dict)
    rules: RuleSet | None = None


# an all-simples uper hand ready on 5p/8p for the uper player
READY = "234m567m345p22p67p"

P: dict[str, Pos] = {
    # mid-hand (28 left), East declared uper with 5z; North is 2-shanten (seven pairs or
    # sequences) and holds 4m (stem of East's 4m), 8p and 9p (discarded after the uper, and
    # 9p is in the stem of his 6p and 3p); the efficient discard is the live South wind
    "fold_mid_2z": Pos(hand="22246m124789p24z", drawn="7p", seat=3,
                       rivers=("4m6p3z5z/3p", "6z7m6z3z6p", "1z2z4z8p9p", "6z9m2z1m"),
                       hands={0: READY}),
    # mid-hand (30 left), West declared uper with 8p; South is 2-shanten and holds 2p (stem of
    # his 8p); the efficient discard is the drawn East wind, live against him
    "fold_mid_1z": Pos(hand="5677m27799p3577z", drawn="1z", seat=1,
                       rivers=("1z4z6z4z1m", "1z2m6z1m", "3p6z1m8p/", "2m6z2z9p"),
                       hands={2: READY}),
    # East claimed White: Red pair (a value pung away) and a North pair; the lone West goes,
    # not a Red (the Red pair is the only route to a second point besides a flush)
    "open_red_east": Pos(hand="4579m56p34477z", seat=0, rivers=("1z", "4z", "9p", "5z*")),
    # first go-around, West's first draw: 4z and 5m leave the same shanten, acceptance and
    # plan; the honour is safer than a middle tile
    "first_4z_5m": Pos(hand="256688m45679p46z", drawn="7z", seat=2, rivers=("2z", "1z", "", "")),
    # the same with a terminal: 9m and 8m are equal in value, the terminal is safer
    "first_9m_8m": Pos(hand="568m12667789p55z", drawn="9m", seat=2, rivers=("3z", "2z", "", "")),
    # vs West's uper (36 left): ready on a 7p closed wait, concealed only (2 basic on a
    # self-draw); with ante 10 the win is worth 13 against a deal-in of 30: push; with ante 0
    # it is worth 3 against 10: fold with a stem-safe tile
    "ante_ready_10": Pos(hand="234m567m88m345p68p", drawn="6m", **UPER_WEST),
    "ante_ready_0": Pos(hand="234m567m88m345p68p", drawn="6m", **UPER_WEST,
                        rules=RuleSet(ante=0)),
    # the standard seat folds the 7p closed wait at ante 10 and pushes it at ante 30
    "ante_ready_std": Pos(hand="123m567m345p22p68p", drawn="6m", **UPER_WEST),
    "ante_ready_30": Pos(hand="123m567m345p22p68p", drawn="6m", **UPER_WEST,
                         rules=RuleSet(ante=30)),
    # the cheap 7p wait: the expert folds with the default x2 discard payment and pushes when
    # the discarder pays x1 (a deal-in costs half, self-draws are paid in full)
    "x2_ready": Pos(hand="234m567m345p22p68p", drawn="6m", **UPER_WEST),
    "x1_ready": Pos(hand="234m567m345p22p68p", drawn="6m", **UPER_WEST,
                    rules=RuleSet(discard_multiplier=1)),
}

SAFE_VS_WEST = "147m369p"  # West's river 7z 9p 4m: its stems


def row(level: str, name: str, want: str, why: str):
    return pytest.param(level, name, want, id=f"{level} {name}: {why}")


ROWS = [
    # --- 1. fold from two tiles away against an uper, holding an exactly safe tile (mid-hand)
    row(E, "fold_mid_2z", "discard:4m89p", "2-shanten vs East's uper, 28 left: fold, not 2z"),
    row(S, "fold_mid_2z", "discard:2z", "2-shanten vs East's uper, 28 left: the standard "
        "pushes, it never folds outright (issue 34)"),
    row(E, "fold_mid_1z", "discard:258p", "2-shanten vs West's uper, 30 left: 2p, not 1z"),
    row(S, "fold_mid_1z", "discard:258p", "2-shanten vs West's uper, 30 left: fold"),
    # --- 2. an open hand keeps its only second value pair
    row(E, "open_red_east", "not:7z", "White pung: the Red pair is the second point"),
    row(S, "open_red_east", "not:7z", "White pung: the Red pair is the second point"),
    # --- 3. first go-around: equal-value discards, the safer tile type goes
    row(E, "first_4z_5m", "discard:4z", "first go-around, 4z = 5m in value: the honour"),
    row(E, "first_9m_8m", "discard:9m", "first go-around, 9m = 8m in value: the terminal"),
    # --- 4. the table's rules in the expected values
    row(E, "ante_ready_10", "discard:6m", "cheap ready hand vs uper, ante 10: push"),
    row(E, "ante_ready_0", f"discard:{SAFE_VS_WEST}", "the same at ante 0: fold"),
    row(S, "ante_ready_std", "uper:6m", "closed 7p wait vs uper, ante 10: the standard pushes "
        "and declares on 4 live tiles (issue 34; the expert folds)"),
    row(S, "ante_ready_30", "discard:6m", "the same at ante 30: push"),
    row(E, "x2_ready", f"discard:{SAFE_VS_WEST}", "closed 7p wait vs uper, x2 payments: fold"),
    row(E, "x1_ready", "discard:6m", "the same when the discarder pays x1: push"),
]


@functools.cache
def spot(name: str) -> Spot:
    pos = P[name]  # not `asdict`: it would turn the RuleSet into a dict
    return position(**{f.name: getattr(pos, f.name) for f in dataclasses.fields(pos)})


@pytest.mark.parametrize("level, name, want", ROWS)
def test_decision(level, name, want):
    sp = spot(name)
    action, why = sp.act(level)
    assert meets(action, want, sp), f"{level} chose {action!r} ({why}); expected {want}"


def test_positions_are_what_the_rows_say():
    from game.engine.hand.shanten import shanten
    from game.engine.tiles import to_counts

    def sh(o):
        return min(shanten(to_counts([k for j, k in enumerate(o.concealed) if j != i]),
                           len(o.melds[o.seat])) for i in range(len(o.concealed)))

    o = spot("fold_mid_2z").decision.observation
    assert o.uper[0] and sh(o) == 2 and o.wall_left == 28
    o = spot("fold_mid_1z").decision.observation
    assert o.uper[2] and sh(o) == 2 and o.wall_left == 30
    o = spot("open_red_east").decision.observation
    assert o.melds[0][0].tile == parse_tile("5z") and o.concealed.count(parse_tile("7z")) == 2
    for name in ("first_4z_5m", "first_9m_8m"):
        o = spot(name).decision.observation
        assert not any(o.melds) and all(len(r) <= 1 for r in o.rivers)
    for name in ("ante_ready_0", "ante_ready_30", "x1_ready"):
        sp = spot(name)
        assert sp.table.rules == P[name].rules.replace(flowers=False)
        assert sp.decision.observation.uper[2]


# --- the danger floor and the rules as numbers
def _obs(rivers, uper=(False,) * 4, melds=((), (), (), ())):
    from game.engine.observation import Observation, RiverTile
    from game.engine.tiles import parse_tiles
    rs = tuple(tuple(RiverTile(k) for k in parse_tiles(r)) for r in rivers)
    hand = tuple(sorted(parse_tiles("123456789p1234z")))
    return Observation(seat=0, concealed=hand, drawn=None, hand_sizes=(13, 13, 13, 13),
                       melds=melds, flowers=((), (), (), ()), rivers=rs, uper=uper, waits=(),
                       sacred=(), wall_left=40, turn=0, phase="turn", last_discard=None,
                       prevalent=None, scores=(0, 0, 0, 0))


def _danger(o, who=1):
    r = next(r for r in read_opponents(o) if r.seat == who)
    return {t: r.deal_in[parse_tile(t)] for t in ("5m", "1m", "6z")}


def test_first_go_around_danger_is_small_but_not_zero():
    d = _danger(_obs(["", "9p", "", ""]))
    assert 0 < d["6z"] < d["1m"] < d["5m"] < 0.01  # honour < terminal < middle tile


def test_first_go_around_danger_is_below_later_danger():
    first = _danger(_obs(["", "9p", "", ""]))
    # second go-around, South has one discard only (a claim skipped him): later, not first
    later_one = _danger(_obs(["3p8p", "9p", "2p", "4p"],
                             melds=((), (), (), (_pung("8p", 0),))))
    later = _danger(_obs(["3p8p", "9p2p", "2p7p", "4p7p"]))
    for t in first:
        assert first[t] < later_one[t] and first[t] < later[t], t


def _pung(tile, frm):
    from game.engine.melds import Meld
    return Meld("pung", parse_tile(tile), frm)


def test_deal_in_loss_reads_the_rules():
    o = _obs(["", "9p", "", ""], uper=(False, True, False, False))

    def loss(rules):
        return next(r for r in read_opponents(o, rules=rules) if r.seat == 1).loss

    assert loss(None) == loss(RuleSet()) == 2 * (10 + 3 + 1 + 1)
    assert loss(RuleSet(ante=0)) == 2 * 5 and loss(RuleSet(discard_multiplier=1)) == 15


def test_uper_gain_reads_the_ante():
    # a cheap wide wait: the +1 of uper weighs more when the ante is small
    f10 = UperFeatures.simple(live=6, wall_left=30)
    f0 = UperFeatures.simple(live=6, wall_left=30, ante=0)
    f1 = UperFeatures.simple(live=6, wall_left=30, discard_multiplier=1)
    assert uper_gain(f0) != uper_gain(f10) != uper_gain(f1)
    assert dataclasses.replace(f10, ante=0, final=3) == f0


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(discard_multiplier=1), RuleSet(ante=0)],
                         ids=["default", "x1", "ante0"])
def test_hand_values_read_the_rules(rules):
    """The ready EV and the far EV of the same hands under the default rules and `rules`:
    self-draws are paid by three, discard wins by the discarder x the multiplier, all on
    ante + basic + bonus."""
    from ai.heuristic import HeuristicSeat
    from game.engine.tiles import parse_tiles, to_counts

    def values(r):
        seat = HeuristicSeat("expert")
        seat.tracker.rules = r
        obs = spot("x2_ready").decision.observation
        c = seat._context(obs)
        ready = parse_tiles("234m567m345p22p68p")
        river = [x.tile for x in obs.rivers[obs.seat]]
        ev_ready = seat._ready_ev(c, ready, (), river)[0]
        ev_far = seat._far_ev(c, to_counts(parse_tiles("234m567m345p2p68p9m")), (), 1, 20)[0]
        return ev_ready, ev_far

    base = values(RuleSet())
    got = values(rules)
    if rules == RuleSet():
        assert got == base
    elif rules.discard_multiplier == 1:  # discard wins pay half, self-draws the same
        assert base[0] / 2 < got[0] < base[0] and base[1] / 2 < got[1] < base[1]
    else:  # ante 0: every win is worth 10 less
        assert got[0] < base[0] / 2 and got[1] < base[1] / 2
