"""The screens, one module each: title, new game, table, results, settings, rules, practice,
replays, replay viewer, statistics, notice. Each is a `game.ui.scene.Scene` registered by name in
`game.ui.screens`; a screen opens another by that name through the app and never imports one.
"""

from game.ui.scene import Scene

__all__ = ["Scene"]
