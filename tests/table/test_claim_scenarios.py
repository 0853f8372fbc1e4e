"""Claim rules with rigged walls, and the claim examples of docs/rules.md (#ex7-#ex11)."""

import pytest
from table_helpers import DICE, discard, only_turn, pass_all, rigged, tsumogiri

from game.engine.actions import KONG, PASS, PUNG, WIN, AddedKong, ConcealedKong, Discard
from game.engine.claims import resolve_claims
from game.engine.errors import IllegalActionError
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.engine.table import rig_wall
from game.engine.tiles import parse_tile

T = parse_tile

# --- resolve_claims as a table (docs/rules.md#s3-3, #ex9, #ex11) ---------------------------------
W_, P_, K_, X_ = WIN, PUNG, KONG, PASS


@pytest.mark.parametrize("discarder, claims, rules, winners, claim, triple", [
    (0, {2: P_}, {}, (), (2, P_), False),                      # a pung
    (0, {1: X_, 2: K_, 3: X_}, {}, (), (2, K_), False),        # a kong
    (0, {2: P_, 3: W_}, {}, (3,), None, False),                # win beats pung (rules #ex9)
    (0, {2: W_, 3: W_}, {}, (2,), None, False),                # head bump: West first after East
    (2, {0: W_, 3: W_}, {}, (3,), None, False),                # after West comes North
    (3, {0: W_, 2: W_}, {}, (0,), None, False),                # after North comes East
    (0, {2: W_, 3: W_}, {"several_winners": "all"}, (2, 3), None, False),
    (0, {1: W_, 2: W_, 3: W_}, {}, (), None, True),            # triple win: abortive draw
    (0, {1: W_, 2: W_, 3: W_}, {"three_winners": "head_bump"}, (1,), None, False),
    (1, {0: W_, 2: W_, 3: W_}, {"three_winners": "head_bump", "several_winners": "all"},
     (2, 3, 0), None, False),
    (0, {1: X_, 2: X_}, {}, (), None, False),                  # everybody passes
    (0, {}, {}, (), None, False),
])
def test_resolve_claims_table(discarder, claims, rules, winners, claim, triple):
    r = resolve_claims(discarder, claims, RuleSet(**rules))
    assert (r.winners, r.claim, r.triple_win) == (winners, claim, triple)


@pytest.mark.parametrize("claims", [{0: PUNG}, {1: PUNG, 2: KONG}, {1: Discard(3)}])
def test_resolve_claims_rejects_impossible_input(claims):
    with pytest.raises(ValueError, match=r"cannot claim|cannot happen|is not a claim"):
        resolve_claims(0, claims, RuleSet())


# --- rules #ex9: claims, skipping, head bump -----------------------------------------------------
EAST_5P = "5p234567m1z2z4z8p3p1p9m"  # East opens with 5p; no pairs anywhere
S_WAIT = "123m456m666z11p46p"     # waits 5p: concealed + Green pung
S_PLAIN = "123m456m666z11p47p"    # not ready
W_PUNG = "55p789m555z33z28p1z"    # holds 55p: may pung
W_WAIT = "789m555z33z67p123p"     # waits 5p/8p: concealed + White pung
N_WAIT = "123m456m777z99p34p"     # waits 2p/5p: concealed + Red pung
N_PLAIN = "123m456m777z99p36p"


def test_pung_skips_the_players_in_between():
    t = rigged([EAST_5P, S_PLAIN, W_PUNG, N_PLAIN], draws="9m")
    discard(t, 0, "5p")
    assert {s: d.legal for s, d in t.pending().items()} == {2: (PUNG, PASS)}
    t.submit(2, PUNG)
    assert only_turn(t) == 2 and t.pending()[2].kind == "discard"
    assert all(isinstance(a, Discard) for a in t.pending()[2].legal)
    discard(t, 2, "1z")
    pass_all(t)
    assert only_turn(t) == 3  # South was skipped: North draws next
    assert t.seat_state[3].drawn >> 2 == T("9m")
    assert t.seat_state[0].river_claimed == {0} and t.seat_state[2].melds[0].from_seat == 0
    obs = t.observation(1)
    assert obs.rivers[0][0].claimed and not obs.rivers[0][0].uper
    assert obs.melds[2][0].tile == T("5p") and obs.hand_sizes[2] == 10 and obs.turn == 3


def test_win_beats_pung():
    t = rigged([EAST_5P, S_PLAIN, W_PUNG, N_WAIT])
    discard(t, 0, "5p")
    p = t.pending()
    assert p[2].legal == (PUNG, PASS) and p[3].legal == (WIN, PASS)
    t.submit(2, PUNG)
    t.submit(3, WIN)
    r = t.result
    assert r.reason == "win" and [w.seat for w in r.winners] == [3]
    w = r.winners[0]
    assert (w.how, w.from_seat) == ("discard", 0)
    assert r.payments[0] == -2 * w.result.total and r.payments[3] == 2 * w.result.total
    assert r.payments[1] == r.payments[2] == 0 and not r.dealer_keeps


def test_head_bump_first_claimant_after_the_discarder_wins():
    t = rigged([EAST_5P, S_PLAIN, W_WAIT, N_WAIT])
    discard(t, 0, "5p")
    t.submit(3, WIN)
    assert t.result is None  # West still to answer
    t.submit(2, WIN)
    assert [w.seat for w in t.result.winners] == [2]


def test_several_winners_house_rule_everyone_wins_paid_by_the_discarder():
    t = rigged([EAST_5P, S_PLAIN, W_WAIT, N_WAIT], rules=RuleSet(flowers=False,
                                                                 several_winners="all"))
    discard(t, 0, "5p")
    t.submit(2, WIN)
    t.submit(3, WIN)
    r = t.result
    assert [w.seat for w in r.winners] == [2, 3]
    totals = [w.result.total for w in r.winners]
    assert r.payments == (-2 * sum(totals), 0, 2 * totals[0], 2 * totals[1])


def test_triple_win_is_an_abortive_draw_and_the_next_win_is_doubled():
    hands = [EAST_5P, S_WAIT, W_WAIT, N_WAIT]
    t = rigged(hands)
    discard(t, 0, "5p")
    for s in (1, 2, 3):
        t.submit(s, WIN)
    assert t.result.reason == "triple_win" and t.result.is_draw and t.result.next_doubled
    assert t.result.payments == (0, 0, 0, 0) and t.result.dealer_keeps
    # in a session the next hand is dealt with doubled=True
    s = Session(RuleSet(flowers=False), seed=1)
    t = s.new_hand(wall=rig_wall(hands), dice=DICE)
    assert t.doubled is False
    discard(t, 0, "5p")
    for seat in (1, 2, 3):
        t.submit(seat, WIN)
    s.finish_hand()
    assert s.doubled is True and s.new_hand().doubled is True


def test_triple_win_head_bump_house_rule():
    t = rigged([EAST_5P, S_WAIT, W_WAIT, N_WAIT],
               rules=RuleSet(flowers=False, three_winners="head_bump"))
    discard(t, 0, "5p")
    for s in (3, 2, 1):
        t.submit(s, WIN)
    assert [w.seat for w in t.result.winners] == [1]


def test_doubled_hand_pays_double():
    plain = rigged([EAST_5P, S_PLAIN, W_PUNG, N_WAIT])
    doubled = rigged([EAST_5P, S_PLAIN, W_PUNG, N_WAIT], doubled=True)
    for t in (plain, doubled):
        discard(t, 0, "5p")
        t.submit(2, PASS)
        t.submit(3, WIN)
    assert doubled.result.payments == tuple(2 * x for x in plain.result.payments)


# --- rules #ex7: temporary sacred discard ---------------------------------------------------------
def test_temporary_sacred_discard_lasts_until_the_next_own_draw():
    n = "123m456m789m777z5p"  # North waits on 5p alone
    e = "5p234m67m123p67p123z"
    s = "5p148m2348p456z1z9m"
    w = "5p9m9p123456z23m7m8p"
    t = rigged([e, s, w, n], draws="5m9p8m6m2p4p")
    discard(t, 0, "5p")
    assert t.pending()[3].legal == (WIN, PASS)
    t.submit(3, PASS)                      # North lets a winning discard pass: SD1
    assert any("temporary" in str(x) for x in t.observation(3).sacred)
    discard(t, 1, "5p")                    # South's 5p in the same go-around
    assert 3 not in t.pending()            # North cannot win on it
    assert "temporary" in str(t.refused[3][WIN])
    assert only_turn(t) == 2
    tsumogiri(t, 2)
    pass_all(t)
    assert only_turn(t) == 3               # North draws: SD1 is over
    tsumogiri(t, 3)
    pass_all(t)
    assert t.observation(3).sacred == ()
    tsumogiri(t, 0)
    pass_all(t)
    tsumogiri(t, 1)
    pass_all(t)
    discard(t, 2, "5p")                    # the fourth 5p
    assert t.pending()[3].legal == (WIN, PASS)
    t.submit(3, WIN)
    assert t.result.winners[0].seat == 3


# --- rules #ex8: the stem rule -------------------------------------------------------------------
N_STEM = "77m55p123p789p777z"  # waits 7m / 5p (shanpon)
E_STEM = "7m2m3m5m6m9m1p4p6p1z2z3z4z5z"
S_STEM = "5p1m8m2p3p8p9p1z2z3z4z6z6z"
W_STEM = "1m4m8m2p3p4p8p9p1z2z3z4z5z"


def _stem_table(draws):
    t = rigged([E_STEM, S_STEM, W_STEM, N_STEM], draws=draws)
    discard(t, 0, "1z")
    pass_all(t)
    for seat in (1, 2):
        tsumogiri(t, seat)
        pass_all(t)
    assert t.seat_state[3].drawn >> 2 == T("4m")
    tsumogiri(t, 3)                        # North discards 4m: stem 1-4-7 of characters
    pass_all(t)
    return t


def test_stem_rule_blocks_discard_wins_on_the_stem_only():
    t = _stem_table("6m6m4m6p9m")
    discard(t, 0, "7m")                    # 7m is in stem(4m): no discard win
    d = t.pending()[3]
    assert WIN not in d.legal and d.legal == (PUNG, PASS)
    assert "stem" in str(d.notes[WIN]) and "4m" in str(d.notes[WIN])
    t.submit(3, PASS)
    discard(t, 1, "5p")                    # another wait, not in the stem: he may win
    assert t.pending()[3].legal[0] == WIN
    t.submit(3, WIN)
    assert t.result.winners[0].how == "discard"


def test_stem_rule_still_allows_self_draw():
    t = _stem_table("6m6m4m6p9m8m7m")
    tsumogiri(t, 0)
    pass_all(t)
    tsumogiri(t, 1)
    pass_all(t)
    tsumogiri(t, 2)
    pass_all(t)
    assert t.seat_state[3].drawn >> 2 == T("7m") and WIN in t.pending()[3].legal
    t.submit(3, WIN)
    assert t.result.winners[0].how == "self_draw"


# --- rules #ex10: liability ----------------------------------------------------------------------
def test_big_three_dragons_liability_feeder_pays_alone():
    e = "55z66z77z123m55m1p9p4z"
    s = "5z6z1m4m8m2p3p4p6p8p1z2z3z"
    w = "7z9m2m3m6p7p8p9p2z3z4z1z6m"
    n = "1m2m3m4m6m7m8m1p2p3p5p6p7p"
    t = rigged([e, s, w, n], draws="8m9p5p4p")
    discard(t, 0, "1p")
    pass_all(t)
    discard(t, 1, "5z")
    t.submit(0, PUNG)
    discard(t, 0, "9p")
    pass_all(t)
    discard(t, 1, "6z")
    t.submit(0, PUNG)
    discard(t, 0, "4z")
    pass_all(t)
    tsumogiri(t, 1)
    pass_all(t)
    discard(t, 2, "7z")                    # West feeds the third dragon
    assert t.pending()[0].legal[0] == WIN
    t.submit(0, WIN)
    w = t.result.winners[0]
    assert any(y.key == "big_three_dragons" for y in w.result.yak)
    assert t.result.payments[2] == -3 * w.result.total
    assert t.result.payments[1] == t.result.payments[3] == 0
    assert t.result.dealer_keeps


# --- kongs ---------------------------------------------------------------------------------
def test_melded_kong_draws_a_replacement_from_the_back_wall():
    t = rigged(["3m123456p789p1z2z3z4z", "333m1469p4z5z6z7z12m", "5m9m2p3p5p6p7p1z2z3z4z5z6z",
                "1m2m4m6m7m8m9m8p8p8p5z6z7z"], draws="", replacements="9m")
    discard(t, 0, "3m")
    assert t.pending()[1].legal == (PUNG, KONG, PASS)
    t.submit(1, KONG)
    assert t.events[-1].replacement is True and t.seat_state[1].drawn >> 2 == T("9m")
    assert only_turn(t) == 1 and t.pending()[1].kind == "turn"
    assert t.seat_state[1].melds[0].type == "kong"


def test_added_kong_can_be_robbed_and_the_kong_declarer_pays():
    e = "3m1p4p7p9p1z2z3z4z5z6z8m9m8p"
    s = "33m123p456p789p6z4m"  # pungs 3m, later draws the fourth
    w = "12m456p789p555z99m"      # waits 3m (edge): concealed + White pung
    n = "5m6m7m4m1p2p3p1m6z7z4z2z9p"
    t = rigged([e, s, w, n], draws="2z1z3z3m")
    discard(t, 0, "3m")
    t.submit(1, PUNG)
    pass_all(t)  # West could win on 3m and lets it pass
    discard(t, 1, "4m")
    pass_all(t)
    for seat in (2, 3, 0):
        tsumogiri(t, seat)
        pass_all(t)
    assert t.seat_state[1].drawn >> 2 == T("3m")
    assert AddedKong(T("3m")) in t.pending()[1].legal
    t.submit(1, AddedKong(T("3m")))
    assert t.pending()[2].kind == "rob" and t.pending()[2].legal == (WIN, PASS)
    t.submit(2, WIN)
    w = t.result.winners[0]
    assert (w.how, w.from_seat, w.context.robbing_kong) == ("robbing_kong", 1, True)
    assert t.result.payments[1] == -2 * w.result.total
    assert any(y.key == "robbing_kong" for y in w.result.yak)


def test_added_kong_not_robbed_completes_with_a_replacement():
    e = "3m1p4p7p9p1z2z3z4z5z6z8m9m8p"
    s = "33m123p456p789p6z4m"
    w = "12m456p789p555z99m"
    n = "5m6m7m4m1p2p3p1m6z7z4z2z9p"
    t = rigged([e, s, w, n], draws="2z1z3z3m", replacements="9m")
    discard(t, 0, "3m")
    t.submit(1, PUNG)
    pass_all(t)  # West could win on 3m and lets it pass
    discard(t, 1, "4m")
    pass_all(t)
    for seat in (2, 3, 0):
        tsumogiri(t, seat)
        pass_all(t)
    t.submit(1, AddedKong(T("3m")))
    t.submit(2, PASS)
    assert t.seat_state[1].melds[0].type == "added_kong" and len(t.seat_state[1].meld_ids[0]) == 4
    assert t.seat_state[1].drawn >> 2 == T("9m") and t.events[-1].replacement
    assert t.seat_state[2].sd_temporary  # West let a winning tile pass


def test_concealed_kong_cannot_be_robbed():
    e = "3333m1p4p7p9p1z2z3z4z5z6z"
    s = "12m456p789p555z99m"  # waits 3m: could rob an added kong
    w = "5m6m7m4m1p2p3p1m6z7z4z2z9p"
    n = "4m5m6m2p3p5p6p8p8m9m1z7z6z"
    t = rigged([e, s, w, n], replacements="9m")
    t.submit(0, ConcealedKong(T("3m")))
    assert only_turn(t) == 0 and t.seat_state[0].drawn >> 2 == T("9m")
    assert t.seat_state[0].melds[0].type == "concealed_kong"


# --- the last discard, four winds, nine major tiles -----------------------------------------
def test_the_final_discard_may_be_claimed_only_to_win():
    from game.engine.table import RiggedWall, Table, rig_wall
    hands = ["22z3m1p4p7p9p4z5z6z7z8m9m8p", "5m6m7m4m1p2p3p5z6z7z3z9p3m",
             "1m2m4m6m7m8m9m8p5p6p7p3z4z", "1m2m3m4m5m6m7m1p2p3p4p5p6p"]
    base = rig_wall(hands)
    rules = RuleSet(flowers=False)
    two = next(i for i in range(100) if i >> 2 == T("2z") and i not in base.head)
    head = list(base.head) + [None] * 46 + [two]  # 47 live tiles after the deal; North's last
    t = Table(rules, seed=5, wall=RiggedWall(tuple(head)), dice=[(3, 3), (2, 3)])
    saw_final_claim = []
    while not t.is_over:
        for s, d in sorted(t.pending().items()):
            if d.kind in ("claim", "rob"):
                if t.wall.remaining == 0:
                    saw_final_claim.append((s, d.legal))
                t.submit(s, PASS)
            else:
                t.submit(s, Discard(t.seat_state[s].drawn >> 2) if t.seat_state[s].drawn is not None
                         and t.seat_state[s].drawn < 100 else d.legal[-1])
    assert t.result.reason == "exhaustive"
    assert t.seat_state[3].river[-1] >> 2 == T("2z")   # North's final discard, East holds 22z
    assert all(PUNG not in legal and KONG not in legal for _, legal in saw_final_claim)
    assert 0 not in [s for s, _ in saw_final_claim]


def test_four_consistent_winds_end_the_hand():
    e = "1z123m456m789p23p5z9m"
    s = "1z4m5m6m7m8m9m1p2p3p4p5p6z"
    w = "1z1m2m3m4m5m6m7m8m9m1p2p3p"
    n = "1z9m9p8p7p6p5p4p3p2z3z4z6z"
    t = rigged([e, s, w, n], draws="7z7z5z6z")
    discard(t, 0, "1z")
    for seat in (1, 2, 3):
        pass_all(t)
        discard(t, seat, "1z")
    assert t.result.reason == "four_winds" and t.result.dealer_keeps


def test_four_winds_off_by_house_rule():
    e = "1z123m456m789p23p5z9m"
    s = "1z4m5m6m7m8m9m1p2p3p4p5p6z"
    w = "1z1m2m3m4m5m6m7m8m9m1p2p3p"
    n = "1z9m9p8p7p6p5p4p3p2z3z4z6z"
    t = rigged([e, s, w, n], draws="7z7z5z6z", rules=RuleSet(flowers=False,
                                                              four_winds_draw=False))
    discard(t, 0, "1z")
    for seat in (1, 2, 3):
        pass_all(t)
        discard(t, seat, "1z")
    assert t.result is None and only_turn(t) == 0


@pytest.mark.parametrize("threshold, legal", [(9, True), (10, False)])
def test_nine_major_tiles_declaration(threshold, legal):
    from game.engine.actions import NINE_MAJOR
    e = "19m19p12345z23456m"  # nine different major kinds
    rules = RuleSet(flowers=False, nine_major_threshold=threshold)
    t = rigged([e, None, None, None], rules=rules)
    assert (NINE_MAJOR in t.pending()[0].legal) is legal
    if legal:
        t.submit(0, NINE_MAJOR)
        assert t.result.reason == "nine_major" and t.result.dealer_keeps


# --- illegal actions -------------------------------------------------------------------------
def test_illegal_actions_raise_and_change_nothing():
    t = rigged([EAST_5P, S_PLAIN, W_PUNG, N_WAIT])
    before = (len(t.events), t.observation(0), t.observation(2), dict(t.pending()))
    with pytest.raises(IllegalActionError, match=r"seat S: .*no decision"):
        t.submit(1, Discard(T("1m")))
    with pytest.raises(IllegalActionError, match=r"seat E: illegal action Discard\(9p\)"):
        t.submit(0, Discard(T("9p")))
    with pytest.raises(IllegalActionError, match="not a legal turn action"):
        t.submit(0, PUNG)
    assert (len(t.events), t.observation(0), t.observation(2), dict(t.pending())) == before
    discard(t, 0, "5p")
    with pytest.raises(IllegalActionError, match="legal: Pung\\(\\), Pass\\(\\)"):
        t.submit(2, WIN)
    t.submit(2, PASS)
    t.submit(3, WIN)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        t.submit(1, PASS)


def test_refused_uper_is_explained_in_the_notes():
    # docs/rules.md#ex3: 111m 234m 234p 99p 79p waits 8p/7p: worth concealed only on a discard
    e = "111m234m234p99p79p5z"
    t = rigged([e, None, None, None])
    d = t.pending()[0]
    assert Discard(T("5z"), uper=True) not in d.legal
    assert "concealed" in str(d.notes[Discard(T("5z"), uper=True)])
    with pytest.raises(IllegalActionError, match="concealed"):
        t.submit(0, Discard(T("5z"), uper=True))


def test_other_claimants_decisions_stay_valid_until_everyone_answered():
    # West may pung East's 5p, North may win on it: North's decision (and its observation)
    # must stay usable after West has answered, because West's answer is still hidden.
    t = rigged([EAST_5P, S_PLAIN, W_PUNG, N_WAIT], draws="9m")
    discard(t, 0, "5p")
    pending = t.pending()
    assert set(pending) == {2, 3}
    t.submit(2, PUNG)
    north = pending[3]
    assert north.observation.last_discard == (0, T("5p"))  # not stale
    t.submit(3, WIN)
    assert [w.seat for w in t.result.winners] == [3]
    # a decision is a snapshot: it still shows what North saw, not the table that moved on
    assert north.observation.last_discard == (0, T("5p")) and t.observation(3).last_discard is None
