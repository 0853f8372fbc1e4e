"""bench/bench_blunders.py counts the blunders issue 34 names: a seat made to pass its wins and
to throw the most dangerous tile is caught; the expert itself is not, on the same hands."""

import importlib.util
import sys
from collections import Counter
from pathlib import Path

from game.engine.actions import PASS, Discard, Win
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table

_path = Path(__file__).resolve().parents[2] / "bench" / "bench_blunders.py"
_spec = importlib.util.spec_from_file_location("bench_blunders", _path)
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_blunders"] = bench
_spec.loader.exec_module(bench)

from ai.heuristic import HeuristicSeat  # noqa: E402


class Reckless(HeuristicSeat):
    """Never wins on a discard, and after an opponent's uper throws a tile that is not safe."""

    def act(self, decision):
        chosen = super().act(decision)
        legal = decision.legal
        if Win() in legal and PASS in legal:
            return PASS
        if any(decision.observation.uper) and isinstance(chosen, Discard):
            others = [a for a in legal if isinstance(a, Discard) and not a.uper
                      and a.tile != chosen.tile]
            if others:
                return others[-1]
        return chosen


def _play(seat_class, hands=40, seed=7000):
    tally: Counter = Counter()
    examples: list = []
    for i in range(hands):
        s = seed + i
        play_hand(Table(RuleSet(), seed=s),
                  [bench.Watched(seat_class("expert", s * 4 + q), tally, examples)
                   for q in range(4)])
    return tally


def test_the_expert_makes_none_and_a_reckless_seat_is_caught():
    calm = _play(HeuristicSeat)
    assert calm["decisions"] > 1000 and calm["chances passed_win"] > 0
    assert calm["passed_win"] == 0
    reckless = _play(Reckless)
    assert reckless["passed_win"] > 0
    assert reckless["uper_push"] > 0


def test_scan_reads_a_variant_of_the_levels_params():
    tally, _ = bench.scan(2, 7000, "expert", suspicion=0.5)
    assert tally["decisions"] > 50
