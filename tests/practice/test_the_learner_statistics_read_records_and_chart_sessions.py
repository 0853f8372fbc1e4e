"""The learner's statistics (`game.practice.stats`): no records are all zeros, whose records
count (the record's learner, else its first player), the chart's order of dates and names and
its last twenty sessions, and records already read used as they are."""

from __future__ import annotations

import datetime as dt
import json

from test_learner_numbers import HANDS_A, HANDS_B, _hand, _write

from game.practice.stats import Stats, statistics
from game.records import load_record

UTC = dt.UTC


def test_no_records_are_all_zeros_and_no_top_yak():
    empty = Stats.empty()
    assert statistics([]) == empty
    assert (empty.sessions, empty.hands, empty.wins, empty.deal_ins, empty.upers,
            empty.wins_after_uper, empty.points, empty.points_in_wins) == (0,) * 8
    assert (empty.win_rate, empty.deal_in_rate, empty.uper_rate, empty.win_rate_after_uper,
            empty.points_per_hand, empty.points_per_win) == (0.0,) * 6
    assert empty.top_yak is None and empty.series == () and empty.session_totals == ()


def _one_hand(n: int, points: int) -> list[list[dict]]:
    """One finished hand in which player 0 (East) gets `points` from South."""
    return [_hand(n, (0, 1, 2, 3), (points, -points, 0, 0))]


def test_an_unknown_player_name_means_the_records_learner(tmp_path):
    a = _write(tmp_path / "a.jsonl", "2026-05-01T10:00:00+00:00", 0, HANDS_A)
    assert statistics([a], player="nobody") == statistics([a]) == statistics([a], player="me")


def test_a_record_without_a_learner_counts_for_its_first_player(tmp_path):
    path = _write(tmp_path / "a.jsonl", "2026-05-01T10:00:00+00:00", 0, _one_hand(1, 7))
    lines = path.read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    del header["human"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", "utf-8")
    assert load_record(path).human is None
    st = statistics([path])
    assert (st.hands, st.points) == (1, 7)  # player 0's points, not player 1's (-7)


def _dated(tmp_path, name: str, created, points: int):
    path = _write(tmp_path / name, "x", 0, _one_hand(1, points))
    lines = path.read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    header["created"] = created
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", "utf-8")
    return path


def test_the_chart_orders_undated_then_naive_and_aware_times_as_utc_then_names(tmp_path):
    """A record without a readable date (empty, not a date) is the oldest, dated
    1970-01-01 UTC; a date without a zone is UTC; records of the same time go by file name."""
    recs = [
        _dated(tmp_path, "e.jsonl", "2026-05-02T09:00:00+00:00", 5),    # 09:00 UTC
        _dated(tmp_path, "d.jsonl", "2026-05-02T08:30:00", 4),          # naive: 08:30 UTC
        _dated(tmp_path, "c.jsonl", "2026-05-02T10:00:00+02:00", 3),    # 08:00 UTC
        _dated(tmp_path, "b.jsonl", "", 2),                             # empty
        _dated(tmp_path, "a.jsonl", "yesterday", 1),                    # not a date
        _dated(tmp_path, "f.jsonl", "2026-05-02T09:00:00+00:00", 6),    # the same time as e
    ]
    st = statistics(recs)
    assert [p.hand_points for p in st.series] == [1, 2, 3, 4, 5, 6]
    assert [p.total for p in st.series] == [1, 3, 6, 10, 15, 21]
    assert [name for name, _ in st.session_totals] == [f"{c}.jsonl" for c in "abcdef"]
    epoch = dt.datetime(1970, 1, 1, tzinfo=UTC)
    assert [p.created for p in st.series[:2]] == [epoch, epoch]
    assert st.series[3].created == dt.datetime(2026, 5, 2, 8, 30, tzinfo=UTC)
    assert all(p.created.tzinfo is not None for p in st.series)


def test_the_chart_shows_the_last_twenty_sessions_by_default_and_all_on_request(tmp_path):
    recs = [_dated(tmp_path, f"r{i:02d}.jsonl", f"2026-05-{i + 1:02d}T10:00:00+00:00", i)
            for i in range(21)]
    st = statistics(recs)
    assert st.sessions == 21 and st.hands == 21 and st.points == sum(range(21))
    assert len(st.session_totals) == 20 and st.session_totals[0] == ("r01.jsonl", 1)
    assert st.series[-1].total == sum(range(1, 21))  # the chart's total restarts at the oldest shown
    for everything in (None, 0):
        st = statistics(recs, last_sessions=everything)
        assert len(st.session_totals) == 21 and st.series[-1].total == sum(range(21))


def test_records_already_read_are_used_as_they_are(tmp_path):
    a = _write(tmp_path / "a.jsonl", "2026-05-01T10:00:00+00:00", 0, HANDS_A)
    b = _write(tmp_path / "b.jsonl", "2026-05-02T10:00:00+00:00", 2, HANDS_B)
    read = [load_record(a), load_record(b)]
    a.unlink()
    b.unlink()  # nothing to read again: the Record objects are enough
    st = statistics(read)
    assert st.sessions == 2 and st.hands == 7
