"""What the table draws (`game.ui.table.view`): the key help, the tile the mouse drags, the seat
selection, the marks on the felt (the last discard, the counted stack, the turn's glow), the
banner and the calls, the info column and its plates, the sacred line, the tile on offer."""

from __future__ import annotations

import itertools

import pygame
import pytest
from table_screen import (
    Recording,
    Words,
    human_turn,
    key,
    make_app,
    mouse,
    private_dirs,
    put_question,
    record,
    spy_words,
)

from game.ui.app import App
from game.ui.table.help_overlay import draw_help
from game.ui.widgets import Fonts


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    return private_dirs(tmp_path, monkeypatch)


@pytest.fixture
def words(monkeypatch) -> Words:
    return spy_words(monkeypatch)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_key_help_shows_every_line_in_order_inside_a_centred_panel(size, words, monkeypatch):
    """F1 opens the key help over the table: a panel centred on the window that leaves the table
    around it, every paragraph of the help in order, each line inside the panel, lines one under
    another, text no smaller than 15 px; F1 again (or H) closes it."""
    import game.ui.table.help_overlay as view_mod  # the key help's own module

    app = make_app(size)
    sc = human_turn(app)
    panels: list[pygame.Rect] = []
    draw_panel = view_mod.draw_panel

    def spy_panel(surface, rect, *a, **kw):
        panels.append(pygame.Rect(rect))
        return draw_panel(surface, rect, *a, **kw)

    monkeypatch.setattr(view_mod, "draw_panel", spy_panel)
    before = {s for s, _ in record(app, sc, words).texts}
    app.step([key(pygame.K_F1)], 1 / 30)
    assert sc.help
    panels.clear()
    rec = record(app, sc, words)
    box = panels[-1]  # the help is drawn last, over everything
    w, h = size
    assert abs(box.centerx - w // 2) <= 1 and abs(box.centery - h // 2) <= 1
    assert box.w < w and box.h < h and box.w > w // 3 and box.h > h // 3
    help_text = app.tr("table.help")
    framing = (app.tr("help.title"), app.tr("help.close"))  # the panel's title and foot
    lines = [(s, r) for s, r in rec.texts
             if s not in before and s not in framing and r.colliderect(box)]
    assert lines, "no help text drawn"
    drawn = " ".join(s for s, _ in lines).split()
    assert drawn == help_text.split(), "every word of the help, in order"
    for s, r in lines:
        assert box.contains(r), (s, r, box)
        assert words.sizes[s] >= 15
    for (_, a), (_, b) in itertools.pairwise(lines):
        assert b.y - a.y >= 0.8 * a.h and a.x == b.x, (a, b)  # one under another, aligned
    app.step([key(pygame.K_h)], 1 / 30)
    assert not sc.help
    app.close()


def test_the_key_help_text_grows_with_the_window(words):
    sizes = []
    for size in ((1024, 640), (1920, 1080)):
        app = make_app(size)
        sc = human_turn(app)
        app.step([key(pygame.K_F1)], 1 / 30)
        first = app.tr("table.help").split("\n")[0].split()[0]
        words.sizes.clear()
        record(app, sc, words)
        sizes.append(next(v for s, v in words.sizes.items()
                          if s.startswith(first)))
        app.close()
    assert sizes[1] > sizes[0]


@pytest.mark.parametrize("frm, to", [(1, 5), (6, 2), (3, 3)])
def test_a_dragged_tile_follows_the_mouse_face_up_with_a_gold_bar_where_it_lands(frm, to, monkeypatch):
    import game.ui.table.view as view_mod
    from game.engine.tiles import kind_of_tile
    from game.ui.widgets import GOLD

    app = make_app()
    sc = human_turn(app)
    rects = sc.tile_rects()
    src, dst = rects[frm], rects[to]
    x = dst.centerx + (2 if to != frm else 0)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, src.center)], 1 / 30)
    app.step([mouse(pygame.MOUSEMOTION, (x, src.centery - 40))], 1 / 30)
    assert sc.cursor.drag == frm
    bars: list[pygame.Rect] = []
    real_rect = pygame.draw.rect

    def spy_rect(surface, colour, rect, *a, **kw):
        if tuple(colour)[:3] == tuple(GOLD)[:3]:
            bars.append(pygame.Rect(rect))
        return real_rect(surface, colour, rect, *a, **kw)

    monkeypatch.setattr(view_mod.pygame.draw, "rect", spy_rect)
    blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    class Spy(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
            r = super().blit(source, dest, area, special_flags)
            blits.append((source, pygame.Rect(r)))
            return r

    surface = Spy(app.canvas.get_size())
    sc.view._draw_dragged(surface, app.layout, frm)
    assert len(bars) == 1
    bar = bars[0]
    assert bar.h == dst.h and bar.y == dst.y and bar.w <= 4  # a thin bar beside the target tile
    edge = dst.x if to <= frm else dst.right  # before the target moving left, after it moving right
    assert abs(bar.centerx - edge) <= 3, (bar, dst)
    assert bar.right <= dst.x or bar.x >= dst.right  # beside the tile, not over its face
    (img, where), = blits
    ids = sc.director.shown_ids(sc.prompt_for.seat)
    face = app.art.tile(kind_of_tile(ids[frm]), src.w, 0, True)
    assert img.get_size() == face.get_size()
    assert pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(face, "RGBA")  # its face
    assert abs(where.centerx - x) <= 1  # centred on the mouse
    assert where.bottom < src.bottom - app.layout.lift  # lifted above a raised tile
    # the whole picture: the held tile leaves its slot while the drag lasts
    view = sc.director.view(sc.selected_tile())
    assert view.seats[0].selected == frm
    boards = []
    board = sc.view.layers.draw  # (the board, kept between frames: game/ui/table/layers.py)
    monkeypatch.setattr(sc.view.layers, "draw", lambda surface, lay, art, v: (
        boards.append((set(v.seats[0].hidden), v.seats[0].selected)), board(surface, lay, art, v)))
    sc.draw(pygame.Surface(app.canvas.get_size()))
    (hidden, selected), = boards
    assert frm in hidden and selected is None  # its slot is empty, nothing raised there
    app.step([mouse(pygame.MOUSEBUTTONUP, (x, src.centery))], 1 / 30)
    assert sc.cursor.drag is None
    app.close()


def _seat_pick(app: App, sc, words, monkeypatch, method: str):
    """Draw the seat selection of `method` over the table and return the recording, the dice and
    tiles drawn (surface id -> what it shows) and the event shown."""
    from game.engine.events import SessionStarted

    icons: dict[int, tuple] = {}
    die, tile = type(app.art).die, type(app.art).tile

    def spy_die(self, value, size):
        s = die(self, value, size)
        icons[id(s)] = ("die", value)
        words.ids[id(s)] = f"<die {value}>"
        words.keep.append(s)
        return s

    def spy_tile(self, kind, width, *a, **kw):
        s = tile(self, kind, width, *a, **kw)
        icons[id(s)] = ("tile", kind)
        words.ids[id(s)] = f"<tile {kind}>"
        words.keep.append(s)
        return s

    monkeypatch.setattr(type(app.art), "die", spy_die)
    monkeypatch.setattr(type(app.art), "tile", spy_tile)
    rolls = ((7, 9), (11,), (7, 4), (3,)) if method == "dice" else ()
    e = SessionStarted(seed=None, rules={}, players=("me", "b", "c", "d"), method=method,
                       rolls=rolls, seats=(1, 0, 2, 3))
    sc.director.model.seat_pick = e
    rec = Recording(app.canvas.get_size(), words)
    sc.view._draw_seat_pick(rec, app.layout)
    return rec, e


def _rows(rec: Recording, sc, e) -> list[pygame.Rect]:
    """Each player's label, in player order: the leftmost text on the line of the player's
    seat ("-> South"; the seats differ, the labels need not)."""
    from game.i18n import seat_name

    out = []
    for p in range(4):
        seat = next(r for s, r in rec.texts if s == f"→ {seat_name(e.seats[p], 'en')}")
        line = [(s, r) for s, r in rec.texts if abs(r.centery - seat.centery) < seat.h / 2]
        s, label = min(line, key=lambda t: t[1].x)
        assert s == sc.seat_names()[0][p]  # the name the player's plate shows (issue 32)
        assert label.right < seat.x
        out.append(label)
    return out


def test_the_seat_pick_by_dice_shows_each_throw_beside_its_die_row_by_row(words, monkeypatch):
    """Each player's row: the label at the left, every throw's die with its total to the right
    of it (the die about the text's height, the total clear of the die), then the seat won
    ("-> East") at the right; the rows one under another, evenly and clearly apart."""
    from game.i18n import seat_name

    app = make_app()
    sc = human_turn(app)
    rec, e = _seat_pick(app, sc, words, monkeypatch, "dice")
    rows = _rows(rec, sc, e)
    for p, label in enumerate(rows):
        line = [(s, r) for s, r in rec.texts if abs(r.centery - label.centery) < label.h / 2]
        dice = [r for s, r in line if s.startswith("<die")]
        totals = [(s, r) for s, r in line if s in {str(t) for t in e.rolls[p]}]
        assert [s for s, _ in totals] == [str(t) for t in e.rolls[p]]  # every throw, in order
        assert len(dice) == len(e.rolls[p])
        for d, (_, t) in zip(dice, totals):
            assert label.right < d.x and d.right <= t.x  # the total right of its die, not on it
            assert d.h <= 1.25 * t.h  # a die the size of the text beside it
        seat = next(r for s, r in line if s == f"→ {seat_name(e.seats[p], 'en')}")
        assert totals[-1][1].right < seat.x
    step = rows[1].y - rows[0].y
    assert all(b.y - a.y == pytest.approx(step, abs=1) for a, b in itertools.pairwise(rows))
    assert step >= 1.35 * rows[0].h  # a third of a line between two rows
    app.close()


def test_the_seat_pick_by_winds_shows_each_players_wind_tile(words, monkeypatch):
    """With wind tiles instead of dice each row shows the wind tile the player drew (East's tile
    for the player who sits East), between the label and the seat; the tiles one under
    another with room between them."""
    from game.engine.tiles import parse_tile

    app = make_app()
    sc = human_turn(app)
    rec, e = _seat_pick(app, sc, words, monkeypatch, "winds")
    rows = _rows(rec, sc, e)
    tiles = [(s, r) for s, r in rec.texts if s.startswith("<tile")]
    assert len(tiles) == 4
    winds = [parse_tile(t) for t in ("1z", "2z", "3z", "4z")]
    drawn = []
    for p, label in enumerate(rows):
        (s, r), = [(s, r) for s, r in tiles if abs(r.centery - label.centery) < label.h / 2]
        assert s == f"<tile {winds[e.seats[p]]}>"
        assert label.right < r.x
        drawn.append(r)
    assert all(b.y - a.bottom >= a.h / 4 for a, b in itertools.pairwise(drawn))
    app.close()


def test_the_info_column_marks_the_dealer_and_an_urgent_claim_clock():
    from game.ui.controls import Choice, Prompt

    app = make_app()
    sc = human_turn(app)
    info = sc.info()
    assert info.winds[info.dealer] == 0  # the marker is on East's plate
    assert info.countdown is None and not info.countdown_urgent
    sc.prompt = Prompt([Choice("pass", "Pass")], countdown=5)
    sc.prompt.update(1.0)
    assert sc.info().countdown == pytest.approx(0.8) and not sc.info().countdown_urgent
    sc.prompt.update(1.5)  # 2.5 s left: the last three seconds
    assert sc.info().countdown_urgent
    app.close()


def test_the_sacred_line_says_no_win_at_all_after_a_winning_tile_thrown_after_uper():
    """SD6: no self-draw either, so the line says the hand cannot win (not "self-draw only")."""
    from types import SimpleNamespace

    from game.engine.scoring.sacred import sacred_status
    from game.engine.tiles import parse_tiles
    from game.ui.table.view import TableView

    app = make_app()
    waits = parse_tiles("14m")
    for st, want in (
            (sacred_status(waits, (), discarded_win_after_uper=True),
             (app.tr("table.sacred"), app.tr("table.sacred_no_win"), ())),
            (sacred_status(waits, (), missed_after_uper=True),
             (app.tr("table.sacred"), app.tr("table.sacred_self_draw"), ()))):
        view = TableView(SimpleNamespace(app=app))
        view.sacred_status = lambda st=st: st
        assert view.sacred_line() == want
    app.close()


@pytest.mark.parametrize("method, title", [("dice", "table.seats_by_dice"),
                                           ("winds", "table.seats_by_winds")])
def test_the_seat_pick_says_how_the_seats_were_drawn(words, monkeypatch, method, title):
    app = make_app()
    sc = human_turn(app)
    rec, _ = _seat_pick(app, sc, words, monkeypatch, method)
    shown = [s for s, _ in rec.texts]
    assert app.tr(title) in shown
    other = "table.seats_by_winds" if method == "dice" else "table.seats_by_dice"
    assert app.tr(other) not in shown
    app.close()


def test_a_turn_shows_how_to_discard_at_the_top_of_the_buttons_area(words):
    app = make_app()
    sc = human_turn(app)
    rec = record(app, sc, words)
    b = app.layout.buttons
    hint = app.tr("table.discard_hint")
    # its first line (it is wrapped to the area's width)
    [r] = [r for s, r in rec.texts if len(s) >= 10 and hint.startswith(s)]
    assert b.y <= r.y < b.y + r.h and b.x <= r.x
    app.close()


def test_the_last_discard_is_marked_strongly_while_it_can_be_claimed(monkeypatch):
    """On the player's turn the last discard has the plain mark; while the player is asked
    about claiming it, the strong one."""
    import dataclasses

    import game.ui.table.view as view
    from game.engine.actions import PASS, PUNG

    app = make_app()
    sc = human_turn(app)
    m = sc.director.model
    assert m.last_discard is not None
    strong: list[bool] = []
    monkeypatch.setattr(view, "draw_last_discard",
                        lambda *a, strong_=strong, **k: strong_.append(k["strong"]))
    sc.draw(pygame.Surface(app.canvas.get_size()))
    assert strong == [False]
    d = sc.prompt_for
    sc.input.offer(dataclasses.replace(d, kind="claim", legal=(PUNG, PASS), notes={},
                                  observation=dataclasses.replace(
                                      d.observation, last_discard=m.last_discard)))
    sc.draw(pygame.Surface(app.canvas.get_size()))
    assert strong == [False, True]
    app.close()


def test_the_sacred_line_says_self_draw_only_when_every_wait_is_barred_by_stems():
    """Waits 1m/4m with a 7m thrown (stem 1-4-7): both barred, though not every discard is, so
    the line says "self-draw only" rather than listing the tiles; waits 4m/9p with 7m thrown:
    only 4m is barred, and the line lists it."""
    from types import SimpleNamespace

    from game.engine.scoring.sacred import sacred_status
    from game.engine.tiles import parse_tiles
    from game.ui.table.view import TableView

    app = make_app()
    for waits, river, want in (
            ("14m", "7m", (app.tr("table.sacred"), app.tr("table.sacred_self_draw"), ())),
            ("4m9p", "7m", (app.tr("table.sacred_tiles"), "", tuple(parse_tiles("4m"))))):
        st = sacred_status(parse_tiles(waits), parse_tiles(river))
        assert not st.blocks_all_discards
        view = TableView(SimpleNamespace(app=app))
        view.sacred_status = lambda st=st: st
        assert view.sacred_line() == want
    app.close()


def test_the_level_of_the_player_under_the_mouse_shows_below_his_plate(words, monkeypatch):
    """A computer player's plate says his level while the mouse is over it (the plate of the
    player on the right, at the top): the words show once, just below the plate; with the
    mouse away (the window not focused) no level shows."""
    app = make_app()
    sc = human_turn(app)
    level = app.tr("table.level", level=sc.player_label(1))
    assert not [s for s, _ in record(app, sc, words).texts if s == level]
    plate = pygame.Rect(app.layout.plate(1).as_tuple())
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: plate.center)
    shown = [r for s, r in record(app, sc, words).texts if s == level]
    assert len(shown) == 1
    assert plate.left <= shown[0].left < plate.right and plate.bottom <= shown[0].top
    app.close()


def test_a_hand_at_doubled_stakes_says_so_in_the_console(words):
    """After a draw that doubles the stake (a triple win), the hand's console says "doubled"."""
    app = make_app()
    sc = human_turn(app)
    doubled = app.tr("table.doubled")
    assert doubled not in {s for s, _ in record(app, sc, words).texts}
    sc.director.model.doubled = True
    assert doubled in {s for s, _ in record(app, sc, words).texts}
    app.close()


class Blits(pygame.Surface):
    """A screen that remembers where each surface was blitted (by the surface's id)."""

    def __init__(self, size) -> None:
        super().__init__(size)
        self.at: list[tuple[int, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        self.at.append((id(source), pygame.Rect(r)))
        return r


@pytest.mark.parametrize("kind_", ["claim", "rob"])
def test_the_tile_on_offer_shows_above_a_claims_buttons_and_not_on_the_next_turn(monkeypatch, kind_):
    """A claim on the first tile of the hand (or a kong that can be robbed): that tile is drawn
    right-aligned with the buttons, above the top one; once the player's turn comes again, no
    tile stands there."""
    app = make_app()
    sc = human_turn(app)
    turn = sc.prompt_for
    tiles: set[int] = set()
    art_tile = type(app.art).tile

    def spy_tile(self, kind_, width, *a, **kw):
        img = art_tile(self, kind_, width, *a, **kw)
        tiles.add(id(img))
        return img

    monkeypatch.setattr(type(app.art), "tile", spy_tile)

    def offered_tiles() -> list[pygame.Rect]:
        screen = Blits(app.canvas.get_size())
        tiles.clear()
        sc.draw(screen)
        top = sc.button_rects()[0]
        return [r for i, r in screen.at if i in tiles and r.right == top.right
                and top.top - 3 * r.h < r.bottom <= top.top + top.h]

    from game.engine.actions import PASS, PUNG, WIN

    put_question(sc, kind_, (PUNG, PASS) if kind_ == "claim" else (WIN, PASS))
    [spot] = offered_tiles()
    assert spot.bottom <= sc.button_rects()[0].top
    sc.input.offer(turn)
    assert sc.prompt_for.kind == "turn" and offered_tiles() == []
    app.close()


def test_the_info_column_shows_the_time_played_in_minutes_and_seconds(words):
    """125 s at the table read 2:05."""
    app = make_app()
    sc = human_turn(app)
    sc.elapsed = 125.0
    assert any("2:05" in s for s, _ in record(app, sc, words).texts)
    app.close()


def test_a_long_banner_shrinks_to_fit_inside_the_walls(words):
    app = make_app((1024, 640))
    sc = human_turn(app)
    text = "East declares uper and the whole table holds its breath " * 2
    sc.director.banner = (text, (255, 255, 255))
    rec = Recording(app.canvas.get_size(), words)
    sc.view._draw_banner(rec, app.layout)
    (_, r), = [(s, r) for s, r in rec.texts]
    inner = app.layout.clear_square
    assert inner.x <= r.x and r.right <= inner.x + inner.w
    app.close()


def test_the_key_help_hides_the_table_under_it():
    """Drawn over white and over black, the key help's panel differs by at most a fifteenth of
    the range (its opacity is 240 of 255): the table hardly shows through its text."""
    app = make_app()
    human_turn(app)
    w, h = app.canvas.get_size()
    spot = (w // 2 + round(w * 0.3) - 20, h // 2 + round(h * 0.3) - 10)  # inside, past the text
    seen = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((w, h))
        surface.fill(under)
        draw_help(surface, app)
        seen.append(surface.get_at(spot)[:3])
    assert max(abs(a - b) for a, b in zip(*seen)) <= 17, seen
    app.close()


def test_the_counted_stack_is_edged_all_round_and_pulses_amber_to_gold(monkeypatch):
    """While the wall breaks, the counted stack is edged on every side with room to spare (the
    upper tier too) in a colour that pulses between amber and gold."""
    import math

    import game.ui.table.view as view_mod
    from game.ui.table.view import screen_seat

    app = make_app()
    sc = human_turn(app)
    m = sc.director.model
    m.counted_stack, m.uper, m.last_discard = 2 * 13 + 5, (), None
    lay = app.layout
    owner, stack = divmod(m.counted_stack, 13)
    cell = lay.wall_stacks(screen_seat(owner, sc.human))[stack]
    dx, dy = lay.wall_break_shift(screen_seat(owner, sc.human), stack, sc.director.wall_break())
    drawn = []
    real = pygame.draw.rect

    def spy(surface, colour, rect, *a, **kw):
        drawn.append((tuple(colour)[:3], pygame.Rect(rect)))
        return real(surface, colour, rect, *a, **kw)

    monkeypatch.setattr(view_mod.pygame.draw, "rect", spy)
    colours = []
    for elapsed in (3 * math.pi / 16, math.pi / 16):  # sin = -1, then +1
        drawn.clear()
        sc.elapsed = elapsed
        sc.view._draw_marks(pygame.Surface(app.canvas.get_size()), lay)
        (colour, r), = drawn
        colours.append(colour)
        top = cell.y + dy - lay.tier_offset  # the upper tier stands this much higher
        assert r.x < cell.x + dx and r.right > cell.x + dx + cell.w
        assert r.y < top and r.bottom > cell.y + dy + cell.h
    assert colours == [(236, 150, 60), (236, 210, 60)]
    app.close()


@pytest.mark.parametrize("method", ["dice", "winds"])
def test_the_seat_pick_rows_stay_inside_their_panel(words, monkeypatch, method):
    import game.ui.table.view as view_mod

    app = make_app((1024, 640))
    sc = human_turn(app)
    panels: list[pygame.Rect] = []
    panel = view_mod.draw_panel
    monkeypatch.setattr(view_mod, "draw_panel",
                        lambda surface, rect, *a, **kw: (panels.append(pygame.Rect(rect)),
                                                         panel(surface, rect, *a, **kw)))
    rec, _ = _seat_pick(app, sc, words, monkeypatch, method)
    box, = panels
    assert len(rec.texts) >= 9  # the title, four labels, four seats (and the dice or tiles)
    for s, r in rec.texts:
        assert box.contains(r), (s, r, box)
    app.close()


def test_the_banner_is_written_in_its_colour_above_the_centre(monkeypatch):
    import game.ui.table.view as view_mod

    app = make_app()
    sc = human_turn(app)
    fits, panels = [], []
    fit, panel = Fonts.fit, view_mod.draw_panel
    monkeypatch.setattr(Fonts, "fit", lambda self, s, size, max_w, colour=(255, 255, 255), bold=False: (
        fits.append((s, tuple(colour))), fit(self, s, size, max_w, colour, bold))[1])
    monkeypatch.setattr(view_mod, "draw_panel", lambda surface, rect, *a, **kw: (
        panels.append(pygame.Rect(rect)), panel(surface, rect, *a, **kw)))
    sc.director.banner = ("East wins", (250, 120, 40))
    sc.view._draw_banner(pygame.Surface(app.canvas.get_size()), app.layout)
    assert fits == [("East wins", (250, 120, 40))]
    (box,), (cx, cy) = panels, app.layout.centre
    assert box.bottom < cy and abs(box.centerx - cx) <= 1
    app.close()


def test_the_key_help_is_drawn_in_the_tables_palette_with_even_margins(words, monkeypatch):
    """On the navy table the help's panel is navy; its text starts as far below the panel's top
    as from its left edge."""
    import game.ui.table.help_overlay as view_mod  # the key help's own module
    from game.ui.themes import DEFAULT_PALETTE

    app = make_app()
    app.apply_settings(app.settings.replace(table_theme="navy"), save=False)
    human_turn(app)
    panels = []
    panel = view_mod.draw_panel
    monkeypatch.setattr(view_mod, "draw_panel", lambda surface, rect, *a, **kw: (
        panels.append((pygame.Rect(rect), kw.get("palette", DEFAULT_PALETTE))),
        panel(surface, rect, *a, **kw)))
    rec = Recording(app.canvas.get_size(), words)
    draw_help(rec, app)
    (box, palette), = panels
    assert palette == app.art.look.table.palette != DEFAULT_PALETTE
    first = rec.texts[0][1]
    assert first.y - box.y == first.x - box.x
    app.close()


def test_a_counted_stack_on_the_wall_that_slides_open_is_edged_where_it_went(monkeypatch):
    """The counted stack at the left wall's first stack while the bottom wall's last stack
    breaks: that wall slides up, and the edge goes with the stack."""
    import game.ui.table.view as view_mod
    from game.ui.table.view import screen_seat

    app = make_app()
    sc = human_turn(app)
    m, lay = sc.director.model, app.layout
    owner = {screen_seat(o, sc.human): o for o in range(4)}
    m.break_stack, m.break_open = owner[0] * 13 + 12, 1.0
    m.counted_stack, m.uper, m.last_discard = owner[3] * 13, (), None
    dx, dy = lay.wall_break_shift(3, 0, sc.director.wall_break())
    assert dy < 0  # it slid up
    cell = lay.wall_stacks(3)[0]
    drawn = []
    real = pygame.draw.rect
    monkeypatch.setattr(view_mod.pygame.draw, "rect", lambda surface, colour, rect, *a, **kw: (
        drawn.append(pygame.Rect(rect)), real(surface, colour, rect, *a, **kw)))
    sc.view._draw_marks(pygame.Surface(app.canvas.get_size()), lay)
    r, = drawn
    assert r.x < cell.x + dx and r.right > cell.x + dx + cell.w
    assert r.y < cell.y + dy - lay.tier_offset and r.bottom > cell.y + dy + cell.h
    app.close()


@pytest.mark.parametrize("method", ["dice", "winds"])
def test_the_seat_pick_lines_up_its_title_labels_and_seats(words, monkeypatch, method):
    """The title and the players' labels start at one left margin; each label stands on the
    same line as the seat it won."""
    from game.i18n import seat_name

    app = make_app()
    sc = human_turn(app)
    rec, e = _seat_pick(app, sc, words, monkeypatch, method)
    title = app.tr("table.seats_by_dice" if method == "dice" else "table.seats_by_winds")
    (_, head), = [(s, r) for s, r in rec.texts if s == title]
    for p, label in enumerate(_rows(rec, sc, e)):
        assert label.x == head.x
        seat = next(r for s, r in rec.texts if s == f"→ {seat_name(e.seats[p], 'en')}")
        assert label.y == seat.y
    app.close()


def test_a_player_who_threw_again_shows_each_die_clear_of_the_total_before_it(words, monkeypatch):
    app = make_app()
    sc = human_turn(app)
    rec, e = _seat_pick(app, sc, words, monkeypatch, "dice")
    label = _rows(rec, sc, e)[0]
    line = sorted((r.x, s, r) for s, r in rec.texts if abs(r.centery - label.centery) < label.h / 2)
    parts = [(s, r) for _, s, r in line if s.startswith("<die") or s in {"7", "9"}]
    assert [s[:4] for s, _ in parts] == ["<die", "7", "<die", "9"]
    assert parts[1][1].right < parts[2][1].x  # the second die after the first total
    app.close()


def test_a_call_is_shown_in_its_own_colour(monkeypatch):
    import game.ui.table.view as view_mod
    from game.ui.director import CallFx

    app = make_app()
    sc = human_turn(app)
    calls = []
    call = view_mod.draw_call
    monkeypatch.setattr(view_mod, "draw_call", lambda surface, fonts, area, word, colour, *a: (
        calls.append((word, colour)), call(surface, fonts, area, word, colour, *a)))
    sc.director.calls.append(CallFx(1, "pung", "Pung!", (90, 200, 250), 1.0, 255.0))
    sc.draw(pygame.Surface(app.canvas.get_size()))
    assert calls == [("Pung!", (90, 200, 250))]
    app.close()


@pytest.mark.parametrize("wind", [0, 1])
def test_the_console_names_the_prevalent_wind(words, wind):
    from game.i18n import seat_name

    app = make_app()
    sc = human_turn(app)
    sc.director.model.prevalent = wind
    said = " ".join(s for s, _ in record(app, sc, words).texts)  # a long line may wrap
    assert app.tr("table.prevalent", wind=seat_name(wind, "en")) in said
    app.close()


def test_the_turn_glow_pulses_about_every_second_and_a_half():
    """Over two seconds the glow of the player to move goes from nearly dark to nearly full."""
    app = make_app()
    sc = human_turn(app)
    glows = []
    for i in range(41):
        sc.elapsed = i * 0.05
        glows.append(sc.info().glow)
    assert min(glows) < 0.1 and max(glows) > 0.9
    app.close()


def test_nothing_is_sacred_in_a_replay_or_while_watching(monkeypatch):
    """Only the player's own game shows a sacred line: a replay or a watched game never asks."""
    from types import SimpleNamespace

    import game.practice.sacred_check as sacred_check
    from game.ui.table.view import TableView

    monkeypatch.setattr(sacred_check, "sacred_now", lambda table, seat: "sacred")
    for replay, autoplay, expected in [(False, False, "sacred"), (True, False, None),
                                       (False, True, None), (True, True, None)]:
        scene = SimpleNamespace(table=SimpleNamespace(is_over=False, events=[]), human=0,
                                replay=replay, autoplay=autoplay,
                                director=SimpleNamespace(model=SimpleNamespace(hand_no=1)))
        assert TableView(scene).sacred_status() == expected, (replay, autoplay)
