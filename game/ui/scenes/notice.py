"""A message box over the current scene (settings warnings, "not built yet"): Enter, Esc or a
click on OK closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..scene import Scene
from ..widgets import GOLD, WHITE, Button, draw_button, draw_dialog, wrap

if TYPE_CHECKING:
    from game.ui.app import App


class NoticeScene(Scene):
    name = "notice"
    overlay = True

    def __init__(self, app: App, title: str, messages: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.messages = list(messages)

    def _geometry(self) -> tuple[pygame.Rect, Button, int]:
        w, h = self.app.canvas.get_size()
        size = round(max(15, h * 0.024))
        bw = min(w - 40, max(560, round(w * 0.55)))
        bh = max(34, round(h * 0.055))
        n_lines = sum(len(wrap(self.app.fonts, m, size, bw - 40)) for m in self.messages)
        text_h = round(size * 1.4) * n_lines + (size // 2) * len(self.messages)
        height = min(round(h * 0.85), round(size * 1.4 * 1.5) + 40 + text_h + bh + 40)
        box = pygame.Rect(0, 0, bw, height)
        box.center = (w // 2, h // 2)
        ok = pygame.Rect(0, 0, max(120, round(w * 0.1)), bh)
        ok.midbottom = (box.centerx, box.bottom - 16)
        return box, Button(ok, self.app.tr("msg.ok")), size

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                         pygame.K_ESCAPE, pygame.K_SPACE):
            self.app.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            _, ok, _ = self._geometry()
            if ok.hit(event.pos):
                self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        box, ok, size = self._geometry()
        draw_dialog(surface, box, shade=140)
        fonts = self.app.fonts
        t = fonts.fit(self.title, round(size * 1.4), box.w - 40, GOLD, bold=True)
        surface.blit(t, (box.x + 20, box.y + 16))
        y = box.y + 24 + t.get_height()
        for msg in self.messages:
            for line in wrap(fonts, msg, size, box.w - 40):
                if y + size * 1.4 > ok.rect.y - 8:
                    break
                surface.blit(fonts.text(line, size, WHITE), (box.x + 20, y))
                y += round(size * 1.4)
            y += size // 2
        draw_button(surface, fonts, ok, True, size)
