"""One line per engine event for the replay viewer, in the player's language.

Every line is the event's message (`game.practice.event_words.event_message`, the same one the
command-line transcript prints) rendered in the player's language: seats by their wind, players
by their short names, yak by their names, and tiles as players name them, or in notation
(``notation=True``, the player's setting).

>>> from game.engine.events import Discarded, Drew
>>> event_line(Discarded(seat=1, tile=52, uper=True), lang="ko")
'남: 5통 버림, 엎어 선언'
>>> event_line(Drew(seat=0, tile=100, position=3, replacement=True), lang="en")
'East draws Spring flower (replacement)'
>>> event_line(Drew(seat=0, tile=100, position=3, replacement=True), lang="en", notation=True)
'E draws 1f (replacement)'
"""

from __future__ import annotations

from collections.abc import Sequence

from game import i18n
from game.engine.events import Event
from game.practice.event_words import event_message
from game.ui.i18n import has, tr

__all__ = ["event_line", "player_name"]


def player_name(name: str, lang: str) -> str:
    """A recorded player ("human", "ai:expert", "cmd:...") as the UI names it.

    >>> player_name("ai:expert", "ko"), player_name("human", "en"), player_name("P2", "ko")
    ('고수', 'Player', '2번')
    """
    if name == "human":
        return tr("replay.player", lang)
    if len(name) == 2 and name[0] == "P" and name[1].isdigit():
        return tr("event.player_n", lang, n=name[1])
    for key in (f"short.{name}", f"seat.{name}"):
        if has(key):
            return tr(key, lang)
    return name


def event_line(e: Event, players: Sequence[str] | None = None, *, lang: str = "en",
               notation: bool = False, seating: Sequence[int] | None = None) -> str:
    """The line the replay viewer shows for `e` (`players`: the record's player names), the
    same message the command-line transcript prints (`game.practice.event_words`). With
    `seating` (the player at each engine seat this hand) a seat is named as its plate names it,
    with its wind: "Jiho (West) discards 5 circles".

    >>> from game.engine.events import Discarded
    >>> event_line(Discarded(seat=2, tile=80), ["human", "ai:expert", "ai", "greedy"],
    ...            seating=(1, 2, 3, 0), lang="en")
    'Greedy (West) discards West wind'
    """
    names = [player_name(p, lang) for p in players] if players else None
    seats = None
    if names and seating is not None:
        seats = [names[p] if 0 <= p < len(names) else "" for p in seating]
    return i18n.render(event_message(e, names, seats), lang, notation=notation)
