"""The result screens drawn ahead: once the table has seen a hand end, the spare time before its
result screen shows draws that screen once off-screen, so that its first frame imports no module,
opens no font and makes no picture (the winning hand's tiles at the width its panel gives them,
which depends on the hand; the panel; the texts). `bench/bench_ui.py` found that first frame the
longest of a whole hand (25 ms of CPU time at 1280x800, 58 ms with the module compiled).

    app.prepare(result_ahead(app, "hand_result", owner=table_scene, table=t, result=t.result))
    app.prepare(result_ahead(app, "session_result", owner=table_scene))   # while a hand's shows

The screen is made by name (`App.make`), as the table opens it: a screen never imports another
(`game.ui.screens`). A result screen's drawing changes no state (`Scene.draw`), and a throwaway
one is drawn, so the one shown later starts as if nothing had been drawn; what the drawing made
stays in the tile art's, the fonts' and the panels' caches. It draws into a one-pixel surface:
what is kept is what the drawing made, not its pixels.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from .app import App


def result_ahead(app: App, screen: str, **options: Any) -> Iterator[None]:
    """Work for `App.prepare`: make the result screen `screen` with `options` (importing its
    module the first time), then draw it as its first frame shows it (a hand's reveal at its
    start: the tiles face down) and as it ends (every tile, line and payment shown), a step each."""
    scene = app.make(screen, **options)
    yield None
    scratch = pygame.Surface((1, 1))
    reveal = getattr(scene, "reveal", None)
    if reveal is not None and not reveal.done:  # the first frame: backs, the title, the panel
        scene.draw(scratch)
        yield None
        reveal.finish()
    scene.draw(scratch)  # the whole screen: faces, yak lines, the value card, payments
    yield None
