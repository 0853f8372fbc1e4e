"""The tile-art and text caches stay bounded however often the window is resized (issue 10: four
corner drags used to take the game from 41 to 605 MB, every size ever drawn kept for good)."""

import gc
import weakref

import pygame
import pytest

from ai.registry import parse_seats
from game.settings import CONFIG_ENV, Settings
from game.ui import board
from game.ui.app import App
from game.ui.art import TILE_CACHE_BYTES, SurfaceCache, TileArt, surface_bytes
from game.ui.scenes.table import TableScene
from game.ui.widgets import MAX_FONTS, MAX_TEXTS, TEXT_CACHE_BYTES, Fonts


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))


def honest(cache: SurfaceCache) -> int:
    """The cache's own total, checked against its entries."""
    assert cache.total == sum(surface_bytes(s) for s in cache.values())
    return cache.total


def test_the_surface_cache_evicts_the_least_recently_used():
    c = SurfaceCache(max_cost=3 * 400)  # three 10x10 RGBA surfaces
    surfs = {k: pygame.Surface((10, 10), pygame.SRCALPHA) for k in "abcd"}
    for k in "abc":
        c.put(k, surfs[k])
    assert c.get("a") is surfs["a"]  # "b" is now the least recently used
    c.put("d", surfs["d"])
    assert list(c) == ["c", "a", "d"] and c.total == 1200 and c.evictions == 1
    assert c.get("b") is None
    c.put("a", pygame.Surface((10, 20), pygame.SRCALPHA))  # replacing re-counts the bytes
    assert list(c) == ["d", "a"] and honest(c) == 1200
    big = pygame.Surface((40, 40), pygame.SRCALPHA)  # alone over the budget: kept, alone
    c.put("big", big)
    assert list(c) == ["big"] and c.total == surface_bytes(big)
    with pytest.raises(ValueError, match="bad cache bounds"):
        SurfaceCache(max_cost=10, max_entries=0)


def test_tiles_at_200_widths_stay_within_the_budget_and_old_ones_are_freed():
    budget = 2 * 2**20
    art = TileArt(max_bytes=budget)
    refs = []
    for w in range(8, 208):
        for kind in (4, None):
            refs.append((w, weakref.ref(art.tile(kind, w, orientation=w % 4))))
        assert honest(art.cache) <= budget
    refs.append((999, weakref.ref(art.die(6, 64))))
    gc.collect()
    alive = [w for w, r in refs if r() is not None]
    assert len(alive) == len(art) < 100  # only what the cache holds is alive
    assert all(r() is None for w, r in refs if w < 100)  # the small, old sizes are gone
    assert art.tile(4, 207, orientation=207 % 4) is refs[-3][1]()  # the newest are still cached
    assert art.die(6, 64) is refs[-1][1]()


def test_fonts_and_text_at_200_sizes_stay_bounded():
    fonts = Fonts()
    refs = []
    for size in range(8, 208):
        fonts.font(size, bold=True)
        refs.append(weakref.ref(fonts.text("새 게임 New game", size)))
    assert len(fonts.fonts) <= MAX_FONTS
    assert honest(fonts.texts) <= TEXT_CACHE_BYTES and len(fonts.texts) <= MAX_TEXTS
    gc.collect()
    assert refs[0]() is None and refs[-1]() is fonts.text("새 게임 New game", 207)


def test_resizing_the_table_window_200_times_keeps_the_caches_bounded():
    pygame.init()
    app = App(Settings(language="ko", sound=False, animation_speed="instant", ai_delay_ms=0), size=(1024, 640))
    try:
        app.push(TableScene(app, parse_seats("random,random,random,random"), seed=4, hands=1))
        for _ in range(20):
            app.step([], 1 / 30)
        lay = app.layout
        first = [weakref.ref(app.art.tile(k, w)) for w in {lay.tile, lay.hand_tile, lay.opp_tile}
                 for k in (None, 0, 9, 27)]
        first_text = weakref.ref(app.fonts.text("새 게임", 20))
        n = 200
        for i in range(n):  # a corner drag up to 3840x2160, one frame per size
            w, h = 1024 + (i * 2816) // (n - 1), 640 + (i * 1520) // (n - 1)
            app.step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))], 1 / 30)
        assert app.layout.width == 3840
        assert honest(app.art.cache) <= TILE_CACHE_BYTES and app.art.cache.evictions > 0
        assert honest(app.fonts.texts) <= TEXT_CACHE_BYTES
        assert len(app.fonts.fonts) <= MAX_FONTS
        gc.collect()
        assert [r() for r in first] == [None] * len(first)  # the first size's tiles were freed
        assert first_text() is None
    finally:
        app.close()


def test_background_gradients_stay_bounded_over_many_window_sizes():
    """The felt and title backgrounds are cached per height as narrow strips, within a budget
    (full-window gradients at every size once held up to 300 MB at 4K)."""
    from game.ui import widgets

    for i in range(200):
        surf = pygame.Surface((1024 + i * 14, 640 + i * 7))
        widgets.draw_gradient(surf, widgets.FELT_TOP, widgets.FELT_BOTTOM)
        assert surf.get_at((surf.get_width() - 1, 0)) == surf.get_at((0, 0))  # drawn across
    cache = widgets._GRADIENTS
    assert len(cache) <= cache.max_entries and cache.total <= cache.max_cost
    assert cache.evictions > 0


def test_a_settled_resize_drops_the_old_sizes_and_gives_the_memory_back(monkeypatch):
    """Issue 29: after 200 resizes up to 4K the caches stayed full of the drag's sizes (up to
    their budgets) and the freed heap was kept: +430 MB and more. Once the resize settles (the
    work drawn ahead for the last size done), what was not used since is dropped and the freed
    memory given back (`memory.settle`, once); what the caches hold is counted in bytes."""
    from game.ui import memory

    trims = []
    monkeypatch.setattr(memory, "trim", lambda: trims.append(1) or True)
    pygame.init()
    app = App(Settings(language="ko", sound=False, animation_speed="instant", ai_delay_ms=0), size=(1024, 640))
    try:
        app.push(TableScene(app, parse_seats("random,random,random,random"), seed=4, hands=1))
        for _ in range(20):
            app.step([], 1 / 30)
        while app.idle(0.0, steps=100):
            pass
        n = 200
        old = []
        for i in range(n):  # a corner drag up to 3840x2160, one frame per size, no spare time
            w, h = 1024 + (i * 2816) // (n - 1), 640 + (i * 1520) // (n - 1)
            app.step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))], 1 / 30)
            if i == n // 2:
                old.append(weakref.ref(app.art.tile(5, app.layout.tile)))
                old.append(weakref.ref(app.fonts.text("새 게임", app.layout.tile)))
        assert not trims, "nothing is dropped during the drag"
        held = memory.cache_bytes(app)
        assert held["texts"] > 12 * 2**20, "(the drag filled the text cache)"
        while app.idle(0.0, steps=100):  # the spare time after the drag
            pass
        app.step([], 1 / 30)
        assert len(trims) == 1 and app.trims == 1, "settled once"
        gc.collect()
        assert [r() for r in old] == [None, None], "the drag's sizes are gone"
        held = memory.cache_bytes(app)
        mb = {k: round(v / 2**20, 1) for k, v in held.items()}
        # a 4K table: its tile sprites drawn ahead (about 44 MB), its texts and, once the hand
        # has ended, its result screen's drawn ahead (game/ui/result_ahead.py: about 10 MB in
        # all), panels, one background and the picture under an overlay (33 MB each)
        assert held["texts"] <= 12 * 2**20, mb
        assert held["backgrounds"] <= board.BACKGROUND_BYTES, mb
        assert sum(held.values()) <= 150 * 2**20, mb
    finally:
        app.close()


def test_the_table_backgrounds_are_bounded_in_bytes():
    """Two pictures of the empty table at ordinary sizes, only the newest at 4K (33 MB each)."""
    from game.ui.layout import Layout

    board._BACKGROUNDS.clear()
    for w, h in ((1280, 800), (1024, 640), (3800, 2140), (3840, 2160)):
        board.table_background(Layout.for_size(w, h))
    assert [size for size, _theme in board._BACKGROUNDS] == [(3840, 2160)]
    assert board._BACKGROUNDS.total <= board.BACKGROUND_BYTES
    board.table_background(Layout.for_size(1280, 800))
    board.table_background(Layout.for_size(1024, 640))
    assert len(board._BACKGROUNDS) == 2


def test_shading_under_a_dialog_or_a_result_keeps_and_makes_no_window_sized_surface(monkeypatch):
    """The shade under a dialog was a new window-sized surface every frame, and under a result
    screen one kept per window size (up to five: 165 MB at 4K); now the picture is darkened in
    place, as black at that alpha over it would (within one step a channel)."""
    from game.ui import widgets
    from game.ui.scenes import results

    screen = pygame.Surface((400, 300))
    for x in range(400):
        pygame.draw.line(screen, (x % 256, 255 - x % 256, (x * 7) % 256), (x, 0), (x, 299))
    real = pygame.Surface
    made: list[tuple] = []

    def counted(*a, **k):
        made.append(a)
        return real(*a, **k)

    for alpha, shade in ((150, widgets.shade_screen), (170, results._shade)):
        want = screen.copy()
        black = pygame.Surface(want.get_size(), pygame.SRCALPHA)
        black.fill((0, 0, 0, alpha))
        want.blit(black, (0, 0))
        got = screen.copy()
        monkeypatch.setattr(pygame, "Surface", counted)
        shade(got, alpha)
        monkeypatch.setattr(pygame, "Surface", real)
        assert not made, "no shade surface"
        assert all(abs(p - q) <= 1 for x in range(0, 400, 7) for y in range(0, 300, 11)
                   for p, q in zip(got.get_at((x, y))[:3], want.get_at((x, y))[:3]))
    assert not any(isinstance(v, dict) and any(isinstance(s, pygame.Surface) for s in v.values())
                   for v in vars(results).values()), "no surfaces kept per size"
