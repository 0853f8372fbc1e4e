"""Without a sound device the game starts silently and quietly (issue 29): ALSA's library writes
its own error lines to file descriptor 2 while SDL looks for a device (eight lines for each try
on a machine without a card); the mixer is opened with fd 2 on the null device, and the window
no longer opens the audio device through ``pygame.init()``.

The subprocess test reproduces the lines on a machine without a sound card (the CI containers);
where a device exists it passes trivially, and the fake below (a mixer that writes to fd 2 and
fails, as ALSA does) pins the redirection on every machine."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame

from game.settings import CONFIG_ENV
from game.ui import sound as sound_module
from game.ui.sound import Sound


def test_the_game_starts_without_alsa_lines_on_the_terminal(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "AUDIODEV")}
    env.update({"SDL_VIDEODRIVER": "dummy", CONFIG_ENV: str(tmp_path / "cfg"),
                "KOREAN_MAHJONG_DATA_DIR": str(tmp_path / "data"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    r = subprocess.run([sys.executable, "-m", "game", "play", "--frames", "60", "--lang", "en"],
                       env=env, capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert "ALSA" not in r.stderr, r.stderr


def test_the_mixer_opens_with_fd_2_silenced_and_fd_2_comes_back(monkeypatch, capfd):
    def noisy_init(*_a, **_kw):
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", noisy_init)
    s = Sound(enabled=True)
    os.write(2, b"fd 2 is back\n")
    err = capfd.readouterr().err
    assert "ALSA" not in err and "fd 2 is back" in err
    assert not s.available and "ALSA" in (s.error or ""), "silent, and why is kept"
    s.play("click")  # plays nothing, raises nothing


def test_fd_2_comes_back_when_the_block_raises(capfd):
    try:
        with sound_module.quiet_stderr():
            os.write(2, b"hidden\n")
            raise RuntimeError("inside")
    except RuntimeError:
        pass
    os.write(2, b"shown\n")
    err = capfd.readouterr().err
    assert "hidden" not in err and "shown" in err
