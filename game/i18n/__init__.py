"""Words at the edge: messages and interface text in the player's language, from catalogues.

The engine, the AI and the learning tools make `Message` values (game/engine/messages.py); the
UI and the command line turn them into words here. Every text has an English source in the code
(a message kind's template, or a text registered with `register_texts`) and a translation per
language in a gettext catalogue: ``game/i18n/locale/<lang>/LC_MESSAGES/<domain>.po`` (compiled to
``.mo``; `tools/i18n.py` extracts, updates, compiles and checks them with Babel). The context of
each entry (msgctxt) is the message code or text key, so two texts with the same English can be
translated differently. English needs no catalogue; **adding a language is adding a catalogue
folder**: `languages()` finds it.

>>> from game.engine.messages import define, TILE, SEAT
>>> WAIT = define("doc.i18n.wait", "{seat} waits on {tile}", seat=SEAT, tile=TILE)
>>> render(WAIT(seat=1, tile=16), "en"), render(WAIT(seat=1, tile=16), "en", notation=True)
('South waits on 8 circles', 'S waits on 8p')
>>> text("tile.8p", "ko"), tile_name(18, "ko"), tile_name(22, "en"), tile_name(9, "en")
('8통', '동', 'White dragon', '1 circle')

A Korean template chooses its particles by the sound before them: ``{tile}은/는`` gives
``8통은`` and ``서는``; see `josa`.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.engine.actions import (
    AddedKong,
    ConcealedKong,
    DeclareNineMajor,
    Discard,
    Kong,
    Pass,
    Pung,
    Win,
)
from game.engine.messages import NOTATION, Arg, Message, domain_of
from game.engine.tiles import SUIT_BASE, format_tiles, rank, stem, suit

__all__ = [
    "DOMAINS", "LOCALE_DIR", "SOURCE_LANG", "TEXTS", "Text", "domain_of", "has_text", "josa",
    "languages", "register_texts", "render", "seat_name", "text", "tile_name", "tiles_text",
    "translation", "yak_name",
]

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANG = "en"
#: the catalogues of a language, one per package that writes text
DOMAINS = ("words", "engine", "ai", "practice", "ui", "cli")


@dataclass(frozen=True)
class Text:
    """A piece of interface text: its key (the catalogue's context), English, catalogue, and
    for a text with a count its English plural (the count is the format argument ``n``)."""

    key: str
    english: str
    domain: str
    plural: str | None = None


#: key -> Text: every registered interface text (menus, labels, tile and yak names, ...)
TEXTS: dict[str, Text] = {}


def register_texts(domain: str, texts: Mapping[str, str | tuple[str, str]]) -> None:
    """Register interface texts (key -> English) of one catalogue; a key may exist only once.
    A text with a count is ``(singular, plural)``, chosen by its argument ``n`` ("1 hand",
    "4 hands"; each language has its own plural rules in its catalogue)."""
    if domain not in DOMAINS:
        raise ValueError(f"unknown text domain {domain!r}; one of {', '.join(DOMAINS)}")
    for key, english in texts.items():
        one, many = english if isinstance(english, tuple) else (english, None)
        new = Text(key, one, domain, many)
        old = TEXTS.get(key)
        if old is not None and old != new:
            raise ValueError(f"text {key!r} is registered twice")
        TEXTS[key] = new


def has_text(key: str) -> bool:
    return key in TEXTS


def languages() -> tuple[str, ...]:
    """English, then every language with compiled catalogues, sorted: ('en', 'ko')."""
    found = sorted(p.name for p in LOCALE_DIR.iterdir()
                   if (p / "LC_MESSAGES").is_dir() and any((p / "LC_MESSAGES").glob("*.mo")))
    return (SOURCE_LANG, *[lang for lang in found if lang != SOURCE_LANG])


@cache
def translation(lang: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalogue `domain` of `lang` (English: the source texts themselves)."""
    if lang == SOURCE_LANG:
        return gettext.NullTranslations()
    if lang not in languages():
        raise KeyError(f"unknown language {lang!r}; choose one of {', '.join(languages())}")
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    if not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


def text(key: str, lang: str, **fmt: Any) -> str:
    """The interface text `key` in `lang`, formatted with `fmt`. Unknown keys raise KeyError."""
    try:
        t = TEXTS[key]
    except KeyError:
        raise KeyError(f"no text {key!r}") from None
    if t.plural is not None:
        n = fmt.get("n")
        out = translation(lang, t.domain).npgettext(key, t.english, t.plural,
                                                    n if isinstance(n, int) else 2)
    else:
        out = translation(lang, t.domain).pgettext(key, t.english)
    return josa(out.format(**fmt)) if fmt else out


# ---------------------------------------------------------------- the words every message uses

register_texts("words", {
    **{f"tile.{n}m": f"{n} character{'s' * (n > 1)}" for n in range(1, 10)},
    **{f"tile.{n}p": f"{n} circle{'s' * (n > 1)}" for n in range(1, 10)},
    "tiles.m": "{ranks} characters",
    "tiles.p": "{ranks} circles",
    "tiles.rank_join": "{a} {b}",
    "list.sep": ", ",
    "tiles.group_sep": ", ",
    "msgs.sep": "; ",
    "groups.sep": " · ",
    "stem.m": "{a}, {b} and {c} characters",
    "stem.p": "{a}, {b} and {c} circles",
    "tile.z1": "East wind", "tile.z2": "South wind", "tile.z3": "West wind", "tile.z4": "North wind",
    "tile.z5": "White dragon", "tile.z6": "Green dragon", "tile.z7": "Red dragon",
    "tile.f1": "Spring flower", "tile.f2": "Summer flower", "tile.f3": "Autumn flower",
    "tile.f4": "Winter flower",
    "wind.0": "East", "wind.1": "South", "wind.2": "West", "wind.3": "North",
    "act.discard": "discard {tile}",
    "act.uper": "discard {tile} and declare uper",
    "act.win": "win",
    "act.pung": "pung",
    "act.kong": "kong",
    "act.concealed_kong": "concealed kong of {tile}",
    "act.added_kong": "added kong of {tile}",
    "act.nine_major": "nine major tiles draw",
    "act.pass": "pass",
})


def _register_yak_names() -> None:
    from game.engine.scoring.yak import YAK
    register_texts("words", {f"yak.{k}": y.name_en for k, y in YAK.items()})


_register_yak_names()


def tile_name(kind: int, lang: str, *, notation: bool = False) -> str:
    """One tile as players name it ('5 circles', 'East wind', '5통', '동'), or in notation."""
    if notation:
        return NOTATION[Arg.TILE](kind)
    s = suit(kind)
    if s < 2:
        return text(f"tile.{rank(kind)}{'mp'[s]}", lang)
    return text(f"tile.{'zf'[s - 2]}{kind - SUIT_BASE[s] + 1}", lang)


def tiles_text(kinds: Iterable[int], lang: str, *, notation: bool = False) -> str:
    """Several tiles: ranks of one suit together ('1 4 7 characters', '147만'), honours by name.

    >>> tiles_text([0, 3, 6, 22], "en"), tiles_text([0, 3, 6, 22], "ko")
    ('1 4 7 characters, White dragon', '147만 백')
    """
    kinds = list(kinds)
    if len(kinds) == 1:
        return tile_name(kinds[0], lang, notation=notation)
    if notation:
        return format_tiles(kinds)
    groups: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if run:
            if len(run) == 1:
                groups.append(tile_name(run[0], lang))
                run.clear()
                return
            ranks = str(rank(run[0]))
            for k in run[1:]:
                ranks = text("tiles.rank_join", lang, a=ranks, b=rank(k))
            groups.append(text(f"tiles.{'mp'[suit(run[0])]}", lang, ranks=ranks))
            run.clear()
    for k in kinds:
        if suit(k) < 2 and (not run or suit(run[0]) == suit(k)):
            run.append(k)
            continue
        flush()
        if suit(k) < 2:
            run.append(k)
        else:
            groups.append(tile_name(k, lang))
    flush()
    return text("tiles.group_sep", lang).join(groups)


def seat_name(seat: int, lang: str, *, notation: bool = False) -> str:
    return NOTATION[Arg.SEAT](seat) if notation else text(f"wind.{seat}", lang)


def yak_name(key: str, lang: str) -> str:
    """A yak's or bonus's name in `lang` (unknown keys raise KeyError naming the key)."""
    if f"yak.{key}" not in TEXTS:
        raise KeyError(f"no yak name for {key!r}")
    return text(f"yak.{key}", lang)


def action_text(a: Any, lang: str, *, notation: bool = False) -> str:
    """An action in words: 'discard 5 circles', '5통 버림', 'pung' ('discard 5p' in notation)."""
    match a:
        case Discard(tile=k, uper=True):
            return text("act.uper", lang, tile=tile_name(k, lang, notation=notation))
        case Discard(tile=k):
            return text("act.discard", lang, tile=tile_name(k, lang, notation=notation))
        case ConcealedKong(tile=k):
            return text("act.concealed_kong", lang, tile=tile_name(k, lang, notation=notation))
        case AddedKong(tile=k):
            return text("act.added_kong", lang, tile=tile_name(k, lang, notation=notation))
        case Win():
            return text("act.win", lang)
        case Pung():
            return text("act.pung", lang)
        case Kong():
            return text("act.kong", lang)
        case DeclareNineMajor():
            return text("act.nine_major", lang)
        case Pass():
            return text("act.pass", lang)
    raise TypeError(f"not an action: {a!r}")


def _arg(t: Arg, v: Any, lang: str, notation: bool) -> Any:
    sep = text("list.sep", lang)
    match t:
        case Arg.INT | Arg.FLOAT:
            return v
        case Arg.TEXT:
            return v
        case Arg.TILE:
            return tile_name(v, lang, notation=notation)
        case Arg.TILES:
            return tiles_text(v, lang, notation=notation)
        case Arg.STEM:
            if notation:
                return NOTATION[t](v)
            a, b, c = (rank(k) for k in stem(v))
            return text(f"stem.{'mp'[suit(v)]}", lang, a=a, b=b, c=c)
        case Arg.GROUPS:
            return text("groups.sep", lang).join(tiles_text(g, lang, notation=notation) for g in v)
        case Arg.SEAT:
            return seat_name(v, lang, notation=notation)
        case Arg.SEATS:
            return sep.join(seat_name(s, lang, notation=notation) for s in v)
        case Arg.YAK:
            return yak_name(v, lang) if f"yak.{v}" in TEXTS else v
        case Arg.YAKS:
            return sep.join(yak_name(k, lang) if f"yak.{k}" in TEXTS else k for k in v)
        case Arg.MSG:
            return render(v, lang, notation=notation)
        case Arg.MSGS:
            return text("msgs.sep", lang).join(render(m, lang, notation=notation) for m in v)
        case Arg.LIST:
            return sep.join(render(m, lang, notation=notation) for m in v)
        case Arg.ACTION:
            return action_text(v, lang, notation=notation)
        case Arg.ACTIONS:
            return sep.join(action_text(a, lang, notation=notation) for a in v)
    raise TypeError(t)


def render(message: Message, lang: str, *, notation: bool = False) -> str:
    """`message` in `lang`: tiles named in words, or in notation when `notation` (what a player
    asked for on the command line or in the settings)."""
    kind = message.kind
    args = dict(message.args)
    t = translation(lang, kind.domain)
    if kind.plural is not None:
        n = args[kind.count]  # type: ignore[index]
        template = t.npgettext(kind.code, kind.english, kind.plural, n)
    else:
        template = t.pgettext(kind.code, kind.english)
    out = {k: _arg(kind.params[k], v, lang, notation) for k, v in args.items()}
    return josa(template.format(**out))


# ---------------------------------------------------------------- Korean particles

_JOSA = re.compile(r"(?<=[가-힣0-9)a-zA-Z'\"\]])(은/는|이/가|을/를|으로/로|과/와)")
_NO_BATCHIM_DIGITS = "2459"


def josa(s: str) -> str:
    """Pick each Korean particle written 'A/B' by the sound before it: '8통은/는' -> '8통은'.

    >>> josa("서이/가 9통을/를 버림; 남으로/로; 2으로/로")
    '서가 9통을 버림; 남으로; 2로'
    """
    if "/" not in s:
        return s

    def pick(m: re.Match[str]) -> str:
        before = s[m.start() - 1]
        pair = m.group(1).split("/")
        if before.isdigit():
            final = 0 if before in _NO_BATCHIM_DIGITS else (8 if before in "178" else 1)
        elif not ("가" <= before <= "힣"):
            final = 0
        else:
            final = (ord(before) - 0xAC00) % 28
        if pair[0] == "으로":
            return "로" if final in (0, 8) else "으로"
        return pair[0] if final else pair[1]
    return _JOSA.sub(pick, s)


def all_texts(lang: str) -> Iterator[str]:
    """Every registered text and message template in `lang` (for the font subset)."""
    from game.engine.messages import KINDS
    for t in TEXTS.values():
        yield translation(lang, t.domain).pgettext(t.key, t.english)
    for k in KINDS.values():
        tr = translation(lang, k.domain)
        yield tr.pgettext(k.code, k.english)
        if k.plural is not None:
            yield tr.npgettext(k.code, k.english, k.plural, 2)
