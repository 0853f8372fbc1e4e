"""What lies under an overlay (a result screen, the pause menu, a dialog) is drawn once and kept:
only the top scene is updated, so the scenes under it cannot change while it shows. A new scene
under it, a resize or new settings draw it again.

When an overlay opens over a scene that the last frame drew alone and nothing has touched since
(no event, no update: `App.open_next`, or a push between frames), the canvas still holds that
picture: it is kept as it is, not drawn again. A scene handed an event or an update in the frame
the overlay opens may have changed: it is drawn again. Either way the overlay's first frame has
the same pixels as the scenes drawn afresh under it."""

import math

import pygame

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.scene import Scene


class Counting(Scene):
    """A scene whose picture moves with its clock (as the table's pulsing marks do)."""

    name = "counting"

    def __init__(self, app, colour=(10, 80, 40)):
        super().__init__(app)
        self.draws = 0
        self.colour = colour
        self.clock = 0.0
        self.open_on_update: str | None = None  # "push" or "open_next": an overlay from update
        self.open_on_key = False

    def update(self, dt):
        self.clock += dt
        if self.open_on_update == "push":
            self.app.push(Veil(self.app))
        elif self.open_on_update == "open_next":
            self.app.open_next(self, Veil(self.app))
        self.open_on_update = None

    def handle_event(self, event):
        if self.open_on_key and event.type == pygame.KEYDOWN:
            self.clock += 1.0  # the key changes the picture, then opens the overlay
            self.app.push(Veil(self.app))

    def draw(self, surface):
        self.draws += 1
        surface.fill(self.colour)
        x = 100 + round(80 * math.sin(self.clock * 8))
        pygame.draw.rect(surface, (250, 220, 90), (x, 200, 40, 40))


class Veil(Scene):
    name = "veil"
    overlay = True

    def draw(self, surface):
        pygame.draw.rect(surface, (200, 200, 200), (10, 10, 50, 50))


class Tip(Veil):
    """An overlay drawn over the scene, as a tooltip or a banner would be."""

    name = "tip"

    def draw(self, surface):
        pygame.draw.rect(surface, (255, 0, 255), (400, 300, 120, 40))


def afresh(app, scenes) -> bytes:
    """The pixels of `scenes` drawn from nothing (the old way: every scene under the overlay
    drawn again, then the overlay)."""
    fresh = app.canvas.copy()
    fresh.fill((255, 0, 255))
    for s in scenes:
        s.draw(fresh)
    return pygame.image.tobytes(fresh, "RGB")


def shown(app) -> bytes:
    return pygame.image.tobytes(app.canvas, "RGB")


def new_app(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    pygame.init()
    return App(Settings(language="en", sound=False), size=(1024, 640))


def test_the_scene_under_an_overlay_is_drawn_once_and_again_when_things_change(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        below = Counting(app)
        app.push(below)
        app.step([], 1 / 60)
        app.step([], 1 / 60)
        assert below.draws == 2  # on top: drawn every frame
        app.push(Veil(app))  # between frames: the canvas holds the scene as it is
        for _ in range(5):
            app.step([], 1 / 60)
        assert below.draws == 2  # under the overlay: the last frame's picture kept
        assert tuple(app.canvas.get_at((500, 400)))[:3] == below.colour  # and shown
        assert tuple(app.canvas.get_at((20, 20)))[:3] == (200, 200, 200)
        n = below.draws
        assert shown(app) == afresh(app, app.scenes) and below.draws == n + 1
        app.apply_settings(app.settings.replace(language="ko"), save=False)
        app.step([], 1 / 60)
        assert below.draws == n + 2  # new settings: drawn again
        app.resize((1280, 800))
        app.step([], 1 / 60)
        assert below.draws == n + 3  # a new size too
        assert shown(app) == afresh(app, app.scenes)
        app.pop()
        app.step([], 1 / 60)
        assert below.draws == n + 5  # back on top: every frame again
    finally:
        app.close()


def test_an_overlay_opened_next_frame_keeps_the_last_frame_with_the_same_pixels(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        below = Counting(app)
        app.push(below)
        app.step([], 1 / 60)
        below.open_on_update = "open_next"
        app.step([], 1 / 60)  # the scene moves, asks for the overlay, and is drawn
        assert app.top is below and below.draws == 2
        app.step([], 1 / 60)  # the overlay opens over exactly that picture
        assert app.top.name == "veil" and below.draws == 2
        assert below.clock == 2 / 60  # nothing touched the scene under it since
        assert shown(app) == afresh(app, app.scenes)  # the same pixels as drawn afresh
        for _ in range(3):
            app.step([], 1 / 60)
        assert below.draws == 3  # (afresh's) and no more
    finally:
        app.close()


def test_a_scene_that_moved_in_the_frame_its_overlay_opens_is_drawn_again(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        below = Counting(app)
        app.push(below)
        app.step([], 1 / 60)
        below.open_on_update = "push"  # updated, then the overlay: its picture has moved
        app.step([], 1 / 60)
        assert app.top.name == "veil" and below.draws == 2
        assert shown(app) == afresh(app, app.scenes)
        below.open_on_key = True  # a key changes the picture, then opens an overlay over it
        app.pop()
        app.step([], 1 / 60)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")],
                 1 / 60)
        assert app.top.name == "veil" and below.draws == 5
        assert shown(app) == afresh(app, app.scenes)
    finally:
        app.close()


def test_what_the_last_frame_drew_over_the_scene_never_stays_under_a_new_overlay(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        below = Counting(app)
        app.push(below)
        app.step([], 1 / 60)
        app.push(Tip(app))
        app.step([], 1 / 60)
        assert tuple(app.canvas.get_at((450, 320)))[:3] == (255, 0, 255)
        app.pop()
        app.push(Veil(app))  # the last frame had the tip over the scene: not kept
        app.step([], 1 / 60)
        assert tuple(app.canvas.get_at((450, 320)))[:3] == below.colour
        assert shown(app) == afresh(app, app.scenes)
        app.pop()
        app.step([], 1 / 60)
        app.push(Tip(app))
        app.step([], 1 / 60)
        app.scenes.remove(app.top)  # gone without a frame: the canvas still shows the tip
        app.scenes.append(Veil(app))
        app.step([], 1 / 60)
        assert tuple(app.canvas.get_at((450, 320)))[:3] == below.colour
        assert shown(app) == afresh(app, app.scenes)
        app.pop()
        app.step([], 1 / 60)  # the scene alone
        app.push(Tip(app))
        app.step([], 1 / 60)
        app.push(Veil(app))  # a second overlay: what lies under it is the scene and the tip
        app.step([], 1 / 60)
        app.scenes[1:] = [Veil(app)]  # both gone: under the new one, the scene alone again
        app.step([], 1 / 60)
        assert tuple(app.canvas.get_at((450, 320)))[:3] == below.colour
        assert shown(app) == afresh(app, app.scenes)
    finally:
        app.close()


def test_a_new_window_surface_is_never_taken_for_the_last_frame(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        below = Counting(app)
        app.push(below)
        app.step([], 1 / 60)
        app.resize((1100, 700))
        app.push(Veil(app))
        app.step([], 1 / 60)
        assert below.draws == 2  # the window changed since the last frame: drawn again
        assert shown(app) == afresh(app, app.scenes)
    finally:
        app.close()
