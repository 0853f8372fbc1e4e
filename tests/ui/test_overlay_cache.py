"""What lies under an overlay (a result screen, the pause menu, a dialog) is drawn once and kept:
only the top scene is updated, so the scenes under it cannot change while it shows. A new scene
under it, a resize or new settings draw it again."""

import pygame

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.scene import Scene


class Counting(Scene):
    name = "counting"

    def __init__(self, app, colour=(10, 80, 40)):
        super().__init__(app)
        self.draws = 0
        self.colour = colour

    def draw(self, surface):
        self.draws += 1
        surface.fill(self.colour)


class Veil(Scene):
    name = "veil"
    overlay = True

    def draw(self, surface):
        pygame.draw.rect(surface, (200, 200, 200), (10, 10, 50, 50))


def test_the_scene_under_an_overlay_is_drawn_once_and_again_when_things_change(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    pygame.init()
    app = App(Settings(language="en", sound=False), size=(1024, 640))
    try:
        below = Counting(app)
        app.push(below)
        app.step([], 1 / 60)
        app.step([], 1 / 60)
        assert below.draws == 2  # on top: drawn every frame
        app.push(Veil(app))
        for _ in range(5):
            app.step([], 1 / 60)
        assert below.draws == 3  # under the overlay: once
        assert tuple(app.canvas.get_at((500, 400)))[:3] == below.colour  # and shown
        assert tuple(app.canvas.get_at((20, 20)))[:3] == (200, 200, 200)
        app.apply_settings(app.settings.replace(language="ko"), save=False)
        app.step([], 1 / 60)
        assert below.draws == 4  # new settings: drawn again
        app.resize((1280, 800))
        app.step([], 1 / 60)
        assert below.draws == 5  # a new size too
        app.pop()
        app.step([], 1 / 60)
        assert below.draws == 6  # back on top: every frame again
    finally:
        app.close()
