"""The end of a hand (win or draw) and of a session, drawn over the table.

The win screen shows the winning hand in its decomposition (`WinResult.groups`), each yak with
its Korean and English name and points, the ante / basic / bonus arithmetic, the final points and
what every seat pays; a draw shows its reason and every hand. Enter, Space or a click goes on; with
several winners Left/Right page through them. In spectator mode the screens go on by themselves.

A hand's result is revealed (`Reveal`, on the animation speed's clock): the hand turns face up
tile by tile, the winning tile outlined and the tiles of its kind (the Korean dora) marked; then
the yak lines appear one after another while the total counts up; then the payments count to
their values. A key or a click during the reveal shows all of it at once; the next one goes on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from game.engine.events import HandStarted
from game.i18n import register_texts, seat_name

from ..i18n import yak_name
from ..result_fonts import PANEL_SHARE, text_size
from ..scene import Scene
from ..widgets import DIM, GOLD, WHITE, Button, draw_button, draw_panel, shade_screen

if TYPE_CHECKING:
    from game.engine.session import Session
    from game.engine.table import HandResult, Table
    from game.ui.app import App


class ResultOwner(Protocol):
    """What the result screens need of the screen that opened them (the table)."""

    autoplay: bool
    session: Session

    def player_label(self, p: int) -> str: ...
    def player_name(self, p: int) -> str: ...
    def is_you(self, p: int) -> bool: ...
    def next_hand(self) -> None: ...
    def session_closed(self) -> None: ...
    def record_path(self) -> Any: ...

@dataclass
class Reveal:
    """When each part of a result shows, in seconds of the reveal's clock (scaled by the
    animation speed; at an infinite speed everything shows at once).

    >>> r = Reveal(tiles=14, lines=3)
    >>> r.face_up(0), r.lines_shown(), r.done
    (False, 0, False)
    >>> r.advance(r.lines_at - 0.01); r.face_up(13), r.lines_shown()
    (True, 0)
    >>> r.advance(0.02); r.lines_shown(), round(r.line_progress(0), 2)
    (1, 0.03)
    >>> r.finish(); r.done, r.lines_shown(), r.pay_progress()
    (True, 3, 1.0)
    """

    tiles: int
    lines: int
    t: float = 0.0
    TILE_STEP: ClassVar[float] = 0.045
    FLIP: ClassVar[float] = 0.16
    LINE_STEP: ClassVar[float] = 0.32
    PAY: ClassVar[float] = 0.7

    @property
    def lines_at(self) -> float:
        return self.tiles * self.TILE_STEP + self.FLIP + 0.15

    @property
    def pay_at(self) -> float:
        return self.lines_at + self.lines * self.LINE_STEP + 0.2

    @property
    def end(self) -> float:
        return self.pay_at + self.PAY

    @property
    def done(self) -> bool:
        return self.t >= self.end

    def advance(self, dt: float) -> None:
        self.t = min(self.end, self.t + dt)

    def finish(self) -> None:
        self.t = self.end

    def flip(self, i: int) -> float:
        """0..1: how far tile `i` has turned face up."""
        return max(0.0, min(1.0, (self.t - i * self.TILE_STEP) / self.FLIP))

    def face_up(self, i: int) -> bool:
        return self.flip(i) >= 0.5

    def lines_shown(self) -> int:
        if self.t < self.lines_at:
            return 0
        return min(self.lines, 1 + int((self.t - self.lines_at) / self.LINE_STEP))

    def line_progress(self, i: int) -> float:
        """0..1: how far line `i` has faded in (its points counted)."""
        return max(0.0, min(1.0, (self.t - self.lines_at - i * self.LINE_STEP) / self.LINE_STEP))

    def pay_progress(self) -> float:
        if self.done:
            return 1.0
        return max(0.0, min(1.0, (self.t - self.pay_at) / self.PAY))


register_texts("ui", {"result.review": "Review this game  [R]"})

GREEN_TEXT = (150, 230, 160)
RED_TEXT = (240, 130, 120)
AUTO_SECONDS = 3.0
#: keys that go on from a result screen (during a hand's reveal: show all of it)
CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


def _shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Dim what is under a result screen, in place (`shade_screen`: no window-sized shade kept
    per size, up to five of them, 33 MB each at 4K)."""
    shade_screen(surface, alpha)


def signed(n: int) -> str:
    """Points with a sign (0 without).

    >>> signed(15), signed(-30), signed(0)
    ('+15', '-30', '0')
    """
    return f"{n:+d}" if n else "0"


class _Overlay(Scene):
    overlay = True

    def __init__(self, app: App, owner: ResultOwner) -> None:
        super().__init__(app)
        self.owner = owner
        self.time = 0.0
        self.shot_taken = False

    @property
    def auto(self) -> float | None:
        """Seconds after which spectator mode goes on by itself."""
        if not self.owner.autoplay:
            return None
        f = self.app.settings.speed_factor
        return 0.0 if math.isinf(f) else AUTO_SECONDS / f

    def shot_name(self) -> str:
        return self.name

    def update(self, dt: float) -> None:
        if not self.shot_taken and self.app.frames > 0 and self.time > 0:
            self.shot_taken = True
            self.app.save_screenshot(self.shot_name())
        self.time += dt
        auto = self.auto
        if auto is not None and self.shot_taken and self.time >= auto:
            self.close()

    def box(self) -> pygame.Rect:
        w, h = self.app.canvas.get_size()
        r = pygame.Rect(0, 0, round(w * PANEL_SHARE), round(h * PANEL_SHARE))
        r.center = (w // 2, h // 2)
        return r

    def ok_button(self) -> Button:
        b = self.box()
        bh = max(34, round(b.h * 0.075))
        r = pygame.Rect(0, 0, max(180, round(b.w * 0.22)), bh)
        r.bottomright = (b.right - 20, b.bottom - 16)
        return Button(r, self.ok_label())

    def ok_label(self) -> str:
        return self.app.tr("result.next")

    def handle_event(self, event: pygame.event.Event) -> None:
        keys = CONTINUE_KEYS
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if (event.type == pygame.KEYDOWN and event.key in keys) or (click and self.ok_button().hit(event.pos)):
            self.close()

    def close(self) -> None:  # pragma: no cover - overridden
        self.app.pop()


class HandResultScene(_Overlay):
    """A hand's result: the win screen(s) or the draw screen."""

    name = "hand_result"

    def __init__(self, app: App, owner: ResultOwner, table: Table, result: HandResult) -> None:
        super().__init__(app, owner)
        self.table = table
        self.result = result
        self.page = 0
        self.closed = False
        if result.winners:
            w = result.winners[0]
            tiles = sum(len(g) for g in (w.result.groups or ())) or 14
            self.reveal = Reveal(tiles=tiles, lines=len(w.result.yak))
        else:
            tiles = sum(len(self._shown_kinds(s)) for s in range(4))
            self.reveal = Reveal(tiles=tiles, lines=0)
        if math.isinf(self.app.settings.speed_factor):
            self.reveal.finish()
        self._line_sound = 0

    def _shown_kinds(self, seat: int) -> list[int]:
        """A seat's tiles as the draw screen shows them: concealed (sorted), then its sets."""
        kinds = sorted(t >> 2 for t in self.table.concealed[seat] if t < 100)
        for m in self.table.melds[seat]:
            kinds.extend([m.tile] * m.size)
        return kinds

    def update(self, dt: float) -> None:
        f = self.app.settings.speed_factor
        if math.isinf(f):
            self.reveal.finish()
        else:
            self.reveal.advance(dt * f)
        shown = self.reveal.lines_shown()
        if shown > self._line_sound:  # a soft tick as each line appears
            self._line_sound = shown
            self.app.sound.play("tick")
        if not self.reveal.done:
            return  # the screenshot and spectator mode's timer wait for the whole reveal
        super().update(dt)

    def ok_label(self) -> str:
        """"Next hand", or "Session results" after the last hand."""
        session = getattr(self.owner, "session", None)
        if session is not None and session.is_over:
            return self.app.tr("result.session")
        return self.app.tr("result.next")

    def shot_name(self) -> str:
        kind = "win" if self.result.winners else "draw"
        return f"hand{self.table.hand}-{kind}"

    def who(self, seat: int) -> str:
        """The wind and the player at an engine seat."""
        wind = seat_name(seat, self.app.lang)
        return f"{wind} · {self.owner.player_name(self.table.players[seat])}"

    def handle_event(self, event: pygame.event.Event) -> None:
        n = len(self.result.winners)
        if not self.reveal.done and (
                (event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS + (pygame.K_s,))
                or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            self.reveal.finish()  # the first press shows it all; the next one goes on
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and n > 1:
            self.page = (self.page + (1 if event.key == pygame.K_RIGHT else -1)) % n
            self.reveal.finish()  # another winner's page: shown whole
            return
        super().handle_event(event)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.pop()
        self.owner.next_hand()

    def draw(self, surface: pygame.Surface) -> None:
        _shade(surface)
        box = self.box()
        # opaque: the table never shows through the words
        draw_panel(surface, box, alpha=255, palette=self.app.art.look.table.palette)
        fonts, tr = self.app.fonts, self.app.tr
        h = box.h
        size = text_size(h)
        x0, y = box.x + 24, box.y + 18
        r = self.result
        if not r.winners:
            title = fonts.fit(tr("result.draw"), round(size * 1.6), box.w - 48, GOLD, bold=True)
            surface.blit(title, (x0, y))
            y += title.get_height() + size
            reason = tr(f"result.reason.{r.reason}")
            surface.blit(fonts.fit(reason, size, box.w - 48, WHITE), (x0, y))
            y += round(size * 2.2)
            if self.table.rules.dealer_keeps == "win_or_draw" or r.dealer_keeps:
                surface.blit(fonts.fit(tr("result.dealer_keeps"), round(size * 0.85), box.w - 48, DIM), (x0, y))
                y += round(size * 1.6)
            if r.next_doubled:
                surface.blit(fonts.fit(tr("result.next_doubled"), round(size * 0.85), box.w - 48, GOLD), (x0, y))
                y += round(size * 1.6)
            self._draw_hands(surface, box, y, size)
        else:
            w = r.winners[self.page]
            self._draw_win(surface, box, w, size)
        self._draw_payments(surface, box, size)
        draw_button(surface, fonts, self.ok_button(), True, size, palette=self.app.art.look.table.palette)

    def _draw_hands(self, surface: pygame.Surface, box: pygame.Rect, y: int, size: int) -> None:
        """Every seat's tiles, shown at the draw."""
        fonts = self.app.fonts
        tw = max(18, round(box.h * 0.045))
        i = 0
        for seat in range(4):
            label = fonts.fit(self.who(seat), round(size * 0.8), box.w * 0.3, WHITE)
            surface.blit(label, (box.x + 24, y + 4))
            x = box.x + 24 + round(box.w * 0.3)
            kinds = self._shown_kinds(seat)
            starts = [sum(1 for t in self.table.concealed[seat] if t < 100)]
            for m in self.table.melds[seat]:
                starts.append(starts[-1] + m.size)
            for j, k in enumerate(kinds):
                if j in starts[:-1] or j == starts[0]:
                    x += tw // 2 if j == starts[0] else tw // 3  # the sets apart
                self._flip_tile(surface, k, tw, x, y, i)
                x += tw
                i += 1
            y += round(tw * 1.6)

    def _flip_tile(self, surface: pygame.Surface, kind: int, tw: int, x: int, y: int, i: int) -> pygame.Rect:
        """Tile `i` of the reveal at (x, y): its back, turning (narrowed), then its face."""
        f = self.reveal.flip(i)
        img = self.app.art.tile(kind if f >= 0.5 else None, tw)
        squeeze = abs(1.0 - 2.0 * f)
        if 0.0 < f < 1.0 and squeeze < 0.98:
            w = max(2, round(img.get_width() * squeeze))
            img = pygame.transform.scale(img, (w, img.get_height()))
            surface.blit(img, (x + (tw - w) // 2, y))
        else:
            surface.blit(img, (x, y))
        return pygame.Rect(x, y, tw, img.get_height())

    def _draw_win(self, surface: pygame.Surface, box: pygame.Rect, w: Any, size: int) -> None:
        art, fonts, tr = self.app.art, self.app.fonts, self.app.tr
        res = w.result
        x0, y = box.x + 24, box.y + 18
        how = tr("action.ola") if w.how == "self_draw" else tr("action.ssoa")
        if w.how == "robbing_kong":
            how = tr("result.robbing")
        player = self.table.players[w.seat]
        if self.owner.is_you(player):  # "You win", not "You wins"
            head = tr("result.you_win", wind=seat_name(w.seat, self.app.lang), how=how)
        else:
            head = tr("result.wins", name=self.who(w.seat), how=how)
        if w.from_seat is not None:
            head += "  " + tr("result.from", name=self.who(w.from_seat))
        if len(self.result.winners) > 1:
            head += f"   ({self.page + 1}/{len(self.result.winners)} ◀▶)"
        title = fonts.fit(head, round(size * 1.3), box.w - 48, GOLD, bold=True)
        surface.blit(title, (x0, y))
        y += title.get_height() + round(size * 0.6)
        # the hand in its decomposition, the winning tile marked
        groups = res.groups or ()
        n_tiles = sum(len(g) for g in groups) or 14
        gap_units = 0.35 * max(0, len(groups) - 1)
        tw = min(round(box.h * 0.1), int((box.w - 48 - 120) / (n_tiles + gap_units + 4.5)))
        tw = max(18, tw)
        x = x0
        marked = False
        open_groups = [m.tile for m in w.context.melds if m.type != "concealed_kong"]
        rv = self.reveal if self.page == 0 else None
        i = 0
        all_up = rv is None or rv.flip(max(0, rv.tiles - 1)) >= 1.0
        for g in groups:
            is_open = len(set(g)) == 1 and g[0] in open_groups and len(g) >= 3
            if is_open:
                open_groups.remove(g[0])
            for k in g:
                if rv is not None:
                    spot = self._flip_tile(surface, k, tw, x, y, i)
                else:
                    img = art.tile(k, tw)
                    surface.blit(img, (x, y))
                    spot = pygame.Rect(x, y, tw, img.get_height())
                i += 1
                if all_up and not marked and k == w.tile and not is_open:
                    marked = True
                    pygame.draw.rect(surface, GOLD, spot.inflate(4, 4), width=3, border_radius=4)
                if all_up and k == w.tile:  # a Korean dora tile: of the winning tile's kind
                    pygame.draw.circle(surface, GOLD, (spot.centerx, spot.bottom + max(5, tw // 7)),
                                       max(3, tw // 9))
                x += tw
            if is_open:
                pygame.draw.line(surface, DIM, (x - tw * len(g), y - 5), (x, y - 5), 2)
            x += round(tw * 0.35)
        flowers = list(self.table.flowers[w.seat])
        if flowers:
            x += round(tw * 0.4)
            ft = round(tw * 0.75)
            for t in flowers:
                surface.blit(art.tile(25 + (t - 100), ft), (x, y + tw * 4 // 3 - ft * 4 // 3))
                x += ft
        y += round(tw * 4 / 3) + round(tw * 0.12) + round(size * 0.9)
        # the final points, large, on the right: counting up as the lines appear
        shown = len(res.yak)
        total = res.total
        if rv is not None and not rv.done:
            shown = rv.lines_shown()
            counted = res.ante + sum(ys.points * rv.line_progress(j) for j, ys in enumerate(res.yak))
            total = min(res.total, round(counted)) if shown else res.ante
        big = fonts.text(str(total), round(size * 3.2), GOLD, bold=True)
        spot = big.get_rect(topright=(box.right - 28, y))
        surface.blit(big, spot)
        lab = fonts.text(tr("result.final"), size, DIM)
        surface.blit(lab, lab.get_rect(midtop=(spot.centerx, spot.bottom)))
        # the yak table
        col_ko, col_en = x0, x0 + round(box.w * 0.24)
        col_pts = x0 + round(box.w * 0.58)
        small = round(size * 0.9)
        for ys in res.yak[:shown]:
            colour = WHITE if ys.kind == "basic" else (190, 210, 255)
            count = f" ×{ys.count}" if ys.count > 1 else ""
            if self.app.lang == "ko":  # Korean names only
                surface.blit(fonts.fit(yak_name(ys.key, "ko") + count, small, box.w * 0.55, colour),
                             (col_ko, y))
            else:  # the player's name first, the Korean one beside it (the table's own words)
                surface.blit(fonts.fit(yak_name(ys.key, self.app.lang) + count, small, box.w * 0.32,
                                       colour), (col_ko, y))
                surface.blit(fonts.fit(yak_name(ys.key, "ko"), small, box.w * 0.2, DIM),
                             (col_en + round(box.w * 0.1), y))
            kind = tr("result.basic") if ys.kind == "basic" else tr("result.bonus")
            pts = fonts.text(f"{ys.points}  {kind}", small, colour)
            surface.blit(pts, (col_pts, y))
            y += round(small * 1.45)
            if y > box.bottom - size * 8:
                break
        y += round(size * 0.4)
        if shown == len(res.yak) and (rv is None or rv.t >= rv.pay_at):
            sum_line = tr("result.sum", ante=res.ante, basic=res.basic, bonus=res.bonus, total=res.total)
            surface.blit(fonts.fit(sum_line, size, box.w * 0.6, GOLD, bold=True), (x0, y))

    def _draw_payments(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """Each seat's payment for this hand, bottom left."""
        fonts, tr = self.app.fonts, self.app.tr
        r = self.result
        pays = r.payments if not r.winners or len(r.winners) == 1 else r.winners[self.page].payments
        small = round(size * 0.85)
        y = box.bottom - 16 - 4 * round(small * 1.45)
        x = box.x + 24
        head = fonts.text(tr("result.payments"), small, DIM)
        surface.blit(head, (x, y - round(small * 1.5)))
        k = self.reveal.pay_progress() if self.page == 0 else 1.0
        before = self.table.scores  # by seat, at the start of the hand
        if len(r.winners) <= 1:
            sh = fonts.text(tr("table.score"), small, DIM)
            surface.blit(sh, sh.get_rect(topright=(x + round(box.w * 0.62), y - round(small * 1.5))))
        for seat in range(4):
            p = round(pays[seat] * k)
            colour = GREEN_TEXT if p > 0 else RED_TEXT if p < 0 else WHITE
            surface.blit(fonts.fit(self.who(seat), small, box.w * 0.36, WHITE), (x, y))
            t = fonts.text(signed(p), small, colour, bold=True)
            surface.blit(t, t.get_rect(topright=(x + round(box.w * 0.5), y)))
            if len(r.winners) <= 1:  # the running score, counting to its new value
                score = fonts.text(str(before[seat] + p), small, DIM)
                surface.blit(score, score.get_rect(topright=(x + round(box.w * 0.62), y)))
            y += round(small * 1.45)


class SessionResultScene(_Overlay):
    """The session's end: totals per player and the running score after each hand."""

    def _name_and_level(self, p: int) -> str:
        """"Minjun (Expert)", or "You" as the table names the player."""
        name, label = self.owner.player_name(p), self.owner.player_label(p)
        return name if name == label else f"{name} ({label})"

    name = "session_result"

    def ok_label(self) -> str:
        return self.app.tr("result.done")

    def review_button(self) -> Button | None:
        """"Review this game", left of the OK button, when the game was a person's and recorded."""
        path = getattr(self.owner, "record_path", lambda: None)()
        if path is None or self.owner.autoplay:
            return None
        ok = self.ok_button().rect
        r = ok.copy()
        r.right = ok.x - 14
        return Button(r, self.app.tr("result.review"))

    def review(self) -> bool:
        if self.review_button() is None:
            return False
        self.app.sound.play("click")
        self.app.push("game_review", record=self.owner.record_path())
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        b = self.review_button()
        if b is not None and ((event.type == pygame.KEYDOWN and event.key == pygame.K_r)
                              or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                                  and b.hit(event.pos))):
            self.review()
            return
        super().handle_event(event)

    def close(self) -> None:
        self.app.pop()
        self.owner.session_closed()

    def draw(self, surface: pygame.Surface) -> None:
        _shade(surface, 170)
        box = self.box()
        # opaque: the table never shows through the words
        draw_panel(surface, box, alpha=255, palette=self.app.art.look.table.palette)
        fonts, tr = self.app.fonts, self.app.tr
        s = self.owner.session
        size = text_size(box.h)
        x0, y = box.x + 24, box.y + 18
        title = fonts.fit(tr("result.session"), round(size * 1.5), box.w - 48, GOLD, bold=True)
        surface.blit(title, (x0, y))
        y += title.get_height() + size
        cols = [x0 + round(box.w * f) for f in (0.0, 0.36, 0.5, 0.62, 0.76)]
        heads = [tr("result.player"), tr("table.score"), tr("result.wins_n"), tr("result.self_draws"),
                 tr("result.deal_ins")]
        small = round(size * 0.9)
        for c, text in zip(cols, heads):
            surface.blit(fonts.text(text, small, DIM), (c, y))
        y += round(small * 1.5)
        order = sorted(range(4), key=lambda p: -s.scores[p])
        for rank, p in enumerate(order):
            st = s.stats[p]
            colour = GOLD if rank == 0 else WHITE
            cells = [f"{rank + 1}. {self._name_and_level(p)}", signed(s.scores[p]), str(st.wins),
                     str(st.self_draws), str(st.deal_ins)]
            for c, text in zip(cols, cells):
                surface.blit(fonts.fit(text, small, box.w * 0.34, colour), (c, y))
            y += round(small * 1.5)
        # the running score table: one row per hand
        y += round(small * 0.8)
        surface.blit(fonts.text(tr("result.running"), small, DIM), (x0, y))
        y += round(small * 1.5)
        tiny = round(small * 0.85)
        pcols = [x0 + round(box.w * (0.14 + 0.17 * p)) for p in range(4)]
        for p, c in enumerate(pcols):
            surface.blit(fonts.fit(self.owner.player_name(p), tiny, box.w * 0.16, DIM), (c, y))
        y += round(tiny * 1.45)
        running = [0, 0, 0, 0]
        rows = []
        players_by_hand = [e.players for e in s.events if isinstance(e, HandStarted)]
        for n, r in enumerate(s.results):
            by_seat = players_by_hand[n] if n < len(players_by_hand) else (0, 1, 2, 3)
            for seat in range(4):
                running[by_seat[seat]] += r.payments[seat]
            rows.append((n + 1, r.reason, tuple(running)))
        room = max(1, int((self.ok_button().rect.y - y - 8) / (tiny * 1.4)))
        for n, reason, sc in rows[-room:]:
            label = tr("table.hand_n", n=n) + ("" if reason == "win" else " · " + tr("result.draw"))
            surface.blit(fonts.fit(label, tiny, box.w * 0.13, DIM), (x0, y))
            for p, c in enumerate(pcols):
                surface.blit(fonts.text(signed(sc[p]), tiny, WHITE), (c, y))
            y += round(tiny * 1.4)
        b = self.review_button()
        if b is not None:
            draw_button(surface, fonts, b, False, size, palette=self.app.art.look.table.palette)
        draw_button(surface, fonts, self.ok_button(), True, size, palette=self.app.art.look.table.palette)


__all__ = ["HandResultScene", "SessionResultScene", "signed"]
