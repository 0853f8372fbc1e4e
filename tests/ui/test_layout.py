"""Layout: pure geometry, checked at many window sizes."""

import itertools

import pytest

from game.ui.layout import RIVER_COLS, RIVER_ROWS, WORST_ROWS, Layout, MeldSpec, Rect, face_h

WIDTHS = (1024, 1152, 1280, 1366, 1600, 1920, 2560, 3000, 3840)
HEIGHTS = (640, 720, 768, 800, 900, 1080, 1440, 1800, 2160)
SIZES = list(itertools.product(WIDTHS, HEIGHTS))


@pytest.mark.parametrize("w, h", SIZES)
def test_nothing_overlaps_and_everything_is_inside(w, h):
    lay = Layout.for_size(w, h)
    assert lay.problems() == []


@pytest.mark.parametrize("w, h", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160), (1024, 2160),
                                  (3840, 640)])
def test_every_tile_cell_of_a_worst_case_table_is_inside_its_region(w, h):
    lay = Layout.for_size(w, h)
    regions = lay.regions()
    win = lay.window
    for s in range(4):
        for r in lay.wall_stacks(s):
            assert r.inside(regions[f"wall{s}"]) and r.inside(win)
        for n_hand, melds in WORST_ROWS:
            cells = [sl.rect for sl in lay.hand_slots(s, n_hand, drawn=True)]
            cells += [sl.rect for m in lay.meld_slots(s, n_hand, melds) for sl in m]
            cells += [sl.rect for sl in lay.flower_slots(s, 4)]
            for r in cells:
                assert r.inside(regions[f"row{s}"]), (s, n_hand, r)
            for a, b in itertools.combinations(cells, 2):
                assert not a.overlaps(b), (s, n_hand, a, b)
        river = lay.river_slots(s, [i == 5 for i in range(24)])
        for r in river:
            assert r.rect.inside(regions[f"river{s}"])
        for a, b in itertools.combinations([r.rect for r in river], 2):
            assert not a.overlaps(b)


def test_tiles_stay_legible_at_the_smallest_size():
    lay = Layout.for_size(1024, 640)
    assert lay.hand_tile >= 44
    assert lay.river_tile >= 23 and lay.tile >= 20  # the walls a little smaller than the rivers
    assert lay.opp_tile >= 20 and lay.flower_tile >= 24


@pytest.mark.parametrize("attr", ["tile", "river_tile", "hand_tile", "opp_tile", "meld_tile", "flower_tile"])
def test_scaling_is_monotone(attr):
    for w, h in SIZES:
        lay = Layout.for_size(w, h)
        for w2, h2 in ((w + 128, h), (w, h + 90)):
            if w2 <= 3840 and h2 <= 2160:
                assert getattr(Layout.for_size(w2, h2), attr) >= getattr(lay, attr), (w, h, w2, h2)


def test_seats_sit_where_the_rule_book_says():
    lay = Layout.for_size(1280, 800)
    cx, cy = lay.centre
    centres = [Rect.union(lay.wall_stacks(s)).center for s in range(4)]
    assert centres[0][1] > cy  # seat 0 (the human, East at first) at the bottom
    assert centres[1][0] > cx  # seat 1 (South) on the right
    assert centres[2][1] < cy  # seat 2 (West) at the top
    assert centres[3][0] < cx  # seat 3 (North) on the left


def test_wall_counting_runs_clockwise_on_screen_from_the_owners_right_end():
    lay = Layout.for_size(1280, 800)
    bottom = lay.wall_stacks(0)
    assert [r.x for r in bottom] == sorted((r.x for r in bottom), reverse=True)  # right to left
    left = lay.wall_stacks(3)
    assert [r.y for r in left] == sorted((r.y for r in left), reverse=True)  # then upwards
    top = lay.wall_stacks(2)
    assert [r.x for r in top] == sorted(r.x for r in top)  # then left to right
    right = lay.wall_stacks(1)
    assert [r.y for r in right] == sorted(r.y for r in right)  # then downwards
    # stack 0 of the wall on the left of seat 0 is its end nearest the last stack of seat 0
    # (the corner between the two walls is open)
    assert left[0].bottom == max(r.bottom for r in left) and bottom[12].x == min(r.x for r in bottom)
    assert left[0].right <= bottom[12].x and left[0].bottom <= bottom[12].y


def test_river_rows_of_six_and_the_sideways_tile():
    lay = Layout.for_size(1280, 800)
    slots = lay.river_slots(0, [i == 2 for i in range(8)])
    assert len({round(s.rect.y + s.rect.h) for s in slots[:6]}) == 1  # one row, same bottom line
    assert slots[6].rect.y > slots[0].rect.y  # the 7th starts a new row, away from the centre
    assert slots[2].orientation == 1 and slots[2].rect.w == face_h(lay.river_tile)
    assert slots[3].rect.x == pytest.approx(slots[2].rect.right)


def test_rivers_of_opponents_are_turned():
    lay = Layout.for_size(1280, 800)
    for s in range(4):
        sl = lay.river_slots(s, [False])[0]
        assert sl.orientation == s
        assert (sl.rect.w < sl.rect.h) == (s % 2 == 0)


def test_hand_and_drawn_slot_and_melds_follow_each_other():
    lay = Layout.for_size(1280, 800)
    hand = lay.hand_slots(0, 10, drawn=True)
    assert hand[-1].rect.x - hand[-2].rect.right == lay.row_gap(0)  # the drawn tile stands apart
    melds = lay.meld_slots(0, 10, [MeldSpec(3, 0)])
    assert melds[0][0].rect.x > hand[-1].rect.right
    assert melds[0][0].orientation == 1 and melds[0][1].orientation == 0
    # seat 2 runs right to left on screen
    top = lay.hand_slots(2, 5)
    assert top[1].rect.x < top[0].rect.x


@pytest.mark.parametrize("w, h", [(800, 600), (4000, 2160), (1024, 639)])
def test_sizes_out_of_range_are_refused(w, h):
    with pytest.raises(ValueError, match="window size"):
        Layout.for_size(w, h)


def test_bad_seat_is_named():
    with pytest.raises(ValueError, match="seat must be 0-3"):
        Layout.for_size(1280, 800).wall_stacks(4)


def test_buttons_fit_in_their_area():
    lay = Layout.for_size(1024, 640)
    rects = lay.button_rects(5)
    for r in rects:
        assert r.inside(lay.buttons)
    for a, b in itertools.combinations(rects, 2):
        assert not a.overlaps(b)


def test_engine_wall_positions_follow_the_screen_counting():
    """The engine counts a break from the breaker's right end into the wall on his left; on
    screen that is clockwise: stack 12 of the bottom wall is next to stack 0 of the left wall."""
    from game.engine.wall import position

    lay = Layout.for_size(1280, 800)
    for human in range(4):
        seen = set()
        for pos in range(104):
            (x, y), _ = lay.wall_place(pos, human)
            seen.add((x, y))
        assert len(seen) == 104  # every place distinct
        # the human's own wall is at the bottom
        (_, y0), seat0 = lay.wall_place(position(human, 5, 1), human)
        assert seat0 == 0 and y0 > lay.centre[1]
    # top tier drawn above the bottom tier of the same stack
    (xt, yt), _ = lay.wall_place(position(0, 3, 0))
    (xb, yb), _ = lay.wall_place(position(0, 3, 1))
    assert xt == xb and yt == yb - lay.tier_offset


SIZES_FOR_BREAK = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("w, h", SIZES_FOR_BREAK)
@pytest.mark.parametrize("seat, counted", [(0, 0), (0, 5), (1, 11), (1, 12), (2, 7), (3, 3), (3, 12)])
def test_the_broken_wall_opens_a_gap_at_the_breaking_point_and_overlaps_nothing(w, h, seat, counted):
    lay = Layout.for_size(w, h)
    brk = (seat, counted, 1.0)
    nxt = (seat + 3) % 4  # the next wall on the counting ring (clockwise on screen)
    moved = {}
    for s in range(4):
        for j, r in enumerate(lay.wall_stacks(s)):
            dx, dy = lay.wall_break_shift(s, j, brk)
            moved[s, j] = Rect(r.x + dx, r.y + dy, r.w, r.h)
            should = (s == seat and j > counted) or (counted == 12 and s == nxt)
            assert ((dx, dy) != (0.0, 0.0)) == should, (s, j)
    # the counted stack and the breaking point stand apart by the gap, a visible one
    a, b = (moved[seat, counted], moved[seat, counted + 1]) if counted < 12 else \
        (moved[seat, 12], moved[nxt, 0])
    before = (lay.wall_stacks(seat)[counted],
              lay.wall_stacks(seat)[counted + 1] if counted < 12 else lay.wall_stacks(nxt)[0])
    apart = abs(a.x - b.x) + abs(a.y - b.y) - (abs(before[0].x - before[1].x) + abs(before[0].y - before[1].y))
    assert apart == pytest.approx(lay.break_gap(seat if counted < 12 else nxt))
    assert apart >= lay.tile * 0.15
    # no moved stack overlaps another wall's stack, a hand row or the panel, or leaves the window
    others = [r for k, r in lay.regions().items() if not k.startswith(("wall", "river"))]
    for (s, j), r in moved.items():
        full = r.grow(top=lay.tier_offset)
        assert full.inside(lay.window), (s, j)
        assert not any(full.overlaps(o) for o in others), (s, j)
        for (s2, j2), r2 in moved.items():
            if s2 != s:
                assert not r.grow(-0.5, -0.5, -0.5, -0.5).overlaps(r2), ((s, j), (s2, j2))


def test_the_wall_opens_gradually():
    lay = Layout.for_size(1280, 800)
    xs = [-lay.wall_break_shift(0, 6, (0, 4, p))[0] for p in (0.0, 0.25, 0.5, 1.0, 1.5)]
    assert xs == sorted(xs) and xs[0] == 0.0 and xs[-1] == xs[-2] == lay.break_gap(0)
    assert lay.wall_break_shift(0, 6, None) == (0.0, 0.0)


@pytest.mark.parametrize("w, h", SIZES)
def test_the_hints_area_takes_the_right_column_and_covers_nothing(w, h):
    """Hints on: the panel is the right column under the right seat's plate, above the prompt's
    title; it never covers a row (the human's hand included), a wall, a river, the console, a
    plate or a prompt button."""
    lay = Layout.for_size(w, h)
    regions = lay.regions()
    for n in range(5):
        a = lay.hints_area(n)
        assert a.inside(lay.window)
        assert a.right == lay.panel.right and a.y == lay.panel.y and a.x >= lay.frame.right
        assert a.w >= lay.panel.w and a.w >= 200 and a.h >= 200, (n, a)
        for name, r in regions.items():
            if name != "panel":
                assert not a.overlaps(r), (n, name, a, r)
        for b in lay.button_rects(n) if n else []:
            assert a.bottom + lay.line_h * 2 <= b.y, "room for the prompt's title above its buttons"


@pytest.mark.parametrize("w, h, px", [(1024, 640, 13), (1280, 800, 16), (1920, 1080, 22), (2560, 1440, 29),
                                      (3840, 2160, 36)])
def test_the_hints_text_grows_with_the_window(w, h, px):
    assert Layout.for_size(w, h).hints_text_px == px


def test_the_hints_area_names_bad_input():
    with pytest.raises(ValueError, match="n_buttons"):
        Layout.for_size(1280, 800).hints_area(-1)


# --- the table square, the console, the plates ------------------------------------------------------
@pytest.mark.parametrize("w, h", SIZES)
def test_the_table_is_a_centred_square_on_which_everything_but_the_hand_lies(w, h):
    lay = Layout.for_size(w, h)
    f = lay.frame
    assert f.w == f.h and f.inside(lay.window)
    assert abs(f.center[0] - w / 2) < 1  # centred in the width: no band of felt on one side
    regions = lay.regions()
    felt = lay.felt
    for name in ["console"] + [f"{k}{s}" for k in ("wall", "river") for s in range(4)] + ["row1", "row2", "row3"]:
        assert regions[name].inside(felt), name
    # the human's row stands in front of the table: below the bottom wall, over the rail at most
    assert regions["row0"].y >= regions["wall0"].bottom
    # the side columns are of equal width and none is narrow
    assert lay.panel_w >= 200
    assert f.x - lay.margin >= lay.panel_w and w - lay.margin - f.right >= lay.panel_w


@pytest.mark.parametrize("w, h", SIZES)
def test_the_table_fills_the_height(w, h):
    """No large empty band above or below: the table and the hand take the window's height
    unless the width limits them (4:3 and narrower)."""
    lay = Layout.for_size(w, h)
    used = lay.row_region(0).bottom - lay.frame.y
    if w / h >= 1.55:
        assert used >= h - 2 * lay.margin - lay.river_tile * 2, (used, h)


@pytest.mark.parametrize("w, h", [(1024, 640), (1280, 800), (1024, 768), (1920, 1080), (3840, 2160)])
def test_the_console_sits_in_the_middle_of_the_four_rivers(w, h):
    lay = Layout.for_size(w, h)
    c = lay.console
    cx, cy = lay.centre
    assert c.center == pytest.approx((cx, cy))
    assert c.w >= 5 * lay.river_tile  # room for the round's lines
    for s in range(4):
        side = lay.console_side(s)
        assert side.inside(c) and not side.overlaps(lay.console_middle)
        first = lay.river_slots(s, [False])[0].rect
        assert not first.overlaps(c)
    # each side faces its seat
    assert lay.console_side(0).center[1] > cy and lay.console_side(2).center[1] < cy
    assert lay.console_side(1).center[0] > cx and lay.console_side(3).center[0] < cx


@pytest.mark.parametrize("w, h", [(1024, 640), (1280, 800), (1024, 768), (1920, 1080), (2560, 1440)])
def test_rivers_are_centred_in_front_of_their_seat_in_rows_of_six(w, h):
    lay = Layout.for_size(w, h)
    cx, cy = lay.centre
    for s in range(4):
        row = [sl.rect for sl in lay.river_slots(s, [False] * 6)]
        mid = Rect.union(row).center
        if s % 2 == 0:
            assert abs(mid[0] - cx) <= lay.river_tile  # centred across
            assert (mid[1] > cy) == (s == 0)
        else:
            assert abs(mid[1] - cy) <= lay.river_tile
            assert (mid[0] > cx) == (s == 1)


@pytest.mark.parametrize("w, h", [(1024, 640), (1280, 800), (1024, 768), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("n", [24, 26, 29])
def test_a_long_river_runs_on_in_its_last_row_and_overlaps_nothing(w, h, n):
    lay = Layout.for_size(w, h)
    assert lay.river_capacity() >= 26
    if n > lay.river_capacity():
        return
    regions = lay.regions()
    for s in range(4):
        cells = [sl.rect for sl in lay.river_slots(s, [i == 9 for i in range(n)])]
        for r in cells:
            assert r.inside(regions[f"river{s}"])
        for a, b in itertools.combinations(cells, 2):
            assert not a.overlaps(b)
        # the 25th tile and on continue the 4th row (into the corner), in order
        last = cells[RIVER_COLS * (RIVER_ROWS - 1):]
        assert len({(round(r.y), round(r.x)) for r in last}) == len(last)


@pytest.mark.parametrize("w, h", SIZES)
def test_plates_sit_beside_the_table_on_their_seats_side(w, h):
    lay = Layout.for_size(w, h)
    f = lay.frame
    plates = [lay.plate(s) for s in range(4)]
    for p in plates:
        assert p.inside(lay.window) and not p.overlaps(f)
        assert p.h >= 40 and p.w >= 150
    assert plates[1].x >= f.right  # right seat: right of the table
    assert plates[3].right <= f.x and plates[2].right <= f.x and plates[0].right <= f.x
    assert plates[2].bottom <= plates[3].y < plates[0].y  # across above left above you
    assert plates[0].bottom <= lay.row_region(0).y  # yours above your hand
    for a, b in itertools.combinations(plates, 2):
        assert not a.overlaps(b)


@pytest.mark.parametrize("w, h", [(1024, 640), (1920, 1080)])
def test_four_melds_and_eight_flowers_fit_each_row(w, h):
    """Eight flowers (all four flowers and replacements shown twice over, the worst a test can
    build) are four in the row's flower place; four kongs with the drawn tile fit too."""
    lay = Layout.for_size(w, h)
    regions = lay.regions()
    melds = [MeldSpec(4, 3)] * 4
    for s in range(4):
        cells = [sl.rect for sl in lay.hand_slots(s, 1, drawn=True)]
        cells += [sl.rect for m in lay.meld_slots(s, 1, melds) for sl in m]
        cells += [sl.rect for sl in lay.flower_slots(s, 4)]
        for r in cells:
            assert r.inside(regions[f"row{s}"])
        for a, b in itertools.combinations(cells, 2):
            assert not a.overlaps(b)


# --- the uper marker, the sacred line and the calls (issue 14) ------------------------------------
@pytest.mark.parametrize("w, h", SIZES)
def test_uper_sticks_sacred_line_and_calls_are_inside_and_clear_of_hands_and_plates(w, h):
    lay = Layout.for_size(w, h)
    win, felt, console = lay.window, lay.felt, lay.console
    rows = [lay.row_region(s) for s in range(4)]
    plates = [lay.plate(s) for s in range(4)]
    sacred = lay.sacred_area
    assert sacred.inside(win) and sacred.h >= lay.sacred_text_px * 2
    for r in rows + plates + [lay.assists_area, lay.panel, lay.dice_rest, console]:
        assert not sacred.overlaps(r), (sacred, r)
    for s in range(4):
        stick = lay.uper_stick(s)
        side = lay.console_side(s)
        assert stick.inside(side) and not stick.overlaps(lay.console_middle)
        assert not stick.overlaps(lay.console_side_content(s))  # the wind and score keep their room
        assert max(stick.w, stick.h) > 4 * min(stick.w, stick.h)  # a stick, lying along the side
        call = lay.call_area(s)
        assert call.inside(felt), (s, call)
        assert not call.overlaps(console)
        for r in rows + plates:
            assert not call.overlaps(r), (s, call, r)
        # on the caller's side of the table: nearer its own hand than any other seat's
        cx, cy = call.center
        near = [abs(cx - r.center[0]) + abs(cy - r.center[1]) for r in rows]
        assert near.index(min(near)) == s


def test_each_call_stands_between_the_console_and_its_seats_hand():
    lay = Layout.for_size(1280, 800)
    c = lay.console
    assert lay.call_area(0).y > c.bottom and lay.call_area(0).bottom < lay.row_region(0).y
    assert lay.call_area(2).bottom < c.y and lay.call_area(2).y > lay.row_region(2).bottom
    assert lay.call_area(1).x > c.right and lay.call_area(1).right < lay.row_region(1).x
    assert lay.call_area(3).right < c.x and lay.call_area(3).x > lay.row_region(3).right
    # the human's plate, the sacred line, the assists: stacked upwards in the left column
    assert lay.sacred_area.bottom < lay.plate(0).y and lay.assists_area.bottom < lay.sacred_area.y
