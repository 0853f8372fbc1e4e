"""A win refused by a sacred discard is said at once, pointing at the tile of the player's own
river that causes it (issue 32).

East waits on 1m-4m (23m 456p 789p 111z 55z). In one hand East threw a 7m first: 4m shares its
stem pattern 1-4-7 (SD3, the 7m marked); in the other East threw a 1m, one of its own waits (SD2,
the 1m marked). South then throws a 4m: East cannot win on it and has nothing else to decide, so
no prompt opens -- the coach says why at once (in the prompt's reserved place, never under the
hints panel, or among the messages when no prompt is open) and the river tile is ringed.
"""

from __future__ import annotations

import pygame
import pytest
import rigged_table

from game.engine.actions import PASS, Discard
from game.engine.messages import Message
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile
from game.practice import coach
from game.ui.scenes.table import TableScene

app = rigged_table.app  # the fixture: a quiet 1024x640 window
T = parse_tile
RULES = RuleSet(flowers=False)
OTHERS = ["9m2p3p4p8p2z2z3z4z6z6m7m8m", "9m2p3p4p8p2z3z4z6z6z6m7m8m", "1m2m3m5m6p7p8p9p5z6z7z7z3z"]
HAND = "23m456p789p111z55z"
DRAWS = "4m"  # South's first draw, thrown at once


def _refused(first: str) -> Message:
    t = Table(RULES, seed=1, wall=rig_wall([HAND + first, *OTHERS], DRAWS), dice=[(3, 3), (2, 3)])
    t.submit(0, Discard(T(first)))
    for s, d in sorted(t.pending().items()):
        if d.kind == "claim":
            t.submit(s, PASS)
    t.submit(1, Discard(T("4m")))
    assert 0 not in t.pending()
    return t.refused[0][next(iter(t.refused[0]))]


@pytest.mark.parametrize("first, case", [("7m", "sacred.sd3"), ("1m", "sacred.sd2")])
def test_a_sacred_discard_names_the_river_tile_that_causes_it(first, case):
    why = _refused(first)
    r = coach.win_refusal(why)
    assert r is not None and r.message.code == "coach.win.refused_discard"
    assert r.message["why"] == why and why.code == case
    assert r.river == (T(first),)


def test_a_refusal_without_a_river_tile_marks_nothing():
    cheap = Message("basic.none", {})
    r = coach.win_refusal(cheap, self_draw=True)
    assert r is not None and r.message.code == "coach.win.refused_self_draw" and r.river == ()
    assert coach.win_refusal(None) is None and coach.win_refusal("a program's own words") is None


# ---------------------------------------------------------------- at the table
def refused_at(app, monkeypatch, first: str) -> TableScene:
    """The human (East) throws `first`; South throws the 4m East cannot win on."""
    sc = rigged_table.rigged_table(app, monkeypatch, [HAND + first, *OTHERS], DRAWS, seed=2, rules=RULES)
    for _ in range(300):
        d = sc.prompt_for
        if sc.coach_river:
            return sc
        if d is not None and sc.director.idle and d.kind == "turn" and T(first) in \
                d.observation.concealed and not d.observation.rivers[0]:
            sc.act(Discard(T(first)))
        app.step([], 1 / 30)
    raise AssertionError("the refusal never came")


@pytest.mark.parametrize("first", ["7m", "1m"])
def test_the_table_says_why_at_once_and_rings_the_river_tile(app, monkeypatch, first):
    sc = refused_at(app, monkeypatch, first)
    why = _refused(first)  # the same hand on the engine alone
    said = sc.reason(coach.win_refusal(why).message)
    assert sc.coach_note == said and sc.coach_words()[0] == said
    assert sc.coach_river == (T(first),) and sc.elapsed < sc.coach_river_until
    # the ring is drawn on the human's river tile of that kind
    drawn = []
    real = pygame.draw.rect

    def spy(surface, colour, rect, *a, **k):
        drawn.append(pygame.Rect(rect))
        return real(surface, colour, rect, *a, **k)

    monkeypatch.setattr(pygame.draw, "rect", spy)
    sc.view._draw_coach_river(pygame.Surface(app.layout.size), app.layout)
    river = sc.director.model.river[0]
    slots = app.layout.river_slots(0, [s for _, s in river])
    want = [pygame.Rect(sl.rect.as_tuple()).inflate(6, 6) for (t, _), sl in zip(river, slots)
            if t >> 2 == T(first)]
    assert want and drawn == want
