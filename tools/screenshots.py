"""The screenshots the project shows: the README's table (spectator mode, mid-hand) and a contact
sheet of the main screens at 1280x800, both in ``docs/screenshots/``.

    SDL_VIDEODRIVER=dummy python tools/screenshots.py [OUT_DIR] [--lang en|ko]

Everything is seeded, so the pictures change only when the game's look changes. Each screen is
also saved on its own (``OUT_DIR/screens/NAME.png``, not committed) for a closer look.
"""

from __future__ import annotations

import os
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

SIZE = (1280, 800)
#: the spectator hand the README shows: seed, and how many discards into the hand
README_SEED, README_DISCARDS = 42, 30
THUMB_W = 640
COLUMNS = 3


def _app(lang: str, speed: str = "instant") -> Any:  # an App
    from game.settings import Settings
    from game.ui.app import App

    return App(Settings(language=lang, sound=False, animation_speed=speed, ai_delay_ms=0), size=SIZE)


def _until(app: Any, cond: Callable[[], bool], frames: int = 20000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.step([], 1 / 30)
    raise RuntimeError("the screen never reached the moment to capture")


def _key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def spectator_table(lang: str, hints: bool = False) -> pygame.Surface:
    """Four computer seats, some way into a hand (rivers, a claim or two), seen from seat 1."""
    from ai.registry import parse_seats
    from game.ui.scenes.table import TableScene

    app = _app(lang, speed="fast")  # frame by frame: "instant" would show the whole hand at once
    sc = TableScene(app, parse_seats("ai:expert,ai,ai:expert,ai"), seed=README_SEED, hands=1)
    app.push(sc)
    _until(app, lambda: sc.director.model.discards >= README_DISCARDS)
    sc.paused = True  # no next move: what is in flight lands
    _until(app, lambda: not sc.director.timeline.busy)
    if hints:
        sc.toggle_hints()
    app.step([], 1 / 30)
    return app.window.copy()


def win_reveal(lang: str) -> pygame.Surface:
    from ai.registry import parse_seats
    from game.ui.scenes.results import HandResultScene
    from game.ui.scenes.table import TableScene

    app = _app(lang)
    sc = TableScene(app, parse_seats("ai,ai,ai,ai"), seed=6, hands=2)
    app.push(sc)
    _until(app, lambda: isinstance(app.top, HandResultScene))
    app.step([], 1 / 30)
    return app.window.copy()


def screen(name: str, lang: str, **options: Any) -> pygame.Surface:
    app = _app(lang)
    app.push(name, **options)
    app.step([], 1 / 30)
    return app.window.copy()


def human_turn(lang: str) -> pygame.Surface:
    """The player's own turn, the hints panel open."""
    from game.ui.scenes.table import TableScene

    app = _app(lang)
    sc = TableScene(app, ["human", "ai", "ai:expert", "ai:beginner"], seed=17, hands=1)
    app.push(sc)
    _until(app, lambda: sc.prompt_for is not None and sc.prompt_for.kind == "turn" and sc.director.idle)
    sc.toggle_hints()
    app.step([], 1 / 30)
    return app.window.copy()


def lesson(lang: str, lesson_id: str) -> pygame.Surface:
    """A lesson some steps in (its narration and the board)."""
    app = _app(lang)
    app.push("lesson", lesson_id=lesson_id)
    for _ in range(3):
        app.step([_key(pygame.K_RETURN)], 1 / 30)
    app.step([], 1 / 30)
    return app.window.copy()


def yak_guide(lang: str) -> pygame.Surface:
    from game.engine.tiles import parse_tiles
    from game.practice.yak_guide import reach

    return screen("yak_guide", lang, key="seven_pairs", reach=reach(parse_tiles("11m44m77m22p55p8p3z6z")))


def shots(lang: str) -> list[tuple[str, Callable[[], pygame.Surface]]]:
    """(name, how to draw it) of every screen on the contact sheet, in order."""
    return [
        ("title", lambda: screen("title", lang)),
        ("new game", lambda: screen("new_game", lang)),
        ("table (spectator)", lambda: spectator_table(lang)),
        ("your turn, hints open", lambda: human_turn(lang)),
        ("a win", lambda: win_reveal(lang)),
        ("yak guide", lambda: yak_guide(lang)),
        ("learn", lambda: screen("learn", lang)),
        ("a lesson: the sacred discard", lambda: lesson(lang, "sacred")),
        ("rules", lambda: screen("rules", lang)),
        ("settings", lambda: screen("settings", lang)),
        ("statistics", lambda: screen("statistics", lang)),
    ]


def contact_sheet(pictures: list[tuple[str, pygame.Surface]]) -> pygame.Surface:
    from game.ui.widgets import Fonts

    fonts = Fonts()
    th = round(THUMB_W * SIZE[1] / SIZE[0])
    label_h = 34
    rows = (len(pictures) + COLUMNS - 1) // COLUMNS
    pad = 16
    sheet = pygame.Surface((pad + COLUMNS * (THUMB_W + pad), pad + rows * (th + label_h + pad)))
    sheet.fill((16, 30, 24))
    for i, (name, pic) in enumerate(pictures):
        x = pad + (i % COLUMNS) * (THUMB_W + pad)
        y = pad + (i // COLUMNS) * (th + label_h + pad)
        sheet.blit(pygame.transform.smoothscale(pic, (THUMB_W, th)), (x, y))
        sheet.blit(fonts.text(name, 20, (230, 220, 190)), (x + 4, y + th + 6))
    return sheet


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    lang = "ko" if "--lang=ko" in argv or ("--lang" in argv and argv[argv.index("--lang") + 1] == "ko") else "en"
    out = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    (out / "screens").mkdir(exist_ok=True)
    os.environ.setdefault("KOREAN_MAHJONG_DATA_DIR", tempfile.mkdtemp(prefix="kmj-shots-"))
    os.environ.setdefault("KOREAN_MAHJONG_CONFIG_DIR", tempfile.mkdtemp(prefix="kmj-cfg-"))
    pygame.init()
    pictures = []
    for name, draw in shots(lang):
        pic = draw()
        slug = "".join(c if c.isalnum() else "-" for c in name).strip("-")
        pygame.image.save(pic, str(out / "screens" / f"{slug}-{lang}.png"))
        pictures.append((name, pic))
    suffix = "" if lang == "en" else f"-{lang}"
    pygame.image.save(pictures[2][1], str(out / f"table{suffix}.png"))
    pygame.image.save(contact_sheet(pictures), str(out / f"contact-sheet{suffix}.png"))
    print(out / f"table{suffix}.png")
    print(out / f"contact-sheet{suffix}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
