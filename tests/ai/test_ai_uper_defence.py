"""Issue 16: the uper decision reads how this table defends (`ai.uper_policy.TableDefence`,
recorded by `ai.heuristic.EventTracker` from what the seat sees).

The constructed sessions are the history hands of `test_decision_table` (``answer_none``:
after South's uper West and North throw no exactly safe tile; ``answer_safe``: only safe
ones), played on real tables and seen by East.
"""

from __future__ import annotations

import dataclasses

import pytest
from test_decision_table import P_HISTORY, position

from ai.heuristic import EventTracker, HeuristicSeat
from ai.uper_policy import FITTED, TableDefence, UperFeatures, UperParams, uper_decision
from game.engine.events import HandStarted


@pytest.fixture(scope="module")
def history():
    return {name: position(**dataclasses.asdict(pos)) for name, pos in P_HISTORY.items()}


def watch(*spots, players=None) -> EventTracker:
    """East's tracker after the hands `spots` (with `players` at the seats, if given)."""
    tr = EventTracker()
    for sp in spots:
        for e in sp.table.events:
            v = e.visible_to(sp.seat)
            if players is not None and isinstance(v, HandStarted):
                v = dataclasses.replace(v, players=players)
            tr.observe(v)
    return tr


def test_no_evidence_decides_as_fitted():
    t = TableDefence()
    assert t.params([1, 2, 3]) is FITTED
    assert all(t.defence(p) == FITTED.table_defence for p in range(4))


def test_a_table_that_throws_no_safe_tile(history):
    tr = watch(history["answer_none"])
    d = tr.defence
    west, north = d.players[2], d.players[3]
    assert (west.discards, west.safe, north.discards, north.safe) == (7, 0, 7, 0)
    # each unsafe discard had a fair chance to be safe: the evidence is below chance
    assert 0.2 * 7 < west.chance < 0.6 * 7 and 0.2 * 7 < north.chance < 0.6 * 7
    assert 1 not in d.players and 0 not in d.players  # South declared; East is the watcher
    assert d.defence(2) < FITTED.table_defence / 2 and d.defence(3) < FITTED.table_defence / 2
    assert d.defence(1) == FITTED.table_defence  # nothing seen of South's defence
    p = d.params([1, 2, 3])
    assert FITTED.keep < p.keep < 1.0 and FITTED.keep_uper < p.keep_uper < 1.0


def test_a_table_that_answers_with_safe_tiles(history):
    d = watch(history["answer_safe"]).defence
    assert (d.players[2].discards, d.players[2].safe) == (7, 7)
    assert (d.players[3].discards, d.players[3].safe) == (7, 7)
    assert d.defence(2) > FITTED.table_defence and d.defence(3) > FITTED.table_defence
    assert d.params([1, 2, 3]) is FITTED  # defending as much as the fitted table: no change


def test_evidence_adds_up_over_the_session(history):
    one = watch(history["answer_none"]).defence
    two = watch(history["answer_none"], history["answer_none"]).defence
    assert two.players[2].discards == 2 * one.players[2].discards
    assert two.defence(2) < one.defence(2)
    assert two.params([1, 2, 3]).keep > one.params([1, 2, 3]).keep
    # a defending hand first pulls the other way
    mixed = watch(history["answer_safe"], history["answer_none"]).defence
    assert mixed.defence(2) > one.defence(2)


def test_evidence_follows_the_player_not_the_seat(history):
    # the same hand with the session's players 3 0 1 2 at the seats E S W N: West's answers
    # belong to player 1, North's to player 2
    d = watch(history["answer_none"], players=(3, 0, 1, 2)).defence
    assert sorted(d.players) == [1, 2]
    base = watch(history["answer_none"]).defence
    assert d.players[1] == base.players[2] and d.players[2] == base.players[3]


def test_only_what_the_seat_sees(history):
    """Two tables with the same public play and different hidden hands read the same."""
    pos = P_HISTORY["answer_none"]
    other = dataclasses.replace(pos, hands={**pos.hands, 2: "1p4p888p9p5z33z66z77z"})
    sp = position(**dataclasses.asdict(other))
    hidden = sorted(sp.table.seat_state[2].concealed), sorted(history["answer_none"].table.seat_state[2].concealed)
    assert hidden[0] != hidden[1]  # really other tiles
    assert watch(sp).defence.players == watch(history["answer_none"]).defence.players


def test_the_seat_reads_its_table(history):
    """The expert's uper at a wide wait (`uper_early`'s features) follows the reading."""
    f = UperFeatures.simple(live=7, wall_left=31)
    assert not uper_decision(f, FITTED)
    none = watch(history["answer_none"], history["answer_none"]).defence.params([1, 2, 3])
    assert uper_decision(f, none)
    seat = HeuristicSeat("expert")
    assert seat.params.read_defence
    assert not dataclasses.replace(seat.params, read_defence=False).read_defence


@pytest.mark.parametrize("defence, keep", [(0.8, 0.5), (0.4, 0.75), (0.0, 1.0), (1.0, 0.5)])
def test_keep_moves_toward_one_as_the_table_defends_less(defence, keep):
    p = UperParams(keep=0.5, keep_uper=0.8, table_defence=0.8)
    assert p.against(defence).keep == pytest.approx(keep)
    assert p.against(defence).keep_uper == pytest.approx(1 - 0.2 * min(1.0, defence / 0.8))


def test_defence_estimate_with_its_prior():
    t = TableDefence()
    for _ in range(10):
        t.record(5, safe=True, chance=0.25)
    p = FITTED
    want = (10 - 2.5 + p.defence_prior * p.table_defence) / (10 - 2.5 + p.defence_prior)
    assert t.defence(5) == pytest.approx(want)
    assert t.defence(5) > p.table_defence  # safe tiles only: more than the fitted table


def _table_defence(level: str, hands: int) -> float:
    """How four `level` seats defend (no prior): what a watcher's tracker reads over `hands`
    seeded hands (as ``tools/uper_calibration.py defence``)."""
    from ai.registry import make_seat
    from game.engine.rules import RuleSet
    from game.engine.session import play_hand
    from game.engine.table import Table

    seats = [make_seat(f"ai:{level}", seed=4 + i) for i in range(4)]
    tr = EventTracker()

    class Watched:
        def __init__(self, inner):
            self.inner, self.act = inner, inner.act

        def observe(self, event):
            self.inner.observe(event)
            tr.observe(event)
            tr.me = None  # a watcher: every seat's discards count

    for i in range(hands):
        play_hand(Table(RuleSet(), seed=1 + i), [Watched(seats[0]), *seats[1:]])
    n = sum(c.discards for c in tr.defence.players.values())
    k = sum(c.safe for c in tr.defence.players.values())
    e = sum(c.chance for c in tr.defence.players.values())
    assert n > 80  # enough evidence for the bounds below
    return (k - e) / (n - e)


def test_the_fitted_table_defence_is_what_a_standard_table_shows():
    """`UperParams.table_defence` is the defence of the table the uper model was fitted on
    (ai:standard opponents); beginners show clearly less (they forget an uper at times: the
    slips of `ai.heuristic.Params`)."""
    assert abs(_table_defence("standard", 40) - FITTED.table_defence) < 0.2
    assert _table_defence("beginner", 20) < FITTED.table_defence - 0.15


def test_arena_results_do_not_depend_on_the_processes():
    """ai:expert learns from hand to hand within a chunk of arena walls: the chunks are the
    same in one process or two, so are the results. (With chunks of 3 walls, as one process
    made them for 12 walls before, instead of 1, this seed's results differ.)"""
    from ai.arena import run_duplicate

    seats = ["ai:expert", "ai:beginner", "ai:beginner", "ai:beginner"]
    a = run_duplicate(seats, hands=12, seed=1)
    b = run_duplicate(seats, hands=12, seed=1, jobs=2)
    assert a.stats["ai:expert"].per_wall == b.stats["ai:expert"].per_wall
