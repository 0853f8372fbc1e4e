"""Every sentence of the danger assist and the live coach (issue 32) is a message that reads right
in Korean (no English word left) and in English (tiles in words, never notation)."""

from __future__ import annotations

import pytest
from test_reasons import check

from game.engine.actions import PASS, Discard, Pung
from game.engine.tiles import parse_tile
from game.practice import danger_assist as da
from game.practice import live_coach as lc
from game.ui.i18n import reason_text

T = parse_tile


def said():
    yield da.GENBUTSU(seat=2, tile=T("4p"))
    for kind in (da.STEM_BEFORE, da.STEM_UPER, da.STEM_AFTER):
        yield kind(seat=1, source=T("5m"), stem=T("5m"), pattern="2-5-8")
    yield da.PASSED(seat=3, tile=T("6z"))
    yield da.GONE(seat=3, tile=T("2z"))
    yield da.RISK(seat=2, percent=16)
    yield da.WAITS(waits=(da.WAIT(tile=T("3p"), n=2), da.WAIT(tile=T("6p"), n=1)))
    yield lc.AGREE(action=Discard(T("9m")))
    for why in (lc.WHY_SAFE(seat=2), lc.WHY_SAFER(seat=1, yours=16, its=3),
                lc.WHY_CLOSER(n=1, m=2), lc.WHY_READY(), lc.WHY_ROUTES(n=2, m=1),
                lc.WHY_MORE_TILES(n=18, m=10), lc.WHY_JUDGED()):
        yield lc.DISCARD(tile=T("5z"), kept=T("3m"), why=why)
    yield lc.INSTEAD(action=Discard(T("9m"), uper=True), why=lc.UPER_YES())
    yield lc.INSTEAD(action=Discard(T("9m")), why=lc.UPER_NO())
    yield lc.INSTEAD(action=Pung(), why=lc.CALL_CLOSER())
    yield lc.INSTEAD(action=PASS, why=lc.CALL_ROUTES(n=1))
    yield lc.INSTEAD(action=PASS, why=lc.CALL_FAR())


MSGS = list(said())


@pytest.mark.parametrize("i", range(len(MSGS)))
def test_each_sentence_reads_in_both_languages(i):
    check(MSGS[i])


def test_the_korean_uses_the_catalogues_terms():
    ko = " ".join(reason_text(m, "ko") for m in MSGS)
    for term in ("엎어", "펑", "쏘아", "대기", "기본 2점", "근 패턴", "방총"):
        assert term in ko, term
