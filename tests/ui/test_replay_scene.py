"""The replays: the list of recorded games and the table playing one back."""

import pygame
import pytest

from game.ui.scenes.results import HandResultScene, SessionResultScene
from game.ui.scenes.table import TableScene
from game.ui.screens import available


@pytest.fixture
def app(make_app):
    return make_app((1280, 800), animation_speed="instant", ai_delay_ms=0)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def play_human_game(app, seed, discards=None):
    """A human game against random seats: discard the drawn tile, pass every claim."""
    sc = TableScene(app, ["human", "random", "random", "random"], seed=seed, hands=1)
    app.push(sc)
    done = 0
    for _ in range(3000):
        if not any(s is sc for s in app.scenes) or isinstance(app.top, (HandResultScene, SessionResultScene)):
            break
        app.step([], 1 / 30)
        if sc.prompt_for is not None and not sc.director.timeline.busy:
            if discards is not None and sc.prompt_for.kind == "turn" and done >= discards:
                break
            app.step([key(pygame.K_SPACE)], 1 / 30)
            done += 1
    return sc


def test_the_replays_entry_is_enabled_and_lists_nothing_at_first(app):
    from game.ui.scenes.replay_viewer import ReplayListScene

    assert available("replays")
    scene = app.make("replays")
    assert isinstance(scene, ReplayListScene)
    app.push(scene)
    app.step([], 1 / 30)
    assert scene.records == [] and not scene.watch()


def test_a_recorded_game_plays_back_identically(app):
    played = play_human_game(app, seed=4)
    events = list(played.table.events)
    app.scenes.clear()
    played.driver.close_record()
    scene = app.make("replays")
    app.push(scene)
    assert len(scene.records) == 1 and scene.records[0].human == 0
    assert scene.watch(0)  # watch at the table (Enter may open the step-by-step viewer instead)
    app.step([], 1 / 30)
    viewer = next(s for s in app.scenes if isinstance(s, TableScene))
    assert viewer.replay
    for _ in range(2000):
        if isinstance(app.top, HandResultScene):
            break
        app.step([], 1 / 30)
    assert isinstance(app.top, HandResultScene)
    assert viewer.table.events == events
    assert viewer.director.model.revealed == {0, 1, 2, 3}
    # the result screens go on by themselves; then back to the list
    for _ in range(20):
        if app.top is scene:
            break
        app.step([], 1 / 30)
    assert app.top is scene


def test_an_interrupted_record_plays_to_its_end_and_says_so(app):
    played = play_human_game(app, seed=5, discards=3)
    n = len(played.table.events)
    played.leave()  # back to the title (the record stays unfinished)
    scene = app.make("replays")
    app.push(scene)
    assert scene.records and not scene.records[0].complete
    assert scene.watch(0)
    viewer = app.top
    for _ in range(200):
        app.step([], 1 / 30)
        if viewer.driver.ended:
            break
    assert viewer.driver.ended and len(viewer.table.events) == n
    assert viewer.message
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top is scene


def test_replay_keys_pause_and_change_speed(app):
    played = play_human_game(app, seed=6, discards=2)
    played.leave()
    scene = app.make("replays")
    app.push(scene)
    app.settings = app.settings.replace(animation_speed="normal")
    scene.watch(0)
    viewer = app.top
    assert viewer.director.speed == 1.0
    app.step([key(pygame.K_PLUS)], 1 / 30)
    assert viewer.director.speed == 2.0
    app.step([key(pygame.K_p)], 1 / 30)
    assert viewer.paused
    n = len(viewer.table.events)
    for _ in range(300):
        app.step([], 1 / 30)
        viewer.director.skip()
    assert len(viewer.table.events) == n, "paused: no action is taken"
