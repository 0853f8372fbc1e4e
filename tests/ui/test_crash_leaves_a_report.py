"""A crash in the window leaves a report and says where (issue 29), through the entry the command
line uses (``korean-mahjong play``): the report in ``<data dir>/logs`` holds the traceback, the
version, the screens, the record being written and the settings; stderr has one line naming it
and no traceback; the exit status is `EXIT_CRASHED`. A crash handler that cannot write still
ends cleanly. An ordinary run keeps a short rotating log there."""

from __future__ import annotations

import logging.handlers
import re
from pathlib import Path

import pytest

from game.cli import main
from game.settings import CONFIG_ENV
from game.ui import crash
from game.ui.app import EXIT_CRASHED
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def crashes_at(cls, method: str, monkeypatch, after: int = 3) -> None:
    """`cls.method` raises from its `after`-th call on."""
    original = getattr(cls, method)
    calls = [0]

    def broken(self, *a, **kw):
        calls[0] += 1
        if calls[0] >= after:
            raise RuntimeError(f"boom in {method}")
        return original(self, *a, **kw)

    monkeypatch.setattr(cls, method, broken)


def the_report(err: str) -> Path:
    m = re.search(r"the report is (\S+\.txt)", err)
    assert m, err
    return Path(m.group(1))


@pytest.mark.parametrize("method", ["update", "draw", "handle_event"])
def test_a_crash_on_the_title_leaves_a_report_and_says_where(dirs, monkeypatch, capsys, method):
    crashes_at(TitleScene, method, monkeypatch, after=1)
    if method == "handle_event":  # an event for the title to handle
        import pygame

        monkeypatch.setattr(pygame.event, "get", lambda *a, **k: [
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
    code = main(["play", "--frames", "20", "--lang", "en"])
    out, err = capsys.readouterr()
    assert code == EXIT_CRASHED
    assert "Traceback" not in err and "Traceback" not in out
    assert err.count("\n") == 1 and err.startswith("korean-mahjong: the game stopped on an error")
    path = the_report(err)
    assert path.parent == dirs / "data" / "logs" and path.is_file()
    text = path.read_text(encoding="utf-8")
    assert "Traceback" in text and f"RuntimeError: boom in {method}" in text
    assert re.search(r"version: korean-mahjong \S+, Python 3\.", text)
    assert "screens: title" in text and "record: none" in text
    assert '"language": "en"' in text, "the settings summary"


def test_a_crash_at_the_table_names_the_record(dirs, monkeypatch, capsys):
    crashes_at(TableScene, "update", monkeypatch, after=40)
    code = main(["play", "--seats", "human,random,random,random", "--seed", "3", "--frames", "400",
                 "--speed", "instant", "--lang", "en"])
    _out, err = capsys.readouterr()
    assert code == EXIT_CRASHED and "Traceback" not in err
    text = the_report(err).read_text(encoding="utf-8")
    m = re.search(r"^record: (.+\.jsonl)$", text, re.M)
    assert m and Path(m.group(1)).is_file(), text
    assert "screens: table" in text and "boom in update" in text


def test_a_crash_handler_that_cannot_write_still_ends_cleanly(dirs, monkeypatch, capsys):
    crashes_at(TitleScene, "draw", monkeypatch, after=1)

    def no_folder():
        raise PermissionError("no logs here")

    monkeypatch.setattr(crash, "log_dir", no_folder)
    code = main(["play", "--frames", "5", "--lang", "en"])
    _out, err = capsys.readouterr()
    assert code == EXIT_CRASHED and "Traceback" not in err
    assert "no report could be written" in err


def test_an_ordinary_run_keeps_a_short_rotating_log(dirs, capsys):
    assert main(["play", "--frames", "5", "--lang", "en"]) == 0
    log = dirs / "data" / "logs" / "game.log"
    text = log.read_text(encoding="utf-8")
    assert "start: korean-mahjong" in text and "screen: title" in text and "end: status 0" in text
    assert not list(log.parent.glob("crash-*")), "no report without a crash"
    handler = crash.start_log()
    try:
        assert isinstance(handler, logging.handlers.RotatingFileHandler)
        assert handler.maxBytes == 256 * 1024 and handler.backupCount == 2
    finally:
        crash.stop_log(handler)
    assert not any(isinstance(h, logging.handlers.RotatingFileHandler)
                   for h in logging.getLogger("game").handlers), "the run's log is closed"
