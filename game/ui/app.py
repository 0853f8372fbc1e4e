"""The window, the frame loop and the scene stack.

    app = App(settings)               # opens the window (SDL_VIDEODRIVER=dummy: headless)
    app.push("title")                  # a screen by its name (`game.ui.screens`), or a Scene
    app.run()                          # until the player quits

Screens open each other by name through the app: `push` (over the top), `replace` (instead of
the top), `back` (close the top), `show` (back to a screen on the stack, or a new one),
`remove` (a screen and all above it); the screen uncovered hears `Scene.on_return`.

Tests drive it frame by frame: ``app.step(events, dt)`` handles the events, updates the top
scene by ``dt`` seconds and draws; ``app.screen`` is the picture.

A crash in the loop (`run`) is caught there: a report goes to the log folder (`game.ui.crash`:
the traceback, the version, the screens, the record's name, the settings), one line on the
terminal names it, the window shows it if it still can, and `run` returns `EXIT_CRASHED`
(no second traceback); an ordinary run keeps a short rotating log there.

What can be drawn ahead (the empty table and its tile sprites for the window's layout) is drawn
in the frames' spare time (`App.prepare`, `App.idle`): the loop does it instead of sleeping, a little at
a time, so it is ready before the deal and neither the first frame nor any later one waits.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.engine.messages import Message
from game.i18n import register_texts
from game.settings import MAX_WINDOW, MIN_WINDOW, Settings, save_settings

from . import crash, memory, screens
from .art import TileArt
from .assets import ICONS
from .board import prepare_table_text, table_background
from .clock import FrameClock
from .director import CALLS
from .i18n import reason_text, tr
from .layout import Layout
from .rehearsal import rehearse
from .screens import Screen
from .sound import Sound, music_for
from .themes import Look
from .widgets import Fonts

TITLE = "Korean 2-Point Mahjong"

#: `App.run`'s status after a crash (EX_SOFTWARE: an internal error)
EXIT_CRASHED = 70

register_texts("ui", {
    "crash.title": "The game stopped on an error",
    "crash.report": "A report was saved: {path}. Please send it with a few words about what you "
                    "were doing. Your finished hands are in the record; press any key to close.",
    "crash.no_report": "No report could be written (the data folder refused it). Press any key "
                       "to close.",
    "crash.terminal": "the game stopped on an error; the report is {path}",
    "crash.terminal_no_report": "the game stopped on an error; no report could be written",
})

#: The table's tile sprites drawn ahead (`App.prepare`): a `Layout` width and the orientations
#: it is drawn in (the human's hand faces the player; a claimed tile lies sideways); the
#: opponents' concealed tiles also standing (`TileArt.standing`) at `STANDING`.
TABLE_TILES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("tile", (0, 1, 2, 3)), ("river_tile", (0, 1, 2, 3)), ("opp_tile", (0, 1, 2, 3)),
    ("meld_tile", (0, 1, 2, 3)), ("flower_tile", (0, 1, 2, 3)), ("hand_tile", (0, 1)))
#: time kept free at the end of a frame's spare time (the loop's own sleep is not exact)
STANDING: tuple[str, tuple[int, ...]] = ("opp_tile", (1, 2, 3))
IDLE_MARGIN = 0.002


def clamp_size(w: int, h: int) -> tuple[int, int]:
    """The layout size for a window size (the layout works from 1024x640 to 3840x2160).

    >>> clamp_size(800, 600), clamp_size(1280, 800), clamp_size(5000, 3000)
    ((1024, 640), (1280, 800), (3840, 2160))
    """
    return (max(MIN_WINDOW[0], min(MAX_WINDOW[0], w)), max(MIN_WINDOW[1], min(MAX_WINDOW[1], h)))


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11, or Alt+Enter (either Enter key), as every desktop game toggles fullscreen.

    >>> ev = lambda k, mod=0: pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)
    >>> is_fullscreen_key(ev(pygame.K_F11)), is_fullscreen_key(ev(pygame.K_RETURN, pygame.KMOD_LALT))
    (True, True)
    >>> is_fullscreen_key(ev(pygame.K_RETURN)), is_fullscreen_key(ev(pygame.K_KP_ENTER, pygame.KMOD_RALT))
    (False, True)
    """
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_F11:
        return True
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(
        getattr(event, "mod", 0) & pygame.KMOD_ALT)


def window_icon() -> pygame.Surface | None:
    """Set the window's icon (the project's own, assets/icons) before the window opens; the
    surface, or None when the picture cannot be loaded (the program runs on without it)."""
    try:
        icon = pygame.image.load(str(ICONS / "korean-mahjong-64.png"))
        pygame.display.set_icon(icon)
    except (pygame.error, OSError):
        return None
    return icon


class App:
    """Owns the window, settings, fonts, tile art, sound and the scene stack."""

    def __init__(self, settings: Settings, size: tuple[int, int] | None = None,
                 screenshots: str | Path | None = None, settings_path: str | Path | None = None) -> None:
        self.settings = settings
        self.settings_path = settings_path
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        self.icon = window_icon()
        self.headless = os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen")
        self.min_size_error = False
        self.fullscreen = settings.fullscreen and not self.headless
        want = size or settings.window_size
        #: the window's size to come back to when fullscreen ends (the size before it began)
        self.windowed_size: tuple[int, int] = tuple(want)  # type: ignore[assignment]
        self.window = self._open(want)
        self.canvas = self.window
        self.layout = Layout.for_size(*clamp_size(*self.window.get_size()), large=self.large_tiles)
        self._sync_canvas()
        self.fonts = Fonts()
        self.art = TileArt(look=Look.of(settings))
        self.sound = Sound(settings.sound, settings.volume, defer=True,  # started in the spare time
                           music=settings.music_volume, effects=settings.effects_volume)
        self.clock = FrameClock()
        self.scenes: list[Screen] = []
        self.running = True
        self.crash: BaseException | None = None  # the error `run` stopped on (reported)
        self.trims = 0  # freed memory given back after a resize (`_trim_ahead`)
        self.frames = 0
        self.screenshots = Path(screenshots) if screenshots else None
        self._shot_names: set[str] = set()
        self._work: deque[Iterator[object]] = deque()
        self._music_names: tuple[str, ...] | None = None  # the stack the music was chosen for
        #: the picture under the top overlay (`draw`), with what it was drawn for
        self._under: tuple[tuple[object, ...], pygame.Surface] | None = None
        #: what the canvas holds: the scenes of the last frame drawn with no overlay, with the
        #: canvas, size, layout and look it was drawn for (`_canvas_shows`), else None
        self._shown: tuple[object, ...] | None = None
        #: the scenes handed an event or an update since the last frame was drawn
        self._touched: list[Screen] = []
        #: screens to open at the start of the next frame (`open_next`)
        self._next: list[tuple[Screen, Screen | str, dict[str, Any]]] = []
        self._stepping = False  # inside `step`: a frame's events and update
        self._looks = 0  # counts the settings applied: a new look or language redraws it
        self.prepare(self._sound_ahead())  # after the first frame, not before it
        self.prepare(self._under_ahead())
        self.prepare(self._table_ahead(self.layout))

    # --- window ---------------------------------------------------------------------------------
    def _open(self, size: tuple[int, int]) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if self.fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        surf = pygame.display.set_mode(size, flags)
        try:  # pygame-ce: keep the window at least as big as the layout's minimum
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):  # older pygame, or a driver without windows:
            self.min_size_error = True  # a smaller window draws a scaled-down canvas instead
        return surf

    def _sync_canvas(self) -> None:
        """Draw on the window itself, or on a minimum-size canvas scaled down into a smaller one."""
        w, h = self.window.get_size()
        lw, lh = clamp_size(w, h)
        if (lw, lh) == (w, h):
            self.canvas = self.window
        elif self.canvas is self.window or self.canvas.get_size() != (lw, lh):
            self.canvas = pygame.Surface((lw, lh))

    def resize(self, size: tuple[int, int]) -> None:
        """The window now has `size` (from a resize event), or should get it."""
        if not self.fullscreen and self.window.get_size() != size:
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.window = pygame.display.get_surface() or self.window
        self._shown = None  # the window's surface may be a new one: the last frame is not on it
        self._sync_canvas()
        new = Layout.for_size(*self.canvas.get_size(), large=self.large_tiles)
        if new != self.layout:
            self.layout = new
            self.prepare(self._table_ahead(new))
            self.prepare(self._under_ahead())
            self.prepare(self._trim_ahead(new, memory.mark(self)))
            for s in self.scenes:
                s.on_resize(new)

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Window coordinates to canvas coordinates."""
        if self.canvas is self.window:
            return pos
        ww, wh = self.window.get_size()
        cw, ch = self.canvas.get_size()
        return (round(pos[0] * cw / max(1, ww)), round(pos[1] * ch / max(1, wh)))

    # --- drawing ahead --------------------------------------------------------------------------
    def prepare(self, work: Iterable[object]) -> None:
        """Work for the frames' spare time (`idle`), each step of `work` a small part of it (one
        sprite drawn): what it draws is ready before it is needed, and no frame waits for it."""
        self._work.append(iter(work))

    def idle(self, seconds: float, steps: int = 0) -> bool:
        """Do prepared work for about `seconds` (the time the loop would sleep; a step started
        is finished), and at least `steps` steps (so that it moves on when frames take all the
        time); True while work is left."""
        end = time.perf_counter() + seconds
        while self._work and (steps > 0 or time.perf_counter() < end):
            steps -= 1
            try:
                next(self._work[0])
            except StopIteration:
                self._work.popleft()
        return bool(self._work)

    def _under_ahead(self) -> Iterator[None]:
        """The surface that keeps the picture under an overlay (`draw`), made in the spare time
        so that a result screen's first frame copies into it instead of making it."""
        if self._under is None or self._under[1].get_size() != self.canvas.get_size():
            self._under = ((), self.canvas.copy())
        yield from ()  # one step: the work above

    def _trim_ahead(self, lay: Layout, marks: list[tuple[Any, int]]) -> Iterator[None]:
        """Once a resize has settled (the window still has `lay` when the work drawn ahead for
        it is done), drop the pictures not used since (the old sizes') and give the freed
        memory back to the system (`memory.settle`): once after a drag, not at every size."""
        if self.layout == lay:
            memory.settle(marks)
            self.trims += 1
        yield from ()

    def _sound_ahead(self) -> Iterator[None]:
        """The mixer, started in the first spare time (`Sound.start`)."""
        self.sound.start()
        self.sound.preload()  # the effects decoded in a thread: no frame waits for a file
        yield from ()  # one step: the work above

    def _table_ahead(self, lay: Layout) -> Iterator[None]:
        """The empty table at `lay`, its text's fonts and call words (`prepare_table_text`), then
        every tile sprite of it (`TABLE_TILES`, `STANDING`), then the rest a hand draws (the
        table rehearsed off-screen: `game.ui.rehearsal`), one a step; nothing more once the
        window has another layout (its own are queued then)."""
        calls = [(self.tr(key), colour) for key, colour, _sound in CALLS.values()]
        steps: list[Callable[[], object]] = [
            partial(table_background, lay, self.art.look.table),
            partial(prepare_table_text, lay, self.art, self.fonts, self.lang, calls)]
        standing = getattr(lay, STANDING[0], None)
        if isinstance(standing, int) and standing >= 8:
            steps += [partial(self.art.standing, standing, o) for o in STANDING[1]]
        seen: set[tuple[int, int]] = set()
        for name, orientations in TABLE_TILES:
            width = getattr(lay, name, None)
            if not isinstance(width, int) or width < 8:
                continue
            for o in orientations:
                if (width, o) not in seen:
                    seen.add((width, o))
                    steps += [partial(self.art.tile, kind, width, o) for kind in (None, *range(29))]
        for step in steps:
            if lay is not self.layout:
                return
            step()
            yield None
        # the shadows, sideways cells, dice and the right column's fonts a hand draws
        for _ in rehearse(lay, self.art, self.fonts, self.lang, app=self):
            if lay is not self.layout:
                return
            yield None

    # --- settings -------------------------------------------------------------------------------
    @property
    def large_tiles(self) -> bool:
        """The settings' large tile size (`Layout.for_size(..., large=True)`)."""
        return self.settings.tile_size == "large"

    @property
    def lang(self) -> str:
        return self.settings.language

    def tr(self, key: str, **fmt: object) -> str:
        return tr(key, self.lang, **fmt)

    @property
    def notation(self) -> bool:
        """Tiles in notation (``5p``) instead of words: the player's setting."""
        return self.settings.tile_notation

    def reason(self, reason: Message | str | None) -> str:
        """A reason, hint or explanation (a `Message`, or a seat program's own words) as this
        player reads it (`game.ui.i18n.reason_text`)."""
        return reason_text(reason, self.lang, notation=self.notation)

    def tile_name(self, kind: int) -> str:
        """A tile as this player names it: ``5 circles``, ``5통``, or ``5p`` in notation."""
        return i18n.tile_name(kind, self.lang, notation=self.notation)

    def tiles_text(self, kinds: Iterable[int]) -> str:
        """Several tiles as this player names them: ``1 4 7 characters``, ``147만``, ``147m``."""
        return i18n.tiles_text(kinds, self.lang, notation=self.notation)

    def apply_settings(self, new: Settings, save: bool = True) -> Path | None:
        """Use new settings now (language, sound, window, the table's look) and save them;
        returns the file. A new look shows at once: the tile art draws in it (its sprites and
        the empty table are cached per look, within their bounds), and a new tile size lays the
        table out again (the screens hear `on_resize`)."""
        old = self.settings
        self.settings = new
        self._looks += 1  # what lies under an overlay is drawn again
        self.sound.configure(new.sound, new.volume, new.music_volume, new.effects_volume)
        self.sound.preload()  # sound turned on later: its effects decoded ahead all the same
        path = save_settings(new, self.settings_path) if save else None
        look = Look.of(new)
        if look != self.art.look:
            self.art.look = look
            self.prepare(self._table_ahead(self.layout))  # the new look's table and tiles, ahead
        if not self.headless:
            if new.fullscreen and not old.fullscreen:  # the size to come back to: as it was
                self.windowed_size = self.window.get_size()  # (maybe dragged)
            if new.window_size != old.window_size:  # unless a size is chosen (even while fullscreen)
                self.windowed_size = new.window_size
            if new.fullscreen != old.fullscreen:
                self.fullscreen = new.fullscreen
                self.window = self._open(self.windowed_size)
                self.resize(self.window.get_size())
            elif new.window_size != old.window_size and not self.fullscreen:
                self.resize(new.window_size)
        if new.tile_size != old.tile_size:
            self.resize(self.window.get_size())
        return path

    def toggle_fullscreen(self) -> None:
        """F11 or Alt+Enter: fullscreen on or off, remembered in the settings."""
        new = self.settings.replace(fullscreen=not self.settings.fullscreen)
        self.apply_settings(new, save=False)
        try:
            save_settings(new, self.settings_path)
        except OSError:  # the settings file cannot be written: the window changes all the same
            pass

    # --- scenes ---------------------------------------------------------------------------------
    @property
    def top(self) -> Screen | None:
        return self.scenes[-1] if self.scenes else None

    def make(self, screen: str, **options: Any) -> Screen:
        """A new scene of the named screen (`game.ui.screens`), not yet on the stack."""
        return screens.make(screen, self, **options)

    def _scene(self, screen: Screen | str, options: dict[str, Any]) -> Screen:
        return self.make(screen, **options) if isinstance(screen, str) else screen

    def push(self, screen: Screen | str, **options: Any) -> Screen:
        """Put a screen (a name and its options, or a scene) on top of the stack."""
        scene = self._scene(screen, options)
        crash.log.info("screen: %s", scene.name)
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def pop(self) -> Screen:
        """Close the top screen; the one beneath is on top again. The last one ends the app."""
        scene = self.scenes.pop()
        scene.on_exit()
        if not self.scenes:
            self.running = False
        else:
            self.scenes[-1].on_return()
        return scene

    back = pop

    def replace(self, screen: Screen | str, **options: Any) -> Screen:
        """The top screen closes and another takes its place."""
        scene = self._scene(screen, options)
        if self.scenes:
            self.scenes.pop().on_exit()
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def remove(self, scene: Screen) -> None:
        """Close `scene` and every screen above it (the app goes on, even with none left)."""
        if scene not in self.scenes:
            return
        while self.scenes:
            top = self.scenes.pop()
            top.on_exit()
            if top is scene:
                break
        if self.scenes:
            self.scenes[-1].on_return()

    def open_next(self, over: Screen, screen: Screen | str, **options: Any) -> None:
        """Push a screen at the start of the next frame (before its events; it is first updated
        in the frame after, as a screen pushed during a frame's update), if `over` is still on
        the stack then; outside a frame (a screen's `on_enter`), now. An overlay opened so lies
        over exactly the picture the last frame showed, nothing having touched the screens
        under it since, and its first frame keeps that picture instead of drawing them again
        (`draw`): the table opens a hand's result so once the hand's end has been shown."""
        if self._stepping:
            self._next.append((over, screen, options))
        elif over in self.scenes:
            self.push(screen, **options)

    def show(self, screen: str, **options: Any) -> Screen:
        """The named screen on top: the nearest one on the stack with the screens above it
        closed, else a new one pushed."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].name == screen:
                if i + 1 < len(self.scenes):
                    self.remove(self.scenes[i + 1])
                return self.scenes[i]
        return self.push(screen, **options)

    def quit(self) -> None:
        self.running = False

    # --- frames ---------------------------------------------------------------------------------
    def _translate(self, event: pygame.event.Event) -> pygame.event.Event:
        if self.canvas is self.window or not hasattr(event, "pos"):
            return event
        d = dict(event.dict)
        d["pos"] = self.to_canvas(event.pos)
        return pygame.event.Event(event.type, d)

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: the screens asked for last frame opened (`open_next`), events, update,
        draw (no flip)."""
        opening, self._next = self._next, []
        opened = [self.push(screen, **options) for over, screen, options in opening
                  if over in self.scenes]
        self._stepping = True
        try:
            self._step(events, dt, opened)
        finally:
            self._stepping = False

    def _step(self, events: Iterable[pygame.event.Event], dt: float, opened: list[Screen]) -> None:
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize((event.w, event.h))
                continue
            if event.type == pygame.WINDOWSIZECHANGED:
                self.resize(self.window.get_size() if self.fullscreen else (event.x, event.y))
                continue
            if is_fullscreen_key(event):  # the window's key: no scene sees it (never a discard)
                self.toggle_fullscreen()
                continue
            if self.top is not None:
                self._touched.append(self.top)
                self.top.handle_event(self._translate(event))
            if not self.running:
                return
        if self.top is not None and self.top not in opened:
            self._touched.append(self.top)
            self.top.update(dt)
        self._follow_music()
        self.draw()
        self.frames += 1

    def _follow_music(self) -> None:
        """The music of the screens shown (`sound.music_for`: the title's, the table's under its
        menus and results, the session end's), asked for again only when the stack changed."""
        names = tuple(s.name for s in self.scenes)
        if names != self._music_names:
            self._music_names = names
            self.sound.play_music(music_for(names))

    def _canvas_shows(self, scenes: list[Screen]) -> tuple[object, ...]:
        """What a frame drawing `scenes` with nothing over them leaves on the canvas: compared
        with `_shown` (`_still_shows`) to know whether the canvas still holds that picture."""
        return (*scenes, self.canvas, self.canvas.get_size(), self.layout, self._looks)

    def _still_shows(self, shown: tuple[object, ...] | None, scenes: list[Screen]) -> bool:
        """The canvas holds the picture of exactly `scenes` (the same objects, on the same
        canvas, at the same size, layout and look) as the last frame drew it."""
        now = self._canvas_shows(scenes)
        return shown is not None and len(shown) == len(now) and all(
            a is b for a, b in zip(shown[:-3], now[:-3])) and shown[-3:] == now[-3:]

    def draw(self) -> None:
        # draw from the last non-overlay scene up
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        shown, self._shown = self._shown, None
        touched, self._touched = self._touched, []
        if start < len(self.scenes) - 1:
            # an overlay on top: what lies under it does not move while it shows (only the top
            # scene is updated), so it is drawn once and kept until the scenes or the window change
            under = self.scenes[start:-1]
            key = (tuple(id(s) for s in under), self.canvas.get_size(), self.layout, self._looks)
            if self._under is None or self._under[0] != key:
                # the canvas still holds the last frame, and it was exactly these scenes (drawn
                # alone, on this canvas, at this size and look, none of them handed an event or
                # an update since): that picture is the one to keep, not drawn again
                if not self._still_shows(shown, under) or any(s in under for s in touched):
                    for s in under:  # drawn where it shows, then kept
                        s.draw(self.canvas)
                picture = self._under[1] if self._under is not None else None
                if picture is None or picture.get_size() != self.canvas.get_size():
                    picture = self.canvas.copy()  # in the canvas's own pixel format
                else:  # the surface made ahead (`_under_ahead`): a copy, not a new surface
                    picture.blit(self.canvas, (0, 0))
                self._under = (key, picture)
            else:
                self.canvas.blit(self._under[1], (0, 0))
            self.scenes[-1].draw(self.canvas)
        else:
            if self._under is not None:
                self._under = ((), self._under[1])  # the surface stays for the next overlay
            for s in self.scenes[start:]:
                s.draw(self.canvas)
            self._shown = self._canvas_shows(self.scenes[start:])
        if self.canvas is not self.window:
            pygame.transform.smoothscale(self.canvas, self.window.get_size(), self.window)
        self._screenshot()

    def _screenshot(self) -> None:
        """With ``--screenshots DIR``: each scene's first frame as ``DIR/<scene name>.png``."""
        if self.screenshots is None or self.top is None or self.top.name in self._shot_names:
            return
        self.save_screenshot(self.top.name)

    def save_screenshot(self, name: str) -> Path | None:
        """Save the current picture as ``<screenshots dir>/<name>.png`` (key moments of a game:
        walls built, dice, dealt, mid-hand, win); nothing without a screenshots directory."""
        if self.screenshots is None:
            return None
        self._shot_names.add(name)
        self.screenshots.mkdir(parents=True, exist_ok=True)
        path = self.screenshots / f"{name}.png"
        pygame.image.save(self.window, str(path))
        return path

    def run(self, max_frames: int | None = None, fps: int = 60) -> int:
        """The loop, until quit (or `max_frames` frames); returns the exit status: 0, or
        `EXIT_CRASHED` after a crash (reported: `crashed`). Ctrl+C passes through. The run's
        rotating log is open meanwhile (`crash.start_log`)."""
        handler = crash.start_log()
        for scene in self.scenes:  # the screens opened before the loop
            crash.log.info("screen: %s", scene.name)
        try:
            code = self._loop(max_frames, fps)
            crash.log.info("end: status %d", code)
            return code
        except Exception as e:  # noqa: BLE001 - every error of the game ends in a report
            return self.crashed(e)
        finally:
            crash.stop_log(handler)

    def crashed(self, error: BaseException) -> int:
        """Report a crash: the report file, a line on the terminal naming it, the window's last
        notice if it can still draw. Never raises; returns `EXIT_CRASHED`."""
        self.crash = error
        path = crash.write_report(error, self)

        def words(key: str, **fmt: object) -> str:
            try:
                return self.tr(key, **fmt)
            except Exception:  # noqa: BLE001 - the crash may be in the words themselves
                return i18n.text(key, "en", **fmt)

        with suppress(Exception):  # no terminal (a desktop start): the report is there
            line = words("crash.terminal", path=str(path)) if path else words("crash.terminal_no_report")
            print(f"korean-mahjong: {line}", file=sys.stderr, flush=True)
        with suppress(Exception):
            crash.last_notice(self, words("crash.title"),
                              [words("crash.report", path=str(path)) if path else words("crash.no_report")])
        return EXIT_CRASHED

    def _loop(self, max_frames: int | None, fps: int) -> int:
        limiter = pygame.time.Clock()
        self.clock = FrameClock()
        while self.running and self.scenes:
            start = time.perf_counter()
            dt = self.clock.tick()
            self.step(pygame.event.get(), dt)
            pygame.display.flip()
            if max_frames is not None and self.frames >= max_frames:
                break
            self.idle(1 / fps - (time.perf_counter() - start) - IDLE_MARGIN, steps=1)
            limiter.tick(fps)
        return 0

    def close(self) -> None:
        """The end of the program: every scene still on the stack leaves (closing what it holds,
        e.g. the table's records and computer seats), then the window closes."""
        while self.scenes:
            scene = self.scenes.pop()
            if self.crash is None:
                scene.on_exit()
                continue
            try:  # after a crash, every screen still closes what it holds, whatever fails
                scene.on_exit()
            except Exception:  # noqa: BLE001 - the first error is the one reported
                crash.log.exception("closing %s after the crash", getattr(scene, "name", scene))
        self.sound.stop_music()
        pygame.display.quit()
