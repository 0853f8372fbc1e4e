"""A strip of frames of the table's bigger moments (issue 35): a claim, an uper and a big win,
each drawn frame by frame at a fixed step, headless, from a rigged wall (the engine's
`rig_wall`), and saved under ``docs/frames/`` as an animated GIF (``NAME.gif``) and a strip of
eight of its frames (``NAME-strip.png``); ``--sequence DIR`` also writes every frame as a PNG
(``DIR/NAME-000.png``...).

    SDL_VIDEODRIVER=dummy python tools/frame_strip.py [OUT_DIR] [--fps 10] [--lang en|ko]

Each moment is played by the engine first (the actions are scripted), then shown by the
table's own `Director` at normal speed, one frame every 1/fps s of its clock, on the board the
table draws (`draw_board`, the seat plates and console of `draw_info`, the sprites, the calls).
Frames are drawn at 1024x640 (the smallest table), the empty right-hand column left out, and
scaled to 512x400. ImageMagick's ``convert`` makes the GIF (one palette for all its frames,
each frame cut to what changed) and the strip (a palette of 64 colours): the three moments
take a few hundred KB.

  * claim: East throws 8m, South pungs it: the tile rises out of East's river and flies to
    South's meld while South's pair slides out to meet it;
  * uper: East declares uper with 1z: the tile lies sideways in the river and the stick slides
    in from East's side and drops onto the console;
  * big win: East waits on a full flush (8 points); South throws 4m and East wins on it: the
    tile flies in, its glow spreads, East's hand turns up, and the glow flares gold.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.engine.actions import PASS, Discard, Pung, Win
from game.engine.events import Claimed, Discarded, HandEnded, WinDeclared
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1024, 640)
OUT_H = 400  # px: the frames' height once scaled
STRIP = 8  # frames in a moment's strip (two rows)
COLOURS = 64
NAMES = {"en": ("East", "South", "West", "North"), "ko": ("동", "남", "서", "북")}



def answer(t: Table, pick: Callable[[int, Any], Any]) -> None:
    """Answer every open decision of `t` with ``pick(seat, decision)`` (None: pass)."""
    for seat, dec in t.pending().items():
        t.submit(seat, pick(seat, dec) or PASS)


def claim() -> tuple[Table, type, int]:
    t = Table(RuleSet(flowers=False), 5,
              wall=rig_wall(["123m456p789p55m66p8m", "88m111z222z789p23p", None, None]))
    t.submit(0, Discard(parse_tile("8m")))
    answer(t, lambda s, d: next((a for a in d.legal if isinstance(a, Pung)), None) if s == 1 else None)
    return t, Discarded, 0  # from East's throw on, seen from the bottom seat (East)


def uper() -> tuple[Table, type, int]:
    t = Table(RuleSet(flowers=False), 5, wall=rig_wall(["234m567m345p22p67p1z", None, None, None]))
    t.submit(0, Discard(parse_tile("1z"), uper=True))
    return t, Discarded, 1  # seen from South: East sits on the left


def big_win() -> tuple[Table, type, int]:
    t = Table(RuleSet(flowers=False), 5,
              wall=rig_wall(["123m456m789m11m23m1z", None, None, None], "4m"))
    t.submit(0, Discard(parse_tile("1z")))
    for _ in range(8):
        p = t.pending()
        if 0 in p and any(isinstance(a, Win) for a in p[0].legal):
            t.submit(0, next(a for a in p[0].legal if isinstance(a, Win)))
            break
        answer(t, lambda s, d: Discard(parse_tile("4m")) if d.kind == "turn" else None)
    if not any(isinstance(e, HandEnded) for e in t.events):
        raise RuntimeError("the rigged big win did not happen")
    end = next(e for e in t.events if isinstance(e, HandEnded))
    if max(w.result.basic for w in end.winners) < 8:
        raise RuntimeError("the rigged win is not a big hand")
    return t, Discarded, 2  # seen from West: East sits across, its hand turns up


def moments() -> dict[str, Callable[[], tuple[Table, type, int]]]:
    return {"claim": claim, "uper": uper, "big-win": big_win}


def start_of(t: Table, kind: type) -> int:
    """The index of the moment's first event: the last event of `kind` before the moment ends
    (the throw a claim or a win takes, the uper discard)."""
    ends = [i for i, e in enumerate(t.events) if isinstance(e, (Claimed, WinDeclared))]
    last = ends[0] if ends else len(t.events)
    return max(i for i, e in enumerate(t.events[:last]) if isinstance(e, kind)) if any(
        isinstance(e, kind) for e in t.events[:last]) else 0


def frames(name: str, lang: str, fps: float, tail: float = 0.6) -> list[pygame.Surface]:
    """The moment `name` drawn every 1/fps s of the director's clock until it is idle, and
    `tail` s more."""
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.board import InfoView, draw_board, draw_call, draw_info
    from game.ui.director import Director
    from game.ui.i18n import tr
    from game.ui.layout import screen_seat

    t, kind, human = moments()[name]()
    app = App(Settings(language=lang, sound=False, animation_speed="normal", ai_delay_ms=0),
              size=SIZE)
    lay, art, fonts = app.layout, app.art, app.fonts
    d = Director(lay, human=human, speed=1.0, text=lambda key, **fmt: tr(key, lang, **fmt),
                 names=lambda seat: NAMES[lang][seat])
    k = start_of(t, kind)
    d.follow(t.events[:k])
    d.catch_up()
    d.follow(t.events, start=k)
    out: list[pygame.Surface] = []
    dt = 1.0 / fps
    after = 0.0
    for i in range(int(30 * fps)):
        d.update(dt if i else 0.0)
        m = d.model
        by_screen = [0] * 4
        for seat in range(4):
            by_screen[screen_seat(seat, human)] = seat
        canvas = pygame.Surface(SIZE)
        draw_board(canvas, lay, art, d.view())
        draw_info(canvas, lay, art, fonts, InfoView(
            wall_count=len(m.wall), hand_no=1, dealer=screen_seat(0, human),
            winds=tuple(by_screen),  # type: ignore[arg-type]
            names=tuple(NAMES[lang][s] for s in by_screen),  # type: ignore[arg-type]
            scores=tuple(m.scores[s] for s in by_screen),  # type: ignore[arg-type]
            lang=lang, turn=screen_seat(m.turn, human) if m.turn is not None else None,
            uper=tuple(s in m.uper for s in by_screen)))  # type: ignore[arg-type]
        d.sprites.draw(canvas, art)
        for fx in d.calls:
            draw_call(canvas, fonts, lay.call_area(fx.seat), fx.word, fx.colour, fx.scale, fx.alpha)
        shown = canvas.subsurface(pygame.Rect(0, 0, SIZE[0] - lay.panel_w, SIZE[1]))
        w = round(shown.get_width() * OUT_H / SIZE[1])
        out.append(pygame.transform.smoothscale(shown, (w, OUT_H)))
        if d.idle and not d.calls:
            after += dt
            if after > tail:
                break
    app.close()
    return out


def save(name: str, shots: list[pygame.Surface], out: Path, fps: float,
         sequence: Path | None = None) -> list[Path]:
    """``NAME.gif`` and ``NAME-strip.png`` in `out` (`sequence`: every frame as a PNG there)."""
    convert = shutil.which("convert")
    if convert is None:
        raise SystemExit("frame_strip needs ImageMagick's convert (apt install imagemagick)")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        pngs = []
        for i, s in enumerate(shots):
            p = Path(tmp) / f"{name}-{i:03d}.png"
            pygame.image.save(s, str(p))
            pngs.append(p)
        if sequence is not None:
            sequence.mkdir(parents=True, exist_ok=True)
            for old in sequence.glob(f"{name}-*.png"):
                old.unlink()
            for p in pngs:
                shutil.copy(p, sequence / p.name)
        gif = out / f"{name}.gif"
        delay = max(1, round(100 / fps))  # in 1/100 s
        subprocess.run([convert, "-delay", str(delay), "-loop", "0", *map(str, pngs),
                        "-dither", "None", "+remap", "-layers", "Optimize", str(gif)], check=True)
        picks = [pngs[round(i * (len(pngs) - 1) / (STRIP - 1))] for i in range(STRIP)]
        half = STRIP // 2
        strip = out / f"{name}-strip.png"
        rows = [["(", *map(str, picks[r * half:(r + 1) * half]), "-resize", "50%", "+append", ")"]
                for r in range(2)]
        subprocess.run([convert, *rows[0], *rows[1], "-append", "-dither", "None",
                        "-colors", str(COLOURS), f"PNG8:{strip}"], check=True)
    return [gif, strip]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "frames"))
    ap.add_argument("--fps", type=float, default=10.0)
    ap.add_argument("--sequence", type=Path, help="also write every frame as a PNG here")
    ap.add_argument("--lang", default="en", choices=("en", "ko"))
    ap.add_argument("--only", choices=sorted(moments()), help="one moment only")
    args = ap.parse_args(argv)
    pygame.init()
    out = Path(args.out)
    total = 0
    for name in moments():
        if args.only and name != args.only:
            continue
        shots = frames(name, args.lang, args.fps)
        files = save(name, shots, out, args.fps, args.sequence)
        size = sum(f.stat().st_size for f in files)
        total += size
        print(f"{name}: {len(shots)} frames at {args.fps:g} fps, {size // 1024} KB")
    print(f"in {out}: {total // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
