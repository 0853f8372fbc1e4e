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
from ..messages import GROUPS, INT, MSG, TILES, YAKS, Message, define
from ..messages import YAK as A_YAK
from ..rules import RuleSet
from ..tiles import NUM_PLAYING_KINDS, format_tiles, seat_name, tile_str
from .context import WinContext, WinResult, YakScore
from .reading import Reading
from .yak import ALL_YAK, BASIC, YAK

__all__ = ["MIN_BASIC", "check_context", "describe_basic", "evaluate_win"]

#: A win needs at least this many basic points (bonus points never count).
MIN_BASIC = 2


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
            raise ImpossibleHandError(f"not a tile kind in the hand: {k!r}")
        if k >= NUM_PLAYING_KINDS:
            raise ImpossibleHandError(
                f"flower {_tile_name(k)} in the hand: flowers are put aside and counted "
                f"with flowers=N")
    if not isinstance(ctx.win_tile, int) or not 0 <= ctx.win_tile < NUM_PLAYING_KINDS:
        raise ImpossibleHandError(
            f"the winning tile must be a playing tile, got {_tile_name(ctx.win_tile)}")
    if ctx.win_tile not in ctx.concealed:
        raise ImpossibleHandError(
            f"the winning tile {tile_str(ctx.win_tile)} must be among the concealed tiles "
            f"{format_tiles(sorted(ctx.concealed))}")
    if len(ctx.melds) > 4:
        raise ImpossibleHandError(f"a hand has at most 4 melds, got {len(ctx.melds)}")
    need = 14 - 3 * len(ctx.melds)
    if len(ctx.concealed) != need:
        n = len(ctx.melds)
        melds = "no melds" if not n else f"{n} meld{'s' * (n > 1)}"
        raise ImpossibleHandError(
            f"a winning hand with {melds} has {need} concealed tiles including the winning tile, "
            f"got {len(ctx.concealed)} ({format_tiles(sorted(ctx.concealed))})")
    counts = [0] * NUM_PLAYING_KINDS
    for k in ctx.concealed:
        counts[k] += 1
    for m in ctx.melds:
        counts[m.tile] += m.size
    over = [k for k in range(NUM_PLAYING_KINDS) if counts[k] > 4]
    if over:
        k = over[0]
        raise ImpossibleHandError(
            f"{counts[k]} copies of {tile_str(k)} (hand and melds together); there are only 4")
    for name in ("seat", "discarder", "prevalent"):
        v = getattr(ctx, name)
        if v is None and name != "seat":
            continue
        if not isinstance(v, int) or not 0 <= v <= 3:
            raise ImpossibleHandError(f"{name} must be a seat 0-3 (E S W N), got {v!r}")
    if ctx.discarder is not None and ctx.discarder == ctx.seat:
        raise ImpossibleHandError(f"seat {seat_name(ctx.seat)} cannot win on his own discard")
    if not 0 <= ctx.flowers <= 4:
        raise ImpossibleHandError(f"there are 4 flowers, got flowers={ctx.flowers}")
    if ctx.self_draw and ctx.discarder is not None:
        raise ImpossibleHandError("a self-draw has no discarder")
    if ctx.robbing_kong and ctx.self_draw:
        raise ImpossibleHandError("robbing the kong is a win by discard, not a self-draw")
    if ctx.win_on_kong and not ctx.self_draw:
        raise ImpossibleHandError("a win on kong is a self-draw (the kong replacement tile)")
    if ctx.uper and not ctx.is_concealed:
        raise ImpossibleHandError("uper needs a concealed hand, but the hand has a claimed meld")


def _score_reading(r: Reading) -> tuple[int, int, tuple[YakScore, ...]]:
    rules = r.rules
    hits: dict[str, int] = {}
    for y in ALL_YAK:
        n = y.applies(r)
        if n and rules.points(y.key):
            hits[y.key] = n
    replaced = {k for key in hits for k in YAK[key].replaces}
    lines: list[YakScore] = []
    basic = bonus = 0
    for y in ALL_YAK:
        n = hits.get(y.key, 0)
        if not n or y.key in replaced:
            continue
        pts = rules.points(y.key) * n
        lines.append(YakScore(y.key, pts, y.kind, y.name_ko, y.name_en, n))
        if y.kind == BASIC:
            basic += pts
        else:
            bonus += pts
    return basic, bonus, tuple(lines)


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
