"""The danger assist and the live coach at the table: what `game.practice.danger_assist` and
`game.practice.live_coach` decide, drawn over the human's hand (issue 32).

- **Danger** (setting `assist_danger`, F8): while a player has declared uper, each tile of the
  hand carries a bar above it: green with a tick when it is exactly safe against every uper
  player, else yellow, orange or red with its chance to deal in ("16%"). Over a tile the mouse
  rests on, a box above it says why, one sentence per uper player.
- **Waits**: when the hand is ready (or on the player's turn, ready after throwing the raised
  tile), one line above the hand names the waits with how many of each are left unseen.
- **Live coach** (setting `live_coach`, F9): the line for the player's last decision, above the
  hand too, for some seconds.

Lines stand in one band just above the hand, inside the table's frame: clear of the right-hand
column (the prompt, its coach lines and the hints panel) and of the plates. Each is text on a dark
plate, so it reads over the felt, a river or a wall.

>>> DangerBand.SHADES["safe"], DangerBand.SHADES["high"]
((70, 190, 110), (226, 74, 60))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.kinds import PLAYS
from game.engine.tiles import kind_of_tile
from game.practice.danger_assist import DangerView, after_uper_kinds, danger_view
from game.practice.live_coach import LiveCoach

from ..widgets import wrap

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.table import Decision, Table

    from ..widgets import Fonts

#: the coach's colour (as the coach's lines beside the prompt)
COACH = (250, 214, 150)
INK = (245, 242, 232)
PLATE = (18, 24, 22, 215)
#: the bar's colour by the assist's level (`danger_assist.LEVELS`)
SHADES: dict[str, tuple[int, int, int]] = {
    "safe": (70, 190, 110), "low": (214, 200, 80), "medium": (236, 146, 56),
    "high": (226, 74, 60)}


class DangerBand:
    """Draws the assist: `draw_tiles` (the bars and the hovered tile's reasons) and `draw_lines`
    (the band of lines above the hand). Rendered texts are kept while they do not change."""

    SHADES = SHADES

    #: the texts wrapped kept (a frame wraps the same lines again while they stand)
    WRAPS_KEPT = 128

    def __init__(self) -> None:
        self._plates: dict[tuple[object, ...], pygame.Surface] = {}
        self._wraps: dict[tuple[str, int, int], list[str]] = {}

    def wrap(self, fonts: Fonts, text: str, px: int, width: int) -> list[str]:
        """`widgets.wrap`, kept per text, size and width: the band and the reasons box draw the
        same lines every frame, and wrapping measures each word."""
        key = (text, px, width)
        lines = self._wraps.get(key)
        if lines is None:
            if len(self._wraps) >= self.WRAPS_KEPT:
                self._wraps.clear()
            lines = self._wraps[key] = wrap(fonts, text, px, width)
        return lines

    # ---------------------------------------------------------------- the tiles
    def draw_tiles(self, surface: pygame.Surface, fonts: Fonts,
                   tiles: Sequence[tuple[pygame.Rect, int]], view: DangerView,
                   px: int) -> None:
        """A bar above each tile of the hand (`tiles`: its place and kind) that the
        assist has a reading for."""
        for rect, kind in tiles:
            td = view.tiles.get(kind)
            if td is None:
                continue
            h = max(8, round(rect.h * 0.2))
            bar = pygame.Rect(rect.x + 1, rect.y - h - 3, rect.w - 2, h)  # above: the face shows
            colour = self.SHADES[td.level]
            pygame.draw.rect(surface, colour, bar, border_radius=3)
            if td.safe:
                self._tick(surface, bar)
            else:
                size = max(9, min(px, round(h * 0.95)))
                label = f"{max(1, round(100 * td.deal_in))}%"
                img = fonts.fit(label, size, bar.w - 2, (20, 20, 20))
                surface.blit(img, img.get_rect(center=bar.center))
            if td.safe:
                pygame.draw.rect(surface, colour, rect.inflate(2, 2), width=2, border_radius=5)

    @staticmethod
    def _tick(surface: pygame.Surface, bar: pygame.Rect) -> None:
        """A tick mark drawn in lines (no font needed), centred in the bar."""
        s = bar.h * 0.8
        cx, cy = bar.centerx, bar.centery
        pts = [(cx - s * 0.5, cy), (cx - s * 0.1, cy + s * 0.4), (cx + s * 0.6, cy - s * 0.45)]
        pygame.draw.lines(surface, (20, 40, 24), False, pts, max(2, round(bar.h / 5)))

    def draw_reasons(self, surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect,
                     lines: Sequence[str], px: int, bounds: pygame.Rect) -> pygame.Rect:
        """The hovered tile's reasons in a box above it, kept inside `bounds`; returns the box."""
        width = min(bounds.w - 8, max(rect.w * 6, round(px * 26)))
        wrapped: list[str] = []
        for text in lines:
            wrapped.extend(self.wrap(fonts, text, px, width - 16))
        line_h = round(px * 1.3)
        h = len(wrapped) * line_h + 12
        w = min(width, max(fonts.text(ln, px).get_width() for ln in wrapped) + 16) \
            if wrapped else 0
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (rect.centerx, rect.y - max(8, round(rect.h * 0.2)) - 8)
        box.clamp_ip(bounds)
        self._plate(surface, box)
        y = box.y + 6
        for ln in wrapped:
            surface.blit(fonts.text(ln, px, INK), (box.x + 8, y))
            y += line_h
        return box

    # ---------------------------------------------------------------- the band of lines
    def draw_lines(self, surface: pygame.Surface, fonts: Fonts, band: pygame.Rect,
                   lines: Sequence[tuple[str, tuple[int, int, int]]], px: int) -> list[pygame.Rect]:
        """`lines` (text, colour), each on its plate, stacked upwards from the bottom of `band`
        (the first lowest), each wrapped to the band's width; returns their plates."""
        out: list[pygame.Rect] = []
        bottom = band.bottom
        line_h = round(px * 1.3)
        for text, colour in lines:
            wrapped = self.wrap(fonts, text, px, band.w - 16)[:3]
            if not wrapped:
                continue
            h = len(wrapped) * line_h + 8
            w = max(fonts.text(ln, px).get_width() for ln in wrapped) + 16
            box = pygame.Rect(band.x, bottom - h, min(band.w, w), h)
            if box.y < band.y:
                break
            self._plate(surface, box)
            y = box.y + 4
            for ln in wrapped:
                surface.blit(fonts.text(ln, px, colour), (box.x + 8, y))
                y += line_h
            out.append(box)
            bottom = box.y - 4
        return out

    def _plate(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        key = box.size
        img = self._plates.get(key)
        if img is None:
            if len(self._plates) > 32:
                self._plates.clear()
            img = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(img, PLATE, img.get_rect(), border_radius=6)
            pygame.draw.rect(img, (*COACH, 160), img.get_rect(), width=1, border_radius=6)
            self._plates[key] = img
        surface.blit(img, box.topleft)


class TableCoach:
    """The table's part for the danger assist and the live coach: it follows the human's
    decisions (`follow`, `acted`), works out what to show, and draws it (`draw`). Nothing is
    computed while both settings are off.

    The danger reading is worked out once per change of the table (its events, the raised tile),
    from the human's own view (`Decision.observation`, else `Table.observation(human)`); the live
    coach thinks on its own thread (`game.practice.live_coach.LiveCoach`) and its line stands for
    `LINE_SECONDS`."""

    LINE_SECONDS = 8.0

    def __init__(self, app: Any) -> None:
        self.app = app
        self.band = DangerBand()
        self.live: LiveCoach | None = None
        self.line = ""  # the live coach's last line, while it stands
        self.line_until = 0.0
        self._opened: Decision | None = None
        self._memo: tuple[tuple[object, ...], DangerView] | None = None
        self.hover_at: tuple[int, int] | None = None  # a pointer given (tests); else the mouse
        self.shown: dict[str, object] = {}  # what the last frame showed (tests read it)
        #: messages rendered, by message, language and notation (`say`)
        self._words: dict[tuple[object, str, bool], str] = {}

    def say(self, message: Any) -> str:
        """`App.reason`, kept per message and the player's language and notation: the waits
        line and the hovered tile's reasons are drawn every frame from the same messages, and
        rendering one was most of what the assist cost a frame."""
        key = (message, self.app.lang, bool(getattr(self.app, "notation", False)))
        try:
            words = self._words.get(key)
        except TypeError:  # an argument that cannot be a key: rendered each time
            return self.app.reason(message)
        if words is None:
            if len(self._words) >= DangerBand.WRAPS_KEPT:
                self._words.clear()
            words = self._words[key] = self.app.reason(message)
        return words

    # ---------------------------------------------------------------- following the game
    def follow(self, d: Decision | None, table: Table | None, human: int | None,
               elapsed: float) -> None:
        """Once a frame: start the expert on a newly opened decision of the human, and take the
        live coach's line when it is ready."""
        if not getattr(self.app.settings, "live_coach", False) or table is None or human is None:
            if self.live is not None:
                self.live.drop()
            self.live = None
            self._opened = None
            return
        if self.live is None:
            self.live = LiveCoach()
        msg = self.live.poll()  # the last decision's line first: a new one drops it unsaid
        if msg is not None:
            self.line = self.app.reason(msg)
            self.line_until = elapsed + self.LINE_SECONDS
        if d is not None and d is not self._opened and d.seat == human and len(d.legal) > 1:
            self._opened = d
            self.live.open(d, list(table.events), human, after_uper_kinds(table.events))

    def acted(self, d: Decision | None, action: Action) -> None:
        """The human answered `d` with `action`."""
        if self.live is not None and d is not None:
            self.live.chose(d, action)

    # ---------------------------------------------------------------- the danger reading
    def reading(self, d: Decision | None, table: Table | None, human: int | None,
                discard: int | None) -> DangerView | None:
        """The assist's reading now (None: the setting is off, or no hand to read)."""
        if not getattr(self.app.settings, "assist_danger", False) or table is None \
                or human is None:
            return None
        key = (id(table), len(table.events), id(d), discard)
        if self._memo is not None and self._memo[0] == key:
            return self._memo[1]
        obs = d.observation if d is not None and d.seat == human else table.observation(human)
        view = danger_view(obs, after_uper_kinds(table.events), rules=table.rules,
                           discard=discard)
        self._memo = (key, view)
        return view

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, lay: Any, fonts: Fonts, *, d: Decision | None,
             table: Table | None, human: int | None, rects: Sequence[Any], ids: Sequence[int],
             selected: int | None, elapsed: float, idle: bool = True,
             bounds: pygame.Rect | None = None) -> None:
        """The bars on the hand's tiles (`rects`, `ids`: the human's shown tiles), the hovered
        tile's reasons (inside `bounds`), and the band of lines above the hand (the waits, the
        live coach)."""
        self.shown = {}
        tiles = [(_rect(r), kind_of_tile(t)) for r, t in zip(rects, ids)]
        if selected is not None and 0 <= selected < len(tiles):
            rect, kind = tiles[selected]
            tiles[selected] = (rect.move(0, -lay.lift), kind)
        turn = d is not None and d.kind in PLAYS and d.seat == human
        discard = tiles[selected][1] if turn and selected is not None \
            and 0 <= selected < len(tiles) else None
        view = self.reading(d, table, human, discard) if (idle or d is not None) else None
        lines: list[tuple[str, tuple[int, int, int]]] = []
        px = lay.coach_px
        if view is not None and tiles:
            self.band.draw_tiles(surface, fonts, tiles, view, px)
            waits = view.waits_message()
            if waits is not None:
                lines.append((self.say(waits), INK))
            self.shown["danger"] = view
        if self.line and elapsed < self.line_until:
            lines.append((self.line, COACH))
            self.shown["coach"] = self.line
        if tiles and lines:
            top = min(r.y for r, _ in tiles)
            # inside the table's frame: clear of the plates (left) and the right-hand column
            x = max(tiles[0][0].x, math.ceil(lay.frame.x) + lay.gap)
            right = round(lay.frame.right) - lay.gap
            wall = lay.wall_region(1)  # the right-hand wall stands inside the frame: not over it
            if wall.x - lay.gap > x + 200:
                right = min(right, math.floor(wall.x) - lay.gap)
            room = 4 * round(px * 1.4) + 32
            band = pygame.Rect(x, top - room - 8, right - x, room)
            self.shown["lines"] = [t for t, _ in lines]
            self.shown["plates"] = self.band.draw_lines(surface, fonts, band, lines, px)
        if view is not None and view.tiles:
            at = self._pointer()
            hit = next(((r, k) for r, k in tiles if at is not None and r.collidepoint(at)), None)
            if hit is not None and hit[1] in view.tiles:
                reasons = [self.say(m) for m in view.tiles[hit[1]].why]
                self.shown["reasons"] = reasons
                self.shown["reasons_box"] = self.band.draw_reasons(
                    surface, fonts, hit[0], reasons, px, bounds or surface.get_rect())

    def _pointer(self) -> tuple[int, int] | None:
        if self.hover_at is not None:
            return self.hover_at
        if not pygame.mouse.get_focused():
            return None
        x, y = self.app.to_canvas(pygame.mouse.get_pos())
        return round(x), round(y)


def _rect(r: Any) -> pygame.Rect:
    """A pygame rect from a hand slot (`Layout.hand_slots`), a layout `Rect` or a pygame one."""
    r = getattr(r, "rect", r)
    return pygame.Rect(r.as_tuple() if hasattr(r, "as_tuple") else r)


def follow_scene(coach: TableCoach, sc: Any) -> None:
    """`TableCoach.follow` with what the table scene `sc` shows (its hook in `update`)."""
    human = None if sc.replay or sc.autoplay else sc.human
    coach.follow(sc.prompt_for, sc.table, human, sc.elapsed)


def draw_scene(coach: TableCoach, sc: Any, surface: pygame.Surface) -> None:
    """`TableCoach.draw` with what the table scene `sc` shows (its hook in `TableView.draw`):
    nothing in a replay or a demo, or while both settings are off."""
    settings = sc.app.settings
    if sc.replay or sc.autoplay or sc.human is None or not (
            getattr(settings, "assist_danger", False) or coach.line):
        coach.shown = {}
        return
    d = sc.director
    lay = sc.app.layout
    coach.draw(surface, lay, sc.app.fonts, d=sc.prompt_for, table=sc.table, human=sc.human,
               rects=d.hand_rects(sc.human), ids=d.shown_ids(sc.human),
               selected=sc.selected_tile(), elapsed=sc.elapsed, idle=d.idle,
               bounds=pygame.Rect(0, 0, round(lay.panel.x) - lay.gap, surface.get_height()))
