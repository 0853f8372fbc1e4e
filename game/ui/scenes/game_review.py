"""Review my game, in the window: every decision the player made against the strongest computer
player (`game.practice.game_review`), the summary first, the worst decisions first; Enter or a
click on one opens the replay viewer at that moment with the hints panel and both choices'
playout figures.

    app.push("game_review", record=path)          # the record's person, or
    app.push("game_review", record=path, seat=2)  # any player of it

The review runs in a worker thread (the playouts in the practice's process pool): the window
stays responsive and shows one bar that never goes back, the time left once the pace is known,
and the verdicts found so far; Esc cancels and keeps those on the screen. A review kept beside
the record opens at once. The summary is said in sentences (`GameReview.summary`), F shows the
figures behind them. The list holds the decisions that matter (A: the fine ones too); Up/Down
(W/S) choose a decision, N/P the next/previous mistake, PageUp/PageDown jump, Enter opens it,
Esc goes back. The focused decision's table is drawn beside its bars (`review_board.DecisionBoard`:
the player's choice framed, the computer's in gold); under the summary, the session's points
timeline (`review_board.draw_timeline`) marks the hands that cost most: a click on a hand, or
Left/Right, jumps to that hand's decisions.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import action_text, render, seat_name

from ..i18n import tr
from ..review_board import DecisionBoard, board_caption, draw_timeline, reason_text
from ..review_words import VERDICT_COLOUR, cost_text, figures_lines, said_of, sentence
from ..scene import Scene
from ..widgets import (
    DIM,
    FELT_BOTTOM,
    FELT_TOP,
    GOLD,
    HILITE,
    PANEL_EDGE,
    RED_TEXT,
    WHITE,
    Button,
    draw_button,
    draw_gradient,
    draw_panel,
    draw_scrollbar,
    wrap,
)

if TYPE_CHECKING:
    from game.practice.game_review import GameReview, ReviewedDecision, TimelineHand
    from game.records import Record
    from game.ui.app import App

#: the verdicts the playouts show worse than fine (N/P step through them)
MISTAKES = ("inaccuracy", "mistake", "blunder")
#: sentences of the summary drawn apart: the habit to work on, where a game stopped
SENTENCE_COLOUR = {"game_review.sum.habit": GOLD, "game_review.sum.no_habit": GOLD,
                   "game_review.sum.all_agreed": GOLD,
                   "game_review.covers.nothing": (240, 160, 90),
                   "game_review.covers.before": (240, 160, 90),
                   "game_review.covers.part": (240, 160, 90),
                   "game_review.covers.before_part": (240, 160, 90),
                   "game_review.fig.reason": DIM, "game_review.fig.method": DIM}


def time_left(elapsed: float, fraction: float) -> float | None:
    """Seconds left, estimated from the pace so far once there is one to go by (after the
    first seconds and the first percent); None before."""
    if elapsed < 3.0 or not 0.01 <= fraction < 1.0:
        return None
    return elapsed * (1.0 - fraction) / fraction


class GameReviewScene(Scene):
    name = "game_review"

    def __init__(self, app: App, record: Any, seat: int | None = None, *, playouts: int | None = None,
                 workers: int | None = None, threaded: bool = True) -> None:
        super().__init__(app)
        self.path = Path(record)
        self.seat = seat
        self.playouts = playouts
        self.workers = workers
        self.review: GameReview | None = None
        self.error = ""
        self.progress = 0.0
        self.stage = ""
        self.cancel = threading.Event()
        self.focus = 0
        self.top = 0
        self.show_figures = False  # F: the figures behind the sentences
        self.show_all = False  # A: the fine disagreements too (by default: those that matter)
        self.found: list[ReviewedDecision] = []  # verdicts settled while the review runs
        self.stopped = False  # cancelled: what was found stays on the screen
        self.started = time.monotonic()
        self.board = DecisionBoard(app)
        self.hand_cursor: int | None = None  # the hand chosen on the timeline
        self._columns: list[tuple[int, pygame.Rect]] = []  # the timeline's, as last drawn
        self._observed: dict[tuple[int, int], Any] = {}  # (hand, actions) -> what he saw
        self._reasons: dict[tuple[Any, ...], str] = {}  # a decision's reason line, made once
        self._record: Record | None = None
        self._timeline: list[TimelineHand] | None = None
        self._thread: threading.Thread | None = None
        self._start(threaded)

    # --- the work -------------------------------------------------------------------------------
    def _options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {}
        if self.playouts is not None:
            opts["playouts"] = self.playouts
        return opts

    def _kept(self) -> GameReview | None:
        """The review kept beside the record, if any (any trouble: none; reviewing says why)."""
        from game.practice import game_review as gr
        from game.records import load_record

        try:
            player = self.seat if self.seat is not None else load_record(self.path).human
            return None if player is None else gr.cached_review(self.path, player, **self._options())
        except Exception:  # noqa: BLE001 - no kept review: review it now (errors said then)
            return None

    def _start(self, threaded: bool) -> None:
        self.review = self._kept()
        if self.review is not None:
            return
        if threaded:
            self._thread = threading.Thread(target=self._work, name="game-review", daemon=True)
            self._thread.start()
        else:
            self._work()

    def _work(self) -> None:
        from game.engine.errors import MahjongError
        from game.practice import game_review as gr

        lang = self.app.lang

        def progress(p: Any) -> None:
            self.progress = max(self.progress, p.fraction)  # one bar, never backwards
            if p.stage == "decisions":
                self.stage = tr("review.stage_decisions", lang, done=p.done, total=p.total)
            else:
                self.stage = tr("review.stage_playouts", lang, done=p.done, total=p.total)

        try:
            self.review = gr.review_record(self.path, self.seat, workers=self.workers,
                                           progress=progress, cancel=self.cancel,
                                           verdict=self.found.append, **self._options())
        except gr.ReviewCancelled:
            return
        except MahjongError as e:
            self.error = self.app.reason(getattr(e, "message", None) or str(e))
        except (OSError, ValueError) as e:
            self.error = str(e)

    @property
    def working(self) -> bool:
        return self.review is None and not self.error and not self.stopped

    def stop(self) -> None:
        """Esc while reviewing: cancel the rest; the verdicts found so far stay (none: back)."""
        self.cancel.set()
        if not self.found:
            self.leave()
            return
        self.stopped = True

    def wait(self, timeout: float | None = None) -> None:
        """Until the worker is done (tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def leave(self) -> None:
        self.cancel.set()
        self.app.pop()

    # --- the list -------------------------------------------------------------------------------
    @property
    def items(self) -> list[ReviewedDecision]:
        return [i for i in self.all_items if self.show_all or i.verdict != "fine"]

    @property
    def all_items(self) -> list[ReviewedDecision]:
        """Every disagreement (found so far), worst first."""
        if self.review is not None:
            return self.review.disagreements()
        found = list(self.found)  # the worker appends: a copy, worst first as the review
        found.sort(key=lambda i: (-i.cost if i.measured else 0.0, i.hand, i.actions_before))
        return found

    def next_mistake(self, step: int) -> bool:
        """Focus the next (1) or previous (-1) decision shown worse than fine by the playouts
        (an inaccuracy, a mistake or a blunder), in the list's order; False when there is
        none that way."""
        items = self.items
        i = self.focus + step
        while 0 <= i < len(items):
            if items[i].verdict in MISTAKES:
                self.focus = i
                self._follow()
                return True
            i += step
        return False

    # --- the session: its record and points timeline -----------------------------------------
    def record(self) -> Record | None:
        """The record reviewed (read once; None when it cannot be read)."""
        if self._record is None:
            from game.records import load_record

            try:
                self._record = load_record(self.path)
            except Exception:  # noqa: BLE001 - no board, no timeline: the review still reads
                return None
        return self._record

    def timeline(self) -> list[TimelineHand]:
        """The session hand by hand (`game_review.timeline`), once the review is there."""
        if self._timeline is None:
            from game.practice.game_review import timeline

            rec = self.record()
            if self.review is None or rec is None:
                return []
            self._timeline = timeline(rec, self.review)
        return self._timeline

    def marked_hands(self) -> list[int]:
        """The hands marked on the timeline: those whose worse decisions cost most."""
        from game.practice.game_review import costliest

        return costliest(self.timeline())

    @property
    def named(self) -> str | None:
        """The reviewed player's name when the review was asked for another player than the
        record's person (the screen names him instead of saying "you"); None: "you"."""
        r = self.review
        if self.seat is None or r is None or not r.player_name:
            return None
        rec = self.record()
        if rec is not None and rec.human == self.seat:
            return None
        return r.player_name

    def player_label(self) -> str:
        """The reviewed player as the screen names him: "You", or his name for another seat."""
        return self.named or tr("review.you", self.app.lang)

    def jump_to_hand(self, hand: int) -> bool:
        """Focus the first decision of `hand` in the list (the fine ones shown too when the
        hand has only those); False when the hand has no decision unlike the computer's."""
        self.hand_cursor = hand
        items = self.items
        at = next((k for k, i in enumerate(items) if i.hand == hand), None)
        if at is None and any(i.hand == hand for i in self.all_items):
            self.show_all = True
            items = self.items
            at = next((k for k, i in enumerate(items) if i.hand == hand), None)
        if at is None:
            return False
        self.focus = at
        self._follow()
        return True

    def step_hand(self, step: int) -> bool:
        """Left/Right: the previous/next hand on the timeline with a decision to look at."""
        listed = sorted({i.hand for i in self.all_items})
        if not listed:
            return False
        items = self.items
        now = self.hand_cursor if self.hand_cursor is not None else \
            (items[self.focus].hand if 0 <= self.focus < len(items) else listed[0] - step)
        ahead = [h for h in listed if (h > now if step > 0 else h < now)]
        if not ahead:
            return False
        return self.jump_to_hand(ahead[0] if step > 0 else ahead[-1])

    def open(self, index: int | None = None) -> bool:
        """The replay viewer at decision `index`, with both choices' figures."""
        items = self.items
        i = self.focus if index is None else index
        if not 0 <= i < len(items):
            return False
        item = items[i]
        lang = self.app.lang
        note = [render(item.describe(), lang), *figures_lines(item, lang, self.named)]
        self.app.sound.play("click")
        self.app.push("replay_viewer", record=self.path, at=(item.hand, item.events_before), note=note)
        return True

    # --- geometry -------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        w, h = self.app.canvas.get_size()
        size = max(14, round(h * 0.023))
        box = pygame.Rect(16, 12, w - 32, h - 24)
        bh = max(34, round(h * 0.05))
        back = pygame.Rect(0, 0, max(140, round(box.w * 0.14)), bh)
        back.bottomright = (box.right - 20, box.bottom - 14)
        show = pygame.Rect(0, 0, max(220, round(box.w * 0.22)), bh)
        show.bottomright = (back.x - 14, back.bottom)
        head = round(size * 1.5 * 1.45) + 24
        summary_w = max(300, round(box.w * 0.33))
        summary = pygame.Rect(box.x + 24, box.y + head, summary_w, back.y - 12 - box.y - head)
        # under the summary: the points timeline of the session
        tl = pygame.Rect(summary.x, 0, summary.w, max(round(size * 7), round(summary.h * 0.3)))
        summary.h -= tl.h + 10
        tl.y = summary.bottom + 10
        lst = pygame.Rect(summary.right + 24, summary.y, box.right - 24 - summary.right - 24,
                          tl.bottom - summary.y)
        rh = round(size * 3.3)
        # under the list: the focused decision's table, and beside it its two choices as bars
        # (value and interval) and the computer's reason
        board_w = round(lst.w * 0.6)
        board_h = min(round(board_w / 1.6), lst.h - 2 * rh - 10)
        board_w = round(board_h * 1.6)
        board = pygame.Rect(lst.x, lst.bottom - board_h, board_w, board_h)
        detail = pygame.Rect(board.right + 10, board.y, lst.right - board.right - 10, board_h)
        lst.h -= board_h + 10
        return {"box": box, "size": size, "back": back, "show": show, "summary": summary,
                "timeline": tl, "list": lst, "board": board, "detail": detail, "rh": rh,
                "visible": max(1, lst.h // rh)}

    def row_at(self, pos: tuple[int, int]) -> int | None:
        g = self.geometry()
        lst: pygame.Rect = g["list"]
        if not lst.collidepoint(pos):
            return None
        i = self.top + (pos[1] - lst.y) // g["rh"]
        return i if 0 <= i < len(self.items) else None

    def hand_at(self, pos: tuple[int, int]) -> int | None:
        """The hand of the timeline's column at `pos` (None: none)."""
        return next((h for h, col in self._columns if col.collidepoint(pos)), None)

    def _follow(self) -> None:
        vis = self.geometry()["visible"]
        self.focus = max(0, min(self.focus, len(self.items) - 1))
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + vis:
            self.top = self.focus - vis + 1

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        g = self.geometry()
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.stop() if self.working else self.leave()
            elif self.working and not self.all_items:
                return
            elif k in (pygame.K_UP, pygame.K_w):
                self.hand_cursor = None
                self.focus -= 1
                self._follow()
            elif k in (pygame.K_DOWN, pygame.K_s):
                self.hand_cursor = None
                self.focus += 1
                self._follow()
            elif k == pygame.K_PAGEUP:
                self.focus -= g["visible"]
                self._follow()
            elif k == pygame.K_PAGEDOWN:
                self.focus += g["visible"]
                self._follow()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open()
            elif k == pygame.K_f:
                self.show_figures = not self.show_figures
            elif k == pygame.K_RIGHT:
                self.step_hand(1)
            elif k == pygame.K_LEFT:
                self.step_hand(-1)
            elif k == pygame.K_n:
                self.next_mistake(1)
            elif k == pygame.K_p:
                self.next_mistake(-1)
            elif k == pygame.K_a:
                keep = self.items[self.focus] if 0 <= self.focus < len(self.items) else None
                self.show_all = not self.show_all
                items = self.items
                self.focus = items.index(keep) if keep in items else 0
                self.top = 0
                self._follow()
        elif event.type == pygame.MOUSEWHEEL:
            vis = g["visible"]
            self.top = max(0, min(max(0, len(self.items) - vis), self.top - 3 * event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if g["back"].collidepoint(event.pos):
                self.stop() if self.working else self.leave()
            elif g["show"].collidepoint(event.pos):
                self.open()
            elif g["timeline"].collidepoint(event.pos) and self.review is not None:
                hand = self.hand_at(event.pos)
                if hand is not None:
                    self.jump_to_hand(hand)
            else:
                i = self.row_at(event.pos)
                if i is not None:
                    if i == self.focus:
                        self.open(i)
                    self.focus = i

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        g = self.geometry()
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        box: pygame.Rect = g["box"]
        draw_panel(surface, box, alpha=255)
        r = self.review
        if self.named is not None:  # another player than the record's person, by name
            title_text = tr("review.title_player", lang, name=self.named)
        else:  # the record's person: you
            title_text = tr("review.title", lang)
        title = fonts.fit(title_text, round(size * 1.5), box.w - 48, GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 12))
        if r is not None:
            self._draw_summary(surface, g, r)
            self._draw_timeline(surface, g)
            self._draw_list(surface, g)
        elif self.error:
            t = fonts.fit(tr("review.failed", lang, why=self.error), size, box.w - 48, RED_TEXT)
            surface.blit(t, (box.x + 24, g["summary"].y))
        else:  # reviewing, or cancelled: the verdicts found so far
            self._draw_progress(surface, g)
            self._draw_list(surface, g)
        help_key = ("review.help_working" if self.working else
                    "review.help_stopped" if r is None else
                    "review.help_figures" if self.show_figures else
                    "review.help_all" if self.show_all else "review.help")
        hint = fonts.fit(tr(help_key, lang), round(size * 0.8), g["show"].x - box.x - 44, DIM)
        surface.blit(hint, hint.get_rect(midleft=(box.x + 24, g["back"].centery)))
        draw_button(surface, fonts, Button(g["show"], tr("review.open", lang), bool(self.items)),
                    False, size)
        back = "review.cancel" if self.working else "review.back"
        draw_button(surface, fonts, Button(g["back"], tr(back, lang)), True, size)

    def _draw_progress(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        """The left panel while reviewing: what is being done, one bar that only moves
        forward, and the time left once the pace is known; cancelled, what was kept."""
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        s: pygame.Rect = g["summary"]
        y = s.y
        if self.stopped:
            n = len(self.found)
            text = tr("review.stopped", lang, n=n)
            for row in wrap(fonts, text, size, s.w):
                surface.blit(fonts.text(row, size, (240, 160, 90)), (s.x, y))
                y += round(size * 1.4)
            return
        stage = self.stage or tr("review.starting", lang)
        for row in wrap(fonts, tr("review.working", lang, stage=stage), size, s.w):
            surface.blit(fonts.text(row, size, WHITE), (s.x, y))
            y += round(size * 1.4)
        bar = pygame.Rect(s.x, y + 6, s.w, max(14, size))
        pygame.draw.rect(surface, (12, 40, 30), bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = max(bar.h, round(bar.w * max(0.0, min(1.0, self.progress))))
        pygame.draw.rect(surface, GOLD, fill, border_radius=bar.h // 2)
        pygame.draw.rect(surface, PANEL_EDGE, bar, 1, border_radius=bar.h // 2)
        left = time_left(time.monotonic() - self.started, self.progress)
        if left is not None:
            text = (tr("review.left_s", lang, n=max(1, round(left / 5) * 5)) if left < 90 else
                    tr("review.left_min", lang, n=round(left / 60)))
            t = fonts.fit(text, round(size * 0.9), s.w, DIM)
            surface.blit(t, (s.x, bar.bottom + 10))

    def summary_lines(self) -> list[tuple[str, str]]:
        """The left panel's text: the review in sentences (`GameReview.summary`), or with F
        the figures behind them (`GameReview.figures`), as (message code, text)."""
        r = self.review
        if r is None:
            return []
        messages = r.figures(self.named) if self.show_figures else r.summary(self.named)
        return [(m.code, sentence(self.app.reason(m))) for m in messages]

    def _draw_summary(self, surface: pygame.Surface, g: dict[str, Any], r: GameReview) -> None:
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        s: pygame.Rect = g["summary"]
        head = tr("review.figures_head" if self.show_figures else "review.summary_head", lang)
        t = fonts.fit(head, round(size * 1.1), s.w, GOLD, bold=True)
        surface.blit(t, (s.x, s.y))
        top = s.y + round(size * 1.1 * 1.6)
        lines = self.summary_lines()
        # the largest size at which every sentence fits the panel (long reviews: smaller)
        for scale in (0.95, 0.88, 0.8, 0.72, 0.65):
            fs = max(11, round(size * scale))
            lh = round(fs * 1.35)
            wrapped = [(code, wrap(fonts, text, fs, s.w)) for code, text in lines]
            height = sum(len(w) * lh + round(fs * 0.45) for _, w in wrapped)
            if top + height <= s.bottom:
                break
        y = top
        clip = surface.get_clip()
        surface.set_clip(s)
        for code, rows in wrapped:
            colour = SENTENCE_COLOUR.get(code, WHITE)
            if code.startswith("game_review.fig.verdict"):
                colour = WHITE
            for row in rows:
                surface.blit(fonts.text(row, fs, colour), (s.x, y))
                y += lh
            y += round(fs * 0.45)
        surface.set_clip(clip)

    def _draw_list(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        from game.practice.game_review import KIND_WORDS, VERDICT_WORDS

        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        lst: pygame.Rect = g["list"]
        rh = g["rh"]
        items = self.items
        pygame.draw.rect(surface, (12, 40, 30), lst, border_radius=8)
        if not items:
            fine = len(self.all_items)
            text = (tr("review.waiting", lang) if self.working else
                    said_of("review.only_fine", lang, self.named, n=fine) if fine else
                    said_of("review.none", lang, self.named))
            t = fonts.fit(text, size, lst.w - 24, DIM if self.working else WHITE)
            surface.blit(t, t.get_rect(center=lst.center))
            return
        y = lst.y
        notation = self.app.notation
        for i in range(self.top, min(len(items), self.top + g["visible"])):
            item = items[i]
            r = pygame.Rect(lst.x, y, lst.w, rh)
            if i == self.focus:
                pygame.draw.rect(surface, HILITE, r.inflate(-4, -4), border_radius=6)
            colour = VERDICT_COLOUR.get(item.verdict, WHITE)
            verdict = fonts.text(render(VERDICT_WORDS[item.verdict](), lang), size, colour, bold=True)
            cost = cost_text(item, lang) if item.measured else ""
            ct = fonts.text(cost, round(size * 0.85), colour)
            head = tr("review.row", lang, hand=item.hand, wind=seat_name(item.seat, lang),
                      kind=render(KIND_WORDS[item.kind](), lang))
            surface.blit(fonts.fit(head, size, r.w - verdict.get_width() - 40, WHITE), (r.x + 12, y + 6))
            surface.blit(verdict, verdict.get_rect(topright=(r.right - 12, y + 6)))
            sub = said_of("review.you_pc", lang, self.named,
                          chosen=action_text(item.chosen, lang, notation=notation),
                     suggested=action_text(item.suggested, lang, notation=notation))
            sub_y = y + 6 + round(size * 1.45)
            surface.blit(fonts.fit(sub, round(size * 0.85), r.w - ct.get_width() - 40, DIM), (r.x + 12, sub_y))
            surface.blit(ct, ct.get_rect(topright=(r.right - 12, sub_y)))
            y += rh
        draw_scrollbar(surface, lst.right + 6, lst.y, lst.h, self.top, g["visible"], len(items))
        if 0 <= self.focus < len(items):
            self._draw_board(surface, g, items[self.focus])
            self._draw_detail(surface, g, items[self.focus])

    def _draw_timeline(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        """The session's points hand by hand, the hands that cost most marked, the hand of the
        focused decision (or the one chosen) framed."""
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        tl: pygame.Rect = g["timeline"]
        hands = self.timeline()
        rec = self.record()
        head = fonts.fit(tr("review.timeline_head", lang), round(size * 0.9), tl.w, GOLD,
                         bold=True)
        surface.blit(head, (tl.x, tl.y))
        small = round(size * 0.75)
        note_key = "review.timeline_marked" if self.named is None else \
            "review.timeline_marked_player"
        marked = self.marked_hands()
        area = pygame.Rect(tl.x, tl.y + head.get_height() + 4, tl.w,
                           tl.h - head.get_height() - 4 - (small + 6 if marked else 0))
        if not hands or rec is None:
            pygame.draw.rect(surface, (12, 40, 30), area, border_radius=8)
            t = fonts.fit(tr("review.timeline_none", lang), small, area.w - 16, DIM)
            surface.blit(t, t.get_rect(center=area.center))
            self._columns = []
            return
        names = list(rec.players)
        if self.review is not None:
            names[self.review.player] = self.player_label()
        items = self.items
        cursor = self.hand_cursor if self.hand_cursor is not None else \
            (items[self.focus].hand if 0 <= self.focus < len(items) else None)
        player = self.review.player if self.review is not None else 0
        self._columns = draw_timeline(surface, area, fonts, hands, player, names, marked,
                                      cursor, size)
        if marked:
            t = fonts.fit(tr(note_key, lang, name=self.player_label()), small, tl.w,
                          (240, 120, 110))
            surface.blit(t, (tl.x, area.bottom + 4))

    def board_caption(self, item: ReviewedDecision) -> str:
        """What the decision was about on the table (`review_board.board_caption`)."""
        rec = self.record()
        if rec is None:
            return ""
        return board_caption(rec, item, self.app.lang, self.app.notation, self._observed)

    def reason_text(self, item: ReviewedDecision) -> str:
        """The reason line under the bars, in a player's words; with the figures shown (F) the
        computer's own note as the program wrote it (`review_board.reason_text`)."""
        rec = self.record()
        if rec is None:
            return ""
        key = (item.hand, item.actions_before, self.app.lang, self.app.notation,
               self.show_figures)
        if key not in self._reasons:  # worked out once, not every frame (about 1 ms each)
            self._reasons[key] = reason_text(rec, item, self.app.lang, self.app.notation,
                                             self._observed, figures=self.show_figures)
        return self._reasons[key]

    def _draw_board(self, surface: pygame.Surface, g: dict[str, Any],
                    item: ReviewedDecision) -> None:
        """The table at the focused decision (`DecisionBoard`), and under it where it was."""
        b: pygame.Rect = g["board"]
        rec = self.record()
        if rec is None or not 0 < item.hand <= len(rec.hands) or b.h < 40:
            return
        colour = VERDICT_COLOUR.get(item.verdict, WHITE)
        pic = self.board.render(rec.hands[item.hand - 1], item, b.size, colour,
                                self.player_label())
        surface.blit(pic, b.topleft)
        pygame.draw.rect(surface, PANEL_EDGE, b, 1, border_radius=4)

    def _draw_detail(self, surface: pygame.Surface, g: dict[str, Any], item: ReviewedDecision) -> None:
        """The focused decision's choices as bars: each choice's average points in the
        playouts with its 95 % interval (a whisker), on one scale around 0; the player's
        choice in its verdict's colour, the computer's in gold; then the computer's reason."""
        fonts, size, lang = self.app.fonts, g["size"], self.app.lang
        d: pygame.Rect = g["detail"]
        pygame.draw.rect(surface, (12, 40, 30), d, border_radius=8)
        small = round(size * 0.8)
        rows = [(k, item.figures[k]) for k in ("chosen", "suggested") if k in item.figures]
        narrow = d.w < 560  # beside the board: each choice's name above its bar
        label_w = d.w - 24 if narrow else round(d.w * 0.36)
        y = d.y + 8
        caption = self.board_caption(item)
        if caption:
            t = fonts.fit(caption, small, d.w - 24, WHITE)
            surface.blit(t, (d.x + 12, y))
            y += round(small * 1.55)
        if rows:
            span = max(1.0, *(max(abs(r.points_ci[0]), abs(r.points_ci[1])) for _, r in rows))
            value_w = fonts.text("-00.0 (-00.0 ~ -00.0)", small, WHITE).get_width()
            bar_x = d.x + 12 if narrow else d.x + 12 + label_w + 8
            bar_w = max(40, d.right - 12 - value_w - 12 - bar_x)
            zero = bar_x + bar_w // 2
            rh = round(small * 1.55)
            notation = self.app.notation
            for key, r in rows:
                colour = GOLD if key == "suggested" else VERDICT_COLOUR.get(item.verdict, WHITE)
                action = item.suggested if key == "suggested" else item.chosen
                who = tr("review.choice_pc", lang) if key == "suggested" else \
                    said_of("review.choice_you", lang, self.named)
                label = sentence(f"{who}: {action_text(action, lang, notation=notation)}")
                surface.blit(fonts.fit(label, small, label_w, colour), (d.x + 12, y))
                if narrow:
                    y += round(small * 1.35)
                cy = y + small // 2 + 2
                pygame.draw.line(surface, DIM, (zero, y - 2), (zero, y + small + 4))
                x = zero + round(bar_w / 2 * r.mean_points / span)
                bar = pygame.Rect(min(zero, x), cy - small // 3, max(2, abs(x - zero)), 2 * (small // 3))
                pygame.draw.rect(surface, colour, bar, border_radius=3)
                lo = zero + round(bar_w / 2 * r.points_ci[0] / span)
                hi = zero + round(bar_w / 2 * r.points_ci[1] / span)
                pygame.draw.line(surface, WHITE, (lo, cy), (hi, cy))
                for e in (lo, hi):
                    pygame.draw.line(surface, WHITE, (e, cy - 4), (e, cy + 4))
                value = tr("review.bar_value", lang, points=f"{r.mean_points:+.1f}",
                           low=f"{r.points_ci[0]:+.1f}", high=f"{r.points_ci[1]:+.1f}")
                vt = fonts.fit(value, small, value_w, colour)
                surface.blit(vt, vt.get_rect(topright=(d.right - 12, y)))
                y += rh
        else:
            t = fonts.fit(tr("review.not_measured", lang), small, d.w - 24, DIM)
            surface.blit(t, (d.x + 12, y))
            y += round(small * 1.55)
        why = self.reason_text(item)
        if why:
            for row in wrap(fonts, why, small, d.w - 24)[:max(1, (d.bottom - y) // round(small * 1.3))]:
                surface.blit(fonts.text(row, small, DIM), (d.x + 12, y))
                y += round(small * 1.3)
