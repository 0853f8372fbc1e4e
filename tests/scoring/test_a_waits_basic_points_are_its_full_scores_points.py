"""The waits of a ready hand are scored for their basic points alone (`ready_waits`,
`uper_verdict`: `evaluate._best_basic`, kept by `uper._basic_cached`); here those points are
checked against the full `evaluate_win` of the same win, on seeded random ready hands with and
without melds, by self-draw and by discard, for every seat and prevalent wind."""

from __future__ import annotations

import random

from game.engine.hand.shanten import waits as shape_waits
from game.engine.melds import CONCEALED_KONG, KONG, PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import ready_waits, uper_verdict
from game.engine.scoring.context import WinContext
from game.engine.scoring.evaluate import _best_basic, evaluate_win

R = RuleSet()


def _ready_hand(rng: random.Random) -> tuple[list[int], tuple[Meld, ...]]:
    """A random ready hand: sets and a pair (some of them melds), less one tile."""
    while True:
        counts = [0] * 25
        groups: list[list[int]] = []
        for _ in range(4):
            if rng.random() < 0.5:
                k = rng.randrange(25)
                groups.append([k, k, k])
            else:
                s = rng.choice((0, 9))
                r = rng.randrange(7)
                groups.append([s + r, s + r + 1, s + r + 2])
        k = rng.randrange(25)
        groups.append([k, k])
        for g in groups:
            for x in g:
                counts[x] += 1
        if max(counts) > 4:
            continue
        melds: list[Meld] = []
        tiles: list[int] = []
        for g in groups:
            if len(g) == 3 and g[0] == g[1] and rng.random() < 0.3:
                kind = rng.choice((PUNG, PUNG, KONG, CONCEALED_KONG))
                if kind == PUNG or counts[g[0]] == 3:  # a kong needs the fourth copy free
                    melds.append(Meld(kind, g[0], None if kind == CONCEALED_KONG else 1))
                    continue
            tiles.extend(g)
        tiles.remove(rng.choice(tiles))
        if shape_waits(_counts(tiles)):
            return sorted(tiles), tuple(melds)


def _counts(tiles: list[int]) -> list[int]:
    c = [0] * 25
    for k in tiles:
        c[k] += 1
    return c


def test_every_waits_basic_points_are_the_full_scores() -> None:
    rng = random.Random(33)
    checked = 0
    for _ in range(400):
        tiles, melds = _ready_hand(rng)
        seat, prevalent = rng.randrange(4), rng.choice((None, 0, 1, 2, 3))
        for w in shape_waits(_counts(tiles)):
            if _counts(tiles)[w] + sum(m.size for m in melds if m.tile == w) >= 4:
                continue
            for self_draw in (True, False):
                ctx = WinContext(concealed=tuple(tiles) + (w,), win_tile=w, melds=melds,
                                 self_draw=self_draw, seat=seat, prevalent=prevalent,
                                 discarder=None if self_draw else (seat + 1) % 4)
                assert _best_basic(ctx, R) == evaluate_win(ctx, R).basic, (tiles, melds, w)
                checked += 1
    assert checked > 800


def test_ready_waits_and_uper_verdicts_say_what_the_full_scores_say() -> None:
    rng = random.Random(34)
    for _ in range(300):
        tiles, melds = _ready_hand(rng)
        seat, prevalent = rng.randrange(4), rng.choice((None, 0, 1))
        want = []
        for w in shape_waits(_counts(tiles)):
            if _counts(tiles)[w] + sum(m.size for m in melds if m.tile == w) >= 4:
                continue
            sd, dc = (evaluate_win(WinContext(
                concealed=tuple(tiles) + (w,), win_tile=w, melds=melds, self_draw=s, seat=seat,
                prevalent=prevalent, discarder=None if s else (seat + 1) % 4), R).basic
                for s in (True, False))
            if sd >= 2 or dc >= 2:
                want.append((w, sd, dc))
        got = ready_waits(tiles, melds, seat=seat, prevalent=prevalent, rules=R)
        assert [(v.tile, v.self_draw_basic, v.discard_basic) for v in got] == want
        if not any(m.is_open for m in melds):
            v = uper_verdict(tiles, melds, seat=seat, prevalent=prevalent, wall_left=30, rules=R)
            cheap = [w for w in shape_waits(_counts(tiles))
                     if evaluate_win(WinContext(concealed=tuple(tiles) + (w,), win_tile=w,
                                                melds=melds, self_draw=False, seat=seat,
                                                prevalent=prevalent,
                                                discarder=(seat + 1) % 4), R).basic < 2
                     and _counts(tiles)[w] + sum(m.size for m in melds if m.tile == w) < 4]
            assert v.legal == (not cheap and bool(v.waits)), (tiles, melds)
