"""Issue 16: the plan's value chooses a discard, the hand's value decides push or fold
(`ai.heuristic.pick_discard`, `HeuristicSeat._far_values`)."""

from __future__ import annotations

import dataclasses

from test_decision_table import P, position

from ai.heuristic import PICK_DANGER, SHANTEN, HeuristicSeat, Option, pick_discard
from game.engine.actions import Discard
from game.engine.tiles import parse_tile, to_counts


def opt(tile: str, ev: float, danger: float, pick: float | None = None, ukeire: int = 10):
    return Option(Discard(parse_tile(tile)), ev, danger, 1, ukeire, lambda: SHANTEN(n=1), pick)


def test_calm_discards_are_chosen_by_the_plans_value():
    inflated = opt("8m", ev=24.7, danger=0.007, pick=15.0)  # seven pairs lent its points
    wide = opt("6z", ev=22.3, danger=0.004, pick=22.3)
    assert pick_discard([inflated, wide]) is wide
    # without a pick value the hand's value chooses, as before
    plain = dataclasses.replace(inflated, pick=None)
    assert pick_discard([plain, wide]) is plain


def test_push_or_fold_is_the_hands_value():
    push = opt("6m", ev=21.2, danger=2.7)
    fold = opt("3p", ev=17.0, danger=0.0, pick=40.0)
    assert pick_discard([push, fold]) is push  # 18.5 > 17.0: push, whatever the fold's pick
    fold = dataclasses.replace(fold, ev=19.0, pick=5.0)
    push = dataclasses.replace(push, pick=60.0)
    assert pick_discard([push, fold]) is fold  # 19.0 > 18.5: fold, whatever the push's pick
    # among discards about as dangerous as the choice, the pick decides
    other = opt("7m", ev=18.0, danger=PICK_DANGER / 2, pick=30.0)
    assert pick_discard([push, fold, other]) is other


def test_the_hand_keeps_its_value_for_push_or_fold():
    """calm_green after 8m: seven pairs (two tiles beyond the shape) still gives the hand its
    points for push or fold, but not for choosing the discard, where the lone Green's
    acceptance wins."""
    sp = position(**dataclasses.asdict(P["calm_green"]))
    seat = HeuristicSeat("expert")
    for e in sp.table.events:
        seat.observe(e.visible_to(sp.seat))
    obs = sp.decision.observation
    c = seat._context(obs)
    counts = to_counts(obs.concealed)
    values = {}
    for tile, ukeire in (("8m", 29), ("6z", 47)):
        after = list(counts)
        after[parse_tile(tile)] -= 1
        ev, plan, pick, picked = seat._far_values(c, after, (), 1, ukeire)
        values[tile] = ev, str(plan), pick, str(picked)
    assert values["8m"][1] == "concealed + seven pairs" and values["8m"][0] > values["6z"][0]
    assert values["8m"][2] < values["8m"][0] and values["6z"][2] > values["8m"][2]
    assert values["6z"][3] == "concealed + all simples"


def test_a_calm_pick_is_not_called_a_fold():
    """The lone Green of calm_green is both the widest and the safest tile: the words say why
    it was picked, not that the hand folds (its hand value is below the seven pairs one)."""
    sp = position(**dataclasses.asdict(P["calm_green"]))
    seat = HeuristicSeat("expert")
    for e in sp.table.events:
        seat.observe(e.visible_to(sp.seat))
    assert seat.act(sp.decision) == Discard(parse_tile("6z"))
    assert str(seat.explain()) == ("discard 6z: shanten 1, 47 tiles accepted, plan concealed + "
                                   "all simples")
