"""A hand rebuilt from its recorded actions (`game.engine.replay.rebuild_hand`, the one place
every reader of a record uses) is the hand that was played: the same events after every action
asked for, the same end; a refused action is named by its hand and step."""

from __future__ import annotations

import pytest

from ai.random_seat import RandomSeat
from game.engine.actions import Discard
from game.engine.driver import HandDriver
from game.engine.errors import ReplayError
from game.engine.replay import HandRebuild, RebuildError, rebuild_hand, start_table
from game.engine.rules import RuleSet
from game.engine.table import Table

SEEDS = (1, 7, 23)


def played(seed: int, rules: RuleSet | None = None, hand: int = 1):
    """A seeded hand played by random seats: its table, its actions in order and the events
    on the table after 0, 1, 2 ... of them."""
    rules = rules or RuleSet()
    t = Table(rules, seed, hand=hand)
    seats = [RandomSeat(seed * 4 + s) for s in range(4)]
    actions: list[tuple[int, object]] = []
    after = [list(t.events)]
    while not t.is_over:
        seat, d = min(t.pending().items())
        action = seats[seat].act(d)
        t.submit(seat, action)
        actions.append((seat, action))
        after.append(list(t.events))
    return t, actions, after


def state(t: Table) -> tuple:
    """Everything a seat or the score sees of a table."""
    return (tuple(t.observation(s) for s in range(4)), t.result, [e.to_json() for e in t.events])


@pytest.mark.parametrize("seed", SEEDS)
def test_every_stop_point_has_the_events_of_the_original(seed):
    _t, actions, after = played(seed)
    n = len(actions)
    for upto in sorted({0, 1, 2, n // 3, n // 2, n - 1, n}):
        r = rebuild_hand(Table(RuleSet(), seed), actions, upto=upto)
        assert r.steps == upto and r.error is None
        assert r.table.events == after[upto]
        assert r.counts == [len(x) for x in after[:upto + 1]]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_whole_hand_rebuilds_to_the_same_end(seed):
    t, actions, _ = played(seed, RuleSet(flowers=True))
    r = rebuild_hand(Table(RuleSet(flowers=True), seed), actions)
    assert r.table.is_over and state(r.table) == state(t)


def test_a_recorded_hand_start_deals_the_same_table_again():
    t, actions, _ = played(5, hand=3)
    start = t.events[0]
    r = rebuild_hand(start_table(start), actions)
    assert state(r.table) == state(t)


def test_listeners_hear_the_rebuilt_hand_as_it_was_played():
    """A record writer listening to a rebuild (Continue) gets the lines of the original."""
    class Ears:
        def __init__(self):
            self.heard = []

        def on_event(self, table, e):
            self.heard.append(("event", e))

        def on_action(self, hand, seat, action):
            self.heard.append(("action", seat, action))

    seats = [RandomSeat(40 + s) for s in range(4)]
    live = Ears()
    HandDriver(Table(RuleSet(), 9), seats, listeners=[live]).run()
    actions = [(x[1], x[2]) for x in live.heard if x[0] == "action"]
    again = Ears()
    rebuild_hand(Table(RuleSet(), 9), actions, listeners=[again])
    assert again.heard == live.heard


def illegal_at(actions, j):
    """The actions with the `j`-th (0-based) replaced by a discard its seat cannot make: a
    tile kind it does not hold, or the right action by the wrong seat."""
    seat, _ = actions[j]
    bad = list(actions)
    bad[j] = ((seat + 1) % 4, Discard(0))
    return bad


@pytest.mark.parametrize("seed", SEEDS)
def test_an_illegal_recorded_action_names_the_hand_and_the_step(seed):
    _t, actions, _after = played(seed, hand=2)
    j = len(actions) // 2
    bad = illegal_at(actions, j)
    with pytest.raises(RebuildError) as e:
        rebuild_hand(Table(RuleSet(), seed, hand=2), bad)
    assert isinstance(e.value, ReplayError)
    assert (e.value.hand, e.value.step) == (2, j + 1)
    assert e.value.message.code == "replay.step"
    assert str(e.value).startswith(f"hand 2, action {j + 1}: ")
    assert e.value.why.code == "error.illegal"  # the engine's own reason, kept as it is


def test_not_strict_keeps_what_rebuilt_and_says_why_it_stopped():
    _t, actions, after = played(7)
    j = len(actions) // 2
    r = rebuild_hand(Table(RuleSet(), 7), [(100 + i, s, a) for i, (s, a) in
                                           enumerate(illegal_at(actions, j))], strict=False)
    assert r.steps == j and r.table.events == after[j]
    assert r.error is not None and r.error.step == j + 1 and r.error.line == 100 + j


def test_actions_after_the_end_are_refused_unless_asked_to_stop_at_the_end():
    t, actions, _ = played(1)
    extra = [*actions, actions[-1]]
    with pytest.raises(RebuildError) as e:
        rebuild_hand(Table(RuleSet(), 1), extra)
    assert e.value.step == len(extra)
    r = rebuild_hand(Table(RuleSet(), 1), extra, stop_when_over=True)
    assert r.steps == len(actions) and state(r.table) == state(t)


def test_a_rebuild_played_step_by_step_counts_the_events_after_each_action():
    _t, actions, after = played(23)
    r = HandRebuild(Table(RuleSet(), 23))
    for i, (seat, a) in enumerate(actions[:5], 1):
        r.play(seat, a)
        assert r.table.events == after[i] and r.counts[-1] == len(after[i])
