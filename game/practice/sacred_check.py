"""The player's own sacred-discard state as the table shows it, and the uper check: all asked of
the engine's `sacred_status` (docs/rules.md §5); the table never words or decides a rule itself.

>>> from game.engine.tiles import parse_tile, format_tiles
>>> from game.practice.hints import practice_observation
>>> obs = practice_observation("123m456m789p11z23p7p")   # uper with 7p: 1-4-7p barred
>>> st = sacred_after_uper(obs, parse_tile("7p"))
>>> format_tiles(st.waits), format_tiles(st.blocked)
('14p', '14p')
>>> sacred_after_uper(obs, parse_tile("1m")).waits   # not ready after it: no waits, none barred
()
>>> st = sacred_after_uper(practice_observation("123m456m789p11z57p6p"), parse_tile("6p"))
>>> format_tiles(st.waits), st.blocks_all_discards       # it throws its own wait: no discard win
('6p', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.observation import Observation
from game.engine.scoring import sacred_status, shape_waits_of
from game.engine.scoring.sacred import SD1, SD5, SD6, SacredStatus
from game.engine.tiles import is_flower_tile, kind_of_tile

if TYPE_CHECKING:
    from game.engine.table import Table

__all__ = ["sacred_after_uper", "sacred_now"]


def sacred_after_uper(obs: Observation, kind: int) -> SacredStatus:
    """The sacred-discard status the seat of `obs` would have right after declaring uper with a
    discard of `kind` (its waits then, the river with that tile, that tile as the uper discard):
    `SacredStatus.blocked` are the waits it could no longer win by discard."""
    me = obs.seat
    tiles = list(obs.concealed)
    if kind not in tiles:
        raise ValueError(f"the hand holds no tile of kind {kind}")
    tiles.remove(kind)
    melds = obs.melds[me]
    waits = shape_waits_of(tiles, melds)
    river = [r.tile for r in obs.rivers[me]] + [kind]
    have = {m.code for m in obs.sacred}
    return sacred_status(waits, river, uper_discard=kind,
                         temporary=SD1.code in have, missed_after_uper=SD5.code in have,
                         discarded_win_after_uper=SD6.code in have)


def sacred_now(table: Table, seat: int) -> SacredStatus | None:
    """The engine's sacred-discard status of `seat` while it matters: while the hand waits (its
    waits by shape; after uper, the waits it froze; on its own turn, the waits it keeps by
    letting the drawn tile go), or when it may not win at all. None when nothing is sacred now
    (or the hand is not waiting)."""
    waits = table.waits(seat)
    drawn = table.seat_state[seat].drawn
    if not waits and table.seat_state[seat].uper_index >= 0:
        waits = table.seat_state[seat].uper_waits
    elif not waits and drawn is not None and not is_flower_tile(drawn):
        tiles = table.hand_kinds(seat)
        tiles.remove(kind_of_tile(drawn))
        waits = shape_waits_of(tiles, table.seat_state[seat].melds)
    st = table.sacred(seat, waits)
    if not st.is_sacred:
        return None
    if not st.can_self_draw or (waits and st.blocked):
        return st
    return None
