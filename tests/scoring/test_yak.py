"""A positive and a negative case for every yak of 8.2 and 8.3, and every replacement rule."""

from __future__ import annotations

import pytest
from scoring_helpers import score, yak_points

from game.engine.rules import ALL_YAK_KEYS, RuleSet
from game.engine.scoring import ALL_YAK, BASIC_YAK, BONUS_YAK, YAK

D = dict  # keyword arguments of a row
N = None  # "this yak must not be scored"

# (hand incl. winning tile, win, context keywords, yak key, points expected or N)
YAK_TABLE = [
    # dragon pung: 1 per set, open ok; a dragon pair is not a pung
    ("123m456m789p11z", "9p", D(pungs="5z", frm="N"), "dragon_pung", 1),
    ("123m456m11z", "3m", D(pungs="56z", frm="N"), "dragon_pung", 2),
    ("123m456m789p111p55z", "9p", D(frm="N"), "dragon_pung", N),
    # seat wind: South seat with a South pung; West seat does not score it
    ("123m456m789p11p", "9p", D(seat="S", pungs="2z", frm="W"), "seat_wind", 1),
    ("123m456m789p11p", "9p", D(seat="W", pungs="2z", frm="N"), "seat_wind", N),
    # prevalent wind only with a prevalent wind in use
    ("123m456m789p11p", "9p", D(seat="S", prevalent="E", pungs="1z", frm="W"), "prevalent_wind", 1),
    ("123m456m789p11p", "9p", D(seat="S", pungs="1z", frm="W"), "prevalent_wind", N),
    # double wind: seat = prevalent, replaces seat + prevalent
    ("123m456m789p11p", "9p", D(seat="S", prevalent="S", pungs="2z", frm="W"), "double_wind", 2),
    ("123m456m789p11p", "9p", D(seat="S", prevalent="S", pungs="2z", frm="W"), "seat_wind", N),
    ("123m456m789p11p", "9p", D(seat="S", prevalent="S", pungs="2z", frm="W"), "prevalent_wind", N),
    ("123m456m789p11p", "9p", D(seat="S", pungs="2z", frm="W"), "double_wind", N),
    # concealed: a discard win stays concealed; a claimed pung breaks it; a concealed kong does not
    ("234m456m345p22p678p", "8p", D(frm="W"), "concealed", 1),
    ("234m456m22p678p", "8p", D(ckongs="5p"), "concealed", 1),
    ("234m456m22p678p", "8p", D(pungs="5p", frm="W"), "concealed", N),
    ("234m456m22p678p", "8p", D(kongs="5p"), "concealed", N),
    # self-draw point: concealed and self-drawn
    ("234m456m345p22p678p", "8p", D(), "self_draw", 1),
    ("234m456m345p22p678p", "8p", D(frm="W"), "self_draw", N),
    ("234m456m22p678p", "8p", D(pungs="5p"), "self_draw", N),
    # all sequences: discard wins only, pair no dragon / seat / prevalent wind
    ("234m456m345p22p678p", "8p", D(frm="W"), "all_sequences", 1),
    ("234m456m345p33z678p", "8p", D(frm="N"), "all_sequences", 1),  # West pair, East seat
    ("234m456m345p22p678p", "8p", D(), "all_sequences", N),  # self-draw
    ("234m456m345p33z678p", "8p", D(seat="W", frm="N"), "all_sequences", N),  # seat-wind pair
    ("234m456m345p33z678p", "8p", D(seat="S", prevalent="W", frm="N"), "all_sequences", N),
    ("234m456m345p66z678p", "8p", D(frm="N"), "all_sequences", N),  # dragon pair
    ("234m456m22p678p", "8p", D(ckongs="5p", frm="W"), "all_sequences", N),  # a kong is no sequence
    # all simples, open ok
    ("234m456m345p22p678p", "8p", D(), "all_simples", 1),
    ("234m456m22p678p", "8p", D(pungs="5m", frm="W"), "all_simples", 1),
    ("123m456m345p22p678p", "8p", D(), "all_simples", N),
    # half flush; full flush replaces it; all honours is no half flush [C]
    ("123m456m789m111z22z", "2z", D(frm="N"), "half_flush", 2),
    ("123m456m789p111z22z", "2z", D(frm="N"), "half_flush", N),
    ("123m456m789m11122m", "2m", D(frm="N"), "full_flush", 8),
    ("123m456m789m11122m", "2m", D(frm="N"), "half_flush", N),
    ("123m456m789m111z22z", "2z", D(frm="N"), "full_flush", N),
    ("111z222z333z555z66z", "6z", D(frm="N"), "half_flush", N),
    # all pungs
    ("111m222p333m555z99p", "9p", D(frm="N"), "all_pungs", 2),
    ("99p", "9p", D(pungs="1m2p3m5z", frm="N"), "all_pungs", 2),
    ("123m222p333m555z99p", "9p", D(frm="N"), "all_pungs", N),
    # pure straight
    ("123m456m789m123p55z", "5z", D(frm="N"), "pure_straight", 2),
    ("123m456m789p123p55z", "5z", D(frm="N"), "pure_straight", N),
    # three concealed pungs: self-draw, or the discard completes the pair or a sequence
    ("111m222m333p456p99m", "9m", D(), "three_concealed_pungs", 4),
    ("111m222m333p456p99m", "9m", D(frm="N"), "three_concealed_pungs", 4),
    ("111m222m333p345p99m", "3p", D(frm="N"), "three_concealed_pungs", 4),  # 3p read in 345p
    ("111m222m333p456p99m", "3p", D(frm="N"), "three_concealed_pungs", N),  # discard made 333p
    ("222m333p456p99m", "9m", D(ckongs="1m"), "three_concealed_pungs", 4),  # concealed kong counts
    ("222m333p456p99m", "9m", D(kongs="1m"), "three_concealed_pungs", N),  # a melded kong does not
    # four concealed pungs replaces three
    ("111m222m333p555p99m", "9m", D(), "four_concealed_pungs", 6),
    ("111m222m333p555p99m", "9m", D(), "three_concealed_pungs", N),
    ("111m222m333p555p99m", "5p", D(frm="N"), "four_concealed_pungs", N),
    ("111m222m333p555p99m", "5p", D(frm="N"), "three_concealed_pungs", 4),
    # seven pairs
    ("1122m3344p5566z77z", "7z", D(frm="N"), "seven_pairs", 4),
    ("1122m3344p5566z77z", "7z", D(), "concealed", 1),
    ("112233m445566p77z", "7z", D(frm="N"), "seven_pairs", 4),  # also two 123456-like readings
    ("111122m3344p55z66z", "6z", D(frm="N"), "seven_pairs", N),  # 1111m is not two pairs
    # little three dragons: the dragon pungs score too; big replaces little
    ("123m456m555z666z77z", "7z", D(frm="N"), "little_three_dragons", 6),
    ("123m456m555z666z77z", "7z", D(frm="N"), "dragon_pung", 2),
    ("123m11p555z666z777z", "7z", D(frm="N"), "little_three_dragons", N),
    ("123m11p555z666z777z", "7z", D(frm="N"), "big_three_dragons", 8),
    ("123m11p555z666z777z", "7z", D(frm="N"), "dragon_pung", 3),
    ("123m456m555z666z11z", "1z", D(frm="N"), "big_three_dragons", N),
    ("123m456m555z666z11z", "1z", D(frm="N"), "little_three_dragons", N),
    # all terminals and honours
    ("111m999m111p999p11z", "1z", D(frm="N"), "all_terminals_honours", 8),
    ("111m999m111p999p22m", "2m", D(frm="N"), "all_terminals_honours", N),
    # little / big four winds
    ("111z222z333z44z123m", "3m", D(frm="N"), "little_four_winds", 8),
    ("111z222z333z444z55m", "5m", D(frm="N"), "big_four_winds", 12),
    ("111z222z333z444z55m", "5m", D(frm="N"), "little_four_winds", N),
    ("111z222z333z55z123m", "3m", D(frm="N"), "little_four_winds", N),
    ("111z222z333z44z123m", "3m", D(frm="N"), "big_four_winds", N),
    # all honours replaces all terminals and honours [C]
    ("111z222z333z555z66z", "6z", D(frm="N"), "all_honours", 12),
    ("111z222z333z555z66z", "6z", D(frm="N"), "all_terminals_honours", N),
    ("111z222z333z555z11m", "1m", D(frm="N"), "all_honours", N),
    ("11z22z33z44z55z66z77z", "7z", D(frm="N"), "all_honours", 12),  # seven pairs of honours
    # heavenly / earthly / human hands
    ("123m456m789p11p555z", "5z", D(first_turn=True), "heavenly_hand", 16),
    ("123m456m789p11p555z", "5z", D(), "heavenly_hand", N),
    ("123m456m789p11p555z", "5z", D(seat="S", first_turn=True), "heavenly_hand", N),
    ("123m456m789p11p555z", "5z", D(seat="S", first_turn=True), "earthly_hand", 16),
    ("123m456m789p11p555z", "5z", D(seat="S"), "earthly_hand", N),
    ("123m456m789p11p555z", "5z", D(seat="S", frm="E", first_turn=True), "human_hand", 16),
    ("123m456m789p11p555z", "5z", D(seat="S", frm="E", first_turn=True), "earthly_hand", N),
    ("123m456m789p11p555z", "5z", D(seat="S", frm="E"), "human_hand", N),
    # nine gates (and its full flush)
    ("11123455678999m", "5m", D(frm="N"), "nine_gates", 24),
    ("11123456789999p", "9p", D(), "nine_gates", 24),
    ("112233m456m789m99m", "9m", D(frm="N"), "nine_gates", N),
    ("23455678999m", "5m", D(ckongs="1m"), "nine_gates", N),  # with a kong it is not the gates
    # --- bonus points ---
    ("234m456m345p22p678p", "8p", D(uper=True), "uper", 1),
    ("234m456m345p22p678p", "8p", D(), "uper", N),
    ("234m678m66z777z", "7z", D(ckongs="5p"), "korean_dora", 3),  # three 7z
    ("234m567p789p11z", "3m", D(pungs="3m", frm="N"), "korean_dora", 4),  # meld tiles count
    ("234m456m345p22p678p", "8p", D(), "korean_dora", 1),  # the winning tile itself
    ("234m456m345p22p678p", "8p", D(flowers=2), "flower", 2),
    ("234m456m345p22p678p", "8p", D(flowers=0), "flower", N),
    ("234m456m345p22p678p", "8p", D(flowers=4), "all_flowers", 8),
    ("234m456m345p22p678p", "8p", D(flowers=4), "flower", N),  # replaced by all flowers
    ("234m456m345p22p678p", "8p", D(flowers=3), "all_flowers", N),
    ("234m456m345p22p678p", "8p", D(flowers=3), "flower", 3),
    ("234m678m66z777z", "7z", D(ckongs="5p", win_on_kong=True), "win_on_kong", 5),
    ("234m678m66z777z", "7z", D(ckongs="5p"), "win_on_kong", N),
    ("234m345p66z777z", "5p", D(ckongs="1p", win_on_kong=True), "win_on_kong_5p", 8),
    ("234m345p66z777z", "5p", D(ckongs="1p", win_on_kong=True), "win_on_kong", N),
    ("234m345p66z777z", "4p", D(ckongs="1p", win_on_kong=True), "win_on_kong_5p", N),
    ("234m456m345p22p678p", "8p", D(frm="S", robbing_kong=True), "robbing_kong", 5),
    ("234m456m345p22p678p", "8p", D(frm="S"), "robbing_kong", N),
    ("234m456m345p22p678p", "8p", D(last_tile=True), "last_tile_draw", 5),
    ("234m456m345p22p678p", "8p", D(last_tile=True), "last_tile_claim", N),
    ("234m456m123p22p678p", "1p", D(last_tile=True), "last_tile_draw_1p", 8),
    ("234m456m123p22p678p", "1p", D(last_tile=True), "last_tile_draw", N),
    ("234m456m123p22p678p", "1p", D(), "last_tile_draw_1p", N),
    ("234m456m345p22p678p", "8p", D(frm="W", last_tile=True), "last_tile_claim", 5),
    ("234m456m345p22p678p", "8p", D(frm="W", last_tile=True), "last_tile_draw", N),
    ("234m456m345p22p789p", "9p", D(frm="W", last_tile=True), "last_tile_claim_9p", 8),
    ("234m456m345p22p789p", "9p", D(frm="W", last_tile=True), "last_tile_claim", N),
    ("234m456m345p22p789p", "9p", D(frm="W"), "last_tile_claim_9p", N),
]


@pytest.mark.parametrize("hand,win,kw,key,expected", YAK_TABLE,
                         ids=[f"{r[3]}-{i}" for i, r in enumerate(YAK_TABLE)])
def test_yak_table(hand, win, kw, key, expected):
    res = score(hand, win, **kw)
    if hand != NOT_A_WIN:
        assert res.groups, f"row is not a winning shape: {res.reason}"
    assert {y.key: y.points for y in res.yak}.get(key) == expected


NOT_A_WIN = "111122m3344p55z66z"


def test_every_yak_key_has_a_positive_and_a_negative_row():
    positive = {r[3] for r in YAK_TABLE if r[4] is not None}
    negative = {r[3] for r in YAK_TABLE if r[4] is None}
    assert positive == set(ALL_YAK_KEYS)
    # the winning tile is always in the hand, so korean dora is never absent: see the test below
    assert negative == set(ALL_YAK_KEYS) - {"korean_dora"}


def test_korean_dora_can_only_be_switched_off():
    rules = RuleSet(yak_overrides=(("korean_dora", 0),))
    assert "korean_dora" not in yak_points("234m456m345p22p678p", "8p", rules)


def test_registry_matches_the_rule_tables():
    assert {y.key for y in ALL_YAK} == set(ALL_YAK_KEYS)
    assert len(BASIC_YAK) == 25 and len(BONUS_YAK) == 11
    for y in ALL_YAK:
        assert y.name_ko and y.name_en and y.kind in ("basic", "bonus")
        assert all(r in YAK for r in y.replaces)


@pytest.mark.parametrize("rules,key,expected", [
    (RuleSet(flowers=False), "flower", N),
    (RuleSet(flowers=False), "all_flowers", N),
    (RuleSet(special_tile_bonus=False), "last_tile_draw_1p", N),
    (RuleSet(special_tile_bonus=False), "last_tile_draw", 5),
])
def test_house_rules_switch_bonuses_off(rules, key, expected):
    flowers = 4 if "flower" in key else 0
    pts = yak_points("234m456m123p22p678p", "1p", rules, flowers=flowers, last_tile=True)
    assert pts.get(key) == expected


@pytest.mark.parametrize("rules,key,expected", [
    (RuleSet(special_tile_bonus=False), "win_on_kong", 5),
    (RuleSet(special_tile_bonus=False), "win_on_kong_5p", N),
])
def test_special_tile_bonus_off_for_kong(rules, key, expected):
    pts = yak_points("234m345p66z777z", "5p", rules, ckongs="1p", win_on_kong=True)
    assert pts.get(key) == expected


def test_last_tile_claim_9p_off():
    pts = yak_points("234m456m345p22p789p", "9p", RuleSet(special_tile_bonus=False), frm="W",
                     last_tile=True)
    assert pts.get("last_tile_claim") == 5 and "last_tile_claim_9p" not in pts


@pytest.mark.parametrize("preset,key,expected", [
    ("nagari", "seven_pairs", 4), ("samsiki", "seven_pairs", 2), ("keopihyang", "seven_pairs", 2),
    ("나가리", "all_honours", 12), ("삼식이", "all_honours", 6), ("커피향", "all_honours", 12),
])
def test_presets(preset, key, expected):
    hand = "1122m3344p5566z77z" if key == "seven_pairs" else "111z222z333z555z66z"
    win = "7z" if key == "seven_pairs" else "6z"
    assert yak_points(hand, win, RuleSet(preset=preset), frm="N")[key] == expected


@pytest.mark.parametrize("preset,heavenly,gates", [("nagari", 16, 24), ("samsiki", 12, 12),
                                                   ("keopihyang", 24, 48)])
def test_presets_limit_hands(preset, heavenly, gates):
    rules = RuleSet(preset=preset)
    pts = yak_points("123m456m789p11p555z", "5z", rules, first_turn=True)
    assert pts["heavenly_hand"] == heavenly
    assert yak_points("11123455678999m", "5m", rules, frm="N")["nine_gates"] == gates


def test_custom_values():
    rules = RuleSet(yak_overrides=(("seven_pairs", 3), ("concealed", 2)))
    res = score("1122m3344p5566z77z", "7z", rules, frm="N")
    basic = {y.key: y.points for y in res.yak if y.kind == "basic"}
    assert basic == {"seven_pairs": 3, "concealed": 2}
    assert res.basic == 5


def test_a_yak_set_to_zero_neither_scores_nor_replaces():
    rules = RuleSet(yak_overrides=(("all_honours", 0),))
    pts = yak_points("111z222z333z555z66z", "6z", rules, frm="N")
    assert "all_honours" not in pts and pts["all_terminals_honours"] == 8
