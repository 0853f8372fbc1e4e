"""The new-game screen: the three opponents, the house rules (the settings' or a saved set's,
`game.rulesets`), the yak table preset, the session's length and how the seats are chosen (dice or
wind tiles); then the table. Choosing a saved set shows its preset and length in those rows.
Under the rows, a line says what the chosen row means; on an opponent's row, what that computer
player is like (its level or style, ``about.seat.<name>``, in a sentence).

Keys: Up/Down choose a row, Left/Right change it, Enter starts, Esc goes back. Mouse: click the
arrows or a value, Start, Back. The choices start from the saved settings, and Start saves them
(the opponents, the house rules, the yak table and the length; with a saved set, only its name:
the settings' own rules stay as they were): New game remembers the last game's choices. The
length row does not wrap around, so the shortest session is never one press from the longest.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ai.registry import seat_choices
from game import rulesets
from game.engine.rules import PRESETS, RuleSet
from game.engine.session import Session
from game.i18n import register_texts
from game.settings import save_settings

from ..i18n import has
from ..scene import Scene
from ..widgets import (
    DIM,
    FELT_BOTTOM,
    FELT_TOP,
    GOLD,
    WHITE,
    Button,
    draw_button,
    draw_gradient,
    draw_panel,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App

LENGTHS: tuple[tuple[str, int], ...] = (("hands", 1), ("hands", 4), ("hands", 8), ("hands", 16),
                                        ("minutes", 30), ("minutes", 60), ("endless", 0))


def arrange(opponents: list[str], seed: int, method: str) -> list[str]:
    """Players in order (the human first) so that, once the seats are drawn, each opponent sits
    where the player chose: ``opponents`` = (right, across, left).

    >>> from game.engine.rules import RuleSet
    >>> names = arrange(["R", "A", "L"], 7, "dice")
    >>> seats = Session(RuleSet(), 7).first_seats
    >>> [names[p] for p in sorted(range(4), key=lambda p: (seats[p] - seats[0]) % 4)]
    ['human', 'R', 'A', 'L']
    """
    from game.engine.rules import RuleSet

    seats = Session(RuleSet(), seed, seat_selection=method).first_seats
    out = ["human", "", "", ""]
    for p in range(1, 4):
        rel = (seats[p] - seats[0]) % 4
        out[p] = opponents[rel - 1]
    return out


register_texts("ui", {
    "newgame.unfinished.title": "Start a new game?",
    "newgame.unfinished.text": "Your game of {when} is not finished: hand {hand}, {score} points. "
                               "It is kept: choose it in Replays to continue it later.",
    "newgame.unfinished.yes": "New game",
    "newgame.unfinished.no": "Go back",
})


def unfinished_game() -> dict[str, Any] | None:
    """The game Continue offers (when, the hand in play, the player's points), or None: what
    the question before a new game names. Reads that one record."""
    from ..table.resume import records_module

    rec_mod = records_module()
    try:
        head = rec_mod.find_unfinished() if rec_mod is not None else None
        if head is None:
            return None
        rec = rec_mod.load_record(head.path)
    except (OSError, ValueError):
        return None
    created = rec_mod.record_created(rec.header, head.path).astimezone()
    human = rec.human if rec.human is not None else 0
    score = rec.scores()[human]
    return {"when": f"{created:%Y-%m-%d %H:%M}", "hand": len(rec.finished_hands) + 1,
            "score": f"{score:+d}" if score else "0"}


@dataclass
class Option:
    key: str
    values: list[Any]
    index: int


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        #: the saved house-rule sets that can be used ("" first: the settings' own rules)
        self.sets = {x.name: x.rules for x in rulesets.list_sets() if x.rules is not None}
        houses = ["", *self.sets]
        house = next((n for n in self.sets if n.casefold() == s.house_rules.casefold()), "")
        seats = list(seat_choices())
        for name in s.seats:
            if name not in seats:
                seats.append(name)
        rules = self.base_rules(house)
        length = (rules.session_mode,
                  rules.session_hands if rules.session_mode in ("hands", "deals") else
                  rules.session_minutes if rules.session_mode == "minutes" else 0)
        lengths = list(LENGTHS)
        if length not in lengths:
            lengths.append(length)
        self.options = [
            Option("seat1", seats, seats.index(s.seats[0])),
            Option("seat2", seats, seats.index(s.seats[1])),
            Option("seat3", seats, seats.index(s.seats[2])),
            Option("house_rules", houses, houses.index(house)),
            Option("preset", list(PRESETS), list(PRESETS).index(rules.preset)),
            Option("length", lengths, lengths.index(length)),
            Option("seating", ["dice", "winds"], 0),
        ]
        self.focus = 0
        self.hover: str | None = None

    def base_rules(self, house: str) -> RuleSet:
        """The rules a session starts from: a saved set's, or the settings' ("")."""
        found = self.sets.get(house) if house else None
        return found if found is not None else self.app.settings.rules

    def _follow_house(self) -> None:
        """The preset and length rows show the chosen set's (or the settings') values."""
        rules = self.base_rules(self.value("house_rules"))
        for o in self.options:
            if o.key == "preset":
                o.index = o.values.index(rules.preset)
            elif o.key == "length":
                length = (rules.session_mode,
                          rules.session_hands if rules.session_mode in ("hands", "deals")
                          else rules.session_minutes if rules.session_mode == "minutes" else 0)
                if length not in o.values:
                    o.values.append(length)
                o.index = o.values.index(length)

    # --- values ------------------------------------------------------------------------------------
    def value(self, key: str) -> Any:
        o = next(o for o in self.options if o.key == key)
        return o.values[o.index]

    def label(self, o: Option) -> str:
        tr = self.app.tr
        v = o.values[o.index]
        if o.key.startswith("seat") and o.key != "seating":
            return tr(f"seat.{v}") if has(f"seat.{v}") else str(v)
        if o.key == "preset":
            return tr(f"value.{v}")
        if o.key == "house_rules":
            return str(v) if v else tr("newgame.current_settings")
        if o.key == "length":
            mode, n = v
            if mode == "hands":
                return tr("newgame.hands_n", n=n)
            if mode == "deals":
                return tr("newgame.deals_n", n=n)
            if mode == "minutes":
                return tr("value.minutes_n", n=n)
            return tr("value.endless")
        return tr(f"newgame.{v}")

    def about(self, o: Option) -> str:
        """What a row means, in one line (the settings screen shows the same words); a seat row
        describes the computer player chosen in it (its level or style, in a sentence)."""
        if o.key in ("seat1", "seat2", "seat3"):
            chosen = f"about.seat.{o.values[o.index]}"
            key = chosen if has(chosen) else "about.seat"
        else:
            key = f"about.{o.key}"
        return self.app.tr(key) if has(key) else ""

    def row_label(self, o: Option) -> str:
        tr = self.app.tr
        if o.key in ("seat1", "seat2", "seat3"):
            return tr(f"set.{o.key}")
        return tr(f"newgame.{o.key}")

    def change(self, step: int, index: int | None = None) -> None:
        o = self.options[self.focus if index is None else index]
        if o.key == "length":  # an ordered scale: it stops at its ends
            new = max(0, min(len(o.values) - 1, o.index + step))
            if new == o.index:
                return
            o.index = new
        else:
            o.index = (o.index + step) % len(o.values)
        if o.key == "house_rules":
            self._follow_house()
        self.app.sound.play("click")

    def remember(self) -> None:
        """Save the choices as the next New game's defaults (a settings file that cannot be
        written only loses the memory, never the game)."""
        s = self.app.settings
        seats = (self.value("seat1"), self.value("seat2"), self.value("seat3"))
        house = self.value("house_rules")
        if house:  # a saved set: the settings' own rules stay as they are
            new = s.replace(seats=seats, house_rules=house)
        else:
            new = s.replace(seats=seats, rules=self.rules(), house_rules="")
        if new == s:
            return
        self.app.apply_settings(new, save=False)
        try:
            save_settings(new, self.app.settings_path)
        except OSError:
            pass

    def players(self, seed: int) -> list[str]:
        return arrange([self.value("seat1"), self.value("seat2"), self.value("seat3")], seed,
                       self.value("seating"))

    def rules(self) -> Any:
        mode, n = self.value("length")
        changes: dict[str, Any] = {"preset": self.value("preset"), "session_mode": mode}
        if mode in ("hands", "deals"):
            changes["session_hands"] = n
        elif mode == "minutes":
            changes["session_minutes"] = n
        return self.base_rules(self.value("house_rules")).replace(**changes)

    def start(self, seed: int | None = None) -> None:
        """Start the game; with a game unfinished (the one Continue offers), ask first: the
        safe answer (Enter, Esc) stays here, and the unfinished game stays continuable from
        the replays list either way."""
        unfinished = unfinished_game()
        if unfinished is None:
            self._start(seed)
            return
        tr = self.app.tr
        self.app.push("confirm", title=tr("newgame.unfinished.title"),
                      message=tr("newgame.unfinished.text", **unfinished),
                      yes=tr("newgame.unfinished.yes"), no=tr("newgame.unfinished.no"),
                      on_yes=lambda: self._start(seed))

    def _start(self, seed: int | None = None) -> None:
        # not the clock: a program at the table searched the milliseconds around its own start
        # and found a clock-based seed in 573 tries
        seed = seed if seed is not None else secrets.randbelow(1_000_000_007)
        self.app.sound.play("click")
        try:
            table = self.app.make("table", players=self.players(seed), seed=seed,
                                  rules=self.rules(), seat_selection=self.value("seating"))
        except ValueError as e:  # a seat the AI registry does not know
            self.app.push("notice", title=self.app.tr("newgame.title"), messages=[str(e)])
            return
        self.remember()
        self.app.replace(table)

    # --- geometry ----------------------------------------------------------------------------------
    def geometry(self) -> tuple[pygame.Rect, list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]], Button, Button]:
        w, h = self.app.canvas.get_size()
        box = pygame.Rect(0, 0, min(w - 40, max(640, round(w * 0.6))), round(h * 0.88))
        box.center = (w // 2, h // 2)
        # the rows, the about lines, the key hint and the buttons share the box's height
        rh = min(max(30, round(h * 0.065)), round(box.h / (len(self.options) + 7)))
        top = box.y + round(rh * 1.8)
        rows = []
        for i in range(len(self.options)):
            y = top + i * (rh + 8)
            left = pygame.Rect(box.x + round(box.w * 0.48), y, rh, rh)
            right = pygame.Rect(box.right - 24 - rh, y, rh, rh)
            value = pygame.Rect(left.right + 6, y, right.x - left.right - 12, rh)
            rows.append((left, value, right))
        bw = max(160, round(box.w * 0.25))
        start = pygame.Rect(0, 0, bw, rh)
        start.bottomright = (box.right - 24, box.bottom - 20)
        back = pygame.Rect(0, 0, bw, rh)
        back.bottomleft = (box.x + 24, box.bottom - 20)
        return box, rows, Button(start, self.app.tr("newgame.start")), Button(back, self.app.tr("settings.cancel"))

    # --- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(self.options)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.options)
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self.change(-1)
            elif event.key in (pygame.K_RIGHT, pygame.K_d):
                self.change(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
        elif event.type == pygame.MOUSEMOTION:
            _, rows, start, back = self.geometry()
            self.hover = "start" if start.hit(event.pos) else "back" if back.hit(event.pos) else None
            for i, (left, value, right) in enumerate(rows):
                if left.union(right).union(value).collidepoint(event.pos):
                    self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            _, rows, start, back = self.geometry()
            if start.hit(event.pos):
                self.start()
                return
            if back.hit(event.pos):
                self.app.pop()
                return
            for i, (left, value, right) in enumerate(rows):
                if left.collidepoint(event.pos):
                    self.focus = i
                    self.change(-1, i)
                elif right.collidepoint(event.pos) or value.collidepoint(event.pos):
                    self.focus = i
                    self.change(1, i)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        box, rows, start, back = self.geometry()
        draw_panel(surface, box)
        fonts, art = self.app.fonts, self.app.art
        h = surface.get_height()
        size = round(max(17, h * 0.03))
        title = fonts.fit(self.app.tr("newgame.title"), round(size * 1.5), box.w - 48, GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 18))
        for i, (o, (left, value, right)) in enumerate(zip(self.options, rows)):
            focused = i == self.focus
            colour = GOLD if focused else WHITE
            lab = fonts.fit(self.row_label(o), size, box.w * 0.44, colour)
            surface.blit(lab, lab.get_rect(midleft=(box.x + 24, value.centery)))
            for r, glyph in ((left, "◀"), (right, "▶")):
                pygame.draw.rect(surface, (44, 120, 88) if focused else (20, 70, 50), r, border_radius=6)
                g = fonts.text(glyph, size, WHITE)
                surface.blit(g, g.get_rect(center=r.center))
            v = fonts.fit(self.label(o), size, value.w - 8, WHITE)
            if o.key == "seating":  # show it with dice or wind tiles
                ts = round(value.h * 0.62)
                icons = ([art.die(5, ts), art.die(2, ts)] if o.values[o.index] == "dice"
                         else [art.tile(18 + k, round(ts * 0.75)) for k in range(4)])
                total = sum(i.get_width() + 4 for i in icons) + 8 + v.get_width()
                x = value.centerx - total // 2
                for icon in icons:
                    surface.blit(icon, icon.get_rect(midleft=(x, value.centery)))
                    x += icon.get_width() + 4
                surface.blit(v, v.get_rect(midleft=(x + 8, value.centery)))
            else:
                surface.blit(v, v.get_rect(center=value.center))
        hint = fonts.fit(self.app.tr("newgame.hint"), round(size * 0.75), box.w - 48, DIM)
        hint_rect = hint.get_rect(midbottom=(box.centerx, start.rect.y - 10))
        surface.blit(hint, hint_rect)
        # what the chosen row means, in a line or two between the rows and the key hint
        about = self.about(self.options[self.focus])
        if about:
            px = round(size * 0.8)
            lines = wrap(fonts, about, px, box.w - 48)[:3]
            lh = fonts.font(px).get_linesize()
            y = hint_rect.y - 8 - lh * len(lines)
            for line in lines:
                img = fonts.text(line, px, WHITE)
                surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
                y += lh
        draw_button(surface, fonts, start, True, size, hovered=self.hover == "start")
        draw_button(surface, fonts, back, False, size, hovered=self.hover == "back")
