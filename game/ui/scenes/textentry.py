"""A line of text asked over the current screen (a rule set's name, a file's path).

    app.push("text_entry", title="Save the rules as", prompt="Name", text="",
             ok="Save", on_done=save)    # on_done(text) -> None (close) or an error to show

Typing comes as pygame TEXTINPUT events (a Korean IME's composed syllables too); Backspace
deletes, Enter answers, Esc cancels; the mouse clicks OK or Cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..scene import Scene
from ..widgets import (
    DIM,
    GOLD,
    RED_TEXT,
    WHITE,
    Button,
    button_hit,
    button_row,
    button_under,
    draw_button,
    draw_dialog,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App


class TextEntryScene(Scene):
    name = "text_entry"
    overlay = True

    def __init__(self, app: App, title: str, prompt: str, on_done: Callable[[str], str | None],
                 text: str = "", ok: str | None = None, max_chars: int = 40) -> None:
        super().__init__(app)
        self.title, self.prompt = title, prompt
        self.text = text[:max_chars]
        self.max_chars = max_chars
        self.on_done = on_done
        self.error = ""
        self.labels = (ok or app.tr("msg.ok"), app.tr("dialog.cancel"))
        self.hover: int | None = None
        self.blink = 0.0

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_return(self) -> None:
        pygame.key.start_text_input()

    # --- geometry -----------------------------------------------------------------------------
    def geometry(self) -> tuple[pygame.Rect, pygame.Rect, list[Button], int]:
        w, h = self.app.canvas.get_size()
        size = round(max(15, h * 0.024))
        bw = min(w - 40, max(560, round(w * 0.42)))
        bh = max(34, round(h * 0.055))
        line = round(size * 1.4)
        err_lines = len(wrap(self.app.fonts, self.error, size, bw - 48)) if self.error else 0
        height = round(size * 1.4 * 1.4) + 30 + line + 8 + bh + 12 + err_lines * line + 20 + bh + 24
        box = pygame.Rect(0, 0, bw, height)
        box.center = (w // 2, h // 2)
        field = pygame.Rect(box.x + 24, box.y + round(size * 1.4 * 1.4) + 30 + line + 8, bw - 48, bh)
        buttons = button_row(box, list(self.labels), min(round((bw - 72) / 2), max(160, round(w * 0.13))),
                             bh)
        return box, field, buttons, size

    # --- input --------------------------------------------------------------------------------
    def answer(self) -> None:
        error = self.on_done(self.text)
        if error:
            self.error = error
            return
        if self.app.top is self:
            self.app.pop()

    def cancel(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            room = self.max_chars - len(self.text)
            if room > 0:
                self.text += "".join(ch for ch in event.text if ch.isprintable())[:room]
                self.error = ""
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.error = ""
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer()
            elif event.key == pygame.K_ESCAPE:
                self.cancel()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = button_under(self.geometry()[2], event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = button_hit(self.geometry()[2], event.pos)
            if i == 0:
                self.answer()
            elif i == 1:
                self.cancel()

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        box, field, buttons, size = self.geometry()
        draw_dialog(surface, box, shade=150)
        fonts = self.app.fonts
        t = fonts.fit(self.title, round(size * 1.4), box.w - 48, GOLD, bold=True)
        surface.blit(t, (box.x + 24, box.y + 18))
        p = fonts.fit(self.prompt, size, box.w - 48, DIM)
        surface.blit(p, p.get_rect(bottomleft=(field.x, field.y - 6)))
        pygame.draw.rect(surface, (10, 40, 30), field, border_radius=6)
        pygame.draw.rect(surface, GOLD, field, width=2, border_radius=6)
        img = fonts.text(self.text, size, WHITE)
        inner = field.inflate(-20, 0)
        x = inner.x if img.get_width() <= inner.w else inner.right - img.get_width()  # the end shows
        clip = surface.get_clip()
        surface.set_clip(inner)
        surface.blit(img, img.get_rect(midleft=(x, field.centery)))
        surface.set_clip(clip)
        if self.blink < 0.6:
            cx = min(inner.right, x + img.get_width() + 2)
            pygame.draw.line(surface, WHITE, (cx, field.y + 8), (cx, field.bottom - 8), 2)
        y = field.bottom + 12
        if self.error:
            for line in wrap(fonts, self.error, size, box.w - 48):
                surface.blit(fonts.text(line, size, RED_TEXT), (box.x + 24, y))
                y += round(size * 1.4)
        for i, b in enumerate(buttons):
            draw_button(surface, fonts, b, i == 0, size, hovered=i == self.hover)
