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
from game.engine.kinds import EndReason, WinHow
from game.engine.tiles import is_flower_tile, kind_of_tile
from game.i18n import register_texts, seat_name

from ..i18n import yak_name
from ..result_ahead import result_ahead
from ..result_fonts import PANEL_SHARE, text_size
from ..scene import Scene
from ..widgets import DIM, GOLD, WHITE, Button, draw_button, draw_panel, shade_screen

if TYPE_CHECKING:
    from game.engine.session import Session
    from game.engine.table import HandResult, Table
    from game.ui.app import App
    from game.ui.themes import Palette


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
    def counted_at(self) -> float:
        """When the last line has faded in and the total stands at its value."""
        return self.lines_at + self.lines * self.LINE_STEP

    @property
    def pay_at(self) -> float:
        return self.counted_at + 0.2

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


register_texts("ui", {
    "result.review": "Review this game  [R]",
    # the big number's card on the win screen: what the number is, and who pays it
    "result.value": "Hand value",
    "result.unit": "points",
    "result.pays_each": "The other three pay {n} each",
    "result.pays_one": "{name} pays {n}",
    "result.you_pay": "You pay {n}",
    "result.big_hand": "Big hand!",
})

#: a hand of this many basic points or more gets the big moment (as `sound.win_effect`'s big
#: fanfare): the card glows, its number swells once and "Big hand!" shows above it
BIG_HAND = 8
#: seconds of the big moment after the total has counted up (on the reveal's clock)
BIG_MOMENT = 0.9

GREEN_TEXT = (150, 230, 160)
RED_TEXT = (240, 130, 120)
AUTO_SECONDS = 3.0
#: keys that go on from a result screen (during a hand's reveal: show all of it)
CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


#: the corners' radius of a result screen's panel (`draw_panel`'s)
PANEL_RADIUS = 12


def _shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Dim what is under a result screen, in place (`shade_screen`: no window-sized shade kept
    per size, up to five of them, 33 MB each at 4K)."""
    shade_screen(surface, alpha)


def _ground(surface: pygame.Surface, box: pygame.Rect, palette: Palette, alpha: int = 150) -> None:
    """A result screen's ground: what lies under it dimmed (`shade_screen`: in place, no
    window-sized shade kept), then its opaque panel in `box` (`draw_panel`), the same pixels,
    drawn for less: the dimming only where the panel leaves what is under it showing (around
    it and in its round corners: the panel hides three quarters of the window), the panel drawn
    straight onto the surface, not blended from a kept see-through one (together 2.3 of a
    frame's 4.8 ms of CPU time at 1920x1080)."""
    if surface.get_flags() & pygame.SRCALPHA:  # a see-through surface: as everywhere else
        _shade(surface, alpha)
        draw_panel(surface, box, alpha=255, radius=PANEL_RADIUS, palette=palette)
        return
    k = 255 - max(0, min(255, alpha))
    w, h = surface.get_size()
    r = PANEL_RADIUS
    for part in ((0, 0, w, box.y), (0, box.bottom, w, h - box.bottom),  # above, below
                 (0, box.y, box.x, box.h), (box.right, box.y, w - box.right, box.h),  # beside
                 (box.x, box.y, r, r), (box.right - r, box.y, r, r),  # the corners
                 (box.x, box.bottom - r, r, r), (box.right - r, box.bottom - r, r, r)):
        if part[2] > 0 and part[3] > 0:
            surface.fill((k, k, k), part, special_flags=pygame.BLEND_RGB_MULT)
    pygame.draw.rect(surface, palette.panel, box, border_radius=r)
    pygame.draw.rect(surface, palette.edge, box, width=2, border_radius=r)


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
        #: shown all at once by a key, a click or another winner's page: no clack per line, and
        #: the big moment shows as it ends, without its swell
        self.skipped = False
        if math.isinf(self.app.settings.speed_factor):
            self.reveal.finish()
        self._line_sound = 0

    def on_enter(self) -> None:
        """After the session's last hand: its result screen drawn in the spare time while this
        one shows (`result_ahead`), so its first frame opens and makes nothing."""
        session = getattr(self.owner, "session", None)
        if session is not None and session.is_over:
            self.app.prepare(result_ahead(self.app, "session_result", owner=self.owner))

    def _shown_kinds(self, seat: int) -> list[int]:
        """A seat's tiles as the draw screen shows them: concealed (sorted), then its sets."""
        kinds = sorted(kind_of_tile(t) for t in self.table.seat_state[seat].concealed if not is_flower_tile(t))
        for m in self.table.seat_state[seat].melds:
            kinds.extend([m.tile] * m.size)
        return kinds

    def update(self, dt: float) -> None:
        f = self.app.settings.speed_factor
        if math.isinf(f):
            self.reveal.finish()
        else:
            self.reveal.advance(dt * f)
        shown = self.reveal.lines_shown()
        if shown > self._line_sound and not self.skipped:  # a soft clack as each line arrives
            self._line_sound = shown  # (not the tick: that is the claim countdown's warning)
            self.app.sound.play("draw")
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
            self.skipped = True
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and n > 1:
            self.page = (self.page + (1 if event.key == pygame.K_RIGHT else -1)) % n
            self.reveal.finish()  # another winner's page: shown whole
            self.skipped = True
            return
        super().handle_event(event)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.pop()
        self.owner.next_hand()

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box()
        # opaque: the table never shows through the words
        _ground(surface, box, self.app.art.look.table.palette)
        fonts, tr = self.app.fonts, self.app.tr
        h = box.h
        size = text_size(h)
        x0, y = box.x + max(24, round(box.w * 0.025)), box.y + round(size * 0.7)
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
            self._draw_hands(surface, box, y + round(size * 0.4), size)
        else:
            w = r.winners[self.page]
            self._draw_win(surface, box, w, size)
        self._draw_payments(surface, box, size)
        draw_button(surface, fonts, self.ok_button(), True, size, palette=self.app.art.look.table.palette)

    def _draw_hands(self, surface: pygame.Surface, box: pygame.Rect, y: int, size: int) -> None:
        """Every seat's tiles, shown at the draw: the four rows share the height down to the
        payments, their tiles as large as that height and the widest hand allow."""
        fonts = self.app.fonts
        pad = max(24, round(box.w * 0.025))
        label_w = round(box.w * 0.26)
        left = box.x + pad + label_w
        hands = []
        for seat in range(4):
            kinds = self._shown_kinds(seat)
            starts = [sum(1 for t in self.table.seat_state[seat].concealed if not is_flower_tile(t))]
            for m in self.table.seat_state[seat].melds:
                starts.append(starts[-1] + m.size)
            hands.append((kinds, starts))
        units = max(len(k) + 0.5 + (len(st) - 1) / 3 for k, st in hands)
        bottom = payments_geometry(box, size).top - round(size * 0.6)
        pitch = max(1, (bottom - y) // 4)
        tw = int(min((box.right - pad - left) / max(units, 1.0), pitch / (4 / 3 + 0.3),
                     box.h * 0.075))
        tw = max(18, tw)
        i = 0
        for seat, (kinds, starts) in enumerate(hands):
            th = round(tw * 4 / 3)
            label = fonts.fit(self.who(seat), round(size * 0.9), label_w - 12, WHITE)
            surface.blit(label, label.get_rect(midleft=(box.x + pad, y + th // 2)))
            x = left
            for j, k in enumerate(kinds):
                if j in starts[:-1] or j == starts[0]:
                    x += tw // 2 if j == starts[0] else tw // 3  # the sets apart
                self._flip_tile(surface, k, tw, x, y, i)
                x += tw
                i += 1
            y += pitch

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
        """The winner's page: the title, the hand, the yak lines beside the value card (the big
        number and what it is), laid out by `win_geometry` to fill the panel."""
        art, fonts, tr = self.app.art, self.app.fonts, self.app.tr
        res = w.result
        how = tr("action.ola") if w.how == WinHow.SELF_DRAW else tr("action.ssoa")
        if w.how == WinHow.ROBBING_KONG:
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
        groups = res.groups or ()
        flowers = list(self.table.seat_state[w.seat].flowers)
        g = win_geometry(box, size, lines=len(res.yak), tiles=sum(len(x) for x in groups) or 14,
                         groups=len(groups), flowers=len(flowers),
                         big=self.page == 0 and res.basic >= BIG_HAND)
        title = fonts.fit(head, g.title_size, box.w - 2 * g.pad, GOLD, bold=True)
        surface.blit(title, (g.x0, g.title_y))
        # the hand in its decomposition, the winning tile marked
        tw = g.tile_w
        x, y = g.x0, g.tiles_y
        marked = False
        open_groups = [m.tile for m in w.context.melds if m.type != "concealed_kong"]
        rv = self.reveal if self.page == 0 else None
        i = 0
        all_up = rv is None or rv.flip(max(0, rv.tiles - 1)) >= 1.0
        for grp in groups:
            is_open = len(set(grp)) == 1 and grp[0] in open_groups and len(grp) >= 3
            if is_open:
                open_groups.remove(grp[0])
            for k in grp:
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
                pygame.draw.line(surface, DIM, (x - tw * len(grp), y - 5), (x, y - 5), 2)
            x += round(tw * 0.35)
        if flowers:
            x += round(tw * 0.4)
            ft = round(tw * 0.75)
            for t in flowers:
                surface.blit(art.tile(kind_of_tile(t), ft), (x, y + tw * 4 // 3 - ft * 4 // 3))
                x += ft
        # the yak lines, one by one as the reveal goes, the total counting up beside them
        shown, total = len(res.yak), res.total
        if rv is not None and not rv.done:
            shown = rv.lines_shown()
            counted = res.ante + sum(ys.points * rv.line_progress(j) for j, ys in enumerate(res.yak))
            total = min(res.total, round(counted)) if shown else res.ante
        self._draw_value_card(surface, g, w, total)
        small, y = g.line_size, g.lines_y
        right = g.card.x - g.pad  # the yak table's right edge
        col_ko = g.x0 + round((right - g.x0) * 0.5)
        for j, ys in enumerate(res.yak[:shown]):
            colour = WHITE if ys.kind == "basic" else (190, 210, 255)
            if rv is not None and not rv.done and rv.line_progress(j) < 1.0:  # fading in
                k = 0.35 + 0.65 * rv.line_progress(j)
                colour = tuple(round(c * k) for c in colour)  # type: ignore[assignment]
            count = f" ×{ys.count}" if ys.count > 1 else ""
            kind = tr("result.basic") if ys.kind == "basic" else tr("result.bonus")
            pts_text = f"{ys.points}  {kind}"
            pts_x = right - fonts.width(pts_text, small)
            row = y + (g.row_h - fonts.font(small).get_height()) // 2
            if self.app.lang == "ko":  # Korean names only
                surface.blit(fonts.fit(yak_name(ys.key, "ko") + count, small, pts_x - g.x0 - 16, colour),
                             (g.x0, row))
            else:  # the player's name first, the Korean one beside it (the table's own words)
                surface.blit(fonts.fit(yak_name(ys.key, self.app.lang) + count, small,
                                       col_ko - g.x0 - 12, colour), (g.x0, row))
                surface.blit(fonts.fit(yak_name(ys.key, "ko"), small, pts_x - col_ko - 12, DIM),
                             (col_ko, row))
            surface.blit(fonts.text(pts_text, small, colour), (pts_x, row))
            y += g.row_h
        if shown == len(res.yak) and (rv is None or rv.t >= rv.pay_at):
            pygame.draw.line(surface, self.app.art.look.table.palette.edge,
                             (g.x0, g.sum_y - round(g.row_h * 0.2)), (right, g.sum_y - round(g.row_h * 0.2)))
            sum_line = tr("result.sum", ante=res.ante, basic=res.basic, bonus=res.bonus, total=res.total)
            surface.blit(fonts.fit(sum_line, size, right - g.x0, GOLD, bold=True), (g.x0, g.sum_y))

    def big_moment(self) -> float | None:
        """0..1 through the big moment of a big hand (None: not a big hand, or not yet)."""
        if self.page != 0 or not self.result.winners:
            return None
        if self.result.winners[0].result.basic < BIG_HAND:
            return None
        rv = self.reveal
        if rv.t < rv.counted_at:
            return None
        if self.skipped:
            return 1.0
        return min(1.0, (rv.t - rv.counted_at + self.time * self._speed()) / BIG_MOMENT)

    def _speed(self) -> float:
        f = self.app.settings.speed_factor
        return 1.0 if math.isinf(f) else f

    def payer_line(self, w: Any) -> str:
        """Who pays the hand's value: "The other three pay 32 each", "South · Jimin pays 64"."""
        tr = self.app.tr
        pays = w.payments if len(self.result.winners) > 1 else self.result.payments
        payers = [s for s in range(4) if pays[s] < 0]
        if len(payers) == 3 and len({pays[s] for s in payers}) == 1:
            return tr("result.pays_each", n=-pays[payers[0]])
        if len(payers) == 1:
            s = payers[0]
            if self.owner.is_you(self.table.players[s]):
                return tr("result.you_pay", n=-pays[s])
            return tr("result.pays_one", name=self.who(s), n=-pays[s])
        return ""

    def _draw_value_card(self, surface: pygame.Surface, g: WinGeometry, w: Any, total: int) -> None:
        """The big number in its card: "Hand value", the points counting up, who pays; a big
        hand's card glows and its number swells once when the count is done."""
        fonts, tr = self.app.fonts, self.app.tr
        pal = self.app.art.look.table.palette
        card, size = g.card, g.size
        moment = self.big_moment()
        edge = pal.edge
        if moment is not None:  # the glow: gold rings fading out from the card
            for k in range(3, 0, -1):
                grow = round(size * 0.18 * k * (0.6 + 0.4 * moment))
                ring = card.inflate(grow * 2, grow * 2)
                a = round(60 / k)
                glow = pygame.Surface(ring.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*GOLD, a), glow.get_rect(), border_radius=16 + grow)
                surface.blit(glow, ring.topleft)
            edge = GOLD
        pygame.draw.rect(surface, pal.dark, card, border_radius=14)
        pygame.draw.rect(surface, edge, card, width=3 if moment is not None else 2, border_radius=14)
        inner = card.w - 2 * round(size * 0.8)
        label = fonts.fit(tr("result.value"), size, inner, DIM)
        big = fonts.text(str(total), g.big_size, GOLD, bold=True)
        if moment is not None and 0.0 < moment < 1.0:  # swells and settles (the text scaled:
            swell = 1.0 + 0.22 * math.sin(math.pi * moment)  # no font opened per size)
            big = pygame.transform.smoothscale(big, (round(big.get_width() * swell),
                                                     round(big.get_height() * swell)))
        unit = fonts.fit(tr("result.unit"), round(size * 1.1), inner * 0.4, GOLD)
        payer = self.payer_line(w)
        pay = fonts.fit(payer, round(size * 0.9), inner, WHITE) if payer else None
        banner = (fonts.fit(tr("result.big_hand"), round(size * 1.2), inner, GOLD, bold=True)
                  if moment is not None else None)
        # the card's lines centred in it: (banner), label, number + unit, payer
        num_h = fonts.font(g.big_size, True).get_height()
        heights = [label.get_height(), num_h] + ([pay.get_height()] if pay else [])
        big_hand = self.page == 0 and w.result.basic >= BIG_HAND  # room kept for its banner
        ban_h = fonts.font(round(size * 1.2), True).get_height() if big_hand else 0
        gap = round(size * 0.3)
        block = sum(heights) + gap * (len(heights) - 1) + (ban_h + gap if ban_h else 0)
        y = card.y + max(round(size * 0.4), (card.h - block) // 2)
        if ban_h:
            if banner is not None:
                surface.blit(banner, banner.get_rect(midtop=(card.centerx, y)))
            y += ban_h + gap
        surface.blit(label, label.get_rect(midtop=(card.centerx, y)))
        y += label.get_height() + gap
        pair_w = big.get_width() + round(size * 0.3) + unit.get_width()
        left = card.centerx - pair_w // 2
        spot = big.get_rect(midleft=(left, y + num_h // 2))
        surface.blit(big, spot)
        base = y + round(num_h * 0.78)  # the unit sits on the number's baseline
        surface.blit(unit, unit.get_rect(bottomleft=(left + big.get_width() + round(size * 0.3), base)))
        y += num_h + gap
        if pay is not None:
            surface.blit(pay, pay.get_rect(midtop=(card.centerx, y)))

    def _draw_payments(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """Each seat's payment for this hand and its running score, along the bottom."""
        fonts, tr = self.app.fonts, self.app.tr
        r = self.result
        pays = r.payments if not r.winners or len(r.winners) == 1 else r.winners[self.page].payments
        pg = payments_geometry(box, size)
        small, x, y = pg.size, pg.x, pg.rows_y
        surface.blit(fonts.text(tr("result.payments"), small, DIM), (x, pg.head_y))
        k = self.reveal.pay_progress() if self.page == 0 else 1.0
        before = self.table.scores  # by seat, at the start of the hand
        name_w, pay_right, score_right = pg.columns
        if len(r.winners) <= 1:
            sh = fonts.text(tr("table.score"), small, DIM)
            surface.blit(sh, sh.get_rect(topright=(score_right, pg.head_y)))
        for seat in range(4):
            p = round(pays[seat] * k)
            colour = GREEN_TEXT if p > 0 else RED_TEXT if p < 0 else WHITE
            surface.blit(fonts.fit(self.who(seat), small, name_w, WHITE), (x, y))
            t = fonts.text(signed(p), small, colour, bold=True)
            surface.blit(t, t.get_rect(topright=(pay_right, y)))
            if len(r.winners) <= 1:  # the running score, counting to its new value
                score = fonts.text(str(before[seat] + p), small, DIM)
                surface.blit(score, score.get_rect(topright=(score_right, y)))
            y += pg.row_h


@dataclass(frozen=True)
class PaymentsGeometry:
    """Where a hand result's payments sit: along the bottom left, beside the OK button."""

    size: int
    x: int
    head_y: int
    rows_y: int
    row_h: int
    columns: tuple[int, int, int]  # the names' width, the payments' and the scores' right edges

    @property
    def top(self) -> int:
        return self.head_y


def payments_geometry(box: pygame.Rect, size: int) -> PaymentsGeometry:
    small = round(size * 0.85)
    row_h = round(small * 1.45)
    pad = max(24, round(box.w * 0.025))
    rows_y = box.bottom - round(size * 0.8) - 4 * row_h
    head_y = rows_y - round(small * 1.5)
    x = box.x + pad
    return PaymentsGeometry(small, x, head_y, rows_y, row_h,
                            (round(box.w * 0.36), x + round(box.w * 0.5), x + round(box.w * 0.62)))


@dataclass(frozen=True)
class WinGeometry:
    """Where the parts of a win's page sit in its panel (`win_geometry`)."""

    size: int
    pad: int
    x0: int
    title_size: int
    title_y: int
    tiles_y: int
    tile_w: int
    lines_y: int
    line_size: int
    row_h: int
    sum_y: int
    card: pygame.Rect
    big_size: int
    bottom: int  # where the payments begin


def win_geometry(box: pygame.Rect, size: int, lines: int, tiles: int = 14, groups: int = 5,
                 flowers: int = 0, big: bool = False) -> WinGeometry:
    """Lay a win's page out to fill its panel: the title, the hand (tiles as large as the width
    and height allow), then the yak lines beside the value card, then the payments along the
    bottom. The height left over goes first to the yak lines' spacing (up to about twice a
    line), then evenly to the gaps between the parts, so no band of the panel stays empty.

    >>> g = win_geometry(pygame.Rect(0, 0, 1101, 688), 22, lines=5)
    >>> g.tiles_y < g.lines_y < g.sum_y < g.bottom, g.card.right == 1101 - g.pad
    (True, True)
    """
    pad = max(24, round(box.w * 0.025))
    x0 = box.x + pad
    title_size = round(size * 1.3)
    title_h = round(title_size * 1.45)
    line_size = round(size * 0.9)
    bottom = payments_geometry(box, size).top - round(size * 0.5)
    top = box.y + round(size * 0.7)
    sum_h = round(size * 1.7)
    min_row = round(line_size * 1.4)
    lines_h = max(lines, 3) * min_row + sum_h
    big_size = round(size * 3.2)
    # its label, number and payer, and a big hand's banner
    card_h = round(size * (6.6 if big else 4.6)) + round(big_size * 1.4)
    gap_min = round(size * 0.6)
    # the tiles: as wide as the width allows, and as tall as the height left allows
    units = tiles + 0.35 * max(0, groups - 1) + (0.4 + 0.75 * flowers if flowers else 0.0)
    tw_w = int((box.w - 2 * pad) / units)
    room = bottom - top - title_h - max(lines_h, card_h) - 3 * gap_min
    tw_h = int(max(0, room - 12) * 3 / 4)
    tile_w = max(18, min(tw_w, tw_h, round(box.h * 0.11)))
    tiles_h = round(tile_w * 4 / 3) + max(5, tile_w // 7) + max(3, tile_w // 9)
    middle = max(lines_h, card_h)
    slack = bottom - top - title_h - tiles_h - middle - 3 * gap_min
    row_h = min_row
    beside = middle - (max(lines, 1) * min_row + sum_h)  # room beside the card the lines leave
    if lines and beside + slack // 2 > 0:  # the lines breathe first (up to about twice a line)
        grow = min(round(line_size * 1.1), (beside + max(0, slack) // 2) // lines)
        row_h += grow
        slack -= max(0, grow * lines - beside)
    extra = max(0, slack) // 3  # ... then the gaps share what is left
    gap = gap_min + extra
    tiles_y = top + title_h + gap
    lines_y = tiles_y + tiles_h + gap
    sum_y = lines_y + max(lines, 1) * row_h + round(size * 0.5)
    middle_h = max(sum_y + sum_h - lines_y, card_h)
    card_w = max(round(box.w * 0.3), round(size * 11))
    card = pygame.Rect(box.right - pad - card_w, lines_y, card_w, min(middle_h, bottom - lines_y))
    return WinGeometry(size, pad, x0, title_size, top, tiles_y, tile_w, lines_y, line_size, row_h,
                       sum_y, card, big_size, bottom)


#: each player's colour in the session's chart (and its name above the running scores)
PLAYER_COLOURS = ((236, 196, 92), (120, 190, 255), (240, 130, 120), (150, 230, 160))


class SessionResultScene(_Overlay):
    """The session's end: totals per player and the running score after each hand, in rows and
    as a chart of the running scores below them."""

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect,
                    points: list[tuple[int, ...]], size: int) -> None:
        """The running scores (`points`: before the first hand, then after each) as one line
        per player over the hands, the zero line marked."""
        pal = self.app.art.look.table.palette
        pygame.draw.rect(surface, pal.dark, area, border_radius=8)
        inner = area.inflate(-3 * size, -3 * size)
        lo = min(0, *(v for sc in points for v in sc))
        hi = max(0, *(v for sc in points for v in sc))
        if lo == hi:  # nobody scored yet: the zero line in the middle
            lo, hi = -1, 1
        span = hi - lo
        n = len(points) - 1

        def at(i: int, v: int) -> tuple[int, int]:
            x = inner.x + (inner.w * i // n if n else 0)
            return x, inner.bottom - round((v - lo) * inner.h / span)

        zero = at(0, 0)[1]
        pygame.draw.line(surface, pal.edge, (inner.x, zero), (inner.right, zero), 1)
        zl = self.app.fonts.text("0", size, DIM)
        surface.blit(zl, zl.get_rect(midright=(inner.x - 4, zero)))
        step = max(1, (n + 11) // 12)  # the hands' numbers under the points, at most 12
        for i in range(step, n + 1, step):
            lab = self.app.fonts.text(str(i), size, DIM)
            surface.blit(lab, lab.get_rect(midtop=(at(i, lo)[0], inner.bottom + 4)))
        for p in range(4):
            line = [at(i, sc[p]) for i, sc in enumerate(points)]
            if len(line) > 1:
                pygame.draw.lines(surface, PLAYER_COLOURS[p], False, line, 3)
            for q in line:
                pygame.draw.circle(surface, PLAYER_COLOURS[p], q, 4)

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
        box = self.box()
        # opaque: the table never shows through the words
        _ground(surface, box, self.app.art.look.table.palette, 170)
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
            surface.blit(fonts.fit(self.owner.player_name(p), tiny, box.w * 0.16, PLAYER_COLOURS[p]),
                         (c, y))
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
        if len(rows) > room // 2:  # many hands: the last rows, and half the room for the chart
            room = max(3, room // 2)
        for n, reason, sc in rows[-room:]:
            label = tr("table.hand_n", n=n) + ("" if reason == EndReason.WIN else " · " + tr("result.draw"))
            surface.blit(fonts.fit(label, tiny, box.w * 0.13, DIM), (x0, y))
            for p, c in enumerate(pcols):
                surface.blit(fonts.text(signed(sc[p]), tiny, WHITE), (c, y))
            y += round(tiny * 1.4)
        # the running scores as a chart in the room the rows leave (a short session's panel
        # was half empty): one line per player, in the colour of its name above
        chart = pygame.Rect(x0, y + round(size * 0.6), box.w - 48,
                            self.ok_button().rect.y - y - round(size * 1.4))
        if rows and chart.h >= 4 * size:
            self._draw_chart(surface, chart, [(0, 0, 0, 0)] + [sc for _, _, sc in rows], tiny)
        b = self.review_button()
        if b is not None:
            draw_button(surface, fonts, b, False, size, palette=self.app.art.look.table.palette)
        draw_button(surface, fonts, self.ok_button(), True, size, palette=self.app.art.look.table.palette)


__all__ = ["HandResultScene", "SessionResultScene", "signed"]
