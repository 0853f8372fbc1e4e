"""The import graph of `game/` and `ai/`: the engine stays pure, nothing imports in a circle, and
no import runs up the layers.

The layers, bottom up (each may import those it lists, never one above it):

    engine     game/engine            nothing of ours outside the engine
    i18n       game/i18n              engine
    ai         ai/                    engine, i18n
    storage    game/storage.py        engine, i18n (the files the game keeps: one reader, one writer)
    records    game/records           engine, storage (the game records: core, writer, reader,
                                      store, locks; the save store Continue reads)
    practice   game/practice          engine, i18n, ai, storage, records
    settings   game/settings.py,      engine, i18n, storage
               game/rulesets.py
    ui         game/ui                engine, i18n, ai, practice, settings, storage, records
    cli        game/cli, __main__     everything

An import counts wherever it stands (module level or inside a function), and so does one under
``if TYPE_CHECKING:`` (never run, but a type named there couples the modules all the same): no
circle and no arrow up, even for types. Where two parts must name each other (a screen and its
parts, the app and its screens), the lower one names a small protocol instead
(`game.ui.table.host.TableHost`, `game.ui.screens.Screen`). ``from pkg import name`` counts as
an import of ``pkg.name`` when that is a module, else of ``pkg``. The picture in words is in
docs/architecture.md.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = ("pygame", "game.ui", "ai", "platformdirs")
PACKAGES = ("game", "ai")

#: layer -> the layers it may import (its own always allowed)
ALLOWED: dict[str, frozenset[str]] = {
    "root": frozenset(),
    "engine": frozenset(),
    "i18n": frozenset({"engine"}),
    "ai": frozenset({"engine", "i18n"}),
    "storage": frozenset({"engine", "i18n"}),
    "records": frozenset({"engine", "storage"}),
    "practice": frozenset({"engine", "i18n", "ai", "storage", "records"}),
    "settings": frozenset({"engine", "i18n", "storage"}),
    "ui": frozenset({"engine", "i18n", "ai", "practice", "settings", "storage", "records"}),
    "cli": frozenset({"engine", "i18n", "ai", "practice", "settings", "ui", "storage", "records"}),
}
#: module-name prefix -> layer (the longest matching prefix wins)
LAYER_OF: dict[str, str] = {
    "game": "root",  # the package's face: a version string, imports nothing
    "game.engine": "engine",
    "game.i18n": "i18n",
    "ai": "ai",
    "game.storage": "storage",
    "game.records": "records",
    "game.practice": "practice",
    "game.settings": "settings",
    "game.rulesets": "settings",
    "game.ui": "ui",
    "game.cli": "cli",
    "game.__main__": "cli",
}


# --- the checker -----------------------------------------------------------------------------------
def _imports(path: pathlib.Path):
    """Every absolute module name a file imports (for the engine's purity test)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def module_names(root: pathlib.Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, pathlib.Path]:
    """Dotted module name -> file, for every ``.py`` under the given top-level packages."""
    out = {}
    for top in packages:
        for f in sorted((root / top).rglob("*.py")):
            parts = list(f.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST, types: bool = True) -> Iterator[ast.Import | ast.ImportFrom]:
    """Import statements anywhere in the tree; without `types`, none under ``if TYPE_CHECKING:``
    (the imports that run)."""
    for node in ast.iter_child_nodes(tree):
        if not types and isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from _import_nodes(ast.Module(body=[child], type_ignores=[]), types)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _import_nodes(node, types)


def edges(root: pathlib.Path, packages: tuple[str, ...] = PACKAGES,
          types: bool = True) -> dict[str, set[str]]:
    """module -> the modules of ours it imports (without `types`: only the imports that run)."""
    mods = module_names(root, packages)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        is_pkg = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _import_nodes(tree, types):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[:len(base) - (node.level - 1)]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in mods else prefix
                           for a in node.names]
            for t in targets:
                while t and t not in mods:  # ``import a.b.c`` of a name inside a module
                    t = t.rpartition(".")[0]
                if t and t != mod:
                    graph[mod].add(t)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def layer(module: str) -> str:
    best = max((p for p in LAYER_OF if module == p or module.startswith(p + ".")), key=len,
               default=None)
    if best is None:
        raise KeyError(f"{module} is in no layer: add it to LAYER_OF")
    return LAYER_OF[best]


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a layer the importer may not use, as readable lines."""
    bad = []
    for mod in sorted(graph):
        mine = layer(mod)
        for t in sorted(graph[mod]):
            theirs = layer(t)
            if theirs != mine and theirs != "root" and theirs not in ALLOWED[mine]:
                bad.append(f"{mod} ({mine}) imports {t} ({theirs})")
    return bad


# --- the tests --------------------------------------------------------------------------------------
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


def _circles(graph: dict[str, set[str]]) -> list[str]:
    return [" ; ".join(f"{a} -> {b}" for a in c for b in sorted(graph[a]) if b in c)
            for c in cycles(graph)]


def test_no_module_imports_in_a_circle():
    assert _circles(edges(ROOT, types=False)) == []


def test_no_module_imports_in_a_circle_even_for_types():
    """The imports under ``if TYPE_CHECKING:`` count too: a type named both ways (a scene and
    its parts, the app and its scenes) is a circle a reader follows all the same. The lower
    module names a protocol instead (`game.ui.table.host`, `game.ui.screens.Screen`)."""
    assert _circles(edges(ROOT)) == []


def test_the_table_parts_never_name_the_table_screen():
    """The parts of the table screen (game/ui/table/) see their screen as a `TableHost`: none
    imports a screen module, not even for a type."""
    graph = edges(ROOT)
    parts = [m for m in graph if m.startswith("game.ui.table.")]
    assert "game.ui.table.host" in parts
    assert [f"{a} imports {b}" for a in sorted(parts) for b in sorted(graph[a])
            if b.startswith("game.ui.scenes")] == []


def test_no_import_runs_up_the_layers():
    assert upward(edges(ROOT)) == []


def test_screens_are_opened_by_name_never_imported():
    """No module imports a screen (game/ui/scenes/*): screens open each other by name through
    the app (`game.ui.screens`), and what two screens share lives below them."""
    graph = edges(ROOT)
    screens = {m for m in graph if m.startswith("game.ui.scenes.")}
    assert len(screens) >= 10
    assert [f"{a} imports {b}" for a in sorted(graph) for b in sorted(graph[a]) if b in screens] == []


def test_every_module_has_a_layer():
    for mod in module_names(ROOT):
        layer(mod)


# --- the checker on small fabricated trees ---------------------------------------------------------
def _tree(tmp_path: pathlib.Path, files: dict[str, str]) -> pathlib.Path:
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("files", "found"), [
    # a two-module circle through a function-level import
    ({"game/ui/a.py": "from game.ui import b\n",
      "game/ui/b.py": "def f():\n    from .a import x\n"},
     [["game.ui.a", "game.ui.b"]]),
    # three modules round, with ``from pkg import module`` and a relative import
    ({"game/ui/scenes/__init__.py": "",
      "game/ui/scenes/one.py": "from . import two\n",
      "game/ui/scenes/two.py": "from game.ui.scenes.three import Three\n",
      "game/ui/scenes/three.py": "import game.ui.scenes.one\n"},
     [["game.ui.scenes.one", "game.ui.scenes.three", "game.ui.scenes.two"]]),
    # a package and a module that import each other
    ({"game/ui/__init__.py": "from .app import App\n",
      "game/ui/app.py": "from game.ui import helper\n",
      "game/ui/helper.py": ""},
     []),
    ({"game/ui/__init__.py": "from .app import App\n",
      "game/ui/app.py": "from game.ui import VERSION\n"},
     [["game.ui", "game.ui.app"]]),
    # an import only a type checker sees is a circle too
    ({"game/ui/a.py": "from game.ui import b\n",
      "game/ui/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui.a import A\n"},
     [["game.ui.a", "game.ui.b"]]),
    # ... and so is one in its ``else`` branch, which runs
    ({"game/ui/a.py": "from game.ui import b\n",
      "game/ui/b.py": "import typing\nif typing.TYPE_CHECKING:\n    pass\nelse:\n    from game.ui import a\n"},
     [["game.ui.a", "game.ui.b"]]),
])
def test_the_checker_finds_a_circle(tmp_path, files, found):
    assert cycles(edges(_tree(tmp_path, files))) == found


@pytest.mark.parametrize(("files", "found"), [
    # only the imports that run: a type named back is left out ...
    ({"game/ui/a.py": "from game.ui import b\n",
      "game/ui/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui.a import A\n"},
     []),
    # ... but its ``else`` branch runs
    ({"game/ui/a.py": "from game.ui import b\n",
      "game/ui/b.py": "import typing\nif typing.TYPE_CHECKING:\n    pass\nelse:\n    from game.ui import a\n"},
     [["game.ui.a", "game.ui.b"]]),
])
def test_the_checker_of_running_imports_leaves_types_out(tmp_path, files, found):
    assert cycles(edges(_tree(tmp_path, files), types=False)) == found


@pytest.mark.parametrize(("files", "found"), [
    ({"game/engine/table.py": "def f():\n    from ai.greedy import GreedySeat\n",
      "ai/greedy.py": "from game.engine.table import Table\n"},
     ["game.engine.table (engine) imports ai.greedy (ai)"]),
    ({"ai/seat.py": "from game.practice.hints import hints\n",
      "game/practice/hints.py": ""},
     ["ai.seat (ai) imports game.practice.hints (practice)"]),
    ({"game/ui/app.py": "import game.cli.play\n", "game/cli/play.py": "from game.ui.app import App\n"},
     ["game.ui.app (ui) imports game.cli.play (cli)"]),
    ({"game/i18n/__init__.py": "from game.ui.widgets import Fonts\n", "game/ui/widgets.py": ""},
     ["game.i18n (i18n) imports game.ui.widgets (ui)"]),
    ({"game/settings.py": "from game.practice import records\n", "game/practice/records.py": ""},
     ["game.settings (settings) imports game.practice.records (practice)"]),
    # the records sit below the learning tools: they never use their words
    ({"game/records/store.py": "from game.practice.event_words import event_message\n",
      "game/practice/event_words.py": ""},
     ["game.records.store (records) imports game.practice.event_words (practice)"]),
    # a type named under ``if TYPE_CHECKING:`` runs up all the same
    ({"game/engine/table.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui.app import App\n",
      "game/ui/app.py": ""},
     ["game.engine.table (engine) imports game.ui.app (ui)"]),
    # downward imports are all fine
    ({"game/cli/play.py": "from game.ui.app import App\nimport ai.registry\n",
      "game/ui/app.py": "from game.settings import Settings\nfrom game.i18n import text\n",
      "game/settings.py": "from game.engine.rules import RuleSet\n",
      "game/i18n/__init__.py": "from game.engine.tiles import rank\n",
      "game/practice/hints.py": "from ai.danger import danger\n",
      "ai/registry.py": "", "ai/danger.py": "from game.engine import tiles\n",
      "game/engine/rules.py": "", "game/engine/tiles.py": "", "game/engine/__init__.py": "",
      "game/__init__.py": ""},
     []),
])
def test_the_checker_finds_an_upward_import(tmp_path, files, found):
    assert upward(edges(_tree(tmp_path, files))) == found
