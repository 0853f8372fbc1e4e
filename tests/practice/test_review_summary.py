"""The review read as a coach's notes (`GameReview.summary`, `figures`, `stop_sentence`): seeded
records with a known blunder get the sentences that name it (message kinds and arguments), a
choice that did better is said as a gain and never as a negative loss, a tie as a tie, counts
are grammatical in English and Korean, "agreement" is a share only from `AGREEMENT_MIN`
decisions, and a game that stopped says where in one sentence, never with a line number."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.engine.actions import PASS, Discard
from game.i18n import render
from game.practice import game_review as gr
from game.practice.game_review import GameReview, HandOutcome, ReviewedDecision, review_record
from game.records import load_record

_spec = importlib.util.spec_from_file_location(
    "_review_records", Path(__file__).with_name("test_game_review.py"))
assert _spec is not None and _spec.loader is not None
_records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_records)
play, deal_in, pass_win = _records.play, _records.deal_in, _records.pass_win

PLAYOUTS = 16


def codes(messages):
    return [m.code for m in messages]


def by_code(messages, code):
    found = [m for m in messages if m.code == code]
    assert len(found) == 1, codes(messages)
    return found[0]


def floats(m):
    """Every number a message carries, its nested messages' included."""
    out = []
    for _, v in m.args:
        if isinstance(v, gr.Message):
            out.extend(floats(v))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out.append(v)
    return out


# ---------------------------------------------------------------------------- seeded blunders
def test_a_deal_in_against_uper_is_the_habit_to_work_on(tmp_path):
    path, made = play(tmp_path, 6, deal_in, hands=2)
    assert made is not None
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    blunder = r.disagreements()[0]
    assert blunder.verdict == "blunder" and blunder.category == "defence"
    s = r.summary()
    # how the game went, from the record's hand ends
    rec = load_record(path)
    seats = [h.player_at_seat().index(0) for h in rec.hands]
    ends = [h.end for h in rec.hands]
    won = sum(1 for h, e in zip(seats, ends) if any(w.seat == h for w in e.winners))
    assert dict(by_code(s, "game_review.sum.won").args) == {"won": won, "n": 2}
    assert "game_review.sum.dealt_in_once" in codes(s)  # the blunder: it dealt in
    total = sum(e.payments[h] for h, e in zip(seats, ends))
    assert total < 0 and by_code(s, "game_review.sum.lost")["n"] == -total
    # where the points went: defence cost what the blunder cost
    cat = by_code(s, "game_review.sum.cat_cost")
    assert cat["category"].code == "game_review.category.defence" and cat["n"] == 1
    assert cat["points"] == pytest.approx(blunder.cost)
    # the habit, with the hand to look at
    habit = by_code(s, "game_review.sum.habit")
    assert habit["what"].code == "game_review.habit.defence" and habit["what"]["n"] == 1
    assert habit["hand"] == blunder.hand
    # too few decisions for a share: a count
    assert r.decisions < gr.AGREEMENT_MIN and "game_review.sum.agreement" not in codes(s)
    few = by_code(s, "game_review.sum.agreement_few")
    assert (few["agreed"], few["n"]) == (r.agreed, r.decisions)
    assert all(x >= 0 for m in s for x in floats(m))  # no negative loss anywhere
    assert r.stop_sentence() is None
    english = " ".join(render(m, "en") for m in s)
    assert "-" not in english.replace("-major", "")


def test_a_passed_win_is_the_habit_to_work_on(tmp_path):
    path, made = play(tmp_path, 19, pass_win)
    assert made is not None
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    habit = by_code(r.summary(), "game_review.sum.habit")
    assert habit["what"].code == "game_review.habit.pass_win" and habit["what"]["n"] == 1


def test_copying_the_computer_says_so(tmp_path):
    path, _ = play(tmp_path, 3, hands=2)
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    s = r.summary()
    assert "game_review.sum.all_agreed" in codes(s) and "game_review.sum.habit" not in codes(s)
    assert not any(c.startswith("game_review.sum.cat_cost") for c in codes(s))
    assert all(m.code == "game_review.sum.cat_same" for m in s
               if m.code.startswith("game_review.sum.cat"))


# ---------------------------------------------------------------------------- built reviews
def item(cost, verdict, category="offence", kind="discard", hand=1, chosen=None):
    chosen = chosen or Discard(1)
    return ReviewedDecision(hand, 0, 0, 1, 0, kind, category, chosen, Discard(2), cost=cost,
                            low=cost - 1, high=cost + 1, playouts=16, verdict=verdict)


def agreed(n, category="offence"):
    return [ReviewedDecision(1, 0, 0, 1, 0, "discard", category, Discard(1), Discard(1))
            for _ in range(n)]


def review(items, outcomes=(), **kw):
    return GameReview("r.jsonl", "0" * 64, 0, "P1", "ai:expert", "ai:standard", 16, "1",
                      max(1, len(outcomes)), tuple(items), outcomes=tuple(outcomes), **kw)


def test_a_gain_is_a_gain_and_a_tie_a_tie():
    r = review([item(-4.0, "fine", "defence"), item(0.01, "fine", "claims", "claim",
                                                    chosen=PASS)],
               [HandOutcome(1, 0, False, False)])
    s = r.summary()
    gain = by_code(s, "game_review.sum.cat_gain")
    assert gain["category"].code == "game_review.category.defence" and gain["points"] == 4.0
    tie = by_code(s, "game_review.sum.cat_tie")
    assert tie["category"].code == "game_review.category.claims" and tie["n"] == 1
    assert "game_review.sum.even" in codes(s) and "game_review.sum.no_deal_in" in codes(s)
    assert "game_review.sum.no_habit" in codes(s)  # nothing shown worse
    assert all(x >= 0 for m in s for x in floats(m))
    # the figures are a signed difference: + when the player's choices did better
    diff = by_code(r.figures(), "game_review.fig.difference")
    assert diff["d"] == pytest.approx(3.99) and "+4.0" in render(diff, "en")


def test_agreement_is_a_share_only_from_enough_decisions():
    few = review([item(5.0, "mistake"), *agreed(gr.AGREEMENT_MIN - 2)])
    assert "game_review.sum.agreement" not in codes(few.summary())
    enough = review([item(5.0, "mistake"), *agreed(gr.AGREEMENT_MIN - 1)])
    a = by_code(enough.summary(), "game_review.sum.agreement")
    assert (a["agreed"], a["n"], a["pct"]) == (gr.AGREEMENT_MIN - 1, gr.AGREEMENT_MIN, 95)


def test_the_habit_is_the_kind_of_choice_that_cost_most():
    r = review([item(2.0, "inaccuracy", "claims", "claim", hand=2, chosen=PASS),
                item(2.5, "inaccuracy", "claims", "claim", hand=4, chosen=PASS),
                item(1.5, "inaccuracy", "claims", "claim", hand=5, chosen=PASS),
                item(5.0, "mistake", "offence", "discard", hand=3),
                item(9.0, "unclear", "offence", "discard", hand=1)])  # unclear: not a habit
    assert r.habit() == ("pass_claim", 3, 4)
    text = render(by_code(r.summary(), "game_review.sum.habit"), "en")
    assert text == "To work on: you passed 3 claims the computer would make; see hand 4."


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_counts_are_grammatical(lang):
    one = review([item(5.0, "mistake")], [HandOutcome(1, 30, True, False)])
    two = review([item(5.0, "mistake"), item(5.0, "mistake")],
                 [HandOutcome(1, 1, True, False), HandOutcome(2, -30, False, True),
                  HandOutcome(3, -10, False, True)])
    s1 = [render(m, lang) for m in one.summary()]
    s2 = [render(m, lang) for m in two.summary()]
    if lang == "en":
        assert "You won 1 of 1 hand." in s1 and "You won 1 of 3 hands." in s2
        assert "You dealt in 2 times." in s2 and "In all you gained 30 points." in s1
        assert "In all you lost 39 points." in s2
        assert any("1 choice unlike" in t for t in s1) and any("2 choices unlike" in t for t in s2)
    else:  # every sentence translated, its numbers in it
        for m, t in zip([*one.summary(), *two.summary()], s1 + s2):
            assert t != m.kind.english and not any(c.isascii() and c.isalpha() for c in
                                                     t.replace("ai:expert", ""))


# ---------------------------------------------------------------------------- stopped games
def test_an_interrupted_game_says_where_it_stopped_in_one_sentence(tmp_path):
    path, _ = play(tmp_path, 3, hands=3)
    rec = load_record(path)
    third = rec.hands[2]
    cut = third.actions[6][0]  # the lines up to an action well inside hand 3
    lines = path.read_bytes().split(b"\n")
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_bytes(b"\n".join(lines[:cut]) + b"\n")
    assert load_record(stopped).reason is not None
    r = review_record(stopped, playouts=PLAYOUTS, workers=1, cache=False)
    assert not r.complete and r.stopped_in == 3 and len(r.outcomes) == 2
    s = r.stop_sentence()
    assert s is not None and s.code == "game_review.covers.before_part"
    assert s["stop"].code == "game_review.stop.interrupted" and s["stop"]["hand"] == 3
    assert s["last"] == 2 and s["hand"] == 3
    assert r.summary()[0] == s
    for lang in ("en", "ko"):
        assert "line" not in render(s, lang) and str(r.reason["line"]) not in render(s, lang)
    assert render(s, "en") == ("The game stopped in hand 3; the review covers hands 1-2, and "
                               "hand 3 as far as it was played.")
    # the record's own reason, line and all, is among the figures
    assert by_code(r.figures(), "game_review.fig.reason")["why"] == r.reason
    # a cut right after a hand's end: the next hand stopped, the review covers those before
    end_line = max(no for no, _ in rec.hands[1].events)
    after = tmp_path / "after.jsonl"
    after.write_bytes(b"\n".join(lines[:end_line]) + b"\n")
    r2 = review_record(after, playouts=PLAYOUTS, workers=1, cache=False)
    assert not r2.complete and r2.reason is None  # the session had not ended
    assert r2.stopped_in == 3
    assert render(r2.stop_sentence(), "en") == \
        "The game stopped in hand 3; the review covers hands 1-2."


def test_the_summary_survives_the_cache(tmp_path):
    path, _ = play(tmp_path, 6, deal_in, hands=2)
    first = review_record(path, playouts=PLAYOUTS, workers=1)
    again = review_record(path, playouts=PLAYOUTS, workers=1)
    assert again.cached and again.outcomes == first.outcomes
    assert again.summary() == first.summary()
