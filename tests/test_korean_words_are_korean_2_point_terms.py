"""One set of Korean terms: no Korean text uses a Japanese-riichi loan word (issue 32, "Words").

The Korean catalogues once mixed 텐파이/쯔모/론/후리텐 with the Korean 2-point words 엎어/문전.
Their glossary (the comments at the top of each game/i18n/locale/ko/LC_MESSAGES/*.po) names one
term per concept; this test keeps the "not ours" words from creeping back, into a catalogue or a
yak's Korean name, and checks that `python tools/i18n.py update` keeps the glossary.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.engine.scoring.yak import YAK
from game.i18n import DOMAINS

ROOT = Path(__file__).resolve().parent.parent
KO = ROOT / "game" / "i18n" / "locale" / "ko" / "LC_MESSAGES"

#: riichi loan words and the Korean 2-point term that replaced each (the glossary's list)
NOT_OURS = {
    "텐파이": "대기", "쯔모": "올라", "론": "쏘아", "후리텐": "신성한 버림패", "리치": "엎어",
    "멘젠": "문전", "퐁": "펑", "샹텐": "대기까지 N장", "다마": "엎어 없이", "도라": "겐쇼",
}
#: a word starts where no Hangul syllable stands before it ("물론" is not 론)
BAD = re.compile("|".join(f"(?<![가-힣]){w}" for w in NOT_OURS))


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool_ko", ROOT / "tools" / "i18n.py")
    tool = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool_ko"] = tool
    spec.loader.exec_module(tool)
    return tool


def _strings(domain: str) -> list[tuple[str, str]]:
    with (KO / f"{domain}.po").open("rb") as f:
        cat = read_po(f, locale="ko", domain=domain)
    out = []
    for m in cat:
        if m.id:
            for s in m.string if isinstance(m.string, tuple) else (m.string,):
                out.append((m.context or "", s or ""))
    return out


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_korean_text_uses_a_riichi_loan_word(domain):
    found = [(ctx, s) for ctx, s in _strings(domain) if BAD.search(s)]
    assert not found, found


def test_the_pattern_finds_the_words_and_leaves_others_alone():
    assert BAD.search("론할 수 없습니다") and BAD.search("후리텐: 패") and BAD.search("(텐파이)")
    assert not BAD.search("물론 결론") and not BAD.search("버리치 않고")


def test_no_yak_has_a_riichi_name():
    assert not [y.name_ko for y in YAK.values() if BAD.search(y.name_ko)]
    assert YAK["self_draw"].name_ko == "올라"


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_catalogue_keeps_its_glossary_through_an_update(domain, tmp_path):
    tool = _tool()
    head = (KO / f"{domain}.po").read_text(encoding="utf-8").split("msgid", 1)[0]
    assert "# Glossary" in head and all(w in head for w in NOT_OURS)
    cat = tool.read("ko", domain)
    out = tmp_path / f"{domain}.po"
    tool.write(cat, out)  # what `update` does after merging the templates
    rewritten = out.read_text(encoding="utf-8").split("msgid", 1)[0]
    assert "# Glossary" in rewritten and all(w in rewritten for w in NOT_OURS)
    assert rewritten.startswith("# ko texts of Korean 2-Point Mahjong")
