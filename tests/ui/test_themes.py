"""The table's look (issue 14, themes and access): table and tile themes, the colour-blind suit
colours, large tiles; chosen in the settings, shown at once, previewed on the settings screen."""

import itertools

import pygame
import pytest

from game import settings as settings_module
from game.settings import CONFIG_ENV, Settings
from game.ui import board
from game.ui.app import App
from game.ui.art import TileArt, tile_size
from game.ui.board import BoardView, draw_board, table_background
from game.ui.layout import WORST_ROWS, Layout
from game.ui.themes import (
    CVD_MATRICES,
    SUIT_COLOURS,
    TABLE_THEMES,
    TILE_THEMES,
    Look,
    colour_distance,
    simulate_cvd,
)

LOOKS = [Look.named(t, k, s) for t, k, s in itertools.product(
    settings_module.TABLE_THEMES, settings_module.TILE_THEMES, settings_module.SUIT_COLOURS)]


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


def test_every_name_the_settings_accept_has_a_theme():
    assert tuple(TABLE_THEMES) == settings_module.TABLE_THEMES
    assert tuple(TILE_THEMES) == settings_module.TILE_THEMES
    for suits, theme in itertools.product(settings_module.SUIT_COLOURS, TILE_THEMES.values()):
        assert (suits, theme.contrast) in SUIT_COLOURS
        assert Look.named(tiles=theme.key, suits=suits).suits.key == suits
    assert Look.of(Settings()) == Look()  # the default look is today's table


@pytest.mark.parametrize("look", LOOKS[:4], ids=lambda lk: "-".join(lk.key))
def test_every_tile_renders_in_every_tile_theme_at_its_size(look):
    pygame.init()
    art = TileArt(look=look)
    for width, orientation in itertools.product((16, 30, 48), (0, 1, 2, 3)):
        for kind in (None, *range(29)):
            assert art.tile(kind, width, orientation).get_size() == tile_size(width, orientation)
        assert art.standing(width, orientation).get_size() == tile_size(width, orientation)


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_the_high_contrast_face_differs_from_ivory_and_the_default_look_is_unchanged():
    pygame.init()
    ivory, contrast = TileArt(), TileArt(look=Look.named(tiles="contrast"))
    for kind in (0, 13, 18, 22, 23, None):
        assert _pixels(ivory.tile(kind, 40)) != _pixels(contrast.tile(kind, 40)), kind
    # a face's outline: ivory's is light, the high-contrast one black
    face = contrast.tile(4, 40)
    edge = face.get_at((20, 1))
    assert max(edge[:3]) < 90 and edge[3] > 200
    assert min(ivory.tile(4, 40).get_at((20, 1))[:3]) > 150
    # the default look draws exactly what a TileArt without a look draws
    assert _pixels(TileArt(look=Look()).tile(13, 40)) == _pixels(ivory.tile(13, 40))


def test_changing_the_arts_look_shows_the_new_tiles_and_going_back_finds_the_old_ones():
    pygame.init()
    art = TileArt()
    before = art.tile(22, 40)
    art.look = Look.named(tiles="contrast", suits="colourblind")
    after = art.tile(22, 40)
    assert _pixels(after) != _pixels(before)
    art.look = Look()
    assert art.tile(22, 40) is before  # cached per look


def _min_distance(colours: list[tuple[int, int, int]], kind: str | None) -> float:
    shown = [simulate_cvd(c, kind) if kind else c for c in colours]
    return min(colour_distance(a, b) for a, b in itertools.combinations(shown, 2))


@pytest.mark.parametrize("contrast", [False, True])
@pytest.mark.parametrize("kind", [None, *CVD_MATRICES])
def test_the_colour_blind_suit_colours_stay_apart_under_simulated_colour_blindness(kind, contrast):
    """The three suit colours (萬/中, 發 and the green pips, 白 and the blue pips) stay clearly
    apart (CIE76 ΔE ≥ 35) for protanopia, deuteranopia and tritanopia, and from the face."""
    sc = SUIT_COLOURS[("colourblind", contrast)]
    face = TILE_THEMES["contrast" if contrast else "ivory"].face
    assert _min_distance([sc.red, sc.green, sc.blue], kind) >= 35
    for c in (sc.red, sc.green, sc.blue):  # each still stands out on the tile's face
        assert _min_distance([c, face], kind) >= 35


@pytest.mark.parametrize("kind", ["protanopia", "deuteranopia"])
def test_the_classic_suit_colours_are_the_ones_a_red_green_colour_blind_player_confuses(kind):
    """The check above can fail: the classic red and green fall together for these players."""
    sc = SUIT_COLOURS[("classic", False)]
    assert _min_distance([sc.red, sc.green], kind) < 35 <= _min_distance([sc.red, sc.green], None)


def test_the_colour_blind_tiles_use_the_safe_colours():
    pygame.init()
    art = TileArt(look=Look.named(suits="colourblind"))
    red = art.look.suits.red
    img = art.tile(24, 48)  # 中, drawn in the suits' red (orange here)
    found = {img.get_at((x, y))[:3] for x in range(img.get_width()) for y in range(img.get_height())}
    assert any(sum(abs(a - b) for a, b in zip(c, red)) < 30 for c in found)
    assert not any(c[0] > 150 and c[1] < 60 and c[2] < 60 for c in found)  # no classic red left


@pytest.mark.parametrize("theme", list(TABLE_THEMES))
def test_each_table_theme_draws_its_own_felt(theme):
    pygame.init()
    lay = Layout.for_size(1280, 800)
    cx = round(lay.centre[0])
    spot = (cx, round(lay.felt.y + 6 + lay.felt.h * 0.06))
    others = [t for t in TABLE_THEMES if t != theme]
    mine = table_background(lay, TABLE_THEMES[theme]).get_at(spot)
    for other in others:
        assert table_background(lay, TABLE_THEMES[other]).get_at(spot) != mine
    assert len(board._BACKGROUNDS) <= 2  # bounded, whatever was drawn


def _felt_colour(app: App) -> tuple[int, int, int]:
    lay = app.layout
    x, y = round(lay.felt.x + 4), round(lay.felt.y + lay.felt.h / 2)
    return tuple(app.canvas.get_at((x, y))[:3])


def _table_app(settings: Settings) -> App:
    from ai.registry import parse_seats
    from game.ui.scenes.table import TableScene

    pygame.init()
    app = App(settings, size=(1280, 800))
    app.push(TableScene(app, parse_seats("ai,ai,ai,ai"), seed=5, hands=1))
    app.step([], 1 / 60)
    return app


def test_a_new_theme_in_the_settings_changes_the_table_at_once():
    app = _table_app(Settings(language="en", sound=False))
    try:
        green = _felt_colour(app)
        back = app.art.tile(None, app.layout.tile, 0, False)
        app.apply_settings(app.settings.replace(table_theme="wine", tile_theme="contrast"), save=False)
        app.step([], 1 / 60)
        wine = _felt_colour(app)
        assert wine != green and wine[0] > wine[1]  # red felt now, in the same window
        assert _pixels(app.art.tile(None, app.layout.tile, 0, False)) != _pixels(back)
        app.apply_settings(app.settings.replace(table_theme="green", tile_theme="ivory"), save=False)
        app.step([], 1 / 60)
        assert _felt_colour(app) == green
    finally:
        app.close()


def test_large_tiles_in_the_settings_lay_the_table_out_again():
    app = _table_app(Settings(language="en", sound=False, animation_speed="instant"))
    try:
        normal = app.layout
        app.apply_settings(app.settings.replace(tile_size="large"), save=False)
        assert app.layout.large and app.layout.hand_tile > normal.hand_tile
        assert app.layout.size == normal.size
        app.step([], 1 / 60)
        app.resize((1024, 640))
        assert app.layout.large  # a resize keeps the tile size
    finally:
        app.close()


def test_the_settings_screen_previews_the_look_as_it_changes_and_saving_applies_it():
    pygame.init()
    app = App(Settings(language="en", sound=False), size=(1280, 800))
    try:
        sc = app.make("settings")
        app.push(sc)
        sc.set_page([k for k, _ in sc.pages].index("display"))
        g = sc.geometry()
        assert g["preview"] is not None
        for _, r, *_ in sc.row_rects(g):
            assert not r.colliderect(g["preview"])
        labels = [r.label("en") for r in sc.rows]
        assert {"Table", "Tiles", "Suit colours", "Tile size"} <= set(labels)
        for lang in ("en", "ko"):  # every row of the look explains itself, in both languages
            for r in sc.rows[-4:]:
                assert r.about is not None and r.about(lang)
        app.step([], 1 / 60)
        box = g["preview"]
        first = _pixels(app.canvas.subsurface(box).copy())
        sc.row = labels.index("Table")
        sc.change(1)
        app.step([], 1 / 60)
        second = _pixels(app.canvas.subsurface(box).copy())
        assert second != first and sc.draft.table_theme == "navy"
        sc.row = labels.index("Tiles")
        sc.change(1)
        app.step([], 1 / 60)
        assert _pixels(app.canvas.subsurface(box).copy()) != second
        assert app.art.look == Look()  # not applied before saving
        sc.save()
        assert app.art.look == Look.named("navy", "contrast")
        saved, msgs = settings_module.load_settings()
        assert msgs == [] and saved.tile_theme == "contrast" and saved.table_theme == "navy"
    finally:
        app.close()


# --- large tiles: the layout at every supported size ---------------------------------------------

WIDTHS = (1024, 1152, 1280, 1366, 1600, 1920, 2560, 3000, 3840)
HEIGHTS = (640, 720, 768, 800, 900, 1080, 1440, 1800, 2160)


@pytest.mark.parametrize("w, h", list(itertools.product(WIDTHS, HEIGHTS)))
def test_large_tiles_fit_every_size_and_are_larger(w, h):
    normal, large = Layout.for_size(w, h), Layout.for_size(w, h, large=True)
    assert large.problems() == []
    assert large.hand_tile >= normal.hand_tile and large.river_tile >= normal.river_tile
    assert (large.hand_tile, large.river_tile) != (normal.hand_tile, normal.river_tile)
    assert large.tile >= 16 and large.opp_tile >= 16  # the walls and opponents stay legible


@pytest.mark.parametrize("w, h", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160), (1024, 2160),
                                  (3840, 640)])
def test_every_cell_of_a_worst_case_table_with_large_tiles_is_inside_its_region(w, h):
    lay = Layout.for_size(w, h, large=True)
    regions = lay.regions()
    for s in range(4):
        for n_hand, melds in WORST_ROWS:
            cells = [sl.rect for sl in lay.hand_slots(s, n_hand, drawn=True)]
            cells += [sl.rect for m in lay.meld_slots(s, n_hand, melds) for sl in m]
            cells += [sl.rect for sl in lay.flower_slots(s, 4)]
            assert all(r.inside(regions[f"row{s}"]) for r in cells)
            assert not any(a.overlaps(b) for a, b in itertools.combinations(cells, 2))
        river = [sl.rect for sl in lay.river_slots(s, [i == 5 for i in range(26)])]
        assert all(r.inside(regions[f"river{s}"]) for r in river)
        assert not any(a.overlaps(b) for a, b in itertools.combinations(river, 2))


def test_a_large_table_draws_in_every_theme():
    pygame.init()
    lay = Layout.for_size(1024, 640, large=True)
    art = TileArt()
    surf = pygame.Surface(lay.size)
    seen = set()
    for look in LOOKS:
        art.look = look
        draw_board(surf, lay, art, BoardView.example())
        seen.add(_pixels(surf))
    assert len(seen) == len(LOOKS)
    assert art.cache.total <= art.cache.max_cost


def test_the_seat_plates_follow_the_table_theme():
    """The plates take the theme's panel colours: green keeps today's widget colours, navy and
    wine their own."""
    from game.ui.board import InfoView, draw_plate
    from game.ui.widgets import PANEL, Fonts

    pygame.init()
    lay = Layout.for_size(1280, 800)
    fonts = Fonts()
    plate = lay.plate(1)
    spot = (round(plate.x + plate.w * 0.7), round(plate.y + plate.h * 0.85))
    colours = {}
    for theme in ("green", "navy", "wine"):
        surface = pygame.Surface((1280, 800))
        art = TileArt(look=Look.named(theme, "ivory", "classic"))
        draw_plate(surface, lay, art, fonts, InfoView(), 1)
        colours[theme] = tuple(surface.get_at(spot)[:3])
    assert colours["green"] == PANEL == TABLE_THEMES["green"].plate
    assert colours["navy"] == TABLE_THEMES["navy"].plate != colours["green"]
    assert colours["wine"] == TABLE_THEMES["wine"].plate


@pytest.mark.parametrize("theme", list(TABLE_THEMES))
def test_the_table_buttons_and_panels_follow_the_table_theme(theme):
    """The claim prompt's buttons (idle, focused, disabled) and a banner's panel are drawn in the
    theme's palette, not in the green widget colours (except on the green table)."""
    from game.ui.controls import Choice, Prompt
    from game.ui.widgets import Fonts, draw_panel

    pygame.init()
    palette = TABLE_THEMES[theme].palette
    prompt = Prompt([Choice("pass", "Pass"), Choice("pung", "Pung"), Choice("kong", "Kong", enabled=False)])
    prompt.focus = 1
    rects = [pygame.Rect(20, 20 + 60 * i, 240, 44) for i in range(3)]
    surface = pygame.Surface((300, 300))
    prompt.draw(surface, Fonts(), rects, 16, palette=palette)
    inside = [tuple(surface.get_at((r.x + 6, r.y + 6))[:3]) for r in rects]
    assert inside == [palette.panel, palette.hilite, palette.dark]
    panel = pygame.Surface((100, 60))
    draw_panel(panel, pygame.Rect(0, 0, 100, 60), alpha=255, palette=palette)
    assert tuple(panel.get_at((50, 30))[:3]) == palette.panel
    if theme != "green":
        assert palette.panel != TABLE_THEMES["green"].palette.panel


def test_the_table_themes_palettes_are_apart():
    panels = {t.palette.panel for t in TABLE_THEMES.values()}
    assert len(panels) == len(TABLE_THEMES)
