"""What a player sees of the table's speed: the frame times of a whole hand, screen update
included, each against a fill-and-flip baseline measured in the same run.

    python bench/bench_ui.py --all      # THE run: everything below, one table at the end (~10 min)

runs, each in a fresh interpreter, a hand of four computer seats and a hand with the assists
(``--assists``) at 1280x800 and 1920x1080, headless and under Xvfb (started on a free display by
itself when Xvfb is installed; ``--display :N`` uses a running one), then start to first frame,
and prints a table of the longest frame and p99 with their ratios to the baseline, in wall-clock
and CPU time. One run alone:

    python bench/bench_ui.py [--size 1280x800] [--seats ai:standard] [--seed 2] [--lang en]
    python bench/bench_ui.py --assists   # seat 0 a scripted person with F8 and F9 on, vs uper
    xvfb-run -a -s "-screen 0 1280x800x24" python bench/bench_ui.py     # a real X display

With ``$DISPLAY`` set (and no ``SDL_VIDEODRIVER`` chosen) it draws in a real window through SDL's
own display driver (x11 under Xvfb), so the screen update (``pygame.display.flip``) costs what it
costs on a desktop; without a display it uses SDL's dummy driver, where the flip is free. A
frame is timed as the game's loop runs it (`App.run`): events, update, draw and flip; the spare
time of each 1/60 s frame (at least one step of it) goes to the work `App.idle` does ahead (the
empty table, its tile sprites), as in the game, and is not counted. Frames advance the table's
clock by 1/60 s without sleeping. The table is opened from the title, as a player opens it,
once the title's spare time has drawn the table ahead (at most 60 s of title; ``--no-title``: the
table is the first screen, as ``play --autoplay`` opens it, and its first frame draws the empty
table itself).

Prints, in ms and as a ratio to the same statistic of the baseline, in wall-clock time (what a
player sees) and in the main thread's CPU time (what a frame costs, whatever else the machine
runs; under a display the flip's wait for the X server is not CPU time):
  * baseline: fill the screen, blit one full-screen picture, flip: what any frame costs at
    least (300 frames before the hand and 300 after, pooled);
  * first second: the same of the table's first 60 frames (its first second on the table's
    clock, from the very first frame the table draws), apart: where a hitch from work not
    prepared ahead (fonts, tile art, text, sounds) shows first;
  * hand: p50 / p95 / p99 and the longest frame of one whole hand, four computer seats at
    normal speed (``ai_delay_ms`` 0, deciding in their worker thread as in the game): the seat
    choice, the ritual (shuffle, walls, dice, break), the deal, play with its claims, the win
    (or draw) reveal and the result screen, and the session's result (its first two seconds);
  * with ``--assists``: the same with seat 0 played by a scripted person (`ScriptedHuman`: the
    expert's choices, worked out between frames as a person thinks, submitted through the
    table's own input; the hand cursor moved along the hand and the pointer on the selected
    tile before each discard) with the danger assist (F8) and the live coach (F9) on, against
    computer seats that declare uper whenever they may (`UperDeclarer`; seed 5: two do);
  * the costliest frames (by CPU time) with what was on screen, the fonts opened and the
    sprites of the tile art (tiles, dice, shadows) drawn in them (in the frame, not ahead);
  * start to first frame: ``korean-mahjong play --frames 1`` (the title) and ``--autoplay``
    (the table) in a fresh interpreter, start and exit included, the best of three, in seconds
    and as a ratio to a bare interpreter's start and exit.

Targets of issue 14 at 1280x800: longest frame <= 16.7 ms (headless and under Xvfb), p95 <= 10 ms
under Xvfb, start to first frame <= 0.5 s. A benchmark, not a test: it prints, it never fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

FRAME = 1 / 60
FIRST_SECOND = 60  # frames: the table's first second at 60 frames a second
SEED, ASSISTS_SEED = 2, 5  # the default seeds
SESSION_FRAMES = 120  # frames of the session's result timed (its first two seconds)
TARGET_MAX_MS = 16.7
TARGET_P95_DISPLAY_MS = 10.0
TARGET_FIRST_S = 0.5


@dataclass
class Frame:
    seconds: float
    cpu: float  # the main thread's CPU time (not counting time other processes took)
    what: str
    fonts: int = 0  # fonts opened in the frame
    sprites: int = 0  # sprites (tiles, dice, shadows) drawn in the frame


@dataclass
class Stats:
    p50: float
    p95: float
    p99: float
    max: float
    n: int = 0
    frames: list[Frame] = field(default_factory=list)

    @classmethod
    def of(cls, seconds: list[float], frames: list[Frame] | None = None) -> Stats:
        s = sorted(seconds)

        def p(q: float) -> float:
            return s[min(len(s) - 1, round(q * (len(s) - 1)))] * 1000

        return cls(p(0.5), p(0.95), p(0.99), s[-1] * 1000, len(s), frames or [])


def baseline(screen: pygame.Surface, n: int) -> list[tuple[float, float]]:
    """Fill, blit one full-screen surface, flip: the least a frame costs (wall and CPU time)."""
    full = pygame.Surface(screen.get_size()).convert()
    full.fill((20, 80, 60))
    times = []
    for _ in range(n):
        a, c = time.perf_counter(), time.thread_time()
        pygame.event.pump()
        screen.fill((0, 0, 0))
        screen.blit(full, (0, 0))
        pygame.display.flip()
        times.append((time.perf_counter() - a, time.thread_time() - c))
    return times


class UperDeclarer:
    """A computer seat that declares uper whenever the engine lets it (the discard its own seat
    chose, declared, or else the first declaring discard offered): so that a hand of the assists'
    mode has the danger assist's bars to draw. Otherwise the seat it wraps plays."""

    def __init__(self, seat: Any) -> None:
        self.seat = seat
        self.name = f"uper:{getattr(seat, 'name', 'seat')}"

    def act(self, decision: Any) -> Any:
        from game.engine.actions import Discard

        action = self.seat.act(decision)
        declaring = [a for a in decision.legal if isinstance(a, Discard) and a.uper]
        if declaring and not (isinstance(action, Discard) and action.uper):
            same = [a for a in declaring if isinstance(action, Discard) and a.tile == action.tile]
            return (same or declaring)[0]
        return action

    def __getattr__(self, name: str) -> Any:  # observe, explain, close...
        return getattr(self.seat, name)


class ScriptedHuman:
    """Seat 0 played as a person plays it, through the table's own input: when a decision of
    theirs opens, the expert's choice for it is worked out between frames (a person thinks in
    their head, not in the game's frames), then over `BROWSE` frames the hand cursor moves along
    the hand with the arrow keys (each tile selected: a new danger reading, its reasons shown
    under the pointer), and the choice is submitted (`TableScene.act`, the submit path of a key
    or a click). The result screens are closed with Enter once their reveal is done."""

    BROWSE = 40  # frames a turn is looked at before the discard (two thirds of a second)
    CLAIM = 20  # frames before a claim is answered
    AFTER_RESULT = 60  # frames a finished result screen is looked at

    def __init__(self, app: Any, scene: Any) -> None:
        self.app, self.scene = app, scene
        self.decision: Any = None
        self.choice: Any = None
        self.frames = 0
        self.result: Any = None
        self.result_frames = 0

    def brain(self) -> Any:
        sc = self.scene
        return sc.driver.seats[sc.table.players[sc.human]]

    def think(self) -> None:
        """Between frames: the choice for a newly opened decision."""
        d = self.scene.prompt_for if self.app.top is self.scene else None
        if d is not None and d is not self.decision:
            self.decision, self.choice, self.frames = d, self.brain().act(d), 0

    def events(self) -> list[Any]:
        """This frame's input: a key (the cursor moved, Enter on a result) or none."""
        from game.engine.kinds import PLAYS

        top = self.app.top
        if top is not self.scene:
            if getattr(top, "name", "") not in ("hand_result", "session_result"):
                return []
            if top is not self.result:
                self.result, self.result_frames = top, 0
            self.result_frames += 1
            reveal = getattr(top, "reveal", None)
            if (reveal is None or reveal.done) and self.result_frames >= self.AFTER_RESULT:
                self.result_frames = -10**9  # once
                return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                           unicode="\r", scancode=0)]
            return []
        d = self.decision
        if d is None or self.scene.prompt_for is not d:
            return []
        self.frames += 1
        if d.kind in PLAYS and self.frames < self.BROWSE and self.frames % 6 == 0:
            coach = self.scene.table_coach
            rects = self.scene.director.hand_rects(self.scene.human)
            i = self.scene.selected_tile()
            if rects and i is not None and 0 <= i < len(rects):  # the pointer rests on it
                r = getattr(rects[i], "rect", rects[i])
                coach.hover_at = (round(r.x + r.w / 2), round(r.y + r.h / 2))
            return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                       scancode=0)]
        return []

    def act(self) -> None:
        """In the frame: submit the choice once it has been looked at long enough."""
        from game.engine.kinds import PLAYS

        d = self.decision
        if d is None or self.app.top is not self.scene or self.scene.prompt_for is not d:
            return
        if self.frames >= (self.BROWSE if d.kind in PLAYS else self.CLAIM):
            self.scene.table_coach.hover_at = None
            if not self.scene.act(self.choice):
                self.decision = None  # refused (the decision changed): think again


def human_seats(seats: list[str], seed: int) -> Any:
    """`game.ui.table.driver.make_players` for the assists' mode: the human's seat object is the
    expert (the `ScriptedHuman`'s brain, fed the events as any seat is), and the computer seats
    declare uper whenever they may (`UperDeclarer`)."""
    from ai.registry import HUMAN, make_seat

    def make(names: list[str], _seed: int, budget_ms: int | None = None) -> list[Any]:
        return [make_seat("ai:expert", seed=seed * 4 + i) if n == HUMAN
                else UperDeclarer(make_seat(n, seed=seed * 4 + i, budget_ms=budget_ms))
                for i, n in enumerate(names)]
    return make


def on_screen(app: Any, scene: Any) -> str:
    """What a frame showed: the screen, the hand's phase, the banner."""
    top = app.top
    if top is not scene:
        return str(getattr(top, "name", type(top).__name__))
    director = scene.director
    m = director.model
    if m.seat_pick is not None:
        what = "seat choice"
    elif not any(m.hands) and m.dealing:
        what = "ritual"
    elif m.dealing:
        what = "deal"
    elif m.revealed:
        what = "reveal"
    else:
        what = "play"
    if director.banner is not None:
        what += f" ({director.banner[0]})"
    return what


def whole_hand(size: tuple[int, int], seats: list[str], seed: int, lang: str, max_frames: int,
               title: bool, assists: bool = False
               ) -> tuple[list[tuple[float, float]], list[Frame], str, str, dict[str, int]]:
    """The baseline and one whole hand at normal speed, its result and the session's result (the
    session is that one hand), and how the table was opened (`title`: from the title, once its
    spare time has drawn what it draws ahead, at most 60 s, as a player opens a table; else as
    the first screen, as ``--autoplay`` opens it). Four computer seats, or with `assists` seat
    0 a `ScriptedHuman` with the danger assist (F8) and the live coach (F9) on against computer
    seats that declare uper whenever they may. Also returns counts of what was shown: uper
    declarations, frames with the danger assist's bars, with the live coach's line, with each
    result screen."""
    from game.engine.events import Discarded
    from game.settings import Settings
    from game.ui.app import IDLE_MARGIN, App
    from game.ui.scenes.table import TableScene
    from game.ui.table import driver as table_driver

    with tempfile.TemporaryDirectory() as data:
        os.environ["KOREAN_MAHJONG_DATA_DIR"] = data
        os.environ["KOREAN_MAHJONG_CONFIG_DIR"] = data
        app = App(Settings(language=lang, sound=False, animation_speed="normal", ai_delay_ms=0,
                           assist_danger=assists, live_coach=assists), size=size)
        driver = pygame.display.get_driver()
        base = baseline(app.window, 300)
        shown, opened = 0, ""
        if title:
            app.push("title")
            until = time.perf_counter() + 60.0  # (about 2 s on a quiet machine)
            while time.perf_counter() < until:
                a = time.perf_counter()
                app.step(pygame.event.get(), FRAME)
                pygame.display.flip()
                shown += 1
                if not app.idle(FRAME - (time.perf_counter() - a) - IDLE_MARGIN, steps=1):
                    break
            opened = (f"from the title after {shown} frames, "
                      + ("part of the table still to draw ahead" if app.idle(0.0) else "the table drawn ahead"))
        else:
            opened = "as the first screen"
        human: ScriptedHuman | None = None
        if assists:
            made = table_driver.make_players
            table_driver.make_players = human_seats(seats, seed)
            try:
                scene = TableScene(app, ["human", *seats[1:]], seed=seed, hands=1, record=False)
            finally:
                table_driver.make_players = made
            human = ScriptedHuman(app, scene)
        else:
            scene = TableScene(app, seats, seed=seed, hands=1)
        app.push(scene)
        frames: list[Frame] = []
        ours = ("hand_result", "session_result")
        seen: dict[str, int] = {}
        session_frames = 0
        for _ in range(max_frames):
            if human is not None:
                human.think()  # the person's thinking: between frames
            fonts, sprites = app.fonts.opened, len(app.art.cache) + app.art.cache.evictions
            a, c = time.perf_counter(), time.thread_time()
            events = pygame.event.get() + (human.events() if human is not None else [])
            if human is not None:
                human.act()
            app.step(events, FRAME)
            pygame.display.flip()
            dt, cpu = time.perf_counter() - a, time.thread_time() - c
            top = app.top
            if top is not scene and getattr(top, "name", "") not in ours:
                break  # the session's result closed: the next screen is not the hand's
            session_frames += getattr(top, "name", "") == "session_result"
            drawn: dict[str, object] = scene.table_coach.shown if top is scene else {}
            bars = bool(getattr(drawn.get("danger"), "tiles", None))  # against an uper player
            for key, on in (("danger", bars), ("coach", "coach" in drawn),
                            ("hand_result", getattr(top, "name", "") == "hand_result"),
                            ("session_result", getattr(top, "name", "") == "session_result")):
                seen[key] = seen.get(key, 0) + on
            frames.append(Frame(dt, cpu, on_screen(app, scene), app.fonts.opened - fonts,
                                len(app.art.cache) + app.art.cache.evictions - sprites))
            if session_frames >= SESSION_FRAMES:
                break  # the session's result, its first seconds
            app.idle(FRAME - dt - IDLE_MARGIN, steps=1)
        else:
            print(f"(the hand did not end within {max_frames} frames)")
        table = scene.table
        seen["upers"] = sum(1 for e in (table.events if table is not None else ())
                            if isinstance(e, Discarded) and e.uper)
        base += baseline(app.window, 300)
        app.close()
    return base, frames, driver, opened, seen


def first_frame(size: str) -> tuple[float, float, float]:
    """Seconds from starting the game to its first frame, at the title and at the table, and a
    bare interpreter's start (each the best of three)."""
    def best(cmd: list[str], env: dict[str, str]) -> float:
        runs = []
        for _ in range(3):
            a = time.perf_counter()
            subprocess.run(cmd, env=env, check=True, capture_output=True)
            runs.append(time.perf_counter() - a)
        return min(runs)

    with tempfile.TemporaryDirectory() as cfg:
        env = dict(os.environ, KOREAN_MAHJONG_CONFIG_DIR=cfg, KOREAN_MAHJONG_DATA_DIR=cfg)
        play = [sys.executable, "-m", "game", "play", "--frames", "1", "--size", size]
        title = best(play, env)
        table = best(play + ["--autoplay", "--seats", "ai,ai,ai,ai", "--seed", "1"], env)
        bare = best([sys.executable, "-c", "pass"], env)
    return title, table, bare


SIZES = ("1280x800", "1920x1080")


def start_xvfb() -> tuple[subprocess.Popen[bytes] | None, str]:
    """Xvfb on a free display (it picks the number: ``-displayfd``), and that display; (None, "")
    when Xvfb is not installed."""
    if shutil.which("Xvfb") is None:
        return None, ""
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1920x1080x24",
                             "-nolisten", "tcp"], pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    return proc, f":{number}"


def run_all(args: argparse.Namespace) -> int:
    """Every run of `--all` in a fresh interpreter (a display driver is chosen once per
    process), then one table: for each, the longest frame and p99 of the hand (from the table's
    first frame to the session's result), the longest of its first second, and the ratios of
    p99 and the longest to the same statistic of the baseline of the same run, in wall-clock
    and CPU time."""
    xvfb, display = (None, args.display) if args.display else start_xvfb()
    displays = [("headless", None)] + ([("Xvfb", display)] if display else [])
    rows = []
    try:
        for name, disp in displays:
            env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
            if disp is None:
                env["SDL_VIDEODRIVER"] = "dummy"
            else:
                env.pop("SDL_VIDEODRIVER", None)
                env["DISPLAY"] = disp
            for size in SIZES:
                for assists in (False, True):
                    cmd = [sys.executable, __file__, "--size", size, "--no-start", "--summary",
                           "--lang", args.lang, "--seats", args.seats]
                    cmd += ["--assists"] if assists else []
                    cmd += ["--seed", str(args.seed)] if args.seed is not None else []
                    cmd += ["--title"] if args.title else ["--no-title"]
                    out = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                         check=False).stdout
                    line = next((ln for ln in out.splitlines() if ln.startswith("SUMMARY ")), None)
                    if line is None:
                        print(f"{name} {size} {'assists' if assists else 'computers'}: no result\n{out}")
                        continue
                    rows.append((name, json.loads(line[8:])))
                    print(out.split("SUMMARY ")[0].rstrip(), flush=True)
                    print()
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
    print(f"pygame-ce {pygame.version.ver}; ms per frame; /base: the ratio to the same statistic of "
          "the baseline (fill, blit, flip) in the same run; 1st s: the table's first second")
    print(f"{'display':9s} {'size':10s} {'seats':10s} {'frames':>6s}  "
          f"{'wall: 1st s':>11s} {'p99':>6s} {'max':>7s} {'p99/base':>8s} {'max/base':>8s}  "
          f"{'CPU: 1st s':>10s} {'p99':>6s} {'max':>6s} {'p99/base':>8s} {'max/base':>8s}")
    for name, r in rows:
        seats = "assists" if r["assists"] else "computers"
        cells = []
        for clock in ("wall", "cpu"):
            bp99, bmax, first, p99, mx = r[clock]
            cells.append(f"{first:11.1f} {p99:6.1f} {mx:7.1f} {p99 / bp99:8.1f} {mx / bmax:8.1f}")
        print(f"{name:9s} {r['size']:10s} {seats:10s} {r['frames']:6d}  {cells[0]}  {cells[1]}")
    for name, r in rows:
        if r["assists"]:
            seen = r["seen"]
            print(f"{name} {r['size']} assists (seed {r['seed']}): {seen.get('upers', 0)} uper "
                  f"declarations, {seen.get('danger', 0)} frames with the danger assist's bars, "
                  f"{seen.get('coach', 0)} with the live coach's line")
    worst = max((r["cpu"][4], name, r) for name, r in rows) if rows else None
    if worst is not None:
        print(f"longest frame by CPU time: {worst[0]:.1f} ms ({worst[1]}, {worst[2]['size']}, "
              f"{'assists' if worst[2]['assists'] else 'computers'}: {worst[2]['costliest']}); "
              f"target <= {TARGET_MAX_MS} ms")
    if args.start:
        title, table, bare = first_frame(SIZES[0])
        for what, t in (("the title", title), ("the table (--autoplay)", table)):
            print(f"start to first frame, {what}: {t:.2f} s, {t / bare:.1f} x a bare interpreter "
                  f"({bare:.2f} s) (target <= {TARGET_FIRST_S} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--seats", default="ai:standard", help="the computer seat for all four places")
    ap.add_argument("--seed", type=int, default=None,
                    help=f"the session's seed (default {SEED}, with --assists {ASSISTS_SEED}: two "
                         "computer seats declare uper in its hand)")
    ap.add_argument("--lang", default="en", choices=("en", "ko"))
    ap.add_argument("--max-frames", type=int, default=20000)
    ap.add_argument("--title", action=argparse.BooleanOptionalAction, default=True,
                    help="open the table from the title once the spare time has drawn the table "
                         "ahead (else the table is the first screen, as with --autoplay)")
    ap.add_argument("--longest", type=int, default=8, help="how many of the costliest frames to list")
    ap.add_argument("--start", action=argparse.BooleanOptionalAction, default=True,
                    help="measure start to first frame (six fresh interpreters)")
    ap.add_argument("--assists", action="store_true",
                    help="seat 0 a scripted person with the danger assist (F8) and the live coach "
                         "(F9) on, against --seats that declare uper whenever they may")
    ap.add_argument("--all", action="store_true",
                    help="the whole set, each in a fresh interpreter: four computer seats and "
                         "--assists, at 1280x800 and 1920x1080, headless and under Xvfb (started "
                         "on a free display, or --display), then start to first frame; a table")
    ap.add_argument("--display", help="with --all: the X display to use instead of starting Xvfb")
    ap.add_argument("--summary", action="store_true", help="also print one line of JSON (--all)")
    args = ap.parse_args(argv)
    if args.all:
        return run_all(args)
    if args.seed is None:
        args.seed = ASSISTS_SEED if args.assists else SEED
    w, h = (int(x) for x in args.size.split("x"))
    pygame.init()
    base_times, frames, driver, opened, seen = whole_hand(
        (w, h), [args.seats] * 4, args.seed, args.lang, args.max_frames, args.title, args.assists)
    base, hand = Stats.of([t for t, _ in base_times]), Stats.of([f.seconds for f in frames], frames)

    who = (f"a scripted person (the expert's choices) with the danger assist and the live coach "
           f"against three {args.seats} seats declaring uper when they may ({seen['upers']} declared; "
           f"frames with the danger assist's bars {seen.get('danger', 0)}, with the coach's line "
           f"{seen.get('coach', 0)})"
           if args.assists else f"four {args.seats} seats")
    print(f"window {w}x{h}, display driver {driver}, pygame-ce {pygame.version.ver}, {who}, "
          f"seed {args.seed}, {args.lang}; the table opened {opened}")
    print(f"{'':16s} {'p50 ms':>8s} {'p95 ms':>8s} {'p99 ms':>8s} {'max ms':>8s}   frames")
    first = frames[:FIRST_SECOND]
    first_wall = Stats.of([f.seconds for f in first], first)
    rows = (("wall", base, first_wall, hand),
            ("CPU", Stats.of([c for _, c in base_times]), Stats.of([f.cpu for f in first]),
             Stats.of([f.cpu for f in frames])))
    for clock, b, f1, s in rows:
        print(f"{f'baseline {clock}':16s} {b.p50:8.2f} {b.p95:8.2f} {b.p99:8.2f} {b.max:8.2f}   {b.n}")
        for name, x in ((f"1st second {clock}", f1), (f"hand {clock}", s)):
            print(f"{name:16s} {x.p50:8.2f} {x.p95:8.2f} {x.p99:8.2f} {x.max:8.2f}   {x.n}")
            print(f"{'  /baseline':16s} {x.p50 / b.p50:8.1f} {x.p95 / b.p95:8.1f} "
                  f"{x.p99 / b.p99:8.1f} {x.max / b.max:8.1f}")
    for name, group in (("the first second's", first), ("the hand's", frames)):
        print(f"fonts opened in {name} frames: {sum(f.fonts for f in group)}, sprites of the tile "
              f"art drawn in them: {sum(f.sprites for f in group)}")
    print("the first second's costliest frames (frame number: ms, CPU ms, what):")
    for i, f in sorted(enumerate(first), key=lambda x: -x[1].cpu)[:4]:
        print(f"  #{i:<3d} {f.seconds * 1000:7.2f} ms (CPU {f.cpu * 1000:6.2f})  {f.what}"
              + (f", {f.fonts} fonts opened" if f.fonts else "")
              + (f", {f.sprites} sprites drawn" if f.sprites else ""))
    print("costliest frames (by CPU time; wall-clock time also counts other processes):")
    for f in sorted(hand.frames, key=lambda f: -f.cpu)[:args.longest]:
        print(f"  {f.seconds * 1000:7.2f} ms (CPU {f.cpu * 1000:6.2f})  {f.what}"
              + (f", {f.fonts} fonts opened" if f.fonts else "")
              + (f", {f.sprites} sprites drawn" if f.sprites else ""))
    display = driver not in ("dummy", "offscreen")
    verdict = [f"longest frame {hand.max:.1f} ms (target <= {TARGET_MAX_MS} ms): "
               f"{'ok' if hand.max <= TARGET_MAX_MS else 'over'}",
               f"in the first second {first_wall.max:.1f} ms: "
               f"{'ok' if first_wall.max <= TARGET_MAX_MS else 'over'}"]
    if display:
        verdict.append(f"p95 {hand.p95:.1f} ms (target <= {TARGET_P95_DISPLAY_MS:.0f} ms on a display): "
                       f"{'ok' if hand.p95 <= TARGET_P95_DISPLAY_MS else 'over'}")
    print("; ".join(verdict))
    if args.summary:
        cpu_base, cpu_hand = Stats.of([c for _, c in base_times]), Stats.of([f.cpu for f in frames])
        costliest = max(frames, key=lambda f: f.cpu)
        print("SUMMARY " + json.dumps({
            "driver": driver, "size": args.size, "assists": args.assists, "seed": args.seed,
            "frames": hand.n, "seen": seen, "costliest": costliest.what,
            "wall": [base.p99, base.max, first_wall.max, hand.p99, hand.max],
            "cpu": [cpu_base.p99, cpu_base.max, Stats.of([f.cpu for f in first]).max,
                    cpu_hand.p99, cpu_hand.max]}))

    if args.start:
        title, table, bare = first_frame(args.size)
        for name, t in (("the title", title), ("the table (--autoplay)", table)):
            print(f"start to first frame, {name}: {t:.2f} s, {t / bare:.1f} x a bare interpreter "
                  f"({bare:.2f} s) (target <= {TARGET_FIRST_S} s): {'ok' if t <= TARGET_FIRST_S else 'over'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
