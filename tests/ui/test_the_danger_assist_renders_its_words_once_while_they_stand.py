"""The danger assist's cost per frame (issue 32's frame budget at 1920x1080): the hovered tile's
reasons and the waits line are drawn every frame from the same messages, so each message is
rendered into words once (`TableCoach.say`) and each line wrapped once (`DangerBand.wrap`) while
it stands, not in every frame. Counted as renders and wraps, never timed."""

from __future__ import annotations

from typing import Any

import rigged_table
from test_the_danger_assist_shades_the_hand_against_an_uper_player import (
    T,
    _on,
    _tile_rect,
    after_wests_uper,
)

from game.ui.table import danger_overlay

app = rigged_table.app  # the fixture: a quiet 1024x640 window


class _Counting:
    """The app as the coach sees it, counting the messages it renders."""

    def __init__(self, app: Any) -> None:
        self._app, self.said = app, []

    def reason(self, message: Any) -> str:
        self.said.append(message)
        return self._app.reason(message)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)


def test_the_reasons_under_the_pointer_are_rendered_and_wrapped_once(app, monkeypatch):
    _on(app)
    sc = after_wests_uper(app, monkeypatch)
    coach = sc.table_coach
    coach.hover_at = _tile_rect(sc, T("6p")).center  # West's wait: its reasons above it
    counting = _Counting(app)
    coach.app = counting
    wrapped: list[str] = []
    real_wrap = danger_overlay.wrap
    monkeypatch.setattr(danger_overlay, "wrap",
                        lambda fonts, text, *a: wrapped.append(text) or real_wrap(fonts, text, *a))
    app.step([], 1 / 30)
    first = coach.shown.get("reasons")
    assert first and counting.said and wrapped  # shown, rendered and wrapped once
    counting.said.clear()
    wrapped.clear()
    for _ in range(5):
        app.step([], 1 / 30)
        assert coach.shown.get("reasons") == first
    assert counting.said == [] and wrapped == []


def test_another_language_renders_the_words_again(app, monkeypatch):
    _on(app)
    sc = after_wests_uper(app, monkeypatch)
    coach = sc.table_coach
    coach.hover_at = _tile_rect(sc, T("6p")).center
    app.step([], 1 / 30)
    english = coach.shown["reasons"]
    app.apply_settings(app.settings.replace(language="ko"), save=False)
    app.step([], 1 / 30)
    assert coach.shown["reasons"] != english
    assert coach.shown["reasons"] == [app.reason(m) for m in coach.shown["danger"].tiles[T("6p")].why]
