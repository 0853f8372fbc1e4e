"""The practice screens driven headless: setup, one decision with a few playouts, undo, review."""

import time

import pygame
import pytest

from game.i18n import render
from game.ui.scenes.practice import PracticeScene
from game.ui.scenes.title import ENTRIES, TitleScene


@pytest.fixture
def app(make_app):
    return make_app()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def ivory_pixels(surface, rect):
    sub = surface.subsurface(rect)
    return sum(1 for y in range(0, rect.h, 3) for x in range(0, rect.w, 3)
               if min(sub.get_at((x, y))[:3]) > 215)


def practice(app, **kw):
    kw.setdefault("playouts", 4)
    kw.setdefault("seed", 2)
    s = PracticeScene(app, threaded=False, **kw)
    app.push(s)
    app.step([], 0.016)
    return s


def test_the_title_opens_practice(app):
    app.push(TitleScene(app))
    t = app.top
    t.focus = ENTRIES.index("practice")
    app.step([key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.top, PracticeScene) and app.top.state == "setup"


def test_setup_keys_choose_stage_and_mix(app):
    s = practice(app)
    app.step([key(pygame.K_RIGHT)], 0.016)
    assert s.stage == "late"
    app.step([key(pygame.K_DOWN), key(pygame.K_LEFT)], 0.016)
    assert s.mix == "illegal"
    b = s.buttons()["stage:early"]
    app.step([click(b.rect.center)], 0.016)
    assert s.stage == "early"


def test_one_decision_played_out_then_undo_and_review(app):
    s = practice(app, stage="any", mix="legal")
    app.step([key(pygame.K_RETURN)], 0.016)
    s.wait()
    assert s.state == "decide"
    assert s.position.decision.kind == "turn"
    assert s.hints is not None and s.panel.hints is s.hints
    app.step([], 0.016)
    assert ivory_pixels(app.canvas, s.regions()["board"]) > 50  # the tiles are on the board
    app.step([key(pygame.K_s)], 0.016)  # stay silent: played out within the frame (no thread)
    s.wait()
    assert s.state == "result"
    c = s.comparison
    assert {r.key for r in c.results} == {"uper", "silent", "fold"}
    assert all(r.playouts == 4 for r in c.results)
    assert [d.chosen for d in s.session.decisions] == ["silent"]
    app.step([], 0.016)
    # undo: back to the same decision, the result forgotten
    pos = s.position
    app.step([key(pygame.K_BACKSPACE)], 0.016)
    assert s.state == "decide" and s.position is pos and s.session.decisions == []
    app.step([key(pygame.K_f)], 0.016)
    s.wait()
    assert [d.chosen for d in s.session.decisions] == ["fold"]
    app.step([key(pygame.K_r)], 0.016)
    assert s.state == "review"
    assert len(s.review_items) == 1 and s.review_items[0].chosen == "fold"
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert s.state == "result"
    # next position, then undo from its decision goes back to the previous one
    app.step([key(pygame.K_n)], 0.016)
    s.wait()
    assert s.state == "decide" and s.position is not pos
    app.step([key(pygame.K_BACKSPACE)], 0.016)
    assert s.state == "decide" and s.position is pos and s.session.decisions == []


def test_an_illegal_uper_is_explained_not_made(app):
    s = practice(app, stage="any", mix="illegal")
    s.start()
    s.wait()
    up = s.option("uper")
    assert not up.legal and up.reason
    app.step([key(pygame.K_u)], 0.016)
    assert s.state == "decide"
    assert render(up.reason, "en") in s.message
    app.step([], 0.016)


def test_on_a_strict_table_the_second_click_commits_it(app):
    app.settings = app.settings.replace(rules=app.settings.rules.replace(strict_table=True))
    s = practice(app, stage="any", mix="illegal")
    s.start()
    s.wait()
    assert s.option("uper").available and not s.option("uper").legal
    b = s.buttons()["uper"]
    app.step([click(b.rect.center)], 0.016)
    assert s.state == "decide" and s.strict_armed
    app.step([click(b.rect.center)], 0.016)
    s.wait()
    assert s.state == "result"
    assert s.session.decisions[-1].chosen == "uper"


def test_the_worker_thread_keeps_frames_coming(app):
    s = PracticeScene(app, playouts=3, seed=4, stage="any")
    app.push(s)
    s.start()
    # wait on the state, not on a frame budget (a slow machine deals in more frames); the
    # deadline only stops a hang
    deadline = time.monotonic() + 300
    frames = 0
    while s.state == "dealing" and time.monotonic() < deadline:
        app.step([], 0.016)
        frames += 1
    assert s.state == "decide"
    s.choose("silent")
    assert s.state == "playing" and s.number == 1
    playing_frames = 0
    while s.state == "playing" and time.monotonic() < deadline:
        app.step([], 0.016)
        playing_frames += 1
    assert s.state == "result" and s.number == 1
    assert playing_frames > 1  # frames kept coming while the worker played
    assert s.progress[0] == s.progress[1] > 0


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_the_hint_recommends_only_a_choice_the_exercise_offers(app, seed):
    from game.engine.actions import Discard
    s = practice(app, stage="any", mix="any", seed=seed)
    s.start()
    s.wait()
    assert s.state == "decide" and s.hints is not None
    offered = set(s.offered(s.position))
    tiles = {a.tile for a in offered}
    assert s.hints.suggested in offered
    assert {d.tile for d in s.hints.discards} <= tiles
    assert s.hints.best_discard is None or s.hints.best_discard.tile in tiles
    # the offered ones: each ready discard (silent or uper) and the fold
    fold = s.option("fold").action
    assert fold in offered and all(Discard(k) in offered for k in s.position.ready_discards)
