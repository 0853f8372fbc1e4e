"""The live coach (issue 32): after each of the player's decisions one line says whether the
strongest computer player agrees and, when not, what it would do and why in plain words; from
the player's own view, thought out on a worker thread, dropped when it comes too late.

East is dealt 123m 34m 9m 456p 78p 11z 5z: the expert throws the 9m or the White dragon (one tile
from ready); throwing the 3m leaves the hand two tiles from ready.
"""

from __future__ import annotations

import threading

from game.engine.actions import PASS, Discard
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table, rig_wall
from game.engine.tiles import parse_tile
from game.i18n import render
from game.practice import danger_assist as da
from game.practice import live_coach as lc
from game.practice.game_review import default_reviewer

T = parse_tile
HAND = "123m456p78p11z5z9m3m4m"


def _first_turn() -> tuple[Table, Decision]:
    t = Table(RuleSet(flowers=False), seed=1, wall=rig_wall([HAND, None, None, None]),
              dice=[(3, 3), (2, 3)])
    return t, t.pending()[0]


def _expert_choice() -> Discard:
    t, d = _first_turn()
    coach = lc.LiveCoach(threaded=False)
    coach.open(d, t.events, 0)
    assert coach.current is not None
    s = coach.current.suggested
    assert isinstance(s, Discard)
    return s


def test_the_expert_is_the_reviews_and_throws_a_tile_that_keeps_the_hand_near():
    assert default_reviewer() == "ai:expert"
    assert _expert_choice().tile in (T("9m"), T("5z"))


def test_a_discard_the_expert_disagrees_with_gets_what_it_would_do_and_why():
    t, d = _first_turn()
    coach = lc.LiveCoach(threaded=False)
    coach.open(d, t.events, 0)
    coach.chose(d, Discard(T("3m")))
    line = coach.poll()
    its = _expert_choice().tile
    assert line == lc.DISCARD(tile=its, kept=T("3m"), why=lc.WHY_CLOSER(n=1, m=2))
    assert render(line, "en").endswith("it keeps the hand 1 tile from ready, yours 2")
    assert coach.poll() is None  # said once


def test_a_discard_the_expert_agrees_with_gets_the_agree_line():
    t, d = _first_turn()
    its = _expert_choice()
    coach = lc.LiveCoach(threaded=False)
    coach.open(d, t.events, 0)
    coach.chose(d, its)
    assert coach.poll() == lc.AGREE(action=its)


def test_the_expert_thinks_on_a_worker_thread_and_the_line_comes_when_both_answered():
    t, d = _first_turn()
    coach = lc.LiveCoach()
    coach.open(d, t.events, 0)
    assert coach.poll() is None  # the player has not answered
    coach.chose(d, Discard(T("3m")))
    v = coach.current
    assert v is not None and v.done.wait(60)
    line = coach.poll()
    assert line is not None and line.code == "live_coach.discard"


class _Stuck:
    """An expert that never finishes thinking (until released)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def observe(self, e):
        pass

    def act(self, d):
        self.release.wait()
        return PASS


def test_a_line_not_ready_in_time_is_dropped_and_never_shown_later():
    now = [0.0]
    stuck = _Stuck()
    coach = lc.LiveCoach(make_expert=lambda: stuck, cap_s=2.0, clock=lambda: now[0])
    t, d = _first_turn()
    coach.open(d, t.events, 0)
    coach.chose(d, Discard(T("3m")))
    now[0] = 1.0
    assert coach.poll() is None and coach.current is not None  # still within its time
    now[0] = 3.5
    assert coach.poll() is None and coach.current is None  # dropped
    stuck.release.set()
    assert coach.poll() is None


def test_a_new_decision_drops_the_last_one_unsaid():
    t, d = _first_turn()
    stuck = _Stuck()
    coach = lc.LiveCoach(make_expert=lambda: stuck)
    coach.open(d, t.events, 0)
    first = coach.current
    coach.open(d, t.events, 0)
    assert first is not None and first.cancelled and coach.current is not first
    stuck.release.set()


def test_the_safe_tile_against_an_uper_player_is_the_reason_when_it_is_one():
    from test_the_danger_assist_marks_exactly_safe_tiles_and_why import _east_after_wests_uper

    obs, after = _east_after_wests_uper()
    d = Decision(0, "turn", (Discard(T("6p")), Discard(T("4p"))), {}, obs)
    line = lc.judge(d, Discard(T("6p")), Discard(T("4p")), after)
    assert line == lc.DISCARD(tile=T("4p"), kept=T("6p"), why=lc.WHY_SAFE(seat=2))
    assert da.danger_view(obs, after).tiles[T("4p")].safe


def test_uper_or_silent_is_said_in_words():
    _t, d = _first_turn()
    k = T("9m")
    assert lc.judge(d, Discard(k), Discard(k, uper=True)) == lc.INSTEAD(
        action=Discard(k, uper=True), why=lc.UPER_YES())
    assert lc.judge(d, Discard(k, uper=True), Discard(k)) == lc.INSTEAD(
        action=Discard(k), why=lc.UPER_NO())


def _claim_on(east: str, others: list[str], draws: str, first: str) -> Decision:
    """East throws `first`; South throws its first draw: East's claim decision on it."""
    t = Table(RuleSet(flowers=False), seed=1, wall=rig_wall([east, *others], draws),
              dice=[(3, 3), (2, 3)])
    t.submit(0, Discard(T(first)))
    for s, d in sorted(t.pending().items()):
        if d.kind == "claim":
            t.submit(s, PASS)
    t.submit(1, Discard(T(draws[:2])))
    return t.pending()[0]


OTHERS = ["9m2p3p4p8p1z2z3z4z6z6m7m8m", "9m2p3p4p8p1z2z3z4z6z6m7m8m", "1m2m3m4m6p7p8p9p5z6z7z7z1z"]


def test_a_pung_the_expert_would_pass_says_what_it_gives_up():
    """55m 13m 123p 456p 789p: the pung of South's 5m leaves only All pungs (the coach's own
    warning at the claim prompt)."""
    from game.engine.actions import Pung

    d = _claim_on("55m13m123p456p789p7z", OTHERS, "5m", "7z")
    assert lc.judge(d, Pung(), PASS) == lc.INSTEAD(action=PASS, why=lc.CALL_ROUTES(n=1))


def test_a_pass_the_expert_would_pung_says_the_pung_brings_the_hand_nearer():
    """55m 1m 9m 123p 456p 7z 1z 2z 3z... two tiles from ready; the pung of 5m makes it one."""
    from game.engine.actions import Pung

    d = _claim_on("55m19m123p456p13z67z", OTHERS, "5m", "7z")
    assert lc.judge(d, PASS, Pung()) == lc.INSTEAD(action=Pung(), why=lc.CALL_CLOSER())


def test_a_worker_whose_player_never_answers_ends_without_a_line(monkeypatch):
    """A table left while its decision was open never answers: the worker gives up."""
    monkeypatch.setattr(lc.LiveCoach, "WAIT_ROUNDS", 2)
    t, d = _first_turn()
    coach = lc.LiveCoach()
    coach.open(d, t.events, 0)
    v = coach.current
    assert v is not None and v.done.wait(60)  # ended, though nobody answered
    assert v.line is None and coach.poll() is None
