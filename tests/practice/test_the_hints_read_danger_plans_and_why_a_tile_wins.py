"""The practice hints (`game.practice.hints`): an honour with every copy visible is safe, no
chance needs every sequence shape dead, the practice observation, a waiting hand's hints, the
uper verdict and the plans counting the winds, and why a tile wins or not after the suggested
discard (and after a winning tile thrown after uper)."""

from __future__ import annotations


def test_an_honour_with_every_copy_visible_is_safe_against_everyone_else():
    """Two Greens in the hand and two in West's river: against South (who has not discarded
    one) the Green is safe because every copy is visible; against West the reason stays his
    own river; a White with three copies visible (one in North's river) keeps a danger."""
    from game.engine.tiles import parse_tile
    from game.practice.hints import hints, practice_observation

    obs = practice_observation("122m333m4p5p6p66z55z7z", rivers=("", "", "66z", "5z"),
                               uper=(False, True, False, False))
    h = hints(obs)
    south = next(o for o in h.opponents if o.seat == 1)
    west = next(o for o in h.opponents if o.seat == 2)
    green, white = parse_tile("6z"), parse_tile("5z")
    assert str(south.danger_of(green).reason) == "safe: every 6z is visible"
    assert south.danger_of(green).danger == 0.0
    assert str(west.danger_of(green).reason) == "safe: in W's river"
    assert south.danger_of(white).danger > 0.0
    assert str(south.danger_of(white).reason) == "3 visible: honour, only a single wait"


def _unseen(**visible: int) -> list[int]:
    """Unseen copies of every kind: 4, less the visible ones given as m3=4 (four 3m visible)."""
    from game.engine.tiles import parse_tile
    out = [4] * 34
    for name, n in visible.items():
        out[parse_tile(name[1:] + name[0])] = 4 - n
    return out


def test_no_chance_needs_every_sequence_shape_dead():
    """Worked by hand: a suit tile is a wall ("no-chance") only when each two-tile sequence
    shape that could wait on it has a kind with no copy left."""
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import _no_chance

    # 1m: only 2-3 waits on it; every 2m visible: a wall
    assert str(_no_chance(T("1m"), _unseen(m2=4))) == (
        "no-chance: every 2m is visible, so only a pair or single wait can use it")
    # 5m with every 3m and 7m visible: 3-4 and 6-7 are dead, 4-6 (a closed wait) is not
    assert _no_chance(T("5m"), _unseen(m3=4, m7=4)) is None
    # ... and with every 4m too, 5m is a wall (each shape's first dead kind is named)
    assert str(_no_chance(T("5m"), _unseen(m3=4, m4=4, m7=4))).startswith(
        "no-chance: every 347m is visible")
    # 3m with every 4m visible: 1-2 still waits on it
    assert _no_chance(T("3m"), _unseen(m4=4)) is None
    assert str(_no_chance(T("3m"), _unseen(m4=4, m2=4))).startswith("no-chance: every 24m is")
    # 8m with three 7m visible: the last 7m still makes 6-7 and 7-9
    assert _no_chance(T("8m"), _unseen(m7=3)) is None
    assert str(_no_chance(T("8m"), _unseen(m7=4))).startswith("no-chance: every 7m is visible")
    # 9p: only 7-8 waits on it
    assert str(_no_chance(T("9p"), _unseen(p8=4))).startswith("no-chance: every 8p is visible")
    assert _no_chance(T("9p"), _unseen(p6=4, m8=4)) is None  # another suit, a shape not on 9p


def test_a_practice_observation_has_the_hands_waits_and_one_entry_per_seat():
    from game.engine.melds import Meld
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import practice_observation

    obs = practice_observation("123m456m789m1122p")
    assert obs.waits == (T("1p"), T("2p"))
    assert len(obs.hand_sizes) == len(obs.melds) == len(obs.rivers) == len(obs.uper) == 4
    # a ready hand with a declared pung: the waits count the pung as a set
    opened = practice_observation("456m789m1122p", melds=(Meld("pung", T("5z")),), seat=2)
    assert opened.waits == (T("1p"), T("2p"))
    assert opened.melds[2] == (Meld("pung", T("5z")),) and opened.melds[0] == ()
    assert opened.hand_sizes == (13, 13, 10, 13)
    assert practice_observation("123m456m789m112p").waits == ()  # not ready


def test_a_waiting_hand_gets_no_suggestion_and_a_turn_no_hand_acceptance():
    """13 tiles (waiting for a draw): nothing to suggest (no action, no reason) and the hand's
    own acceptance; 14 tiles: a suggestion with its reason and acceptance per discard only."""
    from game.engine.actions import Discard
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import hints, practice_observation

    waiting = hints(practice_observation("123m456m789m1122p"))
    assert waiting.suggested is None and waiting.reason is None
    assert [a.tile for a in waiting.accepts] == [T("1p"), T("2p")]
    turn = hints(practice_observation("123m456m789m11223p"))
    assert isinstance(turn.suggested, Discard) and turn.reason is not None
    assert turn.accepts == () and turn.discards


def test_a_discards_uper_verdict_counts_the_prevalent_wind():
    """Ready on 1z/2z after discarding 9m: a South pair is a value pair only in a South round,
    so the uper is legal there and refused (1 point on a discard) in an East round."""
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import hints, practice_observation

    def verdict(prevalent):
        h = hints(practice_observation("123m456p789p11z22z9m", prevalent=prevalent))
        nine = next(x for x in h.discards if x.tile == T("9m"))
        return nine.uper_legal, str(nine.uper_reason)
    assert verdict(1) == (True, "None")
    legal, why = verdict(0)
    assert not legal and "2z would win by discard with concealed only (1 point)" in why


def test_a_plan_counts_the_seat_wind_and_the_tiles_already_gone():
    """Two Wests, 2-shanten: for the West seat the plan is a value pung, for East (the West is
    no value there) seven pairs; when both other Wests lie in a river the pung cannot be made
    and every discard's plan turns to all sequences."""
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import hints, practice_observation

    def plan(hand, seat, rivers=("", "", "", "")):
        return str(hints(practice_observation(hand, seat=seat, prevalent=0, rivers=rivers)).plan)
    assert plan("123m456p78p33z19m5z", seat=2) == "concealed + value pung"
    assert plan("123m456p78p33z19m5z", seat=0) == "concealed + seven pairs"
    turn = "123m456p78p33z19m5z2m"
    live = hints(practice_observation(turn, seat=2, prevalent=0))
    gone = hints(practice_observation(turn, seat=2, prevalent=0, rivers=("33z", "", "", "")))
    five_white = T("5z")
    assert str(next(x for x in live.discards if x.tile == five_white).plan) == \
        "concealed + value pung"
    assert str(next(x for x in gone.discards if x.tile == five_white).plan) == \
        "concealed + all sequences"


def test_why_a_tile_wins_or_not_follows_the_suggested_discard():
    """123m 456m 789m 11223p: 1p, 2p or 3p leaves it ready; the AI suggests 2p (waiting on 1p
    and 4p), so the explanations are those of that hand, not of another ready discard's."""
    from game.engine.actions import Discard
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import hints, practice_observation

    h = hints(practice_observation("123m456m789m11223p"))
    assert h.suggested == Discard(T("2p"))
    assert str(h.why_not(T("4p"))).startswith("you can win on 4p by discard")
    assert str(h.why_not(T("1p"))).startswith("you can win on 1p by discard")
    assert str(h.why_not(T("2p"))) == "2p does not complete your hand (your waits: 14p)"


def test_after_discarding_a_winning_tile_after_uper_the_hints_say_no_self_draw_either():
    """SD6 (rule book 9.8): after uper he discarded a tile that would have won, so he cannot win
    at all, not even by self-draw. 11m 77m 234p 567p 555z waits on 1m/7m and would win on a
    self-draw (concealed + self draw + dragon pung), so only the sacred status says "none".
    SD5 (he let a winning discard pass after uper) leaves the self-draw open."""
    import dataclasses

    from game.engine.scoring.sacred import sacred_status
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import hints, practice_observation

    obs = practice_observation("11m77m234p567p555z", rivers=("9p3z", "", "", ""),
                               uper=(True, False, False, False), uper_index=(0, -1, -1, -1))
    sd6 = sacred_status((), (), discarded_win_after_uper=True).reasons[0].message
    h = hints(dataclasses.replace(obs, sacred=(sd6,)))
    assert h.shanten == 0 and {w.tile for w in h.waits} == {T("1m"), T("7m")}
    assert all(w.self_draw_basic >= 2 for w in h.waits)
    assert h.sacred.can_self_draw is False and h.barred
    # SD6 (everything) first, then SD4: the uper discard 9p blocks 3p/6p/9p (not his waits)
    assert [r.code for r in h.sacred.reasons] == ["sacred.sd6", "sacred.sd4"]
    assert h.win_ways == "none"
    assert h.headline[2].code == "hint.win_barred"  # not "no 2 points", not "self-draw only"
    # the waits' tiles are counted as the shape's, not as tiles that would win
    assert h.headline[1].code == "hint.live_shape" and dict(h.headline[1].args)["n"] == h.live
    assert str(h.headline[1]).endswith("but none can win")
    sd5 = sacred_status((), (), missed_after_uper=True).reasons[0].message
    h = hints(dataclasses.replace(obs, sacred=(sd5,)))
    assert h.sacred.can_self_draw is True and h.win_ways == "self-draw" and not h.barred
    assert h.headline[1].code == "hint.live_win"  # SD5: a self-draw still wins


def test_why_speaks_of_the_suggested_discard_even_when_it_leaves_the_hand_not_ready():
    """123m 456m 789p 11z 45p 5m with 3 tiles left in the wall and South in uper: 5m would make
    the hand ready on 3p/6p, but that wait wins only by self-draw (concealed + self draw; on a
    discard concealed only), so ai:expert breaks it with 6m. "Why can't I win on 3p?" is about
    the hand after 6m, which nothing completes; not about the hand after 5m, which was not
    suggested (there 3p "gives concealed only on a discard"). (4 tiles left until issue 34's
    danger calibration rated 5m safer: with 4 left the expert now pushes it.)"""
    from game.engine.actions import Discard
    from game.engine.tiles import parse_tile as T
    from game.practice.hints import hints, practice_observation

    obs = practice_observation("123m456m789p11z45p5m", rivers=("", "1z2z9p3m", "", ""),
                               uper=(False, True, False, False), uper_index=(-1, 1, -1, -1),
                               wall_left=3)
    h = hints(obs)
    assert h.suggested == Discard(T("6m"))
    five = next(d for d in h.discards if d.tile == T("5m"))
    assert five.shanten == 0 and {a.tile for a in five.accepts} == {T("3p"), T("6p")}
    assert next(d for d in h.discards if d.tile == T("6m")).shanten == 1
    for k in ("3p", "6p", "5m"):
        assert str(h.why_not(T(k))) == f"{k} does not complete your hand"
