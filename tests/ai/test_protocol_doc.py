"""docs/seat-protocol.md lists every message code a seat program can receive (written by
tools/seat_protocol_codes.py from the engine's message kinds)."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("seat_protocol_codes",
                                               ROOT / "tools" / "seat_protocol_codes.py")
codes = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = codes
_spec.loader.exec_module(codes)


def test_the_documented_message_codes_are_the_engines():
    text = codes.DOC.read_text(encoding="utf-8")
    assert codes.document(text) == text, "run python tools/seat_protocol_codes.py"


def test_the_table_names_the_reasons_a_program_sees():
    table = codes.table()
    for code in ("uper.cheap_wait", "uper.wall_short", "sacred.sd3", "win.chicken"):
        assert f"| `{code}` |" in table
    assert "| `sacred.sd3` | `pattern` text, `stem` stem, `tile` tile |" in table
    assert "ai." not in table  # the AI's explanations are never sent to a program
