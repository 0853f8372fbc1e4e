"""The Learn screen opens whatever ``lessons.json`` holds: before, 100,000 levels of nesting
crashed it (a RecursionError) and a named pipe there hung the game as Learn opened."""

import os
import signal
import threading

import pytest

from game.settings import CONFIG_ENV


class Blocked(BaseException):
    """Raised when opening Learn blocks (not an OSError: no reader may swallow it)."""


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(d))
    return d


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def no_hang():
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def boom(signum, frame):
        raise Blocked("opening Learn blocked")

    old = signal.signal(signal.SIGALRM, boom)
    signal.setitimer(signal.ITIMER_REAL, 10, 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("kind", ["deep", "pipe"])
def test_learn_opens_with_nothing_done_and_the_file_is_left_as_it_is(app, data, no_hang, kind):
    p = data / "lessons.json"
    if kind == "pipe":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(p)
    else:
        p.write_bytes(b'{"done": ' + b"[" * 100_000)
    s = app.push("learn")
    app.step([], 1 / 60)
    assert app.top is s and s.done == frozenset() and s.lessons
    assert p.exists() and (kind == "pipe" or p.read_bytes().startswith(b'{"done": [[['))
