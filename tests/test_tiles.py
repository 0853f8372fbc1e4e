"""Tiles and notation: round trips, helpers and clear errors for bad input."""

import pytest

from game.engine.errors import NotationError
from game.engine.tiles import (
    NUM_KINDS,
    format_tiles,
    from_counts,
    is_major,
    kind_of_tile,
    parse_seat,
    parse_tile,
    parse_tiles,
    stem,
    tile_ids_of_kind,
    tile_str,
    to_counts,
)


@pytest.mark.parametrize("text", [
    "123m456p11z", "1m", "9p", "1234567z", "1234f", "111122223333m4444z", "19m19p1234567z",
    "5z1f9p",  # written order is kept
])
def test_round_trip(text):
    assert format_tiles(parse_tiles(text)) == text


def test_every_kind_round_trips_alone():
    for k in range(NUM_KINDS):
        assert parse_tile(tile_str(k)) == k


@pytest.mark.parametrize("text,token,position", [
    ("123s", "s", 3),  # no bamboo suit
    ("8z", "8z", 0),
    ("0m", "0m", 0),
    ("5f", "5f", 0),
    ("12m3", "3", 3),  # digits without a suit letter
    ("m", "m", 0),
    ("12m?", "?", 3),
])
def test_bad_notation_names_the_token(text, token, position):
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert info.value.token == token
    assert info.value.position == position
    assert repr(token) in str(info.value)


def test_spaces_between_groups():
    assert parse_tiles("123m 456p 11z") == parse_tiles("123m456p11z")


def test_physical_ids_cover_104_tiles_once():
    ids = [i for k in range(NUM_KINDS) for i in tile_ids_of_kind(k)]
    assert sorted(ids) == list(range(104))
    assert all(kind_of_tile(i) == k for k in range(NUM_KINDS) for i in tile_ids_of_kind(k))


@pytest.mark.parametrize("tile,group", [
    ("1m", "147m"), ("4m", "147m"), ("7m", "147m"), ("5p", "258p"), ("9p", "369p"), ("3p", "369p"),
])
def test_stem_groups(tile, group):
    assert format_tiles(stem(parse_tile(tile))) == group


def test_honours_have_no_stem():
    assert all(stem(k) == () for k in parse_tiles("1234567z"))


def test_major_tiles_are_eleven_kinds():
    assert format_tiles([k for k in range(25) if is_major(k)]) == "19m19p1234567z"


def test_counts_round_trip_and_reject_flowers():
    kinds = parse_tiles("112m99p77z")
    assert from_counts(to_counts(kinds)) == sorted(kinds)
    with pytest.raises(ValueError, match="not a playing tile"):
        to_counts(parse_tiles("1f"))


def test_parse_seat():
    assert [parse_seat(s) for s in "ESWN"] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="not a seat: 'X'"):
        parse_seat("X")
