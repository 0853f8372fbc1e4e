"""The entry script of a windowed build (Windows ``--windowed``, the macOS ``.app``): calls
`game.cli.gui_main`, the ``korean-mahjong-gui`` entry, which copes with having no console
(stdout and stderr None) and then runs `game.cli.main` (whose `multiprocessing.freeze_support()`
turns the spawned worker processes into workers). docs/building.md has the recipes; the Linux
build (tools/build.sh) uses entry.py.
"""

import sys

from game.cli import gui_main

if __name__ == "__main__":
    sys.exit(gui_main())
