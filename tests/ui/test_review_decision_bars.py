"""Under the review's list, the focused decision's two choices as bars: each choice's average
points in the playouts with its interval, the computer's in gold, the player's in its
verdict's colour, and the computer's reason; the strip sits between the list and the buttons
at every size."""

from __future__ import annotations

import pytest

from game.engine.actions import Discard
from game.practice.game_review import GameReview, ReviewedDecision
from game.practice.uper_practice import OptionResult
from game.ui.scenes.game_review import VERDICT_COLOUR, GameReviewScene
from game.ui.widgets import GOLD


@pytest.fixture(params=[(1024, 640), (1280, 800)], ids=["1024x640", "1280x800"])
def app(request, make_app):
    return make_app(request.param)


def result(key, points):
    # 16 playouts: half at points - 4, half at points + 4
    pts = [points - 4] * 8 + [points + 4] * 8
    return OptionResult(key, 16, 0, 0, float(sum(pts)), float(sum(p * p for p in pts)))


def test_the_focused_decision_is_drawn_as_bars(app, monkeypatch):
    item = ReviewedDecision(1, 0, 0, 1, 0, "discard", "defence", Discard(5), Discard(27),
                            cost=16.0, low=12.0, high=20.0, playouts=16, verdict="blunder",
                            figures={"chosen": result("chosen", -28), "suggested": result("suggested", -12)})
    review = GameReview("r.jsonl", "0" * 64, 0, "P1", "ai:expert", "ai:standard", 16, "1", 1,
                        (item,))
    monkeypatch.setattr(GameReviewScene, "_kept", lambda self: review)
    s = GameReviewScene(app, "r.jsonl", playouts=16, workers=1, threaded=False)
    app.push(s)
    app.step([], 1 / 60)
    g = s.geometry()
    d, lst = g["detail"], g["list"]
    # under the list, beside the board at the decision (issue 33), to the list's right edge
    assert d.top > lst.bottom and d.bottom < g["back"].top and d.right == lst.right
    assert d.left > g["board"].right and d.top == g["board"].top
    colours = {tuple(app.canvas.get_at((x, y)))[:3]
               for x in range(d.x, d.right, 2) for y in range(d.y, d.bottom, 2)}
    assert GOLD in colours  # the computer's bar
    assert VERDICT_COLOUR["blunder"] in colours  # the player's, in its verdict's colour
