"""The Pygame front end: the only package that imports pygame.

Modules: `clock` and `tween` (animation time, no window), `layout` (pure geometry), `art` (tile
faces, backs and dice drawn in code, cached), `sound` (guarded effects), `i18n` (UI text in
English and Korean), `app` (the window and the scene stack) and `scenes/`.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the X11 window class (read when SDL starts), so `xdotool search --classname korean-mahjong` works
_os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "korean-mahjong")
