"""Learn to play: the list of lessons (with ✓ for those completed, and the yak guide) and the
lesson screen, which plays a lesson of `game.practice.tutorial` on the real engine.

    app.push("learn")                         # the list (the title's "Learn" entry)
    app.push("lesson", lesson_id="claims")    # one lesson

The lesson screen shows the board (the engine's events drawn by `BoardPicture`; for a `watch`
step only the deal's events up to that moment), the player's hand as clickable tiles, the
narration, the moves the step allows as buttons, and what a move got: the engine's own reason
when it refused the move, the lesson's explanation otherwise. A wrong move is never played:
Retry (R) clears the words and the step goes on; Next (Enter or N) follows a success.

Keys: click a tile (or Left/Right and Enter) to discard it; U then a tile declares uper with it;
the hand's cursor is the table's (`HandCursor`): after a draw, a kong's or a flower's replacement
included, it rests on the drawn tile, so Enter (like Space) discards what was drawn;
P pung, K kong, W win, Space pass; for a quiz click a tile or a number (Left/Right and Enter);
Esc back to the list.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.actions import (
    KONG,
    PASS,
    PUNG,
    WIN,
    Action,
    ConcealedKong,
    Discard,
    Kong,
    Pung,
    Win,
)
from game.engine.kinds import OFFERS, PLAYS
from game.i18n import register_texts, text, yak_name

from ..board_picture import BoardPicture, info_for
from ..controls import HandCursor
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
    from game.practice.tutorial import Lesson, LessonRun
    from game.ui.app import App

GREEN = (120, 210, 140)

register_texts("ui", {
    "learn.title": "Learn to play",
    "learn.intro": "Short lessons on a real table: each shows one part of the game and asks you to play it.",
    "learn.lesson_n": "Lesson {n}",
    "learn.done": "done",
    "learn.progress": "Lessons done: {n} of {total}",
    "learn.yak_guide": "Yak guide: every scoring pattern with an example",
    "learn.help": "Up/Down choose · Enter open · Esc back",
    "learn.broken": "The lessons cannot be loaded: {why}",
    "learn.back": "Back",
    "learn.step": "Step {n} of {total}",
    "learn.next": "Next",
    "learn.retry": "Retry",
    "learn.finish": "Finish",
    "learn.to_list": "Lessons",
    "learn.next_lesson": "Next lesson",
    "learn.complete": "Lesson complete!",
    "learn.complete_text": "Well done. Replay it any time from the list.",
    "learn.right": "Right!",
    "learn.not_yet": "Not quite.",
    "learn.engine_refused": "Refused by the rules: {why}",
    "learn.your_hand": "Your hand",
    "learn.drawn": "drawn",
    "learn.uper_pick": "Uper: now click the tile to discard",
    "learn.pick_tile": "Click the tile",
    "learn.pick_number": "Choose the number",
    "learn.hint": "Hint: {what}",
    "learn.hint_why": "Why: {why}",
    "learn.hand_over": "The hand is over.",
    "learn.score_head": "The engine's scoring",
    "learn.score_basic": ("{name}: {n} basic point", "{name}: {n} basic points"),
    "learn.score_bonus": ("{name}: +{n} bonus point", "{name}: +{n} bonus points"),
    "learn.score_total": "Ante {ante} + basic {basic} + bonus {bonus} = {total}",
    "learn.score_pays": "Each of the others pays {n}",
    "learn.keys": "Click a tile to discard · U uper · P pung · K kong · W win · Space pass · Esc back",
    "learn.keys_quiz": "Click your answer, or Left/Right and Enter · Esc back",
    "learn.keys_read": "Enter next · Esc back",
    "action.learn_pung": "Pung",
    "action.learn_kong": "Kong",
    "action.learn_win": "Win",
    "action.learn_pass": "Pass",
    "action.learn_uper": "Uper",
})


def praised(words: str, praise: str) -> bool:
    """Whether a step's own words already begin with the praise ("Right: five circles." after
    "Right!"; "맞습니다: ..." after "맞습니다!"): the lesson then says it once, not twice.

    >>> praised("Right: the East wind.", "Right!"), praised("South lost his turn.", "Right!")
    (True, False)
    """
    stem = praise.strip().rstrip("!.。！ ")
    return bool(stem) and words.lstrip().startswith(stem)


def _lessons() -> tuple[list[Lesson], str]:
    from game.practice.tutorial import LessonError, lessons

    try:
        return list(lessons()), ""
    except LessonError as e:
        return [], str(e)


class LearnScene(Scene):
    """The list of lessons, then the yak guide."""

    name = "learn"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        from game.practice.tutorial import load_progress

        self.lessons, self.error = _lessons()
        self.done = load_progress().done
        self.focus = next((i for i, les in enumerate(self.lessons) if les.id not in self.done), 0)
        self.hover: int | None = None

    def on_return(self) -> None:
        from game.practice.tutorial import load_progress

        self.done = load_progress().done

    @property
    def count(self) -> int:
        return len(self.lessons) + 1  # the yak guide last

    # --- geometry -------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        w, h = self.app.canvas.get_size()
        size = max(15, round(h * 0.026))
        box = pygame.Rect(0, 0, min(w - 40, max(640, round(w * 0.6))), h - 40)
        box.center = (w // 2, h // 2)
        top = box.y + round(size * 4.6)
        bh = max(30, round(h * 0.05))
        back = pygame.Rect(0, 0, max(140, round(box.w * 0.2)), bh)
        back.bottomright = (box.right - 20, box.bottom - 16)
        room = back.y - 14 - top
        rh = min(round(size * 2.3), room // self.count)
        rows = [pygame.Rect(box.x + 24, top + i * rh, box.w - 48, rh - 4) for i in range(self.count)]
        return {"box": box, "size": size, "rows": rows, "back": back}

    # --- input ----------------------------------------------------------------------------------
    def open(self, index: int) -> None:
        self.app.sound.play("click")
        if index >= len(self.lessons):
            self.app.push("yak_guide")
        else:
            self.app.push("lesson", lesson_id=self.lessons[index].id)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % self.count
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % self.count
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.focus)
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
        elif event.type == pygame.MOUSEMOTION:
            g = self.geometry()
            self.hover = next((i for i, r in enumerate(g["rows"]) if r.collidepoint(event.pos)), None)
            if self.hover is not None:
                self.focus = self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            g = self.geometry()
            if g["back"].collidepoint(event.pos):
                self.app.pop()
                return
            for i, r in enumerate(g["rows"]):
                if r.collidepoint(event.pos):
                    self.open(i)
                    return

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        g = self.geometry()
        fonts, tr, size, box = self.app.fonts, self.app.tr, g["size"], g["box"]
        draw_panel(surface, box, alpha=255)
        title = fonts.fit(tr("learn.title"), round(size * 1.5), box.w - 48, GOLD, bold=True)
        surface.blit(title, (box.x + 24, box.y + 16))
        y = box.y + 16 + title.get_height() + 4
        intro = fonts.fit(tr("learn.intro"), round(size * 0.8), box.w - 48, DIM)
        surface.blit(intro, (box.x + 24, y))
        if self.error:
            for i, ln in enumerate(wrap(fonts, tr("learn.broken", why=self.error), size, box.w - 48)[:8]):
                surface.blit(fonts.text(ln, size, RED_TEXT), (box.x + 24, g["rows"][0].y + i * round(size * 1.4)))
        else:
            for i, r in enumerate(g["rows"]):
                focused = i == self.focus
                fill = (44, 120, 88) if focused else (20, 64, 47)
                pygame.draw.rect(surface, fill, r, border_radius=6)
                if focused:
                    pygame.draw.rect(surface, GOLD, r, width=2, border_radius=6)
                rs = min(size, round(r.h * 0.5))
                if i < len(self.lessons):
                    les = self.lessons[i]
                    num = fonts.text(tr("learn.lesson_n", n=i + 1), round(rs * 0.8), DIM)
                    nw = max(num.get_width(), fonts.width(tr("learn.lesson_n", n=10), round(rs * 0.8)))
                    surface.blit(num, (r.x + 12, r.centery - num.get_height() // 2))
                    done = les.id in self.done
                    mark_w = 0
                    if done:
                        mark = fonts.text("✓ " + tr("learn.done"), rs, GREEN, bold=True)
                        mark_w = mark.get_width() + 16
                        surface.blit(mark, (r.right - mark_w, r.centery - mark.get_height() // 2))
                    name = fonts.fit(text(les.title, self.app.lang), rs, r.w - nw - 40 - mark_w, WHITE,
                                     bold=focused)
                    surface.blit(name, (r.x + nw + 28, r.centery - name.get_height() // 2))
                else:
                    name = fonts.fit(tr("learn.yak_guide"), rs, r.w - 40, GOLD, bold=focused)
                    surface.blit(name, (r.x + 12, r.centery - name.get_height() // 2))
        n = sum(1 for les in self.lessons if les.id in self.done)
        foot = fonts.fit(tr("learn.progress", n=n, total=len(self.lessons)) + " · " + tr("learn.help"),
                         round(size * 0.75), g["back"].x - box.x - 48, DIM)
        surface.blit(foot, (box.x + 24, g["back"].centery - foot.get_height() // 2))
        draw_button(surface, fonts, Button(g["back"], tr("learn.back")), False, round(size * 0.9))


class LessonScene(Scene):
    """One lesson played (see the module)."""

    name = "lesson"

    def __init__(self, app: App, lesson_id: str) -> None:
        super().__init__(app)
        from game.practice.tutorial import LessonRun, lesson

        self.lesson = lesson(lesson_id)
        self.run: LessonRun = LessonRun(self.lesson)
        self.board = BoardPicture(app)
        self.uper_mode = False
        self.cursor = -1  # the quiz choice the keyboard points at (-1: none yet)
        #: the hand's cursor: the table's rule (on the drawn tile after every draw), reset at
        #: every new decision of the lesson (`tile_cursor`)
        self.hand_cursor = HandCursor()
        self._cursor_for: tuple[int, int, object] | None = None
        self.hover: str | None = None
        self.saved = False
        self._hints: tuple[int, Any] | None = None

    # --- what the step offers -------------------------------------------------------------------
    def hand(self) -> tuple[list[int], int | None]:
        """The player's concealed tiles (sorted, the drawn one apart) and the drawn tile."""
        t = self.run.table
        if t is None:
            return [], None
        obs = t.observation(self.run.player)
        tiles = list(obs.concealed)
        drawn = obs.drawn
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        return tiles, drawn

    def action_buttons(self) -> list[tuple[str, Action]]:
        """The moves besides discarding: (label key, action), as the engine offers them (a
        refused win or uper is offered too: the engine then says why)."""
        run = self.run
        d = run.decision
        step = run.step
        if run.state not in ("doing", "wrong") or step.goal in ("read", "watch", "pick_tile", "pick_number"):
            return []
        out: list[tuple[str, Action]] = []
        if d is None:
            if run.refused_win() is not None:
                out.append(("action.learn_win", WIN))
            return out
        offered = set(d.legal) | set(d.notes)
        if WIN in offered:
            out.append(("action.learn_win", WIN))
        if d.kind in OFFERS:
            if PUNG in offered:
                out.append(("action.learn_pung", PUNG))
            if KONG in offered:
                out.append(("action.learn_kong", KONG))
            out.append(("action.learn_pass", PASS))
            return out
        kongs = [a for a in d.legal if isinstance(a, ConcealedKong)]
        if kongs:
            out.append(("action.learn_kong", kongs[0]))
        if any(isinstance(a, Discard) and a.uper for a in offered) or step.goal in ("uper", "try_uper"):
            out.append(("action.learn_uper", Discard(0, True)))  # a mode: the tile comes next
        return out

    def tile_cursor(self) -> int | None:
        """The index (in the hand strip) of the tile the keyboard points at. A new decision
        starts the cursor as the table does: on the drawn tile, or on the last tile when nothing
        was drawn (after a claim)."""
        tiles, drawn = self.hand()
        n = len(tiles) + (drawn is not None)
        t = self.run.table
        now = (self.run.index, len(t.events) if t is not None else 0, self.run.decision)
        if now != self._cursor_for:
            self._cursor_for = now
            self.hand_cursor.reset(n, at_drawn=True, drawn=drawn is not None)
        self.hand_cursor.follow(n)
        i = self.hand_cursor.index
        return i if i is not None and 0 <= i < n else None

    def can_discard(self) -> bool:
        d = self.run.decision
        return (self.run.state in ("doing", "wrong") and d is not None and d.kind in PLAYS
                and self.run.step.goal in ("discard", "uper", "try_uper", "safe", "win", "try_win", "play"))

    # --- geometry -------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        W, H = self.app.canvas.get_size()
        m = max(8, W // 110)
        size = max(14, round(H * 0.024))
        head = pygame.Rect(m, m, W - 2 * m, round(size * 2.2))
        bw = round(W * 0.6)
        bh = min(round(bw / 1.6), round(H * 0.6))
        bw = round(bh * 1.6)
        board = pygame.Rect(m, head.bottom + m, bw, bh)
        panel = pygame.Rect(board.right + m, head.bottom + m, W - board.right - 2 * m, H - head.bottom - 2 * m)
        below = pygame.Rect(m, board.bottom + m, bw, H - board.bottom - 2 * m)
        bth = max(28, round(H * 0.048))
        # the hand strip: up to 14 tiles and the drawn one apart
        tiles, drawn = self.hand()
        tw = max(16, min(round(below.w / 16), round((below.h - bth - 3 * m - size * 1.7) / 1.45)))
        gap = max(2, tw // 12)
        strip_y = below.y + round(size * 1.7)
        rects: list[tuple[int, pygame.Rect]] = []
        x = below.x + 8
        for k in tiles:
            rects.append((k, pygame.Rect(x, strip_y, tw, round(tw * 1.34))))
            x += tw + gap
        if drawn is not None:
            x += tw // 2
            rects.append((drawn, pygame.Rect(x, strip_y, tw, round(tw * 1.34))))
        # the action buttons, under the strip
        acts = self.action_buttons()
        ab: list[tuple[str, Action, pygame.Rect]] = []
        ay = below.bottom - bth
        aw = max(110, min(180, below.w // 5))
        for i, (key, a) in enumerate(acts):
            ab.append((key, a, pygame.Rect(below.x + 8 + i * (aw + 10), ay, aw, bth)))
        # the panel's buttons at its bottom
        pb: dict[str, pygame.Rect] = {}
        pw = (panel.w - 40) // 2
        py = panel.bottom - 14 - bth
        names = self.panel_buttons()
        for i, nm in enumerate(names):
            pb[nm] = pygame.Rect(panel.right - 16 - (len(names) - i) * (pw + 8) + 8, py, pw, bth)
        # quiz choices: tiles in the board area, numbers as buttons
        choices: list[tuple[int, pygame.Rect]] = []
        step = self.run.step
        if step.goal == "pick_tile":
            k = len(step.choices)
            cw = min(round(board.w / (k + 1.5)), round(board.h * 0.3))
            cx = board.centerx - (k * cw + (k - 1) * (cw // 4)) // 2
            for i, kind in enumerate(step.choices):
                choices.append((kind, pygame.Rect(cx + i * (cw + cw // 4), board.centery - round(cw * 0.45), cw,
                                                  round(cw * 1.34))))
        elif step.goal == "pick_number":
            k = len(step.choices)
            cw = min(160, (below.w - 20) // k - 10)
            for i, num in enumerate(step.choices):
                choices.append((num, pygame.Rect(below.x + 8 + i * (cw + 10), below.y + round(size * 1.5), cw, bth)))
        return {"head": head, "board": board, "panel": panel, "below": below, "size": size, "tiles": rects,
                "actions": ab, "buttons": pb, "choices": choices, "bth": bth}

    def panel_buttons(self) -> list[str]:
        run = self.run
        if run.finished:
            nxt = self._next_lesson()
            return ["to_list", "next_lesson"] if nxt is not None else ["to_list"]
        out = []
        if run.state == "wrong":
            out.append("retry")
        if run.state == "success" or run.step.goal in ("read", "watch"):
            last = run.index + 1 >= len(run.lesson.steps)
            out.append("finish" if last else "next")
        return out

    def _next_lesson(self) -> str | None:
        from game.practice.tutorial import lessons

        ids = [les.id for les in lessons()]
        i = ids.index(self.lesson.id)
        return ids[i + 1] if i + 1 < len(ids) else None

    # --- input ----------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        self.uper_mode = False
        self.run.act(action)
        self.cursor = -1
        self._after()

    def _after(self) -> None:
        if self.run.finished and not self.saved:
            from game.practice.tutorial import mark_done

            mark_done(self.lesson.id)
            self.saved = True
            self.app.sound.play("click")

    def press(self, name: str) -> None:
        run = self.run
        if name == "retry":
            run.retry()
        elif name in ("next", "finish"):
            run.next()
            self.uper_mode = False
            self.cursor = -1
            self._after()
        elif name == "to_list":
            self.app.pop()
        elif name == "next_lesson":
            nxt = self._next_lesson()
            if nxt is not None:
                self.app.replace("lesson", lesson_id=nxt)

    def click_tile(self, kind: int) -> None:
        if not self.can_discard():
            return
        self.act(Discard(kind, uper=self.uper_mode))

    def choose(self, value: int) -> None:
        self.run.pick(value)
        self._after()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self._under(event.pos)
            if self.hover is not None and self.hover.startswith("tile:"):
                self.tile_cursor()
                self.hand_cursor.index = int(self.hover[5:])  # the mouse chooses, as at the table
                self.hand_cursor.on_drawn = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            what = self._under(event.pos)
            if what is None:
                return
            kind, _, value = what.partition(":")
            if kind == "tile":
                tiles = self.geometry()["tiles"]
                self.click_tile(tiles[int(value)][0])
            elif kind == "choice":
                self.choose(int(value))
            elif kind == "action":
                self._action(int(value))
            elif kind == "button":
                self.press(value)

    def _under(self, pos: tuple[int, int]) -> str | None:
        g = self.geometry()
        for name, r in g["buttons"].items():
            if r.collidepoint(pos):
                return f"button:{name}"
        for i, (_k, _a, r) in enumerate(g["actions"]):
            if r.collidepoint(pos):
                return f"action:{i}"
        for v, r in g["choices"]:
            if r.collidepoint(pos) and self.run.state in ("doing", "wrong"):
                return f"choice:{v}"
        for i, (_k, r) in enumerate(g["tiles"]):
            if r.collidepoint(pos):
                return f"tile:{i}"
        return None

    def _action(self, index: int) -> None:
        acts = self.action_buttons()
        if not 0 <= index < len(acts):
            return
        key, a = acts[index]
        if key == "action.learn_uper":
            self.uper_mode = not self.uper_mode
            return
        self.act(a)

    def _key(self, key: int) -> None:
        run = self.run
        if key == pygame.K_ESCAPE:
            if self.uper_mode:
                self.uper_mode = False
            else:
                self.app.pop()
            return
        names = self.panel_buttons()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n) and any(
                n in names for n in ("next", "finish", "next_lesson")) and not (
                key != pygame.K_n and run.step.goal in ("pick_tile", "pick_number") and run.state != "success"):
            self.press(next(n for n in ("next", "finish", "next_lesson", "to_list") if n in names))
            return
        if key == pygame.K_r and "retry" in names:
            self.press("retry")
            return
        g = self.geometry()
        items = [v for v, _ in g["choices"]]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and items:
            self.cursor = (max(self.cursor, 0) + (1 if key == pygame.K_RIGHT else -1)) % len(items)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and items:
            self.choose(items[min(max(self.cursor, 0), len(items) - 1)])
            return
        tiles = [k for k, _ in g["tiles"]]
        if tiles and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
                             pygame.K_RETURN, pygame.K_KP_ENTER):
            self.tile_cursor()  # a new decision puts the cursor on the drawn tile first
            res = self.hand_cursor.key(key, len(tiles))
            if res is not None and res[0] == "discard" and isinstance(res[1], int):
                self.click_tile(tiles[res[1]])
            return
        acts = self.action_buttons()
        wanted: dict[int, type] = {pygame.K_p: Pung, pygame.K_k: Kong, pygame.K_w: Win}
        if key in wanted:
            for i, (_k, a) in enumerate(acts):
                if isinstance(a, wanted[key]) or (key == pygame.K_k and isinstance(a, ConcealedKong)):
                    self._action(i)
                    return
        if key == pygame.K_u:
            for i, (k, _a) in enumerate(acts):
                if k == "action.learn_uper":
                    self._action(i)
                    return
        if key == pygame.K_SPACE:
            if any(k == "action.learn_pass" for k, _ in acts):
                self.act(PASS)
            elif self.can_discard():
                _tiles, drawn = self.hand()
                if drawn is not None:
                    self.click_tile(drawn)

    # --- words ----------------------------------------------------------------------------------
    def feedback_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the last move got, in the player's words."""
        run, tr, lang = self.run, self.app.tr, self.app.lang
        fb = run.feedback
        out: list[tuple[str, tuple[int, int, int]]] = []
        if fb is None:
            return out
        colour = GREEN if fb.ok else RED_TEXT
        if fb.engine and fb.reason is not None:
            out.append((tr("learn.engine_refused", why=self.app.reason(fb.reason)), colour))
        elif not fb.ok and fb.key is None:
            out.append((tr("learn.not_yet"), colour))
        if fb.key is not None:
            words = text(fb.key, lang)
            praise = fb.ok and not fb.engine and not praised(words, tr("learn.right"))
            out.append(((tr("learn.right") + " " if praise else "") + words, colour))
        elif fb.ok and not fb.engine:
            out.append((tr("learn.right"), colour))
        if fb.extra is not None:
            out.append((self.app.reason(fb.extra), RED_TEXT))
        return out

    def hint_lines(self) -> list[str]:
        """For a `play` step: the hints' suggestion and why (the practice hints, as at the table)."""
        run = self.run
        d = run.decision
        if run.step.goal != "play" or d is None or run.table is None:
            return []
        n = len(run.table.events)
        if self._hints is None or self._hints[0] != n:
            try:
                from game.practice.hints import hints

                h = hints(d, run.table.events, rules=run.table.rules)
            except Exception:  # noqa: BLE001 - hints are help, never a crash
                h = None
            self._hints = (n, h)
        h = self._hints[1]
        if h is None or h.suggested is None:
            return []
        from game.i18n import action_text

        out = [self.app.tr("learn.hint", what=action_text(h.suggested, self.app.lang, notation=self.app.notation))]
        if h.reason is not None:
            out.append(self.app.tr("learn.hint_why", why=self.app.reason(h.reason)))
        return out

    def score_lines(self) -> list[str]:
        t = self.run.table
        if t is None or t.result is None or not t.result.winners:
            return []
        tr, lang = self.app.tr, self.app.lang
        r = t.result.winners[0].result
        out = [tr("learn.score_head")]
        for y in r.yak:
            key = "learn.score_basic" if y.kind == "basic" else "learn.score_bonus"
            out.append(tr(key, name=yak_name(y.key, lang), n=y.points))
        out.append(tr("learn.score_total", ante=r.ante, basic=r.basic, bonus=r.bonus, total=r.total))
        w = t.result.winners[0]
        if w.from_seat is None:
            out.append(tr("learn.score_pays", n=r.total))
        return out

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_gradient(surface, FELT_TOP, FELT_BOTTOM)
        g = self.geometry()
        fonts, tr, lang, size = self.app.fonts, self.app.tr, self.app.lang, g["size"]
        run = self.run
        head = g["head"]
        order = next((i for i, les in enumerate(_lessons()[0]) if les.id == self.lesson.id), 0) + 1
        title = f"{tr('learn.lesson_n', n=order)} · {text(self.lesson.title, lang)}"
        steps = tr("learn.step", n=run.index + 1, total=len(run.lesson.steps))
        st = fonts.text(steps, size, DIM)
        surface.blit(st, st.get_rect(midright=(head.right - 8, head.centery)))
        tt = fonts.fit(title, round(size * 1.25), head.w - st.get_width() - 40, GOLD, bold=True)
        surface.blit(tt, tt.get_rect(midleft=(head.x + 8, head.centery)))
        self._draw_board(surface, g)
        self._draw_below(surface, g)
        self._draw_panel(surface, g)

    def _draw_board(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        run, board = self.run, g["board"]
        step = run.step
        if run.table is not None and step.goal not in ("pick_tile",):
            info = info_for(run.table, run.player, self.app.lang, self.app.tr("practice.you"))
            if step.goal == "watch":
                shown = run.shown_events()
                taken = sum(len(getattr(e, "positions", ())) for e in shown if e.type == "deal") + sum(
                    1 for e in shown if e.type == "draw")
                info = dataclasses.replace(info, wall_count=(104 if run.table.rules.flowers else 100) - taken)
            pic = self.board.render(run.shown_events(), run.player, False, board.size, info,
                                    key=(id(run.table), run.index))
            surface.blit(pic, board)
            pygame.draw.rect(surface, (60, 130, 100), board, width=2, border_radius=4)
            return
        draw_panel(surface, board, alpha=255, radius=8)
        art = self.app.art
        if step.goal == "pick_tile":
            for i, (kind, r) in enumerate(g["choices"]):
                surface.blit(art.tile(kind, r.w), r.topleft)
                name = f"choice:{kind}"
                if self.hover == name or (i == self.cursor):
                    pygame.draw.rect(surface, GOLD, r.inflate(8, 8), width=3, border_radius=6)
                fb = run.feedback
                if run.state == "success" and kind == step.tile and fb is not None and fb.ok:
                    pygame.draw.rect(surface, GREEN, r.inflate(12, 12), width=4, border_radius=8)
            return
        if step.tiles:
            k = len(step.tiles)
            tw = min(round(board.w / (k + 2)), round(board.h * 0.32))
            gap = max(3, tw // 8)
            x0 = board.centerx - (k * tw + (k - 1) * gap) // 2
            for i, kind in enumerate(step.tiles):
                img = art.tile(kind, tw)
                surface.blit(img, (x0 + i * (tw + gap), board.centery - img.get_height() // 2))
        else:
            deco = [18, 19, 20, 21, 22, 23, 24]
            tw = min(round(board.w / 9), round(board.h * 0.25))
            x0 = board.centerx - (7 * tw + 6 * (tw // 6)) // 2
            for i, kind in enumerate(deco):
                img = art.tile(kind, tw)
                surface.blit(img, (x0 + i * (tw + tw // 6), board.centery - img.get_height() // 2))

    def _draw_below(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        fonts, tr, size = self.app.fonts, self.app.tr, g["size"]
        run = self.run
        below = g["below"]
        small = round(size * 0.85)
        step = run.step
        if step.goal == "pick_number":
            lab = fonts.fit(tr("learn.pick_number"), small, below.w - 16, DIM)
            surface.blit(lab, (below.x + 8, below.y))
            for i, (num, r) in enumerate(g["choices"]):
                b = Button(r, str(num), run.state in ("doing", "wrong"))
                draw_button(surface, fonts, b, i == self.cursor, size, hovered=self.hover == f"choice:{num}")
            return
        if step.goal == "pick_tile":
            lab = fonts.fit(tr("learn.pick_tile"), small, below.w - 16, DIM)
            surface.blit(lab, (below.x + 8, below.y))
            return
        if run.table is None or not g["tiles"] or step.goal == "watch":
            return
        label = tr("learn.uper_pick") if self.uper_mode else tr("learn.your_hand")
        lab = fonts.fit(label, small, below.w - 16, GOLD if self.uper_mode else DIM, bold=self.uper_mode)
        surface.blit(lab, (below.x + 8, below.y))
        active = self.can_discard()
        at = self.tile_cursor()
        for i, (kind, r) in enumerate(g["tiles"]):
            lift = 0
            if active and (self.hover == f"tile:{i}" or i == at):
                lift = max(3, r.h // 8)
            surface.blit(self.app.art.tile(kind, r.w), (r.x, r.y - lift))
            if active and i == at:
                pygame.draw.rect(surface, GOLD, r.move(0, -lift).inflate(4, 4), width=2, border_radius=4)
        _tiles, drawn = self.hand()
        if drawn is not None:
            r = g["tiles"][-1][1]
            d = fonts.fit(tr("learn.drawn"), round(small * 0.85), r.w * 2, DIM)
            surface.blit(d, d.get_rect(midtop=(r.centerx, r.bottom + 2)))
        for i, (key, _a, r) in enumerate(g["actions"]):
            b = Button(r, tr(key))
            sel = key == "action.learn_uper" and self.uper_mode
            draw_button(surface, fonts, b, sel, size, hovered=self.hover == f"action:{i}")

    def _draw_panel(self, surface: pygame.Surface, g: dict[str, Any]) -> None:
        fonts, tr, lang, size = self.app.fonts, self.app.tr, self.app.lang, g["size"]
        run = self.run
        panel = g["panel"]
        draw_panel(surface, panel, alpha=255)
        inner = panel.inflate(-28, -24)
        buttons = g["buttons"]
        bottom = min((r.y for r in buttons.values()), default=panel.bottom - 12) - 10
        keys = ("learn.keys_quiz" if run.step.goal in ("pick_tile", "pick_number") else
                "learn.keys_read" if run.step.goal in ("read", "watch") or run.finished else "learn.keys")
        hint = fonts.fit(tr(keys), round(size * 0.7), inner.w, DIM)
        surface.blit(hint, hint.get_rect(bottomleft=(inner.x, bottom)))
        bottom -= hint.get_height() + 8
        y = inner.y
        blocks: list[tuple[str, tuple[int, int, int], int, bool]] = []
        if run.finished:
            blocks.append((tr("learn.complete"), GOLD, round(size * 1.3), True))
            blocks.append((tr("learn.complete_text"), WHITE, size, False))
        else:
            blocks.append((text(run.step.key, lang), WHITE, round(size * 1.08), False))
            for line, colour in self.feedback_lines():
                blocks.append((line, colour, size, False))
            if run.step.show == "score":
                for line in self.score_lines():
                    blocks.append((line, GOLD, round(size * 0.9), False))
            if run.step.goal == "play":
                if run.table is not None and run.table.is_over:
                    blocks.append((tr("learn.hand_over"), GOLD, size, True))
                for line in self.hint_lines():
                    blocks.append((line, GOLD, round(size * 0.9), False))
        # shrink the words until they fit above the buttons
        for shrink in (1.0, 0.92, 0.85, 0.78, 0.7):
            lines: list[tuple[str, tuple[int, int, int], int, bool]] = []
            for words, colour, sz, bold in blocks:
                s = max(11, round(sz * shrink))
                lines += [(ln, colour, s, bold) for ln in wrap(fonts, words, s, inner.w)]
                lines.append(("", colour, s, bold))
            total = sum(round(s * 1.32) for _ln, _c, s, _b in lines)
            if y + total <= bottom:
                break
        for ln, colour, s, bold in lines:
            if ln and y + round(s * 1.32) <= bottom:
                surface.blit(fonts.text(ln, s, colour, bold), (inner.x, y))
            y += round(s * 1.32) if ln else round(s * 0.5)
        labels = {"retry": "learn.retry", "next": "learn.next", "finish": "learn.finish",
                  "to_list": "learn.to_list", "next_lesson": "learn.next_lesson"}
        for name, r in buttons.items():
            b = Button(r, tr(labels[name]))
            draw_button(surface, fonts, b, name in ("next", "finish", "next_lesson"), size,
                        hovered=self.hover == f"button:{name}")
