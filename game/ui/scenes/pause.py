"""The pause menu over the table (Esc): resume, settings, rules, the yak guide, leave the table.

    app.push("pause", owner=table_scene)

While it is open the table stands still (the app updates only the top screen: no animation, no
countdown, no computer move is played). Leave asks first (`TableScene.ask_to_leave`: the game
can be continued from the title). Keys: Up/Down (or W/S, Tab) move, Enter or Space choose, Esc
resumes; the mouse hovers and clicks. Its panel and buttons take the table theme's colours
(`TableTheme.palette`: navy over a navy table), as the settings, rules and yak guide do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import register_texts

from ..scene import Scene
from ..widgets import DIM, GOLD, Button, button_hit, button_under, draw_button, draw_dialog

if TYPE_CHECKING:
    from game.ui.app import App

ENTRIES = ("resume", "settings", "rules", "yak_guide", "leave")

register_texts("ui", {"pause.yak_guide": "Yak guide"})


class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app: App, owner: Any) -> None:
        super().__init__(app)
        self.owner = owner  # the table: `ask_to_leave`, `on_return` when we close
        self.focus = 0
        self.hover: int | None = None

    # --- geometry -----------------------------------------------------------------------------
    def geometry(self) -> tuple[pygame.Rect, list[Button], int]:
        w, h = self.app.canvas.get_size()
        size = round(max(17, h * 0.03))
        bw = max(320, min(520, round(w * 0.28)))
        bh = max(38, round(h * 0.06))
        gap = max(8, round(bh * 0.25))
        title_h = round(size * 1.5 * 1.5)
        foot_h = round(size * 0.8 * 1.6)
        height = 24 + title_h + 12 + len(ENTRIES) * (bh + gap) - gap + 16 + foot_h + 16
        box = pygame.Rect(0, 0, bw + 64, height)
        box.center = (w // 2, h // 2)
        top = box.y + 24 + title_h + 12
        buttons = []
        for i, e in enumerate(ENTRIES):
            r = pygame.Rect(0, 0, bw, bh)
            r.midtop = (box.centerx, top + i * (bh + gap))
            buttons.append(Button(r, self.app.tr(f"pause.{e}")))
        return box, buttons, size

    # --- input --------------------------------------------------------------------------------
    def choose(self, entry: str) -> None:
        self.app.sound.play("click")
        if entry == "resume":
            self.app.pop()
        elif entry == "leave":
            self.owner.ask_to_leave()
        elif entry == "yak_guide":
            self.app.push("yak_guide", reach=self.owner.yak_reach())
        else:
            self.app.push(entry)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(ENTRIES)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(ENTRIES)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(ENTRIES[self.focus])
            elif event.key == pygame.K_ESCAPE:
                self.choose("resume")
        elif event.type == pygame.MOUSEMOTION:
            self.hover = button_under(self.geometry()[1], event.pos)
            if self.hover is not None:
                self.focus = self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = button_hit(self.geometry()[1], event.pos)
            if i is not None:
                self.choose(ENTRIES[i])

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        box, buttons, size = self.geometry()
        palette = self.app.art.look.table.palette  # the chosen felt's colours, not always green
        draw_dialog(surface, box, shade=130, palette=palette)
        fonts = self.app.fonts
        t = fonts.fit(self.app.tr("pause.title"), round(size * 1.5), box.w - 48, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + 20)))
        for i, b in enumerate(buttons):
            draw_button(surface, fonts, b, i == self.focus, size, hovered=i == self.hover,
                        palette=palette)
        foot = fonts.fit(self.app.tr("pause.hint"), round(size * 0.75), box.w - 32, DIM)
        surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - 14)))
