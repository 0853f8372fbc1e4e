"""The engine's input errors as messages, for the player's language at the edge.

An error keeps what went wrong as data (`NotationError.code` and `.detail`); `message_of(error)`
makes the `Message` a player reads, or None for an error without one. (The kinds live here, not
in game/engine/errors.py, because the message machinery imports the modules that raise.)

>>> from game.engine.tiles import parse_tiles
>>> try:
...     parse_tiles("123s")
... except NotationError as e:
...     str(message_of(e)) == str(e)
True
"""

from __future__ import annotations

from .actions import ACTION_TYPES
from .errors import IllegalActionError, NotationError
from .messages import ACTION, INT, MSG, SEAT, TEXT, Message, define

__all__ = ["AS_TEXT", "message_of", "reason"]

BAD_NOTATION = define("notation.error", "bad tile notation {text}: {token} at position {position} "
                      "{why}", text=TEXT, token=TEXT, position=INT, why=MSG)
SUIT_NAMES = {"m": define("notation.suit.m", "characters"), "p": define("notation.suit.p", "circles"),
              "z": define("notation.suit.z", "honours"), "f": define("notation.suit.f", "flowers")}
WHY = {
    "not_a_string": define("notation.not_a_string", "is not a string"),
    "no_suit": define("notation.no_suit", "has no suit letter after its numbers"),
    "no_numbers": define("notation.no_numbers", "has no numbers before it"),
    "not_a_suit": define("notation.not_a_suit", "is not a suit (use m, p, z or f)"),
    "bamboo": define("notation.bamboo", "is not a suit (use m, p, z or f); this game has no "
                     "bamboo suit"),
    "not_a_letter": define("notation.not_a_letter", "is not a digit or a suit letter"),
}
NOT_A_TILE = define("notation.not_a_tile", "is not a tile ({suit} are {range})", suit=MSG,
                    range=TEXT)
NOT_ONE = define("notation.not_one", "is {n} tile, expected exactly one",
                 plural="is {n} tiles, expected exactly one", count="n", n=INT)


def _why(e: NotationError) -> Message | None:
    if e.code in WHY:
        return WHY[e.code]()
    if e.code == "not_a_tile" and e.detail.get("suit") in SUIT_NAMES:
        return NOT_A_TILE(suit=SUIT_NAMES[str(e.detail["suit"])](), range=str(e.detail.get("range")))
    n = e.detail.get("n")
    if e.code == "not_one" and isinstance(n, int):
        return NOT_ONE(n=n)
    return None


# an action the table refused (`IllegalActionError` with an engine action and a reason message)
ILLEGAL = define("error.illegal", "seat {seat}: illegal action {action}: {why}", seat=SEAT,
                 action=ACTION, why=MSG)
ILLEGAL_NO_SEAT = define("error.illegal_no_seat", "illegal action {action}: {why}", action=ACTION,
                         why=MSG)

#: the words of a foreign exception (a JSON decoder's, the operating system's), passed on as they are
AS_TEXT = define("error.text", "{text}", text=TEXT)


def reason(error: BaseException) -> Message:
    """What `error` says as a message: `message_of` it, else its text as it is (`AS_TEXT`).

    >>> reason(KeyError("seat")).code, str(reason(KeyError("seat")))
    ('error.text', "'seat'")
    """
    m = message_of(error)
    return m if m is not None else AS_TEXT(text=str(error))


def message_of(error: BaseException) -> Message | None:
    """The message of an engine error that has one (``error.message``, or what bad tile
    notation's data make, or a refused action's with its reason), else None."""
    carried = getattr(error, "message", None)
    if isinstance(carried, Message):
        return carried
    if (isinstance(error, IllegalActionError) and isinstance(error.reason, Message)
            and isinstance(error.action, ACTION_TYPES)):
        if error.seat is None:
            return ILLEGAL_NO_SEAT(action=error.action, why=error.reason)
        return ILLEGAL(seat=error.seat, action=error.action, why=error.reason)
    if isinstance(error, NotationError):
        why = _why(error)
        if why is not None:
            return BAD_NOTATION(text=repr(error.text), token=repr(error.token),
                                position=error.position, why=why)
    return None
