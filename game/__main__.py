"""`python -m game` is the same as the `korean-mahjong` command."""

from game.cli import main

raise SystemExit(main())
