"""Sprites, dice, the hand cursor and prompts: state driven by hand, a few pixels checked."""

import random

import pygame
import pytest

from game.ui.art import TileArt
from game.ui.controls import Choice, HandCursor, Prompt
from game.ui.sprites import DiceSprite, SpriteLayer, TileSprite, fade, fly, roll_dice
from game.ui.tween import Timeline
from game.ui.widgets import Fonts


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_fly_with_a_hop_lands_flat():
    s = TileSprite(3, 0, 0, 40)
    a = fly(s, (200, 100), 0.4, hop=30)
    a.update(0.2)
    assert s.lift == pytest.approx(30) and 0 < s.x < 200
    a.update(0.2)
    assert (s.x, s.y, s.lift) == (200, 100, 0) and a.done


def test_dice_settle_on_the_result_and_replay_the_same():
    seen = []
    for _ in range(2):
        d = DiceSprite()
        faces = []
        anim = roll_dice(d, (5, 3), (0, 0), (100, 40), 0.9, random.Random(7),
                         on_settle=lambda: seen.append("settled"))
        for _ in range(30):
            anim.update(0.02)
            faces.append(tuple(d.faces))
        anim.update(1.0)
        assert d.faces == [5, 3] and (d.x, d.y) == (100, 40) and d.spin == 1.0
        seen.append(faces)
    assert seen[0] == "settled" and seen[1] == seen[3]  # same seed, same tumble
    with pytest.raises(ValueError, match="1-6"):
        roll_dice(DiceSprite(), (0, 7), (0, 0), (1, 1))


def test_skip_finishes_the_roll_at_once():
    d = DiceSprite()
    tl = Timeline()
    tl.add(roll_dice(d, (2, 6), (0, 0), (50, 50)))
    tl.update(0.1)
    tl.skip()
    assert d.faces == [2, 6] and (d.x, d.y) == (50, 50)


def test_sprite_layer_draws_back_to_front():
    pygame.init()
    art = TileArt()
    surf = pygame.Surface((200, 120))
    surf.fill((0, 0, 0))
    layer = SpriteLayer()
    back = layer.add(TileSprite(None, 10, 10, 40))
    front = layer.add(TileSprite(4, 20, 20, 40))
    assert layer.ordered() == [back, front]
    layer.dice.append(DiceSprite([6, 6], 120, 60, 24, spin=1.0))
    a = fade(front, 0, 1.0)
    a.update(0.5)
    layer.draw(surf, art)
    assert surf.get_at((30, 40))[:3] != (0, 0, 0)
    assert surf.get_at((130, 70))[:3] != (0, 0, 0)  # a die


def test_cursor_keys():
    c = HandCursor()
    c.reset(14)
    assert c.index == 13
    assert c.key(pygame.K_RIGHT, 14) == ("select", 0)  # wraps
    assert c.key(pygame.K_LEFT, 14) == ("select", 13)
    assert c.key(pygame.K_0, 14) == ("select", 9)
    assert c.key(pygame.K_HOME, 14) == ("select", 0)
    assert c.key(pygame.K_RETURN, 14) == ("discard", 0)
    assert c.key(pygame.K_SPACE, 14) == ("discard", 13)
    assert c.key(pygame.K_9, 5) is None  # no 9th tile
    assert c.key(pygame.K_F5, 14) is None


def test_cursor_mouse_picks_the_top_most_tile():
    c = HandCursor()
    rects = [pygame.Rect(0, 0, 40, 60), pygame.Rect(38, 0, 40, 60)]
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(39, 10), rel=(0, 0), buttons=(0, 0, 0))
    assert c.mouse(move, rects) == ("select", 1)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(6, 5), button=1)
    assert c.mouse(down, rects) == ("select", 0)
    assert c.mouse(up, rects) == ("discard", 0)  # a click: press and release on the tile


def _ev(kind, pos):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


@pytest.mark.parametrize("press, drop, movable, result", [
    (0, 3, 5, ("move", (0, 3))),      # dragged right past three tiles
    (4, 1, 5, ("move", (4, 1))),      # dragged left
    (2, 2, 5, ("move", (2, 2))),      # dragged away and back: no change, but no discard
    (5, 0, 5, None),                  # the drawn tile (index 5) is not movable: no drag, no click
    (1, 4, 3, ("move", (1, 2))),      # dropped past the movable tiles: the last movable slot
])
def test_cursor_drag_moves_a_tile(press, drop, movable, result):
    c = HandCursor()
    rects = [pygame.Rect(40 * i, 0, 40, 60) for i in range(6)]

    def at(i):
        return (rects[i].centerx, 30)

    c.mouse(_ev(pygame.MOUSEBUTTONDOWN, at(press)), rects, movable)
    c.mouse(_ev(pygame.MOUSEMOTION, (at(press)[0] + 30, 40)), rects, movable)
    if press < movable:
        assert c.drag == press
    c.mouse(_ev(pygame.MOUSEMOTION, at(drop)), rects, movable)
    assert c.mouse(_ev(pygame.MOUSEBUTTONUP, at(drop)), rects, movable) == result
    assert c.drag is None and c.press is None


def test_a_small_wobble_is_still_a_click():
    c = HandCursor()
    rects = [pygame.Rect(40 * i, 0, 40, 60) for i in range(3)]
    c.mouse(_ev(pygame.MOUSEBUTTONDOWN, (60, 30)), rects)
    c.mouse(_ev(pygame.MOUSEMOTION, (62, 31)), rects)
    assert c.drag is None
    assert c.mouse(_ev(pygame.MOUSEBUTTONUP, (62, 31)), rects) == ("discard", 1)
    # released over another tile without dragging far: nothing
    c.mouse(_ev(pygame.MOUSEBUTTONDOWN, (38, 30)), rects)
    assert c.mouse(_ev(pygame.MOUSEBUTTONUP, (42, 30)), rects) is None


def claim_prompt(countdown=0.0):
    return Prompt([
        Choice("win", "Win", pygame.K_w),
        Choice("pung", "Pung", pygame.K_p),
        Choice("kong", "Kong", pygame.K_k, enabled=False, reason="you hold only two"),
        Choice("pass", "Pass", pygame.K_ESCAPE),
    ], countdown=countdown)


def test_prompt_shortcuts_and_disabled_choice():
    p = claim_prompt()
    assert not p.handle_event(key(pygame.K_k), []) and p.result is None
    assert p.handle_event(key(pygame.K_p), []) and p.result == "pung"
    assert not p.handle_event(key(pygame.K_w), [])  # already answered


def test_prompt_keyboard_focus_skips_disabled():
    p = claim_prompt()
    p.handle_event(key(pygame.K_DOWN), [])
    p.handle_event(key(pygame.K_DOWN), [])
    assert p.choices[p.focus].action == "pass"
    p.handle_event(key(pygame.K_RETURN), [])
    assert p.result == "pass"


def test_prompt_countdown_picks_the_default_and_ticks():
    p = claim_prompt(countdown=3)
    ticks = [p.update(0.5) for _ in range(5)]
    assert ticks.count(True) == 2 and p.result is None
    p.update(0.6)
    assert p.result == "pass"


def test_prompt_tooltip_gives_the_reason():
    pygame.init()
    p = claim_prompt()
    rects = [pygame.Rect(600, 300 + i * 50, 200, 40) for i in range(4)]
    p.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(650, 410), rel=(0, 0), buttons=(0, 0, 0)),
                   rects)
    assert p.tooltip == "you hold only two"
    surf = pygame.Surface((1000, 600))
    p.draw(surf, Fonts(), rects, 18, title="Claim 5p?")
    assert p.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(650, 315), button=1), rects)
    assert p.result == "win"


def test_prompt_refuses_a_bad_default():
    with pytest.raises(ValueError, match="default"):
        Prompt([Choice("win", "Win")], countdown=5, default="pass")
