"""The heuristic seat keeps what depends on a hand alone (`ai.heuristic`: the shanten after
each discard and the improving draws by the hand's counts, `_plans` by the hand, the winds and
the dead value pairs), finds the danger model's calibration knots by bisection
(`ai.danger._calibrated_table`) and words a discard only when `explain()` asks. Here each is
checked against the fresh answer: the same hand asked again with other copies shown, other
slack and other legal discards; plans asked again with other unseen copies; the calibration
against `calibrated` itself; and a seat asked for its words late (after the events that
followed its decision) against a twin asked at once."""

from __future__ import annotations

import random

from ai import heuristic as H
from ai.danger import CALIBRATION, UNCALIBRATED, _calibrated_table, calibrated
from ai.value import nearest_plan, plan_options
from game.engine.hand.shanten import shanten
from game.engine.melds import PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.table import Table
from game.engine.tiles import to_counts


def _fresh_choices(counts: list[int], melds: int, elsewhere: list[int], slack: int,
                   only: set[int] | None) -> list[tuple[int, int, tuple[int, ...], int]]:
    """`discard_choices` by its definition (as tests/ai/test_discard_choices.py has it)."""
    c = list(counts)
    rows = []
    for d in range(25):
        if c[d] and (only is None or d in only):
            c[d] -= 1
            rows.append((d, shanten(c, melds)))
            c[d] += 1
    if not rows:
        return []
    low = min(s for _, s in rows)
    out = []
    for d, s in rows:
        if s > low + slack:
            out.append((d, s, (), 0))
            continue
        c[d] -= 1
        kinds, unseen = [], 0
        for k in range(25):
            if c[k] < 4:
                c[k] += 1
                left = 4 - counts[k] - elsewhere[k]
                if shanten(c, melds) < s and left > 0:
                    kinds.append(k)
                    unseen += left
                c[k] -= 1
        c[d] += 1
        out.append((d, s, tuple(kinds), unseen))
    out.sort(key=lambda o: (o[1], -o[3], -len(o[2])))
    return out


def test_a_kept_hand_walk_answers_for_every_view_of_the_same_hand() -> None:
    rng = random.Random(5)
    for _ in range(150):
        melds = rng.choice((0, 0, 1, 2))
        wall = [k for k in range(25) for _ in range(4)]
        rng.shuffle(wall)
        counts = to_counts(wall[:14 - 3 * melds])
        for _ in range(3):  # the same hand again: kept walks, other copies shown
            elsewhere = [0] * 25
            for k in wall[14 - 3 * melds:14 - 3 * melds + rng.randrange(0, 40)]:
                elsewhere[k] += 1
            slack = rng.choice((0, 1, 2))
            only = set(rng.sample(range(25), 14)) if rng.random() < 0.3 else None
            got = [(o.discard, o.shanten, o.ukeire, o.unseen)
                   for o in H.discard_choices(counts, melds, elsewhere, slack, only)]
            assert got == _fresh_choices(counts, melds, elsewhere, slack, only)


def test_kept_plans_are_the_fresh_plans_for_every_unseen_count() -> None:
    rng = random.Random(6)
    for _ in range(300):
        melds: tuple[Meld, ...] = ()
        wall = [k for k in range(25) for _ in range(4)]
        rng.shuffle(wall)
        if rng.random() < 0.3:
            melds = (Meld(PUNG, wall.pop(), 1),)
        counts = to_counts(wall[:13 - 3 * len(melds)])
        if any(counts[m.tile] + 3 > 4 for m in melds):
            continue
        s = shanten(counts, len(melds))
        seat, prevalent = rng.randrange(4), rng.choice((None, 0, 1))
        concealed = not melds
        for _ in range(3):  # value pairs live, then some dead
            unseen = [rng.choice((0, 1, 2)) for _ in range(25)]
            options, pv, routes = H._plans(counts, melds, seat, prevalent, unseen, s, concealed)
            fresh = plan_options(counts, melds, seat=seat, prevalent=prevalent, unseen=unseen,
                                 shanten=s)
            assert options == fresh
            assert pv == nearest_plan(fresh, concealed, s)
            assert routes == H._routes(fresh)


def test_the_calibration_by_bisection_is_calibrated_itself() -> None:
    rng = random.Random(7)
    custom = ((0.01, 0.02), (0.1, 0.05), (0.4, 0.5))  # no origin: a weight 0 is mapped too
    for knots in (*CALIBRATION.values(), *UNCALIBRATED.values(), custom):
        for _ in range(200):
            w = [0.0 if rng.random() < 0.3 else rng.random() * 3 for _ in range(25)]
            scale, total = rng.choice((0.002, 0.2, 1.0, 2.2)), sum(w) or 1.0
            want = tuple(v if (v := calibrated(scale * x / total, knots)) < 0.95 else 0.95
                         for x in w)
            assert _calibrated_table(scale, w, total, knots) == want


def test_words_asked_late_are_the_words_of_the_decision() -> None:
    """Two expert seats with the same seed see the same events; one is asked why at once,
    the other only after the events its decision caused (and before its next one)."""
    for seed in (3, 8):
        t = Table(RuleSet(), seed=seed)
        seats = [H.HeuristicSeat("expert", seed=s) for s in range(4)]
        twin = H.HeuristicSeat("expert", seed=0)
        seen = 0
        late = None
        while t.result is None:
            for e in t.events[seen:]:
                for s in range(4):
                    seats[s].observe(e.visible_to(s))
                twin.observe(e.visible_to(0))
            seen = len(t.events)
            s, d = min(t.pending().items())
            if late is not None and s == 0:
                assert twin.explain() == late  # asked only now
                late = None
            a = seats[s].act(d)
            if s == 0:
                assert twin.act(d) == a
                late = seats[0].explain()
            t.submit(s, a)
