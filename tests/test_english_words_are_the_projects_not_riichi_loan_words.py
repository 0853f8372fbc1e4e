"""One set of English terms: no English text says a Japanese-riichi loan word (issue 32, "Words").

The hints panel once labelled its two ways to win "tsumo" and "ron" and the ready hand "Ready
(tenpai)", while the rest of the English game says self-draw, discard and ready (docs/rules.md).
The Korean side has its own guard (tests/test_korean_words_are_korean_2_point_terms.py); this one
reads every English text the program can show (each message kind and interface text, as
`python tools/i18n.py` collects them for the templates) and refuses the riichi words. "Korean
dora" is the rule book's own English name of 겐쇼 (docs/rules.md, 8.3), so "dora" passes only
after "Korean".
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: riichi loan words and the project's English word for each
NOT_OURS = {"tsumo": "self-draw", "ron": "discard (a win on a discard)", "riichi": "uper",
            "tenpai": "ready", "furiten": "sacred discard", "dora": "Korean dora"}
BAD = re.compile(r"(?<![A-Za-z])(?:tsumo|ron|riichi|tenpai|furiten|(?<!Korean )dora)(?![A-Za-z])",
                 re.IGNORECASE)


def _english() -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("i18n_tool_en", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool_en"] = tool
    spec.loader.exec_module(tool)
    out = []
    for s in tool.collect():
        out.append((s.context, s.english))
        if s.plural:
            out.append((s.context, s.plural))
    return out


def test_no_english_text_uses_a_riichi_loan_word():
    found = [(ctx, text) for ctx, text in _english() if BAD.search(text)]
    assert not found, found


def test_the_hints_panel_names_the_two_ways_to_win_as_the_rest_of_the_game():
    texts = dict(_english())
    assert texts["hints.sd"] == "self-draw" and texts["hints.d"] == "discard"
    assert texts["hints.ready"] == "Ready"


def test_the_pattern_finds_the_words_and_leaves_others_alone():
    assert BAD.search("tsumo✓ ron×") and BAD.search("Ready (tenpai)") and BAD.search("Dora 2")
    assert BAD.search("a furiten wait") and BAD.search("Riichi")
    assert not BAD.search("Korean dora (겐쇼): 1 point") and not BAD.search("Korean dora")
    assert not BAD.search("the wrong tile, from the iron wall") and not BAD.search("Ronald")
