"""``korean-mahjong play``: open the game window (also what ``korean-mahjong`` alone does).

    korean-mahjong play [--size 1280x800] [--fullscreen] [--lang ko|en] [--speed fast]
    korean-mahjong play --autoplay --seats ai,ai,ai,ai --seed 7 --hands 4 --screenshots shots/

    korean-mahjong play --seats human,ai:expert,ai,ai --seed 7     # straight to the table

Spectator mode (``--autoplay``): every seat is a computer player (``ai`` = ``ai:standard``, or
any seat of the AI registry); with ``--hands N`` the game exits when the session ends (exit
status 0), so it can run as a test; ``--screenshots DIR`` saves PNGs of key moments (the walls
built, the dice, the deal, mid-hand, each win or draw screen, the session results).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

from game.cli.output import error, printable, words
from game.engine.messages import TEXT, define
from game.i18n import register_texts
from game.settings import SPEEDS, load_settings

from .words import add_lang_argument, say

register_texts("cli", {
    "cli.play.unused": "{options} applies to a table started with --seats or --autoplay; "
                       "opening the title screen",
    "cli.play.no_display": "no display to open the game window on (no X11 or Wayland session "
                           "found). Start it from a desktop session; for headless play use "
                           "`korean-mahjong simulate`, or set SDL_VIDEODRIVER=dummy to run the "
                           "window invisibly (tests).",
})

SCREENSHOTS_FILE = define("cli.play.screenshots_file",
                          "--screenshots {path} is a file, not a directory", path=TEXT)
SCREENSHOTS_UNWRITABLE = define("cli.play.screenshots_unwritable",
                                "--screenshots {path}: cannot save pictures there ({why})",
                                path=TEXT, why=TEXT)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, got {text!r}") from None
    if not (1024 <= w <= 3840 and 640 <= h <= 2160):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is outside 1024x640 .. 3840x2160")
    return (w, h)


def _speed(text: str) -> str | float:
    if text in SPEEDS:
        return text
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"speed must be one of {', '.join(SPEEDS)} or a number 0.1-10, got {text!r}") from None
    if not 0.1 <= v <= 10:
        raise argparse.ArgumentTypeError(f"speed factor must be 0.1-10, got {text}")
    return v


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {v}")
    return v


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--autoplay", action="store_true",
                   help="spectator mode: all four seats played by the computer")
    p.add_argument("--seats", metavar="S,S,S,S",
                   help="seat players: human (at most one; not with --autoplay), ai "
                        "(= ai:standard), ai:beginner, ai:expert, greedy, random, "
                        "python:pkg.mod:Class or cmd:PROGRAM; e.g. human,ai:expert,ai,ai")
    p.add_argument("--seed", type=int, help="seed of the session (shuffles, dice, AI)")
    p.add_argument("--hands", type=_positive, metavar="N", help="number of hands to play")
    p.add_argument("--speed", type=_speed, metavar="X",
                   help="animation speed: slow, normal, fast, instant or a factor (this run only)")
    p.add_argument("--screenshots", metavar="DIR", help="save PNGs of key moments into DIR")
    p.add_argument("--size", type=_size, metavar="WxH", help="window size for this run, e.g. 1280x800")
    p.add_argument("--fullscreen", action="store_true", default=None, help="fullscreen for this run")
    add_lang_argument(p, "this run (the window and the printed lines)")
    p.add_argument("--frames", type=_positive, help=argparse.SUPPRESS)  # tests: stop after N frames


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "play", help="open the game window (the default)",
        description="Open the game window (also what korean-mahjong alone does). Options given here "
                    "apply to this run only; the saved settings are changed in the settings screen.")
    _add_arguments(p)
    p.set_defaults(func=run)


def default_args() -> argparse.Namespace:
    """The arguments of a plain ``korean-mahjong`` (no subcommand): play with the saved settings."""
    p = argparse.ArgumentParser(add_help=False)
    _add_arguments(p)
    args = p.parse_args([])
    args.func = run
    return args


def _no_display(pygame: Any) -> bool:
    """True when SDL found no real display and quietly fell back to an invisible window.

    A video driver the user chose (SDL_VIDEODRIVER=dummy in tests) is respected.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return False
    try:
        pygame.display.init()
    except pygame.error:
        return True
    return pygame.display.get_driver() in ("offscreen", "dummy")


def check_screenshots_dir(path: str) -> Any:
    """Why PNGs cannot be saved into `path` (it is created if missing; a `Message`), or None.

    A probe file is written and removed, so an unwritable place fails now, not at the first
    screenshot."""
    if os.path.exists(path) and not os.path.isdir(path):
        return SCREENSHOTS_FILE(path=path)
    try:
        os.makedirs(path, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe-", suffix=".png", dir=path)
        os.close(fd)
        os.remove(probe)
    except (OSError, ValueError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        return SCREENSHOTS_UNWRITABLE(path=path, why=why)
    return None


def sweep_temporaries() -> int:
    """Remove the temporary files that saves killed before their rename left in the folders
    the game keeps files in (`game.storage.sweep_temporaries`: only our own names, only files
    older than two minutes) and the seat folders of killed games
    (`ai.external.sweep_seat_folders`: only ours, only when no game holds them); returns how
    many. Cheap (one listing per folder), never raises."""
    from game import storage
    from game.records import data_dir, records_dir
    from game.rulesets import rules_dir
    from game.settings import config_dir

    removed = 0
    for folder in (config_dir, rules_dir, data_dir, records_dir):
        try:
            removed += storage.sweep_temporaries(folder())
        except Exception:  # noqa: BLE001 - a folder we cannot even name: nothing to sweep
            continue
    # and the folders of program seats a killed game left in the temporary directory (a game
    # that crashed may never start another seat, where the seats' own sweep runs)
    from ai.external import sweep_seat_folders

    return removed + len(sweep_seat_folders())


def run(args: argparse.Namespace) -> int:
    settings, messages = load_settings()
    lang = args.lang or settings.language
    players: list[str] | None = None
    if args.autoplay or args.seats:  # every check before a window opens
        from ai.registry import AI_DEFAULT, HUMAN, parse_seats

        try:  # read as every command reads seats; "human" only when a person plays
            players = (parse_seats(args.seats, human=not args.autoplay) if args.seats
                       else [AI_DEFAULT] * 4)
        except ValueError as e:
            return error("play", e, lang)
        if not args.autoplay and HUMAN not in players:
            players[0] = HUMAN
    if args.screenshots is not None:
        problem = check_screenshots_dir(args.screenshots)
        if problem:
            return error("play", problem, lang)
    changes: dict[str, Any] = {"language": lang}
    if args.speed is not None:
        changes["animation_speed"] = args.speed
    if args.fullscreen:
        changes["fullscreen"] = True
    session_settings = settings.replace(**changes)
    for m in messages:  # also shown once in the window, over the title (a desktop start has no terminal)
        print(printable(f"korean-mahjong: {words(m, lang)}"), file=sys.stderr)
    unused = [f"--{o}" for o in ("seed", "hands") if getattr(args, o, None) is not None]
    if unused and players is None:
        print("korean-mahjong play: " + say("cli.play.unused", lang, options=", ".join(unused)),
              file=sys.stderr)

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.app import App

    if _no_display(pygame):
        print("korean-mahjong: " + say("cli.play.no_display", lang), file=sys.stderr)
        return 2
    # not pygame.init(): it would open the audio device at once, and with none ALSA prints its
    # errors on the terminal; the window starts the mixer itself, quietly (game.ui.sound)
    pygame.display.init()
    pygame.font.init()
    app = App(session_settings, size=args.size, screenshots=args.screenshots)
    swept: list[int] = []  # what a killed save left, at each start of the window: swept in the
    app.prepare(_sweep_ahead(swept))  # frames' spare time, not before the first frame
    try:  # Ctrl+C (KeyboardInterrupt) passes through here: the app closes its records first
        if players is not None:
            try:
                app.push("table", players=players, seed=args.seed, hands=args.hands,
                         exit_at_end=args.hands is not None)
            except ValueError as e:  # a python: or cmd: seat that does not start
                return error("play", e, lang)
        else:
            app.push("title", messages=messages)
        return app.run(max_frames=args.frames)
    finally:
        if not swept:  # closed before any spare time (``--frames 1``): swept all the same
            sweep_temporaries()
        app.close()
        pygame.quit()


def _sweep_ahead(swept: list[int]) -> Iterator[None]:
    """`sweep_temporaries` as work for `App.prepare`; what it removed goes into `swept`."""
    swept.append(sweep_temporaries())
    yield None
