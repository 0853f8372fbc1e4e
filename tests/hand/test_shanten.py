"""Shanten and waits: tables in tile notation, and properties against the simple shape checker."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import ImpossibleHandError
from game.engine.hand import shape
from game.engine.hand.shanten import (
    is_complete,
    load_tables,
    ready_discards,
    shanten,
    shanten_regular,
    shanten_seven_pairs,
    waits,
)
from game.engine.tiles import format_tiles, from_counts, parse_tiles, to_counts


def hand(text):
    return to_counts(parse_tiles(text))


def notation(counts):
    return format_tiles(from_counts(counts))


# (hand, melds, shanten, regular shanten, seven-pairs shanten or None when melds are declared)
SHANTEN_TABLE = [
    ("123m456m789p11z222z", 0, -1, -1, 4),
    ("1112345678999m5m", 0, -1, -1, 3),  # nine gates completed on 5m
    ("1112345678999m", 0, 0, 0, 4),  # nine gates: ready on every character
    ("1122m3344p556677z", 0, -1, 3, -1),  # seven pairs; as pair + sets still 3 away
    ("1122m3344p55667z", 0, 0, 3, 0),  # seven pairs, single wait on 7z
    # four alike are not two pairs: 1111m gives one pair towards seven pairs
    ("1111m2233p445566z", 0, 1, 2, 1),
    ("1111m234p567p99p5z", 0, 1, 1, 4),  # 111m 234p 567p 99p, the 4th 1m and 5z left over
    ("159m159p1234567z", 0, 6, 8, 6),  # nothing connects: seven pairs is closest
    ("159m159p12345z66z", 0, 5, 7, 5),
    # an honour quad is a pung plus a fourth tile that can neither pair nor join a sequence
    ("1111z234m567p99p5z", 0, 1, 1, 4),  # not ready although it looks like 4 sets + pair
    ("1111z2222z234m56p", 0, 2, 2, 4),  # no pair and only quad tiles isolated: +1
    ("1111z2222z3333z1m", 0, 3, 3, 6),  # three dead East/South/West tiles: at least 3
    ("11m", 4, -1, -1, None),  # four declared melds and a pair
    ("1m9p", 4, 0, 0, None),  # discard either, then wait on the other
    ("22m456p77z", 2, 0, 0, None),  # two declared melds beside these tiles
    ("22m456p777z", 2, -1, -1, None),
    ("5z", 4, 0, 0, None),  # bare single wait
    ("1111z", 3, 1, 1, None),  # 111z + a dead 4th East: discard it and wait on a new tile
    ("4444m", 3, 1, 1, None),  # same for a suited quad with nothing beside it
    ("3444m", 3, 0, 0, None),  # 444m + 3m single, or 44m + 34m
]


@pytest.mark.parametrize("text,melds,expected,regular,pairs", SHANTEN_TABLE)
def test_shanten_table(text, melds, expected, regular, pairs):
    c = hand(text)
    assert shanten(c, melds) == expected
    assert shanten_regular(c, melds) == regular
    if pairs is not None:
        assert shanten_seven_pairs(c) == pairs
@pytest.mark.parametrize("text,expected", [
    ("1112345678999m", "123456789m"),  # nine gates
    ("1112223334445m", "23456m"),  # 6m: 111 222 333 44m + 456m
    ("123m456p789p11m22z", "14m2z"),  # 111m 23m waits 1m or 4m; shanpon 1m / 2z
    ("1122m3344p55667z", "7z"),  # seven pairs single wait
    ("1122m3344p5566z7m", "7m"),
    ("1111m3344p5566z7z", ""),  # 1111m is not two pairs: not ready for seven pairs
    ("123m456p789p1111z", ""),  # the only hope would be a fifth East
    ("123m456p789p111z5z", "5z"),
    ("1234m", "14m"),  # with three melds: 123m + 4m or 1m + 234m
    ("4444m", ""),  # with three melds: 1-shanten
    ("2224m", "34m"),  # 222m + 4m single; 22m + 24m closed wait on 3m
])
def test_waits_table(text, expected):
    c = hand(text)
    assert format_tiles(waits(c)) == expected
    assert waits(c) == shape.waits(c)


@pytest.mark.parametrize("counts,melds,message", [
    (hand("11111m"), 3, "5 copies of 1m"),
    (hand("123m"), 0, "3 concealed tiles with 0 declared meld(s): expected 13 or 14"),
    (hand("123m456p789p11z22z"), 1, "expected 10 or 11"),
    (hand("11m"), 5, "5 declared melds"),
    ([0] * 24, 0, "must have 25 entries"),
    ([0] * 29, 0, "must have 25 entries"),
    ([-1] + [0] * 24, 0, "-1 copies of 1m"),
    (None, 0, "sequence of 25 ints"),
    ([4] * 25, 0, "100 tiles is not a hand"),
])
def test_impossible_hands(counts, melds, message):
    with pytest.raises(ImpossibleHandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        shanten(counts, melds)


def test_waits_and_seven_pairs_reject_wrong_sizes():
    with pytest.raises(ImpossibleHandError, match="3n\\+1"):
        waits(hand("123m456p789p11z22z1m"))
    with pytest.raises(ImpossibleHandError, match="13 or 14"):
        shanten_seven_pairs(hand("1122m"))


class IntLike:
    """Like a numpy integer: usable as an index, not an int."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def test_counts_as_tuple_bytes_list_and_int_likes_agree():
    c = hand("1112345678999m5p")
    assert shanten(c) == shanten(tuple(c)) == shanten(bytes(c)) == 0
    assert shanten([IntLike(x) for x in c]) == 0
    with pytest.raises(ImpossibleHandError, match=r"1\.5 copies of 1m"):
        shanten([1.5] + c[1:])


def test_tables_load_once_and_are_kept(monkeypatch):
    """Loading is lazy and idempotent: after the first load, asking again builds nothing (the
    time it takes is the benchmark's business, not a test's)."""
    from game.engine.hand import shanten as mod
    from game.engine.hand import tables

    load_tables()
    kept = mod._TABLE
    assert kept is not None

    def rebuilt():
        raise AssertionError("the tables were loaded twice")
    monkeypatch.setattr(tables, "load", rebuilt)
    load_tables()
    assert mod._TABLE is kept
    assert shanten(hand("123m456p789p11z22z")) == 0


# --- properties -------------------------------------------------------------------------------

def _complete_hand(draw, melds):
    """A random complete concealed part: a pair and 4 - melds sets, or seven pairs."""
    if melds == 0 and draw(st.integers(0, 4)) == 0:
        kinds = draw(st.lists(st.integers(0, 24), min_size=7, max_size=7, unique=True))
        c = [0] * 25
        for k in kinds:
            c[k] = 2
        return c
    while True:
        c = [0] * 25
        c[draw(st.integers(0, 24))] += 2
        for _ in range(4 - melds):
            if draw(st.booleans()):
                c[draw(st.integers(0, 24))] += 3
            else:
                start = draw(st.integers(0, 1)) * 9 + draw(st.integers(0, 6))
                for j in range(3):
                    c[start + j] += 1
        if max(c) <= 4:
            return c


@st.composite
def complete_hands(draw):
    melds = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
    return _complete_hand(draw, melds), melds


@st.composite
def near_complete_hands(draw):
    """A complete hand with one tile swapped for a random one (often complete again)."""
    c, melds = draw(complete_hands())
    held = [k for k in range(25) if c[k]]
    c[draw(st.sampled_from(held))] -= 1
    free = [k for k in range(25) if c[k] < 4]
    c[draw(st.sampled_from(free))] += 1
    return c, melds


@settings(max_examples=400, deadline=None)
@given(complete_hands())
def test_complete_hands_have_shanten_minus_one(case):
    c, melds = case
    assert shape.is_complete(c)
    assert shanten(c, melds) == -1, notation(c)


@settings(max_examples=400, deadline=None)
@given(near_complete_hands())
def test_complete_iff_shanten_minus_one(case):
    c, melds = case
    assert (shanten(c, melds) == -1) == shape.is_complete(c), notation(c)


@settings(max_examples=300, deadline=None)
@given(complete_hands(), st.data())
def test_waits_agree_with_shape_and_complete_the_hand(case, data):
    c, melds = case
    held = [k for k in range(25) if c[k]]
    c[data.draw(st.sampled_from(held))] -= 1
    w = waits(c)
    assert w, f"{notation(c)} came from a complete hand, so it is ready"
    assert w == shape.waits(c), notation(c)
    for k in w:
        assert c[k] < 4
        c[k] += 1
        assert shape.is_complete(c) and shanten(c, melds) == -1
        c[k] -= 1


def _random_hands(seed, n, size, kinds=25):
    rng = random.Random(seed)
    wall = [k for k in range(kinds) for _ in range(4)]
    for _ in range(n):
        c = [0] * 25
        for k in rng.sample(wall, size):
            c[k] += 1
        yield c


@pytest.mark.parametrize("seed,kinds", [(1, 25), (2, 18)])
def test_adding_a_tile_lowers_shanten_by_at_most_one(seed, kinds):
    for c in _random_hands(seed, 1500, 13, kinds):
        s = shanten(c)
        for k in range(25):
            if c[k] < 4:
                c[k] += 1
                s2 = shanten(c)
                assert s - 1 <= s2 <= s, (notation(c), s, s2)
                c[k] -= 1


@pytest.mark.parametrize("seed,kinds", [(3, 25), (4, 18)])
def test_fourteen_tiles_are_as_close_as_their_best_discard(seed, kinds):
    # a 14-tile hand's shanten is that of its best discard (both 0 when it is complete)
    for c in _random_hands(seed, 1500, 14, kinds):
        best = min(shanten([x - (k == d) for k, x in enumerate(c)]) for d in range(25) if c[d])
        assert max(shanten(c), 0) == best, notation(c)


@pytest.mark.parametrize("seed", [5, 6])
def test_waits_of_random_hands_agree_with_shape(seed):
    # mostly not ready (empty waits); shape.waits is slow, so a few hundred
    ready = 0
    for c in _random_hands(seed, 300, 13, 18):
        w = waits(c)
        assert w == shape.waits(c), notation(c)
        ready += bool(w)
    assert ready < 300


# --- the caches and transitions behind the fast paths -----------------------------------------

def test_prefilled_suit_entries_are_the_computed_ones():
    from game.engine.hand import shanten as mod

    load_tables()
    rng = random.Random(8)
    small = [k for k in mod._M if sum(k) <= mod.PREFILL_TILES]
    assert len(small) >= 22_330  # every vector of up to PREFILL_TILES tiles
    for key in rng.sample(small, 3000) + [bytes(9), bytes((4, 4, 0, 0, 0, 0, 0, 0, 0))]:
        assert mod._M[key] == mod._suit_entry(key, mod._M_SHIFT), list(key)
        assert mod._P[key] == mod._suit_entry(key, mod._P_SHIFT), list(key)


def test_the_specialised_final_step_is_the_documented_walk():
    # _regular is tables.regular_shanten written out for two suits: the same answer on hands of
    # every size, from every kind and from a few kinds (quads and pungs, where the quirks live)
    from game.engine.hand import shanten as mod
    from game.engine.hand import tables

    load_tables()
    rng = random.Random(9)
    for i in range(6000):
        pool = rng.sample(range(25), (25, 18, 5, 4)[i % 4])
        c = [0] * 25
        for k in rng.sample([k for k in pool for _ in range(4)], (14, 13, 11, 10, 8, 7, 5, 4, 2, 1)[i % 10]):
            c[k] += 1
        key = mod._entries(c) & mod._KEY_MASK
        cm, cp = (key >> mod._M_SHIFT) & 511, (key >> mod._P_SHIFT) & 511
        want = tables.regular_shanten((mod._SUMMARIES[cm], mod._SUMMARIES[cp]),
                                      mod._HONOUR_PARTS[(key >> mod._H_SHIFT) & 511], sum(c))
        assert mod._regular(key) == want, notation(c)


@pytest.mark.parametrize("seed,kinds", [(11, 25), (12, 18), (13, 6)])
def test_ready_discards_are_the_discards_that_leave_waits(seed, kinds):
    rng = random.Random(seed)
    for i in range(200):
        pool = rng.sample(range(25), kinds)
        c = [0] * 25
        for k in rng.sample([k for k in pool for _ in range(4)], (14, 11, 8)[i % 3]):
            c[k] += 1
        # shape.waits: the simple checker, independent of the transitions behind ready_discards
        naive = tuple(d for d in range(25)
                      if c[d] and shape.waits([x - (k == d) for k, x in enumerate(c)]))
        assert ready_discards(c) == naive, notation(c)
        assert is_complete(c) == shape.is_complete(c) == (shanten(c, (14 - sum(c)) // 3) == -1)


@pytest.mark.parametrize("seed,kinds", [(21, 25), (22, 18), (23, 6)])
def test_hand_shape_follows_draws_and_discards_like_shanten(seed, kinds):
    from game.engine.hand.shanten import HandShape

    rng = random.Random(seed)
    pool = rng.sample(range(25), kinds)
    wall = [k for k in pool for _ in range(4)]
    for i in range(60):
        melds = i % 4
        size = 13 - 3 * melds
        drawn = rng.sample(wall, size + 8)
        c = [0] * 25
        for k in drawn[:size]:
            c[k] += 1
        h = HandShape(c, melds)
        for k in drawn[size:]:  # draw one, check, discard one, check
            if c[k] == 4:
                with pytest.raises(ImpossibleHandError, match="5 copies"):
                    h.add(k)
                continue
            h.add(k)
            c[k] += 1
            assert h.counts == c and h.shanten() == shanten(c, melds), notation(c)
            d = rng.choice([j for j in range(25) if c[j]])
            h.remove(d)
            c[d] -= 1
            assert h.shanten() == shanten(c, melds) and h.waits() == waits(c, melds), notation(c)
        g = h.copy()
        g.remove(next(j for j in range(25) if c[j]))
        assert h.counts == c  # a copy is independent
        assert h.after_draws() == [(k, shanten([x + (j == k) for j, x in enumerate(c)], melds))
                                   for k in range(25) if c[k] < 4]
        h.add(drawn[0] if c[drawn[0]] < 4 else next(j for j in range(25) if c[j] < 4))
        c = h.counts
        assert h.after_discards() == [(d, shanten([x - (j == d) for j, x in enumerate(c)], melds))
                                      for d in range(25) if c[d]]
    with pytest.raises(ImpossibleHandError, match="-1 copies of 1m"):
        HandShape([0] * 24 + [1], 4).remove(0)
    with pytest.raises(ImpossibleHandError, match="expected 13 or 14"):
        HandShape(hand("123m")).shanten()


@pytest.mark.parametrize("seed,kinds", [(31, 25), (32, 12), (33, 6)])
def test_improving_draws_are_the_draws_that_lower_the_shanten(seed, kinds):
    # near tiles only when that is sound: quads and seven pairs short of kinds try them all
    # (1111m + 9p waits on 9p; 11122m3344p5566z + a new kind is one step nearer seven pairs)
    from game.engine.hand.shanten import HandShape

    rng = random.Random(seed)
    pool = rng.sample(range(25), kinds)
    wall = [k for k in pool for _ in range(4)]
    for i in range(1500):
        melds = i % 5
        c = [0] * 25
        for k in rng.sample(wall, 13 - 3 * melds):
            c[k] += 1
        h = HandShape(c, melds)
        s = h.shanten()
        for below in (s, s - 1):
            naive = [k for k in range(25) if c[k] < 4
                     and shanten([x + (j == k) for j, x in enumerate(c)], melds) < below]
            assert h.improving_draws(below) == naive, (notation(c), melds, below)
    four = HandShape(hand("1111m"), 3)  # 111m + 1m: any new tile becomes a single wait
    assert format_tiles(four.improving_draws(four.shanten())) == "23456789m123456789p1234567z"
    short = HandShape(hand("11122m3344p5566z"))  # seven pairs: any seventh kind helps
    assert short.shanten() == 1 and {*parse_tiles("9p7z")} <= {*short.improving_draws(1)}
    with pytest.raises(ValueError, match="above the hand's shanten"):
        short.improving_draws(short.shanten() + 1)
