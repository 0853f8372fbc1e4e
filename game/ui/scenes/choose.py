"""A list to pick one entry from, over the current screen (saved rule sets, files to import).

    app.push("pick", title="Load rules", items=[("Club", "Nagari + ante 5", True)],
             on_pick=load)     # on_pick(index); a disabled entry shows why and cannot be picked

An item is a `Choice` or a tuple (label, detail, enabled) (other screens open this one by name).

Keys: Up/Down move, Enter picks, Esc closes; the mouse clicks an entry or Cancel, the wheel
scrolls. An empty list shows `empty` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..scene import Scene
from ..widgets import DIM, GOLD, RED_TEXT, WHITE, Button, draw_button, draw_dialog, draw_scrollbar

if TYPE_CHECKING:
    from game.ui.app import App


@dataclass(frozen=True)
class Choice:
    label: str
    detail: str = ""
    enabled: bool = True


class ChooseScene(Scene):
    name = "pick"
    overlay = True

    def __init__(self, app: App, title: str, items: Sequence[Choice | tuple[str, str, bool]],
                 on_pick: Callable[[int], object], empty: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.items = [c if isinstance(c, Choice) else Choice(*c) for c in items]
        self.on_pick = on_pick
        self.empty = empty
        self.focus = next((i for i, c in enumerate(self.items) if c.enabled), 0)
        self.scroll = 0

    # --- geometry -----------------------------------------------------------------------------
    def geometry(self) -> tuple[pygame.Rect, list[tuple[int, pygame.Rect]], Button, int, int]:
        w, h = self.app.canvas.get_size()
        size = round(max(15, h * 0.024))
        bw = min(w - 40, max(600, round(w * 0.5)))
        bh = max(34, round(h * 0.055))
        row_h = round(size * 1.4) * 2 + 10
        title_h = round(size * 1.4 * 1.4) + 30
        max_rows = max(1, (round(h * 0.85) - title_h - bh - 44) // row_h)
        visible = max(1, min(len(self.items), max_rows))
        box = pygame.Rect(0, 0, bw, title_h + visible * row_h + 16 + bh + 24)
        box.center = (w // 2, h // 2)
        rows = []
        for k in range(visible):
            i = self.scroll + k
            if i >= len(self.items):
                break
            rows.append((i, pygame.Rect(box.x + 20, box.y + title_h + k * row_h, bw - 40, row_h - 4)))
        cancel = pygame.Rect(0, 0, max(140, round(w * 0.12)), bh)
        cancel.midbottom = (box.centerx, box.bottom - 18)
        return box, rows, Button(cancel, self.app.tr("dialog.cancel")), size, visible

    def _keep_visible(self, visible: int) -> None:
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + visible:
            self.scroll = self.focus - visible + 1

    # --- input --------------------------------------------------------------------------------
    def pick(self, i: int) -> None:
        if not 0 <= i < len(self.items) or not self.items[i].enabled:
            return
        self.app.pop()
        self.on_pick(i)

    def move(self, step: int) -> None:
        if not self.items:
            return
        self.focus = (self.focus + step) % len(self.items)
        self._keep_visible(self.geometry()[4])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.move(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.move(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(self.focus)
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            visible = self.geometry()[4]
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.items) - visible)))
        elif event.type == pygame.MOUSEMOTION:
            for i, r in self.geometry()[1]:
                if r.collidepoint(event.pos):
                    self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            _, rows, cancel, _, _ = self.geometry()
            if cancel.hit(event.pos):
                self.app.pop()
                return
            for i, r in rows:
                if r.collidepoint(event.pos):
                    self.pick(i)
                    return

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        box, rows, cancel, size, _ = self.geometry()
        draw_dialog(surface, box, shade=150)
        fonts = self.app.fonts
        t = fonts.fit(self.title, round(size * 1.4), box.w - 48, GOLD, bold=True)
        surface.blit(t, (box.x + 24, box.y + 18))
        if not self.items:
            m = fonts.fit(self.empty, size, box.w - 48, DIM)
            surface.blit(m, (box.x + 24, box.y + round(size * 1.4 * 1.4) + 30))
        line = round(size * 1.4)
        for i, r in rows:
            c = self.items[i]
            if i == self.focus and c.enabled:
                pygame.draw.rect(surface, (30, 96, 70), r, border_radius=6)
                pygame.draw.rect(surface, GOLD, r, width=1, border_radius=6)
            lab = fonts.fit(c.label, size, r.w - 24, WHITE if c.enabled else DIM)
            surface.blit(lab, (r.x + 12, r.y + 4))
            if c.detail:
                d = fonts.fit(c.detail, round(size * 0.85), r.w - 24, DIM if c.enabled else RED_TEXT)
                surface.blit(d, (r.x + 12, r.y + 4 + line))
        if rows:
            top, bottom = rows[0][1].y, rows[-1][1].bottom
            draw_scrollbar(surface, box.right - 14, top, bottom - top, self.scroll, len(rows),
                           len(self.items), DIM)
        draw_button(surface, fonts, cancel, False, size)
