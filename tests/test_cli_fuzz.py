"""Fuzzing the command line (issue 10): random and mutated command lines for ``score``,
``shanten``, ``simulate`` and ``replay``, run in-process through `game.cli.main`.

Whatever the input (random options, control characters, bytes that are not UTF-8 as
surrogates, huge and negative numbers, missing and garbage files), the command ends with exit
status 0 or 2 (``replay --check``/``--text`` report a bad record with 1; ``simulate`` never
reports a broken invariant), at most one error line on stderr, no control character there, and
no exception but SystemExit. Seeded (``KOREAN_MAHJONG_FUZZ_SEED`` picks another seed): a
failure prints the command line that reproduces it.
No window opens: ``play`` is not fuzzed and ``replay`` always gets ``--check`` or ``--text``.
"""

from __future__ import annotations

import io
import os
import random
import sys
import time

import pytest

from game.cli import build_parser, main
from game.settings import CONFIG_ENV


@pytest.fixture(autouse=True)
def _english_whatever_the_machine_says(tmp_path, monkeypatch):
    """These tests read the English lines: no saved settings of the user's, an English locale
    (tests/test_cli_lang.py covers the other languages and the defaults)."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cli-cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


SEED = int(os.environ.get("KOREAN_MAHJONG_FUZZ_SEED", "20261123"))  # another seed explores
CASES = 600
BUDGET_S = 12.0  # stop early on a slow machine; the cases run so far still count

TILES = ["123m", "8p", "9p", "1z", "7z", "5f", "234m456m345p22p678p", "123m456p789p11m22z",
         "1112345678999m", "11111m22z", "0m", "10p", "m", "1x", "19m19p1234567z", "5z", "55z"]
SEATS_ = ["E", "S", "W", "N", "e", "X", "east", "동"]
NUMBERS = ["0", "1", "2", "3", "-1", "-0", "4", "5", "99999999999999999999", "1e3", "0x10",
           "1_0", "٣", "+2", " 2", "2 ", "3.5", "nan", "-99999999999999999999", "9" * 5000]
SEAT_NAMES = ["random", "greedy", "ai:beginner", "ai:standard", "RANDOM", "human", "ai",
              "oracle", "", "random,random", "python:", "python:no_such_module_xyz:Seat",
              "python:os", "cmd:", "ai:\x1b[2J"]
GARBAGE = ["", " ", "-", "--", "---", "-x", "\x00", "\x1b[2J", "\r", "\n", "\t", "\x07",
           "\u202e", "\udcff", "\udcfe\udcff", "커피향", "%s", "%(prog)s", "{}", "'", '"', "\\",
           "=", "--=", "@file", "a" * 300]

OPTIONS = {
    "score": {"--win": "tile", "--self-draw": None, "--from": "seat", "--seat": "seat",
              "--prevalent": "seat", "--pung": "tile", "--kong": "tile",
              "--concealed-kong": "tile", "--uper": None, "--flowers": "number",
              "--win-on-kong": None, "--robbing-kong": None, "--last-tile": None,
              "--first-turn": None, "--ante": "number", "--preset": "preset", "--json": None},
    "shanten": {"--seen": "tile", "--json": None},
    "simulate": {"--hands": "number", "--seed": "number", "--seats": "seats",
                 "--rules": "path", "--json": None, "--log": "logpath", "--duplicate": None,
                 "--jobs": "number", "--baseline": "seat_name", "--no-check": None},
    "replay": {"--check": None, "--text": None, "--actions": None, "--size": "size",
               "--lang": "lang"},
}

VALID = [
    ["score", "234m456m345p22p678p", "--win", "8p", "--uper"],
    ["score", "234m678m66z777z", "--win", "7z", "--concealed-kong", "5p", "--uper",
     "--win-on-kong", "--json"],
    ["score", "123m456m789p11z", "--pung", "7z", "--win", "9p", "--from", "N"],
    ["shanten", "123m456p789p11m22z"],
    ["shanten", "123m456p789p11m22z7z", "--json"],
    ["shanten", "-"],
    ["shanten", "-", "--json", "--seen", "1m1m"],
    ["simulate", "--hands", "2", "--seed", "1", "--seats", "random,random,random,random"],
    ["simulate", "--hands", "1", "--json", "--log", "fuzz.jsonl"],
    ["simulate", "--hands", "1", "--rules", "rules.json", "--no-check"],
    ["simulate", "--duplicate", "--hands", "4", "--seats", "greedy,random,random,random"],
    ["replay", "good.jsonl", "--check"],
    ["replay", "good.jsonl", "--text", "--actions"],
    ["replay", "garbage.jsonl", "--text"],
]


def _files(rng: random.Random) -> None:
    """The files the command lines name, in the current (temporary) directory."""
    with open("rules.json", "w", encoding="utf-8") as f:
        f.write('{"ante": 5, "flowers": false}')
    with open("bad_rules.json", "wb") as f:
        f.write(rng.choice([b"[" * 5000, b'{"preset": ["x"]}', b"\xff\xfe", b'{"ante": 1e999}',
                            b'{"colour": "red"}']))
    assert main(["simulate", "--hands", "2", "--seed", "4", "--log", "good.jsonl"]) == 0
    with open("good.jsonl", "rb") as f:
        good = f.read()
    with open("truncated.jsonl", "wb") as f:
        f.write(good[: len(good) // 2])
    with open("garbage.jsonl", "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(500)))
    with open("flipped.jsonl", "wb") as f:
        data = bytearray(good)
        for _ in range(20):
            data[rng.randrange(len(data))] = rng.randrange(256)
        f.write(bytes(data))
    os.makedirs("adir", exist_ok=True)


PATHS = ["rules.json", "bad_rules.json", "good.jsonl", "truncated.jsonl", "garbage.jsonl",
         "flipped.jsonl", "adir", "missing.json", "adir/missing/x.json", "/dev/null",
         "/dev/full", "\udcff.json", "a\x00b", ""]


def _value(rng: random.Random, kind: str | None) -> str:
    if rng.random() < 0.15:
        return rng.choice(GARBAGE)
    if kind == "tile":
        return rng.choice(TILES)
    if kind == "seat":
        return rng.choice(SEATS_)
    if kind == "number":
        return rng.choice(NUMBERS)
    if kind == "preset":
        return rng.choice(["nagari", "samsiki", "커피향", "NAGARI", "nope", ""])
    if kind == "seats":
        return ",".join(rng.choice(SEAT_NAMES) for _ in range(rng.choice([4, 4, 4, 3, 5])))
    if kind == "seat_name":
        return rng.choice(SEAT_NAMES)
    if kind in ("path", "logpath"):
        return rng.choice(PATHS + (["fresh.jsonl", "adir/new.jsonl"] if kind == "logpath" else []))
    if kind == "size":
        return rng.choice(["1280x800", "800x600", "big", "1x1"])
    if kind == "lang":
        return rng.choice(["ko", "en", "fr"])
    return rng.choice(GARBAGE + TILES)


def _random_bytes(rng: random.Random) -> str:
    raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12)))
    return os.fsdecode(raw)  # undecodable bytes become surrogates, as in a real argv


def _mutate(rng: random.Random, argv: list[str]) -> list[str]:
    argv = list(argv)
    options = OPTIONS[argv[0]]
    for _ in range(rng.randrange(1, 4)):
        op = rng.random()
        values = [i for i in range(2, len(argv)) if options.get(argv[i - 1], None) is not None]
        if op < 0.3:  # add an option
            name = rng.choice(list(options))
            argv += [name] if options[name] is None else [name, _value(rng, options[name])]
        elif op < 0.6 and values:  # another value for an option
            i = rng.choice(values)
            argv[i] = _value(rng, options[argv[i - 1]])
        elif op < 0.7:  # the first argument (HAND, FILE) replaced
            if len(argv) > 1 and not argv[1].startswith("-"):
                argv[1] = _value(rng, "tile" if argv[0] in ("score", "shanten") else "path")
        elif op < 0.78 and len(argv) > 1:  # drop a token
            del argv[rng.randrange(1, len(argv))]
        elif op < 0.86 and len(argv) > 1:  # random bytes in place of a token
            argv[rng.randrange(1, len(argv))] = _random_bytes(rng)
        elif op < 0.94:  # an option written --name=value
            name = rng.choice([n for n, kind in options.items() if kind is not None])
            argv.append(f"{name}={_value(rng, options[name])}")
        else:  # a stray token
            argv.insert(rng.randrange(1, len(argv) + 1), rng.choice(GARBAGE + NUMBERS))
    return argv


def _random_command(rng: random.Random) -> list[str]:
    command = rng.choice(list(OPTIONS))
    options = OPTIONS[command]
    argv = [command]
    for _ in range(rng.randrange(0, 6)):
        if rng.random() < 0.35:
            argv.append(rng.choice(TILES + GARBAGE + PATHS))
        else:
            name = rng.choice(list(options))
            argv += [name] if options[name] is None else [name, _value(rng, options[name])]
    return argv


def _tame(argv: list[str]) -> list[str] | None:
    """The command line made cheap and windowless, or None to skip it."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit:
        return argv  # a parse error: main fails the same way, quickly
    command = getattr(args, "command", None)
    if command not in ("score", "shanten", "simulate", "replay"):
        return None  # no subcommand opens the window
    if command == "replay" and not (args.check or args.text):
        return None  # the replay viewer is a window
    if command == "simulate":
        heavy = any("standard" in s or "expert" in s for s in args.seats)
        limit = 8 if args.duplicate and not heavy else 4 if args.duplicate else 1 if heavy else 3
        if args.hands > 0 and (args.hands > limit or args.jobs > 1):
            return None if "--" in argv else argv + ["--hands", str(limit), "--jobs", "1"]
    return argv


def _run(argv: list[str], stdin: bytes, capsys) -> tuple[int, str, str]:
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        status = main(argv)
    except SystemExit as e:
        code = e.code
        status = code if isinstance(code, int) else (0 if code is None else 2)
    out, err = capsys.readouterr()
    return status, out, err


def test_fuzz_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KOREAN_MAHJONG_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setattr(sys, "stdin", sys.stdin)  # restored after the test
    rng = random.Random(SEED)
    _files(rng)
    capsys.readouterr()
    t0 = time.monotonic()
    ran = 0
    for case in range(CASES):
        if time.monotonic() - t0 > BUDGET_S:
            break
        argv = _mutate(rng, rng.choice(VALID)) if rng.random() < 0.6 else _random_command(rng)
        tamed = _tame(argv)
        capsys.readouterr()
        if tamed is None:
            continue
        stdin = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 80)))
        if rng.random() < 0.5:
            stdin = b"1112345678999m\n" + stdin + b"\n5z\n"
        where = f"case {case} (seed {SEED}): korean-mahjong {tamed!r}"
        try:
            status, out, err = _run(tamed, stdin, capsys)
        except BaseException as e:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{where} raised {type(e).__name__}: {e}")
        ran += 1
        allowed = {0, 1, 2} if tamed[0] == "replay" else {0, 2}
        assert status in allowed, f"{where} exited {status}: {err}"
        lines = err.splitlines()
        assert "Traceback" not in err, f"{where}: {err}"
        assert sum(": error:" in x or "FAILED" in x for x in lines) <= 1, f"{where}: {err}"
        if status == 2 and lines:
            assert len(lines) == 1 or all(": warning:" in x for x in lines[:-1]), f"{where}: {err}"
        assert not any(ch in err.replace("\n", "") for ch in "\x1b\r\x07\x00"), f"{where}: {err!r}"
        assert "\x1b" not in out, f"{where}: {out!r}"
    assert ran >= 100, f"only {ran} command lines ran in {BUDGET_S} s"
