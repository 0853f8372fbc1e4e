"""Named house-rule sets: a club's rules saved once, as files in the config folder.

Each set is ``<config dir>/rules/<slug>.json``, in the format ``korean-mahjong simulate --rules``
reads (`RuleSet.to_dict` plus a ``"name"``). Reading one is as strict as ``--rules`` (the same
``rules.*`` messages); a damaged file is listed with its reason and never written over.

>>> import tempfile
>>> d = Path(tempfile.mkdtemp())
>>> p = save_set("Friday club", RuleSet(ante=5), folder=d)
>>> p.name, [s.name for s in list_sets(d)], load_set("friday CLUB", d).ante
('friday-club.json', ['Friday club'], 5)
>>> differences(RuleSet(ante=5, strict_table=True))
['ante', 'strict_table']

Saving writes a temporary file beside the target and moves it in place, never over another set
unless asked (`overwrite=True`). Export writes ``<slug>.json`` into a folder (the user's Documents
folder by default; ``$KOREAN_MAHJONG_DOCUMENTS_DIR`` in tests); import reads any rules file, with
the errors of ``--rules``, and takes ``"name (2)"`` when its name is taken.
"""

from __future__ import annotations

import dataclasses
import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage
from game.engine.error_words import reason
from game.engine.errors import MahjongError, RulesError
from game.engine.messages import INT, MSG, TEXT, Message, define
from game.engine.rules import (
    IN_FILE,
    MAX_RULES_BYTES,
    NO_FILE,
    NOT_JSON,
    TOO_LARGE,
    RuleSet,
    _wrong_type,
)
from game.settings import config_dir

FOLDER = "rules"
MAX_NAME = 40
DOCUMENTS_ENV = "KOREAN_MAHJONG_DOCUMENTS_DIR"
#: at most this many sets are listed (a club with hundreds of sets has each of them; a folder
#: of tens of thousands is not a rules folder, and reading it would stall the settings page)
MAX_SETS = 10_000

BAD_NAME = define("rulesets.bad_name",
                  "a rule set's name is 1-{n} printable characters, got {value}", n=INT, value=TEXT)
NAME_TYPE = define("rulesets.name_type", "rules file {path}: name must be text, got {value}",
                   path=TEXT, value=TEXT)
EXISTS = define("rulesets.exists", "a rule set named {name} already exists", name=TEXT)
NOT_FOUND = define("rulesets.not_found", "no saved rule set named {name}", name=TEXT)
DAMAGED = define("rulesets.damaged", "the rule set {name} cannot be used: {why}", name=TEXT, why=MSG)
CANNOT_WRITE = define("rulesets.cannot_write", "cannot write {path}: {why}", path=TEXT, why=TEXT)
CANNOT_DELETE = define("rulesets.cannot_delete", "cannot delete {path}: {why}", path=TEXT, why=TEXT)


class RulesetError(MahjongError, ValueError):
    """A rule set that cannot be saved, found, read or deleted (``.message`` says why)."""


@dataclass(frozen=True)
class SavedSet:
    """One file of the rules folder: its name, and its rules or why it cannot be used."""

    name: str
    path: Path
    rules: RuleSet | None = None
    problem: Message | None = None

    @property
    def usable(self) -> bool:
        return self.rules is not None


def rules_dir() -> Path:
    """``<config dir>/rules``."""
    return config_dir() / FOLDER


def documents_dir() -> Path:
    """Where exports go: ``$KOREAN_MAHJONG_DOCUMENTS_DIR``, the user's Documents folder, or home."""
    env = os.environ.get(DOCUMENTS_ENV)
    if env:
        return Path(env)
    import platformdirs

    try:
        d = Path(platformdirs.user_documents_dir())
    except Exception:  # noqa: BLE001 - no Documents folder: home it is
        d = Path.home()
    return d if d.is_dir() else Path.home()


def check_name(name: Any) -> str:
    """The name without surrounding spaces; `RulesetError` unless it is 1-40 printable characters.

    >>> check_name("  Club  ")
    'Club'
    >>> check_name("a\\tb")
    Traceback (most recent call last):
    ...
    game.rulesets.RulesetError: a rule set's name is 1-40 printable characters, got 'a\\tb'
    """
    ok = isinstance(name, str)
    text = name.strip() if isinstance(name, str) else ""
    if not ok or not 1 <= len(text) <= MAX_NAME or not text.isprintable():
        shown = repr(name) if not isinstance(name, str) or len(name) <= 60 else repr(name[:57] + "...")
        raise RulesetError(BAD_NAME(n=MAX_NAME, value=shown))
    return text


_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def slug(name: str) -> str:
    """A file name stem safe on every system: lower-case letters (any script), digits, ``-``.

    >>> slug("Friday Club!"), slug("금요 모임"), slug("CON"), slug("..."), slug("a/b\\\\c:d")
    ('friday-club', '금요-모임', 'con-rules', 'rules', 'a-b-c-d')
    """
    text = unicodedata.normalize("NFC", name).casefold()
    text = re.sub(r"[^\w]+", "-", text, flags=re.UNICODE).strip("-_")
    text = text[:60].strip("-_") or "rules"
    if text in _RESERVED:
        text += "-rules"
    return text


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name.strip()).casefold()


def _read_rules(path: str | Path) -> Any:
    """The JSON of a rules file, read by `game.storage.read_json` (never a pipe or a folder,
    bounded, no ``NaN``/``Infinity``); `RulesError` naming the file, in the words of
    ``simulate --rules``, when it cannot be read."""
    found = storage.read_json(path, MAX_RULES_BYTES)
    if found.missing:
        raise RulesError(NO_FILE(path=str(path)))
    if found.too_large:
        raise RulesError(TOO_LARGE(path=str(path), limit=MAX_RULES_BYTES))
    if found.json is not None:
        raise RulesError(NOT_JSON(path=str(path), why=found.json))
    if found.why is not None:  # a folder, a pipe, a file the system will not let us read
        raise RulesError(IN_FILE(path=str(path), why=found.why))
    return found.value


def read_set_file(path: str | Path) -> tuple[str | None, RuleSet]:
    """The name (None when the file has none) and rules of a rules file; `RulesError` naming the
    file, as ``simulate --rules`` says it, when it is bad."""
    data = _read_rules(path)
    name: str | None = None
    rules_part: Any = data
    if isinstance(data, Mapping):
        rules_part = {k: v for k, v in data.items() if k != "name"}
        if "name" in data:
            if not isinstance(data["name"], str):
                raise RulesError(NAME_TYPE(path=str(path), value=repr(data["name"])[:60]))
            name = data["name"]
    try:
        return name, RuleSet.from_dict(rules_part)
    except RulesError as e:
        raise RulesError(IN_FILE(path=str(path), why=reason(e))) from None
    except (TypeError, AttributeError) as e:
        raise RulesError(IN_FILE(path=str(path), why=_wrong_type(rules_part, e))) from None


def list_sets(folder: Path | None = None) -> list[SavedSet]:
    """Every ``*.json`` of the rules folder, by name; a bad one has its `problem` (never changed)."""
    d = folder if folder is not None else rules_dir()
    try:
        files = sorted(p for p in d.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
    except OSError:
        return []
    out: list[SavedSet] = []
    for p in files[:MAX_SETS]:
        try:
            name, rules = read_set_file(p)
        except RulesError as e:
            out.append(SavedSet(p.stem, p, None, reason(e)))
            continue
        shown = name.strip() if name and name.strip() and name.isprintable() else p.stem
        out.append(SavedSet(shown[:MAX_NAME], p, rules))
    return sorted(out, key=lambda s: (_key(s.name), s.path.name))


def find_set(name: str, folder: Path | None = None) -> SavedSet | None:
    """The set of that name (case does not matter), or None."""
    want = _key(name)
    return next((s for s in list_sets(folder) if _key(s.name) == want), None)


def load_set(name: str, folder: Path | None = None) -> RuleSet:
    """The rules of the set of that name; `RulesetError` when there is none or it is damaged."""
    found = find_set(name, folder)
    if found is None:
        raise RulesetError(NOT_FOUND(name=repr(name)))
    if found.rules is None:
        assert found.problem is not None
        raise RulesetError(DAMAGED(name=repr(found.name), why=found.problem))
    return found.rules


def set_dict(name: str, rules: RuleSet) -> dict[str, Any]:
    """The file's content: the name first, then `RuleSet.to_dict`."""
    return {"name": name, **rules.to_dict()}


def _free_path(d: Path, stem: str) -> Path:
    p = d / f"{stem}.json"
    n = 2
    while os.path.lexists(p):
        p = d / f"{stem}-{n}.json"
        n += 1
    return p


def _os_why(e: OSError) -> str:
    return (e.strerror or str(e) or type(e).__name__).rstrip(".")


def save_set(name: str, rules: RuleSet, *, overwrite: bool = False,
             folder: Path | None = None) -> Path:
    """Save `rules` as the set `name` and return its file. A set of that name is replaced only
    with `overwrite` (else `RulesetError`); a damaged file is never replaced."""
    name = check_name(name)
    d = folder if folder is not None else rules_dir()
    existing = find_set(name, d)
    if existing is not None and (not overwrite or not existing.usable):
        raise RulesetError(EXISTS(name=repr(existing.name)))
    path = existing.path if existing is not None else _free_path(d, slug(name))
    try:
        storage.write_json(path, set_dict(name, rules), exclusive=existing is None)
    except storage.StorageError as e:
        if e.kind == "exists":
            raise RulesetError(EXISTS(name=repr(name))) from None
        raise RulesetError(e.message) from None  # why, in the player's words
    return path


def delete_set(name: str, folder: Path | None = None) -> None:
    """Delete the set of that name (a damaged one too, when named by its file's stem)."""
    found = find_set(name, folder)
    if found is None:
        raise RulesetError(NOT_FOUND(name=repr(name)))
    try:
        found.path.unlink()
    except OSError as e:
        raise RulesetError(CANNOT_DELETE(path=str(found.path), why=_os_why(e))) from None


def export_set(name: str, dest: Path | None = None, folder: Path | None = None) -> Path:
    """Write the set `name` as ``<slug>.json`` into `dest` (the Documents folder by default;
    ``<slug>-2.json``... when taken) and return the file."""
    rules = load_set(name, folder)
    found = find_set(name, folder)
    assert found is not None
    d = dest if dest is not None else documents_dir()
    for _ in range(100):
        path = _free_path(d, slug(found.name))
        try:
            storage.write_json(path, set_dict(found.name, rules), exclusive=True,
                               make_folder=False)
            return path
        except storage.StorageError as e:
            if e.kind == "exists":
                continue
            raise RulesetError(e.message) from None  # why, in the player's words
    raise RulesetError(CANNOT_WRITE(path=str(d), why="too many files"))  # pragma: no cover


def free_name(name: str, folder: Path | None = None) -> str:
    """`name`, or ``"name (2)"``, ``"name (3)"``... the first no set has (within 40 characters)."""
    taken = {_key(s.name) for s in list_sets(folder)}
    if _key(name) not in taken:
        return name
    n = 2
    while True:
        tail = f" ({n})"
        candidate = name[:MAX_NAME - len(tail)].rstrip() + tail
        if _key(candidate) not in taken:
            return candidate
        n += 1


def import_set(path: str | Path, folder: Path | None = None) -> SavedSet:
    """Read a rules file (the errors of ``--rules``: `RulesError`) and save it as a new set,
    named as the file says (else by the file's name), ``"name (2)"`` when that is taken."""
    name, rules = read_set_file(path)
    if name is None or not name.strip() or not name.strip().isprintable():
        name = Path(path).stem
    name = check_name(name[:MAX_NAME].strip() or "rules")
    name = free_name(name, folder)
    saved = save_set(name, rules, folder=folder)
    return SavedSet(name, saved, rules)


def import_candidates(folder: Path | None = None) -> list[Path]:
    """The ``*.json`` files of a folder (the Documents folder by default), newest first."""
    d = folder if folder is not None else documents_dir()
    try:
        files = [p for p in d.iterdir() if p.suffix.lower() == ".json" and p.is_file()]
    except OSError:
        return []
    try:
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        files.sort()
    return files[:MAX_SETS]


#: the rules a summary names, in the settings page's order (yak values are counted apart)
SUMMARY_FIELDS = tuple(f.name for f in dataclasses.fields(RuleSet)
                       if not f.name.startswith("_") and f.name not in ("preset", "yak_overrides"))


def differences(rules: RuleSet) -> list[str]:
    """The rules (field names) where `rules` differs from its preset's defaults, in order;
    ``"yak_overrides"`` last when it has custom yak values."""
    base = RuleSet(preset=rules.preset)
    out = [f for f in SUMMARY_FIELDS if getattr(rules, f) != getattr(base, f)]
    if rules.yak_overrides:
        out.append("yak_overrides")
    return out


def matching_set(rules: RuleSet, folder: Path | None = None) -> SavedSet | None:
    """The first saved set with exactly these rules, or None."""
    return next((s for s in list_sets(folder) if s.rules == rules), None)
