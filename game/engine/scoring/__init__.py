"""Scoring: the yak registry, the 2-basic-point minimum, payments, uper legality, sacred discard.

Public entry points (the table, the AI, the UI and the command line use only these):

* ``evaluate_win(ctx: WinContext, rules: RuleSet) -> WinResult``
* ``payments(result, ctx, rules) -> dict[int, int]`` (signed, sums to zero)
* ``liable_seat(ctx, result=None, rules=None) -> int | None`` (big three dragons / big four winds)
* ``uper_verdict(...)``, ``ready_waits(...)`` and ``sacred_status(...)``

>>> from game.engine.rules import RuleSet
>>> from game.engine.tiles import parse_tiles, parse_tile
>>> ctx = WinContext(concealed=tuple(parse_tiles("234m456m345p22p678p")), win_tile=parse_tile("8p"),
...                  self_draw=False, discarder=3)
>>> res = evaluate_win(ctx, RuleSet())
>>> res.valid, res.basic, res.bonus, res.total, [y.key for y in res.yak if y.kind == "basic"]
(True, 3, 1, 14, ['concealed', 'all_sequences', 'all_simples'])
>>> payments(res, ctx, RuleSet())
{0: 28, 1: 0, 2: 0, 3: -28}

Project choices [C] made here (the sources are silent; docs/rules.md §11):

* an invalid win (chicken hand or no winning shape) has ``total`` 0 and pays nothing; its
  ``basic``, ``bonus`` and ``yak`` still show what the hand had;
* waits by shape leave out a kind whose four copies are all the player's own (kongs included);
* liability: the feeder pays 3 x Final whether the win was a self-draw, on his discard, or on
  someone else's discard after the last set was melded from him;
* sacred discard: SD2 and SD3 hold before and after uper (see `sacred`); yak details in `yak`.
"""

from .context import WinContext, WinResult, YakScore
from .evaluate import MIN_BASIC, check_context, describe_basic, evaluate_win
from .payments import LIABILITY_MULTIPLIER, liable_seat, payments
from .sacred import SacredReason, SacredStatus, sacred_status, stem_words
from .uper import UperVerdict, WaitValue, is_ready, ready_waits, shape_waits_of, uper_verdict
from .yak import ALL_YAK, BASIC_YAK, BONUS_YAK, YAK, Yak, yak_names

__all__ = [
    "ALL_YAK",
    "BASIC_YAK",
    "BONUS_YAK",
    "LIABILITY_MULTIPLIER",
    "MIN_BASIC",
    "YAK",
    "SacredReason",
    "SacredStatus",
    "UperVerdict",
    "WaitValue",
    "WinContext",
    "WinResult",
    "Yak",
    "YakScore",
    "check_context",
    "describe_basic",
    "evaluate_win",
    "is_ready",
    "liable_seat",
    "payments",
    "ready_waits",
    "sacred_status",
    "shape_waits_of",
    "stem_words",
    "uper_verdict",
    "yak_names",
]
