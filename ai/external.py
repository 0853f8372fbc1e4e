"""``cmd:COMMAND`` seats: an external program speaking JSON lines (see docs/seat-protocol.md).

The program is started once per seat with COMMAND (split like a shell would, no shell). Every
event the seat may see is written to its standard input as one JSON object per line (the
engine's event JSON, other players' concealed tiles hidden); when the seat must decide, a
``{"type": "request", ...}`` line follows with the legal actions and the observation, and the
program answers with exactly one line: an action object such as ``{"type": "discard",
"tile": "5p"}``. Wrapped in `ai.guard.GuardedSeat` by the registry, so a program that crashes,
answers illegally or too slowly is replaced by ``ai:standard`` and the game goes on.

>>> import sys
>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> t = Table(RuleSet(), seed=2)
>>> d = t.pending()[0]
>>> echo = "import sys, json\\nfor line in sys.stdin:\\n    m = json.loads(line)\\n    if m['type'] == 'request':\\n        print(json.dumps(m['legal'][0]), flush=True)"
>>> s = ExternalSeat([sys.executable, "-c", echo])
>>> s.act(d) == d.legal[0]
True
>>> s.close()
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import time
from collections.abc import Sequence
from typing import Any

from game.engine.actions import Action, action_from_json
from game.engine.events import Event
from game.engine.observation import Observation
from game.engine.table import Decision
from game.engine.tiles import format_tiles, seat_name, tile_str

__all__ = ["PROTOCOL_VERSION", "ExternalSeat", "decision_to_json", "observation_to_json"]

PROTOCOL_VERSION = 1


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
        "sacred": list(obs.sacred),
        "wall_left": obs.wall_left,
        "turn": seat_name(obs.turn),
        "phase": obs.phase,
        "last_discard": None if obs.last_discard is None else
        {"seat": seat_name(obs.last_discard[0]), "tile": tile_str(obs.last_discard[1])},
        "prevalent": None if obs.prevalent is None else tile_str(18 + obs.prevalent),
        "scores": {letters[s]: x for s, x in enumerate(obs.scores)},
        "dealer": seat_name(obs.dealer),
    }


def decision_to_json(decision: Decision, obs: Observation, request_id: int) -> dict[str, Any]:
    """The request line for one decision."""
    return {
        "type": "request",
        "id": request_id,
        "protocol": PROTOCOL_VERSION,
        "seat": seat_name(decision.seat),
        "kind": decision.kind,
        "legal": [a.to_json() for a in decision.legal],
        "refused": [{"action": a.to_json(), "reason": why} for a, why in decision.notes.items()],
        "observation": observation_to_json(obs),
    }


class ExternalSeat:
    """A seat played by a subprocess (see the module). `command` is a string or an argv list."""

    def __init__(self, command: str | Sequence[str], name: str | None = None,
                 seed: int | None = None, budget: float = 5.0):
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("cmd: seat needs a command, e.g. cmd:python my_bot.py")
        self.argv = argv
        self.name = name or f"cmd:{' '.join(argv)}"
        self.budget = budget
        self._buf = b""
        self._id = 0
        self._why = ""
        env = dict(os.environ)
        if seed is not None:
            env["KOREAN_MAHJONG_SEED"] = str(seed)
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         bufsize=0, env=env)
        except OSError as e:
            raise ValueError(f"cannot start seat program {argv[0]!r}: {e}") from None
        self._send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": self.name})

    # ------------------------------------------------------------------ pipe
    def _send(self, message: dict[str, Any]) -> None:
        if self.proc.stdin is None or self.proc.poll() is not None:
            raise RuntimeError(f"the program ended (exit status {self.proc.returncode})")
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode())
        except (BrokenPipeError, OSError):
            raise RuntimeError(f"the program ended (exit status {self.proc.poll()})") from None

    def _read_line(self, timeout: float | None) -> str:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self._buf:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                raise TimeoutError(f"no answer within {timeout:g} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                code = self.proc.wait(timeout=1)
                raise RuntimeError(f"the program ended without answering (exit status {code})")
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line.decode(errors="replace")

    # ------------------------------------------------------------------ seat protocol
    def observe(self, event: Event) -> None:
        self._send(event.to_json())

    def act(self, decision: Decision) -> Action:
        return self.act_within(decision, self.budget)

    def act_within(self, decision: Decision, budget: float | None) -> Action:
        from .heuristic import observation_of
        self._id += 1
        self._send(decision_to_json(decision, observation_of(decision), self._id))
        line = self._read_line(budget)
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise ValueError(f"the answer is not one JSON object: {line[:80]!r}") from None
        if isinstance(data, dict) and isinstance(data.get("explain"), str):
            self._why = data["explain"]
        return action_from_json(data)

    def explain(self) -> str:
        return self._why

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self._send({"type": "end"})
                assert self.proc.stdin is not None
                self.proc.stdin.close()
                self.proc.wait(timeout=1)
            except (RuntimeError, OSError, subprocess.TimeoutExpired):
                pass  # it is killed below
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass

    def __del__(self) -> None:
        proc = getattr(self, "proc", None)
        if proc is not None and proc.poll() is None:
            proc.kill()
