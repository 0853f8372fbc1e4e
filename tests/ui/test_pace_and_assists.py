"""Issue 13: input that never costs a tile or a seat, and a pace the player controls.

Driven through the real app with synthetic keys and clicks (dummy video driver) on rigged walls
(`test_input_pins.rigged_scene`: the human at East, the others discard what they drew and pass):

- Esc at the table opens the pause menu; Resume comes back to the same table; Leave asks, and
  only a yes leaves (to the title, the game kept for Continue); the window's close keeps it too;
- S skips the animation playing, and during a hand's opening the whole opening: the director is
  idle at the first decision with the same picture as a full run; the short opening shows the
  same picture as the full one;
- a claim countdown shows its seconds, spends the hand's time bank once the base time is out,
  and when everything runs out with a win on offer the win is declared (unless the player chose
  "pass");
- the call assists: auto-win declares an offered win, no calls passes a pung offer but still
  offers a win (without the pung), auto-discard after uper discards the drawn tile;
- click twice to discard needs two clicks on the same tile;
- the new settings survive a save and a load; bad values fall back with a settings.* message.
"""

from __future__ import annotations

import math

import pygame
import pytest
from test_input_pins import CLAIM_DRAWS, CLAIM_HANDS, FIVE_P, rigged_scene, spy_submits, wait

from game.engine.actions import PASS, WIN, Discard
from game.engine.events import Discarded, WinDeclared
from game.engine.session import Session
from game.engine.tiles import parse_tile
from game.settings import CONFIG_ENV, Settings, load_settings, save_settings
from game.ui.app import App
from game.ui.director import kind

# East waits on 9p / East wind (three concealed triplets and two pairs); South throws the East
# wind on his first turn: East may win (ssoa), pung it, or pass.
WIN_HANDS = ["111m999m111p99p11z5z", "234m567m234p5p6p8p1z", None, None]
EAST_WIND = parse_tile("1z")


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def make_app(**kw):
    pygame.init()
    base = {"language": "en", "sound": False, "animation_speed": "instant", "ai_delay_ms": 0}
    return App(Settings(**{**base, **kw}), size=(1280, 800))


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def click(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def win_claim(app, monkeypatch):
    """East's first discard (Space: the drawn tile), then South's East wind: a claim with a legal
    win, a pung and pass."""
    sc = rigged_scene(app, monkeypatch, WIN_HANDS, CLAIM_DRAWS, plans={1: {1: EAST_WIND}})
    assert wait(app, sc)
    app.step([key(pygame.K_SPACE)], 1 / 30)
    return sc


def picture(d):
    m = d.model
    return [(sorted(m.hands[s] + ([m.drawn[s]] if m.drawn[s] is not None else [])),
             [kind(t) for t, _ in m.river[s]], len(m.flowers[s]), m.wall.copy() if hasattr(m.wall, "copy") else m.wall)
            for s in range(4)]


# --- Esc: the pause menu, and leaving only after a yes -------------------------------------------
def test_esc_pauses_resume_keeps_the_table_and_leaving_asks_first(app, monkeypatch):
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    title = TitleScene(app)
    app.push(title)
    sc = TableScene(app, ["human", "random", "random", "random"], seed=4, hands=1)  # recorded
    app.push(sc)
    assert wait(app, sc, ("turn", "discard", "claim", "rob"))
    events, d = list(sc.table.events), sc.prompt_for
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top.name == "pause" and sc in app.scenes
    for _ in range(10):  # the table stands still under the menu
        app.step([], 1.0)
    app.step([key(pygame.K_RETURN)], 1 / 30)  # Resume
    assert app.top is sc and sc.table.events == events and sc.prompt_for is d
    # Leave: a question, whose focus is on Stay: Enter stays, Esc stays
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    app.step([key(pygame.K_UP), key(pygame.K_RETURN)], 1 / 30)
    assert app.top.name == "confirm" and "Continue" in app.top.message
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert app.top.name == "pause" and sc in app.scenes
    app.step([key(pygame.K_UP), key(pygame.K_RETURN)], 1 / 30)
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top.name == "pause" and sc in app.scenes
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top is sc and sc.table.events == events
    # the mouse: Leave, then the question's Leave
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    _, buttons, _ = app.top.geometry()
    from game.ui.scenes.pause import ENTRIES

    app.step(click(buttons[ENTRIES.index("leave")].rect.center), 1 / 30)
    _, buttons, _ = app.top.geometry()
    app.step(click(buttons[0].rect.center), 1 / 30)
    assert app.scenes == [title], "left to the title"
    assert title.enabled["continue"], "the game can be continued"


def test_esc_closes_the_help_and_the_hints_first(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc)
    app.step([key(pygame.K_F1)], 1 / 30)
    assert sc.help
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert not sc.help and app.top is sc
    app.step([key(pygame.K_i)], 1 / 30)
    if sc.show_hints:
        app.step([key(pygame.K_ESCAPE)], 1 / 30)
        assert not sc.show_hints and app.top is sc
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top.name == "pause"


def test_closing_the_window_keeps_the_game_for_continue(app):
    from game.ui.scenes.table import TableScene
    from game.ui.table.resume import has_saved_session

    sc = TableScene(app, ["human", "random", "random", "random"], seed=4, hands=1)
    app.push(sc)
    assert wait(app, sc, ("turn", "discard", "claim", "rob"), frames=400)
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 30)
    assert not app.running
    app.close()  # what the program does next: every screen leaves, the record is closed
    assert has_saved_session()


# --- the pace ------------------------------------------------------------------------------------
def paced(monkeypatch, intro="full"):
    app = make_app(animation_speed="normal", intro=intro)
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    return app, sc


def test_s_skips_the_whole_opening_to_the_first_decision(monkeypatch):
    app, sc = paced(monkeypatch)
    try:
        app.step([], 1 / 60)
        assert sc.in_intro and not sc.director.idle
        n = len(sc.table.events)
        app.step([key(pygame.K_s)], 1 / 60)
        assert sc.director.idle and not sc.in_intro, "every event of the opening is shown"
        assert sc.director.index == len(sc.director.source)
        app.step([], 1 / 60)
        assert sc.prompt_for is not None and sc.prompt_for.kind == "turn" and len(sc.table.events) == n
        skipped = picture(sc.director)
        ref_app = make_app()
        try:
            ref = rigged_scene(ref_app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
            assert wait(ref_app, ref)
            assert picture(ref.director) == skipped, "the same table as a full run"
        finally:
            ref_app.close()
    finally:
        app.close()


def test_s_skips_only_the_animation_playing_after_the_opening(monkeypatch):
    app, sc = paced(monkeypatch)
    try:
        app.step([key(pygame.K_s)], 1 / 60)
        assert wait(app, sc)
        app.step([key(pygame.K_SPACE)], 1 / 60)  # the drawn tile flies to the river
        assert sc.director.timeline.busy
        current = sc.director.timeline.current
        app.step([key(pygame.K_s)], 0.0)
        assert sc.director.timeline.current is not current, "the animation playing was finished"
        # another key during an animation plays nothing: it waits for the picture
        for _ in range(600):
            if sc.prompt_for is not None and not sc.director.idle:
                break
            app.step([], 1 / 60)
        if sc.prompt_for is not None and not sc.director.idle:
            n = len(sc.table.events)
            app.step([key(pygame.K_RETURN)], 0.0)
            assert len(sc.table.events) == n
    finally:
        app.close()


def test_a_short_opening_is_quicker_and_shows_the_same_table(monkeypatch):
    frames = {}
    pictures = {}
    for mode in ("full", "quick"):
        app, sc = paced(monkeypatch, mode)
        try:
            n = 0
            while not (sc.prompt_for is not None and sc.director.idle) and n < 3000:
                app.step([], 1 / 60)
                n += 1
            frames[mode], pictures[mode] = n, picture(sc.director)
            app.step([], 1 / 60)  # the frame after the opening: the normal speed is back
            assert math.isfinite(sc.director.speed) and sc.director.speed == sc.speed_factor
        finally:
            app.close()
    assert pictures["quick"] == pictures["full"]
    assert frames["quick"] * 2 < frames["full"], frames


def test_the_default_opening_is_full_for_the_first_hand_only(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert app.settings.intro == "short"
    assert sc.session.hand_no == 1 and not sc.intro_short
    monkeypatch.setattr(sc.session, "hand_no", 2)
    sc.pace.begin()
    assert sc.intro_short


# --- the claim countdown -------------------------------------------------------------------------
@pytest.mark.parametrize("timeout", ["win", "pass"])
def test_the_countdown_never_passes_a_win_by_default(monkeypatch, timeout):
    app = make_app(claim_countdown=3, claim_time_bank=2, claim_timeout=timeout)
    try:
        sc = win_claim(app, monkeypatch)
        assert wait(app, sc, ("claim",))
        d = sc.prompt_for
        assert WIN in d.legal and sc.prompt.countdown == 3
        assert sc.prompt.clock is not None
        words = sc.prompt.clock(sc.prompt.left, sc.prompt.bank_left, sc.prompt.in_bank)
        assert words == "3 s + bank 2 s"
        app.step([], 3.2)
        assert sc.prompt_for is d and sc.prompt.in_bank, "the bank is spent after the base time"
        assert sc.prompt.clock(sc.prompt.left, sc.prompt.bank_left, True).startswith("Time bank")
        submitted = spy_submits(sc)
        app.step([], 2.0)
        assert sc.time_bank == 0, "the hand's bank is used up"
        if timeout == "win":
            assert submitted == [(0, WIN)] and any(isinstance(e, WinDeclared) for e in sc.table.events)
        else:
            assert submitted == [(0, PASS)]
    finally:
        app.close()


# --- the call assists ----------------------------------------------------------------------------
def test_auto_win_declares_an_offered_win(monkeypatch):
    app = make_app(assist_auto_win=True)
    try:
        sc = win_claim(app, monkeypatch)
        submitted = spy_submits(sc)
        for _ in range(100):
            if sc.table.is_over:
                break
            app.step([], 1 / 30)
        assert submitted[:1] == [(0, WIN)] or any(isinstance(e, WinDeclared) and e.seat == 0
                                                   for e in sc.table.events)
        assert any(isinstance(e, WinDeclared) and e.seat == 0 for e in sc.table.events)
    finally:
        app.close()


def test_no_calls_passes_a_pung_offer_but_still_offers_a_win(monkeypatch):
    app = make_app(assist_no_calls=True)
    try:
        # a pung offer (the win on it is refused): passed without a question
        sc = rigged_scene(app, monkeypatch, CLAIM_HANDS, CLAIM_DRAWS, plans={1: {2: FIVE_P}})
        submitted = spy_submits(sc)
        for _ in range(2):
            assert wait(app, sc)
            app.step([key(pygame.K_SPACE)], 1 / 30)
        assert wait(app, sc, ("turn",))
        assert (0, PASS) in submitted, "the pung offer was passed"
        assert any(isinstance(e, Discarded) and e.seat == 1 and kind(e.tile) == FIVE_P
                   for e in sc.table.events)
        app.scenes.clear()
        # a win and a pung on offer: the win is asked, the pung is not offered
        sc = win_claim(app, monkeypatch)
        assert wait(app, sc, ("claim",))
        assert [c.action for c in sc.prompt.choices] == ["win", "pass"]
        # the F6 toggle at the table turns it off: the pung comes back
        app.step([key(pygame.K_F6)], 1 / 30)
        assert not app.settings.assist_no_calls
        assert [c.action for c in sc.prompt.choices] == ["win", "pung", "pass"]
        assert load_settings()[0].assist_no_calls is False, "saved"
    finally:
        app.close()


def test_auto_discard_after_uper_discards_the_drawn_tile(monkeypatch):
    app = make_app(assist_auto_discard=True)
    try:
        # ready after 7z; South, West, North draw 2z, East draws the White dragon: not a win
        sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None], "2z2z2z5z")
        assert wait(app, sc)
        app.step([key(pygame.K_END), key(pygame.K_u)], 1 / 30)
        assert any(isinstance(e, Discarded) and e.seat == 0 and e.uper for e in sc.table.events)
        for _ in range(50):
            app.step([], 1 / 30)
        last = [e for e in sc.table.events if isinstance(e, Discarded) and e.seat == 0][-1]
        assert last.drawn and kind(last.tile) == parse_tile("5z"), "discarded without a question"
        # a turn after uper comes only with a win or a kong: the assist declines the kong with the
        # drawn tile, and leaves a win to the player (the engine's legal actions decide)
        from types import SimpleNamespace

        from game.engine.actions import ConcealedKong

        def turn(*legal):
            obs = SimpleNamespace(uper=(True, False, False, False), drawn=parse_tile("1m"))
            return SimpleNamespace(kind="turn", seat=0, legal=legal, observation=obs)

        k, drawn = ConcealedKong(parse_tile("1m")), Discard(parse_tile("1m"))
        assert sc.input._assisted(turn(k, drawn)) == drawn
        assert sc.input._assisted(turn(WIN, drawn)) is None
        app.apply_settings(app.settings.replace(assist_auto_discard=False), save=False)
        assert sc.input._assisted(turn(k, drawn)) is None
    finally:
        app.close()


def test_the_assist_toggles_are_buttons_on_the_table(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc)
    rects = sc.assist_rects()
    assert len(rects) == 3
    n = len(sc.table.events)
    app.step(click(rects[0].center), 1 / 30)
    assert app.settings.assist_auto_win and len(sc.table.events) == n
    app.step([key(pygame.K_F5)], 1 / 30)
    assert not app.settings.assist_auto_win


# --- click twice ---------------------------------------------------------------------------------
def test_click_twice_needs_two_clicks_on_the_same_tile(monkeypatch):
    app = make_app(click_twice=True)
    try:
        sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
        assert wait(app, sc)
        rects = sc.tile_rects()
        n = len(sc.table.events)
        app.step(click(rects[0].center), 1 / 30)
        assert len(sc.table.events) == n and sc.cursor.index == 0 and sc.message
        app.step(click(rects[1].center), 1 / 30)  # another tile: raised instead
        assert len(sc.table.events) == n and sc.cursor.index == 1
        app.step(click(rects[1].center), 1 / 30)
        e = next(e for e in sc.table.events[n:] if isinstance(e, Discarded))
        assert e.seat == 0 and kind(e.tile) == parse_tile("2m")
    finally:
        app.close()


def test_one_click_discards_without_the_setting(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc)
    n = len(sc.table.events)
    app.step(click(sc.tile_rects()[0].center), 1 / 30)
    assert any(isinstance(e, Discarded) and e.seat == 0 for e in sc.table.events[n:])


# --- the settings --------------------------------------------------------------------------------
def test_the_new_settings_round_trip(tmp_path):
    s = Settings(intro="quick", claim_time_bank=10, claim_timeout="pass", assist_auto_win=True,
                 assist_no_calls=True, assist_auto_discard=True, click_twice=True)
    path = save_settings(s, tmp_path / "settings.json")
    loaded, messages = load_settings(path)
    assert loaded == s and messages == []


@pytest.mark.parametrize(("name", "bad"), [("intro", "slow"), ("intro", 3), ("claim_time_bank", 61),
                                           ("claim_time_bank", -1), ("claim_timeout", "auto"),
                                           ("assist_auto_win", "yes"), ("assist_no_calls", 1),
                                           ("assist_auto_discard", None), ("click_twice", "true")])
def test_a_bad_value_falls_back_with_a_message(name, bad):
    s, messages = Settings.from_dict({name: bad})
    assert getattr(s, name) == getattr(Settings(), name)
    assert [m.code for m in messages] == ["settings.load.bad_value"]
    assert dict(messages[0].args)["why"].code.startswith("settings.must.")


def test_session_new_hand_is_the_engines():
    from test_input_pins import NEW_HAND

    assert Session.new_hand is NEW_HAND


def test_the_assist_toggles_never_sit_on_the_open_hints_panel(monkeypatch):
    """With the hints panel open over the info box the toggles are not drawn or clicked there
    (F5-F7 still switch them); closed, they are back."""
    pygame.init()
    app = App(Settings(language="ko", sound=False, animation_speed="instant", ai_delay_ms=0),
              size=(1024, 640))
    try:
        sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
        assert wait(app, sc, ("turn",))
        assert sc.assist_rects()
        assert sc.toggle_hints() and sc.show_hints
        hints = sc.hints_rect()
        assert not any(r.colliderect(hints) for r in sc.assist_rects())
        sc.toggle_hints()
        assert sc.assist_rects()
    finally:
        app.close()
