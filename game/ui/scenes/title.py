"""The title screen: new game, continue, practice, learn, replays, statistics, settings, rules,
quit.

Continue is shown disabled (with a "no unfinished game" hint) when there is no game to resume.
Keys: Up/Down (or W/S) move, Enter/Space choose, Esc quits; the mouse hovers and clicks. Quit
(the entry or Esc) asks first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.tiles import parse_tiles
from game.i18n import register_texts

from ..scene import Scene
from ..table.resume import has_saved_session, records_module
from ..widgets import DIM, FELT_BOTTOM, FELT_TOP, GOLD, WHITE, Button, draw_button, draw_gradient

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.engine.messages import Message
    from game.ui.app import App

#: the title's entries, top to bottom: each entry's name (its label is the text ``menu.<entry>``)
#: and the screen it opens (`game.ui.screens`; None: quit, which asks first). A new entry is one
#: line here (and its text).
MENU: tuple[tuple[str, str | None], ...] = (
    ("new_game", "new_game"),
    ("continue", "continue"),
    ("practice", "practice"),
    ("learn", "learn"),
    ("replays", "replays"),
    ("statistics", "statistics"),
    ("settings", "settings"),
    ("rules", "rules"),
    ("quit", None),
)
#: the entries' names, top to bottom (tests find an entry's place here)
ENTRIES = tuple(entry for entry, _ in MENU)
DECOR = parse_tiles("1234567z")

register_texts("ui", {"menu.learn": "Learn"})



def _has_saved_session() -> bool:
    return bool(has_saved_session())


def _sweep_leftovers() -> None:
    """What a game stopped at its very start left among the records (an empty file, a
    temporary one) goes when the title opens; a record with anything in it stays."""
    rec_mod = records_module()
    if rec_mod is not None:
        rec_mod.sweep_empty_records()


class TitleScene(Scene):
    name = "title"

    def __init__(self, app: App, messages: Sequence[Message | str] | None = None) -> None:
        super().__init__(app)
        _sweep_leftovers()
        #: the entries and the screens they open (`MENU`, read when the title opens)
        self.entries = tuple(entry for entry, _ in MENU)
        self.screen_of = {entry: screen for entry, screen in MENU if screen is not None}
        self.enabled = {e: self._available(e) for e in self.entries}
        self.focus = next(i for i, e in enumerate(self.entries) if self.enabled[e])
        self.hover: int | None = None
        self.status = ""
        self.status_time = 0.0
        self.time = 0.0
        self.pending_messages = list(messages or [])

    @staticmethod
    def _available(entry: str) -> bool:
        return _has_saved_session() if entry == "continue" else True

    def refresh(self) -> None:
        """Bring the entries up to date (continue depends on the saved games)."""
        self.enabled = {e: self._available(e) for e in self.entries}
        if not self.enabled[self.entries[self.focus]]:
            self.focus = 0

    def on_enter(self) -> None:
        if self.pending_messages:
            msgs, self.pending_messages = self.pending_messages, []
            # the settings file's problems (`game.settings.load_settings`), in the player's words
            self.app.push("notice", title=self.app.tr("msg.settings_problem"),
                          messages=[self.app.reason(m) for m in msgs])

    def on_return(self) -> None:
        """Back from a game (or any screen): a game may have been left to continue."""
        self.refresh()

    # --- geometry (pure: from the window size) ---------------------------------------------------
    def buttons(self) -> list[Button]:
        w, h = self.app.canvas.get_size()
        bw = max(320, min(560, round(w * 0.3)))
        bh = max(38, round(h * 0.062))
        gap = max(8, round(bh * 0.22))
        top = round(h * 0.40)
        room = h - round(h * 0.05) - top  # above the key hint at the bottom
        if len(self.entries) * (bh + gap) > room:  # a small window: slimmer buttons
            bh = max(26, room // len(self.entries) - gap)
        out = []
        for i, e in enumerate(self.entries):
            r = pygame.Rect(0, 0, bw, bh)
            r.midtop = (w // 2, top + i * (bh + gap))
            out.append(Button(r, self.app.tr(f"menu.{e}"), self.enabled[e], self.app.tr("menu.nothing_saved")))
        return out

    # --- input ---------------------------------------------------------------------------------
    def _move(self, step: int) -> None:
        i = self.focus
        for _ in range(len(self.entries)):
            i = (i + step) % len(self.entries)
            if self.enabled[self.entries[i]]:
                self.focus = i
                return

    def activate(self, index: int) -> None:
        entry = self.entries[index]
        if not self.enabled[entry]:
            self.status = self.app.tr("table.nothing_to_continue")
            self.status_time = 3.0
            return
        self.app.sound.play("click")
        if entry in self.screen_of:
            self.app.push(self.screen_of[entry])
        else:
            self.ask_to_quit()

    def ask_to_quit(self) -> None:
        """Quit, once the player says yes (an unfinished game is kept for Continue)."""
        tr = self.app.tr
        self.app.push("confirm", title=tr("confirm.quit.title"), message=tr("confirm.quit.text"),
                      yes=tr("confirm.quit.yes"), no=tr("confirm.no"), on_yes=self.app.quit)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self._move(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self._move(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.focus)
            elif event.key == pygame.K_ESCAPE:
                self.ask_to_quit()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = None
            for i, b in enumerate(self.buttons()):
                if b.rect.collidepoint(event.pos):
                    self.hover = i
                    if b.enabled:
                        self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, b in enumerate(self.buttons()):
                if b.rect.collidepoint(event.pos):
                    self.activate(i)
                    break

    def update(self, dt: float) -> None:
        self.time += dt
        if self.status_time > 0:
            self.status_time = max(0.0, self.status_time - dt)
            if self.status_time == 0:
                self.status = ""

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        fonts, art = self.app.fonts, self.app.art
        # a row of honour tiles above the title
        tw = max(30, round(h * 0.055))
        gap = max(4, tw // 6)
        total = len(DECOR) * tw + (len(DECOR) - 1) * gap
        x = (w - total) // 2
        for i, k in enumerate(DECOR):
            surface.blit(art.tile(k, tw), (x + i * (tw + gap), round(h * 0.06)))
        title = fonts.fit(self.app.tr("app.title"), round(h * 0.075), w * 0.9, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, round(h * 0.06 + tw * 1.55))))
        sub = fonts.fit(self.app.tr("app.subtitle"), round(h * 0.03), w * 0.9, DIM)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, round(h * 0.06 + tw * 1.55 + h * 0.1))))
        size = round(max(18, h * 0.032))
        for i, b in enumerate(self.buttons()):
            draw_button(surface, fonts, b, i == self.focus, size, hovered=i == self.hover)
        foot = fonts.text(self.app.tr("menu.hint_keys"), round(max(14, h * 0.022)), DIM)
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - round(h * 0.02))))
        if self.status:
            st = fonts.text(self.status, round(max(16, h * 0.026)), WHITE)
            surface.blit(st, st.get_rect(midbottom=(w // 2, h - round(h * 0.06))))
