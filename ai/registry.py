"""Seat names for the command line and the settings: ``make_seat("random", seed=1)``.

Add a seat by adding one line to `SEATS` (a name and a factory taking ``seed``); a style of the
heuristic AI is declared in `ai.heuristic.STYLES` and becomes the seat ``ai:<name>`` here.

The built-in seats play reproducibly from their seed. Seats the game does not trust
(``python:`` and ``cmd:``) get `untrusted_seed` of it instead: a keyed hash with a secret drawn
afresh by every run of the game, so their seed says nothing about the session's seed (from
which every wall is dealt) nor about the other seats' seeds.

>>> make_seat("random", seed=3).name
'random'
>>> make_seat("oracle")
Traceback (most recent call last):
...
ai.registry.SeatNameError: unknown seat 'oracle'; known seats: ai:aggressive, ai:beginner, ai:defensive, ai:expert, ai:master, ai:standard, ai:value, greedy, random (or python:package.module:Class, cmd:COMMAND)

Every command reads seat names here, the same way (`seat_name`, `parse_seats`): ``ai`` is
``ai:standard``, built-in names in any case, ``python:package.module:Class`` and
``cmd:PROGRAM``; ``human`` only where a person plays (the game window), at most once.

>>> parse_seats("human, AI, ai:expert, cmd:python bot.py", human=True)
['human', 'ai:standard', 'ai:expert', 'cmd:python bot.py']
>>> parse_seats("human,ai,ai,ai")
Traceback (most recent call last):
...
ai.registry.SeatNameError: seat 'human' is a person: here every seat must be a computer player (a person plays in the game window, korean-mahjong play --seats human,ai,ai,ai)
"""  # noqa: E501 - a doctest's expected output is one line

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.messages import INT, MSG, TEXT, Message, define

from .heuristic import STYLES as HEURISTIC_STYLES
from .random_seat import RandomSeat

#: the seat a person plays (the game window only); every other name is a computer seat
HUMAN = "human"
#: the computer seat a plain "ai" means
AI_DEFAULT = "ai:standard"
#: the computer levels, weakest first (menus list them first); each is told apart by what a
#: player sees of it (how often it calls, folds, declares uper, deals in) and by its points:
#: docs/levels.md, measured by bench/bench_levels.py
LEVELS = ("ai:beginner", "ai:standard", "ai:expert", "ai:master")
#: the computer styles beside the levels (declared in `ai.heuristic.STYLES`: the expert's
#: judgement with a character of its own); menus list them after the levels
STYLES = tuple(f"ai:{name}" for name in HEURISTIC_STYLES)
#: seats that search within a thinking time per decision (`ai.master`): not for playouts nor
#: reviews, which ask thousands of decisions (the review's reviewer is the last level not here)
SEARCHING = frozenset({"ai:master"})
#: seats for tests and measurements, not offered to players in the game's menus
TEST_ONLY = frozenset({"random"})
#: short names every command accepts for a built-in seat
ALIASES = {"ai": AI_DEFAULT}
#: seat programs the game does not trust (`ai.guard`): a prefix and what follows it
PREFIXES = ("python:", "cmd:")

def _style(name: str) -> Callable[..., Any]:
    """The factory of the heuristic AI's style `name` (`ai.heuristic.STYLES`)."""
    return lambda seed=None: _heuristic(name, seed)


#: name -> factory(seed) returning a seat
SEATS: dict[str, Callable[..., Any]] = {
    "random": lambda seed=None: RandomSeat(seed),
    "greedy": lambda seed=None: _greedy(seed),
    "ai:beginner": lambda seed=None: _heuristic("beginner", seed),
    "ai:standard": lambda seed=None: _heuristic("standard", seed),
    "ai:expert": lambda seed=None: _heuristic("expert", seed),
    "ai:master": lambda seed=None, budget_ms=None: _master(seed, budget_ms),
    # every style of `ai.heuristic.STYLES`, by its name
    **{seat: _style(seat.removeprefix("ai:")) for seat in STYLES},
}


def _greedy(seed: int | None) -> Any:
    from .greedy import GreedySeat
    return GreedySeat(seed)


def _heuristic(level: str, seed: int | None) -> Any:
    from .heuristic import HeuristicSeat
    return HeuristicSeat(level, seed)


def _master(seed: int | None, budget_ms: int | None) -> Any:
    from .master import DEFAULT_BUDGET_MS, MasterSeat
    return MasterSeat(seed, DEFAULT_BUDGET_MS if budget_ms is None else budget_ms)


#: the key of `untrusted_seed`: new in every process, never written anywhere
_SEED_KEY = secrets.token_bytes(32)


def untrusted_seed(seed: int | None) -> int | None:
    """The seed given to a ``python:`` or ``cmd:`` seat made with `seed`: a keyed BLAKE2b hash
    of it under a per-process secret (63 bits), so it carries no information about the walls.
    Stable within one run of the game, different in the next; None stays None.

    >>> untrusted_seed(21) == untrusted_seed(21) != 21, untrusted_seed(None)
    (True, None)
    """
    if seed is None:
        return None
    h = hashlib.blake2b(str(int(seed)).encode(), key=_SEED_KEY, digest_size=8,
                        person=b"km-seat-seed")
    return int.from_bytes(h.digest(), "big") >> 1


def seat_names() -> list[str]:
    return sorted(SEATS)


def seat_choices(*, testing: bool = False) -> tuple[str, ...]:
    """The built-in seats a player chooses from, in menu order: the levels, the styles, then
    the rest by name. Seats made for tests (`TEST_ONLY`: ``random`` plays random legal moves) only with
    `testing`; the command line still accepts every seat by name.

    >>> seat_choices()
    ('ai:beginner', 'ai:standard', 'ai:expert', 'ai:master', 'ai:defensive', 'ai:value', 'ai:aggressive', 'greedy')
    >>> seat_choices(testing=True)[-1]
    'random'
    """
    names = [n for n in seat_names() if testing or n not in TEST_ONLY]
    first = LEVELS + STYLES
    return tuple(n for n in first if n in names) + tuple(n for n in names if n not in first)


def canonical(text: str) -> str:
    """A seat name as it is kept (records, labels): trimmed, a built-in name or alias in lower
    case and spelt out; a ``python:`` or ``cmd:`` name as given. Nothing is checked.

    >>> canonical(" AI "), canonical("Human"), canonical("ai:Expert"), canonical("cmd:Bot X")
    ('ai:standard', 'human', 'ai:expert', 'cmd:Bot X')
    """
    t = text.strip()
    if t.startswith(PREFIXES):
        return t
    low = t.lower()
    return ALIASES.get(low, low)


def is_external(name: str) -> bool:
    """Is `name` a seat the game does not trust, a program (``cmd:``) or code (``python:``)
    that would be started or imported to play it? Nothing is started: a check before a record,
    a setting or a command line's names are made into seats.

    >>> is_external(" cmd:touch x"), is_external("python:pkg.mod:Seat"), is_external("ai:expert")
    (True, True, False)
    """
    return canonical(name).startswith(PREFIXES)


class SeatNameError(ValueError):
    """A seat name that cannot be used here; ``message`` says why in any language
    (``str()`` is the English)."""

    def __init__(self, message: Message):
        super().__init__(str(message))
        self.message = message


# (command-line syntax travels as TEXT arguments: it stays as it is in every language)
IS_PERSON = define("seat.is_person", "seat {name} is a person: here every seat must be a computer "
                   "player (a person plays in the game window, {command})", name=TEXT,
                   command=TEXT)
UNKNOWN = define("seat.unknown", "unknown seat {name}; known seats: {known} (or {others})",
                 name=TEXT, known=TEXT, others=TEXT)
OR_HUMAN = define("seat.or_human", "{why}; or {human}", why=MSG, human=TEXT)
NEEDS_FOUR = define("seat.needs_four", "{option} needs four names separated by commas, got {n}: "
                    "{text} (four seat names, e.g. {example})", option=TEXT, n=INT, text=TEXT,
                    example=TEXT)
ONE_HUMAN = define("seat.one_human", "{option}: at most one human player, got {n}", option=TEXT,
                   n=INT)
NEEDS_CLASS = define("seat.needs_class", "a {prefix} seat needs a class, got {name}", prefix=TEXT,
                     name=TEXT)
NEEDS_COMMAND = define("seat.needs_command", "a {prefix} seat needs a command, got {name}",
                       prefix=TEXT, name=TEXT)


def seat_name(text: str, *, human: bool = False) -> str:
    """One seat name read and checked (`canonical`, then `check_seat_name`); ``human`` is a
    name only with ``human=True`` (where a person plays). Raises ValueError saying why.

    >>> seat_name("ai"), seat_name("human", human=True)
    ('ai:standard', 'human')
    >>> seat_name("oracle", human=True)
    Traceback (most recent call last):
    ...
    ai.registry.SeatNameError: unknown seat 'oracle'; known seats: ai:aggressive, ai:beginner, ai:defensive, ai:expert, ai:master, ai:standard, ai:value, greedy, random (or python:package.module:Class, cmd:COMMAND); or human
    """  # noqa: E501 - a doctest's expected output is one line
    name = canonical(text)
    if name == HUMAN:
        if human:
            return name
        raise SeatNameError(IS_PERSON(name=repr(text.strip()),
                                      command="korean-mahjong play --seats human,ai,ai,ai"))
    try:
        check_seat_name(name)
    except SeatNameError as e:
        if human and e.message.code == "seat.unknown":
            raise SeatNameError(OR_HUMAN(why=e.message, human=HUMAN)) from None
        raise
    return name


def split_seats(text: str, *, option: str = "--seats", human: bool = False) -> list[str]:
    """Four names separated by commas (only their number is checked here: a usage error).

    >>> split_seats(" ai, greedy ,random,cmd:bot --fast")
    ['ai', 'greedy', 'random', 'cmd:bot --fast']
    >>> split_seats("ai,ai")
    Traceback (most recent call last):
    ...
    ai.registry.SeatNameError: --seats needs four names separated by commas, got 2: 'ai,ai' (four seat names, e.g. ai,ai:expert,greedy,random)
    """  # noqa: E501 - a doctest's expected output is one line
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 4 or not all(parts):
        n = len([p for p in parts if p])
        example = "human,ai,ai:expert,greedy" if human else "ai,ai:expert,greedy,random"
        raise SeatNameError(NEEDS_FOUR(option=option, n=n, text=repr(text), example=example))
    return parts


def parse_seats(seats: str | Sequence[str], *, human: bool = False,
                option: str = "--seats") -> list[str]:
    """Four seat names (a comma list, see `split_seats`, or already split), each read by
    `seat_name`; with ``human=True`` at most one of them ``human``. `option` names what was
    given, in the errors.

    >>> parse_seats(["ai", "human", "human", "ai"], human=True)
    Traceback (most recent call last):
    ...
    ai.registry.SeatNameError: --seats: at most one human player, got 2
    """
    parts = split_seats(seats, option=option, human=human) if isinstance(seats, str) else list(seats)
    names = [seat_name(p, human=human) for p in parts]
    if names.count(HUMAN) > 1:
        raise SeatNameError(ONE_HUMAN(option=option, n=names.count(HUMAN)))
    return names


def check_seat_name(name: str) -> None:
    """Raise ValueError naming the seat unless `name` is one `make_seat` can make (nothing is
    started or imported: a check before a window opens).

    >>> check_seat_name("ai:Expert"); check_seat_name("cmd:python bot.py")
    >>> check_seat_name("cmd: ")
    Traceback (most recent call last):
    ...
    ai.registry.SeatNameError: a cmd: seat needs a command, got 'cmd: '
    """
    text = name.strip()
    for prefix in PREFIXES:
        if text.startswith(prefix):
            if not text[len(prefix):].strip():
                kind = NEEDS_CLASS if prefix == "python:" else NEEDS_COMMAND
                raise SeatNameError(kind(prefix=prefix, name=repr(name)))
            return
    if canonical(text) not in SEATS:
        raise SeatNameError(UNKNOWN(name=repr(name), known=", ".join(seat_names()),
                                    others="python:package.module:Class, cmd:COMMAND"))


def make_seat(name: str, seed: int | None = None, *, budget_ms: int | None = None) -> Any:
    """A new seat by name (case-insensitive, ``ai`` for ``ai:standard``). ``python:package.module:Class`` and
    ``cmd:COMMAND`` seats come wrapped in `ai.guard.GuardedSeat`, and get `untrusted_seed`
    of `seed`. A ``cmd:`` program is started here, once. `budget_ms`: the thinking time per
    decision of a seat that searches (``ai:master``; None: its default, 0: no search); the
    other seats have none.

    >>> make_seat("ai:master", seed=1, budget_ms=0).budget_ms
    0
    """
    text = canonical(name)
    if text.startswith("python:"):
        from .guard import GuardedSeat
        from .pyseat import load_python_seat
        return GuardedSeat(load_python_seat(text, seed=untrusted_seed(seed)))
    if text.startswith("cmd:"):
        from .external import ExternalSeat
        from .guard import GuardedSeat
        return GuardedSeat(ExternalSeat(text[4:], name=text, seed=untrusted_seed(seed)))
    check_seat_name(text)
    if text == "ai:master":
        return SEATS[text](seed=seed, budget_ms=budget_ms)
    return SEATS[text](seed=seed)
