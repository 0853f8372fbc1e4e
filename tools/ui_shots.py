"""Render what a player sees into PNGs (headless): a contact sheet of every tile face at three
sizes with backs and sideways variants, the dice, and each screen at a few window sizes.

    SDL_VIDEODRIVER=dummy python tools/ui_shots.py [OUT_DIR] [--table | --polish]   # default /tmp/ui-shots

``--review`` renders everything (screens, table, spectator kong/win/draw, practice, replays, statistics,
hints) at ``--sizes=1024x640,1280x800,2560x1440`` (default 1280x800,1024x640,1920x1080);
``--themes`` renders the table mid-hand under each table theme and the high-contrast tiles (and a result under navy);
``--hints`` renders the hints panel at the table (top, scrolled, a tip), in practice and in the replay viewer;
``--polish`` renders the hints panel's reasons and a dragged tile (both languages, two sizes);
``--table`` renders only the table: the seat choice, shuffle, dice, wall break (counted, then opened), deal, a turn, a
claim, mid-hand, the hand's result and the session results, and the new-game screen.
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


SIZES: tuple[tuple[int, int], ...] = ((1280, 800), (1024, 640), (1920, 1080))


def screens(out: Path) -> list[Path]:
    """Each screen, in both languages, at the smallest and a common window size."""
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.board import BoardView, InfoView, draw_board, draw_info
    from game.ui.scenes.notice import NoticeScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.title import TitleScene

    paths = []
    for size in SIZES:
        for lang in ("en", "ko"):
            app = App(Settings(language=lang, sound=False), size=size)
            tag = f"{lang}-{size[0]}x{size[1]}"
            app.push(TitleScene(app))
            app.step([], 0.016)
            paths.append(_save(app.window, out / f"title-{tag}.png"))
            if size == SIZES[0]:
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


def table_shots(out: Path) -> list[Path]:
    """The table at several moments (seat choice, shuffle, dice, deal, a turn, a claim, mid-hand),
    the win and session screens and the new-game screen, in both languages and three sizes."""
    import tempfile

    os.environ.setdefault("KOREAN_MAHJONG_DATA_DIR", tempfile.mkdtemp(prefix="kmj-shots-"))
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.results import HandResultScene, SessionResultScene
    from game.ui.scenes.table import TableScene, make_scene

    paths = []
    key = pygame.event.Event
    for size in SIZES:
        for lang in ("en", "ko"):
            tag = f"{lang}-{size[0]}x{size[1]}"
            app = App(Settings(language=lang, sound=False, animation_speed="normal", ai_delay_ms=0,
                               claim_countdown=8), size=size)
            ng = make_scene(app)
            app.push(ng)
            app.step([], 0.016)
            paths.append(_save(app.window, out / f"newgame-{tag}.png"))
            app.pop()
            app.running = True  # popping the last scene stops the app: a frame with input would not draw
            sc = TableScene(app, ["human", "ai:standard", "ai:expert", "ai:beginner"], seed=31, hands=1)
            app.push(sc)
            moments = {1.0: "seats", 3.0: "shuffle", 3.9: "walls", 4.6: "dice", 7.0: "break", 8.0: "broken",
                       9.0: "deal"}
            t = 0.0
            flowers = False
            while t < 60 and not (sc.prompt_for is not None and not sc.director.timeline.busy):
                app.step([], 1 / 30)
                t += 1 / 30
                for at in sorted(moments):
                    if t >= at:
                        paths.append(_save(app.window, out / f"table-{moments.pop(at)}-{tag}.png"))
                if not flowers and any(sc.director.model.flowers):
                    flowers = True
                    for _ in range(8):  # the flower lands
                        app.step([], 1 / 30)
                        t += 1 / 30
                    paths.append(_save(app.window, out / f"table-flowers-{tag}.png"))
            paths.append(_save(app.window, out / f"table-turn-{tag}.png"))
            # the uper button's tooltip (why it is off), the mouse over it
            if sc.prompt is not None:
                for c, r in zip(sc.prompt.choices, sc.button_rects()):
                    if c.action == "uper":
                        app.step([key(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
                        paths.append(_save(app.window, out / f"table-uper-tip-{tag}.png"))
                        app.step([key(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
            discards = claims = 0
            for _ in range(6000):
                if isinstance(app.top, (HandResultScene, SessionResultScene)) or app.top is not sc:
                    break
                app.step([], 1 / 30)
                d = sc.prompt_for
                if d is None or sc.director.timeline.busy:
                    continue
                if d.kind in ("claim", "rob"):
                    if claims == 0:
                        paths.append(_save(app.window, out / f"table-claim-{tag}.png"))
                    claims += 1
                    win = any(c.action == "win" and c.enabled for c in sc.prompt.choices)
                    app.step([key(pygame.KEYDOWN, key=pygame.K_w if win else pygame.K_SPACE, mod=0)], 1 / 30)
                else:
                    discards += 1
                    if discards == 8:
                        paths.append(_save(app.window, out / f"table-mid-{tag}.png"))
                    if any(c.action == "win" and c.enabled for c in (sc.prompt.choices if sc.prompt else [])):
                        app.step([key(pygame.KEYDOWN, key=pygame.K_w, mod=0)], 1 / 30)
                    else:
                        app.step([key(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)], 1 / 30)
            for _ in range(600):  # the result's reveal plays out (tiles turn, lines count up)
                app.step([], 1 / 30)
                if getattr(getattr(app.top, "reveal", None), "done", True):
                    break
            paths.append(_save(app.window, out / f"table-result-{tag}.png"))
            app.step([key(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], 1 / 30)
            app.step([], 1 / 30)
            if isinstance(app.top, SessionResultScene):
                paths.append(_save(app.window, out / f"session-result-{tag}.png"))
            app.close()
    return paths


def polish_shots(out: Path) -> list[Path]:
    """Issue 5 follow-ups: the hints panel with its reasons (a danger tip and a why-not answer)
    and a tile being dragged, in both languages at 1280x800 and 1024x640."""
    import tempfile

    os.environ.setdefault("KOREAN_MAHJONG_DATA_DIR", tempfile.mkdtemp(prefix="kmj-shots-"))
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.table import TableScene

    paths = []
    ev = pygame.event.Event
    for size in SIZES:
        for lang in ("en", "ko"):
            tag = f"{lang}-{size[0]}x{size[1]}"
            app = App(Settings(language=lang, sound=False, animation_speed="instant", ai_delay_ms=0), size=size)
            sc = TableScene(app, ["human", "ai:standard", "ai:standard", "ai:standard"], seed=44, hands=1,
                            record=False)
            app.push(sc)
            turns = 0
            for _ in range(4000):
                app.step([], 1 / 30)
                d = sc.prompt_for
                if d is None or sc.director.timeline.busy:
                    continue
                if d.kind in ("claim", "rob"):
                    app.step([ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)], 1 / 30)
                    continue
                turns += 1
                if turns >= 6:
                    break
                app.step([ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)], 1 / 30)
            # a tile dragged half-way along the hand
            rects = sc.tile_rects()
            a, b = rects[1].center, rects[min(len(rects) - 2, 7)].center
            app.step([ev(pygame.MOUSEBUTTONDOWN, button=1, pos=a)], 1 / 30)
            app.step([ev(pygame.MOUSEMOTION, pos=(a[0] + 30, a[1] - 8), rel=(0, 0), buttons=(1, 0, 0))], 1 / 30)
            app.step([ev(pygame.MOUSEMOTION, pos=(b[0] - 10, a[1] - 8), rel=(0, 0), buttons=(1, 0, 0))], 1 / 30)
            paths.append(_save(app.window, out / f"polish-drag-{tag}.png"))
            app.step([ev(pygame.MOUSEBUTTONUP, button=1, pos=(b[0] - 10, a[1]))], 1 / 30)
            paths.append(_save(app.window, out / f"polish-dropped-{tag}.png"))
            # the hints panel: a danger cell hovered, then a why-not answer
            app.step([ev(pygame.KEYDOWN, key=pygame.K_i, mod=0)], 1 / 30)
            app.step([], 1 / 30)
            panel = sc.hints_panel
            if panel is not None and panel.tips:
                cell = next((r for r, t in panel.tips if " vs " in t), panel.tips[0][0])
                app.step([ev(pygame.MOUSEMOTION, pos=cell.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
            paths.append(_save(app.window, out / f"polish-hints-{tag}.png"))
            if panel is not None and panel.hints is not None:
                panel.ask(next(k for k in range(25) if "complete" not in str(panel.hints.why_not(k))) if any(
                    "complete" not in str(panel.hints.why_not(k)) for k in range(25)) else 0)
                app.step([ev(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
                paths.append(_save(app.window, out / f"polish-whynot-{tag}.png"))
            app.close()
    return paths


def hints_shots(out: Path) -> list[Path]:
    """Issue 6 follow-up: the hints panel where it is used, to check it reads at the table: the
    table with hints on (the top, then scrolled to the end), the practice decision and the replay
    viewer with hints; both languages at every size."""
    import tempfile

    os.environ.setdefault("KOREAN_MAHJONG_DATA_DIR", tempfile.mkdtemp(prefix="kmj-shots-"))
    from ai.random_seat import RandomSeat
    from game.engine.rules import RuleSet
    from game.engine.session import Session
    from game.records import RecordWriter, list_records
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.practice import PracticeScene
    from game.ui.scenes.replay_viewer import RecordsScene, ReplayViewerScene
    from game.ui.scenes.table import TableScene

    ev = pygame.event.Event
    if not list_records():
        w = RecordWriter(Session(RuleSet(), seed=3, hands=1), human=0,
                         seat_kinds=("human", "ai:standard", "ai:standard", "random"))
        w.play([RandomSeat(30 + i) for i in range(4)])
    paths = []
    for size in SIZES:
        for lang in ("en", "ko"):
            tag = f"{lang}-{size[0]}x{size[1]}"
            app = App(Settings(language=lang, sound=False, animation_speed="instant", ai_delay_ms=0), size=size)
            sc = TableScene(app, ["human", "ai:standard", "ai:standard", "ai:standard"], seed=44, hands=1,
                            record=False)
            app.push(sc)
            turns = 0
            for _ in range(4000):
                app.step([], 1 / 30)
                d = sc.prompt_for
                if d is None or sc.director.timeline.busy:
                    continue
                if d.kind in ("claim", "rob"):
                    app.step([ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)], 1 / 30)
                    continue
                turns += 1
                if turns >= 6:
                    break
                app.step([ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)], 1 / 30)
            app.step([ev(pygame.KEYDOWN, key=pygame.K_i, mod=0)], 1 / 30)
            app.step([ev(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
            paths.append(_save(app.window, out / f"table-hints-{tag}.png"))
            for _ in range(6):
                app.step([ev(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0)], 1 / 30)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"table-hints-end-{tag}.png"))
            panel = sc.hints_panel
            if panel is not None and panel.tips:
                cell = next((r for r, t in panel.tips if (" vs " in t or " ← " in t)
                             and panel.rect.contains(r)), panel.tips[0][0])
                app.step([ev(pygame.MOUSEMOTION, pos=cell.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
                paths.append(_save(app.window, out / f"table-hints-tip-{tag}.png"))
            while app.scenes:
                app.pop()
            app.running = True
            pr = PracticeScene(app, playouts=20, seed=2, threaded=False, stage="any", mix="legal")
            app.push(pr)
            app.step([], 1 / 30)
            pr.start()
            pr.wait()
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"practice-decide-{tag}.png"))
            app.pop()
            app.running = True
            rl = RecordsScene(app)
            app.push(rl)
            app.step([], 1 / 30)
            v = ReplayViewerScene(app, rl.records[0].path)
            app.push(v)
            app.step([ev(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")] * 70, 1 / 30)
            app.step([], 1 / 30)
            if not v.show_hints:  # the viewer opens with hints on
                app.step([ev(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")], 1 / 30)
            paths.append(_save(app.window, out / f"replay-hints-{tag}.png"))
            app.close()
    return paths


def review_shots(out: Path) -> list[Path]:
    """What the table shots do not reach: a kong and a win with several yak (spectator mode,
    seed 38), a draw (seed 8), practice (setup, decide, an illegal uper explained, the results,
    the review), the replay list and viewer (with hints), and the statistics; both languages."""
    import tempfile

    os.environ.setdefault("KOREAN_MAHJONG_DATA_DIR", tempfile.mkdtemp(prefix="kmj-shots-"))
    from ai.random_seat import RandomSeat
    from game.engine.events import Claimed, KongDeclared
    from game.engine.rules import RuleSet
    from game.engine.session import Session
    from game.records import RecordWriter, list_records
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.practice import PracticeScene
    from game.ui.scenes.replay_viewer import RecordsScene, ReplayViewerScene
    from game.ui.scenes.results import HandResultScene
    from game.ui.scenes.stats import StatsScene
    from game.ui.scenes.table import TableScene

    ev = pygame.event.Event
    if not list_records():
        for seed in (3, 4, 5):
            w = RecordWriter(Session(RuleSet(), seed=seed, hands=2), human=0,
                             seat_kinds=("human", "ai:standard", "ai:expert", "random"))
            w.play([RandomSeat(seed * 10 + i) for i in range(4)])
    paths = []
    for size in SIZES:
        for lang in ("en", "ko"):
            tag = f"{lang}-{size[0]}x{size[1]}"
            app = App(Settings(language=lang, sound=False, animation_speed="fast", ai_delay_ms=0), size=size)
            # spectator mode: a kong, then the win screen; another seed ends in a draw
            for seed, what in ((38, "win"), (8, "draw")):
                sc = TableScene(app, ["ai:standard"] * 4, seed=seed, hands=1, record=False)
                app.push(sc)
                kong = False
                for _ in range(20000):
                    app.step([], 1 / 30)
                    if isinstance(app.top, HandResultScene):
                        for _ in range(20):
                            app.step([], 1 / 30)
                        paths.append(_save(app.window, out / f"auto-{what}-{tag}.png"))
                        break
                    if not kong and sc.table is not None:
                        shown = sc.director.played
                        if any(isinstance(e, KongDeclared) or (isinstance(e, Claimed) and e.meld == "kong")
                               for e in shown):
                            kong = True
                            for _ in range(12):  # the meld lands
                                app.step([], 1 / 30)
                            paths.append(_save(app.window, out / f"auto-kong-{tag}.png"))
                while app.scenes:
                    app.pop()
                app.running = True
            # practice
            pr = PracticeScene(app, playouts=20, seed=2, threaded=False, stage="any", mix="legal")
            app.push(pr)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"practice-setup-{tag}.png"))
            pr.start()
            pr.wait()
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"practice-decide-{tag}.png"))
            app.step([ev(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")], 1 / 30)
            pr.wait()
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"practice-result-{tag}.png"))
            pr.mix = "illegal"
            app.step([ev(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")], 1 / 30)
            pr.wait()
            app.step([ev(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")], 1 / 30)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"practice-illegal-{tag}.png"))
            app.step([ev(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f")], 1 / 30)
            pr.wait()
            app.step([ev(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")], 1 / 30)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"practice-review-{tag}.png"))
            app.pop()
            app.running = True
            # replays: the list, the viewer (a few steps in, then with hints)
            rl = RecordsScene(app)
            app.push(rl)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"replay-list-{tag}.png"))
            v = ReplayViewerScene(app, rl.records[0].path)
            app.push(v)
            app.step([ev(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")] * 70, 1 / 30)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"replay-viewer-{tag}.png"))
            app.step([ev(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")], 1 / 30)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"replay-hints-{tag}.png"))
            app.step([ev(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="")], 1 / 30)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"replay-end-{tag}.png"))
            while app.scenes:
                app.pop()
            app.running = True
            st = StatsScene(app)
            app.push(st)
            app.step([], 1 / 30)
            paths.append(_save(app.window, out / f"stats-{tag}.png"))
            app.close()
    return paths


def theme_shots(out: Path) -> list[Path]:
    """The table mid-hand under every table theme, with the ivory tiles, and under the green table
    with the high-contrast tiles and the colour-blind-safe suits, at every size (English; Korean at
    the first size); the win reveal under the navy table."""
    import tempfile

    os.environ.setdefault("KOREAN_MAHJONG_DATA_DIR", tempfile.mkdtemp(prefix="kmj-shots-"))
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.results import HandResultScene
    from game.ui.scenes.table import TableScene
    from game.ui.themes import TABLE_THEMES

    looks = [(t, "ivory", "classic") for t in TABLE_THEMES] + [("green", "contrast", "colourblind")]
    paths = []
    key = pygame.event.Event
    for n, size in enumerate(SIZES):
        for table_theme, tile_theme, suits in looks:
            for lang in ("en", "ko") if n == 0 else ("en",):
                tag = f"{table_theme}-{tile_theme}-{suits}-{lang}-{size[0]}x{size[1]}"
                app = App(Settings(language=lang, sound=False, animation_speed="fast", ai_delay_ms=0,
                                   table_theme=table_theme, tile_theme=tile_theme, suit_colours=suits),
                          size=size)
                sc = TableScene(app, ["human", "ai:standard", "ai:expert", "ai:beginner"], seed=31, hands=1)
                app.push(sc)
                discards, saved = 0, False
                for _ in range(20000):
                    if isinstance(app.top, HandResultScene) or app.top is not sc:
                        break
                    app.step([], 1 / 30)
                    d = sc.prompt_for
                    if d is None or sc.director.timeline.busy:
                        continue
                    win = any(c.action == "win" and c.enabled for c in (sc.prompt.choices if sc.prompt else []))
                    if d.kind not in ("claim", "rob"):
                        discards += 1
                        if discards == 8 and not saved:
                            saved = True
                            paths.append(_save(app.window, out / f"theme-mid-{tag}.png"))
                    k = pygame.K_w if win else pygame.K_SPACE
                    app.step([key(pygame.KEYDOWN, key=k, mod=0)], 1 / 30)
                if table_theme == "navy" and isinstance(app.top, HandResultScene):
                    while not app.top.reveal.done:
                        app.step([], 1 / 30)
                    paths.append(_save(app.window, out / f"theme-result-{tag}.png"))
                app.close()
    return paths


def _save(surface: pygame.Surface, path: Path) -> Path:
    pygame.image.save(surface, str(path))
    return path


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    out = Path(args[0]) if args else Path("/tmp/ui-shots")
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    pygame.display.set_mode((16, 16))
    global SIZES
    for a in argv:
        if a.startswith("--sizes="):
            SIZES = tuple(tuple(int(v) for v in x.split("x")) for x in a.split("=", 1)[1].split(","))  # type: ignore[misc]
    only_table = "--table" in argv
    if "--review" in argv:  # every screen of the issue 5/6 review
        print(contact_sheet(out))
        for p in screens(out) + table_shots(out) + review_shots(out) + polish_shots(out):
            print(p)
        return 0
    if "--hints" in argv:
        for p in hints_shots(out):
            print(p)
        return 0
    if "--themes" in argv:
        for p in theme_shots(out):
            print(p)
        return 0
    if "--polish" in argv:
        for p in polish_shots(out):
            print(p)
        return 0
    if not only_table:
        print(contact_sheet(out))
        for p in screens(out):
            print(p)
    for p in table_shots(out):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
