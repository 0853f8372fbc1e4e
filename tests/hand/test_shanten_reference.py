"""Our shanten agrees exactly with the reference, `mahjong` 2.1.0, on 200,000 seeded random hands.

The reference is ``Shanten().calculate_shanten(tiles_34, use_chiitoitsu=True, use_kokushi=False)``
(no thirteen orphans in these rules) with our characters as its man 0-8, our circles as its pin
9-17, our honours as 27-33 and nothing in sou. Each hand is computed once by each side.
"""

import itertools
import random

import pytest

from game.engine.hand import tables
from game.engine.hand.shanten import shanten
from game.engine.tiles import format_tiles, from_counts

mahjong_shanten = pytest.importorskip("mahjong.shanten")

HANDS = 100_000  # per tile set, half with 13 tiles, half with 14


def to_34(counts):
    t = [0] * 34
    t[0:18] = counts[0:18]
    t[27:34] = counts[18:25]
    return t


def reference(counts):
    return mahjong_shanten.Shanten.calculate_shanten(to_34(counts), use_chiitoitsu=True,
                                                     use_kokushi=False)


def random_hands(seed, n, sizes, kinds):
    """Seeded hands drawn from the real tiles of ``kinds`` (4 copies each)."""
    rng = random.Random(seed)
    wall = [k for k in range(kinds) for _ in range(4)]
    for i in range(n):
        size = sizes[i % len(sizes)]
        c = [0] * 25
        for k in rng.sample(wall, size):
            c[k] += 1
        yield c, (14 - size) // 3


def mismatches(hands):
    bad = []
    count = 0
    for c, melds in hands:
        count += 1
        ours, ref = shanten(c, melds), reference(c)
        if ours != ref:
            bad.append(f"{format_tiles(from_counts(c))} (+{melds} melds): ours {ours}, mahjong {ref}")
    return count, bad


@pytest.mark.slow
@pytest.mark.parametrize("name,seed,kinds", [
    ("two-suit hands (m/p only)", 20261121, 18),
    ("full 100-tile set", 20261122, 25),
])
def test_agrees_with_mahjong_on_100000_random_hands(name, seed, kinds):
    count, bad = mismatches(random_hands(seed, HANDS, (13, 14), kinds))
    assert count == HANDS
    assert bad == [], f"{len(bad)} of {count} {name} differ, e.g. {bad[:5]}"


@pytest.mark.parametrize("kinds", [18, 25])
def test_agrees_with_mahjong_beside_declared_melds(kinds):
    count, bad = mismatches(random_hands(7 + kinds, 20_000, (1, 2, 4, 5, 7, 8, 10, 11), kinds))
    assert bad == [], f"{len(bad)} of {count} differ, e.g. {bad[:5]}"


def dense_hands(seed, n):
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


def test_agrees_with_mahjong_on_hands_full_of_quads():
    count, bad = mismatches(dense_hands(99, 30_000))
    assert bad == [], f"{len(bad)} of {count} differ, e.g. {bad[:5]}"


def test_shipped_table_matches_the_walk():
    # the generated data module against a fresh computation, on a seeded sample of suit vectors
    summaries, table = tables.load()
    rng = random.Random(11)
    vectors = list(tables.all_suit_vectors())
    for v in rng.sample(vectors, 3000) + [(0,) * 9, (4, 4, 4, 2, 0, 0, 0, 0, 0)]:
        cls = table[tables.suit_index(v)]
        assert cls != tables.NO_CLASS
        assert frozenset(summaries[cls]) == tables.suit_summary(v), v
    assert table[tables.suit_index((4, 4, 4, 3, 0, 0, 0, 0, 0))] == tables.NO_CLASS  # 15 tiles


def _complete_targets(sets_needed):
    """Every complete concealed part (pair + sets) as a sparse {kind: count} dict."""
    blocks = [{k: 3} for k in range(25)] + [
        {s + r: 1, s + r + 1: 1, s + r + 2: 1} for s in (0, 9) for r in range(7)]
    out = []
    for pair in range(25):
        for combo in itertools.combinations_with_replacement(range(len(blocks)), sets_needed):
            t = {pair: 2}
            for i in combo:
                for k, v in blocks[i].items():
                    t[k] = t.get(k, 0) + v
            if max(t.values()) <= 4:
                out.append(tuple(t.items()))
    return out


@pytest.mark.parametrize("sets_needed,hands", [(1, 400), (2, 120)])
def test_regular_shanten_is_the_true_distance_for_small_hands(sets_needed, hands):
    # Brute force: the fewest tiles to exchange to reach any complete shape, minus one. The
    # reference's quad corrections are what make it exact (e.g. 4444m beside 3 melds is 1).
    from game.engine.hand.shanten import shanten_regular
    targets = _complete_targets(sets_needed)
    rng = random.Random(sets_needed)
    for i in range(hands):
        pool = rng.sample(range(25), rng.randint(2, 4))
        size = 3 * sets_needed + 1 + i % 2
        c = [0] * 25
        for k in rng.sample([k for k in pool for _ in range(4)], size):
            c[k] += 1
        need = min(sum(v - c[k] for k, v in t if v > c[k]) for t in targets)
        assert shanten_regular(c, 4 - sets_needed) == need - 1, format_tiles(from_counts(c))
