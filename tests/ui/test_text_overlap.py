"""No text drawn over other text or off the window, on every main screen, in both languages, at
the smallest and a large window size.

Each screen is drawn once onto a recording surface: every text surface the fonts make is known
by its words (`Fonts.text`), and every time one is blitted onto the screen its rectangle is kept.
Two different texts whose rectangles overlap (by more than a couple of pixels of their glyph
boxes' empty margins) fail the test, naming both. Only the screen on top is recorded (a dialog's
opaque panel hides what is under it), and a text drawn twice at the same place counts once.

Every opaque rectangle blitted or filled (a panel, a dialog, a tile, the background) is a box a
text can sit in: a text must lie inside the last such box drawn under it, not run over its edge
(`outside_panels`). The window's background, and any band drawn across the whole window (the
felt's gradient), is the box of whatever sits on no panel.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.widgets import Fonts

SIZES = [(1024, 640), (1920, 1080)]
LANGS = ["en", "ko"]


class Recording(pygame.Surface):
    """A screen that remembers where text was blitted."""

    def __init__(self, size: tuple[int, int], words: dict[int, str]) -> None:
        super().__init__(size)
        self.words = words
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.panels: list[pygame.Rect] = [self.get_rect()]  # opaque boxes, in drawing order
        self.outside: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (text, where, its box)

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        s = self.words.get(id(source))
        if s is not None and s.strip() and r.w > 0 and r.h > 0:
            self.texts.append((s, pygame.Rect(r)))
            ink = _ink(r) if r.h > 8 else pygame.Rect(r)  # a text cut by a scrolling clip
            box = next((p for p in reversed(self.panels) if p.colliderect(ink)), self.get_rect())
            if not box.contains(ink):
                self.outside.append((s, pygame.Rect(r), box))
        elif s is None and r.w > 8 and r.h > 8 and _opaque(source):
            self.covered(r)  # a panel or a picture laid over what was drawn before
        return r

    def fill(self, color, rect=None, special_flags=0):  # type: ignore[override]
        r = super().fill(color, rect, special_flags)
        if special_flags == 0 and r.w > 0 and r.h > 0:
            self.covered(r)
        return r

    def outside_panels(self) -> list[str]:
        """Texts still in sight that run over the edge of the box they were drawn on."""
        seen = {(s, tuple(r)) for s, r in self.texts}
        return sorted({f"{s!r} {tuple(r)} runs out of its panel {tuple(box)}"
                       for s, r, box in self.outside if (s, tuple(r)) in seen})

    def covered(self, r: pygame.Rect) -> None:
        """Texts under an opaque rectangle are hidden: wholly covered ones no longer count, and
        one covered across its width keeps only the rows still in sight."""
        if r.h < self.get_height() and r.w < self.get_width():  # a band across is background
            self.panels.append(pygame.Rect(r))
        kept = []
        for s, t in self.texts:
            if r.contains(t):
                continue
            if r.left <= t.left and r.right >= t.right and r.colliderect(t):
                above = pygame.Rect(t.x, t.y, t.w, max(0, r.top - t.top))
                below = pygame.Rect(t.x, r.bottom, t.w, max(0, t.bottom - r.bottom))
                t = above if above.h >= below.h else below
                if t.h <= 0:
                    continue
            kept.append((s, t))
        self.texts = kept


def _ink(r: pygame.Rect) -> pygame.Rect:
    """A text box without its glyph box's empty margins (as `overlaps` allows)."""
    return r.inflate(-4, -max(4, r.h // 4))


def _opaque(surface: pygame.Surface) -> bool:
    """Is the surface opaque in its middle and near its corners' insides (a panel, a tile)?"""
    if not surface.get_flags() & pygame.SRCALPHA:
        return True
    w, h = surface.get_size()
    return all(surface.get_at((x, y)).a == 255 for x, y in
               ((w // 2, h // 2), (w // 4, h // 4), (3 * w // 4, 3 * h // 4)))


@pytest.fixture
def words(monkeypatch):
    known: dict[int, str] = {}
    keep: list[pygame.Surface] = []  # the ids stay valid while the test runs
    text = Fonts.text

    def spy(self, s, size, colour=(255, 255, 255), bold=False):
        surf = text(self, s, size, colour, bold)
        known[id(surf)] = s
        keep.append(surf)
        return surf

    monkeypatch.setattr(Fonts, "text", spy)
    return known


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


def off_screen(texts: list[tuple[str, pygame.Rect]], size: tuple[int, int]) -> list[str]:
    """Texts that run off the window."""
    screen = pygame.Rect((0, 0), size)
    return [f"{s!r} {tuple(r)} leaves the window" for s, r in texts if not screen.contains(r)]


def overlaps(texts: list[tuple[str, pygame.Rect]]) -> list[str]:
    out = []
    seen = {(s, tuple(r)) for s, r in texts}
    unique = [(s, pygame.Rect(r)) for s, r in seen]
    for (a, ra), (b, rb) in itertools.combinations(unique, 2):
        if a == b and ra == rb:
            continue
        # a glyph box has empty margins above and below the letters: allow a few pixels
        inner_a, inner_b = ra.inflate(-4, -max(4, ra.h // 4)), rb.inflate(-4, -max(4, rb.h // 4))
        if inner_a.colliderect(inner_b):
            out.append(f"{a!r} {tuple(ra)} overlaps {b!r} {tuple(rb)}")
    return out


def problems(rec: Recording, size: tuple[int, int]) -> list[str]:
    """Everything the test refuses on one recorded screen: texts over texts, off the window,
    or over the edge of their panel."""
    return overlaps(rec.texts) + off_screen(rec.texts, size) + rec.outside_panels()


def draw_top(app: App, words: dict[int, str]) -> list[tuple[str, pygame.Rect]]:
    """Draw the screen below the top one, then record only the top screen's own texts."""
    return record_top(app, words).texts


def record_top(app: App, words: dict[int, str]) -> Recording:
    """`draw_top`'s recording: the texts in sight and those that run out of their panels."""
    app.step([], 1 / 60)
    rec = Recording(app.canvas.get_size(), words)
    rec.blit(app.canvas, (0, 0))
    rec.texts.clear()
    rec.outside.clear()
    app.top.draw(rec)
    return rec


MAIN_SCREENS = ["title", "new_game", *(f"settings-{k}" for k in range(5)), "rules", "statistics",
                "replays", "yak_guide", "learn"]


def open_screen(app: App, name: str) -> None:
    """Open one of `MAIN_SCREENS` (a settings page by its number)."""
    if name.startswith("settings-"):
        sc = app.make("settings")
        app.push(sc)
        sc.set_page(int(name.split("-")[1]))
    else:
        app.push(name)


def run_until(app: App, cond, frames: int = 3000) -> bool:
    for _ in range(frames):
        if cond():
            return True
        app.step([], 1 / 30)
    return cond()


def table_screens(app: App, name: str) -> None:
    """Open a table screen: the human's turn (hints off or on), a hand's result, a replay."""
    from ai.registry import parse_seats
    from game.ui.scenes.table import TableScene

    if name == "replay":
        from ai.random_seat import RandomSeat
        from game.engine.rules import RuleSet
        from game.engine.session import Session
        from game.records import RecordWriter
        from game.ui.scenes.replay_viewer import ReplayViewerScene

        w = RecordWriter(Session(RuleSet(), seed=3, hands=1), human=0,
                         seat_kinds=("human", "random", "random", "random"))
        w.play([RandomSeat(30 + i) for i in range(4)])
        app.push(ReplayViewerScene(app, w.path))
        for _ in range(40):  # some way into the hand
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")],
                     1 / 30)
        return
    if name == "hand_result":
        sc = TableScene(app, parse_seats("ai,ai,ai,ai"), seed=6, hands=2)
        app.push(sc)
        assert run_until(app, lambda: app.top is not sc)
        return
    sc = TableScene(app, ["human", "random", "random", "random"], seed=17, hands=1)
    app.push(sc)
    assert run_until(app, lambda: sc.prompt_for is not None and sc.prompt_for.kind == "turn"
                     and sc.director.idle)
    if name == "table-hints":
        sc.toggle_hints()
    elif name == "pause":
        app.push("pause", owner=sc)
    elif name == "leave":
        sc.ask_to_leave()
        assert app.top.name == "confirm"


def practice_screens(app: App, name: str) -> None:
    """The uper-timing practice: its setup, a decision (hints open), a played-out result."""
    from game.ui.scenes.practice import PracticeScene

    s = PracticeScene(app, threaded=False, playouts=4, seed=2, stage="any", mix="legal")
    app.push(s)
    app.step([], 1 / 60)
    if name == "practice-setup":
        return
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")], 1 / 60)
    s.wait()
    assert s.state == "decide"
    if name == "practice-result":
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="")], 1 / 60)
        s.wait()
        assert s.state == "result"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["practice-setup", "practice-decide", "practice-result",
                                  "session_result"])
def test_no_text_over_text_in_practice_and_the_session_result(words, lang, size, name):
    pygame.init()
    app = App(Settings(language=lang, sound=False, animation_speed="instant", ai_delay_ms=0),
              size=size)
    try:
        if name == "session_result":
            from ai.registry import parse_seats
            from game.ui.scenes.table import TableScene

            sc = TableScene(app, parse_seats("ai,ai,ai,ai"), seed=6, hands=1)
            app.push(sc)
            enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
            for _ in range(3000):
                if app.top.name == "session_result":
                    break
                app.step([enter] if app.top.name == "hand_result" else [], 1 / 30)
            assert app.top.name == "session_result"
        else:
            practice_screens(app, name)
        rec = record_top(app, words)
        found = problems(rec, size)
    finally:
        app.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["table", "table-hints", "pause", "leave", "hand_result", "replay"])
def test_no_text_over_text_at_the_table(words, lang, size, name):
    pygame.init()
    app = App(Settings(language=lang, sound=False, animation_speed="instant", ai_delay_ms=0),
              size=size)
    try:
        table_screens(app, name)
        rec = record_top(app, words)
        found = problems(rec, size)
    finally:
        app.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_no_text_over_text_on_the_main_screens(words, lang, size):
    pygame.init()
    found = []
    for name in MAIN_SCREENS:
        app = App(Settings(language=lang, sound=False), size=size)
        try:
            open_screen(app, name)
            rec = record_top(app, words)
            found += [f"{name}: {o}" for o in problems(rec, size)]
        finally:
            app.close()
    assert not found, "\n".join(found)


def test_a_text_too_long_for_its_box_is_cut_with_an_ellipsis_not_run_over():
    pygame.init()
    fonts = Fonts()
    long = "Nagari + Ante 3, Prevalent wind fixed East, Dealer keeps the deal on a dealer win only"
    surf = fonts.fit(long, 20, 200)
    assert surf.get_width() <= 200
    short = fonts.fit("Nagari", 20, 200)
    assert short.get_width() == fonts.text("Nagari", 20).get_width(), "what fits is left whole"


def test_the_panel_check_finds_a_text_running_over_its_panels_edge(words):
    """The check itself: a text inside its panel passes, one across the panel's edge fails,
    and one on the bare background passes."""
    pygame.init()
    fonts = Fonts()
    rec = Recording((400, 300), words)
    rec.fill((0, 40, 0))
    rec.fill((20, 60, 40), pygame.Rect(100, 100, 150, 80))  # a panel
    rec.blit(fonts.text("inside", 18), (110, 110))
    rec.blit(fonts.text("on the felt", 18), (10, 10))
    assert rec.outside_panels() == []
    rec.blit(fonts.text("across the edge", 18), (200, 140))
    found = rec.outside_panels()
    assert len(found) == 1 and "'across the edge'" in found[0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_no_text_over_text_on_any_page_of_the_yak_guide(words, lang, size):
    """Every entry of the yak guide (its example, its scoring lines), with a hand's reachable
    yak above it as at the table."""
    from game.engine.tiles import parse_tiles
    from game.practice.yak_guide import reach

    pygame.init()
    app = App(Settings(language=lang, sound=False), size=size)
    found = []
    try:
        s = app.push("yak_guide", reach=reach(parse_tiles("11m44m77m22p55p8p3z6z")))
        for i in range(len(s.entries)):
            s.select(i)
            rec = record_top(app, words)
            found += [f"{s.entry.key}: {o}" for o in problems(rec, size)]
    finally:
        app.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_no_text_over_text_in_any_step_of_any_lesson(words, lang, size):
    """Every step of every lesson (the Learn entry): as it opens, after a wrong move (the
    engine's reason or the lesson's explanation) and after the right one; the end of the lesson
    and the engine's score breakdown included."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "practice"))
    from test_tutorial import right_move, wrong_move

    from ai.registry import make_seat
    from game.practice.tutorial import lessons

    pygame.init()
    app = App(Settings(language=lang, sound=False), size=size)
    found: list[str] = []

    def check(tag: str) -> None:
        rec = record_top(app, words)
        found.extend(f"{tag}: {o}" for o in problems(rec, size))

    try:
        for les in lessons():
            sc = app.push("lesson", lesson_id=les.id)
            run = sc.run
            for _ in range(60):
                if run.finished:
                    break
                s = run.step
                tag = f"{les.id} step {run.index + 1}"
                check(tag)
                if s.goal in ("read", "watch"):
                    run.next()
                    continue
                if s.goal == "pick_tile":
                    run.pick(next(k for k in s.choices if k != s.tile))
                elif s.goal == "pick_number":
                    run.pick(next(n for n in s.choices if n != run.number_answer()))
                elif s.goal == "play":
                    me = make_seat("ai:beginner", seed=3)
                    for _ in range(5):
                        run.act(me.act(run.decision))
                    check(tag + " (playing)")
                    while run.state != "success":
                        run.act(me.act(run.decision))
                    check(tag + " (over)")
                    run.next()
                    continue
                else:
                    run.act(wrong_move(run))
                check(tag + " (wrong)")
                run.retry()
                if s.goal == "pick_tile":
                    run.pick(s.tile)
                elif s.goal == "pick_number":
                    run.pick(run.number_answer())
                else:
                    run.act(right_move(run))
                check(tag + " (right)")
                run.next()
            check(f"{les.id} (complete)")
            app.pop()
    finally:
        app.close()
    assert not found, "\n".join(found)


@pytest.fixture(scope="module")
def reviewed_record(tmp_path_factory):
    """A one-hand record of a beginner's play, reviewed once (the review is kept beside it)."""
    from ai.registry import make_seat
    from game.engine.rules import RuleSet
    from game.engine.session import Session
    from game.practice.game_review import review_record
    from game.records import RecordWriter

    d = tmp_path_factory.mktemp("reviewed")
    w = RecordWriter(Session(RuleSet(), seed=5, hands=1), directory=d, human=0,
                     seat_kinds=("human", "ai:standard", "ai:standard", "ai:standard"))
    w.play([make_seat("ai:beginner", seed=1)] + [make_seat("ai:standard", seed=i) for i in (2, 3, 4)])
    review_record(w.path, playouts=6, workers=1)
    return w.path


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_no_text_over_text_in_a_game_review(words, lang, size, reviewed_record):
    """The review's summary and list, and the replay viewer opened at a decision with the
    review's words over the board."""
    from game.ui.scenes.game_review import GameReviewScene

    pygame.init()
    app = App(Settings(language=lang, sound=False), size=size)
    found = []
    try:
        s = GameReviewScene(app, reviewed_record, playouts=6, workers=1, threaded=False)
        assert s.review is not None and s.review.cached
        app.push(s)
        rec = record_top(app, words)
        found += [f"review: {o}" for o in problems(rec, size)]
        assert s.open()
        rec = record_top(app, words)
        found += [f"viewer: {o}" for o in problems(rec, size)]
    finally:
        app.close()
    assert not found, "\n".join(found)
