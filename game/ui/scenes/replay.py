"""The replays: every recorded game (newest first) and the table playing one back.

The list shows each record's date, players, finished hands and scores, and whether the game was
interrupted or the file is damaged (read as far as it is valid). Up/Down choose, Enter watches,
Esc goes back; the mouse hovers, clicks and scrolls. The game is played back by the table scene
with the record's actions (`TableScene(replay=...)`): every hand face up, P pauses, + and -
change the speed, any other key or a click skips the animation, Esc returns to the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..widgets import DIM, GOLD, RED_TEXT, WHITE, Button, draw_button, draw_panel
from . import Scene
from .title import FELT_BOTTOM, FELT_TOP, draw_gradient

if TYPE_CHECKING:
    from game.ui.app import App

LIMIT = 200


def _seat_label(app: App, name: str) -> str:
    from ..i18n import has

    if name == "human":
        return app.tr("replay.player")
    key = f"short.{name}" if has(f"short.{name}") else f"seat.{name}"
    return app.tr(key) if has(key) else name


class ReplayListScene(Scene):
    name = "replays"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        from game.practice.records import list_records

        self.records: list[Any] = list_records(limit=LIMIT)
        self.focus = 0
        self.top = 0
        self.hover: int | None = None

    # --- geometry ----------------------------------------------------------------------------------
    def geometry(self) -> tuple[pygame.Rect, list[pygame.Rect], Button, Button]:
        w, h = self.app.canvas.get_size()
        box = pygame.Rect(0, 0, min(w - 40, max(760, round(w * 0.75))), round(h * 0.86))
        box.center = (w // 2, h // 2)
        rh = max(34, round(h * 0.055))
        first = box.y + round(rh * 2.2)
        bh = max(36, round(h * 0.06))
        rows_room = (box.bottom - 24 - bh - first) // (rh + 4)
        rows = [pygame.Rect(box.x + 20, first + i * (rh + 4), box.w - 40, rh)
                for i in range(max(1, rows_room))]
        watch = pygame.Rect(0, 0, max(160, round(box.w * 0.22)), bh)
        watch.bottomright = (box.right - 20, box.bottom - 16)
        back = pygame.Rect(0, 0, watch.w, bh)
        back.bottomleft = (box.x + 20, box.bottom - 16)
        return box, rows, Button(watch, self.app.tr("replay.watch"), bool(self.records)), \
            Button(back, self.app.tr("settings.cancel"))

    def _scroll_to_focus(self, n_rows: int) -> None:
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + n_rows:
            self.top = self.focus - n_rows + 1

    # --- actions -----------------------------------------------------------------------------------
    def watch(self, index: int | None = None) -> bool:
        """Play the chosen record back at the table."""
        if not self.records:
            return False
        i = self.focus if index is None else index
        from game.practice.records import load_record

        from .table import TableScene, resume_from_record

        rec = load_record(self.records[i].path)
        if rec.header is None or not rec.hands:
            self.records[i] = self.records[i]
            return False
        self.app.sound.play("click")
        self.app.push(TableScene(self.app, [], replay=resume_from_record(rec)))
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        _, rows, watch, back = self.geometry()
        n = len(self.records)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w) and n:
                self.focus = (self.focus - 1) % n
            elif event.key in (pygame.K_DOWN, pygame.K_s) and n:
                self.focus = (self.focus + 1) % n
            elif event.key == pygame.K_PAGEDOWN and n:
                self.focus = min(n - 1, self.focus + len(rows))
            elif event.key == pygame.K_PAGEUP and n:
                self.focus = max(0, self.focus - len(rows))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.watch()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
            self._scroll_to_focus(len(rows))
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, n - len(rows)), self.top - event.y))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = None
            for i, r in enumerate(rows):
                if r.collidepoint(event.pos) and self.top + i < n:
                    self.hover = self.top + i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if watch.hit(event.pos):
                self.watch()
            elif back.hit(event.pos):
                self.app.pop()
            else:
                for i, r in enumerate(rows):
                    if r.collidepoint(event.pos) and self.top + i < n:
                        if self.focus == self.top + i:
                            self.watch()
                        self.focus = self.top + i

    # --- drawing -----------------------------------------------------------------------------------
    def describe(self, summary: Any) -> tuple[str, str, tuple[int, int, int]]:
        """Two columns of a record's row and the colour of the second."""
        tr = self.app.tr
        when = summary.created.astimezone().strftime("%Y-%m-%d %H:%M")
        players = ", ".join(_seat_label(self.app, p) for p in summary.players)
        left = f"{when}   {players}"
        scores = " ".join(f"{x:+d}" if x else "0" for x in summary.scores)
        if summary.error and "interrupted" not in summary.error:
            return left, tr("replay.damaged"), RED_TEXT
        state = tr("replay.complete") if summary.complete else tr("replay.interrupted")
        right = f"{tr('newgame.hands_n', n=summary.hands)} · {scores} · {state}"
        return left, right, WHITE if summary.complete else DIM

    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        box, rows, watch, back = self.geometry()
        draw_panel(surface, box)
        fonts = self.app.fonts
        h = surface.get_height()
        size = round(max(15, h * 0.025))
        title = fonts.fit(self.app.tr("replay.title"), round(size * 1.6), box.w - 40, GOLD, bold=True)
        surface.blit(title, (box.x + 20, box.y + 16))
        if not self.records:
            t = fonts.fit(self.app.tr("replay.none"), size, box.w - 40, DIM)
            surface.blit(t, (box.x + 20, rows[0].y))
        for i, r in enumerate(rows):
            k = self.top + i
            if k >= len(self.records):
                break
            focused = k == self.focus
            if focused or k == self.hover:
                pygame.draw.rect(surface, (44, 120, 88) if focused else (24, 84, 62), r, border_radius=6)
            left, right, colour = self.describe(self.records[k])
            lt = fonts.fit(left, size, r.w * 0.55, GOLD if focused else WHITE)
            surface.blit(lt, lt.get_rect(midleft=(r.x + 10, r.centery)))
            rt = fonts.fit(right, size, r.w * 0.42, colour)
            surface.blit(rt, rt.get_rect(midright=(r.right - 10, r.centery)))
        hint = fonts.fit(self.app.tr("replay.list_hint"), round(size * 0.8), box.w - 40, DIM)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, watch.rect.y - 8)))
        draw_button(surface, fonts, watch, bool(self.records), size)
        draw_button(surface, fonts, back, False, size)


def make_scene(app: App, **options: Any) -> Scene:
    """The title's "Replays": the list with the step-by-step viewer (`replay_viewer.RecordsScene`,
    which extends this list) when it is there, else this list alone."""
    try:
        from .replay_viewer import RecordsScene
    except ImportError:
        return ReplayListScene(app)
    return RecordsScene(app)
