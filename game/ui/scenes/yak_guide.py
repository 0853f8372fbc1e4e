"""The yak guide: every yak and bonus with its points under the table's rules, what it replaces,
what it means in plain words, and an example hand in tile pictures scored by the engine
(`game.practice.yak_guide`). Opened from the rules screen, the title's Learn entry and the table
(the pause menu, or Y); at the table it also says which yak the player's hand can still reach.

    app.push("yak_guide")                      # from a menu
    app.push("yak_guide", reach=[...])         # at the table: `yak_guide.reachable(observation)`

Keys: Up/Down (W/S) choose, PageUp/PageDown jump a group, Home/End, Esc/Backspace/Enter back; the
mouse clicks a row, the wheel scrolls the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.rules import PRESETS, RuleSet
from game.engine.tiles import parse_tile, parse_tiles
from game.i18n import SOURCE_LANG, register_texts, render, seat_name, yak_name
from game.practice import yak_guide as guide_data

from ..i18n import TERMS_LANG, tr
from ..scene import Scene
from ..widgets import (
    DIM,
    GOLD,
    WHITE,
    Button,
    draw_button,
    draw_gradient,
    draw_panel,
    draw_scrollbar,
    wrap,
)

if TYPE_CHECKING:
    from game.practice.yak_guide import Entry, Reach
    from game.ui.app import App

register_texts("ui", {
    "guide.title": "Yak guide",
    "guide.rules": "Points under your rules: {preset}",
    "guide.basic": ("{n} basic point", "{n} basic points"),
    "guide.bonus": ("+{n} bonus point", "+{n} bonus points"),
    "guide.each_set": "each set",
    "guide.each_tile": "each tile",
    "guide.each_flower": "each flower",
    "guide.off": "off in these rules",
    "guide.example": "Example",
    "guide.won_self": "won by self-draw",
    "guide.won_discard": "won on a discard",
    "guide.seat": "seat {wind}",
    "guide.win_tile": "the winning tile: {tile}",
    "guide.prevalent": "prevalent wind {wind}",
    "guide.flowers": ("{n} flower", "{n} flowers"),
    "guide.scores": "This hand scores",
    "guide.total": "Ante {ante} + basic {basic} + bonus {bonus} = {total}",
    "guide.reach": "Your hand can still reach",
    "guide.reach_none": "No yak is near yet: two basic points are far away.",
    "guide.help": "Up/Down choose · PageUp/PageDown group · Esc back",
    "guide.back": "Back",
})

#: per-unit points: the word after the points
_EACH = {"dragon_pung": "guide.each_set", "korean_dora": "guide.each_tile", "flower": "guide.each_flower"}


def _points_text(e: Entry, rules: RuleSet, lang: str) -> str:
    n = e.points(rules)
    if n == 0:
        return tr("guide.off", lang)
    text = tr("guide.basic" if e.kind == "basic" else "guide.bonus", lang, n=n)
    if e.key in _EACH:
        text += " · " + tr(_EACH[e.key], lang)
    return text


class YakGuideScene(Scene):
    name = "yak_guide"

    def __init__(self, app: App, reach: Sequence[Reach] | None = None, key: str | None = None) -> None:
        super().__init__(app)
        self.entries = guide_data.guide()
        self.reach = list(reach) if reach is not None else None
        keys = [e.key for e in self.entries]
        start = key if key in keys else (self.reach[0].key if self.reach else keys[0])
        self.index = keys.index(start) if start in keys else 0
        self.scroll = 0
        self._wrapped: dict[Any, list[str]] = {}

    # --- rows: group headings and entries, as the list shows them ---------------------------------
    def rows(self) -> list[tuple[str, int]]:
        """``("h", group)`` headings and ``("e", index into entries)`` rows, in order."""
        out: list[tuple[str, int]] = []
        i = 0
        for g, (_heading, keys) in enumerate(guide_data.GROUPS):
            out.append(("h", g))
            for _ in keys:
                out.append(("e", i))
                i += 1
        return out

    # --- geometry -------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        w, h = self.app.canvas.get_size()
        size = max(14, round(h * 0.022))
        box = pygame.Rect(16, 12, w - 32, h - 24)
        head = round(size * 1.5 * 1.45) + 30
        bh = max(34, round(h * 0.05))
        back = pygame.Rect(0, 0, max(140, round(box.w * 0.14)), bh)
        back.bottomright = (box.right - 20, box.bottom - 14)
        top = box.y + head
        list_w = max(260, round(box.w * 0.32))
        lst = pygame.Rect(box.x + 20, top, list_w, back.y - 12 - top)
        detail = pygame.Rect(lst.right + 28, top, box.right - 24 - lst.right - 28, back.y - 12 - top)
        rh = round(size * 1.55)
        return {"box": box, "size": size, "list": lst, "detail": detail, "rh": rh, "back": back,
                "visible": max(3, lst.h // rh)}

    # --- selection ----------------------------------------------------------------------------
    @property
    def entry(self) -> Entry:
        return self.entries[self.index]

    def select(self, index: int) -> None:
        self.index = max(0, min(len(self.entries) - 1, index))
        self._follow()

    def _follow(self) -> None:
        """Scroll the list so the chosen row (and its heading, when it is a group's first) shows."""
        rows = self.rows()
        at = rows.index(("e", self.index))
        vis = self.geometry()["visible"]
        first = at - 1 if at > 0 and rows[at - 1][0] == "h" else at
        if first < self.scroll:
            self.scroll = first
        elif at >= self.scroll + vis:
            self.scroll = at - vis + 1
        self.scroll = max(0, min(self.scroll, max(0, len(rows) - vis)))

    def jump_group(self, step: int) -> None:
        starts, i = [], 0
        for _h, keys in guide_data.GROUPS:
            starts.append(i)
            i += len(keys)
        here = max(g for g, s in enumerate(starts) if s <= self.index)
        self.select(starts[max(0, min(len(starts) - 1, here + step))])

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The entry index of the list row under `pos`, if any."""
        g = self.geometry()
        lst: pygame.Rect = g["list"]
        if not lst.collidepoint(pos):
            return None
        r = self.scroll + (pos[1] - lst.y) // g["rh"]
        rows = self.rows()
        if 0 <= r < len(rows) and rows[r][0] == "e":
            return rows[r][1]
        return None

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.select(self.index - 1)
            elif event.key in (pygame.K_DOWN, pygame.K_s):
                self.select(self.index + 1)
            elif event.key == pygame.K_PAGEUP:
                self.jump_group(-1)
            elif event.key == pygame.K_PAGEDOWN:
                self.jump_group(1)
            elif event.key == pygame.K_HOME:
                self.select(0)
            elif event.key == pygame.K_END:
                self.select(len(self.entries) - 1)
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            vis = self.geometry()["visible"]
            self.scroll = max(0, min(max(0, len(self.rows()) - vis), self.scroll - 3 * event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.geometry()["back"].collidepoint(event.pos):
                self.app.pop()
                return
            i = self.row_at(event.pos)
            if i is not None:
                self.index = i
                self.app.sound.play("click")

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        pal = self.app.art.look.table.palette  # the chosen felt's colours (navy, wine, green)
        draw_gradient(surface, pal.ground_top, pal.ground_bottom)
        g = self.geometry()
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        rules = self.app.settings.rules
        box: pygame.Rect = g["box"]
        draw_panel(surface, box, alpha=255, palette=pal)
        title = fonts.text(tr("guide.title", lang), round(size * 1.5), GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 12))
        preset = PRESETS[rules.preset][0]
        if rules.yak_overrides:
            preset += " + " + tr("settings.custom", lang)
        sub = fonts.fit(tr("guide.rules", lang, preset=preset), round(size * 0.85),
                        box.right - 24 - (box.x + 48 + title.get_width()), DIM)
        surface.blit(sub, sub.get_rect(bottomright=(box.right - 24, box.y + 12 + title.get_height() - 4)))
        self._draw_list(surface, g, rules)
        self._draw_detail(surface, g, rules)
        hint = fonts.fit(tr("guide.help", lang), round(size * 0.8), g["back"].x - box.x - 44, DIM)
        surface.blit(hint, hint.get_rect(midleft=(box.x + 24, g["back"].centery)))
        draw_button(surface, fonts, Button(g["back"], tr("guide.back", lang)), True, size, palette=pal)

    def _draw_list(self, surface: pygame.Surface, g: dict[str, Any], rules: RuleSet) -> None:
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        lst: pygame.Rect = g["list"]
        rh = g["rh"]
        pal = self.app.art.look.table.palette
        pygame.draw.rect(surface, pal.well, lst, border_radius=8)
        rows = self.rows()
        reach = {r.key for r in self.reach or ()}
        y = lst.y
        for kind, i in rows[self.scroll:self.scroll + g["visible"]]:
            r = pygame.Rect(lst.x, y, lst.w, rh)
            if kind == "h":
                heading = render(guide_data.GROUPS[i][0], lang)
                surf = fonts.fit(heading, round(size * 0.85), lst.w - 20, GOLD, bold=True)
                surface.blit(surf, surf.get_rect(midleft=(r.x + 10, r.centery + 2)))
            else:
                e = self.entries[i]
                if i == self.index:
                    pygame.draw.rect(surface, pal.hilite, r.inflate(-4, -2), border_radius=6)
                n = e.points(rules)
                pts = fonts.text(("+" if e.kind == "bonus" else "") + str(n), size,
                                 GOLD if n else DIM)
                surface.blit(pts, pts.get_rect(midright=(r.right - 10, r.centery)))
                colour = WHITE if n else DIM
                mark = "● " if e.key in reach else ""
                name = fonts.fit(mark + yak_name(e.key, lang), size, r.w - 40 - pts.get_width(), colour)
                surface.blit(name, name.get_rect(midleft=(r.x + 18, r.centery)))
            y += rh
        draw_scrollbar(surface, lst.right + 6, lst.y, lst.h, self.scroll, g["visible"], len(rows),
                       pal.edge)

    def _wrap(self, text: str, size: int, width: int) -> list[str]:
        key = (text, size, width)
        got = self._wrapped.get(key)
        if got is None:
            if len(self._wrapped) > 256:
                self._wrapped.clear()
            got = self._wrapped[key] = wrap(self.app.fonts, text, size, width)
        return got

    def _draw_detail(self, surface: pygame.Surface, g: dict[str, Any], rules: RuleSet) -> None:
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        d: pygame.Rect = g["detail"]
        e = self.entry
        x, y = d.x, d.y
        if self.reach is not None:
            y = self._draw_reach(surface, d, size)
        # beside the name: the game's own term (Korean), or the source language's in Korean
        other = SOURCE_LANG if lang == TERMS_LANG else TERMS_LANG
        name = fonts.fit(yak_name(e.key, lang), round(size * 1.45), d.w * 0.7, GOLD, bold=True)
        surface.blit(name, (x, y))
        alt = fonts.fit(yak_name(e.key, other), round(size * 0.95), d.w - name.get_width() - 24, DIM)
        surface.blit(alt, alt.get_rect(bottomleft=(x + name.get_width() + 14, y + name.get_height() - 4)))
        y += name.get_height() + 4
        line = _points_text(e, rules, lang)
        for m in e.replaces_words():
            line += " · " + render(m, lang)
        pts = fonts.fit(line, size, d.w, WHITE)
        surface.blit(pts, (x, y))
        y += pts.get_height() + round(size * 0.5)
        for ln in self._wrap(render(e.about, lang), size, d.w):
            surface.blit(fonts.text(ln, size, WHITE), (x, y))
            y += round(size * 1.4)
        y += round(size * 0.6)
        y = self._draw_example(surface, d, y, size, rules)

    def _draw_reach(self, surface: pygame.Surface, d: pygame.Rect, size: int) -> int:
        """The hand's reachable yak above the entry; returns the y below it."""
        fonts, lang = self.app.fonts, self.app.lang
        y = d.y
        head = fonts.text(tr("guide.reach", lang), round(size * 0.9), GOLD, bold=True)
        surface.blit(head, (d.x, y))
        y += head.get_height() + 2
        lines = [render(r.words(), lang) for r in self.reach or ()] or [tr("guide.reach_none", lang)]
        for ln in lines:
            surf = fonts.fit("· " + ln, round(size * 0.9), d.w, WHITE)
            surface.blit(surf, (d.x + 8, y))
            y += round(size * 1.3)
        y += round(size * 0.4)
        pygame.draw.line(surface, self.app.art.look.table.palette.edge, (d.x, y), (d.right, y))
        return y + round(size * 0.6)

    def _draw_example(self, surface: pygame.Surface, d: pygame.Rect, y: int, size: int,
                      rules: RuleSet) -> int:
        fonts, lang, art = self.app.fonts, self.app.lang, self.app.art
        e = self.entry
        ex = e.example
        head = fonts.text(tr("guide.example", lang), round(size * 0.9), GOLD, bold=True)
        surface.blit(head, (d.x, y))
        y += head.get_height() + 6
        # the hand as the engine reads it, set by set; the winning tile outlined, and for the
        # Korean dora every tile of the winning tile's kind marked
        result = guide_data.example_result(e.key, rules)
        win = parse_tile(ex.win)
        groups = [list(gr) for gr in result.groups] or [sorted(parse_tiles(ex.hand))]
        n_tiles = sum(len(gr) for gr in groups)
        gap = round(size * 0.5)
        tw = max(18, min(round(size * 2.8), int((d.w - len(groups) * gap) / max(1, n_tiles))))
        x, th, outlined = d.x, 0, False
        for gr in groups:
            for k in gr:
                t = art.tile(k, tw)
                surface.blit(t, (x, y))
                th = t.get_height()
                if k == win and not outlined:
                    outlined = True
                    pygame.draw.rect(surface, GOLD, pygame.Rect(x - 2, y - 2, tw + 4, th + 4), 2,
                                     border_radius=4)
                if k == win and e.key == "korean_dora":
                    pygame.draw.circle(surface, GOLD, (x + tw // 2, y + th + 6), max(3, tw // 10))
                x += tw
            x += gap
        y += th + 14
        caption = fonts.fit(self._situation(), round(size * 0.85), d.w, DIM)
        surface.blit(caption, (d.x, y))
        y += caption.get_height() + round(size * 0.5)
        surface.blit(fonts.text(tr("guide.scores", lang), round(size * 0.9), GOLD), (d.x, y))
        y += round(size * 1.35)
        col = d.x + min(d.w * 0.55, size * 16)
        for ys in result.yak:
            colour = GOLD if ys.key == e.key else WHITE
            name = yak_name(ys.key, lang) + (f" ×{ys.count}" if ys.count > 1 else "")
            surface.blit(fonts.fit(name, size, col - d.x - 12, colour), (d.x + 12, y))
            pts = tr("guide.basic" if ys.kind == "basic" else "guide.bonus", lang, n=ys.points)
            surface.blit(fonts.fit(pts, size, d.right - col, colour), (col, y))
            y += round(size * 1.35)
        total = tr("guide.total", lang, ante=result.ante, basic=result.basic, bonus=result.bonus,
                   total=result.total)
        surf = fonts.fit(total, size, d.w, GOLD, bold=True)
        surface.blit(surf, (d.x, y + 4))
        return y + surf.get_height() + 8

    def _situation(self) -> str:
        """How the example was won, in words: self-draw or discard, the winning tile (named as
        the player names tiles: "4 characters", or 4m with notation on), the seat, the rest."""
        lang = self.app.lang
        ex = self.entry.example
        parts = [tr("guide.won_self" if ex.self_draw else "guide.won_discard", lang),
                 tr("guide.win_tile", lang, tile=self.app.tile_name(parse_tile(ex.win))),
                 tr("guide.seat", lang, wind=seat_name(ex.seat, lang))]
        if ex.prevalent is not None:
            parts.append(tr("guide.prevalent", lang, wind=seat_name(ex.prevalent, lang)))
        if ex.flowers:
            parts.append(tr("guide.flowers", lang, n=ex.flowers))
        for flag, key in ((ex.uper, "uper"), (ex.win_on_kong, "win_on_kong"),
                          (ex.robbing_kong, "robbing_kong"), (ex.first_turn, None)):
            if flag and key is not None:
                parts.append(yak_name(key, lang))
        if ex.last_tile:
            parts.append(yak_name("last_tile_draw" if ex.self_draw else "last_tile_claim", lang))
        return " · ".join(parts)
