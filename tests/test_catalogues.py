"""The translation catalogues: complete, consistent, used; messages render in every language.

The check itself is `tools/i18n.py` (Babel reads the .po files); these tests run it on the shipped
catalogues and show on small made-up catalogues that it catches each kind of mistake.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from game import i18n
from game.engine.actions import Discard, Pung
from game.engine.messages import (
    INT,
    MSG,
    SEAT,
    TILE,
    TILES,
    YAKS,
    Message,
    MessageError,
    define,
    message_from_json,
)
from game.engine.tiles import parse_tile, parse_tiles

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules["i18n_tool"] = tool
_spec.loader.exec_module(tool)

# kinds for these tests only (codes starting "doc." are left out of the catalogues)
WAITS = define("doc.test.waits", "{seat} waits on {tiles}", seat=SEAT, tiles=TILES)
LEFT = define("doc.test.left", "{n} tile left", plural="{n} tiles left", count="n", n=INT)
WHY = define("doc.test.why", "{tile} cannot win: {why} ({yaks})", tile=TILE, why=MSG, yaks=YAKS)


@pytest.fixture(scope="module")
def sources():
    return tool.collect()


def test_every_shipped_language_is_complete_and_compiled(sources):
    langs = tool.catalogue_languages()
    assert "ko" in langs
    found = [p for lang in langs for p in tool.problems(lang, sources)]
    assert found == [], "run python tools/i18n.py check:\n" + "\n".join(found[:40])


def test_every_language_covers_every_message_kind_and_ui_text(sources):
    domains = {s.domain for s in sources}
    assert {"words", "ui"} <= domains
    assert len(sources) > 300


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A copy of the shipped catalogues the test may break."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    i18n.translation.cache_clear()
    yield locale
    i18n.translation.cache_clear()


def _edit(locale: Path, lang: str, domain: str, context: str, new: str) -> None:
    cat = tool.read(lang, domain)
    for m in cat:
        if m.context == context:
            m.string = new
    tool.write(cat, tool.po_path(lang, domain))
    tool.compile_lang(lang)


def test_the_check_catches_a_missing_translation(scratch, sources):
    _edit(scratch, "ko", "ui", "menu.quit", "")
    assert any("[menu.quit]: not translated" in p for p in tool.problems("ko", sources))


def test_the_check_catches_different_placeholders(scratch, sources):
    _edit(scratch, "ko", "ui", "settings.saved_to", "저장됨: {paht}")
    found = tool.problems("ko", sources)
    assert any("[settings.saved_to]: placeholders ['paht'] differ" in p for p in found), found


def test_the_check_catches_an_unused_entry_and_a_stale_compile(scratch, sources):
    cat = tool.read("ko", "ui")
    cat.add("Nobody says this", string="아무도", context="menu.gone")
    tool.write(cat, tool.po_path("ko", "ui"))  # not compiled
    found = tool.problems("ko", sources)
    assert any("[menu.gone]: nothing uses this entry" in p for p in found)
    assert any("ko/ui.mo is not compiled" in p for p in found)


def test_a_catalogue_compiled_by_another_babel_release_is_compiled(scratch, sources, monkeypatch):
    """The .mo names the Babel that wrote it ("Generated-By"); a fresh machine has another
    release, and that alone must not count as a stale compile (CI was red for it)."""
    import babel.messages.catalog

    mo = tool.po_path("ko", "ui").with_suffix(".mo")
    before = mo.read_bytes()
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "99.0.0")
    other = tool.mo_bytes(tool.read("ko", "ui"))
    assert other != before and b"Babel 99.0.0" in other  # the bytes do differ
    mo.write_bytes(other)
    assert tool.problems("ko", sources) == []
    tool.compile_lang("ko")  # and compiling again leaves it alone: no churn between releases
    assert mo.read_bytes() == other


def test_the_check_catches_a_reworded_english_source(scratch, sources, monkeypatch):
    changed = [s if s.context != "menu.quit" else tool.Source(s.domain, s.context, "Exit")
               for s in sources]
    assert any("translates an old English 'Quit'" in p for p in tool.problems("ko", changed))


def test_adding_a_language_is_adding_a_catalogue(scratch, sources):
    """A new folder of catalogues, no code: the game offers the language and uses it."""
    tool.update("xx", sources)
    cat = tool.read("xx", "ui")
    for m in cat:
        if m.context == "menu.quit":
            m.string = "Kwit"
    tool.write(cat, tool.po_path("xx", "ui"))
    tool.compile_lang("xx")
    i18n.translation.cache_clear()
    assert i18n.languages() == ("en", "ko", "xx")
    assert i18n.text("menu.quit", "xx") == "Kwit"
    assert i18n.text("menu.new_game", "xx") == "New game"  # untranslated: the English
    assert any("not translated" in p for p in tool.problems("xx", sources))


def test_messages_render_in_words_in_notation_and_in_korean():
    m = WHY(tile=parse_tile("8p"), why=LEFT(n=1), yaks=("concealed", "seven_pairs"))
    assert str(m) == "8p cannot win: 1 tile left (concealed, seven pairs)"
    assert i18n.render(m, "en") == "8 circles cannot win: 1 tile left (Concealed hand, Seven pairs)"
    assert i18n.render(m, "en", notation=True) == str(m).replace("concealed, seven pairs",
                                                                 "Concealed hand, Seven pairs")
    w = WAITS(seat=2, tiles=parse_tiles("147m5z"))
    assert str(w) == "W waits on 147m5z"
    assert i18n.render(w, "en") == "West waits on 1 4 7 characters, White dragon"
    assert i18n.render(w, "ko") == "서 waits on 147만 백"  # doc.* kinds have no translation


@pytest.mark.parametrize("tile, en, ko", [
    ("1m", "1 character", "1만"), ("9p", "9 circles", "9통"), ("1z", "East wind", "동"),
    ("5z", "White dragon", "백"), ("6z", "Green dragon", "발"), ("7z", "Red dragon", "중"),
    ("1f", "Spring flower", "춘(꽃)"),
])
def test_tiles_are_named_as_players_name_them(tile, en, ko):
    k = parse_tile(tile)
    assert i18n.tile_name(k, "en") == en
    assert i18n.tile_name(k, "ko") == ko
    assert i18n.tile_name(k, "ko", notation=True) == tile


def test_actions_in_words():
    assert i18n.action_text(Discard(parse_tile("5p"), uper=True), "en") == \
        "discard 5 circles and declare uper"
    assert i18n.action_text(Discard(parse_tile("5p"), uper=True), "ko") == "5통 버리며 엎어"
    assert i18n.action_text(Pung(), "ko") == "펑"


@pytest.mark.parametrize("text, want", [
    ("8통은/는", "8통은"), ("서은/는", "서는"), ("2만을/를", "2만을"), ("9통이/가", "9통이"),
    ("발으로/로", "발로"), ("1만으로/로", "1만으로"), ("백과/와", "백과"),
])
def test_korean_particles_follow_the_sound(text, want):
    assert i18n.josa(text) == want


def test_a_message_is_checked_when_made():
    with pytest.raises(MessageError, match="missing seat"):
        WAITS(tiles=(1, 2))
    with pytest.raises(MessageError, match="unknown colour"):
        WAITS(seat=1, tiles=(1,), colour="red")
    with pytest.raises(MessageError, match="a seat 0-3"):
        WAITS(seat=4, tiles=(1,))
    with pytest.raises(MessageError, match="a tile kind"):
        WAITS(seat=0, tiles=(99,))
    with pytest.raises(MessageError, match="unknown message kind"):
        Message("no.such.kind")
    with pytest.raises(MessageError, match="defined twice"):
        define("doc.test.waits", "x")
    with pytest.raises(MessageError, match="must use exactly"):
        define("doc.test.bad", "{tile} and {other}", tile=TILE)


def test_message_json_round_trip_and_hostile_json():
    m = WHY(tile=3, why=LEFT(n=2), yaks=("concealed",))
    data = m.to_json()
    assert data["text"] == str(m) and data["code"] == "doc.test.why"
    assert message_from_json(data) == m
    for bad in (None, [], {"code": 5}, {"code": "doc.test.left", "args": {"n": "2"}},
                {"code": "doc.test.left", "args": {"m": 2}}, {"code": "doc.nope"},
                {"code": "doc.test.why", "args": {"tile": 3, "why": "text", "yaks": []}}):
        with pytest.raises(MessageError):
            message_from_json(bad)


def test_message_codes_and_text_keys_never_collide(sources):
    """A context names one text everywhere (translators and tools look entries up by it)."""
    seen: dict[str, str] = {}
    clashes = []
    for s in sources:
        if s.context in seen and seen[s.context] != s.domain:
            clashes.append(f"{s.context}: {seen[s.context]} and {s.domain}")
        seen[s.context] = s.domain
    assert clashes == []


def test_interface_texts_with_a_count_take_the_plural_of_their_language():
    """A text registered as (singular, plural) is chosen by its count `n` ("1 hand", "4 hands");
    Korean has one form."""
    from game.i18n import text
    from game.ui import i18n as _ui_texts  # noqa: F401 - registers the UI's texts

    assert [text("newgame.hands_n", "en", n=k) for k in (1, 4)] == ["1 hand", "4 hands"]
    assert text("records.pruned", "en", n=1) == "1 record deleted"
    assert [text("newgame.hands_n", "ko", n=k) for k in (1, 4)] == ["1판", "4판"]
