"""Learn to play: short lessons on the real engine, each a narrated scene with goals it checks.

A lesson is a data file, ``game/practice/lessons/<name>.toml``: its id, order and title, an
optional table (a rigged deal: hands in tile notation, draws, back-wall replacements, dice, rule
options, the player's seat, scripted moves of the other seats) and its steps. Each step has a
narration and a goal the engine checks::

    id = "claims"
    order = 4
    title = "Claiming pung and kong"
    [table]
    player = "W"
    hands = { E = "...", W = "333456m11789p55z" }   # a seat left out is dealt at random
    script = { E = ["5z"], N = ["3m", "1p"] }       # discards; "5z!" uper; pung kong pass win
    [[steps]]
    goal = "pung"
    text = "East discards the White dragon. Claim it: press Pung."
    explain = "You hold two White dragons: with East's third they make a pung."

Goals: ``read`` (narration only), ``watch`` (the deal's events up to ``upto``), ``pick_tile``
(click ``tile`` among ``choices``), ``pick_number`` (choose the winner's final points among
``choices``; the engine's score is the answer), ``discard`` (``tile`` optional), ``uper``,
``try_uper`` (an uper the engine refuses), ``pung``, ``kong``, ``pass``, ``win`` (``how``:
self_draw or discard, optional), ``try_win`` (a win the engine refuses), ``safe`` (a discard
that certainly cannot be won by the seat ``against``: it lies in his river or in the stem of a
suit tile there) and ``play`` (the rest of the hand, any legal move). A step may start a new
table of its own (``[steps.table]``). A malformed file raises `LessonError` naming the file and
the field.

Narration is English in the file; every text is registered at import as a text of the
"practice" catalogue (key ``lesson.<id>.<step>``), so ``python tools/i18n.py update`` puts it in
every language's catalogue.

`LessonRun` plays a lesson: the other seats follow their scripts (else pass every claim and
discard the tile they drew; or a computer player, ``computer = "ai:beginner"``), stopping at the
player's decisions. A wrong move is never played: `act` says why (the engine's own reason when
the engine refuses it, the lesson's explanation otherwise) and the step can be tried again.

>>> from game.engine.tiles import format_tiles, parse_tile
>>> run = LessonRun(lesson("tiles"))
>>> run.step.goal
'read'
>>> while run.step.goal == "read":
...     _ = run.next()
>>> run.step.goal, format_tiles([run.step.tile])
('pick_tile', '5p')
>>> run.pick(parse_tile("5m")).ok, run.pick(parse_tile("5p")).ok
(False, True)

Progress (the lessons completed) is kept in ``lessons.json`` in the user data directory, read
and written through `game.storage`: `load_progress` never fails, never blocks and never changes
the file (a damaged file reads as nothing done and is kept aside as ``lessons.json.bad-<time>``
before it is written over); a save writes through a symbolic link, keeps a newer version's keys
and refuses a read-only file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.danger import exact_safe_kinds
from game import storage
from game.engine.actions import (
    KONG,
    PASS,
    PUNG,
    WIN,
    Action,
    AddedKong,
    ConcealedKong,
    Discard,
    Kong,
    Pass,
    Pung,
    Win,
)
from game.engine.driver import HandDriver
from game.engine.errors import IllegalActionError, MahjongError
from game.engine.events import Discarded, Event
from game.engine.kinds import OFFERS, DecisionKind, WinHow
from game.engine.messages import MSG, SEAT, TILE, TILES, Message, define
from game.engine.rules import RuleSet
from game.engine.scoring.uper import uper_verdict
from game.engine.table import Decision, Table, rig_wall
from game.engine.tiles import SEAT_LETTERS, parse_tiles
from game.i18n import register_texts
from game.records import data_dir

__all__ = [
    "GOALS", "Feedback", "Lesson", "LessonError", "LessonRun", "Position", "Progress", "Step",
    "lesson", "lessons", "load_lesson", "load_progress", "mark_done", "progress_path",
    "save_progress",
]

LESSON_DIR = Path(__file__).resolve().parent / "lessons"
PROGRESS_FILE = "lessons.json"
PROGRESS_VERSION = 1

#: every goal a step may have
GOALS = ("read", "watch", "pick_tile", "pick_number", "discard", "uper", "try_uper", "pung",
         "kong", "pass", "win", "try_win", "safe", "play")
#: goals answered by an action at the table
ACTION_GOALS = ("discard", "uper", "try_uper", "pung", "kong", "pass", "win", "try_win", "safe",
                "play")
#: goals answered on a discard (the player's claim decision is kept for them)
CLAIM_GOALS = ("pung", "kong", "pass", "win", "try_win", "play")
#: what a `watch` step may show: the deal's events up to one of these
UPTO = ("wall_built", "dice:1", "dice:2", "wall_broken", "deal:4", "deal", "flowers")
_STEP_FIELDS = {"goal", "text", "explain", "after", "tile", "choices", "against", "how", "upto",
                "tiles", "show", "table"}
_TABLE_FIELDS = {"player", "hands", "draws", "replacements", "dice", "seed", "prevalent", "rules",
                 "script", "computer"}

WOULD_WIN = define("tutorial.would_win", "{seat} waits on {waits}: {tile} would have let {seat} win",
                   seat=SEAT, waits=TILES, tile=TILE)
NOT_SAFE = define("tutorial.not_safe", "{tile} is neither in {seat}'s river nor in the stem of a "
                  "suit tile there: nothing makes it certainly safe", tile=TILE, seat=SEAT)


class LessonError(ValueError):
    """A lesson file that cannot be used: says which file and which field."""

    def __init__(self, path: Path | str, where: str, why: str):
        self.path, self.field, self.why = Path(path), where, why
        super().__init__(f"lesson {Path(path).name}: {where}: {why}")


# ------------------------------------------------------------------------------ the data

@dataclass(frozen=True)
class Position:
    """A rigged deal: what the table deals and how the other seats play."""

    player: int = 0
    hands: tuple[str | None, ...] = (None, None, None, None)
    draws: str = ""
    replacements: str = ""
    dice: tuple[tuple[int, int], tuple[int, int]] | None = None
    seed: int = 1
    prevalent: int | None = None
    rules: RuleSet = field(default_factory=lambda: RuleSet(flowers=False))
    script: tuple[tuple[Action, ...], ...] = ((), (), (), ())
    computer: str = "simple"  # or a seat of ai/registry.py, e.g. "ai:beginner"

    def table(self) -> Table:
        return Table(self.rules, seed=self.seed, prevalent=self.prevalent,
                     wall=rig_wall(list(self.hands), self.draws, self.replacements),
                     dice=list(self.dice) if self.dice else None)


@dataclass(frozen=True)
class Step:
    """One step of a lesson: narration (`key`), a goal and what the goal needs."""

    key: str
    goal: str
    tile: int | None = None
    choices: tuple[int, ...] = ()
    against: int | None = None
    how: str | None = None
    upto: str | None = None
    tiles: tuple[int, ...] = ()
    show: str | None = None
    position: Position | None = None
    explain: str | None = None  # key of the explanation of a wrong move
    after: str | None = None  # key of the words once the goal is reached


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    title: str  # the title's text key
    steps: tuple[Step, ...]
    path: Path


def _text_key(lesson_id: str, n: int, part: str = "") -> str:
    return f"lesson.{lesson_id}.{n}" + (f".{part}" if part else "")


def _seat(value: Any, path: Path, where: str) -> int:
    if isinstance(value, str) and value.upper() in SEAT_LETTERS and len(value) == 1:
        return SEAT_LETTERS.index(value.upper())
    raise LessonError(path, where, f"a seat is one of E, S, W, N, got {value!r}")


def _tiles(value: Any, path: Path, where: str) -> list[int]:
    if not isinstance(value, str):
        raise LessonError(path, where, f"tiles are written in notation (e.g. '123m55z'), got {value!r}")
    try:
        return parse_tiles(value)
    except MahjongError as e:
        raise LessonError(path, where, str(e)) from None


def _tile(value: Any, path: Path, where: str) -> int:
    kinds = _tiles(value, path, where)
    if len(kinds) != 1:
        raise LessonError(path, where, f"one tile expected, got {value!r}")
    return kinds[0]


def _action(value: Any, path: Path, where: str) -> Action:
    """A scripted move: '5z' discards, '5z!' declares uper with it, 'kong:5z' a concealed kong,
    'pung', 'kong', 'pass', 'win'."""
    words: dict[str, Action] = {"pung": PUNG, "kong": KONG, "pass": PASS, "win": WIN}
    if not isinstance(value, str):
        raise LessonError(path, where, f"a move is a string, got {value!r}")
    if value in words:
        return words[value]
    if value.startswith("kong:"):
        return ConcealedKong(_tile(value[5:], path, where))
    if value.startswith("added:"):
        return AddedKong(_tile(value[6:], path, where))
    uper = value.endswith("!")
    return Discard(_tile(value.rstrip("!"), path, where), uper)


def _int(value: Any, path: Path, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise LessonError(path, where, f"a whole number expected, got {value!r}")
    return value


def _known_fields(data: Mapping[str, Any], known: set[str] | frozenset[str], path: Path,
                  where: str) -> None:
    """A field the lesson format does not know is an error naming it (and the known ones)."""
    unknown = set(data) - known
    if unknown:
        raise LessonError(path, f"{where}.{sorted(unknown)[0]}",
                          f"unknown field; known: {', '.join(sorted(known))}")


def _position(data: Any, path: Path, where: str) -> Position:
    if not isinstance(data, Mapping):
        raise LessonError(path, where, "a table of settings expected")
    _known_fields(data, _TABLE_FIELDS, path, where)
    player = _seat(data.get("player", "E"), path, f"{where}.player")
    hands: list[str | None] = [None] * 4
    raw_hands = data.get("hands", {})
    if not isinstance(raw_hands, Mapping):
        raise LessonError(path, f"{where}.hands", "a table of seats (E, S, W, N) to hands expected")
    for s, h in raw_hands.items():
        seat = _seat(s, path, f"{where}.hands")
        _tiles(h, path, f"{where}.hands.{s}")
        hands[seat] = h
    draws = data.get("draws", "")
    _tiles(draws, path, f"{where}.draws")
    repl = data.get("replacements", "")
    _tiles(repl, path, f"{where}.replacements")
    dice = None
    if "dice" in data:
        d = data["dice"]
        ok = (isinstance(d, list) and len(d) == 2 and all(isinstance(t, list) and len(t) == 2 for t in d)
              and all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for t in d for f in t))
        if not ok:
            raise LessonError(path, f"{where}.dice", f"two throws of two dice 1-6, e.g. [[3, 3], [2, 3]], got {d!r}")
        dice = ((d[0][0], d[0][1]), (d[1][0], d[1][1]))
    seed = _int(data.get("seed", 1), path, f"{where}.seed")
    prevalent = _seat(data["prevalent"], path, f"{where}.prevalent") if "prevalent" in data else None
    opts = data.get("rules", {})
    if not isinstance(opts, Mapping):
        raise LessonError(path, f"{where}.rules", "a table of rule options expected")
    try:
        rules = RuleSet(**{"flowers": False, **opts})
    except (TypeError, ValueError) as e:
        raise LessonError(path, f"{where}.rules", str(e)) from None
    script: list[tuple[Action, ...]] = [(), (), (), ()]
    raw_script = data.get("script", {})
    if not isinstance(raw_script, Mapping):
        raise LessonError(path, f"{where}.script", "a table of seats to lists of moves expected")
    for s, moves in raw_script.items():
        seat = _seat(s, path, f"{where}.script")
        if not isinstance(moves, list):
            raise LessonError(path, f"{where}.script.{s}", "a list of moves expected")
        script[seat] = tuple(_action(m, path, f"{where}.script.{s}[{i}]") for i, m in enumerate(moves))
    computer = data.get("computer", "simple")
    if computer != "simple":
        from ai.registry import check_seat_name
        try:
            check_seat_name(computer)
        except ValueError as e:
            raise LessonError(path, f"{where}.computer", str(e)) from None
    pos = Position(player, tuple(hands), draws, repl, dice, seed, prevalent, rules, tuple(script),
                   computer)
    try:
        pos.table()
    except (ValueError, MahjongError) as e:
        raise LessonError(path, where, f"the deal cannot be made: {e}") from None
    return pos


def load_lesson(path: str | Path) -> tuple[Lesson, dict[str, str]]:
    """The lesson in `path` and its English texts (key -> text). `LessonError` if malformed."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise LessonError(path, "file", f"cannot be read ({e.strerror or e})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise LessonError(path, "file", f"not valid TOML ({e})") from None
    texts: dict[str, str] = {}
    for name in ("id", "order", "title", "steps"):
        if name not in data:
            raise LessonError(path, name, "missing")
    lid = data["id"]
    if not isinstance(lid, str) or not lid.isidentifier():
        raise LessonError(path, "id", f"a short name of letters, digits and _ expected, got {lid!r}")
    order = _int(data["order"], path, "order")
    title = data["title"]
    if not isinstance(title, str) or not title.strip():
        raise LessonError(path, "title", "a text expected")
    texts[f"lesson.{lid}.title"] = title
    unknown = set(data) - {"id", "order", "title", "steps", "table"}
    if unknown:
        raise LessonError(path, sorted(unknown)[0], "unknown field")
    base = _position(data["table"], path, "table") if "table" in data else None
    raw_steps = data["steps"]
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(path, "steps", "a list of [[steps]] expected")
    steps: list[Step] = []
    have_table = base is not None
    for i, s in enumerate(raw_steps, start=1):
        where = f"steps[{i}]"
        if not isinstance(s, Mapping):
            raise LessonError(path, where, "a table expected")
        _known_fields(s, _STEP_FIELDS, path, where)
        for name in ("goal", "text"):
            if name not in s:
                raise LessonError(path, f"{where}.{name}", "missing")
        goal = s["goal"]
        if goal not in GOALS:
            raise LessonError(path, f"{where}.goal", f"unknown goal {goal!r}; known: {', '.join(GOALS)}")
        for name in ("text", "explain", "after"):
            if name in s and (not isinstance(s[name], str) or not s[name].strip()):
                raise LessonError(path, f"{where}.{name}", "a text expected")
        key = _text_key(lid, i)
        texts[key] = s["text"]
        explain = after = None
        if "explain" in s:
            explain = _text_key(lid, i, "explain")
            texts[explain] = s["explain"]
        elif goal not in ("read", "watch", "play"):
            raise LessonError(path, f"{where}.explain",
                              f"missing (what to say when a move is not the {goal} asked for)")
        if "after" in s:
            after = _text_key(lid, i, "after")
            texts[after] = s["after"]
        position = _position(s["table"], path, f"{where}.table") if "table" in s else None
        have_table = have_table or position is not None
        if goal in ACTION_GOALS + ("watch",) and not have_table:
            raise LessonError(path, f"{where}.goal", f"the goal {goal} needs a [table]")
        tile = _tile(s["tile"], path, f"{where}.tile") if "tile" in s else None
        choices: tuple[int, ...] = ()
        if goal == "pick_tile":
            if "choices" not in s or tile is None:
                raise LessonError(path, f"{where}.{'choices' if 'choices' not in s else 'tile'}", "missing")
            choices = tuple(_tiles(s["choices"], path, f"{where}.choices"))
            if tile not in choices:
                raise LessonError(path, f"{where}.tile", "the answer must be one of the choices")
        elif goal == "pick_number":
            c = s.get("choices")
            if not isinstance(c, list) or len(c) < 2:
                raise LessonError(path, f"{where}.choices", "a list of two or more numbers expected")
            choices = tuple(_int(x, path, f"{where}.choices") for x in c)
        against = _seat(s["against"], path, f"{where}.against") if "against" in s else None
        if goal == "safe" and against is None:
            raise LessonError(path, f"{where}.against", "missing (the seat to be safe against)")
        how = s.get("how")
        if how is not None and how not in (WinHow.SELF_DRAW, WinHow.DISCARD):
            raise LessonError(path, f"{where}.how", f"self_draw or discard, got {how!r}")
        upto = s.get("upto")
        if goal == "watch" and upto not in UPTO:
            raise LessonError(path, f"{where}.upto", f"one of {', '.join(UPTO)}, got {upto!r}")
        shown = tuple(_tiles(s["tiles"], path, f"{where}.tiles")) if "tiles" in s else ()
        show = s.get("show")
        if show is not None and show != "score":
            raise LessonError(path, f"{where}.show", f"only 'score' can be shown, got {show!r}")
        steps.append(Step(key, goal, tile, choices, against, how, upto, shown, show, position,
                          explain, after))
    if steps[0].position is None and base is not None:
        steps[0] = _with_position(steps[0], base)
    return Lesson(lid, order, f"lesson.{lid}.title", tuple(steps), path), texts


def _with_position(step: Step, pos: Position) -> Step:
    from dataclasses import replace
    return replace(step, position=pos)


_LESSONS: list[Lesson] = []
_ERRORS: list[LessonError] = []


def _load_all() -> None:
    """Read every lesson file and register its texts (at import, so the catalogues see them)."""
    seen: dict[str, Path] = {}
    for p in sorted(LESSON_DIR.glob("*.toml")):
        try:
            les, texts = load_lesson(p)
            if les.id in seen:
                raise LessonError(p, "id", f"{les.id!r} is also the id of {seen[les.id].name}")
        except LessonError as e:
            _ERRORS.append(e)
            continue
        seen[les.id] = p
        register_texts("practice", texts)
        _LESSONS.append(les)
    _LESSONS.sort(key=lambda x: (x.order, x.id))


def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in order. A malformed lesson file raises its `LessonError` here."""
    if _ERRORS:
        raise _ERRORS[0]
    return tuple(_LESSONS)


def lesson(lesson_id: str) -> Lesson:
    for les in lessons():
        if les.id == lesson_id:
            return les
    raise KeyError(f"no lesson {lesson_id!r}")


# ------------------------------------------------------------------------------ the run

@dataclass(frozen=True)
class Feedback:
    """What a move or an answer got: `ok`, and why: the engine's reason (`reason`, a message)
    or the lesson's words (`key`, a text key), and more of the engine's truth (`extra`)."""

    ok: bool
    reason: Message | str | None = None
    key: str | None = None
    extra: Message | None = None
    engine: bool = False  # the engine refused the move


def uper_rule(d: Decision, tile: int, rules: RuleSet) -> Message | None:
    """Why uper is refused discarding `tile`, in the rule's words (the engine's `uper_verdict`:
    "Uper needs a concealed hand that is ready after the discard", the 2 points, the wall),
    never the list of legal moves; None when uper would be legal or the tile is not held."""
    obs = d.observation
    after = list(obs.concealed)
    if tile not in after:
        return None
    after.remove(tile)
    v = uper_verdict(after, obs.melds[obs.seat], seat=obs.seat, prevalent=obs.prevalent,
                     wall_left=obs.wall_left, rules=rules)
    if v.legal or v.reason is None:
        return None
    return UPER_RULE(why=v.reason) if isinstance(v.reason, Message) else None


#: a refused uper in a lesson: the rule, then the engine's reason for this hand
UPER_RULE = define("tutorial.uper_rule", "Uper is declared with a discard that leaves a concealed "
                   "hand ready, every wait worth 2 basic points even on a discard: {why}",
                   why=MSG)


class _Computer:
    """A seat the lesson plays: its script first, then pass every claim and discard the tile it
    drew (or, with a computer player, that player's choice)."""

    def __init__(self, seat: int, script: Sequence[Action], player: Any | None) -> None:
        self.seat = seat
        self.script = list(script)
        self.player = player
        self.off_script: list[str] = []  # scripted moves the engine would not take (a lesson bug)

    def observe(self, event: Event) -> None:
        if self.player is not None and hasattr(self.player, "observe"):
            self.player.observe(event)

    def act(self, d: Decision) -> Action:
        claim = d.kind in OFFERS
        if self.script:
            nxt = self.script[0]
            fits = isinstance(nxt, (Pung, Kong, Pass, Win)) if claim else not isinstance(nxt, (Pung, Kong, Pass))
            if fits and d.kind != DecisionKind.KONG:
                self.script.pop(0)
                if nxt in d.legal:
                    return nxt
                self.off_script.append(f"{SEAT_LETTERS[self.seat]}: {nxt!r} not legal ({d.kind})")
        if self.player is not None:
            return self.player.act(d)
        if claim or d.kind == DecisionKind.KONG:
            return PASS
        drawn = d.observation.drawn
        if drawn is not None and Discard(drawn) in d.legal:
            return Discard(drawn)
        return next(a for a in d.legal if isinstance(a, Discard) and not a.uper)


class LessonRun:
    """One lesson being played: the current step, the table, the player's moves checked.

    `state`: "doing" (the step waits for the player), "wrong" (the last move was not right:
    `feedback` says why; any new move tries again), "success" (the goal is reached: `next`),
    "finished" (every step done)."""

    def __init__(self, les: Lesson, *, seed: int | None = None) -> None:
        self.lesson = les
        self.index = 0
        self.state = "doing"
        self.feedback: Feedback | None = None
        self.table: Table | None = None
        self.position: Position | None = None
        self.driver: HandDriver | None = None
        self.computers: list[_Computer] = []
        self.seed = seed
        self._refusal_seen = -1
        self.auto_passed = 0  # claims the run passed for the player (a step about another move)
        self._enter()

    # --- state ----------------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.lesson.steps[min(self.index, len(self.lesson.steps) - 1)]

    @property
    def player(self) -> int:
        return self.position.player if self.position is not None else 0

    @property
    def finished(self) -> bool:
        return self.state == "finished"

    @property
    def decision(self) -> Decision | None:
        """The player's open decision at the table, if any."""
        if self.table is None:
            return None
        return self.table.pending().get(self.player)

    def refused_win(self) -> Message | str | None:
        """The engine's reason why the player may not win on the last discard, while that
        discard is the latest (the player then has no decision: the engine asked nothing)."""
        t = self.table
        if t is None:
            return None
        d = self.decision
        if d is not None:
            return d.notes.get(WIN)
        at = _last_discard_index(t.events)
        note = t.refused.get(self.player, {}).get(WIN)
        if note is None or at < 0 or at == self._refusal_seen:
            return None
        return note

    def shown_events(self) -> list[Event]:
        """The events the board shows: for a `watch` step those up to its `upto`."""
        if self.table is None:
            return []
        ev = list(self.table.events)
        if self.step.goal != "watch":
            return ev
        return ev[:_upto_index(ev, self.step.upto or "flowers")]

    def number_answer(self) -> int | None:
        """The winner's final points (what each loser pays on a self-draw), from the engine."""
        t = self.table
        if t is None or t.result is None or not t.result.winners:
            return None
        return t.result.winners[0].result.total

    # --- moving on ------------------------------------------------------------------------------
    def _enter(self) -> None:
        step = self.step
        self.feedback = None
        self.state = "doing"
        if step.position is not None:
            self._deal(step.position)
        if step.goal not in ("watch",) and self.table is not None:
            self._advance()
        if step.goal == "play" and self.table is not None and self.table.is_over:
            self.state = "success"

    def _deal(self, pos: Position) -> None:
        self.position = pos
        self.table = pos.table()
        self.computers = []
        seats: list[Any] = []
        for s in range(4):
            if s == pos.player:
                seats.append(None)
                continue
            ai = None
            if pos.computer != "simple":
                from ai.registry import make_seat
                ai = make_seat(pos.computer, seed=(self.seed or pos.seed) * 10 + s)
            c = _Computer(s, pos.script[s], ai)
            self.computers.append(c)
            seats.append(c)
        self.driver = HandDriver(self.table, seats, later=range(4))
        self._refusal_seen = -1

    def _advance(self) -> None:
        """Let the other seats play until the player must decide (or the hand ends, or, for a
        step about a refused win, a discard the player may not win on)."""
        drv, t, me = self.driver, self.table, self.player
        assert drv is not None and t is not None
        goal = self.step.goal
        for _ in range(2000):
            waiting = drv.step()
            if not waiting:
                return
            if goal == "try_win" and self.refused_win() is not None and me not in waiting:
                return
            others = [s for s in sorted(waiting) if s != me]
            if others:
                drv.ask(others[0])
                continue
            d = waiting[me]
            if d.kind in OFFERS and goal not in CLAIM_GOALS:
                drv.answer(me, PASS)  # a claim the step is not about: let it go
                self.auto_passed += 1
                continue
            return
        raise RuntimeError("the lesson's table did not come to the player")  # pragma: no cover

    def next(self) -> bool:
        """On to the next step (after a success, or from a narration). False if not now."""
        if self.state == "finished":
            return False
        if self.state != "success" and self.step.goal not in ("read", "watch"):
            return False
        if self.step.goal == "try_win" and self.table is not None:
            self._refusal_seen = _last_discard_index(self.table.events)
        self.index += 1
        if self.index >= len(self.lesson.steps):
            self.index = len(self.lesson.steps) - 1
            self.state = "finished"
            return True
        self._enter()
        return True

    def retry(self) -> None:
        """Back to the step's start (a wrong move was never played, so only the words go)."""
        if self.state == "wrong":
            self.state = "doing"
            self.feedback = None

    # --- the player's answers -------------------------------------------------------------------
    def pick(self, choice: int) -> Feedback:
        """An answer to a `pick_tile` (a tile kind) or `pick_number` step."""
        step = self.step
        if self.state not in ("doing", "wrong") or step.goal not in ("pick_tile", "pick_number"):
            return Feedback(False)
        right = step.tile if step.goal == "pick_tile" else self.number_answer()
        return self._judge(choice == right, step)

    def act(self, action: Action) -> Feedback:
        """The player's move at the table, checked against the step's goal and by the engine."""
        step = self.step
        t, drv, me = self.table, self.driver, self.player
        if self.state not in ("doing", "wrong") or t is None or drv is None or step.goal not in ACTION_GOALS:
            return Feedback(False)
        d = self.decision
        refused: Message | str | None = None
        if d is None and isinstance(action, Win) and self.refused_win() is not None:
            refused = self.refused_win()
        elif d is None or action not in d.legal:
            try:
                t.submit(me, action)  # the engine says why not (and changes nothing)
            except IllegalActionError as e:
                refused = e.reason if isinstance(e.reason, (Message, str)) else str(e)
                if d is not None and isinstance(action, Discard) and action.uper \
                        and action not in d.notes:
                    # the engine lists the legal moves for an uper it never offered (a hand not
                    # ready after that discard): the lesson says the rule instead (issue 32)
                    refused = uper_rule(d, action.tile, t.rules) or refused
            else:  # pragma: no cover - a decision outside `legal` is always refused
                raise AssertionError("the engine took an action outside the decision's legal ones")
        if refused is not None:
            if step.goal in ("try_win", "try_uper") and self._matches(step, action, d):
                return self._success(Feedback(True, refused, step.after, engine=True))
            return self._wrong(Feedback(False, refused, None, engine=True))
        assert d is not None
        if step.goal == "play":
            drv.answer(me, action)
            self._advance()
            if t.is_over:
                return self._success(Feedback(True, None, step.after))
            return Feedback(True)
        if not self._matches(step, action, d):
            return self._wrong(Feedback(False, None, step.explain, extra=self._danger(step, action)))
        if step.goal in ("try_win", "try_uper"):  # the engine took it: the lesson expected a refusal
            return self._wrong(Feedback(False, None, step.explain))
        drv.answer(me, action)
        return self._success(Feedback(True, None, step.after))

    def _judge(self, right: bool, step: Step) -> Feedback:
        if right:
            return self._success(Feedback(True, None, step.after))
        return self._wrong(Feedback(False, None, step.explain))

    def _success(self, fb: Feedback) -> Feedback:
        self.state = "success"
        self.feedback = fb
        return fb

    def _wrong(self, fb: Feedback) -> Feedback:
        self.state = "wrong"
        self.feedback = fb
        return fb

    def _matches(self, step: Step, action: Action, d: Decision | None) -> bool:
        g = step.goal
        match action:
            case Discard(tile=k, uper=u):
                if g in ("discard", "safe"):
                    if u or (step.tile is not None and k != step.tile):
                        return False
                    return g == "discard" or self._safe(step, k)
                if g in ("uper", "try_uper"):
                    return u and (step.tile is None or k == step.tile)
                return False
            case Win():
                if g == "try_win":
                    return True
                if g != "win" or step.how is None:
                    return g == "win"
                own_turn = d is not None and d.kind == DecisionKind.TURN
                return own_turn == (step.how == WinHow.SELF_DRAW)
            case Pung():
                return g == "pung"
            case Kong():
                return g == "kong"
            case Pass():
                return g == "pass"
        return False

    def safe_kinds(self, seat: int) -> frozenset[int]:
        """The kinds that certainly cannot be won by `seat` on a discard, from what the table
        shows: his river and the stems of its suit tiles (`ai.danger.exact_safe_kinds`)."""
        t = self.table
        assert t is not None
        return exact_safe_kinds(t.river_kinds(seat))

    def _safe(self, step: Step, kind: int) -> bool:
        return step.against is not None and kind in self.safe_kinds(step.against)

    def _danger(self, step: Step, action: Action) -> Message | None:
        """For a `safe` step: the engine's truth about a discard that was not certainly safe."""
        t = self.table
        if step.goal != "safe" or step.against is None or t is None or not isinstance(action, Discard):
            return None
        o, k = step.against, action.tile
        waits = t.waits(o)
        if k in waits and t.sacred(o).why_not(k) is None:
            return WOULD_WIN(seat=o, waits=waits, tile=k)
        return NOT_SAFE(tile=k, seat=o)

    def off_script(self) -> list[str]:
        """Scripted moves the engine would not take (none in a correct lesson)."""
        return [m for c in self.computers for m in c.off_script]


def _last_discard_index(events: Sequence[Event]) -> int:
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], Discarded):
            return i
    return -1


def _upto_index(events: Sequence[Event], upto: str) -> int:
    """How many of the events a `watch` step shows (`UPTO`)."""
    name, _, nth = upto.partition(":")
    want = int(nth) if nth else None
    seen = 0
    last = 0
    typ = {"wall_built": "wall_built", "dice": "dice", "wall_broken": "wall_broken", "deal": "deal",
           "flowers": None}[name]
    if typ is None:
        return len(events)
    for i, e in enumerate(events):
        if e.type == typ:
            seen += 1
            last = i + 1
            if want is not None and seen == want:
                return i + 1
    return last


# ------------------------------------------------------------------------------ progress

@dataclass(frozen=True)
class Progress:
    """The lessons completed (ids; a newer version's ids are kept too) and, when the file could
    not be read, why (a `Message`; the file is then left as it is)."""

    done: frozenset[str] = frozenset()
    problem: Message | None = None


#: why a progress file that reads as JSON cannot be used
NO_LIST = define("tutorial.progress.no_list", "it has no list of lessons done")
#: a progress file is about 100 bytes; anything larger than this is not one
MAX_PROGRESS_BYTES = 1_000_000


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


def _done_of(value: Any) -> frozenset[str] | None:
    """The lessons done in a progress file's JSON, or None when it holds no list of them."""
    done = value.get("done") if isinstance(value, dict) else None
    if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
        return None
    return frozenset(done)


def load_progress(path: str | Path | None = None) -> Progress:
    """The saved progress; never raises, never blocks, never changes the file
    (`game.storage.read_json`): a missing file is nothing done, a damaged one too (with
    `problem` saying why); a folder or a pipe in its place is never opened."""
    p = Path(path) if path is not None else progress_path()
    found = storage.read_json(p, MAX_PROGRESS_BYTES)
    if found.missing:
        return Progress()
    if found.why is not None:
        return Progress(problem=found.why)
    done = _done_of(found.value)
    if done is None:
        return Progress(problem=NO_LIST())
    return Progress(done)


def save_progress(done: Sequence[str] | frozenset[str], path: str | Path | None = None) -> bool:
    """Write the progress atomically (`game.storage.write_json`): through a symbolic link to its
    target, keeping the keys a newer version wrote; a damaged file is copied aside first
    (``lessons.json.bad-<time>``, never written over without a copy). False if it could not be
    saved (a read-only file, a folder or a pipe in its place, a full disk: nothing changed)."""
    p = Path(path) if path is not None else progress_path()
    try:
        storage.write_json(p, {"version": PROGRESS_VERSION, "done": sorted(set(done))}, indent=1,
                           ensure_ascii=True, merge=storage.keep_unknown({"version", "done"}),
                           backup_bad=True, valid=lambda v: _done_of(v) is not None,
                           max_bytes=MAX_PROGRESS_BYTES)
    except storage.StorageError:
        return False
    return True


def mark_done(lesson_id: str, path: str | Path | None = None) -> Progress:
    """Record that a lesson was completed; returns the progress now (saved if it could be)."""
    old = load_progress(path)
    done = old.done | {lesson_id}
    save_progress(done, path)
    return Progress(done)


_load_all()
