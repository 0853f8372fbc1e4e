"""What the table shows when a hand's first decision opens, checked against the engine over many
seeded deals (flowers in most of them): every replacement for a flower stands sorted in its hand
(no one holds a tile apart, as if it were drawn, except the dealer's fourteenth), and the turn is
the dealer's."""

from __future__ import annotations

import pytest

from game.engine.events import Discarded, FlowerShown
from game.ui.scenes.table import TableScene


@pytest.fixture
def app(make_app):
    return make_app((1280, 800), animation_speed="normal", ai_delay_ms=0)


@pytest.mark.parametrize("seed", range(8))
def test_the_first_decision_shows_sorted_hands_and_the_dealers_turn(app, seed):
    sc = TableScene(app, ["human", "ai:standard", "ai:expert", "ai:beginner"], seed=seed, hands=1)
    app.push(sc)
    sc.paused = True  # nobody moves: the table stands at the first decision (the dealer's)
    for _ in range(60 * 30):  # the whole opening at normal speed
        if not sc.in_intro:
            break
        app.step([], 1 / 30)
    t, m = sc.table, sc.director.model
    assert t is not None and not sc.in_intro and not any(isinstance(e, Discarded) for e in t.events), \
        "at the dealer's first decision"
    dealer = 0  # the engine's seat 0 is East, the dealer
    flowers = [e for e in t.events if isinstance(e, FlowerShown)]
    for seat in range(4):
        shown = m.hands[seat] + ([m.drawn[seat]] if m.drawn[seat] is not None else [])
        assert sorted(shown) == sorted(t.seat_state[seat].concealed), f"seat {seat}: the engine's tiles"
        assert m.flowers[seat] == [e.tile for e in flowers if e.seat == seat]
        if seat != dealer:
            assert m.drawn[seat] is None, f"seat {seat} holds a replacement apart"
            assert len(m.hands[seat]) == 13
    assert m.turn == dealer, "the turn marker is at the dealer"
    if sc.human == dealer:
        assert sc.director.shown_ids(sc.human) == m.order(sc.human) + (
            [m.drawn[sc.human]] if m.drawn[sc.human] is not None else [])
