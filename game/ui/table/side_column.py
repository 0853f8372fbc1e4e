"""The right-hand column's quiet times: the session's running scores and the last moves in words.

    column = SideColumn()
    column.draw(surface, area, app, model, names, you=0, events=director.played, human=0)

Most of the time the right column beside the table held nothing (20 % of the width at 1280x800);
while the hints panel is closed it shows, in the table theme's colours:

- **Scores**: each player's running score in the session, highest first, with the last hand's
  change beside it (+32 in green, -16 in red), the player's own row in gold. The scores are the
  felt's (`HandModel.scores`, as the console shows them), so they change when the hand's end is
  shown, never before.
- **Last moves**: the last public events of the hand in words (`game.ui.event_lines.event_line`:
  "South discards 5 circles", "West pungs ...", flowers, kongs, wins), newest at the bottom, as
  many as the column's height holds (three or more). A draw is never named (an opponent's drawn
  tile is secret) and an opponent's concealed kong neither.

The column is given the room from under the right seat's plate down to the prompt's place
(`Layout.hints_area`), so it never covers the table, the plate, the prompt or its buttons, and it
is not drawn while the hints panel (which takes that room) is open. The table's size is set by
the window's height at every size (the table is a square), so the column's width would not make
the table larger: it is used, not given away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.events import (
    Claimed,
    Discarded,
    Event,
    FlowerShown,
    HandStarted,
    KongDeclared,
    NineMajorDeclared,
    WinDeclared,
)
from game.i18n import register_texts

from ..event_lines import event_line
from ..widgets import DIM, GOLD, WHITE, draw_panel, wrap
from . import layers

if TYPE_CHECKING:
    from ..art import TileArt
    from ..widgets import Fonts

register_texts("ui", {
    "side.scores": "Scores",
    "side.moves": "Last moves",
})

__all__ = ["ColumnApp", "ScoreRow", "SideColumn", "public_events"]


class ColumnApp(Protocol):
    """What the column uses of the app (`game.ui.app.App` is the one): its fonts, tile art,
    canvas and words. A protocol, so that this module, which the app's rehearsal draws, does
    not name the app back (an import circle, if only for types)."""

    fonts: Fonts
    art: TileArt
    canvas: pygame.Surface

    @property
    def lang(self) -> str: ...
    @property
    def notation(self) -> bool: ...
    def tr(self, key: str, **fmt: object) -> str: ...

GREEN_TEXT = (150, 230, 160)
RED_TEXT = (240, 130, 120)
#: the public events the column names (a draw is secret; the deal and the wall are scenery)
PUBLIC = (Discarded, Claimed, KongDeclared, FlowerShown, NineMajorDeclared, WinDeclared)


@dataclass(frozen=True)
class ScoreRow:
    """One player's line: the name, the running score, the last hand's change, whether it is
    the player at the screen."""

    player: int
    name: str
    score: int
    change: int
    you: bool


def public_events(events: Sequence[Event], human: int) -> list[Event]:
    """The events of the current hand anyone at the table saw, in order (no draws; no other
    seat's concealed kong).

    >>> from game.engine.events import Drew, Discarded
    >>> [type(e).__name__ for e in public_events([Drew(seat=1, tile=4, position=0, replacement=False),
    ...                                           Discarded(seat=1, tile=4)], human=0)]
    ['Discarded']
    """
    start = 0
    for i in range(len(events) - 1, -1, -1):  # this hand's only
        if isinstance(events[i], HandStarted):
            start = i + 1
            break
    out: list[Event] = []
    for e in events[start:]:
        if not isinstance(e, PUBLIC):
            continue
        if isinstance(e, KongDeclared) and getattr(e.meld, "value", e.meld) == "concealed_kong" \
                and e.seat != human:
            continue
        out.append(e)
    return out


class SideColumn:
    """The column's memory: each player's score when the current hand began, and the last
    hand's change (the felt shows only the scores now)."""

    def __init__(self) -> None:
        self.hand: int | None = None
        self.start: dict[int, int] = {}
        self.change: dict[int, int] = {}
        self._moves_memo: tuple[tuple[Any, ...], list[list[str]], int] | None = None

    def rows(self, model: Any, names: Sequence[str], you: int) -> list[ScoreRow]:
        """The players by running score (highest first), each with the last hand's change: the
        change of the hand shown now once its end is shown, else that of the hand before."""
        now = {model.players[s]: model.scores[s] for s in range(4)}
        if self.hand != model.hand_no:
            if self.hand is not None and self.start:
                self.change = {p: now[p] - self.start.get(p, now[p]) for p in now}
            self.hand, self.start = model.hand_no, dict(now)
        moved = {p: now[p] - self.start.get(p, now[p]) for p in now}
        change = moved if any(moved.values()) else self.change
        order = sorted(now, key=lambda p: (-now[p], p))
        return [ScoreRow(p, names[p] if p < len(names) else str(p + 1), now[p], change.get(p, 0),
                         p == you) for p in order]

    def _moves(self, fonts: Fonts, app: ColumnApp, events: Sequence[Event], human: int,
               names: Sequence[str], seating: Sequence[int] | None, small: int, small_h: int,
               inner: int, used: int, room: int) -> tuple[list[list[str]], int]:
        """The last moves that fit in `room` (newest first, each wrapped to `inner`) and the
        height they take from `used`: worked out again only when a move is made or the words
        change (a frame's column took up to 3 ms at 1920x1080 for the same lines)."""
        key = (len(events), events[-1] if events else None, human, tuple(names),
               tuple(seating) if seating is not None else None, app.lang, app.notation, small,
               small_h, inner, used, room, fonts)
        memo = self._moves_memo
        if memo is not None and memo[0] == key and layers.ENABLED:
            return memo[1], memo[2]
        wrapped: list[list[str]] = []
        lang, notation = app.lang, app.notation
        for e in reversed(public_events(events, human)):
            lines = wrap(fonts, event_line(e, names if seating else None, lang=lang, notation=notation,
                                           seating=seating), small, inner)
            need = len(lines) * small_h + round(small * 0.3)
            if used + need > room:
                break
            wrapped.append(lines)
            used += need
        self._moves_memo = (key, wrapped, used)
        return wrapped, used

    def draw(self, surface: pygame.Surface, area: pygame.Rect, app: ColumnApp, model: Any,
             names: Sequence[str], you: int, events: Sequence[Event], human: int,
             moves_area: pygame.Rect | None = None, seating: Sequence[int] | None = None) -> None:
        """The scores at the top of `area`, then as many of the last moves as fit below them, or
        in `moves_area` when given (the table's: below the lines at the buttons' place). With
        `seating` (the player at each seat) a move names its seat as the plates do, "Jiho (West)"."""
        if area.w < 120 or area.h < 120:
            return
        fonts = app.fonts
        palette = app.art.look.table.palette
        size = max(13, min(26, round(area.w * 0.068), round(app.canvas.get_height() * 0.02)))
        pad = max(8, round(size * 0.6))
        line_h = max(round(size * 1.35), fonts.font(size).get_height() + 2)
        rows = self.rows(model, names, you)
        head = round(size * 1.05)
        scores_h = pad + round(head * 1.5) + 4 * line_h + pad
        box = pygame.Rect(area.x, area.y, area.w, min(area.h, scores_h))
        draw_panel(surface, box, alpha=235, radius=10, palette=palette)
        inner = box.w - 2 * pad
        y = box.y + pad
        surface.blit(fonts.fit(app.tr("side.scores"), head, inner, GOLD, bold=True), (box.x + pad, y))
        y += round(head * 1.5)
        change_w = fonts.width("+000", round(size * 0.85))
        for r in rows:
            colour = GOLD if r.you else WHITE
            ch = None
            if r.change:
                ch = fonts.text(f"{r.change:+d}", round(size * 0.85),
                                GREEN_TEXT if r.change > 0 else RED_TEXT)
                surface.blit(ch, ch.get_rect(midright=(box.right - pad, y + line_h // 2)))
            score = fonts.text(str(r.score), size, colour, bold=r.you)
            sx = box.right - pad - change_w - round(size * 0.5)
            surface.blit(score, score.get_rect(midright=(sx, y + line_h // 2)))
            name = fonts.fit(r.name, size, sx - score.get_width() - box.x - pad - round(size * 0.6),
                             colour)
            surface.blit(name, name.get_rect(midleft=(box.x + pad, y + line_h // 2)))
            y += line_h
        # the last moves: as many as fit below, newest last
        top = box.bottom + round(size * 0.6)
        room = area.bottom - top
        if moves_area is not None:
            top, room = moves_area.y, moves_area.h
        if room < 3 * line_h:
            return
        small = max(12, round(size * 0.88))
        small_h = max(round(small * 1.3), fonts.font(small).get_height())
        wrapped, used = self._moves(fonts, app, events, human, names, seating, small, small_h,
                                    inner, pad + round(head * 1.5) + pad, room)
        if not wrapped:
            return
        moves = pygame.Rect(area.x, top, area.w, used)
        draw_panel(surface, moves, alpha=235, radius=10, palette=palette)
        y = moves.y + pad
        surface.blit(fonts.fit(app.tr("side.moves"), head, inner, GOLD, bold=True), (moves.x + pad, y))
        y += round(head * 1.5)
        for n, lines in enumerate(reversed(wrapped)):
            newest = n == len(wrapped) - 1
            for ln in lines:
                surface.blit(fonts.text(ln, small, WHITE if newest else DIM), (moves.x + pad, y))
                y += small_h
            y += round(small * 0.3)
