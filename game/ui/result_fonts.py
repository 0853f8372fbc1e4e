"""The text sizes of the result screens (`game.ui.scenes.results`), and their fonts opened ahead.

The table opens them in its spare time at each hand's start (`App.prepare`), so the first frame
of a hand's result opens none (it was the longest frame of a hand in ``bench/bench_ui.py``).
Here, below both screens, because a screen never imports another (`game.ui.screens`).

>>> text_size(688), text_size(300)
(22, 15)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

#: the result panel's height as a share of the window's (`results._Overlay.box`)
PANEL_SHARE = 0.86


def text_size(panel_h: int) -> int:
    """The result screens' base text size for a panel `panel_h` px high."""
    return max(15, round(panel_h * 0.032))


def prepare_fonts(app: Any) -> Iterator[None]:
    """Open the fonts a hand's result screen draws with, one a step (work for `App.prepare`)."""
    size = text_size(round(app.canvas.get_height() * PANEL_SHARE))
    small = round(size * 0.9)
    for px, bold in ((round(size * 1.6), True), (size, False), (size, True), (round(size * 0.85), False),
                     (round(size * 0.85), True), (round(size * 0.8), False), (round(size * 1.3), True),
                     (round(size * 3.2), True), (round(size * 1.5), True), (small, False), (small, True),
                     (round(small * 0.85), False), (round(small * 0.85), True),
                     (round(size * 1.1), False), (round(size * 1.2), True)):  # the value card's
        app.fonts.font(px, bold)
        yield
