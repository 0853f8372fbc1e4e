"""Every reason a player reads is translated to Korean (game/ui/reasons.py).

The texts are collected by running the code that writes them: the scorer on table-driven
positions, seeded hands played by the AI seats (their explain() after every act, every
Decision.note, every refusal of the table), the hints of positions of those hands, and the uper
practice options and lessons. Each must translate completely (no English word left).
"""

from __future__ import annotations

import random
import re

import pytest

from ai.registry import make_seat
from game.engine.actions import Discard, Win
from game.engine.errors import IllegalActionError
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.scoring.context import WinContext
from game.engine.scoring.evaluate import evaluate_win
from game.engine.scoring.sacred import sacred_status
from game.engine.scoring.uper import uper_verdict
from game.engine.table import Table
from game.engine.tiles import parse_tile, parse_tiles
from game.ui import reasons
from game.ui.reasons import translate, translate_or_none

# words that may stay in a Korean sentence: seat names of AIs, notation of actions and numbers
_ALLOWED = {"ai", "standard", "uper"}
_ENGLISH = re.compile(r"[A-Za-z]{3,}")


def _assert_korean(text: str) -> None:
    ko = translate_or_none(text)
    assert ko is not None, f"no Korean for: {text!r}"
    left = [w for w in _ENGLISH.findall(ko) if w.lower() not in _ALLOWED]
    assert not left, f"English left in {ko!r} (from {text!r}): {left}"
    assert re.search("[가-힣]", ko), ko


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
    _assert_korean(v.reason)


def test_uper_refusal_example_in_korean():
    text = "8p would win by discard with concealed only (1 point); 5p would win by discard with " \
           "concealed only (1 point)"
    assert translate(text, "ko") == "8통은 론으로 나면 문전만 (1점); 5통은 론으로 나면 문전만 (1점)"
    assert translate(text, "en") == text


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
    _assert_korean(res.reason)


def test_sacred_texts_every_case():
    st = sacred_status(parse_tiles("258p"), parse_tiles("5p4m1z"), uper_discard=parse_tile("2p"),
                       temporary=True, missed_after_uper=True, discarded_win_after_uper=True)
    cases = {r.case for r in st.reasons}
    assert {"SD1", "SD2", "SD4", "SD5", "SD6"} <= cases
    st2 = sacred_status(parse_tiles("14m"), parse_tiles("7m"))
    for r in st.reasons + st2.reasons:
        _assert_korean(r.text)
    for w in st.blocked + st2.blocked:
        _assert_korean(st.why_not(w) or st2.why_not(w))
    assert translate("you discarded 4m: 1m, 4m and 7m cannot be won by discard (stem pattern 1-4-7)",
                     "ko") == "4만을 버렸으므로 1만, 4만, 7만으로는 론할 수 없습니다 (근 패턴 1-4-7)"


# ---------------------------------------------------------------- seeded hands with the AI
def _play_collect(seed: int, names: list[str], rules: RuleSet, texts: set[str]) -> Table:
    seats = [make_seat(n, seed=seed * 4 + i) for i, n in enumerate(names)]
    t = Table(rules, seed)
    for e in t.events:
        for s in seats:
            s.observe(e.visible_to(seats.index(s)) if hasattr(e, "visible_to") else e)
    rng = random.Random(seed)
    steps = 0
    while not t.is_over and steps < 400:
        steps += 1
        pending = t.pending()
        for seat, d in list(pending.items()):
            texts.update(v for v in d.notes.values() if v)
            for notes in t.refused.values():
                texts.update(v for v in notes.values() if v)
            if rng.random() < 0.05:  # a wrong submission: the table's refusal
                bad = Discard(30) if rng.random() < 0.5 else Win()
                try:
                    t.submit((seat + 1) % 4 if rng.random() < 0.5 else seat, bad)
                except IllegalActionError as e:
                    texts.add(e.reason)
                except Exception as e:  # noqa: BLE001 - other errors are not reasons
                    assert not isinstance(e, IllegalActionError)
                if seat not in t.pending():
                    break
            a = seats[seat].act(d)
            why = seats[seat].explain()
            if why:
                texts.add(why)
            n0 = len(t.events)
            t.submit(seat, a)
            for e in t.events[n0:]:
                for i, s in enumerate(seats):
                    s.observe(e.visible_to(i) if hasattr(e, "visible_to") else e)
            break
    try:
        t.submit(0, Win())
    except IllegalActionError as e:
        texts.add(e.reason)
    return t


@pytest.fixture(scope="module")
def played_texts() -> set[str]:
    texts: set[str] = set()
    names = ["ai:expert", "ai:standard", "greedy", "random"]
    for seed in range(60):
        rules = RuleSet(strict_table=seed % 3 == 0)
        rot = names[seed % 4:] + names[:seed % 4]
        _play_collect(seed, rot, rules, texts)
    return texts


def test_ai_and_table_texts_are_korean(played_texts):
    assert len(played_texts) > 50
    missing = sorted(t for t in played_texts if translate_or_none(t) is None)
    assert not missing, f"{len(missing)} untranslated, e.g. {missing[:8]}"
    for t in played_texts:
        _assert_korean(t)


def test_hints_texts_are_korean():
    from game.practice.hints import hints
    from game.ui.hints_panel import describe_action
    texts: set[str] = set()
    names = ["ai:standard"] * 4
    for seed in range(6):
        seats = [make_seat(n, seed=seed * 4 + i) for i, n in enumerate(names)]
        t = Table(RuleSet(), 100 + seed)
        steps = 0
        while not t.is_over and steps < 200:
            steps += 1
            seat, d = next(iter(t.pending().items()))
            if steps % 9 == 0 and seat == 0 and d.kind == "turn":
                h = hints(d, t.events, rules=t.rules)
                texts.add(h.reason)
                if h.suggested is not None:
                    texts.add(describe_action(h.suggested))
                texts.update(x.uper_reason for x in h.discards if x.uper_reason)
                texts.update(x.plan for x in h.discards)
                texts.update(w.text for x in h.discards for w in x.waits)
                texts.update(w.text for w in h.waits)
                texts.update(td.reason for o in h.opponents for td in o.tiles)
                texts.update(v for o in h.opponents for v in o.safe.values())
                texts.update(h.sacred.reasons)
                texts.update(w for _, w in h.sacred.blocked if w)
                texts.update(h.why_not(k) for k in range(25))
            t.submit(seat, seats[seat].act(d))
    texts.discard("")
    assert len(texts) > 20
    for x in texts:
        _assert_korean(x)


def test_practice_options_and_lessons_are_korean():
    from game.practice.review import UperDecision, _lesson
    from game.practice.uper_practice import PracticeOption, generate_position, practice_options
    texts: set[str] = set()
    for seed in range(3):
        pos = generate_position(seed)
        texts.add(pos.describe())
        for o in practice_options(pos):
            texts.add(o.reason)

    class _C:  # a comparison stand-in: only what _lesson reads
        def __init__(self, offered):
            self.offered = offered

    from game.engine.scoring.uper import WALL_SHORT
    from game.practice.uper_practice import STRICT_PENALTY
    up = PracticeOption("uper", Discard(0, uper=True), True, False,
                        STRICT_PENALTY(why=WALL_SHORT(n=3, need=10)))
    for chosen, best, cost in (("silent", "uper", 1.25), ("fold", "fold", 0.0)):
        d = UperDecision(1, "", chosen, _C((up,)))  # type: ignore[arg-type]
        texts.add(_lesson(d, best, cost))
    texts.discard("")
    texts.discard(None)
    for x in texts:
        _assert_korean(x)


def test_fallback_and_font_coverage():
    assert translate("a sentence nobody wrote", "ko") == "a sentence nobody wrote"
    assert translate("", "ko") == ""
    # every Hangul syllable of the templates is in the UI font subset
    import pygame.freetype

    from game.ui.assets import UI_FONT
    pygame.freetype.init()
    f = pygame.freetype.Font(str(UI_FONT), 16)
    chars = {c for _, ko in reasons.TEMPLATES for c in ko if "가" <= c <= "힣"}
    missing = [c for c in sorted(chars) if f.get_metrics(c)[0] is None]
    assert not missing, missing


def test_hints_panel_shows_reasons_in_korean():
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
    english = {td.reason for o in h.opponents for td in o.tiles}
    for lang in ("en", "ko"):
        p = HintsPanel(Fonts(), TileArt(), lang)
        p.set_hints(h)
        tips = ""
        for _ in range(30):  # page through the panel: the tips of what is in sight
            p.draw(screen, pygame.Rect(10, 10, 460, 780), 13)
            tips += " ".join(t for _, t in p.tips) + " "
            if not p.scroll_by(300):
                break
        for why in english:
            shown = translate(why, lang)
            assert shown in tips, (lang, why)
        assert p.ask(parse_tile("3m")) == h.why_not(parse_tile("3m"))  # the answer itself: English
        if lang == "ko":
            assert " vs " not in tips and "←" in tips  # tile and seat in Korean too
    assert "손패를 완성하지 않습니다" in translate(h.why_not(parse_tile("3m")), "ko")
