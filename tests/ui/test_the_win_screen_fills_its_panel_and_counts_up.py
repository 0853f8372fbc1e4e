"""The win screen (issue 35): its panel is filled (no empty band between the yak lines and the
payments, at 1024x640, 1280x800 and 1920x1080), its big number says what it is ("Hand value",
"points", who pays it) instead of "Final"; the yak lines arrive one by one, each with a soft
sound, while the total counts up; a big hand (8 basic points and more) gets its moment ("Big
hand!", the number swelling once); a key shows all of it at once."""

from __future__ import annotations

import pygame
import pytest
from rigged_table import Passer

from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.engine.table import rig_wall
from game.engine.tiles import parse_tile
from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.result_fonts import text_size
from game.ui.scenes.results import BIG_HAND, HandResultScene, Reveal
from game.ui.scenes.table import TableScene
from game.ui.widgets import Fonts

RULES = RuleSet(flowers=False)
BIG = "111z222z333z555z66z"  # East's dealt hand is complete: a heavenly hand, 40 basic points
SMALL = "123m456m789m11p239p"  # East throws 9p, wins on South's 4p: 4 basic points


@pytest.fixture
def make(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    apps = []

    def win_screen(hand: str, size=(1024, 640), speed="normal") -> tuple[App, HandResultScene]:
        """The human (East) wins `hand`; the result screen is on top, its reveal not begun."""
        def rigged(self, on_event=None, **_rig):
            return NEW_HAND(self, on_event=on_event, wall=rig_wall([hand, None, None, None], "4p"))

        monkeypatch.setattr(Session, "new_hand", rigged)
        pygame.init()
        app = App(Settings(language="en", sound=False, animation_speed=speed, ai_delay_ms=0),
                  size=size)
        apps.append(app)
        sc = TableScene(app, ["human", "random", "random", "random"], seed=4, hands=2,
                        record=False, rules=RULES)
        for seat in (1, 2, 3):
            sc.seats[sc.table.players[seat]] = Passer(sc)
        app.push(sc)
        skip = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="")
        for i in range(4000):
            d = sc.prompt_for
            if d is not None and sc.director.idle and d.kind == "claim":
                break
            if d is not None and sc.director.idle and d.kind == "turn":
                if hand == BIG:
                    break
                sc.act(Discard(parse_tile("9p")))
            app.step([skip] if i % 10 == 0 else [], 1 / 30)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="")], 1 / 30)
        for _ in range(600):
            if isinstance(app.top, HandResultScene):
                break
            app.step([], 1 / 30)
        res = app.top
        assert isinstance(res, HandResultScene) and res.result.winners
        return app, res

    yield win_screen
    for a in apps:
        a.close()


NEW_HAND = Session.new_hand


class Drawn:
    """The texts drawn (by their words) and every rectangle blitted, for one frame."""

    def __init__(self, monkeypatch) -> None:
        self.words: dict[int, str] = {}
        self.texts: list[tuple[str, int]] = []  # (words, size)
        real = Fonts.text

        def text(fonts, s, size, colour=(255, 255, 255), bold=False):
            surf = real(fonts, s, size, colour, bold)
            self.words[id(surf)] = s
            self.texts.append((s, int(size)))
            return surf

        monkeypatch.setattr(Fonts, "text", text)

    def said(self) -> list[str]:
        return [s for s, _ in self.texts]


class Spots(pygame.Surface):
    """A screen that keeps the rectangle of everything blitted on it."""

    def __init__(self, size) -> None:
        super().__init__(size)
        self.spots: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        self.spots.append(pygame.Rect(r))
        return r


def largest_empty_band(res: HandResultScene, size) -> float:
    """The tallest band across the panel (between its title and its bottom) with nothing drawn
    in it, as a share of the panel's height."""
    screen = Spots(size)
    res.draw(screen)
    box = res.box()
    rows = sorted((r.top, r.bottom) for r in screen.spots
                  if box.contains(r) and r.h < box.h // 2 and r.w < box.w)
    worst, reach = 0, rows[0][1]
    for top, bottom in rows:
        worst = max(worst, top - reach)
        reach = max(reach, bottom)
    worst = max(worst, box.bottom - reach)
    return worst / box.h


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("hand", [SMALL, BIG])
def test_the_win_panel_is_filled_and_its_number_says_what_it_is(make, monkeypatch, size, hand):
    _app, res = make(hand, size, speed="instant")
    drawn = Drawn(monkeypatch)
    band = largest_empty_band(res, size)
    assert band < 0.1, f"an empty band of {band:.0%} of the panel"
    said = drawn.said()
    assert "Hand value" in said and "points" in said and "Final" not in said
    total = res.result.winners[0].result.total
    if hand == SMALL:  # South threw the 4p: South pays twice the value
        assert any(s.startswith("South") and s.endswith(f"pays {2 * total}") for s in said), said
    else:
        assert f"The other three pay {total} each" in said


def test_the_yak_lines_arrive_one_by_one_with_a_soft_sound_as_the_total_counts_up(make, monkeypatch):
    app, res = make(BIG)
    win = res.result.winners[0].result
    assert not res.reveal.done and res.reveal.lines_shown() == 0
    drawn = Drawn(monkeypatch)
    app.sound.played.clear()
    shown, totals = [], []
    big = res._draw_value_card  # the big number: the card's largest text
    for _ in range(400):
        if res.reveal.done:
            break
        drawn.texts.clear()
        app.step([], 1 / 30)
        shown.append(res.reveal.lines_shown())
        numbers = [(sz, s) for s, sz in drawn.texts if s.isdigit()]
        totals.append(int(max(numbers)[1]))
    assert big is not None and res.reveal.done
    assert shown == sorted(shown) and set(range(len(win.yak) + 1)) <= set(shown), shown
    # one soft clack as each line arrives (not the countdown's warning tick)
    assert app.sound.played.count("draw") == len(win.yak) and "tick" not in app.sound.played
    assert totals == sorted(totals) and totals[0] == win.ante and totals[-1] == win.total
    assert len(set(totals)) > len(win.yak)  # counted up, not stepped line by line


def test_a_big_hand_gets_its_moment_and_a_small_one_does_not(make, monkeypatch):
    app, res = make(BIG)
    assert res.result.winners[0].result.basic >= BIG_HAND
    drawn = Drawn(monkeypatch)
    rv = res.reveal
    rv.t = rv.counted_at - 0.01  # just before the count is done: no moment yet
    res.draw(pygame.Surface(app.canvas.get_size()))
    assert "Big hand!" not in drawn.said() and res.big_moment() is None
    total = str(res.result.winners[0].result.total)
    scaled: list[int] = []  # the number's height as drawn, frame by frame
    real_scale = pygame.transform.smoothscale

    def scale(surf, size, *a):
        scaled[-1] = size[1]
        return real_scale(surf, size, *a)

    monkeypatch.setattr(pygame.transform, "smoothscale", scale)
    for k in range(8):  # through the moment: the number swells and settles
        rv.t = rv.counted_at + k * 0.15
        drawn.texts.clear()
        scaled.append(0)
        res.draw(pygame.Surface(app.canvas.get_size()))
        assert "Big hand!" in drawn.said() and total in drawn.said()
    plain = app.fonts.text(total, round(text_size(res.box().h) * 3.2), bold=True).get_height()
    assert max(scaled) > plain * 1.1 and scaled[-1] == 0, (scaled, plain)  # swelled, then settled

    app2, small = make(SMALL)
    assert small.result.winners[0].result.basic < BIG_HAND
    small.reveal.finish()
    drawn.texts.clear()
    small.draw(pygame.Surface(app2.canvas.get_size()))
    assert "Big hand!" not in drawn.said() and small.big_moment() is None


def test_a_key_shows_it_all_at_once(make, monkeypatch):
    app, res = make(BIG)
    app.step([], 1 / 30)
    assert not res.reveal.done
    app.sound.played.clear()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")], 1 / 30)
    assert app.top is res and res.reveal.done  # shown, not gone on
    assert res.reveal.lines_shown() == len(res.result.winners[0].result.yak)
    assert res.big_moment() == 1.0  # its end, not its swell
    assert "draw" not in app.sound.played  # no clack per line at once
    drawn = Drawn(monkeypatch)
    res.draw(pygame.Surface(app.canvas.get_size()))
    assert "Big hand!" in drawn.said()


def test_the_reveal_counts_when_its_lines_are_done():
    r = Reveal(tiles=14, lines=3)
    assert r.counted_at == r.lines_at + 3 * Reveal.LINE_STEP < r.pay_at
