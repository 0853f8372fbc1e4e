"""The base of every screen: it handles input, advances with ``update(dt)`` and draws itself.

``draw(surface)`` never changes a scene's state (only caches of rendered text). The app keeps a
stack: the top scene gets the input; a scene with ``overlay = True`` is drawn over the one below.
A screen opens another by its name, through the app (``self.app.push("settings")``, see
`game.ui.screens`), never by importing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout


class Scene:
    """Base scene: override what you need. `name` is the screen's name in `game.ui.screens`
    (and of its ``--screenshots`` picture)."""

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
        """The scene was put on the stack."""

    def on_return(self) -> None:
        """The screens above this one closed: it is on top again."""

    def on_exit(self) -> None:
        """The scene left the stack (also when the app closes)."""
