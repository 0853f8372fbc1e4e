"""The replay viewer and the records list: stepping, jumping, reveal, hints, damaged records,
pruning, and ``korean-mahjong replay FILE`` opening the window."""

import datetime as dt
import itertools

import pygame
import pytest

from ai.random_seat import RandomSeat
from game.cli import main
from game.engine.events import Discarded, Drew
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter, load_record, records_dir
from game.ui.scenes.replay_viewer import RecordsScene, ReplayViewerScene


@pytest.fixture
def app(make_app):
    return make_app()


def record(seed=3, hands=2, now=None):
    w = RecordWriter(Session(RuleSet(), seed=seed, hands=hands), human=0, now=now,
                     seat_kinds=("human", "random", "random", "random"))
    w.play([RandomSeat(seed * 10 + i) for i in range(4)])
    return w.path


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def board_bytes(app, v):
    return pygame.image.tobytes(app.canvas.subsurface(v.regions()["board"]), "RGB")


def viewer(app, path):
    v = ReplayViewerScene(app, path)
    app.push(v)
    app.step([], 0.016)
    return v


def test_step_forward_and_back_with_keys_and_buttons(app):
    v = viewer(app, record())
    assert (v.hand_i, v.k) == (0, 0)
    app.step([key(pygame.K_RIGHT)] * 5, 0.016)
    assert v.k == 5
    first = board_bytes(app, v)
    app.step([key(pygame.K_LEFT)], 0.016)
    assert v.k == 4
    app.step([click(v.buttons()["next"].rect.center)], 0.016)
    assert v.k == 5 and board_bytes(app, v) == first  # the same moment draws the same picture
    app.step([key(pygame.K_END)], 0.016)
    assert v.k == len(v.events) - 1
    app.step([key(pygame.K_RIGHT)], 0.016)  # past the end: the next hand
    assert (v.hand_i, v.k) == (1, 0)
    app.step([key(pygame.K_LEFT)], 0.016)
    assert v.hand_i == 0 and v.k == len(v.events) - 1
    app.step([key(pygame.K_PAGEDOWN)], 0.016)
    assert (v.hand_i, v.k) == (1, 0)


def test_jump_to_draws_and_discards(app):
    v = viewer(app, record())
    plays = v.plays()
    assert plays and all(isinstance(v.events[i], (Drew, Discarded)) for i in plays)
    app.step([key(pygame.K_DOWN)], 0.016)
    assert v.k == plays[0]
    s = v.regions()["slider"]
    app.step([click((s.x + s.w // 2, s.centery))], 0.016)
    assert v.k in plays and abs(v.k - len(v.events) // 2) < 8
    lst = v.regions()["list"]
    row = v.list_top + 2
    app.step([click((lst.x + 30, lst.y + 2 * v.regions()["lh"] + 3))], 0.016)
    assert v.k == row


def test_reveal_shows_the_other_hands(app):
    v = viewer(app, record())
    v.go(v.plays()[10])
    app.step([], 0.016)
    hidden = board_bytes(app, v)
    app.step([key(pygame.K_r)], 0.016)
    assert v.reveal
    assert board_bytes(app, v) != hidden


def test_hints_as_they_were_for_the_human_seat(app):
    v = viewer(app, record())
    human = v.human_seat()
    turn = next(i for i, e in enumerate(v.events) if isinstance(e, Drew) and e.seat == human)
    v.go(turn)
    h = v.panel.hints
    assert h is not None and h.seat == human
    assert h.discards  # about to discard: every discard with its acceptance
    app.step([key(pygame.K_h)], 0.016)
    assert not v.show_hints


def test_a_cut_record_opens_as_far_as_valid_and_is_never_written(app):
    path = record(seed=5, hands=2)
    lines = path.read_bytes().splitlines(keepends=True)
    cut = path.with_name("cut.jsonl")
    data = b"".join(lines[: len(lines) * 3 // 4]) + lines[len(lines) * 3 // 4][:7]
    cut.write_bytes(data)
    before = cut.stat().st_mtime_ns
    v = viewer(app, cut)
    assert v.record.error and "cut off" in v.record.error
    for _ in range(len(v.hands)):  # walk to the very end of what is there
        app.step([key(pygame.K_END), key(pygame.K_LEFT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)], 0.0)
    app.step([key(pygame.K_END)], 0.016)
    assert v.hand_i == len(v.hands) - 1
    app.step([key(pygame.K_LEFT)] * 3, 0.016)
    assert cut.read_bytes() == data and cut.stat().st_mtime_ns == before


@pytest.mark.parametrize("content", [b"", b"not json at all\n", b'{"type":"header","format":99}\n',
                                     b"\xff\xfe\x00garbage"])
def test_garbage_files_show_a_message(app, tmp_path, content):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    v = viewer(app, bad)
    assert v.hand is None and v.record.error
    app.step([key(pygame.K_RIGHT), key(pygame.K_END), key(pygame.K_PAGEDOWN)], 0.016)
    assert bad.read_bytes() == content


def test_records_list_opens_the_viewer_and_prunes_with_confirmation(app):
    old = record(seed=6, hands=1, now=dt.datetime(2020, 1, 1, tzinfo=dt.UTC))
    new = record(seed=7, hands=1)
    lst = RecordsScene(app)
    app.push(lst)
    app.step([], 0.016)
    assert [s.path for s in lst.records] == [new, old]
    app.step([key(pygame.K_p)], 0.016)
    assert lst.confirm is not None and [s.path for s in lst.confirm] == [old]
    app.step([key(pygame.K_n)], 0.016)
    assert lst.confirm is None and old.exists()
    app.step([key(pygame.K_p), key(pygame.K_y)], 0.016)
    assert not old.exists() and new.exists()
    assert [s.path for s in lst.records] == [new]
    app.step([key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.top, ReplayViewerScene) and app.top.record.path == new
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert app.top is lst


def test_cli_replay_file_opens_the_viewer(app, capsys):
    path = record(seed=8, hands=1)
    data = path.read_bytes()
    assert main(["replay", str(path), "--frames", "3", "--size", "1024x640"]) == 0
    assert path.read_bytes() == data
    assert main(["replay", str(records_dir() / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_load_record_is_what_the_viewer_shows(app):
    path = record(seed=9, hands=1)
    v = viewer(app, path)
    rec = load_record(path)
    assert [e for _, e in rec.hands[0].events] == v.events


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_viewer_buttons_write_every_label_whole_and_the_same_size(app, lang, size):
    """No label is written smaller than the others ("Reveal hands" used to be shrunk into an
    equal-width button): at the text size every label fits its button, and no button overlaps."""
    app.apply_settings(app.settings.replace(language=lang), save=False)
    app.resize(size)
    v = viewer(app, record(hands=1))
    buttons = list(v.buttons().values())
    base = round(v.text_size() * 0.85)
    font = app.fonts.font(base)
    assert app.fonts.fit_size([(b.label, b.rect.w - 16) for b in buttons], base) == base
    for b in buttons:
        assert font.size(b.label)[0] <= b.rect.w - 16, b.label
    for a, b in itertools.pairwise(buttons):
        assert a.rect.right < b.rect.x, (a.label, b.label)
    assert buttons[-1].rect.right <= v.regions()["below"].right


def test_an_unfinished_game_in_the_list_says_which_hand_it_stopped_in(app, monkeypatch):
    """The records list calls a game left unfinished what it is, "interrupted · Hand 2", not a
    damaged file's line number (and not in the red of damage)."""
    from game.ui.widgets import RED_TEXT

    s = Session(RuleSet(), 5, hands=3)
    w = RecordWriter(s, human=0, seat_kinds=("human", "random", "random", "random"))
    t = s.new_hand(on_event=w.on_event)
    while not t.is_over:  # hand 1 played out
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    s.finish_hand()
    t = s.new_hand(on_event=w.on_event)
    for _ in range(10):  # hand 2 left in the middle
        seat, d = next(iter(t.pending().items()))
        w.submit(t, seat, d.legal[0])
    w.close()
    said: list[tuple[str, tuple]] = []
    fit = app.fonts.fit

    def spy(text, size, max_w, colour=(255, 255, 255), bold=False):
        said.append((text, tuple(colour)))
        return fit(text, size, max_w, colour, bold)

    monkeypatch.setattr(app.fonts, "fit", spy)
    lst = RecordsScene(app)
    app.push(lst)
    app.step([], 0.016)
    assert lst.records[lst.focus].path == w.path
    line = next((t, c) for t, c in said if t.startswith("interrupted"))
    assert line[0] == "interrupted · Hand 2" and line[1] != tuple(RED_TEXT)
    assert not any("line " in t for t, _ in said)
