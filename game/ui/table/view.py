"""The table screen's picture: the board the director animates, and what is drawn over it.

`TableView` is a part `game.ui.scenes.table.TableScene` owns (``scene.view``): the board
(`game.ui.board.draw_board` of the director's view), the tile the mouse holds, the marks (the
stack being counted, the last discard, whose turn it is), the info box, the banner, the seat
selection, the messages and the prompt, the hints panel and the key help. Drawing reads the
scene and its input (the prompt, the cursor) and never changes them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.kinds import OFFERS, PLAYS
from game.engine.tiles import kind_of_tile
from game.i18n import seat_name

from ..art import tile_size
from ..board import (
    ROOM,
    InfoView,
    draw_call,
    draw_info,
    draw_last_discard,
    draw_sacred,
    draw_uper_tile,
)
from ..i18n import STRINGS
from ..layout import Layout, screen_seat
from ..widgets import DIM, GOLD, WHITE, draw_panel, wrap
from .danger_overlay import draw_scene
from .help_overlay import draw_help
from .layers import BoardLayers
from .side_column import SideColumn

#: the coach's words beside a refused button: warm, apart from the messages' red and the hints
COACH = (250, 214, 150)

if TYPE_CHECKING:
    from game.engine.scoring.sacred import SacredStatus

    from .host import TableHost


#: how many player names there are: the texts `persona.0`, `persona.1`, ... (game/ui/i18n.py);
#: a name more is a text more, nothing here
PERSONAS = sum(1 for key in STRINGS if key.startswith("persona.") and key[8:].isdigit())


def persona_order(seed: int) -> list[int]:
    """The persona name of each player (0-3) for a game's seed: four distinct ones, the same
    every time for a seed.

    >>> persona_order(7) == persona_order(7), len(set(persona_order(7)))
    (True, 4)
    """
    import random

    return random.Random(seed * 7 + 3).sample(range(PERSONAS), 4)


class TableView:
    """The table's picture (the scene's `view`; see the module). It owns only what it
    remembers between frames (the sacred status and the coach's lines of the last frame)."""

    def __init__(self, scene: TableHost) -> None:
        self.scene = scene
        self.side_column = SideColumn()  # the right column's scores and last moves
        #: the board kept drawn between frames, its pictures made in the spare time
        self.layers = BoardLayers(getattr(getattr(scene, "app", None), "prepare", None))
        self._sacred_memo: tuple[Any, Any] | None = None
        self._coach_memo: tuple[Any, list[str]] | None = None

    def seat_names(self) -> tuple[list[str], list[str]]:
        """Each player's name at the table and what their plate says on hover: "You" (or the
        replay's player) as the label says, a computer player a person's name (three distinct
        ones, chosen by the game's seed) with its level on hover."""
        tr = self.scene.app.tr
        mine = {tr("table.you"), tr("replay.player")}
        picks = persona_order(self.scene.seed)
        names, levels = [], []
        for p in range(4):
            label = self.scene.player_label(p)
            if label in mine:
                names.append(label)
                levels.append("")
            else:
                names.append(tr(f"persona.{picks[p]}"))
                levels.append(tr("table.level", level=label))
        return names, levels

    def info(self) -> InfoView:
        m = self.scene.director.model
        human = self.scene.human
        prompt = self.scene.input.prompt
        by_screen = [0] * 4
        for seat in range(4):
            by_screen[screen_seat(seat, human)] = seat
        players = m.players
        secs = int(self.scene.elapsed)
        names, levels = self.seat_names()
        turn = (screen_seat(m.turn, human) if m.turn is not None and m.wall_tiles and not m.dealing
                else None)
        return InfoView(
            wall_count=len(m.wall) if m.wall_tiles else 0,
            hand_no=m.hand_no,
            dealer=screen_seat(0, human),
            winds=tuple(by_screen),  # type: ignore[arg-type]
            names=tuple(names[players[s]] for s in by_screen),  # type: ignore[arg-type]
            scores=tuple(m.scores[s] for s in by_screen),  # type: ignore[arg-type]
            clock=f"{secs // 60:d}:{secs % 60:02d}",
            lang=self.scene.app.lang,
            turn=turn,
            prevalent=m.prevalent,
            doubled=m.doubled,
            flowers=tuple(len(m.flowers[s]) for s in by_screen),  # type: ignore[arg-type]
            levels=tuple(levels[players[s]] for s in by_screen),  # type: ignore[arg-type]
            hover=self._plate_under_mouse(),
            glow=0.5 + 0.5 * math.sin(self.scene.elapsed * 4),
            uper=tuple(s in m.uper for s in by_screen),  # type: ignore[arg-type]
            countdown=prompt.time_left if prompt is not None else None,
            countdown_urgent=prompt is not None and prompt.urgent,
        )

    def sacred_status(self) -> SacredStatus | None:
        """The human's sacred-discard status as the engine has it now (`game.practice.sacred_check`;
        asked again only when the engine has logged new events), None when nothing is sacred,
        between hands, in a replay or in spectator mode."""
        t = self.scene.table
        sc = self.scene
        if t is None or sc.replay or sc.autoplay or t.is_over or not sc.director.model.hand_no:
            return None
        key = (id(t), len(t.events))
        memo = self._sacred_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        from game.practice.sacred_check import sacred_now

        st = sacred_now(t, self.scene.human)
        self._sacred_memo = (key, st)
        return st

    def sacred_line(self) -> tuple[str, str, tuple[int, ...]] | None:
        """The sacred-discard line by the human's hand: (title, words, blocked waits as tiles),
        or None while nothing is sacred."""
        st = self.sacred_status()
        if st is None:
            return None
        tr = self.scene.app.tr
        if not st.can_self_draw:
            return tr("table.sacred"), tr("table.sacred_no_win"), ()
        if st.blocks_all_discards or set(st.blocked) == set(st.waits):
            return tr("table.sacred"), tr("table.sacred_self_draw"), ()
        return tr("table.sacred_tiles"), "", st.blocked

    def _plate_under_mouse(self) -> int | None:
        """The screen seat whose plate the mouse is over (its level shows), if any."""
        if not pygame.mouse.get_focused():
            return None
        x, y = self.scene.app.to_canvas(pygame.mouse.get_pos())
        lay = self.scene.app.layout
        return next((s for s in range(4) if lay.plate(s).contains_point(x, y)), None)

    def hints_rect(self) -> pygame.Rect:
        """The hints panel's place: `Layout.hints_area` for the prompt shown now: above its
        buttons and everything drawn over them (`prompt_head`), so that the panel never hides the
        claimed tile, the clock, the title or the coach's line."""
        lay = self.scene.app.layout
        n = len(self.scene.input.button_rects())
        return pygame.Rect(lay.hints_area(n, self.prompt_head()[1] if n else 0).as_tuple())

    #: at most this many lines of the coach's words above a prompt
    COACH_LINES = 9

    def prompt_head(self) -> tuple[list[str], int]:
        """The coach's lines (wrapped to the column) and the height the prompt needs above its
        buttons: the title, the claimed tile or the clock, and those lines. Reserved in the
        layout (`hints_rect`) so that nothing of the prompt is ever drawn under the hints."""
        lay = self.scene.app.layout
        if self.scene.input.prompt is None:
            return [], 0
        size = lay.prompt_px
        h = round(size * 1.6)  # the title
        if self.scene.input.offered is not None and self.scene.input.prompt_for is not None \
                and self.scene.input.prompt_for.kind in OFFERS:
            h += tile_size(self._claim_tile_w(lay))[1] + 4
        elif self.scene.input.prompt.countdown:
            h += round(size * 1.4)
        lines = self._coach_lines(self.coach_words(), round(lay.buttons.w) - 4, lay.coach_px)
        if lines:
            h += 8 + round(len(lines) * lay.coach_px * 1.3)
        return lines, h

    def coach_words(self) -> tuple[str, ...]:
        """What the coach says now: a refusal's words while they last (`coach_note`), then the
        words for the open decision (`coach`)."""
        ui = self.scene.input
        note = ui.coach_note
        live = note and self.scene.elapsed < ui.coach_river_until
        return ((note,) if live else ()) + ui.coach

    def _coach_lines(self, words: tuple[str, ...], width: int, px: int) -> list[str]:
        """`words` wrapped to `width` (at most `COACH_LINES`), kept for the next frame."""
        key = (words, width, px)
        memo = self._coach_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        lines: list[str] = []
        for para in words:
            lines.extend(wrap(self.scene.app.fonts, para, px, width))
        lines = lines[:self.COACH_LINES]
        self._coach_memo = (key, lines)
        return lines

    @staticmethod
    def _claim_tile_w(lay: Layout) -> int:
        return max(24, round(lay.hand_tile * 0.8))

    def selected_tile(self) -> int | None:
        """The index of the human's tile drawn raised: the cursor's, on a turn (the drawn tile
        may have landed since the turn opened; asking changes nothing)."""
        p = self.scene.input.prompt_for
        if p is None or p.kind not in PLAYS:
            return None
        return self.scene.input.cursor.current(len(self.scene.director.shown_ids(p.seat)))

    def draw(self, surface: pygame.Surface) -> None:
        lay, art, fonts = self.scene.app.layout, self.scene.app.art, self.scene.app.fonts
        d = self.scene.director
        m = d.model
        selected = self.selected_tile()
        view = d.view(selected)
        dragged = self.scene.input.cursor.drag if selected is not None else None
        if dragged is not None:  # the dragged tile leaves its slot and follows the mouse
            sv = view.seats[0]
            sv.hidden = sv.hidden | {dragged}
            sv.selected = None
        self.layers.draw(surface, lay, art, view)
        if dragged is not None:
            self._draw_dragged(surface, lay, dragged)
        self._draw_marks(surface, lay)
        if m.hand_no:
            draw_info(surface, lay, art, fonts, self.info())
        d.sprites.draw(surface, art)
        line = self.sacred_line()
        if line is not None:
            draw_sacred(surface, lay, art, fonts, *line)
        for fx in d.calls:  # the calls, large at their seats
            draw_call(surface, fonts, lay.call_area(fx.seat), fx.word, fx.colour, fx.scale, fx.alpha)
        if m.seat_pick is not None:
            self._draw_seat_pick(surface, lay)
        self._draw_banner(surface, lay)
        self._draw_controls(surface, lay)
        draw_scene(self.scene.table_coach, self.scene, surface)  # danger, waits, live coach
        if m.hand_no and not (self.scene.show_hints and self.scene.hints_panel is not None):
            self._draw_side_column(surface, lay)  # the hints panel, open, takes its room
        if self.scene.show_hints and self.scene.hints_panel is not None:
            rect = self.hints_rect()
            pygame.draw.rect(surface, ROOM, rect.inflate(4, 4))  # the panel covers what is beneath
            self.scene.hints_panel.draw(surface, rect, lay.hints_text_px)
        # the hovered button's reason, over the hints (never under them); none while the coach's
        # lines stand beside the buttons: they already say it, without hovering
        ui = self.scene.input
        if ui.prompt is not None and ui.prompt_for is not None and not self.prompt_head()[0]:
            ui.prompt.draw_tooltip(surface, fonts, ui.button_rects(), lay.prompt_px,
                                   art.look.table.palette)
        if self.scene.help:
            draw_help(surface, self.scene.app)

    def _draw_dragged(self, surface: pygame.Surface, lay: Layout, index: int) -> None:
        """The tile held by the mouse, lifted, and a gold bar where it would land."""
        d = self.scene.input.prompt_for
        rects = self.scene.input.tile_rects()
        if d is None or not 0 <= index < len(rects):
            return
        ids = self.scene.director.shown_ids(d.seat)
        r = rects[index]
        movable = rects[:len(self.scene.director.model.hands[d.seat])]
        to = self.scene.input.cursor.drop_index(self.scene.input.cursor.drag_pos[0], movable)
        t = movable[to]  # the hand keeps a tile besides the drawn one (four kongs leave one)
        bx = t.x - 3 if to <= index else t.right + 1
        pygame.draw.rect(surface, GOLD, pygame.Rect(bx, t.y, 3, t.h))
        img = self.scene.app.art.tile(kind_of_tile(ids[index]), r.w, 0, True)
        x = self.scene.input.cursor.drag_pos[0] - r.w // 2
        surface.blit(img, (x, r.y - lay.lift * 2))

    def _draw_marks(self, surface: pygame.Surface, lay: Layout) -> None:
        m = self.scene.director.model
        if m.counted_stack is not None:
            owner, stack = divmod(m.counted_stack, 13)
            sc = screen_seat(owner, self.scene.human)
            dx, dy = lay.wall_break_shift(sc, stack, self.scene.director.wall_break())
            r = lay.wall_stacks(sc)[stack].grow(3, 3 + lay.tier_offset, 3, 3)
            r = type(r)(r.x + dx, r.y + dy, r.w, r.h)
            pulse = 0.5 + 0.5 * math.sin(self.scene.elapsed * 8)
            colour = (236, round(150 + 60 * pulse), 60)
            pygame.draw.rect(surface, colour, pygame.Rect(r.as_tuple()), width=3, border_radius=4)
        for seat in m.uper:  # the uper tile stays marked in its river all hand
            river = m.river[seat]
            sides = [s for _, s in river]
            if any(sides):
                slot = lay.river_slots(screen_seat(seat, self.scene.human), sides)[sides.index(True)]
                draw_uper_tile(surface, slot.rect, self.scene.elapsed)
        self._draw_coach_river(surface, lay)
        if m.last_discard is not None:
            seat, tile = m.last_discard
            river = m.river[seat]
            if river and river[-1][0] == tile:
                sc = screen_seat(seat, self.scene.human)
                slot = lay.river_slots(sc, [s for _, s in river])[-1]
                d = self.scene.input.prompt_for
                claim = d is not None and d.kind in OFFERS
                draw_last_discard(surface, lay, slot.rect, sc, self.scene.elapsed, strong=claim)

    def _draw_coach_river(self, surface: pygame.Surface, lay: Layout) -> None:
        """The tiles of the human's river that cause a refused win (a sacred discard: the wait
        itself, the tile whose stem pattern closes the wait, the uper discard): a pulsing ring in
        the coach's colour, for as long as the coach's words stand."""
        ui = self.scene.input
        kinds = ui.coach_river
        if not kinds or self.scene.elapsed >= ui.coach_river_until:
            return
        river = self.scene.director.model.river[self.scene.human]
        sides = [s for _, s in river]
        slots = lay.river_slots(screen_seat(self.scene.human, self.scene.human), sides)
        pulse = 0.5 + 0.5 * math.sin(self.scene.elapsed * 6)
        colour = (250, round(150 + 64 * pulse), 90)
        for (t, _side), slot in zip(river, slots):
            if kind_of_tile(t) in kinds:
                box = pygame.Rect(slot.rect.as_tuple()).inflate(6, 6)
                pygame.draw.rect(surface, colour, box, width=3, border_radius=5)

    def _draw_banner(self, surface: pygame.Surface, lay: Layout) -> None:
        d = self.scene.director
        if d.banner is None:
            return
        text, colour = d.banner
        size = lay.banner_px
        surf = self.scene.app.fonts.fit(text, size, lay.clear_square.w * 0.95, colour, bold=True)
        cx, cy = lay.centre
        box = surf.get_rect(center=(round(cx), round(cy - lay.wall_inner_half * 0.55))).inflate(28, 14)
        draw_panel(surface, box, alpha=215, radius=10, palette=self.scene.app.art.look.table.palette)
        surface.blit(surf, surf.get_rect(center=box.center))

    def _draw_seat_pick(self, surface: pygame.Surface, lay: Layout) -> None:
        """The seat selection: each player's dice rolls (or wind tile) and the seat it gives."""
        e = self.scene.director.model.seat_pick
        assert e is not None
        fonts, art, tr = self.scene.app.fonts, self.scene.app.art, self.scene.app.tr
        cx, cy = lay.centre
        w = round(lay.wall_inner_half * 2 * 0.95)
        line = lay.seat_pick_line
        box = pygame.Rect(0, 0, w, line * 6)
        box.center = (round(cx), round(cy))
        draw_panel(surface, box, alpha=235, palette=art.look.table.palette)
        size = lay.seat_pick_px
        title = tr("table.seats_by_dice") if e.method == "dice" else tr("table.seats_by_winds")
        surface.blit(fonts.fit(title, size, w - 20, GOLD, bold=True), (box.x + 14, box.y + 10))
        ds = max(16, round(line * 0.6))
        for p in range(4):
            y = box.y + round(line * (1.2 + p * 1.15))
            surface.blit(fonts.fit(self.seat_names()[0][p], size, w * 0.45, WHITE), (box.x + 14, y + 4))
            x = box.x + round(w * 0.5)
            if e.method == "dice":  # each throw's total beside a die (ties threw again)
                icon = art.die(6 if p % 2 else 5, max(14, round(ds * 0.7)))
                for total in e.rolls[p]:
                    surface.blit(icon, icon.get_rect(midleft=(x, y + ds // 2)))
                    x += icon.get_width() + 4
                    t = fonts.text(str(total), size, GOLD, bold=True)
                    surface.blit(t, (x, y + 4))
                    x += t.get_width() + 12
            else:
                surface.blit(art.tile(18 + e.seats[p], ds), (x, y))
            wind = seat_name(e.seats[p], self.scene.app.lang)
            t = fonts.text(f"→ {wind}", size, WHITE)
            surface.blit(t, t.get_rect(topright=(box.right - 14, y + 4)))

    def _draw_controls(self, surface: pygame.Surface, lay: Layout) -> None:
        fonts = self.scene.app.fonts
        b = lay.buttons
        size = max(14, round(lay.line_h * 0.6))
        y = round(b.y + 4)
        d = self.scene.input.prompt_for
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.scene.message:
            lines.append((self.scene.message, (240, 150, 130)))
        if d is not None:
            if d.kind in PLAYS:
                lines.append((self.scene.app.tr("table.discard_hint"), DIM))
        elif self.scene.replay:
            lines.append((self.scene.app.tr("replay.hint"), DIM))
        elif self.scene.autoplay:
            lines.append((self.scene.app.tr("table.spectating"), DIM))
        if self.scene.input.prompt is None or d is None:  # no buttons to stand beside: the coach's words
            lines.extend((c, COACH) for c in self.coach_words())  # join the messages
        stop = b.bottom  # the coach's words above the buttons come first: lines stop above them
        if self.scene.input.prompt is not None and d is not None and self.prompt_head()[0]:
            rects = self.scene.input.button_rects()
            stop = rects[0].y - self.prompt_head()[1] - 2 if rects else stop
        for text, colour in lines:
            wrapped = wrap(fonts, text, size, b.w - 8)[:4]
            if y + len(wrapped) * round(size * 1.3) > stop:
                break  # a whole line or none: the rest would run under the coach's words
            for ln in wrapped:
                surface.blit(fonts.text(ln, size, colour), (round(b.x + 4), y))
                y += round(size * 1.3)
        self._lines_bottom = y  # the side column's last moves go below these lines
        if self.scene.input.prompt is not None and d is not None:
            rects = self.scene.input.button_rects()
            last = self.scene.input.offered
            if d.kind in OFFERS and last is not None and rects:
                img = self.scene.app.art.tile(last[1], self._claim_tile_w(lay))
                title_h = round(lay.prompt_px * 1.6)
                spot = img.get_rect(bottomright=(rects[0].right, rects[0].y - title_h))
                if spot.y > y:
                    surface.blit(img, spot)
            coach, head = self.prompt_head()
            if coach and rects:  # the coach's words, at the top of the prompt's reserved place
                cy = rects[0].y - head
                for ln in coach:
                    surface.blit(fonts.text(ln, lay.coach_px, COACH), (round(b.x + 2), cy))
                    cy += round(lay.coach_px * 1.3)
            self.scene.input.prompt.draw(surface, fonts, rects, lay.prompt_px, self.scene.input.prompt_title,
                             palette=self.scene.app.art.look.table.palette, tooltip=False)

    def _draw_side_column(self, surface: pygame.Surface, lay: Layout) -> None:
        """The right column's quiet room (`side_column`): the scores from under the right seat's
        plate down to the lines at the buttons' place, the last moves from below those lines down
        to the prompt (its coach's lines, claimed tile or clock, title and buttons)."""
        area = pygame.Rect(lay.hints_area(0).as_tuple())
        area.h = round(lay.buttons.y) - lay.gap - area.y  # the scores, above the lines
        rects = self.scene.input.button_rects() if self.scene.input.prompt is not None else []
        bottom = rects[0].y - self.prompt_head()[1] if rects else round(lay.buttons.bottom)
        top = getattr(self, "_lines_bottom", round(lay.buttons.y)) + lay.gap
        moves = pygame.Rect(area.x, top, area.w, bottom - lay.gap - top)  # the moves, below them
        names, _levels = self.seat_names()
        you = next((p for p in range(4) if self.scene.is_you(p)), -1)
        human = self.scene.human if self.scene.human is not None else -1
        m = self.scene.director.model
        self.side_column.draw(surface, area, self.scene.app, m, names, you,
                              self.scene.director.played, human, moves, seating=m.players)
