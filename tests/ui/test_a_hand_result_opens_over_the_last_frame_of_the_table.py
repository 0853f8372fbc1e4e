"""A hand's result opens at the start of the frame after the table has shown the hand's end
(`App.open_next`), so its first frame keeps the table as the last frame drew it instead of
drawing the table again (the longest part of that frame in ``bench/bench_ui.py``: 8 ms of CPU
time at 1920x1080), with the same pixels as the table drawn afresh under it."""

import pygame
import pytest

from game.ui.scenes.table import TableScene


@pytest.mark.parametrize(("seed", "lang", "size"), [(3, "en", (1024, 640)), (11, "ko", (1280, 800))])
def test_the_first_frame_of_a_hand_result_keeps_the_table_it_covers(make_app, seed, lang, size):
    app = make_app(size, animation_speed="fast", ai_delay_ms=0, language=lang)
    sc = TableScene(app, ["random"] * 4, seed=seed, hands=1, record=False)
    app.push(sc)
    draws = []
    table_draw = sc.draw
    sc.draw = lambda surface: (draws.append(surface), table_draw(surface))[-1]
    for _ in range(5000):
        before = len(draws)
        last = pygame.image.tobytes(app.canvas, "RGB")
        app.step([], 1 / 30)
        if app.top is not sc:
            break
    assert app.top.name == "hand_result", "the hand did not end in time"
    assert len(draws) == before, "the table was drawn again under its result's first frame"
    fresh = app.canvas.copy()
    fresh.fill((255, 0, 255))
    table_draw(fresh)
    assert pygame.image.tobytes(fresh, "RGB") == last, "the table has moved since its last frame"
    app.top.draw(fresh)
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(app.canvas, "RGB")
