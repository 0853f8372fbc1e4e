"""The coach's table tests share this: a quiet window and a table whose hand is dealt from a
rigged wall, the human in East and the three others passing every question and throwing what
they draw."""

from __future__ import annotations

import pytest

from game.engine.actions import PASS, Discard
from game.engine.session import Session
from game.engine.table import rig_wall
from game.engine.tiles import kind_of_tile
from game.ui.scenes.table import TableScene

NEW_HAND = Session.new_hand


@pytest.fixture
def app(make_app):
    """A 1024x640 window at instant speed, without sound, its files in `tmp_path`."""
    return make_app(animation_speed="instant", ai_delay_ms=0)


class Passer:
    """Passes every question and throws the tile it drew."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def act(self, d):
        if d.kind in ("claim", "rob", "kong"):
            return PASS
        return Discard(kind_of_tile(self.scene.table.seat_state[d.seat].drawn))


def rigged_table(app, monkeypatch, hands, draws="", *, seed, rules) -> TableScene:
    """The table pushed, its hand dealt `hands` (E S W N) with the live `draws`."""
    def rigged(self, on_event=None, **_rig):
        return NEW_HAND(self, on_event=on_event, wall=rig_wall(hands, draws))

    monkeypatch.setattr(Session, "new_hand", rigged)
    sc = TableScene(app, ["human", "random", "random", "random"], seed=seed, hands=1,
                    record=False, rules=rules)
    assert sc.human == 0
    for seat in (1, 2, 3):
        sc.seats[sc.table.players[seat]] = Passer(sc)
    app.push(sc)
    return sc
