"""The review screen says the review in sentences (the summary's messages, rendered in the
player's language), F shows the figures behind them, a game that stopped says where in its
first sentence (no line number), and a decision's cost is a cost or a gain, never a negative
loss."""

from __future__ import annotations

import pygame
import pytest
from review_records import records as _records

from game.i18n import render
from game.practice.game_review import review_record
from game.records import load_record
from game.settings import Settings
from game.ui.scenes.game_review import GameReviewScene, cost_text, sentence


@pytest.fixture
def app(make_app):
    return make_app((1024, 640))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.fixture
def stopped(tmp_path):
    """A 2-hand record with a deal-in blunder in hand 1, cut inside hand 2."""
    path, made = _records.play(tmp_path, 6, _records.deal_in, hands=2)
    assert made is not None
    cut = load_record(path).hands[1].actions[6][0]
    out = tmp_path / "stopped.jsonl"
    out.write_bytes(b"\n".join(path.read_bytes().split(b"\n")[:cut]) + b"\n")
    review_record(out, playouts=16, workers=1)  # kept beside it: the screen opens at once
    return out


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_summary_is_sentences_and_f_shows_the_figures(app, stopped, lang):
    app.apply_settings(Settings(language=lang, sound=False), save=False)
    s = GameReviewScene(app, stopped, playouts=16, workers=1, threaded=False)
    app.push(s)
    assert s.review is not None and s.review.cached
    lines = s.summary_lines()
    want = [sentence(render(m, lang)) for m in s.review.summary()]
    assert [t for _, t in lines] == want
    assert lines[0][0] == "game_review.covers.before_part"  # where the game stopped, first
    assert str(s.review.reason["line"]) not in lines[0][1]
    assert "game_review.sum.habit" in [c for c, _ in lines]
    if lang == "en":
        assert lines[0][1].startswith("The game stopped in hand 2;")
        assert all(t[0].isupper() for _, t in lines)  # "Defence: ...", not "defence: ..."
    app.step([], 1 / 60)
    app.step([key(pygame.K_f)], 1 / 60)
    assert s.show_figures
    codes = [c for c, _ in s.summary_lines()]
    assert codes[0] == "game_review.fig.difference" and "game_review.fig.reason" in codes
    app.step([], 1 / 60)  # drawn
    app.step([key(pygame.K_f)], 1 / 60)
    assert not s.show_figures


def test_a_cost_is_a_cost_and_a_gain_a_gain(app, stopped):
    s = GameReviewScene(app, stopped, playouts=16, workers=1, threaded=False)
    blunder = s.items[0]
    assert blunder.verdict == "blunder"
    text = cost_text(blunder, "en")
    assert text.startswith(f"cost {blunder.cost:.1f} (") and "-" not in text
    from dataclasses import replace

    better = replace(blunder, cost=-2.0, low=-4.5, high=0.5)
    assert cost_text(better, "en") == "gain 2.0 (-0.5 to 4.5)"
    even = replace(blunder, cost=0.01, low=-1.0, high=1.0)
    assert cost_text(even, "en") == "no difference (-1.0 to 1.0)"
