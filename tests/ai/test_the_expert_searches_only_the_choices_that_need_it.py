"""The expert's search (`ai.master`): quick playouts do not try the other uper choice, a kong at
the deal is not searched, the quick policy folds with a tile exactly safe, the playout count
adds up, and mixed playouts seat the expert in this seat's chair only."""

from __future__ import annotations

import dataclasses

from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile


def _expert_at(name: str):
    from test_decision_table import spot

    from ai.heuristic import HeuristicSeat

    sp = spot(name)
    seat = HeuristicSeat("expert")
    for e in sp.table.events:
        seat.observe(e.visible_to(sp.seat))
    return sp, seat


def test_quick_playouts_do_not_try_the_other_uper_choice():
    """uper_early: ai:expert throws 7p silently with a wide early wait. With expert playouts
    the search also plays the same 7p declared (the uper timing is the expert's to test);
    with quick playouts, whose opponents never defend, it does not (they overrate uper)."""
    from ai.master import Search, candidates

    sp, seat = _expert_at("uper_early")
    chosen = seat.act(sp.decision)
    seven = parse_tile("7p")

    assert chosen == Discard(seven)
    assert candidates(seat, sp.decision, chosen, Search(worlds=2, policy="quick")) == [chosen]
    assert candidates(seat, sp.decision, chosen, Search(worlds=2, policy="expert")) == [
        chosen, Discard(seven, uper=True)]


def test_a_kong_at_the_deal_is_not_searched():
    """East holds 7777z at the deal: the "kong" decision (declare it or not) is left to
    ai:expert, even when the expert's choice given is to pass (no concealed kong added as a
    candidate)."""
    from ai.heuristic import HeuristicSeat
    from ai.master import Search, candidates
    from game.engine.actions import PASS, ConcealedKong
    from game.engine.table import DecisionKind

    t = Table(RuleSet(flowers=False), seed=2, wall=rig_wall(
        ["7777z123m456p789p1z", "2223334445556m", "6668889992p134z", "1112223335557p"], ""))
    turn = t.pending()[0]
    assert turn.kind == "turn" and ConcealedKong(parse_tile("7z")) in turn.legal
    # the same position asked as the deal's kong question (a flower replacement completing
    # the four: the table asks it only then)
    d = dataclasses.replace(turn, kind=DecisionKind.KONG, legal=(ConcealedKong(parse_tile("7z")),
                                                                   PASS))
    seat = HeuristicSeat("expert")
    for e in t.events:
        seat.observe(e.visible_to(0))
    for chosen in (PASS, ConcealedKong(parse_tile("7z"))):
        assert candidates(seat, d, chosen, Search(worlds=2, policy="expert")) == [chosen]


def test_the_quick_policy_folds_from_two_away_with_a_tile_exactly_safe():
    """fold: East is two tiles from ready and West declared uper on 4m after 7z 9p; 6p is
    of 9p's stem (3-6-9p) and so exactly safe against him: the quick policy throws it, not
    the tile that keeps the hand nearest to ready."""
    from test_decision_table import spot

    from ai.master import QuickSeat

    assert QuickSeat().act(spot("fold").decision) == Discard(parse_tile("6p"))


def test_the_playout_count_adds_up_over_the_decisions():
    """Each searched decision plays every candidate in every world: over the first decisions
    of a hand the count of playouts is the sum, at least 2 and at most `most` (3) per world."""
    from ai.heuristic import HeuristicSeat
    from ai.master import MasterSeat, Search

    t = Table(RuleSet(), seed=4)
    m = MasterSeat(seed=2, search=Search(worlds=2, close=None))
    others = {s: HeuristicSeat("expert", s) for s in (1, 2, 3)}
    seen = 0
    while not t.is_over and m.counts["searched"] < 3:
        for e in t.events[seen:]:
            m.observe(e.visible_to(0))
            for s, o in others.items():
                o.observe(e.visible_to(s))
        seen = len(t.events)
        s, d = next(iter(t.pending().items()))
        t.submit(s, m.act(d) if s == 0 else others[s].act(d))
    assert m.counts["searched"] >= 2
    assert 2 * m.counts["worlds"] <= m.counts["playouts"] <= 3 * m.counts["worlds"]


def test_mixed_playouts_seat_the_expert_in_this_seats_chair_only(monkeypatch):
    """policy "mixed": in every playout this seat is played by ai:expert, the three others by
    the quick policy."""
    from test_master import first_turns

    from ai.heuristic import HeuristicSeat
    from ai.master import MasterSeat, QuickSeat, Search

    t, m = first_turns(["123m456m789p45p11z7z", "2223334445556m", "6667778889992p",
                        "111222333p7779m"], "1z")
    m.search = Search(worlds=2, policy="mixed")
    seated = []

    def playout(world, me, action, protos, deadline=None, horizon=None):
        seated.append(tuple(type(p) for p in protos))
        return 0

    monkeypatch.setattr(MasterSeat, "_playout", staticmethod(playout))
    d = t.pending()[0]
    import time

    m._play_out(d, list(d.legal)[:2], time.perf_counter())
    assert seated and set(seated) == {(HeuristicSeat, QuickSeat, QuickSeat, QuickSeat)}


def test_quick_playouts_do_not_try_silent_when_the_expert_declares_uper():
    """rich_ready2: ai:expert declares uper on 5m. The same 5m thrown silently is the best
    discard by plan value too, but quick playouts (whose opponents never defend) are not to
    judge uper against silent either way: it is no candidate (judged by expert playouts, a
    silent 3p the quick search chose over the expert's uper lost 9.7 points)."""
    from ai.master import Search, candidates

    sp, seat = _expert_at("rich_ready2")
    chosen = seat.act(sp.decision)
    assert isinstance(chosen, Discard) and chosen.uper
    silent = Discard(chosen.tile)
    assert silent in sp.decision.legal
    cands = candidates(seat, sp.decision, chosen, Search(worlds=2, policy="quick", margin=50))
    assert silent not in cands and len(cands) >= 2
    assert silent in candidates(seat, sp.decision, chosen, Search(worlds=2, policy="expert",
                                                                  margin=50))
