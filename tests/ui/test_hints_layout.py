"""The hints panel's layout: nothing it draws overlaps (headings, tile rows, danger cells, text),
at the table's panel for every window size from 1024x640 up, in both languages."""

import itertools

import pygame
import pytest

from game.practice.hints import hints, practice_observation
from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.art import TileArt
from game.ui.hints_panel import HintsPanel
from game.ui.scenes.table import KEY_HINTS, TableScene
from game.ui.widgets import Fonts

SIZES = [(1024, 640), (1152, 720), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440)]


def overlaps(boxes):
    return [(a, b) for (a, b) in itertools.combinations(boxes, 2) if a[1].colliderect(b[1])]


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode((2560, 1440))


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("rect, min_px", [
    ((0, 0, 230, 420), 13), ((0, 0, 315, 450), 13), ((0, 0, 300, 900), 16), ((0, 0, 460, 780), 22),
    ((0, 0, 620, 1300), 29)])
@pytest.mark.parametrize("position", [
    ("123m456p789p11m22z7z", ("", "4m7z", "", "")),   # ready after a discard: discards and waits
    ("1379m2468p135z2z6z", ("9m", "1z", "", "")),     # far from ready: discards only
])
def test_no_two_things_in_the_panel_overlap(screen, lang, rect, min_px, position):
    """Top to bottom, page by page: nothing overlaps, no text below `min_px`, no tile under 18 px."""
    panel = HintsPanel(Fonts(), TileArt(), lang)
    panel.set_hints(hints(practice_observation(position[0], rivers=position[1])))
    seen = 0
    for _ in range(40):
        screen.fill((0, 0, 0))
        panel.draw(screen, rect, min_px)
        assert overlaps(panel.boxes) == []
        assert panel.sizes and min(panel.sizes) >= min_px
        assert panel.min_tile_w >= 18
        seen += len(panel.boxes)
        if not panel.scroll_by(rect[3] // 2):
            break
    else:
        pytest.fail("the panel never reached its end")
    assert seen > 20


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_panel_scrolls_with_keys_and_wheel_and_shows_more(screen, lang, monkeypatch):
    panel = HintsPanel(Fonts(), TileArt(), lang, scroll_keys=True)
    panel.set_hints(hints(practice_observation("1379m2468p135z2z6z", rivers=("9m", "1z", "", ""))))
    rect = pygame.Rect(0, 0, 315, 380)
    screen.fill((0, 0, 0))
    panel.draw(screen, rect, 13)
    assert panel.max_scroll > 0 and panel.scroll == 0
    assert panel.cues == ["below"]  # a "more below" tab at the bottom
    page = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0)
    assert panel.handle_event(page) and panel.scroll > 0
    for _ in range(50):
        panel.handle_event(page)
    assert panel.scroll == panel.max_scroll
    panel.draw(screen, rect, 13)
    assert panel.cues == ["above"]
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0))
    assert 0 <= panel.scroll < panel.max_scroll
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: rect.center)
    for _ in range(50):
        assert panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert panel.scroll == 0
    # without scroll_keys the keys stay the scene's
    other = HintsPanel(Fonts(), TileArt(), lang)
    assert not other.handle_event(page)
    other.draw(screen, (0, 0, 400, 1000), 13)  # no hints: all fits, no cue
    assert other.max_scroll == 0 and other.cues == []


def test_the_check_sees_an_overlap(screen):
    # the layout of before: the danger heading drawn where the tile row starts
    a = ("heading", pygame.Rect(10, 10, 100, 20))
    b = ("tile 1m", pygame.Rect(10, 28, 14, 20))
    assert overlaps([a, b]) == [(a, b)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_table_hints_panel_at_every_size(size, lang, tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    pygame.init()
    app = App(Settings(language=lang, sound=False, animation_speed="instant", ai_delay_ms=0), size=size)
    try:
        sc = TableScene(app, ["human", "random", "random", "random"], seed=44, hands=1, record=False)
        app.push(sc)
        for _ in range(2000):
            if sc.prompt_for is not None and sc.prompt_for.kind in ("turn", "discard") \
                    and not sc.director.timeline.busy:
                break
            app.step([], 1 / 30)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=KEY_HINTS, mod=0, unicode="i")], 1 / 30)
        app.step([], 1 / 30)
        panel = sc.hints_panel
        assert sc.show_hints and panel is not None and panel.hints is not None
        assert panel.rect.w > 0 and app.canvas.get_rect().contains(panel.rect)
        assert len(panel.boxes) > 10
        assert overlaps(panel.boxes) == []
        # readable: 13 px text at least (more on larger windows), tiles 18 px wide at least
        assert min(panel.sizes) >= app.layout.hints_text_px >= 13
        assert panel.min_tile_w >= 18
        # the panel takes the free felt too, and covers none of the table
        lay = app.layout
        assert panel.rect.w >= lay.panel.w
        for name, r in lay.regions().items():
            if name != "panel":
                assert not pygame.Rect(r.as_tuple()).colliderect(panel.rect), name
        for r in sc.tile_rects():
            assert not r.colliderect(panel.rect)
        # the panel stays clear of the table's buttons
        for r in sc.button_rects():
            assert not r.colliderect(panel.rect), (r, panel.rect)
    finally:
        app.close()
