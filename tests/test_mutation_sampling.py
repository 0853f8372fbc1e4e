"""tools/mutation.py's sample estimate (docs/mutation-testing.md): the draw, the Wilson
interval and the sample's line. Pure functions: mutmut need not be installed."""

from __future__ import annotations

from collections import Counter

import pytest


@pytest.fixture(scope="module")
def tool(load_script):
    return load_script("tools/mutation.py", "mutation_tool")


@pytest.mark.parametrize(("killed", "n", "low", "high"), [
    # worked out by hand from the formula (z = 1.96): the interval is not centred on k/n
    (8, 10, 0.4902, 0.9433),
    (120, 150, 0.7289, 0.8562),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 2, 0.0945, 0.9055),
])
def test_the_wilson_interval_matches_worked_examples(tool, killed, n, low, high):
    got = tool.wilson(killed, n)
    assert got == pytest.approx((low, high), abs=5e-5)
    assert got[0] <= killed / n <= got[1]


def test_the_wilson_interval_narrows_with_the_sample_and_refuses_nonsense(tool):
    widths = [tool.wilson(4 * n // 5, n) for n in (50, 150, 600)]
    assert [h - lo for lo, h in widths] == sorted((h - lo for lo, h in widths), reverse=True)
    assert tool.wilson(0, 0) == (0.0, 1.0)  # nothing measured: nothing known
    with pytest.raises(ValueError, match="11 killed of 10 mutants"):
        tool.wilson(11, 10)
    with pytest.raises(ValueError, match="-1 killed of 10 mutants"):
        tool.wilson(-1, 10)


NAMES = [f"game.ui.layout.x_f{f}__mutmut_{i}" for f in range(20) for i in range(1, 51)]


def test_the_draw_is_seeded_and_does_not_depend_on_the_names_order(tool):
    first = tool.draw(NAMES, 150, seed=3)
    assert len(first) == len(set(first)) == 150 and set(first) <= set(NAMES)
    assert tool.draw(list(reversed(NAMES)), 150, seed=3) == first
    assert tool.draw(NAMES + NAMES[:10], 150, seed=3) == first  # a name listed twice is one mutant
    assert tool.draw(NAMES, 150, seed=4) != first
    assert tool.draw(NAMES, 5000, seed=3) == sorted(NAMES)  # asking for more than there are


def test_the_draw_is_uniform_over_all_mutants(tool):
    """Over many seeds every function's mutants are drawn in proportion to their number: the
    sample does not favour the first file, the fast mutants or one function."""
    names = [f"a.x_small__mutmut_{i}" for i in range(1, 11)] + \
            [f"b.x_big__mutmut_{i}" for i in range(1, 91)]
    per_function = Counter(name.split(".")[1].split("__")[0]
                           for seed in range(400) for name in tool.draw(names, 20, seed))
    share = per_function["x_small"] / (400 * 20)
    assert share == pytest.approx(0.10, abs=0.01)  # 10 of the 100 mutants
    seen = Counter(name for seed in range(400) for name in tool.draw(names, 20, seed))
    assert len(seen) == 100 and min(seen.values()) > 0.5 * max(seen.values())


def test_the_estimate_counts_timeouts_as_killed_and_leaves_out_skipped_and_untested(tool):
    codes = {"m1": 1, "m2": 3, "m3": 24, "m4": 0, "m5": 33, "m6": 34, "m7": None, "m8": 0}
    line = tool.estimate("table", codes, population=3000)
    # killed: m1, m2, m3 (timeout); against: m4, m8 (survived), m5 (no tests); out: m6, m7
    assert "sample of 8 of 3000 mutants: 3/6 killed = 50.0 %" in line
    low, high = tool.wilson(3, 6)
    assert f"95 % interval {100 * low:.1f}-{100 * high:.1f} %" in line
    assert "not tested 1" in line and "skipped 1" in line and "no tests 1" in line
    assert "equivalent" not in line


def test_the_estimate_without_equivalents_counts_only_listed_survivors(tool):
    codes = {"m1": 1, "m2": 0, "m3": 0, "m4": 1}
    # m1 is listed but killed: it stays; m9 is listed but not in the sample
    line = tool.estimate("practice", codes, 100, listed={"m2", "m1", "m9"})
    assert "2/4 killed = 50.0 %" in line
    assert "without the 1 listed as equivalent: 2/3 = 66.7 %" in line


def test_a_verdict_names_every_exit_code(tool):
    assert [tool.verdict(c) for c in (1, 3, 24, -24, 34, 33, 5, 0, None, -11)] == [
        "killed", "killed", "timeout", "timeout", "skipped", "no tests", "no tests",
        "survived", "not tested", "suspicious"]
