"""Golden playthroughs: five whole hands, rebuilt and compared with tests/golden_play/*.txt.

A rule change that alters one of these hands fails here with the diff. If the change is meant,
run ``python tools/make_golden_play.py`` and read the new transcripts before committing them.
"""

import difflib
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_golden_play",
                                               ROOT / "tools" / "make_golden_play.py")
golden = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = golden  # its dataclasses look their module up
_spec.loader.exec_module(golden)


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_the_hand_plays_as_its_transcript_says(name):
    path = ROOT / "tests" / "golden_play" / f"{name}.txt"
    want = path.read_text(encoding="utf-8") if path.exists() else ""
    got = golden.transcript(name)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            f"stored {path.name}", "played now", n=2))
        pytest.fail(f"the golden hand {name} plays differently now:\n{diff}\n"
                    f"If the rules changed on purpose, run: python tools/make_golden_play.py",
                    pytrace=False)


def test_every_stored_transcript_has_a_hand():
    stored = {p.stem for p in (ROOT / "tests" / "golden_play").glob("*.txt")}
    assert stored == set(golden.GAMES)


def test_transcripts_name_no_machine_paths_or_times():
    for name in golden.GAMES:
        text = golden.transcript(name)
        assert str(ROOT) not in text and "/home/" not in text and "/tmp/" not in text
