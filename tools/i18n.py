"""Keep the translation catalogues in step with the code (Babel's catalogue tools).

    python tools/i18n.py check            # what is missing, unused or mismatched (exit 1 if any)
    python tools/i18n.py update           # add new texts (untranslated), drop unused, recompile
    python tools/i18n.py compile          # .po -> .mo for every language
    python tools/i18n.py init LANG        # start a new language: empty catalogues for LANG
    python tools/i18n.py pot              # write the templates game/i18n/locale/<domain>.pot

The source of every text is the code: message kinds (`game.engine.messages.define`, in the
engine, ai/ and game/practice) and interface texts (`game.i18n.register_texts`, in game/i18n,
game/ui and game/cli). `collect()` imports every module of `game` and `ai` to find them all, so
the set of texts is exactly what the program can show. Each entry's msgctxt is its code or key;
its msgid is the English. The templates (``.pot``, one per catalogue) are what a translator's
tool (Poedit, Weblate, ``pybabel init``) starts a language from; `pot` writes them and
tests/test_catalogues.py checks that the committed ones are current.
"""

from __future__ import annotations

import argparse
import importlib
import io
import pkgutil
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

PROJECT = "korean-mahjong"
HEADER = """\
# {language} texts of Korean 2-Point Mahjong ({domain}).
# Edit msgstr lines only; `python tools/i18n.py update` keeps the entries in step with the code
# and `python tools/i18n.py check` says what is missing. Licence: the project's (MIT)."""


POT_HEADER = """\
# The template of the texts of Korean 2-Point Mahjong ({domain}): every English text with its
# context. Written by `python tools/i18n.py pot` (and `update`); do not edit. A new language
# starts from it: `python tools/i18n.py init LANG`. Licence: the project's (MIT)."""


@dataclass(frozen=True)
class Source:
    """One text the program can show: where it goes, its context, English, optional plural."""

    domain: str
    context: str
    english: str
    plural: str | None = None


def import_everything() -> None:
    """Import every module of `game` and `ai` (so every kind and text is registered)."""
    for pkg_name in ("game", "ai"):
        pkg = importlib.import_module(pkg_name)
        for info in pkgutil.walk_packages(pkg.__path__, pkg_name + "."):
            if info.name.endswith("__main__"):
                continue
            importlib.import_module(info.name)


def collect() -> list[Source]:
    """Every message kind and interface text, sorted by catalogue and context."""
    import_everything()
    from game.engine.messages import KINDS
    from game.i18n import TEXTS
    out = [Source(k.domain, k.code, k.english, k.plural) for k in KINDS.values()
           if not k.code.startswith("doc.")]  # the docstrings' examples
    out += [Source(t.domain, t.key, t.english, t.plural) for t in TEXTS.values()]
    return sorted(out, key=lambda s: (s.domain, s.context))


def template(domain: str, sources: list[Source]) -> Catalog:
    cat = Catalog(project=PROJECT, fuzzy=False)
    for s in sources:
        if s.domain == domain:
            msgid = (s.english, s.plural) if s.plural is not None else s.english
            cat.add(msgid, context=s.context, flags=("python-brace-format",) if "{" in s.english else ())
    return cat


#: where the templates live: beside the languages' folders (the project's top level is fixed by
#: its design card); the source distribution carries them (MANIFEST.in), the wheel does not
POT_DIR = ROOT / "game" / "i18n" / "locale"


def pot_path(domain: str) -> Path:
    return POT_DIR / f"{domain}.pot"


def pot_bytes(domain: str, sources: list[Source], *, dated_now: bool = False) -> bytes:
    """The template of one catalogue: every English text with its context, no translation,
    dated as the committed template is (unless `dated_now`, or there is none yet)."""
    cat = template(domain, sources)
    cat.domain = domain
    cat.fuzzy = False
    path = pot_path(domain)
    if path.is_file() and not dated_now:
        with path.open("rb") as f:
            cat.creation_date = read_po(f).creation_date
    cat.header_comment = POT_HEADER.format(domain=domain)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=True, no_location=True)
    return buf.getvalue()


def pot_is_current(domain: str, sources: list[Source]) -> bool:
    """Whether the committed template of `domain` holds exactly today's texts (the name of the
    Babel release that wrote it aside)."""
    path = pot_path(domain)

    return path.is_file() and _without_tool(path.read_bytes()) == _without_tool(
        pot_bytes(domain, sources))


def write_pots(sources: list[Source]) -> list[Path]:
    """Write each catalogue's template whose texts changed (dated now); the paths written."""
    from game.i18n import DOMAINS
    written = []
    for domain in DOMAINS:
        if not pot_is_current(domain, sources):
            path = pot_path(domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pot_bytes(domain, sources, dated_now=True))
            written.append(path)
    return written


def po_path(lang: str, domain: str) -> Path:
    from game.i18n import LOCALE_DIR
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str) -> Catalog:
    path = po_path(lang, domain)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def write(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    header = HEADER.format(language=cat.locale_identifier or "?", domain=cat.domain)
    # the translators' own notes after our standard lines (the Korean glossary) are kept
    lines, ours = (cat.header_comment or "").split("\n"), header.split("\n")
    kept = lines[len(ours):] if lines[:len(ours)] == ours else []
    cat.header_comment = "\n".join([header, *kept])
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, ignore_obsolete=True, sort_output=True,
             no_location=True)
    if path.is_file() and _without_tool(path.read_bytes()) == _without_tool(buf.getvalue()):
        return  # only the Babel release named in the header would change: no churn
    path.write_bytes(buf.getvalue())


def _without_tool(data: bytes) -> list[bytes]:
    """A catalogue's lines less the one naming the Babel release that wrote it."""
    return [line for line in data.split(b"\n") if not line.startswith(b'"Generated-By:')]


def mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


#: headers the compiler writes about itself, not about the catalogue: a .mo compiled by another
#: Babel release differs only there, and the game never reads them
TOOL_HEADERS = ("Generated-By",)


def mo_content(data: bytes) -> tuple[dict[str, str], dict[tuple[str | None, object], object]]:
    """What a compiled catalogue says: its headers (less the compiler's name) and every message
    with its context and plural forms. Two compiles of one .po by different Babel releases are
    equal here, while a changed, missing or extra translation or a changed plural rule is not."""
    cat = read_mo(io.BytesIO(data))
    headers = {k: v for k, v in cat.mime_headers if k not in TOOL_HEADERS}
    def key(v: object) -> object:  # plural ids and strings come as lists
        return tuple(v) if isinstance(v, (list, tuple)) else v
    messages = {(m.context, key(m.id)): key(m.string) for m in cat if m.id}
    return headers, messages


def is_compiled(po: Catalog, mo: Path) -> bool:
    """Whether the .mo at `mo` holds exactly what compiling `po` gives today."""
    if not mo.is_file():
        return False
    try:
        return mo_content(mo.read_bytes()) == mo_content(mo_bytes(po))
    except Exception:  # noqa: BLE001 - a damaged .mo is simply not compiled from its .po
        return False


def catalogue_languages() -> list[str]:
    from game.i18n import LOCALE_DIR
    return sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())


def problems(lang: str, sources: list[Source]) -> list[str]:
    """What is wrong with `lang`'s catalogues: missing or fuzzy translations, placeholders that
    differ from the English, entries nothing uses, and compiled files older than their source."""
    from game.engine.messages import placeholders
    from game.i18n import DOMAINS
    out = []
    for domain in DOMAINS:
        want = {s.context: s for s in sources if s.domain == domain}
        path = po_path(lang, domain)
        if not path.is_file():
            if want:
                out.append(f"{lang}/{domain}.po is missing ({len(want)} texts)")
            continue
        cat = read(lang, domain)
        have = {m.context: m for m in cat if m.id}
        for ctx, s in want.items():
            m = have.get(ctx)
            label = f"{lang}/{domain}.po [{ctx}]"
            if m is None:
                out.append(f"{label}: no translation of {s.english!r}")
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            if ids[0] != s.english or (s.plural is not None and ids[1:] != (s.plural,)):
                out.append(f"{label}: translates an old English {ids[0]!r} (now {s.english!r})")
            strs = m.string if isinstance(m.string, tuple) else (m.string,)
            if not all(strs) or m.fuzzy:
                out.append(f"{label}: not translated" + (" (fuzzy)" if m.fuzzy else ""))
                continue
            names = placeholders(s.english)
            for one in strs:
                try:
                    got = placeholders(one)
                except ValueError as e:
                    out.append(f"{label}: bad template {one!r} ({e})")
                    continue
                if got != names:
                    out.append(f"{label}: placeholders {sorted(got)} differ from the English "
                               f"{sorted(names)}")
        for ctx in sorted(set(have) - set(want)):
            out.append(f"{lang}/{domain}.po [{ctx}]: nothing uses this entry")
        mo = path.with_suffix(".mo")
        if not is_compiled(cat, mo):
            out.append(f"{lang}/{domain}.mo is not compiled from {domain}.po "
                       "(run python tools/i18n.py compile)")
    return out


def update(lang: str, sources: list[Source]) -> None:
    """Bring `lang`'s catalogues in step: new texts untranslated, unused ones dropped."""
    from game.i18n import DOMAINS
    for domain in DOMAINS:
        tmpl = template(domain, sources)
        path = po_path(lang, domain)
        if path.is_file():
            cat = read(lang, domain)
            tmpl.creation_date = cat.creation_date  # no header churn when nothing changed
        else:
            cat = Catalog(locale=lang, domain=domain, project=PROJECT, fuzzy=False)
        cat.update(tmpl, no_fuzzy_matching=True)
        write(cat, path)
    compile_lang(lang)


def compile_lang(lang: str) -> None:
    from game.i18n import DOMAINS
    for domain in DOMAINS:
        path = po_path(lang, domain)
        if path.is_file():
            cat = read(lang, domain)
            mo = path.with_suffix(".mo")
            if not is_compiled(cat, mo):  # no churn from another Babel's name in the header
                mo.write_bytes(mo_bytes(cat))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("check", "update", "compile", "init", "pot"))
    ap.add_argument("lang", nargs="?")
    a = ap.parse_args(argv)
    langs = [a.lang] if a.lang else catalogue_languages()
    if a.command == "init":
        if not a.lang:
            ap.error("init needs a language code, e.g. init ja")
        update(a.lang, collect())
        print(f"catalogues for {a.lang} written; translate the .po files, then run compile")
        return 0
    if a.command == "compile":
        for lang in langs:
            compile_lang(lang)
        return 0
    sources = collect()
    if a.command == "pot":
        for path in write_pots(sources):
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if a.command == "update":
        for lang in langs:
            update(lang, sources)
        write_pots(sources)
        return 0
    from game.i18n import DOMAINS
    found = [p for lang in langs for p in problems(lang, sources)]
    found += [f"{pot_path(d).name} is not current (run python tools/i18n.py pot)"
              for d in DOMAINS if not pot_is_current(d, sources)]
    for p in found:
        print(p)
    print(f"{len(found)} problem(s) in {', '.join(langs)}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
