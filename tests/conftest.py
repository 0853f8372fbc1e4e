"""Shared by every test directory: a script of tools/ or bench/ loaded by its path."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def load_script() -> Iterator[Callable[[str, str], ModuleType]]:
    """``load_script("tools/mutation.py", "mutation_tool")``: the script run as a module,
    registered in ``sys.modules`` under that name for the session (dataclasses and pickling
    look a module up there) and loaded once."""
    loaded: list[str] = []

    def load(path: str, name: str) -> ModuleType:
        if name in sys.modules:
            return sys.modules[name]
        spec = importlib.util.spec_from_file_location(name, ROOT / path)
        assert spec is not None and spec.loader is not None, path
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        loaded.append(name)
        spec.loader.exec_module(module)
        return module

    yield load
    for name in loaded:
        sys.modules.pop(name, None)
