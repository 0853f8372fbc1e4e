"""The table screen is parts it owns, each with its own state (`input`: the prompt, the hand's
cursor, the time bank, the coach's words; `pace`: the hand's opening; `view`: the picture), not
mixins sharing one object: a part's state lives on the part, and the names the other screens,
the tools and the tests read on the scene are that state itself, not a copy."""

import ast
from pathlib import Path

import pygame

from game.settings import Settings
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes.table import TableScene
from game.ui.table.input import TableInput
from game.ui.table.pace import TablePace
from game.ui.table.view import TableView

ROOT = Path(__file__).resolve().parents[2]


def test_the_scene_is_a_scene_and_owns_its_parts(tmp_path, monkeypatch):
    assert TableScene.__bases__ == (Scene,)
    monkeypatch.setenv("KOREAN_MAHJONG_CONFIG_DIR", str(tmp_path / "cfg"))
    pygame.init()
    app = App(Settings(language="en", sound=False, animation_speed="instant", ai_delay_ms=0),
              size=(1024, 640))
    try:
        sc = TableScene(app, ["human", "random", "random", "random"], seed=3, hands=1,
                        record=False)
        assert isinstance(sc.input, TableInput) and sc.input.scene is sc
        assert isinstance(sc.pace, TablePace) and isinstance(sc.view, TableView)
        assert "prompt_for" not in vars(sc) and "cursor" not in vars(sc)
        assert sc.cursor is sc.input.cursor
        sc.time_bank = 2.5  # set on the scene: the part's own state changes
        assert sc.input.time_bank == 2.5
        assert sc.pace.intro_end == sc.intro_end is not None
    finally:
        app.close()


def test_no_part_restates_the_scene_s_attributes_for_the_type_checker():
    for name in ("input", "pace", "view"):
        tree = ast.parse((ROOT / "game/ui/table" / f"{name}.py").read_text(encoding="utf-8"))
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            restated = [n.lineno for n in cls.body
                        if (isinstance(n, ast.AnnAssign) and "ClassVar" not in ast.unparse(n.annotation))
                        or (isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test))]
            assert not restated, (name, cls.name, restated)
