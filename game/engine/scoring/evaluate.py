"""``evaluate_win``: the score of a win, over every decomposition of the hand (docs/rules.md §8).

>>> from game.engine.tiles import parse_tiles, parse_tile
>>> from game.engine.rules import RuleSet
>>> ctx = WinContext(concealed=tuple(parse_tiles("234m456m345p22p678p")), win_tile=parse_tile("8p"),
...                  uper=True)
>>> res = evaluate_win(ctx, RuleSet())
>>> res.valid, res.basic, res.bonus, res.total
(True, 3, 2, 15)
>>> [y.key for y in res.yak]
['concealed', 'self_draw', 'all_simples', 'uper', 'korean_dora']
>>> red = Meld(PUNG, parse_tile("7z"), from_seat=3)
>>> chicken = WinContext(concealed=tuple(parse_tiles("123m456m789p11z")), win_tile=parse_tile("9p"),
...                      melds=(red,), self_draw=False, discarder=3)
>>> r = evaluate_win(chicken, RuleSet())
>>> r.valid, r.basic, r.total, str(r.reason)
(False, 1, 0, 'chicken hand: only dragon pung (1 point); a win needs 2 basic points')
"""

from __future__ import annotations

from ..errors import ImpossibleHandError
from ..hand.decompose import decompositions
from ..melds import PUNG, Meld  # noqa: F401  (used by the doctest)
from ..messages import GROUPS, INT, MSG, SEAT, TEXT, TILE, TILES, YAKS, Message, define
from ..messages import YAK as A_YAK
from ..rules import RuleSet
from ..tiles import NUM_KINDS, NUM_PLAYING_KINDS, tile_str
from .context import WinContext, WinResult, YakScore
from .reading import Reading
from .yak import ALL_YAK, BASIC, YAK, Yak

__all__ = ["MIN_BASIC", "check_context", "describe_basic", "evaluate_win"]

#: A win needs at least this many basic points (bonus points never count).
MIN_BASIC = 2


# a `WinContext` that cannot describe a real hand (values that are not tiles or seats as text)
NOT_A_KIND = define("hand.not_a_kind", "not a tile kind in the hand: {value}", value=TEXT)
FLOWER_IN_HAND = define("hand.flower_in_hand", "flower {tile} in the hand: flowers are put aside "
                        "and counted with flowers=N", tile=TILE)
WIN_TILE_FLOWER = define("hand.win_tile_flower",
                         "the winning tile must be a playing tile, got {tile}", tile=TILE)
WIN_TILE_NOT_A_TILE = define("hand.win_tile_not_a_tile",
                             "the winning tile must be a playing tile, got {value}", value=TEXT)
WIN_TILE_NOT_HELD = define("hand.win_tile_not_held", "the winning tile {tile} must be among the "
                           "concealed tiles {tiles}", tile=TILE, tiles=TILES)
TOO_MANY_MELDS = define("hand.too_many_melds", "a hand has at most 4 melds, got {n}", n=INT)
NO_MELDS = define("hand.no_melds", "no melds")
MELDS = define("hand.melds", "{n} meld", plural="{n} melds", count="n", n=INT)
WIN_SIZE = define("hand.win_size", "a winning hand with {melds} has {need} concealed tiles "
                  "including the winning tile, got {n} ({tiles})",
                  melds=MSG, need=INT, n=INT, tiles=TILES)
TOO_MANY_COPIES = define("hand.too_many_copies", "{n} copies of {tile} (hand and melds together); "
                         "there are only 4", n=INT, tile=TILE)
NOT_A_SEAT = define("hand.not_a_seat", "{name} must be a seat 0-3 (E S W N), got {value}",
                    name=TEXT, value=TEXT)
OWN_DISCARD = define("hand.own_discard", "seat {seat} cannot win on his own discard", seat=SEAT)
FLOWERS_RANGE = define("hand.flowers_range", "there are 4 flowers, got flowers={n}", n=INT)
FLOWERS_VALUE = define("hand.flowers_value", "there are 4 flowers, got flowers={value}",
                       value=TEXT)
SELF_DRAW_DISCARDER = define("hand.self_draw_discarder", "a self-draw has no discarder")
ROBBING_SELF_DRAW = define("hand.robbing_self_draw",
                           "robbing the kong is a win by discard, not a self-draw")
KONG_NOT_SELF_DRAW = define("hand.kong_not_self_draw",
                            "a win on kong is a self-draw (the kong replacement tile)")
UPER_CLAIMED = define("hand.uper_claimed",
                      "uper needs a concealed hand, but the hand has a claimed meld")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _tile_name(k: object) -> str:
    try:
        return tile_str(int(k))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return repr(k)


def check_context(ctx: WinContext) -> None:
    """Raise `ImpossibleHandError` if the context cannot describe a real hand."""
    if not isinstance(ctx, WinContext):
        raise TypeError(f"expected a WinContext, got {type(ctx).__name__}")
    for k in ctx.concealed:
        if not isinstance(k, int) or not 0 <= k < 29:
            raise ImpossibleHandError(NOT_A_KIND(value=repr(k)))
        if k >= NUM_PLAYING_KINDS:
            raise ImpossibleHandError(FLOWER_IN_HAND(tile=k))
    w = ctx.win_tile
    if not isinstance(w, int) or not 0 <= w < NUM_PLAYING_KINDS:
        if _is_int(w) and 0 <= w < NUM_KINDS:
            raise ImpossibleHandError(WIN_TILE_FLOWER(tile=w))
        raise ImpossibleHandError(WIN_TILE_NOT_A_TILE(value=_tile_name(w)))
    if w not in ctx.concealed:
        raise ImpossibleHandError(WIN_TILE_NOT_HELD(tile=w, tiles=sorted(ctx.concealed)))
    if len(ctx.melds) > 4:
        raise ImpossibleHandError(TOO_MANY_MELDS(n=len(ctx.melds)))
    need = 14 - 3 * len(ctx.melds)
    if len(ctx.concealed) != need:
        n = len(ctx.melds)
        raise ImpossibleHandError(WIN_SIZE(melds=MELDS(n=n) if n else NO_MELDS(), need=need,
                                           n=len(ctx.concealed), tiles=sorted(ctx.concealed)))
    counts = [0] * NUM_PLAYING_KINDS
    for k in ctx.concealed:
        counts[k] += 1
    for m in ctx.melds:
        counts[m.tile] += m.size
    over = [k for k in range(NUM_PLAYING_KINDS) if counts[k] > 4]
    if over:
        k = over[0]
        raise ImpossibleHandError(TOO_MANY_COPIES(n=counts[k], tile=k))
    for name in ("seat", "discarder", "prevalent"):
        v = getattr(ctx, name)
        if v is None and name != "seat":
            continue
        if not isinstance(v, int) or not 0 <= v <= 3:
            raise ImpossibleHandError(NOT_A_SEAT(name=name, value=repr(v)))
    if ctx.discarder is not None and ctx.discarder == ctx.seat:
        raise ImpossibleHandError(OWN_DISCARD(seat=ctx.seat))
    if not 0 <= ctx.flowers <= 4:
        raise ImpossibleHandError(FLOWERS_RANGE(n=ctx.flowers) if _is_int(ctx.flowers)
                                  else FLOWERS_VALUE(value=str(ctx.flowers)))
    if ctx.self_draw and ctx.discarder is not None:
        raise ImpossibleHandError(SELF_DRAW_DISCARDER())
    if ctx.robbing_kong and ctx.self_draw:
        raise ImpossibleHandError(ROBBING_SELF_DRAW())
    if ctx.win_on_kong and not ctx.self_draw:
        raise ImpossibleHandError(KONG_NOT_SELF_DRAW())
    if ctx.uper and not ctx.is_concealed:
        raise ImpossibleHandError(UPER_CLAIMED())


def _score_reading(r: Reading) -> tuple[int, int, tuple[YakScore, ...]]:
    hits: dict[str, int] = {}
    active = _ACTIVE.get(r.rules)
    if active is None:
        active = _active(r.rules)
    for y, _pts in active:
        n = y.test(r)
        if n:
            hits[y.key] = int(n)
    if not hits:
        return 0, 0, ()
    replaced = {k for key in hits for k in YAK[key].replaces}
    lines: list[YakScore] = []
    basic = bonus = 0
    for y, per in active:
        n = hits.get(y.key, 0)
        if not n or y.key in replaced:
            continue
        pts = per * n
        line = _LINES.get((y.key, pts, n))
        if line is None:
            line = _LINES[(y.key, pts, n)] = YakScore(y.key, pts, y.kind, y.name_ko, y.name_en, n)
        lines.append(line)
        if y.kind == BASIC:
            basic += pts
        else:
            bonus += pts
    return basic, bonus, tuple(lines)


#: the scored lines made so far, by yak, points and count (a line is an immutable value: a
#: ready hand's waits are scored again and again)
_LINES: dict[tuple[str, int, int], YakScore] = {}


def _best_basic(ctx: WinContext, rules: RuleSet) -> int:
    """``evaluate_win(ctx, rules).basic`` without the rest of the result (the waits of a ready
    hand need only their basic points): the most basic points of any reading, 0 when the
    hand is no winning shape. Impossible input raises `ImpossibleHandError` as there."""
    check_context(ctx)
    counts = [0] * NUM_PLAYING_KINDS
    for k in ctx.concealed:
        counts[k] += 1
    best = 0
    for d in decompositions(counts):
        if d.is_seven_pairs and ctx.melds:
            continue
        basic = _basic_of(Reading.build(ctx, rules, d))
        if basic > best:
            best = basic
    return best


def _basic_of(r: Reading) -> int:
    """The basic points `_score_reading` gives a reading, counted alone: only the yak that
    can change them are tested (`_ACTIVE_BASIC`)."""
    active = _ACTIVE_BASIC.get(r.rules)
    if active is None:
        active = _active_basic(r.rules)
    hits: dict[str, int] = {}
    for y, _pts in active:
        n = y.test(r)
        if n:
            hits[y.key] = int(n)
    if not hits:
        return 0
    replaced = {k for key in hits for k in YAK[key].replaces}
    basic = 0
    for y, per in active:
        if y.kind == BASIC:
            n = hits.get(y.key, 0)
            if n and y.key not in replaced:
                basic += per * n
    return basic


#: per rule set, the yak it scores (points not 0) with their points, in table order
_ACTIVE: dict[RuleSet, tuple[tuple[Yak, int], ...]] = {}


def _active(rules: RuleSet) -> tuple[tuple[Yak, int], ...]:
    if len(_ACTIVE) >= 64:  # rule sets made on the fly (tests, custom values) do not pile up
        _ACTIVE.clear()
    out = _ACTIVE[rules] = tuple((y, rules.points(y.key)) for y in ALL_YAK if rules.points(y.key))
    return out


#: per rule set, the active yak (`_ACTIVE`) that are basic or may replace a basic one: what
#: `_basic_of` must test (a bonus yak replaces only bonus yak today)
_ACTIVE_BASIC: dict[RuleSet, tuple[tuple[Yak, int], ...]] = {}


def _active_basic(rules: RuleSet) -> tuple[tuple[Yak, int], ...]:
    if len(_ACTIVE_BASIC) >= 64:
        _ACTIVE_BASIC.clear()
    active = _ACTIVE.get(rules) or _active(rules)
    basic = {y.key for y in ALL_YAK if y.kind == BASIC}
    out = _ACTIVE_BASIC[rules] = tuple((y, pts) for y, pts in active
                                       if y.kind == BASIC or basic.intersection(y.replaces))
    return out


BASIC_NONE = define("basic.none", "no basic points")
BASIC_ONE = define("basic.one", "{yak} only ({points} point)", plural="{yak} only ({points} points)",
                   count="points", yak=A_YAK, points=INT)
BASIC_ONLY = define("basic.only", "only {yak} ({points} point)",
                    plural="only {yak} ({points} points)", count="points", yak=A_YAK, points=INT)
BASIC_MANY = define("basic.many", "{yaks} ({points} point)", plural="{yaks} ({points} points)",
                    count="points", yaks=YAKS, points=INT)
NOT_A_SHAPE = define("win.not_a_shape", "{tiles} is not a winning shape: it is neither a pair "
                     "plus four sets nor seven different pairs", tiles=TILES)
NOT_A_SHAPE_MELDS = define("win.not_a_shape_melds", "{tiles} with {melds} is not a winning shape: "
                           "it is neither a pair plus four sets nor seven different pairs",
                           tiles=TILES, melds=GROUPS)
CHICKEN = define("win.chicken", "chicken hand: {basic}; a win needs {need} basic points",
                 basic=MSG, need=INT)


def describe_basic(yak: tuple[YakScore, ...], basic: int, only_first: bool = False) -> Message:
    """The basic yak: 'concealed only (1 point)', 'no basic points'.

    >>> one = (YakScore("concealed", 1, "basic", "문전", "Concealed hand"),)
    >>> [str(describe_basic(one, 1)), str(describe_basic(one, 1, only_first=True))]
    ['concealed only (1 point)', 'only concealed (1 point)']
    >>> str(describe_basic((), 0))
    'no basic points'
    """
    keys = [y.key for y in yak if y.kind == BASIC]
    if not keys:
        return BASIC_NONE()
    if len(keys) == 1:
        return (BASIC_ONLY if only_first else BASIC_ONE)(yak=keys[0], points=basic)
    return BASIC_MANY(yaks=keys, points=basic)


def evaluate_win(ctx: WinContext, rules: RuleSet) -> WinResult:
    """Score a win: the decomposition with the most basic points (ties: the most total points).

    Not a winning shape, or fewer than 2 basic points: ``valid`` is False, ``total`` is 0 and
    ``reason`` says why. Impossible input raises `ImpossibleHandError`.
    """
    check_context(ctx)
    counts = [0] * NUM_PLAYING_KINDS
    for k in ctx.concealed:
        counts[k] += 1
    best: tuple[int, int, tuple[YakScore, ...], Reading] | None = None
    for d in decompositions(counts):
        if d.is_seven_pairs and ctx.melds:
            continue
        r = Reading.build(ctx, rules, d)
        basic, bonus, lines = _score_reading(r)
        if best is None or (basic, basic + bonus) > (best[0], best[0] + best[1]):
            best = (basic, bonus, lines, r)
    if best is None:
        hand = sorted(ctx.concealed)
        why = (NOT_A_SHAPE_MELDS(tiles=hand, melds=[[m.tile] * m.size for m in ctx.melds])
               if ctx.melds else NOT_A_SHAPE(tiles=hand))
        return WinResult(False, 0, 0, rules.ante, 0, (), reason=why)
    basic, bonus, lines, r = best
    if basic < MIN_BASIC:
        return WinResult(False, basic, bonus, rules.ante, 0, lines, r.groups(),
                         reason=CHICKEN(basic=describe_basic(lines, basic, only_first=True),
                                        need=MIN_BASIC))
    total = rules.ante + basic + bonus
    if rules.score_cap is not None:
        total = min(total, rules.score_cap)
    return WinResult(True, basic, bonus, rules.ante, total, lines, r.groups())
