"""Golden AI sessions: every decision of seeded hands played by the computer seats, rebuilt and
compared with tests/golden_ai/*.txt (`tools/make_golden_ai.py`).

Speed work on the engine or the AI must leave every decision as it was: a change that alters
one fails here with the diff. When a change of play is meant, run
``python tools/make_golden_ai.py`` and read the new transcripts before committing them.
"""

import difflib
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("make_golden_ai", ROOT / "tools" / "make_golden_ai.py")
golden = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = golden  # its dataclasses look their module up
_spec.loader.exec_module(golden)


@pytest.mark.parametrize("name", sorted(golden.SESSIONS))
def test_the_session_plays_as_its_transcript_says(name):
    path = ROOT / "tests" / "golden_ai" / f"{name}.txt"
    want = path.read_text(encoding="utf-8") if path.exists() else ""
    got = golden.transcript(name)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            f"stored {path.name}", "played now", n=2))
        pytest.fail(f"the golden AI session {name} plays differently now:\n{diff}\n"
                    "If the change of play is meant, run python tools/make_golden_ai.py and "
                    "read the diff before committing it.")


def test_each_session_shows_wins_upers_and_claims():
    """The sessions are chosen to exercise the decisions that matter, not only discards."""
    for name in golden.SESSIONS:
        text = (ROOT / "tests" / "golden_ai" / f"{name}.txt").read_text(encoding="utf-8")
        assert text.count(" wins (") >= 2, name
        assert ", uper)" in text, name
        assert "-> Pung()" in text or "-> Kong()" in text, name
