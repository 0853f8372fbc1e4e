"""The table's board kept drawn between frames: redrawn only when what it shows changes.

A frame of the table used to draw the whole board again (the felt, about a hundred wall tiles,
every river with its shadows, the hands, melds, flowers and dice: 5 ms and more at 1920x1080)
although most frames show the same board under a pulsing mark or a moving sprite. `BoardLayers`
keeps two pictures the size of the window:

  * the ground: the empty table and its walls (`board.draw_board_ground`), redrawn when a tile
    leaves the wall or the wall breaks;
  * the board: the ground and the tiles on it (`board.draw_board_pieces`), redrawn when a tile
    moves (a discard, a draw, a claim, a flower, the cursor on the hand, a sprite taking a
    tile's place).

Each is keyed by everything it is drawn from (`board_key`: the `BoardView`'s contents, the
layout, the tile art and its look, the window's size and pixel format) and copied onto the
window (an opaque copy: the same pixels as drawing it there). What is drawn over the board (the
marks, plates, sprites, prompts, assists) is drawn every frame as before.

    layers = BoardLayers()
    layers.draw(screen, layout, art, director.view())   # draw_board(screen, ...), kept

Memory: two window-sized pictures per table screen (8 MB each at 1920x1080, 33 MB at
3840x2160), replaced on a resize, dropped with the screen (`drop`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pygame

from ..art import TileArt
from ..board import BoardView, draw_board, draw_board_ground, draw_board_pieces
from ..layout import Layout

#: False: draw the board afresh every frame, and the table's other kept work too (the side
#: column's lines): the pixel-equality test draws both ways
ENABLED = True


def _format(surface: pygame.Surface) -> tuple[Any, ...]:
    """What a copy must match to give the same pixels: the size and the pixel layout."""
    return (surface.get_size(), surface.get_bitsize(), surface.get_masks())


def ground_key(lay: Layout, art: TileArt, view: BoardView) -> tuple[Any, ...]:
    """What the ground is drawn from: the walls as they stand (and break), the layout, the tile
    art and its look (the table theme, the tile faces)."""
    return (lay, art, art.look, tuple(tuple(stacks) for stacks in view.wall), view.wall_break)


def board_key(lay: Layout, art: TileArt, view: BoardView) -> tuple[Any, ...]:
    """What the board is drawn from: the ground's key and every seat's tiles as shown (hidden
    under a sprite, raised by the cursor, face up or down), the dice and where they lie."""
    seats = tuple((tuple(sv.hand), sv.drawn, type(sv.drawn),
                   tuple((tuple(kinds), spec) for kinds, spec in sv.melds),
                   tuple(sv.flowers), tuple(sv.river), sv.selected, sv.hidden)
                  for sv in view.seats)
    return (ground_key(lay, art, view), seats, view.dice, view.dice_in_centre)


class BoardLayers:
    """The ground and the board of one table screen, each with the key it was drawn for (see
    the module)."""

    def __init__(self, prepare: Callable[[Iterable[object]], None] | None = None) -> None:
        #: the app's `prepare` (work for the frames' spare time): the pictures are made there,
        #: never in a frame (a window-sized surface takes 3-9 ms to make at 1920x1080); None:
        #: made when first drawn
        self._prepare = prepare
        self._making: tuple[Any, ...] | None = None  # the format being made in the spare time
        self._ground: pygame.Surface | None = None
        self._ground_key: tuple[Any, ...] | None = None
        self._board: pygame.Surface | None = None
        self._board_key: tuple[Any, ...] | None = None
        self.redrawn = {"ground": 0, "board": 0}  # how often each was drawn (tests, the bench)

    def drop(self) -> None:
        """Forget both pictures (a new window size, the screen closing)."""
        self._ground = self._board = None
        self._ground_key = self._board_key = self._making = None

    def ahead(self, like: pygame.Surface) -> Iterator[None]:
        """Make the two pictures for windows like `like`, one a step (`App.prepare`); nothing
        once the window has another size (a drag queues one for each size it passes)."""
        fmt = _format(like)
        if self._prepare is not None and self._making != fmt:
            return
        if self._ground is None or _format(self._ground) != fmt:
            self._ground, self._ground_key = pygame.Surface(like.get_size(), 0, like), None
            yield None
            if self._making != fmt:
                return
        if self._board is None or _format(self._board) != fmt:
            self._board, self._board_key = pygame.Surface(like.get_size(), 0, like), None
        if self._making == fmt:
            self._making = None

    def _ready(self, surface: pygame.Surface, fmt: tuple[Any, ...]) -> bool:
        """Whether both pictures are made for `surface`; if not, they are made in the spare
        time (or now, without an app) and the frame draws the board directly."""
        if self._ground is not None and self._board is not None \
                and _format(self._ground) == fmt and _format(self._board) == fmt:
            return True
        if self._prepare is None:
            for _ in self.ahead(surface):
                pass
            return True
        if self._making != fmt:
            self._making = fmt
            self._prepare(self.ahead(surface))
        return False

    def draw(self, surface: pygame.Surface, lay: Layout, art: TileArt, view: BoardView) -> None:
        """`board.draw_board(surface, lay, art, view)`, from the pictures kept when they show
        the same (a window with per-pixel alpha is drawn on directly: a copy would blend)."""
        fmt = _format(surface)
        if not ENABLED or surface.get_flags() & pygame.SRCALPHA or not self._ready(surface, fmt):
            draw_board(surface, lay, art, view)
            return
        gkey = (fmt, ground_key(lay, art, view))
        bkey = (fmt, board_key(lay, art, view))
        if self._board is None or self._board_key != bkey:
            assert self._ground is not None and self._board is not None  # (`_ready`)
            if self._ground_key != gkey:
                self._ground_key = None
                draw_board_ground(self._ground, lay, art, view)
                self._ground_key = gkey
                self.redrawn["ground"] += 1
            self._board_key = None
            self._board.blit(self._ground, (0, 0))
            draw_board_pieces(self._board, lay, art, view)
            self._board_key = bkey
            self.redrawn["board"] += 1
        surface.blit(self._board, (0, 0))
