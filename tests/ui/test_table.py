"""The table scene, headless: the director against the engine, the human's controls, results,
continue, and whole autoplay sessions."""

import math

import pygame
import pytest

from ai.registry import parse_seats
from game.engine.actions import Discard, Pung
from game.engine.events import Claimed
from game.engine.rules import RuleSet
from game.engine.table import Table
from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.director import Director, kind
from game.ui.layout import Layout, screen_seat
from game.ui.scenes.results import HandResultScene, SessionResultScene
from game.ui.scenes.table import TableScene, has_saved_session, make_scene
from game.ui.screens import available

DATA_ENV = "KOREAN_MAHJONG_DATA_DIR"


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    return tmp_path


def make_app(speed="instant", lang="en", size=(1280, 800), **kw):
    pygame.init()
    return App(Settings(language=lang, sound=False, animation_speed=speed, ai_delay_ms=0, **kw), size=size)


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def release(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)


def drag_motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def run_until(app, cond, frames=3000, dt=1 / 30, events=()):
    for _ in range(frames):
        if cond():
            return True
        app.step(list(events), dt)
    return cond()


# --- the director against the engine ---------------------------------------------------------------
def engine_picture(table: Table, human: int):
    """What the felt should show once every event is played: per seat (sorted concealed kinds
    with the drawn tile, river kinds without claimed tiles, meld kinds, flower count)."""
    out = []
    for s in range(4):
        river = [t >> 2 for i, t in enumerate(table.seat_state[s].river) if i not in table.seat_state[s].river_claimed]
        melds = sorted(sorted(ids) for ids in table.seat_state[s].meld_ids)
        out.append((sorted(t for t in table.seat_state[s].concealed), river, melds, len(table.seat_state[s].flowers)))
    return out


def director_picture(d: Director):
    m = d.model
    out = []
    for s in range(4):
        hand = sorted(m.hands[s] + ([m.drawn[s]] if m.drawn[s] is not None else []))
        river = [kind(t) for t, _ in m.river[s]]
        melds = sorted(sorted(mv.ids) for mv in m.melds[s])
        out.append((hand, river, melds, len(m.flowers[s])))
    return out


RULES = {
    "default": RuleSet(),
    "no flowers": RuleSet(flowers=False),
    "all claimants win, strict": RuleSet(several_winners="all", three_winners="head_bump", strict_table=True),
}


@pytest.mark.parametrize("rules", list(RULES))
@pytest.mark.parametrize("seed", [1, 2, 3, 7, 11, 29])
def test_the_director_ends_every_hand_showing_the_engines_table(seed, rules):
    """Played at instant speed, the director's picture equals the engine's state after each action."""
    from ai.random_seat import RandomSeat

    lay = Layout.for_size(1280, 800)
    t = Table(RULES[rules], seed)
    d = Director(lay, human=seed % 4, speed=math.inf)
    d.follow(t.events)
    seats = [RandomSeat(seed * 10 + s) for s in range(4)]
    checks = 0
    while not t.is_over:
        d.update(0.0)
        assert d.idle
        if checks % 5 == 0 and t.result is None:
            assert director_picture(d) == engine_picture(t, d.human)
            assert len(d.model.wall) == t.wall.remaining
        checks += 1
        for s, dec in t.pending().items():
            t.submit(s, seats[s].act(dec))
    d.update(0.0)
    assert d.model.revealed == {0, 1, 2, 3}


def test_an_event_at_normal_speed_takes_time_and_a_skip_finishes_it():
    t = Table(RuleSet(), 5)
    d = Director(Layout.for_size(1280, 800), speed=1.0)
    d.follow(t.events)
    d.update(0.0)
    assert d.timeline.busy and d.model.hand_no == 1
    for _ in range(400):  # the shuffle and the walls being built
        if d.model.wall:
            break
        d.update(1 / 60)
    assert 0 < len(d.model.wall) < 104  # the walls are going up, stack by stack
    while d.index < 3:  # up to the dice
        d.skip()
        d.update(0.0)
    assert d.sprites.dice, "the breaker's dice tumble as sprites"
    d.skip()  # the tumble ends at once, on the thrown faces
    assert not d.sprites.dice and d.model.dice == t.events[2].faces


def test_a_discard_flies_into_the_river_and_lands_there():
    t = Table(RuleSet(), 9)
    lay = Layout.for_size(1280, 800)
    d = Director(lay, speed=math.inf)
    d.follow(t.events)
    d.update(0.0)
    d.speed = 1.0
    east = t.pending()[0]
    tile = next(a for a in east.legal if isinstance(a, Discard))
    t.submit(0, tile)
    d.update(0.0)
    assert len(d.sprites.tiles) == 1
    sprite = d.sprites.tiles[0]
    slot = lay.river_slots(0, [False])[0]
    for _ in range(60):
        d.update(1 / 60)
        if not d.sprites.tiles:
            break
    assert not d.sprites.tiles
    assert (round(sprite.x), round(sprite.y)) == slot.rect.topleft
    assert [kind(x) for x, _ in d.model.river[0]] == [tile.tile]


@pytest.mark.parametrize("seat, frm, sideways", [(0, 3, 0), (0, 2, 1), (0, 1, 2), (2, 1, 0), (1, 0, 0)])
def test_the_claimed_tile_lies_toward_the_discarder(seat, frm, sideways):
    assert Director.meld_spec(3, seat, frm).sideways == sideways


# --- the table scene ---------------------------------------------------------------------------------
def human_scene(app, seed=11, opponents="random", hands=1):
    sc = TableScene(app, ["human", opponents, opponents, opponents], seed=seed, hands=hands)
    app.push(sc)
    return sc


def wait_turn(app, sc, kinds=("turn", "discard")):
    return run_until(app, lambda: sc.prompt_for is not None and sc.prompt_for.kind in kinds
                     and not sc.director.timeline.busy)


def test_feature_entries_are_enabled():
    assert available("new_game") and available("continue")


def test_the_human_discards_by_click_at_the_layouts_tile_position(app):
    sc = human_scene(app)
    assert wait_turn(app, sc)
    d = sc.prompt_for
    seat = d.seat
    ids = sc.director.shown_ids(seat)
    slots = app.layout.hand_slots(0, len(sc.director.model.hands[seat]),
                                  drawn=sc.director.model.drawn[seat] is not None)
    # the tile drawn at slot 2 is the third tile the model shows, face up
    r = slots[2].rect
    px = app.window.get_at((round(r.x + r.w / 2), round(r.y + r.h * 0.1)))
    assert px.r > 200 and px.g > 200, "a face-up tile (ivory) is drawn at the layout's cell"
    river_before = len(sc.table.seat_state[seat].river)
    at = (round(r.x + r.w / 2), round(r.y + r.h / 2))
    app.step([click(at)], 1 / 30)
    assert len(sc.table.seat_state[seat].river) == river_before  # pressing alone: a drag may follow
    app.step([release(at)], 1 / 30)
    assert len(sc.table.seat_state[seat].river) == river_before + 1
    assert sc.table.seat_state[seat].river[-1] >> 2 == ids[2] >> 2


def test_the_human_discards_by_keys(app):
    sc = human_scene(app, seed=12)
    assert wait_turn(app, sc)
    seat = sc.prompt_for.seat
    ids = sc.director.shown_ids(seat)
    app.step([key(pygame.K_3)], 1 / 30)
    assert sc.cursor.index == 2 and sc.prompt_for is not None
    app.step([key(pygame.K_RIGHT)], 1 / 30)
    assert sc.cursor.index == 3
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert sc.table.seat_state[seat].river[-1] >> 2 == ids[3] >> 2
    assert wait_turn(app, sc)
    drawn = sc.director.model.drawn[seat]
    app.step([key(pygame.K_SPACE)], 1 / 30)  # Space: the drawn tile
    if drawn is not None:
        assert sc.table.seat_state[seat].river[-1] >> 2 == drawn >> 2


def test_opponents_tiles_are_face_down_and_the_selected_tile_rises(app):
    sc = human_scene(app, seed=13)
    assert wait_turn(app, sc)
    lay = app.layout
    view = sc.director.view(selected=0)
    assert all(k is None for s in (1, 2, 3) for k in view.seats[s].hand)
    assert all(k is not None for k in view.seats[0].hand)
    app.step([key(pygame.K_1)], 1 / 30)
    r = lay.hand_slots(0, len(view.seats[0].hand))[0].rect
    # the chosen tile is drawn `lift` px higher: tile above its cell's top edge, felt above the next
    y = round(r.y - lay.lift / 2)
    felt = app.window.get_at((round(r.x + r.w * 1.5), y))
    above = app.window.get_at((round(r.x + 3), y))
    assert felt.g > felt.r + 30 and felt.g > felt.b
    assert above != felt


def test_a_claim_prompt_offers_pung_with_a_shortcut(app):
    """Random opponents discard everything: soon the human may claim a pung; P takes it."""
    for seed in range(40, 90):
        sc = human_scene(app, seed=seed)
        for _ in range(60):
            if not run_until(app, lambda sc=sc: (sc.prompt_for is not None and not sc.director.timeline.busy)
                             or app.top is not sc, frames=2000):
                break
            if app.top is not sc:
                break
            d = sc.prompt_for
            if d.kind == "claim" and any(isinstance(a, Pung) for a in d.legal):
                actions = [c.action for c in sc.prompt.choices]
                assert "pung" in actions and "pass" in actions
                melds = len(sc.table.seat_state[d.seat].melds)
                app.step([key(pygame.K_p)], 1 / 30)
                assert len(sc.table.seat_state[d.seat].melds) == melds + 1
                claim = [e for e in sc.table.events if isinstance(e, Claimed)][-1]
                assert claim.seat == d.seat and claim.meld == "pung"
                run_until(app, lambda sc=sc: sc.director.idle)
                assert len(sc.director.model.melds[d.seat]) == melds + 1
                return
            app.step([key(pygame.K_SPACE)], 1 / 30)  # pass, or discard the drawn tile
        while len(app.scenes) > 1:
            app.pop()
        app.scenes.clear()
    pytest.fail("no pung was offered in 50 seeded hands")


def test_the_uper_button_says_why_it_is_disabled(app):
    sc = human_scene(app, seed=14)
    assert wait_turn(app, sc, ("turn",))
    uper = [c for c in sc.prompt.choices if c.action == "uper"]
    assert len(uper) == 1
    c = uper[0]
    if not c.enabled:
        assert c.reason, "a disabled uper carries the engine's reason or what would make it legal"
        rect = sc.button_rects()[sc.prompt.choices.index(c)]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
        assert sc.prompt.tooltip == c.reason
        river = len(sc.table.seat_state[sc.prompt_for.seat].river)
        app.step([key(pygame.K_u)], 1 / 30)
        assert len(sc.table.seat_state[sc.prompt_for.seat].river) == river and sc.message == c.reason


def test_an_illegal_click_shows_the_engines_reason_and_changes_nothing(app):
    sc = human_scene(app, seed=15)
    assert wait_turn(app, sc)
    seat = sc.prompt_for.seat
    held = {t >> 2 for t in sc.table.seat_state[seat].concealed if t < 100}
    missing = next(k for k in range(25) if k not in held)
    n = len(sc.table.events)
    assert not sc.act(Discard(missing))
    assert len(sc.table.events) == n and sc.prompt_for is not None
    assert sc.message, "the engine's reason is shown"


def test_manual_ordering_moves_the_chosen_tile(app):
    sc = human_scene(app, seed=16)
    assert wait_turn(app, sc)
    seat = sc.prompt_for.seat
    before = sc.director.shown_ids(seat)
    app.step([key(pygame.K_1)], 1 / 30)
    app.step([key(pygame.K_RIGHT, pygame.KMOD_SHIFT)], 1 / 30)
    after = sc.director.shown_ids(seat)
    assert after[1] == before[0] and after[0] == before[1] and sc.cursor.index == 1
    app.step([key(pygame.K_o)], 1 / 30)
    assert sc.director.shown_ids(seat) == before


def test_a_whole_autoplay_hand_ends_on_the_results(app):
    sc = TableScene(app, parse_seats("ai,ai,ai,ai"), seed=3, hands=1, exit_at_end=True)
    app.push(sc)
    assert run_until(app, lambda: isinstance(app.top, HandResultScene), frames=500)
    res = app.top
    pix = app.window.get_at(res.box().center)
    assert pix.a == 255
    assert run_until(app, lambda: isinstance(app.top, SessionResultScene) or not app.running, frames=50)
    assert run_until(app, lambda: not app.running, frames=50)
    assert sc.session.finished and sum(sc.session.scores) == 0


def test_results_screen_lists_the_yak_and_goes_on_with_enter(app):
    sc = human_scene(app, seed=3, opponents="ai:standard", hands=2)
    for _ in range(300):
        if isinstance(app.top, HandResultScene):
            break
        run_until(app, lambda: isinstance(app.top, HandResultScene) or
                  (sc.prompt_for is not None and not sc.director.timeline.busy), frames=2000)
        if isinstance(app.top, HandResultScene):
            break
        d = sc.prompt_for
        app.step([key(pygame.K_w if d.kind == "claim" and any(c.action == "win" and c.enabled
                                                              for c in sc.prompt.choices) else pygame.K_SPACE)],
                 1 / 30)
    res = app.top
    assert isinstance(res, HandResultScene)
    hand = sc.session.hand_no
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert app.top is sc and sc.session.hand_no == hand + 1


def test_continue_rebuilds_the_session_from_its_record(app, dirs, leave_table):
    sc = human_scene(app, seed=21, opponents="ai:standard", hands=2)
    for _ in range(6):  # discard the drawn tile or pass, six times
        assert wait_turn(app, sc, ("turn", "discard", "claim", "rob"))
        app.step([key(pygame.K_SPACE)], 1 / 30)
    run_until(app, lambda: sc.prompt_for is not None and not sc.director.timeline.busy)
    events = list(sc.table.events)
    leave_table(app)
    assert app.top.name == "title"
    assert has_saved_session()
    resumed = make_scene(app, resume=True)
    assert isinstance(resumed, TableScene)
    assert resumed.table.events == events
    app.push(resumed)
    app.step([], 1 / 30)
    assert director_picture(resumed.director) == director_picture(sc.director)
    assert resumed.prompt_for is not None and resumed.prompt_for.seat == sc.prompt_for.seat


def test_no_saved_session_says_so(app):
    assert not has_saved_session()
    assert make_scene(app, resume=True).name == "notice"


def test_the_new_game_screen_starts_a_table_with_the_chosen_opponents(app):
    ng = make_scene(app)
    app.push(ng)
    assert ng.name == "new_game"
    app.step([key(pygame.K_RIGHT)], 1 / 30)  # the right-hand opponent: next level
    right = ng.value("seat1")
    ng.start(seed=8)
    sc = app.top
    assert isinstance(sc, TableScene)
    table = sc.table
    human = table.players.index(0)
    assert sc.player_names[table.players[(human + 1) % 4]] == right
    app.step([], 1 / 30)
    assert app.window.get_at((5, 5)).a == 255


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_table_draws_at_any_size_and_language(lang, size, tmp_path):
    a = make_app(lang=lang, size=size)
    sc = human_scene(a, seed=17)
    assert wait_turn(a, sc)
    lay = a.layout
    # an opponent's hand cell shows a tile back (green), the human's a face (ivory)
    opp = lay.hand_slots(2, 13)[5].rect
    c = a.window.get_at((round(opp.x + opp.w / 2), round(opp.y + opp.h / 2)))
    assert c.g > c.r and c.g > c.b
    a.close()


def test_resizing_mid_animation_finishes_it_and_relays_out(app):
    app_ = app
    sc = TableScene(app_, parse_seats("random,random,random,random"), seed=4, hands=1)
    app_.settings = app_.settings.replace(animation_speed="normal")
    sc.director.speed = 1.0
    app_.push(sc)
    for _ in range(200):
        app_.step([], 1 / 30)
    app_.resize((1024, 640))
    assert sc.director.layout is app_.layout and not sc.director.sprites.tiles


def test_parse_seats_rejects_two_humans():
    with pytest.raises(ValueError, match="at most one human"):
        parse_seats("human,human,ai,ai", human=True)


def test_screen_seats_follow_the_human():
    assert [screen_seat(s, 1) for s in range(4)] == [3, 0, 1, 2]


def test_autoplay_cli_saves_key_moments_and_exits(tmp_path):
    from game.cli import main

    shots = tmp_path / "shots"
    rc = main(["play", "--autoplay", "--seats", "ai,ai,ai,ai", "--seed", "5", "--hands", "2",
               "--speed", "instant", "--screenshots", str(shots), "--size", "1024x640"])
    assert rc == 0
    names = {p.stem for p in shots.glob("*.png")}
    for moment in ("hand1-walls", "hand1-dice", "hand1-dealt", "session_result"):
        assert moment in names, names
    assert any(n.startswith("hand1-") and n.endswith(("win", "draw")) for n in names)


def test_a_session_rebuilt_from_seed_and_actions_equals_the_played_one(app):
    sc = TableScene(app, parse_seats("ai,ai,ai,ai"), seed=6, hands=1, record=True)
    app.push(sc)
    run_until(app, lambda: isinstance(app.top, HandResultScene), frames=500)
    from game.records import check_record

    sc.driver.close_record()
    assert check_record(sc.driver.writer.path).ok


def test_a_claim_countdown_passes_when_time_runs_out():
    a = make_app(claim_countdown=3, claim_time_bank=2)
    try:
        for seed in range(40, 80):
            sc = human_scene(a, seed=seed)
            for _ in range(40):
                if not run_until(a, lambda sc=sc: a.top is not sc or (sc.prompt_for is not None
                                 and not sc.director.timeline.busy), frames=2000) or a.top is not sc:
                    break
                if sc.prompt_for.kind == "claim":
                    d = sc.prompt_for
                    assert sc.prompt.countdown == 3
                    n = len(sc.table.events)
                    a.step([], 1.0)
                    assert sc.prompt_for is d, "still waiting after one second"
                    a.step([], 1.0)
                    a.step([], 1.1)
                    assert sc.prompt_for is d and sc.prompt.in_bank, "the time bank is spent first"
                    a.step([], 1.0)
                    assert sc.prompt_for is d and sc.time_bank == 2
                    a.step([], 1.0)
                    assert sc.prompt_for is not d and len(sc.table.events) > n, "answered when time ran out"
                    assert sc.time_bank == 0, "the bank is spent for this hand"
                    return
                a.step([key(pygame.K_SPACE)], 1 / 30)
            a.scenes.clear()
        pytest.fail("no claim was offered")
    finally:
        a.close()


def test_continue_after_a_finished_hand_shows_its_result_over_the_table(app):
    sc = human_scene(app, seed=3, opponents="ai:standard", hands=2)
    for _ in range(400):
        if isinstance(app.top, HandResultScene):
            break
        run_until(app, lambda: isinstance(app.top, HandResultScene) or
                  (sc.prompt_for is not None and not sc.director.timeline.busy), frames=2000)
        if not isinstance(app.top, HandResultScene):
            app.step([key(pygame.K_SPACE)], 1 / 30)
    assert isinstance(app.top, HandResultScene)
    sc.driver.close_record()  # the game stops here (the window closed with the result on screen)
    app.scenes.clear()
    resumed = make_scene(app, resume=True)
    app.push(resumed)
    assert isinstance(app.top, HandResultScene) and app.scenes[0] is resumed
    app.step([key(pygame.K_RETURN)], 1 / 30)
    assert app.top is resumed and resumed.session.hand_no == 2


def test_title_new_game_leave_and_continue(app, monkeypatch, leave_table):
    import time

    from game.ui.scenes.title import ENTRIES, TitleScene

    # New game seeds from the clock: a fixed clock gives a fixed game (some seeds end the hand
    # before the human's first turn, and the test then found a result screen on top)
    monkeypatch.setattr(time, "time", lambda: 12.345)

    title = TitleScene(app)
    app.push(title)
    assert not title.enabled["continue"]
    title.activate(ENTRIES.index("new_game"))
    assert app.top.name == "new_game"
    app.step([key(pygame.K_RETURN)], 1 / 30)
    sc = app.top
    assert isinstance(sc, TableScene) and app.scenes == [title, sc]
    assert wait_turn(app, sc, ("turn", "discard", "claim", "rob"))
    app.step([key(pygame.K_SPACE)], 1 / 30)
    while True:  # answer claims until it is the human's turn
        assert wait_turn(app, sc, ("turn", "discard", "claim", "rob"))
        if sc.prompt_for.kind in ("turn", "discard"):
            break
        app.step([key(pygame.K_SPACE)], 1 / 30)
    leave_table(app)
    assert app.scenes == [title] and title.enabled["continue"]
    title.activate(ENTRIES.index("continue"))
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.seed == sc.seed
    assert resumed.table.events == sc.table.events


def test_a_robbed_kong_goes_back_to_a_pung_and_a_second_winner_leaves_the_tile_alone():
    from game.engine.events import NineMajorDeclared, WinDeclared
    from game.ui.director import MeldView
    from game.ui.layout import MeldSpec

    d = Director(Layout.for_size(1280, 800), speed=math.inf)
    m = d.model
    m.hand_no, m.dealing = 1, False
    m.melds[1] = [MeldView([40, 41, 42, 43], [True] * 4, MeldSpec(4, 0), 10)]  # 2p pung + the added tile
    m.hands[2] = [0, 4, 8, 12]
    m.hands[3] = [1, 5, 9, 13]
    d.follow([WinDeclared(2, 43, "robbing_kong", 1, (0, 4, 8, 12, 43)),
              WinDeclared(3, 43, "robbing_kong", 1, (1, 5, 9, 13, 43)),
              NineMajorDeclared(0, ())])
    d.update(0.0)
    assert m.melds[1][0].ids == [40, 41, 42] and m.melds[1][0].spec.size == 3
    assert m.drawn[2] == 43 and m.drawn[3] is None, "the tile joins the first winner only"
    assert m.revealed == {0, 2, 3}


def test_the_hints_key_shows_the_practice_panel_beside_the_table(app):
    sc = human_scene(app, seed=18)
    assert wait_turn(app, sc)
    try:
        import game.ui.hints_panel  # noqa: F401 - built by the practice part of the game
    except ImportError:
        app.step([key(pygame.K_i)], 1 / 30)
        assert not sc.show_hints and sc.message
        return
    before = app.window.copy()
    app.step([key(pygame.K_i)], 1 / 30)
    assert sc.show_hints and sc.hints_for is sc.prompt_for
    rect = sc.hints_rect()
    assert pygame.image.tobytes(app.window.subsurface(rect), "RGB") != \
        pygame.image.tobytes(before.subsurface(rect), "RGB")
    app.step([key(pygame.K_i)], 1 / 30)
    assert not sc.show_hints


def test_an_unknown_opponent_is_named_instead_of_crashing(app):
    ng = make_scene(app)
    app.push(ng)
    ng.options[0].values[ng.options[0].index] = "ai:oracle"
    ng.start(seed=3)
    assert app.top.name == "notice" and "oracle" in " ".join(app.top.messages)


def test_the_human_orders_his_hand_by_dragging_a_tile(app):
    sc = human_scene(app, seed=12)
    assert wait_turn(app, sc)
    d = sc.prompt_for
    seat = d.seat
    m = sc.director.model
    before = m.order(seat)
    river_before = len(sc.table.seat_state[seat].river)
    rects = sc.tile_rects()
    n = len(m.hands[seat])
    a, b = rects[0].center, rects[n - 2].center
    app.step([click(a)], 1 / 30)
    app.step([drag_motion((a[0] + rects[0].w, a[1] - 10))], 1 / 30)
    assert sc.cursor.drag == 0
    app.step([drag_motion((b[0], a[1] - 10))], 1 / 30)
    shot = app.window.copy()
    w, y0 = rects[0].w, rects[0].y - app.layout.lift * 2
    ivory = sum(1 for x in range(b[0] - w // 2 + 2, b[0] + w // 2 - 2) for y in range(y0 + 2, rects[0].y)
                if shot.get_at((x, y)).r > 200 and shot.get_at((x, y)).g > 200)
    assert ivory > 0.5 * (w - 4) * (rects[0].y - y0 - 2), "the dragged tile is drawn lifted, under the mouse"
    app.step([release((b[0], a[1]))], 1 / 30)
    after = m.order(seat)
    assert after == before[1:n - 1] + [before[0]] + before[n - 1:]
    assert not m.sort[seat] and sc.cursor.index == n - 2
    assert len(sc.table.seat_state[seat].river) == river_before  # a drag never discards
    assert sc.prompt_for is d
    # the keyboard way still works, and the drawn tile stays apart
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=pygame.KMOD_SHIFT)], 1 / 30)
    assert m.order(seat)[n - 3] == before[0]


def test_what_was_said_belongs_to_its_hand(app):
    """A line said at the end of one hand (e.g. "you cannot win: ...") is gone when the next
    hand's shuffle starts; it never survives into the next hand."""
    sc = TableScene(app, parse_seats("random,random,random,random"), seed=4, hands=2)
    app.push(sc)
    assert run_until(app, lambda: sc.table is not None and sc.table.is_over)
    app.step([], 1 / 30)  # the result opens at the start of the frame after the hand's end
    first = sc.table
    sc.say("You cannot win: a chicken hand", 600.0)
    assert app.top is not sc and app.top.name == "hand_result"
    app.pop()  # the hand's result screen closes: the table starts the next hand
    sc.start_hand()
    assert sc.table is not first and sc.table.hand == first.hand + 1
    assert sc.message == "" and sc.message_left == 0


def test_new_game_remembers_the_last_choices_and_offers_no_test_seat(app):
    from game.settings import load_settings
    from game.ui.scenes.newgame import NewGameScene

    ng = make_scene(app)
    app.push(ng)
    seat_row = next(o for o in ng.options if o.key == "seat1")
    assert "random" not in seat_row.values, "the test-only opponent is not offered"
    app.step([key(pygame.K_RIGHT)], 1 / 30)  # the right-hand opponent: next level
    ng.focus = next(i for i, o in enumerate(ng.options) if o.key == "preset")
    app.step([key(pygame.K_RIGHT)], 1 / 30)
    chosen = (ng.value("seat1"), ng.value("seat2"), ng.value("seat3")), ng.value("preset")
    ng.start(seed=8)
    assert (app.settings.seats, app.settings.rules.preset) == chosen
    saved, _ = load_settings()
    assert (saved.seats, saved.rules.preset) == chosen, "saved for the next start of the game"
    again = NewGameScene(app)
    assert ((again.value("seat1"), again.value("seat2"), again.value("seat3")),
            again.value("preset")) == chosen


def test_the_session_length_does_not_wrap_around(app):
    ng = make_scene(app)
    app.push(ng)
    ng.focus = next(i for i, o in enumerate(ng.options) if o.key == "length")
    for _ in range(12):
        app.step([key(pygame.K_RIGHT)], 1 / 30)
    assert ng.value("length") == ("endless", 0)
    app.step([key(pygame.K_RIGHT)], 1 / 30)
    assert ng.value("length") == ("endless", 0), "no wrap from the longest to one hand"
    for _ in range(12):
        app.step([key(pygame.K_LEFT)], 1 / 30)
    assert ng.value("length") == ("hands", 1)
    app.step([key(pygame.K_LEFT)], 1 / 30)
    assert ng.value("length") == ("hands", 1)
