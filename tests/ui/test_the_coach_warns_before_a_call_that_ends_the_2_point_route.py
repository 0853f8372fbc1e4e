"""A call (or a discard) that leaves the hand one way to 2 basic points or none: the coach warns
before it, from the yak guide's own reachability (issue 32).

East holds 55m 13m 123p 456p 789p: concealed and ready (on 2m), with other routes to 2 basic
points (concealed with a self-draw, all sequences, all simples, the flushes). South throws a 5m:
a pung opens the hand, and all that is left is all pungs, 6 tiles from ready. The warning's kind
and arguments are checked, then the table: a warning mark on Pung and the coach's line beside the
prompt, never under the hints panel. A hand that keeps several routes is not warned.
"""

from __future__ import annotations

import dataclasses

import rigged_table

from game.engine.actions import PASS, Discard, Pung
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile, parse_tiles
from game.practice import coach
from game.practice.yak_guide import reach
from game.ui.scenes.table import TableScene

app = rigged_table.app  # the fixture: a quiet 1024x640 window
T = parse_tile
RULES = RuleSet(flowers=False)
EAST = "55m13m123p456p789p7z"
S_ = "9m2p3p4p8p1z2z3z4z6z6m7m8m"
W_ = "9m2p3p4p8p1z2z3z4z6z6m7m8m"
N_ = "1m2m3m4m6p7p8p9p5z6z7z7z1z"
DRAWS = "5m"  # South's first draw, thrown at once


def _claim():
    t = Table(RULES, seed=1, wall=rig_wall([EAST, S_, W_, N_], DRAWS), dice=[(3, 3), (2, 3)])
    t.submit(0, Discard(T("7z")))
    for s, d in sorted(t.pending().items()):
        if d.kind == "claim":
            t.submit(s, PASS)
    t.submit(1, Discard(T("5m")))
    d = t.pending()[0]
    assert d.kind == "claim" and any(isinstance(a, Pung) for a in d.legal)
    return d


def test_a_pung_that_leaves_only_all_pungs_is_warned_with_the_route_left():
    d = _claim()
    w = coach.call_warning(d, "pung")
    assert w is not None and w.code == "coach.call.last_route"
    assert w["call"].code == "coach.call.pung"
    # the same reachability as the yak guide's, on the hand after the pung
    hand = list(d.observation.concealed)
    hand.remove(T("5m"))
    hand.remove(T("5m"))
    (left,) = reach(hand, (Meld("pung", T("5m"), 1),), seat=0, prevalent=d.observation.prevalent)
    assert (w["yak"], w["n"]) == (left.key, left.distance) == ("all_pungs", 6)
    assert str(w) == ("After this pung the only way left to 2 basic points is all pungs, 6 tiles "
                      "from ready")


def test_a_call_that_keeps_other_routes_is_not_warned():
    d = _claim()
    obs = dataclasses.replace(d.observation, concealed=tuple(sorted(parse_tiles("55m55p11z66z"
                                                                                "777z3m9p"))))
    assert coach.call_warning(dataclasses.replace(d, observation=obs), "pung") is None


def test_a_discard_from_an_open_hand_that_gives_up_a_route_is_noted():
    d = _claim()
    melds = ((Meld("pung", T("5m"), 1), Meld("pung", T("6p"), 2)), (), (), ())
    obs = dataclasses.replace(d.observation, concealed=tuple(parse_tiles("148m5579p5z")),
                              melds=melds, last_discard=None)
    turn = dataclasses.replace(d, kind="discard", observation=obs)
    note = coach.discard_warning(turn, T("5p"))
    assert note is not None and note.code == "coach.discard.last_route"
    assert (note["tile"], note["yak"], note["n"]) == (T("5p"), "all_pungs", 4)
    assert coach.discard_warning(turn, T("1m")) is None  # keeps all simples in reach
    # a concealed hand keeps its self-draw: never noted
    closed = dataclasses.replace(turn, observation=dataclasses.replace(obs, melds=((),) * 4))
    assert coach.discard_warning(closed, T("5p")) is None


# ---------------------------------------------------------------- at the table
def claim_at(app, monkeypatch) -> TableScene:
    """The human (East) discards the 7z; South throws the 5m: the claim prompt."""
    sc = rigged_table.rigged_table(app, monkeypatch, [EAST, S_, W_, N_], DRAWS, seed=2, rules=RULES)
    for _ in range(300):
        d = sc.prompt_for
        if d is not None and sc.director.idle:
            if d.kind == "claim":
                return sc
            if d.kind == "turn":
                sc.act(Discard(T("7z")))
        app.step([], 1 / 30)
    raise AssertionError("no claim prompt")


def test_the_claim_prompt_warns_on_the_pung_button_and_beside_it(app, monkeypatch):
    sc = claim_at(app, monkeypatch)
    pung = next(c for c in sc.prompt.choices if c.action == "pung")
    expected = sc.reason(coach.call_warning(sc.prompt_for, "pung"))
    assert expected and pung.warning == expected and sc.coach == (expected,)
    assert sc.prompt.focus == [c.action for c in sc.prompt.choices].index("pass")  # still safe
    lines, head = sc.prompt_head()
    assert lines
    sc.toggle_hints()
    app.step([], 1 / 30)
    assert sc.hints_rect().bottom <= sc.button_rects()[0].y - head
