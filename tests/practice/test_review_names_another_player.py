"""A review asked for another player than the record's person names him instead of saying
"you" (issue 33): the summary, the figures, the command's lines and the screen, in English and
Korean; the record's person is still "you"."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.i18n import render
from game.practice.game_review import review_record
from game.settings import CONFIG_ENV, Settings

_spec = importlib.util.spec_from_file_location(
    "_review_records_named", Path(__file__).with_name("test_game_review.py"))
assert _spec is not None and _spec.loader is not None
_records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_records)

YOU = re.compile(r"\b(you|your)\b", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _own_settings(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


@pytest.fixture
def record(tmp_path):
    path, made = _records.play(tmp_path, 6, _records.deal_in, hands=2)
    assert made is not None
    return path


def test_the_summary_and_figures_name_the_player(record):
    r = review_record(record, 1, playouts=16, workers=1)
    plain = [render(m, "en") for m in r.summary() + r.figures()]
    assert any(YOU.search(t) for t in plain)  # the person's review says "you"
    named = [render(m, "en") for m in r.summary("P2") + r.figures("P2")]
    assert not any(YOU.search(t) for t in named), named
    assert named[0].startswith("P2 won ") and any("P2's choices against" in t for t in named)
    ko = [render(m, "ko") for m in r.summary("P2")]
    assert ko[0].startswith("P2는 ") and "당신" not in " ".join(ko)


def test_the_command_names_another_seat_but_not_the_person(record, capsys):
    assert main(["review", str(record), "--seat", "2", "--lang", "en", "--playouts", "16",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "P2 won " in out and not YOU.search(out.split("figures:")[0].split("\n", 2)[2]), out
    assert main(["review", str(record), "--seat", "1", "--lang", "en", "--playouts", "16",
                 "--jobs", "1"]) == 0  # the record's person: "you"
    assert "You won " in capsys.readouterr().out


def test_the_screen_names_another_seat(record, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from game.ui.app import App
    from game.ui.scenes.game_review import GameReviewScene

    review_record(record, 1, playouts=16, workers=1)  # kept: the screen opens at once
    pygame.init()
    app = App(Settings(language="en", sound=False), size=(1024, 640))
    try:
        s = GameReviewScene(app, record, seat=1, playouts=16, workers=1, threaded=False)
        app.push(s)
        assert s.named == "P2" and s.player_label() == "P2"
        lines = [t for _, t in s.summary_lines()]
        assert lines[0].startswith("P2 won ") and not any(YOU.search(t) for t in lines)
        s.draw(app.canvas)
        person = GameReviewScene(app, record, seat=0, playouts=16, workers=1, threaded=False)
        assert person.review is not None and person.named is None  # the person: "you"
    finally:
        app.close()
