"""Review my game (game.practice.game_review): records where a player made a known blunder get
the verdict, a player who copied the reviewing AI gets full agreement, a damaged record is
reviewed up to its last valid line with its reason, and the cache is reused and invalidated.

The records are real games, seeded: the reviewed player is ``ai:expert`` (the reviewer) except
at the first chance of its blunder, when a test seat that may look at the live table (to find an
uper player's winning tile) plays the blunder instead. Seeds were picked where the blunder
happens; each test checks that it did."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from ai.heuristic import HeuristicSeat
from ai.registry import make_seat
from game.engine.actions import PASS, WIN, Discard
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice import game_review as gr
from game.practice.game_review import (
    GameReview,
    ReviewCancelled,
    ReviewSeatError,
    cache_path,
    review_record,
    verdict_of,
)
from game.records import RecordWriter, load_record

PLAYOUTS = 16


# ---------------------------------------------------------------------------- the blunders
def _deals_in(table, seat, action):
    """The seats that may win on `action`'s discard (the live table, copied)."""
    t = table.copy()
    t.submit(seat, action)
    return [o for o, d in t.pending().items() if o != seat and WIN in d.legal and WIN not in d.notes]


def deal_in(d, chosen, table):
    """Discard an uper player's winning tile while the AI's choice is safe."""
    if d.kind not in ("turn", "discard") or not isinstance(chosen, Discard):
        return None
    obs = d.observation
    upers = [o for o in range(4) if o != d.seat and obs.uper[o]]
    if not upers or _deals_in(table, d.seat, chosen):
        return None
    for a in d.legal:
        if isinstance(a, Discard) and not a.uper:
            hit = _deals_in(table, d.seat, a)
            if hit and all(o in upers for o in hit):
                return a
    return None


def pass_win(d, chosen, table):
    """Pass a legal win on a discard."""
    if d.kind == "claim" and WIN in d.legal and WIN not in d.notes:
        return PASS
    return None


def uper_instead(d, chosen, table):
    """Declare uper where the AI stays silent."""
    if d.kind == "turn" and isinstance(chosen, Discard) and not chosen.uper:
        up = Discard(chosen.tile, uper=True)
        if up in d.legal and up not in d.notes:
            return up
    return None


class Copycat:
    """``ai:expert``, except once: at the first decision where `blunder` says what to play."""

    name = "copycat"

    def __init__(self, blunder=None):
        self.ai = HeuristicSeat("expert")
        self.blunder = blunder
        self.table = None
        self.made = None  # (decision, the AI's choice, the blunder)

    def observe(self, e):
        self.ai.observe(e)

    def explain(self):
        return None

    def act(self, d):
        a = self.ai.act(d)
        if self.made is None and self.blunder is not None:
            b = self.blunder(d, a, self.table)
            if b is not None:
                self.made = (d, a, b)
                return b
        return a


def play(directory, seed, blunder=None, hands=1, human=0):
    """A record of `hands` hands: player 0 the copycat, the others ``ai:standard``."""
    cat = Copycat(blunder)
    writer = RecordWriter(Session(RuleSet(), seed=seed, hands=hands), directory=directory,
                          human=human, seat_kinds=["copycat", "ai", "ai", "ai"])

    def hook(table, event):
        cat.table = table

    writer.play([cat] + [make_seat("ai:standard", seed=seed * 4 + i) for i in (1, 2, 3)],
                on_event=hook)
    return writer.path, cat.made


def the_blunder(review, made):
    _d, ai_choice, blunder = made
    bad = review.disagreements()
    assert len(bad) == 1, [i.describe() for i in bad]
    item = bad[0]
    assert (item.chosen, item.suggested) == (blunder, ai_choice)
    return item


@pytest.mark.parametrize("seed, blunder, kind, category", [
    (6, deal_in, "discard", "defence"),        # an uper player's winning tile, a safe tile held
    (19, pass_win, "win", "offence"),          # a win on a discard passed
])
def test_a_known_blunder_is_a_blunder(tmp_path, seed, blunder, kind, category):
    path, made = play(tmp_path, seed, blunder)
    assert made is not None, "the blunder was not made: pick another seed"
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    item = the_blunder(r, made)
    assert (item.kind, item.category) == (kind, category)
    assert item.verdict == "blunder"
    assert item.cost >= gr.THRESHOLDS["blunder"] and item.low > 0
    assert item.playouts >= 8 and set(item.figures) == {"chosen", "suggested"}
    f = item.figures
    assert f["suggested"].mean_points - f["chosen"].mean_points == pytest.approx(item.cost)
    if blunder is deal_in:
        assert f["chosen"].deal_in_rate == 1.0  # the uper player keeps his hand: he wins on it
    # the summary counts it: one decision lost, the rest agreed
    assert r.decisions - r.agreed == 1 and r.agreement < 1.0
    assert r.points_lost == pytest.approx(item.cost)
    assert r.by_category()[category].points_lost == pytest.approx(item.cost)
    assert r.points_lost_per_hand == pytest.approx(item.cost / r.hands)
    assert r.points_lost_interval == pytest.approx((item.low, item.high))  # one decision
    assert r.items[0] is item  # worst first


def test_uper_where_the_playouts_say_silent_is_a_costly_mistake(tmp_path):
    # 11557m5566889p55z discarding 7m, 14 tiles left: declared, the hand is frozen on its
    # one wait; silent, it keeps improving (the seed was found by search: an AI change that
    # makes the expert declare here itself moves it; the assertion below says so. Seed 104
    # until issue 34 made ai:standard, who plays the other seats, a weaker player)
    path, made = play(tmp_path, 134, uper_instead)
    assert made is not None
    r = review_record(path, playouts=48, workers=1, cache=False)
    item = the_blunder(r, made)
    assert (item.kind, item.category) == ("uper", "uper")
    assert item.chosen.uper and not item.suggested.uper and item.chosen.tile == item.suggested.tile
    # its whole interval is a loss (48 playouts: with the hidden tiles dealt from a sorted pool,
    # 24 left the interval across zero); how large it is decides mistake or blunder
    assert item.low > 0 and item.verdict in ("mistake", "blunder")
    f = item.figures
    assert f["suggested"].win_rate > f["chosen"].win_rate


def test_copying_the_reviewer_is_full_agreement_and_needs_no_playouts(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(gr, "_playout", lambda *a: calls.append(a))
    path, _ = play(tmp_path, 3, hands=3)
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    assert r.decisions >= 10 and r.agreed == r.decisions and r.agreement == 1.0
    assert r.points_lost == 0.0 and r.playouts_run == 0 and calls == []
    assert all(i.verdict == "fine" and i.cost == 0 for i in r.items)
    assert r.hands == 3 and r.complete and r.reason is None
    assert "discard" in {i.kind for i in r.items}
    # the items say where they were made
    rec = load_record(path)
    for i in r.items[:5]:
        hand = rec.hands[i.hand - 1]
        table = hand.table(i.actions_before)
        assert len(table.events) == i.events_before
        assert table.pending()[i.seat].observation.concealed == i.concealed
        assert hand.actions[i.actions_before][2] == i.chosen


def test_the_reviewer_sees_only_the_players_view(tmp_path, monkeypatch):
    """Every event the reviewing AI is shown is as the player saw it (other hands hidden)."""
    shown = []
    real = HeuristicSeat.observe

    def spy(self, e):
        shown.append(e)
        real(self, e)

    path, _ = play(tmp_path, 3)
    rec = load_record(path)
    seat = rec.hands[0].player_at_seat().index(0)
    monkeypatch.setattr(HeuristicSeat, "observe", spy)
    review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    table = rec.hands[0].table()
    assert shown and all(e == table.events[k].visible_to(seat) for k, e in enumerate(shown))
    assert any(e != table.events[k] for k, e in enumerate(shown))  # something was hidden


def test_the_result_does_not_depend_on_the_number_of_workers(tmp_path):
    path, _made = play(tmp_path, 6, deal_in)
    one = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    try:
        two = review_record(path, playouts=PLAYOUTS, workers=2, cache=False)
    finally:
        gr._drop_pool(2)  # no idle processes left behind
    strip = {"seconds", "workers"}
    a = {k: v for k, v in one.to_json().items() if k not in strip}
    b = {k: v for k, v in two.to_json().items() if k not in strip}
    assert a == b


def test_a_playout_that_fails_leaves_its_decision_unmeasured(tmp_path, monkeypatch):
    path, _made = play(tmp_path, 6, deal_in)

    def broken(*a):
        raise RuntimeError("a bug in a playout")

    monkeypatch.setattr(gr, "_playout", broken)
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    item = r.disagreements()[0]
    assert item.verdict == "unclear" and not item.measured and item.cost == 0
    assert "a bug in a playout" in str(item.note) and "not measured" in str(item.describe())
    assert r.points_lost == 0 and r.playouts_run == 0 and r.agreement < 1


# ---------------------------------------------------------------------------- damaged records
def test_a_damaged_record_is_reviewed_up_to_its_last_valid_line(tmp_path):
    path, _made = play(tmp_path, 6, deal_in)
    whole = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    lines = path.read_bytes().split(b"\n")
    cut = whole.items[0].line - 1  # the lines before the blunder, and half of its line
    damaged = tmp_path / "cut.jsonl"
    damaged.write_bytes(b"\n".join(lines[:cut - 1]) + b"\n" + lines[cut - 1][:20])
    rec = load_record(damaged)
    assert rec.reason is not None
    r = review_record(damaged, playouts=PLAYOUTS, workers=1, cache=False)
    assert r.reason == rec.reason and not r.complete
    assert r.items and all(i.line < cut for i in r.items)
    assert r.agreement == 1.0  # the blunder is past the damage
    assert r.decisions == sum(1 for i in whole.items if i.line < cut - 1)


def test_an_action_the_engine_refuses_ends_the_review_at_its_line(tmp_path):
    path, _ = play(tmp_path, 3)
    lines = path.read_text().splitlines()
    rec = load_record(path)
    seat = rec.hands[0].player_at_seat().index(0)
    no, _, _a = [x for x in rec.hands[0].actions if x[1] == seat][5]
    held = set(rec.hands[0].table([x[0] for x in rec.hands[0].actions].index(no))
               .pending()[seat].observation.concealed)
    wrong = next(k for k in range(25) if k not in held)
    line = json.loads(lines[no - 1])
    line["action"] = Discard(wrong).to_json()
    lines[no - 1] = json.dumps(line)
    bad = tmp_path / "illegal.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    r = review_record(bad, playouts=PLAYOUTS, workers=1, cache=False)
    assert r.reason is not None and r.reason.code == "record.at_line" and r.reason["line"] == no
    assert not r.complete and all(i.line < no for i in r.items) and len(r.items) == 5


def test_who_is_reviewed(tmp_path):
    path, _ = play(tmp_path, 3, human=None)
    with pytest.raises(ReviewSeatError) as e:
        review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    assert e.value.message.code == "game_review.no_human"
    with pytest.raises(ReviewSeatError):
        review_record(path, 4, playouts=PLAYOUTS, workers=1, cache=False)
    r = review_record(path, 2, playouts=8, workers=1, cache=False)
    assert r.player == 2 and r.player_name == "P3" and r.decisions > 0


def test_cancel_stops_the_review_and_keeps_nothing(tmp_path):
    path, _ = play(tmp_path, 6, deal_in)
    stop = threading.Event()
    seen = []

    def progress(p):
        seen.append(p)
        if p.stage == "playouts":
            stop.set()

    with pytest.raises(ReviewCancelled):
        review_record(path, playouts=PLAYOUTS, workers=1, progress=progress, cancel=stop)
    assert not cache_path(path).exists()
    assert seen[0].stage == "decisions" and 0 <= seen[0].fraction <= seen[-1].fraction <= 1


# ---------------------------------------------------------------------------- the cache
def test_the_cache_is_reused_and_invalidated(tmp_path, monkeypatch):
    path, _made = play(tmp_path, 6, deal_in)
    calls = []
    real = gr._playout

    def counted(*a):
        calls.append(1)
        return real(*a)

    monkeypatch.setattr(gr, "_playout", counted)
    first = review_record(path, playouts=PLAYOUTS, workers=1)
    assert not first.cached and first.playouts_run == len(calls) > 0
    assert cache_path(path).is_file() and cache_path(path).name == path.name + ".review.json"
    # again: from the cache, no playout
    n = len(calls)
    again = review_record(path, playouts=PLAYOUTS, workers=1)
    assert again.cached and again.playouts_run == 0 and len(calls) == n
    assert again.to_json()["items"] == first.to_json()["items"]
    assert again.items[0].why == first.items[0].why and again.reason == first.reason
    # other settings are another review (kept beside the first)
    other = review_record(path, playouts=PLAYOUTS + 1, workers=1)
    assert not other.cached and len(calls) > n
    assert review_record(path, playouts=PLAYOUTS, workers=1).cached
    # a new version of the program invalidates it
    n = len(calls)
    import game
    monkeypatch.setattr(game, "__version__", "99.0")
    assert not review_record(path, playouts=PLAYOUTS, workers=1).cached and len(calls) > n
    monkeypatch.undo()
    monkeypatch.setattr(gr, "_playout", counted)
    # a changed record invalidates it
    n = len(calls)
    path.write_bytes(path.read_bytes() + b"\n")
    changed = review_record(path, playouts=PLAYOUTS, workers=1)
    assert not changed.cached and len(calls) > n
    assert changed.sha256 != first.sha256


@pytest.mark.parametrize("garbage", [b"", b"{", b"[]", b'{"format": 1, "sha256": 3}',
                                     b"\xff\xfe", b"[" * 100000])
def test_a_damaged_cache_is_ignored_and_rebuilt(tmp_path, garbage):
    path, _ = play(tmp_path, 3)
    cache_path(path).write_bytes(garbage)
    r = review_record(path, playouts=PLAYOUTS, workers=1)
    assert not r.cached and r.agreement == 1.0
    assert review_record(path, playouts=PLAYOUTS, workers=1).cached


def test_a_cache_entry_that_does_not_read_back_is_rebuilt(tmp_path):
    path, _ = play(tmp_path, 3)
    review_record(path, playouts=PLAYOUTS, workers=1)
    data = json.loads(cache_path(path).read_text())
    for entry in data["reviews"].values():
        entry["items"][0]["verdict"] = "superb"
    cache_path(path).write_text(json.dumps(data))
    assert not review_record(path, playouts=PLAYOUTS, workers=1).cached


def test_json_round_trip(tmp_path):
    path, _made = play(tmp_path, 6, deal_in)
    r = review_record(path, playouts=PLAYOUTS, workers=1, cache=False)
    back = GameReview.from_json(json.loads(json.dumps(r.to_json())))
    assert back.to_json() == r.to_json()
    j = r.to_json()
    assert j["player"] == 1 and j["reviewer"] == "ai:expert" and j["decisions"] == len(j["items"])
    assert set(j["by_category"]) == set(gr.CATEGORIES)
    assert j["items"][0]["verdict"] == "blunder" and j["items"][0]["text"]


def test_the_reviewer_is_the_strongest_registered(monkeypatch):
    from ai import registry

    assert gr.default_reviewer() == "ai:expert"  # ai:master searches: not for reviews
    monkeypatch.setattr(registry, "LEVELS", (*registry.LEVELS, "ai:grandmaster"))
    monkeypatch.setitem(registry.SEATS, "ai:grandmaster", registry.SEATS["ai:expert"])
    assert gr.default_reviewer() == "ai:grandmaster"


@pytest.mark.parametrize("cost, low, high, want", [
    (0.0, 0.0, 0.0, "fine"),
    (0.9, -1.0, 2.9, "fine"),
    (0.9, -1.0, 3.0, "unclear"),     # a mistake is not ruled out
    (1.5, 0.1, 2.9, "inaccuracy"),
    (1.5, -0.1, 2.9, "unclear"),     # not shown worse at all
    (5.0, 1.0, 9.0, "mistake"),
    (8.0, 0.5, 15.5, "blunder"),
    (-4.0, -8.0, -0.5, "fine"),      # the player's choice did better
])
def test_verdicts(cost, low, high, want):
    assert verdict_of(cost, low, high) == want


def test_records_of_nothing_to_review(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(ReviewSeatError):
        review_record(empty, workers=1)
    with pytest.raises(FileNotFoundError):
        review_record(tmp_path / "missing.jsonl", workers=1)
    assert isinstance(cache_path(Path("a/b.jsonl")), Path)
