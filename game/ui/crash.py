"""The window's log and its crash reports, in ``<data dir>/logs`` (the records' data directory,
``$KOREAN_MAHJONG_DATA_DIR`` in tests).

    handler = start_log()                 # game.log, rotating: 256 KB x 3 files at most
    ...
    path = write_report(error, app)       # crash-<time>-<pid>.txt: traceback, version, ...
    stop_log(handler)

An ordinary run keeps a short log (its start, the screens opened, its end) so that a problem
reported later has a trail; a crash leaves a report the player can send: the traceback, the
version, Python, pygame and the system, the screens open, the record being written (its name)
and the settings. Nothing here may raise: a crash handler that crashes hides the first error,
so every step that can fail (a read-only disk, a settings object in a bad state) is skipped and
the rest written.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import platform
import time
import traceback
from contextlib import suppress
from pathlib import Path
from typing import Any

#: the game's logger; the log file also takes what the ``ai`` seats' guard logs
LOGGER = "game"
LOG_NAME = "game.log"
LOG_BYTES = 256 * 1024
LOG_BACKUPS = 2  # game.log and two older files: 768 KB at most

log = logging.getLogger(LOGGER)


def log_dir() -> Path:
    """``<data dir>/logs``: beside the records (``game.records.data_dir``)."""
    from game.records import data_dir

    return data_dir() / "logs"


def start_log() -> logging.Handler | None:
    """Start the run's rotating log (``game.log`` in `log_dir`); None when it cannot be written
    (the game runs all the same)."""
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            folder / LOG_NAME, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8",
            delay=True)
    except (OSError, ValueError):
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in (LOGGER, "ai"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        if logger.level == logging.NOTSET or logger.level > logging.INFO:
            logger.setLevel(logging.INFO)
    log.info("start: %s", _versions())
    return handler


def stop_log(handler: logging.Handler | None) -> None:
    """Close the run's log (tests start many runs in one process)."""
    if handler is None:
        return
    for name in (LOGGER, "ai"):
        logging.getLogger(name).removeHandler(handler)
    try:
        handler.close()
    except (OSError, ValueError):
        pass


def _versions() -> str:
    parts = []
    try:
        from game import __version__

        parts.append(f"korean-mahjong {__version__}")
    except Exception:  # noqa: BLE001 - a report is written whatever is missing
        parts.append("korean-mahjong (version unknown)")
    parts.append(f"Python {platform.python_version()}")
    with suppress(Exception):
        import pygame

        parts.append(f"pygame {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})")
    parts.append(platform.platform())
    return ", ".join(parts)


def _about(app: Any) -> list[str]:
    """The screens open, the record being written and the settings, each skipped if it fails."""
    lines: list[str] = []
    scenes = list(getattr(app, "scenes", ()) or ())
    with suppress(Exception):
        lines.append("screens: " + " > ".join(str(getattr(s, "name", type(s).__name__)) for s in scenes))
    records = []
    for s in scenes:
        with suppress(Exception):
            writer = getattr(getattr(s, "driver", None), "writer", None)
            path = getattr(writer, "path", None)
            if path is not None:
                records.append(str(path))
    lines.append("record: " + (", ".join(records) if records else "none"))
    try:
        settings = app.settings.to_dict()
        lines.append("settings: " + json.dumps(settings, sort_keys=True, ensure_ascii=False, default=str))
    except Exception:  # noqa: BLE001
        lines.append("settings: (not readable)")
    return lines


def write_report(error: BaseException, app: Any = None) -> Path | None:
    """Write a crash report for `error` (with what `app` shows); its path, or None when no file
    could be written. Never raises."""
    try:
        tb = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    except Exception:  # noqa: BLE001
        tb = repr(error)
    text = "\n".join([
        "Korean 2-Point Mahjong stopped on an error.",
        "time: " + time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "version: " + _versions(),
        *(_about(app) if app is not None else []),
        "",
        tb,
    ])
    with suppress(Exception):
        log.error("crash: %s", tb)
    with suppress(Exception):
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(100):
            path = folder / f"crash-{stamp}-{os.getpid()}{f'-{n}' if n else ''}.txt"
            try:  # a new file, never through a link or over another report
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                             0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as f:
                f.write(text)
            return path
    return None


def last_notice(app: Any, title: str, lines: list[str], seconds: float = 60.0) -> None:
    """Show `title` and `lines` in the window, if it can still draw, until a key, a click or
    closing the window (at most `seconds`; not at all in a headless run). Never raises."""
    with suppress(Exception, KeyboardInterrupt):  # the report is written; the window may be gone
        import pygame

        from .widgets import GOLD, WHITE, wrap

        window = pygame.display.get_surface()
        if window is None:
            return
        fonts = app.fonts
        w, h = window.get_size()
        size = max(15, round(h * 0.026))
        window.fill((24, 30, 28))
        y = round(h * 0.2)
        img = fonts.fit(title, round(size * 1.4), w - 80, GOLD, bold=True)
        window.blit(img, (40, y))
        y += img.get_height() + size
        for line in lines:
            for part in wrap(fonts, line, size, w - 80):
                window.blit(fonts.text(part, size, WHITE), (40, y))
                y += round(size * 1.4)
            y += size // 2
        pygame.display.flip()
        if getattr(app, "headless", False):
            return
        pygame.event.clear()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return
            pygame.time.wait(50)


__all__ = ["LOG_BACKUPS", "LOG_BYTES", "last_notice", "log_dir", "start_log", "stop_log",
           "write_report"]
