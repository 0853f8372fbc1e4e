"""The house rule sacred_own_wait "frozen" (issue 32): East waits on 1p/4p after throwing his 4p
(his own wait in his river: sacred discard SD2), draws a 9p that does not win, and the engine
throws it for him. The table says why at once, in one line: the kind transcript.frozen_sacred
with the tile, in the prompt's reserved place (the coach's words), in English and Korean."""

from __future__ import annotations

import rigged_table

from game.engine.actions import Discard
from game.engine.events import Discarded
from game.engine.rules import RuleSet
from game.engine.tiles import kind_of_tile, parse_tile
from game.practice.event_words import FROZEN_SACRED, frozen_sacred
from game.ui.i18n import reason_text

app = rigged_table.app  # the fixture: a quiet 1024x640 window
T = parse_tile
RULES = RuleSet(flowers=False, sacred_own_wait="frozen")
EAST = "111m456m678m11p23p4p"
S_ = "9m2p3p4p8p1z2z3z4z6z6m7m8m"
W_ = "9m2p3p4p8p1z2z3z4z6z6m7m8m"
N_ = "1m2m3m4m6p7p8p9p5z6z7z7z1z"
DRAWS = "5z5z5z9p"  # S, W, N draw and throw a 5z each; East draws the 9p


def _until_frozen(app, sc):
    thrown = False
    for _ in range(400):
        d = sc.prompt_for
        if d is not None and sc.director.idle and d.kind == "turn" and not thrown:
            sc.act(Discard(T("4p")))  # his own wait into his river
            thrown = True
        app.step([], 1 / 30)
        t = sc.table
        if t is not None and any(isinstance(e, Discarded) and e.seat == 0 and e.auto
                                 for e in t.events):
            return t
    raise AssertionError("the 9p was never thrown for East")


def test_the_frozen_auto_discard_is_explained_at_once(app, monkeypatch):
    sc = rigged_table.rigged_table(app, monkeypatch, [EAST, S_, W_, N_], DRAWS, seed=2,
                                   rules=RULES)
    t = _until_frozen(app, sc)
    thrown = [e for e in t.events if isinstance(e, Discarded) and e.seat == 0 and e.auto]
    assert kind_of_tile(thrown[0].tile) == T("9p")  # the first: the 9p he drew
    why = frozen_sacred(thrown[0], uper=False)
    assert why is not None and why.code == FROZEN_SACRED.code and why["tile"] == T("9p")
    assert str(why).startswith("9p was discarded for you")
    # at the table: the line for the last tile thrown for him, at once
    said = sc.coach_words()
    assert said and said[0] == reason_text(frozen_sacred(thrown[-1], uper=False), "en"), said
    sc.toggle_hints()  # the line keeps the prompt's reserved place: never under the hints
    app.step([], 1 / 30)
    assert sc.hints_rect().bottom <= sc.app.layout.panel.bottom


def test_the_line_reads_in_korean():
    why = FROZEN_SACRED(tile=T("9p"))
    ko = reason_text(why, "ko")
    assert ko.startswith("9통을 대신 버렸습니다") and "신성한 버림패" in ko
