"""The statistics screen: the player's numbers over the game records, and a chart of the running
score over the last sessions, drawn with pygame.

Hands played, win %, deal-in %, uper rate, win % after uper, average points per hand and per
win, the most frequent yak (`game.practice.stats.statistics`). The chart: the running total
after every hand of the last sessions, one shaded band per session, the zero line, the lowest
and highest totals labelled. Esc, Backspace, Enter or a click on Back returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..i18n import yak_name
from ..scene import Scene
from ..widgets import (
    DIM,
    FELT_BOTTOM,
    FELT_TOP,
    GOLD,
    RED_TEXT,
    WHITE,
    Button,
    draw_button,
    draw_gradient,
    draw_panel,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App

GREEN = (120, 210, 140)
#: (good, bad) of a rate: green from `good`, red from `bad`, plain between. A seat of four wins
#: a quarter of the hands if all play alike (fewer, as some hands end in a draw), and a careful
#: player deals in to about one hand in ten.
WIN_RATE = (0.25, 0.15)
DEAL_IN_RATE = (0.10, 0.18)


def judged(value: float, good: float, bad: float) -> tuple[int, int, int]:
    """The colour of a rate: green when it is good, red when it is bad, white between (`good`
    above `bad` when more is better, below it when less is better).

    >>> judged(0.056, *WIN_RATE) == RED_TEXT, judged(0.30, *WIN_RATE) == GREEN
    (True, True)
    >>> judged(0.20, *WIN_RATE) == WHITE, judged(0.25, *DEAL_IN_RATE) == RED_TEXT
    (True, True)
    """
    better = (value >= good) if good > bad else (value <= good)
    worse = (value < bad) if good > bad else (value > bad)
    return GREEN if better else RED_TEXT if worse else WHITE

def make_scene(app: App, **options: Any) -> Scene:
    return StatsScene(app, **options)


class StatsScene(Scene):
    name = "statistics"

    def __init__(self, app: App, stats: Any = None, directory: Any = None, last_sessions: int = 20) -> None:
        super().__init__(app)
        from game.practice.stats import Stats, statistics

        self.last_sessions = last_sessions
        if stats is None:
            try:
                stats = statistics(directory=directory, last_sessions=last_sessions)
            except Exception:  # noqa: BLE001 - an unreadable directory shows as empty
                stats = Stats.empty()
        self.stats = stats
        self.hover = False

    # --- geometry --------------------------------------------------------------------------------
    def geometry(self) -> dict[str, pygame.Rect]:
        w, h = self.app.canvas.get_size()
        box = pygame.Rect(20, 20, w - 40, h - 40)
        bh = max(34, round(h * 0.05))
        back = pygame.Rect(0, 0, max(140, round(w * 0.12)), bh)
        back.bottomright = (box.right - 20, box.bottom - 16)
        top = box.y + round(h * 0.1)
        nums = pygame.Rect(box.x + 24, top, round(box.w * 0.34), back.y - 16 - top)
        chart = pygame.Rect(nums.right + 30, top + round(h * 0.05), box.right - nums.right - 60,
                            back.y - 30 - top - round(h * 0.05) - round(h * 0.03))
        return {"box": box, "back": back, "nums": nums, "chart": chart}

    def rows(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """(label, value, colour) of every number shown."""
        s, tr, lang = self.stats, self.app.tr, self.app.lang
        top = s.top_yak
        if top is not None:
            try:
                name = yak_name(top[0], lang)
            except KeyError:
                name = top[1]
            yak = f"{name} ({tr('stats.times', n=top[2])})"
        else:
            yak = tr("stats.none")
        return [
            (tr("stats.sessions"), str(s.sessions), WHITE),
            (tr("stats.hands"), str(s.hands), WHITE),
            (tr("stats.win"), f"{s.win_rate:.1%}", judged(s.win_rate, *WIN_RATE) if s.hands else WHITE),
            (tr("stats.deal_in"), f"{s.deal_in_rate:.1%}",
             judged(s.deal_in_rate, *DEAL_IN_RATE) if s.hands else WHITE),
            (tr("stats.uper"), f"{s.uper_rate:.1%}", WHITE),
            (tr("stats.win_after_uper"), f"{s.win_rate_after_uper:.1%}" if s.upers else "-", WHITE),
            (tr("stats.per_hand"), f"{s.points_per_hand:+.1f}", GREEN if s.points_per_hand >= 0 else RED_TEXT),
            (tr("stats.per_win"), f"{s.points_per_win:+.1f}" if s.wins else "-", WHITE),
            (tr("stats.top_yak"), yak, GOLD),
        ]

    # --- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
            self.app.pop()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.geometry()["back"].collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.geometry()["back"].collidepoint(event.pos):
            self.app.pop()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        fonts, tr = self.app.fonts, self.app.tr
        g = self.geometry()
        box = g["box"]
        draw_panel(surface, box)
        h = surface.get_height()
        size = max(15, round(h * 0.026))
        title = fonts.fit(tr("stats.title"), round(size * 1.6), box.w - 40, GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 16))
        nums = g["nums"]
        rows = self.rows()
        lh = min(round(size * 2.1), nums.h // max(1, len(rows)))
        y = nums.y
        for label, value, colour in rows:
            surface.blit(fonts.fit(label, size, nums.w * 0.55, DIM), (nums.x, y))
            v = fonts.fit(value, round(size * 1.1), nums.w * 0.45, colour, bold=True)
            surface.blit(v, v.get_rect(topright=(nums.right, y - 2)))
            pygame.draw.line(surface, (40, 90, 70), (nums.x, y + lh - 6), (nums.right, y + lh - 6))
            y += lh
        self.draw_chart(surface, g["chart"], size)
        draw_button(surface, fonts, Button(g["back"], tr("settings.cancel")), True, size, hovered=self.hover)
        hint = fonts.text(tr("stats.help"), round(size * 0.8), DIM)
        surface.blit(hint, hint.get_rect(midleft=(box.x + 24, g["back"].centery)))

    def draw_chart(self, surface: pygame.Surface, r: pygame.Rect, size: int) -> None:
        fonts, tr = self.app.fonts, self.app.tr
        series = self.stats.series
        n_sessions = len(self.stats.session_totals)
        head = fonts.fit(tr("stats.chart", n=max(n_sessions, 0)), size, r.w, GOLD, bold=True)
        surface.blit(head, (r.x, r.y - head.get_height() - 8))
        pygame.draw.rect(surface, (10, 40, 29), r, border_radius=6)
        pygame.draw.rect(surface, (40, 100, 76), r, width=1, border_radius=6)
        if not series:
            yy = r.centery - size
            for ln in wrap(fonts, tr("stats.empty"), size, r.w - 40):
                t = fonts.text(ln, size, DIM)
                surface.blit(t, t.get_rect(midtop=(r.centerx, yy)))
                yy += round(size * 1.4)
            return
        small = max(11, round(size * 0.75))
        plot = r.inflate(-2 * round(size * 3.2), -2 * round(size * 1.2))
        plot.x = r.x + round(size * 3.6)
        totals = [p.total for p in series]
        lo, hi = min(0, *totals), max(0, *totals)
        if hi == lo:
            hi = lo + 1
        n = len(series)

        def px(i: int) -> int:
            return plot.x + round(plot.w * (i + 1) / n) if n else plot.x

        def py(v: float) -> int:
            return plot.bottom - round(plot.h * (v - lo) / (hi - lo))

        # session bands
        for s in range(n_sessions):
            idx = [i for i, p in enumerate(series) if p.session == s]
            if not idx:
                continue
            x0, x1 = (px(idx[0] - 1) if idx[0] else plot.x), px(idx[-1])
            if s % 2 == 0:
                pygame.draw.rect(surface, (18, 58, 43), (x0, plot.y, max(1, x1 - x0), plot.h))
        # zero line and labels
        zero = py(0)
        pygame.draw.line(surface, (90, 120, 105), (plot.x, zero), (plot.right, zero))
        placed: list[int] = []
        for v in (0, lo, hi):
            if any(abs(py(v) - q) < small * 1.2 for q in placed):
                continue
            placed.append(py(v))
            t = fonts.text(f"{v:+d}" if v else "0", small, DIM)
            surface.blit(t, t.get_rect(midright=(plot.x - 6, py(v))))
        # the line
        pts = [(plot.x, py(0))] + [(px(i), py(p.total)) for i, p in enumerate(series)]
        if len(pts) >= 2:
            pygame.draw.lines(surface, GOLD, False, pts, 3 if n < 200 else 2)
        if n <= 120:
            for i, p in enumerate(series):
                colour = GREEN if p.hand_points > 0 else RED_TEXT if p.hand_points < 0 else DIM
                pygame.draw.circle(surface, colour, (px(i), py(p.total)), 3)
        last = series[-1].total
        t = fonts.text(f"{last:+d}" if last else "0", small, GOLD, bold=True)
        surface.blit(t, t.get_rect(midleft=(min(px(n - 1) + 6, r.right - t.get_width() - 4), py(last))))
        foot = fonts.text(tr("newgame.hands_n", n=n), small, DIM)
        surface.blit(foot, foot.get_rect(bottomright=(r.right - 8, r.bottom - 4)))
