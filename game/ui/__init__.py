"""The Pygame front end: the only package that imports pygame.

Modules: `clock` and `tween` (animation time, no window), `layout` (pure geometry), `art` (tile
faces, backs and dice drawn in code, cached), `sound` (guarded effects), `i18n` (UI text in
English and Korean), `app` (the window and the scene stack) and `scenes/`.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the window's class (X11) and app id (Wayland), read when SDL starts: desktops match the window to
# its desktop entry (assets/desktop/) by it; `xdotool search --classname korean-mahjong` finds it.
# game.cli sets the same before anything imports pygame.
_os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "korean-mahjong")
_os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "korean-mahjong")
