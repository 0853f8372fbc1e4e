"""Uper refused: the coach says why next to the button, without hovering, in the lessons' words,
and what would change it (issue 32).

Rigged walls (East, the human, holds the hand; the others pass and discard what they draw):

- a ready hand whose only wait wins by discard with the concealed hand alone (1 point): the rule
  ("Uper needs every win to be worth 2 basic points even on a discard; 8p from a discard gives
  this hand only concealed (1 point)") and the yak to aim for, the yak guide's nearest;
- a hand where another discard keeps uper legal: that discard is named;
- a hand not ready at all: nothing is said (the hover keeps the reason), the first turn's
  picture is unchanged;
- the coach's lines are drawn in the prompt's reserved place, which the hints panel never covers.
"""

from __future__ import annotations

import rigged_table

from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile
from game.practice import coach
from game.practice.yak_guide import reach
from game.ui.scenes.table import TableScene

app = rigged_table.app  # the fixture: a quiet 1024x640 window
T = parse_tile
EAST_SEED = 2  # the session seed whose first hand seats player 0 (the human) at East
RULES = RuleSet(flowers=False)
OTHERS = ["5m9m1p2p3p4p8p1z2z3z4z5z6m", "5m9m1p2p3p4p8p1z2z3z4z5z6m",
          "5m9m6p7p8p9p1z2z3z4z5z6p7p"]
#: ready on 8p alone after the 7z (a closed wait, no yak but the concealed hand): uper refused
CHEAP = "234m678m555p66z7z79p"
#: ready on the dragons after the 7p: uper legal with 7p only
INSTEAD = "234m678m555p66z77z7p"
#: nowhere near ready
FAR = "1359m159p1234567z"


def _decision(east: str):
    t = Table(RULES, seed=1, wall=rig_wall([east, *OTHERS]), dice=[(3, 3), (2, 3)])
    return t.pending()[0]


def test_a_cheap_wait_is_said_as_the_rule_with_the_yak_to_aim_for():
    d = _decision(CHEAP)
    assert Discard(T("7z"), uper=True) in d.notes
    why, aim = coach.uper_advice(d, T("7z"))
    assert why.code == "coach.uper.cheap"
    assert why["tile"] == T("8p")
    assert (why["basic"].code, why["basic"]["yak"], why["basic"]["points"]) == \
        ("basic.only", "concealed", 1)
    nearest = next(r for r in reach(d.observation.concealed, ()) if r.key != "concealed")
    assert aim.code == "coach.uper.aim"
    assert (aim["yak"], aim["n"]) == (nearest.key, max(1, nearest.distance)) == ("dragon_pung", 1)
    assert str(why) == ("Uper needs every win to be worth 2 basic points even on a discard; 8p "
                        "from a discard gives this hand only concealed (1 point)")


def test_a_tile_that_does_not_leave_the_hand_ready_names_the_ready_discards():
    d = _decision(CHEAP)
    first, why, _aim = coach.uper_advice(d, T("2m"))
    assert first.code == "coach.uper.ready_with" and first["tiles"] == (T("7z"),)
    assert why.code == "coach.uper.cheap"


def test_another_discard_that_keeps_uper_legal_is_named():
    d = _decision(INSTEAD)
    assert coach.uper_advice(d, T("7p")) == ()  # legal: nothing to explain
    (instead,) = coach.uper_advice(d, T("2m"))
    assert instead.code == "coach.uper.instead" and instead["tiles"] == (T("7p"),)


def test_a_hand_far_from_ready_gets_no_coach_line():
    assert coach.uper_advice(_decision(FAR), T("1m")) == ()


def test_other_refusals_keep_the_engines_reason():
    short = coach.uper_refused(coach.Message("uper.wall_short", {"n": 2, "need": 4}))
    assert short is not None and short.code == "uper.wall_short"
    assert coach.uper_refused(None) is None


# ---------------------------------------------------------------- at the table
def table_at(app, monkeypatch, east: str) -> TableScene:
    """The human's first turn (East) of a rigged hand."""
    sc = rigged_table.rigged_table(app, monkeypatch, [east, *OTHERS], seed=EAST_SEED, rules=RULES)
    for _ in range(200):
        if sc.prompt_for is not None and sc.prompt_for.kind == "turn" and sc.director.idle:
            break
        app.step([], 1 / 30)
    assert sc.prompt_for is not None and sc.prompt_for.kind == "turn"
    return sc


def test_the_table_shows_the_coach_line_beside_the_refused_uper_button(app, monkeypatch):
    sc = table_at(app, monkeypatch, CHEAP)
    uper = next(c for c in sc.prompt.choices if c.action == "uper")
    assert not uper.enabled
    advice = coach.uper_advice(sc.prompt_for, sc.input._selected_kind())
    assert advice and sc.coach == tuple(sc.reason(m) for m in advice)
    assert [m.code for m in advice][-2:] == ["coach.uper.cheap", "coach.uper.aim"]
    assert "2 basic points" in sc.coach[-2] and "Dragon" in sc.coach[-1]
    lines, head = sc.prompt_head()
    assert lines and head > 0
    # the hints panel ends above the coach's lines, the title and the buttons
    sc.toggle_hints()
    app.step([], 1 / 30)
    top = sc.button_rects()[0].y - head
    assert sc.hints_rect().bottom <= top


def test_the_table_says_nothing_for_a_hand_far_from_ready(app, monkeypatch):
    sc = table_at(app, monkeypatch, FAR)
    assert sc.coach == () and sc.prompt_head()[0] == []
