"""Invariants of a table, re-checked after events by the tests and by `simulate`.

* every tile (104, or 100 without flowers) is in exactly one place: the wall, a hand, a meld,
  the flowers, a river (unclaimed), or in the air (an added-kong tile being robbed);
* hand sizes: concealed + 3 per meld is 13, or 14 for the seat about to discard;
* payments sum to zero.

Two strengths, the same errors:

* `check_table` checks all of it, every tile by its id (the tests after every event;
  ``simulate --check-every-event``);
* `check_event` is the cheap default of ``simulate``: after every event it counts the tiles in
  each place (a tile lost or made twice changes a count) and checks the hand of the seat the
  event names (its size and count vector; an event changes no other hand); at the end of a
  hand and whenever a count is off it runs the full `check_table`, which names the tile and
  checks every hand and the payments.

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> check_table(Table(RuleSet(), seed=5))
>>> check_event(Table(RuleSet(), seed=5))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import MahjongError
from .kinds import PLAYS, Phase
from .tiles import is_flower_tile

if TYPE_CHECKING:
    from .events import Event
    from .table import Table


class InvariantError(MahjongError, AssertionError):
    """A table state that breaks the rules of the physical game (a bug in the engine)."""


def tile_places(table: Table) -> dict[int, str]:
    """Where each tile id is; raises InvariantError if one is in two places."""
    where: dict[int, str] = {}

    def put(t: int, place: str) -> None:
        if t in where:
            raise InvariantError(f"tile {t} is both in {where[t]} and in {place}")
        where[t] = place

    for t in table.wall.remaining_ids():
        put(t, "the wall")
    for s, p in enumerate(table.seat_state):
        for t in p.concealed:
            put(t, f"hand {s}")
        for ids in p.meld_ids:
            for t in ids:
                put(t, f"melds {s}")
        for t in p.flowers:
            put(t, f"flowers {s}")
        for i, t in enumerate(p.river):
            if i not in p.river_claimed:
                put(t, f"river {s}")
    if table.limbo is not None:
        put(table.limbo[1], "an added kong being robbed")
    return where


def check_table(table: Table, event: Event | None = None) -> None:
    """Raise InvariantError naming what broke (and the hand's seed)."""
    try:
        _check(table)
    except InvariantError as e:
        after = f" after {event.type} event" if event is not None else ""
        raise InvariantError(f"hand {table.hand}, hand seed {table.seed}{after}: {e}") from None


#: events after which `check_event` checks every tile by its id and every hand: a hand's end
FULL_CHECK_EVENTS = frozenset(("hand_end",))


def check_event(table: Table, event: Event | None = None) -> None:
    """The cheap check after one event: the tiles counted per place, the size and count vector
    of the seat that acted, and the payments.

    Incremental: an event changes the hand of the seat it names only, so only that hand is
    measured (all four after an event that names none, such as the wall's building). Every tile
    by its id and every hand (`check_table`) at the end of a hand, and whenever the counts do
    not add up (to name the tile that broke them).
    """
    if event is None or event.type in FULL_CHECK_EVENTS:
        check_table(table, event)
        return
    n = table.wall.remaining
    for p in table.seat_state:
        n += len(p.concealed) + len(p.flowers) + len(p.river) - len(p.river_claimed)
        for m in p.meld_ids:
            n += len(m)
    if table.limbo is not None:
        n += 1
    if n != (104 if table.rules.flowers else 100):
        check_table(table, event)  # names the tile; a count alone may be off by a bug there
        raise InvariantError(f"hand {table.hand}, hand seed {table.seed} after {event.type} "
                             f"event: {n} tiles counted, expected "
                             f"{104 if table.rules.flowers else 100}")
    seat = getattr(event, "seat", None)
    try:
        if seat is None or table.result is not None:
            _check_sizes(table)  # every hand, and the payments
        elif table.phase == Phase.DEAL:
            held = len(table.seat_state[seat].concealed)
            if held > 14:
                raise InvariantError(f"seat {seat} holds {held} tiles in the deal")
        else:
            _check_seat(table, seat)
    except InvariantError as e:
        raise InvariantError(f"hand {table.hand}, hand seed {table.seed} after {event.type} "
                             f"event: {e}") from None


_TO_PLAY = ("turn", "discard")


def _check_seat(table: Table, seat: int) -> None:
    """`_check_sizes` for one seat in the usual states (13 tiles, or 14 for the seat to play);
    anything else (a flower in hand, the wall counted below zero, a wrong size) goes to the
    exact rule, which says whether it is wrong and why."""
    p = table.seat_state[seat]
    conc = p.concealed
    size = len(conc) + 3 * len(p.meld_ids)
    limbo = table.limbo
    if limbo is not None and limbo[0] == seat:
        size += 1
    d = table._pending.get(seat)
    to_play = d is not None and d.kind in _TO_PLAY
    if table.wall.remaining < 0 or (size != (14 if to_play else 13)
                                    and not (size == 14 and seat == table.turn)):
        _check_sizes(table)
        return
    flowers_held = sum(1 for t in conc if is_flower_tile(t)) \
        if conc and is_flower_tile(max(conc)) else 0
    if sum(p.counts) != len(conc) - flowers_held:
        raise InvariantError(f"seat {seat}: count vector out of step with the hand")


def _check(table: Table) -> None:
    expected = 104 if table.rules.flowers else 100
    ids = table.wall.remaining_ids()
    if len(ids) != table.wall.remaining:  # `check_event` counts the wall by this number
        raise InvariantError(f"the wall counts {table.wall.remaining} tiles and holds {len(ids)}")
    for p in table.seat_state:
        ids += p.concealed
        ids += p.flowers
        for m in p.meld_ids:
            ids += m
        claimed = p.river_claimed
        if claimed:
            ids += [t for i, t in enumerate(p.river) if i not in claimed]
        else:
            ids += p.river
    if table.limbo is not None:
        ids.append(table.limbo[1])
    where = (None if len(ids) == expected and len(set(ids)) == expected
             else tile_places(table))  # tile_places names the tile in two places
    if where is not None and len(where) != expected:
        missing = sorted(set(range(104 if table.rules.flowers else 100)) - set(where))
        raise InvariantError(f"{len(where)} tiles accounted for, expected {expected}; "
                             f"missing ids {missing[:8]}")
    _check_sizes(table)


def _check_sizes(table: Table) -> None:
    """The wall count, each seat's hand size and count vector, and the payments."""
    if table.wall.remaining < 0:
        raise InvariantError("negative wall count")
    if table.phase == Phase.DEAL:
        for s in range(4):
            if len(table.seat_state[s].concealed) > 14:
                raise InvariantError(f"seat {s} holds {len(table.seat_state[s].concealed)} tiles in the deal")
        return
    pending = table._pending
    for s, p in enumerate(table.seat_state):
        conc = p.concealed
        size = len(conc) + 3 * len(p.meld_ids)
        if table.limbo is not None and table.limbo[0] == s:
            size += 1  # the added tile still belongs to him until the robbing is settled
        flowers_held = 0 if not conc or not is_flower_tile(max(conc)) else \
            sum(1 for t in conc if is_flower_tile(t))
        d = pending.get(s)
        if d is not None and d.kind in PLAYS:
            ok: tuple[int, ...] = (14,)
        elif flowers_held or s == table.turn or table.phase == Phase.OVER:
            ok = (13, 14)
        else:
            ok = (13,)
        if size not in ok:
            raise InvariantError(f"seat {s} has {size} tiles (concealed + 3 per meld), expected "
                                 f"{list(ok)} in phase {table.phase}")
        if sum(p.counts) != len(conc) - flowers_held:
            raise InvariantError(f"seat {s}: count vector out of step with the hand")
    if table.result is not None and sum(table.result.payments) != 0:
        raise InvariantError(f"payments {table.result.payments} do not sum to zero")
