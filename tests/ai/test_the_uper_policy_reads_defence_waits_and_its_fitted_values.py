"""The uper policy (`ai.uper_policy`): a discard safe anyway says nothing about defence, its
features read back from JSON, a wait no discard can win, and parameters fitted against a table
that never defends."""

from __future__ import annotations

import dataclasses
import json

import pytest

from ai.uper_policy import FITTED, TableDefence, UperFeatures, uper_words


def test_a_discard_that_was_safe_anyway_says_nothing_about_defence():
    """defence = (safe - chance + prior x fitted) / (max(0, discards - chance) + prior), with
    prior 8 and the fitted table's 0.8. One discard that is exactly safe when every tile was
    (chance 1.0): (1 - 1 + 6.4) / (0 + 8) = 0.8, the prior unchanged. One safe discard with
    chance 0.9: (0.1 + 6.4) / (0.1 + 8) = 6.5 / 8.1."""
    assert (FITTED.defence_prior, FITTED.table_defence) == (8.0, 0.8)
    t = TableDefence()
    t.record(1, safe=True, chance=1.0)
    assert t.defence(1) == pytest.approx(0.8)
    t = TableDefence()
    t.record(2, safe=True, chance=0.9)
    assert t.defence(2) == pytest.approx(6.5 / 8.1)


def test_uper_features_read_back_from_json_are_the_same():
    """Features stored as JSON (lists for tuples) come back equal to the ones stored."""
    f = UperFeatures.simple(3, 40)
    assert UperFeatures.from_dict(json.loads(json.dumps(f.as_dict()))) == f


def test_a_wait_that_no_discard_can_win_has_none_live_by_discard():
    """One wait, 3 live tiles, not winnable on a discard: the words say 0 by discard."""
    f = UperFeatures.simple(3, 40, discard=False)
    assert f.live_discard == 0
    assert uper_words(f)["by_discard"] == 0
    assert uper_words(UperFeatures.simple(3, 40))["by_discard"] == 3


def test_parameters_fitted_against_a_table_that_never_defends_keep_their_values():
    """A fitted table defence of 0: every table defends as much or more, nothing scales."""
    p = dataclasses.replace(FITTED, table_defence=0.0)
    assert p.against(0.5) == p
