"""Each style (`ai.heuristic.PERSONAS`) pinned by positions where it chooses differently from
``ai:expert``, whose judgement it starts from (issue 16: personas a player can tell apart).

Every row is a real table in tile notation (`test_decision_table.position`), the style, what it
does, what the expert does there instead, and a one-line reason (the row's id). Both choices are
asserted, so a row fails when the style loses its character or when the expert changes under it.

Mutation check (each change made alone in ``PERSONAS``, then this file run; rows are named
``style position``):

* defensive ``fold_shanten`` 1 -> 2: defensive fold_1shanten; ``defence`` 2.0 -> 1.0 or
  ``suspicion`` 1.5 -> 0.3: defensive late_green; ``claim_margin`` 3.0 -> 0.5:
  defensive claim_4m_flush; ``uper_bias`` -1.0 -> 0: defensive uper_35, rich_ready2
* aggressive ``fold_shanten`` 3 -> 2: aggressive fold, fold_honour; ``claim_margin`` -2.0 -> 0.5:
  aggressive claim_6m_pairs; ``uper_bias`` 2.0 -> 0: aggressive uper_early, cheap_ready;
  ``nine_major`` 4 -> 3: aggressive nine_s3
* value ``decline_below`` 3 -> 0: value claim_cheap; ``decline_until`` 24 -> 0: value
  claim_cheap_late; ``plan_bonus`` () : value calm_flush; ``claim_plans`` ()
  (claims as the expert): value claim_4m_flush
"""

from __future__ import annotations

import dataclasses
import functools

import pytest
from test_decision_table import LATE_SOUTH, UPER_WEST, P, Pos, meets, position

from ai.heuristic import LEVELS, PERSONAS, HeuristicSeat
from ai.registry import STYLES, make_seat, seat_choices

#: positions of this file (the others are `test_decision_table.P`)
Q: dict[str, Pos] = {
    # 1-shanten against West's uper, holding 6p (a stem of his 9p): the expert pushes the Green
    "fold_1shanten": Pos(hand="789m234p46p88p23m6z", drawn="1p", **UPER_WEST),
    # late (14 left), South silent with White and Red pungs; 1 tile from ready with the last
    # Green: the expert pushes it
    "late_green": Pos(hand="3449m23334567p6z", drawn="4m", **LATE_SOUTH),
    # South, concealed, ready on 2p/5p/8p: 2 basic points by discard (concealed + all simples),
    # 3 by self-draw (+ self-draw); East throws 8p at once (47 tiles left), or after seven
    # discards each (19 left)
    "claim_cheap": Pos(hand="234m666m345p22p67p", seat=1, rivers=("8p", "", "", "")),
    "claim_cheap_late": Pos(hand="234m666m345p22p67p", seat=1,
                            rivers=("1z2z3z4z5z6z7z8p", "1z2z3z4z5z6z7z", "1z2z3z4z5z6z7z",
                                    "1m9m1p9p1m9m1p")),
    # East's opening: eight characters, three circles, East and a South pair
    "calm_flush": Pos(hand="3345699m347p122z", drawn="7m"),
}

D, V, A = "defensive", "value", "aggressive"


def row(style: str, name: str, want: str, expert: str, why: str):
    return pytest.param(style, name, want, expert, id=f"{style} {name}: {why}")


ROWS = [
    # --- defensive: folds early, rarely claims or declares
    row(D, "fold_1shanten", "discard:6p7m", "not:6p7m",
        "1 tile from ready against an uper: folds with the stem-safe 6p (the expert pushes)"),
    row(D, "late_green", "discard:3p", "discard:9m",
        "late, a silent South with two dragon pungs: folds with 3p (the expert stays 1 from "
        "ready with 9m and keeps the Green, rated riskier since the calibration of issue 34)"),
    row(D, "claim_4m_flush", "pass", "pung",
        "a 4m pung toward a characters flush: keeps the hand concealed (the expert claims)"),
    row(D, "uper_35", "silent:4p7p", "uper:4p7p",
        "ready on 7 live tiles with 35 left: stays silent, free to fold (the expert declares)"),
    row(D, "rich_ready2", "silent:5m", "uper:5m",
        "half flush + White ready against an uper: pushes 5m but does not freeze the hand"),
    # --- aggressive: claims, pushes, declares
    row(A, "fold", "discard:6z", "discard:6p7m",
        "2 tiles from ready against an uper: pushes the lone Green (the expert folds with 6p)"),
    row(A, "fold_honour", "not:6p7m", "discard:6p7m",
        "3 tiles from ready against an uper: still pushes (the expert folds)"),
    row(A, "claim_6m_pairs", "pung", "pass",
        "a 6m pung worth a little less than the margin: claims it (the expert passes)"),
    row(A, "uper_early", "uper:4p7p", "silent:4p7p",
        "ready on 7 live tiles with 31 left: declares on a thin gain (the expert stays silent)"),
    row(A, "cheap_ready", "uper:6m", "discard:3p6p7m4m",
        "a cheap closed wait against an uper: pushes and declares (the expert folds)"),
    row(A, "nine_s3", "not:", "nine",
        "nine major kinds 3 tiles from ready: plays on (the expert declares the draw)"),
    # --- value hunter: flushes, all pungs, dragons; cheap wins let pass early
    row(V, "claim_cheap", "pass", "win",
        "a 2-point discard win with 47 tiles left: lets it pass for the 3-point self-draw"),
    row(V, "claim_cheap_late", "win", "win",
        "the same win with 19 tiles left: takes it (too late to wait)"),
    row(V, "calm_flush", "discard:7p", "discard:1z",
        "eight characters and a South pair: a circle goes toward the flush (the expert throws East)"),
    row(V, "claim_4m_flush", "pass", "pung",
        "a 4m pung toward a characters half flush: keeps the hand concealed (opened, the flush "
        "is a 2-point hand; the expert claims)"),
]


@functools.cache
def spot(name: str):
    return position(**dataclasses.asdict(Q[name] if name in Q else P[name]))


@pytest.mark.parametrize(("style", "name", "want", "expert"), ROWS)
def test_a_style_chooses_otherwise_than_the_expert(style, name, want, expert):
    sp = spot(name)
    action, why = sp.act(style)
    assert meets(action, want, sp), f"{style} chose {action!r} ({why}); expected {want}"
    action, why = sp.act("expert")
    assert meets(action, expert, sp), f"expert chose {action!r} ({why}); expected {expert}"


def test_the_decline_says_why():
    sp = spot("claim_cheap")
    _, why = sp.act(V)
    assert why == "pass: a discard win of 2 basic points with 47 tiles left; the self-draw is worth 3"


def test_each_style_is_a_seat_with_its_own_parameters():
    """Every style starts from the expert and changes something of its own; the registry makes
    it by name and menus list the styles after the levels."""
    assert tuple(f"ai:{n}" for n in PERSONAS) == STYLES
    expert = dataclasses.asdict(LEVELS["expert"])
    changed = {}
    for name, p in PERSONAS.items():
        mine = dataclasses.asdict(p)
        changed[name] = {k for k in mine if k != "level" and mine[k] != expert[k]}
        assert changed[name], name
        seat = make_seat(f"ai:{name}", seed=1)
        assert isinstance(seat, HeuristicSeat) and seat.params == p and seat.name == f"ai:{name}"
    assert changed[D].isdisjoint({"plan_bonus", "decline_below"})
    assert {"plan_bonus", "decline_below"} <= changed[V]
    menu = seat_choices()
    assert menu.index("ai:expert") < menu.index(STYLES[0]) < menu.index("greedy")


def test_the_arena_counts_what_tells_the_styles_apart():
    """Claims, safe discards after an uper and basic points per win are counted per player
    (`ai.arena`): each within its bounds, and over the same walls the aggressive style opens
    its hand in more hands than the defensive one."""
    from ai.arena import run_duplicate

    r = run_duplicate(["ai:defensive", "ai:aggressive", "greedy", "greedy"], hands=4, seed=3)
    for st in r.stats.values():
        assert 0 <= st.claims <= st.hands and 0 <= st.safe_after_uper <= st.after_uper
        assert st.win_basic >= 2 * st.wins  # every win is worth 2 basic points or more
        j = st.to_json()
        assert j["claim_pct"] == 100.0 * st.claims / st.hands
    assert r.stats["ai:aggressive"].claims > r.stats["ai:defensive"].claims
    assert r.stats["greedy"].after_uper > 0  # somebody declared, the others answered
