"""Root pytest configuration: headless SDL for every test, and modules that must not be imported."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

collect_ignore = ["game/__main__.py", "setup.py"]
