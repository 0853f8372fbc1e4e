"""The replays: every recorded game (newest first), played back at the table or step by step.

`RecordsScene` (the title's "Replays") lists each record's date, players, finished hands and
scores, and whether the game was interrupted or the file is damaged (read as far as it is
valid). Up/Down choose, Enter or "Step through" opens the step-by-step viewer, W watches the
game played back by the table screen with the record's actions (``replay=``: every hand face
up, P pauses, + and - change the speed, any other key or a click skips the animation, Esc
returns to the list), C continues an unfinished game (any of them, not only the one the title
offers), P prunes records older than a limit (chosen with Left/Right, confirmed with Y), Esc
goes back; the mouse hovers, clicks and scrolls. `ReplayListScene` is the plain
list it extends (Enter watches).

`ReplayViewerScene(app, record)` opens one record (a path or a loaded `Record`) as far as it is
valid (`load_record` never raises and never writes; a damaged record shows why it stops, in
red, and can be stepped up to there). The board shows the hand after each event; Left/Right (or
the buttons) step one event back and forth, Home/End go to the hand's start and end,
PageUp/PageDown to the previous and next hand; the list of events below the board and the
slider jump to any draw or discard (a click); R reveals every hand (toggle); H shows the hints
(`HintsPanel`) as they would have been at that point for the human seat (the record's
``human``, else player 1). Esc goes back. ``korean-mahjong replay FILE`` opens it directly.

Both screens open others by name (``"table"``, ``"replay_viewer"``), as every screen does.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.events import Discarded, Drew, HandStarted
from game.i18n import register_texts

from ..board import InfoView
from ..board_picture import BoardPicture, info_for
from ..event_lines import event_line
from ..hints_panel import HintsPanel
from ..scene import Scene
from ..table.resume import resume_from_record
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

register_texts("ui", {"records.review": "Review  [R]", "records.continue": "Continue  [C]"})

if TYPE_CHECKING:
    from game.engine.messages import Message
    from game.ui.app import App


class ReplayViewerScene(Scene):
    name = "replay_viewer"

    def __init__(self, app: App, record: Any, at: tuple[int, int] | None = None,
                 note: list[str] | None = None) -> None:
        super().__init__(app)
        from game.records import Record, load_record

        self.record = record if isinstance(record, Record) else load_record(Path(record))
        self.hand_i = 0
        self.k = 0  # index of the last event shown in the hand
        #: a review's words about the decision at `at` ((hand number, events before it)),
        #: shown over the board while the viewer stands there
        self.note = list(note or [])
        self.note_at: tuple[int, int] | None = None
        self.reveal = False
        self.show_hints = True
        self.panel = HintsPanel(app.fonts, app.art, lambda: app.lang, notation=lambda: app.notation)
        self.board = BoardPicture(app)
        self.list_top = 0
        self.hover: str | None = None
        self.problem: Message | None = None  # why the hand does not rebuild from some point
        self._counts: dict[int, list[int]] = {}  # hand -> events after each action count
        self._tables: dict[tuple[int, int], Any] = {}
        self._hints_key: Any = None
        self.dragging = False
        if at is not None:
            hand, before = at
            numbers = [h.number for h in self.hands]
            if hand in numbers:
                self.hand_i = numbers.index(hand)
                self.k = max(0, min(before - 1, len(self.events) - 1))
                self.note_at = (self.hand_i, self.k)
        self._refresh()

    # --- the record ------------------------------------------------------------------------------
    @property
    def hands(self) -> list[Any]:
        return [h for h in self.record.hands if h.start is not None]

    @property
    def hand(self) -> Any:
        hs = self.hands
        return hs[self.hand_i] if hs else None

    @property
    def events(self) -> list[Any]:
        h = self.hand
        return [e for _, e in h.events] if h is not None else []

    def human_seat(self) -> int:
        h = self.hand
        human = self.record.human if self.record.human is not None else 0
        players = h.player_at_seat() if h is not None else (0, 1, 2, 3)
        return players.index(human) if human in players else 0

    def _action_counts(self) -> list[int]:
        """Events of the hand after 0, 1, 2 ... of its actions (as far as it rebuilds)."""
        got = self._counts.get(self.hand_i)
        if got is not None:
            return got
        from game.records import AT_LINE, reason_of_error

        h = self.hand
        out: list[int] = []
        self.problem = None
        try:
            rebuilt = h.rebuild(strict=False, stop_when_over=True)
            out = rebuilt.counts
            if rebuilt.error is not None:
                self.problem = AT_LINE(line=rebuilt.error.line,
                                       why=reason_of_error(rebuilt.error.cause))
        except Exception as e:  # noqa: BLE001 - a damaged record never crashes the viewer
            self.problem = reason_of_error(e)
        self._counts[self.hand_i] = out
        return out

    def table_at(self, k: int) -> Any:
        """The engine's table when event `k` of the hand had happened (None if it does not
        rebuild that far)."""
        counts = self._action_counts()
        n = next((i for i, c in enumerate(counts) if c > k), None)
        if n is None:
            return None
        key = (self.hand_i, n)
        t = self._tables.get(key)
        if t is None:
            try:
                t = self.hand.table(n)
            except Exception:  # noqa: BLE001
                return None
            if len(self._tables) > 16:
                self._tables.clear()
            self._tables[key] = t
        return t

    def _refresh(self) -> None:
        """Bring the hints up to date with the step (when shown)."""
        if not self.show_hints or self.hand is None:
            return
        key = (self.hand_i, self.k)
        if key == self._hints_key:
            return
        self._hints_key = key
        t = self.table_at(self.k)
        h = None
        if t is not None:
            from game.practice.hints import hints

            try:
                seat = self.human_seat()
                h = hints(t.observation(seat), t.events, rules=t.rules)
            except Exception:  # noqa: BLE001 - hints are help, never a crash
                h = None
        self.panel.set_hints(h)

    # --- moving ----------------------------------------------------------------------------------
    def go(self, k: int, hand: int | None = None) -> None:
        if hand is not None and self.hands:
            hand = max(0, min(len(self.hands) - 1, hand))
            if hand != self.hand_i:
                self.hand_i = hand
                self.problem = None
        n = len(self.events)
        self.k = max(0, min(n - 1, k)) if n else 0
        self._refresh()

    def step(self, d: int) -> None:
        n = len(self.events)
        if 0 <= self.k + d < n:
            self.go(self.k + d)
        elif self.k + d >= n and self.hand_i + 1 < len(self.hands):
            self.go(0, self.hand_i + 1)
        elif self.k + d < 0 and self.hand_i > 0:
            self.go(10 ** 9, self.hand_i - 1)

    def plays(self) -> list[int]:
        """Indices of the hand's draws and discards (the jump targets)."""
        return [i for i, e in enumerate(self.events) if isinstance(e, (Drew, Discarded))]

    # --- geometry --------------------------------------------------------------------------------
    def regions(self) -> dict[str, Any]:
        W, H = self.app.canvas.get_size()
        m = max(8, W // 128)
        bw = round(W * 0.63)
        bh = min(round(bw / 1.6), round(H * 0.6))
        bw = min(bw, round(bh * 1.6))
        board = pygame.Rect(m, m, bw, bh)
        panel = pygame.Rect(board.right + m, m, W - board.right - 2 * m, H - 2 * m)
        below = pygame.Rect(m, board.bottom + m, bw, H - board.bottom - 2 * m)
        size = self.text_size()
        bh2 = max(28, round(H * 0.045))
        labels = self._labels()
        n = len(labels)
        # each button as wide as its label needs, the room left shared out evenly
        font = self.app.fonts.font(round(size * 0.85))
        want = [font.size(label)[0] + 24 for label in labels.values()]
        room = below.w - 20 - (n - 1) * 6
        extra = (room - sum(want)) / n
        widths = [w + extra for w in want] if extra >= 0 else [w * room / sum(want) for w in want]
        buttons, x = {}, float(below.x + 10)
        for nm, w in zip(labels, widths):
            buttons[nm] = pygame.Rect(round(x), below.bottom - bh2 - 8, round(w), bh2)
            x += w + 6
        slider = pygame.Rect(below.x + 14, buttons["prev"].y - round(size * 1.2), below.w - 28, max(8, size // 2))
        top = below.y + 8 + round(size * 1.5)
        lst = pygame.Rect(below.x + 10, top, below.w - 20, slider.y - 10 - top)
        return {"board": board, "panel": panel, "below": below, "buttons": buttons, "slider": slider,
                "list": lst, "lh": self.app.fonts.text("1 가", round(size * 0.85)).get_height() + 1}

    def text_size(self) -> int:
        return max(13, round(self.app.canvas.get_height() * 0.022))

    def _labels(self) -> dict[str, str]:
        """The buttons below the board, in order, with their labels."""
        tr = self.app.tr
        return {"prev_hand": tr("viewer.prev_hand"), "prev": tr("viewer.prev"), "next": tr("viewer.next"),
                "next_hand": tr("viewer.next_hand"), "reveal": tr("viewer.reveal"),
                "hints": tr("viewer.hints"), "back": tr("settings.cancel")}

    def buttons(self) -> dict[str, Button]:
        labels = self._labels()
        return {n: Button(r, labels[n]) for n, r in self.regions()["buttons"].items()}

    # --- input -----------------------------------------------------------------------------------
    def click(self, name: str) -> None:
        if name == "prev":
            self.step(-1)
        elif name == "next":
            self.step(1)
        elif name == "prev_hand":
            self.go(0, self.hand_i - 1)
        elif name == "next_hand":
            self.go(0, self.hand_i + 1)
        elif name == "reveal":
            self.reveal = not self.reveal
        elif name == "hints":
            self.show_hints = not self.show_hints
            self._hints_key = None
            self._refresh()
        elif name == "back":
            self.app.pop()

    def _slide(self, x: int) -> None:
        g = self.regions()
        s = g["slider"]
        n = len(self.events)
        if not n:
            return
        k = round((x - s.x) / max(1, s.w) * (n - 1))
        plays = self.plays()
        if plays:
            k = min(plays, key=lambda i: abs(i - k))
        self.go(k)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.show_hints and self.panel.handle_event(event):
            return
        g = self.regions()
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_LEFT, pygame.K_a):
                self.step(-1)
            elif k in (pygame.K_RIGHT, pygame.K_d, pygame.K_SPACE):
                self.step(1)
            elif k in (pygame.K_UP, pygame.K_DOWN):  # previous / next draw or discard
                plays = self.plays()
                if k == pygame.K_DOWN:
                    nxt = [i for i in plays if i > self.k]
                    self.go(nxt[0]) if nxt else self.step(1)
                else:
                    prv = [i for i in plays if i < self.k]
                    self.go(prv[-1]) if prv else self.step(-1)
            elif k == pygame.K_HOME:
                self.go(0)
            elif k == pygame.K_END:
                self.go(len(self.events) - 1)
            elif k == pygame.K_PAGEUP:
                self.go(0, self.hand_i - 1)
            elif k == pygame.K_PAGEDOWN:
                self.go(0, self.hand_i + 1)
            elif k == pygame.K_r:
                self.click("reveal")
            elif k == pygame.K_h:
                self.click("hints")
            elif k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for n, b in self.buttons().items():
                if b.rect.collidepoint(event.pos):
                    self.click(n)
                    return
            if g["slider"].inflate(0, 16).collidepoint(event.pos):
                self.dragging = True
                self._slide(event.pos[0])
                return
            if g["list"].collidepoint(event.pos):
                row = (event.pos[1] - g["list"].y) // g["lh"]
                i = self.list_top + row
                if 0 <= i < len(self.events):
                    self.go(i)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self._slide(event.pos[0])
            self.hover = next((n for n, b in self.buttons().items() if b.rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEWHEEL:
            self.list_top = max(0, self.list_top - event.y * 3)

    # --- drawing ---------------------------------------------------------------------------------
    def info(self, table: Any, human: int) -> InfoView | None:
        if table is None:
            return None
        return info_for(table, human, self.app.lang, self.app.tr("viewer.you"))

    def _note_lines(self, board: pygame.Rect, size: int) -> tuple[list[pygame.Surface], int]:
        """The review's words about this decision as lines, and the height of their box."""
        fonts = self.app.fonts
        small = round(size * 0.85)
        lines = [fonts.fit(t, small if i else size, board.w - 48, GOLD if i == 0 else WHITE, bold=i == 0)
                 for i, t in enumerate(self.note)]
        return lines, sum(t.get_height() + 4 for t in lines) + 16

    def _draw_note(self, surface: pygame.Surface, board: pygame.Rect, size: int) -> None:
        """The review's words about this decision, in an opaque box at the top of the board's
        region (the board is drawn below it, so no plate hides under the words)."""
        lines, h = self._note_lines(board, size)
        box = pygame.Rect(board.x + 12, board.y + 8, board.w - 24, h)
        draw_panel(surface, box, alpha=255, radius=8)
        y = box.y + 8
        for t in lines:
            surface.blit(t, (box.x + 12, y))
            y += t.get_height() + 4

    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        fonts, tr = self.app.fonts, self.app.tr
        g = self.regions()
        size = self.text_size()
        rec = self.record
        human = self.human_seat()
        events = self.events
        noted = bool(self.note) and self.note_at == (self.hand_i, self.k)
        area = g["board"]
        if noted and self.hand is not None:  # the board gives the note its own band above it
            band = self._note_lines(area, size)[1] + 16
            full = g["board"]
            k = max(0.2, (full.h - band) / full.h)  # the board's own proportions, smaller
            area = pygame.Rect(0, 0, round(full.w * k), round(full.h * k))
            area.midtop = (full.centerx, full.y + band)
            draw_panel(surface, g["board"], alpha=255, radius=4)
        if self.hand is not None:
            t = self.table_at(self.k)
            pic = self.board.render(events[:self.k + 1], human, self.reveal, area.size,
                                    self.info(t, human), key=(id(rec), self.hand_i, self.k))
            surface.blit(pic, pic.get_rect(center=area.center))
        else:
            draw_panel(surface, g["board"])
            msg = tr("viewer.no_hands")
            surface.blit(fonts.fit(msg, size, g["board"].w - 40, WHITE), (g["board"].x + 20, g["board"].y + 20))
        pygame.draw.rect(surface, (60, 130, 100), g["board"], width=2, border_radius=4)
        if noted:
            self._draw_note(surface, g["board"], size)
        below = g["below"]
        draw_panel(surface, below, alpha=215, radius=10)
        # the head line: which hand and event, and the record's problem if any
        n = len(events)
        head = tr("viewer.step", hand=self.hand.number if self.hand is not None else 0, i=self.k + 1 if n else 0,
                  n=n)
        hx = below.x + 12
        himg = fonts.fit(head, size, below.w * 0.4, GOLD, bold=True)
        surface.blit(himg, (hx, below.y + 8))
        # in the player's words: the record's reason, the rebuild's, or the board picture's own
        problem = self.app.reason(rec.reason or self.problem) or self.board.error
        if problem:
            text = (tr("viewer.damaged", why=problem) if rec.reason is not None
                    else tr("viewer.rebuild", why=problem))
            p = fonts.fit(text, round(size * 0.8), below.right - hx - himg.get_width() - 30, RED_TEXT)
            surface.blit(p, (hx + himg.get_width() + 16, below.y + 8 + (himg.get_height() - p.get_height()) // 2))
        # the event list
        lst = g["list"]
        lh = g["lh"]
        rows = max(1, lst.h // lh)
        if self.k < self.list_top:
            self.list_top = self.k
        elif self.k >= self.list_top + rows:
            self.list_top = self.k - rows + 1
        self.list_top = max(0, min(self.list_top, max(0, n - rows)))
        small = round(size * 0.85)
        players = rec.seat_kinds or rec.players
        seating = self.hand.player_at_seat() if self.hand is not None else None  # names by seat
        for r in range(rows):
            i = self.list_top + r
            if i >= n:
                break
            e = events[i]
            y = lst.y + r * lh
            if i == self.k:
                pygame.draw.rect(surface, (44, 120, 88), (lst.x - 4, y, lst.w + 8, lh), border_radius=4)
            colour = WHITE if isinstance(e, (Drew, Discarded)) else DIM
            if isinstance(e, Discarded) and e.uper:
                colour = GOLD
            elif i == self.k:
                colour = WHITE  # the current step reads clearly on its highlight
            try:
                text = event_line(e, players, lang=self.app.lang, notation=self.app.notation,
                                  seating=seating)
            except Exception:  # noqa: BLE001
                text = repr(e)
            if isinstance(e, HandStarted):
                text = text[:120]
            surface.blit(fonts.fit(f"{i + 1:>3}  {text}", small, lst.w - 8, colour), (lst.x, y))
        # the slider: every draw and discard a tick, the current step a knob
        s = g["slider"]
        pygame.draw.rect(surface, (20, 60, 44), s, border_radius=s.h // 2)
        if n > 1:
            for i in self.plays():
                x = s.x + round(s.w * i / (n - 1))
                pygame.draw.line(surface, (70, 140, 110), (x, s.y + 1), (x, s.bottom - 2))
            x = s.x + round(s.w * self.k / (n - 1))
            pygame.draw.circle(surface, GOLD, (x, s.centery), max(6, s.h))
        buttons = self.buttons()
        # one size for the whole row: a long label ("Reveal hands") is not written smaller
        label_size = fonts.fit_size([(b.label, b.rect.w - 16) for b in buttons.values()],
                                    round(size * 0.85))
        for name, b in buttons.items():
            on = (name == "reveal" and self.reveal) or (name == "hints" and self.show_hints)
            draw_button(surface, fonts, b, on, label_size, hovered=self.hover == name)
        if self.show_hints:
            self.panel.draw(surface, g["panel"])
        else:
            box = g["panel"]
            draw_panel(surface, box, alpha=200)
            y = box.y + 16
            title = tr("viewer.title", name=rec.path.name)
            for ln in wrap(fonts, title, size, box.w - 32)[:3]:
                surface.blit(fonts.text(ln, size, GOLD), (box.x + 16, y))
                y += round(size * 1.4)
            for ln in wrap(fonts, tr("viewer.help"), small, box.w - 32):
                surface.blit(fonts.text(ln, small, DIM), (box.x + 16, y))
                y += round(small * 1.35)


# --- the list of records ------------------------------------------------------------------------
LIMIT = 200
PRUNE_DAYS = (30, 90, 180, 365)


def _seat_label(app: App, name: str) -> str:
    from ..i18n import has

    if name == "human":
        return app.tr("replay.player")
    key = f"short.{name}" if has(f"short.{name}") else f"seat.{name}"
    return app.tr(key) if has(key) else name


class ReplayListScene(Scene):
    name = "replays"
    #: the key help under the list (a list with more keys says more)
    HELP = "replay.list_hint"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        from game.records import list_records

        self.records: list[Any] = list_records(limit=LIMIT)
        self.focus = 0
        self.top = 0
        self.hover: int | None = None

    # --- geometry ----------------------------------------------------------------------------------
    def geometry(self) -> tuple[pygame.Rect, list[pygame.Rect], Button, Button]:
        w, h = self.app.canvas.get_size()
        box = pygame.Rect(0, 0, min(w - 40, max(760, round(w * 0.75))), round(h * 0.86))
        box.center = (w // 2, h // 2)
        rh = max(34, round(h * 0.055))
        first = box.y + round(rh * 2.2)
        bh = max(36, round(h * 0.06))
        rows_room = (box.bottom - 24 - bh - first) // (rh + 4)
        rows = [pygame.Rect(box.x + 20, first + i * (rh + 4), box.w - 40, rh)
                for i in range(max(1, rows_room))]
        watch = pygame.Rect(0, 0, max(160, round(box.w * 0.22)), bh)
        watch.bottomright = (box.right - 20, box.bottom - 16)
        back = pygame.Rect(0, 0, watch.w, bh)
        back.bottomleft = (box.x + 20, box.bottom - 16)
        return box, rows, Button(watch, self.app.tr("replay.watch"), bool(self.records)), \
            Button(back, self.app.tr("settings.cancel"))

    def _scroll_to_focus(self, n_rows: int) -> None:
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + n_rows:
            self.top = self.focus - n_rows + 1

    # --- actions -----------------------------------------------------------------------------------
    def watch(self, index: int | None = None) -> bool:
        """Play the chosen record back at the table."""
        if not self.records:
            return False
        i = self.focus if index is None else index
        from game.records import load_record

        rec = load_record(self.records[i].path)
        if rec.header is None or not rec.hands:
            self.records[i] = self.records[i]
            return False
        self.app.sound.play("click")
        self.app.push("table", players=[], replay=resume_from_record(rec))
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        _, rows, watch, back = self.geometry()
        n = len(self.records)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w) and n:
                self.focus = (self.focus - 1) % n
            elif event.key in (pygame.K_DOWN, pygame.K_s) and n:
                self.focus = (self.focus + 1) % n
            elif event.key == pygame.K_PAGEDOWN and n:
                self.focus = min(n - 1, self.focus + len(rows))
            elif event.key == pygame.K_PAGEUP and n:
                self.focus = max(0, self.focus - len(rows))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.watch()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
            self._scroll_to_focus(len(rows))
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, n - len(rows)), self.top - event.y))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = None
            for i, r in enumerate(rows):
                if r.collidepoint(event.pos) and self.top + i < n:
                    self.hover = self.top + i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if watch.hit(event.pos):
                self.watch()
            elif back.hit(event.pos):
                self.app.pop()
            else:
                for i, r in enumerate(rows):
                    if r.collidepoint(event.pos) and self.top + i < n:
                        if self.focus == self.top + i:
                            self.watch()
                        self.focus = self.top + i

    # --- drawing -----------------------------------------------------------------------------------
    def describe(self, summary: Any) -> tuple[str, str, tuple[int, int, int]]:
        """Two columns of a record's row and the colour of the second."""
        tr = self.app.tr
        when = summary.created.astimezone().strftime("%Y-%m-%d %H:%M")
        players = ", ".join(_seat_label(self.app, p) for p in summary.players)
        left = f"{when}   {players}"
        scores = " ".join(f"{x:+d}" if x else "0" for x in summary.scores)
        from game.records import is_interruption

        if summary.reason is not None and not is_interruption(summary.reason):
            return left, tr("replay.damaged"), RED_TEXT
        state = tr("replay.complete") if summary.complete else tr("replay.interrupted")
        right = f"{tr('newgame.hands_n', n=summary.hands)} · {scores} · {state}"
        return left, right, WHITE if summary.complete else DIM

    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        box, rows, watch, back = self.geometry()
        draw_panel(surface, box)
        fonts = self.app.fonts
        h = surface.get_height()
        size = round(max(15, h * 0.025))
        title = fonts.fit(self.app.tr("replay.title"), round(size * 1.6), box.w - 40, GOLD, bold=True)
        surface.blit(title, (box.x + 20, box.y + 16))
        if not self.records:
            t = fonts.fit(self.app.tr("replay.none"), size, box.w - 40, DIM)
            surface.blit(t, (box.x + 20, rows[0].y))
        for i, r in enumerate(rows):
            k = self.top + i
            if k >= len(self.records):
                break
            focused = k == self.focus
            if focused or k == self.hover:
                pygame.draw.rect(surface, (44, 120, 88) if focused else (24, 84, 62), r, border_radius=6)
            left, right, colour = self.describe(self.records[k])
            lt = fonts.fit(left, size, r.w * 0.55, GOLD if focused else WHITE)
            surface.blit(lt, lt.get_rect(midleft=(r.x + 10, r.centery)))
            rt = fonts.fit(right, size, r.w * 0.42, colour)
            surface.blit(rt, rt.get_rect(midright=(r.right - 10, r.centery)))
        hint = fonts.fit(self.app.tr(self.HELP), round(size * 0.8), box.w - 40, DIM)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, watch.rect.y - 8)))
        draw_button(surface, fonts, watch, bool(self.records), size)
        draw_button(surface, fonts, back, False, size)


class RecordsScene(ReplayListScene):
    """The replays list (`ReplayListScene`) with the step-by-step viewer and pruning: the
    title's "Replays"."""

    name = "replays"
    HELP = "records.help"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.prune_days = PRUNE_DAYS[1]
        self.confirm: list[Any] | None = None  # records to delete, waiting for Y/N
        self.note = ""

    def reload(self) -> None:
        from game.records import list_records

        self.records = list_records(limit=LIMIT)
        self.focus = min(self.focus, max(0, len(self.records) - 1))
        self.top = min(self.top, self.focus)

    def open(self, index: int | None = None) -> bool:
        if not self.records:
            return False
        i = self.focus if index is None else index
        self.app.sound.play("click")
        self.app.push("replay_viewer", record=self.records[i].path)
        return True

    def old_records(self) -> list[Any]:
        import datetime as dt

        limit = dt.datetime.now(dt.UTC) - dt.timedelta(days=self.prune_days)
        return [s for s in self.records if s.created < limit]

    def ask_prune(self) -> None:
        self.confirm = self.old_records()
        self.note = ""

    def do_prune(self) -> int:
        from game.records import prune_records

        removed = prune_records(self.prune_days, self.records[0].path.parent if self.records else None)
        self.confirm = None
        self.note = self.app.tr("records.pruned", n=len(removed))
        self.reload()
        return len(removed)

    def extra_buttons(self) -> dict[str, Button]:
        _box, _rows, watch, back = self.geometry()
        r = watch.rect
        bw = min(round(r.w * 1.2), (r.x - back.rect.right - 60) // 4)
        step = pygame.Rect(0, 0, bw, r.h)
        step.bottomright = (r.x - 12, r.bottom)
        review = pygame.Rect(0, 0, bw, r.h)
        review.bottomright = (step.x - 12, r.bottom)
        prune = pygame.Rect(0, 0, bw, r.h)
        prune.bottomleft = (back.rect.right + 12, r.bottom)
        go_on = pygame.Rect(0, 0, bw, r.h)
        go_on.bottomleft = (prune.right + 12, r.bottom)
        return {"step": Button(step, self.app.tr("records.step"), bool(self.records)),
                "review": Button(review, self.app.tr("records.review"), self.can_review()),
                "prune": Button(prune, self.app.tr("records.prune", d=self.prune_days), bool(self.records)),
                "continue": Button(go_on, self.app.tr("records.continue"), self.can_continue())}

    def can_continue(self) -> bool:
        """The focused record is a person's unfinished game that no other game continued or
        holds: any such game can be continued from here, not only the one the title offers
        (an older game stays continuable after a new one started)."""
        if not self.records:
            return False
        s = self.records[self.focus]
        return (s.human is not None and not s.complete and not s.continued_by and not s.live
                and s.seed is not None)

    def continue_game(self) -> bool:
        """Continue the focused game (`game.ui.scenes.table.continue_game`: a game that had a
        program at the table asks first)."""
        if not self.can_continue():
            return False
        self.app.sound.play("click")
        self.app.push("continue", path=self.records[self.focus].path)
        return True

    def can_review(self) -> bool:
        """The focused record has hands to review (a damaged one is reviewed as far as valid)."""
        return bool(self.records) and self.records[self.focus].hands > 0

    def review(self) -> bool:
        """The focused record's review (`game_review` screen): its person, else player 1."""
        if not self.can_review():
            return False
        s = self.records[self.focus]
        self.app.sound.play("click")
        self.app.push("game_review", record=s.path, seat=None if s.human is not None else 0)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_y:  # deleting is never Enter's by habit: Y or a click
                    self.do_prune()
                elif event.key in (pygame.K_n, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                   pygame.K_SPACE):
                    self.confirm = None
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                yes, no = self._confirm_buttons()
                if yes.rect.collidepoint(event.pos):
                    self.do_prune()
                elif no.rect.collidepoint(event.pos):
                    self.confirm = None
            return
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open()
                return
            if k == pygame.K_w:
                self.watch()
                return
            if k == pygame.K_p:
                self.ask_prune()
                return
            if k == pygame.K_r:
                self.review()
                return
            if k == pygame.K_c:
                self.continue_game()
                return
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                i = PRUNE_DAYS.index(self.prune_days)
                self.prune_days = PRUNE_DAYS[(i + (1 if k == pygame.K_RIGHT else -1)) % len(PRUNE_DAYS)]
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            extra = self.extra_buttons()
            if extra["step"].hit(event.pos):
                self.open()
                return
            if extra["prune"].hit(event.pos):
                self.ask_prune()
                return
            if extra["review"].hit(event.pos):
                self.review()
                return
            if extra["continue"].hit(event.pos):
                self.continue_game()
                return
            _, rows, _, _ = self.geometry()
            for i, r in enumerate(rows):
                if r.collidepoint(event.pos) and self.top + i < len(self.records):
                    if self.focus == self.top + i:
                        self.open()
                    else:
                        self.focus = self.top + i
                    return
        super().handle_event(event)

    def _confirm_buttons(self) -> tuple[Button, Button]:
        w, h = self.app.canvas.get_size()
        bw, bh = max(140, w // 8), max(34, round(h * 0.055))
        yes = pygame.Rect(0, 0, bw, bh)
        no = pygame.Rect(0, 0, bw, bh)
        yes.midtop = (w // 2 - bw // 2 - 10, h // 2 + 10)
        no.midtop = (w // 2 + bw // 2 + 10, h // 2 + 10)
        return Button(yes, "Y"), Button(no, "N")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        fonts = self.app.fonts
        size = round(max(15, surface.get_height() * 0.025))
        box, _rows, watch, _back = self.geometry()
        # a damaged record: why, in red, above the help line
        focused = self.records[self.focus] if self.records else None
        if focused is not None and focused.reason is not None:
            from game.records import is_interruption

            if is_interruption(focused.reason):  # not damage: say which hand it stopped in
                why = (f"{self.app.tr('replay.interrupted')} · "
                       f"{self.app.tr('table.hand_n', n=focused.hands + 1)}")
                colour = DIM
            else:
                why, colour = self.app.reason(focused.reason), RED_TEXT
            t = fonts.fit(why, round(size * 0.75), box.w - 40, colour)
            surface.blit(t, t.get_rect(midbottom=(box.centerx, watch.rect.y - 12 - round(size * 1.2))))
        for b in self.extra_buttons().values():
            draw_button(surface, fonts, b, False, size)
        if self.note:
            t = fonts.fit(self.note, size, box.w - 40, GOLD)
            surface.blit(t, t.get_rect(topright=(box.right - 20, box.y + 20)))
        if self.confirm is not None:
            w, h = surface.get_size()
            dim = pygame.Surface((w, h), pygame.SRCALPHA)
            dim.fill((0, 0, 0, 140))
            surface.blit(dim, (0, 0))
            q = pygame.Rect(0, 0, min(w - 60, 760), round(h * 0.26))
            q.center = (w // 2, h // 2)
            draw_panel(surface, q, alpha=250)
            text = self.app.tr("records.confirm", n=len(self.confirm), d=self.prune_days)
            t = fonts.fit(text, size, q.w - 40, WHITE)
            surface.blit(t, t.get_rect(midbottom=(q.centerx, h // 2 - 10)))
            yes, no = self._confirm_buttons()
            draw_button(surface, fonts, yes, True, size)
            draw_button(surface, fonts, no, False, size)
