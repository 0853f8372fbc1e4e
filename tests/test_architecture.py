"""The engine stays pure: nothing under game/engine imports pygame, the UI or the AI."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = ("pygame", "game.ui", "ai", "platformdirs")


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_engine_imports_nothing_impure():
    files = sorted((ROOT / "game" / "engine").rglob("*.py"))
    assert files, "engine package not found"
    bad = [
        f"{f.relative_to(ROOT)} imports {name}"
        for f in files for name in _imports(f)
        if any(name == x or name.startswith(x + ".") for x in FORBIDDEN)
    ]
    assert bad == []


def test_the_check_itself_catches_an_import(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("import pygame.font\nfrom ai.seats import Greedy\n")
    assert list(_imports(f)) == ["pygame.font", "ai.seats"]
