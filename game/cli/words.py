"""What the command line says, in the player's language (``--lang``), tiles in notation.

Every subcommand takes ``--lang`` (the languages with catalogues, `game.i18n.languages`); without
it the saved settings' language is used, else the locale's (a damaged settings file falls back
to the locale and never stops a command). Sentences are `Message` values (reasons from the
engine, the AI and the command line's own kinds, defined in its modules with the catalogue
"cli") or interface texts registered here; both are rendered by `game.i18n` with tiles **in
notation** (``8p``, seats ``E S W N``): the command line is where a player asks for notation.

>>> say("cli.error", "ko"), said(NO_SUCH_FILE(path="x.jsonl"), "ko")
('오류', 'x.jsonl: 파일이 없습니다')
>>> width("점수 8"), pad("점수", 6) + "|", pad("pts", 6, ">")
(6, '점수  |', '   pts')
"""

from __future__ import annotations

import argparse
import unicodedata
from typing import Any

from game.engine.error_words import message_of
from game.engine.messages import TEXT, Message, define
from game.i18n import languages, register_texts, render, text

__all__ = ["NO_SUCH_FILE", "add_lang_argument", "language", "message_json", "pad", "reason_of",
           "said", "say", "width"]

register_texts("cli", {
    "cli.error": "error",
    "cli.warning": "warning",
    # melds by their type (game.engine.melds)
    "cli.meld.pung": "pung",
    "cli.meld.kong": "kong",
    "cli.meld.concealed_kong": "concealed kong",
})

#: a file named on the command line that is not there
NO_SUCH_FILE = define("cli.no_such_file", "{path}: no such file", path=TEXT)


def add_lang_argument(p: argparse.ArgumentParser, what: str = "the printed lines") -> None:
    """``--lang``: one of the languages with catalogues; default: the settings', else the
    locale's."""
    p.add_argument("--lang", choices=languages(),
                   help=f"language of {what} (default: the saved settings' language, else the "
                        "locale's)")


def default_language() -> str:
    """The saved settings' language, else the locale's; a settings file that cannot be read
    (damaged, unreadable, anything) gives the locale's language and stops nothing."""
    from game import settings

    try:
        lang = settings.load_settings()[0].language
    except Exception:  # noqa: BLE001 - load_settings never raises; a command must never stop here
        lang = settings.default_language()
    return lang if lang in languages() else "en"


def language(args: Any) -> str:
    """The language of a command: its ``--lang``, else `default_language` (remembered on
    `args`, so the settings are read once)."""
    lang = getattr(args, "lang", None)
    if lang is None:
        lang = default_language()
        try:
            args.lang = lang
        except AttributeError:  # not a namespace
            pass
    return lang


def say(key: str, lang: str, **fmt: Any) -> str:
    """An interface text of the command line in `lang`."""
    return text(key, lang, **fmt)


def said(message: Message, lang: str) -> str:
    """A message in `lang`, tiles in notation."""
    return render(message, lang, notation=True)


def reason_of(e: object) -> Message | None:
    """The `Message` an exception carries (``e.message``, or an engine error's ``reason``, or
    what `game.engine.error_words` makes of it)."""
    for name in ("message", "reason"):
        m = getattr(e, name, None)
        if isinstance(m, Message):
            return m
    return message_of(e) if isinstance(e, BaseException) else None


def message_json(m: Message | None) -> dict[str, Any] | None:
    """``{"code", "args", "text"}`` of `m` (None stays None): what ``--json`` carries."""
    return None if m is None else m.to_json()


def width(s: str) -> int:
    """Columns `s` takes in a terminal (Korean letters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def pad(s: str, n: int, align: str = "<") -> str:
    """`s` padded to `n` terminal columns, left (``<``) or right (``>``) aligned."""
    fill = " " * max(0, n - width(s))
    return s + fill if align == "<" else fill + s
