"""Screens by name: the registry opens each one, and the app's stack verbs (push, replace, back,
show, remove) behave as the screens rely on."""

import pytest

from game.ui import screens
from game.ui.scene import Scene


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="instant", ai_delay_ms=0)


class Marker(Scene):
    def __init__(self, app, name):
        super().__init__(app)
        self.name = name
        self.events: list[str] = []

    def on_enter(self):
        self.events.append("enter")

    def on_return(self):
        self.events.append("return")

    def on_exit(self):
        self.events.append("exit")


@pytest.mark.parametrize("name", sorted(screens.SCREENS))
def test_every_screen_name_leads_to_a_scene_maker(name):
    import importlib

    module, _, attr = screens.SCREENS[name].partition(":")
    maker = getattr(importlib.import_module(module), attr)
    assert screens.available(name) and callable(maker)
    if isinstance(maker, type):  # a class: a Scene whose name is the screen's
        assert issubclass(maker, Scene) and maker.name == name


@pytest.mark.parametrize(("name", "options"), [
    ("title", {}), ("new_game", {}), ("settings", {}), ("rules", {}), ("statistics", {}),
    ("replays", {}), ("notice", {"title": "T", "messages": ["m"]}), ("continue", {}),
    ("table", {"players": ["random"] * 4, "seed": 3, "hands": 1}),
    ("practice", {"threaded": False, "playouts": 4}),
])
def test_each_screen_opens_by_name_and_draws(app, name, options):
    scene = app.push(name, **options)
    assert app.top is scene and isinstance(scene, Scene)
    app.step([], 1 / 30)
    # Continue with nothing to continue says so in a notice
    assert scene.name == ("notice" if name == "continue" else name)


def test_an_unknown_screen_is_named_in_the_error(app):
    with pytest.raises(KeyError, match="no screen 'nowhere'; screens: confirm, continue"):
        app.push("nowhere")
    assert not screens.available("nowhere")


def test_back_show_and_remove(app):
    a, b, c = Marker(app, "a"), Marker(app, "b"), Marker(app, "c")
    app.push(a)
    app.push(b)
    app.push(c)
    app.back()
    assert app.top is b and c.events == ["enter", "exit"] and b.events == ["enter", "return"]
    app.push(c)
    assert app.show("a") is a  # back to it: the screens above close
    assert app.scenes == [a] and b.events[-1] == "exit" and c.events[-1] == "exit"
    assert a.events == ["enter", "return"] and app.running
    app.remove(a)  # the app goes on with none left (the caller decides)
    assert app.scenes == [] and app.running
    title = app.show("title")  # none on the stack: a new one
    assert app.scenes == [title] and title.name == "title"


def test_replace_takes_the_top_screens_place(app):
    a = app.push(Marker(app, "a"))
    b = app.replace(Marker(app, "b"))
    assert app.scenes == [b] and a.events == ["enter", "exit"] and b.events == ["enter"]


def test_the_title_brings_continue_up_to_date_when_it_is_on_top_again(app, monkeypatch):
    from game.ui.scenes import title as title_module

    saved = [False]
    monkeypatch.setattr(title_module, "_has_saved_session", lambda: saved[0])
    title = app.push("title")
    assert not title.enabled["continue"]
    app.push("notice", title="T", messages=["m"])
    saved[0] = True  # a game was left meanwhile
    app.back()
    assert title.enabled["continue"]


def test_every_title_entry_opens_a_registered_screen_and_has_its_words():
    from game.ui.i18n import LANGS, tr
    from game.ui.scenes import title as title_module

    for entry, screen in title_module.MENU:
        assert screen is None or screens.available(screen), entry
        for lang in LANGS:
            assert tr(f"menu.{entry}", lang)
    assert [e for e, s in title_module.MENU if s is None] == ["quit"]


class Scratch(Scene):
    name = "scratch"

    def draw(self, surface):
        surface.fill((0, 0, 0))


def test_a_new_screen_and_its_title_entry_need_one_line_each(app, monkeypatch):
    """A screen is one line in `SCREENS`, a title entry one line in the title's `MENU`
    (issue 31): a throwaway screen and entry, added so, open from the title."""
    from game.ui.scenes import title as title_module

    monkeypatch.setitem(screens.SCREENS, "scratch", f"{__name__}:Scratch")  # the screen's line
    menu = (*title_module.MENU[:-1], ("scratch", "scratch"), title_module.MENU[-1])
    monkeypatch.setattr(title_module, "MENU", menu)  # the entry's line
    words = app.tr
    monkeypatch.setattr(app, "tr", lambda key, **fmt: "Scratch" if key == "menu.scratch"
                        else words(key, **fmt))  # its text (a catalogue entry in the game)
    app.show("title")
    t = app.scenes[-1]
    assert t.entries[-2:] == ("scratch", "quit")
    assert [b.label for b in t.buttons()][-2] == "Scratch"
    t.activate(t.entries.index("scratch"))
    assert isinstance(app.scenes[-1], Scratch)
