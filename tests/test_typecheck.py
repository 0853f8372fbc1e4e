"""The pure engine is type-checked with mypy (STYLE: "type hints checked by mypy on the engine")."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_engine_passes_mypy():
    pytest.importorskip("mypy", reason="mypy is part of the test extras")
    proc = subprocess.run(  # noqa: PLW1510 - the exit status is asserted below
        [sys.executable, "-m", "mypy", "--ignore-missing-imports", "--no-error-summary",
         "game/engine"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
