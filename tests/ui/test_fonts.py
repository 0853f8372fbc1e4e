"""Fitting text to a width (`Fonts.fit`, `Fonts.fit_size`) picks the largest size that fits, as
a search over every size would, while opening each font once; and the table's tile sprites are
drawn ahead, in the frames' spare time, not during the deal (issue 14, Speed)."""

import math

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.assets import UI_FONT
from game.ui.scenes.results import HandResultScene
from game.ui.scenes.table import TableScene
from game.ui.widgets import FIT_MIN, MAX_FITS, Fonts

TEXTS = [
    "Pung", "East wins with a self-draw", "Seat choice by dice: each player throws two dice",
    "펑", "동가 쯔모 승리", "주사위로 자리 정하기: 각자 주사위 두 개를 던집니다",
    "Nagari + Ante 3, Prevalent wind fixed East, 선 유지",
]


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))


@pytest.fixture(scope="module")
def ruler():
    """Widths measured the plain way: a font of its own for every size and weight."""
    pygame.font.init()
    fonts: dict[tuple[int, bool], pygame.font.Font] = {}

    def width(s: str, size: int, bold: bool = False) -> int:
        key = (max(6, size), bold)
        if key not in fonts:
            fonts[key] = pygame.font.Font(str(UI_FONT), key[0])
            fonts[key].set_bold(bold)
        return fonts[key].size(s)[0]
    return width


def largest(width, s: str, size: int, max_w: float, bold: bool) -> int:
    """Every size from `size` down to 60 % of it, the first that fits (else the smallest)."""
    sz = size
    while width(s, sz, bold) > max_w and sz > size * FIT_MIN:
        sz -= 1
    return sz


@pytest.fixture
def opens(monkeypatch):
    """How often the UI font is opened (the tile font is not counted), with the sizes."""
    real = pygame.font.Font
    seen: list[int] = []

    def counting(path=None, size=20, *args):
        if str(path) == str(UI_FONT):
            seen.append(size)
        return real(path, size, *args)
    monkeypatch.setattr(pygame.font, "Font", counting)
    return seen


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("bold", [False, True])
def test_fit_is_the_largest_size_that_fits_as_a_search_over_every_size_finds(text, bold, ruler):
    fonts = Fonts()
    for size in (14, 23, 40):
        full = ruler(text, size, bold)
        for frac in (1.3, 1.0, 0.97, 0.9, 0.8, 0.71, 0.62, 0.55, 0.2):
            max_w = full * frac
            shown, sz = fonts.fitted(text, size, max_w, bold)
            assert sz == largest(ruler, text, size, max_w, bold), (size, frac)
            surf = fonts.fit(text, size, max_w, bold=bold)
            if ruler(text, sz, bold) <= max_w:
                assert shown == text and surf.get_width() == ruler(text, sz, bold) <= max_w
            elif len(text) == 1:  # one letter is never cut to nothing
                assert shown == text and sz == math.floor(size * FIT_MIN)
            else:  # even 60 % is too wide: the longest start that fits, then "…"
                assert sz == math.floor(size * FIT_MIN) and shown.endswith("…")
                assert surf.get_width() <= max_w or shown == text[:1] + "…", (size, frac, shown)
                cut = len(shown) - 1
                assert text.startswith(shown[:-1])
                longer = [n for n in range(cut + 1, len(text) + 1) if text[n - 1] != " "]
                assert all(ruler(text[:n].rstrip() + "…", sz, bold) > max_w for n in longer)


def test_a_text_that_fits_is_drawn_whole_at_its_size():
    fonts = Fonts()
    for text in TEXTS:
        surf = fonts.fit(text, 20, 5000)
        assert surf is fonts.text(text, 20)


@pytest.mark.parametrize("bold", [False, True])
def test_fit_size_is_the_largest_size_at_which_every_label_fits(bold, ruler):
    fonts = Fonts()
    labels = [("Pung", 60.0), ("Kong", 60.0), ("Pass", 60.0)]
    assert fonts.fit_size(labels, 18, bold) == 18  # they all fit
    for size in (16, 22, 30):
        for width in (40, 55, 70, 90, 120):
            row = [(t, float(width)) for t in ("Pung", "Uper 엎어", "Pass", "Ssoa 쏘아")]
            got = fonts.fit_size(row, size, bold)
            want = size
            while want > size * FIT_MIN and any(ruler(t, want, bold) > w for t, w in row):
                want -= 1
            assert got == want, (size, width)


def test_each_size_is_opened_once_and_a_fit_opens_at_most_two_fonts(opens):
    fonts = Fonts()
    for text in TEXTS:
        before = len(opens)
        fonts.fit(text, 40, 150, bold=True)
        assert len(opens) - before <= 2  # the ruler (once) and the size it fits at
    n = len(opens)
    for _ in range(3):
        for text in TEXTS:
            fonts.fit(text, 40, 150, (200, 100, 50), bold=True)
            fonts.font(40)
            fonts.text(text, 40)
    assert len(opens) - n == 1  # only the plain 40 px font is new
    assert fonts.opened == len(opens)


def test_the_fitted_texts_remembered_are_bounded():
    fonts = Fonts()
    for i in range(MAX_FITS + 50):
        fonts.fitted(f"text {i}", 16, 1000)
    assert len(fonts.fits) == MAX_FITS


def play_a_hand(app: App, seats: str = "random", idle: bool = False, frames: int = 20000,
                deal_only: bool = False):
    """Frames of a hand at the app's speed until its result screen shows (or the deal is over);
    for each frame, whether the deal was on and how many tile sprites were drawn in it."""
    scene = TableScene(app, [seats] * 4, seed=3, hands=1)
    app.push(scene)
    art, real = app.art, app.art.tile
    drawn = [0]

    def tile(*args, **kw):  # a tile not in the cache is drawn now
        n = len(art.cache) + art.cache.evictions
        surf = real(*args, **kw)
        drawn[0] += len(art.cache) + art.cache.evictions - n
        return surf
    out = []
    for _ in range(frames):
        drawn[0] = 0
        art.tile = tile  # type: ignore[method-assign]
        app.step([], 1 / 60)
        art.tile = real  # type: ignore[method-assign]
        m = scene.director.model
        out.append((m.dealing and any(m.hands), drawn[0]))
        if idle:
            app.idle(0.01)
        if isinstance(app.top, HandResultScene) or (deal_only and any(m.hands) and not m.dealing):
            return out
    raise AssertionError("the hand did not end")


def test_a_played_hand_opens_each_font_size_once(opens):
    """A whole hand and its result screen: no font is opened twice (the cache does not thrash)
    and only the sizes text is written at are opened, with the two rulers that measure the
    sizes tried while fitting (fitting does not open every size it tries)."""
    pygame.init()
    app = App(Settings(language="ko", sound=False, animation_speed="fast", ai_delay_ms=0), size=(1280, 800))
    try:
        play_a_hand(app)
        for _ in range(3):
            app.step([], 1 / 60)
    finally:
        app.close()
    assert app.fonts.opened == len(opens) and app.fonts.fonts.evictions == 0
    written = {(max(6, size), bold) for _, size, _, bold in app.fonts.texts}
    assert app.fonts.texts.evictions == 0 and len(opens) <= len(written) + 2, (opens, written)


def test_the_deal_draws_no_tile_sprite_the_spare_time_drew_them_ahead():
    pygame.init()
    app = App(Settings(language="en", sound=False, animation_speed="fast", ai_delay_ms=0), size=(1280, 800))
    try:
        frames = play_a_hand(app, idle=True, deal_only=True)
    finally:
        app.close()
    deal = [n for dealing, n in frames if dealing]
    assert len(deal) > 10 and sum(deal) == 0


def test_without_spare_time_the_deal_draws_its_sprites_in_its_frames():
    """The check above can fail: without `App.idle` the deal's frames draw the tiles."""
    pygame.init()
    app = App(Settings(language="en", sound=False, animation_speed="fast", ai_delay_ms=0), size=(1280, 800))
    try:
        frames = play_a_hand(app, idle=False, deal_only=True)
    finally:
        app.close()
    assert sum(n for dealing, n in frames if dealing) > 0


def test_idle_does_only_the_steps_asked_without_spare_time_and_a_resize_queues_the_new_sizes():
    pygame.init()
    app = App(Settings(language="en", sound=False), size=(1280, 800))
    try:
        assert app.idle(0.0) is True and len(app.art) == 0  # no time: nothing drawn
        # a few steps all the same: the empty table, the table's text (which draws the plates'
        # wind tiles: `prepare_table_text`), then one sprite a step
        from game.ui.art import TileArt
        from game.ui.board import prepare_table_text
        from game.ui.widgets import Fonts

        text_art = TileArt()
        prepare_table_text(app.layout, text_art, Fonts(), "en")
        assert app.idle(0.0, steps=4) is True and 0 < len(app.art) <= len(text_art) + 2
        assert app.idle(30.0) is False  # all drawn
        first = set(app.art.cache)
        assert len(first) >= 4 * 30
        app.resize((1920, 1080))
        # the new size's sprites are drawn; the old size's, unused since, are dropped once the
        # resize has settled (`memory.settle`), so the count alone says nothing
        assert app.idle(30.0) is False
        new = set(app.art.cache) - first
        assert len(new) >= 4 * 30 and app.trims >= 1
    finally:
        app.close()


def test_the_work_ahead_for_a_layout_the_window_has_left_is_dropped(monkeypatch):
    """Two resizes before any spare time: only the last size's table and sprites are drawn."""
    import game.ui.app as app_module

    drawn = []
    real = app_module.table_background
    monkeypatch.setattr(app_module, "table_background", lambda lay, *a: drawn.append(lay.size) or real(lay, *a))
    pygame.init()
    fresh = App(Settings(language="en", sound=False), size=(1024, 640))
    try:
        fresh.idle(30.0)
        want = len(fresh.art)
    finally:
        fresh.close()
    app = App(Settings(language="en", sound=False), size=(1280, 800))
    try:
        app.resize((1920, 1080))
        app.resize((1024, 640))
        drawn.clear()
        assert app.idle(30.0) is False
        assert len(app.art) == want and drawn == [(1024, 640)]
    finally:
        app.close()


def _opens_in_the_result_screens_first_frame(idle: bool) -> int:
    app = App(Settings(language="en", sound=False, animation_speed="fast", ai_delay_ms=0), size=(1280, 800))
    try:
        app.push(TableScene(app, ["ai"] * 4, seed=3, hands=1))
        for _ in range(20000):
            before = app.fonts.opened
            app.step([], 1 / 60)  # the frame that opens the result screen draws it too
            if isinstance(app.top, HandResultScene):
                return app.fonts.opened - before
            if idle:
                app.idle(0.01)
        raise AssertionError("the hand did not end")
    finally:
        app.close()


def test_the_result_screens_fonts_are_opened_ahead_in_the_spare_time():
    """The hand's result screen opened 5 fonts in its first frame (its longest, 19 ms in
    bench_ui); the table now opens them in the spare time of the hand (`prepare_fonts`)."""
    pygame.init()
    assert _opens_in_the_result_screens_first_frame(idle=True) <= 1
    assert _opens_in_the_result_screens_first_frame(idle=False) >= 3, "the check can fail"


def _opens_in_the_hands_frames(idle: bool) -> int:
    """Fonts opened in the frames of a whole hand (the seat choice, the ritual with its banners,
    play with its calls, the result screen's first frame), not in the spare time between them.
    The table is opened after the title's spare time, as a player opens it."""
    app = App(Settings(language="en", sound=False, animation_speed="fast", ai_delay_ms=0), size=(1280, 800))
    try:
        if idle:
            assert app.idle(30.0) is False  # the title's spare time: the table ahead
        app.push(TableScene(app, ["ai"] * 4, seed=3, hands=1))
        opened = 0
        for _ in range(20000):
            before = app.fonts.opened
            app.step([], 1 / 60)
            opened += app.fonts.opened - before
            if isinstance(app.top, HandResultScene):
                return opened
            if idle:
                app.idle(0.01)
        raise AssertionError("the hand did not end")
    finally:
        app.close()


def test_a_hands_frames_open_no_font_the_spare_time_opened_them():
    """The first frames of the ritual opened 7 fonts (the console, the plates, the banner: the
    longest frame of a hand in bench_ui, 18.6 ms CPU); the table's text is now prepared with the
    empty table (`prepare_table_text`), so no frame of a hand opens a font."""
    pygame.init()
    assert _opens_in_the_hands_frames(idle=True) == 0
    assert _opens_in_the_hands_frames(idle=False) >= 5, "the check can fail"
