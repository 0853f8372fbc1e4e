"""The record format and what every part of it shares: where records live, why one stops.

A record is the engine's replay log (`game.engine.replay`, format `FORMAT`): a header line
(format, seed, rules, players, seat selection, hands, plus ``created``, ``human``,
``seat_kinds``, ``continues``), then the actions and events of each hand as they happen, then
the session end. Here are its constants and limits, the header's check (`header_problem`), the
messages that say why a record stops being read or does not rebuild, and the folder
(``$KOREAN_MAHJONG_DATA_DIR/records`` or the platform's user data folder).

>>> header_problem({"type": "header", "format": FORMAT, "seed": 3, "rules": {},
...                 "players": ["human", "ai", "ai", "ai"]}) is None
True
>>> is_interruption(ENDS_INSIDE(line=9, hand=2))
True
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import os
from pathlib import Path
from typing import Any

from game.engine.error_words import message_of
from game.engine.messages import INT, MSG, TEXT, Message, define
from game.engine.replay import FORMAT
from game.engine.session import Session

# ---------------------------------------------------------------------------- reasons
# Why a record stops being read, fails its check or does not rebuild: messages made where the
# reason arises (the player's words at the edge: the replay viewer, Continue, the command line).
STOPPED = define("record.stopped", "line {line}: {why}; the record is read up to line {last}",
                 line=INT, why=MSG, last=INT)
CANNOT_READ = define("record.cannot_read", "cannot read {path}: {why}", path=TEXT, why=MSG)
EMPTY = define("record.empty", "{name} is empty: no record header", name=TEXT)
ENDS_INSIDE = define("record.ends_inside",
                     "line {line}: the record ends inside hand {hand} (the game was interrupted)",
                     line=INT, hand=INT)
CUT_OFF = define("record.cut_off", "cut off (the game was interrupted while writing it)")
NOT_OBJECT = define("record.not_object", "expected a JSON object with a 'type'")
HEADER_FIRST = define("record.header_first", "the first line must be the record header")
BAD_HEADER = define("record.bad_header", "bad header: {why}", why=MSG)
UNKNOWN_LINE = define("record.unknown_line", "unknown line (type {type}, hand {hand})",
                      type=TEXT, hand=TEXT)
BAD_SEAT = define("record.bad_seat", "bad seat {seat}", seat=TEXT)
# the engine's own English about an event or action it cannot decode (translations say which)
BAD_EVENT = define("record.bad_event", "{detail}", detail=TEXT)
BAD_ACTION = define("record.bad_action", "{detail}", detail=TEXT)
HAND_ZERO = define("record.hand_zero", "only session events belong to hand 0")
HAND_ORDER = define("record.hand_order", "hand {hand} follows hand {previous}", hand=INT,
                    previous=INT)
HAND_OVERLAP = define("record.hand_overlap", "hand {hand} starts before hand {previous} ended",
                      hand=INT, previous=INT)
BEFORE_START = define("record.before_start", "hand {hand} has a {event} event before its hand start",
                      hand=INT, event=TEXT)
# the header (header_problem)
HEADER_FORMAT = define("record.header.format",
                       "unknown record format {found} (this game reads format {format})",
                       found=TEXT, format=INT)
HEADER_SEED = define("record.header.seed", "seed must be a whole number, got {value}", value=TEXT)
#: the longest player name a header may carry: a ``cmd:`` seat's name is its whole command line,
#: which with a deep temporary folder ran past the 200 characters allowed before (a log that
#: simulate wrote could then not be replayed); still a bound for a hostile header
MAX_PLAYER_NAME = 4096
HEADER_PLAYERS = define("record.header.players", "players must be a list of four names")
HEADER_RULES = define("record.header.rules", "rules must be an object")
HEADER_HANDS = define("record.header.hands", "hands must be a number of hands, got {value}", value=TEXT)
HEADER_SELECTION = define("record.header.seat_selection", "bad seat selection {value}", value=TEXT)
HEADER_HUMAN = define("record.header.human", "human must be a player number 0-3, got {value}",
                      value=TEXT)
HEADER_TEXT = define("record.header.text", "{key} must be text, got {value}", key=TEXT, value=TEXT)
HEADER_SEAT_KINDS = define("record.header.seat_kinds", "seat_kinds must be a list of four names")
HEADER_BUILDS = define("record.header.builds", "the rules or seats do not build a game ({why})",
                       why=MSG)
# a record line too long to be a game's (the other JSON refusals are game.engine.safejson's)
JSON_TOO_LONG = define("record.json.too_long", "longer than {n} bytes", n=INT)
# files that cannot be read
OS_MISSING = define("record.os.missing", "there is no such file")
OS_PERMISSION = define("record.os.permission", "permission denied")
OS_NOT_REGULAR = define("record.os.not_regular", "it is not a regular file (a folder or a pipe?)")
OS_TOO_LARGE = define("record.os.too_large", "it is larger than {n} MB", n=INT)
OS_OTHER = define("record.os.other", "{why}", why=TEXT)  # the system's own words
# rebuilding a hand (HandRecord.table) and checking a record (check_record)
NO_START = define("record.no_start", "hand {hand} has no hand start", hand=INT)
BAD_START = define("record.bad_start", "hand {hand}: bad hand start: {why}", hand=INT, why=MSG)
AT_LINE = define("record.at_line", "line {line}: {why}", line=INT, why=MSG)
IN_FILE = define("record.in_file", "{path}: {why}", path=TEXT, why=MSG)
CORRUPT = define("record.corrupt", "{path}: corrupt record: {why}", path=TEXT, why=MSG)
CHECK_OK = define("record.check_ok", "{path}: {n} hand replayed, every event identical",
                  plural="{path}: {n} hands replayed, every event identical", count="n",
                  path=TEXT, n=INT)
#: an error of another part that has no message of its own: its English, as it is
DETAIL = define("record.detail", "{error}: {text}", error=TEXT, text=TEXT)


def is_interruption(reason: Message | None) -> bool:
    """Does `reason` say only that the game was interrupted (a record cut off by a crash or a
    game left unfinished), not that the file is damaged?"""
    if reason is None:
        return False
    if reason.code == STOPPED.code:
        return reason["why"].code == CUT_OFF.code
    return reason.code == ENDS_INSIDE.code


def reason_of_error(e: BaseException) -> Message:
    """The message an error carries (`game.engine.error_words.message_of`), else its English."""
    m = message_of(e)
    return m if m is not None else DETAIL(error=type(e).__name__, text=_short(str(e), 200))


def os_reason(e: BaseException) -> Message:
    """Why a file cannot be read, as a message (the system's words when it is none of these)."""
    from game.engine.safejson import FileTooLarge, NotARegularFile

    if isinstance(e, FileTooLarge):
        return OS_TOO_LARGE(n=MAX_RECORD >> 20)
    if isinstance(e, (NotARegularFile, IsADirectoryError)):
        return OS_NOT_REGULAR()
    if isinstance(e, FileNotFoundError):
        return OS_MISSING()
    if isinstance(e, PermissionError):
        return OS_PERMISSION()
    return OS_OTHER(why=_short(getattr(e, "strerror", None) or str(e) or type(e).__name__, 200))


DATA_ENV = "KOREAN_MAHJONG_DATA_DIR"
APP_NAME = "korean-mahjong"
SUFFIX = ".jsonl"


def data_dir() -> Path:
    """``$KOREAN_MAHJONG_DATA_DIR`` or the platform's user data directory."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def records_dir() -> Path:
    """Where records live (not created here)."""
    return data_dir() / "records"


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.UTC)


#: a record or a temporary file this old (seconds) that no game holds is left over by a crash
LEFTOVER_AGE = 60.0
#: the temporary file a record is made from (`_create`): hidden, beside it
PART = ".part"


def _int(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _ints(v: Any, lo: int, hi: int, n: int | None = None) -> bool:
    return isinstance(v, tuple) and (n is None or len(v) == n) and all(_int(x, lo, hi) for x in v)


_BIG = 10 ** 12


#: a record line longer than this is damage, not a game (the longest real line is a few KB)
MAX_LINE = 1 << 20
#: a record larger than this is not opened (a real session is well under 1 MB)
MAX_RECORD = 64 << 20


def header_problem(h: dict[str, Any]) -> Message | None:
    """Why a record header cannot start a game (None when it can): every field the readers use
    is checked for its type and range, and the rules and session must build from it.

    >>> header_problem({"type": "header", "format": 1, "seed": 3, "rules": {},
    ...                 "players": ["human", "ai", "ai", "ai"]}) is None
    True
    >>> why = header_problem({"type": "header", "format": 1, "seed": 3, "rules": {}, "players": ["a"]})
    >>> why.code, str(why)
    ('record.header.players', 'players must be a list of four names')
    """

    if h.get("format") != FORMAT:
        return HEADER_FORMAT(found=_short(h.get("format")), format=FORMAT)
    seed = h.get("seed")
    if not _int(seed, -_BIG * _BIG, _BIG * _BIG):
        return HEADER_SEED(value=_short(seed))
    players = h.get("players")
    if not (isinstance(players, list) and len(players) == 4
            and all(isinstance(p, str) and 0 < len(p) <= MAX_PLAYER_NAME for p in players)):
        return HEADER_PLAYERS()
    if not isinstance(h.get("rules"), dict):
        return HEADER_RULES()
    hands = h.get("hands")
    if hands is not None and not _int(hands, 1, 10_000):
        return HEADER_HANDS(value=_short(hands))
    sel = h.get("seat_selection", "dice")
    if not isinstance(sel, str) or len(sel) > 40:
        return HEADER_SELECTION(value=_short(sel))
    human = h.get("human")
    if human is not None and not _int(human, 0, 3):
        return HEADER_HUMAN(value=_short(human))
    for key in ("created", "continues"):
        if key in h and not isinstance(h[key], str):
            return HEADER_TEXT(key=key, value=_short(h[key]))
    kinds = h.get("seat_kinds")
    if kinds is not None and not (isinstance(kinds, list) and len(kinds) == 4
                                  and all(isinstance(k, str) for k in kinds)):
        return HEADER_SEAT_KINDS()
    return _builds(json.dumps(h["rules"], sort_keys=True), sel, hands)


@functools.lru_cache(maxsize=64)
def _builds(rules: str, seat_selection: str, hands: int | None) -> Message | None:
    """None when these rules and seats start a session, else why not (cached: thousands of
    records share a few rule sets)."""
    from game.engine.rules import RuleSet

    try:
        Session(RuleSet.from_dict(json.loads(rules)), 0, seat_selection=seat_selection, hands=hands)
    except Exception as e:  # noqa: BLE001 - any bad rule value is a bad header, never a crash
        m = message_of(e)
        return HEADER_BUILDS(why=m if m is not None else
                             DETAIL(error=type(e).__name__, text=_short(str(e), 120)))
    return None


def _short(v: Any, n: int = 40) -> str:
    """`v` for a reason: text as it is, anything else as Python writes it, at most `n` long."""
    text = v if isinstance(v, str) else repr(v)
    return text if len(text) <= n else text[:n] + "..."


