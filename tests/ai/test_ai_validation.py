"""Every seat plays hundreds of seeded hands with only legal actions (the table raises on any
other), under the default rules and a few house rules, with the invariants checked."""

import pytest

from ai.registry import make_seat
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table

SEATS = ["random", "greedy", "ai:beginner", "ai:standard", "ai:expert"]


def run(name: str, hands: int, rules: RuleSet, seed0: int = 0) -> dict[str, int]:
    # the tested seat plays two seats, next to a random seat (odd claims, kongs, upers) and greedy
    a, b = make_seat(name, seed=1), make_seat(name, seed=2)
    seats = [a, make_seat("random", seed=3), b, make_seat("greedy")]
    tally = {"hands": 0, "wins": 0, "decisions": 0}
    explained = 0

    class Counting:
        def __init__(self, inner):
            self.inner = inner

        def act(self, decision):
            nonlocal explained
            action = self.inner.act(decision)
            assert action in decision.legal, (name, decision.kind, action, decision.legal)
            tally["decisions"] += 1
            explained += bool(self.inner.explain())
            return action

        def observe(self, e):
            self.inner.observe(e)

    wrapped = [Counting(s) for s in seats]
    for i in range(hands):
        order = wrapped[i % 4:] + wrapped[:i % 4]  # every seat deals
        t = Table(rules, seed=seed0 + i, on_event=check_table)
        r = play_hand(t, order)
        tally["hands"] += 1
        tally["wins"] += len(r.winners)
    assert explained == tally["decisions"]  # every decision has a one-line reason
    return tally


@pytest.mark.parametrize("name", SEATS)
def test_two_hundred_hands_all_legal(name):
    t = run(name, 200, RuleSet())
    assert t["hands"] == 200 and t["wins"] > 0


@pytest.mark.parametrize("rules", [
    RuleSet(strict_table=True),  # false wins and upers become legal, penalised: seats avoid them
    RuleSet(flowers=False, prevalent_wind="east", uper_min_wall=10),
    RuleSet(preset="samsiki", several_winners="all", nine_major_threshold=10),
], ids=["strict", "no-flowers-east-wind", "samsiki-all-win"])
@pytest.mark.parametrize("name", ["greedy", "ai:expert"])
def test_house_rules(name, rules):
    run(name, 40, rules, seed0=1000)


def test_no_seat_makes_a_false_declaration_on_a_strict_table():
    rules = RuleSet(strict_table=True)
    for name in ("greedy", "ai:standard"):
        seats = [make_seat(name) for _ in range(4)]
        for i in range(30):
            t = Table(rules, seed=500 + i)
            play_hand(t, seats)
            assert not any(ss.penalised for ss in t.seat_state), (name, i)


@pytest.mark.parametrize("name", SEATS[1:])
def test_a_seat_decides_from_its_observation_only(name):
    # the same East hand, different hidden tiles elsewhere: equal observations, equal decisions
    from game.engine.table import rig_wall
    rules = RuleSet(flowers=False)
    decisions = set()
    for seed in (1, 2, 3):
        t = Table(rules, seed=seed, wall=rig_wall(["123m55p789p12346z9m", None, None, None]))
        d = t.pending()[0]
        assert d.observation == Table(rules, seed=1, wall=rig_wall(
            ["123m55p789p12346z9m", None, None, None])).pending()[0].observation
        decisions.add(make_seat(name).act(d))
    assert len(decisions) == 1
