"""`bench/bench_params.py` (a level's `Params` with some fields changed, against the level by
duplicate play) reads its ``name=value`` settings as literals only, and compares like with like.
"""

from __future__ import annotations

import pytest

from ai import registry
from ai.heuristic import LEVELS, HeuristicSeat


@pytest.fixture(scope="module")
def bench(load_script):
    return load_script("bench/bench_params.py", "bench_params_tool")


def test_a_variant_changes_only_the_fields_named(bench):
    v = bench.variant_of("expert", ["far_pung_shanten=0", "far_pung_plans=('all pungs',)"])
    assert (v.far_pung_shanten, v.far_pung_plans, v.level) == (0, ("all pungs",), "variant")
    assert v.defence == LEVELS["expert"].defence and v.uper_model == LEVELS["expert"].uper_model


@pytest.mark.parametrize("setting, says", [
    ("nope=1", "not name=value with a field of Params"),
    ("far_pung_shanten", "not name=value"),
    ("far_pung_shanten=__import__('pathlib').Path('{marker}').touch()", "not a literal"),
])
def test_a_bad_setting_is_one_clear_error_and_never_runs(bench, tmp_path, setting, says):
    marker = tmp_path / "ran"
    with pytest.raises(SystemExit) as e:
        bench.variant_of("expert", [setting.format(marker=marker)])
    assert says in str(e.value) and not marker.exists()


def test_the_level_against_itself_differs_by_nothing(bench, monkeypatch):
    """The same parameters on the same walls play the same hands: both tables read zero."""
    params = bench.variant_of("expert", [])
    monkeypatch.setitem(registry.SEATS, "ai:variant",
                        lambda seed=None: HeuristicSeat("variant", seed, params))
    for table in ("experts", "mixed"):
        row = bench.play("expert", table, "level", 1, 5)
        assert row["level"]["per_wall"] and all(
            a == b for a, b in zip(row["level"]["per_wall"], row["variant"]["per_wall"]))
