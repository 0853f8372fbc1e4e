"""Scoring: the yak registry, the 2-basic-point minimum, payments, uper legality, sacred discard.

Public entry points (the table, the AI, the UI and the command line use only these):

* ``evaluate_win(ctx: WinContext, rules: RuleSet) -> WinResult``
* ``payments(result, ctx, rules) -> dict[int, int]`` (signed, sums to zero)
* ``liable_seat(ctx) -> int | None`` (big three dragons / big four winds)
* ``uper_verdict(...)`` and ``sacred_status(...)``
"""

from .context import WinContext, WinResult, YakScore

__all__ = ["WinContext", "WinResult", "YakScore"]
