"""Render what a player sees into PNGs (headless): a contact sheet of every tile face at three
sizes with backs and sideways variants, the dice, and each screen at a few window sizes.

    SDL_VIDEODRIVER=dummy python tools/ui_shots.py [OUT_DIR]      # default /tmp/ui-shots
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from game.ui.art import TileArt, tile_size

FELT = (22, 86, 62)


def contact_sheet(out: Path) -> Path:
    art = TileArt()
    widths = (24, 40, 64)
    rows = []
    for w in widths:
        rows.append([(k, w, 0, True) for k in range(29)] + [(None, w, 0, False)])
    rows.append([(k, 40, o, True) for k in (4, 13, 21, 26) for o in (1, 2, 3)] + [(None, 40, 1, False)])
    width = 40 + max(sum(tile_size(w, o)[0] + 4 for (_, w, o, _) in r) for r in rows)
    height = 40 + sum(max(tile_size(w, o)[1] for (_, w, o, _) in r) + 16 for r in rows) + 80
    sheet = pygame.Surface((width, height))
    sheet.fill(FELT)
    y = 20
    for r in rows:
        x = 20
        for kind, w, o, up in r:
            sheet.blit(art.tile(kind, w, o, up), (x, y))
            x += tile_size(w, o)[0] + 4
        y += max(tile_size(w, o)[1] for (_, w, o, _) in r) + 16
    x = 20
    for size in (24, 40, 64):
        for v in range(1, 7):
            sheet.blit(art.die(v, size), (x, y))
            x += size + 6
        x += 20
    path = out / "tiles-contact-sheet.png"
    pygame.image.save(sheet, str(path))
    return path


def screens(out: Path) -> list[Path]:
    """Each screen, in both languages, at the smallest and a common window size."""
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.board import BoardView, InfoView, draw_board, draw_info
    from game.ui.scenes.notice import NoticeScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.title import TitleScene

    paths = []
    for size in ((1280, 800), (1024, 640), (1920, 1080)):
        for lang in ("en", "ko"):
            app = App(Settings(language=lang, sound=False), size=size)
            tag = f"{lang}-{size[0]}x{size[1]}"
            app.push(TitleScene(app))
            app.step([], 0.016)
            paths.append(_save(app.window, out / f"title-{tag}.png"))
            if size == (1280, 800):
                app.push(NoticeScene(app, app.tr("msg.settings_problem"),
                                     ['unknown setting "colour" ignored',
                                      "setting volume: must be a number 0-1, got 3; using the default 0.7"]))
                app.step([], 0.016)
                paths.append(_save(app.window, out / f"notice-{tag}.png"))
                app.pop()
            sc = SettingsScene(app)
            app.push(sc)
            for page in range(len(sc.pages)):
                sc.set_page(page)
                if page == 1:
                    sc.draft = sc.draft.replace(rules=sc.draft.rules.replace(yak_overrides=(("seven_pairs", 3),)))
                app.step([], 0.016)
                paths.append(_save(app.window, out / f"settings-{sc.pages[page][0]}-{tag}.png"))
            app.pop()
            from game.ui.scenes.rules import RulesScene

            rs = RulesScene(app)
            app.push(rs)
            app.step([], 0.016)
            paths.append(_save(app.window, out / f"rules-top-{tag}.png"))
            rs.scroll_by(10**6)
            app.step([], 0.016)
            paths.append(_save(app.window, out / f"rules-end-{tag}.png"))
            if lang == "en":
                board = pygame.Surface(size)
                draw_board(board, app.layout, app.art, BoardView.example())
                draw_info(board, app.layout, app.art, app.fonts,
                          InfoView(wall_count=37, hand_no=3, dealer=1, winds=(3, 0, 1, 2),
                                   scores=(40, -20, 0, -20), clock="12:34"))
                paths.append(_save(board, out / f"board-{size[0]}x{size[1]}.png"))
            app.close()
    return paths


def _save(surface: pygame.Surface, path: Path) -> Path:
    pygame.image.save(surface, str(path))
    return path


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("/tmp/ui-shots")
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    pygame.display.set_mode((16, 16))
    print(contact_sheet(out))
    for p in screens(out):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
