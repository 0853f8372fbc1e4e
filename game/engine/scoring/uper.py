"""Ready hands and uper (엎어, the ready declaration) legality, docs/rules.md §4.

A hand is *ready* when some tile completes it with at least 2 basic points. Uper needs more: a
concealed hand (concealed kongs allowed), enough tiles left in the wall, and **every** wait by
shape worth 2 basic points even as a discard win (the self-draw point is not there).

>>> from game.engine.tiles import parse_tiles
>>> from game.engine.rules import RuleSet
>>> v = uper_verdict(parse_tiles("111m234m234p99p79p"), (), seat=0, prevalent=None, wall_left=30,
...                  rules=RuleSet())
>>> v.legal, format_tiles(v.waits)
(False, '78p')
>>> for line in str(v.reason).split("; "): print(line)
7p would win by discard with concealed only (1 point)
8p would win by discard with concealed only (1 point)
>>> uper_verdict(parse_tiles("234m678m555p66z77z"), (), seat=0, prevalent=None, wall_left=30,
...              rules=RuleSet()).legal
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..errors import ImpossibleHandError
from ..hand.shanten import waits as shape_waits
from ..melds import Meld
from ..messages import INT, MSG, MSGS, TEXT, TILE, TILES, Message, define
from ..rules import RuleSet
from ..tiles import NUM_PLAYING_KINDS, format_tiles, tile_str  # noqa: F401  (doctests)
from .context import WinContext, WinResult
from .evaluate import MIN_BASIC, _best_basic, describe_basic, evaluate_win

CLAIMED_PUNG = define("uper.claimed_pung", "your hand has a claimed pung: uper needs a concealed hand")
CLAIMED_KONG = define("uper.claimed_kong", "your hand has a claimed kong: uper needs a concealed hand")
NOT_READY = define("uper.not_ready", "your hand is not ready: no tile completes it")
WALL_SHORT = define("uper.wall_short", "only {n} tile left in the wall; uper needs at least {need}",
                    plural="only {n} tiles left in the wall; uper needs at least {need}", count="n",
                    n=INT, need=INT)
WALL_EMPTY = define("uper.wall_empty", "no tiles left in the wall; uper needs at least {need}",
                    need=INT)
CHEAP_WAIT = define("uper.cheap_wait", "{tile} would win by discard with {basic}", tile=TILE,
                    basic=MSG)
CHEAP_WAITS = define("uper.cheap_waits", "{waits}", waits=MSGS)

# a waiting hand that cannot exist
NOT_PLAYING_TILE = define("hand.not_playing_tile", "not a playing tile in the hand: {value}",
                          value=TEXT)
WAITING_SIZE = define("hand.waiting_size", "a waiting hand with {melds} meld(s) has {need} "
                      "concealed tiles, got {n} ({tiles})", melds=INT, need=INT, n=INT, tiles=TILES)
COPIES = define("hand.copies", "{n} copies of {tile}; there are only 4", n=INT, tile=TILE)

__all__ = [
    "UperVerdict",
    "WaitValue",
    "is_ready",
    "ready_waits",
    "shape_waits_of",
    "uper_verdict",
]


@dataclass(frozen=True)
class UperVerdict:
    """Whether uper may be declared with this hand, its waits by shape, and why not."""

    legal: bool
    waits: tuple[int, ...]
    reason: Message | None = None

    def __bool__(self) -> bool:
        return self.legal


@dataclass(frozen=True)
class WaitValue:
    """One wait of a ready hand and its basic points each way (the hints screen)."""

    tile: int
    self_draw_basic: int
    discard_basic: int

    @property
    def valid_self_draw(self) -> bool:
        return self.self_draw_basic >= MIN_BASIC

    @property
    def valid_discard(self) -> bool:
        return self.discard_basic >= MIN_BASIC

    def __repr__(self) -> str:
        return (f"WaitValue({tile_str(self.tile)}, self-draw {self.self_draw_basic}, "
                f"discard {self.discard_basic})")


def _counts(concealed: Iterable[int], melds: Sequence[Meld]) -> tuple[list[int], list[int]]:
    """Concealed counts and counts of every own tile (kongs as four); checks the hand size."""
    tiles = list(concealed)
    for k in tiles:
        if not isinstance(k, int) or not 0 <= k < NUM_PLAYING_KINDS:
            raise ImpossibleHandError(NOT_PLAYING_TILE(value=repr(k)))
    need = 13 - 3 * len(melds)
    if len(tiles) != need:
        raise ImpossibleHandError(WAITING_SIZE(melds=len(melds), need=need, n=len(tiles),
                                               tiles=sorted(tiles)))
    c = [0] * NUM_PLAYING_KINDS
    for k in tiles:
        c[k] += 1
    own = list(c)
    for m in melds:
        own[m.tile] += m.size
    for k in range(NUM_PLAYING_KINDS):
        if own[k] > 4:
            raise ImpossibleHandError(COPIES(n=own[k], tile=k))
    return c, own


def shape_waits_of(concealed: Iterable[int], melds: Sequence[Meld] = ()) -> tuple[int, ...]:
    """Waits by shape, leaving out a kind whose four copies are all the player's own (kongs too).

    >>> from game.engine.tiles import parse_tiles
    >>> format_tiles(shape_waits_of(parse_tiles("1112345678999m")))
    '123456789m'
    """
    c, own = _counts(concealed, melds)
    return tuple(k for k in _cached_waits(tuple(c)) if own[k] < 4)


@lru_cache(maxsize=8192)
def _cached_waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    return shape_waits(counts)


@lru_cache(maxsize=8192)
def _basic_cached(tiles: tuple[int, ...], win: int, melds: tuple[Meld, ...], self_draw: bool,
                  seat: int, prevalent: int | None, rules: RuleSet) -> int:
    """``_win_cached(...).basic``, scored without the rest of the result (`_ready_waits`)."""
    ctx = WinContext(concealed=tiles + (win,), win_tile=win, melds=melds,
                     self_draw=self_draw, seat=seat, prevalent=prevalent,
                     discarder=None if self_draw else (seat + 1) % 4)
    return _best_basic(ctx, rules)


@lru_cache(maxsize=8192)
def _win_cached(tiles: tuple[int, ...], win: int, melds: tuple[Meld, ...], self_draw: bool,
                seat: int, prevalent: int | None, rules: RuleSet) -> WinResult:
    ctx = WinContext(concealed=tiles + (win,), win_tile=win, melds=melds,
                     self_draw=self_draw, seat=seat, prevalent=prevalent,
                     discarder=None if self_draw else (seat + 1) % 4)
    return evaluate_win(ctx, rules)


def ready_waits(concealed: Iterable[int], melds: Sequence[Meld] = (), *, seat: int = 0,
                prevalent: int | None = None, rules: RuleSet | None = None,
                flowers: int = 0) -> tuple[WaitValue, ...]:
    """The waits that give a valid win (>= 2 basic points) by self-draw and/or by discard.

    >>> from game.engine.tiles import parse_tiles
    >>> ready_waits(parse_tiles("111m234m234p99p79p"))
    (WaitValue(7p, self-draw 2, discard 1), WaitValue(8p, self-draw 2, discard 1))

    The answer is kept for the hand (the table asks at every uper discard, the AI at every
    ready discard it weighs), so a hand seen before costs one look-up.
    """
    tiles = list(concealed)
    try:
        hand = tuple(sorted(tiles))
    except TypeError:  # not all tiles: `_counts` says which
        _counts(tiles, melds)
        raise
    return _ready_waits(hand, tuple(melds), seat, prevalent, rules or RuleSet())


@lru_cache(maxsize=8192)
def _ready_waits(tiles: tuple[int, ...], melds: tuple[Meld, ...], seat: int,
                 prevalent: int | None, rules: RuleSet) -> tuple[WaitValue, ...]:
    out = []
    for w in shape_waits_of(tiles, melds):
        sd = _basic_cached(tiles, w, melds, True, seat, prevalent, rules)
        dc = _basic_cached(tiles, w, melds, False, seat, prevalent, rules)
        v = WaitValue(w, sd, dc)
        if v.valid_self_draw or v.valid_discard:
            out.append(v)
    return tuple(out)


def is_ready(concealed: Iterable[int], melds: Sequence[Meld] = (), *, seat: int = 0,
             prevalent: int | None = None, rules: RuleSet | None = None) -> bool:
    """Whether some tile completes the hand with at least 2 basic points."""
    return bool(ready_waits(concealed, melds, seat=seat, prevalent=prevalent, rules=rules))


def uper_verdict(concealed: Iterable[int], melds: Sequence[Meld] = (), *, seat: int = 0,
                 prevalent: int | None = None, wall_left: int, rules: RuleSet | None = None
                 ) -> UperVerdict:
    """May this hand (after the uper discard, ``3n + 1`` tiles) declare uper? Says why not.
    Flowers are bonus points: they never count toward the 2-basic-point minimum."""
    rules = rules or RuleSet()
    tiles = list(concealed)
    melds = tuple(melds)
    waits = shape_waits_of(tiles, melds)
    open_melds = [m for m in melds if m.is_open]
    if open_melds:
        return UperVerdict(False, waits, CLAIMED_PUNG() if open_melds[0].type == "pung"
                           else CLAIMED_KONG())
    if not waits:
        return UperVerdict(False, waits, NOT_READY())
    if wall_left < rules.uper_min_wall:
        need = rules.uper_min_wall
        return UperVerdict(False, waits, WALL_SHORT(n=wall_left, need=need) if wall_left
                           else WALL_EMPTY(need=need))
    bad = []
    hand = tuple(sorted(tiles))
    for w in waits:
        if _basic_cached(hand, w, melds, False, seat, prevalent, rules) < MIN_BASIC:
            res = _win_cached(hand, w, melds, False, seat, prevalent, rules)  # for its words
            bad.append(CHEAP_WAIT(tile=w, basic=describe_basic(res.yak, res.basic)))
    if bad:
        return UperVerdict(False, waits, bad[0] if len(bad) == 1 else CHEAP_WAITS(waits=bad))
    return UperVerdict(True, waits)
