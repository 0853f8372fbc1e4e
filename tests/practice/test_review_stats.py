"""The practice review (costliest mistake first) and the statistics over a small record set."""

from __future__ import annotations

import datetime as dt

import pytest

from ai.registry import make_seat
from game.engine.actions import Discard
from game.engine.events import Discarded
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice.review import PracticeSession, UperDecision, review
from game.practice.stats import Stats, statistics
from game.practice.uper_practice import Comparison, OptionResult, PracticeOption
from game.records import RecordWriter, load_record


def _cmp(means: dict[str, float], n: int = 100, spread: float = 1.0) -> Comparison:
    results = []
    for k, m in means.items():
        s = m * n
        sq = n * (m * m + spread * spread)  # variance ~ spread^2
        results.append(OptionResult(k, n, n // 3, 0, s, sq))
    offered = tuple(PracticeOption(k, Discard(0, k == "uper"), True, True) for k in means)
    return Comparison(None, offered, tuple(results), 0.1)  # type: ignore[arg-type]


def test_review_orders_the_costliest_mistake_first():
    decisions = [
        UperDecision(1, "a", "uper", _cmp({"uper": 5.0, "silent": 4.0, "fold": -1.0})),  # best
        UperDecision(2, "b", "fold", _cmp({"uper": 6.0, "silent": 2.0, "fold": -3.0})),  # 9
        UperDecision(3, "c", "silent", _cmp({"uper": 3.0, "silent": 1.0, "fold": 0.0})),  # 2
        UperDecision(4, "d", "silent", _cmp({"silent": 1.0, "fold": 1.5}, spread=10)),  # 0.5
    ]
    items = review(decisions)
    assert [i.index for i in items] == [2, 3, 4, 1]
    assert [i.cost for i in items] == [9.0, 2.0, 0.5, 0.0]
    assert [i.best for i in items] == ["uper", "uper", "fold", "uper"]
    assert items[0].mistake and items[0].clear
    assert items[2].mistake and not items[2].clear  # within the noise
    assert not items[3].mistake and "was the best choice" in str(items[3].lesson)
    assert "declare uper was better than fold by 9.0 points" in str(items[0].lesson)


def test_a_practice_session_refuses_an_illegal_uper_with_the_reason():
    from game.engine.table import Table, rig_wall
    from game.practice.uper_practice import position_from_table
    t = Table(RuleSet(flowers=False), seed=5, wall=rig_wall(["111m234m234p99p79p1z"] + [None] * 3))
    pos = position_from_table(t, 0)
    s = PracticeSession(playouts=10)
    with pytest.raises(ValueError, match="concealed only"):
        s.decide(pos, "uper")
    with pytest.raises(ValueError, match="unknown option"):
        s.decide(pos, "pray")
    c = s.decide(pos, "fold")
    items = review(s)
    assert len(items) == 1 and items[0].chosen == "fold"
    assert items[0].cost == pytest.approx(c.cost("fold"), abs=1e-3)
    # the review says who played the playouts
    assert c.opponents == s.opponents
    assert items[0].played_by == c.played_by and s.opponents in c.played_by
    assert "uper is against the rules here" in str(items[0].lesson)


@pytest.fixture(scope="module")
def record_set(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    out = []
    for _i, (seed, day) in enumerate([(21, 1), (22, 2)]):
        session = Session(RuleSet(), seed=seed, hands=4)
        w = RecordWriter(session, d, human=1,
                         now=dt.datetime(2026, 5, day, tzinfo=dt.UTC))
        w.play([make_seat("greedy", seed=seed * 4 + p) for p in range(4)])
        out.append((w.path, session))
    return d, out


def test_statistics_agree_with_the_sessions(record_set):
    d, played = record_set
    st = statistics(directory=d)
    p = 1  # the human
    assert st.sessions == 2
    assert st.hands == sum(s.stats[p].hands for _, s in played) == 8
    assert st.wins == sum(s.stats[p].wins for _, s in played)
    assert st.deal_ins == sum(s.stats[p].deal_ins for _, s in played)
    assert st.points == sum(s.scores[p] for _, s in played)
    upers = set()
    for i, (_, s) in enumerate(played):
        for e in s.events:
            if e.type == "hand_start":
                hand, seat = e.hand, e.players.index(p)
            if isinstance(e, Discarded) and e.uper and e.seat == seat:
                upers.add((i, hand))
    assert st.upers == len(upers)
    assert st.win_rate == pytest.approx(st.wins / 8)
    assert 0 <= st.win_rate_after_uper <= 1
    # the chart: oldest session first, running total ends at the total
    assert [x.session for x in st.series] == [0] * 4 + [1] * 4
    assert st.series[-1].total == st.points
    assert [n for n, _ in st.session_totals] == [played[0][0].name, played[1][0].name]
    if st.wins:
        assert st.top_yak is not None and st.top_yak[2] >= 1
    # another player, named
    st0 = statistics([path for path, _ in played], player=0)
    assert st0.points == sum(s.scores[0] for _, s in played)


def test_statistics_of_a_truncated_record_count_its_finished_hands(record_set, tmp_path):
    _, played = record_set
    path, session = played[0]
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    rec = load_record(path)
    end_of_hand_2 = rec.hands[1].events[-1][0]  # line number of hand 2's end
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:end_of_hand_2 + 5]), encoding="utf-8")
    st = statistics([cut])
    assert st.hands == 2
    # the human's payments in the first two hands, by his seat in each
    seats = [e.players.index(1) for e in session.events if e.type == "hand_start"]
    assert st.points == sum(session.results[i].payments[seats[i]] for i in range(2))
    assert Stats.empty().points_per_win == 0.0
