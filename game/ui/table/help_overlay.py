"""The table's key help (F1 or H): a titled panel sized to its words, over the table.

    draw_help(surface, app)          # the table's view calls it while the help is open

The help's words are the catalogue's ``table.help`` (one paragraph a line: discarding, ordering
the hand, a turn's keys, a claim's, the deal's, skipping, the call assists, the panels, Esc).
The panel is laid out for them, not the other way round: one column of paragraphs when they fit
the window's height, two balanced columns when they do not (a small window, long Korean lines),
and the panel only as tall as its words, so no half of it stays empty. Each paragraph stands on
its own band (alternate bands a shade darker) so the eye finds its line; the title says what the
panel is and the foot how to close it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import register_texts

from ..widgets import DIM, GOLD, WHITE, draw_panel, wrap

if TYPE_CHECKING:
    from game.ui.app import App

register_texts("ui", {
    "help.title": "Keys at the table",
    "help.close": "F1, H or Esc closes this help",
})

__all__ = ["HelpLayout", "draw_help", "help_layout"]


@dataclass(frozen=True)
class HelpLayout:
    """The help panel's box, its text size and its paragraphs, each wrapped and placed:
    ``(column, top, lines)``."""

    box: pygame.Rect
    size: int
    title_size: int
    columns: int
    col_w: int
    pad: int
    body_top: int
    line_h: int
    paragraphs: tuple[tuple[int, int, tuple[str, ...]], ...]

    @property
    def body_bottom(self) -> int:
        """Where the last paragraph ends (the lowest of the columns)."""
        return max((top + len(lines) * self.line_h for _, top, lines in self.paragraphs),
                   default=self.body_top)


def help_layout(app: App, width: int, height: int) -> HelpLayout:
    """Lay the help out for a window of `width` x `height`: one column (68 % of the width) if it fits in 86 % of the
    height, else two; the panel as tall as its words.

    The text size follows the height (2.4 %, at least 15 px) and steps down, at most to 85 % of
    that, when even two columns are too tall."""
    fonts = app.fonts
    paras = [p for p in app.tr("table.help").split("\n") if p.strip()]
    base = max(15, round(height * 0.024))
    for size in range(base, max(12, round(base * 0.85)) - 1, -1):
        pad = max(16, round(size * 1.1))
        title_size = round(size * 1.45)
        title_h = round(title_size * 1.8)
        foot_h = round(size * 0.85 * 1.6)
        line_h = round(size * 1.38)
        para_gap = round(size * 0.55)
        room = round(height * 0.86) - 2 * pad - title_h - foot_h - para_gap
        for columns in (1, 2):
            box_w = round(width * (0.68 if columns == 1 else 0.86))
            col_gap = round(size * 1.6)
            col_w = (box_w - 2 * pad - (columns - 1) * col_gap) // columns
            wrapped = [tuple(wrap(fonts, p, size, col_w - round(size * 0.8))) for p in paras]
            heights = [len(w) * line_h + para_gap for w in wrapped]
            cols = _balance(heights, columns)
            body = max(sum(heights[i] for i in c) for c in cols) if cols else 0
            if body <= room:
                box_h = 2 * pad + title_h + body + foot_h
                box = pygame.Rect(0, 0, box_w, box_h)
                box.center = (width // 2, height // 2)
                top = box.y + pad + title_h
                placed = []
                for ci, c in enumerate(cols):
                    y = top
                    for i in c:
                        placed.append((ci, y, wrapped[i]))
                        y += heights[i]
                return HelpLayout(box, size, title_size, columns, col_w, pad, top, line_h,
                                  tuple(placed))
    return help_layout_last_resort(app, width, height, paras)


def help_layout_last_resort(app: App, width: int, height: int, paras: list[str]) -> HelpLayout:
    """Two columns at the smallest size over the whole window (words that long: a language
    whose help is far longer than today's)."""
    size = max(12, round(max(15, round(height * 0.024)) * 0.85))
    pad = 16
    box = pygame.Rect(8, 8, width - 16, height - 16)
    col_w = (box.w - 2 * pad - size) // 2
    line_h = round(size * 1.3)
    wrapped = [tuple(wrap(app.fonts, p, size, col_w)) for p in paras]
    heights = [len(w) * line_h for w in wrapped]
    placed, top = [], box.y + pad + round(size * 2.2)
    for ci, c in enumerate(_balance(heights, 2)):
        y = top
        for i in c:
            placed.append((ci, y, wrapped[i]))
            y += heights[i]
    return HelpLayout(box, size, round(size * 1.45), 2, col_w, pad, top, line_h, tuple(placed))


def _balance(heights: list[int], columns: int) -> list[list[int]]:
    """Paragraphs (in order) split into `columns` runs whose tallest is as short as can be.

    >>> _balance([3, 1, 1, 3], 2), _balance([5, 1, 1], 2), _balance([2, 2], 1)
    ([[0, 1], [2, 3]], [[0], [1, 2]], [[0, 1]])
    """
    n = len(heights)
    if columns == 1 or n < 2:
        return [list(range(n))]
    best, cut = None, 1
    for k in range(1, n):
        tall = max(sum(heights[:k]), sum(heights[k:]))
        if best is None or tall < best:
            best, cut = tall, k
    return [list(range(cut)), list(range(cut, n))]


def draw_help(surface: pygame.Surface, app: App) -> None:
    """The help panel over the table, in the table theme's colours."""
    w, h = surface.get_size()
    lay = help_layout(app, w, h)
    fonts, box = app.fonts, lay.box
    palette = app.art.look.table.palette
    draw_panel(surface, box, alpha=255, palette=palette)  # opaque: nothing shows through
    title = fonts.fit(app.tr("help.title"), lay.title_size, box.w - 2 * lay.pad, GOLD, bold=True)
    surface.blit(title, (box.x + lay.pad, box.y + lay.pad))
    col_gap = (box.w - 2 * lay.pad - lay.columns * lay.col_w) // max(1, lay.columns - 1)
    for n, (ci, top, lines) in enumerate(lay.paragraphs):
        x = box.x + lay.pad + ci * (lay.col_w + col_gap)
        band = pygame.Rect(x, top - round(lay.size * 0.2), lay.col_w,
                           len(lines) * lay.line_h + round(lay.size * 0.3))
        pygame.draw.rect(surface, palette.dark if n % 2 == 0 else palette.panel, band,
                         border_radius=6)
        pygame.draw.rect(surface, GOLD, (band.x, band.y + 3, 3, band.h - 6), border_radius=2)
        y = top
        for ln in lines:
            surface.blit(fonts.text(ln, lay.size, WHITE), (x + round(lay.size * 0.6), y))
            y += lay.line_h
    foot = fonts.fit(app.tr("help.close"), round(lay.size * 0.85), box.w - 2 * lay.pad, DIM)
    surface.blit(foot, foot.get_rect(bottomright=(box.right - lay.pad, box.bottom - lay.pad // 2)))
