"""Uper (엎어, the ready declaration) timing: declare only when legal and worth it.

Uper adds 1 bonus point but freezes the hand (no better wait, no folding, no pung), locks the
stem group of the uper discard against discard wins (docs/rules.md SD4) and tells everyone the hand
is ready: the AI seats then defend exactly (every tile of his river's stems is safe), so far
fewer wait tiles are discarded. `uper_gain(features)` compares, in points per hand,

* declaring: the +1 on every win (x3 on a self-draw, x2 on a discard), with the discard-win
  chance cut to `keep` of the silent one (opponents defend; `keep_uper` when an opponent has
  declared uper already and the table is defending anyway) and the stem lock applied,
* against staying silent, with the discard wins the silent discard allows (waits blocked by a
  sacred discard, SD2/SD3, win only by self-draw: then uper costs no discard wins at all),
* minus the price of a frozen hand: a share of the opponents' threat (it cannot fold: one
  share for uper players, one for the silent players' readiness as `ai.danger` rates it) and the
  chance a free hand finds a better wait (`flex` per turn left, over the live tiles).

How much the opponents defend is read, not assumed (issue 16): `TableDefence` keeps, per
player of the session, how often his discards after another player's uper were exactly safe
against it beyond what chance gives, and `UperParams.against` moves `keep` and `keep_uper`
toward 1.0 at a table that defends less than the fitted one (``tools/uper_calibration.py
defence`` measures each kind of table; ``tests/ai/test_ai_uper_defence.py``). With no
evidence the parameters are the fitted ones.

`uper_decision` declares above `margin`; `uper_words` says why, as a message. The parameters were fitted by
``python tools/uper_calibration.py fit`` against playouts by ``ai:standard`` opponents (held
out: the even seeds fitted, the odd ones measured); how well the decision agrees with the
playouts' clear verdicts, before and after, is in docs/benchmarks.md ("The uper timing
against playouts").

>>> up = UperFeatures.simple(live=9, wall_left=40)  # a wide wait early: declare
>>> uper_decision(up), uper_decision(UperFeatures.simple(live=4, wall_left=40))
(True, False)
>>> uper_decision(UperFeatures.simple(live=4, wall_left=40, discard=False))  # sacred: free +1
True
>>> uper_decision(UperFeatures.simple(live=0, wall_left=40))
False
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from game.engine.messages import FLOAT, INT, Message, define

NEVER = define("ai.uper.never", "never declared")
ALWAYS = define("ai.uper.always", "always declared when legal")
LIVE = define("ai.uper.live", "{live} live wait tiles, {left} left", live=INT, left=INT)
GAIN = define("ai.uper.gain", "gain {gain:+.2f} with {live} live wait tiles ({by_discard} winnable "
              "by discard), {left} left", gain=FLOAT, live=INT, by_discard=INT, left=INT)


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


@dataclass(frozen=True)
class UperFeatures:
    """What the uper decision sees at a ready discard (built by `HeuristicSeat.uper_features`).

    Per wait (same order): `waits` kinds, `live_by_wait` unseen copies, `self_basic` and
    `discard_basic` basic points, `discard_ok` whether a discard win is allowed after the
    silent discard (valid and not sacred). `live_self` / `live_discard`: live tiles that win by
    self-draw / by discard silently; `stem_blocked`: live discard-win tiles the uper discard's
    stem lock (docs/rules.md SD4) would block on top of that. `threat`: the opponents' summed
    P(ready) x loss; `threat_certain`: the same over uper players; `final`: points of a win
    (the average wait) before the uper bonus."""

    waits: tuple[int, ...]
    live_by_wait: tuple[int, ...]
    self_basic: tuple[int, ...]
    discard_basic: tuple[int, ...]
    discard_ok: tuple[bool, ...]
    live: int
    live_self: int
    live_discard: int
    stem_blocked: int
    unseen_total: int
    wall_left: int
    turn: int
    final: float
    threat: float
    threat_certain: float
    opp_upers: int
    opp_melds: int
    ante: int = 10  # the table's rules (`RuleSet.ante`, `RuleSet.discard_multiplier`)
    discard_multiplier: int = 2

    @classmethod
    def simple(cls, live: int, wall_left: int, *, discard: bool = True, basic: int = 2,
               threat: float = 0.0, opp_upers: int = 0, unseen_total: int = 70,
               ante: int = 10, discard_multiplier: int = 2) -> UperFeatures:
        """One wait with `live` unseen copies worth `basic` each way (for examples and tests);
        `discard`: whether it may be won on a discard when silent; `ante` and
        `discard_multiplier`: the table's rules."""
        return cls(waits=(0,), live_by_wait=(live,), self_basic=(basic,),
                   discard_basic=(basic,), discard_ok=(discard,), live=live, live_self=live,
                   live_discard=live if discard else 0, stem_blocked=0,
                   unseen_total=unseen_total, wall_left=wall_left, turn=0,
                   final=ante + 1 + basic, threat=threat, threat_certain=0.0,
                   opp_upers=opp_upers, opp_melds=0, ante=ante,
                   discard_multiplier=discard_multiplier)

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> UperFeatures:
        names = {f.name for f in fields(cls)}
        kw: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v)
                              for k, v in d.items() if k in names}
        return cls(**kw)


@dataclass(frozen=True)
class UperParams:
    """The uper model's parameters; the defaults are the ones fitted with
    ``tools/uper_calibration.py fit`` (see the module)."""

    discard_rate: float = 1.6  # discard-win chance per turn relative to a self-draw, silent
    keep: float = 0.5  # share of the discard-win chance left once opponents know (they defend)
    keep_uper: float = 0.8  # the same when an opponent has declared uper already
    frozen_weight: float = 0.03  # share of the uper players' threat a frozen hand pays
    # share of the silent players' threat (`ai.danger`'s calibrated P(ready) x loss) a frozen
    # hand pays: 0.03 x 2.1, the model having been fitted when the danger model rated silent
    # players 2.1 times as threatening as the calibrated one does (30,000 decisions of
    # ai:expert self-play)
    frozen_weight_silent: float = 0.063
    flex: float = 0.5  # value of a free hand per turn left, over the live tiles (a better wait)
    margin: float = -0.5  # declare above this gain
    # the table the parameters were fitted against (`ai:standard` opponents) defends this much
    # (`TableDefence`, measured by ``tools/uper_calibration.py defence``); `keep` and
    # `keep_uper` hold against such a table and move toward 1.0 as a table defends less
    table_defence: float = 0.8
    defence_prior: float = 8.0  # weight of that prior, in discards' worth of evidence

    def against(self, defence: float) -> UperParams:
        """These parameters at a table that defends `defence` (`TableDefence.defence`):
        `keep` and `keep_uper` scaled toward 1.0 by the share of the fitted table's defence
        that is missing; a table that defends as much or more keeps them as fitted.

        >>> FITTED.against(FITTED.table_defence) == FITTED
        True
        >>> FITTED.against(0.0).keep, FITTED.against(0.0).keep_uper
        (1.0, 1.0)
        """
        ratio = min(1.0, max(0.0, defence / self.table_defence)) if self.table_defence > 0 else 1.0
        if ratio >= 1.0:
            return self
        return replace(self, keep=1.0 - (1.0 - self.keep) * ratio,
                       keep_uper=1.0 - (1.0 - self.keep_uper) * ratio)


#: the parameters fitted by ``tools/uper_calibration.py fit`` (see the module)
FITTED = UperParams()


@dataclass
class DefenceCount:
    """One player's discards while someone else had declared uper (he had not): how many,
    how many were exactly safe against every uper player, and how many would have been safe
    by chance (the summed share of the unseen tiles that were safe at each discard)."""

    discards: int = 0
    safe: int = 0
    chance: float = 0.0


@dataclass
class TableDefence:
    """How the players of a session defend against uper, read from what one seat sees: after
    an uper, does a player throw the tiles that are exactly safe against it more often than a
    tile of his hand would be safe by chance? Kept per player (``HandStarted.players``) for
    the whole session, this hand included; `EventTracker` records every discard.

    `defence(player)` is the share of his discards beyond chance that were safe,
    ``(safe - chance) / (discards - chance)``, drawn toward the fitted table's
    `UperParams.table_defence` with `UperParams.defence_prior` discards' worth of weight, so
    with no evidence the uper decision is the fitted one.

    >>> t = TableDefence()
    >>> t.defence(1) == FITTED.table_defence
    True
    >>> for _ in range(20):
    ...     t.record(1, safe=False, chance=0.3)  # throws whatever he likes
    >>> t.defence(1) < 0.3 and t.params([1, 2, 3]).keep > FITTED.keep
    True
    """

    players: dict[int, DefenceCount] = field(default_factory=dict)

    def copy(self) -> TableDefence:
        """A copy sharing no count with this one (a seat copied with what it has seen)."""
        return TableDefence({p: DefenceCount(c.discards, c.safe, c.chance)
                             for p, c in self.players.items()})

    def record(self, player: int, safe: bool, chance: float) -> None:
        c = self.players.setdefault(player, DefenceCount())
        c.discards += 1
        c.safe += int(safe)
        c.chance += chance

    def defence(self, player: int, p: UperParams = FITTED) -> float:
        """How much `player` defends: 0 = no more safe tiles than chance, 1 = only safe ones."""
        c = self.players.get(player)
        if c is None:
            return p.table_defence
        room = max(0.0, c.discards - c.chance)
        d = (c.safe - c.chance + p.defence_prior * p.table_defence) / (room + p.defence_prior)
        return min(1.0, max(0.0, d))

    def params(self, opponents: Iterable[int], p: UperParams = FITTED) -> UperParams:
        """`p` at this table: `keep` and `keep_uper` averaged over the `opponents` (each feeds
        a third of the discard wins), each with `UperParams.against` his defence."""
        each = [p.against(self.defence(o, p)) for o in opponents]
        if not each or all(e is p for e in each):
            return p
        return replace(p, keep=sum(e.keep for e in each) / len(each),
                       keep_uper=sum(e.keep_uper for e in each) / len(each))


def _chances(live_self: int, live_discard: int, unseen_total: int, wall_left: int,
             discard_rate: float) -> tuple[float, float]:
    """(self-draw, discard-win) chances with separate live counts for each way."""
    if wall_left <= 0 or live_self + live_discard <= 0:
        return 0.0, 0.0
    turns = wall_left / 4.0
    n = max(1, unseen_total)
    rs = min(0.9, live_self / n)
    rd = min(0.9, discard_rate * max(0, live_discard) / n)
    p_any = 1 - ((1 - rs) * (1 - rd)) ** turns
    share = rs / (rs + rd) if rs + rd > 0 else 0.0
    return p_any * share, p_any * (1 - share)


def uper_gain(f: UperFeatures, p: UperParams = FITTED) -> float:
    """Expected points of declaring uper minus staying silent at features `f`."""
    if f.live <= 0:
        return -1.0
    base = f.ante + 1  # ante + about one bonus point, as `final`
    flowers = f.final - base - max(f.discard_basic, default=2)
    ls = sum(u for u, b in zip(f.live_by_wait, f.self_basic) if b >= 2)
    ld = sum(u for u, o in zip(f.live_by_wait, f.discard_ok) if o)
    fs = base + flowers + (sum(u * b for u, b in zip(f.live_by_wait, f.self_basic) if b >= 2)
                           / ls if ls else 2)
    fd = base + flowers + (sum(u * b for u, b, o in zip(f.live_by_wait, f.discard_basic,
                                                        f.discard_ok) if o) / ld if ld else 2)
    ps, pd = _chances(ls, ld, f.unseen_total, f.wall_left, p.discard_rate)
    ps_u, pd_u = _chances(ls, ld - f.stem_blocked, f.unseen_total, f.wall_left,
                          p.discard_rate * (p.keep_uper if f.opp_upers else p.keep))
    m = f.discard_multiplier
    silent = 3 * ps * fs + m * pd * fd
    declare = 3 * ps_u * (fs + 1) + m * pd_u * (fd + 1)
    turns = f.wall_left / 4.0
    frozen = (f.threat_certain * p.frozen_weight
              + (f.threat - f.threat_certain) * p.frozen_weight_silent)
    flex = p.flex * turns / max(1, f.live)
    return declare - silent - frozen - flex


def uper_decision(f: UperFeatures, p: UperParams = FITTED) -> bool:
    """Declare uper at features `f`?"""
    return f.live > 0 and uper_gain(f, p) > p.margin


def uper_words(f: UperFeatures, p: UperParams = FITTED) -> Message:
    """Why `uper_decision` decides as it does at `f`: the gain and the live tiles.

    >>> str(uper_words(UperFeatures.simple(live=9, wall_left=40)))
    'gain +1.95 with 9 live wait tiles (9 winnable by discard), 40 left'
    """
    return GAIN(gain=uper_gain(f, p), live=f.live, by_discard=f.live_discard, left=f.wall_left)
