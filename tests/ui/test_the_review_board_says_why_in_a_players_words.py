"""The review's reason line under a decision's bars, on a seeded record with a known blunder
(an uper player's winning tile thrown while a safe tile was held): it says why the computer's
choice is better in the live coach's words, an agreement says the computer's view plainly, and
the program's own note comes only on demand (issue 33; the maker:
tests/practice/test_the_review_and_the_coach_say_why_in_a_players_words.py)."""

from __future__ import annotations

import re

import pytest
from review_records import records

from game.i18n import render
from game.practice import plain_reasons as pr
from game.practice.game_review import review_record
from game.records import load_record
from game.ui.review_board import reason_message, reason_text

#: the program's words (English and the Korean of its notes) a player should not read there
PROGRAM = re.compile(r"shanten|accepted|\bplan\b|value \d|danger \d|샹텐|유효패|계획 |가치 \d",
                     re.IGNORECASE)


@pytest.fixture(scope="module")
def deal_in_review(tmp_path_factory):
    path, made = records.play(tmp_path_factory.mktemp("rec"), 6, records.deal_in)
    assert made is not None
    review = review_record(path, playouts=8, workers=1, cache=False)
    return load_record(path), review, records.the_blunder(review, made)


def test_the_reason_of_a_blunder_is_why_the_computers_choice_is_better(deal_in_review):
    record, _review, item = deal_in_review
    why = reason_message(record, item)
    # the player threw an uper player's winning tile while holding a safe one
    assert why is not None and why.code in ("live_coach.why.safe", "live_coach.why.safer")
    en = reason_text(record, item, "en")
    assert en.startswith("Why the computer chose otherwise: ") and not PROGRAM.search(en)
    ko = reason_text(record, item, "ko")
    assert ko.startswith("컴퓨터가 다르게 고른 이유: ") and not PROGRAM.search(ko)
    # the program's own note, on demand
    assert reason_text(record, item, "en", figures=True) == \
        "The computer's own note: " + render(item.why, "en")


def test_a_win_passed_says_why_in_plain_words_too(tmp_path):
    path, made = records.play(tmp_path, 19, records.pass_win)
    review = review_record(path, playouts=8, workers=1, cache=False)
    item = records.the_blunder(review, made)
    record = load_record(path)
    assert reason_message(record, item) == pr.WINS_DISCARD()
    assert reason_text(record, item, "en") == \
        "Why the computer chose otherwise: it wins on the discard"
    assert reason_text(record, item, "ko") == "컴퓨터가 다르게 고른 이유: 쏘아로 남"


def test_an_agreement_says_the_computers_view_plainly(deal_in_review):
    record, review, _item = deal_in_review
    agreed = [i for i in review.items if i.agree and i.why is not None]
    assert agreed
    for i in agreed[:12]:
        assert reason_message(record, i) == pr.plain_note(i.why)
        text = reason_text(record, i, "en")
        assert text.startswith("The computer's view: ") and not PROGRAM.search(text), text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_screen_draws_the_plain_reason_and_f_shows_the_programs_note(make_app, tmp_path,
                                                                         lang):
    import pygame

    from game.ui.scenes.game_review import GameReviewScene

    path, made = records.play(tmp_path, 6, records.deal_in)
    review_record(path, playouts=8, workers=1)  # kept beside it: the screen opens at once
    app = make_app((1024, 640), language=lang)
    s = GameReviewScene(app, path, playouts=8, workers=1, threaded=False)
    app.push(s)
    app.step([], 1 / 60)
    item = s.items[s.focus]
    assert item.verdict == "blunder" and item.chosen == made[2]
    drawn: list[str] = []
    real = app.fonts.text

    def spy(text, *a, **k):
        drawn.append(text)
        return real(text, *a, **k)

    app.fonts.text = spy
    app.step([], 1 / 60)
    head = "Why the computer chose otherwise:" if lang == "en" else "컴퓨터가 다르게 고른 이유:"
    lines = [t for t in drawn if t.startswith(head)]
    assert lines and not PROGRAM.search(" ".join(drawn)), drawn
    drawn.clear()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f")], 1 / 60)
    app.step([], 1 / 60)
    note = "The computer's own note:" if lang == "en" else "컴퓨터의 원래 메모:"
    assert any(t.startswith(note) for t in drawn), drawn
    assert PROGRAM.search(" ".join(drawn))  # the figures: the program's own words, on demand
