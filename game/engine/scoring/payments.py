"""Who pays what for a win (docs/rules.md §8.5); liability for big three dragons / big four winds
(docs/rules.md §7).

>>> from game.engine.tiles import parse_tiles, parse_tile
>>> from game.engine.rules import RuleSet
>>> ctx = WinContext(concealed=tuple(parse_tiles("234m456m345p22p678p")), win_tile=parse_tile("8p"),
...                  uper=True)
>>> rules = RuleSet()
>>> payments(evaluate_win(ctx, rules), ctx, rules)
{0: 45, 1: -15, 2: -15, 3: -15}
"""

from __future__ import annotations

from ..errors import ImpossibleHandError
from ..melds import Meld
from ..messages import define
from ..rules import RuleSet
from ..tiles import DRAGONS, WINDS
from .context import WinContext, WinResult
from .evaluate import evaluate_win  # noqa: F401  (used by the doctest)

__all__ = ["LIABILITY_MULTIPLIER", "liable_seat", "payments"]

#: The feeder pays what all three losers would have paid.
LIABILITY_MULTIPLIER = 3

NO_DISCARDER = define("score.no_discarder", "a win by discard needs the discarder's seat")

_LIMITS = (("big_three_dragons", DRAGONS), ("big_four_winds", WINDS))


def _liable_for(ctx: WinContext, group: tuple[int, ...]) -> int | None:
    n = len(group)  # 3 dragons or 4 winds
    open_sets: list[Meld] = [m for m in ctx.melds if m.tile in group and m.is_open]
    if len(open_sets) == n - 1:
        # the last set was completed by the winning discard (the win tile makes the pung)
        if (not ctx.self_draw and ctx.discarder is not None and ctx.win_tile in group
                and ctx.concealed.count(ctx.win_tile) == 3
                and all(m.tile != ctx.win_tile for m in ctx.melds)):
            return ctx.discarder
        return None
    if len(open_sets) == n:
        return open_sets[-1].from_seat  # melded the last set from that player's discard
    return None


def liable_seat(ctx: WinContext, result: WinResult | None = None,
                rules: RuleSet | None = None) -> int | None:
    """The seat that alone pays 3 x Final for big three dragons / big four winds, if any.

    Liability needs the limit hand in the result (when `result` is given, else the melds alone
    decide) and two melded dragon sets (three melded wind sets) before the last one was fed by
    that seat: won on its discard, or melded from its discard. With the house rule
    `liability_self_draw` "shared" (`rules`), a self-draw has no liable seat: the chapters speak
    of wins on a discard only.
    """
    if ctx.self_draw and rules is not None and rules.liability_self_draw == "shared":
        return None
    for key, group in _LIMITS:
        if result is not None and not any(y.key == key for y in result.yak):
            continue
        seat = _liable_for(ctx, group)
        if seat is not None and seat != ctx.seat:
            return seat
    return None


def payments(result: WinResult, ctx: WinContext, rules: RuleSet) -> dict[int, int]:
    """Signed points per seat 0-3, summing to zero. An invalid result pays nothing.

    Self-draw: each other seat pays Final. Discard win: the discarder pays
    ``rules.discard_multiplier`` x Final. Liability: the feeder alone pays 3 x Final.
    A doubled hand (after a triple-win draw) doubles every payment.
    """
    out = dict.fromkeys(range(4), 0)
    if not result.valid:
        return out
    final = result.total * (2 if ctx.doubled else 1)
    liable = liable_seat(ctx, result, rules)
    if liable is not None:
        out[liable] -= LIABILITY_MULTIPLIER * final
    elif ctx.self_draw:
        for s in range(4):
            if s != ctx.seat:
                out[s] -= final
    else:
        if ctx.discarder is None:
            raise ImpossibleHandError(NO_DISCARDER())
        out[ctx.discarder] -= rules.discard_multiplier * final
    out[ctx.seat] = -sum(v for s, v in out.items() if s != ctx.seat)
    return out
