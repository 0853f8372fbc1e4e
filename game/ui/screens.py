"""Every screen by name: the app opens ``"settings"``, ``"table"``, ``"hand_result"`` ... from
here, so no screen imports another (Tuxemon's ``push_state("Name", **kwargs)``).

    app.push("notice", title="Oops", messages=["..."])   # over the current screen
    app.replace("table", players=names, seed=7)          # instead of the current screen
    app.show("title")                                    # back to it, or a new one

A name stands for a class (or a function making a scene) that takes ``(app, **options)``. Its
module is imported when the screen first opens, so the title starts without the table, the
practice or the replays loaded; `available` says whether a screen's module is there at all (a
build without the practice screen shows its entry disabled).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.ui.layout import Layout


class Screen(Protocol):
    """What the app asks of a screen on its stack; `game.ui.scene.Scene`, the base of every
    screen, meets it. The app names this, not `Scene`, because a scene names the app (its
    ``self.app``): the two naming each other would be an import circle, if only for types."""

    name: str
    overlay: bool

    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def on_resize(self, layout: Layout) -> None: ...
    def on_enter(self) -> None: ...
    def on_return(self) -> None: ...
    def on_exit(self) -> None: ...


#: screen name -> "module:attribute", a Scene class or a function (app, **options) -> Scene
SCREENS: dict[str, str] = {
    "title": "game.ui.scenes.title:TitleScene",
    "new_game": "game.ui.scenes.newgame:NewGameScene",
    "table": "game.ui.scenes.table:TableScene",
    "continue": "game.ui.scenes.table:continue_game",
    "hand_result": "game.ui.scenes.results:HandResultScene",
    "session_result": "game.ui.scenes.results:SessionResultScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "rules": "game.ui.scenes.rules:RulesScene",
    "yak_guide": "game.ui.scenes.yak_guide:YakGuideScene",
    "practice": "game.ui.scenes.practice:PracticeScene",
    "learn": "game.ui.scenes.learn:LearnScene",
    "lesson": "game.ui.scenes.learn:LessonScene",
    "replays": "game.ui.scenes.replay_viewer:RecordsScene",
    "replay_viewer": "game.ui.scenes.replay_viewer:ReplayViewerScene",
    "game_review": "game.ui.scenes.game_review:GameReviewScene",
    "statistics": "game.ui.scenes.stats:StatsScene",
    "notice": "game.ui.scenes.notice:NoticeScene",
    "pause": "game.ui.scenes.pause:PauseScene",
    "confirm": "game.ui.scenes.confirm:ConfirmScene",
    "text_entry": "game.ui.scenes.textentry:TextEntryScene",
    "pick": "game.ui.scenes.choose:ChooseScene",
}


def available(name: str) -> bool:
    """True when the screen's module is there (nothing is imported).

    >>> available("settings"), available("no_such_screen")
    (True, False)
    """
    where = SCREENS.get(name)
    if where is None:
        return False
    try:
        return importlib.util.find_spec(where.partition(":")[0]) is not None
    except ModuleNotFoundError:
        return False


def make(name: str, app: object, **options: Any) -> Screen:
    """A new scene of the named screen, given the app (handed on, never used here); KeyError
    names the screens there are."""
    where = SCREENS.get(name)
    if where is None:
        raise KeyError(f"no screen {name!r}; screens: {', '.join(sorted(SCREENS))}")
    module, _, attr = where.partition(":")
    return getattr(importlib.import_module(module), attr)(app, **options)
