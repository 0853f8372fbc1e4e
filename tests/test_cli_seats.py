"""Seat names are read in one place (`ai.registry`): ``play --seats``, ``simulate --seats`` and
the arena accept the same names, and ``human`` only where a person plays."""

import json

import pytest

from ai import arena
from ai.registry import canonical, parse_seats, seat_name, split_seats
from game.cli import main
from game.settings import CONFIG_ENV


@pytest.fixture(autouse=True)
def _english_whatever_the_machine_says(tmp_path, monkeypatch):
    """These tests read the English lines: no saved settings of the user's, an English locale
    (tests/test_cli_lang.py covers the other languages and the defaults)."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cli-cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


SEAT = "python:ai.random_seat:RandomSeat"  # an untrusted seat that needs no program

# --- the registry --------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "human", "name"), [
    ("ai", False, "ai:standard"),
    (" AI ", False, "ai:standard"),  # trimmed, any case
    ("ai:standard", False, "ai:standard"),
    ("ai:beginner", False, "ai:beginner"),
    ("AI:Expert", False, "ai:expert"),
    ("greedy", False, "greedy"),
    ("Random", False, "random"),
    (SEAT, False, SEAT),
    ("cmd:python3 bot.py --Level 2", False, "cmd:python3 bot.py --Level 2"),  # kept as given
    ("human", True, "human"),
    ("Human", True, "human"),
    ("ai", True, "ai:standard"),
])
def test_accepted_seat_names(text, human, name):
    assert seat_name(text, human=human) == name


@pytest.mark.parametrize(("text", "human", "message"), [
    ("human", False, "every seat must be a computer player"),
    ("oracle", False, "unknown seat 'oracle'; known seats: ai:aggressive, ai:beginner"),
    ("oracle", True, "unknown seat 'oracle'"),  # ... ; or human
    ("ai:strong", False, "unknown seat 'ai:strong'"),
    ("cmd:", False, "a cmd: seat needs a command"),
    ("python: ", False, "a python: seat needs a class"),
    ("", False, "unknown seat ''"),
])
def test_refused_seat_names(text, human, message):
    with pytest.raises(ValueError, match=message):
        seat_name(text, human=human)


def test_the_unknown_message_offers_human_only_where_a_person_plays():
    with pytest.raises(ValueError, match=r"; or human$"):
        seat_name("oracle", human=True)
    with pytest.raises(ValueError, match=r"cmd:COMMAND\)$"):
        seat_name("oracle")


@pytest.mark.parametrize(("text", "message"), [
    ("ai,ai,ai", "needs four names separated by commas, got 3"),
    ("ai,ai,ai,ai,ai", "got 5"),
    ("ai,,ai,ai", "got 3"),
    ("", "got 0"),
])
def test_four_names_separated_by_commas(text, message):
    with pytest.raises(ValueError, match=message):
        split_seats(text)


def test_one_human_at_most():
    assert parse_seats("human,ai,greedy,random", human=True) == ["human", "ai:standard", "greedy", "random"]
    with pytest.raises(ValueError, match="at most one human player, got 2"):
        parse_seats("human,Human,ai,ai", human=True)


def test_canonical_checks_nothing():
    assert canonical("oracle") == "oracle" and canonical(" Ai ") == "ai:standard"


# --- the commands: one table each ----------------------------------------------------------------
ACCEPTED = ["ai,ai,ai,ai", "AI:Expert,ai:beginner,greedy,random", f"{SEAT},ai,greedy,random"]
#: (seats, what the error says); every command refuses these
REFUSED = [
    ("human,ai,ai,ai", "every seat must be a computer player"),
    ("ai,ai,ai,oracle", "unknown seat 'oracle'"),
    ("ai,cmd:,ai,ai", "a cmd: seat needs a command"),
]


@pytest.mark.parametrize("seats", ACCEPTED)
def test_simulate_accepts(seats, capsys):
    assert main(["simulate", "--hands", "1", "--seed", "2", "--seats", seats, "--json"]) == 0
    players = [p["seat"] for p in json.loads(capsys.readouterr().out)["players"]]
    assert players == [canonical(s) for s in seats.split(",")]


@pytest.mark.parametrize(("seats", "message"), REFUSED)
def test_simulate_refuses(seats, message, capsys):
    assert main(["simulate", "--hands", "1", "--seats", seats]) == 2
    err = capsys.readouterr().err
    assert err.startswith("korean-mahjong simulate: error: ") and message in err


def test_simulate_reads_the_baseline_as_a_seat(capsys):
    assert main(["simulate", "--duplicate", "--hands", "4", "--seats", "ai,greedy,random,random",
                 "--baseline", "AI", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["baseline"] == "ai:standard"
    assert main(["simulate", "--duplicate", "--hands", "4", "--seats", "ai,greedy,random,random",
                 "--baseline", "human"]) == 2
    assert "every seat must be a computer player" in capsys.readouterr().err


@pytest.mark.parametrize("seats", ACCEPTED)
def test_arena_accepts(seats, capsys):
    assert main(["simulate", "--duplicate", "--hands", "4", "--seats", seats, "--json"]) == 0
    names = {s["name"] for s in json.loads(capsys.readouterr().out)["stats"]}
    assert names == {canonical(s) for s in seats.split(",")}


@pytest.mark.parametrize(("seats", "message"), REFUSED)
def test_arena_refuses(seats, message, capsys):
    assert main(["simulate", "--duplicate", "--hands", "4", "--seats", seats]) == 2
    assert message in capsys.readouterr().err


def test_the_arena_api_refuses_a_person():
    with pytest.raises(ValueError, match="every seat must be a computer player"):
        arena.run_duplicate(["human", "ai", "ai", "ai"], hands=1)


@pytest.fixture
def window(tmp_path, monkeypatch):
    """``play`` headless, with its settings and records in a temporary folder."""
    from game.settings import CONFIG_ENV

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize(("args", "accepted"), [
    (["--autoplay", "--seats", "ai,ai,ai,ai"], True),
    (["--autoplay", "--seats", f"AI:Expert,{SEAT},greedy,random"], True),
    (["--seats", "human,ai,ai:expert,greedy"], True),
    (["--seats", "ai,Human,random,random"], True),
    (["--seats", "ai,ai,ai,ai"], True),  # a person takes the first seat
    (["--autoplay", "--seats", "human,ai,ai,ai"], False),  # spectators only
    (["--seats", "human,human,ai,ai"], False),
    (["--seats", "ai,ai,ai,oracle"], False),
    (["--seats", "ai,ai,ai"], False),
])
def test_play_accepts_the_same_names_and_a_person(window, capsys, args, accepted):
    code = main(["play", *args, "--seed", "3", "--hands", "1", "--frames", "1"])
    err = capsys.readouterr().err
    assert (code, err) == (0, "") if accepted else (code == 2 and "korean-mahjong play: error: " in err)


@pytest.mark.parametrize(("args", "message"), [
    (["--autoplay", "--seats", "human,ai,ai,ai"], "every seat must be a computer player"),
    (["--seats", "human,human,ai,ai"], "at most one human player"),
    (["--seats", "ai,ai,ai,oracle"], "unknown seat 'oracle'"),
    (["--autoplay", "--seats", "ai,ai,ai,oracle"], "unknown seat 'oracle'"),
    (["--seats", "ai,ai,ai"], "needs four names separated by commas, got 3"),
    (["--seats", "ai,cmd:,ai,ai"], "a cmd: seat needs a command"),
])
def test_play_says_why_it_refuses(window, capsys, args, message):
    assert main(["play", *args, "--frames", "1"]) == 2
    assert message in capsys.readouterr().err
