"""The hints panel: a self-contained widget that draws a `game.practice.hints.Hints` in any rect.

It shows, top to bottom: the shanten and the AI's suggestion with its one-line reason; for a
hand about to discard, every discard with its acceptance (unseen tiles) and whether 2 basic
points stay reachable (self-draw / discard), the suggested one marked; for a ready hand, every
wait with its unseen count and its basic points by self-draw and by discard (a wait worth less
than 2 on a discard marked in red); the danger of each own tile against each opponent as a
colour scale (green safe .. red dangerous), the reason shown when the mouse hovers a cell; the
sacred-discard status of the own hand and what each opponent cannot win on by discard; and
"why can't I win on this?": one click on any tile drawn in the panel answers it
(`Hints.why_not`).

Wiring it into a scene (what the practice and replay screens do; the table does the same
behind its hints toggle, off by default):

    from game.ui.hints_panel import HintsPanel
    from game.practice.hints import hints

    self.panel = HintsPanel(app.fonts, app.art, lambda: app.lang)   # once
    self.panel.set_hints(hints(decision, table.events))             # when the decision changes
    # handle_event: give the panel the event first; True means it used it
    if self.show_hints and self.panel.handle_event(event):
        return
    # draw: any rect (the table's `Layout.panel`, a side column, an overlay box)
    if self.show_hints:
        self.panel.draw(surface, rect)

`set_hints(None)` shows "no hints now". `ask(tile)` answers "why can't I win on this?" for a
tile chosen elsewhere (e.g. a click on a river tile). The mouse wheel over the panel scrolls
it. Hints are plain data computed by `game.practice.hints` (about 2-20 ms); compute them once
per decision, not per frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.engine.messages import Message
from game.engine.tiles import tile_str

from .i18n import reason_text, tr
from .widgets import DIM, GOLD, WHITE, Fonts, draw_panel, wrap

RED = (235, 110, 100)
GREEN = (120, 210, 140)
SAFE = (60, 170, 95)
MID = (230, 200, 70)
HOT = (215, 60, 50)


def danger_colour(danger: float) -> tuple[int, int, int]:
    """Green (0) .. yellow .. red (0.25 and more): the panel's danger scale.

    >>> danger_colour(0.0), danger_colour(1.0)
    ((60, 170, 95), (215, 60, 50))
    """
    x = max(0.0, min(1.0, danger / 0.25))
    a, b, f = (SAFE, MID, x * 2) if x < 0.5 else (MID, HOT, (x - 0.5) * 2)
    return tuple(round(p + (q - p) * f) for p, q in zip(a, b))  # type: ignore[return-value]


def describe_action(a: Any, lang: str = "en", *, notation: bool = False) -> str:
    """The suggested action as a player reads it ("discard 2 circles", "win", "-" for none).

    >>> from game.engine.actions import Discard
    >>> describe_action(Discard(9), "en"), describe_action(Discard(9, uper=True), "en", notation=True)
    ('discard 1 circle', 'discard 1p and declare uper')
    """
    if a is None:
        return "-"
    tile = getattr(a, "tile", None)
    if notation and isinstance(tile, int):  # the words of the action, its tile in notation
        key = {"Discard": "act.uper" if getattr(a, "uper", False) else "act.discard",
               "ConcealedKong": "act.concealed_kong", "AddedKong": "act.added_kong"}[type(a).__name__]
        return i18n.text(key, lang, tile=i18n.tile_name(tile, lang, notation=True))
    return i18n.action_text(a, lang)


class HintsPanel:
    """See the module. `lang`: the language now (a callable, so a settings change shows).

    The panel speaks plainly first ("2 tiles from ready", "12 tiles would help", how the hand
    can win, what it aims for); the figures (shanten, the tiles of each kind, danger %) show
    behind its "Details" button (or D, with `details_key`), off until the player turns them
    on, and remembered for the session by every panel."""

    #: the "Details" toggle, shared by every panel of the session (the table, practice, replays)
    _details_on = False

    def __init__(self, fonts: Fonts, art: Any, lang: Callable[[], str] | str = "en",
                 scroll_keys: bool = False, notation: Callable[[], bool] | bool = False,
                 details_key: bool = False) -> None:
        self.fonts = fonts
        #: D toggles the details (off where the scene uses D itself, e.g. the replay viewer)
        self.details_key = details_key
        #: the "Details" button of the last draw (a click toggles the details)
        self.details_rect = pygame.Rect(0, 0, 0, 0)
        #: tiles in notation (``5p``) instead of words: the player's setting (a callable, so a
        #: settings change shows)
        self._notation = notation
        #: Page Up / Page Down scroll the panel (off where the scene uses those keys itself)
        self.scroll_keys = scroll_keys
        #: the smallest text size of the last draw (`game.ui.layout.hints_text_px` unless given)
        self.min_px = 13
        #: every text size the last draw used (the tests check none is below `min_px`)
        self.sizes: list[int] = []
        #: the narrowest tile the last draw put on the panel
        self.min_tile_w = 0
        #: the scroll cues the last draw showed ("below": more below, "above": more above)
        self.cues: list[str] = []
        self.art = art
        self._lang = lang
        self.hints: Any = None
        self.scroll = 0
        self.hover: tuple[int, int] | None = None
        self.answer: tuple[int, str] | None = None  # (tile, why) of the last question
        self.rect = pygame.Rect(0, 0, 0, 0)
        # filled while drawing (hit regions, like a render cache)
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.tiles: list[tuple[pygame.Rect, int]] = []
        #: what the last draw put on the panel (the visible part of each text, tile and cell),
        #: for the layout tests: nothing may overlap
        self.boxes: list[tuple[str, pygame.Rect]] = []
        self.content_h = 0
        #: the band the "more below" cue hid in the last draw (empty: no cue)
        self.below_band = pygame.Rect(0, 0, 0, 0)

    # --- data ---------------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang() if callable(self._lang) else self._lang

    @property
    def notation(self) -> bool:
        return bool(self._notation()) if callable(self._notation) else self._notation

    @property
    def details(self) -> bool:
        """The figures behind the plain words are shown (shared by the session's panels)."""
        return HintsPanel._details_on

    @details.setter
    def details(self, on: bool) -> None:
        HintsPanel._details_on = bool(on)

    def toggle_details(self) -> bool:
        """Show or hide the figures; True when they show now."""
        self.details = not self.details
        return self.details

    def t(self, key: str, **fmt: object) -> str:
        return tr(key, self.lang, **fmt)

    def r(self, reason: Message | str | None) -> str:
        """A hint, reason or explanation (a `Message`, or plain words) in the panel's language."""
        return reason_text(reason, self.lang, notation=self.notation)

    def seat(self, seat: int) -> str:
        """An opponent's seat as the panel names it (East ..., 동 ..., or E S W N in notation)."""
        return i18n.seat_name(seat, self.lang, notation=self.notation)

    def tile(self, kind: int) -> str:
        """A tile as the player names it (``5 characters``, ``5만``, or ``5m`` in notation)."""
        return i18n.tile_name(kind, self.lang, notation=self.notation)

    def set_hints(self, h: Any) -> None:
        """Show these hints (None: nothing to show); the scroll and the answer are reset."""
        if h is not self.hints:
            self.hints = h
            self.scroll = 0
            self.answer = None

    def ask(self, tile: int) -> str:
        """"Why can't I win on this?" for `tile`; the answer is shown at the panel's bottom."""
        if self.hints is None:
            return ""
        why = self.hints.why_not(tile)
        self.answer = (tile, why)
        return why

    @property
    def tooltip(self) -> str:
        """The danger reason (or other note) under the mouse, if any."""
        if self.hover is None:
            return ""
        for r, text in self.tips:
            if r.collidepoint(self.hover):
                return text
        return ""

    # --- scrolling ----------------------------------------------------------------------------
    @property
    def max_scroll(self) -> int:
        """How far the content can scroll (0: everything fits)."""
        return max(0, self.content_h - self.rect.h)

    def scroll_by(self, dy: int) -> bool:
        """Scroll the content `dy` px down (up when negative), within its length; True if it moved."""
        before = self.scroll
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        return self.scroll != before

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Hover, wheel, clicks and (with `scroll_keys`) Page Up/Down; True when the event was the panel's."""
        if (self.scroll_keys and event.type == pygame.KEYDOWN
                and getattr(event, "key", None) in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)):
            page = max(40, self.rect.h - 3 * self.min_px)
            self.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
            return True
        if self.details_key and event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_d:
            self.toggle_details()
            return True
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEMOTION:
            self.hover = pos if pos is not None and self.rect.collidepoint(pos) else None
            return self.hover is not None
        if event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.rect.collidepoint(mouse) or self.hover is not None:
                step = max(3 * self.min_px, self.rect.h // 8)
                self.scroll_by(-event.y * step)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None and self.rect.collidepoint(pos):
            if event.button == 1:
                if self.details_rect.collidepoint(pos):
                    self.toggle_details()
                    return True
                for r, k in reversed(self.tiles):
                    if r.collidepoint(pos):
                        self.ask(k)
                        return True
            elif event.button in (4, 5):  # old-style wheel
                self.scroll_by(3 * self.min_px if event.button == 5 else -3 * self.min_px)
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect | tuple[int, int, int, int],
             min_px: int | None = None) -> None:
        """Draw the hints in `rect`. `min_px`: the smallest text size (default: by the surface's
        size, `game.ui.layout.hints_text_px`); no line is drawn smaller, tiles are at least 18 px
        wide, and what does not fit scrolls (a bar and a "more" cue show it)."""
        from .layout import hints_text_px

        rect = pygame.Rect(rect)
        self.rect = rect
        self.tips = []
        self.tiles = []
        self.details_rect = pygame.Rect(0, 0, 0, 0)
        self.boxes = []
        self.sizes = []
        self.min_tile_w = 0
        self.cues = []
        self.below_band = pygame.Rect(0, 0, 0, 0)
        self.min_px = min_px if min_px is not None else hints_text_px(*surface.get_size())
        # opaque: what it covers never shows through
        draw_panel(surface, rect, alpha=255, radius=10, palette=self.art.look.table.palette)
        pad = max(6, rect.w // 40)
        inner = rect.inflate(-2 * pad - 6, -2 * pad)  # room for the scroll bar at the right
        inner.x -= 3
        # the body text: a bit above the smallest size, more on a wide panel
        size = max(round(self.min_px * 1.15), min(40, round(rect.w / 24)))
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip) if old_clip else inner)
        y = inner.y - self.scroll
        y = self._draw_content(surface, inner, y, size)
        self.content_h = y + self.scroll - inner.y + 2 * pad
        if self.content_h > rect.h:  # room to scroll the last line clear of the "more below" cue
            self.content_h += self._cue_h()
        surface.set_clip(old_clip)
        self.scroll = min(self.scroll, self.max_scroll)
        if self.content_h > rect.h:
            self._draw_scroll_cues(surface, rect)
        self._draw_answer(surface, rect, size)
        tip = self.tooltip
        if tip and self.hover is not None:
            self._draw_tip(surface, tip, self.hover, size)

    def _cue_h(self) -> int:
        """The height of the band a "more below" cue covers."""
        return self.fonts.text(self.t("hints.more_below"), self.min_px, GOLD, True).get_height() + 12

    def _draw_scroll_cues(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A scroll bar, and "more below" / "more above" tabs where content is out of sight."""
        track = pygame.Rect(rect.right - 8, rect.y + 6, 5, rect.h - 12)
        pygame.draw.rect(surface, (30, 70, 55), track, border_radius=3)
        bh = max(20, round(track.h * rect.h / self.content_h))
        top = track.y + round((track.h - bh) * self.scroll / max(1, self.max_scroll))
        pygame.draw.rect(surface, (150, 210, 170), (track.x, top, track.w, bh), border_radius=3)
        px = self.min_px
        for below, show in ((True, self.scroll < self.max_scroll), (False, self.scroll > 0)):
            if not show:
                continue
            self.cues.append("below" if below else "above")
            label = self.fonts.text(self.t("hints.more_below" if below else "hints.more_above"), px, GOLD, True)
            tab = label.get_rect().inflate(16, 6)
            tab.centerx = rect.centerx
            if below:
                tab.bottom = rect.bottom - 3
            else:
                tab.top = rect.top + 3
            # a band across the panel hides the content behind the cue: no text over text
            band = pygame.Rect(rect.x + 2, 0, rect.w - 14, tab.h + 6)
            if below:
                band.bottom = rect.bottom - 2
                band = self._whole_rows_below(band)
            else:
                band.top = rect.top + 2
            palette = self.art.look.table.palette
            surface.fill(palette.panel, band)
            edge_y = band.top if below else band.bottom - 1
            pygame.draw.line(surface, palette.edge, (band.x, edge_y), (band.right - 1, edge_y))
            draw_panel(surface, tab, alpha=245, radius=6, palette=self.art.look.table.palette)
            pygame.draw.rect(surface, GOLD, tab, width=1, border_radius=6)
            surface.blit(label, label.get_rect(center=tab.center))

    def _whole_rows_below(self, band: pygame.Rect) -> pygame.Rect:
        """The "more below" band grown upwards over every row it would cut (a tile, a line, a
        cell half under the cue): a row shows whole or not at all, never covered by the cue.
        What it hides is no longer hit by the mouse (tiles, tooltips) nor listed (`boxes`)."""
        top = band.top
        while True:
            cut = [r.top for _w, r in self.boxes if r.top < top < r.bottom]
            if not cut or min(cut) >= top:
                break
            top = min(cut)
        top = max(top, self.rect.top + 2)
        band = pygame.Rect(band.x, top, band.w, band.bottom - top)
        self.boxes = [(w, r) for w, r in self.boxes if r.bottom <= top]
        self.tiles = [(r, k) for r, k in self.tiles if r.bottom <= top]
        self.tips = [(r.clip(pygame.Rect(r.x, r.y, r.w, max(0, top - r.y))), t)
                     for r, t in self.tips if r.top < top]
        self.below_band = band
        return band

    def _fit(self, s: str, size: int, max_w: float | None, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
        """`s` in one line no wider than `max_w`, shrunk down to `min_px` at most; when even that is
        too wide, wrapped into several lines (one surface). Never smaller than `min_px`."""
        size = max(self.min_px, size)
        img = self.fonts.text(s, size, colour, bold)
        if not max_w or img.get_width() <= max_w:
            self.sizes.append(size)
            return img
        sz = size
        while img.get_width() > max_w and sz > self.min_px:
            sz -= 1
            img = self.fonts.text(s, sz, colour, bold)
        if img.get_width() <= max_w:
            self.sizes.append(sz)
            return img
        self.sizes.append(sz)
        # `wrap` measures the regular face: a bold line can come out wider (the headline was cut
        # at the panel's edge), so the width is narrowed until every drawn line fits
        width = max_w
        for _ in range(12):
            lines = [self.fonts.text(ln, sz, colour, bold) for ln in wrap(self.fonts, s, sz, width)] or [img]
            if max(ln.get_width() for ln in lines) <= max_w:
                break
            width -= max(2.0, max_w * 0.04)
        lh = max(round(sz * 1.25), max(ln.get_height() for ln in lines) - 2)
        out = pygame.Surface((max(ln.get_width() for ln in lines), lh * (len(lines) - 1) + lines[-1].get_height()),
                             pygame.SRCALPHA)
        for i, ln in enumerate(lines):
            out.blit(ln, (0, i * lh))
        return out

    def _text(self, surface: pygame.Surface, s: str, x: int, y: int, size: int, colour: tuple[int, ...] = WHITE,
              max_w: float | None = None, bold: bool = False) -> pygame.Surface:
        img = self._fit(s, size, max_w, colour, bold)
        surface.blit(img, (x, y))
        self._box(s, img.get_bounding_rect().move(x, y))
        return img

    @staticmethod
    def _below(img: pygame.Surface, y: int, step: int) -> int:
        """The next line's top after text drawn at `y`: `step` on, and below the text's ink."""
        return max(y + step, y + img.get_bounding_rect().bottom + 3)

    def _box(self, what: str, r: pygame.Rect) -> None:
        clip = r.clip(self.rect)
        if clip.w > 0 and clip.h > 0:
            self.boxes.append((what, clip))

    def _wrapped(self, surface: pygame.Surface, s: str, x: int, y: int, w: int, size: int,
                 colour: tuple[int, ...] = DIM, max_lines: int = 4) -> int:
        size = max(self.min_px, size)
        lh = round(size * 1.3)
        lines = wrap(self.fonts, s, size, w)
        if len(lines) > max_lines:  # never cut silently: the last line says there is more
            lines = lines[:max_lines]
            while lines[-1] and self.fonts.font(size).size(lines[-1] + " …")[0] > w:
                lines[-1] = lines[-1].rsplit(" ", 1)[0] if " " in lines[-1] else lines[-1][:-1]
            lines[-1] += " …"
        for ln in lines:
            self.sizes.append(size)
            img = self.fonts.text(ln, size, colour)
            surface.blit(img, (x, y))
            self._box(ln, img.get_bounding_rect().move(x, y))
            y += max(lh, img.get_bounding_rect().bottom + 2)
        return y

    def _tile(self, surface: pygame.Surface, kind: int, x: int, y: int, w: int) -> pygame.Rect:
        self.min_tile_w = min(self.min_tile_w or w, w)
        img = self.art.tile(kind, w)
        r = surface.blit(img, (x, y))
        if r.w and r.h:  # scrolled out of sight: not clickable
            self.tiles.append((r, kind))
            self._box(f"tile {tile_str(kind)}", r)
        return r

    def _heading(self, surface: pygame.Surface, s: str, inner: pygame.Rect, y: int, size: int) -> int:
        y += round(size * 0.4)
        img = self._text(surface, s, inner.x, y, round(size * 1.05), GOLD, inner.w, bold=True)
        y += max(round(size * 1.2), img.get_bounding_rect().bottom + 4)  # below the ink, whatever the font
        pygame.draw.line(surface, (40, 100, 76), (inner.x, y), (inner.right, y))
        return y + 4

    def _draw_content(self, surface: pygame.Surface, inner: pygame.Rect, y: int, size: int) -> int:
        h = self.hints
        lh = round(size * 1.35)
        x = inner.x
        button = self._details_button(surface, inner, y, size)
        img = self._text(surface, self.t("hints.title"), x, y, round(size * 1.25), GOLD,
                         max(10, button.x - x - 8), bold=True)
        y += max(round(size * 1.5), img.get_bounding_rect().bottom + round(size * 0.4),
                 button.bottom - y + 4)
        if h is None:
            self._text(surface, self.t("hints.none"), x, y, size, DIM, inner.w)
            return y + lh
        details = self.details
        small = max(self.min_px, round(size * 0.9))
        ways = getattr(h, "win_ways", "none")
        for i, line in enumerate(h.headline):
            if i == 0:
                img = self._text(surface, self.r(line), x, y, size, GREEN if h.shanten <= 0 else WHITE,
                                 inner.w, bold=True)
                y = self._below(img, y, lh)
                continue
            code = getattr(line, "code", "")
            colour = WHITE
            if code.startswith("hint.win_"):  # both, self-draw, none, barred (red)
                colour = {"both": GREEN, "self-draw": MID}.get(ways, RED)
            elif code.startswith("hint.reach_"):
                colour = DIM if ways != "none" else RED
            y = self._wrapped(surface, self.r(line), x, y, inner.w, small, colour, 3)
        if details:
            img = self._text(surface, self.t("hints.shanten_n", n=h.shanten), x, y, small, DIM, inner.w)
            y = self._below(img, y, round(small * 1.3))
        if h.suggested is not None:
            what = describe_action(h.suggested, self.lang, notation=self.notation)
            img = self._text(surface, self.t("hints.suggest", what=what), x, y,
                             size, GOLD, inner.w)
            y = self._below(img, y, lh)
        if h.reason and details:
            y = self._wrapped(surface, self.r(h.reason), x, y, inner.w, round(size * 0.85), DIM, 6)
        tw = max(18, min(46, round(size * 1.35)))
        th = self.art.tile(0, tw).get_height()
        # --- discards ------------------------------------------------------------------------
        if h.discards:
            y = self._heading(surface, self.t("hints.discards"), inner, y, size)
            small = max(self.min_px, round(size * 0.85))
            rows = []
            sd_word, d_word = ((self.t("hints.sd"), self.t("hints.d")) if details else
                               (self.t("hints.sd_plain"), self.t("hints.d_plain")))
            for d in h.discards[:8]:
                if details:
                    sh = self.t("hints.ready_short") if d.shanten == 0 else self.t("hints.sh_n", n=d.shanten)
                    acc = f"{sh} · {self.t('hints.accept_n', n=len(d.accepts), left=d.unseen)}"
                elif d.shanten == 0:
                    acc = self.t("hints.row_ready", n=d.unseen)
                else:
                    acc = self.t("hints.row_away", s=d.shanten, n=d.unseen)
                two = (sd_word + ("✓" if d.reach_self_draw else "×") + " "
                       + d_word + ("✓" if d.reach_discard else "×"))
                rows.append((d, acc, two))
            col_a, col_b = ((self.t("hints.col_accept"), self.t("hints.col_two")) if details else
                            (self.t("hints.col_after"), self.t("hints.col_win")))
            font = self.fonts.font(small)
            star = self.fonts.text("◀", small, GOLD)
            acc_w = max(font.size(a)[0] for _, a, _ in rows)
            two_w = max(font.size(t)[0] for _, _, t in rows) + star.get_width() + 4
            x1 = x + tw + 6
            one_line = x1 + acc_w + 10 + two_w <= inner.right
            lh_small = round(small * 1.3)
            if one_line:  # tile | after · accepts | 2 points (the columns as wide as their text)
                x2 = max(x1 + acc_w + 10, inner.right - two_w)
                a = self._text(surface, col_a, x1, y, small, DIM, x2 - x1 - 6)
                b = self._text(surface, col_b, x2, y, small, DIM, inner.right - x2)
                y = max(self._below(a, y, round(small * 1.4)), self._below(b, y, round(small * 1.4)))
                row_h = max(th, lh_small)
            else:  # narrow: the 2-point marks on a second line beside the tile
                x2 = x1
                a = self._text(surface, col_a + " / " + col_b, x1, y, small, DIM, inner.right - x1)
                y = self._below(a, y, round(small * 1.4))
                row_h = max(th, 2 * lh_small + 2)
            for d, acc, two in rows:
                row = pygame.Rect(inner.x - 2, y - 1, inner.w + 4, row_h + 2)
                if d.suggested:
                    pygame.draw.rect(surface, (60, 110, 60), row, border_radius=4)
                    pygame.draw.rect(surface, GOLD, row, width=1, border_radius=4)
                self._tile(surface, d.tile, x, y + (row_h - th) // 2, tw)
                if one_line:
                    ty = ty2 = round(y + (row_h - small * 1.3) / 2)
                else:
                    ty = round(y + (row_h - 2 * lh_small - 2) / 2)
                    ty2 = ty + lh_small + 2
                self._text(surface, acc, x1, ty, small, WHITE if d.shanten == 0 or d.suggested else DIM,
                           inner.right - x1)
                img = self._text(surface, two, x2, ty2, small,
                                 GREEN if d.reach_discard else (MID if d.reach_self_draw else RED),
                                 inner.right - x2 - star.get_width() - 4)
                tip = f"{self.tile(d.tile)}: {self.t('hints.plan', plan=self.r(d.plan))}"
                if d.uper_legal is not None:
                    tip += " · " + (self.t("hints.uper_ok") if d.uper_legal else
                                    self.t("hints.uper_no", why=self.r(d.uper_reason)))
                self.tips.append((row, tip))
                if d.suggested:
                    self.sizes.append(small)
                    sx = min(inner.right - star.get_width(), x2 + img.get_width() + 4)
                    surface.blit(star, (sx, ty2))
                    self._box("suggested", star.get_bounding_rect().move(sx, ty2))
                y += row_h + 4
        elif h.accepts and not h.barred:  # after SD6 no draw can win: none listed
            y = self._heading(surface, self.t("hints.draws"), inner, y, size)
            y = self._tile_row(surface, [(a.tile, str(a.unseen) if details else "") for a in h.accepts],
                               inner, y, tw, th, size)
        # --- waits ---------------------------------------------------------------------------
        waits = h.waits
        title = self.t("hints.waits")
        if not waits:
            ready = [d for d in h.discards if d.waits]
            ready.sort(key=lambda d: not d.suggested)
            if ready:
                waits = ready[0].waits
                title = self.t("hints.waits_after", tile=self.tile(ready[0].tile))
        if waits:
            y = self._heading(surface, title, inner, y, size)
            small = max(self.min_px, round(size * 0.85))
            for w in waits:
                self._tile(surface, w.tile, x, y, tw)
                ty = round(y + (th - small * 1.3) / 2)
                txt = self.t("hints.wait_row", u=w.unseen, sd=w.self_draw_basic, d=w.discard_basic)
                img = self._text(surface, txt, x + tw + 6, ty, small, WHITE, inner.w * 0.62)
                mark_x = x + tw + 12 + img.get_width()
                mark = None
                if h.barred:  # SD6: not even by self-draw
                    mark = "hints.no_win"
                elif w.blocked:
                    mark = "hints.blocked"
                elif w.low_on_discard:
                    mark = "hints.low"
                if mark is not None:
                    self._text(surface, self.t(mark), mark_x, ty, small, RED, inner.right - mark_x)
                if w.blocked:
                    self.tips.append((pygame.Rect(x, y, inner.w, th), w.blocked))
                y += th + 4
        # --- danger --------------------------------------------------------------------------
        if h.opponents and h.opponents[0].tiles:
            y = self._heading(surface, self.t("hints.danger"), inner, y, size)
            kinds = [t.tile for t in h.opponents[0].tiles]
            small = max(self.min_px, round(size * 0.8))
            font = self.fonts.font(small)
            names = [self.seat(o.seat) + (f" {self.t('hints.uper_mark')}" if o.uper else "") for o in h.opponents]
            label_w = max(round(size * 1.2), max(font.size(n)[0] for n in names) + 8)
            # one block of columns when 18 px tiles fit, else blocks of as many as fit
            per = max(1, min(len(kinds), (inner.w - label_w) // 21))
            cw = max(21, min(tw + 4, (inner.w - label_w) // per))
            dtw = cw - 3
            ch = max(small + 4, round(size * 1.05))
            for b0 in range(0, len(kinds), per):
                if b0:
                    y += round(size * 0.4)
                for i, k in enumerate(kinds[b0:b0 + per]):
                    self._tile(surface, k, x + label_w + i * cw, y, dtw)
                y += self.art.tile(0, dtw).get_height() + 3
                for o, name in zip(h.opponents, names):
                    self._text(surface, name, x, round(y + (ch - small * 1.3) / 2), small,
                               RED if o.uper else WHITE, label_w - 4)
                    for i, td in enumerate(o.tiles[b0:b0 + per]):
                        cell = pygame.Rect(x + label_w + i * cw, y, cw - 3, ch)
                        pygame.draw.rect(surface, danger_colour(td.danger), cell, border_radius=3)
                        self._box("danger cell", cell)
                        who = self.t("hints.danger_of", tile=self.tile(td.tile), seat=self.seat(o.seat))
                        if cell.colliderect(inner):  # scrolled out of sight: no tip
                            pct = f"{td.danger:.0%} · " if details else ""
                            self.tips.append((cell, f"{who}: {pct}{self.r(td.reason)}"))
                    y += ch + 3
            # legend
            risky_w = self.fonts.font(small).size(self.t("hints.risky"))[0]
            safe_w = font.size(self.t("hints.safe"))[0]
            lx = x + max(label_w, safe_w + 8)
            lw = max(30, min(160, inner.right - lx - risky_w - 10))
            s1 = self._text(surface, self.t("hints.safe"), x, y + 1, small, DIM, max_w=lx - x - 4)
            for i in range(lw):
                pygame.draw.line(surface, danger_colour(0.25 * i / max(1, lw - 1)), (lx + i, y + 4),
                                 (lx + i, y + 4 + max(4, small // 2)))
            self._box("danger scale", pygame.Rect(lx, y + 4, lw, max(4, small // 2) + 1))
            s2 = self._text(surface, self.t("hints.risky"), lx + lw + 6, y + 1, small, DIM,
                            max_w=max(10, inner.right - lx - lw - 6))
            y += max(s1.get_bounding_rect().bottom, s2.get_bounding_rect().bottom, small) + 6
        # --- sacred discard ------------------------------------------------------------------
        y = self._heading(surface, self.t("hints.sacred"), inner, y, size)
        small = max(self.min_px, round(size * 0.85))
        if h.sacred.reasons:
            for why in h.sacred.reasons:
                y = self._wrapped(surface, self.t("hints.sacred_you", why=self.r(why)), x, y, inner.w, small, RED, 6)
        else:
            img = self._text(surface, self.t("hints.sacred_ok"), x, y, small, GREEN, inner.w)
            y = self._below(img, y, round(small * 1.35))
        for o in h.opponents:
            safe = sorted(k for k in o.safe if k < 25)
            if not safe:
                continue
            words = i18n.tiles_text(safe, self.lang, notation=self.notation)
            text = self.t("hints.cannot", seat=self.seat(o.seat), tiles=words)
            y = self._wrapped(surface, text, x, y, inner.w, small, DIM, 8)
        # --- why can't I win on this? -----------------------------------------------------------
        y += round(size * 0.3)
        img = self._text(surface, self.t("hints.why"), x, y, small, GOLD, inner.w)
        y = self._below(img, y, round(small * 1.4))
        ask = [w.tile for w in waits] if waits else []
        for k in sorted(set(h.opponents[0].safe) if h.opponents else []):
            if len(ask) >= 10:
                break
            if k not in ask and k < 25:
                ask.append(k)
        if ask:
            y = self._tile_row(surface, [(k, "") for k in ask[:12]], inner, y, tw, th, size)
        return y

    def _details_button(self, surface: pygame.Surface, inner: pygame.Rect, y: int, size: int) -> pygame.Rect:
        """The "Details" toggle at the panel's top right (lit while the figures show)."""
        px = max(self.min_px, round(size * 0.8))
        on = self.details
        label = self.fonts.text(self.t("hints.details"), px, (20, 40, 30) if on else GOLD, True)
        self.sizes.append(px)
        box = label.get_rect().inflate(14, 6)
        box.topright = (inner.right, y)
        if on:
            pygame.draw.rect(surface, GOLD, box, border_radius=6)
        else:
            draw_panel(surface, box, alpha=245, radius=6, palette=self.art.look.table.palette)
            pygame.draw.rect(surface, GOLD, box, width=1, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))
        self._box("details", box)
        if box.colliderect(inner):
            self.details_rect = box.clip(inner)
            self.tips.append((self.details_rect, self.t("hints.details_tip")))
        return box

    def _tile_row(self, surface: pygame.Surface, items: list[tuple[int, str]], inner: pygame.Rect, y: int,
                  tw: int, th: int, size: int) -> int:
        x = inner.x
        small = max(self.min_px, round(size * 0.75))
        step = tw + max(4, round(size * 1.2)) if any(s for _, s in items) else tw + 3
        for k, label in items:
            if x + tw > inner.right:
                x = inner.x
                y += th + round(small * 1.4) + 2
            self._tile(surface, k, x, y, tw)
            if label:
                img = self.fonts.text(label, small, WHITE)
                self.sizes.append(small)
                at = img.get_rect(midtop=(x + tw // 2, y + th))
                surface.blit(img, at)
                self._box(label, img.get_bounding_rect().move(at.topleft))
            x += step
        return y + th + (round(small * 1.4) if any(s for _, s in items) else 0) + 4

    def _draw_answer(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        if self.answer is None:
            return
        tile, why = self.answer
        small = max(self.min_px, round(size * 0.9))
        tw = max(18, round(size * 1.4))
        lines = wrap(self.fonts, self.r(why), small, rect.w - tw - 34)[:6]
        lh = round(small * 1.3)
        th = self.art.tile(tile, tw).get_height()
        box = pygame.Rect(rect.x + 6, 0, rect.w - 12, max(th, lh * len(lines)) + 16)
        box.bottom = rect.bottom - 6
        draw_panel(surface, box, alpha=250, radius=8, palette=self.art.look.table.palette)
        pygame.draw.rect(surface, GOLD, box, width=1, border_radius=8)
        surface.blit(self.art.tile(tile, tw), (box.x + 8, box.y + 8))
        yy = box.y + 8
        for ln in lines:
            surface.blit(self.fonts.text(ln, small, WHITE), (box.x + tw + 18, yy))
            yy += lh

    def _draw_tip(self, surface: pygame.Surface, tip: str, pos: tuple[int, int], size: int) -> None:
        small = max(self.min_px, round(size * 0.85))
        w = min(420, max(220, surface.get_width() // 3))
        lines = wrap(self.fonts, tip, small, w - 20)[:6]
        lh = round(small * 1.3)
        w = min(w, max((self.fonts.text(ln, small).get_width() for ln in lines), default=w) + 20)  # as wide as its text
        box = pygame.Rect(0, 0, w, lh * len(lines) + 14)
        box.bottomright = (pos[0] - 8, pos[1] - 8)
        if box.x < 0:
            box.x = pos[0] + 12
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, alpha=250, radius=6, palette=self.art.look.table.palette)
        yy = box.y + 7
        for ln in lines:
            surface.blit(self.fonts.text(ln, small, WHITE), (box.x + 10, yy))
            yy += lh
