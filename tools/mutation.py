#!/usr/bin/env python3
"""Mutation testing one package at a time with mutmut (docs/mutation-testing.md).

    python tools/mutation.py ai                  # run ai's mutants, then print its score
    python tools/mutation.py ai practice table   # one after the other
    python tools/mutation.py --score             # the scores of the last runs, running nothing
    python tools/mutation.py --survivors table   # the names of the mutants no test caught
    python tools/mutation.py --retry table       # test the survivors again (after adding tests)
    python tools/mutation.py --sample 150 --seed 1 table   # estimate from 150 mutants drawn at random
    python tools/mutation.py --sample 150 --seed 1 --retry table  # that sample's survivors again
    python tools/mutation.py --sample 150 --seed 1 --score table  # that sample's estimate, run nothing

The packages, the files each one mutates and the tests that cover them are in pyproject.toml
(`[tool.mutmut.packages.NAME]`). Each package runs in its own folder, mutants/NAME/, with links to
the code and the tests and a pyproject.toml whose [tool.mutmut] is that package's, so the packages
keep their results apart and a second run only tests what changed. Inside it mutmut's own commands
work as usual: `cd mutants/ai && mutmut show ai.heuristic.x_foo__mutmut_3` shows one mutant.

The score is killed / (total - skipped): a mutant is killed when a test fails on it or it runs
past its time limit (mutmut's "timeout", counted as killed as mutmut's own badge does); a mutant
that no selected test runs ("no tests"), a survivor and a "suspicious" one count against it. Only
mutants mutmut skips are left out. Mutants that cannot change what the program does are listed in
tools/mutation_equivalent.txt with the reason; the score is printed with and without them.

A full run takes hours (the table has over 3,000 mutants, about 9 a minute on two shared cores).
`--sample N --seed S` lists every mutant of the package without running any (mutmut's own
mutation step, in this process), draws N of them uniformly with the seed, runs mutmut on those
names only and reports killed/N with a 95 % Wilson interval: an unbiased estimate of the full
run's score. Tests written for one sample's survivors make that sample look better than the
package is, so the figure to publish comes from a fresh seed drawn after the tests were written.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Collection
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "mutants"
EQUIVALENT = Path(__file__).resolve().with_name("mutation_equivalent.txt")
# what each package's folder links to: the code, the tests and what the tests read (tools:
# the golden sessions are written by tools/make_golden_ai.py, which their test loads)
LINKED = ("ai", "game", "tests", "conftest.py", "docs", "bench", "tools")
# mutmut's exit codes (mutmut/stats.py)
KILLED = {1, 3}
TIMEOUT = {-24, 24, 152, 255, 36}
SKIPPED = {34}
NO_TESTS = {5, 33}
SURVIVED = {0}


def _config() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["mutmut"]


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def _without_mutmut_tables(text: str) -> str:
    """pyproject.toml's text without its [tool.mutmut...] tables (the package's replaces them)."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("[") and not stripped.startswith("[["):
            skipping = stripped.startswith("[tool.mutmut")
        elif stripped.startswith("[[") and skipping:
            pass
        if not skipping:
            out.append(line)
    return "".join(out)


def prepare(name: str, deselect: list[str] | None = None) -> Path:
    """mutants/NAME/: links to the code and tests, and a pyproject.toml for this package only
    (`deselect`: tests left out of this run besides the package's own, e.g. ones that fail in
    the working tree for reasons of their own: mutmut needs a green run to start)."""
    config = _config()
    package = config["packages"][name]
    work = WORK / name
    work.mkdir(parents=True, exist_ok=True)
    for entry in LINKED:
        link = work / entry
        if not link.is_symlink():
            if link.exists():
                raise SystemExit(f"{link} is in the way of the link to {ROOT / entry}")
            link.symlink_to(ROOT / entry)
    own = {key: value for key, value in config.items() if key != "packages"}
    own["only_mutate"] = package["only_mutate"]
    own["pytest_add_cli_args_test_selection"] = list(package["tests"]) + [
        arg for node in deselect or [] for arg in ("--deselect", node)]
    text = _without_mutmut_tables((ROOT / "pyproject.toml").read_text("utf-8")).rstrip("\n")
    text += f"\n\n# written by tools/mutation.py for the package {name!r}\n[tool.mutmut]\n"
    text += "".join(f"{key} = {_toml_value(value)}\n" for key, value in own.items())
    target = work / "pyproject.toml"
    if not target.exists() or target.read_text("utf-8") != text:
        target.write_text(text, "utf-8")
    return work


def _mutmut() -> str:
    beside = Path(sys.executable).with_name("mutmut")
    found = str(beside) if beside.exists() else shutil.which("mutmut")
    if not found:
        raise SystemExit("mutmut is not installed: pip install --group mutation (pip >= 25.1)")
    return found


def run(name: str, children: int, names: list[str] | None = None,
        deselect: list[str] | None = None) -> int:
    work = prepare(name, deselect)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [_mutmut(), "run", "--max-children", str(children), *(names or [])]
    return subprocess.run(command, cwd=work, env=env, check=False).returncode


def results(name: str) -> dict[str, int | None]:
    """Every mutant of the package's last run and its exit code (None: not tested yet)."""
    codes: dict[str, int | None] = {}
    base = WORK / name / "mutants"
    patterns = _config()["packages"][name]["only_mutate"]
    for meta in sorted(base.rglob("*.py.meta")):
        source = str(meta.relative_to(base).with_suffix(""))
        if not any(fnmatch(source, pattern) for pattern in patterns):
            continue
        codes.update(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])
    return codes


def equivalent() -> dict[str, str]:
    """tools/mutation_equivalent.txt: `mutant name  # why it changes nothing`, one a line."""
    listed: dict[str, str] = {}
    if EQUIVALENT.exists():
        for line in EQUIVALENT.read_text("utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                key, _, why = line.partition("#")
                listed[key.strip()] = why.strip()
    return listed


def score(name: str) -> str:
    codes = results(name)
    if not codes:
        return f"{name}: no results yet (python tools/mutation.py {name})"
    count: Counter[str] = Counter()
    for code in codes.values():
        if code in KILLED:
            count["killed"] += 1
        elif code in TIMEOUT:
            count["timeout"] += 1
        elif code in SKIPPED:
            count["skipped"] += 1
        elif code in NO_TESTS:
            count["no tests"] += 1
        elif code in SURVIVED:
            count["survived"] += 1
        elif code is None:
            count["not tested"] += 1
        else:
            count["suspicious"] += 1
    caught = count["killed"] + count["timeout"]
    total = len(codes) - count["skipped"]
    listed = {key for key in equivalent() if codes.get(key) in SURVIVED | NO_TESTS}
    line = (f"{name}: {caught}/{total} killed = {100 * caught / max(total, 1):.1f} %"
            f" ({', '.join(f'{k} {v}' for k, v in sorted(count.items()))})")
    tested = total - count["not tested"]
    if count["not tested"]:
        line += f"; of the {tested} tested: {100 * caught / max(tested, 1):.1f} % (run unfinished)"
    if listed:
        line += (f"; without the {len(listed)} listed as equivalent: {caught}/{total - len(listed)}"
                 f" = {100 * caught / max(total - len(listed), 1):.1f} %")
    return line


def survivors(name: str) -> list[str]:
    listed = equivalent()
    return sorted(key for key, code in results(name).items()
                  if code in SURVIVED | NO_TESTS and key not in listed)


def wilson(killed: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for `killed` of `n` drawn at random."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= killed <= n:
        raise ValueError(f"{killed} killed of {n} mutants")
    p = killed / n
    middle = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if killed == 0 else max(0.0, middle - half)
    return low, 1.0 if killed == n else min(1.0, middle + half)


def draw(names: list[str], n: int, seed: int) -> list[str]:
    """n of the names, uniformly without replacement; the same names and seed give the same draw
    whatever order the names come in. All of them (sorted) when n is not smaller."""
    pool = sorted(set(names))
    if n >= len(pool):
        return pool
    return sorted(random.Random(seed).sample(pool, n))


def verdict(code: int | None) -> str:
    """One mutant's result in the words of the score: killed, timeout, skipped, no tests, ..."""
    if code in KILLED:
        return "killed"
    if code in TIMEOUT:
        return "timeout"
    if code in SKIPPED:
        return "skipped"
    if code in NO_TESTS:
        return "no tests"
    if code in SURVIVED:
        return "survived"
    if code is None:
        return "not tested"
    return "suspicious"


def estimate(name: str, codes: dict[str, int | None], population: int,
             listed: Collection[str] = ()) -> str:
    """The sample's line: killed/N with the Wilson interval, the counts, and the same without the
    sampled mutants listed as equivalent. Skipped mutants leave the sample; untested ones too
    (with a note), so an unfinished run still says what it knows."""
    count = Counter(verdict(code) for code in codes.values())
    caught = count["killed"] + count["timeout"]
    n = len(codes) - count["skipped"] - count["not tested"]
    low, high = wilson(caught, n)
    line = (f"{name}: sample of {len(codes)} of {population} mutants: {caught}/{n} killed ="
            f" {100 * caught / max(n, 1):.1f} % (95 % interval {100 * low:.1f}-{100 * high:.1f} %;"
            f" {', '.join(f'{k} {v}' for k, v in sorted(count.items()))})")
    equivalent_here = {key for key in listed
                       if key in codes and verdict(codes[key]) in ("survived", "no tests")}
    if equivalent_here:
        m = n - len(equivalent_here)
        low, high = wilson(caught, m)
        line += (f"; without the {len(equivalent_here)} listed as equivalent: {caught}/{m} ="
                 f" {100 * caught / max(m, 1):.1f} % ({100 * low:.1f}-{100 * high:.1f} %)")
    return line


def mutant_names(name: str) -> list[str]:
    """Every mutant of the package, by mutmut's name, made in this process without running any:
    mutmut's own mutation step on each file its only_mutate patterns match (the same names
    `mutmut run` gives them)."""
    try:
        from mutmut.mutation.file_mutation import mutate_file_contents
        from mutmut.utils.format_utils import get_mutant_name
    except ImportError:
        raise SystemExit("mutmut is not installed: pip install --group mutation (pip >= 25.1)") \
            from None
    patterns = _config()["packages"][name]["only_mutate"]
    names: list[str] = []
    for root in _config().get("source_paths", ["."]):
        for path in sorted((ROOT / root).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if not any(fnmatch(str(relative), pattern) for pattern in patterns):
                continue
            mutated = mutate_file_contents(str(relative), path.read_text("utf-8"))
            names.extend(get_mutant_name(relative, mutant) for mutant in mutated.mutant_names)
    return sorted(set(names))


def _sample_file(name: str, n: int, seed: int) -> Path:
    return WORK / name / f"sample-{n}-{seed}.json"


def sample(name: str, n: int, seed: int, children: int, retry: bool, run_nothing: bool,
           deselect: list[str] | None = None) -> int:
    """Draw (or reload) the sample, run mutmut on it (or its survivors), print the estimate."""
    work = WORK / name if run_nothing else prepare(name, deselect)
    work.mkdir(parents=True, exist_ok=True)
    stored = _sample_file(name, n, seed)
    if stored.exists():
        kept = json.loads(stored.read_text("utf-8"))
        chosen, population = kept["names"], kept["population"]
    else:
        every = mutant_names(name)
        chosen, population = draw(every, n, seed), len(every)
        stored.write_text(json.dumps({"package": name, "n": n, "seed": seed,
                                      "population": population, "names": chosen}, indent=1),
                          "utf-8")
    status = 0
    if not run_nothing:
        codes = results(name) if (work / "mutants").exists() else {}
        listed = equivalent()
        todo = [key for key in chosen
                if not retry or (verdict(codes.get(key)) in ("survived", "no tests", "not tested")
                                 and key not in listed)]
        if todo:
            status = run(name, children, todo, deselect)
    codes = results(name)
    print(estimate(name, {key: codes.get(key) for key in chosen}, population, set(equivalent())))
    return status


def main(argv: list[str] | None = None) -> int:
    packages = sorted(_config()["packages"])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("packages", nargs="*", metavar="PACKAGE",
                        help=f"one or more of {', '.join(packages)} (default: all)")
    parser.add_argument("--max-children", type=int, default=2,
                        help="parallel mutant runs (default 2: the machine has 2 cores)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--score", action="store_true", help="print the last scores, run nothing")
    what.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    what.add_argument("--retry", action="store_true",
                      help="test the survivors again (mutmut keeps a verdict until the code changes)")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="estimate the score from N mutants drawn at random (95 %% interval)")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    parser.add_argument("--deselect", action="append", metavar="NODE", default=[],
                        help="leave this test out of the run too (repeatable; a test that fails"
                             " in the working tree stops mutmut before it starts)")
    args = parser.parse_args(argv)
    chosen = args.packages or packages
    for name in chosen:
        if name not in packages:
            parser.error(f"unknown package {name!r}: one of {', '.join(packages)}")
    status = 0
    if args.sample is not None:
        if args.sample <= 0 or args.survivors:
            parser.error("--sample takes a positive N, with --retry or --score or alone")
        for name in chosen:
            status |= sample(name, args.sample, args.seed, args.max_children, args.retry,
                             args.score, args.deselect)
        return status
    for name in chosen:
        if args.survivors:
            print("\n".join(survivors(name)))
            continue
        if args.retry:
            again = survivors(name)
            if again:
                status |= run(name, args.max_children, again, args.deselect)
        elif not args.score:
            status |= run(name, args.max_children, deselect=args.deselect)
    if not args.survivors:
        for name in chosen:
            print(score(name))
    return status


if __name__ == "__main__":
    sys.exit(main())
