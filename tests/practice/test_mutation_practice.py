"""Numbers and words a learner reads that mutation testing (`python tools/mutation.py practice`,
docs/mutation-testing.md) found unpinned."""

from __future__ import annotations

import datetime as dt
import json

from test_learner_numbers import HANDS_A, HANDS_B, _hand, _write

from game.practice.stats import Stats, statistics
from game.records import load_record

UTC = dt.UTC


def test_no_records_are_all_zeros_and_no_top_yak():
    empty = Stats.empty()
    assert statistics([]) == empty
    assert (empty.sessions, empty.hands, empty.wins, empty.deal_ins, empty.upers,
            empty.wins_after_uper, empty.points, empty.points_in_wins) == (0,) * 8
    assert (empty.win_rate, empty.deal_in_rate, empty.uper_rate, empty.win_rate_after_uper,
            empty.points_per_hand, empty.points_per_win) == (0.0,) * 6
    assert empty.top_yak is None and empty.series == () and empty.session_totals == ()


def _one_hand(n: int, points: int) -> list[list[dict]]:
    """One finished hand in which player 0 (East) gets `points` from South."""
    return [_hand(n, (0, 1, 2, 3), (points, -points, 0, 0))]


def test_an_unknown_player_name_means_the_records_learner(tmp_path):
    a = _write(tmp_path / "a.jsonl", "2026-05-01T10:00:00+00:00", 0, HANDS_A)
    assert statistics([a], player="nobody") == statistics([a]) == statistics([a], player="me")


def test_a_record_without_a_learner_counts_for_its_first_player(tmp_path):
    path = _write(tmp_path / "a.jsonl", "2026-05-01T10:00:00+00:00", 0, _one_hand(1, 7))
    lines = path.read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    del header["human"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", "utf-8")
    assert load_record(path).human is None
    st = statistics([path])
    assert (st.hands, st.points) == (1, 7)  # player 0's points, not player 1's (-7)


def _dated(tmp_path, name: str, created, points: int):
    path = _write(tmp_path / name, "x", 0, _one_hand(1, points))
    lines = path.read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    header["created"] = created
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", "utf-8")
    return path


def test_the_chart_orders_undated_then_naive_and_aware_times_as_utc_then_names(tmp_path):
    """A record without a readable date (empty, not a date) is the oldest, dated
    1970-01-01 UTC; a date without a zone is UTC; records of the same time go by file name."""
    recs = [
        _dated(tmp_path, "e.jsonl", "2026-05-02T09:00:00+00:00", 5),    # 09:00 UTC
        _dated(tmp_path, "d.jsonl", "2026-05-02T08:30:00", 4),          # naive: 08:30 UTC
        _dated(tmp_path, "c.jsonl", "2026-05-02T10:00:00+02:00", 3),    # 08:00 UTC
        _dated(tmp_path, "b.jsonl", "", 2),                             # empty
        _dated(tmp_path, "a.jsonl", "yesterday", 1),                    # not a date
        _dated(tmp_path, "f.jsonl", "2026-05-02T09:00:00+00:00", 6),    # the same time as e
    ]
    st = statistics(recs)
    assert [p.hand_points for p in st.series] == [1, 2, 3, 4, 5, 6]
    assert [p.total for p in st.series] == [1, 3, 6, 10, 15, 21]
    assert [name for name, _ in st.session_totals] == [f"{c}.jsonl" for c in "abcdef"]
    epoch = dt.datetime(1970, 1, 1, tzinfo=UTC)
    assert [p.created for p in st.series[:2]] == [epoch, epoch]
    assert st.series[3].created == dt.datetime(2026, 5, 2, 8, 30, tzinfo=UTC)
    assert all(p.created.tzinfo is not None for p in st.series)


def test_the_chart_shows_the_last_twenty_sessions_by_default_and_all_on_request(tmp_path):
    recs = [_dated(tmp_path, f"r{i:02d}.jsonl", f"2026-05-{i + 1:02d}T10:00:00+00:00", i)
            for i in range(21)]
    st = statistics(recs)
    assert st.sessions == 21 and st.hands == 21 and st.points == sum(range(21))
    assert len(st.session_totals) == 20 and st.session_totals[0] == ("r01.jsonl", 1)
    assert st.series[-1].total == sum(range(1, 21))  # the chart's total restarts at the oldest shown
    for everything in (None, 0):
        st = statistics(recs, last_sessions=everything)
        assert len(st.session_totals) == 21 and st.series[-1].total == sum(range(21))


def test_records_already_read_are_used_as_they_are(tmp_path):
    a = _write(tmp_path / "a.jsonl", "2026-05-01T10:00:00+00:00", 0, HANDS_A)
    b = _write(tmp_path / "b.jsonl", "2026-05-02T10:00:00+00:00", 2, HANDS_B)
    read = [load_record(a), load_record(b)]
    a.unlink()
    b.unlink()  # nothing to read again: the Record objects are enough
    st = statistics(read)
    assert st.sessions == 2 and st.hands == 7



# ---------------------------------------------------------------- a practice session's decisions
# In this process (workers=1): the mutation run deselects the tests whose playouts start a
# process pool (pools started from mutmut's forked children never finish), so these pin what
# PracticeSession.decide does with the same rigged hands.

def _ready_position(hand: str):
    from game.engine.rules import RuleSet
    from game.engine.table import Table, rig_wall
    from game.practice.uper_practice import position_from_table
    t = Table(RuleSet(flowers=False), seed=5, wall=rig_wall([hand, None, None, None]))
    return position_from_table(t, 0)


def test_a_session_refuses_unknown_and_illegal_options_without_recording_them():
    import pytest

    from game.practice.review import PracticeSession
    s = PracticeSession(playouts=2, opponents="fast", workers=1)
    open_hand = _ready_position("111m234m234p99p79p1z")  # uper needs a concealed hand here
    with pytest.raises(ValueError, match=r"^unknown option 'pray'; choose one of uper, silent, "
                                         r"fold$"):
        s.decide(open_hand, "pray")
    with pytest.raises(ValueError, match=r"^declare uper is not allowed here: .*concealed only"):
        s.decide(open_hand, "uper")
    assert s.decisions == []


def test_each_decision_is_numbered_described_and_played_with_the_next_seed():
    from game.engine.tiles import parse_tile
    from game.practice.review import PracticeSession, UperDecision, review
    from game.practice.uper_practice import compare_options
    pos = _ready_position("123m456m789m11223p")  # 1p, 2p or 3p leaves it waiting
    s = PracticeSession(playouts=3, opponents="fast", seed=40, workers=1)
    first = s.decide(pos, "silent")
    second = s.decide(pos, "uper", discard=parse_tile("3p"))
    assert [(d.index, d.chosen) for d in s.decisions] == [(1, "silent"), (2, "uper")]
    assert all(isinstance(d, UperDecision) for d in s.decisions)
    assert s.decisions[0].description == pos.describe()
    assert s.decisions[0].comparison is first and s.decisions[1].comparison is second
    # the first decision is played with the session's seed, the second with the next one, and
    # the chosen ready discard reaches the playouts
    same_first = compare_options(pos, 3, seed=40, opponents="fast", workers=1)
    same_second = compare_options(pos, 3, seed=41, opponents="fast", workers=1,
                                  discard=parse_tile("3p"))
    assert first.results == same_first.results and first.opponents == "fast"
    assert second.results == same_second.results
    assert second.results != compare_options(pos, 3, seed=40, opponents="fast", workers=1,
                                             discard=parse_tile("3p")).results  # seeds matter
    assert second.offered[0].action.tile == parse_tile("3p") != first.offered[0].action.tile
    assert [o.playouts for o in first.results] == [3, 3, 3]  # the session's playouts per option
    assert [i.index for i in sorted(review(s), key=lambda i: i.index)] == [1, 2]


# ------------------------------------------------------------------ the hints' danger reasons
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


def test_a_lesson_names_an_uper_against_the_rules_first():
    from game.practice.review import PracticeSession, review
    s = PracticeSession(playouts=2, opponents="fast", workers=1)
    s.decide(_ready_position("111m234m234p99p79p1z"), "fold")  # uper needs a concealed hand
    lesson = str(review(s)[0].lesson)
    assert lesson.startswith("uper is against the rules here:") and "concealed only" in lesson
    ready = PracticeSession(playouts=2, opponents="fast", workers=1)
    ready.decide(_ready_position("123m456m789m11223p"), "silent")  # uper is allowed
    assert "against the rules" not in str(review(ready)[0].lesson)


def test_a_session_start_without_a_readable_seed_reads_seed_0():
    from game.engine.events import SessionStarted
    from game.practice.event_words import event_message

    def line(seed):
        return str(event_message(SessionStarted(seed=seed, rules={}, players=("a", "b", "c", "d"),
                                                method="dice", rolls=(), seats=(0, 1, 2, 3))))
    assert line(77).startswith("Session start: seed 77,")
    for hidden in (None, "12", True, 3.5):  # hidden from a seat, or a damaged record
        assert line(hidden).startswith("Session start: seed 0,")


# ------------------------------------------------------------------ the hints of a whole hand
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


# ------------------------------------------------------------------ a record's event lines
def test_a_session_start_names_the_players_by_the_names_given_else_by_the_record():
    from game.engine.events import SessionStarted
    from game.practice.event_words import event_message

    e = SessionStarted(seed=5, rules={}, players=("human", "ai:expert", "ai:expert", "ai:easy"),
                       method="dice", rolls=(), seats=(2, 0, 1, 3))
    assert str(event_message(e)) == (
        "Session start: seed 5, seats by dice: human W, ai:expert E, ai:expert S, ai:easy N")
    assert str(event_message(e, ["Ann", "Bo", "Cy", "Di"])) == (
        "Session start: seed 5, seats by dice: Ann W, Bo E, Cy S, Di N")
    # a name missing from the list: the player's number
    assert str(event_message(e, ["Ann"])) == (
        "Session start: seed 5, seats by dice: Ann W, P2 E, P3 S, P4 N")


def test_the_two_throws_of_the_dice_say_what_they_decide():
    from game.engine.events import DiceRolled
    from game.practice.event_words import event_message

    assert str(event_message(DiceRolled(seat=0, faces=(3, 4), purpose="breaker"))) == (
        "E throws 3+4 (who breaks the wall)")
    assert str(event_message(DiceRolled(seat=2, faces=(1, 6), purpose="count"))) == (
        "W throws 1+6 (where the wall breaks)")


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
