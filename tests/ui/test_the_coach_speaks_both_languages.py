"""Every sentence the coach says at the table is a message that reads right in Korean (no English
word left, the catalogue's terms: 엎어, 펑, 깡, 쏘아, 올라, 대기) and in English (tiles in words),
made from the rigged situations of the coach's tests (issue 32)."""

from __future__ import annotations

import pytest
from test_reasons import check
from test_the_coach_points_at_the_river_tile_behind_a_refused_win import _refused
from test_the_coach_says_why_uper_is_refused import CHEAP, INSTEAD, _decision
from test_the_coach_warns_before_a_call_that_ends_the_2_point_route import _claim

from game.engine.tiles import parse_tile
from game.practice import coach
from game.ui.i18n import reason_text

T = parse_tile


def said():
    yield coach.call_warning(_claim(), "pung")
    yield coach.CALL_ENDS(call=coach.CALL_KONG())
    yield from coach.uper_advice(_decision(CHEAP), T("2m"))
    yield from coach.uper_advice(_decision(INSTEAD), T("2m"))
    for first in ("7m", "1m"):
        yield coach.win_refusal(_refused(first)).message
    yield coach.WIN_SELF_DRAW(why=_refused("7m"))
    yield coach.DISCARD_LAST(tile=T("5p"), yak="all_pungs", n=4)
    yield coach.DISCARD_ENDS(tile=T("5p"))


@pytest.mark.parametrize("i", range(11))
def test_each_coach_sentence_reads_in_both_languages(i):
    msgs = list(said())
    assert len(msgs) == 11
    m = msgs[i]
    assert m is not None and m.code.startswith(("coach.", "uper."))
    check(m)


def test_the_korean_uses_the_catalogues_terms():
    ko = " ".join(reason_text(m, "ko") for m in said())
    for term in ("엎어", "펑", "쏘아", "올라", "대기", "기본 2점"):
        assert term in ko, term
