"""The table's frames while ``ai:master`` thinks: does a long thinking time hold the window?

    SDL_VIDEODRIVER=dummy python bench/bench_master_frames.py               # 2000 ms, 40 s
    SDL_VIDEODRIVER=dummy python bench/bench_master_frames.py --budget 3000 --seconds 60

Four ``ai:master`` seats play at the table screen (headless), paced at 60 frames a second as
the game's loop paces them; the master thinks in the table's worker thread (`Thinking` in
game/ui/table/driver.py). Every frame's work (events, update, draw) is timed, and the frames
are split by whether a master was thinking meanwhile: p50, p99 and the longest, and the share
of frames over the frame budget (1/60 s), both ways in the same run. Python's threads share
one interpreter lock, handed over every `sys.getswitchinterval()` (5 ms): the thinking thread
may delay a frame by about that much, not by its thinking time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000.0 * xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=2000, help="the master's thinking time, ms")
    ap.add_argument("--seconds", type=float, default=40.0)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--seat", default="ai:master", help="the four seats (ai:expert: a baseline)")
    ap.add_argument("--switch", type=float, default=None,
                    help="sys.setswitchinterval, ms (the interpreter's default: 5)")
    args = ap.parse_args()
    if args.switch is not None:
        sys.setswitchinterval(args.switch / 1000)

    import tempfile

    import pygame

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["KOREAN_MAHJONG_CONFIG_DIR"] = str(Path(tmp) / "cfg")
        os.environ["KOREAN_MAHJONG_DATA_DIR"] = str(Path(tmp) / "data")
        from game.settings import Settings
        from game.ui.app import App
        from game.ui.scenes.table import TableScene

        pygame.init()
        app = App(Settings(language="en", sound=False, animation_speed="fast", ai_delay_ms=0,
                           master_budget_ms=args.budget), size=(1280, 800))
        sc = TableScene(app, [args.seat] * 4, seed=args.seed, hands=8, record=False)
        app.push(sc)
        frame = 1 / 60
        thinking: list[float] = []
        idle: list[float] = []
        end = time.perf_counter() + args.seconds
        nxt = time.perf_counter()
        while time.perf_counter() < end and app.running:
            t0 = time.perf_counter()
            busy = sc.driver.thinking is not None
            app.step(pygame.event.get(), frame)
            took = time.perf_counter() - t0
            (thinking if busy and sc.driver.thinking is not None else idle).append(took)
            nxt += frame
            wait = nxt - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            else:
                nxt = time.perf_counter()
        app.close()
    searched = sum(getattr(s, "counts", {}).get("searched", 0) for s in sc.seats)
    print(f"{args.seat}, budget {args.budget} ms, switch interval "
          f"{1000 * sys.getswitchinterval():g} ms, {args.seconds:.0f} s, "
          f"{len(thinking) + len(idle)} frames (60 a second wanted), {searched} searched decisions")
    for label, xs in (("while a master thinks", thinking), ("nobody thinking", idle)):
        over = sum(1 for x in xs if x > frame) / max(1, len(xs))
        print(f"  {label:>22}: {len(xs):5d} frames, work p50 {pct(xs, .5):5.1f} ms, p99 "
              f"{pct(xs, .99):5.1f} ms, longest {1000 * max(xs, default=0):5.1f} ms, over "
              f"{1000 * frame:.1f} ms: {100 * over:.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
