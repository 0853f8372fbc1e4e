"""Write the golden AI sessions: every decision of seeded hands played by the computer seats.

    python tools/make_golden_ai.py          # rewrite every file in tests/golden_ai/
    python tools/make_golden_ai.py mixed    # one of them

Each session is a few seeded hands with four computer seats. For every decision the transcript
shows the seat, its kind, what it was asked, its hand, how many actions were legal, its choice and the
reason it gives (`explain`), then each hand's result and the scores. `tests/ai/test_golden_ai.py`
plays each session again in memory and compares: a change to the AI that alters any decision
fails there with the diff. Speed work must leave every line as it is; when a change of play is
meant, run this tool again and read the diff before committing it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.registry import make_seat
from game.engine.rules import RuleSet
from game.engine.session import Session, play_session
from game.engine.table import Decision
from game.engine.tiles import SEAT_LETTERS, format_tiles

OUT = ROOT / "tests" / "golden_ai"


@dataclass(frozen=True)
class Golden:
    """One golden session: its seats (player order), seed and number of hands."""

    about: str
    seats: tuple[str, str, str, str]
    seed: int
    hands: int


#: seeds chosen so each session has wins, uper declarations and claims (three hands each)
SESSIONS: dict[str, Golden] = {
    "levels": Golden("the three levels and greedy", ("ai:expert", "ai:standard", "ai:beginner",
                                                      "greedy"), 27, 3),
    "styles": Golden("the three styles beside the expert", ("ai:defensive", "ai:value",
                                                             "ai:aggressive", "ai:expert"), 13, 3),
}


class _Recorder:
    """Wraps a seat: every decision it makes becomes a transcript line."""

    def __init__(self, inner: Any, name: str, lines: list[str]):
        self.inner, self.name, self.lines = inner, name, lines

    def observe(self, event: Any) -> None:
        self.inner.observe(event)

    def explain(self) -> Any:
        return self.inner.explain()

    def act(self, d: Decision) -> Any:
        action = self.inner.act(d)
        obs = d.observation
        why = self.inner.explain()
        drawn = f" drew {format_tiles([obs.drawn])}" if obs.drawn is not None else ""
        on = f" on {format_tiles([obs.last_discard[1]])}" if obs.last_discard else ""
        self.lines.append(f"{SEAT_LETTERS[d.seat]} {self.name:<14} {d.kind:<7} "
                          f"{format_tiles(obs.concealed)}{drawn}{on} ({len(d.legal)} legal) "
                          f"-> {action}"
                          + (f" ({why})" if why is not None else ""))
        return action


def transcript(name: str) -> str:
    """The transcript of one golden session, as stored in tests/golden_ai/NAME.txt."""
    g = SESSIONS[name]
    lines = [f"# {g.about}: seats {', '.join(g.seats)}, seed {g.seed}, {g.hands} hands",
             "# Regenerate: python tools/make_golden_ai.py (tests/ai/test_golden_ai.py compares)",
             ""]
    players = [_Recorder(make_seat(n, seed=g.seed * 4 + i), n, lines)
               for i, n in enumerate(g.seats)]
    session = Session(RuleSet(), seed=g.seed, hands=g.hands)

    def heard(table: Any, event: Any) -> None:
        if event.type == "hand_start":
            lines.append(f"hand {event.hand}: " + ", ".join(
                f"{SEAT_LETTERS[s]} {g.seats[p]}" for s, p in enumerate(table.players)))
        elif event.type == "hand_end":
            wins = "; ".join(f"{SEAT_LETTERS[w.seat]} wins ({w.how}) {w.result.basic} basic, "
                             f"{w.result.total} total" for w in event.winners)
            lines.append(f"end: {event.reason}{': ' + wins if wins else ''}; payments "
                         f"{list(event.payments)}")
            lines.append("")

    play_session(session, players, on_event=heard)
    lines.append(f"scores by player: {list(session.scores)}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    names = argv or sorted(SESSIONS)
    OUT.mkdir(exist_ok=True)
    for name in names:
        if name not in SESSIONS:
            print(f"unknown session {name!r}; known: {', '.join(sorted(SESSIONS))}")
            return 2
        path = OUT / f"{name}.txt"
        path.write_text(transcript(name), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
