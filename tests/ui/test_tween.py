"""Clock and tweens: driven by hand, no window."""

import math

import pytest

from game.ui.clock import FrameClock, ManualClock
from game.ui.tween import (
    EASINGS,
    Call,
    Delay,
    Parallel,
    Prop,
    Sequence,
    Timeline,
    Tween,
    easing,
    stagger,
)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    f = EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("name", ["linear", "ease_in_quad", "ease_out_quad", "ease_in_out_quad",
                                  "ease_out_cubic", "ease_in_out_cubic", "ease_in_out_sine"])
def test_plain_easings_are_monotone(name):
    f = EASINGS[name]
    vals = [f(i / 100) for i in range(101)]
    assert vals == sorted(vals)


def test_back_overshoots():
    assert max(easing("ease_out_back")(i / 100) for i in range(101)) > 1.0


def test_unknown_easing_is_named():
    with pytest.raises(ValueError, match="ease_sideways"):
        Tween(1, ease="ease_sideways")


def test_tween_tuples_and_end_exact():
    seen = []
    t = Tween(0.3, (0, 0), (30, 60), "ease_in_out_quad", seen.append)
    for _ in range(7):
        t.update(0.05)
    assert t.done and seen[-1] == (30, 60)


def test_sequence_carries_leftover_time_exactly():
    a = Tween(0.1, 0, 1)
    b = Tween(0.2, 0, 1)
    s = Sequence(a, b)
    assert s.update(0.2) == 0.0
    assert a.done and b.value == pytest.approx(0.5)
    assert s.update(1.0) == pytest.approx(0.9)
    assert s.done and s.duration == pytest.approx(0.3)


def test_parallel_done_with_the_longest():
    a, b = Tween(0.1), Tween(0.4)
    p = Parallel(a, b)
    p.update(0.2)
    assert a.done and not b.done and not p.done
    assert p.update(0.3) == pytest.approx(0.1)
    assert p.done and p.duration == 0.4


def test_stagger_starts_each_later():
    anims = [Tween(0.1) for _ in range(4)]
    g = stagger(anims, 0.05)
    g.update(0.06)
    assert [a.elapsed > 0 for a in anims] == [True, True, False, False]
    assert g.duration == pytest.approx(0.25)


def test_prop_starts_from_the_current_value():
    class Sprite:
        x = 0.0

    s = Sprite()
    seq = Sequence(Prop(s, "x", 10.0, 1.0), Prop(s, "x", 0.0, 1.0))
    seq.update(1.5)
    assert s.x == pytest.approx(5.0)


def test_finish_runs_every_callback_in_order():
    log = []
    s = Sequence(Call(lambda: log.append(1)), Delay(5), Call(lambda: log.append(2)))
    s.finish()
    assert log == [1, 2] and s.done


@pytest.mark.parametrize("speed, after_half_second", [(0.5, 0.25), (1.0, 0.5), (2.0, 1.0)])
def test_timeline_speed(speed, after_half_second):
    box = {}
    tl = Timeline(speed)
    tl.add(Tween(1.0, 0.0, 1.0, apply=lambda v: box.update(v=v)))
    tl.update(0.5)
    assert box["v"] == pytest.approx(after_half_second)


def test_timeline_instant_finishes_on_add():
    log = []
    tl = Timeline(math.inf)
    tl.add(Sequence(Delay(3), Call(lambda: log.append("x"))))
    assert log == ["x"] and not tl.busy


def test_timeline_skip_only_the_current_animation():
    log = []
    tl = Timeline()
    tl.add(Sequence(Delay(1), Call(lambda: log.append("first"))))
    tl.add(Sequence(Delay(1), Call(lambda: log.append("second"))))
    tl.update(0.1)
    tl.skip()
    assert log == ["first"] and tl.busy
    tl.update(1.0)
    assert log == ["first", "second"] and not tl.busy


def test_timeline_plays_in_order_across_frames():
    log = []
    tl = Timeline()
    for i in range(3):
        tl.add(Sequence(Delay(0.1), Call(lambda i=i: log.append(i))))
    for _ in range(10):
        tl.update(0.016)
    assert log == [0]
    tl.update(0.5)
    assert log == [0, 1, 2]


def test_timeline_rejects_bad_speed():
    with pytest.raises(ValueError, match="speed"):
        Timeline(0)


def test_manual_clock_refuses_to_go_back():
    with pytest.raises(ValueError, match="cannot go backwards"):
        ManualClock().advance(-1)


def test_frame_clock_caps_a_stall():
    t = ManualClock()
    fc = FrameClock(time_source=t, max_dt=0.05)
    t.advance(1.0)
    assert fc.tick() == 0.05 and fc.frames == 1


def test_a_tween_ends_exactly_despite_float_crumbs():
    t = Tween(0.45)
    t.update(0.1)
    t.update(0.35)  # 0.1 + 0.35 != 0.45 in floats
    assert t.done


# --- a call at its seat, on the director's hand-driven clock (issue 14) ---------------------------
def _director(speed=1.0, human=0):
    from game.ui.director import Director
    from game.ui.layout import Layout

    played = []
    d = Director(Layout.for_size(1280, 800), human=human, speed=speed,
                 text=lambda key, **fmt: key, sound=played.append)
    return d, played


def test_a_call_pops_in_at_its_seat_grows_holds_and_fades():
    from game.ui.director import DURATION

    d, played = _director(human=2)
    d.timeline.add(d.call(3, "pung"))  # engine seat 3 (North); the human sits West
    d.update(0.0)
    assert played == ["pung"]
    [fx] = d.calls
    assert fx.seat == 1 and fx.word == "call.pung"  # North is on the human's right
    scales, alphas = [fx.scale], [fx.alpha]
    step = 1 / 60
    t = 0.0
    while d.calls:
        d.update(step)
        t += step
        scales.append(fx.scale)
        alphas.append(fx.alpha)
        assert t < 5, "the call never ends"
    pop = DURATION["call_pop"]
    n_pop = round(pop / step)
    assert scales[0] < 0.5 and max(scales) > 1.0 and scales[n_pop + 1] == pytest.approx(1.0)
    assert scales[:n_pop // 2] == sorted(scales[:n_pop // 2])  # it grows as it pops in
    assert max(alphas) == 255.0 and alphas[0] == 0.0
    top = alphas.index(255.0)
    fade = alphas[top:]
    assert fade == sorted(fade, reverse=True) and fade[-1] == 0.0  # then it fades out
    assert t == pytest.approx(pop + DURATION["call_hold"] + DURATION["call_fade"], abs=2 * step)
    assert not d.timeline.busy  # the call never held the table's own animations


def test_a_call_keeps_the_tables_speed_and_is_over_at_instant_speed():
    d, _ = _director(speed=2.0)
    d.timeline.add(d.call(1, "kong"))
    d.update(0.0)
    fx = d.calls[0]
    d.update(0.2)  # 0.4 s of animation at double speed: past the pop, holding
    assert fx.scale == pytest.approx(1.0) and fx.alpha == 255.0
    d.update(0.7)
    assert not d.calls
    d, played = _director(speed=math.inf)
    d.timeline.add(d.call(0, "ssoa"))
    d.update(0.0)
    assert played == ["ssoa"] and not d.calls


def test_the_calls_of_real_events_appear_at_the_callers_seat_with_their_sound():
    from game.engine.actions import PASS, Discard, Pung
    from game.engine.rules import RuleSet
    from game.engine.table import Table, rig_wall
    from game.engine.tiles import parse_tile

    t = Table(RuleSet(flowers=False), 5,
              wall=rig_wall(["123m456p789p55m66p8m", "88m111z222z789p23p", None, None]))
    t.submit(0, Discard(parse_tile("8m")))
    claims = t.pending()
    assert any(isinstance(a, Pung) for a in claims[1].legal)
    for s, dec in claims.items():  # South pungs, anyone else passes
        t.submit(s, next(a for a in dec.legal if isinstance(a, Pung)) if s == 1 else PASS)
    d, played = _director(human=0)
    d.follow(t.events)
    for _ in range(600):
        d.update(1 / 60)
        if d.calls:
            break
    assert [(c.seat, c.call) for c in d.calls] == [(1, "pung")] and "pung" in played


@pytest.mark.parametrize("call, sound", [("pung", "pung"), ("kong", "kong"), ("uper", "uper"),
                                         ("ola", "ola"), ("ssoa", "ssoa")])
def test_each_call_has_its_own_sound(call, sound):
    """Every call has a sound of its own (uper borrowed the pung's; 올라 and 쏘아 the win's,
    whose fanfare now follows at the hand's end), and every call's sound is a file."""
    from game.ui.sound import EFFECTS

    d, played = _director()
    d.timeline.add(d.call(0, call))
    d.update(0.0)
    assert played == [sound] and sound in EFFECTS
