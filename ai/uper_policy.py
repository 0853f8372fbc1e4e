"""Uper (엎어, the ready declaration) timing: declare only when legal and worth it.

Uper adds 1 bonus point but freezes the hand (no better wait, no folding, no pung) and tells
everyone the hand is ready, so fewer wait tiles are discarded. The stem lock of the uper
discard (SD4) needs no extra term here: the same discard already blocks its stem by SD3, and the
discard choice accounts for that. `uper_gain` compares, in points per hand,

* declaring: the +1 on every win (x3 on a self-draw, x2 on a discard) with the discard-win
  chance cut by the opponents' defence (``defence_cut``),
* against staying silent, minus the cost of a frozen hand while opponents threaten.

>>> g = uper_gain(live=8, unseen_total=60, wall_left=40, discard_ok=True, final=14, threat=0.0)
>>> g > 0
True
>>> uper_gain(live=0, unseen_total=60, wall_left=40, discard_ok=True, final=14, threat=0.0) <= 0
True
"""

from __future__ import annotations


def win_chances(live: int, unseen_total: int, wall_left: int, discard_ok: bool,
                discard_rate: float = 1.2) -> tuple[float, float]:
    """(self-draw, discard-win) chances of a ready hand with `live` unseen wait tiles.

    >>> s, d = win_chances(8, 60, 40, True)
    >>> 0 < s < 1 and 0 < d < 1
    True
    """
    if live <= 0 or wall_left <= 0:
        return 0.0, 0.0
    turns = wall_left / 4.0
    r = min(0.9, live / max(1, unseen_total))
    rd = min(0.9, r * discard_rate) if discard_ok else 0.0
    miss = (1 - r) * (1 - rd)
    p_any = 1 - miss ** turns
    share = r / (r + rd) if r + rd > 0 else 0.0
    return p_any * share, p_any * (1 - share)


def uper_gain(*, live: int, unseen_total: int, wall_left: int, discard_ok: bool, final: float,
              threat: float, defence_cut: float = 0.15, frozen_weight: float = 0.5) -> float:
    """Expected points of declaring uper now minus staying silent (positive: declare).

    `threat` is the sum over opponents of (probability ready x points lost on a deal-in); a
    frozen hand cannot fold, so part of it is the price.
    """
    ps, pd = win_chances(live, unseen_total, wall_left, discard_ok)
    if ps + pd <= 0:
        return -threat * frozen_weight
    ps_u, pd_u = win_chances(live, unseen_total, wall_left, discard_ok,
                             discard_rate=1.2 * (1 - defence_cut))
    declare = 3 * ps_u * (final + 1) + 2 * pd_u * (final + 1)
    silent = 3 * ps * final + 2 * pd * final
    turns = wall_left / 4.0
    frozen = threat * frozen_weight * min(1.0, turns / 6.0) * 0.3
    return declare - silent - frozen
