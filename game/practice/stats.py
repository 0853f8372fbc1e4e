"""Statistics from the game records: plain numbers and series for the statistics screen.

Hands played, win %, deal-in %, uper rate, win % after uper, average points per hand and per
win, the most frequent yak, and the running score over the last sessions (for a chart). The
player is the record's ``human`` (else player 1); only finished hands count, so a truncated
record adds what it holds.

>>> Stats.empty().hands, Stats.empty().win_rate
(0, 0.0)
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game.engine.events import Discarded
from game.engine.kinds import WinHow
from game.engine.scoring import yak_names
from game.records import Record, list_records, load_record

__all__ = ["SeriesPoint", "Stats", "statistics"]


@dataclass(frozen=True)
class SeriesPoint:
    """One point of the running-score chart: after `hand` of session `session` (0-based
    session order, oldest first), the running total over the sessions shown."""

    session: int
    record: str
    created: _dt.datetime | None
    hand: int
    hand_points: int
    total: int


@dataclass(frozen=True)
class Stats:
    """The statistics screen's numbers."""

    sessions: int
    hands: int
    wins: int
    deal_ins: int
    upers: int
    wins_after_uper: int
    points: int
    points_in_wins: int
    yak: dict[str, int] = field(default_factory=dict)  # basic yak key -> wins with it
    series: tuple[SeriesPoint, ...] = ()
    session_totals: tuple[tuple[str, int], ...] = ()  # (record name, points), oldest first

    @classmethod
    def empty(cls) -> Stats:
        return cls(0, 0, 0, 0, 0, 0, 0, 0)

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0

    @property
    def uper_rate(self) -> float:
        return self.upers / self.hands if self.hands else 0.0

    @property
    def win_rate_after_uper(self) -> float:
        return self.wins_after_uper / self.upers if self.upers else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def points_per_win(self) -> float:
        return self.points_in_wins / self.wins if self.wins else 0.0

    @property
    def top_yak(self) -> tuple[str, str, int] | None:
        """(key, English name, count) of the most frequent basic yak in the player's wins."""
        if not self.yak:
            return None
        key, n = max(self.yak.items(), key=lambda kv: (kv[1], kv[0]))
        try:
            name = yak_names(key)[1]
        except KeyError:
            name = key
        return key, name, n


def _player(rec: Record, player: int | str | None) -> int:
    if isinstance(player, int):
        return player
    if isinstance(player, str) and player in rec.players:
        return rec.players.index(player)
    h = rec.human
    return h if h is not None else 0


def statistics(records: Iterable[Record | str | Path] | None = None, *,
               directory: str | Path | None = None, player: int | str | None = None,
               last_sessions: int | None = 20) -> Stats:
    """Statistics of one player over the records (default: every record in the records
    directory), the chart over the `last_sessions` newest sessions."""
    if records is None:
        recs = [load_record(s.path) for s in list_records(directory)]
    else:
        recs = [r if isinstance(r, Record) else load_record(r) for r in records]

    def created(r: Record) -> _dt.datetime:
        text = (r.header or {}).get("created")
        try:
            d = _dt.datetime.fromisoformat(text) if isinstance(text, str) else None
        except ValueError:
            d = None
        if d is None:
            return _dt.datetime.fromtimestamp(0, _dt.UTC)
        return d if d.tzinfo else d.replace(tzinfo=_dt.UTC)

    recs = [r for r in recs if r.header is not None]
    recs.sort(key=lambda r: (created(r), str(r.path)))
    hands = wins = deal_ins = upers = wins_after = points = points_in_wins = 0
    yak: Counter[str] = Counter()
    per_session: list[tuple[Record, list[int]]] = []
    for rec in recs:
        p = _player(rec, player)
        pts_list: list[int] = []
        for h in rec.finished_hands:
            end = h.end
            assert end is not None
            by_seat = h.player_at_seat()
            if p not in by_seat:
                continue
            s = by_seat.index(p)
            hands += 1
            pay = end.payments[s]
            points += pay
            pts_list.append(pay)
            declared = any(isinstance(e, Discarded) and e.seat == s and e.uper
                           for _, e in h.events)
            upers += declared
            won = False
            for w in end.winners:
                if w.seat == s:
                    won = True
                    for y in w.result.yak:
                        if y.kind == "basic":
                            yak[y.key] += 1
                elif w.from_seat == s and w.how != WinHow.SELF_DRAW:
                    deal_ins += 1
            if won:
                wins += 1
                points_in_wins += pay
                wins_after += declared
        per_session.append((rec, pts_list))
    shown = per_session[-last_sessions:] if last_sessions else per_session
    series = []
    total = 0
    for i, (rec, pts) in enumerate(shown):
        for n, x in enumerate(pts, 1):
            total += x
            series.append(SeriesPoint(i, rec.path.name, created(rec), n, x, total))
    totals = tuple((rec.path.name, sum(pts)) for rec, pts in shown)
    return Stats(len(recs), hands, wins, deal_ins, upers, wins_after, points, points_in_wins,
                 dict(yak), tuple(series), totals)
