"""Short sound effects, played only when a sound device exists (else silently nothing).

    sound = Sound(enabled=True, volume=0.7)
    sound.play("discard")

Effects: draw, discard, pung, kong, win, dice, click, tick (``assets/sounds/*.wav``).

Without a sound device the game is silent and says nothing on the terminal: ALSA's library
writes its own error lines to file descriptor 2 while SDL looks for a device, so the mixer is
opened with fd 2 on the null device (`quiet_stderr`), and only then.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from .assets import SOUNDS

EFFECTS = ("draw", "discard", "pung", "kong", "uper", "win", "dice", "click", "tick")


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """File descriptor 2 goes to the null device inside, and comes back after (whatever the block
    raises). Libraries below Python (ALSA, via SDL) write there directly, past ``sys.stderr``.
    Where fd 2 cannot be redirected, the block runs as it is."""
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    saved = null = -1
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
    except OSError:
        if saved >= 0:
            os.close(saved)
            saved = -1
    finally:
        if null >= 0:
            os.close(null)
    try:
        yield
    finally:
        if saved >= 0:
            os.dup2(saved, 2)
            os.close(saved)


class Sound:
    """Guarded effects: ``available`` is False when the mixer cannot start (no device)."""

    def __init__(self, enabled: bool = True, volume: float = 0.7, defer: bool = False) -> None:
        """`defer`: the mixer starts later (`start`, in the window's spare time, or at the first
        effect played), not here: opening the audio device costs about 0.1 s of the start."""
        self.enabled = enabled
        self.volume = volume
        self.available = False
        self.error: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # what was asked for (tests read it)
        if enabled and not defer:
            self._start()

    def start(self) -> None:
        """Start the mixer if sound is on and it has not been tried yet."""
        if self.enabled and not self.available and self.error is None:
            self._start()

    def _start(self) -> None:
        if self.available:
            return
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():  # no device: ALSA's error lines are not the player's
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            self.available = True
        except pygame.error as e:  # no sound device: play nothing
            self.available = False
            self.error = str(e)

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled, self.volume = enabled, volume
        if enabled:
            self._start()
        for s in self._sounds.values():
            s.set_volume(volume)

    def play(self, name: str) -> None:
        if name not in EFFECTS:
            raise ValueError(f"no sound effect {name!r}; known: {', '.join(EFFECTS)}")
        self.played.append(name)
        self.start()
        if not (self.enabled and self.available):
            return
        snd = self._sounds.get(name)
        if snd is None:
            try:
                snd = pygame.mixer.Sound(str(SOUNDS / f"{name}.wav"))
            except (pygame.error, FileNotFoundError) as e:
                self.error = str(e)
                return
            self._sounds[name] = snd
        snd.set_volume(self.volume)
        snd.play()
