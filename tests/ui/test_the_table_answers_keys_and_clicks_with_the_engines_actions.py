"""What the player's keys and clicks do at the table (`game.ui.table.input`): the turn's and a
claim's buttons and what each submits, the keys that say why nothing happens, the time bank,
the call assists, the hints panel and the yak guide keys, leaving, and a replay's own keys."""

from __future__ import annotations

import pygame
import pytest
from table_screen import human_turn, key, make_app, mouse, private_dirs, put_question

from game.settings import Settings
from game.ui.app import App


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    return private_dirs(tmp_path, monkeypatch)


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


def test_kong_choices_send_their_kongs(monkeypatch):
    from game.engine.actions import KONG, PASS, AddedKong, ConcealedKong

    app = make_app()
    sc = human_turn(app)
    sent: list = []
    monkeypatch.setattr(sc.input, "act", lambda action: sent.append(action) or True)
    put_question(sc, "claim", (KONG, PASS))
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
    put_question(sc, kind_, (PUNG, PASS) if kind_ == "claim" else (WIN, PASS))
    sc.handle_event(key(KEY_KONG))
    assert sc.message == app.tr("table.cannot.kong.claim")
    assert sc.prompt_for is not None and sc.prompt_for.kind == kind_  # still asked
    app.close()


def test_the_time_bank_spent_on_a_question_is_gone_for_the_hand(monkeypatch):
    from game.engine.actions import PASS, PUNG

    app = make_app()
    app.settings = app.settings.replace(claim_countdown=5, claim_time_bank=5)
    sc = human_turn(app)
    put_question(sc, "claim", (PUNG, PASS))
    p = sc.prompt
    assert (p.countdown, p.bank) == (5.0, 5.0) and sc.time_bank == 5.0
    bank = sc.time_bank
    p.update(p.countdown + 1.5)  # the clock and 1.5 s of the bank
    assert p.bank_used == pytest.approx(1.5)
    monkeypatch.setattr(sc.driver, "submit", lambda seat, action: None)
    assert sc.act(PASS)
    assert sc.time_bank == pytest.approx(bank - 1.5)
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


def test_a_win_the_table_refused_stays_on_a_claim_as_a_greyed_button_with_its_reason():
    """A claim where the table refused the player's win on this tile (the reason kept in
    Table.refused for his seat, not in the decision's notes): the Win button is there, greyed,
    labelled as a win and saying why on hover."""
    from game.engine.actions import PASS, PUNG, WIN
    from game.ui.table.input import KEY_WIN

    app = make_app()
    sc = human_turn(app)
    sc.table.refused[sc.prompt_for.seat] = {WIN: "not two basic points"}
    put_question(sc, "claim", (PUNG, PASS))
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
    put_question(sc, "rob", (WIN, PASS))
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
