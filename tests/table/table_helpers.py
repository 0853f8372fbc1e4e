"""Helpers for table scenario tests: rigged tables and scripted play in tile notation."""

from __future__ import annotations

from game.engine.actions import PASS, Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

DICE = [(3, 3), (2, 3)]  # South breaks, count 11 (docs/rules.md#s2-4's example)


def rigged(hands, draws="", replacements="", rules=None, dice=DICE, **kw) -> Table:
    """A table dealing `hands` (E S W N in notation) with chosen draws and replacements.
    Flowers are off unless `rules` says otherwise, so unrigged tiles cannot be flowers."""
    rules = rules or RuleSet(flowers=False)
    return Table(rules, seed=kw.pop("seed", 1), wall=rig_wall(hands, draws, replacements),
                 dice=dice, **kw)


def discard(t: Table, seat: int, tile: str, uper: bool = False):
    """`seat` discards `tile` (notation)."""
    return t.submit(seat, Discard(parse_tile(tile), uper))


def tsumogiri(t: Table, seat: int):
    """`seat` discards the tile it just drew."""
    return t.submit(seat, Discard(t.seat_state[seat].drawn >> 2))


def pass_all(t: Table, except_seat: int | None = None) -> None:
    """Every seat deciding on a claim passes (except one)."""
    for s, d in sorted(t.pending().items()):
        if d.kind in ("claim", "rob") and s != except_seat:
            t.submit(s, PASS)


def only_turn(t: Table) -> int:
    """The one seat whose turn decision is pending."""
    p = t.pending()
    assert len(p) == 1, p
    (s, d), = p.items()
    assert d.kind in ("turn", "discard"), d
    return s
