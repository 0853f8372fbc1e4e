"""``cmd:COMMAND`` seats: an external program speaking JSON lines (see docs/seat-protocol.md).

The program is started once per seat with COMMAND (split like a shell would, no shell). Every
event the seat may see is written to its standard input as one JSON object per line (the
engine's event JSON, other players' concealed tiles hidden); when the seat must decide, a
``{"type": "request", ...}`` line follows with the legal actions and the observation, and the
program answers with exactly one line: an action object such as ``{"type": "discard",
"tile": "5p"}``. Wrapped in `ai.guard.GuardedSeat` by the registry, so a program that crashes,
answers illegally or too slowly is replaced by ``ai:standard`` and the game goes on.

What the program gets and how it is held (the threat model is in docs/seat-protocol.md):

* a minimal environment (`MINIMAL_ENV`: the search path and the locale, nothing naming the
  user's files; ``KOREAN_MAHJONG_SEED`` when a seed is given), its own fresh working directory
  (`workdir`, removed at `close`; a game that was killed leaves it, and the next seat started
  removes it: `sweep_seat_folders`) and its own process group (its own session on POSIX), which
  `close` ends as a whole: SIGTERM, a short wait, then SIGKILL. On Linux the program is
  started through `ai.seat_launcher` (the game's interpreter running that file), a child
  subreaper that ends every descendant of the program at `close`, when the program ends and
  when the game ends, also those that left the group with ``setsid()`` or ``setpgid()``;
* a deadline per request, computed once: writing the request and reading the whole answer
  line must fit in the budget (a program streaming bytes without a newline is cut off), and an
  answer line longer than `MAX_LINE` bytes is a protocol error;
* strict reading of the answer (`parse_answer`): one JSON object, known keys only, ``uper`` a
  JSON ``true``/``false``, tiles in notation; anything else is a `ProtocolError`.

A program that ends at once (even before its first line could be written) is not an error of
the start: the seat is simply dead, and the first event or request it is sent raises, which the
guard reports as a crash.

>>> import sys
>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> t = Table(RuleSet(), seed=2)
>>> d = t.pending()[0]
>>> echo = ("import sys, json\\nfor line in sys.stdin:\\n    m = json.loads(line)\\n"
...         "    if m['type'] == 'request':\\n        print(json.dumps(m['legal'][0]), flush=True)")
>>> s = ExternalSeat([sys.executable, "-c", echo])
>>> s.act(d) == d.legal[0]
True
>>> s.close()
"""

from __future__ import annotations

import json
import os
import queue
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from typing import Any

from game.engine.actions import Action, action_from_json
from game.engine.events import Event
from game.engine.messages import TEXT, Message, define
from game.engine.observation import Observation
from game.engine.safejson import JsonInputError
from game.engine.safejson import loads as safe_loads
from game.engine.table import Decision
from game.engine.tiles import format_tiles, parse_tile, seat_name, tile_str

from .base import SeatDecision

__all__ = ["MAX_LINE", "MINIMAL_ENV", "PROTOCOL_VERSION", "SAYS", "ExternalSeat", "ProtocolError",
           "check_program", "decision_to_json", "message_json", "observation_to_json",
           "parse_answer", "sweep_seat_folders"]

#: 2: reasons (``refused``, ``observation.sacred``) are message objects, no longer strings
PROTOCOL_VERSION = 2

#: what a program (or a ``python:`` seat) explains, in its own words: shown as it is
SAYS = define("ai.external.says", "{text}", text=TEXT)

#: longest answer line accepted, in bytes (the newline not counted)
MAX_LINE = 64 * 1024

#: the only variables of the game's environment a program inherits (when set)
MINIMAL_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE") + (
    ("SYSTEMROOT", "PATHEXT") if os.name == "nt" else ())

#: seconds `close` waits for the program to end by itself, then after SIGTERM
GRACE = 0.5
#: seconds `close` gives the launcher (`ai.seat_launcher`) to end the program's tree after
#: SIGTERM, before SIGKILL (it takes about its own GRACE, 0.2 s, for descendants that resist)
LAUNCHER_GRACE = 3.0

_POSIX = os.name == "posix"
#: the launcher, run as a script (`launcher_command`)
LAUNCHER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seat_launcher.py")


def launcher_command(argv: list[str]) -> list[str] | None:
    """The command that starts `argv` through `ai.seat_launcher`, or None where it cannot run
    (not Linux, a frozen build whose executable is the game, no launcher file): then the
    program starts directly, in its own process group. The game's own interpreter runs the
    launcher isolated (``-I``: no environment variables, user site or current directory
    read), so it needs nothing of the minimal environment the program gets."""
    if not sys.platform.startswith("linux") or getattr(sys, "frozen", False) or \
            not sys.executable or not os.path.isfile(LAUNCHER):
        return None
    return [sys.executable, "-I", LAUNCHER, "--parent", str(os.getpid()), "--", *argv]


class ProtocolError(ValueError):
    """The program wrote something the protocol does not allow; the message says what."""


def message_json(reason: Message | str | None) -> dict[str, Any]:
    """A reason as the protocol sends it: ``{"code", "args", "text"}`` (`Message.to_json`; the
    code names a kind of docs/seat-protocol.md, `text` is its English). Plain text (from an
    older engine) has no code.

    >>> from game.engine.scoring.uper import WALL_SHORT
    >>> message_json(WALL_SHORT(n=3, need=4))
    {'code': 'uper.wall_short', 'args': {'n': 3, 'need': 4}, 'text': 'only 3 tiles left in the wall; uper needs at least 4'}
    >>> message_json("a wrong declaration")
    {'code': None, 'args': {}, 'text': 'a wrong declaration'}
    """  # noqa: E501 - a doctest's expected output is one line
    if isinstance(reason, Message):
        return reason.to_json()
    return {"code": None, "args": {}, "text": "" if reason is None else str(reason)}


def observation_to_json(obs: Observation) -> dict[str, Any]:
    """The observation in the protocol's form (tiles in notation, seats as E S W N).

    >>> from game.engine.table import Table
    >>> from game.engine.rules import RuleSet
    >>> j = observation_to_json(Table(RuleSet(flowers=False), seed=1).observation(0))
    >>> j["seat"], len(j["hand"]) >= 16, j["wall_left"], j["rivers"]
    ('E', True, 47, {'E': [], 'S': [], 'W': [], 'N': []})
    """
    letters = "ESWN"
    return {
        "seat": seat_name(obs.seat),
        "hand": format_tiles(obs.concealed),
        "drawn": None if obs.drawn is None else tile_str(obs.drawn),
        "hand_sizes": {letters[s]: n for s, n in enumerate(obs.hand_sizes)},
        "melds": {letters[s]: [m.to_json() for m in ms] for s, ms in enumerate(obs.melds)},
        "flowers": {letters[s]: format_tiles(f) for s, f in enumerate(obs.flowers)},
        "rivers": {letters[s]: [{"tile": tile_str(r.tile), "uper": r.uper, "claimed": r.claimed}
                                for r in river] for s, river in enumerate(obs.rivers)},
        "uper": {letters[s]: u for s, u in enumerate(obs.uper)},
        "waits": format_tiles(obs.waits),
        "sacred": [message_json(r) for r in obs.sacred],
        "wall_left": obs.wall_left,
        "turn": seat_name(obs.turn),
        "phase": obs.phase,
        "last_discard": None if obs.last_discard is None else
        {"seat": seat_name(obs.last_discard[0]), "tile": tile_str(obs.last_discard[1])},
        "prevalent": None if obs.prevalent is None else tile_str(18 + obs.prevalent),
        "scores": {letters[s]: x for s, x in enumerate(obs.scores)},
        "dealer": seat_name(obs.dealer),
    }


def decision_to_json(decision: Decision | SeatDecision, obs: Observation,
                     request_id: int) -> dict[str, Any]:
    """The request line for one decision."""
    return {
        "type": "request",
        "id": request_id,
        "protocol": PROTOCOL_VERSION,
        "seat": seat_name(decision.seat),
        "kind": decision.kind,
        "legal": [a.to_json() for a in decision.legal],
        "refused": [{"action": a.to_json(), "reason": message_json(why)}
                    for a, why in decision.notes.items()],
        "observation": observation_to_json(obs),
    }


#: per action type, the keys an answer may have besides "type" and "explain"
_ANSWER_KEYS: dict[str, frozenset[str]] = {
    "discard": frozenset(("tile", "uper")),
    "concealed_kong": frozenset(("tile",)),
    "added_kong": frozenset(("tile",)),
    "win": frozenset(), "pung": frozenset(), "kong": frozenset(), "pass": frozenset(),
    "nine_major": frozenset(),
}


def parse_answer(data: Any) -> tuple[Action, str]:
    """(action, explanation) from a decoded answer line, strictly: an object with a known
    ``"type"``, only the keys that type has (plus ``"explain"``, a string), ``"uper"`` a JSON
    boolean, ``"tile"`` one tile in notation as the game writes it. Raises `ProtocolError`
    (or the engine's `ActionFormatError` for an unknown type; both are ``ValueError``).

    >>> parse_answer({"type": "discard", "tile": "5p", "uper": False, "explain": "safe"})
    (Discard(5p), 'safe')
    >>> parse_answer({"type": "discard", "tile": "5p", "uper": "false"})
    Traceback (most recent call last):
    ...
    game.engine.actions.ActionFormatError: a discard's 'uper' must be true or false, got 'false'
    >>> parse_answer({"type": "pass", "id": 3})
    Traceback (most recent call last):
    ...
    ai.external.ProtocolError: a 'pass' answer has no key 'id' (allowed: type, explain)
    """
    if type(data) is not dict:
        raise ProtocolError(f"the answer must be one JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if type(kind) is not str:
        raise ProtocolError(f'the answer needs a "type" string, got {kind!r}'[:200])
    if kind not in _ANSWER_KEYS:
        action_from_json(data)  # raises ActionFormatError naming the known types
        raise ProtocolError(f"unknown action type {kind!r}")  # pragma: no cover
    allowed = _ANSWER_KEYS[kind]
    for key in data:
        if key not in allowed and key not in ("type", "explain"):
            names = ", ".join(["type", *sorted(allowed), "explain"])
            raise ProtocolError(f"a {kind!r} answer has no key {key!r} (allowed: {names})"[:300])
    explain = data.get("explain", "")
    if type(explain) is not str:
        raise ProtocolError(f'"explain" must be a string, got {type(explain).__name__}')
    if "tile" in allowed:
        tile = data.get("tile")
        if type(tile) is not str:
            raise ProtocolError(f'a {kind!r} answer needs a "tile" in notation such as "5p", '
                                f"got {tile!r}"[:200])
        if tile_str(parse_tile(tile)) != tile:
            raise ProtocolError(f'"tile" must be written as {tile_str(parse_tile(tile))!r}, '
                                f"got {tile!r}")
    return action_from_json({k: v for k, v in data.items() if k != "explain"}), explain


def _absolute_paths(argv: list[str]) -> list[str]:
    """`argv` with relative paths made absolute (the program runs in a directory of its own):
    the program itself when it is given with a directory part, and any other argument that
    names an existing file or directory here."""
    out = list(argv)
    seps = tuple(s for s in (os.sep, os.altsep) if s)
    if not os.path.isabs(out[0]) and any(s in out[0] for s in seps):
        out[0] = os.path.abspath(out[0])
    for i in range(1, len(out)):
        a = out[i]
        if a and not a.startswith("-") and not os.path.isabs(a) and os.path.exists(a):
            out[i] = os.path.abspath(a)
    return out


def check_program(command: str | Sequence[str]) -> None:
    """Raise ValueError unless `command`'s program can be found and run, without starting it
    (a check before play: each program is started once, when play starts).

    >>> check_program("no-such-program-here --fast")
    Traceback (most recent call last):
    ...
    ValueError: cannot start seat program 'no-such-program-here': not found, or not executable
    """
    argv = split_command(command) if isinstance(command, str) else list(command)
    if not argv:
        raise ValueError("cmd: seat needs a command, e.g. cmd:python my_bot.py")
    program = _absolute_paths(argv)[0]
    if shutil.which(program, path=os.environ.get("PATH", os.defpath)) is None:
        raise ValueError(f"cannot start seat program {argv[0]!r}: not found, or not executable")


#: the temporary folders of the seats: <temp>/korean-mahjong-seat-XXXX/ holds `OWNER` (locked
#: by the game while the seat lives) and the program's working directory `WORK`
FOLDER_PREFIX = "korean-mahjong-seat-"
OWNER = "owner"
WORK = "work"
_swept = False


def _lock(fd: int, wait: bool) -> bool:
    """Take an exclusive lock on the open file `fd` (released when the process ends, however
    it ends); False if another process holds it. POSIX only."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True


def _make_folder() -> tuple[str, int | None]:
    """A new seat folder with its `OWNER` file locked by this process: (the folder, the lock's
    file descriptor, None where there are no such locks). The owner file is locked before it
    gets its name, so a sweep never sees it unlocked while this process lives."""
    folder = tempfile.mkdtemp(prefix=FOLDER_PREFIX)
    fd: int | None = None
    try:
        os.mkdir(os.path.join(folder, WORK), 0o700)
        if _POSIX:
            tmp = os.path.join(folder, OWNER + ".new")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
                         | getattr(os, "O_NOFOLLOW", 0), 0o600)
            _lock(fd, True)
            os.write(fd, f"{os.getpid()}\n".encode())
            os.rename(tmp, os.path.join(folder, OWNER))
    except OSError:
        if fd is not None:
            os.close(fd)
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder, fd


def sweep_seat_folders(directory: str | None = None) -> list[str]:
    """Remove the seat folders of games that ended without removing them (killed, crashed) from
    `directory` (the temporary directory): only folders named ``korean-mahjong-seat-*``, real
    directories (not links) of this user, whose `OWNER` file no process holds locked any
    more. Anything else, a folder of a game still running or one without an owner file (made
    by an older version), is left alone. Returns the folders removed; never raises. POSIX
    (elsewhere nothing is removed: a folder in use cannot be told from one left behind)."""
    import stat as st

    removed: list[str] = []
    if not _POSIX:  # pragma: no cover - Windows
        return removed
    where = directory if directory is not None else tempfile.gettempdir()
    try:
        names = [n for n in os.listdir(where) if n.startswith(FOLDER_PREFIX)]
    except OSError:
        return removed
    for name in names:
        folder = os.path.join(where, name)
        try:
            info = os.lstat(folder)
            if not st.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
                continue
            fd = os.open(os.path.join(folder, OWNER),
                         os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0))
        except OSError:  # gone, not ours, no owner file (or a link in its place)
            continue
        try:
            if not st.S_ISREG(os.fstat(fd).st_mode) or not _lock(fd, False):
                continue  # its game still runs
            shutil.rmtree(folder, ignore_errors=True)
            if not os.path.lexists(folder):
                removed.append(folder)
        except OSError:
            continue
        finally:
            os.close(fd)
    return removed


def _sweep_once() -> None:
    """`sweep_seat_folders`, the first time this process starts a seat."""
    global _swept
    if not _swept:
        _swept = True
        sweep_seat_folders()


def _minimal_env(seed: int | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k.upper() in MINIMAL_ENV}
    if seed is not None:
        env["KOREAN_MAHJONG_SEED"] = str(seed)
    return env


def _wait_fd(fd: int, write: bool, timeout: float | None) -> bool:
    """Whether `fd` becomes ready (readable, or writable) within `timeout` seconds (None: no
    limit). POSIX only."""
    if hasattr(select, "poll"):
        p = select.poll()
        p.register(fd, (select.POLLOUT if write else select.POLLIN)
                   | select.POLLERR | select.POLLHUP)
        return bool(p.poll(None if timeout is None else max(0, int(timeout * 1000 + 0.999))))
    r, w, _ = select.select([] if write else [fd], [fd] if write else [], [],
                            None if timeout is None else max(0.0, timeout))
    return bool(r or w)


def split_command(command: str, windows: bool | None = None) -> list[str]:
    r"""A ``cmd:`` command line split into arguments as the system splits it: POSIX shell words
    (`shlex`) on POSIX, and on Windows the rules of ``CommandLineToArgvW``, where a backslash is
    an ordinary character (so ``C:\bots\bot.exe`` stays one path) except before a double quote.

    >>> split_command(r'C:\bots\bot.exe --fast', windows=True)
    ['C:\\bots\\bot.exe', '--fast']
    >>> split_command(r'"C:\Program Files\bot.exe" -x "a b"', windows=True)
    ['C:\\Program Files\\bot.exe', '-x', 'a b']
    >>> split_command("python 'my bot.py' --level 2", windows=False)
    ['python', 'my bot.py', '--level', '2']
    """
    if windows is None:
        windows = os.name == "nt"
    if not windows:
        return shlex.split(command)
    args: list[str] = []
    word: list[str] = []
    in_word = quoted = False
    i, n = 0, len(command)
    while i < n:
        ch = command[i]
        if ch == "\\":
            j = i
            while j < n and command[j] == "\\":
                j += 1
            slashes = j - i
            if j < n and command[j] == '"':  # 2k slashes + quote: k slashes, the quote toggles;
                word.append("\\" * (slashes // 2))  # 2k+1: k slashes and a literal quote
                if slashes % 2:
                    word.append('"')
                    j += 1
                i, in_word = j, True
                continue
            word.append("\\" * slashes)
            i, in_word = j, True
            continue
        if ch == '"':
            if quoted and i + 1 < n and command[i + 1] == '"':  # "" inside quotes: one quote
                word.append('"')
                i += 2
                continue
            quoted, in_word = not quoted, True
        elif ch in " \t" and not quoted:
            if in_word:
                args.append("".join(word))
                word, in_word = [], False
        else:
            word.append(ch)
            in_word = True
        i += 1
    if in_word:
        args.append("".join(word))
    return args


class ExternalSeat:
    """A seat played by a subprocess (see the module). `command` is a string or an argv list;
    `seed` is put in the program's environment as ``KOREAN_MAHJONG_SEED`` (the registry gives
    `ai.registry.untrusted_seed`); `budget` is seconds per request and per event written."""

    def __init__(self, command: str | Sequence[str], name: str | None = None,
                 seed: int | None = None, budget: float = 5.0):
        argv = split_command(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("cmd: seat needs a command, e.g. cmd:python my_bot.py")
        self.argv = _absolute_paths(argv)
        self.name = name or f"cmd:{' '.join(argv)}"
        self.budget = budget
        self._buf = b""
        self._id = 0
        self._why: Message | None = None
        self._dead = ""  # why the program can no longer be talked to
        self._closed = False
        self._chunks: queue.Queue[bytes] | None = None
        launch = launcher_command(self.argv)
        if launch is not None:  # the launcher starts it: look for it first, as Popen would
            check_program(self.argv)
        self.launched = launch is not None
        _sweep_once()
        self._folder, self._owner = _make_folder()
        self.workdir = os.path.join(self._folder, WORK)
        options: dict[str, Any] = {}
        if _POSIX:
            options["start_new_session"] = True
        else:  # pragma: no cover - Windows
            options["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        try:
            self.proc = subprocess.Popen(launch or self.argv, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, bufsize=0,
                                         env=_minimal_env(seed), cwd=self.workdir,
                                         close_fds=True, **options)
        except OSError as e:
            self._remove_folder()
            raise ValueError(f"cannot start seat program {argv[0]!r}: {e}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        if _POSIX:
            os.set_blocking(self._in, False)
        else:  # pragma: no cover - Windows: pipes cannot be polled; a thread reads them
            self._chunks = queue.Queue(maxsize=16)
            threading.Thread(target=self._pump, name=f"{self.name} reader", daemon=True).start()
        try:
            self._write({"type": "hello", "protocol": PROTOCOL_VERSION, "name": self.name},
                        time.monotonic() + budget)
        except (RuntimeError, TimeoutError):
            pass  # ended at once: the first event or request reports it (see the module)

    # ------------------------------------------------------------------ pipe
    def _ended(self, what: str) -> RuntimeError:
        """The error for a program whose input (`what` "ended") or output ("ended without
        answering") closed; waits a moment for its exit status."""
        if not self._dead:
            try:
                code = self.proc.wait(timeout=GRACE)
            except subprocess.TimeoutExpired:
                code = None
            if code is not None:
                self._dead = f"the program {what} (exit status {code})"
            else:
                self._dead = f"the program closed its {'input' if what == 'ended' else 'output'}"
        return RuntimeError(self._dead)

    def _write(self, message: dict[str, Any], deadline: float | None) -> None:
        """Write one line; raises TimeoutError if the program does not take it by `deadline`,
        RuntimeError if it ended or closed its input."""
        if self._dead:
            raise RuntimeError(self._dead)
        data = memoryview((json.dumps(message) + "\n").encode())
        while data:
            if _POSIX:
                left = None if deadline is None else deadline - time.monotonic()
                if (left is not None and left <= 0) or not _wait_fd(self._in, True, left):
                    raise TimeoutError("the program did not read its input in time")
            try:
                n = os.write(self._in, data)
            except BlockingIOError:
                continue
            except OSError:  # BrokenPipeError and the like: its input is closed
                raise self._ended("ended") from None
            data = data[n:]

    def _pump(self) -> None:  # pragma: no cover - Windows only
        assert self._chunks is not None
        while True:
            try:
                chunk = os.read(self._out, 65536)
            except OSError:
                chunk = b""
            self._chunks.put(chunk)
            if not chunk:
                return

    def _read_chunk(self, deadline: float | None) -> bytes | None:
        """Bytes the program wrote (b"" at its end), or None if nothing came by `deadline`."""
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return None
        if self._chunks is not None:  # pragma: no cover - Windows
            try:
                return self._chunks.get(timeout=left)
            except queue.Empty:
                return None
        if not _wait_fd(self._out, False, left):
            return None
        try:
            return os.read(self._out, 65536)
        except OSError:
            return b""

    def _read_line(self, deadline: float | None, timeout: float | None) -> bytes:
        while True:
            end = self._buf.find(b"\n")
            if end > MAX_LINE or (end < 0 and len(self._buf) > MAX_LINE):
                raise ProtocolError(f"the answer line is longer than {MAX_LINE} bytes")
            if end >= 0:
                line, self._buf = self._buf[:end], self._buf[end + 1:]
                return line
            chunk = self._read_chunk(deadline)
            if chunk is None:
                raise TimeoutError(f"no complete answer within {timeout:g} s")
            if not chunk:
                raise self._ended("ended without answering")
            self._buf += chunk

    def _check_quiet(self) -> None:
        """Nothing may be waiting from the program before a request: each request has
        exactly one answer line."""
        if not self._buf and self._chunks is None and not self._dead:
            while _wait_fd(self._out, False, 0) and len(self._buf) <= MAX_LINE:
                try:
                    chunk = os.read(self._out, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                self._buf += chunk
        if self._buf:
            raise ProtocolError("the program wrote a line that answers no request (one line "
                                "per request)")

    # ------------------------------------------------------------------ seat protocol
    def observe(self, event: Event) -> None:
        self.observe_within(event, self.budget)

    def observe_within(self, event: Event, budget: float | None) -> None:
        self._write(event.to_json(), None if budget is None else time.monotonic() + budget)

    def act(self, decision: Decision | SeatDecision) -> Action:
        return self.act_within(decision, self.budget)

    def act_within(self, decision: Decision | SeatDecision, budget: float | None) -> Action:
        """Send the request and read the answer; writing and reading must together fit in
        `budget` seconds (the deadline is computed once)."""
        obs = decision.observation
        self._id += 1
        request = decision_to_json(decision, obs, self._id)
        deadline = None if budget is None else time.monotonic() + budget
        self._check_quiet()
        self._write(request, deadline)
        line = self._read_line(deadline, budget)
        try:
            data = safe_loads(line, max_bytes=MAX_LINE)
        except JsonInputError as e:
            raise ProtocolError(f"the answer is not one JSON object ({e}): "
                                f"{line[:80].decode(errors='replace')!r}") from None
        action, why = parse_answer(data)
        if self._buf:
            raise ProtocolError("the program wrote more than one line for one request")
        self._why = SAYS(text=why) if why else None
        return action

    def explain(self) -> Message | None:
        """The program's `"explain"` of its last answer, in its own words (None: it gave none)."""
        return self._why

    # ------------------------------------------------------------------ the end
    def close(self) -> None:
        """Say goodbye, end the program and everything it started (its process group), and
        remove its working directory. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        proc = self.proc
        if proc.poll() is None and not self._dead:
            try:
                self._write({"type": "end"}, time.monotonic() + GRACE)
            except (RuntimeError, TimeoutError):
                pass
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=GRACE)
        except subprocess.TimeoutExpired:
            pass
        self._end_group()
        try:
            if proc.stdout is not None:
                proc.stdout.close()
        except OSError:
            pass
        self._remove_folder()

    def _remove_folder(self) -> None:
        """Remove the seat's folder, then let go of its owner lock."""
        shutil.rmtree(self._folder, ignore_errors=True)
        fd, self._owner = self._owner, None
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass

    def _end_group(self) -> None:
        """End the program's process group: SIGTERM, up to `GRACE` seconds, then SIGKILL.
        Started through the launcher: SIGTERM to the launcher, which ends the program's whole
        tree and then itself (up to `LAUNCHER_GRACE` seconds, then SIGKILL)."""
        proc = self.proc
        if self.launched:
            if proc.poll() is None:
                _signal_group(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=LAUNCHER_GRACE)
                except subprocess.TimeoutExpired:
                    _signal_group(proc.pid, signal.SIGKILL)
            proc.wait()
            return
        if not _POSIX:  # pragma: no cover - Windows: end the process tree while it stands
            if proc.poll() is None:
                try:
                    subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)],
                                   capture_output=True, timeout=5, check=False)
                except (OSError, subprocess.SubprocessError):
                    pass
                proc.kill()
            proc.wait()
            return
        group = proc.pid  # start_new_session: the program leads its own group
        if not _signal_group(group, signal.SIGTERM):
            proc.wait()
            return
        stop = time.monotonic() + GRACE
        while time.monotonic() < stop:
            proc.poll()  # reap the program itself, so an empty group reads as empty
            if not _signal_group(group, 0):
                break
            time.sleep(0.01)
        else:
            _signal_group(group, signal.SIGKILL)
        proc.wait()

    def __del__(self) -> None:
        if getattr(self, "_closed", True) or getattr(self, "proc", None) is None:
            return
        try:
            if getattr(self, "launched", False):  # the launcher ends the tree
                _signal_group(self.proc.pid, signal.SIGTERM)
            elif _POSIX:
                _signal_group(self.proc.pid, signal.SIGKILL)
            elif self.proc.poll() is None:  # pragma: no cover - Windows
                self.proc.kill()
            self._remove_folder()
        except Exception:  # noqa: BLE001, S110 - never raise from a finalizer
            pass


def _signal_group(group: int, sig: int) -> bool:
    """Send `sig` to a process group; False if the group no longer exists."""
    try:
        os.killpg(group, sig)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
