"""Write the table of message codes a seat program can receive into docs/seat-protocol.md.

    python tools/seat_protocol_codes.py           # rewrite the table between the markers
    python tools/seat_protocol_codes.py --check   # exit 1 if the document is out of date

A `cmd:` program receives the engine's reasons (``refused`` and ``observation.sacred``) as
``{"code", "args", "text"}`` objects (`ai.external.message_json`). The codes are the message
kinds of the rules engine (`game.engine.messages.KINDS` with the catalogue "engine", after
importing every module of `game.engine`); this tool lists each with its arguments and English,
so the document says exactly what the code can send. tests/ai/test_protocol_doc.py fails when
the table is stale.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DOC = ROOT / "docs" / "seat-protocol.md"
BEGIN = "<!-- message codes: written by tools/seat_protocol_codes.py -->"
END = "<!-- end of message codes -->"


def engine_kinds() -> list:
    """Every message kind of the rules engine, sorted by code (the docstrings' "doc." kinds and
    the records' reasons left out)."""
    import game.engine
    for info in pkgutil.walk_packages(game.engine.__path__, "game.engine."):
        importlib.import_module(info.name)
    from game.engine.messages import KINDS
    # the records' reasons share the engine's catalogue but no seat ever receives one (and
    # they are registered only where game.records was imported: the table must not depend on it)
    return sorted((k for k in KINDS.values() if k.domain == "engine"
                   and not k.code.startswith(("doc.", "record."))), key=lambda k: k.code)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table() -> str:
    """The Markdown table: code, arguments (name and type), English template(s)."""
    rows = ["| code | arguments | English |", "|---|---|---|"]
    for k in engine_kinds():
        args = ", ".join(f"`{name}` {t.value}" for name, t in sorted(k.params.items())) or "—"
        english = f"{k.english}" if k.plural is None else f"{k.english} / {k.plural}"
        rows.append(f"| `{k.code}` | {args} | {_cell(english)} |")
    return "\n".join(rows)


def document(text: str) -> str:
    """`text` (the document) with the table between the markers replaced."""
    try:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
    except ValueError:
        raise SystemExit(f"{DOC} lacks the markers {BEGIN!r} ... {END!r}") from None
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether the table is current")
    a = ap.parse_args(argv)
    old = DOC.read_text(encoding="utf-8")
    new = document(old)
    if a.check:
        if new != old:
            print(f"{DOC.relative_to(ROOT)} is out of date: run python tools/seat_protocol_codes.py")
            return 1
        return 0
    if new != old:
        DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
