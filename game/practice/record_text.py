"""A game record for people: one English line per event, a record as a transcript.

The lines are the event lines of the replay viewer (`game.practice.event_words`) in English with
tiles in notation, for ``korean-mahjong replay --text`` and logs.

>>> from game.engine.events import Discarded, Drew
>>> describe_event(Discarded(seat=1, tile=52, uper=True))
'S discards 5p, declaring uper'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.events import Event, SessionEnded, SessionStarted
from game.engine.tiles import format_tiles, kind_of_tile, seat_name
from game.practice.event_words import event_message
from game.records.reader import Record

__all__ = ["describe_event", "transcript"]


def _tiles(ids: Iterable[int] | None) -> str:
    if ids is None:
        return "?"
    return format_tiles(sorted(kind_of_tile(t) for t in ids if t >= 0)) or "-"


def describe_event(e: Event, players: Sequence[str] | None = None) -> str:
    """One line for people, in English with tiles in notation (`event_message` in words).

    >>> from game.engine.events import Discarded, Drew
    >>> describe_event(Discarded(seat=1, tile=52, uper=True))
    'S discards 5p, declaring uper'
    >>> describe_event(Drew(seat=0, tile=100, position=3, replacement=True))
    'E draws 1f (replacement)'
    """
    return str(event_message(e, players))


def transcript(record: Record, *, actions: bool = False) -> list[str]:
    """The record for people, hand by hand and event by event (plain lines, no printing)."""
    out: list[str] = []
    h = record.header or {}
    players = record.players
    out.append(f"record {record.path.name}: created {h.get('created', '?')}, seed "
               f"{h.get('seed')}, players {', '.join(players)}")
    for _, e in record.session_events:
        if isinstance(e, SessionStarted):
            out.append(describe_event(e, players))
    for hand in record.hands:
        items: list[tuple[int, str]] = [(no, "  " + describe_event(e, players))
                                        for no, e in hand.events]
        if actions:
            items += [(no, f"    ({seat_name(s)} chooses {a!r})") for no, s, a in hand.actions]
        items.sort(key=lambda x: x[0])
        for i, (_, text) in enumerate(items):
            out.append(text.strip() if i == 0 else text)
    for _, e in record.session_events:
        if isinstance(e, SessionEnded):
            out.append(describe_event(e, players))
    if record.error:
        out.append(f"(stopped: {record.error})")
    return out
