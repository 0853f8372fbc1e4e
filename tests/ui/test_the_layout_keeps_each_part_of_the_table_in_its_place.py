"""The table's layout (`game.ui.layout.Layout`): rectangles and quarter turns, the panel's
buttons, the dice, the walls' square, each seat's rows and river, tile sizes by window size, and
the layout check. Checks are about relations (inside, apart, in order, turned, growing with the
window), never about pixel numbers, so they hold through a redesign of the table."""

from __future__ import annotations

import itertools

import pytest
from table_screen import private_dirs

from game.ui.layout import Layout, MeldSpec, Rect, face_h


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    return private_dirs(tmp_path, monkeypatch)


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
