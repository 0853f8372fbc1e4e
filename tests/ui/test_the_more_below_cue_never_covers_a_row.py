"""The hints panel's "more below" cue never covers a row (issue 32): a row the cue's band would
cut (a tile, a line of text, a danger cell) is hidden whole, so nothing shows half under the
cue, and what is hidden cannot be clicked or hovered; scrolled on, the row shows whole."""

from __future__ import annotations

import pygame
import pytest
from test_hints_panel import panel_with, parts, ready_hints, screen  # noqa: F401 - fixtures

SIZES = [pygame.Rect(900, 100, 260, 300), pygame.Rect(900, 100, 300, 420),
         pygame.Rect(10, 10, 460, 780)]


@pytest.mark.parametrize("rect", SIZES)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_row_is_cut_by_the_more_below_band(screen, parts, rect, lang):  # noqa: F811
    p = panel_with(parts, ready_hints(), lang)
    p.draw(screen, rect, 13)
    seen_cue = False
    for scroll in range(0, p.max_scroll + 1, 9):
        p.scroll = scroll
        p.draw(screen, rect, 13)
        if "below" not in p.cues:
            continue
        seen_cue = True
        band = p.below_band
        assert band.h > 0 and band.bottom <= rect.bottom
        cut = [(w, r) for w, r in p.boxes if r.bottom > band.top]
        assert not cut, (scroll, band, cut[:3])
        assert all(r.bottom <= band.top for r, _k in p.tiles)
        assert all(r.bottom <= band.top for r, _t in p.tips if r.h)
    assert seen_cue
