"""The table keeps its board drawn between frames (`game.ui.table.layers`; also the console's
lines and strips, `board.KEEP`, and the side column's lines) and redraws it only when what it
shows changes: a whole seeded hand's frames drawn from the kept pictures equal, pixel for pixel,
the same frames drawn afresh, through the wall's break, the deal, discards, flowers, claims, an
uper, the hand cursor, the mouse over a plate and a claim's countdown, in English and Korean at
two window sizes. A key missing something the board shows fails here (a stale board)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import PASS, Discard, Kong, Pung
from game.engine.events import Claimed, Discarded, FlowerShown
from game.ui import board
from game.ui.scenes.table import TableScene
from game.ui.table import layers

SEED = 2  # a hand with flowers, claims and an uper (asserted below)
EVERY = 3  # frames: one in three is drawn both ways (a stale board stays until the next change)


def _human_choice(d):
    """Seat 0's answer: claim what may be claimed, declare uper when it may, else the first."""
    claims = [a for a in d.legal if isinstance(a, Pung | Kong)]
    if claims:
        return claims[0]
    upers = [a for a in d.legal if isinstance(a, Discard) and a.uper]
    if upers:
        return upers[0]
    discards = [a for a in d.legal if isinstance(a, Discard)]
    return discards[-1] if discards else (PASS if PASS in d.legal else d.legal[0])


def play(app, compare: bool, frames: int = 4000) -> dict[str, int]:
    """The seeded hand frame by frame; with `compare` each frame is drawn twice (kept, afresh)
    and the two must be equal. Returns what was shown (for the test to see it covered it)."""
    sc = TableScene(app, ["human", "random", "random", "random"], seed=SEED, hands=1, record=False)
    app.push(sc)
    seen = {"compared": 0, "frames": 0, "break": 0, "countdown": 0, "hover": 0, "cursor": 0, "board": 0}
    kept = pygame.Surface(app.canvas.get_size(), 0, app.canvas)
    fresh = kept.copy()
    asked, waited = None, 0
    for n in range(frames):
        if app.top is not sc:
            break
        events = []
        d = sc.input.prompt_for
        if d is not None:
            if d is not asked:
                asked, waited = d, 0
            waited += 1
            if waited % 7 == 0 and d.kind == "turn":
                events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                                 unicode="", scancode=0))
                seen["cursor"] += 1
            if waited == 30:
                sc.act(_human_choice(d))
        app.step(events, 1 / 60)
        app.idle(0.0, steps=1)  # the spare time's work, as the game's loop does it
        seen["frames"] += 1
        if not compare or app.top is not sc or n % EVERY:
            continue
        hover = (n // 20) % 3 == 1
        plate = app.layout.plate(1 + n % 3)
        pos = (round(plate.x + 4), round(plate.y + 4)) if hover else (0, 0)
        mp = pytest.MonkeyPatch()
        mp.setattr(pygame.mouse, "get_focused", lambda h=hover: h)
        mp.setattr(pygame.mouse, "get_pos", lambda p=pos: p)
        try:
            layers.ENABLED = board.KEEP = True
            sc.draw(kept)
            layers.ENABLED = board.KEEP = False
            sc.draw(fresh)
            seen["hover"] += sc.director.model.hand_no > 0 and sc.view.info().hover is not None
        finally:
            layers.ENABLED = board.KEEP = True
            mp.undo()
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), (
            f"frame {n}: the kept board differs from the board drawn afresh")
        m = sc.director.model
        seen["compared"] += 1
        seen["break"] += m.break_stack is not None and 0 < m.break_open < 1
        seen["countdown"] += sc.input.prompt is not None and sc.input.prompt.time_left is not None
    seen["board"] = sc.view.layers.redrawn["board"]  # in the frames the game drew
    events = sc.table.events if sc.table is not None else []
    seen["discards"] = sum(isinstance(e, Discarded) for e in events)
    seen["upers"] = sum(isinstance(e, Discarded) and e.uper for e in events)
    seen["claims"] = sum(isinstance(e, Claimed) for e in events)
    seen["flowers"] = sum(isinstance(e, FlowerShown) for e in events)
    return seen


@pytest.mark.parametrize("size,lang", [((1024, 640), "en"), ((1280, 800), "ko")])
def test_the_kept_board_equals_the_board_drawn_afresh_frame_by_frame(make_app, size, lang):
    app = make_app(size, language=lang, animation_speed="fast", ai_delay_ms=0,
                   claim_countdown=8)
    seen = play(app, compare=True)
    assert seen["discards"] >= 8 and seen["flowers"] and seen["claims"] and seen["upers"], seen
    assert seen["break"] and seen["countdown"] and seen["hover"] and seen["cursor"], seen
    assert 0 < seen["board"] < seen["frames"] // 2, str(seen)  # kept most frames, redrawn on a change
