"""A long headless session without a log stays flat in memory (issue 10: `simulate` without
``--log`` grew by about 20 KB per hand, every hand's events and result kept in the Session).

Measured with tracemalloc, not time: the bytes allocated after hand 50 that are still held after
hand 250, through the path `simulate` takes (`play_session` with the invariant checks)."""

import gc
import sys
import tracemalloc

from ai.registry import make_seat
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session

SEATS = ["random"] * 4
# the shanten module memoises its pure functions per hand shape; those caches fill towards a
# fixed size and are not the session's history
CACHES = tracemalloc.Filter(False, "*/game/engine/hand/shanten.py")


def clear_memo_caches() -> int:
    """Empty the engine's bounded memo caches (`functools.lru_cache`: readings, uper verdicts):
    they fill towards their maxsize, by how many different hands were seen, and how full they
    get differs between Python versions and hash seeds (3.13 kept 71.6 KB here, 3.11 42 KB, all
    of it in these caches), so they would make the bound below depend on the interpreter rather
    than on the session's history. Returns how many caches were emptied."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("game.engine") or module is None:
            continue
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                value.cache_clear()
                emptied += 1
    return emptied


def retained_after(hands: int, start: int, **session_kw) -> tuple[int, Session]:
    """Bytes allocated from hand `start` on and still held once `hands` hands are played."""
    players = [make_seat(name, seed=1 * 4 + i) for i, name in enumerate(SEATS)]
    session = Session(RuleSet().replace(session_mode="hands"), 1, players=tuple(SEATS),
                      hands=hands, **session_kw)

    def on_event(table, event):
        check_table(table, event)
        if table.hand == start and not tracemalloc.is_tracing():
            gc.collect()
            tracemalloc.start(1)

    was_tracing = tracemalloc.is_tracing()
    assert not was_tracing, "another tracer is running"
    try:
        play_session(session, players, observe=True, on_event=on_event)
        assert clear_memo_caches() >= 3  # decompose and uper at least: the caches named above
        gc.collect()
        snap = tracemalloc.take_snapshot().filter_traces([CACHES])
    finally:
        tracemalloc.stop()
    return sum(st.size for st in snap.statistics("filename")), session


def test_a_session_without_history_holds_no_more_after_250_hands_than_after_50():
    held, session = retained_after(250, start=51, keep_history=False)
    assert session.hand_no == 250 and session.finished
    # today's history costs about 15 KB a hand (3 MB for these 200 hands); what is left is the
    # last hand's result and the session-end event
    assert held < 64 * 1024, f"{held} bytes retained over 200 hands"
    # the aggregates are all still there
    assert sum(session.endings.values()) == 250 and session.last_result is not None
    assert sum(session.scores) == 0 and all(st.hands == 250 for st in session.stats)
    assert [e.type for e in session.events] == ["session_start", "session_end"]
    assert session.results == []


def test_without_history_the_statistics_match_a_session_with_history():
    def play(**kw):
        players = [make_seat(name, seed=7 * 4 + i) for i, name in enumerate(SEATS)]
        s = Session(RuleSet().replace(session_mode="hands"), 7, players=tuple(SEATS), hands=12, **kw)
        return play_session(s, players, observe=True, on_event=check_table)

    full, lean = play(), play(keep_history=False)
    assert len(full.results) == 12 and len(full.events) > 12 * 50  # the default keeps it all
    assert lean.scores == full.scores
    assert [st.to_json() for st in lean.stats] == [st.to_json() for st in full.stats]
    endings: dict[str, int] = {}
    for r in full.results:
        endings[r.reason] = endings.get(r.reason, 0) + 1
    assert lean.endings == full.endings == endings
    assert lean.last_result is not None and lean.last_result == full.results[-1]
    assert lean.events[0].to_json() == full.events[0].to_json()
    assert lean.events[-1].to_json() == full.events[-1].to_json()


def test_simulate_without_a_log_keeps_no_hand_history():
    """The command line's headless session is the flat one (the CLI passes keep_history)."""
    from game.cli.simulate import simulate
    from game.engine.rules import RuleSet

    s = simulate(RuleSet(), 3, 20, ["random"] * 4)
    assert s.hand_no == 20 and sum(s.endings.values()) == 20
    assert [e.type for e in s.events] == ["session_start", "session_end"]
    assert s.results == []
