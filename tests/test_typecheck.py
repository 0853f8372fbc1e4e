"""game/ and ai/ are type-checked with mypy (issue 12: "Lint and types in CI").

The files and the strictness are in pyproject.toml ([tool.mypy]), so this runs plain ``mypy``,
the same command as pre-commit; any error fails the test with mypy's report. With a warm cache
(tool.mypy.cache_dir) it takes well under a second; cold, about 4 s.
"""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_game_and_ai_pass_mypy():
    pytest.importorskip("mypy", reason="mypy is part of the test extras")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
