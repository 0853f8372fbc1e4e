"""The coach's Korean sentences (issue 32) choose each particle by the word before it ("8통으로",
"3만을"), never leave both spellings or a bracketed one ("8통(으)로": the catalogue must write
"으로/로", the form `game.i18n.josa` resolves)."""

from __future__ import annotations

import re

import pytest
from test_the_coach_speaks_both_languages import said as coach_said
from test_the_danger_assist_and_the_live_coach_speak_both_languages import MSGS

from game.ui.i18n import reason_text

LEFT = re.compile(r"\(으\)|을/를|이/가|은/는|으로/로|과/와")


@pytest.mark.parametrize("i", range(11 + len(MSGS)))
def test_no_particle_is_left_unchosen(i):
    msgs = [*coach_said(), *MSGS]
    ko = reason_text(msgs[i], "ko")
    assert not LEFT.search(ko), ko
