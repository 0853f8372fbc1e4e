"""Smoke test in a real X server (Xvfb): start the game, drive it with xdotool, take a screenshot.

Skipped when Xvfb, xdotool or ImageMagick's ``import`` is missing (CI installs them, see .ci/run).
One test goes title -> settings -> back -> quit (the settings screen's pixels checked); the other
starts a game at the table, waits for the human's turn, clicks the first tile of the hand and
checks it lands in the human's river (cells from the pure layout module), then leaves and quits.
"""

import os
import shutil
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.xvfb

TOOLS = ("Xvfb", "xdotool", "import")
missing = [t for t in TOOLS if shutil.which(t) is None]


@pytest.fixture
def xserver():
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        display = ":" + f.readline().strip()
    yield display
    proc.terminate()
    proc.wait(timeout=10)


def settings_button_centre(tmp_path):
    """The Settings entry's centre on a 1280x800 title screen (headless, same code as the game)."""
    import pygame

    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.title import ENTRIES, TitleScene

    pygame.init()
    app = App(Settings(language="en", sound=False), size=(1280, 800))
    try:
        return TitleScene(app).buttons()[ENTRIES.index("settings")].rect.center
    finally:
        app.close()


def run(cmd, env, timeout=15):
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


def shoot(env, path):
    """A screenshot of the whole X screen as a pygame surface (None if it could not be taken)."""
    import pygame

    run(["import", "-window", "root", str(path)], env)
    try:
        return pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError):
        return None


def wait_for_screen(env, path, ok, timeout=60.0):
    """Take screenshots until `ok(image)` holds (a condition, not a fixed sleep); the last one."""
    deadline = time.monotonic() + timeout
    img = None
    while time.monotonic() < deadline:
        img = shoot(env, path)
        if img is not None and ok(img):
            return img
        time.sleep(0.1)
    return img


def _picture(img):
    import pygame

    return pygame.image.tobytes(pygame.transform.scale(img, (160, 100)), "RGB")


def wait_for_change(env, path, before, timeout=60.0):
    """Screenshots until the screen differs from `before` (e.g. a scene closed)."""
    old = _picture(before)
    return wait_for_screen(env, path, lambda img: _picture(img) != old, timeout)


def window_drawn(img):
    """The game has drawn its first frame (the screen is no longer black)."""
    return any(img.get_at((x, y))[:3] != (0, 0, 0) for x in (200, 640, 1000) for y in (200, 400, 600))


def gold_pixels(img):
    gold = 0
    for yy in range(20, 120, 2):
        for xx in range(100, 600, 2):
            c = img.get_at((xx, yy))
            if c.r > 200 and 160 < c.g < 230 and c.b < 140:
                gold += 1
    return gold


def test_real_window_title_settings_quit(xserver, tmp_path):
    env = dict(os.environ, DISPLAY=xserver, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               KOREAN_MAHJONG_CONFIG_DIR=str(tmp_path / "cfg"))
    env.pop("XAUTHORITY", None)
    # started as a player starts it: the installed command (python -m game in a bare checkout)
    script = os.path.join(os.path.dirname(sys.executable), "korean-mahjong")
    cmd = [script] if os.path.exists(script) else [sys.executable, "-m", "game"]
    game = subprocess.Popen([*cmd, "play", "--size", "1280x800", "--lang", "en"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        # the window fills the 1280x800 screen at (0, 0); wait until it has drawn (a condition,
        # with a deadline only against a hang). Input goes through XTEST to the window under
        # the pointer (no window manager: the focus follows the pointer).
        first = wait_for_screen(env, tmp_path / "first.png", window_drawn, timeout=90)
        if first is None or not window_drawn(first):
            status = game.poll()
            err = game.stderr.read() if status is not None and game.stderr else ""
            pytest.fail(f"no game window (exit status {status}): {err[-2000:]}")
        # the window's class, which desktops match to the desktop entry's StartupWMClass
        found = run(["xdotool", "search", "--classname", "^korean-mahjong$"], env)
        assert found.stdout.split(), "no window of class korean-mahjong"
        run(["xdotool", "mousemove", "640", "20"], env)  # focus follows the pointer
        title = first
        # click the Settings button, where the title screen puts it (asked of a headless copy)
        x, y = settings_button_centre(tmp_path)
        run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env)
        shot = tmp_path / "settings.png"
        img = wait_for_change(env, shot, title)
        img = wait_for_screen(env, shot, lambda im: gold_pixels(im) > 50)
        assert shot.stat().st_size > 10_000
        assert img is not None and gold_pixels(img) > 50, "the settings title (gold) is not on screen"
        if os.path.isdir("/tmp/ui-shots"):  # for a person to look at
            shutil.copy(shot, "/tmp/ui-shots/xvfb-settings.png")
        run(["xdotool", "key", "Escape"], env)
        wait_for_change(env, tmp_path / "back.png", img)  # the settings closed: the title
        run(["xdotool", "key", "Escape"], env)  # quit? (the focus is on Cancel)
        run(["xdotool", "key", "Left", "Return"], env)  # yes
        _, err = game.communicate(timeout=60)
        assert game.returncode == 0, err
    finally:
        if game.poll() is None:
            game.kill()
        game.communicate()


def _ivory(img, rect):
    """Share of light (tile face) pixels in a rectangle of a screenshot."""
    x0, y0, w, h = rect
    light = total = 0
    for yy in range(y0 + 2, y0 + h - 2, 2):
        for xx in range(x0 + 2, x0 + w - 2, 2):
            c = img.get_at((xx, yy))
            total += 1
            light += c.r > 200 and c.g > 190 and c.b > 160
    return light / max(1, total)


def test_real_window_plays_a_discard_by_click(xserver, tmp_path):
    """Start a real game at the table, wait for the human's turn, click the first tile of the hand
    and see it land in the human's river (positions from the pure layout module)."""

    from game.ui.layout import Layout

    env = dict(os.environ, DISPLAY=xserver, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               KOREAN_MAHJONG_CONFIG_DIR=str(tmp_path / "cfg"), KOREAN_MAHJONG_DATA_DIR=str(tmp_path / "data"))
    env.pop("XAUTHORITY", None)
    game = subprocess.Popen([sys.executable, "-m", "game", "play", "--size", "1280x800", "--lang", "en",
                             "--seats", "human,random,random,random", "--seed", "5", "--hands", "1",
                             "--speed", "instant"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lay = Layout.for_size(1280, 800)
    drawn = lay.drawn_slot(0, 13).rect.as_tuple()
    first = lay.hand_slots(0, 13, drawn=True)[0].rect
    river = lay.river_slots(0, [False])[0].rect.as_tuple()
    try:
        # the window fills the 1280x800 screen at (0, 0); wait until it has drawn (a condition,
        # with a deadline only against a hang). Input goes through XTEST to the window under
        # the pointer (no window manager: the focus follows the pointer).
        shown = wait_for_screen(env, tmp_path / "first.png", window_drawn, timeout=90)
        assert shown is not None and window_drawn(shown), f"no game window ({game.poll()})"
        run(["xdotool", "mousemove", "640", "300"], env)
        shot = tmp_path / "turn.png"
        # the human's turn: a drawn tile stands apart
        img = wait_for_screen(env, shot, lambda im: _ivory(im, drawn) > 0.5)
        assert img is not None and _ivory(img, drawn) > 0.5, "the human's turn never came"
        assert _ivory(img, river) < 0.2, "the human's river is empty before the discard"
        x, y = round(first.x + first.w / 2), round(first.y + first.h / 2)
        run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env)
        after = tmp_path / "discarded.png"
        img = wait_for_screen(env, after, lambda im: _ivory(im, river) > 0.5)
        assert img is not None and _ivory(img, river) > 0.5, "the clicked tile lies in the human's river"
        if os.path.isdir("/tmp/ui-shots"):
            shutil.copy(after, "/tmp/ui-shots/xvfb-table-discard.png")
        run(["xdotool", "key", "Escape"], env)  # the pause menu
        run(["xdotool", "key", "Up", "Return"], env)  # leave the table? (the focus is on Stay)
        run(["xdotool", "key", "Left", "Return"], env)  # yes: the title
        wait_for_change(env, tmp_path / "title.png", img)
        run(["xdotool", "key", "Escape"], env)  # quit?
        run(["xdotool", "key", "Left", "Return"], env)  # yes
        _, err = game.communicate(timeout=60)
        assert game.returncode == 0, err
    finally:
        if game.poll() is None:
            game.kill()
        game.communicate()
