"""The human's controls at the table: choosing a tile to discard, and prompts (claim, uper, kong,
nine major tiles) with shortcuts, reasons for disabled choices and an optional countdown.

>>> cur = HandCursor()
>>> cur.key(pygame.K_3, 14), cur.key(pygame.K_RIGHT, 14), cur.key(pygame.K_RETURN, 14)
(('select', 2), ('select', 3), ('discard', 3))

Neither decides a rule: the table scene asks the engine which actions are legal (and why not) and
builds the prompt from that; these only turn input into the action the player chose.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from .themes import DEFAULT_PALETTE, Palette
from .widgets import GOLD, WHITE, Button, Fonts, draw_button, draw_panel, wrap

DIGITS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
          pygame.K_8, pygame.K_9, pygame.K_0]

# (what, tile index); a move carries (from, to): ``("move", (i, j))``
Action = tuple[str, int | tuple[int, int]]


class HandCursor:
    """Which of the human's tiles is chosen: arrows and Home/End move, number keys 1-9 and 0 pick
    tiles 1-10, Enter discards the chosen tile, Space discards the drawn (last) tile; the mouse
    hovers to choose and clicks to discard; with `twice` (the "click twice to discard" setting) the
    first click raises the tile (``("arm", i)``) and only a second click on it discards."""

    def __init__(self, twice: bool = False) -> None:
        self.index: int | None = None
        self.twice = twice
        self.armed: int | None = None  # the tile a first click raised (`twice`)
        #: the cursor stays on the drawn tile (wherever it lands: the draw may still be on its way
        #: when the turn opens) until the player chooses another tile
        self.on_drawn = False
        self.press: tuple[int, tuple[int, int]] | None = None  # (tile, where) of the held button
        self.drag: int | None = None  # the tile being dragged (manual ordering)
        self.drag_pos: tuple[int, int] = (0, 0)  # where the mouse holds it now

    def reset(self, n: int, at_drawn: bool = True, *, drawn: bool = False) -> None:
        """A new turn with `n` tiles (the drawn one last): the cursor starts on the last tile
        (`at_drawn`), and with `drawn` keeps to the drawn tile until the player moves it (see
        `follow`)."""
        self.index = (n - 1 if at_drawn else 0) if n else None
        self.on_drawn = drawn and at_drawn
        self.armed = None

    def current(self, n: int) -> int | None:
        """The chosen tile among the `n` shown now (the last one while the cursor keeps to the
        drawn tile); nothing changes (the view asks this while drawing)."""
        return n - 1 if self.on_drawn and n else self.index

    def follow(self, n: int) -> None:
        """`n` tiles are shown now: a cursor that keeps to the drawn tile is on the last one."""
        self.index = self.current(n)

    def key(self, key: int, n: int) -> Action | None:
        if n <= 0:
            return None
        self.follow(n)
        i = self.index if self.index is not None and self.index < n else n - 1
        if key in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d, pygame.K_HOME,
                   pygame.K_END, *DIGITS):
            self.on_drawn = False  # the player chooses the tile now
            self.armed = None
        if key in (pygame.K_LEFT, pygame.K_a):
            self.index = (i - 1) % n
        elif key in (pygame.K_RIGHT, pygame.K_d):
            self.index = (i + 1) % n
        elif key == pygame.K_HOME:
            self.index = 0
        elif key == pygame.K_END:
            self.index = n - 1
        elif key in DIGITS:
            d = DIGITS.index(key)
            if d >= n:
                return None
            self.index = d
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.index = i
            return ("discard", i)
        elif key == pygame.K_SPACE:
            self.index = n - 1
            return ("discard", n - 1)
        else:
            return None
        return ("select", self.index)

    @staticmethod
    def at(pos: tuple[int, int], rects: Sequence[pygame.Rect]) -> int | None:
        """Index of the tile under the mouse (the top-most when they overlap)."""
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return i
        return None

    def mouse(self, event: pygame.event.Event, rects: Sequence[pygame.Rect],
              movable: int | None = None) -> Action | None:
        """Hover chooses; a click (press and release on the same tile) discards; press, drag and
        release moves a tile within the first `movable` tiles (the hand without the drawn tile;
        default all): ``("move", (from, to))``. While dragging, ``drag`` and ``drag_pos`` say
        which tile follows the mouse."""
        movable = len(rects) if movable is None else movable
        if event.type == pygame.MOUSEMOTION:
            if self.press is not None:
                i, (x0, y0) = self.press
                far = abs(event.pos[0] - x0) + abs(event.pos[1] - y0) > max(6, rects[0].w // 4) \
                    if rects else False
                if self.drag is None and far and i < movable:
                    self.drag = i
                if self.drag is not None:
                    self.drag_pos = event.pos
                    return ("drag", self.drag)
                return None
            hit = self.at(event.pos, rects)
            if hit is not None and hit != self.index:
                self.index, self.on_drawn = hit, False
                return ("select", hit)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.at(event.pos, rects)
            self.press = (hit, event.pos) if hit is not None else None
            if hit is not None:
                self.index, self.on_drawn = hit, False
                return ("select", hit)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, drag = self.press, self.drag
            self.press, self.drag = None, None
            if drag is not None:
                j = self.drop_index(event.pos[0], rects[:movable])
                self.index = j
                return ("move", (drag, j))
            if press is not None and self.at(event.pos, rects) == press[0]:
                self.index = press[0]
                if self.twice and self.armed != press[0]:
                    self.armed = press[0]  # raised; the next click on it discards
                    return ("arm", press[0])
                self.armed = None
                return ("discard", press[0])
        return None

    @staticmethod
    def drop_index(x: float, rects: Sequence[pygame.Rect]) -> int:
        """Where a tile dropped at `x` goes: the slot whose centre is nearest."""
        return min(range(len(rects)), key=lambda k: abs(rects[k].centerx - x)) if rects else 0


def start_on_drawn(kinds: Sequence[int], drawn: int | None, otherwise: int) -> int:
    """The tile (kind) a choice among `kinds` starts on: the drawn one when it is among them --
    `HandCursor`'s rule, which the table, the lessons and the practice share -- else `otherwise`.

    >>> start_on_drawn([4, 17], 17, 4), start_on_drawn([4, 8], 17, 4)
    (17, 4)
    """
    return drawn if drawn is not None and drawn in kinds else otherwise


@dataclass(frozen=True)
class Choice:
    """One answer of a prompt. A disabled choice carries the engine's reason (shown on hover)."""

    action: str  # e.g. "win", "pung", "kong", "pass", "uper", "nine_major"
    label: str
    shortcut: int | None = None  # a pygame key
    enabled: bool = True
    reason: str = ""
    #: an enabled choice the player should think twice about (uper on a wait already sacred):
    #: the button shows a warning mark and says why on hover
    warning: str = ""


WARN = (244, 150, 70)


def draw_warning_mark(surface: pygame.Surface, r: pygame.Rect) -> pygame.Rect:
    """A warning mark (an orange triangle with "!") at the left end of button `r`, and an
    orange edge around the button. Returns the mark's box."""
    pygame.draw.rect(surface, WARN, r, width=2, border_radius=6)
    s = max(10, min(r.h - 8, round(r.h * 0.55)))
    box = pygame.Rect(r.x + 6, r.centery - s // 2, s, s)
    pts = [(box.centerx, box.y), (box.right, box.bottom), (box.x, box.bottom)]
    pygame.draw.polygon(surface, WARN, pts)
    w = max(2, s // 7)
    pygame.draw.line(surface, (40, 20, 10), (box.centerx, box.y + s * 0.35), (box.centerx, box.y + s * 0.7), w)
    pygame.draw.circle(surface, (40, 20, 10), (box.centerx, round(box.y + s * 0.84)), max(1, w // 2 + 1))
    return box


class Prompt:
    """A question with buttons and shortcuts; with ``countdown`` seconds, `default` is chosen when
    time runs out (0 = wait forever). ``result`` is the chosen action, once chosen.

    A time `bank` (seconds) is spent once the countdown has run out, before the default is
    chosen; ``bank_left`` says what is left of it, ``in_bank`` whether it is being spent.
    `clock` words the seconds shown beside the title: ``clock(left, bank_left, in_bank)``.

    Enter answers only what the player chose or what cannot cost anything: the focus starts on
    the `safe` choice (a claim's or the deal kong's Pass) when given, else on the first enabled
    one; with `enter_waits` no button has the focus until the player moves it there (arrows, Tab,
    the mouse), and Enter before that answers nothing (``enter_waited`` is set, so that the
    screen can say which keys answer) -- a win on offer is neither taken nor passed by habit.

    >>> p = Prompt([Choice("win", "Win"), Choice("pass", "Pass")], countdown=2, default="win", bank=3)
    >>> p.update(2.5), p.in_bank, p.bank_left, p.result
    (True, True, 2.5, None)
    >>> p.update(3.0), p.result, p.bank_left
    (False, 'win', 0.0)
    """

    def __init__(self, choices: Sequence[Choice], countdown: float = 0.0, default: str = "pass", *,
                 bank: float = 0.0,
                 clock: Callable[[float, float, bool], str] | None = None,
                 safe: str | None = None, enter_waits: bool = False) -> None:
        if not choices:
            raise ValueError("a prompt needs at least one choice")
        if countdown and default not in {c.action for c in choices if c.enabled}:
            raise ValueError(f"the countdown default {default!r} is not an enabled choice")
        self.choices = list(choices)
        self.countdown = float(countdown)
        self.left = float(countdown)
        self.bank = max(0.0, float(bank)) if countdown else 0.0
        self.bank_left = self.bank
        self.in_bank = False
        self.clock = clock
        self.default = default
        self.result: str | None = None
        enabled = [i for i, c in enumerate(self.choices) if c.enabled]
        safe_at = [i for i in enabled if self.choices[i].action == safe]
        #: the focused button; None: none yet (`enter_waits`), Enter answers nothing
        self.focus: int | None = None if enter_waits else (safe_at or enabled or [0])[0]
        self.enter_waited = False  # Enter was pressed before the player chose a button
        self.hover: int | None = None
        self.ticks = 0  # whole seconds announced (for a tick sound)
        self._title_top = 0  # where `draw` put the top of the title (the tooltip goes above)

    @property
    def tooltip(self) -> str:
        """The reason of the disabled choice under the mouse (or the warning of an enabled one),
        if any."""
        if self.hover is None:
            return ""
        c = self.choices[self.hover]
        return c.warning if c.enabled else c.reason

    def choose(self, index: int) -> bool:
        c = self.choices[index]
        if not c.enabled or self.result is not None:
            return False
        self.result = c.action
        return True

    @property
    def time_left(self) -> float | None:
        """0..1: how much of the countdown is left (of the bank, once it is being spent); None
        without a countdown or once answered.

        >>> p = Prompt([Choice("pass", "Pass")], countdown=4, bank=2)
        >>> p.time_left, (p.update(3), p.time_left)[1], (p.update(2), p.time_left)[1]
        (1.0, 0.25, 0.5)
        """
        if not self.countdown or self.result is not None:
            return None
        if self.in_bank:
            return self.bank_left / self.bank if self.bank else 0.0
        return self.left / self.countdown

    @property
    def urgent(self) -> bool:
        """The last three seconds, or the bank being spent (drawn in red)."""
        return bool(self.countdown) and (self.in_bank or self.left <= 3)

    @property
    def bank_used(self) -> float:
        """Seconds of the time bank spent on this prompt."""
        return self.bank - self.bank_left

    def update(self, dt: float) -> bool:
        """Advance the countdown (then the time bank); True when a new whole second started
        (tick)."""
        if self.result is not None or not self.countdown:
            return False
        if not self.in_bank:
            before = int(self.left + 0.999)
            spill = max(0.0, dt - self.left)
            self.left = max(0.0, self.left - dt)
            if self.left > 0.0:
                return int(self.left + 0.999) < before
            if self.bank_left <= 0.0:
                self.result = self.default
                return False
            self.in_bank = True  # the base time is out: the bank is spent now
            self.bank_left = max(0.0, self.bank_left - spill)
            if self.bank_left == 0.0:
                self.result = self.default
                return False
            return True
        before = int(self.bank_left + 0.999)
        self.bank_left = max(0.0, self.bank_left - dt)
        if self.bank_left == 0.0:
            self.result = self.default
            return False
        return int(self.bank_left + 0.999) < before

    def handle_event(self, event: pygame.event.Event, rects: Sequence[pygame.Rect]) -> bool:
        """True when the event chose something."""
        if self.result is not None:
            return False
        if event.type == pygame.KEYDOWN:
            for i, c in enumerate(self.choices):
                if c.shortcut is not None and event.key == c.shortcut:
                    return self.choose(i)
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self._move(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self._move(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.focus is None:
                    self.enter_waited = True
                    return False
                return self.choose(self.focus)
            # Esc answers nothing: at the table it pauses (a pass is Space or the button)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = HandCursor.at(event.pos, rects)
            if self.hover is not None and self.choices[self.hover].enabled:
                self.focus = self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = HandCursor.at(event.pos, rects)
            if hit is not None:
                return self.choose(hit)
        return False

    def _move(self, step: int) -> None:
        n = len(self.choices)
        i = self.focus if self.focus is not None else (-1 if step > 0 else n)
        for _ in range(n + 1):
            i = (i + step) % len(self.choices)
            if self.choices[i].enabled:
                self.focus = i
                return

    def draw(self, surface: pygame.Surface, fonts: Fonts, rects: Sequence[pygame.Rect], size: int,
             title: str = "", palette: Palette = DEFAULT_PALETTE, tooltip: bool = True) -> None:
        """Buttons in `rects` (from `Layout.button_rects`), the countdown bar and the tooltip, in
        `palette`'s colours (the table theme's). With ``tooltip=False`` the tooltip is left for
        `draw_tooltip`, for a screen that draws a panel over the prompt's surroundings first (the
        table's hints: a tooltip is never under them)."""
        for i, (c, r) in enumerate(zip(self.choices, rects)):
            label = c.label
            if c.shortcut is not None:
                label = f"{label}  [{pygame.key.name(c.shortcut).upper()}]"
            draw_button(surface, fonts, Button(r, label, c.enabled), i == self.focus and c.enabled, size,
                        hovered=i == self.hover, palette=palette)
            if c.enabled and c.warning:
                draw_warning_mark(surface, pygame.Rect(r))
        title_top = rects[0].y - 8 if rects else 0
        if rects and title:
            t = fonts.fit(title, size, rects[0].w, GOLD, bold=True)
            at = t.get_rect(bottomleft=(rects[0].x, rects[0].y - 8))
            surface.blit(t, at)
            title_top = at.y
        if rects and self.countdown and self.clock is not None:  # the seconds, above the title
            colour = (240, 150, 130) if self.in_bank or self.left <= 3 else WHITE
            img = fonts.fit(self.clock(self.left, self.bank_left, self.in_bank), size,
                            rects[0].w * 0.62, colour, bold=self.in_bank)
            at = img.get_rect(bottomleft=(rects[0].x, title_top - 2))
            surface.blit(img, at)
            title_top = at.y
        if rects and self.countdown:
            top = rects[0]
            if self.in_bank:  # the bank runs down in red
                frac = self.bank_left / self.bank if self.bank else 0.0
                colour = (230, 90, 70)
            else:
                frac = self.left / self.countdown
                colour = GOLD if frac > 0.3 else (230, 90, 70)
            bar = pygame.Rect(top.x, top.y - 6, round(top.w * frac), 4)
            pygame.draw.rect(surface, colour, bar, border_radius=2)
        self._title_top = title_top
        if tooltip:
            self.draw_tooltip(surface, fonts, rects, size, palette)

    def draw_tooltip(self, surface: pygame.Surface, fonts: Fonts, rects: Sequence[pygame.Rect],
                     size: int, palette: Palette = DEFAULT_PALETTE) -> None:
        """The hovered choice's reason or warning, in a box above the buttons and the title
        (`draw` must have run this frame: it knows where the title is)."""
        title_top = self._title_top or (rects[0].y - 8 if rects else 0)
        tip = self.tooltip
        if tip and self.hover is not None and self.hover < len(rects):
            r = rects[self.hover]
            small = max(12, round(size * 0.85))
            lines = wrap(fonts, tip, small, max(220, r.w) - 20)[:4]
            imgs = [fonts.text(ln, small, WHITE) for ln in lines]
            lh = max(i.get_height() for i in imgs)
            box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 20, lh * len(imgs) + 14)
            # above the buttons and their title, so that neither is hidden
            box.bottomright = (r.right, min(r.y, title_top) - 6)
            box.clamp_ip(surface.get_rect())
            draw_panel(surface, box, alpha=245, radius=6, palette=palette)
            y = box.y + 7
            for img in imgs:
                surface.blit(img, (box.x + 10, y))
                y += lh

