"""The table's view, layout, input and hand cursor: behaviour that mutation testing
(`python tools/mutation.py table`, README "Mutation testing") found unpinned.

Layout checks are about relations (inside, apart, in order, turned, growing with the window),
never about pixel numbers, so they hold through a redesign of the table.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.layout import Layout, MeldSpec, Rect, face_h
from game.ui.widgets import Fonts


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def make_app(size=(1280, 800)) -> App:
    pygame.init()
    return App(Settings(language="en", sound=False, animation_speed="instant", ai_delay_ms=0),
               size=size)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def run_until(app: App, cond, frames: int = 3000) -> bool:
    for _ in range(frames):
        if cond():
            return True
        app.step([], 1 / 30)
    return cond()


class Recording(pygame.Surface):
    """A screen that remembers the texts blitted onto it (known by their words) and where."""

    def __init__(self, size, words: Words) -> None:
        super().__init__(size)
        self.words = words
        self.texts: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        s = self.words.get(id(source))
        if s is not None and s.strip():
            self.texts.append((s, pygame.Rect(r)))
        return r


class Words:
    """Every text surface the fonts made: its words by the surface's id, and each text's size."""

    def __init__(self) -> None:
        self.ids: dict[int, str] = {}
        self.sizes: dict[str, int] = {}
        self.keep: list[pygame.Surface] = []  # the ids stay valid while the test runs

    def get(self, ident: int) -> str | None:
        return self.ids.get(ident)


@pytest.fixture
def words(monkeypatch) -> Words:
    known = Words()
    text = Fonts.text

    def spy(self, s, size, colour=(255, 255, 255), bold=False):
        surf = text(self, s, size, colour, bold)
        known.ids[id(surf)] = s
        known.sizes[s] = size
        known.keep.append(surf)
        return surf

    monkeypatch.setattr(Fonts, "text", spy)
    return known


def human_turn(app: App, seed: int = 17):
    from game.ui.scenes.table import TableScene

    sc = TableScene(app, ["human", "random", "random", "random"], seed=seed, hands=1, record=False)
    app.push(sc)
    assert run_until(app, lambda: sc.prompt_for is not None and sc.prompt_for.kind == "turn"
                     and sc.director.idle)
    return sc


def record(app: App, sc, words) -> Recording:
    rec = Recording(app.canvas.get_size(), words)
    sc.draw(rec)
    return rec


# --- the key help (F1 or H) ------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_key_help_shows_every_line_in_order_inside_a_centred_panel(size, words, monkeypatch):
    """F1 opens the key help over the table: a panel centred on the window that leaves the table
    around it, every paragraph of the help in order, each line inside the panel, lines one under
    another, text no smaller than 15 px; F1 again (or H) closes it."""
    import game.ui.table.view as view_mod

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
    lines = [(s, r) for s, r in rec.texts if s not in before and r.colliderect(box)]
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


# --- layout: rectangles ----------------------------------------------------------------------------
def test_rect_geometry_worked_by_hand():
    r = Rect(10, 20, 30, 40)
    assert (r.right, r.bottom, r.center, r.topleft) == (40, 60, (25.0, 40.0), (10, 20))
    assert Rect(10.4, 19.6, 1, 1).topleft == (10, 20)
    assert r.grow(1, 2, 3, 4) == Rect(9, 18, 34, 46)
    assert r.grow(left=5) == Rect(5, 20, 35, 40) and r.grow(bottom=5) == Rect(10, 20, 30, 45)
    assert Rect(0.4, 0.6, 9.5, 10.5).as_tuple() == (0, 1, 10, 10)
    assert Rect.union([Rect(0, 5, 2, 2), Rect(4, 0, 1, 1), Rect(1, 1, 1, 10)]) == Rect(0, 0, 5, 11)
    # inside: edges may touch; one pixel out is out, on every side
    box = Rect(0, 0, 100, 50)
    assert Rect(0, 0, 100, 50).inside(box) and Rect(10, 10, 5, 5).inside(box)
    for out in (Rect(-1, 0, 10, 10), Rect(0, -1, 10, 10), Rect(91, 0, 10, 10), Rect(0, 41, 10, 10)):
        assert not out.inside(box), out
    # contains_point: the left and top edges are in, the right and bottom ones out
    assert r.contains_point(10, 20) and r.contains_point(39.9, 59.9)
    for x, y in ((9.9, 30), (40, 30), (20, 19.9), (20, 60)):
        assert not r.contains_point(x, y), (x, y)
    # overlaps: on every side, touching is apart and one pixel more is an overlap
    a = Rect(0, 0, 10, 10)
    for b in (Rect(10, 0, 5, 5), Rect(-5, 0, 5, 5), Rect(0, 10, 5, 5), Rect(0, -5, 5, 5)):
        assert not a.overlaps(b) and not b.overlaps(a), b
    for b in (Rect(9, 0, 5, 5), Rect(-4, 0, 5, 5), Rect(0, 9, 5, 5), Rect(0, -4, 5, 5)):
        assert a.overlaps(b) and b.overlaps(a), b


def test_a_quarter_turn_is_counter_clockwise_on_screen_and_four_come_back():
    from game.ui.layout import _rot, _rot_rect

    # screen y points down: right turns to up, up to left, left to down
    assert _rot(1, 0, 1) == (0, -1) and _rot(0, -1, 1) == (-1, 0) and _rot(-1, 0, 1) == (0, 1)
    assert _rot(3, 4, 4) == (3, 4) and _rot(3, 4, 5) == _rot(3, 4, 1) and _rot(3, 4, 0) == (3, 4)
    r = Rect(2, 10, 6, 3)  # below the centre, a bottom-row cell 6 long and 3 deep
    assert _rot_rect(100, 100, r, 0) == Rect(102, 110, 6, 3)
    right = _rot_rect(100, 100, r, 1)  # turned to the right-hand side: long upwards
    assert (right.w, right.h) == (3, 6) and right.x >= 110 and right.y == 92
    top = _rot_rect(100, 100, r, 2)
    assert (top.w, top.h) == (6, 3) and top.bottom == 90 and top.right == 98


# --- layout: the panel, the buttons, the dice --------------------------------------------------------
SOME_SIZES = [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160), (1024, 2160), (3840, 640)]


@pytest.mark.parametrize("w, h", SOME_SIZES)
def test_the_buttons_sit_at_the_bottom_of_the_panel_inside_the_window(w, h):
    lay = Layout.for_size(w, h)
    p, buttons = lay.panel, lay.buttons
    assert p.inside(lay.window) and p.x >= lay.table_right
    assert buttons.inside(p) and buttons.bottom == pytest.approx(p.bottom)
    assert buttons.h >= 3 * 30  # room for three buttons at least
    assert lay.line_h >= 18 and lay.dice_size >= 18


@pytest.mark.parametrize("w, h", SOME_SIZES)
@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_buttons_stack_in_order_down_to_the_bottom_of_their_area(w, h, n):
    lay = Layout.for_size(w, h)
    rects = lay.button_rects(n)
    assert len(rects) == n
    b = lay.buttons
    assert rects[-1].bottom == pytest.approx(b.bottom)  # the last one at the bottom
    for r in rects:
        assert r.inside(b) and r.x == b.x and r.w == b.w and r.h >= 20
    for a, c in itertools.pairwise(rects):
        assert c.y >= a.bottom and c.h == a.h  # top to bottom, the same height
        assert c.y - a.bottom == pytest.approx(lay.gap)  # a gap between, the same each time
    if n == 1:
        assert rects[0].h >= 30 and rects[0].h >= lay.line_h  # a comfortable button


def test_many_buttons_shrink_to_fit_their_area():
    lay = Layout.for_size(1024, 640)
    rects = lay.button_rects(12)
    assert rects[0].y >= lay.buttons.y - 1e-6 and rects[-1].bottom == pytest.approx(lay.buttons.bottom)
    for a, c in itertools.pairwise(rects):
        assert not a.overlaps(c) and c.y > a.y


@pytest.mark.parametrize("w, h", SOME_SIZES)
def test_the_dice_tumble_in_the_middle_of_the_walls(w, h):
    lay = Layout.for_size(w, h)
    area = lay.dice_area
    assert area.center == pytest.approx(lay.centre)
    assert area.inside(lay.clear_square)
    assert area.w == area.h and area.w >= 3 * lay.dice_size


# --- layout: the walls' square, the centre ---------------------------------------------------------
@pytest.mark.parametrize("w, h", SOME_SIZES)
def test_the_walls_make_a_square_around_the_centre_of_the_table_area(w, h):
    lay = Layout.for_size(w, h)
    cx, cy = lay.centre
    assert 0 < cx < lay.width and 0 < cy < lay.height
    clear = lay.clear_square
    assert clear.center[0] == pytest.approx(cx)
    for s in range(4):
        wall = Rect.union(lay.wall_stacks(s))
        for stack in lay.wall_stacks(s):
            assert not stack.overlaps(clear)  # the clear square is inside the walls
            assert (stack.w, stack.h) in ((lay.tile, face_h(lay.tile)), (face_h(lay.tile), lay.tile))
        # each wall 13 stacks long, the same distance from the centre on its side
        assert max(wall.w, wall.h) == pytest.approx(13 * lay.tile)
    bottom, right = Rect.union(lay.wall_stacks(0)), Rect.union(lay.wall_stacks(1))
    top, left = Rect.union(lay.wall_stacks(2)), Rect.union(lay.wall_stacks(3))
    assert bottom.y - cy == pytest.approx(cy - top.bottom)
    assert right.x - cx == pytest.approx(cx - left.right)
    assert bottom.y - cy == pytest.approx(right.x - cx)
    # the upper tier is drawn higher than the lower one, the wall region holds both and the depth
    assert lay.tier_offset >= 2
    for s in range(4):
        x, y = lay.wall_tile_pos(s, 4, 0)
        assert lay.wall_tile_pos(s, 4, 1) == (x, y - lay.tier_offset)
        reg = lay.wall_region(s)
        assert reg.y <= min(r.y for r in lay.wall_stacks(s)) - lay.tier_offset + 1e-6
        assert reg.bottom > max(r.bottom for r in lay.wall_stacks(s))


# --- layout: rows ----------------------------------------------------------------------------------
# the direction a seat's row runs on screen, from its owner's left to right
ALONG = {0: (1, 0), 1: (0, -1), 2: (-1, 0), 3: (0, 1)}


def _step(a: Rect, b: Rect, seat: int) -> float:
    """How far `b` starts after the end of `a` along the seat's row (0: they touch)."""
    if seat == 0:
        return b.x - a.right
    if seat == 1:
        return a.y - b.bottom
    if seat == 2:
        return a.x - b.right
    return b.y - a.bottom


@pytest.mark.parametrize("seat", range(4))
def test_a_row_runs_hand_drawn_tile_melds_flowers_from_the_owners_left(seat):
    lay = Layout.for_size(1280, 800)
    n = 7
    hand = lay.hand_slots(seat, n, drawn=True)
    assert len(hand) == n + 1 and len(lay.hand_slots(seat, n)) == n
    assert lay.drawn_slot(seat, n) == hand[-1]
    for a, b in itertools.pairwise(hand[:-1]):
        assert _step(a.rect, b.rect, seat) == pytest.approx(0)  # concealed tiles side by side
    assert _step(hand[-2].rect, hand[-1].rect, seat) == pytest.approx(lay.row_gap(seat))
    assert lay.row_gap(seat) >= 3
    for sl in hand:
        assert sl.orientation == seat and sl.sideways == (seat % 2 == 1)  # turned on screen
    melds = lay.meld_slots(seat, n - 1, [MeldSpec(3, 0), MeldSpec(4, None), MeldSpec(3, 2)])
    first = melds[0][0].rect
    assert _step(lay.drawn_slot(seat, n - 1).rect, first, seat) > 0  # after the drawn tile
    for k, meld in enumerate(melds):
        for a, b in itertools.pairwise(meld):
            assert _step(a.rect, b.rect, seat) == pytest.approx(0)
        if k:
            gap = _step(melds[k - 1][-1].rect, meld[0].rect, seat)
            assert 0 < gap < lay.row_gap(seat)  # melds closer to each other than to the hand
    # the claimed tile lies sideways: turned a quarter, longer along the row than an upright one
    turned = [[sl.orientation != seat for sl in meld] for meld in melds]
    assert turned == [[True, False, False], [False] * 4, [False, False, True]]
    assert melds[0][0].orientation == (seat + 1) % 4
    up, side = melds[0][1].rect, melds[0][0].rect
    if seat % 2 == 0:
        assert side.w > up.w and side.h < up.h
    else:
        assert side.h > up.h and side.w < up.w
    # the flowers at the far end of the row, in order, inside the row's region
    flowers = lay.flower_slots(seat, 3)
    for a, b in itertools.pairwise(flowers):
        assert _step(a.rect, b.rect, seat) == pytest.approx(0)
    assert _step(melds[-1][-1].rect, flowers[0].rect, seat) > 0
    row = lay.row_region(seat)
    for sl in [*hand, *(s for m in melds for s in m), *flowers]:
        assert sl.rect.inside(row), sl
    # every cell flush with the row's outer edge (the side nearest its owner)
    outer = {0: lambda r: r.bottom, 1: lambda r: r.right, 2: lambda r: r.y, 3: lambda r: r.x}[seat]
    assert len({round(outer(sl.rect), 6) for sl in [*hand, *(s for m in melds for s in m)]}) == 1


def test_the_human_sees_bigger_tiles_than_the_opponents():
    lay = Layout.for_size(1280, 800)
    mine = lay.hand_slots(0, 13)[0]
    for seat in (1, 2, 3):
        theirs = lay.hand_slots(seat, 13)[0]
        assert mine.width > theirs.width
        assert max(mine.rect.w, mine.rect.h) > max(theirs.rect.w, theirs.rect.h)
    assert lay.meld_slots(0, 10, [MeldSpec(3, None)])[0][0].width < mine.width  # melds smaller
    assert lay.flower_slots(0, 1)[0].width < mine.width


def test_a_raised_tile_stays_in_the_human_row_and_clear_of_the_walls():
    for w, h in SOME_SIZES:
        lay = Layout.for_size(w, h)
        assert lay.lift >= 4
        row = lay.row_region(0)
        for sl in lay.hand_slots(0, 13, drawn=True):
            raised = Rect(sl.rect.x, sl.rect.y - lay.lift, sl.rect.w, sl.rect.h)
            assert raised.inside(row)
        assert row.y <= min(sl.rect.y for sl in lay.hand_slots(0, 13)) - lay.lift + 1e-6
        assert lay.human_band_h >= row.h - 1


def test_a_river_past_four_rows_goes_on_in_the_fourth():
    lay = Layout.for_size(1280, 800)
    slots = lay.river_slots(0, [False] * 27)
    rows = sorted({round(sl.rect.y, 6) for sl in slots})
    assert len(rows) == 4
    assert [round(sl.rect.y, 6) for sl in slots[18:]] == [rows[-1]] * 9
    assert slots[24].rect.x == pytest.approx(slots[23].rect.right)
    # every row begins at the same place, left to right as the discarder sees it
    assert {round(slots[i].rect.x, 6) for i in (0, 6, 12, 18)} == {round(slots[0].rect.x, 6)}
    assert all(b.rect.x > a.rect.x for a, b in itertools.pairwise(slots[:6]))


@pytest.mark.parametrize("seat", range(4))
def test_rivers_stack_their_rows_away_from_the_centre(seat):
    lay = Layout.for_size(1280, 800)
    cx, cy = lay.centre
    slots = lay.river_slots(seat, [False] * 19)

    def far(sl):
        x, y = sl.rect.center
        return abs(x - cx) if seat % 2 else abs(y - cy)

    assert far(slots[0]) < far(slots[6]) < far(slots[12]) < far(slots[18])
    # a sideways (uper) tile lies on the row's outer edge, its length along the row
    side = lay.river_slots(seat, [False, True])[1]
    up = lay.river_slots(seat, [False, False])[1]
    assert side.orientation == (seat + 1) % 4 and up.orientation == seat
    assert far(side) >= far(up) - 1e-6


def test_a_window_size_must_be_whole_pixels():
    with pytest.raises(TypeError, match="whole pixels"):
        Layout.for_size(1280.0, 800)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="whole pixels"):
        Layout.for_size(1280, "800")  # type: ignore[arg-type]
    for w, h in ((1024, 640), (3840, 2160)):  # the limits themselves are allowed
        assert Layout.for_size(w, h).size == (w, h)


@pytest.mark.parametrize("w1, h1, w2, h2", [(1024, 640, 1280, 800), (1280, 800, 1920, 1080),
                                            (1920, 1080, 3840, 2160), (1280, 800, 1280, 1080)])
def test_a_larger_window_never_gets_smaller_tiles(w1, h1, w2, h2):
    a, b = Layout.for_size(w1, h1), Layout.for_size(w2, h2)
    for attr in ("tile", "river_tile", "hand_tile", "meld_tile", "opp_tile", "flower_tile"):
        assert getattr(b, attr) >= getattr(a, attr), attr
    assert b.tile > a.tile or ((w1, h1) == (1280, 800) and h2 == 1080)


# --- input: the claim clock, leaving, the call assists, the hints panel ---------------------------
def test_the_claim_clock_shows_whole_seconds_rounded_up_and_the_time_bank():
    app = make_app()
    sc = human_turn(app)
    tr = app.tr
    assert sc.input._clock_text(3.2, 0.0, False) == tr("table.clock", n=4) == "4 s"
    assert sc.input._clock_text(3.0, 0.0, False) == "3 s"
    # a bank left: both; half a second of bank still counts as one
    assert sc.input._clock_text(3.2, 5.5, False) == tr("table.clock_with_bank", n=4, bank=6)
    assert sc.input._clock_text(2.0, 0.5, False) == tr("table.clock_with_bank", n=2, bank=1)
    # the countdown over, the bank running: only the bank
    assert sc.input._clock_text(0.0, 4.1, True) == tr("table.clock_in_bank", n=5) == "Time bank: 5 s"
    app.close()


@pytest.mark.parametrize("how", ["recorded", "unrecorded", "watching"])
def test_leaving_the_table_asks_with_what_happens_to_the_game(how):
    from game.ui.scenes.table import TableScene

    app = make_app()
    seats = ["ai", "ai", "ai", "ai"] if how == "watching" else ["human", "random", "random", "random"]
    sc = TableScene(app, seats, seed=17, hands=1, record=how != "unrecorded")
    app.push(sc)
    app.step([], 1 / 30)
    sc.ask_to_leave()
    top = app.top
    assert top.name == "confirm"
    want = {"recorded": "confirm.leave.saved", "unrecorded": "confirm.leave.unsaved",
            "watching": "confirm.leave.watching"}[how]
    assert top.message == app.tr(want)
    assert top.title == app.tr("confirm.leave.title")
    app.close()


def test_a_call_assist_key_switches_it_says_so_and_saves_it(dirs):
    from game.settings import load_settings

    app = make_app()
    sc = human_turn(app)
    assert not app.settings.assist_auto_win
    app.step([key(pygame.K_F5)], 1 / 30)
    assert app.settings.assist_auto_win
    name = app.tr("assist.assist_auto_win")
    assert sc.message == app.tr("assist.now", name=name, state=app.tr("value.on"))
    assert load_settings(app.settings_path)[0].assist_auto_win  # saved for the next game
    app.step([key(pygame.K_F5)], 1 / 30)
    assert not app.settings.assist_auto_win
    assert sc.message == app.tr("assist.now", name=name, state=app.tr("value.off"))
    assert not load_settings(app.settings_path)[0].assist_auto_win
    app.close()


def test_a_call_assist_holds_for_the_game_when_the_settings_cannot_be_saved(monkeypatch):
    import game.ui.table.input as input_mod

    def refuse(*_a, **_kw):
        raise PermissionError("read-only")

    app = make_app()
    sc = human_turn(app)
    monkeypatch.setattr(input_mod, "save_settings", refuse)
    app.step([key(pygame.K_F6)], 1 / 30)
    assert app.settings.assist_no_calls and sc.message
    app.close()


def test_i_opens_the_hints_beside_the_table_in_the_players_notation():
    app = make_app()
    sc = human_turn(app)
    app.step([key(pygame.K_i)], 1 / 30)
    assert sc.show_hints and sc.hints_panel is not None
    assert sc.hints_for is sc.prompt_for  # the hints are the open decision's
    panel = sc.hints_panel
    assert panel.lang == app.lang and panel.notation == app.notation
    app.apply_settings(app.settings.replace(tile_notation=not app.notation), save=False)
    assert panel.notation == app.notation  # follows the setting while it is open
    assert panel.scroll_keys and panel.details_key  # Page Up/Down scroll it, D shows the details
    assert sc.toggle_hints() is False and not sc.show_hints
    assert sc.hints_for is None  # worked out again when opened again
    app.close()


def test_without_the_hints_module_i_says_so_and_opens_nothing(monkeypatch):
    import sys

    app = make_app()
    sc = human_turn(app)
    monkeypatch.setitem(sys.modules, "game.ui.hints_panel", None)  # importing it fails
    assert sc.toggle_hints() is False
    assert not sc.show_hints and sc.hints_panel is None
    assert sc.message == app.tr("table.no_hints")
    app.close()


# --- the view: a tile dragged by the mouse ---------------------------------------------------------
def mouse(kind_, pos):
    if kind_ == pygame.MOUSEMOTION:
        return pygame.event.Event(kind_, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind_, pos=pos, button=1)


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
    board = view_mod.draw_board
    monkeypatch.setattr(view_mod, "draw_board", lambda surface, lay, art, v: (
        boards.append((set(v.seats[0].hidden), v.seats[0].selected)), board(surface, lay, art, v)))
    sc.draw(pygame.Surface(app.canvas.get_size()))
    (hidden, selected), = boards
    assert frm in hidden and selected is None  # its slot is empty, nothing raised there
    app.step([mouse(pygame.MOUSEBUTTONUP, (x, src.centery))], 1 / 30)
    assert sc.cursor.drag is None
    app.close()


# --- the seats chosen at the start: dice or wind tiles ---------------------------------------------
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
        assert s == sc.player_label(p)
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


# --- the warning mark on a button -------------------------------------------------------------------
def test_a_warning_mark_edges_the_button_and_leaves_its_face_alone():
    from game.ui.controls import WARN, draw_warning_mark

    surface = pygame.Surface((300, 80))
    surface.fill((10, 60, 30))
    r = pygame.Rect(20, 10, 240, 50)
    box = draw_warning_mark(surface, r)
    assert r.contains(box) and box.x - r.x < r.w // 4  # the mark at the button's left end
    assert tuple(surface.get_at((r.centerx, r.y)))[:3] == WARN  # an orange edge ...
    assert tuple(surface.get_at((r.centerx, r.bottom - 1)))[:3] == WARN
    assert tuple(surface.get_at((r.right - 1, r.centery)))[:3] == WARN
    # ... around a face that keeps its colour (the button's text stays readable)
    assert tuple(surface.get_at((r.centerx, r.centery)))[:3] == (10, 60, 30)
    assert tuple(surface.get_at((r.right - 20, r.y + 10)))[:3] == (10, 60, 30)
    assert tuple(surface.get_at((box.x + box.w // 4, box.bottom - 2)))[:3] == WARN  # the triangle
    assert tuple(surface.get_at((r.x - 3, r.y - 3)))[:3] == (10, 60, 30)  # nothing outside


# --- what a choice submits ----------------------------------------------------------------------------
def test_each_prompt_choice_submits_its_action_and_an_uper_needs_a_tile(monkeypatch):
    from game.engine.actions import NINE_MAJOR, PASS, WIN

    app = make_app()
    sc = human_turn(app)
    sent: list = []
    monkeypatch.setattr(sc.input, "act", lambda action: sent.append(action) or True)
    for choice in ("win", "pass", "nine_major"):
        sc.input.choose(choice)
    assert sent == [WIN, PASS, NINE_MAJOR]
    sent.clear()
    sc.cursor.index = None  # no tile picked: an uper has no discard, nothing is sent
    sc.input.choose("uper")
    sc.input.choose("something else")
    assert sent == []
    app.close()


def test_an_action_without_a_question_does_nothing_and_a_refused_one_gives_the_rules_reason():
    from game.engine.actions import PASS, Discard
    from game.engine.errors import IllegalActionError

    app = App(Settings(language="ko", sound=False, animation_speed="instant", ai_delay_ms=0),
              size=(1280, 800))
    sc = human_turn(app)
    d = sc.prompt_for
    n = len(sc.table.events)
    sc.prompt_for = None
    assert sc.act(PASS) is False and len(sc.table.events) == n and sc.message == ""
    sc.prompt_for = d
    held = {i >> 2 for i in sc.director.shown_ids(d.seat)}
    missing = next(k for k in range(27) if k not in held)
    assert sc.act(Discard(missing)) is False
    assert sc.prompt_for is d and len(sc.table.events) == n
    with pytest.raises(IllegalActionError) as refused:
        sc.driver.submit(d.seat, Discard(missing))
    reason = app.reason(refused.value.reason)
    assert sc.message == reason and reason != str(refused.value)  # the reason, in Korean
    assert any("\uac00" <= ch <= "\ud7a3" for ch in sc.message)
    app.close()


# --- keys: the yak guide, the replay's speed ------------------------------------------------------
def test_y_opens_the_yak_guide_with_what_the_hand_can_reach():
    app = make_app()
    sc = human_turn(app)
    reach = sc.yak_reach()
    app.step([key(pygame.K_y)], 1 / 60)
    assert app.top.name == "yak_guide" and app.top.reach == reach and reach
    app.step([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.top is sc
    app.close()


def test_a_speed_change_is_said_briefly_and_goes(monkeypatch):
    app = make_app()
    sc = human_turn(app)
    sc.director.speed = 1.0  # a replay at normal speed
    assert sc.input._replay_key(pygame.K_PLUS) is True
    assert sc.director.speed == 2.0 and sc.message == app.tr("replay.speed", x="2")
    monkeypatch.setattr(sc, "prompt_for", None)  # nothing else to say meanwhile
    for _ in range(14):  # 1.4 s: still there
        app.step([], 0.1)
    assert sc.message == app.tr("replay.speed", x="2")
    for _ in range(2):  # 1.6 s: gone
        app.step([], 0.1)
    assert sc.message == ""
    assert sc.input._replay_key(pygame.K_KP_MINUS) and sc.input._replay_key(pygame.K_MINUS)
    assert sc.director.speed == 0.5
    app.close()


# --- the turn's buttons -------------------------------------------------------------------------------
def _turn_with_win_and_nine_majors(app: App):
    """A human turn whose question also offers a win and nine majors (the engine's answers for
    the rest): the prompt is rebuilt from it."""
    import dataclasses

    from game.engine.actions import NINE_MAJOR, WIN

    sc = human_turn(app)
    sc.prompt_for = dataclasses.replace(sc.prompt_for, legal=(WIN, NINE_MAJOR, *sc.prompt_for.legal))
    sc.input._turn_prompt()
    return sc


def test_a_turn_offers_win_then_nine_majors_then_uper_with_their_keys():
    import dataclasses

    from game.engine.actions import WIN
    from game.ui.table.input import KEY_NINE, KEY_UPER, KEY_WIN

    app = make_app()
    sc = _turn_with_win_and_nine_majors(app)
    got = [(c.action, c.label, c.shortcut, c.enabled) for c in sc.prompt.choices]
    assert got[:2] == [("win", app.tr("action.ola"), KEY_WIN, True),
                       ("nine_major", app.tr("action.nine_major"), KEY_NINE, True)]
    assert [c.action for c in sc.prompt.choices][-1] == "uper"
    assert sc.prompt.choices[-1].shortcut == KEY_UPER and sc.prompt.focus == 0
    assert sc.prompt_title == app.tr("table.your_turn")
    # a win the rules refuse is still shown, disabled, with the reason
    d = sc.prompt_for
    sc.prompt_for = dataclasses.replace(d, legal=tuple(a for a in d.legal if a != WIN),
                                        notes={**d.notes, WIN: "no two points"})
    sc.input._turn_prompt()
    win = sc.prompt.choices[0]
    assert (win.action, win.enabled, win.reason) == ("win", False, "no two points")
    app.close()


def test_the_turns_buttons_keep_the_mouse_hover_while_the_hand_cursor_moves(monkeypatch):
    """Pointing at a button highlights it and gives it the focus; moving the hand's cursor with
    the keys rebuilds the buttons but keeps the highlight under the mouse (the focus goes back
    to the first button); dragging a tile leaves the buttons alone; pointing away from the
    buttons clears the highlight."""
    app = make_app()
    sc = _turn_with_win_and_nine_majors(app)  # the events go to the scene (no frame between)
    rects = sc.button_rects()
    sc.handle_event(mouse(pygame.MOUSEMOTION, rects[1].center))
    assert (sc.prompt.hover, sc.prompt.focus) == (1, 1)
    tiles = sc.tile_rects()
    sc.handle_event(mouse(pygame.MOUSEBUTTONDOWN, tiles[2].center))  # picks the tile up
    prompt = sc.prompt
    sc.handle_event(mouse(pygame.MOUSEMOTION, (tiles[4].centerx, tiles[4].centery - 40)))
    assert sc.cursor.drag == 2
    assert sc.prompt is prompt  # the buttons are not made again while the tile is dragged
    sc.handle_event(mouse(pygame.MOUSEBUTTONUP, tiles[2].center))
    sc.prompt.hover = 1
    sc.handle_event(key(pygame.K_RIGHT))
    assert sc.prompt.hover == 1 and sc.prompt.focus == 0
    sc.handle_event(mouse(pygame.MOUSEMOTION, (5, 5)))  # away from every button
    assert sc.prompt.hover is None
    app.close()


# --- a claim's question --------------------------------------------------------------------------------
@pytest.mark.parametrize("kind_, title_key", [("claim", "table.claim_prompt"),
                                              ("rob", "table.rob_prompt")])
def test_a_claim_offers_pung_kong_and_pass_and_says_who_gave_which_tile(kind_, title_key):
    """A discard the player can pung or kong: the buttons Pung, Kong, Pass with their keys, the
    countdown passing by default, and a title naming the discarder and the tile."""
    import dataclasses

    from game.engine.actions import KONG, PASS, PUNG
    from game.engine.tiles import parse_tile
    from game.ui.table.input import KEY_KONG, KEY_PASS, KEY_PUNG

    app = make_app()
    sc = human_turn(app)
    d = sc.prompt_for
    red = parse_tile("7z")
    obs = dataclasses.replace(d.observation, last_discard=(2, red))
    claim = dataclasses.replace(d, kind=kind_, legal=(PUNG, KONG, PASS), notes={}, observation=obs)
    sc.input.offer(claim)
    got = [(c.action, c.label, c.shortcut, c.enabled) for c in sc.prompt.choices]
    assert got == [("pung", app.tr("action.pung"), KEY_PUNG, True),
                   ("kong", app.tr("action.kong"), KEY_KONG, True),
                   ("pass", app.tr("action.pass"), KEY_PASS, True)]
    assert sc.offered == (2, red) and sc.prompt.default == "pass"
    title = app.tr(title_key, name=sc.seat_label(2), tile=sc.tile_name(red))
    assert sc.prompt_title == title and sc.seat_label(2) in title and sc.tile_name(red) in title
    app.close()


# --- a claim's clock, title and tooltip; the info column -----------------------------------------------
def test_a_tooltip_sits_above_the_clock_and_the_title_with_even_margins(words, monkeypatch):
    """Pointing at a disabled button shows why in a box above the buttons, the question and the
    seconds left (hiding none of them), its text as far from the left edge as from the right."""
    import game.ui.controls as controls
    from game.ui.controls import Choice, Prompt

    app = make_app()
    panels: list[pygame.Rect] = []
    real_panel = controls.draw_panel

    def spy_panel(surface, rect, *a, **kw):
        panels.append(pygame.Rect(rect))
        return real_panel(surface, rect, *a, **kw)

    monkeypatch.setattr(controls, "draw_panel", spy_panel)
    p = Prompt([Choice("win", "Win", None, False, "not two points"), Choice("pass", "Pass")],
               countdown=8, clock=lambda left, bank, in_bank: f"{left:.0f} s left")
    p.hover = 0
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    rec = Recording((1280, 800), words)
    p.draw(rec, app.fonts, rects, 20, title="East discards 5m")
    at = dict(rec.texts)
    title, clock, tip = at["East discards 5m"], at["8 s left"], at["not two points"]
    assert title.bottom <= rects[0].y and clock.bottom <= title.y
    box, = panels
    assert box.contains(tip) and box.bottom <= clock.y
    assert tip.x - box.x == box.right - tip.right
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


# --- found by the sample of seed 2 (before these tests) -------------------------------------------------
def test_a_new_turn_puts_the_cursor_on_the_drawn_tile_or_on_the_first():
    from game.ui.controls import HandCursor

    c = HandCursor()
    c.reset(14)
    assert (c.index, c.current(14)) == (13, 13)  # the drawn tile, last
    c.reset(14, at_drawn=False)
    assert (c.index, c.current(14)) == (0, 0)  # after a pung: the first tile
    c.reset(0)
    assert c.index is None


def test_a_frame_longer_than_the_clock_and_the_bank_chooses_the_default_at_once():
    """2 s on the clock and a 1 s bank: one frame of 3.5 s (a stall) spends both; the default
    is chosen in that frame, not one frame later."""
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=2.0, bank=1.0)
    p.update(3.5)
    assert p.result == "pass" and p.bank_left == 0.0


def test_the_layout_check_names_what_is_off_the_felt_overlapping_or_outside_the_walls(monkeypatch):
    """problems() on a layout broken on purpose: the console moved off the window and the
    felt, the dice onto the panel, river 2 out of the walls' square, wall 1 onto wall 0. Each
    is named, except the two walls (neighbouring walls meet at the corners)."""
    lay = Layout.for_size(1280, 800)
    assert lay.problems() == []
    regions = Layout.regions

    def broken(self):
        r = dict(regions(self))
        r["console"] = Rect(-60, -60, 20, 20)
        r["dice"] = r["panel"]
        r["river2"] = Rect(r["panel"].x, r["panel"].y, 10, 10)
        r["wall1"] = r["wall0"]
        return r

    monkeypatch.setattr(Layout, "regions", broken)
    found = []  # each problem's region name and words, without the rectangles
    for p in lay.problems():
        name, *rest = p.split(" ")
        found.append(" ".join([name, *(w for w in rest if w.isalpha())]))
    assert "console is not inside the window" in found
    assert "console is not on the felt" in found
    assert "panel overlaps dice" in found
    assert "river2 is not inside the walls" in found
    assert not any(p.startswith("wall0") and "wall1" in p for p in lay.problems())


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


def test_in_a_replay_the_skip_key_still_skips():
    """P, + and - are the replay's own keys; any other key goes on to the table's (S skips)."""
    from types import SimpleNamespace

    from game.ui.table.input import KEY_SKIP, TableInput

    skipped = []
    scene = SimpleNamespace(replay=True, help=False, show_hints=False, hints_panel=None,
                            app=SimpleNamespace(settings=Settings()),
                            pace=SimpleNamespace(skip=lambda: skipped.append(True)))
    TableInput(scene).handle_event(key(KEY_SKIP))
    assert skipped == [True]


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


def test_questions_and_a_turn_give_the_soft_cue(monkeypatch):
    """A question asked with a clock (a claim, a robbed kong, a kong at the deal) and a turn
    each give the soft cue when offered (issue 35: the clock ticks in its last seconds only,
    `test_volumes_and_mute_are_saved_and_heard.py`)."""
    import dataclasses

    from game.engine.actions import PASS, ConcealedKong

    app = make_app()
    sc = human_turn(app)
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, *a, **k: played.append(name))
    d = sc.prompt_for
    kong = dataclasses.replace(d, kind="kong", notes={},
                               legal=(ConcealedKong(d.observation.concealed[0]), PASS))
    sc.input.offer(kong)
    sc.input.offer(d)
    assert played == ["turn", "turn"]
    app.close()


# --- found by the sample of seed 3 (before these tests) -------------------------------------------------
def test_end_and_space_go_to_the_last_tile():
    from game.ui.controls import HandCursor

    c = HandCursor()
    c.reset(14, at_drawn=False)
    assert c.key(pygame.K_END, 14) == ("select", 13) and c.index == 13
    c.reset(14, at_drawn=False)
    assert c.key(pygame.K_SPACE, 14) == ("discard", 13) and c.index == 13


def test_only_the_left_button_releases_a_click():
    """Press the left button on tile 2, let a right button go there: nothing is thrown; the
    left button's release throws tile 2."""
    from game.ui.controls import HandCursor

    rects = [pygame.Rect(40 * i, 0, 38, 50) for i in range(5)]
    c = HandCursor()
    c.reset(5)
    at = rects[2].center
    assert c.mouse(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at), rects) == \
        ("select", 2)
    assert c.mouse(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=at), rects) is None
    assert c.mouse(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at), rects) == \
        ("discard", 2)


def test_up_and_left_move_a_prompts_focus_back_past_a_disabled_choice():
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("win", "Win"), Choice("pung", "Pung", enabled=False),
                Choice("kong", "Kong"), Choice("pass", "Pass")])
    p.focus = 3
    rects = [pygame.Rect(0, 40 * i, 100, 36) for i in range(4)]
    p.handle_event(key(pygame.K_UP), rects)
    assert p.focus == 2
    p.handle_event(key(pygame.K_LEFT), rects)
    assert p.focus == 0  # Pung is skipped
    p.handle_event(key(pygame.K_UP), rects)
    assert p.focus == 3  # round to the last
    p.handle_event(key(pygame.K_DOWN), rects)
    assert p.focus == 0


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


def _question(sc, kind_, legal):
    import dataclasses

    d = sc.prompt_for
    obs = dataclasses.replace(d.observation, last_discard=(2, d.observation.concealed[0]))
    q = dataclasses.replace(d, kind=kind_, legal=legal, notes={}, observation=obs)
    sc.input.offer(q)
    return q


def test_kong_choices_send_their_kongs(monkeypatch):
    from game.engine.actions import KONG, PASS, AddedKong, ConcealedKong

    app = make_app()
    sc = human_turn(app)
    sent: list = []
    monkeypatch.setattr(sc.input, "act", lambda action: sent.append(action) or True)
    _question(sc, "claim", (KONG, PASS))
    sc.input.choose("kong")
    sc.input.choose("kong:ConcealedKong:20")
    sc.input.choose("kong:AddedKong:7")
    assert sent == [KONG, ConcealedKong(20), AddedKong(7)]
    app.close()


@pytest.mark.parametrize("kind_", ["claim", "rob"])
def test_a_kong_key_on_a_question_without_one_says_why_for_a_claim(kind_):
    """K on a claim (or a robbed kong) that offers no kong: the claim's own reason ("you need
    three of this tile"), not a turn's."""
    from game.engine.actions import PASS, PUNG, WIN
    from game.ui.table.input import KEY_KONG

    app = make_app()
    sc = human_turn(app)
    _question(sc, kind_, (PUNG, PASS) if kind_ == "claim" else (WIN, PASS))
    sc.handle_event(key(KEY_KONG))
    assert sc.message == app.tr("table.cannot.kong.claim")
    assert sc.prompt_for is not None and sc.prompt_for.kind == kind_  # still asked
    app.close()


def test_the_time_bank_spent_on_a_question_is_gone_for_the_hand(monkeypatch):
    from game.engine.actions import PASS, PUNG

    app = make_app()
    app.settings = app.settings.replace(claim_countdown=5, claim_time_bank=5)
    sc = human_turn(app)
    _question(sc, "claim", (PUNG, PASS))
    p = sc.prompt
    assert (p.countdown, p.bank) == (5.0, 5.0) and sc.time_bank == 5.0
    bank = sc.time_bank
    p.update(p.countdown + 1.5)  # the clock and 1.5 s of the bank
    assert p.bank_used == pytest.approx(1.5)
    monkeypatch.setattr(sc.driver, "submit", lambda seat, action: None)
    assert sc.act(PASS)
    assert sc.time_bank == pytest.approx(bank - 1.5)
    app.close()


# --- the info column: a plate's level on hover, a doubled stake (the table's seed 4) ---------------
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


# --- a prompt's mouse button and countdown bar (the table's seed 4) ----------------------------------
def test_only_a_left_click_answers_a_prompt():
    """A right click or the wheel over Pass answers nothing; a left click there answers Pass."""
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=5)
    rects = [pygame.Rect(100, 100, 200, 40), pygame.Rect(100, 150, 200, 40)]
    at = rects[1].center
    for button in (3, 2, 4, 5):
        assert not p.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button,
                                                     pos=at), rects)
    assert p.result is None
    assert p.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at), rects)
    assert p.result == "pass"


def test_the_countdown_bar_above_the_buttons_shrinks_with_the_time_left():
    """A 10 s question with 5 s left: the gold bar over the top button (200 px wide) is drawn
    over its left half only, 100 px; with 8 s left, over 160 px."""
    from game.ui.controls import Choice, Prompt
    from game.ui.widgets import GOLD

    rects = [pygame.Rect(100, 100, 200, 40), pygame.Rect(100, 150, 200, 40)]
    for spent, length in ((5.0, 100), (2.0, 160)):
        p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=10)
        p.update(spent)
        surf = pygame.Surface((500, 300))
        p.draw(surf, Fonts(), rects, 18)
        row = [x for x in range(500) if surf.get_at((x, 96))[:3] == GOLD]
        assert row == list(range(100, 100 + length))


# --- the tile on offer above a claim's buttons; the uper warning for some tiles (seed 4) ------------
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

    _question(sc, kind_, (PUNG, PASS) if kind_ == "claim" else (WIN, PASS))
    [spot] = offered_tiles()
    assert spot.bottom <= sc.button_rects()[0].top
    sc.input.offer(turn)
    assert sc.prompt_for.kind == "turn" and offered_tiles() == []
    app.close()


def test_the_uper_button_names_the_waits_that_its_discard_bars():
    """234m 567m 345p 22p 55m, uper with 8p: waits 2p and 5m; the 8p thrown bars 2p (stem
    2-5-8) but not 5m, so the warning names 2p only."""
    from game.engine.rules import RuleSet
    from game.engine.table import Table, rig_wall
    from game.engine.tiles import parse_tile

    app = make_app()
    sc = human_turn(app)
    t = Table(RuleSet(flowers=False), seed=1,
              wall=rig_wall(["234m567m345p22p55m8p", None, None, None]))
    warning = sc.input._uper_warning(t.pending()[0], parse_tile("8p"))
    assert app.tiles_text([parse_tile("2p")]) in warning
    assert app.tiles_text([parse_tile("5m")]) not in warning
    assert warning.startswith(app.tr("table.uper_sacred_tiles", tiles="", why="")[:20])
    app.close()


# --- seed 5's survivors: a refused win on a claim, the uper warnings' reason, the game clock -------
def test_a_win_the_table_refused_stays_on_a_claim_as_a_greyed_button_with_its_reason():
    """A claim where the table refused the player's win on this tile (the reason kept in
    Table.refused for his seat, not in the decision's notes): the Win button is there, greyed,
    labelled as a win and saying why on hover."""
    from game.engine.actions import PASS, PUNG, WIN
    from game.ui.table.input import KEY_WIN

    app = make_app()
    sc = human_turn(app)
    sc.table.refused[sc.prompt_for.seat] = {WIN: "not two basic points"}
    _question(sc, "claim", (PUNG, PASS))
    win = sc.prompt.choices[0]
    assert (win.action, win.label, win.shortcut, win.enabled) == (
        "win", app.tr("action.ssoa"), KEY_WIN, False)
    assert win.reason == app.reason("not two basic points") != ""
    app.close()


def _said_why(warning: str) -> str:
    return warning[warning.rindex("(") + 1:warning.rindex(")")]


@pytest.mark.parametrize("hand, throw", [
    ("111z222z789p55m23p7p", "7p"),  # waits 1p-4p, both barred by the 7p (stem 1-4-7)
    ("234m567m345p22p55m8p", "8p"),  # waits 2p and 5m, the 8p bars 2p only
])
def test_the_uper_warning_says_which_rule_bars_the_waits(hand, throw):
    """Either warning ends with the engine's reason in parentheses: not empty, not "None"."""
    from game.engine.rules import RuleSet
    from game.engine.table import Table, rig_wall
    from game.engine.tiles import parse_tile

    app = make_app()
    sc = human_turn(app)
    t = Table(RuleSet(flowers=False), seed=1, wall=rig_wall([hand, None, None, None]))
    why = _said_why(sc.input._uper_warning(t.pending()[0], parse_tile(throw)))
    assert why.strip() and why != "None"
    app.close()


def test_the_info_column_shows_the_time_played_in_minutes_and_seconds(words):
    """125 s at the table read 2:05."""
    app = make_app()
    sc = human_turn(app)
    sc.elapsed = 125.0
    assert any("2:05" in s for s, _ in record(app, sc, words).texts)
    app.close()


# --- found by the sample of seed 5 (before these tests) -------------------------------------------------
def _prompt_draw(monkeypatch, prompt, rects, palette=None):
    """Draw `prompt` and return what it asked of the buttons, the fonts and the panels."""
    import game.ui.controls as controls
    from game.ui.themes import DEFAULT_PALETTE

    app = make_app()
    seen = {"buttons": [], "fits": [], "panels": []}
    button, panel, fit = controls.draw_button, controls.draw_panel, Fonts.fit

    def spy_button(surface, fonts, b, focused, size, hovered=False, palette=DEFAULT_PALETTE):
        seen["buttons"].append((b.label, focused, hovered))
        return button(surface, fonts, b, focused, size, hovered=hovered, palette=palette)

    def spy_panel(surface, rect, *a, **kw):
        seen["panels"].append((pygame.Rect(rect), kw.get("palette", DEFAULT_PALETTE)))
        return panel(surface, rect, *a, **kw)

    def spy_fit(self, s, size, max_w, colour=(255, 255, 255), bold=False):
        seen["fits"].append((s, max_w, tuple(colour), bold))
        return fit(self, s, size, max_w, colour, bold)

    monkeypatch.setattr(controls, "draw_button", spy_button)
    monkeypatch.setattr(controls, "draw_panel", spy_panel)
    monkeypatch.setattr(Fonts, "fit", spy_fit)
    kw = {} if palette is None else {"palette": palette}
    prompt.draw(pygame.Surface((1280, 800)), app.fonts, rects, 20, title="Claim?", **kw)
    app.close()
    return seen


@pytest.mark.parametrize("hover", [0, 1, None])
def test_only_the_button_under_the_mouse_is_drawn_hovered(monkeypatch, hover):
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")])
    p.hover = hover
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    seen = _prompt_draw(monkeypatch, p, rects)
    assert [h for _, _, h in seen["buttons"]] == [i == hover for i in range(2)]


@pytest.mark.parametrize("left, in_bank, urgent", [(8.0, False, False), (3.5, False, False),
                                                    (3.0, False, True), (1.2, False, True),
                                                    (0.0, True, True)])
def test_the_clock_turns_red_in_the_last_three_seconds_and_in_the_bank_and_keeps_to_the_left(
        monkeypatch, left, in_bank, urgent):
    """The seconds are white until the last three, then red (the time bank too, in bold); the
    clock takes at most about two thirds of the button width, even for a long text, so the
    time bank's words never run into the tile on offer at the right."""
    from game.ui.controls import Choice, Prompt
    from game.ui.widgets import WHITE

    p = Prompt([Choice("pass", "Pass")], countdown=8, bank=5,
               clock=lambda left, bank, in_bank: "time bank: a good many seconds left")
    p.left, p.in_bank = left, in_bank
    rects = [pygame.Rect(900, 600, 300, 40)]
    seen = _prompt_draw(monkeypatch, p, rects)
    (_, max_w, colour, bold), = [f for f in seen["fits"] if f[0].startswith("time bank")]
    assert (colour != tuple(WHITE)[:len(colour)]) == urgent
    if urgent:
        assert colour[0] > 200 and colour[1] < 170  # red
    assert bold == in_bank
    assert 0.5 * rects[0].w <= max_w <= 0.7 * rects[0].w


def test_the_tooltip_box_is_drawn_in_the_tables_palette(monkeypatch):
    from game.ui.controls import Choice, Prompt
    from game.ui.themes import Palette

    theme = Palette(panel=(16, 30, 56), edge=(92, 116, 160), hilite=(44, 70, 122))
    p = Prompt([Choice("win", "Win", None, False, "not two points"), Choice("pass", "Pass")])
    p.hover = 0
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    seen = _prompt_draw(monkeypatch, p, rects, palette=theme)
    (_, palette), = seen["panels"]
    assert palette == theme


def test_a_countdown_that_runs_out_without_a_bank_chooses_the_default_without_a_tick():
    """The countdown over and no time bank: the default is chosen, and no new second starts
    (no tick sound for a second nobody will see)."""
    from game.ui.controls import Choice, Prompt

    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")], countdown=2, default="pass")
    assert p.update(1.5) is True  # 2 -> 1: a new second
    assert p.update(1.0) is False and p.result == "pass"


def test_a_window_just_tall_enough_for_a_tile_size_keeps_it_to_the_last_pixel():
    """The smallest window height that gives a tile size leaves less than a pixel to spare:
    a table and a hand that fill the height exactly still fit."""
    w = 1032
    top = Layout.for_size(w, 700)
    low, high = 640, 700  # find the smallest height with the same tiles
    while low < high:
        mid = (low + high) // 2
        if Layout.for_size(w, mid).river_tile == top.river_tile:
            high = mid
        else:
            low = mid + 1
    lay = Layout.for_size(w, low)
    assert lay.river_tile == top.river_tile
    assert 0 <= lay._spare_h < 1, lay._spare_h


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)])
def test_each_rows_gap_follows_its_own_tiles(size):
    """Large tiles make the human's hand bigger and the opponents' smaller: the space between
    the parts of the human's row grows with his tiles, the opponents' shrinks with theirs."""
    normal, large = Layout.for_size(*size), Layout.for_size(*size, large=True)
    assert large.hand_tile > normal.hand_tile and large.opp_tile < normal.opp_tile
    assert large.row_gap(0) > normal.row_gap(0)
    for seat in (1, 2, 3):
        assert large.row_gap(seat) < normal.row_gap(seat)


def test_call_assists_leave_a_replay_and_a_watched_game_alone():
    """In a replay (or while watching) the recorded or computer play goes on: the call assists
    never answer for the player; at his own table they do."""
    from types import SimpleNamespace

    from game.engine.actions import PASS, WIN
    from game.ui.table.input import TableInput

    settings = Settings(assist_auto_win=True, assist_no_calls=True)
    d = SimpleNamespace(kind="claim", legal=(WIN, PASS))
    for autoplay, replay, expected in [(False, False, WIN), (False, True, None),
                                       (True, False, None), (True, True, None)]:
        scene = SimpleNamespace(app=SimpleNamespace(settings=settings), autoplay=autoplay,
                                replay=replay)
        assert TableInput(scene)._assisted(d) == expected, (autoplay, replay)


def test_a_robbed_kong_is_offered_like_a_claim(monkeypatch):
    from game.engine.actions import PASS, WIN

    app = make_app()
    sc = human_turn(app)
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, *a, **k: played.append(name))
    _question(sc, "rob", (WIN, PASS))
    assert played == ["turn"]
    app.close()


def test_the_replay_speed_doubles_up_to_eight_times_and_halves_down_to_a_quarter():
    from types import SimpleNamespace

    from game.ui.table.input import TableInput

    said: list[str] = []
    scene = SimpleNamespace(director=SimpleNamespace(speed=1.0),
                            app=SimpleNamespace(tr=lambda k, **kw: f"{k} {kw.get('x', '')}",
                                                settings=Settings()),
                            say=lambda text, seconds=0: said.append(text))
    keys = TableInput(scene)
    speeds = []
    for _ in range(5):
        assert keys._replay_key(pygame.K_PLUS)
        speeds.append(scene.director.speed)
    assert speeds == [2.0, 4.0, 8.0, 8.0, 8.0]
    assert said[-1] == "replay.speed 8"
    for _ in range(7):
        keys._replay_key(pygame.K_MINUS)
    assert scene.director.speed == 0.25


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
    sc = human_turn(app)
    w, h = app.canvas.get_size()
    spot = (w // 2 + round(w * 0.3) - 20, h // 2 + round(h * 0.3) - 10)  # inside, past the text
    seen = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((w, h))
        surface.fill(under)
        sc.view._draw_help(surface)
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


# --- found by the sample of seed 6 (before these tests) -------------------------------------------------
def test_the_warning_marks_edge_has_round_corners_and_its_mark_is_dark_inside_the_triangle():
    """The orange edge follows the button's rounded corners (its very corner pixel stays the
    button's); the "!" is dark on the triangle: a bar in the upper part and a dot below it, one
    colour, nothing dark outside the mark's box."""
    from game.ui.controls import draw_warning_mark

    felt = (90, 140, 110)
    surface = pygame.Surface((300, 140))
    surface.fill(felt)
    r = pygame.Rect(20, 10, 240, 50)
    box = draw_warning_mark(surface, r)
    for corner in ((r.x, r.y), (r.right - 1, r.y), (r.x, r.bottom - 1), (r.right - 1, r.bottom - 1)):
        assert tuple(surface.get_at(corner))[:3] == felt, corner
    column = [(y, tuple(surface.get_at((box.centerx, y)))[:3]) for y in range(surface.get_height())]
    dark = [(y, c) for y, c in column if sum(c) < 150]
    assert dark and all(box.y <= y < box.bottom for y, _ in dark), (box, dark)
    assert len({c for _, c in dark}) == 1  # the bar and the dot in one colour
    ys = [y for y, _ in dark]
    runs = [y for y in ys if y - 1 not in ys]  # where each dark stretch begins
    assert len(runs) == 2 and runs[0] < box.centery < runs[1], (box, ys)  # a bar, then a dot


def test_a_click_on_no_tile_discards_nothing_and_a_drag_from_there_moves_nothing():
    """Pressed off the tiles, the mouse moved over them only chooses as it passes (nothing is
    held) and released off them again discards nothing."""
    from game.ui.controls import HandCursor

    rects = [pygame.Rect(100 + 40 * i, 500, 40, 56) for i in range(5)]
    cur = HandCursor()
    assert cur.mouse(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)), rects) is None
    assert cur.mouse(mouse(pygame.MOUSEMOTION, (190, 520)), rects) == ("select", 2)
    assert cur.mouse(mouse(pygame.MOUSEBUTTONUP, (20, 20)), rects) is None
    assert cur.drag is None


def test_a_prompt_without_choices_says_so():
    """The error is the plain sentence, nothing around it."""
    from game.ui.controls import Prompt

    with pytest.raises(ValueError, match=r"^a prompt needs at least one choice$"):
        Prompt([])


def test_a_prompt_without_a_title_writes_nothing_above_its_buttons_and_a_title_is_bold(
        words, monkeypatch):
    from game.ui.controls import Choice, Prompt

    app = make_app()
    p = Prompt([Choice("pung", "Pung"), Choice("pass", "Pass")])
    rects = [pygame.Rect(900, 600, 300, 40), pygame.Rect(900, 650, 300, 40)]
    rec = Recording((1280, 800), words)
    p.draw(rec, app.fonts, rects, 20)
    assert rec.texts and all(r.y >= rects[0].y for _, r in rec.texts), rec.texts
    app.close()
    seen = _prompt_draw(monkeypatch, p, rects)
    assert [bold for s, _, _, bold in seen["fits"] if s == "Claim?"] == [True]


@pytest.mark.parametrize("size, large", [((1024, 640), True), ((1280, 800), False),
                                         ((1920, 1080), False), ((3840, 2160), True)])
def test_the_row_length_the_tile_size_is_chosen_by_matches_the_row_laid_out(size, large):
    """The hand tile is chosen from an estimate of the longest row in hand tiles: it must agree
    with the row actually laid out within a quarter of a tile (less and the row would not fit
    the window, more and the tiles come out needlessly small)."""
    from game.ui.layout import _worst_row_units

    lay = Layout.for_size(*size, large=large)
    laid_out = lay.worst_row_len(0) / lay.hand_tile
    assert abs(_worst_row_units(0.8, 0.65, 0.14) - laid_out) < 0.25


@pytest.mark.parametrize("seat", range(4))
def test_in_the_longest_row_the_flowers_follow_the_last_kong_one_gap_after_it(seat):
    """Four kongs, one tile and the drawn one: the longest row a hand can make. The row is as
    long as it needs and no longer: the flowers at its far end stand one row gap after the last
    kong, as the melds stand after the drawn tile."""
    from game.ui.layout import MAX_FLOWERS

    lay = Layout.for_size(1280, 800)
    melds = lay.meld_slots(seat, 1, [MeldSpec(4, 3)] * 4)
    flowers = lay.flower_slots(seat, MAX_FLOWERS)
    assert _step(melds[-1][-1].rect, flowers[0].rect, seat) == pytest.approx(lay.row_gap(seat))


@pytest.mark.parametrize("w, h", SOME_SIZES)
def test_any_number_of_buttons_stays_inside_its_area(w, h):
    lay = Layout.for_size(w, h)
    for n in range(1, 16):
        rects = lay.button_rects(n)
        assert rects[0].y >= lay.buttons.y - 1e-6, (n, rects[0], lay.buttons)


def test_the_layout_check_knows_the_dice_and_the_assists_by_name():
    lay = Layout.for_size(1280, 800)
    regions = lay.regions()
    assert regions["dice"] == lay.dice_rest and regions["assists"] == lay.assists_area


def test_only_a_playing_tile_under_the_cursor_has_a_kind_for_an_uper():
    """The first tile has a kind; a flower (ids from 100) or no tile at all has none."""
    from types import SimpleNamespace

    from game.ui.table.input import TableInput

    ids = [8, 13, 100]
    for index, kind_ in [(0, 2), (1, 3), (2, None), (3, None), (None, None)]:
        scene = SimpleNamespace(app=SimpleNamespace(settings=Settings()),
                                director=SimpleNamespace(shown_ids=lambda seat: list(ids)))
        keys = TableInput(scene)
        keys.prompt_for = SimpleNamespace(seat=0)
        keys.cursor = SimpleNamespace(index=index)
        assert keys._selected_kind() == kind_, index


def test_the_uper_button_is_labelled_uper():
    app = make_app()
    sc = human_turn(app)
    [uper] = [c for c in sc.prompt.choices if c.action == "uper"]
    assert uper.label == app.tr("action.uper")
    app.close()


def test_the_uper_warning_gives_the_reason_that_bars_the_wait_not_the_first_reason(monkeypatch):
    """Waits 2p and 5m; an 8p in the river bars 2p (stem 2-5-8), the uper discard 9m bars
    nothing waited on though its reason comes first: the warning gives the 8p's reason."""
    import game.practice.sacred_check as sacred_check
    from game.engine.scoring.sacred import sacred_status
    from game.engine.tiles import parse_tile, parse_tiles

    st = sacred_status(parse_tiles("2p5m"), parse_tiles("8p"), uper_discard=parse_tile("9m"))
    assert not st.reasons[0].blocks(parse_tile("2p"))  # the uper's own reason comes first
    monkeypatch.setattr(sacred_check, "sacred_after_uper", lambda obs, kind: st)
    app = make_app()
    sc = human_turn(app)
    warning = sc.input._uper_warning(sc.prompt_for, parse_tile("9m"))
    assert sc.reason(st.why_not(parse_tile("2p"))) in warning
    assert sc.reason(st.reasons[0].message) not in warning
    app.close()


def test_after_an_action_no_tile_stays_chosen(monkeypatch):
    from game.engine.actions import Discard

    app = make_app()
    sc = human_turn(app)
    ids = sc.director.shown_ids(sc.prompt_for.seat)
    monkeypatch.setattr(sc.driver, "submit", lambda seat, action: None)
    assert sc.act(Discard(ids[-1] >> 2))
    assert sc.cursor.index is None and sc.input._selected_kind() is None
    app.close()


def test_d_shows_the_hints_details_while_the_hints_are_open():
    app = make_app()
    sc = human_turn(app)
    app.step([key(pygame.K_i)], 1 / 30)
    panel = sc.hints_panel
    before = panel.details
    app.step([key(pygame.K_d)], 1 / 30)
    assert panel.details != before
    app.close()


def test_a_call_assist_holds_for_the_game_when_its_folder_cannot_be_made(dirs):
    """The settings file would go under a plain file: it cannot be saved, the game goes on with
    the assist switched."""
    blocker = dirs / "not-a-folder"
    blocker.write_text("")
    app = make_app()
    sc = human_turn(app)
    app.settings_path = blocker / "settings.json"
    sc.toggle_assist("assist_no_calls")
    assert app.settings.assist_no_calls and sc.message
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
    import game.ui.table.view as view_mod
    from game.ui.themes import DEFAULT_PALETTE

    app = make_app()
    app.apply_settings(app.settings.replace(table_theme="navy"), save=False)
    sc = human_turn(app)
    panels = []
    panel = view_mod.draw_panel
    monkeypatch.setattr(view_mod, "draw_panel", lambda surface, rect, *a, **kw: (
        panels.append((pygame.Rect(rect), kw.get("palette", DEFAULT_PALETTE))),
        panel(surface, rect, *a, **kw)))
    rec = Recording(app.canvas.get_size(), words)
    sc.view._draw_help(rec)
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
