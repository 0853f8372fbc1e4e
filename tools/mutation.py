#!/usr/bin/env python3
"""Mutation testing one package at a time with mutmut (README, "Mutation testing").

    python tools/mutation.py ai                  # run ai's mutants, then print its score
    python tools/mutation.py ai practice table   # one after the other
    python tools/mutation.py --score             # the scores of the last runs, running nothing
    python tools/mutation.py --survivors table   # the names of the mutants no test caught
    python tools/mutation.py --retry table       # test the survivors again (after adding tests)

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
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "mutants"
EQUIVALENT = Path(__file__).resolve().with_name("mutation_equivalent.txt")
# what each package's folder links to: the code, the tests and what the tests read
LINKED = ("ai", "game", "tests", "conftest.py", "docs")
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


def prepare(name: str) -> Path:
    """mutants/NAME/: links to the code and tests, and a pyproject.toml for this package only."""
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
    own["pytest_add_cli_args_test_selection"] = package["tests"]
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


def run(name: str, children: int, names: list[str] | None = None) -> int:
    work = prepare(name)
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
    count = Counter()
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
    args = parser.parse_args(argv)
    chosen = args.packages or packages
    for name in chosen:
        if name not in packages:
            parser.error(f"unknown package {name!r}: one of {', '.join(packages)}")
    status = 0
    for name in chosen:
        if args.survivors:
            print("\n".join(survivors(name)))
            continue
        if args.retry:
            again = survivors(name)
            if again:
                status |= run(name, args.max_children, again)
        elif not args.score:
            status |= run(name, args.max_children)
    if not args.survivors:
        for name in chosen:
            print(score(name))
    return status


if __name__ == "__main__":
    sys.exit(main())
