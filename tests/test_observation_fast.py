"""`frozen_fast` builds the engine's observations and decisions without the dataclass
constructor: the result must be indistinguishable from the normal construction."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from game.engine.observation import Observation, frozen_fast
from game.engine.rules import RuleSet
from game.engine.table import Decision, Table


def _values(obj: object) -> dict[str, object]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_observation_built_fast_equals_the_constructed_one(seed: int) -> None:
    table = Table(RuleSet(), seed=seed)
    for seat in range(4):
        fast = table.observation(seat)
        slow = Observation(**_values(fast))
        assert fast == slow
        assert hash(fast) == hash(slow)
        assert repr(fast) == repr(slow)
        assert pickle.loads(pickle.dumps(fast)) == slow
        assert dataclasses.replace(fast, wall_left=0) == dataclasses.replace(slow, wall_left=0)


def test_a_decision_built_fast_equals_the_constructed_one() -> None:
    decision = Table(RuleSet(), seed=4).pending()[0]
    slow = Decision(**_values(decision))
    assert _values(decision) == _values(slow) and repr(decision) == repr(slow)
    assert decision != slow and decision == decision  # identity, as the class says (eq=False)


def test_a_field_left_out_takes_its_default_as_in_the_constructor() -> None:
    values = _values(Table(RuleSet(), seed=6).observation(2))
    del values["dealer"]
    assert frozen_fast(Observation, **values) == Observation(**values)
    assert frozen_fast(Observation, **values).dealer == 0


def test_the_result_stays_frozen() -> None:
    obs = Table(RuleSet(), seed=5).observation(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.wall_left = 3  # type: ignore[misc]


def test_a_missing_or_unknown_field_is_refused_by_name() -> None:
    values = _values(Table(RuleSet(), seed=6).observation(1))
    missing = dict(values)
    del missing["wall_left"]
    with pytest.raises(TypeError, match=r"missing \['wall_left'\]"):
        frozen_fast(Observation, **missing)
    with pytest.raises(TypeError, match=r"unknown \['colour'\]"):
        frozen_fast(Observation, colour=1, **values)


def test_the_sorted_hand_follows_every_change_to_the_hand() -> None:
    """The observation's hand comes from a cache the table clears when a tile comes or goes."""
    table = Table(RuleSet(), seed=7)
    for _ in range(200):
        pending = table.pending()
        if not pending:
            break
        for seat in range(4):
            assert table.observation(seat).concealed == tuple(sorted(table.hand_kinds(seat)))
        d = next(iter(pending.values()))
        table.submit(d.seat, d.legal[-1])
