"""The result screens' first frames (issue 35's frame budget): once the table has seen the hand
end, the spare time before its result screen shows draws that screen off-screen
(`game.ui.result_ahead`), and the hand's result does the same for the session's, so the frame
in which each appears opens no font, renders no text and makes no picture (the winning hand's
tiles at the width the panel gives them was the longest frame of a hand in bench/bench_ui.py).
Counted as cache misses, never timed."""

from __future__ import annotations

import pytest

from game.ui.app import App
from game.ui.scenes.table import TableScene

FRAMES = 6000  # a whole hand at fast speed, its result and the session's


def made(app: App) -> tuple[int, int, int]:
    """Pictures the tile art has made, texts rendered and fonts opened so far (kept or not)."""
    texts = app.fonts.texts
    return (len(app.art.cache) + app.art.cache.evictions, len(texts) + texts.evictions,
            app.fonts.opened)


@pytest.mark.parametrize(("seed", "lang"), [(3, "en"), (11, "ko")])
def test_the_first_frame_of_each_result_screen_makes_nothing_new(make_app, seed, lang):
    app = make_app(animation_speed="fast", ai_delay_ms=0, language=lang)
    sc = TableScene(app, ["random"] * 4, seed=seed, hands=1, record=False)
    app.push(sc)
    first: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {}
    for _ in range(FRAMES):
        before = made(app)
        app.step([], 1 / 30)
        name = app.top.name if app.top is not None else ""
        if name in ("hand_result", "session_result") and name not in first:
            first[name] = (before, made(app))
        if name == "session_result":
            break
        while app.idle(1.0):  # the spare time between frames: everything queued gets done
            pass
    assert set(first) == {"hand_result", "session_result"}, "the session did not end in time"
    for name, (before, after) in first.items():
        assert after == before, f"{name}'s first frame made (pictures, texts, fonts) {before} -> {after}"
