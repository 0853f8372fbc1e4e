"""Session length "deals" (docs/rules.md 10.1, issue 30): the classical text's game "ordinarily
consists of 16 hands (or deals), though the number may be increased each time the dealer (East)
wins, or when a deal ends in a draw": `session_hands` then counts passes of the deal, and every
hand that kept the deal adds one. The default "hands" counts every hand, as before."""

import pytest

from ai.greedy import GreedySeat
from game.engine.replay import Recorder, replay_file
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.engine.table import HandResult


def play(rules: RuleSet, seed: int) -> Session:
    return play_session(Session(rules, seed), [GreedySeat(seed=p) for p in range(4)], observe=False)


def kept(results: list[HandResult]) -> int:
    return sum(1 for r in results if r.dealer_keeps)


@pytest.mark.parametrize("mode, dealer_keeps", [
    ("hands", "win_or_draw"), ("hands", "win"), ("deals", "win_or_draw"), ("deals", "win"),
])
def test_a_session_counts_hands_or_passes_of_the_deal(mode, dealer_keeps):
    rules = RuleSet(session_mode=mode, session_hands=4, dealer_keeps=dealer_keeps)
    s = play(rules, seed=11)
    assert len(s.results) == s.hand_no
    if mode == "hands":
        assert s.hand_no == 4
    else:  # four passes, and one more hand for each hand that kept the deal
        assert s.rotation == 4 and s.hand_no == 4 + kept(s.results)
        assert not s.results[-1].dealer_keeps  # the last hand passed the deal


def test_the_deals_mode_adds_hands_when_the_dealer_keeps():
    """Across a few seeds, some hand keeps the deal, so the session is longer than 4 hands."""
    lengths = [play(RuleSet(session_mode="deals", session_hands=4), seed).hand_no
               for seed in range(1, 6)]
    assert all(n >= 4 for n in lengths) and max(lengths) > 4


def test_a_deals_session_replays_to_the_same_end(tmp_path):
    rules = RuleSet(session_mode="deals", session_hands=3)
    s = Session(rules, 5)
    rec = Recorder(s)
    rec.play([GreedySeat(seed=p) for p in range(4)], observe=False)
    rec.save(tmp_path / "deals.jsonl")
    again = replay_file(tmp_path / "deals.jsonl")
    assert again.hand_no == s.hand_no and again.scores == s.scores and again.rotation == 3
