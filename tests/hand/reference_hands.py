"""The seeded hands our shanten is checked on, and the reference's stored answers for them.

The reference is ``mahjong`` 2.1.0: ``Shanten().calculate_shanten(tiles_34, use_chiitoitsu=True,
use_kokushi=False)`` (no thirteen orphans in these rules) with our characters as its man 0-8,
our circles as its pin 9-17, our honours as 27-33 and nothing in sou. Its answers for every hand
of `SETS` are stored in ``data/shanten_reference.json.gz`` by ``tools/make_shanten_reference.py``,
so the tests keep the full coverage without paying for the reference on every run (they still
ask the package itself about a sample, so a stale file cannot pass unnoticed).
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "shanten_reference.json.gz"

Hand = tuple[list[int], int]  # (counts of the 25 playing kinds, declared melds)


def random_hands(seed: int, n: int, sizes: tuple[int, ...], kinds: int) -> Iterator[Hand]:
    """Seeded hands drawn from the real tiles of ``kinds`` (4 copies each)."""
    rng = random.Random(seed)
    wall = [k for k in range(kinds) for _ in range(4)]
    for i in range(n):
        size = sizes[i % len(sizes)]
        c = [0] * 25
        for k in rng.sample(wall, size):
            c[k] += 1
        yield c, (14 - size) // 3


def dense_hands(seed: int, n: int) -> Iterator[Hand]:
    """Hands from few kinds, so quads, pungs and honour quads are common (where quirks live)."""
    rng = random.Random(seed)
    for i in range(n):
        pool = rng.sample(range(25), rng.randint(4, 7)) if i % 2 else rng.sample(range(18), 4)
        wall = [k for k in pool for _ in range(4)]
        size = (13, 14, 10, 11, 7, 8, 4, 5, 1, 2)[i % 10]  # at least 16 tiles in the pool
        c = [0] * 25
        for k in rng.sample(wall, size):
            c[k] += 1
        yield c, (14 - size) // 3


#: name -> the hands (a fresh iterator each call)
SETS: dict[str, Callable[[], Iterator[Hand]]] = {
    "two-suit hands (m/p only)": lambda: random_hands(20261121, 100_000, (13, 14), 18),
    "full 100-tile set": lambda: random_hands(20261122, 100_000, (13, 14), 25),
    "beside declared melds, two suits": lambda: random_hands(7 + 18, 20_000, (1, 2, 4, 5, 7, 8, 10, 11), 18),
    "beside declared melds, full set": lambda: random_hands(7 + 25, 20_000, (1, 2, 4, 5, 7, 8, 10, 11), 25),
    "hands full of quads": lambda: dense_hands(99, 30_000),
}


def to_34(counts: list[int]) -> list[int]:
    t = [0] * 34
    t[0:18] = counts[0:18]
    t[27:34] = counts[18:25]
    return t


def reference(counts: list[int]) -> int:
    """The reference package's answer (needs ``mahjong`` installed)."""
    from mahjong.shanten import Shanten

    return Shanten.calculate_shanten(to_34(counts), use_chiitoitsu=True, use_kokushi=False)


def encode(values: list[int]) -> str:
    """Shanten -1..8 as one character each ('0' = -1)."""
    return "".join(chr(ord("0") + v + 1) for v in values)


def decode(text: str) -> list[int]:
    return [ord(ch) - ord("0") - 1 for ch in text]


def load_answers() -> dict[str, list[int]]:
    """The stored reference answers per set (raises if the file is missing or damaged)."""
    with gzip.open(DATA, "rt", encoding="ascii") as f:
        data = json.load(f)
    return {name: decode(text) for name, text in data["answers"].items()}
