"""The live coach at the table (issue 32): after the human's decision, one line above the hand says
whether the expert agrees, and when not, what it would do and why; thought out on a worker thread
from the human's own view, never holding the table up. Off (the default), nothing is asked.

East is dealt 123m 34m 9m 456p 78p 11z 5z (the hand of
`test_the_live_coach_says_whether_the_expert_agrees`): the expert throws the 9m or the White
dragon; throwing the 3m leaves the hand two tiles from ready instead of one.
"""

from __future__ import annotations

import pygame
import rigged_table

from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.tiles import parse_tile
from game.practice import live_coach as lc
from game.settings import load_settings
from game.ui.scenes.table import TableScene

app = rigged_table.app  # the fixture: a quiet 1024x640 window
T = parse_tile
HAND = "123m456p78p11z5z9m3m4m"
OTHERS = ["5m9m1p2p3p4p8p1z2z3z4z5z6m", "5m9m1p2p3p4p8p1z2z3z4z5z6m", "5m9m1p2p3p4p8p2z3z4z6z7z6m"]


def first_turn(app, monkeypatch) -> TableScene:
    sc = rigged_table.rigged_table(app, monkeypatch, [HAND, *OTHERS], seed=2,
                                   rules=RuleSet(flowers=False))
    for _ in range(300):
        if sc.prompt_for is not None and sc.prompt_for.kind == "turn" and sc.director.idle:
            app.step([], 1 / 30)
            return sc
        app.step([], 1 / 30)
    raise AssertionError("no turn")


def _on(app):
    app.apply_settings(app.settings.replace(live_coach=True), save=False)


def _throw_and_hear(app, sc, kind: int) -> tuple[lc.Verdict, str]:
    """Throw `kind`, wait for the verdict's thread (not for a time), and return the line shown."""
    live = sc.table_coach.live
    assert live is not None and live.current is not None
    v = live.current
    assert v.thought.wait(60)
    sc.act(Discard(kind))
    assert v.done.wait(60)
    for _ in range(5):
        app.step([], 1 / 30)
        if "coach" in sc.table_coach.shown:
            break
    return v, sc.table_coach.shown.get("coach", "")


def test_a_discard_the_expert_would_not_make_gets_its_choice_and_why(app, monkeypatch):
    _on(app)
    sc = first_turn(app, monkeypatch)
    v, line = _throw_and_hear(app, sc, T("3m"))
    its = v.suggested
    assert isinstance(its, Discard) and its.tile in (T("9m"), T("5z"))
    assert v.line == lc.DISCARD(tile=its.tile, kept=T("3m"), why=lc.WHY_CLOSER(n=1, m=2))
    assert line == app.reason(v.line)
    plate = sc.table_coach.shown["plates"][-1]
    assert plate.bottom < min(r.rect.y for r in sc.director.hand_rects(sc.human))
    assert not plate.colliderect(pygame.Rect(app.layout.panel.as_tuple()))  # the right column
    assert not plate.colliderect(pygame.Rect(app.layout.plate(0).as_tuple()))  # the human's plate


def test_the_experts_own_choice_gets_the_agree_line(app, monkeypatch):
    _on(app)
    sc = first_turn(app, monkeypatch)
    v = sc.table_coach.live.current
    assert v.thought.wait(60)
    its = v.suggested
    _, line = _throw_and_hear(app, sc, its.tile)
    assert v.line == lc.AGREE(action=its) and line == app.reason(v.line)


def test_off_nothing_is_asked_and_no_line_shows(app, monkeypatch):
    asked = []
    monkeypatch.setattr(lc.LiveCoach, "open", lambda self, *a, **k: asked.append(a))
    sc = first_turn(app, monkeypatch)
    assert not app.settings.live_coach
    sc.act(Discard(T("3m")))
    for _ in range(10):
        app.step([], 1 / 30)
    assert asked == [] and sc.table_coach.live is None and "coach" not in sc.table_coach.shown


def test_f9_turns_the_live_coach_on_and_saves_it(app, monkeypatch):
    sc = first_turn(app, monkeypatch)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="")
    app.step([key], 1 / 30)
    assert app.settings.live_coach and load_settings(app.settings_path)[0].live_coach
    assert sc.table_coach.live is not None and sc.table_coach.live.current is not None
