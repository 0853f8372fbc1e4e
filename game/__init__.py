"""Korean 2-Point Mahjong: rules engine (`game.engine`), command line (`game.cli`), front end (`game.ui`)."""

__version__ = "0.1.0"
