"""What the window's pictures hold, and giving freed memory back after a resize.

Every picture the window keeps is in a bounded cache (`cache_bytes` counts them: tile art, text,
panels, gradients, table backgrounds, the picture under an overlay). Resizing still left the
process far bigger than those bytes: every size of the drag makes and frees window-sized
surfaces (33 MB each at 3840x2160), and the C allocator (glibc) keeps the freed heap for reuse
instead of returning it, and the caches stayed full of the drag's sizes, up to their budgets
(the figures before and after: docs/reliability.md).

So a resize marks the caches (`mark`), and once it has settled (the window still has that size
when the work drawn ahead for it is done: `App._trim_ahead`) `settle` drops every picture not
used since the mark (the old sizes'; what the new size needs was drawn again meanwhile) and
gives the freed heap back (`trim`: glibc's ``malloc_trim``; elsewhere nothing). Once after a
drag, not at every size of it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache
from typing import Any

from .art import SurfaceCache


@cache
def _malloc_trim() -> Any:
    """glibc's ``malloc_trim``, or None (another C library, another system)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # musl and others have no malloc_trim
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def trim() -> bool:
    """Return the freed heap to the system; True if something was returned."""
    f = _malloc_trim()
    if f is None:
        return False
    try:
        return bool(f(0))
    except OSError:
        return False


def caches(app: Any) -> list[SurfaceCache[Any, Any]]:
    """Every bounded cache of the window's pictures (and fonts)."""
    from . import board, widgets

    return [app.art.cache, app.fonts.texts, app.fonts.fonts, app.fonts.fits, widgets._PANELS,
            widgets._GRADIENTS, board._BACKGROUNDS]


def mark(app: Any) -> list[tuple[SurfaceCache[Any, Any], int]]:
    """Where each cache's use count stands now (`settle` drops what is not used after it)."""
    return [(c, c.uses) for c in caches(app)]


def settle(marks: list[tuple[SurfaceCache[Any, Any], int]]) -> None:
    """Drop what was not used since `marks`, and give the freed memory back (`trim`)."""
    for c, m in marks:
        c.drop_unused_since(m)
    trim()


def cache_bytes(app: Any = None) -> dict[str, int]:
    """Pixel bytes held by each of the window's picture caches (and `app`'s tile art, text and
    the picture under an overlay, given an app)."""
    from . import board, widgets
    from .art import surface_bytes

    out = {"panels": widgets._PANELS.total, "gradients": widgets._GRADIENTS.total,
           "backgrounds": board._BACKGROUNDS.total}
    if app is not None:
        out["tiles"] = app.art.cache.total
        out["texts"] = app.fonts.texts.total
        under = getattr(app, "_under", None)
        out["under"] = surface_bytes(under[1]) if under is not None else 0
    return out
