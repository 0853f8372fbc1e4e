"""The frozen program's entry script (tools/build.sh freezes it with PyInstaller).

It only calls the console script's function, `game.cli.main`, which calls
`multiprocessing.freeze_support()` first: in the frozen build, the worker processes of
``simulate --duplicate --jobs N`` and of the practice tools (started with the "spawn" context)
are this same program run again, and that call turns such a run into the worker.
"""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
