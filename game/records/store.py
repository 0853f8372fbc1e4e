"""The record store: the folder of records, listed newest first, summarised, swept and pruned.

`list_records` gives the records list (one `RecordSummary` each, read from a summary index kept
beside them through `game.storage`, so a second listing reads no record); `find_unfinished` is
Continue's game (the newest unfinished record no running game holds and no later one
continues); `sweep_empty_records` removes what an interrupted start left behind;
`prune_records` deletes old records with what is kept beside them.

>>> import tempfile
>>> list_records(tempfile.mkdtemp()), find_unfinished(tempfile.mkdtemp())
([], None)
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.messages import Message
from game.engine.safejson import JsonInputError

from .core import (
    _BIG,
    LEFTOVER_AGE,
    MAX_LINE,
    PART,
    SUFFIX,
    _int,
    _now,
    header_problem,
    records_dir,
)
from .reader import _read_line, load_record


def sweep_empty_records(directory: str | Path | None = None, *, now: float | None = None,
                        age: float = LEFTOVER_AGE) -> list[Path]:
    """Remove what an interrupted start left behind: empty record files (a game stopped
    before its first line, a private game stopped in its first hand), `_create`'s and the
    summary index's temporary files, older than `age` seconds and held by no running game. A record with any
    byte in it is never touched: a damaged record is still the player's. Returns what was
    removed (never raises)."""
    import time

    from game.storage import sweep_temporaries

    from .locks import is_locked

    d = Path(directory) if directory is not None else records_dir()
    limit = (time.time() if now is None else now) - age
    removed: list[Path] = []
    sweep_temporaries(d)  # a summary index save that was killed (`list_records`)
    try:
        entries = list(os.scandir(d))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        part = name.startswith(".") and name.endswith(PART) and SUFFIX in name
        if not (part or name.endswith(SUFFIX)):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not entry.is_file(follow_symlinks=False) or st.st_mtime > limit:
                continue
            if not part and (st.st_size != 0 or is_locked(Path(entry.path))):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


# ---------------------------------------------------------------------------- listing
@dataclass(frozen=True)
class RecordSummary:
    """One line of the records list."""

    path: Path
    created: _dt.datetime
    seed: int | None
    players: tuple[str, ...]
    human: int | None
    hands: int  # finished hands
    scores: tuple[int, ...]  # per player
    complete: bool
    error: str = ""  # why reading stopped, in English (see `reason`)
    seat_kinds: tuple[str, ...] = ()
    continues: str = ""  # the record this game continued
    continued_by: str = ""  # the record that continued this game
    live: bool = False  # a running game holds it
    reason: Message | None = None  # why reading stopped (None: the whole file was read)

    @property
    def name(self) -> str:
        return self.path.name


def _created(header: dict[str, Any] | None, path: Path) -> _dt.datetime:
    text = (header or {}).get("created")
    if isinstance(text, str):
        try:
            d = _dt.datetime.fromisoformat(text)
            return d if d.tzinfo else d.replace(tzinfo=_dt.UTC)
        except ValueError:
            pass
    try:
        return _dt.datetime.fromtimestamp(path.stat().st_mtime, _dt.UTC)
    except OSError:
        return _dt.datetime.fromtimestamp(0, _dt.UTC)


def record_created(header: dict[str, Any] | None, path: Path) -> _dt.datetime:
    """When a record's game started: its header's ``created``, else the file's time."""
    return _created(header, path)


def _summary(path: Path, continued_by: str = "") -> RecordSummary:
    from .locks import is_locked

    rec = load_record(path)
    h = rec.header or {}
    seed = h.get("seed") if isinstance(h.get("seed"), int) else None
    return RecordSummary(path, _created(rec.header, path), seed, rec.players, rec.human,
                         len(rec.finished_hands), rec.scores(), rec.complete, rec.error,
                         rec.seat_kinds, str(h.get("continues") or ""), continued_by,
                         is_locked(path), rec.reason)


@dataclass(frozen=True)
class RecordHead:
    """What the first and last lines of a record say, read without the lines between: enough
    for the title's Continue and for linking continued games (fast over thousands of files)."""

    path: Path
    mtime: float
    header: dict[str, Any] | None  # None: no valid header
    complete: bool  # the last line is the session end

    @property
    def continues(self) -> str:
        c = (self.header or {}).get("continues")
        return c if isinstance(c, str) else ""

    @property
    def human(self) -> int | None:
        h = (self.header or {}).get("human")
        return h if _int(h, 0, 3) else None


def peek_record(path: str | Path) -> RecordHead:
    """The header (validated) and whether the record ends with its session end, reading at
    most the first and the last few kilobytes. Never raises on bad content, never writes."""
    path = Path(path)
    try:
        st = path.stat()
        if not path.is_file():
            return RecordHead(path, 0.0, None, False)
        with open(path, "rb") as f:
            first = f.readline(MAX_LINE + 1)
            size = st.st_size
            f.seek(max(0, size - 4096))
            tail = f.read(4096)
    except OSError:
        return RecordHead(path, 0.0, None, False)
    header: dict[str, Any] | None = None
    try:
        line = _read_line(first)
        if isinstance(line, dict) and line.get("type") == "header" and header_problem(line) is None:
            header = line
    except JsonInputError:
        header = None
    complete = False
    last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    if tail.endswith(b"\n") and b'"session_end"' in last:
        try:
            obj = _read_line(last)
            complete = isinstance(obj, dict) and obj.get("type") == "event" and \
                isinstance(obj.get("event"), dict) and obj["event"].get("type") == "session_end"
        except JsonInputError:
            complete = False
    return RecordHead(path, st.st_mtime, header, complete)


def _newest_first(d: Path) -> list[Path]:
    """The record files in `d`, most recently written first (one directory scan, no reads)."""
    return [d / name for name, _key in _files_newest_first(d)]


def scan_records(directory: str | Path | None = None) -> list[RecordHead]:
    """Every record's head, most recently written first (see `peek_record`)."""
    d = Path(directory) if directory is not None else records_dir()
    return [peek_record(p) for p in _newest_first(d)]


def is_continued(path: str | Path) -> bool:
    """Has a later record continued this one? Reads only the heads of records written after
    it (a continuation is always newer than what it continues)."""
    path = Path(path)
    for p in _newest_first(path.parent):
        if p.name == path.name:
            return False
        if peek_record(p).continues == path.name:
            return True
    return False


def continued_records(heads: Iterable[RecordHead]) -> dict[str, str]:
    """Record name -> the name of the record that continues it."""
    return {h.continues: h.path.name for h in heads if h.continues}


def list_records(directory: str | Path | None = None, limit: int | None = None, *,
                 include_continued: bool = False) -> list[RecordSummary]:
    """Every record, newest first, with date, players, finished hands and scores. A corrupt
    file is listed with its error (as far as it could be read), never skipped silently. A
    record that a later game continued is left out (the continuation holds the whole game
    from its start) unless `include_continued`. Only the newest `limit` records are looked
    at beyond their head.

    What a record says is kept in the folder's summary index (`SUMMARY_INDEX`), keyed by the
    file's name, size and modification time: a record is read again only when it changed, so
    the replays list opens without reading thousands of records. Whether a running game
    holds a record, and which record continues which, are worked out afresh each time."""
    from .locks import is_locked

    d = Path(directory) if directory is not None else records_dir()
    files = _files_newest_first(d)
    old = _read_index(d)
    rows: dict[str, dict[str, Any]] = {}
    changed = len(old) != len(files)
    for name, key in files:
        row = old.get(name)
        # a row is used only if it is the record's as it is now (the same size and time) and
        # well formed; anything else in the index is ignored and the record's head read
        if not isinstance(row, dict) or row.get("k") != key or not isinstance(row.get("c"), str):
            row = {"k": key, "c": peek_record(d / name).continues}
            changed = True
        rows[name] = row
    by = {row["c"]: name for name, row in rows.items() if row["c"]}
    keep = [name for name, _ in files if include_continued or name not in by]
    if limit is not None:
        keep = keep[:limit]
    out = []
    for name in keep:
        row, path = rows[name], d / name
        s = _summary_from_row(path, row.get("s"))
        if s is None:
            s = _summary(path)
            row["s"] = _summary_row(s)
            changed = True
        out.append(dataclasses.replace(s, continued_by=by.get(name, ""), live=is_locked(path)))
    if changed:
        _write_index(d, rows)
    out.sort(key=lambda s: (s.created, s.name), reverse=True)
    return out


# ---------------------------------------------------------------------------- summary index
#: the records folder's summary index: what each record says (its head's link, its summary),
#: keyed by the file's name, size and modification time (a changed record is read again)
SUMMARY_INDEX = ".summaries.json"
_INDEX_FORMAT = 1
_INDEX_MAX = 64 << 20


def _files_newest_first(d: Path) -> list[tuple[str, list[int]]]:
    """(name, [size, modification time in ns]) of each record file in `d`, most recently
    written first (one directory scan, no reads)."""
    found: list[tuple[int, str, list[int]]] = []
    try:
        with os.scandir(d) as it:
            for entry in it:
                if not entry.name.endswith(SUFFIX):
                    continue
                try:
                    if entry.is_file():
                        st = entry.stat()
                        found.append((st.st_mtime_ns, entry.name, [st.st_size, st.st_mtime_ns]))
                except OSError:
                    continue
    except OSError:
        return []
    found.sort(reverse=True)
    return [(name, key) for _, name, key in found]


def _read_index(d: Path) -> dict[str, Any]:
    """The summary index's rows by record name (each row is checked where it is used); a
    missing, damaged or hostile index is ignored: the records are read instead. Never
    raises."""
    from game.storage import read_json

    p = d / SUMMARY_INDEX
    try:
        if p.is_symlink():
            return {}
    except OSError:
        return {}
    found = read_json(p, _INDEX_MAX)
    v = found.value if found.ok else None
    if not isinstance(v, dict) or v.get("format") != _INDEX_FORMAT or \
            not isinstance(v.get("records"), dict):
        return {}
    return v["records"]


def _write_index(d: Path, rows: dict[str, dict[str, Any]]) -> None:
    """Keep the summary index (atomically, through `game.storage`); never through a symbolic
    link or over anything but a regular file, and a folder that cannot be written is fine:
    the list is read from the records next time."""
    from game.storage import write_json

    p = d / SUMMARY_INDEX
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        pass
    except OSError:
        return
    else:
        import stat as _stat

        if not _stat.S_ISREG(st.st_mode):
            return
    try:
        write_json(p, {"format": _INDEX_FORMAT, "records": rows}, indent=None,
                   make_folder=False)
    except (OSError, ValueError):
        return


def _summary_row(s: RecordSummary) -> dict[str, Any]:
    """What the index keeps of a summary (not `live` nor `continued_by`: they change without
    the record changing)."""
    return {"created": s.created.isoformat(), "seed": s.seed, "players": list(s.players),
            "human": s.human, "hands": s.hands, "scores": list(s.scores),
            "complete": s.complete, "seat_kinds": list(s.seat_kinds), "continues": s.continues,
            "reason": _message_row(s.reason)}


def _message_row(m: Message | None) -> dict[str, Any] | None:
    """A message as the index keeps it: its kind and arguments (the English is made again)."""
    if m is None:
        return None
    data = m.to_json()
    data.pop("text", None)
    return data


def _summary_from_row(path: Path, row: Any) -> RecordSummary | None:
    """The summary an index row keeps, or None when the row is not one (every field checked:
    the index is a file like any other)."""
    from game.engine.messages import MessageError, message_from_json

    if not isinstance(row, dict):
        return None
    try:
        created = _dt.datetime.fromisoformat(row["created"])
        seed, human, hands = row["seed"], row["human"], row["hands"]
        players, scores, kinds = row["players"], row["scores"], row["seat_kinds"]
        if created.tzinfo is None or not (seed is None or _int(seed, -_BIG * _BIG, _BIG * _BIG)) \
                or not (human is None or _int(human, 0, 3)) or not _int(hands, 0, _BIG) \
                or not (isinstance(players, list) and all(isinstance(x, str) for x in players)) \
                or not (isinstance(scores, list) and all(_int(x, -_BIG, _BIG) for x in scores)) \
                or not (isinstance(kinds, list) and all(isinstance(x, str) for x in kinds)) \
                or not isinstance(row["complete"], bool) or not isinstance(row["continues"], str):
            return None
        reason = None if row["reason"] is None else message_from_json(row["reason"])
    except (KeyError, TypeError, ValueError, MessageError, RecursionError):
        return None
    return RecordSummary(path, created, seed, tuple(players), human, hands, tuple(scores),
                         row["complete"], "" if reason is None else str(reason), tuple(kinds),
                         row["continues"], "", False, reason)


def find_unfinished(directory: str | Path | None = None, *, live: bool = False
                    ) -> RecordHead | None:
    """The record Continue offers: the most recent game with a human player, if its session
    did not end, no running game holds it (`locks.is_locked`) and no later record continues
    it. Reads only the records' first and last lines. With `live`, the most recent such game
    that a running game holds (to tell the player it is open in another window)."""
    from .locks import is_locked

    d = Path(directory) if directory is not None else records_dir()
    continued: set[str] = set()  # a game is continued only by a later record, seen before it
    for path in _newest_first(d):
        h = peek_record(path)
        if h.continues:
            continued.add(h.continues)
        if h.header is None or h.human is None:
            continue
        if h.path.name in continued:
            continue  # continued already
        if is_locked(h.path) != live:
            continue  # being played in another window (or, with `live`, not)
        return None if h.complete else h
    return None


#: the file a game's review is kept in, beside its record (`game.practice.game_review`)
REVIEW_SUFFIX = ".review.json"


def prune_records(older_than_days: float, directory: str | Path | None = None, *,
                  now: _dt.datetime | None = None) -> list[Path]:
    """Delete records created more than `older_than_days` days ago; returns what was deleted.
    A record a running game holds is never deleted."""
    from .locks import is_locked

    if older_than_days < 0:
        raise ValueError(f"older_than_days must be 0 or more, got {older_than_days!r}")
    limit = (now or _now()) - _dt.timedelta(days=older_than_days)
    removed = []
    for s in list_records(directory, include_continued=True):
        if s.created < limit and not is_locked(s.path):
            try:
                s.path.unlink()
                removed.append(s.path)
            except OSError:
                continue
            # what is kept beside a record goes with it: its review (`game_review.cache_path`)
            s.path.with_name(s.path.name + REVIEW_SUFFIX).unlink(missing_ok=True)
    return removed


