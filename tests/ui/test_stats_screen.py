"""The statistics screen: reached from the title, the numbers of the records, the chart."""

import datetime as dt

import pygame
import pytest

from ai.random_seat import RandomSeat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.practice.stats import Stats, statistics
from game.records import RecordWriter
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.title import ENTRIES, TitleScene
from game.ui.widgets import GOLD


@pytest.fixture
def app(make_app):
    return make_app((1280, 800))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def play_sessions(n=3, hands=2):
    for i in range(n):
        w = RecordWriter(Session(RuleSet(), seed=40 + i, hands=hands), human=0,
                         now=dt.datetime(2026, 11, 1 + i, tzinfo=dt.UTC))
        w.play([RandomSeat(i * 4 + s) for s in range(4)])


def gold_pixels(surface, rect):
    sub = surface.subsurface(rect)
    return sum(1 for y in range(0, rect.h, 2) for x in range(0, rect.w, 2)
               if all(abs(a - b) < 30 for a, b in zip(sub.get_at((x, y))[:3], GOLD)))


def test_the_title_opens_statistics_and_esc_returns(app):
    app.push(TitleScene(app))
    title = app.top
    assert title.enabled["statistics"]
    title.focus = ENTRIES.index("statistics")
    app.step([key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.top, StatsScene)
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert app.top is title


def test_the_numbers_come_from_the_records(app):
    play_sessions()
    s = StatsScene(app)
    app.push(s)
    app.step([], 0.016)
    want = statistics()
    assert s.stats.hands == want.hands == 6 and s.stats.sessions == 3
    rows = {label: value for label, value, _ in s.rows()}
    assert rows["Hands played"] == "6"
    assert rows["Win rate"] == f"{want.win_rate:.1%}"
    assert rows["Points per hand"] == f"{want.points_per_hand:+.1f}"


def test_the_chart_draws_the_running_score(app):
    stats = Stats(sessions=2, hands=4, wins=2, deal_ins=1, upers=1, wins_after_uper=1, points=10,
                  points_in_wins=30, yak={"seven_pairs": 2})
    from game.practice.stats import SeriesPoint
    series = tuple(SeriesPoint(s, f"r{s}", None, h, p, t) for s, h, p, t in
                   ((0, 1, 20, 20), (0, 2, -10, 10), (1, 1, 10, 20), (1, 2, -10, 10)))
    stats = Stats(**{**stats.__dict__, "series": series, "session_totals": (("r0", 10), ("r1", 0))})
    s = StatsScene(app, stats=stats)
    app.push(s)
    app.step([], 0.016)
    chart = s.geometry()["chart"]
    assert gold_pixels(app.canvas, chart) > 40
    rows = {label: value for label, value, _ in s.rows()}
    assert rows["Most frequent yak"].startswith("Seven pairs")
    assert rows["Win rate"] == "50.0%" and rows["Wins after uper"] == "100.0%"
    empty = StatsScene(app, stats=Stats.empty())
    app.replace(empty)
    app.step([], 0.016)
    assert gold_pixels(app.canvas, chart) < 5  # no line without hands


def test_korean_labels(app):
    app.settings = app.settings.replace(language="ko")
    s = StatsScene(app, stats=Stats.empty())
    app.push(s)
    app.step([], 0.016)
    assert s.rows()[1][0] == "판 수"


@pytest.mark.parametrize(("win", "deal_in", "win_colour", "deal_in_colour"), [
    (0.056, 0.30, "red", "red"),      # the 5.6 % is not "good" green
    (0.20, 0.14, "white", "white"),   # ordinary play is plain
    (0.31, 0.06, "green", "green"),
])
def test_rate_colours_mean_what_they_say(app, win, deal_in, win_colour, deal_in_colour):
    from game.ui.scenes import stats as stats_scene
    from game.ui.widgets import RED_TEXT, WHITE

    colours = {"red": RED_TEXT, "white": WHITE, "green": stats_scene.GREEN}
    s = StatsScene(app)
    hands = 1000
    s.stats = Stats(sessions=10, hands=hands, wins=round(win * hands),
                    deal_ins=round(deal_in * hands), upers=0, wins_after_uper=0, points=0,
                    points_in_wins=0)
    rows = {label: colour for label, _, colour in s.rows()}
    assert rows["Win rate"] == colours[win_colour]
    assert rows["Deal-in rate"] == colours[deal_in_colour]
