"""The yak registry: every basic yak (docs/rules.md §8.2) and bonus (8.3) as one small entry.

Each entry has a key (the keys of `game.engine.rules`), Korean and English names, its kind
("basic" or "bonus"), the keys it replaces, and ``applies(reading) -> int``: how many times it
applies (0 = not; e.g. 2 for two dragon pungs, 3 for three dora tiles). Points come from the
rule set: ``rules.points(key) * count``.

>>> [y.key for y in BASIC_YAK][:4]
['dragon_pung', 'seat_wind', 'prevalent_wind', 'double_wind']
>>> YAK["full_flush"].replaces
('half_flush',)
>>> len(BASIC_YAK), len(BONUS_YAK)
(25, 11)

Project choices [C] where the sources are silent (docs/rules.md §11):

* half flush needs at least one honour and exactly one suit, so an all-honours hand is not a
  half flush and a one-suit hand without honours is a full flush only;
* all honours replaces all terminals and honours (an all-honours hand has no terminal);
* seven pairs scores with concealed / self-draw / all simples / the flushes / all terminals and
  honours / all honours, like any other hand shape;
* a yak set to 0 points in custom values is switched off: it neither scores nor replaces.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..hand.decompose import SEQ
from ..tiles import (
    DRAGONS,
    WINDS,
    is_dragon,
    is_honour,
    is_major,
    is_simple,
    is_wind,
    parse_tile,
)
from .reading import Reading

BASIC = "basic"
BONUS = "bonus"

P1, P5, P9 = parse_tile("1p"), parse_tile("5p"), parse_tile("9p")


@dataclass(frozen=True)
class Yak:
    """One scoring pattern or bonus."""

    key: str
    name_ko: str
    name_en: str
    kind: str
    test: Callable[[Reading], int | bool]
    replaces: tuple[str, ...] = ()
    note: str = ""

    @property
    def label(self) -> str:
        """Short lower-case words for explanations: 'dragon pung', 'concealed'."""
        return self.key.replace("_", " ")

    def __repr__(self) -> str:
        return f"Yak({self.key!r}, {self.name_ko}, {self.kind})"


YAK: dict[str, Yak] = {}


Test = Callable[[Reading], int | bool]


def _yak(key: str, name_ko: str, name_en: str, kind: str = BASIC, replaces: tuple[str, ...] = (),
         note: str = "") -> Callable[[Test], Test]:
    def register(fn: Test) -> Test:
        doc = note or (fn.__doc__ or "").strip()
        YAK[key] = Yak(key, name_ko, name_en, kind, fn, replaces, doc)
        return fn
    return register


def _suits(r: Reading) -> frozenset[int]:
    return r.suits


def _has_honour(r: Reading) -> bool:
    return r.has_honour


# ---- basic yak (8.2) ---------------------------------------------------------------------------

@_yak("dragon_pung", "삼원패", "Dragon pung")
def _dragon_pung(r: Reading) -> int:
    """1 per dragon pung or kong, open or concealed."""
    return r.dragon_pungs


@_yak("seat_wind", "자풍패", "Seat-wind pung")
def _seat_wind(r: Reading) -> bool:
    """A pung or kong of the winner's seat wind."""
    return r.pung_of(r.seat_wind)


@_yak("prevalent_wind", "장풍패", "Prevalent-wind pung")
def _prevalent_wind(r: Reading) -> bool:
    """A pung or kong of the prevalent wind (only when a prevalent wind is in use)."""
    return r.prevalent_wind is not None and r.pung_of(r.prevalent_wind)


@_yak("double_wind", "연풍패", "Double wind", replaces=("seat_wind", "prevalent_wind"))
def _double_wind(r: Reading) -> bool:
    """Pung of the seat wind when it is also the prevalent wind."""
    return r.prevalent_wind == r.seat_wind and r.pung_of(r.seat_wind)


@_yak("concealed", "문전", "Concealed hand")
def _concealed(r: Reading) -> bool:
    """No claimed tile in a meld (concealed kongs allowed); a discard win stays concealed."""
    return r.ctx.is_concealed


@_yak("self_draw", "올라", "Concealed self-draw")
def _self_draw(r: Reading) -> bool:
    """A concealed hand winning by self-draw (win on kong and last-tile draw included)."""
    return r.ctx.is_concealed and r.ctx.self_draw


@_yak("all_sequences", "핑후", "All sequences")
def _all_sequences(r: Reading) -> bool:
    """Four sequences and a pair that is no dragon, seat or prevalent wind; discard wins only."""
    return (not r.ctx.self_draw and not r.is_seven_pairs and r.sequences == 4
            and not r.is_value_pair())


@_yak("all_simples", "당요", "All simples")
def _all_simples(r: Reading) -> bool:
    """Only suit tiles 2-8 (open hands too)."""
    return all(is_simple(k) for k in r.kinds)


@_yak("half_flush", "혼일색", "Half flush")
def _half_flush(r: Reading) -> bool:
    """One suit plus honours."""
    return len(_suits(r)) == 1 and _has_honour(r)


@_yak("full_flush", "청일색", "Full flush", replaces=("half_flush",))
def _full_flush(r: Reading) -> bool:
    """One suit, no honours."""
    return len(_suits(r)) == 1 and not _has_honour(r)


@_yak("all_pungs", "돌돌이", "All pungs")
def _all_pungs(r: Reading) -> bool:
    """Four pungs or kongs and a pair."""
    return not r.is_seven_pairs and r.pungs == 4


@_yak("pure_straight", "일기통관", "Pure straight")
def _pure_straight(r: Reading) -> bool:
    """Sequences 123, 456 and 789 of one suit."""
    seqs = {s.tile for s in r.sets if s.type == SEQ}
    return any({b, b + 3, b + 6} <= seqs for b in (0, 9))


@_yak("three_concealed_pungs", "삼앙꼬", "Three concealed pungs")
def _three_concealed(r: Reading) -> bool:
    """Three concealed pungs or kongs; a pung completed by a discard is not concealed."""
    return r.concealed_pungs == 3


@_yak("four_concealed_pungs", "쓰앙꼬", "Four concealed pungs", replaces=("three_concealed_pungs",))
def _four_concealed(r: Reading) -> bool:
    """Four concealed pungs or kongs."""
    return r.concealed_pungs == 4


@_yak("seven_pairs", "칠대자", "Seven pairs")
def _seven_pairs(r: Reading) -> bool:
    """Seven different pairs, concealed."""
    return r.is_seven_pairs


@_yak("little_three_dragons", "소삼원", "Little three dragons")
def _little_three_dragons(r: Reading) -> bool:
    """Two dragon pungs and a dragon pair (the dragon pungs score too)."""
    return r.dragon_pungs == 2 and r.pair is not None and is_dragon(r.pair)


@_yak("big_three_dragons", "대삼원", "Big three dragons", replaces=("little_three_dragons",))
def _big_three_dragons(r: Reading) -> bool:
    """Pungs or kongs of all three dragons."""
    return all(r.pung_of(d) for d in DRAGONS)


@_yak("all_terminals_honours", "혼노두", "All terminals and honours")
def _all_terminals_honours(r: Reading) -> bool:
    """Only 1s, 9s and honours."""
    return all(is_major(k) for k in r.kinds)


@_yak("little_four_winds", "소사희", "Little four winds")
def _little_four_winds(r: Reading) -> bool:
    """Three wind pungs and a wind pair."""
    return r.wind_pungs == 3 and r.pair is not None and is_wind(r.pair)


@_yak("big_four_winds", "대사희", "Big four winds", replaces=("little_four_winds",))
def _big_four_winds(r: Reading) -> bool:
    """Pungs or kongs of all four winds."""
    return all(r.pung_of(w) for w in WINDS)


@_yak("all_honours", "자일색", "All honours", replaces=("all_terminals_honours",))
def _all_honours(r: Reading) -> bool:
    """Only honour tiles."""
    return all(is_honour(k) for k in r.kinds)


@_yak("heavenly_hand", "천화", "Heavenly hand")
def _heavenly(r: Reading) -> bool:
    """The dealer's dealt 14 tiles win."""
    return r.ctx.first_turn and r.ctx.is_dealer and r.ctx.self_draw


@_yak("earthly_hand", "지화", "Earthly hand")
def _earthly(r: Reading) -> bool:
    """A non-dealer wins on his first draw, no claim before."""
    return r.ctx.first_turn and not r.ctx.is_dealer and r.ctx.self_draw


@_yak("human_hand", "인화", "Human hand")
def _human(r: Reading) -> bool:
    """A non-dealer wins on a discard in the first go-around, no claim before."""
    return r.ctx.first_turn and not r.ctx.is_dealer and not r.ctx.self_draw


@_yak("nine_gates", "구련보등", "Nine gates")
def _nine_gates(r: Reading) -> bool:
    """1112345678999 plus any one tile of the same suit, concealed (no kong)."""
    if r.ctx.melds or len(_suits(r)) != 1 or _has_honour(r):
        return False
    base = 0 if r.kinds[0] < 9 else 9
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(r.counts[base + i] >= need[i] for i in range(9))


# ---- bonus points (8.3) ------------------------------------------------------------------------

@_yak("uper", "엎어", "Uper", BONUS)
def _uper(r: Reading) -> bool:
    """The winner declared uper."""
    return r.ctx.uper


@_yak("korean_dora", "겐쇼", "Korean dora", BONUS)
def _korean_dora(r: Reading) -> int:
    """1 per tile of the winning tile's kind in the final hand (winning tile and melds included)."""
    return r.counts[r.ctx.win_tile]


@_yak("flower", "꽃패", "Flower", BONUS)
def _flower(r: Reading) -> int:
    """1 per flower shown (when flowers are in play)."""
    return r.ctx.flowers if r.rules.flowers else 0


@_yak("all_flowers", "화만관", "All four flowers", BONUS, replaces=("flower",))
def _all_flowers(r: Reading) -> bool:
    """All four flowers: replaces the four single flower points."""
    return r.rules.flowers and r.ctx.flowers == 4


@_yak("win_on_kong", "깡 올라", "Win on kong", BONUS)
def _win_on_kong(r: Reading) -> bool:
    """Self-draw on a kong replacement tile."""
    return r.ctx.win_on_kong


@_yak("win_on_kong_5p", "5통 깡 올라", "Win on kong with 5 circles", BONUS, replaces=("win_on_kong",))
def _win_on_kong_5p(r: Reading) -> bool:
    """Win on kong with the 5p (when the 5p/1p/9p bonuses are on)."""
    return r.ctx.win_on_kong and r.ctx.win_tile == P5 and r.rules.special_tile_bonus


@_yak("robbing_kong", "깡 쏘아", "Robbing the kong", BONUS)
def _robbing_kong(r: Reading) -> bool:
    """Win on a tile added to a pung."""
    return r.ctx.robbing_kong


@_yak("last_tile_draw", "하이테이 올라", "Last-tile draw", BONUS)
def _last_tile_draw(r: Reading) -> bool:
    """Self-draw of the last wall tile."""
    return r.ctx.last_tile and r.ctx.self_draw


@_yak("last_tile_draw_1p", "1통 하이테이 올라", "Last-tile draw with 1 circle", BONUS,
      replaces=("last_tile_draw",))
def _last_tile_draw_1p(r: Reading) -> bool:
    """Last-tile draw with the 1p."""
    return (r.ctx.last_tile and r.ctx.self_draw and r.ctx.win_tile == P1
            and r.rules.special_tile_bonus)


@_yak("last_tile_claim", "하이테이 쏘아", "Last-tile claim", BONUS)
def _last_tile_claim(r: Reading) -> bool:
    """Win on the final discard of the hand."""
    return r.ctx.last_tile and not r.ctx.self_draw


@_yak("last_tile_claim_9p", "9통 하이테이 쏘아", "Last-tile claim with 9 circles", BONUS,
      replaces=("last_tile_claim",))
def _last_tile_claim_9p(r: Reading) -> bool:
    """Last-tile claim with the 9p."""
    return (r.ctx.last_tile and not r.ctx.self_draw and r.ctx.win_tile == P9
            and r.rules.special_tile_bonus)


#: Display order: the order of docs/rules.md §8.2 then §8.3.
_ORDER = ("dragon_pung", "seat_wind", "prevalent_wind", "double_wind", "concealed", "self_draw",
          "all_sequences", "all_simples", "half_flush", "all_pungs", "pure_straight",
          "three_concealed_pungs", "seven_pairs", "little_three_dragons", "four_concealed_pungs",
          "full_flush", "big_three_dragons", "all_terminals_honours", "little_four_winds",
          "big_four_winds", "all_honours", "heavenly_hand", "earthly_hand", "human_hand",
          "nine_gates")
BASIC_YAK: tuple[Yak, ...] = tuple(YAK[k] for k in _ORDER)
BONUS_YAK: tuple[Yak, ...] = tuple(y for y in YAK.values() if y.kind == BONUS)
ALL_YAK: tuple[Yak, ...] = BASIC_YAK + BONUS_YAK


def yak_names(key: str) -> tuple[str, str]:
    """Korean and English name of a yak key.

    >>> yak_names("seven_pairs")
    ('칠대자', 'Seven pairs')
    """
    y = YAK[key]
    return y.name_ko, y.name_en
