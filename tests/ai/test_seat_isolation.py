"""Untrusted seats (python:, cmd:) see only their own view and cannot break the game.

The seed they get carries no information about the walls; a cmd: program starts with a minimal
environment, in its own fresh directory and process group (its children end with it); its
answers are read within the time budget, with a line-length cap, and parsed strictly. A python:
seat gets a snapshot of the decision (no live table) and its action is checked by value.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
import types
from pathlib import Path

import pytest

from ai.base import SeatDecision
from ai.external import ExternalSeat, ProtocolError
from ai.guard import GuardedSeat
from ai.registry import make_seat, untrusted_seed
from game.engine.actions import ActionFormatError, Discard
from game.engine.events import HandStarted
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.engine.table import Table
from game.engine.wall import Wall

ROOT = Path(__file__).resolve().parents[2]
POSIX = os.name == "posix"


def write_program(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n" + textwrap.dedent(body))
    return path


def cmd(path: Path, *args: str) -> str:
    import shlex
    return "cmd:" + " ".join(shlex.quote(x) for x in (sys.executable, str(path), *args))


def play(seats, hands=1, seed=5):
    session = Session(RuleSet(session_mode="hands"), seed, players=("a", "b", "c", "d"),
                      hands=hands)
    play_session(session, seats)
    return session


def close_all(seats):
    for s in seats:
        close = getattr(s, "close", None)
        if close is not None:
            close()


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie waiting for its parent counts as ended)."""
    stat = Path(f"/proc/{pid}/stat")
    if Path("/proc/self/stat").exists():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
        except OSError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


ANSWER_FIRST = """
import json
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "end":
        break
    if msg["type"] == "request":
        print(json.dumps(msg["legal"][0]), flush=True)
"""


# ---------------------------------------------------------------------------------------- seed
def test_untrusted_seeds_are_keyed_per_process_and_not_the_given_seed():
    given = 5 * 4 + 0
    here = untrusted_seed(given)
    assert here == untrusted_seed(given)  # stable within one run of the game
    assert here != given and here not in (5, given // 4)
    assert untrusted_seed(None) is None
    code = "from ai.registry import untrusted_seed; print(untrusted_seed(20))"
    other = [int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True, cwd=ROOT).stdout) for _ in range(2)]
    assert len({here, *other}) == 3  # another process, another secret, another seed


def test_python_seats_get_the_keyed_seed_and_built_in_seats_keep_theirs():
    seat = make_seat("python:ai.random_seat:RandomSeat", seed=21)
    import random
    assert seat.inner.rng.getstate() == random.Random(untrusted_seed(21)).getstate()
    assert seat.inner.rng.getstate() != random.Random(21).getstate()
    assert make_seat("random", seed=21).rng.getstate() == random.Random(21).getstate()


PREDICTOR = r"""
import json, os, random, re
from game.engine.rules import RuleSet
from game.engine.table import Table

report = sys.argv[1]
ints = set()


def harvest(x):
    if isinstance(x, bool) or x is None:
        return
    if isinstance(x, int):
        ints.add(x)
    elif isinstance(x, dict):
        for v in x.values():
            harvest(v)
    elif isinstance(x, list):
        for v in x:
            harvest(v)
    elif isinstance(x, str):
        for tok in re.findall(r"-?\d+", x):
            ints.add(int(tok))


for v in os.environ.values():
    harvest(v)
state = {"hands": 0, "predicted": 0, "candidates": 0,
         "seed_env": os.environ.get("KOREAN_MAHJONG_SEED")}
hand = None
checked = set()


def candidates(n):
    seeds = set()
    for i in list(ints):
        if abs(i) > 2 ** 64:
            continue
        for c in {i, i // 4, (i - 1) // 4, (i - 2) // 4, (i - 3) // 4}:
            seeds.add(c)
            seeds.add(random.Random(f"{c}/{n}").getrandbits(48))  # Session.hand_seed
    return seeds


def check():
    own = tuple(hand["own"])
    tried = 0
    for c in candidates(hand["n"]):
        tried += 1
        t = Table(hand["rules"], c)
        dealt = tuple(x for e in t.events if type(e).__name__ == "Dealt" and e.seat == hand["seat"]
                      for x in e.tiles)
        if dealt == own:
            state["predicted"] += 1
            break
    state["hands"] += 1
    state["candidates"] = max(state["candidates"], tried)
    with open(report, "w") as f:
        json.dump(state, f)


for line in sys.stdin:
    msg = json.loads(line)
    harvest(msg if msg["type"] in ("hello", "hand_start", "session_start") else None)
    if msg["type"] == "hand_start":
        hand = {"n": msg["hand"], "rules": RuleSet.from_dict(msg["rules"]), "own": [], "seat": None}
    elif msg["type"] == "deal" and msg["tiles"] is not None:
        hand["seat"] = "ESWN".index(msg["seat"])
        hand["own"].extend(msg["tiles"])
    elif msg["type"] == "request":
        if hand["n"] not in checked:
            checked.add(hand["n"])
            check()
        print(json.dumps(msg["legal"][0]), flush=True)
    elif msg["type"] == "end":
        break
"""


def test_a_cmd_program_cannot_rebuild_the_wall_from_what_it_is_given(tmp_path):
    program = write_program(tmp_path, "predictor.py", PREDICTOR)
    session_seed = 5

    def run(seat, report):
        seats = [seat, make_seat("greedy", seed=1), make_seat("greedy", seed=2),
                 make_seat("greedy", seed=3)]
        try:
            play(seats, hands=2, seed=session_seed)
        finally:
            close_all(seats)
        assert not seat.replaced, seat.incidents
        return json.loads(report.read_text())

    # the control: given the deterministic seed (as before), the program predicts every wall
    control = tmp_path / "control.json"
    raw = GuardedSeat(ExternalSeat([sys.executable, str(program), str(control)],
                                   seed=session_seed * 4 + 0))
    got = run(raw, control)
    assert got["hands"] == 2 and got["predicted"] == 2

    # through the registry, as the game makes it: nothing to predict from
    report = tmp_path / "report.json"
    seat = make_seat(cmd(program, str(report)), seed=session_seed * 4 + 0)
    got = run(seat, report)
    assert got["hands"] == 2 and got["candidates"] > 0
    assert got["predicted"] == 0
    assert got["seed_env"] is None or int(got["seed_env"]) != session_seed * 4 + 0


# ---------------------------------------------------------------------- environment, files
ENV_DUMP = """
import json, os
info = {"env": dict(os.environ), "cwd": os.getcwd(), "pid": os.getpid(),
        "pgid": os.getpgid(0) if hasattr(os, "getpgid") else None}
with open(sys.argv[1], "a") as f:
    f.write(json.dumps(info) + "\\n")
""" + ANSWER_FIRST


def test_a_cmd_program_starts_once_with_a_minimal_environment_in_its_own_directory(
        tmp_path, monkeypatch):
    for var in ("KOREAN_MAHJONG_DATA_DIR", "KOREAN_MAHJONG_CONFIG_DIR", "XDG_DATA_HOME",
                "XDG_CONFIG_HOME", "PYTHONPATH", "SECRET_TOKEN"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    program = write_program(tmp_path, "env_dump.py", ENV_DUMP)
    report = tmp_path / "starts.jsonl"
    seat = make_seat(cmd(program, str(report)), seed=3)
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    try:
        play(seats, hands=2)
        assert not seat.replaced, seat.incidents
        workdir = Path(seat.inner.workdir)
        assert workdir.is_dir()
        resolved = workdir.resolve()
    finally:
        close_all(seats)
    starts = [json.loads(x) for x in report.read_text().splitlines()]
    assert len(starts) == 1  # started once for the whole session
    info = starts[0]
    env = info["env"]
    assert "PATH" in env
    leaked = [k for k in env if k.startswith(("KOREAN_MAHJONG_DATA", "KOREAN_MAHJONG_CONFIG",
                                              "XDG_", "PYTHON"))
              or k in ("HOME", "SECRET_TOKEN", "USERPROFILE", "APPDATA")]
    assert leaked == []
    assert set(env) <= {"PATH", "LANG", "LC_ALL", "LC_CTYPE", "KOREAN_MAHJONG_SEED",
                        "SYSTEMROOT", "PATHEXT", "__CF_USER_TEXT_ENCODING"}
    assert Path(info["cwd"]).resolve() == resolved
    assert resolved != Path.cwd().resolve()
    assert not workdir.exists()  # removed at close
    if POSIX:
        assert info["pgid"] == info["pid"] != os.getpgid(0)  # its own process group


def test_a_relative_program_path_still_works_from_the_programs_own_directory(
        tmp_path, monkeypatch):
    write_program(tmp_path, "ok.py", ANSWER_FIRST)
    monkeypatch.chdir(tmp_path)
    seat = make_seat(f"cmd:{sys.executable} ok.py")
    d = Table(RuleSet(), seed=2).pending()[0]
    try:
        assert seat.act(d) == d.legal[0] and not seat.replaced, seat.incidents
    finally:
        seat.close()


@pytest.mark.skipif(not POSIX, reason="process groups and signals are POSIX")
def test_the_programs_children_end_with_it_even_when_they_ignore_sigterm(tmp_path):
    program = write_program(tmp_path, "spawner.py", """
import json, signal, subprocess, time
child = subprocess.Popen([sys.executable, "-c",
    "import signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
    "print('ready', flush=True); time.sleep(120)"], stdout=subprocess.PIPE)
child.stdout.readline()
with open(sys.argv[1], "w") as f:
    f.write(str(child.pid))
signal.signal(signal.SIGTERM, signal.SIG_IGN)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "request":
        print(json.dumps(msg["legal"][0]), flush=True)
time.sleep(120)  # ignores the end of its input, too
""")
    pidfile = tmp_path / "child.pid"
    seat = make_seat(cmd(program, str(pidfile)))
    d = Table(RuleSet(), seed=2).pending()[0]
    assert seat.act(d) == d.legal[0] and not seat.replaced, seat.incidents
    child = int(pidfile.read_text())
    leader = seat.inner.proc.pid
    assert alive(child) and alive(leader)
    t0 = time.monotonic()
    seat.close()
    assert time.monotonic() - t0 < 5
    for _ in range(100):
        if not alive(child):
            break
        time.sleep(0.02)
    assert not alive(child) and not alive(leader)


EXITS_AT_ONCE = """
with open(sys.argv[1], "a") as f:
    f.write("start\\n")
"""


def test_a_program_that_exits_at_once_never_crashes_the_start(tmp_path):
    program = write_program(tmp_path, "quit.py", EXITS_AT_ONCE)
    starts = tmp_path / "starts.txt"
    for i in range(40):
        seat = make_seat(cmd(program, str(starts)), seed=i)  # never raises
        t = Table(RuleSet(), seed=i)
        try:
            for e in t.events:
                seat.observe(e.visible_to(0))
            d = t.pending()[0]
            assert seat.act(d) in d.legal
            assert seat.replaced and "ended" in str(seat.incidents[0]), seat.incidents
        finally:
            seat.close()
    assert starts.read_text().count("start") == 40  # each started exactly once
    true = shutil.which("true")
    if true is not None:  # exits before the game has written its first line
        for i in range(40):
            seat = make_seat(f"cmd:{true}", seed=i)
            t = Table(RuleSet(), seed=i)
            try:
                for e in t.events:
                    seat.observe(e.visible_to(0))
                d = t.pending()[0]
                assert seat.act(d) in d.legal and seat.replaced
            finally:
                seat.close()
    # and a whole hand goes on
    seat = make_seat(cmd(program, str(starts)))
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    try:
        assert play(seats).finished and seat.replaced
    finally:
        close_all(seats)
    assert starts.read_text().count("start") == 41


def test_a_program_that_never_reads_its_input_does_not_hang_the_game(tmp_path):
    program = write_program(tmp_path, "deaf.py", "import time\ntime.sleep(60)\n")
    seat = ExternalSeat([sys.executable, str(program)], budget=0.5)
    event = HandStarted(1, None, None, False, (0, 1, 2, 3), (0, 0, 0, 0),
                        {"padding": "x" * 4000})
    outcome: list[BaseException] = []

    def flood():
        try:
            for _ in range(5000):  # 20 MB: far more than a pipe holds
                seat.observe(event)
        except BaseException as e:  # noqa: BLE001 - the test looks at it
            outcome.append(e)

    th = threading.Thread(target=flood, daemon=True)
    th.start()
    th.join(10)
    hung = th.is_alive()
    seat.close()
    assert not hung
    assert outcome and isinstance(outcome[0], TimeoutError)


# ------------------------------------------------------------------ reading the answer
def legal_discard_tile(d) -> str:
    return next(a for a in d.legal if isinstance(a, Discard) and not a.uper).to_json()["tile"]


ANSWER_ARGV = """
for line in sys.stdin:
    if '"request"' in line:
        sys.stdout.write(sys.argv[1] + "\\n")
        sys.stdout.flush()
"""


def answer_with(tmp_path, text: str, budget=5.0) -> ExternalSeat:
    program = write_program(tmp_path, "answer.py", ANSWER_ARGV)
    return ExternalSeat([sys.executable, str(program), text], budget=budget)


BAD_ANSWERS = [
    '{"type": "discard", "tile": "%s", "uper": "false"}',
    '{"type": "discard", "tile": "%s", "uper": 0}',
    '{"type": "discard", "tile": "%s", "uper": null}',
    '{"type": "discard", "tile": "%s", "comment": "extra key"}',
    '{"type": "discard", "tile": "%s "}',
    '{"type": "discard", "tile": ["%s"]}',
    '{"type": "pass", "tile": "%s"}',
    '{"type": "discard", "tile": "%s", "explain": 5}',
    '[{"type": "discard", "tile": "%s"}]',
    '{"type": "discard", "tile": "%s"} {"type": "pass"}',
    '{"type": "discard", "tile": "%s", "uper": NaN}',
]


@pytest.mark.parametrize("pattern", BAD_ANSWERS)
def test_answers_are_parsed_strictly(tmp_path, pattern):
    d = Table(RuleSet(), seed=2).pending()[0]
    seat = answer_with(tmp_path, pattern % legal_discard_tile(d))
    try:
        with pytest.raises((ProtocolError, ActionFormatError)):
            seat.act(d)
    finally:
        seat.close()


def test_a_string_where_a_bool_belongs_is_not_a_yes(tmp_path):
    """On a decision where declaring uper is legal, ``"uper": "false"`` must not declare it."""
    program = write_program(tmp_path, "uper_string.py", """
import json
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "request":
        ups = [a for a in msg["legal"] if a.get("uper") is True]
        a = dict(ups[0] if ups else msg["legal"][0])
        if ups:
            a["uper"] = "false"
        print(json.dumps(a), flush=True)
""")
    seen = []

    class Spy:
        """Plays greedy, and hands the first decision with a legal uper to the program."""

        name = "spy"

        def __init__(self):
            self.me = make_seat("greedy", seed=1)

        def observe(self, e):
            self.me.observe(e)

        def act(self, d):
            if not seen and any(isinstance(a, Discard) and a.uper for a in d.legal):
                seat = GuardedSeat(ExternalSeat([sys.executable, str(program)]))
                try:
                    seen.append((seat.act(d), seat.replaced, list(seat.incidents)))
                finally:
                    seat.close()
            return self.me.act(d)

    for seed in range(40):
        play([Spy(), make_seat("greedy"), make_seat("greedy"), make_seat("greedy")], seed=seed)
        if seen:
            break
    assert seen, "no decision with a legal uper in 40 hands"
    _, replaced, incidents = seen[0]
    assert replaced and "uper" in str(incidents[0])  # a protocol error, not a declaration


@pytest.mark.parametrize("extra, explain", [("", ""), (', "uper": false', ""),
                                            (', "explain": "why not"', "why not")])
def test_well_formed_answers_are_read(tmp_path, extra, explain):
    d = Table(RuleSet(), seed=2).pending()[0]
    tile = legal_discard_tile(d)
    seat = answer_with(tmp_path, f'{{"type": "discard", "tile": "{tile}"{extra}}}')
    try:
        got = seat.act(d)
        assert type(got) is Discard and got.to_json() == {"type": "discard", "tile": tile}
        why = seat.explain()
        assert (why is None and explain == "") or (why.code == "ai.external.says"
                                                   and str(why) == explain)
    finally:
        seat.close()


def test_an_answer_line_longer_than_the_cap_is_a_protocol_error(tmp_path):
    d = Table(RuleSet(), seed=2).pending()[0]
    text = json.dumps({"type": "discard", "tile": legal_discard_tile(d), "explain": "x" * 100_000})
    seat = answer_with(tmp_path, text)
    try:
        with pytest.raises(ValueError, match="longer than"):
            seat.act(d)
    finally:
        seat.close()


def test_a_flood_without_newline_is_cut_off_by_the_line_cap(tmp_path):
    program = write_program(tmp_path, "flood.py", """
import time
for line in sys.stdin:
    if '"request"' in line:
        for _ in range(64):  # 4 MB, no newline
            sys.stdout.write("x" * 65536)
            sys.stdout.flush()
        time.sleep(60)
""")
    seat = ExternalSeat([sys.executable, str(program)], budget=5)
    d = Table(RuleSet(), seed=2).pending()[0]
    t0 = time.monotonic()
    try:
        with pytest.raises(ValueError, match="longer than"):
            seat.act(d)
        assert time.monotonic() - t0 < 4
    finally:
        seat.close()


def test_a_trickle_without_newline_is_cut_off_at_the_budget(tmp_path):
    program = write_program(tmp_path, "trickle.py", """
import time
for line in sys.stdin:
    if '"request"' in line:
        while True:
            sys.stdout.write("x")
            sys.stdout.flush()
            time.sleep(0.005)
""")
    seat = ExternalSeat([sys.executable, str(program)])
    d = Table(RuleSet(), seed=2).pending()[0]
    t0 = time.monotonic()
    try:
        with pytest.raises(TimeoutError):
            seat.act_within(d, 0.5)
        assert time.monotonic() - t0 < 1.5
    finally:
        seat.close()


def test_two_lines_for_one_request_is_a_protocol_error(tmp_path):
    program = write_program(tmp_path, "twice.py", """
import json
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "request":
        print(json.dumps(msg["legal"][0]))
        print(json.dumps(msg["legal"][0]), flush=True)
""")
    seat = ExternalSeat([sys.executable, str(program)])
    try:
        # the first request sees the second line if both arrive in one read, else the next one
        with pytest.raises(ValueError, match="line"):  # noqa: PT012
            seat.act(Table(RuleSet(), seed=2).pending()[0])
            time.sleep(0.3)  # the second line arrives: the next request sees it
            seat.act(Table(RuleSet(), seed=2).pending()[0])
    finally:
        seat.close()


# ---------------------------------------------------------------- python seats: snapshots
def reachable(root, limit=100_000):
    """Every object reachable from `root` through references (classes and modules not
    followed)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack and len(seen) < limit:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen[id(o)] = o
        if isinstance(o, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
            continue
        stack.extend(gc.get_referents(o))
    return list(seen.values())


class Snoop:
    """Looks for the live table in what it is given, and tries to rig the wall."""

    name = "snoop"

    def __init__(self):
        self.decisions = []
        self.found: list[str] = []
        self.rigged = False

    def act(self, decision):
        self.decisions.append(decision)
        table = getattr(decision, "_table", None)
        if table is not None:
            self.found.append("decision._table")
            try:
                table.wall = None
                self.rigged = True
            except Exception:  # noqa: BLE001
                self.rigged = False
        if hasattr(decision, "__dict__"):
            self.found.append("decision.__dict__")
        for o in reachable(decision):
            if isinstance(o, (Table, Wall)):
                self.found.append(type(o).__name__)
            if isinstance(o, list):
                self.found.append("a mutable list")
        return decision.legal[0]


def test_a_python_seat_gets_a_snapshot_without_the_live_table():
    snoop = Snoop()
    seat = GuardedSeat(snoop)
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    session = play(seats)
    assert session.finished and not seat.replaced, seat.incidents
    assert snoop.decisions and not snoop.rigged
    assert sorted(set(snoop.found)) == []
    d = snoop.decisions[0]
    assert type(d) is SeatDecision
    with pytest.raises(AttributeError):
        d._table  # noqa: B018
    with pytest.raises(AttributeError):
        d.seat = 3  # frozen


def test_the_snapshot_shares_no_mutable_object_with_the_table():
    t = Table(RuleSet(), seed=11)
    d = t.pending()[0]
    view = SeatDecision.of(d)
    assert view.observation == d.observation and view.legal == d.legal
    assert view.seat == d.seat and view.kind == d.kind and dict(view.notes) == dict(d.notes)
    table_objects = {id(o) for o in reachable(t) if not isinstance(o, (int, str, bool))}
    shared = [o for o in reachable(view) if id(o) in table_objects
              and not isinstance(o, (int, str, bool, type(None), type, types.ModuleType,
                                     types.FunctionType, types.BuiltinFunctionType))
              and o != ()]
    assert shared == []


class Mutator:
    """Writes into the events it observes."""

    name = "mutator"

    def observe(self, event):
        if isinstance(event, HandStarted):
            event.rules["ante"] = 999

    def act(self, decision):
        return decision.legal[0]


def test_events_given_to_a_python_seat_are_copies():
    seat = GuardedSeat(Mutator())
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    session = play(seats)
    starts = [e for e in session.events if isinstance(e, HandStarted)]
    assert starts and all(e.rules["ante"] != 999 for e in starts)


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0


class AlwaysEqualInt(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class Cheat:
    name = "cheat"

    def __init__(self, make):
        self.make = make

    def act(self, decision):
        return self.make()


@pytest.mark.parametrize("make", [
    AlwaysEqual,
    lambda: Discard(AlwaysEqual()),
    lambda: Discard(AlwaysEqualInt(0)),
    lambda: Discard(0, uper=AlwaysEqual()),
    lambda: type("Sub", (Discard,), {"__eq__": lambda s, o: True, "__hash__": lambda s: 0})(0),
], ids=["object", "discard-of-object", "discard-of-int-subclass", "uper-object", "subclass"])
def test_an_action_that_equals_everything_is_refused(make):
    seat = GuardedSeat(Cheat(make))
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    session = play(seats)
    assert session.finished
    assert seat.replaced and "answered illegally" in str(seat.incidents[0])


def test_the_guard_returns_the_legal_object_never_the_seats():
    t = Table(RuleSet(), seed=2)
    d = t.pending()[0]
    target = next(a for a in d.legal if isinstance(a, Discard))
    seat = GuardedSeat(Cheat(lambda: Discard(target.tile, target.uper)))
    got = seat.act(d)
    assert got is target and not seat.replaced


# ------------------------------------------------------------------ the guard's catches
class Raiser:
    name = "raiser"

    def __init__(self, exc, where):
        self.exc, self.where = exc, where

    def act(self, decision):
        if self.where == "act":
            raise self.exc
        return decision.legal[0]

    def observe(self, event):
        if self.where == "observe":
            raise self.exc


@pytest.mark.parametrize("exc", [SystemExit(3), GeneratorExit()], ids=["exit", "generator"])
@pytest.mark.parametrize("where", ["act", "observe"])
def test_system_exit_and_generator_exit_from_a_seat_are_crashes(exc, where):  # Ctrl+C is not:
    # tests/ai/test_seat_guard_faults.py
    seat = GuardedSeat(Raiser(exc, where))
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    session = play(seats)
    assert session.finished
    assert seat.replaced and type(exc).__name__ in str(seat.incidents[0])


class SlowObserver:
    name = "slow-observer"

    def observe(self, event):
        time.sleep(0.15)

    def act(self, decision):
        return decision.legal[0]


def test_a_slow_observe_is_over_budget_and_replaced():
    seat = GuardedSeat(SlowObserver(), budget=0.05)
    seats = [seat, make_seat("greedy"), make_seat("greedy"), make_seat("greedy")]
    session = play(seats)
    assert session.finished
    assert seat.replaced and "event" in str(seat.incidents[0]) and "budget" in str(seat.incidents[0])


def test_the_protocol_document_has_a_threat_model():
    text = (ROOT / "docs" / "seat-protocol.md").read_text(encoding="utf-8")
    assert "## Threat model" in text
    section = text.split("## Threat model", 1)[1]
    for words in ("your own user", "seed", "environment", "process group", "cannot"):
        assert words in section
