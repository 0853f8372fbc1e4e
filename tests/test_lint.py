"""The code passes ``ruff check`` with the rule set in pyproject.toml ([tool.ruff.lint]); any
finding fails the test with ruff's report (issue 12: "Lint and types in CI")."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PATHS = ["game", "ai", "tests", "tools", "bench"]


def test_ruff_check_is_clean():
    pytest.importorskip("ruff", reason="ruff is part of the test extras")
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", *PATHS],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
