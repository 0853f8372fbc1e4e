"""The review screen's pictures: the board at a decision and the session's points timeline.

    board = DecisionBoard(app)
    surf = board.render(record.hands[item.hand - 1], item, (560, 350))
    cols = draw_timeline(surface, rect, app.fonts, timeline(record, review), review.player,
                         names, marked=costliest(hands), cursor=3)

The board is the table's own drawing (`game.ui.board.draw_board`, `draw_info`, the director
that plays the hand's events at once, as `BoardPicture` does): the player's hand and melds,
every river, the uper sticks on the plates, the wall count, the drawn tile beside the hand. The
player's choice is lifted and framed in its verdict's colour, the computer's framed in gold (a
discard: the tile; any other choice is said under the board). The timeline draws each hand's
points of the reviewed player as a bar and every player's running total as a line, with the
hands that cost the player most marked; `draw_timeline` returns the hands' columns for clicks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.actions import Discard
from game.engine.kinds import Phase
from game.engine.messages import Message

from .board import draw_board, draw_info
from .board_picture import info_for
from .director import Director
from .i18n import tr
from .layout import Layout
from .review_words import VERDICT_COLOUR  # noqa: F401 - registers the review's texts (review.*)
from .widgets import DIM, GOLD, WHITE

if TYPE_CHECKING:
    from game.practice.game_review import ReviewedDecision, TimelineHand
    from game.records import HandRecord

    from .app import App
    from .widgets import Fonts

#: each player's line on the timeline (the reviewed player's is drawn thicker, in gold)
PLAYER_COLOURS = ((120, 190, 255), (240, 150, 150), (170, 230, 150), (220, 180, 255))
GAIN = (110, 210, 130)
LOSS = (236, 110, 100)
MARK = (240, 90, 80)


def discard_index(hand: Sequence[int | None], drawn: Any, action: Any) -> int | None:
    """Where a discard's tile stands in a hand as the table draws it: the drawn tile (index
    ``len(hand)``) when it is of that kind, else the first tile of that kind; None for any
    other action.

    >>> discard_index([1, 2, 2, 5], 2, Discard(2)), discard_index([1, 2, 5], 7, Discard(2))
    (4, 1)
    """
    if not isinstance(action, Discard):
        return None
    if isinstance(drawn, int) and not isinstance(drawn, bool) and drawn == action.tile:
        return len(hand)
    return next((i for i, k in enumerate(hand) if k == action.tile), None)


def _seen(record: Any, item: ReviewedDecision,
          observed: dict[tuple[int, int], Any] | None) -> tuple[Any, Any]:
    """The player's own view at the decision and the kinds discarded since each uper (the
    danger assist's evidence), rebuilt from the record once per decision and kept in
    `observed`; (None, None) when the table does not rebuild."""
    if not 0 < item.hand <= len(record.hands):
        return None, None
    key = (item.hand, item.actions_before)
    memo = {} if observed is None else observed
    if key not in memo:
        from game.practice.danger_assist import after_uper_kinds

        try:
            table = record.hands[item.hand - 1].table(item.actions_before)
            memo[key] = (table.observation(item.seat), after_uper_kinds(table.events))
        except Exception:  # noqa: BLE001 - the board says why (its error); no caption
            memo[key] = (None, None)
    return memo[key]


def board_caption(record: Any, item: ReviewedDecision, lang: str, notation: bool = False,
                  observed: dict[tuple[int, int], Any] | None = None) -> str:
    """What the decision was about on the table: the discard that could be claimed and who
    made it, or the tile just drawn ("" when neither, or when the table does not rebuild).
    `observed` keeps the rebuilt observations (a screen asks every frame)."""
    from game.i18n import seat_name, tile_name

    obs, _after = _seen(record, item, observed)
    if obs is None:
        return ""
    if obs.last_discard is not None and obs.phase in (Phase.CLAIM, Phase.ROB):
        seat, kind = obs.last_discard
        return tr("review.board_claimed", lang, tile=tile_name(kind, lang, notation=notation),
                  seat=seat_name(seat, lang))
    if obs.drawn is not None:
        return tr("review.board_drawn", lang,
                  tile=tile_name(obs.drawn, lang, notation=notation))
    return ""


def reason_message(record: Any, item: ReviewedDecision,
                   observed: dict[tuple[int, int], Any] | None = None) -> Message | None:
    """Why the computer chose as it did, in a player's words: where the player chose otherwise
    and the two choices show it, why the computer's is better ("it keeps the hand 1 tile from
    ready, yours 2"), else the computer's own note made plain ("1 tile from ready, 9 tiles
    help; aims at a concealed hand with seven pairs"); the same words the live coach says at
    the table (`game.practice.plain_reasons.why_line`). None when there is nothing to say."""
    from game.practice.plain_reasons import why_line

    obs, after = _seen(record, item, observed)
    return why_line(obs, item.chosen, item.suggested, item.why, after)


def reason_text(record: Any, item: ReviewedDecision, lang: str, notation: bool = False,
                observed: dict[tuple[int, int], Any] | None = None,
                figures: bool = False) -> str:
    """The reason line under a decision's bars: the plain reason (`reason_message`) with the
    words that frame it ("Why the computer chose otherwise: ..." where the player did, else
    "The computer's view: ..."); with `figures` the computer's own note as the program wrote it (shanten, tiles
    accepted, its plan: the figures a player may ask for). "" when there is none."""
    from game.i18n import render

    if figures:
        if item.why is None:
            return ""
        return tr("review.why_note", lang, why=render(item.why, lang, notation=notation))
    why = reason_message(record, item, observed)
    if why is None:
        return ""
    text = render(why, lang, notation=notation)
    return tr("review.why" if item.agree else "review.why_versus", lang, why=text)


class DecisionBoard:
    """The table at one decision, seen from the reviewed player's seat (bottom), both choices
    marked; drawn at a minimum-size layout and scaled into any size, cached per decision."""

    BASE = (1024, 640)

    def __init__(self, app: App) -> None:
        self.app = app
        self._key: Any = None
        self._surface: pygame.Surface | None = None
        self.error = ""
        #: the last picture's marks, in its own coordinates: verdict colour / gold -> rect
        self.marks: dict[str, pygame.Rect] = {}

    def render(self, hand: HandRecord, item: ReviewedDecision, size: tuple[int, int],
               colour: tuple[int, int, int] = WHITE, you: str = "") -> pygame.Surface:
        k = (hand.number, item.actions_before, size, colour, you, self.app.lang)
        if k == self._key and self._surface is not None:
            return self._surface
        bw, bh = self.BASE
        shrink = min(size[0] / bw, size[1] / bh)
        if size[0] > bw and size[1] > bh:
            scale = min(size[0] / bw, size[1] / bh)
            bw, bh = max(1024, round(bw * scale)), max(640, round(bh * scale))
        lay = Layout.for_size(bw, bh)
        base = pygame.Surface((bw, bh))
        self.error = ""
        self.marks = {}
        try:
            table = hand.table(item.actions_before)
            d = Director(lay, human=item.seat, speed=math.inf)
            d.follow(list(table.events))
            d.catch_up()
            d.update(0.0)
            view = d.view()
            me = view.seats[0]
            mine = discard_index(me.hand, me.drawn, item.chosen)
            theirs = discard_index(me.hand, me.drawn, item.suggested)
            me.selected = mine  # the player's discard lifted, as he picked it at the table
            draw_board(base, lay, self.app.art, view)
            d.sprites.draw(base, self.app.art)
            ts = min(1.8, 1 / shrink) if shrink < 1 else 1.0
            draw_info(base, lay, self.app.art, self.app.fonts,
                      info_for(table, item.seat, self.app.lang, you or "You"), text_scale=ts)
            slots = lay.hand_slots(0, len(me.hand), drawn=me.drawn is not False)
            width = max(3, round(3 / shrink)) if shrink < 1 else 3
            for key, index, c, lift in (("suggested", theirs, GOLD, 0),
                                        ("chosen", mine, colour, lay.lift)):
                if index is None or index >= len(slots):
                    continue
                cell = slots[index].rect
                r = pygame.Rect(round(cell.x), round(cell.y - lift), round(cell.w),
                                round(cell.h))
                r = r.inflate(2 * width, 2 * width)
                if key == "chosen" and index == theirs:
                    r = r.inflate(2 * width, 2 * width)  # the same tile: both frames seen
                pygame.draw.rect(base, c, r, width, border_radius=2 * width)
                self.marks[key] = r
        except Exception as e:  # noqa: BLE001 - a damaged record must not crash the review
            base.fill((21, 84, 60))
            self.error = f"{type(e).__name__}: {e}"
        if (bw, bh) != size:
            fx, fy = size[0] / bw, size[1] / bh
            self.marks = {k: pygame.Rect(round(r.x * fx), round(r.y * fy), round(r.w * fx),
                                         round(r.h * fy)) for k, r in self.marks.items()}
            base = pygame.transform.smoothscale(base, size)
        self._key, self._surface = k, base
        return base


def draw_timeline(surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts,
                  hands: Sequence[TimelineHand], player: int, names: Sequence[str],
                  marked: Sequence[int] = (), cursor: int | None = None,
                  size: int = 14) -> list[tuple[int, pygame.Rect]]:
    """The session's points hand by hand in `rect`: the reviewed player's points in each hand as
    a bar (green gained, red lost), every player's running total as a line (the reviewed
    player's thick and gold, each line named at its end), the `marked` hands (those that cost
    the player most) with a red triangle, the `cursor` hand framed. Returns (hand, column) for
    each hand, for clicks."""
    pygame.draw.rect(surface, (12, 40, 30), rect, border_radius=8)
    if not hands:
        return []
    small = max(10, round(size * 0.75))
    label_w = max(fonts.text(n, small, WHITE).get_width() for n in names) + 10
    plot = pygame.Rect(rect.x + 8, rect.y + small + 10, rect.w - 16 - label_w,
                       rect.h - 2 * small - 22)
    col_w = plot.w / len(hands)
    totals = [t for h in hands for t in h.totals] + [0]
    points = [h.points[player] for h in hands]
    top = max(1, *totals, *points)
    low = min(-1, *totals, *points)
    scale = plot.h / (top - low)

    def y_of(v: float) -> int:
        return round(plot.bottom - (v - low) * scale)

    zero = y_of(0)
    pygame.draw.line(surface, DIM, (plot.x, zero), (plot.right, zero))
    cols: list[tuple[int, pygame.Rect]] = []
    for k, h in enumerate(hands):
        x0 = round(plot.x + k * col_w)
        col = pygame.Rect(x0, rect.y + 4, max(1, round(col_w)), rect.h - 8)
        cols.append((h.hand, col))
        if cursor == h.hand:
            pygame.draw.rect(surface, (40, 80, 62), col, border_radius=4)
            pygame.draw.rect(surface, WHITE, col, 1, border_radius=4)
        p = h.points[player]
        bw = max(2, round(col_w * 0.5))
        bar = pygame.Rect(0, min(zero, y_of(p)), bw, max(1, abs(y_of(p) - zero)))
        bar.centerx = col.centerx
        pygame.draw.rect(surface, GAIN if p > 0 else LOSS if p < 0 else DIM, bar)
        if h.hand in marked:
            cx, ty = col.centerx, rect.y + 6
            s = max(5, small // 2)
            pygame.draw.polygon(surface, MARK, [(cx - s, ty), (cx + s, ty), (cx, ty + s + 2)])
        if len(hands) <= 24 or k % 2 == 0:
            t = fonts.text(str(h.hand), small, WHITE if h.hand in marked else DIM)
            surface.blit(t, t.get_rect(midtop=(col.centerx, plot.bottom + 4)))
    order = [s for s in range(4) if s != player] + [player]
    ends: list[tuple[int, int]] = []
    for s in order:
        pts = [(round(plot.x + (k + 0.5) * col_w), y_of(h.totals[s])) for k, h in enumerate(hands)]
        pts = [(plot.x, zero), *pts]
        colour = GOLD if s == player else PLAYER_COLOURS[s]
        pygame.draw.lines(surface, colour, False, pts, 3 if s == player else 1)
        ends.append((s, pts[-1][1]))
    # the names at the lines' ends, pushed apart so none covers another
    ends.sort(key=lambda e: e[1])
    y_prev = -10_000
    for s, y in ends:
        y = max(y, y_prev + small + 2)
        y_prev = y
        colour = GOLD if s == player else PLAYER_COLOURS[s]
        t = fonts.fit(names[s], small, label_w - 6, colour, bold=s == player)
        surface.blit(t, t.get_rect(midleft=(plot.right + 6, min(rect.bottom - small, y))))
    return cols
