"""The danger assist: how likely each tile of the player's hand deals in to a player who declared
uper, which tiles are exactly safe and why, and the player's own waits with how many are left
(issue 32). Pure: the table draws it (`game.ui.table.danger_overlay`), this module decides it.

Everything comes from the player's own view: his `Observation` and the public discards (`after_
uper_kinds` reads the order of the discards from the events, which every seat sees); never a
hidden tile. The chances are the computer players' own danger model (`ai.danger.read_opponents`,
calibrated against what really deals in), so the assist and the computer players never disagree.

Exactly safe against an uper player (docs/rules.md, section 5, "the defence rule"):

* a tile in his river (SD2: a wait of his in his own river blocks every discard win);
* a tile of the stem (1-4-7, 2-5-8, 3-6-9) of a suit tile in his river (SD3, SD4; with the house
  rule `stem_after_uper` "chosen_only" of the tiles up to his uper discard only);
* a tile anyone discarded after his uper on which he did not win (it is no wait of his, or he can
  win no discard at all now, SD5);
* an honour whose four copies are all in sight (he cannot hold one to wait on).

>>> from game.engine.tiles import parse_tile, parse_tiles
>>> from game.i18n import render
>>> why = safe_reasons(2, parse_tile("1p"), river=parse_tiles("4p9m"))
>>> print(render(why, "en"))
West discarded 4 circles: 1, 4 and 7 circles cannot win for West on a discard (stem pattern 1-4-7)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ai.danger import read_opponents, stem_sources, visible_counts
from game.engine.events import Discarded, Event, HandStarted
from game.engine.hand.shanten import waits as shape_waits
from game.engine.messages import INT, LIST, SEAT, STEM, TEXT, TILE, Message, define
from game.engine.observation import Observation, RiverTile
from game.engine.rules import RuleSet
from game.engine.tiles import is_flower_tile, is_suited, kind_of_tile, rank, stem, to_counts

__all__ = [
    "GENBUTSU",
    "GONE",
    "LEVELS",
    "PASSED",
    "RISK",
    "STEM_AFTER",
    "STEM_BEFORE",
    "STEM_UPER",
    "WAIT",
    "WAITS",
    "DangerView",
    "TileDanger",
    "Wait",
    "after_uper_kinds",
    "danger_view",
    "safe_reasons",
    "waits_of",
]

GENBUTSU = define("danger.genbutsu", "{seat} discarded {tile}: it cannot win for {seat} on a "
                  "discard", seat=SEAT, tile=TILE)
STEM_BEFORE = define(
    "danger.stem", "{seat} discarded {source}: {stem} cannot win for {seat} on a discard (stem "
    "pattern {pattern})", seat=SEAT, source=TILE, stem=STEM, pattern=TEXT)
STEM_UPER = define(
    "danger.stem_uper", "{seat} declared uper with {source}: {stem} cannot win for {seat} on a "
    "discard (stem pattern {pattern})", seat=SEAT, source=TILE, stem=STEM, pattern=TEXT)
STEM_AFTER = define(
    "danger.stem_after_uper", "{seat} discarded {source} after declaring uper: {stem} cannot win "
    "for {seat} on a discard (stem pattern {pattern})", seat=SEAT, source=TILE, stem=STEM,
    pattern=TEXT)
PASSED = define("danger.passed", "{tile} was discarded after {seat} declared uper and {seat} did "
                "not win on it: it is safe", seat=SEAT, tile=TILE)
GONE = define("danger.gone", "All four {tile} are in sight: {seat} cannot wait on it", seat=SEAT,
              tile=TILE)
RISK = define("danger.risk", "Not safe against {seat}: about {percent} in 100 to deal in",
              seat=SEAT, percent=INT)
WAIT = define("danger.wait", "{tile} ({n} left)", tile=TILE, n=INT)
WAITS = define("danger.waits", "Waiting on {waits}", waits=LIST)

#: the shades, safest first, and the chance of dealing in from which each starts
LEVELS: tuple[tuple[str, float], ...] = (("safe", 0.0), ("low", 0.0), ("medium", 0.06),
                                         ("high", 0.15))


@dataclass(frozen=True)
class TileDanger:
    """One kind of the player's hand against every player who declared uper: `safe` when it is
    exactly safe against all of them, `deal_in` the highest chance that discarding it deals in
    to one of them, `level` its shade (`LEVELS`), `why` one sentence per uper player."""

    kind: int
    safe: bool
    deal_in: float
    level: str
    why: tuple[Message, ...]


@dataclass(frozen=True)
class Wait:
    kind: int
    left: int  # copies the player cannot see (not in his hand, a meld or a river)


@dataclass(frozen=True)
class DangerView:
    """What the assist shows now: `against` the seats that declared uper (empty: no shading),
    `tiles` by kind of the player's hand, `waits` the player's own waits (empty: not ready)."""

    against: tuple[int, ...]
    tiles: dict[int, TileDanger]
    waits: tuple[Wait, ...]

    def waits_message(self) -> Message | None:
        """"Waiting on 3 circles (2 left), 6 circles (4 left)", or None when not ready."""
        if not self.waits:
            return None
        return WAITS(waits=tuple(WAIT(tile=w.kind, n=w.left) for w in self.waits))


def after_uper_kinds(events: Iterable[Event]) -> list[set[int]]:
    """For each seat, the kinds discarded (by anyone) after its uper discard in the hand the
    events belong to: public events only (discards), so any seat's view gives the same.

    >>> from game.engine.tiles import parse_tile as t
    >>> ev = [Discarded(seat=2, tile=t("4p") * 4, uper=True), Discarded(seat=3, tile=t("9m") * 4)]
    >>> [sorted(s) for s in after_uper_kinds(ev)]
    [[], [], [8], []]
    """
    out: list[set[int]] = [set(), set(), set(), set()]
    uper = [False] * 4
    for e in events:
        if isinstance(e, HandStarted):
            out = [set(), set(), set(), set()]
            uper = [False] * 4
        elif isinstance(e, Discarded) and e.tile is not None and not is_flower_tile(e.tile):
            k = kind_of_tile(e.tile)
            for o in range(4):
                if uper[o] and o != e.seat:
                    out[o].add(k)
            if e.uper:
                uper[e.seat] = True
    return out


def _pattern(kind: int) -> str:
    return "-".join(str(rank(x)) for x in stem(kind))


def safe_reasons(seat: int, kind: int, *, river: Sequence[int], uper_at: int | None = None,
                 stems_of: Sequence[int] | None = None, after_uper: Iterable[int] = (),
                 unseen: int | None = None) -> Message | None:
    """Why `kind` is exactly safe against `seat` (who declared uper; `river` his discards in
    order, `uper_at` where his uper discard lies in it, `stems_of` the discards whose stems are
    closed when not all), or None when it is not. The river tile itself first, then a stem (the
    earliest discard that closes it), then a tile that passed him after uper, then an honour all
    in sight."""
    if kind in river:
        return GENBUTSU(seat=seat, tile=kind)
    if is_suited(kind):
        sources = list(river) if stems_of is None else list(stems_of)
        for i, k in enumerate(sources):
            if is_suited(k) and kind in stem(k):
                kind_of = (STEM_BEFORE if uper_at is None or i < uper_at
                           else STEM_UPER if i == uper_at else STEM_AFTER)
                return kind_of(
                    seat=seat, source=k, stem=k, pattern=_pattern(k))
    if kind in set(after_uper):
        return PASSED(seat=seat, tile=kind)
    if not is_suited(kind) and unseen is not None and unseen <= 0:
        return GONE(seat=seat, tile=kind)
    return None


def _level(deal_in: float, safe: bool) -> str:
    if safe:
        return "safe"
    name = LEVELS[1][0]
    for n, start in LEVELS[1:]:
        if deal_in >= start:
            name = n
    return name


def waits_of(obs: Observation, discard: int | None = None) -> tuple[Wait, ...]:
    """The player's waits by shape with how many of each he cannot see: of his hand as it is
    (13 tiles), or after discarding `discard` (14 tiles). Empty when that hand is not ready."""
    hand = list(obs.concealed)
    if discard is not None:
        if discard not in hand:
            return ()
        hand.remove(discard)
    if len(hand) % 3 != 1:
        return ()
    seen = visible_counts(obs)  # a discarded tile lies in the river: seen all the same
    return tuple(Wait(k, max(0, 4 - seen[k])) for k in shape_waits(to_counts(hand)))


def _uper_index(river: Sequence[RiverTile]) -> int | None:
    for i, r in enumerate(river):
        if r.uper:
            return i
    return None


def danger_view(obs: Observation, after_uper: Sequence[Iterable[int]] | None = None, *,
                rules: RuleSet | None = None, discard: int | None = None) -> DangerView:
    """The assist's picture of `obs` (the player's own view): each kind of his hand shaded
    against every player who declared uper, and his waits (after `discard` on his turn).
    `after_uper[o]`: kinds discarded since o's uper (`after_uper_kinds`; None: not known, that
    reason is then not used)."""
    against = tuple(o for o in range(4) if o != obs.seat and obs.uper[o])
    tiles: dict[int, TileDanger] = {}
    if against:
        reads = {r.seat: r for r in read_opponents(obs, None, after_uper, rules=rules)}
        unseen = [4 - v for v in visible_counts(obs)]
        for k in sorted(set(obs.concealed)):
            why: list[Message] = []
            safe_all = True
            worst = 0.0
            for o in against:
                river = [r.tile for r in obs.rivers[o]]
                stems = stem_sources(obs.rivers[o], rules)
                reason = safe_reasons(o, k, river=river, uper_at=_uper_index(obs.rivers[o]),
                                      stems_of=stems,
                                      after_uper=after_uper[o] if after_uper else (),
                                      unseen=unseen[k])
                if reason is None:
                    safe_all = False
                    p = reads[o].deal_in[k]
                    worst = max(worst, p)
                    why.append(RISK(seat=o, percent=max(1, round(100 * p))))
                else:
                    why.append(reason)
            tiles[k] = TileDanger(k, safe_all, 0.0 if safe_all else worst,
                                  _level(worst, safe_all), tuple(why))
    return DangerView(against, tiles, waits_of(obs, discard))

