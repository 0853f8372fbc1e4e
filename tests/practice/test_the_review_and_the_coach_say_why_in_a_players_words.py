"""The decision board's reason line speaks a player's words (issue 33, "the reason in plain
words"), from the same maker as the live coach's line (`game.practice.plain_reasons`).

It said the program's shorthand ("The computer: discard East wind: shanten 1, 9 tiles accepted,
plan concealed + seven pairs"). Now, where the player chose otherwise and the two choices show
why, it says that as the live coach does ("it is safe against West"), else the computer's own
note made plain ("1 tile from ready, 9 tiles help; aims at a concealed hand with seven pairs");
the program's note stays on demand (the figures toggle, the HTML's hover). The board's own line
on seeded records: tests/ui/test_the_review_board_says_why_in_a_players_words.py.
"""

from __future__ import annotations

import re

from ai.heuristic import ACCEPTED, DISCARD, FAR, FOLDING, PASS_VALUE, READY_ON, HeuristicSeat
from ai.value import PLANS
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.i18n import render
from game.practice import live_coach as lc
from game.practice import plain_reasons as pr

#: the program's words a player should not read in the reason line
PROGRAM = re.compile(r"shanten|accepted|\bplan\b|value \d|danger \d|샹텐|유효패|계획 |가치 \d",
                     re.IGNORECASE)


def test_the_computers_note_is_said_in_a_players_words():
    note = DISCARD(tile=27, why=FAR(n=1, accepted=9, plan=PLANS["concealed + seven pairs"]))
    plain = pr.plain_note(note)
    assert plain == pr.AIMS(what=pr.HELP(away=pr.AWAY(n=1), n=9),
                            plan=pr.CONCEALED_WITH(plan=PLANS["seven pairs"]))
    assert render(plain, "en") == \
        "1 tile from ready, 9 tiles help; aims at a concealed hand with seven pairs"
    assert render(plain, "ko") == "대기까지 1장, 도움 되는 패 9장; 노리는 역: 문전과 칠대자"
    # shape only: no plan to aim at; ready: how many winning tiles are still out there
    assert pr.plain_note(ACCEPTED(n=2, accepted=1)) == pr.HELP(away=pr.AWAY(n=2), n=1)
    assert render(pr.plain_note(ACCEPTED(n=2, accepted=1)), "en") == \
        "2 tiles from ready, 1 tile helps"
    assert pr.plain_note(DISCARD(tile=3, why=READY_ON(n=1))) == pr.READY_ON(n=1)
    assert pr.plain_note(FOLDING(why=ACCEPTED(n=3, accepted=20))) == pr.FOLDING()
    assert pr.plain_note(PASS_VALUE(why=READY_ON(n=4), value=3.0)) == \
        pr.PASS_BETTER(why=pr.READY_ON(n=4))


class _Notes(HeuristicSeat):
    """``ai:expert`` keeping every note it wrote."""

    def __init__(self, notes):
        super().__init__("expert")
        self.notes = notes

    def act(self, d):
        a = super().act(d)
        self.notes.append(self.explain())
        return a


def test_every_note_of_the_reviewing_computer_in_real_games_reads_plainly_in_both_languages():
    notes: list = []
    for seed in (1, 2):
        play_session(Session(RuleSet(), seed=seed, hands=1), [_Notes(notes) for _ in range(4)])
    codes = {n.code for n in notes if n is not None}
    assert {"ai.discard", "ai.pass_value"} <= codes  # the game had turns and claims
    for note in notes:
        plain = pr.plain_note(note)
        assert plain is not None, note
        for lang in ("en", "ko"):
            text = render(plain, lang)
            assert not PROGRAM.search(text), (note, text)
            assert "{" not in text, text


def test_the_live_coach_and_the_review_share_one_maker():
    assert lc.WHY_CLOSER is pr.WHY_CLOSER and lc.WHY_JUDGED is pr.WHY_JUDGED
    assert lc.reason.__module__ == lc.__name__  # a wrapper of the shared maker, not a copy
    assert not hasattr(lc, "_discard_reason") and not hasattr(lc, "_call_cost")


def test_where_the_choices_show_no_reason_the_coach_says_the_experts_note_plainly():
    from ai.heuristic import WIN_ON_DISCARD
    from game.engine.actions import PASS, WIN
    from game.engine.table import Table

    d = Table(RuleSet(), seed=1).pending()[0]
    # a passed win: the two choices themselves say nothing the coach can measure
    assert pr.versus(d.observation, PASS, WIN) == pr.WHY_JUDGED()
    assert lc.judge(d, PASS, WIN) == lc.INSTEAD(action=WIN, why=pr.WHY_JUDGED())
    line = lc.judge(d, PASS, WIN, note=WIN_ON_DISCARD())
    assert line == lc.INSTEAD(action=WIN, why=pr.WINS_DISCARD())
    assert render(line, "en").endswith(": it wins on the discard")


def test_the_coach_keeps_the_experts_note_while_it_thinks():
    from game.engine.table import Table

    t = Table(RuleSet(), seed=1)
    d = t.pending()[0]
    coach = lc.LiveCoach(threaded=False)
    coach.open(d, t.events, 0)
    v = coach.current
    assert v is not None and v.suggested is not None
    assert v.note is not None and v.note.code.startswith("ai.")
    assert pr.plain_note(v.note) is not None
