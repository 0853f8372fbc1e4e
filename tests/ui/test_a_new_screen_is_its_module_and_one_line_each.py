"""A new screen touches its own module, one line in `game/ui/screens.py`, and its words in each
language's `ui` catalogue; a title entry for it one line more, in the title's `MENU`
(docs/architecture.md, "Adding things"; issue 31).

The test writes a throwaway screen module the way a contributor would, as
``game/ui/scenes/scratch.py`` (in a folder of its own that the package's path is given for the
test, so the source tree is not touched), adds the two lines, and checks that every part that
should find it does: the text extraction of `tools/i18n.py` finds its words (nothing lists the
module), the check of the Korean catalogue asks for exactly those words in `ko/ui.po`, and the
title shows the entry, labelled with the module's own text, and opens the screen.
"""

from __future__ import annotations

import sys

import pytest

import game.ui.scenes
from game import i18n
from game.ui import screens
from game.ui.scenes import title as title_module

SCRATCH = '''"""A scratch pad: a throwaway screen."""

from game.i18n import register_texts
from game.ui.scene import Scene
from game.ui.widgets import WHITE

register_texts("ui", {"menu.scratch": "Scratch pad", "scratch.title": "A page to scribble on"})


class Scratch(Scene):
    name = "scratch"

    def draw(self, surface):
        words = self.app.fonts.font(24).render(self.app.tr("scratch.title"), True, WHITE)
        surface.blit(words, (10, 10))
'''


@pytest.fixture
def scratch_module(tmp_path, monkeypatch):
    """``game.ui.scenes.scratch`` written into `tmp_path`; gone afterwards, with its texts."""
    folder = tmp_path / "scenes"
    folder.mkdir()
    (folder / "scratch.py").write_text(SCRATCH, encoding="utf-8")
    monkeypatch.setattr(game.ui.scenes, "__path__", [*game.ui.scenes.__path__, str(folder)])
    texts = set(i18n.TEXTS)
    yield "game.ui.scenes.scratch"
    for key in set(i18n.TEXTS) - texts:
        del i18n.TEXTS[key]
    sys.modules.pop("game.ui.scenes.scratch", None)
    if hasattr(game.ui.scenes, "scratch"):
        delattr(game.ui.scenes, "scratch")


def test_a_new_screen_and_its_title_entry_need_their_module_two_lines_and_their_words(
        scratch_module, monkeypatch, make_app, load_script):
    # the line in game/ui/screens.py
    monkeypatch.setitem(screens.SCREENS, "scratch", f"{scratch_module}:Scratch")
    # the line in the title's MENU (game/ui/scenes/title.py), before "quit"
    menu = title_module.MENU
    monkeypatch.setattr(title_module, "MENU", (*menu[:-1], ("scratch", "scratch"), menu[-1]))

    # the words: found by the extraction (every module of the package), asked of each language
    tool = load_script("tools/i18n.py", "i18n_tool")
    sources = tool.collect()
    assert scratch_module in sys.modules
    mine = {(s.domain, s.context, s.english) for s in sources if "scratch" in s.context}
    assert mine == {("ui", "menu.scratch", "Scratch pad"),
                    ("ui", "scratch.title", "A page to scribble on")}
    asked = [p for p in tool.problems("ko", sources) if "scratch" in p]
    assert asked == ["ko/ui.po [menu.scratch]: no translation of 'Scratch pad'",
                     "ko/ui.po [scratch.title]: no translation of 'A page to scribble on'"]

    # the title shows the entry with the module's label, and it opens the screen by its name
    app = make_app()
    app.show("title")
    t = app.top
    assert t.entries[-2:] == ("scratch", "quit")
    assert [b.label for b in t.buttons()][-2] == "Scratch pad"
    t.activate(t.entries.index("scratch"))
    assert app.top.name == "scratch"
    assert type(app.top).__module__ == scratch_module
    app.step([], 1 / 30)  # it draws (the app's frame), in the player's language
    assert screens.available("scratch")
