"""Uper-timing practice: a generated ready position, declare uper / stay silent / fold, and the
playouts that show which choice was best; undo, next position, and a review at the end.

Screens (``PracticeScene.state``):

* ``setup``: the stage of the hand (early / middle / late / any) and the mix of positions
  (uper legal / uper against the rules / any); Enter or "Start" deals.
* ``dealing``: `generate_position` runs in a worker thread.
* ``decide``: the board (the player's hand, rivers, melds, wall count, opponents' upers), the
  hints panel (always on here) and three choices: declare uper (U), stay silent (S), fold (F);
  when several discards leave the hand ready, the tile buttons (or Left/Right) pick the one the
  uper and silent choices use. An uper the rules forbid is explained before it can be made
  (the engine's reason); on a strict table it may be committed and the penalty is played out.
* ``playing``: the playouts (`compare_options`) run in a worker thread, a progress bar shows.
* ``result``: win %, average points and deal-in % of every option side by side, the best one
  marked, the player's choice and the lesson; N next position, Backspace undo (back to this
  decision), R review.
* ``review``: every decision (`review()`), costliest mistake first, with the one-line lesson.

Esc goes back (review -> result, otherwise to the title). Tests drive it with ``threaded=False``
(the work runs inside `update`) and a small ``playouts``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import seat_name

from ..board_picture import BoardPicture, info_for
from ..controls import start_on_drawn
from ..event_lines import player_name
from ..hints_panel import HintsPanel
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

STAGES = ("early", "middle", "late", "any")
MIXES = ("any", "legal", "illegal")
OPTION_KEYS = ("uper", "silent", "fold")
GREEN = (120, 210, 140)


class Worker:
    """Runs `job` in a thread (or, with ``threaded=False``, at the first `poll`)."""

    def __init__(self, job: Callable[[], Any], threaded: bool = True) -> None:
        self.job = job
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False
        self.thread: threading.Thread | None = None
        if threaded:
            self.thread = threading.Thread(target=self._run, daemon=True)
            self.thread.start()

    def _run(self) -> None:
        try:
            self.result = self.job()
        except Exception as e:  # noqa: BLE001 - shown to the player
            self.error = e
        self.done = True

    def poll(self) -> bool:
        if self.thread is None and not self.done:
            self._run()
        return self.done

    def wait(self, timeout: float | None = None) -> bool:
        if self.thread is not None:
            self.thread.join(timeout)
        return self.poll()


class PracticeScene(Scene):
    name = "practice"

    def __init__(self, app: App, *, stage: str = "middle", mix: str = "any", playouts: int = 200,
                 seed: int | None = None, threaded: bool = True,
                 opponents: str | None = None) -> None:
        """`opponents`: who plays the playouts (default: the AI seats of
        `game.practice.uper_practice.DEFAULT_OPPONENTS`, measured to judge uper more soundly than
        the fast policy). `threaded=False` runs everything inline in one process (tests)."""
        super().__init__(app)
        from game.practice.review import PracticeSession
        from game.practice.uper_practice import DEFAULT_OPPONENTS

        if stage not in STAGES:
            raise ValueError(f"stage must be one of {', '.join(STAGES)}, got {stage!r}")
        if mix not in MIXES:
            raise ValueError(f"mix must be one of {', '.join(MIXES)}, got {mix!r}")
        self.stage, self.mix = stage, mix
        self.playouts = playouts
        self.threaded = threaded
        import time

        self.seed = seed if seed is not None else int(time.time()) % 1_000_000
        self.session = PracticeSession(playouts=playouts, opponents=opponents or DEFAULT_OPPONENTS,
                                       seed=self.seed, workers=None if threaded else 1)
        self.state = "setup"
        self.focus = 0  # setup: 0 stage, 1 mix, 2 start
        self.positions: list[Any] = []  # one per decision made or pending
        self.discards: list[int] = []  # the ready discard chosen for each position
        self.position: Any = None
        self.discard: int | None = None
        self.options: list[Any] = []
        self.hints: Any = None
        self.worker: Worker | None = None
        self.progress = (0, 1)
        self.comparison: Any = None
        self.message = ""
        self.strict_armed = False
        self.review_items: list[Any] = []
        self.review_scroll = 0
        self.panel = HintsPanel(app.fonts, app.art, lambda: app.lang, scroll_keys=True,  # PgUp/PgDn scroll
                                notation=lambda: app.notation, details_key=True)
        self.board = BoardPicture(app)
        self.hover: str | None = None
        self.dealt = 0  # positions asked for (the generator's seed)

    # --- flow ------------------------------------------------------------------------------------
    def start(self) -> None:
        """Deal the next position (in the worker)."""
        from game.practice.uper_practice import generate_position

        self.dealt += 1
        seed = self.seed * 1000 + self.dealt
        stage, want = self.stage, self.mix
        rules = self.app.settings.rules
        self.state = "dealing"
        self.message = ""
        self.worker = Worker(lambda: generate_position(seed, rules=rules, stage=stage, want=want),
                             self.threaded)

    def _show(self, position: Any, discard: int | None = None) -> None:
        from game.practice.hints import hints
        from game.practice.uper_practice import practice_options

        self.position = position
        # the cursor's rule of the table: on the drawn tile (when it leaves the hand ready; else
        # on the suggested discard)
        drawn = position.decision.observation.drawn
        self.discard = (start_on_drawn(position.ready_discards, drawn, position.ready_discard)
                        if discard is None else discard)
        self.options = practice_options(position, self.discard)
        try:
            self.hints = hints(position.decision, position.table.events, rules=position.rules,
                               offered=self.offered(position))
        except Exception:  # noqa: BLE001 - hints are help, never a crash
            self.hints = None
        self.panel.set_hints(self.hints)
        self.state = "decide"
        self.strict_armed = False
        self.comparison = None

    @staticmethod
    def offered(position: Any) -> list[Any]:
        """Every action the exercise offers at `position`: uper or silent with each ready
        discard, and the fold (the hint recommends one of these, never another discard)."""
        from game.engine.actions import Discard
        from game.practice.uper_practice import practice_options

        out: list[Any] = []
        for k in position.ready_discards:
            out += [o.action for o in practice_options(position, k) if o.available]
        out += [Discard(k) for k in position.ready_discards]
        return list(dict.fromkeys(out))

    def choose_discard(self, kind: int) -> None:
        if self.state == "decide" and self.position is not None and kind in self.position.ready_discards:
            self.discard = kind
            from game.practice.uper_practice import practice_options

            self.options = practice_options(self.position, kind)
            self.strict_armed = False

    def option(self, key: str) -> Any:
        return next(o for o in self.options if o.key == key)

    def choose(self, key: str) -> bool:
        """The player's choice; an uper against the rules is explained instead (strict table:
        the second choice commits it). True when the playouts started."""
        if self.state != "decide":
            return False
        o = self.option(key)
        if key == "uper" and not o.legal:
            self.message = self.app.tr("practice.illegal", why=self.app.reason(o.reason))
            if not o.available:
                return False
            if not self.strict_armed:
                self.strict_armed = True
                self.message += " " + self.app.tr("practice.strict")
                return False
        self.app.sound.play("click")
        self._play(key)
        return True

    def _play(self, key: str) -> None:
        from game.practice.review import UperDecision
        from game.practice.uper_practice import compare_options

        pos, discard, session = self.position, self.discard, self.session
        n = len(session.decisions)
        total = self.playouts * sum(1 for o in self.options if o.available)
        self.progress = (0, max(1, total))

        def progress(done: int, tot: int) -> None:
            self.progress = (done, tot)

        def job() -> Any:
            c = compare_options(pos, self.playouts, seed=session.seed + n, opponents=session.opponents,
                                discard=discard, progress=progress, workers=session.workers)
            return UperDecision(n + 1, pos.describe(), key, c)

        self.chosen = key
        self.state = "playing"
        self.worker = Worker(job, self.threaded)

    def undo(self) -> bool:
        """Back to the previous decision (the result of this one is forgotten)."""
        if self.state == "result" and self.session.decisions:
            self.session.decisions.pop()
            self._show(self.positions[-1], self.discards[-1])
            self.positions.pop()
            self.discards.pop()
            return True
        if self.state == "decide" and self.session.decisions:
            self.session.decisions.pop()
            pos, dis = self.positions.pop(), self.discards.pop()
            self._show(pos, dis)
            return True
        return False

    @property
    def number(self) -> int:
        """The position's number in the session (1 for the first)."""
        return len(self.session.decisions) + (self.state in ("decide", "playing"))

    def open_review(self) -> None:
        from game.practice.review import review

        self.review_items = review(self.session)
        self.review_scroll = 0
        self.prev_state = self.state
        self.state = "review"

    def update(self, dt: float) -> None:
        w = self.worker
        if w is None or not w.poll():
            return
        self.worker = None
        if w.error is not None:
            self.message = self.app.tr("practice.failed", error=str(w.error))
            self.state = "setup" if self.state == "dealing" else "decide"
            return
        if self.state == "dealing":
            self._show(w.result)
        elif self.state == "playing":
            self.session.decisions.append(w.result)
            self.positions.append(self.position)
            self.discards.append(self.discard)  # type: ignore[arg-type]
            self.comparison = w.result.comparison
            self.state = "result"
            self.message = ""

    def wait(self, timeout: float = 60.0) -> None:
        """Tests: finish the work in flight."""
        if self.worker is not None:
            self.worker.wait(timeout)
        self.update(0.0)

    # --- geometry --------------------------------------------------------------------------------
    def regions(self) -> dict[str, pygame.Rect]:
        W, H = self.app.canvas.get_size()
        m = max(8, W // 128)
        bw = round(W * 0.63)
        bh = min(round(bw / 1.6), round(H * 0.64))
        bw = min(bw, round(bh * 1.6))
        board = pygame.Rect(m, m, bw, bh)
        panel = pygame.Rect(board.right + m, m, W - board.right - 2 * m, H - 2 * m)
        below = pygame.Rect(m, board.bottom + m, bw, H - board.bottom - 2 * m)
        return {"board": board, "panel": panel, "below": below}

    def text_size(self) -> int:
        return max(14, round(self.app.canvas.get_height() * 0.024))

    def buttons(self) -> dict[str, Button]:
        """The clickable buttons of the current state (name -> Button)."""
        _W, H = self.app.canvas.get_size()
        tr = self.app.tr
        out: dict[str, Button] = {}
        bh = max(32, round(H * 0.05))
        if self.state == "setup":
            box = self._setup_box()
            bw = max(180, round(box.w * 0.3))
            r = pygame.Rect(0, 0, bw, bh)
            r.midbottom = (box.centerx, box.bottom - 20)
            out["start"] = Button(r, tr("practice.start"))
            for row, values in ((0, STAGES), (1, MIXES)):
                y = box.y + round(box.h * (0.42 + 0.2 * row))
                cw = (box.w - 60) // len(values)
                for i, v in enumerate(values):
                    rr = pygame.Rect(box.x + 30 + i * cw, y, cw - 10, bh)
                    label = tr(f"practice.stage.{v}" if row == 0 else f"practice.mix.{v}")
                    out[f"{'stage' if row == 0 else 'mix'}:{v}"] = Button(rr, label)
            back = pygame.Rect(box.x + 20, 0, max(120, round(box.w * 0.18)), bh)
            back.bottom = box.bottom - 20
            out["back"] = Button(back, tr("settings.cancel"))
            return out
        below = self.regions()["below"]
        size = self.text_size()
        if self.state == "decide":
            y = below.y + 12 + round(size * 1.6)
            bw = (below.w - 40) // 3
            for i, k in enumerate(OPTION_KEYS):
                o = self.option(k)
                r = pygame.Rect(below.x + 10 + i * (bw + 10), y, bw, bh)
                label = tr(f"practice.opt.{k}") + f"  [{'USF'[i]}]"
                out[k] = Button(r, label, o.available or (k == "uper"), "")
            if self.position is not None and len(self.position.ready_discards) > 1:
                tw = max(22, round(bh * 0.7))
                ty = y + bh + round(size * 2.2)
                for i, kd in enumerate(self.position.ready_discards):
                    out[f"discard:{kd}"] = Button(pygame.Rect(below.x + 12 + i * (tw + 8), ty, tw, round(tw * 1.35)),
                                                  self.app.tile_name(kd))
        elif self.state in ("result", "review"):
            bw = (below.w - 50) // 4
            y = below.bottom - bh - 8
            names = ("next", "undo", "review", "back") if self.state == "result" else ("back",)
            for i, k in enumerate(names):
                label = tr(f"practice.{k}") if k != "back" else tr("settings.cancel")
                r = pygame.Rect(below.x + 10 + i * (bw + 10), y, bw, bh)
                if self.state == "review":
                    W2, H2 = self.app.canvas.get_size()
                    r = pygame.Rect(0, 0, max(140, W2 // 8), bh)
                    r.bottomright = (W2 - 30, H2 - 24)
                out[k] = Button(r, label, k != "undo" or bool(self.session.decisions))
        return out

    def _setup_box(self) -> pygame.Rect:
        W, H = self.app.canvas.get_size()
        box = pygame.Rect(0, 0, min(W - 40, max(760, round(W * 0.66))), round(H * 0.8))
        box.center = (W // 2, H // 2)
        return box

    # --- input -----------------------------------------------------------------------------------
    def back(self) -> None:
        if self.state == "review":
            self.state = getattr(self, "prev_state", "result")
            return
        self.app.pop()

    def click(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name == "start":
            self.start()
        elif name.startswith("stage:"):
            self.stage = name.split(":")[1]
        elif name.startswith("mix:"):
            self.mix = name.split(":")[1]
        elif name in OPTION_KEYS:
            self.choose(name)
        elif name.startswith("discard:"):
            self.choose_discard(int(name.split(":")[1]))
        elif name == "next":
            self.start()
        elif name == "undo":
            self.undo()
        elif name == "review":
            self.open_review()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.state in ("decide", "result", "playing") and self.panel.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((n for n, b in self.buttons().items() if b.rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for n, b in self.buttons().items():
                if b.rect.collidepoint(event.pos):
                    self.click(n)
                    return
        elif event.type == pygame.MOUSEWHEEL and self.state == "review":
            self.review_scroll = max(0, self.review_scroll - event.y)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.back()
            return
        if self.state == "setup":
            if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % 3
            elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < 2:
                values = STAGES if self.focus == 0 else MIXES
                cur = self.stage if self.focus == 0 else self.mix
                nxt = values[(values.index(cur) + (1 if key == pygame.K_RIGHT else -1)) % len(values)]
                if self.focus == 0:
                    self.stage = nxt
                else:
                    self.mix = nxt
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.start()
        elif self.state == "decide":
            keys = {pygame.K_u: "uper", pygame.K_s: "silent", pygame.K_f: "fold"}
            if key in keys:
                self.choose(keys[key])
            elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.position is not None:
                rd = list(self.position.ready_discards)
                i = rd.index(self.discard) if self.discard in rd else 0
                self.choose_discard(rd[(i + (1 if key == pygame.K_RIGHT else -1)) % len(rd)])
            elif key == pygame.K_BACKSPACE:
                self.undo()
        elif self.state == "result":
            if key in (pygame.K_n, pygame.K_RETURN, pygame.K_SPACE):
                self.start()
            elif key in (pygame.K_BACKSPACE, pygame.K_z):
                self.undo()
            elif key == pygame.K_r:
                self.open_review()
        elif self.state == "review":
            if key in (pygame.K_DOWN, pygame.K_s):
                self.review_scroll += 1
            elif key in (pygame.K_UP, pygame.K_w):
                self.review_scroll = max(0, self.review_scroll - 1)
            elif key in (pygame.K_BACKSPACE, pygame.K_RETURN):
                self.back()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        if self.state == "setup":
            self._draw_setup(surface)
            return
        if self.state == "dealing" or self.position is None:
            self._centre_text(surface, self.app.tr("practice.dealing"))
            return
        if self.state == "review":
            self._draw_review(surface)
            return
        g = self.regions()
        pos = self.position
        table = pos.table
        info = info_for(table, pos.seat, self.app.lang, self.app.tr("practice.you"))
        pic = self.board.render(table.events, pos.seat, False, g["board"].size, info, key=id(pos))
        surface.blit(pic, g["board"])
        pygame.draw.rect(surface, (60, 130, 100), g["board"], width=2, border_radius=4)
        below = g["below"]
        draw_panel(surface, below, alpha=215, radius=10)
        inner = below.inflate(-20, -16)
        size = self.text_size()
        head = self.app.tr("practice.position", n=self.number,
                           wall=table.wall.remaining, seat=seat_name(pos.seat, self.app.lang))
        if self.state == "decide":
            self._draw_decide(surface, inner, size, head)
        elif self.state == "playing":
            self._draw_playing(surface, inner, size, head)
        elif self.state == "result":
            self._draw_result(surface, inner, size)
        self.panel.draw(surface, g["panel"])  # last: its tooltip may reach over the rest

    def _centre_text(self, surface: pygame.Surface, text: str, colour: tuple[int, ...] = WHITE) -> None:
        img = self.app.fonts.fit(text, round(self.text_size() * 1.3), surface.get_width() * 0.8, colour)
        surface.blit(img, img.get_rect(center=surface.get_rect().center))

    def _draw_setup(self, surface: pygame.Surface) -> None:
        fonts, tr = self.app.fonts, self.app.tr
        box = self._setup_box()
        draw_panel(surface, box)
        size = self.text_size()
        title = fonts.fit(tr("practice.title"), round(size * 1.6), box.w - 40, GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 18))
        y = box.y + 18 + title.get_height() + 10
        for ln in wrap(fonts, tr("practice.intro", n=self.playouts), size, box.w - 48):
            surface.blit(fonts.text(ln, size, WHITE), (box.x + 24, y))
            y += round(size * 1.35)
        buttons = self.buttons()
        for row, (label, prefix, cur) in enumerate((("practice.stage", "stage", self.stage),
                                                    ("practice.mix", "mix", self.mix))):
            b0 = buttons[f"{prefix}:{cur}"]
            lab = fonts.text(tr(label), size, GOLD if self.focus == row else DIM, bold=True)
            surface.blit(lab, (box.x + 30, b0.rect.y - round(size * 1.5)))
            for n, b in buttons.items():
                if n.startswith(prefix + ":"):
                    sel = n == f"{prefix}:{cur}"
                    draw_button(surface, fonts, b, sel, size, hovered=n == self.hover)
        draw_button(surface, fonts, buttons["start"], self.focus == 2, size, hovered=self.hover == "start")
        draw_button(surface, fonts, buttons["back"], False, size, hovered=self.hover == "back")
        hint = fonts.fit(tr("practice.setup_help"), round(size * 0.8), box.w - 40, DIM)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, buttons["start"].rect.y - 8)))
        if self.message:
            m = fonts.fit(self.message, size, box.w - 40, RED_TEXT)
            surface.blit(m, m.get_rect(midbottom=(box.centerx, buttons["start"].rect.y - 8 - size * 1.5)))

    def _draw_decide(self, surface: pygame.Surface, inner: pygame.Rect, size: int, head: str) -> None:
        fonts, tr = self.app.fonts, self.app.tr
        surface.blit(fonts.fit(head, size, inner.w, GOLD, bold=True), inner.topleft)
        buttons = self.buttons()
        for k in OPTION_KEYS:
            b = buttons[k]
            o = self.option(k)
            draw_button(surface, fonts, b, False, size, hovered=self.hover == k)
            if k == "uper" and not o.legal:
                pygame.draw.rect(surface, RED_TEXT, b.rect, width=2, border_radius=max(4, b.rect.h // 5))
        y = buttons["fold"].rect.bottom + 6
        small = round(size * 0.85)
        if self.position is not None and len(self.position.ready_discards) > 1:
            surface.blit(fonts.fit(tr("practice.discard_with"), small, inner.w, DIM), (inner.x, y))
            for kd in self.position.ready_discards:
                b = buttons[f"discard:{kd}"]
                img = self.app.art.tile(kd, b.rect.w)
                surface.blit(img, b.rect.topleft)
                if kd == self.discard:
                    pygame.draw.rect(surface, GOLD, b.rect.inflate(6, 6), width=2, border_radius=4)
            y = max(b.rect.bottom for n, b in buttons.items() if n.startswith("discard:")) + 8
        else:
            name = self.app.tile_name(self.discard) if self.discard is not None else ""
            line = f"{tr('practice.discard_with')} {name}" if self.discard is not None else ""
            surface.blit(fonts.fit(line, small, inner.w, DIM), (inner.x, y))
            y += round(small * 1.5)
        up = self.option("uper")
        text = self.message or (tr("practice.illegal", why=self.app.reason(up.reason))
                                if not up.legal else "")
        for ln in wrap(fonts, text, small, inner.w)[:3]:
            surface.blit(fonts.text(ln, small, RED_TEXT), (inner.x, y))
            y += round(small * 1.3)
        hint = fonts.fit(tr("practice.decide_help"), round(size * 0.75), inner.w, DIM)
        surface.blit(hint, hint.get_rect(bottomleft=inner.bottomleft))

    def _draw_playing(self, surface: pygame.Surface, inner: pygame.Rect, size: int, head: str) -> None:
        fonts, tr = self.app.fonts, self.app.tr
        surface.blit(fonts.fit(head, size, inner.w, GOLD, bold=True), inner.topleft)
        done, total = self.progress
        y = inner.y + round(size * 2.2)
        surface.blit(fonts.text(tr("practice.playing", done=done, total=total), size, WHITE), (inner.x, y))
        bar = pygame.Rect(inner.x, y + round(size * 1.8), inner.w, max(10, size // 2))
        pygame.draw.rect(surface, (20, 60, 44), bar, border_radius=5)
        fill = bar.copy()
        fill.w = round(bar.w * done / max(1, total))
        pygame.draw.rect(surface, GOLD, fill, border_radius=5)

    def _draw_result(self, surface: pygame.Surface, inner: pygame.Rect, size: int) -> None:
        fonts, tr = self.app.fonts, self.app.tr
        c = self.comparison
        d = self.session.decisions[-1]
        best = c.best.key
        cols = [inner.x, inner.x + round(inner.w * 0.34), inner.x + round(inner.w * 0.5),
                inner.x + round(inner.w * 0.68), inner.x + round(inner.w * 0.84)]
        small = round(size * 0.9)
        y = inner.y
        head_h = 0
        for i, key in enumerate(("practice.col.option", "practice.col.win", "practice.col.points",
                                 "practice.col.dealin")):
            img = fonts.fit(tr(key), small, (cols[i + 1] - cols[i]) - 6 if i < 3 else inner.right - cols[i], DIM)
            surface.blit(img, (cols[i], y))
            head_h = max(head_h, img.get_height())
        y += max(round(small * 1.6), head_h + 4)
        rh = max(round(size * 1.55), fonts.text("▶ 다마 Ag", size, WHITE, bold=True).get_height() + 4)

        def put(img: pygame.Surface, x: int, row: pygame.Rect) -> None:
            surface.blit(img, (x, row.centery - img.get_height() // 2))

        top_pts = max((abs(r.mean_points) for r in c.results), default=1) or 1
        for o in c.offered:
            r = c.result(o.key)
            row = pygame.Rect(inner.x - 4, y, inner.w + 8, rh)
            if o.key == best:
                pygame.draw.rect(surface, (50, 100, 60), row, border_radius=5)
                pygame.draw.rect(surface, GOLD, row, width=2, border_radius=5)
            label = tr(f"practice.opt.{o.key}")
            if o.key == best:
                label = "▶ " + label
            colour = GOLD if o.key == best else WHITE
            put(fonts.fit(label, size, cols[1] - cols[0] - 6, colour, bold=o.key == d.chosen), cols[0], row)
            if r is None:
                put(fonts.fit(tr("practice.not_played"), small, cols[4] - cols[1] - 6, DIM), cols[1], row)
            else:
                put(fonts.text(f"{r.win_rate:.0%}", size, WHITE), cols[1], row)
                pts = fonts.text(f"{r.mean_points:+.1f}", size, GREEN if r.mean_points > 0 else RED_TEXT)
                put(pts, cols[2], row)
                # a small bar for the points
                bw = round((cols[3] - cols[2] - pts.get_width() - 14) * abs(r.mean_points) / top_pts)
                bar = pygame.Rect(cols[2] + pts.get_width() + 8, 0, max(1, bw), max(4, rh // 4))
                bar.centery = row.centery
                pygame.draw.rect(surface, GREEN if r.mean_points > 0 else RED_TEXT, bar, border_radius=2)
                put(fonts.text(f"{r.deal_in_rate:.0%}", size, WHITE), cols[3], row)
            if o.key == d.chosen:
                put(fonts.fit(tr("practice.yours"), small, inner.right - cols[4], GOLD), cols[4], row)
            y += rh + 4
        from game.practice.review import review

        item = next((i for i in review([d]) if i.index == d.index), None)
        if item is not None:
            for ln in wrap(fonts, self.app.reason(item.lesson), small, inner.w)[:2]:
                surface.blit(fonts.text(ln, small, GREEN if not item.mistake else RED_TEXT), (inner.x, y))
                y += round(small * 1.3)
        who = player_name(c.opponents, self.app.lang)
        secs = fonts.text(tr("practice.seconds", n=self.playouts, who=who, s=c.seconds),
                          round(small * 0.85), DIM)
        surface.blit(secs, (inner.x, y))
        for n, b in self.buttons().items():
            draw_button(surface, fonts, b, n == "next", size, hovered=self.hover == n)

    def _draw_review(self, surface: pygame.Surface) -> None:
        fonts, tr = self.app.fonts, self.app.tr
        W, H = surface.get_size()
        box = pygame.Rect(20, 20, W - 40, H - 40)
        draw_panel(surface, box)
        size = self.text_size()
        items = self.review_items
        mistakes = sum(1 for i in items if i.mistake)
        title = fonts.fit(tr("practice.review_title", n=len(items), m=mistakes), round(size * 1.5), box.w - 40,
                          GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 16))
        y = box.y + 24 + title.get_height()
        if not items:
            surface.blit(fonts.text(tr("practice.review_none"), size, DIM), (box.x + 24, y))
        lh = round(size * 1.35)
        bottom = box.bottom - max(32, round(H * 0.05)) - 30
        self.review_scroll = min(self.review_scroll, max(0, len(items) - 1))
        for it in items[self.review_scroll:]:
            need = lh * 3 + 10
            if y + need > bottom:
                break
            label = {k: tr(f"practice.opt.{k}") for k in OPTION_KEYS}
            head = tr("practice.review_row", i=it.index, chosen=label[it.chosen], best=label[it.best],
                      cost=it.cost)
            colour = RED_TEXT if it.mistake else GREEN
            surface.blit(fonts.fit(head, size, box.w - 48, colour, bold=True), (box.x + 24, y))
            y += lh
            surface.blit(fonts.fit(self.app.reason(it.description), round(size * 0.85), box.w - 60, DIM),
                         (box.x + 40, y))
            y += lh
            for ln in wrap(fonts, self.app.reason(it.lesson), round(size * 0.85), box.w - 60)[:2]:
                surface.blit(fonts.text(ln, round(size * 0.85), WHITE), (box.x + 40, y))
                y += round(lh * 0.9)
            y += 10
        hint = fonts.fit(tr("practice.review_help"), round(size * 0.8), box.w * 0.6, DIM)
        surface.blit(hint, (box.x + 24, box.bottom - 24 - hint.get_height()))
        for n, b in self.buttons().items():
            draw_button(surface, fonts, b, True, size, hovered=self.hover == n)
