"""A question over the current screen that needs a yes before anything is lost: leaving the table,
quitting the program.

    app.push("confirm", title="Leave the table?", message="...", yes="Leave", no="Stay",
             on_yes=table.leave)

The focus starts on the safe answer (`no`; `on_no`, when given, is what it does). Keys:
Left/Right, Up/Down or Tab move, Enter or Space choose, Esc answers no; the mouse hovers and
clicks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..scene import Scene
from ..widgets import (
    GOLD,
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


class ConfirmScene(Scene):
    name = "confirm"
    overlay = True

    def __init__(self, app: App, title: str, message: str, yes: str, no: str,
                 on_yes: Callable[[], object], on_no: Callable[[], object] | None = None) -> None:
        super().__init__(app)
        self.title, self.message = title, message
        self.labels = (yes, no)
        self.on_yes = on_yes
        self.on_no = on_no  # the safe answer's own step, when it has one (None: just close)
        self.focus = 1  # the safe answer
        self.hover: int | None = None

    # --- geometry -----------------------------------------------------------------------------
    def geometry(self) -> tuple[pygame.Rect, list[Button], int]:
        w, h = self.app.canvas.get_size()
        size = round(max(15, h * 0.024))
        bw = min(w - 40, max(560, round(w * 0.42)))
        bh = max(34, round(h * 0.055))
        lines = wrap(self.app.fonts, self.message, size, bw - 48)
        text_h = round(size * 1.4) * len(lines)
        height = round(size * 1.5 * 1.4) + 40 + text_h + 24 + bh + 24
        box = pygame.Rect(0, 0, bw, height)
        box.center = (w // 2, h // 2)
        buttons = button_row(box, list(self.labels), min(round((bw - 72) / 2), max(160, round(w * 0.13))),
                             bh)
        return box, buttons, size

    # --- input --------------------------------------------------------------------------------
    def answer(self, yes: bool) -> None:
        self.app.pop()
        if yes:
            self.on_yes()
        elif self.on_no is not None:
            self.on_no()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
                             pygame.K_a, pygame.K_d):
                self.focus = 1 - self.focus
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.answer(self.focus == 0)
            elif event.key == pygame.K_ESCAPE:
                self.answer(False)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = button_under(self.geometry()[1], event.pos)
            if self.hover is not None:
                self.focus = self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = button_hit(self.geometry()[1], event.pos)
            if i is not None:
                self.answer(i == 0)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        box, buttons, size = self.geometry()
        draw_dialog(surface, box, shade=150)
        fonts = self.app.fonts
        t = fonts.fit(self.title, round(size * 1.4), box.w - 48, GOLD, bold=True)
        surface.blit(t, (box.x + 24, box.y + 18))
        y = box.y + 30 + t.get_height()
        for line in wrap(fonts, self.message, size, box.w - 48):
            surface.blit(fonts.text(line, size, WHITE), (box.x + 24, y))
            y += round(size * 1.4)
        for i, b in enumerate(buttons):
            draw_button(surface, fonts, b, i == self.focus, size, hovered=i == self.hover)
