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


def test_real_window_title_settings_quit(xserver, tmp_path):
    env = dict(os.environ, DISPLAY=xserver, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               KOREAN_MAHJONG_CONFIG_DIR=str(tmp_path / "cfg"))
    env.pop("XAUTHORITY", None)
    game = subprocess.Popen([sys.executable, "-m", "game", "play", "--size", "1280x800", "--lang", "en"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        found = run(["timeout", "15", "xdotool", "search", "--sync", "--classname", "korean-mahjong"], env,
                    timeout=20)
        assert found.stdout.strip(), f"no game window: {found.stderr} {game.poll()}"
        wid = found.stdout.split()[0]
        run(["xdotool", "mousemove", "--window", wid, "640", "20"], env)  # focus follows the pointer
        time.sleep(0.5)
        shot_title = tmp_path / "title.png"
        run(["import", "-window", "root", str(shot_title)], env)
        # click the Settings button, where the title screen puts it (asked of a headless copy)
        x, y = settings_button_centre(tmp_path)
        run(["xdotool", "mousemove", "--window", wid, str(x), str(y), "click", "1"], env)
        time.sleep(0.8)
        shot = tmp_path / "settings.png"
        run(["import", "-window", "root", str(shot)], env)
        assert shot.stat().st_size > 10_000
        import pygame

        img = pygame.image.load(str(shot))
        gold = 0
        for yy in range(20, 120, 2):
            for xx in range(100, 600, 2):
                c = img.get_at((xx, yy))
                if c.r > 200 and 160 < c.g < 230 and c.b < 140:
                    gold += 1
        assert gold > 50, "the settings title (gold) is not on screen"
        if os.path.isdir("/tmp/ui-shots"):  # for a person to look at
            shutil.copy(shot, "/tmp/ui-shots/xvfb-settings.png")
        run(["xdotool", "key", "--window", wid, "Escape"], env)
        time.sleep(0.3)
        run(["xdotool", "key", "--window", wid, "Escape"], env)
        _, err = game.communicate(timeout=10)
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
    import pygame

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
        found = run(["timeout", "15", "xdotool", "search", "--sync", "--classname", "korean-mahjong"], env,
                    timeout=20)
        assert found.stdout.strip(), f"no game window: {found.stderr} {game.poll()}"
        wid = found.stdout.split()[0]
        run(["xdotool", "mousemove", "--window", wid, "640", "300"], env)
        shot = tmp_path / "turn.png"
        deadline = time.time() + 20
        while time.time() < deadline:  # the human's turn: a drawn tile stands apart
            run(["import", "-window", "root", str(shot)], env)
            if shot.exists() and _ivory(pygame.image.load(str(shot)), drawn) > 0.5:
                break
            time.sleep(0.4)
        img = pygame.image.load(str(shot))
        assert _ivory(img, drawn) > 0.5, "the human's turn never came"
        assert _ivory(img, river) < 0.2, "the human's river is empty before the discard"
        x, y = round(first.x + first.w / 2), round(first.y + first.h / 2)
        run(["xdotool", "mousemove", "--window", wid, str(x), str(y), "click", "1"], env)
        time.sleep(1.0)
        after = tmp_path / "discarded.png"
        run(["import", "-window", "root", str(after)], env)
        img = pygame.image.load(str(after))
        assert _ivory(img, river) > 0.5, "the clicked tile lies in the human's river"
        if os.path.isdir("/tmp/ui-shots"):
            shutil.copy(after, "/tmp/ui-shots/xvfb-table-discard.png")
        run(["xdotool", "key", "--window", wid, "Escape"], env)  # leave the table: the title
        time.sleep(0.4)
        run(["xdotool", "key", "--window", wid, "Escape"], env)  # quit
        _, err = game.communicate(timeout=10)
        assert game.returncode == 0, err
    finally:
        if game.poll() is None:
            game.kill()
        game.communicate()
