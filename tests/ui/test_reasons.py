"""Every reason a player reads is a message, rendered from the catalogues in each language.

The messages are collected by running the code that makes them: the scorer on table-driven
positions, seeded hands played by the AI seats (their explain() after every act, every
Decision.note, every refusal of the table), the hints of positions of those hands, the uper
practice's positions and options, and the review's lessons. Each must be a `Message` (words are
made at the edge, never parsed back) and render in Korean with no English word left, and in
English with tiles in words (no notation like ``5p``, ``1z``), or in notation when asked.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

import pytest

from ai.registry import make_seat
from game.engine.actions import Discard, Win
from game.engine.errors import IllegalActionError
from game.engine.melds import Meld
from game.engine.messages import Message
from game.engine.rules import RuleSet
from game.engine.scoring.context import WinContext
from game.engine.scoring.evaluate import evaluate_win
from game.engine.scoring.sacred import sacred_status
from game.engine.scoring.uper import uper_verdict
from game.engine.table import Table
from game.engine.tiles import parse_tile, parse_tiles
from game.ui.i18n import reason_text

# English words that may stay in a Korean sentence (none so far)
_ALLOWED: set[str] = set()
_ENGLISH = re.compile(r"[A-Za-z]{3,}")
#: tile notation: 5p, 1z, 147m, 123m456p
NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:[1-9]+[mpzf])+(?![A-Za-z0-9])")


def check(msg: object) -> None:
    """`msg` is a Message that reads right in Korean, in English and in notation."""
    assert isinstance(msg, Message), f"a plain sentence, not a message: {msg!r}"
    ko = reason_text(msg, "ko")
    left = [w for w in _ENGLISH.findall(ko) if w.lower() not in _ALLOWED]
    assert not left, f"English left in {ko!r} ({msg.kind.code}): {left}"
    assert re.search("[가-힣]", ko), ko
    en = reason_text(msg, "en")
    assert en and not NOTATION.search(en), f"notation in the English of {msg.kind.code}: {en!r}"
    assert reason_text(msg, "en", notation=True)  # renders in notation too


def check_all(found: Iterable[object], at_least: int = 1) -> None:
    msgs = [m for m in found if m is not None and m != ""]
    assert len(msgs) >= at_least, len(msgs)
    plain = sorted({repr(m) for m in msgs if not isinstance(m, Message)})
    assert not plain, f"{len(plain)} plain sentences, e.g. {plain[:5]}"
    for m in msgs:
        check(m)


def test_the_checks_catch_english_and_notation():
    from game.engine.messages import TILE, define
    # a "doc." code: left out of the catalogues (test_catalogues may run in this process after it)
    bad = define("doc.test.ui.reasons.bad", "{tile} is 5p", tile=TILE)
    with pytest.raises(AssertionError, match="notation"):
        check(bad(tile=13))
    with pytest.raises(AssertionError, match="plain"):
        check_all(["a plain sentence"])
    assert reason_text("a seat program's own words", "ko") == "a seat program's own words"
    assert reason_text(None, "en") == ""


# ---------------------------------------------------------------- the scorer, table-driven
@pytest.mark.parametrize("hand, melds, wall, fragment", [
    ("123456m11p55z", (Meld("pung", parse_tile("7z"), 1),), 30, "claimed pung"),
    ("123456m11p55z", (Meld("kong", parse_tile("7z"), 1),), 30, "claimed kong"),
    ("1234567m11p99p57z", (), 30, "not ready"),
    ("1112345678m999p", (), 3, "only 3 tiles left"),
    ("1112345678m999p", (), 1, "only 1 tile left"),
    ("1112345678m999p", (), 0, "no tiles left"),
    ("111m456m789m23p55p", (), 30, "would win by discard"),  # concealed only on 1p and 4p
    ("111m456m789m55p55z", (), 30, "would win by discard"),  # 5p: concealed only; 5z: a value pung
])
def test_uper_refusals(hand, melds, wall, fragment):
    v = uper_verdict(parse_tiles(hand), melds, wall_left=wall, rules=RuleSet())
    assert not v.legal and fragment in str(v.reason), v
    check(v.reason)


def test_a_uper_refusal_in_both_languages():
    v = uper_verdict(parse_tiles("111m456m789m55p55z"), (), wall_left=30, rules=RuleSet())
    assert "5통" in reason_text(v.reason, "ko")
    assert "5 circles" in reason_text(v.reason, "en") and "5p" in reason_text(v.reason, "en", notation=True)


@pytest.mark.parametrize("concealed, win, melds, self_draw", [
    ("1234567m1234p557z", "5z", (), False),   # not a winning shape
    ("1234567m124p5z", "5z", (Meld("pung", parse_tile("7z"), 1),), False),  # not a shape, a meld
    ("111m456m789m234p55p", "5p", (), False),   # concealed only on a discard: chicken
    ("234m456m678m22p", "2p", (Meld("pung", parse_tile("5p"), 2),), False),  # simples only
    ("123m789m11p", "1p", (Meld("pung", parse_tile("5p"), 2), Meld("pung", parse_tile("9m"), 1)),
     False),                                  # no basic points at all
])
def test_evaluate_reasons(concealed, win, melds, self_draw):
    tiles = tuple(sorted(parse_tiles(concealed)))
    ctx = WinContext(concealed=tiles, win_tile=parse_tile(win), melds=melds, self_draw=self_draw,
                     seat=0, prevalent=0, discarder=None if self_draw else 1)
    res = evaluate_win(ctx, RuleSet())
    assert not res.valid
    check(res.reason)


def test_sacred_texts_every_case():
    st = sacred_status(parse_tiles("258p"), parse_tiles("5p4m1z"), uper_discard=parse_tile("2p"),
                       temporary=True, missed_after_uper=True, discarded_win_after_uper=True)
    assert {"SD1", "SD2", "SD4", "SD5", "SD6"} <= {r.case for r in st.reasons}
    st2 = sacred_status(parse_tiles("14m"), parse_tiles("7m"))
    check_all([r.message for r in st.reasons + st2.reasons], 6)
    check_all([st.why_not(w) or st2.why_not(w) for w in st.blocked + st2.blocked])
    stem = next(r for r in st2.reasons if r.case == "SD3")
    assert reason_text(stem.message, "ko") == \
        "7만을 버렸으므로 1만, 4만, 7만으로는 쏘아로 날 수 없습니다 (근 패턴 1-4-7)"


# ---------------------------------------------------------------- seeded hands with the AI
def _play_collect(seed: int, names: list[str], rules: RuleSet, found: list[object]) -> Table:
    seats = [make_seat(n, seed=seed * 4 + i) for i, n in enumerate(names)]
    t = Table(rules, seed)
    for e in t.events:
        for i, s in enumerate(seats):
            s.observe(e.visible_to(i))
    rng = random.Random(seed)
    steps = 0
    while not t.is_over and steps < 400:
        steps += 1
        for seat, d in list(t.pending().items()):
            found.extend(v for v in d.notes.values() if v)
            found.extend(d.observation.sacred)
            for notes in t.refused.values():
                found.extend(v for v in notes.values() if v)
            if rng.random() < 0.05:  # a wrong submission: the table's refusal
                bad = next(Discard(k) for k in range(25) if Discard(k) not in d.legal) \
                    if rng.random() < 0.5 else Win()
                try:
                    t.submit((seat + 1) % 4 if rng.random() < 0.5 else seat, bad)
                except IllegalActionError as e:
                    found.append(e.reason)
                if seat not in t.pending():
                    break
            a = seats[seat].act(d)
            found.append(seats[seat].explain())
            n0 = len(t.events)
            t.submit(seat, a)
            for e in t.events[n0:]:
                for i, s in enumerate(seats):
                    s.observe(e.visible_to(i))
            break
    try:
        t.submit(0, Win())
    except IllegalActionError as e:
        found.append(e.reason)
    return t


@pytest.fixture(scope="module")
def played() -> list[object]:
    found: list[object] = []
    names = ["ai:expert", "ai:standard", "greedy", "random"]
    for seed in range(60):
        rules = RuleSet(strict_table=seed % 3 == 0)
        rot = names[seed % 4:] + names[:seed % 4]
        _play_collect(seed, rot, rules, found)
    return found


def test_ai_and_table_reasons_are_messages_in_every_language(played):
    kinds = {m.kind.code for m in played if isinstance(m, Message)}
    assert len(kinds) > 20, kinds
    check_all(played, 200)


def test_hints_are_messages_in_every_language():
    from game.practice.hints import hints
    found: list[object] = []
    for seed in range(6):
        seats = [make_seat("ai:standard", seed=seed * 4 + i) for i in range(4)]
        t = Table(RuleSet(), 100 + seed)
        steps = 0
        while not t.is_over and steps < 200:
            steps += 1
            seat, d = next(iter(t.pending().items()))
            if steps % 9 == 0 and seat == 0 and d.kind == "turn":
                h = hints(d, t.events, rules=t.rules)
                found.append(h.reason)
                found.extend(x.uper_reason for x in h.discards)
                found.extend(x.plan for x in h.discards)
                found.extend(w.message for x in h.discards for w in x.waits)
                found.extend(w.message for w in h.waits)
                found.extend(td.reason for o in h.opponents for td in o.tiles)
                found.extend(v for o in h.opponents for v in o.safe.values())
                found.extend(h.sacred.reasons)
                found.extend(w for _, w in h.sacred.blocked)
                found.extend(h.why_not(k) for k in range(25))
            t.submit(seat, seats[seat].act(d))
    check_all(found, 20)


def test_practice_positions_options_and_lessons_are_messages():
    from game.practice.review import UperDecision, _lesson
    from game.practice.uper_practice import (
        STRICT_PENALTY,
        PracticeOption,
        generate_position,
        practice_options,
    )
    found: list[object] = []
    for seed in range(3):
        pos = generate_position(seed)
        found.append(pos.describe())
        found.extend(o.reason for o in practice_options(pos))

    class _C:  # a comparison stand-in: only what _lesson reads
        def __init__(self, offered):
            self.offered = offered

    from game.engine.scoring.uper import WALL_SHORT
    up = PracticeOption("uper", Discard(0, uper=True), True, False,
                        STRICT_PENALTY(why=WALL_SHORT(n=3, need=10)))
    for chosen, best, cost in (("silent", "uper", 1.25), ("fold", "fold", 0.0)):
        d = UperDecision(1, generate_position(0).describe(), chosen, _C((up,)))  # type: ignore[arg-type]
        found.append(_lesson(d, best, cost))
    check_all(found, 4)


def test_every_hangul_syllable_of_the_catalogues_is_in_the_font():
    import pygame.freetype

    from game.i18n import all_texts
    from game.ui.assets import UI_FONT
    pygame.freetype.init()
    f = pygame.freetype.Font(str(UI_FONT), 16)
    chars = {c for t in all_texts("ko") for c in t if "가" <= c <= "힣"}
    missing = [c for c in sorted(chars) if f.get_metrics(c)[0] is None]
    assert not missing, missing


def test_the_hints_panel_shows_reasons_in_the_players_words():
    import pygame

    from game.practice.hints import hints, practice_observation
    from game.ui.art import TileArt
    from game.ui.hints_panel import HintsPanel
    from game.ui.widgets import Fonts
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    obs = practice_observation("123m456p789p11m22z7z", rivers=("", "4m7z", "", ""))
    h = hints(obs)
    reasons = {td.reason for o in h.opponents for td in o.tiles}
    for lang, notation in (("en", False), ("en", True), ("ko", False)):
        p = HintsPanel(Fonts(), TileArt(), lang, notation=notation)
        p.set_hints(h)
        tips = ""
        for _ in range(30):  # page through the panel: the tips of what is in sight
            p.draw(screen, pygame.Rect(10, 10, 460, 780), 13)
            tips += " ".join(t for _, t in p.tips) + " "
            if not p.scroll_by(300):
                break
        for why in reasons:
            assert reason_text(why, lang, notation=notation) in tips, (lang, why)
        if lang == "ko":
            assert " vs " not in tips and "←" in tips  # tile and seat in Korean too
        elif notation:
            assert "7z vs S" in tips
        else:
            assert "Red dragon vs South" in tips and not NOTATION.search(tips)
    assert "손패를 완성하지 않습니다" in reason_text(h.why_not(parse_tile("3m")), "ko")
