"""Computer seats decide in a worker thread: a slow decision never stalls a frame, the engine is
only touched by the main thread, and the answer is the one the seat would give in the frame."""

import threading

import pytest

from game.ui.scenes.table import TableScene


@pytest.fixture
def app(make_app):
    return make_app(animation_speed="fast", ai_delay_ms=0)


class Gate:
    """Wraps a seat: records the thread each decision runs in, and holds it until released."""

    def __init__(self, seat):
        self.seat, self.threads, self.release = seat, [], threading.Event()
        self.entered = threading.Event()
        self.release.set()

    def act(self, decision):
        self.threads.append(threading.current_thread().name)
        self.entered.set()
        assert self.release.wait(10), "never released"
        return self.seat.act(decision)

    def __getattr__(self, name):
        return getattr(self.seat, name)


def _frames(app, n):
    for _ in range(n):
        app.step([], 1 / 60)


def test_a_thinking_seat_does_not_hold_the_frames_and_its_answer_is_played(app):
    sc = TableScene(app, ["ai:standard"] * 4, seed=3, hands=1, record=False)
    assert sc.ai_thread
    sc.driver.seats = [Gate(s) for s in sc.seats]
    for g in sc.seats:
        g.release.clear()  # every decision waits for the test
    app.push(sc)
    for _ in range(3000):  # until a computer seat starts thinking
        app.step([], 1 / 60)
        if sc.driver.thinking is not None:
            break
    job = sc.driver.thinking
    assert job is not None
    held = sc.seats[sc.table.players[job.seat]]
    assert held.entered.wait(10)
    n_events = len(sc.table.events)
    _frames(app, 30)  # thirty frames while the seat thinks (in the frame this would block)
    assert sc.driver.thinking is job and not job.done.is_set()
    assert len(sc.table.events) == n_events  # nothing was played meanwhile ...
    assert sc.table.pending().get(job.seat) is job.decision  # ... the decision is still open
    for g in sc.seats:
        g.release.set()
    assert job.done.wait(10)
    _frames(app, 2)
    assert sc.driver.thinking is not job
    assert len(sc.table.events) > n_events  # the answer was submitted by the main thread
    names = {n for g in sc.seats for n in g.threads}
    assert names and all(n.startswith("ai-seat-") for n in names), names


def test_the_threaded_game_equals_the_game_played_in_the_frame(app):
    """Same seed, same seats: the same actions, whether the seats think in a thread or not."""
    logs = []
    for threaded in (False, True):
        sc = TableScene(app, ["ai:standard"] * 4, seed=8, hands=1, record=False)
        sc.ai_thread = threaded
        app.push(sc)
        for _ in range(20000):
            app.step([], 1 / 15)
            if sc.table is not None and sc.table.is_over and sc.driver.thinking is None:
                break
        assert sc.table.is_over
        logs.append([(type(e).__name__, getattr(e, "seat", None), getattr(e, "tile", None))
                     for e in sc.table.events])
        app.pop()
    assert logs[0] == logs[1]
