"""The hints panel: what it draws for a fixed position, hover reasons, the why-not click."""

import re

import pygame
import pytest

from game.engine.tiles import parse_tiles
from game.practice.hints import hints, practice_observation
from game.ui.art import TileArt
from game.ui.hints_panel import HintsPanel, danger_colour, describe_action
from game.ui.widgets import PANEL, Fonts

RECT = pygame.Rect(10, 10, 460, 780)


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    surf = pygame.display.set_mode((1280, 800))
    return surf


@pytest.fixture(scope="module")
def parts(screen):
    return Fonts(), TileArt()


def ready_hints():
    # ready after discarding 7z: waits 1m, 4m (1 point by discard) and 2z; S threw 4m and 7z
    obs = practice_observation("123m456p789p11m22z7z", rivers=("", "4m7z", "", ""))
    return hints(obs)


def panel_with(parts, h, lang="en"):
    fonts, art = parts
    p = HintsPanel(fonts, art, lang)
    p.set_hints(h)
    return p


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


@pytest.mark.parametrize("lo, hi", [(0.0, 0.05), (0.05, 0.15), (0.15, 0.3)])
def test_the_danger_scale_runs_from_green_to_red(lo, hi):
    a, b = danger_colour(lo), danger_colour(hi)
    assert b[1] - b[0] < a[1] - a[0]  # less green, more red
    assert danger_colour(0.0)[1] > danger_colour(0.0)[0]  # safe is green
    assert danger_colour(1.0)[0] > danger_colour(1.0)[1]  # dangerous is red


def test_describe_action_in_words_or_in_notation():
    from game.engine.actions import WIN, Discard
    assert describe_action(Discard(parse_tiles("5m")[0], uper=True)) == \
        "discard 5 characters and declare uper"
    assert describe_action(Discard(parse_tiles("7z")[0])) == "discard Red dragon"
    assert describe_action(Discard(parse_tiles("7z")[0]), notation=True) == "discard 7z"
    assert describe_action(Discard(parse_tiles("5m")[0]), "ko") == "5만 버림"
    assert describe_action(WIN, "en", notation=True) == "win" and describe_action(None) == "-"


def test_the_panel_draws_every_section_and_the_waits(screen, parts):
    h = ready_hints()
    p = panel_with(parts, h)
    screen.fill((0, 0, 0))
    p.draw(screen, RECT, 13)
    drawn = {k for _, k in p.tiles}
    # the discards (every kind in the hand) and the three waits are clickable tiles (a row the
    # "more below" cue would cut is shown once scrolled, whole)
    p.scroll = p.max_scroll
    p.draw(screen.copy(), RECT, 13)
    drawn |= {k for _, k in p.tiles}
    p.scroll = 0
    p.draw(screen, RECT, 13)
    assert set(parse_tiles("1m4m2z")) <= drawn
    assert set(h.opponents[0].safe) & drawn or h.opponents[0].safe == {}
    # the suggested discard row is highlighted: gold pixels inside the panel
    sub = screen.subsurface(RECT)
    golds = sum(1 for y in range(0, RECT.h, 3) for x in range(0, RECT.w, 3)
                if sub.get_at((x, y))[:3] == (236, 196, 92))
    assert golds > 20


def test_hovering_a_danger_cell_shows_its_reason(screen, parts):
    h = ready_hints()
    p = panel_with(parts, h)
    p.draw(screen, RECT, 13)
    south = next(o for o in h.opponents if o.seat == 1)
    seven_z = parse_tiles("7z")[0]
    td = south.danger_of(seven_z)
    assert td is not None and str(td.reason) == "safe: in S's river"
    while not any(text.startswith("Red dragon vs South") for _, text in p.tips):  # scroll down to the danger grid
        assert p.scroll_by(RECT.h // 3), "the danger cell never came into sight"
        p.draw(screen, RECT, 13)
    cell = next(r for r, text in p.tips if text.startswith("Red dragon vs South"))
    assert RECT.contains(cell)
    assert screen.get_at(cell.center)[:3] == danger_colour(td.danger)
    assert p.handle_event(motion(cell.center))
    assert "safe: in South's river" in p.tooltip
    p.draw(screen, RECT, 13)  # the tooltip box is drawn without error
    assert not p.handle_event(motion((1200, 790)))
    assert p.tooltip == ""


def test_one_click_on_a_wait_answers_why_not(screen, parts):
    h = ready_hints()
    p = panel_with(parts, h)
    p.draw(screen, RECT, 13)
    one_m = parse_tiles("1m")[0]
    r = next(r for r, k in p.tiles if k == one_m)
    assert p.handle_event(click(r.center))
    assert p.answer is not None and p.answer[0] == one_m
    assert p.answer[1] == h.why_not(one_m)
    assert "1" in str(p.answer[1])  # worth 1 point on a discard
    before = screen.copy()
    p.draw(screen, RECT, 13)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(screen, "RGB")


def test_ask_from_outside_and_no_hints(screen, parts):
    p = panel_with(parts, None)
    assert p.ask(0) == ""
    p.draw(screen, RECT, 13)
    assert p.tiles == []
    p.set_hints(ready_hints())
    assert "does not complete" in str(p.ask(parse_tiles("9s".replace("s", "p"))[0]))


def test_a_small_panel_scrolls_with_the_wheel(screen, parts, monkeypatch):
    p = panel_with(parts, ready_hints(), "ko")
    small = pygame.Rect(900, 100, 260, 300)
    p.draw(screen, small)
    assert p.content_h > small.h
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: small.center)
    assert p.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    assert p.scroll > 0
    p.draw(screen, small)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_more_below_cue_never_sits_on_text(screen, parts, lang):
    """The "more below" cue covers a band of its own: nothing the panel draws (its tiles, its
    boxes) shows under it, and scrolled to the end the last tile sits clear above it."""
    p = panel_with(parts, ready_hints(), lang)
    small = pygame.Rect(900, 100, 260, 300)
    p.draw(screen, small)
    assert "below" in p.cues
    band_top = small.bottom - 2 - p._cue_h()
    # at the end of the content: the last row of tiles is above the band
    p.scroll = p.max_scroll
    p.draw(screen, small)
    assert "below" not in p.cues
    visible = [r for r, _ in p.tiles if r.colliderect(small)]
    assert visible and max(r.bottom for r in visible) <= band_top
    # while the cue shows, the band it covers is the panel's colour where the cue's tab is not
    p.scroll = 0
    p.draw(screen, small)
    x = small.x + 6
    for y in range(band_top + 4, small.bottom - 4, 3):
        assert screen.get_at((x, y))[:3] == PANEL, (x, y)


def test_the_details_toggle_shows_and_hides_the_figures(screen, parts):
    """Plain words first; the shanten, the tiles of each kind and the danger % only with Details
    (off by default; the button or D turns it on, and every panel of the session remembers)."""
    p = panel_with(parts, hints(practice_observation("1399m1368p135z55z7z")))
    p.details_key = True
    p.details = False
    p.draw(screen, RECT, 13)
    words = " ".join(w for w, _ in p.boxes)
    assert "2 tiles from ready" in words and "12 tiles would help" in words
    assert "aiming for: value pung" in words
    assert "shanten" not in words and "kinds" not in words
    danger_pct = re.compile(r"^[^:]+ vs [^:]+: \d+% · ")
    assert not any(danger_pct.match(t) for _, t in p.tips)
    assert p.details_rect.w > 0
    assert p.handle_event(click(p.details_rect.center)) and p.details
    p.draw(screen, RECT, 13)
    words = " ".join(w for w, _ in p.boxes)
    assert "shanten 2" in words and "kinds" in words
    while not any(danger_pct.match(t) for _, t in p.tips):  # the danger grid, with its %
        assert p.scroll_by(RECT.h // 3), "no danger % with the details on"
        p.draw(screen, RECT, 13)
    other = panel_with(parts, ready_hints())
    assert other.details  # remembered for the session
    assert p.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0))
    assert not p.details and not other.details
    other.draw(screen, RECT, 13)
    assert not other.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0))


def test_how_the_hand_can_win_is_coloured_by_the_answer_a_barred_hand_red(screen, parts,
                                                                           monkeypatch):
    """The win line is green (both ways), amber (self-draw only) or red: red too when the sacred
    discard bars every win (SD6), not only when the hand lacks 2 points."""
    import dataclasses

    from game.engine.scoring.sacred import sacred_status
    from game.ui.hints_panel import MID, RED

    obs = practice_observation("11m77m234p567p555z", rivers=("9p3z", "", "", ""),
                               uper=(True, False, False, False), uper_index=(0, -1, -1, -1))
    drawn = []
    real = HintsPanel._wrapped

    def spy(self, surface, text, x, y, w, size, colour, *rest):
        drawn.append((text, colour))
        return real(self, surface, text, x, y, w, size, colour, *rest)

    monkeypatch.setattr(HintsPanel, "_wrapped", spy)
    for flag, words, colour in (("discarded_win_after_uper", "cannot win at all", RED),
                                ("missed_after_uper", "only by self-draw", MID)):
        why = sacred_status((), (), **{flag: True}).reasons[0].message
        drawn.clear()
        panel_with(parts, hints(dataclasses.replace(obs, sacred=(why,)))).draw(screen, RECT)
        assert [c for t, c in drawn if words in t] == [colour], drawn[:4]


def test_a_hand_that_cannot_win_at_all_lists_no_draws_that_help(screen, parts, monkeypatch):
    """After SD6 (a winning tile thrown after uper) no draw can win, so the panel lists no
    "draws that help" and marks each wait "no win at all"; after SD5 (a win let pass after
    uper) the self-draws still help and each wait says only "no discard win"."""
    import dataclasses

    from game.engine.scoring.sacred import sacred_status

    obs = practice_observation("11m77m234p567p555z", rivers=("9p3z", "", "", ""),
                               uper=(True, False, False, False), uper_index=(0, -1, -1, -1))
    headings = []
    real = HintsPanel._heading

    def spy(self, surface, text, *rest):
        headings.append(text)
        return real(self, surface, text, *rest)

    monkeypatch.setattr(HintsPanel, "_heading", spy)
    texts = []
    real_text = HintsPanel._text

    def spy_text(self, surface, text, *rest, **kw):
        texts.append(text)
        return real_text(self, surface, text, *rest, **kw)

    monkeypatch.setattr(HintsPanel, "_text", spy_text)
    for flag, listed, mark in (("discarded_win_after_uper", False, "hints.no_win"),
                               ("missed_after_uper", True, "hints.blocked")):
        why = sacred_status((), (), **{flag: True}).reasons[0].message
        headings.clear()
        texts.clear()
        p = panel_with(parts, hints(dataclasses.replace(obs, sacred=(why,))))
        p.draw(screen, RECT)
        assert (p.t("hints.draws") in headings) == listed, (flag, headings)
        marks = [t for t in texts if t in (p.t("hints.no_win"), p.t("hints.blocked"))]
        assert marks == [p.t(mark)] * 2, (flag, marks)  # one for each of the two waits
