"""The yak guide: every yak and bonus with an example hand, its points under the table's rules,
what it replaces, and what it means in plain words; and which yak a hand can still reach.

Each example is a real winning hand in tile notation, scored by the engine (`example_result`):
the guide never states a point value the engine does not give, and the tests check that every
example scores its own yak. The words are messages (`game.engine.messages`), in every shipped
language's catalogue.

>>> from game.engine.rules import RuleSet
>>> e = entry("seven_pairs")
>>> e.example.hand, e.points(RuleSet()), e.kind
('11m44m77m22p55p88p33z', 4, 'basic')
>>> r = example_result("seven_pairs", RuleSet())
>>> r.valid, "seven_pairs" in [y.key for y in r.yak]
(True, True)
>>> [str(m) for m in entry("full_flush").replaces_words()]
['replaces half flush']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.value import plan_options
from game.engine.hand.shanten import shanten
from game.engine.melds import CONCEALED_KONG, KONG, PUNG, Meld
from game.engine.messages import INT, YAK, Message, define
from game.engine.observation import Observation
from game.engine.rules import RuleSet
from game.engine.scoring import YAK as REGISTRY
from game.engine.scoring import WinContext, WinResult, evaluate_win
from game.engine.tiles import NUM_PLAYING_KINDS, parse_tile, parse_tiles, to_counts

__all__ = ["GROUPS", "Entry", "Example", "Reach", "entry", "example_result", "guide", "reach", "reachable"]


@dataclass(frozen=True)
class Example:
    """A winning hand: concealed tiles with the winning tile (`hand`), the winning tile, the
    declared sets as ``(kind, tile)`` ("pung", "kong" or "concealed_kong"), and the situation."""

    hand: str
    win: str
    melds: tuple[tuple[str, str], ...] = ()
    self_draw: bool = True
    seat: int = 0  # 0 = East, the dealer
    prevalent: int | None = None
    uper: bool = False
    flowers: int = 0
    win_on_kong: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    first_turn: bool = False

    def context(self) -> WinContext:
        before = (self.seat + 3) % 4  # sets claimed from the player before; the discarder too
        kinds = {"pung": PUNG, "kong": KONG, "concealed_kong": CONCEALED_KONG}
        melds = tuple(Meld(kinds[k], parse_tile(t), from_seat=None if k == "concealed_kong" else before)
                      for k, t in self.melds)
        return WinContext(concealed=tuple(parse_tiles(self.hand)), win_tile=parse_tile(self.win),
                          melds=melds, self_draw=self.self_draw, seat=self.seat,
                          prevalent=self.prevalent, discarder=None if self.self_draw else before,
                          uper=self.uper, flowers=self.flowers, win_on_kong=self.win_on_kong,
                          robbing_kong=self.robbing_kong, last_tile=self.last_tile,
                          first_turn=self.first_turn)

    def meld_tiles(self) -> list[list[int]]:
        """Each declared set as the tiles it shows (a kong 4)."""
        return [[parse_tile(t)] * (3 if k == "pung" else 4) for k, t in self.melds]


REPLACES = define("guide.replaces", "replaces {yak}", yak=YAK)


def _about(key: str, english: str) -> Message:
    return define(f"guide.about.{key}", english)()


@dataclass(frozen=True)
class Entry:
    """One yak or bonus of the guide."""

    key: str
    example: Example
    about: Message

    @property
    def kind(self) -> str:
        return REGISTRY[self.key].kind

    def points(self, rules: RuleSet) -> int:
        return rules.points(self.key)

    def replaces_words(self) -> list[Message]:
        return [REPLACES(yak=k) for k in REGISTRY[self.key].replaces]


_S, _W, _N = 1, 2, 3
_ENTRIES = [
    Entry("dragon_pung", Example("234m678m345p22p777z", "5p", self_draw=False), _about(
        "dragon_pung", "Three (or four) of one dragon: White, Green or Red. Each dragon set scores; "
        "it counts with claimed sets too.")),
    Entry("seat_wind", Example("234m678m345p22p222z", "5p", self_draw=False, seat=_S), _about(
        "seat_wind", "Three (or four) of your own seat's wind. Here you sit South, so South "
        "wind scores; claimed sets count.")),
    Entry("prevalent_wind", Example("234m678m345p22p222z", "5p", self_draw=False, seat=_W,
                                    prevalent=_S), _about(
        "prevalent_wind", "Three (or four) of the prevalent wind, when the house rules use one "
        "(by default they do not). Here South is prevalent.")),
    Entry("double_wind", Example("234m678m345p22p111z", "5p", self_draw=False, prevalent=0), _about(
        "double_wind", "Your seat wind is also the prevalent wind, and you hold three of it: it "
        "scores 2 instead of 1 + 1.")),
    Entry("concealed", Example("234m456m345p22p678p", "2p", self_draw=False), _about(
        "concealed", "You claimed nothing (a concealed kong is allowed). It holds on a discard "
        "win too, but a discard win then needs one more basic point.")),
    Entry("self_draw", Example("123m456m345p789p99p", "9p"), _about(
        "self_draw", "A concealed hand that wins on its own draw. With 'concealed' that is "
        "already 2 basic points: every concealed self-draw may win.")),
    Entry("all_sequences", Example("123m456m345p789p99p", "3p", self_draw=False), _about(
        "all_sequences", "Four runs and a pair that scores nothing (no dragon, not your wind). Only "
        "on a discard win.")),
    Entry("all_simples", Example("234m567m345p66p678p", "3p", self_draw=False), _about(
        "all_simples", "Only tiles 2 to 8: no 1, no 9, no honours. Claimed sets count.")),
    Entry("half_flush", Example("234m567m111z88m", "8m", (("pung", "9m"),), self_draw=False,
                                seat=_S), _about(
        "half_flush", "One suit and honours, nothing of the other suit. Claimed sets count, so it "
        "is a common way to 2 points with an open hand.")),
    Entry("all_pungs", Example("555m999p22p", "2p", (("pung", "3m"), ("pung", "8p")),
                               self_draw=False), _about(
        "all_pungs", "Four sets of three (or four) alike and a pair; no run. Claimed sets count.")),
    Entry("pure_straight", Example("123m456m789m22p345p", "5p", self_draw=False), _about(
        "pure_straight", "1-2-3, 4-5-6 and 7-8-9 of one suit.")),
    Entry("three_concealed_pungs", Example("222m555m888p345p11z", "5p", self_draw=False), _about(
        "three_concealed_pungs", "Three sets of three alike you did not claim. A set completed by "
        "someone's discard is not concealed.")),
    Entry("seven_pairs", Example("11m44m77m22p55p88p33z", "3z", self_draw=False), _about(
        "seven_pairs", "Seven different pairs, concealed; four alike are not two pairs. It scores "
        "with other yak such as a flush.")),
    Entry("little_three_dragons", Example("555z666z77z234m678m", "4m", self_draw=False), _about(
        "little_three_dragons", "Sets of two dragons and a pair of the third; the two dragon sets "
        "score as well.")),
    Entry("four_concealed_pungs", Example("222m555m888p444p11z", "1z", self_draw=False), _about(
        "four_concealed_pungs", "Four sets of three alike, none claimed.")),
    Entry("full_flush", Example("123m345m567m789m99m", "9m"), _about(
        "full_flush", "Every tile of one suit, no honours.")),
    Entry("big_three_dragons", Example("555z666z777z234m88m", "8m", self_draw=False), _about(
        "big_three_dragons", "Sets of all three dragons. Whoever fed you the third dragon set pays "
        "for everyone.")),
    Entry("all_terminals_honours", Example("111m999m111p777z99p", "9p", self_draw=False), _about(
        "all_terminals_honours", "Only 1s, 9s and honours.")),
    Entry("little_four_winds", Example("111z222z333z44z234m", "4m", self_draw=False), _about(
        "little_four_winds", "Sets of three winds and a pair of the fourth.")),
    Entry("big_four_winds", Example("111z222z333z444z55m", "5m", self_draw=False), _about(
        "big_four_winds", "Sets of all four winds. Whoever fed you the fourth wind set pays for "
        "everyone.")),
    Entry("all_honours", Example("111z222z555z666z77z", "7z", self_draw=False), _about(
        "all_honours", "Only winds and dragons.")),
    Entry("heavenly_hand", Example("123m456m345p789p99p", "9p", first_turn=True), _about(
        "heavenly_hand", "East wins with the tiles he was dealt, on his opening turn.")),
    Entry("earthly_hand", Example("123m456m345p789p99p", "9p", seat=_S, first_turn=True), _about(
        "earthly_hand", "Another seat wins on his first draw, before any claim or kong.")),
    Entry("human_hand", Example("123m456m345p789p99p", "3p", self_draw=False, seat=_S,
                                first_turn=True), _about(
        "human_hand", "Another seat wins on a discard before his own first discard, before any "
        "claim or kong.")),
    Entry("nine_gates", Example("11123455678999m", "5m"), _about(
        "nine_gates", "1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit and one more of that suit, concealed.")),
    # bonuses: they add to the score but never help reach the 2 basic points
    Entry("uper", Example("123m456m345p789p99p", "3p", self_draw=False, uper=True), _about(
        "uper", "You declared uper (엎어) with a ready concealed hand and then won.")),
    Entry("korean_dora", Example("234m444m567p678p22p", "4m"), _about(
        "korean_dora", "Korean dora (겐쇼): 1 point for every tile of the winning tile's kind in your "
        "final hand, the winning tile included, so at least 1. Here the 4 of characters, four times.")),
    Entry("flower", Example("123m456m345p789p99p", "9p", flowers=2), _about(
        "flower", "1 point for each flower you showed.")),
    Entry("all_flowers", Example("123m456m345p789p99p", "9p", flowers=4), _about(
        "all_flowers", "All four flowers: 8 points instead of 4.")),
    Entry("win_on_kong", Example("123m456m99p345p", "3p", (("concealed_kong", "8p"),),
                                 win_on_kong=True), _about(
        "win_on_kong", "You win by self-draw on the tile that replaces a kong.")),
    Entry("win_on_kong_5p", Example("123m456m99p345p", "5p", (("concealed_kong", "8p"),),
                                    win_on_kong=True), _about(
        "win_on_kong_5p", "The kong's replacement that wins is the 5 of circles.")),
    Entry("robbing_kong", Example("123m456m345p789p99p", "3p", self_draw=False,
                                  robbing_kong=True), _about(
        "robbing_kong", "You win on the tile another player adds to his pung to make a kong.")),
    Entry("last_tile_draw", Example("123m456m345p789p99p", "9p", last_tile=True), _about(
        "last_tile_draw", "You win by self-draw on the last tile of the wall.")),
    Entry("last_tile_draw_1p", Example("123m456m123p789p99p", "1p", last_tile=True), _about(
        "last_tile_draw_1p", "That last tile is the 1 of circles.")),
    Entry("last_tile_claim", Example("123m456m345p789p99p", "3p", self_draw=False,
                                     last_tile=True), _about(
        "last_tile_claim", "You win on the last discard of the hand.")),
    Entry("last_tile_claim_9p", Example("123m456m345p789p99p", "9p", self_draw=False,
                                        last_tile=True), _about(
        "last_tile_claim_9p", "That last discard is the 9 of circles.")),
]
_BY_KEY = {e.key: e for e in _ENTRIES}

#: the guide's sections: (heading, keys) in the order a learner meets them
GROUPS: tuple[tuple[Message, tuple[str, ...]], ...] = (
    (define("guide.group.one", "1 basic point")(),
     ("dragon_pung", "seat_wind", "prevalent_wind", "concealed", "self_draw", "all_sequences",
      "all_simples")),
    (define("guide.group.two", "2 basic points")(),
     ("double_wind", "half_flush", "all_pungs", "pure_straight")),
    (define("guide.group.big", "Big hands")(),
     ("three_concealed_pungs", "seven_pairs", "little_three_dragons", "four_concealed_pungs",
      "full_flush", "big_three_dragons", "all_terminals_honours", "little_four_winds",
      "big_four_winds", "all_honours", "heavenly_hand", "earthly_hand", "human_hand",
      "nine_gates")),
    (define("guide.group.bonus", "Bonus points (never count toward the 2)")(),
     ("uper", "korean_dora", "flower", "all_flowers", "win_on_kong", "win_on_kong_5p",
      "robbing_kong", "last_tile_draw", "last_tile_draw_1p", "last_tile_claim",
      "last_tile_claim_9p")),
)


def entry(key: str) -> Entry:
    """The guide's entry of a yak or bonus (KeyError for an unknown key)."""
    return _BY_KEY[key]


def guide() -> list[Entry]:
    """Every entry, in the order of `GROUPS`."""
    return [_BY_KEY[k] for _, keys in GROUPS for k in keys]


def example_result(key: str, rules: RuleSet) -> WinResult:
    """The engine's score of an entry's example under `rules`."""
    return evaluate_win(_BY_KEY[key].example.context(), rules)


# ---------------------------------------------------------------- which yak a hand can reach
#: the AI's plans (`ai.value.plan_options`) by the yak they are named after
_PLAN_YAK = {"half flush": "half_flush", "full flush": "full_flush", "all pungs": "all_pungs",
             "value pungs": "dragon_pung", "value pung": "dragon_pung",
             "all simples": "all_simples", "all sequences": "all_sequences",
             "seven pairs": "seven_pairs", "all simples + all pungs": "all_simples"}
NEAR = define("guide.reach.ready", "{yak}: ready with it now", yak=YAK)
CLOSE = define("guide.reach.away", "{yak}: {n} tile from ready", plural="{yak}: {n} tiles from ready",
               count="n", yak=YAK, n=INT)
NONE = define("guide.reach.none", "no yak is within reach: 2 basic points are far")


@dataclass(frozen=True)
class Reach:
    """A yak the hand can still reach, and how many tiles it is from being ready with it (0:
    ready now): the hand's shanten plus the tiles the plan needs beyond any ready shape."""

    key: str
    distance: int

    def words(self) -> Message:
        if self.distance == 0:
            return NEAR(yak=self.key)
        return CLOSE(yak=self.key, n=self.distance)


def reachable(obs: Observation, limit: int = 4, far: int = 6) -> list[Reach]:
    """The yak the seat's hand can still reach, nearest first (`reach` of its own hand)."""
    return reach(obs.concealed, obs.melds[obs.seat], seat=obs.seat, prevalent=obs.prevalent,
                 limit=limit, far=far)


def reach(concealed: Sequence[int], melds: Sequence[Meld] = (), *, seat: int = 0,
          prevalent: int | None = None, limit: int = 4, far: int = 6) -> list[Reach]:
    """The yak a hand (concealed kinds, declared sets) can still reach, nearest first (at most
    `limit`, none more than `far` tiles from ready): the AI's plans toward 2 basic points, named
    by their yak, each at the hand's shanten plus what the plan needs beyond any ready shape. A
    concealed hand also always has "concealed" (and a self-draw), at the hand's shanten.

    >>> [(r.key, r.distance) for r in reach(parse_tiles("11m44m77m22p55p88p3z"))][:2]
    [('concealed', 0), ('seven_pairs', 0)]
    >>> [(r.key, r.distance) for r in reach(parse_tiles("3489m225p69p1467z"))][:2]
    [('concealed', 4), ('seven_pairs', 5)]
    """
    counts = to_counts(list(concealed))[:NUM_PLAYING_KINDS]
    away = max(0, shanten(counts, len(melds)))
    best: dict[str, int] = {}
    for distance, _basic, name in plan_options(counts, melds, seat=seat, prevalent=prevalent):
        key = _PLAN_YAK.get(name)
        if key is not None and away + distance <= far:
            best[key] = min(away + distance, best.get(key, away + distance))
    out = [Reach(k, d) for k, d in best.items()]
    if all(not m.is_open for m in melds) and away <= far:
        out.append(Reach("concealed", away))
    order = list(_BY_KEY)
    out.sort(key=lambda r: (r.distance, order.index(r.key)))
    return out[:limit]
