"""The rules screen: the rule book in brief, and the yak table of the active rules (preset and
custom values), in the player's language. Up/Down, PageUp/PageDown, Home/End or the wheel scroll;
Esc, Backspace or a click on Back returns; Y (or the Yak guide button) opens the yak guide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine.rules import BASIC_POINTS, BONUS_POINTS, PRESETS, RuleSet
from game.i18n import register_texts

from ..i18n import tr, yak_label
from ..scene import Scene
from ..widgets import (
    DIM,
    GOLD,
    WHITE,
    Button,
    draw_button,
    draw_ground,
    draw_panel,
    draw_scrollbar,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App

register_texts("ui", {"rules.yak_guide": "Yak guide  [Y]"})

SECTIONS = ("tiles", "setup", "play", "win", "uper", "sacred", "score", "draws")

Line = tuple[str, str, str]  # (kind: "h" heading / "p" text / "y" yak row, left text, right text)


def rule_lines(rules: RuleSet, lang: str) -> list[Line]:
    """The content before wrapping: headings, paragraphs, and yak rows (name, points)."""
    fmt = {"ante": rules.ante, "mult": rules.discard_multiplier, "wall": rules.uper_min_wall}
    out: list[Line] = []
    for sec in SECTIONS:
        out.append(("h", tr(f"rules.{sec}.h", lang), ""))
        out.append(("p", tr(f"rules.{sec}.b", lang, **fmt), ""))
    preset = PRESETS[rules.preset][0]
    if rules.yak_overrides:
        preset += " + " + tr("settings.custom", lang)
    out.append(("h", tr("rules.yak.h", lang, preset=preset), ""))
    for key in BASIC_POINTS:
        out.append(("y", yak_label(key, lang), tr("value.points", lang, n=rules.points(key))))
    out.append(("h", tr("rules.bonus.h", lang), ""))
    for key in BONUS_POINTS:
        out.append(("y", yak_label(key, lang), "+" + tr("value.points", lang, n=rules.points(key))))
    return out


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0  # in wrapped lines
        self._cache: dict[Any, list[Line]] = {}

    # --- geometry -------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        w, h = self.app.canvas.get_size()
        size = max(15, round(h * 0.024))
        box = pygame.Rect(0, 0, min(w - 40, max(900, round(w * 0.68))), h - 40)
        box.center = (w // 2, h // 2)
        head = round(size * 1.5 * 1.45) + 24
        bh = max(34, round(h * 0.05))
        back = pygame.Rect(0, 0, max(140, round(box.w * 0.16)), bh)
        back.bottomright = (box.right - 20, box.bottom - 14)
        guide = pygame.Rect(0, 0, max(180, round(box.w * 0.2)), bh)
        guide.bottomright = (back.x - 14, back.bottom)
        text = pygame.Rect(box.x + 24, box.y + head, box.w - 56, back.y - 12 - box.y - head)
        lh = round(size * 1.45)
        return {"box": box, "size": size, "text": text, "lh": lh, "back": back, "guide": guide,
                "visible": max(1, text.h // lh)}

    def lines(self) -> list[Line]:
        """The wrapped lines for the current size, language and rules (cached)."""
        g = self.geometry()
        lang = self.app.lang
        key = (g["text"].w, g["size"], lang, self.app.settings.rules)
        got = self._cache.get(key)
        if got is None:
            got = []
            for kind, left, right in rule_lines(self.app.settings.rules, lang):
                if kind == "p":
                    got.extend(("p", ln, "") for ln in wrap(self.app.fonts, left, g["size"], g["text"].w))
                    got.append(("gap", "", ""))
                elif kind == "h":
                    got.append(("h", left, ""))
                else:
                    got.append((kind, left, right))
            self._cache = {key: got}
        return got

    def max_scroll(self) -> int:
        return max(0, len(self.lines()) - self.geometry()["visible"])

    # --- input ----------------------------------------------------------------------------------
    def scroll_by(self, n: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + n))

    def handle_event(self, event: pygame.event.Event) -> None:
        page = self.geometry()["visible"] - 1
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_w: -1, pygame.K_s: 1,
                     pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_SPACE: page,
                     pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.app.pop()
            elif event.key in (pygame.K_y, pygame.K_g):
                self.app.push("yak_guide")
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            g = self.geometry()
            if g["back"].collidepoint(event.pos):
                self.app.pop()
            elif g["guide"].collidepoint(event.pos):
                self.app.push("yak_guide")

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        palette = self.app.art.look.table.palette  # the chosen felt's colours
        draw_ground(surface, palette)
        g = self.geometry()
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        box: pygame.Rect = g["box"]
        draw_panel(surface, box, alpha=230, palette=palette)
        title = fonts.text(tr("rules.title", lang), round(size * 1.5), GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 12))
        text: pygame.Rect = g["text"]
        lines = self.lines()
        y = text.y
        for kind, left, right in lines[self.scroll:self.scroll + g["visible"]]:
            if kind == "h":
                surf = fonts.fit(left, round(size * 1.1), text.w, GOLD, bold=True)
                surface.blit(surf, (text.x, y))
            elif kind == "p":
                surface.blit(fonts.text(left, size, WHITE), (text.x, y))
            elif kind == "y":
                surface.blit(fonts.fit(left, size, text.w * 0.75, WHITE), (text.x + size, y))
                pts = fonts.text(right, size, GOLD)
                surface.blit(pts, pts.get_rect(topright=(text.right, y)))
                pygame.draw.line(surface, palette.rule, (text.x + size, y + g["lh"] - 3),
                                 (text.right, y + g["lh"] - 3))
            y += g["lh"]
        draw_scrollbar(surface, text.right + 10, text.y, text.h, self.scroll, g["visible"], len(lines),
                       palette.edge)
        hint = fonts.fit(tr("rules.help", lang), round(size * 0.8), g["guide"].x - box.x - 40, DIM)
        surface.blit(hint, hint.get_rect(midleft=(box.x + 24, g["back"].centery)))
        draw_button(surface, fonts, Button(g["guide"], tr("rules.yak_guide", lang)), False, size,
                    palette=palette)
        draw_button(surface, fonts, Button(g["back"], tr("settings.cancel", lang)), True, size,
                    palette=palette)
