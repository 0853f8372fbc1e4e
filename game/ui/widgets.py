"""Text, buttons and backgrounds the screens share: fonts with a render cache, text wrapped to
a width, a simple button, a panel and the felt's gradient.

    fonts = Fonts()
    surf = fonts.text("새 게임", 24, (255, 255, 255))
    lines = wrap(fonts, "a long sentence ...", 16, 300)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .art import SurfaceCache
from .assets import UI_FONT
from .themes import DEFAULT_PALETTE, Palette

#: Bounds of the font caches: each font (one size, one weight) holds its own copy of the font
#: file (about 0.3 MB) and costs about a millisecond to open, and rendered text is bounded by
#: pixel bytes. A table at 3840x2160 uses about 12 sizes and 6 MB of text; fitting guesses its
#: size (`Fonts.fit`), so it opens one or two sizes per text, not every size down to the one that
#: fits; a resize drops the old sizes once past the bounds.
MAX_FONTS = 48
TEXT_CACHE_BYTES = 24 * 2**20
MAX_TEXTS = 2000
#: fitted texts remembered (the size and the possibly cut text for a text, size and width)
MAX_FITS = 4000
#: the smallest fraction of its size a text is shrunk to before its end is cut off
FIT_MIN = 0.6

WHITE = (245, 242, 232)
DIM = (150, 160, 150)
GOLD = (236, 196, 92)
#: the screens' panel colours (`themes.DEFAULT_PALETTE`; a table theme has its own `Palette`)
DARK = DEFAULT_PALETTE.dark
PANEL = DEFAULT_PALETTE.panel
PANEL_EDGE = DEFAULT_PALETTE.edge
HILITE = DEFAULT_PALETTE.hilite
DISABLED = (110, 125, 115)
RED_TEXT = (240, 120, 110)
#: the felt behind the menus, top to bottom (`draw_gradient`; a table theme's: `draw_ground`)
FELT_TOP = DEFAULT_PALETTE.ground_top
FELT_BOTTOM = DEFAULT_PALETTE.ground_bottom


class Fonts:
    """The UI font (Korean and Latin) at any size, with rendered text cached (both caches are
    least-recently-used and bounded: `MAX_FONTS` fonts, `TEXT_CACHE_BYTES` of text).

    Each size (and weight) is opened once and kept while in use; `opened` counts the opens.
    Fitting a text to a width (`fit`, `fit_size`) guesses the size from one measurement, checks
    it with a ruler font (sizes tried are measured, not opened) and remembers the answer, so a
    text drawn every frame is measured once and only the size it is drawn at is opened.
    """

    def __init__(self, path: str = str(UI_FONT), max_fonts: int = MAX_FONTS,
                 text_bytes: int = TEXT_CACHE_BYTES, max_texts: int = MAX_TEXTS) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.path = path
        self.fonts: SurfaceCache[tuple[int, bool], pygame.font.Font] = SurfaceCache(
            max_fonts, cost=lambda _f: 1)
        self.texts: SurfaceCache[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = SurfaceCache(
            text_bytes, max_texts)
        #: (text or labels, size, width, bold) -> (the text as shown, its size)
        self.fits: SurfaceCache[tuple[object, ...], tuple[str, int]] = SurfaceCache(
            MAX_FITS, cost=lambda _v: 1)
        self.opened = 0  # fonts opened so far (a resize past the bounds opens some again)
        self._rulers: dict[bool, pygame.font.Font] = {}  # measure sizes not open (`width`)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        f = self.fonts.get(key)
        if f is None:
            f = pygame.font.Font(self.path, key[0])
            self.opened += 1
            if bold:
                f.set_bold(True)
            self.fonts.put(key, f)
        return f

    def text(self, s: str, size: int, colour: tuple[int, ...] = WHITE, bold: bool = False) -> pygame.Surface:
        key = (s, int(size), tuple(colour), bold)
        surf = self.texts.get(key)
        if surf is None:
            surf = self.font(size, bold).render(s, True, colour)
            self.texts.put(key, surf)
        return surf

    def width(self, s: str, size: int, bold: bool = False) -> int:
        """How wide `s` is written at `size`, in pixels (measured, not rendered). A size not
        open is measured by a ruler font set to that size (a third of the cost of opening it),
        so trying sizes while fitting opens nothing."""
        key = (max(6, int(size)), bold)
        f = self.fonts.get(key)
        if f is None:
            f = self._rulers.get(bold)
            if f is None:
                f = self._rulers[bold] = pygame.font.Font(self.path, key[0])
                self.opened += 1
                f.set_bold(bold)
            if f.point_size != key[0]:  # (a new size drops the ruler's glyphs)
                f.point_size = key[0]
        return int(f.size(s)[0])

    def fit(self, s: str, size: int, max_w: float, colour: tuple[int, ...] = WHITE,
            bold: bool = False) -> pygame.Surface:
        """Text no wider than `max_w`: the largest size that fits, down to `FIT_MIN` (60 %) of
        `size`, and past that the end cut off with "…" (a text never runs out of its box)."""
        shown, sz = self.fitted(s, size, max_w, bold)
        return self.text(shown, sz, colour, bold)

    def fitted(self, s: str, size: int, max_w: float, bold: bool = False) -> tuple[str, int]:
        """What `fit` draws: the text (cut with "…" if even the smallest size is too wide) and
        its size. The width grows about in proportion to the size, so the size is guessed from
        the width at `size` and then checked a step up and down (a size or two more opens)."""
        size = int(size)
        key = (s, size, max_w, bold)
        got = self.fits.get(key)
        if got is not None:
            return got
        sz = self._largest(lambda n: self.width(s, n, bold) <= max_w,
                           self.width(s, size, bold) / max(max_w, 1e-9), size)
        shown = s
        if len(s) > 1 and self.width(s, sz, bold) > max_w:
            lo, hi = 1, len(s)  # the longest start that fits with "…" (1 if none does)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if self.width(s[:mid].rstrip() + "…", sz, bold) <= max_w:
                    lo = mid
                else:
                    hi = mid - 1
            shown = s[:lo].rstrip() + "…"
        self.fits.put(key, (shown, sz))
        return shown, sz

    def fit_size(self, labels: list[tuple[str, float]], size: int, bold: bool = False) -> int:
        """The largest size (down to `FIT_MIN` of `size`) at which every ``(text, max_w)``
        fits: a row of buttons whose labels are all written the same size."""
        size = int(size)
        key = (tuple(labels), size, None, bold)
        got = self.fits.get(key)
        if got is not None:
            return got[1]
        over = max((self.width(s, size, bold) / max(w, 1e-9) for s, w in labels), default=0.0)
        sz = self._largest(lambda n: all(self.width(s, n, bold) <= w for s, w in labels), over, size)
        self.fits.put(key, ("", sz))
        return sz

    @staticmethod
    def _largest(fits: Callable[[int], bool], over: float, size: int) -> int:
        """The largest size from `size` down to `FIT_MIN` of it at which `fits`, else the
        smallest; `over` is how many times too wide the text is at `size` (a width grows
        about in proportion to the size, so ``size / over`` is close to the answer)."""
        low = math.floor(size * FIT_MIN)
        if over <= 1 or size <= low:
            return size
        sz = max(low, min(size - 1, int(size / over)))
        if fits(sz):
            while sz + 1 < size and fits(sz + 1):
                sz += 1
            return sz
        while sz > low:
            sz -= 1
            if fits(sz):
                break
        return sz


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    enabled: bool = True
    hint: str = ""

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235, radius: int = 12,
               palette: Palette = DEFAULT_PALETTE) -> None:
    """A rounded panel in `palette`'s colours (a table theme's at the table: `TableTheme.palette`).
    Each size and look is drawn once and kept (`_PANELS`): a result screen or a dialog draws
    the same panel every frame."""
    size = (max(1, int(rect[2])), max(1, int(rect[3])))
    key = (size, alpha, radius, palette)
    box = _PANELS.get(key)
    if box is None:
        box = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*palette.panel, alpha), box.get_rect(), border_radius=radius)
        pygame.draw.rect(box, (*palette.edge, 255), box.get_rect(), width=2, border_radius=radius)
        _PANELS.put(key, box)
    surface.blit(box, (rect[0], rect[1]))


#: panels by size and look (a full-window dialog at 3840x2160 is about 20 MB: a few are kept)
_PANELS: SurfaceCache[tuple, pygame.Surface] = SurfaceCache(max_cost=48 << 20, max_entries=32)


def button_row(box: pygame.Rect, labels: list[str], width: int, height: int,
               gap: int = 24) -> list[Button]:
    """Buttons side by side, centred along the bottom of a dialog's `box`."""
    total = len(labels) * width + (len(labels) - 1) * gap
    x0, y = box.centerx - total // 2, box.bottom - 20 - height
    return [Button(pygame.Rect(x0 + i * (width + gap), y, width, height), label)
            for i, label in enumerate(labels)]


def button_under(buttons: list[Button], pos: tuple[int, int]) -> int | None:
    """Index of the button under the mouse (hovering: enabled or not), or None."""
    return next((i for i, b in enumerate(buttons) if b.rect.collidepoint(pos)), None)


def button_hit(buttons: list[Button], pos: tuple[int, int]) -> int | None:
    """Index of the enabled button a click at `pos` presses, or None."""
    return next((i for i, b in enumerate(buttons) if b.hit(pos)), None)


def shade_screen(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (what lies under a dialog or a result screen) as black at
    `alpha` over it would (within one step a channel), but in place: a multiplying fill, no
    window-sized shade surface (33 MB at 3840x2160: made every frame, or kept per size, they
    were much of what resizing left behind)."""
    if surface.get_flags() & pygame.SRCALPHA:  # a see-through surface keeps its alpha as it was
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, alpha))
        surface.blit(shade, (0, 0))
        return
    k = 255 - max(0, min(255, alpha))
    surface.fill((k, k, k), special_flags=pygame.BLEND_RGB_MULT)


def draw_dialog(surface: pygame.Surface, box: pygame.Rect, shade: int = 150,
                palette: Palette = DEFAULT_PALETTE) -> None:
    """A dialog's ground: the screen darkened, then an opaque panel (nothing behind shows
    through the words), in `palette` (the table theme's over a table)."""
    shade_screen(surface, shade)
    draw_panel(surface, box, alpha=255, palette=palette)


def draw_ground(surface: pygame.Surface, palette: Palette = DEFAULT_PALETTE) -> None:
    """A menu's full-screen ground: the felt's gradient in `palette`'s colours (a navy table's
    settings are navy, not green).

        draw_ground(surface, app.art.look.table.palette)
    """
    draw_gradient(surface, palette.ground_top, palette.ground_bottom)


def draw_button(surface: pygame.Surface, fonts: Fonts, b: Button, focused: bool, size: int,
                hovered: bool = False, palette: Palette = DEFAULT_PALETTE) -> None:
    r = b.rect
    if b.enabled:
        fill = palette.hilite if (focused or hovered) else palette.panel
        edge = GOLD if focused else palette.edge
        colour = WHITE
    else:
        fill, edge, colour = palette.dark, palette.dark_edge, DISABLED
    pygame.draw.rect(surface, fill, r, border_radius=max(4, r.h // 5))
    pygame.draw.rect(surface, edge, r, width=2, border_radius=max(4, r.h // 5))
    label = fonts.fit(b.label, size, r.w - 16, colour)
    if b.hint and not b.enabled:
        hint = fonts.fit(b.hint, round(size * 0.62), r.w * 0.25, DISABLED)
        surface.blit(label, label.get_rect(center=r.center))
        surface.blit(hint, hint.get_rect(midright=(r.right - 12, r.centery)))
    else:
        surface.blit(label, label.get_rect(center=r.center))


def wrap(fonts: Fonts, text: str, size: int, max_w: float) -> list[str]:
    """Split text into lines no wider than `max_w` (at spaces; long words are cut)."""
    font = fonts.font(size)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = f"{line} {word}" if line else word
            if font.size(cand)[0] <= max_w:
                line = cand
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > max_w and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > max_w:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def draw_gradient(surface: pygame.Surface, top: tuple[int, int, int], bottom: tuple[int, int, int]) -> None:
    """A vertical gradient (cached per size and colours)."""
    w, h = surface.get_size()
    key = (h, top, bottom)
    strip = _GRADIENTS.get(key)
    if strip is None:  # a narrow strip, blitted across: a vertical gradient is the same in x
        seed = pygame.Surface((1, 2))
        seed.set_at((0, 0), top)
        seed.set_at((0, 1), bottom)
        strip = pygame.transform.smoothscale(seed, (_STRIP, max(1, h)))
        _GRADIENTS.put(key, strip)
    for x in range(0, w, _STRIP):
        surface.blit(strip, (x, 0))


_STRIP = 64
#: a few heights and colour pairs (each strip is 64 x height pixels: 0.5 MB at 2160 rows)
_GRADIENTS: SurfaceCache[tuple, pygame.Surface] = SurfaceCache(max_cost=8 << 20, max_entries=16)


def draw_scrollbar(surface: pygame.Surface, x: int, top: int, height: int, first: int, visible: int,
                   total: int, colour: tuple[int, int, int] = PANEL_EDGE) -> None:
    """The thumb of a list of `total` rows showing `visible` from row `first`, in a 5-px track at
    `x` from `top` over `height` px; nothing when every row shows."""
    if total <= visible:
        return
    bar_h = max(20, height * visible / total)
    y = top + (height - bar_h) * first / max(1, total - visible)
    pygame.draw.rect(surface, colour, (x, round(y), 5, round(bar_h)), border_radius=3)
