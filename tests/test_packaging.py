"""How the game is packaged: every folder installed, one version, the assets found through
importlib.resources, the desktop entry and metainfo consistent (and valid, where Debian's
validators are installed: CI installs them)."""

from __future__ import annotations

import configparser
import importlib.resources
import os
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DESKTOP_DIR = ROOT / "assets" / "desktop"
APP_ID = "io.github.korean_mahjong.KoreanMahjong"


def _folders_with_files(top: Path, package: str) -> set[str]:
    """Dotted names of `top` and every folder below it holding a file that is shipped."""
    out = set()
    for d in [top, *top.rglob("*")]:
        if not d.is_dir() or "__pycache__" in d.parts:
            continue
        if any(f.is_file() and f.suffix not in (".pyc",) for f in d.iterdir()):
            rel = d.relative_to(top).parts
            out.add(".".join((package, *rel)))
    return out


def test_every_folder_of_the_game_is_a_listed_package():
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    want = (_folders_with_files(ROOT / "game", "game") | _folders_with_files(ROOT / "ai", "ai")
            | _folders_with_files(ROOT / "assets", "game.assets"))
    missing, extra = want - listed, listed - want
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"
    assert not extra, f"pyproject.toml lists packages that do not exist: {sorted(extra)}"
    assert PYPROJECT["tool"]["setuptools"]["package-dir"] == {"game.assets": "assets"}


def test_package_data_covers_every_asset_file():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    for f in (ROOT / "assets").rglob("*"):
        if not f.is_file() or "__pycache__" in f.parts or f.suffix == ".py":
            continue
        rel = f.relative_to(ROOT / "assets")
        package = ".".join(("game.assets", *rel.parent.parts))
        patterns = data.get(package, []) + data.get("*", [])
        assert any(Path(rel.name).match(p) for p in patterns), f"assets/{rel} is not package data"


def test_one_version():
    import game

    assert game.__version__ == PYPROJECT["project"]["version"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in changelog or f"## [{game.__version__}]" in changelog


def test_metadata_is_complete():
    p = PYPROJECT["project"]
    assert p["license"] == "MIT"
    for f in p["license-files"]:
        assert (ROOT / f).is_file(), f
    classifiers = set(p["classifiers"])
    for c in ("Topic :: Games/Entertainment :: Board Games", "Intended Audience :: End Users/Desktop",
              "Natural Language :: Korean", "Natural Language :: English"):
        assert c in classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # SPDX `license` says it
    assert p["gui-scripts"]["korean-mahjong-gui"] == "game.cli:gui_main"
    assert (ROOT / "game" / "py.typed").is_file()


def test_assets_come_from_the_installed_package():
    """The test environment is an install (editable in the README's command): the assets are
    the package game.assets, the same folder as the checkout's assets/."""
    from game.ui import assets

    try:
        root = importlib.resources.files("game.assets")
    except ModuleNotFoundError:
        pytest.skip("game is not installed (run from a bare checkout): the checkout's assets/")
    assert Path(str(root)).resolve() == assets.ASSETS.resolve()
    for f in (assets.UI_FONT, assets.TILE_FONT, assets.SOUNDS / "win_big.ogg",
              assets.ICONS / "korean-mahjong-64.png"):
        assert f.is_file()


def test_missing_assets_are_named(monkeypatch, tmp_path):
    from game.ui import assets

    monkeypatch.setattr(assets, "PACKAGE", "game.no_such_assets")
    monkeypatch.setattr(assets, "_checkout", lambda: tmp_path)
    with pytest.raises(FileNotFoundError, match=r"fonts are missing.*game\.no_such_assets"):
        assets.find_assets()


def _desktop() -> configparser.ConfigParser:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str  # type: ignore[assignment,method-assign]
    cp.read(DESKTOP_DIR / f"{APP_ID}.desktop", encoding="utf-8")
    return cp


def test_desktop_entry_matches_the_program():
    entry = _desktop()["Desktop Entry"]
    scripts = PYPROJECT["project"]["scripts"]
    assert entry["Exec"].split()[0] in scripts
    assert entry["StartupWMClass"] == "korean-mahjong"
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert "Name[ko]" in entry and "Comment[ko]" in entry
    import game.cli  # noqa: F401 - sets the window class before pygame starts

    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == entry["StartupWMClass"]


def test_metainfo_matches_the_desktop_entry_and_version():
    root = ET.parse(DESKTOP_DIR / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    newest = root.find("releases/release").get("version")
    # AppStream writes a pre-release as 0.2.0~dev0 (sorts before 0.2.0); Python as 0.2.0.dev0
    assert newest.replace("~", ".") == PYPROJECT["project"]["version"]
    assert root.find("provides/binary").text in PYPROJECT["project"]["scripts"]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (Debian desktop-file-utils) not installed")
def test_desktop_file_validates():
    r = subprocess.run(["desktop-file-validate", str(DESKTOP_DIR / f"{APP_ID}.desktop")],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout + r.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None,
                    reason="appstreamcli (Debian appstream) not installed")
def test_metainfo_validates():
    r = subprocess.run(["appstreamcli", "validate", "--no-net",
                        str(DESKTOP_DIR / f"{APP_ID}.metainfo.xml")],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    assert not re.search(r"^[EW]:", r.stdout, re.MULTILINE), r.stdout


def test_window_has_the_project_icon():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.settings import Settings
    from game.ui.app import App

    pygame.init()
    app = App(Settings(language="en", sound=False), size=(1024, 640))
    try:
        assert app.icon is not None and app.icon.get_size() == (64, 64)
    finally:
        app.close()


def test_gui_entry_survives_without_console(monkeypatch):
    """pythonw on Windows gives no stdout/stderr: the gui entry must not fail on output."""
    import game.cli

    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "argv", ["korean-mahjong-gui", "--version"])
    with pytest.raises(SystemExit) as e:
        game.cli.gui_main()
    assert e.value.code == 0
