"""Switching the language in the pause menu changes every label at once (issue 32, "Words"):
with a claim prompt open (its title, its buttons, the coach's line), the language set to Korean
from the pause menu, back at the table every text the table draws (the plates, the console, the
prompt, the assists) is Korean; nothing waits for the next decision to be re-worded. The claim's
clock and focus are kept."""

from __future__ import annotations

import re

import pygame
import rigged_table
from test_the_coach_warns_before_a_call_that_ends_the_2_point_route import claim_at

app = rigged_table.app  # the fixture: a quiet 1024x640 window
#: a word of English (three letters or more); the keys' names are the same in both languages
ENGLISH = re.compile(r"[A-Za-z]{3,}")
KEYS = {"SPACE", "Esc"}


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every text the next frame draws."""
    seen: list[str] = []
    fonts = app.fonts
    for name in ("text", "fit"):
        real = getattr(fonts, name)

        def record(s, *a, _real=real, **k):
            seen.append(s)
            return _real(s, *a, **k)
        monkeypatch.setattr(fonts, name, record)
    app._looks += 1  # nothing kept from the last frame
    app.draw()
    return seen  # (the patches go with the test)


def test_every_table_label_is_korean_after_the_switch(app, monkeypatch):
    sc = claim_at(app, monkeypatch)
    app.step([], 1 / 30)
    before = drawn_texts(app, monkeypatch)
    assert any("discards" in t for t in before)  # the English prompt, to begin with
    left, focus = sc.prompt.left, sc.prompt.focus
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top.name == "pause"
    app.apply_settings(app.settings.replace(language="ko"), save=False)  # the settings row
    app.step([key(pygame.K_ESCAPE)], 1 / 30)
    assert app.top is sc
    texts = drawn_texts(app, monkeypatch)
    english = [t for t in texts if ENGLISH.search(t)
               and not all(w in KEYS for w in ENGLISH.findall(t))]
    assert not english, english
    assert any("버림" in t for t in texts)  # the prompt's title: who discarded what
    assert sc.prompt.focus == focus and sc.prompt.left == left  # the clock went on, not anew
