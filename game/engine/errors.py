"""Typed errors of the engine. Each says what was wrong in words a player understands.

>>> str(NotationError("12x", "x", 2))
"bad tile notation '12x': 'x' at position 2 is not a suit (use m, p, z or f)"
"""

from __future__ import annotations


class MahjongError(Exception):
    """Base of every error the engine raises on purpose.

    Made from a `game.engine.messages.Message`, the error keeps it as ``.message`` (words in the
    player's language are made at the edge, `game.i18n.render`); ``str(error)`` is its English.
    Made from text, ``.message`` is None.
    """

    def __init__(self, *args: object) -> None:
        # a Message is known by its shape: the message machinery imports this module, not back
        one = args[0] if len(args) == 1 else None
        self.message = one if callable(getattr(one, "to_json", None)) and hasattr(one, "code") \
            else None
        if self.message is not None:
            args = (str(self.message),)
        super().__init__(*args)


class NotationError(MahjongError, ValueError):
    """A tile string that is not valid notation (`123m456p11z`)."""

    def __init__(self, text: str, token: str, position: int, why: str | None = None, *,
                 code: str = "not_a_suit", args: dict[str, object] | None = None):
        self.text, self.token, self.position = text, token, position
        # what went wrong as data (`game.engine.error_words` makes it a message for players)
        self.code, self.detail = code, dict(args or {})
        if why is None:
            why = "is not a suit (use m, p, z or f)"
        super().__init__(f"bad tile notation {text!r}: {token!r} at position {position} {why}")


class RulesError(MahjongError, ValueError):
    """A rule set or settings value that is out of range or unknown."""


class IllegalActionError(MahjongError):
    """An action that is not legal for that seat now. The table is left unchanged. `reason`
    is text or, for the scorer's refusals, a `game.engine.messages.Message`."""

    def __init__(self, seat: int | None, action: object, reason: object):
        self.seat, self.action, self.reason = seat, action, reason
        who = "" if seat is None else f"seat {'ESWN'[seat]}: "
        super().__init__(f"{who}illegal action {action!r}: {reason}")


class ImpossibleHandError(MahjongError, ValueError):
    """A hand that cannot exist: too many copies of a tile, wrong size, not a winning shape."""


class ReplayError(MahjongError):
    """A saved log that is corrupt or does not rebuild the same table."""
