"""The lessons (game/practice/tutorial.py, game/practice/lessons/*.toml): each is solved by a
player who follows its goals and failed by one who makes a wrong move (told why: the engine's own
reason when the engine refuses the move); progress is saved and read back, a damaged progress
file never stops anything and is kept; a malformed lesson file names the file and the field."""

from __future__ import annotations

import json

import pytest

from ai.registry import make_seat
from game.engine.actions import KONG, PASS, PUNG, WIN, Discard
from game.engine.messages import Message
from game.engine.tiles import parse_tile
from game.i18n import TEXTS, text
from game.practice import tutorial
from game.practice.tutorial import (
    LessonError,
    LessonRun,
    lesson,
    lessons,
    load_lesson,
    load_progress,
    mark_done,
    save_progress,
)

IDS = [les.id for les in lessons()]


def right_move(run: LessonRun):
    """The move the step asks for."""
    s, d = run.step, run.decision
    if s.goal == "discard":
        return Discard(s.tile) if s.tile is not None else next(a for a in d.legal if isinstance(a, Discard))
    if s.goal in ("uper", "try_uper"):
        return Discard(s.tile, True) if s.tile is not None else next(
            a for a in d.legal if isinstance(a, Discard) and a.uper)
    if s.goal == "safe":
        safe = run.safe_kinds(s.against)
        return next(a for a in d.legal if isinstance(a, Discard) and not a.uper and a.tile in safe)
    return {"pung": PUNG, "kong": KONG, "pass": PASS, "win": WIN, "try_win": WIN}[s.goal]


def wrong_move(run: LessonRun):
    """A move the step does not ask for (legal when the player has a decision)."""
    s, d = run.step, run.decision
    if d is None:
        return Discard(parse_tile("1m"))  # nothing to decide: the engine refuses any move
    discards = [a for a in d.legal if isinstance(a, Discard) and not a.uper]
    if s.goal == "safe":
        safe = run.safe_kinds(s.against)
        return next(a for a in discards if a.tile not in safe)
    if s.goal in ("discard",):
        return next(a for a in discards if a.tile != s.tile)
    if s.goal in ("uper", "try_uper", "win", "try_win") and d.kind == "turn":
        return discards[0] if s.tile is None else Discard(s.tile)
    if s.goal == "kong":
        return PUNG
    return PASS if s.goal != "pass" else PUNG


def test_nine_lessons_in_order():
    assert [les.order for les in lessons()] == list(range(1, 10))
    assert IDS[0] == "tiles" and IDS[-1] == "whole_hand"


def solve(run: LessonRun) -> None:
    """Follow every goal to the end of the lesson."""
    for _ in range(200):
        if run.finished:
            return
        s = run.step
        if s.goal in ("read", "watch"):
            assert run.next()
            continue
        if s.goal == "pick_tile":
            fb = run.pick(s.tile)
        elif s.goal == "pick_number":
            fb = run.pick(run.number_answer())
        elif s.goal == "play":
            me = make_seat("ai:beginner", seed=3)
            while run.state != "success":
                fb = run.act(me.act(run.decision))
                assert fb.ok, fb
        else:
            fb = run.act(right_move(run))
        assert fb.ok, (s.key, fb)
        assert run.state == "success"
        assert run.next()
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("lesson_id", IDS)
def test_a_player_who_follows_the_goals_completes_the_lesson(lesson_id):
    run = LessonRun(lesson(lesson_id))
    solve(run)
    assert run.finished
    assert run.off_script() == [], "every scripted move of the other seats was legal"
    assert run.auto_passed == 0, "no claim came to the player that the lesson did not plan"


@pytest.mark.parametrize("lesson_id", IDS)
def test_a_wrong_move_is_explained_and_the_step_can_be_tried_again(lesson_id):
    """At every step with a goal, a wrong move first: it is not played, it is explained, and the
    right move then completes the step."""
    run = LessonRun(lesson(lesson_id))
    checked = 0
    for _ in range(200):
        if run.finished:
            break
        s = run.step
        if s.goal in ("read", "watch", "play"):
            if s.goal == "play":
                held = set(run.decision.observation.concealed)
                fb = run.act(Discard(next(k for k in range(25) if k not in held)))  # not held
                assert not fb.ok and fb.engine and fb.reason is not None
                break
            run.next()
            continue
        events = len(run.table.events) if run.table is not None else 0
        if s.goal == "pick_tile":
            fb = run.pick(next(k for k in s.choices if k != s.tile))
        elif s.goal == "pick_number":
            fb = run.pick(next(n for n in s.choices if n != run.number_answer()))
        else:
            fb = run.act(wrong_move(run))
        assert not fb.ok and run.state == "wrong", s.key
        assert (fb.engine and fb.reason is not None) or fb.key == s.explain, s.key
        if run.table is not None:
            assert len(run.table.events) == events, "a wrong move is never played"
        run.retry()
        assert run.state == "doing" and run.feedback is None
        checked += 1
        if s.goal == "pick_tile":
            fb = run.pick(s.tile)
        elif s.goal == "pick_number":
            fb = run.pick(run.number_answer())
        else:
            fb = run.act(right_move(run))
        assert fb.ok, (s.key, fb)
        run.next()
    assert checked or lesson_id in ("ritual", "whole_hand")


@pytest.mark.parametrize("lesson_id, step, code", [
    ("two_points", 3, "win.chicken"),   # a chicken hand: one basic point
    ("sacred", 2, "sacred.sd3"),        # the stem tile forced out after uper
    ("uper", 2, "uper.cheap_waits"),    # 2 points even on a discard
])
def test_the_refusals_the_lessons_show_are_the_engines_own(lesson_id, step, code):
    run = LessonRun(lesson(lesson_id))
    while run.index + 1 < step:
        if run.step.goal in ("read", "watch"):
            run.next()
        else:
            assert run.act(right_move(run)).ok
            run.next()
    fb = run.act(right_move(run))
    assert fb.ok and fb.engine
    assert isinstance(fb.reason, Message) and fb.reason.code == code


def test_a_wrong_uper_is_refused_with_the_engines_reason():
    """Lesson 6, step 3 (declare a legal uper): uper with the 8p is refused by the engine, and
    the player is told the engine's reason, not the lesson's."""
    run = LessonRun(lesson("uper"))
    run.next()
    run.act(Discard(parse_tile("8p"), True))
    run.next()
    fb = run.act(Discard(parse_tile("8p"), True))
    assert not fb.ok and fb.engine and fb.reason.code == "uper.cheap_waits"
    fb = run.act(Discard(parse_tile("9m")))  # a plain discard: the lesson explains
    assert not fb.ok and not fb.engine and fb.key == "lesson.uper.3.explain"


def test_the_defender_is_told_what_the_engine_knows_about_an_unsafe_discard():
    run = LessonRun(lesson("sacred"))
    while run.step.goal != "safe":
        if run.step.goal in ("read", "watch"):
            run.next()
        else:
            run.act(right_move(run))
            run.next()
    assert run.safe_kinds(2) >= {parse_tile("2m"), parse_tile("5m"), parse_tile("8m")}
    fb = run.act(Discard(parse_tile("7p")))  # West's real wait
    assert fb.extra is not None and fb.extra.code == "tutorial.would_win"
    fb = run.act(Discard(parse_tile("7z")))  # an honour: likely safe, but not certainly
    assert fb.extra is not None and fb.extra.code == "tutorial.not_safe"
    assert run.act(Discard(parse_tile("5m"))).ok


def test_the_scoring_quiz_answer_is_the_engines_score():
    run = LessonRun(lesson("scoring"))
    solve_until = "pick_number"
    while run.step.goal != solve_until:
        if run.step.goal in ("read", "watch"):
            run.next()
        else:
            run.act(right_move(run))
            run.next()
    win = run.table.result.winners[0].result
    assert run.number_answer() == win.total == 17
    assert run.number_answer() in run.step.choices
    assert {y.key for y in win.yak} >= {"korean_dora", "uper", "all_simples"}


def test_every_lesson_text_is_registered_and_translated():
    for les in lessons():
        keys = [les.title] + [k for s in les.steps for k in (s.key, s.explain, s.after) if k]
        for k in keys:
            assert TEXTS[k].domain == "practice"
            ko = text(k, "ko")
            assert ko and ko != TEXTS[k].english, f"{k} has no Korean"


# --- progress --------------------------------------------------------------------------------------

def test_progress_is_saved_and_read_back(tmp_path):
    p = tmp_path / "data" / "lessons.json"
    assert load_progress(p).done == frozenset()
    mark_done("tiles", p)
    mark_done("uper", p)
    got = load_progress(p)
    assert got.done == {"tiles", "uper"} and got.problem is None
    assert json.loads(p.read_text())["done"] == ["tiles", "uper"]
    assert [f.name for f in p.parent.iterdir()] == ["lessons.json"], "no temporary file is left"


def test_the_default_progress_file_is_in_the_user_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path))
    mark_done("claims")
    assert load_progress().done == {"claims"}
    assert (tmp_path / "lessons.json").is_file()


@pytest.mark.parametrize("content", [b"{not json", b'{"done": "tiles"}', b"\xff\xfe", b"[]"])
def test_a_damaged_progress_file_is_ignored_and_kept_before_it_is_written_over(tmp_path, content):
    p = tmp_path / "lessons.json"
    p.write_bytes(content)
    got = load_progress(p)
    assert got.done == frozenset() and got.problem
    mark_done("tiles", p)
    assert load_progress(p).done == {"tiles"}
    kept = [f for f in tmp_path.iterdir() if f.name.startswith("lessons.json.bad-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_a_progress_file_that_cannot_be_written_is_not_fatal(tmp_path):
    folder = tmp_path / "lessons.json"
    folder.mkdir()  # a folder where the file should be
    assert load_progress(folder).problem
    assert save_progress({"tiles"}, folder) is False
    assert mark_done("tiles", folder).done == {"tiles"}  # this session still knows


# --- malformed lesson files ----------------------------------------------------------------------

GOOD = '''
id = "demo"
order = 1
title = "Demo"
[table]
player = "E"
hands = { E = "123456789m23p55z1z" }
[[steps]]
goal = "discard"
tile = "1z"
text = "Discard the East wind."
explain = "The East wind."
'''


def write(tmp_path, text: str):
    p = tmp_path / "demo.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_a_good_lesson_file_loads(tmp_path):
    les, texts = load_lesson(write(tmp_path, GOOD))
    assert les.id == "demo" and les.steps[0].position is not None
    assert texts["lesson.demo.1"] == "Discard the East wind."


@pytest.mark.parametrize("change, where", [
    (lambda t: t.replace('title = "Demo"\n', ""), "title"),                    # a missing field
    (lambda t: t.replace('123456789m23p55z1z', '12345678x'), "table.hands.E"),  # bad notation
    (lambda t: t.replace('goal = "discard"', 'goal = "chow"'), "steps[1].goal"),  # unknown goal
    (lambda t: t.replace('tile = "1z"', 'tile = "1z2z"'), "steps[1].tile"),
    (lambda t: t.replace('explain = "The East wind."\n', ""), "steps[1].explain"),
    (lambda t: t.replace('player = "E"', 'player = "X"'), "table.player"),
    (lambda t: t.replace('23p55z1z', '23p55z1z1z'), "table"),                 # 15 tiles dealt
    (lambda t: t + "[[steps]]\ngoal = \"read\"\n", "steps[2].text"),
    (lambda t: t.replace("[table]", "[table]\nrules = { ante = -3 }"), "table.rules"),
    (lambda t: t.replace("order = 1", "order = \"first\""), "order"),
    (lambda t: "nonsense = 1\n" + t, "nonsense"),
    (lambda t: t.replace('id = "demo"', 'id = "demo'), "file"),                 # not TOML
])
def test_a_malformed_lesson_names_the_file_and_the_field(tmp_path, change, where):
    p = write(tmp_path, change(GOOD))
    with pytest.raises(LessonError) as e:
        load_lesson(p)
    assert e.value.field == where
    assert str(e.value).startswith(f"lesson demo.toml: {where}: ")


def test_a_malformed_shipped_lesson_is_reported_when_the_lessons_are_asked_for(monkeypatch):
    monkeypatch.setattr(tutorial, "_ERRORS", [LessonError("broken.toml", "steps", "missing")])
    with pytest.raises(LessonError, match=r"broken\.toml: steps: missing"):
        lessons()
