"""The physical wall (docs/rules.md §2): four walls of 13 stacks x 2 tiers, dice, break, deal.

Positions are ints 0-103: ``pos = owner * 26 + stack * 2 + tier`` where `owner` is the seat
whose wall it is (0-3 = E S W N), `stack` 0-12 is counted from the owner's right end and `tier`
is 0 (top) or 1 (bottom).

Counting runs from the breaker's right end; past 13 it continues into the wall of the player on
the breaker's *left* (seat ``(s + 3) % 4``; East's left is North), whose right-end stack is 14.
The stack just after the counted one is the breaking point. The live wall runs on from there in
the counting direction (top tier, then bottom, of each stack); replacement tiles come from the
other end: the counted stack itself, then the one before it, and so on (a ring: no dead wall).

>>> breaker_of(6), break_count(6, 5)
(1, 11)
>>> w = Wall.build(list(range(104)), first=(3, 3), second=(2, 3))
>>> describe_stack(w.counted_stack), describe_stack(w.break_stack)
('S stack 11', 'S stack 12')
>>> w.remaining
104
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import SEAT_LETTERS

STACKS_PER_WALL = 13
NUM_STACKS = 52
NUM_POSITIONS = 104
EMPTY = -1  # a position without a tile (the 100-tile wall when flowers are off)


def position(owner: int, stack: int, tier: int) -> int:
    """Position index of a tile place.

    >>> position(1, 10, 0), position(3, 12, 1)
    (46, 103)
    """
    if not (0 <= owner < 4 and 0 <= stack < STACKS_PER_WALL and tier in (0, 1)):
        raise ValueError(f"no such wall place: owner {owner}, stack {stack}, tier {tier}")
    return owner * 26 + stack * 2 + tier


def place(pos: int) -> tuple[int, int, int]:
    """(owner seat, stack counted from the owner's right end, tier 0 top / 1 bottom).

    >>> place(46)
    (1, 10, 0)
    """
    if not 0 <= pos < NUM_POSITIONS:
        raise ValueError(f"no such wall position: {pos}")
    return pos // 26, (pos % 26) // 2, pos % 2


def describe_stack(stack_id: int) -> str:
    """A stack id (``owner * 13 + stack``) in words, 1-based like docs/rules.md §2.4.

    >>> describe_stack(13 + 11)
    'S stack 12'
    """
    return f"{SEAT_LETTERS[stack_id // 13]} stack {stack_id % 13 + 1}"


def _ring(stack_id: int) -> int:
    """Place of a stack on the counting ring (East's wall, then North's, West's, South's)."""
    owner, stack = divmod(stack_id, STACKS_PER_WALL)
    return ((4 - owner) % 4) * STACKS_PER_WALL + stack


def _unring(r: int) -> int:
    r %= NUM_STACKS
    k, stack = divmod(r, STACKS_PER_WALL)
    return ((4 - k) % 4) * STACKS_PER_WALL + stack


def breaker_of(first_total: int) -> int:
    """Seat of the wall breaker: East counts counter-clockwise from himself as 1.

    >>> [breaker_of(t) for t in range(2, 13)]
    [1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]
    """
    if not 2 <= first_total <= 12:
        raise ValueError(f"two dice total 2-12, got {first_total}")
    return (first_total - 1) % 4


def break_count(first_total: int, second_total: int) -> int:
    """Break count = first total + second total (4-24)."""
    return first_total + second_total


def counted_stack(breaker: int, count: int) -> int:
    """Stack id of the last counted stack.

    >>> describe_stack(counted_stack(1, 11)), describe_stack(counted_stack(1, 13))
    ('S stack 11', 'S stack 13')
    >>> describe_stack(counted_stack(1, 14)), describe_stack(counted_stack(0, 24))
    ('E stack 1', 'N stack 11')
    """
    if not 1 <= count <= 24:
        raise ValueError(f"break count must be 4-24 (two dice totals), got {count}")
    return _unring(_ring(breaker * STACKS_PER_WALL) + count - 1)


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two six-sided dice."""
    return rng.randint(1, 6), rng.randint(1, 6)


def absent_positions(flowers: bool) -> frozenset[int]:
    """Places left empty: with flowers off the wall has 100 tiles, so the top tier of each
    wall's left-end stack stays empty [C].

    >>> sorted(absent_positions(False))
    [24, 50, 76, 102]
    """
    if flowers:
        return frozenset()
    return frozenset(position(o, 12, 0) for o in range(4))


@dataclass(frozen=True)
class DealStep:
    """One block of the deal: a seat takes `count` tiles from the live wall."""

    seat: int
    count: int


#: The deal (docs/rules.md §2.5): 3 rounds of 4 tiles, then East 2 and the others 1 each.
DEAL_STEPS: tuple[DealStep, ...] = (
    *(DealStep(s, 4) for _ in range(3) for s in range(4)),
    DealStep(0, 2), DealStep(1, 1), DealStep(2, 1), DealStep(3, 1),
)


class Wall:
    """The tiles on the table, with a live head and a replacement (back) end.

    Internally every place is indexed by its *live index* ``i``: stack ``i // 2`` counted from
    the breaking point, tier ``i % 2``. `seq[i]` is the wall position of live index `i`.
    """

    __slots__ = (
        "back",
        "break_stack",
        "breaker",
        "count",
        "counted_stack",
        "first",
        "head",
        "remaining",
        "second",
        "seq",
        "taken",
        "tiles",
    )

    tiles: list[int]  # tile id at each wall position (EMPTY if none)
    seq: list[int]  # wall position of each live index
    taken: list[bool]
    head: int  # next live stack index from the breaking point
    back: int  # next replacement stack index (the far end of the back wall)
    remaining: int
    breaker: int
    count: int
    first: tuple[int, int]
    second: tuple[int, int]
    counted_stack: int
    break_stack: int

    @classmethod
    def build(cls, tiles_by_position: Sequence[int], first: tuple[int, int],
              second: tuple[int, int]) -> Wall:
        """A wall from the tile at each of the 104 positions (EMPTY for none) and the two throws."""
        if len(tiles_by_position) != NUM_POSITIONS:
            raise ValueError(f"a wall has {NUM_POSITIONS} places, got {len(tiles_by_position)}")
        w = cls.__new__(cls)
        w.tiles = list(tiles_by_position)
        w.first, w.second = (first[0], first[1]), (second[0], second[1])
        t1, t2 = sum(first), sum(second)
        w.breaker = breaker_of(t1)
        w.count = break_count(t1, t2)
        w.counted_stack = counted_stack(w.breaker, w.count)
        r0 = _ring(w.counted_stack) + 1
        w.break_stack = _unring(r0)
        seq = []
        for k in range(NUM_STACKS):
            sid = _unring(r0 + k)
            seq.append(sid * 2)
            seq.append(sid * 2 + 1)
        w.seq = seq
        w.taken = [w.tiles[p] == EMPTY for p in seq]
        w.head = 0
        w.back = NUM_STACKS - 1
        w.remaining = NUM_POSITIONS - sum(w.taken)
        return w

    def copy(self) -> Wall:
        w = Wall.__new__(Wall)
        w.tiles = self.tiles  # never mutated after build
        w.seq = self.seq
        w.taken = self.taken[:]
        w.head, w.back, w.remaining = self.head, self.back, self.remaining
        w.breaker, w.count, w.first, w.second = self.breaker, self.count, self.first, self.second
        w.counted_stack, w.break_stack = self.counted_stack, self.break_stack
        return w

    def draw_live(self) -> tuple[int, int]:
        """(tile id, position) from the live head."""
        if self.remaining <= 0:
            raise IndexError("the wall is empty")
        taken = self.taken
        i = self.head
        while taken[i]:
            i += 1
        taken[i] = True
        self.head = i + 1
        self.remaining -= 1
        pos = self.seq[i]
        return self.tiles[pos], pos

    def draw_back(self) -> tuple[int, int]:
        """(tile id, position) of a replacement tile from the far end of the back wall."""
        if self.remaining <= 0:
            raise IndexError("the wall is empty")
        taken = self.taken
        b = self.back
        while taken[2 * b] and taken[2 * b + 1]:
            b -= 1
        self.back = b
        i = 2 * b if not taken[2 * b] else 2 * b + 1
        taken[i] = True
        self.remaining -= 1
        pos = self.seq[i]
        return self.tiles[pos], pos

    def refilled(self, ids: Sequence[int]) -> Wall:
        """A copy whose tiles still in the wall are `ids`, in live order (the order of
        `remaining_ids`); drawn places and the drawing ends stay (for resampling hidden tiles).

        >>> w = Wall.build(list(range(104)), (3, 3), (2, 3))
        >>> _ = w.draw_live(), w.draw_back()
        >>> r = w.refilled(list(reversed(w.remaining_ids())))
        >>> r.remaining_ids() == w.remaining_ids()[::-1], r.draw_live()[1] == w.copy().draw_live()[1]
        (True, True)
        """
        lo, hi = self.head, 2 * self.back + 2
        places = [i for i in range(lo, hi) if not self.taken[i]]
        if len(ids) != len(places):
            raise ValueError(f"the wall holds {len(places)} tiles, got {len(ids)} to place")
        w = self.copy()
        tiles = list(self.tiles)
        for i, t in zip(places, ids):
            tiles[self.seq[i]] = t
        w.tiles = tiles
        return w

    def remaining_ids(self) -> list[int]:
        """Tile ids still in the wall (live order)."""
        lo, hi = self.head, 2 * self.back + 2  # everything outside was drawn
        tiles, seq = self.tiles, self.seq
        return [tiles[seq[i]] for i, tk in enumerate(self.taken[lo:hi], lo) if not tk]


def place_in_live_order(head: Sequence[int], tail: Sequence[int], rest: Sequence[int],
                        first: tuple[int, int], second: tuple[int, int],
                        flowers: bool = True) -> list[int]:
    """Tiles by wall position so that the live wall yields `head` first and the back wall yields
    `tail` first (in replacement order); `rest` fills the other places in live order.

    >>> tiles = place_in_live_order([7, 8], [9], list(range(10, 111)), (3, 3), (2, 3))
    >>> w = Wall.build(tiles, (3, 3), (2, 3))
    >>> w.draw_live()[0], w.draw_live()[0], w.draw_back()[0]
    (7, 8, 9)
    """
    absent = absent_positions(flowers)
    probe = Wall.build([EMPTY if p in absent else 0 for p in range(NUM_POSITIONS)], first, second)
    n = probe.remaining
    if len(head) + len(tail) > n:
        raise ValueError(f"rigged tiles ({len(head)} + {len(tail)}) exceed the {n} in the wall")
    out = [EMPTY] * NUM_POSITIONS
    for t in head:
        out[probe.draw_live()[1]] = t
    for t in tail:
        out[probe.draw_back()[1]] = t
    it = iter(rest)
    while probe.remaining:
        pos = probe.draw_live()[1]
        try:
            out[pos] = next(it)
        except StopIteration:
            raise ValueError(f"not enough tiles to fill the wall ({n} places)") from None
    return out
