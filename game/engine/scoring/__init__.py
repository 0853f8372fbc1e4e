"""Scoring: the yak registry, the 2-basic-point minimum, payments, uper legality, sacred discard.

Public entry points (the table, the AI, the UI and the command line use only these):

* ``evaluate_win(ctx: WinContext, rules: RuleSet) -> WinResult``
* ``payments(result, ctx, rules) -> dict[int, int]`` (signed, sums to zero)
* ``liable_seat(ctx, result=None) -> int | None`` (big three dragons / big four winds)
* ``uper_verdict(...)``, ``ready_waits(...)`` and ``sacred_status(...)``
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
