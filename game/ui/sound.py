"""Sound effects and music, played only when a sound device exists (else silently nothing).

    sound = Sound(enabled=True, volume=0.7, music=0.5, effects=1.0)
    sound.play("discard")          # one of the discard variants, in turn
    sound.play_music("table")      # the table's loop (music volume 0: none)

Effects (`EFFECTS`) are groups of files in ``assets/sounds``: ``discard-1.ogg`` to
``discard-4.ogg`` are the variants of "discard", taken in turn so a sound heard a hundred times
a hand does not grate; a group of one is ``name.ogg`` (``name.wav`` is read too, the old
format). Music (`MUSIC`, chosen by the screens shown: `music_for`) streams through
``pygame.mixer.music``. The volumes multiply: the master ``volume`` times the ``music`` or
``effects`` volume times the effect's own level in `LEVELS` (its place in the mix: a draw sits
under a discard, a fanfare over both). ``enabled`` False is muted (M at the table): nothing
plays, and the music stops.

Without a sound device the game is silent and says nothing on the terminal: ALSA's library
writes its own error lines to file descriptor 2 while SDL looks for a device, so the mixer is
opened with fd 2 on the null device (`quiet_stderr`), and only then. Nothing here waits: the
effects are decoded once, in a thread of their own (`preload`: up to 40 ms a file, the big
fanfare), and played on a free channel; the music streams from its file.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pygame

from .assets import SOUNDS

#: every effect the game plays, with how many variants it has (files ``name-1`` .. ``name-n``;
#: 1: one file, ``name``)
VARIANTS: dict[str, int] = {
    "draw": 4, "discard": 4, "deal": 3, "wall": 1, "dice": 2, "uper": 1, "pung": 1, "kong": 1,
    "turn": 1, "tick": 1, "click": 1, "ola": 1, "ssoa": 1, "win_small": 1, "win_medium": 1,
    "win_big": 1,
}
EFFECTS = tuple(VARIANTS)
#: each effect's level in the mix (times the effects volume): the frequent clacks under the
#: calls and the fanfares, the interface's click and the turn's cue soft
LEVELS: dict[str, float] = {
    "draw": 0.55, "discard": 0.8, "deal": 0.7, "wall": 0.6, "dice": 0.75, "uper": 0.85,
    "pung": 0.85, "kong": 0.9, "turn": 0.45, "tick": 0.6, "click": 0.4, "ola": 0.9,
    "ssoa": 0.9, "win_small": 0.9,
    "win_medium": 0.95, "win_big": 1.0,
}
#: the pieces of music, by where they play, and whether each loops
MUSIC: dict[str, str] = {"title": "music-title", "table": "music-table", "end": "music-end"}
LOOPS = {"title": True, "table": True, "end": False}
#: the piece each screen plays; a screen not named here (a menu, the settings, a result over
#: the table) keeps the piece of the screen beneath it, and with none there is no music
SCENE_MUSIC = {"title": "title", "table": "table", "session_result": "end"}
#: the effect a win's fanfare is, by the hand's basic points (a 2-point win and a 16-point win
#: sound different): below 4, below 8, 8 and more
WIN_SIZES = ((4, "win_small"), (8, "win_medium"))
#: the mixer's format: CD rate, 16 bits, stereo (the music is stereo), a short buffer (an effect
#: starts within about 12 ms)
FREQUENCY, SIZE, STEREO, BUFFER = 44100, -16, 2, 512
CHANNELS = 16  # effects at once (a deal's clacks overlap)


def win_effect(points: int) -> str:
    """The fanfare of a win of `points` basic points.

    >>> win_effect(2), win_effect(5), win_effect(16)
    ('win_small', 'win_medium', 'win_big')
    """
    for below, name in WIN_SIZES:
        if points < below:
            return name
    return "win_big"


def music_for(screens: Sequence[str]) -> str | None:
    """The piece for a stack of screens (bottom first): that of the topmost screen with one.

    >>> music_for(["title", "settings"]), music_for(["table", "pause"]), music_for(["replays"])
    ('title', 'table', None)
    >>> music_for(["title", "table", "hand_result", "session_result"])
    'end'
    """
    for name in reversed(screens):
        if name in SCENE_MUSIC:
            return SCENE_MUSIC[name]
    return None


def files_of(name: str) -> list[str]:
    """The file names (without extension) of an effect's variants.

    >>> files_of("discard")
    ['discard-1', 'discard-2', 'discard-3', 'discard-4']
    >>> files_of("kong")
    ['kong']
    """
    n = VARIANTS[name]
    return [name] if n == 1 else [f"{name}-{k}" for k in range(1, n + 1)]


def sound_file(stem: str, folder: Path | None = None) -> Path:
    """The file of a sound: ``stem.ogg``, else the old ``stem.wav`` (which may not exist)."""
    folder = SOUNDS if folder is None else folder
    ogg = folder / f"{stem}.ogg"
    return ogg if ogg.is_file() else folder / f"{stem}.wav"


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


def _level(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


class Sound:
    """Guarded effects and music: ``available`` is False when the mixer cannot start (no device)."""

    def __init__(self, enabled: bool = True, volume: float = 0.7, defer: bool = False,
                 music: float = 0.5, effects: float = 1.0) -> None:
        """`defer`: the mixer starts later (`start`, in the window's spare time, or at the first
        effect played), not here: opening the audio device costs about 0.1 s of the start."""
        self.enabled = enabled
        self.volume = volume
        self.music_volume = music
        self.effects_volume = effects
        self.available = False
        self.error: str | None = None
        self._sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self._loader: threading.Thread | None = None
        self._turn: dict[str, int] = {}  # the variant each group plays next
        self.played: list[str] = []  # what was asked for (tests read it)
        self.music: str | None = None  # the piece asked for (it plays when sound is on)
        self._playing: str | None = None  # the piece the mixer streams
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
                    pygame.mixer.init(frequency=FREQUENCY, size=SIZE, channels=STEREO,
                                      buffer=BUFFER)
            self.available = True
        except pygame.error as e:  # no sound device: play nothing
            self.available = False
            self.error = str(e)
            return
        try:
            if pygame.mixer.get_num_channels() < CHANNELS:  # a deal's clacks overlap
                pygame.mixer.set_num_channels(CHANNELS)
        except pygame.error:  # the mixer's own channel count will do
            pass
        if self.available and self.music is not None:
            self.play_music(self.music)

    @property
    def effects_gain(self) -> float:
        """What an effect's level is multiplied by: master times effects (0 when muted)."""
        return _level(self.volume) * _level(self.effects_volume) if self.enabled else 0.0

    @property
    def music_gain(self) -> float:
        """The music's volume: master times music (0 when muted)."""
        return _level(self.volume) * _level(self.music_volume) if self.enabled else 0.0

    def configure(self, enabled: bool, volume: float, music: float | None = None,
                  effects: float | None = None) -> None:
        """New settings: sound on or off (off stops the music), and the volumes."""
        self.enabled, self.volume = enabled, volume
        if music is not None:
            self.music_volume = music
        if effects is not None:
            self.effects_volume = effects
        if enabled:
            self._start()
        for name, variants in list(self._sounds.items()):  # (the preload may be adding)
            for s in variants:
                s.set_volume(self.effects_gain * LEVELS[name])
        if self.music is not None:
            self.play_music(self.music)

    def preload(self) -> None:
        """Decode every effect in a thread of its own (pygame lets go of the interpreter while
        SDL decodes): the first fanfare would otherwise cost a frame about 40 ms. Once, and only
        with a device and the sound on; an effect played before its turn loads then."""
        if self._loader is not None or not (self.enabled and self.available):
            return

        def load_all() -> None:
            for name in EFFECTS:
                if name not in self._sounds:
                    self._load(name)
        self._loader = threading.Thread(target=load_all, name="sound-preload", daemon=True)
        self._loader.start()

    def _load(self, name: str) -> list[pygame.mixer.Sound] | None:
        variants = self._sounds.get(name)
        if variants is None:
            try:
                variants = [pygame.mixer.Sound(str(sound_file(stem))) for stem in files_of(name)]
            except (pygame.error, FileNotFoundError) as e:
                self.error = str(e)
                return None
            self._sounds[name] = variants
        return variants

    def play(self, name: str) -> None:
        """Play an effect (the next of its variants); nothing without a device or when muted."""
        if name not in VARIANTS:
            raise ValueError(f"no sound effect {name!r}; known: {', '.join(EFFECTS)}")
        self.played.append(name)
        self.start()
        if not (self.enabled and self.available) or self.effects_gain <= 0:
            return
        variants = self._load(name)
        if not variants:
            return
        k = self._turn.get(name, 0)
        self._turn[name] = (k + 1) % len(variants)
        snd = variants[k]
        snd.set_volume(self.effects_gain * LEVELS[name])
        snd.play()

    def stop_music(self) -> None:
        """The music stops at once (the window closes)."""
        self.music = None
        if self.available and self._playing is not None:
            try:
                pygame.mixer.music.stop()
            except pygame.error:
                pass
        self._playing = None

    def play_music(self, piece: str | None) -> None:
        """Play a piece of `MUSIC` (None: none); the same piece playing goes on undisturbed.
        Muted, at music volume 0, or with no device, the piece is remembered and nothing plays."""
        if piece is not None and piece not in MUSIC:
            raise ValueError(f"no music {piece!r}; known: {', '.join(MUSIC)}")
        self.music = piece
        if not self.available:
            return
        gain = self.music_gain
        try:
            if piece is None or gain <= 0:
                if self._playing is not None:
                    pygame.mixer.music.fadeout(400)
                    self._playing = None
                return
            if self._playing != piece:
                pygame.mixer.music.load(str(sound_file(MUSIC[piece])))
                pygame.mixer.music.play(loops=-1 if LOOPS[piece] else 0, fade_ms=600)
                self._playing = piece
            pygame.mixer.music.set_volume(gain)
        except (pygame.error, FileNotFoundError) as e:  # a missing piece: silence, not a crash
            self.error = str(e)
            self._playing = None
