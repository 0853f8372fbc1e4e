"""How INPUT behaves at the table, the title and in prompts: keys and the mouse in, engine state out.

Most cases are played on rigged walls (`rig_wall`, passed through `Session.new_hand`) with the
human at East and scripted opponents (each discards the tile it drew and passes every claim,
unless told otherwise), so every prompt is the same on every run. Pinned:

- Esc has one meaning at the table (issue 13): on a claim prompt, the deal's kong question or a
  turn it opens the pause menu and answers nothing (Space passes a claim); leaving asks first;
- keyboard focus never lands on a disabled button: Tab and the arrows skip disabled entries in
  prompts and on the title; Enter (or the shortcut, or a click) on a disabled entry does nothing;
  no disabled button is drawn as focused;
- the cursor after the hand changes: after a pung or a concealed kong the cursor starts on the
  last tile of the new hand and Enter discards exactly the tile shown raised; a stale index (past
  the end of a hand that shrank) is clamped, so Enter never discards a tile that is not there;
- Enter after a draw discards the drawn tile (the cursor starts there); Space discards the drawn
  tile wherever the cursor is; number keys 1-9 and 0 select tiles 1-10 (and Enter discards the
  tile shown);
- W, P, K and N pressed when not possible submit nothing (the engine's table is unchanged);
- U with an illegal uper submits nothing and explains why (the tiles that would allow it, or the
  engine's reason); with a legal tile it declares uper;
- dragging tiles to reorder the hand keeps the same tiles (multiset of ids), never discards.

Deliberate breaks these tests were seen to catch (each made in the source by hand, the tests run
and failing, the source restored):

- `Prompt.handle_event` passing on Esc again, or `TableScene.handle_event` leaving the table on
  Esc -> test_esc_on_a_claim_prompt_pauses_and_never_passes;
- `Prompt._move` not skipping disabled choices -> test_prompt_focus_never_lands_on_a_disabled_choice,
  test_tab_in_a_real_claim_prompt_skips_the_refused_win;
- `Prompt.choose` accepting a disabled choice -> the same two, test_w_p_k_n_when_not_possible_
  submit_nothing, test_u_with_an_illegal_uper_explains;
- `TitleScene._move` not skipping disabled entries, or `TitleScene.activate` opening a disabled
  entry -> test_the_title_keyboard_never_focuses_the_disabled_continue;
- `HandCursor.key` without the clamp of a stale index -> test_a_stale_cursor_index_is_clamped,
  test_the_hand_cursor_clamps_any_stale_index;
- `TableScene._offer` without ``self.cursor.reset(...)``, or `HandCursor.reset` starting on the
  first tile -> test_after_a_pung_..., test_after_a_concealed_kong_...,
  test_enter_after_a_draw_discards_the_drawn_tile, test_u_when_the_engine_refuses_uper_...;
- `HandCursor.key` Space discarding the chosen tile -> test_space_discards_the_drawn_tile_...;
- `DIGITS` with a key in the wrong place -> test_number_keys_select_tiles_one_to_ten;
- `TableScene.handle_event` without ``self.say(c.reason)`` for a disabled shortcut, or
  `_turn_prompt` without the "uper only with ..." reason -> test_u_with_an_illegal_uper_explains
  (and test_u_when_the_engine_refuses_uper_gives_the_engines_reason);
- `HandModel.move_to` losing or doubling the moved tile -> test_dragging_tiles_keeps_the_same_tiles.

Found by these pins and fixed: on a turn, W, P, K or N pressed when that action is not possible
were silently ignored (now a message says why); on a claim prompt, W on the refused win (a
chicken hand) said nothing, although the turn prompt explained a refused W.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.actions import NINE_MAJOR, PASS, WIN, ConcealedKong, Discard, Pung
from game.engine.events import Claimed, Discarded, KongDeclared
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.engine.table import rig_wall
from game.engine.tiles import parse_tile
from game.settings import CONFIG_ENV, Settings
from game.ui import controls
from game.ui.app import App
from game.ui.controls import Choice, HandCursor, Prompt
from game.ui.director import kind
from game.ui.scenes.table import TableScene

DATA_ENV = "KOREAN_MAHJONG_DATA_DIR"
EAST_SEED = 2  # the session seed whose first hand seats player 0 (the human) at East
RULES = RuleSet(flowers=False)
NEW_HAND = Session.new_hand  # the engine's own, before any test wraps it


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def app(make_app):
    return make_app((1280, 800), animation_speed="instant", ai_delay_ms=0)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def mouse(kind_, pos, buttons=(0, 0, 0)):
    if kind_ == pygame.MOUSEMOTION:
        return pygame.event.Event(kind_, pos=pos, rel=(0, 0), buttons=buttons)
    return pygame.event.Event(kind_, pos=pos, button=1)


class Scripted:
    """An opponent that passes every claim and discards the tile it drew, or on its n-th turn the
    kind `plan[n]`."""

    def __init__(self, scene: TableScene, plan: dict[int, int] | None = None) -> None:
        self.scene, self.plan, self.turns = scene, plan or {}, 0

    def act(self, d):
        if d.kind in ("claim", "rob", "kong"):
            return PASS
        self.turns += 1
        k = self.plan.get(self.turns)
        if k is not None and Discard(k) in d.legal:
            return Discard(k)
        t = self.scene.table
        drawn = t.seat_state[d.seat].drawn
        return Discard(drawn >> 2) if drawn is not None else next(a for a in d.legal if isinstance(a, Discard))


def rigged_scene(app, monkeypatch, hands, draws="", replacements="", plans=None,
                 rules=RULES) -> TableScene:
    """The human at East of a rigged hand, the others `Scripted` (`plans[seat]`)."""
    def rigged(self, on_event=None, **_rig):
        return NEW_HAND(self, on_event=on_event, wall=rig_wall(hands, draws, replacements))

    monkeypatch.setattr(Session, "new_hand", rigged)
    sc = TableScene(app, ["human", "random", "random", "random"], seed=EAST_SEED, hands=1, record=False,
                    rules=rules)
    assert sc.human == 0, "the human plays East"
    for seat in (1, 2, 3):
        sc.seats[sc.table.players[seat]] = Scripted(sc, (plans or {}).get(seat))
    app.push(sc)
    return sc


def spy_submits(sc: TableScene) -> list:
    """Every (seat, action) the scene submits for the human (East) from now on."""
    out: list = []
    submit = sc.driver.submit

    def spy(seat, action):
        if seat == 0:
            out.append((seat, action))
        return submit(seat, action)

    sc.driver.submit = spy  # a spy on this driver: the scene submits through it
    return out


def wait(app, sc, kinds=("turn", "discard"), frames=200) -> bool:
    for _ in range(frames):
        if sc.prompt_for is not None and sc.prompt_for.kind in kinds and sc.director.idle:
            return True
        app.step([], 1 / 30)
    return False


def shown_kind(sc, i):
    return kind(sc.director.shown_ids(sc.prompt_for.seat)[i])


def raised(sc):
    """The index of the human's tile the table draws raised (the view's selection), or None."""
    view = sc.director.view(sc.selected_tile())
    sv = view.seats[0]
    n = len(sv.hand) + (0 if sv.drawn is False else 1)
    return sv.selected if sv.selected is not None and 0 <= sv.selected < n else None


def press_and_discard(app, sc, k):
    """Press `k`; the first discard it caused (None: nothing was discarded)."""
    n = len(sc.table.events)
    app.step([key(k)], 1 / 30)
    return next((e for e in sc.table.events[n:] if isinstance(e, Discarded)), None)


# East: a concealed 1m kong, 456m 789m, 55p 77p (a shanpon on 5p and 7p) and the East wind
# drawn last; South holds a 5p and throws it on its second turn (after the first go-around).
CLAIM_HANDS = ["111m456m789m55p77p1z", "234m567m234p5p6p8p9p", None, None]
CLAIM_DRAWS = "2z2z2z2z3z3z3z3z"
FIVE_P = parse_tile("5p")


def claim_scene(app, monkeypatch) -> TableScene:
    """East's first two turns (Space discards the drawn tile), then South's 5p: a claim prompt
    with win (refused: a chicken hand), pung and pass."""
    sc = rigged_scene(app, monkeypatch, CLAIM_HANDS, CLAIM_DRAWS, plans={1: {2: FIVE_P}})
    for _ in range(2):
        assert wait(app, sc)
        app.step([key(pygame.K_SPACE)], 1 / 30)
    assert wait(app, sc, ("claim",))
    return sc


# --- Esc -------------------------------------------------------------------------------------------
def test_esc_on_a_claim_prompt_pauses_and_never_passes(app, monkeypatch):
    sc = claim_scene(app, monkeypatch)
    d = sc.prompt_for
    assert [c.action for c in sc.prompt.choices] == ["win", "pung", "pass"]
    submitted = spy_submits(sc)
    n = len(sc.table.events)
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top.name == "pause" and sc in app.scenes, "Esc opens the pause menu"
    assert not submitted and len(sc.table.events) == n, "Esc answers nothing"
    app.step([key(pygame.K_ESCAPE)], 1 / 30)  # Esc again resumes
    assert app.top is sc and sc.prompt_for is d and sc.table.pending()[0] is d
    app.step([key(pygame.K_SPACE)], 1 / 30)
    assert submitted[:1] == [(0, PASS)], "Space passes the claim"
    assert not any(isinstance(e, Claimed) for e in sc.table.events)


def test_space_on_a_claim_prompt_passes_too(app, monkeypatch):
    sc = claim_scene(app, monkeypatch)
    submitted = spy_submits(sc)
    app.step([key(pygame.K_SPACE)], 1 / 30)
    assert submitted[:1] == [(0, PASS)] and app.top is sc


# --- Enter never calls or passes by habit (issue 29) ------------------------------------------------
def test_enter_on_a_fresh_claim_prompt_passes_and_never_pungs(app, monkeypatch):
    """Enter is the key a keyboard player presses to discard: on a claim prompt offering a pung it
    passes (the prompt's focus starts on Pass), and the hand stays concealed."""
    sc = claim_scene(app, monkeypatch)
    assert [c.action for c in sc.prompt.choices if c.enabled] == ["pung", "pass"]
    assert sc.prompt.choices[sc.prompt.focus].action == "pass"
    submitted = spy_submits(sc)
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert submitted[:1] == [(0, PASS)]
    assert not any(isinstance(e, Claimed) for e in sc.table.events)


def test_enter_calls_the_pung_once_the_player_chose_it(app, monkeypatch):
    sc = claim_scene(app, monkeypatch)
    submitted = spy_submits(sc)
    app.step([key(pygame.K_LEFT)], 1 / 30)  # from Pass to Pung (the refused win is skipped)
    assert sc.prompt.choices[sc.prompt.focus].action == "pung" and not submitted
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert submitted[:1] == [(0, Pung())]


def test_a_claim_prompt_times_out_to_pass(app, monkeypatch):
    app.apply_settings(app.settings.replace(claim_countdown=5, claim_time_bank=0), save=False)
    sc = claim_scene(app, monkeypatch)
    assert sc.prompt.default == "pass" and sc.prompt.countdown == 5
    submitted = spy_submits(sc)
    for _ in range(8):
        app.step([], 1.0)
    assert submitted[:1] == [(0, PASS)]
    assert not any(isinstance(e, Claimed) for e in sc.table.events)


# East all pungs (111m 999m 111p) with a shanpon on 5p / 7p: South's 5p is a legal win
WIN_HANDS = ["111m999m111p55p77p1z", "234m567m234p5p6p8p9p", None, None]


def test_enter_on_a_claim_prompt_with_a_win_neither_wins_nor_passes(app, monkeypatch):
    """With a win on offer no button is focused: Enter answers nothing and says which keys do;
    the player chooses with the arrows (then Enter) or W."""
    sc = rigged_scene(app, monkeypatch, WIN_HANDS, CLAIM_DRAWS, plans={1: {2: FIVE_P}})
    for _ in range(2):
        assert wait(app, sc)
        app.step([key(pygame.K_SPACE)], 1 / 30)
    assert wait(app, sc, ("claim",))
    p = sc.prompt
    assert [c.action for c in p.choices if c.enabled] == ["win", "pung", "pass"]
    assert p.focus is None
    submitted = spy_submits(sc)
    n = len(sc.table.events)
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert not submitted and len(sc.table.events) == n and sc.prompt is p
    assert "W wins" in sc.message
    app.step([key(pygame.K_RIGHT)], 1 / 30)  # the player chooses a button: the first, Win
    assert p.choices[p.focus].action == "win" and not submitted
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert submitted[:1] == [(0, WIN)]


def test_enter_at_the_deal_kong_passes(app, monkeypatch):
    sc = deal_kong_scene(app, monkeypatch)
    assert sc.prompt.choices[sc.prompt.focus].action == "pass"
    submitted = spy_submits(sc)
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert submitted == [(0, PASS)]
    assert not any(isinstance(e, KongDeclared) for e in sc.table.events)


def test_a_prompt_that_waits_for_a_chosen_button():
    choices = [Choice("win", "Win", pygame.K_w), Choice("pass", "Pass", pygame.K_SPACE)]
    rects = [pygame.Rect(600, 300 + i * 50, 200, 40) for i in range(2)]
    p = Prompt(choices, safe="pass", enter_waits=True)
    assert p.focus is None and not p.handle_event(key(pygame.K_RETURN), rects) and p.enter_waited
    p.handle_event(key(pygame.K_UP), rects)  # Up from nothing: the last button
    assert p.focus == 1
    p = Prompt(choices, safe="pass", enter_waits=True)
    p.handle_event(mouse(pygame.MOUSEMOTION, rects[0].center), rects)  # the mouse chooses too
    assert p.focus == 0 and p.handle_event(key(pygame.K_RETURN), rects) and p.result == "win"
    assert Prompt(choices, safe="pass").focus == 1 and Prompt(choices).focus == 0


# --- the kong at the deal (rules.md 2.6) -------------------------------------------------------------
# East's flower is replaced by the fourth 9p: before his first turn he may declare that concealed
# kong (its replacement is the Red dragon) or pass. The other seats hold no flower.
DEAL_KONG_HANDS = ["2f999p19m1234567z3m", "2588p124567z346m", "369m147p2345z7m8p6z",
                   "123m345p678p11z33z"]
NINE_P = parse_tile("9p")


def deal_kong_scene(app, monkeypatch) -> TableScene:
    sc = rigged_scene(app, monkeypatch, DEAL_KONG_HANDS, "2p", "9p7z", rules=RuleSet())
    assert wait(app, sc, ("kong",))
    return sc


def test_the_deal_kong_prompt_offers_kong_and_pass_and_k_declares_it(app, monkeypatch):
    sc = deal_kong_scene(app, monkeypatch)
    d = sc.prompt_for
    assert d.legal == (ConcealedKong(NINE_P), PASS)
    assert [(c.action, c.label, c.enabled) for c in sc.prompt.choices] == [
        (f"kong:ConcealedKong:{NINE_P}", "Kong 9 circles", True), ("pass", "Pass", True)]
    assert "9 circles" in sc.prompt_title
    submitted = spy_submits(sc)
    app.step([key(pygame.K_k)], 1 / 30)
    assert submitted == [(0, ConcealedKong(NINE_P))]
    assert any(isinstance(e, KongDeclared) and e.seat == 0 for e in sc.table.events)
    assert wait(app, sc) and sc.prompt_for.kind == "turn"  # then East's opening turn


def test_esc_at_the_deal_kong_pauses_and_space_passes(app, monkeypatch):
    sc = deal_kong_scene(app, monkeypatch)
    submitted = spy_submits(sc)
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top.name == "pause" and not submitted
    app.step([key(pygame.K_RETURN)], 1 / 30)  # Resume (the menu's focus starts there)
    assert app.top is sc and sc.prompt_for.kind == "kong"
    app.step([key(pygame.K_SPACE)], 1 / 30)
    assert submitted == [(0, PASS)] and app.top is sc and sc in app.scenes
    assert not any(isinstance(e, KongDeclared) for e in sc.table.events)
    assert wait(app, sc) and ConcealedKong(NINE_P) in sc.prompt_for.legal  # kept for his turn


@pytest.mark.parametrize("k, says", [(pygame.K_w, "No win at the deal"),
                                     (pygame.K_p, "Pung only on another player's discard"),
                                     (pygame.K_n, "Nine major tiles only on your own first turn")])
def test_w_p_n_at_the_deal_kong_say_why_and_submit_nothing(app, monkeypatch, k, says):
    sc = deal_kong_scene(app, monkeypatch)
    submitted = spy_submits(sc)
    n = len(sc.table.events)
    app.step([key(k)], 1 / 30)
    assert not submitted and len(sc.table.events) == n and sc.prompt_for.kind == "kong"
    assert says in sc.message


# --- focus and disabled entries ----------------------------------------------------------------------
NAV = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB]


@pytest.mark.parametrize("pattern", [
    (False, True, True, True), (True, False, True, False), (False, False, False, True),
    (False, True, False, True, False), (True,), (False, True),
])
def test_prompt_focus_never_lands_on_a_disabled_choice(pattern):
    choices = [Choice(f"c{i}", f"C{i}", pygame.K_1 + i, enabled=e, reason="" if e else f"no {i}")
               for i, e in enumerate(pattern)]
    rects = [pygame.Rect(600, 300 + i * 50, 200, 40) for i in range(len(choices))]
    rng = random.Random(len(pattern) * 31 + sum(pattern))
    p = Prompt(choices)
    assert p.choices[p.focus].enabled
    for k in rng.choices(NAV, k=60):
        p.handle_event(key(k), rects)
        assert p.choices[p.focus].enabled, (k, p.focus)
    visited = set()
    for _ in range(len(choices) + 1):
        p.handle_event(key(pygame.K_TAB), rects)
        visited.add(p.focus)
    assert visited == {i for i, e in enumerate(pattern) if e}, "Tab visits every enabled choice"
    for i, c in enumerate(choices):
        if c.enabled:
            continue
        # the mouse over a disabled choice does not move the focus to it (its reason shows)
        before = p.focus
        p.handle_event(mouse(pygame.MOUSEMOTION, rects[i].center), rects)
        assert p.focus == before and p.tooltip == c.reason
        # Enter on it, its shortcut, a click on it: nothing is chosen
        p.focus = i
        assert not p.handle_event(key(pygame.K_RETURN), rects)
        assert not p.handle_event(key(c.shortcut), rects)
        assert not p.handle_event(mouse(pygame.MOUSEBUTTONDOWN, rects[i].center), rects)
        assert p.result is None
        p.focus = before
    p.handle_event(key(pygame.K_RETURN), rects)
    assert p.result == choices[p.focus].action


def test_tab_in_a_real_claim_prompt_skips_the_refused_win(app, monkeypatch):
    """South's 5p would complete East's hand, but only as a chicken hand: the win button is shown
    disabled with the reason; the keyboard focus starts on pass and Tab / arrows never reach win."""
    sc = claim_scene(app, monkeypatch)
    p = sc.prompt
    win = p.choices[0]
    assert win.action == "win" and not win.enabled and "chicken" in win.reason
    assert p.choices[p.focus].action == "pass"
    seen = []
    for k in [pygame.K_TAB, pygame.K_TAB, pygame.K_UP, pygame.K_UP, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT]:
        app.step([key(k)], 1 / 30)
        seen.append(p.choices[p.focus].action)
        assert sc.prompt is p and p.result is None
    assert "win" not in seen and {"pung", "pass"} <= set(seen)
    # drawn: the focused (highlighted) button is never the disabled one
    focused = []
    draw_button = controls.draw_button

    def spy(surface, fonts, button, focus, *a, **kw):
        focused.append((button.label, button.enabled, focus))
        return draw_button(surface, fonts, button, focus, *a, **kw)

    monkeypatch.setattr(controls, "draw_button", spy)
    p.focus = 0  # even were the focus put on the disabled win, it is not drawn as focused
    app.step([], 1 / 30)
    assert focused and not any(f and not enabled for _, enabled, f in focused)
    # Enter on the disabled win chooses nothing; the table still waits for the human
    n = len(sc.table.events)
    submitted = spy_submits(sc)
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert not submitted and len(sc.table.events) == n and sc.prompt_for is not None
    app.step([key(pygame.K_w)], 1 / 30)
    assert not submitted and 0 in sc.table.pending()


def test_the_title_keyboard_never_focuses_the_disabled_continue(app):
    from game.ui.scenes.title import ENTRIES, TitleScene

    t = TitleScene(app)
    app.push(t)
    cont = ENTRIES.index("continue")
    assert not t.enabled["continue"], "a fresh data folder has nothing to continue"
    assert t.focus == ENTRIES.index("new_game")
    rng = random.Random(5)
    for k in rng.choices([pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_w, pygame.K_s], k=40):
        app.step([key(k)], 1 / 30)
        assert t.focus != cont and t.enabled[ENTRIES[t.focus]]
    t.focus = ENTRIES.index("new_game")
    app.step([key(pygame.K_DOWN)], 1 / 30)
    assert ENTRIES[t.focus] == "practice", "Down from new game skips continue"
    app.step([key(pygame.K_UP)], 1 / 30)
    assert ENTRIES[t.focus] == "new_game"
    app.step([key(pygame.K_TAB)], 1 / 30)
    assert ENTRIES[t.focus] == "practice"
    # the mouse over the disabled entry does not focus it; a click on it opens nothing
    rect = t.buttons()[cont].rect
    app.step([mouse(pygame.MOUSEMOTION, rect.center)], 1 / 30)
    assert ENTRIES[t.focus] == "practice"
    app.step([mouse(pygame.MOUSEBUTTONDOWN, rect.center)], 1 / 30)
    assert app.top is t and t.status, "a click on the disabled entry says why and opens nothing"
    # Enter on a disabled entry (were the focus put there) does nothing either
    t.focus = cont
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert app.top is t and app.running


# --- the cursor when the hand changes ---------------------------------------------------------------
def test_after_a_pung_the_cursor_is_on_the_new_hands_last_tile(app, monkeypatch):
    sc = claim_scene(app, monkeypatch)
    before = len(sc.director.shown_ids(0))
    assert before == 13
    app.step([key(pygame.K_p)], 1 / 30)
    assert any(isinstance(e, Claimed) and e.seat == 0 for e in sc.table.events)
    assert wait(app, sc, ("discard",))
    n = len(sc.director.shown_ids(0))
    assert n == 11 and sc.director.model.drawn[0] is None
    assert sc.cursor.index == n - 1 == raised(sc), "the cursor starts on the last tile of the new hand"
    shown = shown_kind(sc, n - 1)
    e = press_and_discard(app, sc, pygame.K_RETURN)
    assert e.seat == 0 and kind(e.tile) == shown, "Enter discards the tile shown raised"


def test_after_a_concealed_kong_the_cursor_is_on_the_replacement_tile(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["1111m456m789m234p7z", None, None, None], replacements="9p")
    assert wait(app, sc, ("turn",))
    assert sc.cursor.index == 13
    kong = [c for c in sc.prompt.choices if c.action.startswith("kong:")]
    assert len(kong) == 1 and kong[0].enabled
    app.step([key(pygame.K_k)], 1 / 30)
    assert any(isinstance(e, KongDeclared) for e in sc.table.events)
    assert wait(app, sc, ("turn",))
    ids = sc.director.shown_ids(0)
    assert len(ids) == 11 and ids[-1] == sc.table.seat_state[0].drawn and kind(ids[-1]) == parse_tile("9p")
    assert sc.cursor.index == 10 == raised(sc)
    e = press_and_discard(app, sc, pygame.K_RETURN)
    assert e.seat == 0 and e.drawn and kind(e.tile) == parse_tile("9p")


def test_a_stale_cursor_index_is_clamped(app, monkeypatch):
    """An index past the end of the hand (as a longer hand would leave it) never discards a tile
    that is not there: Enter takes the last tile, an arrow moves from the end."""
    sc = claim_scene(app, monkeypatch)
    app.step([key(pygame.K_p)], 1 / 30)
    assert wait(app, sc, ("discard",))
    n = len(sc.director.shown_ids(0))
    hand = sorted(sc.table.seat_state[0].concealed)
    sc.cursor.index = 13  # where the cursor stood before the pung took two tiles
    app.step([key(pygame.K_LEFT)], 1 / 30)
    assert sc.cursor.index == n - 2 == raised(sc)
    sc.cursor.index = 13
    shown = shown_kind(sc, n - 1)
    submitted = spy_submits(sc)
    e = press_and_discard(app, sc, pygame.K_RETURN)
    assert submitted[:1] == [(0, Discard(shown))], "Enter on a stale index discards the last tile shown"
    assert e.seat == 0 and e.tile in hand


def test_enter_after_a_draw_discards_the_drawn_tile(app, monkeypatch):
    sc = claim_scene(app, monkeypatch)  # East's two turns played with Space; now pass and go on
    app.step([key(pygame.K_SPACE)], 1 / 30)
    assert wait(app, sc, ("turn",))
    drawn = sc.table.seat_state[0].drawn
    ids = sc.director.shown_ids(0)
    assert drawn is not None and ids[-1] == drawn
    assert sc.cursor.index == len(ids) - 1 == raised(sc), "the cursor starts on the drawn tile"
    e = press_and_discard(app, sc, pygame.K_RETURN)
    assert e.seat == 0 and e.tile == drawn and e.drawn


def test_space_discards_the_drawn_tile_wherever_the_cursor_is(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    drawn = sc.table.seat_state[0].drawn
    app.step([key(pygame.K_1)], 1 / 30)
    assert sc.cursor.index == 0
    e = press_and_discard(app, sc, pygame.K_SPACE)
    assert e.seat == 0 and e.tile == drawn and e.drawn and not e.uper


def test_number_keys_select_tiles_one_to_ten(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    digits = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
              pygame.K_8, pygame.K_9, pygame.K_0]
    for i, k in enumerate(digits):
        app.step([key(k)], 1 / 30)
        assert sc.cursor.index == i == raised(sc), pygame.key.name(k)
    app.step([key(pygame.K_5)], 1 / 30)
    shown = shown_kind(sc, 4)
    e = press_and_discard(app, sc, pygame.K_RETURN)
    assert e.seat == 0 and kind(e.tile) == shown == parse_tile("5m")


# --- keys for actions that are not possible -----------------------------------------------------------
def test_w_p_k_n_when_not_possible_submit_nothing(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    d = sc.prompt_for
    assert WIN not in d.legal and NINE_MAJOR not in d.legal
    assert not any(isinstance(a, ConcealedKong) for a in d.legal)
    n = len(sc.table.events)
    submitted = spy_submits(sc)
    for k in (pygame.K_w, pygame.K_p, pygame.K_k, pygame.K_n):
        app.step([key(k)], 1 / 30)
        assert not submitted and len(sc.table.events) == n, pygame.key.name(k)
        assert sc.prompt_for is d and sc.table.pending()[0] is d
    # on a claim prompt offering pung and pass (and a refused win): W and K submit nothing
    sc2 = claim_scene(app, monkeypatch)
    assert [c.action for c in sc2.prompt.choices] == ["win", "pung", "pass"]
    n = len(sc2.table.events)
    submitted = spy_submits(sc2)
    for k in (pygame.K_w, pygame.K_k, pygame.K_n):
        app.step([key(k)], 1 / 30)
        assert not submitted and len(sc2.table.events) == n, pygame.key.name(k)
    assert any(isinstance(a, Pung) for a in sc2.table.pending()[0].legal)


def test_w_p_k_n_on_a_turn_when_not_possible_show_a_message(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    for k in (pygame.K_w, pygame.K_p, pygame.K_k, pygame.K_n):
        sc.message = ""
        app.step([key(k)], 1 / 30)
        assert sc.message, f"{pygame.key.name(k)}: a message says why nothing happened"


def test_w_on_a_claim_whose_win_is_refused_gives_the_reason(app, monkeypatch):
    sc = claim_scene(app, monkeypatch)
    win = sc.prompt.choices[0]
    assert win.action == "win" and not win.enabled
    sc.message = ""
    app.step([key(pygame.K_w)], 1 / 30)
    assert sc.message == win.reason and "chicken" in sc.message


def test_u_with_an_illegal_uper_explains(app, monkeypatch):
    # ready after discarding 1p or 7z (the drawn tile): uper with the chosen 2m is not allowed
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    legal = sorted(a.tile for a in sc.prompt_for.legal if isinstance(a, Discard) and a.uper)
    assert legal == [parse_tile("1p"), parse_tile("7z")]
    app.step([key(pygame.K_2)], 1 / 30)
    assert shown_kind(sc, 1) == parse_tile("2m")
    uper = next(c for c in sc.prompt.choices if c.action == "uper")
    assert not uper.enabled and uper.reason == sc.app.tr("table.uper_with", tiles="1 circle, Red dragon")
    n = len(sc.table.events)
    submitted = spy_submits(sc)
    app.step([key(pygame.K_u)], 1 / 30)
    assert not submitted and len(sc.table.events) == n
    assert sc.message == uper.reason, "U says which discards would allow uper"
    # the chosen drawn 7z: uper is allowed, and U declares it with that tile
    app.step([key(pygame.K_END)], 1 / 30)
    assert next(c for c in sc.prompt.choices if c.action == "uper").enabled
    e = press_and_discard(app, sc, pygame.K_u)
    assert submitted == [(0, Discard(parse_tile("7z"), uper=True))] and e.uper and e.seat == 0


def test_u_when_the_engine_refuses_uper_gives_the_engines_reason(app, monkeypatch):
    # ready after 1p or 7z, but either wait would win only as a chicken hand: the engine says so
    sc = rigged_scene(app, monkeypatch, ["111m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    d = sc.prompt_for
    note = d.notes[Discard(parse_tile("7z"), uper=True)]
    assert "1 point" in str(note)
    assert shown_kind(sc, sc.cursor.index) == parse_tile("7z")
    n = len(sc.table.events)
    app.step([key(pygame.K_u)], 1 / 30)
    assert len(sc.table.events) == n and sc.message == sc.reason(note) and sc.message


# --- dragging ---------------------------------------------------------------------------------------
def test_dragging_tiles_keeps_the_same_tiles(app, monkeypatch):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    m = sc.director.model
    ids0 = sc.director.shown_ids(0)
    engine = sorted(sc.table.seat_state[0].concealed)
    drawn = m.drawn[0]
    n_events = len(sc.table.events)
    rng = random.Random(3)
    for _ in range(6):
        rects = sc.tile_rects()
        n = len(m.hands[0])
        i, j = rng.randrange(n), rng.randrange(n)
        a, b = rects[i].center, rects[j].center
        app.step([mouse(pygame.MOUSEBUTTONDOWN, a)], 1 / 30)
        app.step([mouse(pygame.MOUSEMOTION, (a[0] + rects[0].w, a[1] - 10), (1, 0, 0))], 1 / 30)
        app.step([mouse(pygame.MOUSEMOTION, (b[0], a[1] - 10), (1, 0, 0))], 1 / 30)
        app.step([mouse(pygame.MOUSEBUTTONUP, (b[0], a[1]))], 1 / 30)
        ids = sc.director.shown_ids(0)
        assert sorted(ids) == sorted(ids0) == engine, "the same tiles, in another order"
        assert ids[-1] == drawn and m.drawn[0] == drawn, "the drawn tile stays apart"
        assert len(sc.table.events) == n_events, "a drag never discards"
    assert sc.director.shown_ids(0) != ids0, "the drags did reorder the hand"
    assert not m.sort[0]
    # Enter then discards the tile shown under the cursor, from the reordered hand
    i = sc.cursor.index
    shown = shown_kind(sc, i)
    assert raised(sc) == i
    e = press_and_discard(app, sc, pygame.K_RETURN)
    assert e.seat == 0 and kind(e.tile) == shown


def test_the_hand_cursor_clamps_any_stale_index():
    """The cursor alone: whatever index it holds, a key acts on a tile that exists."""
    for n in (1, 5, 11, 14):
        for stale in (n, n + 1, n + 3, 40):
            c = HandCursor()
            c.index = stale
            assert c.key(pygame.K_RETURN, n) == ("discard", n - 1)
            c.index = stale
            assert c.key(pygame.K_LEFT, n) == ("select", (n - 2) % n)
            c.index = stale
            assert c.key(pygame.K_RIGHT, n) == ("select", 0)
            c.index = stale
            assert c.key(pygame.K_SPACE, n) == ("discard", n - 1)


# --- the drawn tile at normal speed ---------------------------------------------------------------
@pytest.fixture
def paced_app():
    """Animations at their normal pace: the turn opens while the drawn tile is still on its way."""
    pygame.init()
    a = App(Settings(language="en", sound=False, animation_speed="normal", ai_delay_ms=0),
            size=(1280, 800))
    yield a
    a.close()


def test_the_cursor_is_on_the_drawn_tile_at_every_turn_start_of_a_paced_hand(paced_app, monkeypatch):
    """Every turn of a seeded hand at normal speed: the turn opens before the drawn tile has
    landed (the cursor used to be placed then, on the last tile of the sorted hand); once the
    animation is over the raised tile is the drawn one, and Enter discards exactly it."""
    app = paced_app
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None],
                      draws="1z2z3z4z5z6z" * 3)
    turns = opened_early = 0
    while turns < 5 and not sc.table.is_over:
        for _ in range(2000):  # until the human's turn opens (not waiting for the animation)
            if sc.prompt_for is not None and sc.prompt_for.kind == "turn":
                break
            app.step([], 1 / 60)
        d = sc.prompt_for
        assert d is not None and d.kind == "turn"
        opened_early += sc.director.model.drawn[0] is None
        for _ in range(600):  # the drawn tile lands
            if sc.director.idle:
                break
            app.step([], 1 / 60)
        drawn = sc.table.seat_state[0].drawn
        ids = sc.director.shown_ids(0)
        assert ids[-1] == drawn and raised(sc) == len(ids) - 1, f"turn {turns}: not on the drawn tile"
        e = press_and_discard(app, sc, pygame.K_RETURN)
        assert e is not None and e.seat == 0 and e.tile == drawn, f"turn {turns}: Enter threw another tile"
        turns += 1
    assert turns >= 3
    assert opened_early, "no turn opened before its drawn tile landed: the case is not exercised"


def test_a_chosen_tile_stays_chosen_when_the_draw_lands(paced_app, monkeypatch):
    """Moving the cursor while the draw is on its way is the player's choice: it is kept."""
    app = paced_app
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    for _ in range(2000):
        if sc.prompt_for is not None and sc.prompt_for.kind == "turn":
            break
        app.step([], 1 / 60)
    for _ in range(600):
        if sc.director.idle:
            break
        app.step([], 1 / 60)
    app.step([key(pygame.K_HOME)], 1 / 60)
    for _ in range(30):
        app.step([], 1 / 60)
    assert raised(sc) == 0
    first = shown_kind(sc, 0)
    e = press_and_discard(app, sc, pygame.K_RETURN)
    assert e is not None and kind(e.tile) == first


# --- the window's keys -----------------------------------------------------------------------------
@pytest.mark.parametrize(("k", "mod"), [(pygame.K_F11, 0), (pygame.K_RETURN, pygame.KMOD_LALT),
                                        (pygame.K_KP_ENTER, pygame.KMOD_RALT)])
def test_fullscreen_keys_toggle_the_setting_and_never_discard(app, monkeypatch, k, mod):
    sc = rigged_scene(app, monkeypatch, ["123m456m789m11p23p7z", None, None, None])
    assert wait(app, sc, ("turn",))
    before = list(sc.table.events)
    hand = list(sc.table.seat_state[0].concealed)
    full = app.settings.fullscreen
    app.step([key(k, mod)], 1 / 30)
    for _ in range(5):
        app.step([], 1 / 30)
    assert sc.table.events == before and sc.table.seat_state[0].concealed == hand, "a tile was played"
    assert app.settings.fullscreen is not full
    app.step([key(k, mod)], 1 / 30)
    assert app.settings.fullscreen is full and sc.table.events == before
    assert app.top is sc


def test_the_win_screen_says_you_win_when_you_win(app, monkeypatch):
    """East (the human) is dealt a complete hand (a heavenly hand) and declares it with W: the
    win screen's title speaks to the player ("You win (East): Ola!"), not "East · You wins"."""
    from game.ui.widgets import Fonts

    said: list[str] = []
    text = Fonts.text

    def spy(self, s, size, colour=(255, 255, 255), bold=False):
        said.append(s)
        return text(self, s, size, colour, bold)

    monkeypatch.setattr(Fonts, "text", spy)
    sc = rigged_scene(app, monkeypatch, ["123m456m789m111p22p", None, None, None])
    assert wait(app, sc, ("turn",))
    assert WIN in sc.prompt_for.legal
    app.step([key(pygame.K_w)], 1 / 30)
    for _ in range(200):
        if app.top.name == "hand_result":
            break
        app.step([], 1 / 30)
    assert app.top.name == "hand_result"
    app.step([], 1 / 30)
    assert any(s.startswith("You win (East): Ola!") for s in said), \
        [s for s in said if "win" in s.lower()][:5]
    assert not any("You wins" in s for s in said)
