"""Our shanten agrees exactly with the reference, `mahjong` 2.1.0, on 270,000 seeded hands.

The hands are regenerated from their seeds (`reference_hands.SETS`: 100,000 two-suit and 100,000
full-set hands, 40,000 beside declared melds, 30,000 full of quads); the reference's answers for
them are stored (``data/shanten_reference.json.gz``, made by ``tools/make_shanten_reference.py``),
so the full comparison costs only our side. A sample of every set is also asked of the package
itself, so the stored answers cannot go stale unnoticed.
"""

import itertools
import random

import pytest
from reference_hands import SETS, load_answers, reference

from game.engine.hand import tables
from game.engine.hand.shanten import shanten
from game.engine.tiles import format_tiles, from_counts

SAMPLE = 2_000  # hands per set asked of the package itself


@pytest.fixture(scope="module")
def answers():
    return load_answers()


def test_the_stored_answers_cover_every_set(answers):
    assert set(answers) == set(SETS)
    for name, hands in SETS.items():
        assert len(answers[name]) == sum(1 for _ in hands()), name


@pytest.mark.parametrize("name", list(SETS))
def test_agrees_with_the_stored_reference_answers(name, answers):
    bad = []
    for (c, melds), ref in zip(SETS[name](), answers[name], strict=True):
        ours = shanten(c, melds)
        if ours != ref:
            bad.append(f"{format_tiles(from_counts(c))} (+{melds} melds): ours {ours}, mahjong {ref}")
    assert bad == [], f"{len(bad)} {name} differ, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", list(SETS))
def test_the_stored_answers_are_the_packages(name, answers):
    pytest.importorskip("mahjong.shanten")
    hands = itertools.islice(SETS[name](), SAMPLE)
    got = [reference(c) for c, _ in hands]
    assert got == answers[name][:SAMPLE], "stale: run tools/make_shanten_reference.py"


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
