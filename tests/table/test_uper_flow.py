"""Uper at the table (docs/rules.md#s4, #s5, #ex2): freezing, automatic discards, SD5/SD6, kongs."""

from table_helpers import discard, only_turn, pass_all, rigged, tsumogiri

from game.engine.actions import PASS, WIN, ConcealedKong, Discard
from game.engine.events import Discarded
from game.engine.tiles import parse_tile

T = parse_tile

# docs/rules.md#ex2: concealed 555p 234m 678m 77z 66z waits on Red/Green; East declares uper with 1z
E_UPER = "555p234m678m77z66z1z"
S_ = "1m5m9m1p2p3p4p8p9p2z3z4z5z"
W_ = "1m5m9m1p2p3p4p8p9p2z3z4z5z"
N_ = "1m5m9m6p7p8p9p2z3z4z5z6p7p"


def _after_uper(draws, replacements=""):
    t = rigged([E_UPER, S_, W_, N_], draws=draws, replacements=replacements)
    d = t.pending()[0]
    assert Discard(T("1z"), uper=True) in d.legal
    discard(t, 0, "1z", uper=True)
    assert [e for e in t.events if isinstance(e, Discarded)][-1].uper
    assert t.observation(1).uper == (True, False, False, False)
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
        pass_all(t)
    return t


def test_worked_example_2_uper_concealed_kong_win_on_kong():
    t = _after_uper("6m7m8m5p", replacements="7z")
    d = t.pending()[0]
    assert d.legal == (ConcealedKong(T("5p")), Discard(T("5p")))  # no free discards: frozen
    t.submit(0, ConcealedKong(T("5p")))
    assert t.seat_state[0].drawn >> 2 == T("7z") and t.events[-1].replacement
    assert t.pending()[0].legal[0] == WIN
    t.submit(0, WIN)
    w = t.result.winners[0]
    assert (w.how, w.context.win_on_kong, w.context.uper) == ("self_draw", True, True)
    assert (w.result.basic, w.result.bonus, w.result.total) == (3, 9, 22)
    assert t.result.payments == (66, -22, -22, -22)


def test_a_frozen_hand_discards_a_non_winning_draw_automatically():
    t = _after_uper("6m7m8m9m1m")
    # East drew 9m: not a win, no kong: the engine discarded it, no decision was asked
    auto = [e for e in t.events if isinstance(e, Discarded) and e.auto]
    assert [(e.seat, e.tile >> 2) for e in auto] == [(0, T("9m"))]
    assert only_turn(t) == 1


def test_discarding_the_winning_tile_after_uper_is_sd6():
    t = _after_uper("6m7m8m7z1m2m3m6z")
    assert t.pending()[0].legal == (WIN, Discard(T("7z")))
    discard(t, 0, "7z")
    assert t.seat_state[0].sd_discarded_win
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
        pass_all(t)
    # East draws 6z, a winning tile, but SD6 forbids every win: discarded automatically
    last = [e for e in t.events if isinstance(e, Discarded)][-1]
    assert (last.seat, last.tile >> 2, last.auto) == (0, T("6z"), True)
    assert any("discarded a tile that would have won" in str(x) for x in t.observation(0).sacred)


def test_letting_a_winning_discard_pass_after_uper_is_sd5_for_the_rest_of_the_hand():
    t = rigged([E_UPER, S_, "6z1m5m9m1p2p3p4p8p9p2z3z4z", N_], draws="6m3m8m")
    discard(t, 0, "1z", uper=True)
    pass_all(t)
    tsumogiri(t, 1)
    pass_all(t)
    discard(t, 2, "6z")
    assert t.pending()[0].legal == (WIN, PASS)
    t.submit(0, PASS)
    assert t.seat_state[0].sd_missed and not t.seat_state[0].sd_temporary
    assert any("after uper" in str(x) for x in t.observation(0).sacred)


def test_a_concealed_kong_after_uper_must_keep_the_waits():
    # 1113m waits 2m/3m; a kong of 1m would leave 3m alone (waits 3m only): refused
    others = ["2m5m9m1p2p3p4p8p9p2z3z4z6z", "2m5m9m1p2p3p4p8p9p2z3z4z6z",
              "2m5m9m6p7p8p9p2z3z4z6z6p7p"]
    t = rigged(["1113m456p789p555z1z", *others], draws="6m7m8m1m")
    assert Discard(T("1z"), uper=True) in t.pending()[0].legal
    discard(t, 0, "1z", uper=True)
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
        pass_all(t)
    last = [e for e in t.events if isinstance(e, Discarded)][-1]
    assert (last.seat, last.tile >> 2, last.auto) == (0, T("1m"), True)
    assert t.seat_state[0].melds == []
