"""Ctrl+C (or SIGTERM) always ends a logged `simulate`, even when Python swallowed the KeyboardInterrupt:
a signal that lands inside a ``__del__`` or a weakref callback is only printed ("Exception
ignored in ..."), and the session would then play on to its last hand (CI saw a 10,000-hand
simulation outlive SIGINT by a minute). The hand loop stops at the next hand instead."""

import signal

import pytest

from game.cli import simulate as sim
from game.engine.rules import RuleSet


def test_an_interrupt_swallowed_during_a_hand_stops_the_session_at_the_next(monkeypatch, tmp_path):
    played = []
    real = sim.play_hand

    def play_hand(table, players, **kw):
        played.append(1)
        if len(played) == 2:
            try:  # what Python does with an exception raised in a __del__: prints it, goes on
                sim._interrupt(signal.SIGINT, None)
            except KeyboardInterrupt:
                pass
        return real(table, players, **kw)

    monkeypatch.setattr(sim, "play_hand", play_hand)
    with sim._terminate_as_interrupt(False), pytest.raises(KeyboardInterrupt):
        sim.simulate(RuleSet(), 5, 50, ["random"] * 4, check=False, log=str(tmp_path / "s.jsonl"))
    assert len(played) == 2


def test_a_new_session_starts_with_no_interrupt_left_over(tmp_path):
    sim.INTERRUPTED.append(signal.SIGINT)
    with sim._terminate_as_interrupt(False):
        s = sim.simulate(RuleSet(), 5, 3, ["random"] * 4, check=False, log=str(tmp_path / "s.jsonl"))
    assert s.hand_no >= 3
