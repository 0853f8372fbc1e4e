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
    assert won == 0 and dict(by_code(s, "game_review.sum.won_none").args) == {"n": 2}
    assert render(s[0], "en") == "You won none of the 2 hands."
    assert "game_review.sum.dealt_in_once" in codes(s)  # the blunder: it dealt in
    total = sum(e.payments[h] for h, e in zip(seats, ends))
    assert total < 0 and by_code(s, "game_review.sum.lost")["n"] == -total
    # where the points went: defence cost what the blunder cost
    cat = by_code(s, "game_review.sum.cat_cost")
    assert cat["category"].code == "game_review.category.defence" and cat["n"] == 1
    assert cat["points"] == pytest.approx(blunder.cost)
    assert render(cat, "en") == (f"defence: you lost about {blunder.cost:.1f} points with 1 "
                                 "choice the computer would not have made.")
    assert render(cat, "ko") == (f"수비: 컴퓨터라면 하지 않았을 선택 1번으로 약 "
                                 f"{blunder.cost:.1f}점을 잃었습니다.")
    # the habit, with the hand to look at
    habit = by_code(s, "game_review.sum.habit")
    assert habit["what"].code == "game_review.habit.defence" and habit["what"]["n"] == 1
    assert habit["hand"] == blunder.hand
    assert render(habit, "en") == ("To work on: against an uper player you threw 1 tile the "
                                   f"computer would have kept; see hand {blunder.hand}.")
    # too few decisions for a share: a count
    assert r.decisions < gr.AGREEMENT_MIN and "game_review.sum.agreement" not in codes(s)
    few = by_code(s, "game_review.sum.agreement_few")
    assert (few["agreed"], few["n"]) == (r.agreed, r.decisions)
    assert render(few, "en") == \
        f"You played {r.agreed} of your {r.decisions} decisions as the computer would."
    assert all(x >= 0 for m in s for x in floats(m))  # no negative loss anywhere
    assert r.stop_sentence() is None
    english = " ".join(render(m, "en") for m in s)
    assert "-" not in english.replace("-major", "")


def test_a_passed_win_is_the_habit_to_work_on(tmp_path):
    path, made = play(tmp_path, 19, pass_win)
    assert made is not None
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    s = r.summary()
    habit = by_code(s, "game_review.sum.habit")
    assert habit["what"].code == "game_review.habit.pass_win" and habit["what"]["n"] == 1
    assert render(habit["what"], "en") == "you passed up 1 win the computer would have taken"
    # a game of one hand: won or not, no "1 of 1"
    assert s[0].code in ("game_review.sum.won_only", "game_review.sum.not_won_only")


def test_copying_the_computer_says_so(tmp_path):
    path, _ = play(tmp_path, 3, hands=2)
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    s = r.summary()
    assert "game_review.sum.all_agreed" in codes(s) and "game_review.sum.habit" not in codes(s)
    assert not any(c.startswith("game_review.sum.cat_cost") for c in codes(s))
    assert all(m.code in ("game_review.sum.cat_same", "game_review.sum.cat_same_one") for m in s
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
    assert text == "To work on: you passed on 3 claims the computer would have made; see hand 4."


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_counts_are_grammatical(lang):
    one = review([item(5.0, "mistake")], [HandOutcome(1, 30, True, False)])
    two = review([item(5.0, "mistake"), item(5.0, "mistake")],
                 [HandOutcome(1, 1, True, False), HandOutcome(2, -30, False, True),
                  HandOutcome(3, -10, False, True)])
    s1 = [render(m, lang) for m in one.summary()]
    s2 = [render(m, lang) for m in two.summary()]
    if lang == "en":
        assert "You won the hand." in s1 and "You won 1 of 3 hands." in s2
        assert "You dealt in twice." in s2 and "In all you gained 30 points." in s1
        assert "In all you lost 39 points." in s2
        assert "offence: you lost about 5.0 points with 1 choice the computer would not have " \
            "made." in s1
        assert "offence: you lost about 10.0 points with 2 choices the computer would not " \
            "have made." in s2
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


# ---------------------------------------------------------------------------- read as a player
#: words of a lab report, not of a coach (issue 33): "choices unlike the computer's cost
#: about", "0 of 2 hands", "1 of 1 hand", "all 2 of", a negative number
LAB = ("unlike the computer's", " 0 of ", "1 of 1 ", "all 2 of", "decision, chosen as")


def _every_summary():
    """Built reviews that reach every sentence the summary can say, for "you" and a name."""
    one_hand = [HandOutcome(1, 30, True, False)]
    lost_one = [HandOutcome(1, -8, False, True)]
    many = [HandOutcome(i, (-10, 0, 12)[i % 3], i % 3 == 2, i % 3 == 0) for i in range(1, 17)]
    twice = [HandOutcome(1, -8, False, True), HandOutcome(2, -8, False, True)]
    none_won = [HandOutcome(1, 0, False, False), HandOutcome(2, -4, False, False)]
    reviews = [
        review([item(5.0, "mistake")], one_hand),
        review([item(-4.0, "fine", "defence"), item(0.01, "fine", "claims", "claim",
                                                    chosen=PASS)], lost_one),
        review([item(9.0, "blunder", "defence"), *agreed(1, "uper"), *agreed(3, "claims"),
                *agreed(gr.AGREEMENT_MIN)], many),
        review(agreed(3) + agreed(1, "defence"), none_won),
        review([item(2.0, "inaccuracy")], twice),
        review([item(2.0, "inaccuracy", "claims", "claim", hand=2, chosen=PASS),
                item(3.5, "mistake", "claims", "claim", hand=4, chosen=PASS)], many),
    ]
    return [(r, name) for r in reviews for name in (None, "Jiho")]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_sentence_reads_like_a_lab_report(lang):
    seen = set()
    for r, name in _every_summary():
        for m in r.summary(name):
            seen.add(m.code)
            text = render(m, lang)
            assert not any(w in text for w in LAB), text
            assert all(x >= 0 for x in floats(m)), text  # no negative loss
            assert "{" not in text and "line" not in text, text
            if name is not None and lang == "en":  # a named player is never "you"
                assert not {"you", "your"} & set(text.lower().replace(":", " ").split()), text
    for code in ("won_only", "not_won_only", "won_none", "won", "cat_same", "cat_same_one",
                 "cat_cost", "cat_gain", "dealt_in", "dealt_in_once", "dealt_in_twice",
                 "no_deal_in"):
        assert f"game_review.sum.{code}" in seen or f"game_review.named.{code}" in seen, code


def test_a_one_hand_game_and_a_game_without_a_win_say_so_plainly():
    assert render(review([item(5.0, "mistake")], [HandOutcome(1, 30, True, False)])
                  .summary()[0], "en") == "You won the hand."
    assert render(review([item(5.0, "mistake")], [HandOutcome(1, -8, False, True)])
                  .summary()[0], "en") == "You did not win the hand."
    none = review([item(5.0, "mistake")], [HandOutcome(1, 0, False, False),
                                          HandOutcome(2, 0, False, False)])
    assert render(none.summary()[0], "en") == "You won none of the 2 hands."
    assert render(none.summary()[0], "ko") == "2국 중 한 국도 화료하지 못했습니다."
    assert render(none.summary("Jiho")[0], "en") == "Jiho won none of the 2 hands."


def test_a_category_played_as_the_computer_is_said_in_words():
    r = review([item(5.0, "mistake"), *agreed(1, "uper"), *agreed(2, "claims")])
    s = r.summary()
    assert render(by_code(s, "game_review.sum.cat_same_one"), "en") == \
        "uper timing: your one decision matched the computer's."
    assert render(by_code(s, "game_review.sum.cat_same"), "en") == \
        "claims: your 2 decisions all matched the computer's."
    named = r.summary("Jiho")
    assert render(by_code(named, "game_review.named.cat_same"), "en") == \
        "claims: Jiho's 2 decisions all matched the computer's."
    assert render(by_code(named, "game_review.named.cat_cost"), "en") == \
        "offence: Jiho lost about 5.0 points with 1 choice the computer would not have made."


def test_no_agreement_count_when_no_decision_matched():
    # the categories already say every choice differed: "0 of 2" says nothing more
    s = review([item(5.0, "mistake"), item(4.0, "mistake")]).summary()
    assert not [c for c in codes(s) if "agreement" in c]
