"""A practice session's decisions (`game.practice.uper_practice`, `game.practice.review`),
played in this process: unknown and illegal options refused unrecorded, each decision numbered,
described and played with the next seed, and a lesson naming an uper against the rules first."""

from __future__ import annotations


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


def test_a_lesson_names_an_uper_against_the_rules_first():
    from game.practice.review import PracticeSession, review
    s = PracticeSession(playouts=2, opponents="fast", workers=1)
    s.decide(_ready_position("111m234m234p99p79p1z"), "fold")  # uper needs a concealed hand
    lesson = str(review(s)[0].lesson)
    assert lesson.startswith("uper is against the rules here:") and "concealed only" in lesson
    ready = PracticeSession(playouts=2, opponents="fast", workers=1)
    ready.decide(_ready_position("123m456m789m11223p"), "silent")  # uper is allowed
    assert "against the rules" not in str(review(ready)[0].lesson)
