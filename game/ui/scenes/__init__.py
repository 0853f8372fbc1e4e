"""Scenes: each one handles input, advances with ``update(dt)`` and draws itself.

``draw(surface)`` never changes a scene's state (only caches of rendered text). The app keeps a
stack: the top scene gets the input; a scene with ``overlay = True`` is drawn over the one below.

Features built by other parts of the game plug in as modules with ``make_scene(app, **options)``;
the title screen enables its entry when the module exists (`FEATURES`).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout

#: title-menu entry -> module providing ``make_scene(app, **options)``
FEATURES: dict[str, str] = {
    "new_game": "game.ui.scenes.table",
    "continue": "game.ui.scenes.table",
    "practice": "game.ui.scenes.practice",
    "replays": "game.ui.scenes.replay",
    "statistics": "game.ui.scenes.stats",
    "rules": "game.ui.scenes.rules",
}


def feature_available(name: str) -> bool:
    """True when the module behind a title-menu entry exists."""
    module = FEATURES.get(name)
    if module is None:
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def make_feature_scene(name: str, app: App, **options: Any) -> Scene:
    module = importlib.import_module(FEATURES[name])
    return module.make_scene(app, **options)


class Scene:
    """Base scene: override what you need."""

    name = "scene"
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_resize(self, layout: Layout) -> None:
        """The window changed size; positions come from the new layout."""

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass
