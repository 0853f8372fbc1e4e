"""``korean-mahjong simulate``: play a headless session with computer seats and print statistics.

    korean-mahjong simulate --hands 200 --seed 1 --seats random,random,random,random
    korean-mahjong simulate --hands 50 --seed 7 --seats random,random,random,random --json
    korean-mahjong simulate --hands 20 --seed 3 --seats random,random,random,random --log s.jsonl

Invariants (every tile accounted for once, hand sizes, payments summing to zero) are checked
after every event: cheaply by default (tiles counted per place, the hand of the seat that acted;
every tile by its id and every hand at the end of each hand: `game.engine.invariants.check_event`),
every tile by its id and every hand after every event with ``--check-every-event``. A broken
one exits with status 3 naming the hand's seed.

``--log FILE`` is checked before the first hand and written as the session goes, one finished
hand at a time (never a hand in progress, whose wall and concealed tiles a seat must not read);
after a broken invariant it ends with the hand that broke, up to the break.

When a ``python:`` or ``cmd:`` seat plays, the walls are dealt from the seed and a secret drawn
for the run (`ai.wall_secret`; the seed alone is on the command line, which every process can
read), and the secret is shown only when the session is over: printed last, and written into
the log's first lines, which until then stand withheld (the same length, the seed ``null``).
``--seed S --secret HEX`` deals the same walls again. Without such seats ``--seed`` alone
reproduces the session, as always.

Bad input (a damaged ``--rules`` file, an unusable ``--log`` path, out-of-range numbers) is one
error line and exit status 2; Ctrl+C exits with status 130 and the log holding the finished
hands.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import stat
import sys
import time
from typing import Any

from game.cli.output import error, printable, warning, with_message
from game.engine.errors import MahjongError
from game.engine.events import Event, SessionStarted
from game.engine.invariants import InvariantError, check_event, check_table
from game.engine.messages import INT, TEXT, Message, define
from game.engine.replay import dump_line
from game.engine.rules import RuleSet
from game.engine.session import Session, play_hand, play_session
from game.engine.table import Table
from game.engine.tiles import SEAT_LETTERS
from game.i18n import register_texts

from .words import add_lang_argument, language, message_json, pad, said, say, width

#: --hands beyond this is a typing slip, not a session (a million hands is hours of play)
MAX_HANDS = 10_000_000
#: --jobs beyond this would only start idle processes
MAX_JOBS = 256
#: hands a --log may hold: what a record's reader accepts (and a rule set's session length)
MAX_LOG_HANDS = 10_000

register_texts("cli", {
    "cli.simulate.summary": "{hands} hands, seed {seed}, {seconds:.2f} s ({rate:.0f} hands/s)",
    "cli.simulate.endings": "endings: {endings}",
    # how hands ended (HandEnded.reason); the English is the reason's own name
    "cli.simulate.ending.win": "win",
    "cli.simulate.ending.exhaustive": "exhaustive",
    "cli.simulate.ending.nine_major": "nine_major",
    "cli.simulate.ending.four_winds": "four_winds",
    "cli.simulate.ending.triple_win": "triple_win",
    "cli.simulate.col.player": "player",
    "cli.simulate.col.points": "points",
    "cli.simulate.col.wins": "wins",
    "cli.simulate.col.self": "self",
    "cli.simulate.col.deal_in": "deal-in",
    "cli.simulate.col.draws": "draws",
    "cli.simulate.incident": "incident: {incident}",
    "cli.simulate.invariant": "invariant broken: {why}",
    "cli.simulate.secret": "secret {secret}: with python: or cmd: seats the walls are dealt from "
                           "the seed and this secret; --seed {seed} --secret {secret} deals them "
                           "again",
    # the duplicate-play report (ai.arena's, in words)
    "cli.arena.title": "duplicate play: {walls} walls x 4 rotations = {hands} hands, seed {seed}, "
                       "seats {seats} ({seconds:.1f} s, {rate:.1f} hands/s)",
    "cli.arena.col.seat": "seat",
    "cli.arena.col.points": "points/hand",
    "cli.arena.col.ci": "95% CI",
    "cli.arena.col.win": "win%",
    "cli.arena.col.deal_in": "deal-in%",
    "cli.arena.col.uper": "uper%",
    "cli.arena.col.win_uper": "win%|uper",
    "cli.arena.col.basic_win": "basic/win",
    "cli.arena.col.claim": "claim%",
    "cli.arena.col.fold": "fold%",
    "cli.arena.col.draws": "draws%",
    "cli.arena.col.p50": "p50 ms",
    "cli.arena.col.p99": "p99 ms",
    "cli.arena.difference": "{seat} - {baseline}: {mean:+.2f} points/hand [{low:+.2f}, {high:+.2f}] "
                            "({verdict}); deal-in rate {ratio} x {baseline}'s",
    "cli.arena.above": "above zero",
    "cli.arena.below": "below zero",
    "cli.arena.includes": "includes zero",
    "cli.arena.no_ratio": "n/a",
})

# what is wrong with the command line
HANDS_RANGE = define("cli.simulate.hands_range", "--hands must be 1-{max}, got {n}", max=INT, n=INT)
LOG_TOO_LONG = define("cli.simulate.log_too_long", "--log holds at most {max} hands (replay reads "
                      "no more), got --hands {n}", max=INT, n=INT)
JOBS_RANGE = define("cli.simulate.jobs_range", "--jobs must be 1-{max}, got {n}", max=INT, n=INT)
NOT_SEATED = define("cli.simulate.not_seated", "--baseline '{seat}' is not seated", seat=TEXT)
LOG_DUPLICATE = define("cli.simulate.log_duplicate",
                       "--log records a plain session, not --duplicate play")
RULES_WARNING = define("cli.simulate.rules_warning", "{path}: {why}", path=TEXT, why=TEXT)
LOG_CANNOT_WRITE = define("cli.simulate.log_cannot_write",
                          "--log {path}: cannot write the log there ({why})", path=TEXT, why=TEXT)
LOG_IS_DIR = define("cli.simulate.log_is_dir", "--log {path} is a directory; give a file name",
                    path=TEXT)
LOG_NOT_REGULAR = define("cli.simulate.log_not_regular", "--log {path} is not a regular file",
                         path=TEXT)
LOG_NO_DIR = define("cli.simulate.log_no_dir", "--log {path}: the directory {where} does not exist",
                    path=TEXT, where=TEXT)
LOG_WRITE_FAILED = define("cli.simulate.log_write_failed", "--log {path}: writing failed ({why})",
                          path=TEXT, why=TEXT)


def _refuse(message: Message) -> MahjongError:
    return with_message(MahjongError(str(message)), message)



def _seats(text: str) -> list[str]:
    """Four names separated by commas (the names themselves are read in `run`, by
    `ai.registry.parse_seats`, as every command reads them)."""
    from ai.registry import split_seats  # the command line may use the AI; the engine may not

    try:
        return split_seats(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _secret(text: str) -> bytes:
    from ai.wall_secret import parse_secret

    try:
        return parse_secret(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "simulate", help="play a headless session with computer seats and print statistics",
        description="Play a session of N hands with four computer seats and print per-player "
                    "points, wins, self-draws, deal-ins and drawn hands. Invariants are checked "
                    "after every event (cheaply; every tile by its id with "
                    "--check-every-event).",
        epilog="example: korean-mahjong simulate --hands 200 --seed 1 "
               "--seats random,random,random,random")
    p.add_argument("--hands", type=int, default=16, metavar="N",
                   help=f"hands to play, 1-{MAX_HANDS} (default 16)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="session seed (default 0)")
    p.add_argument("--secret", type=_secret, metavar="HEX",
                   help="the secret a session with python: or cmd: seats printed at its end: "
                        "with the same --seed it deals the same walls again (a secret drawn "
                        "afresh otherwise)")
    p.add_argument("--seats", type=_seats, default=["random"] * 4, metavar="A,B,C,D",
                   help="four computer seats: ai (= ai:standard), ai:beginner, ai:expert, "
                        "greedy, random, python:pkg.mod:Class or cmd:PROGRAM (default random x4)")
    p.add_argument("--rules", metavar="FILE", help="a JSON rules file, or the name of a saved house-rule set")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--log", metavar="FILE",
                   help=f"save the session log (JSON lines) for replay, written hand by hand "
                        f"(at most {MAX_LOG_HANDS} hands)")
    p.add_argument("--duplicate", action="store_true",
                   help="duplicate play: each dealt wall is played four times with the seats "
                        "rotated (N hands = N/4 walls); reports points/hand with a 95%% CI, "
                        "win %%, deal-in %%, uper %%, win %% after uper, draws, decision p50/p99")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help=f"worker processes for --duplicate, 1-{MAX_JOBS} (default 1)")
    p.add_argument("--baseline", metavar="SEAT",
                   help="with --duplicate: the seat the others are compared with "
                        "(default greedy when seated, else the last seat)")
    p.add_argument("--no-check", action="store_true",
                   help="skip the invariant checks (faster; for benchmarks)")
    p.add_argument("--check-every-event", action="store_true",
                   help="check every tile by its id and every hand after every event, not "
                        "only at each hand's end (slower; what the tests do)")
    add_lang_argument(p)
    p.set_defaults(func=run)


class LogFile:
    """``--log FILE``, opened before the first hand and written a hand at a time.

    `open` checks the path up front (a directory, a missing directory, an unwritable place, a
    FIFO: one `MahjongError`), creating the file or opening an existing one without touching
    it; `begin` empties it and writes the header when play starts. A hand's lines (its actions
    and events: the wall, every concealed tile) are held back until the hand is over, then
    written and flushed, so a seat (an external ``cmd:`` program) can never read the live hand.
    When a hand breaks off (a broken invariant, a crashing seat) `close` still writes what the
    hand had so far, after the seats are closed; that log reproduces the break. After Ctrl+C
    the log keeps the finished hands only, so ``korean-mahjong replay LOG --check`` passes.
    If play never starts, a file `open` created is removed again and an existing one is left
    byte for byte as it was.
    """

    def __init__(self, path: str):
        self.path = path
        self._file: Any = None
        self._created = False
        self._started = False
        self._regular = True
        self._reveal: str | None = None  # the first lines as `close` writes them
        self._held: list[str] | None = None  # everything, until `close` (not a regular file)
        self.broken_hand: list[dict[str, Any]] = []

    def open(self) -> None:
        path = self.path
        try:
            st: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            st = None
        except (OSError, ValueError) as e:
            raise _refuse(LOG_CANNOT_WRITE(path=path, why=_why(e))) from None
        if st is not None:
            if stat.S_ISDIR(st.st_mode):
                raise _refuse(LOG_IS_DIR(path=path))
            if stat.S_ISFIFO(st.st_mode) or stat.S_ISSOCK(st.st_mode):
                raise _refuse(LOG_NOT_REGULAR(path=path))
            self._regular = stat.S_ISREG(st.st_mode)
        # an existing file is not emptied until play starts; O_EXCL: never another's file; no
        # O_APPEND, so `close` can complete the first lines in place (see `begin`)
        flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0) | (
            0 if st is not None else os.O_CREAT | os.O_EXCL)
        try:
            fd = os.open(path, flags, 0o666)
            self._file = open(fd, "w", encoding="utf-8")  # noqa: SIM115 - closed by `close`
        except FileNotFoundError:
            where = os.path.dirname(os.path.abspath(path))
            raise _refuse(LOG_NO_DIR(path=path, where=where)) from None
        except (OSError, ValueError) as e:
            raise _refuse(LOG_CANNOT_WRITE(path=path, why=_why(e))) from None
        self._created = st is None

    def begin(self, lines: list[dict[str, Any]],
              reveal: list[dict[str, Any]] | None = None) -> None:
        """Play starts: empty the file and write the header (and the session-start event).

        With `reveal` (the first lines as they are, naming the seed a secret made), `lines`'
        first lines stand in for them until `close`, which writes them over in place: each
        pair padded with spaces to one length (JSON allows them), so a seat that reads the log
        meanwhile finds no seed of the walls to come. A file that cannot be written in place
        (not a regular file) is held in memory until `close`."""
        self._started = True
        if self._regular:
            self._do(lambda: (self._file.seek(0), self._file.truncate()))
        if reveal:
            stand_ins, real = _same_length([dump_line(x) for x in lines[:len(reveal)]],
                                           [dump_line(x) for x in reveal])
            self._reveal = "".join(real)
            if not self._regular:
                self._held = []
                self.write(lines[len(reveal):])
                return
            text = "".join(stand_ins) + "".join(dump_line(x) for x in lines[len(reveal):])
            self._do(lambda: (self._file.write(text), self._file.flush()))
            return
        self.write(lines)

    def write(self, lines: list[dict[str, Any]]) -> None:
        """Append whole lines and flush them (a finished hand, the session end)."""
        text = "".join(dump_line(x) for x in lines)
        if self._held is not None:
            self._held.append(text)
            return
        self._do(lambda: (self._file.write(text), self._file.flush()))

    def _do(self, step: Any) -> None:
        try:
            step()
        except OSError as e:
            raise _refuse(LOG_WRITE_FAILED(path=self.path, why=_why(e))) from None

    def close(self) -> None:
        """Write the hand that broke off (if any), close; remove a file play never used."""
        if self._file is None:
            return
        f, self._file = self._file, None
        try:
            if self.broken_hand and self._started:
                text = "".join(dump_line(x) for x in self.broken_hand)
                if self._held is not None:
                    self._held.append(text)
                else:
                    f.write(text)
            if self._reveal is not None:  # the session is over: its seed may be known now
                if self._held is not None:
                    f.write(self._reveal + "".join(self._held))
                else:
                    f.flush()
                    f.seek(0)
                    f.write(self._reveal)
            f.close()
        except OSError:  # the log is as complete as the disk allowed
            try:
                f.close()
            except OSError:
                pass
        if not self._started and self._created:
            try:
                os.remove(self.path)
            except OSError:
                pass


def _same_length(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    """Lines of `a` and `b` pairwise padded with spaces before the newline to the same length
    in bytes (as UTF-8)."""
    out_a, out_b = [], []
    for x, y in zip(a, b):
        n = max(len(x.encode()), len(y.encode()))
        out_a.append(x[:-1] + " " * (n - len(x.encode())) + "\n")
        out_b.append(y[:-1] + " " * (n - len(y.encode())) + "\n")
    return out_a, out_b


def _why(e: BaseException) -> str:
    return e.strerror if isinstance(e, OSError) and e.strerror else str(e)


def simulate(rules: RuleSet, seed: int, hands: int, seat_names: list[str], *,
             check: bool = True, every_event: bool = False, log: str | LogFile | None = None,
             incidents: list[Message] | None = None, secret: bytes | None = None) -> Session:
    """Play the session and return it (raises InvariantError on a broken invariant).

    `check` checks the invariants after every event (`check_event`; with `every_event`, every
    tile by its id: `check_table`). `log` (a path or an opened `LogFile`) receives the session
    log hand by hand; `incidents` (a list) receives what the guard of each untrusted seat
    reported (`ai.guard`). With `secret` the walls are dealt from `ai.wall_secret.keyed_seed`
    of `seed` (the session's seed), which the log names only at its end (see the module); the
    seats' own seeds still come from `seed`."""
    from ai.registry import make_seat  # the command line may use the AI; the engine may not
    from ai.wall_secret import keyed_seed, to_hex

    logfile = LogFile(log) if isinstance(log, str) else log
    players: list[Any] = []
    try:
        if logfile is not None and isinstance(log, str):
            logfile.open()
        try:
            for i, name in enumerate(seat_names):
                players.append(make_seat(name, seed=seed * 4 + i))
            # without a log nothing needs each hand's events: memory stays flat per hand
            session = Session(rules.replace(session_mode="hands"),
                              seed if secret is None else keyed_seed(seed, secret),
                              players=tuple(seat_names), hands=hands,
                              keep_history=logfile is not None)
        except (ValueError, OSError) as e:
            if isinstance(e, MahjongError):
                raise
            raise MahjongError(str(e)) from None
        on_event = (check_table if every_event else check_event) if check else None
        if logfile is not None:
            _play_logged(session, players, on_event, logfile,
                         None if secret is None else (seed, to_hex(secret)))
        else:
            play_session(session, players, observe=True, on_event=on_event)
    finally:
        if incidents is not None:
            for p in players:
                incidents.extend(getattr(p, "incidents", ()))
        try:
            _close(players)
        finally:
            if logfile is not None:
                logfile.close()
    return session


def _play_logged(session: Session, players: list[Any], on_event: Any, log: LogFile,
                 secret: tuple[int, str] | None = None) -> None:
    """`play_session`, writing each hand's lines to `log` when the hand is over. With `secret`
    (the seed given and the secret the session's seed was made with) the header and the
    session-start event name the session's seed only at the end (`LogFile.begin`); the header
    then also names the secret (``"dealt_from": {"seed": S, "secret": HEX}``)."""
    from game.engine.replay import Recorder

    header = Recorder(session).header
    lines = [header, *_event_lines(session.events, 0)]
    if secret is None:
        log.begin(lines)
    else:
        given, key = secret
        start = session.events[0]
        assert isinstance(start, SessionStarted)
        withheld = [{**header, "seed": None, "dealt_from": {"seed": given, "secret": None}},
                    *_event_lines([dataclasses.replace(start, seed=None)], 0)]
        real = [{**header, "dealt_from": {"seed": given, "secret": key}},
                *_event_lines([start], 0)]
        log.begin(withheld + lines[len(real):], reveal=real)
    live: list[Table] = []

    def watch(table: Table, event: Event) -> None:
        if not live:
            live.append(table)  # known even when the deal itself breaks an invariant
        if on_event is not None:
            on_event(table, event)

    while not session.is_over:
        if INTERRUPTED:  # an interrupt Python swallowed (raised inside a __del__ or a callback)
            raise KeyboardInterrupt
        actions: list[dict[str, Any]] = []
        hand = session.hand_no + 1
        live.clear()

        def record(seat: int, action: Any, hand: int = hand,
                   actions: list[dict[str, Any]] = actions) -> None:
            actions.append({"type": "action", "hand": hand, "seat": SEAT_LETTERS[seat],
                            "action": action.to_json()})

        try:
            table = session.new_hand(on_event=watch)
            play_hand(table, [players[p] for p in table.players], observe=True,
                      on_action=record)
        except KeyboardInterrupt:
            raise  # the log keeps the finished hands: it still replays and checks
        except BaseException:
            events = live[0].events if live else []
            log.broken_hand = actions + _event_lines(events, hand)
            raise
        log.write(actions + _event_lines(table.events, hand))
        session.finish_hand()
    if not session.finished:
        session.end()
    log.write(_event_lines(session.events[-1:], 0))


def _event_lines(events: list[Event], hand: int) -> list[dict[str, Any]]:
    return [{"type": "event", "hand": hand, "event": e.to_json()} for e in events]


def _close(seats: list[Any]) -> None:
    """Let seats that own resources (external programs) release them."""
    for seat in seats:
        close = getattr(seat, "close", None)
        if callable(close):
            close()


def run(args: argparse.Namespace) -> int:
    lang = language(args)
    if not 1 <= args.hands <= MAX_HANDS:
        return error("simulate", HANDS_RANGE(max=MAX_HANDS, n=args.hands), lang)
    if args.log and args.hands > MAX_LOG_HANDS:
        return error("simulate", LOG_TOO_LONG(max=MAX_LOG_HANDS, n=args.hands), lang)
    from ai.external import check_program
    from ai.registry import make_seat, parse_seats, seat_name
    from ai.wall_secret import new_secret, to_hex, untrusted

    try:  # computer seats only, read as every command reads them
        args.seats = parse_seats(args.seats)
        if args.baseline is not None:
            args.baseline = seat_name(args.baseline)
    except ValueError as e:
        return error("simulate", e, lang)
    if args.duplicate:
        if not 1 <= args.jobs <= MAX_JOBS:
            return error("simulate", JOBS_RANGE(max=MAX_JOBS, n=args.jobs), lang)
        if args.baseline is not None and args.baseline not in args.seats:
            return error("simulate", NOT_SEATED(seat=args.baseline), lang)
        if args.log:
            return error("simulate", LOG_DUPLICATE(), lang)
    warnings: list[str] = []
    if args.rules and not os.path.lexists(args.rules):  # a saved set's name (game.rulesets)
        from game.rulesets import find_set

        found = find_set(args.rules)
        if found is not None:
            args.rules = str(found.path)
    rules = RuleSet.load(args.rules, warnings) if args.rules else RuleSet()
    for message in warnings:
        warning("simulate", RULES_WARNING(path=args.rules, why=message), lang)
    try:  # each seat can be made; a cmd: program is only looked for: it starts once, in play
        for name in args.seats:
            if name.startswith("cmd:"):
                check_program(name[4:])
            else:
                _close([make_seat(name)])
    except ValueError as e:
        return error("simulate", e, lang)
    # walls a python: or cmd: seat cannot deal itself from the seed on the command line
    secret = args.secret if args.secret is not None or not untrusted(args.seats) else new_secret()
    if args.duplicate:
        return _duplicate(args, rules, lang, secret)
    log = None
    if args.log:
        log = LogFile(args.log)
        log.open()
    incidents: list[Message] = []
    t0 = time.perf_counter()
    try:
        with _quiet_guard(), _terminate_as_interrupt(secret is not None):
            session = simulate(rules, args.seed, args.hands, args.seats, check=not args.no_check,
                               every_event=args.check_every_event, log=log,
                               incidents=incidents, secret=secret)
    except InvariantError as e:
        why = say("cli.simulate.invariant", lang, why=str(e))
        print(printable(f"korean-mahjong simulate: {why}"), file=sys.stderr)
        _print_secret(args.seed, secret, lang)
        return 3
    except KeyboardInterrupt:
        _print_secret(args.seed, secret, lang)
        raise
    dt = time.perf_counter() - t0
    reasons = dict(session.endings)
    if args.json:
        out = {"hands": session.hand_no, "seed": args.seed, "seconds": round(dt, 3),
               "hands_per_second": round(session.hand_no / dt, 1) if dt else None,
               "endings": reasons,
               "players": [{"seat": name, **st.to_json()}
                           for name, st in zip(args.seats, session.stats)]}
        if incidents:
            out["incidents"] = [message_json(m) for m in incidents]
        if secret is not None:
            out["secret"] = to_hex(secret)
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(say("cli.simulate.summary", lang, hands=session.hand_no, seed=args.seed, seconds=dt,
              rate=session.hand_no / dt if dt else 0))
    print(say("cli.simulate.endings", lang, endings=", ".join(
        f"{_ending(k, lang)} {v}" for k, v in sorted(reasons.items()))))
    print(format_table(args.seats, session.stats, lang))
    for m in incidents:
        print(say("cli.simulate.incident", lang, incident=said(m, lang)))
    _print_secret(args.seed, secret, lang)
    return 0


def _print_secret(seed: int, secret: bytes | None, lang: str) -> None:
    """The run's secret, once the session is over (nothing when the walls had none)."""
    from ai.wall_secret import to_hex

    if secret is not None:
        print(say("cli.simulate.secret", lang, seed=seed, secret=to_hex(secret)), flush=True)


def _ending(reason: str, lang: str) -> str:
    from game.i18n import has_text

    key = f"cli.simulate.ending.{reason}"
    return say(key, lang) if has_text(key) else reason


def format_table(seats: list[str], stats: Any, lang: str = "en") -> str:
    """The per-player table of a session: points, wins, self-draws, deal-ins, draws."""
    labels = [f"{i + 1}. {name}" for i, name in enumerate(seats)]
    cols = [say(f"cli.simulate.col.{c}", lang)
            for c in ("player", "points", "wins", "self", "deal_in", "draws")]
    w = max(14, *(len(x) + 2 for x in labels))
    widths = [w, 8, 6, 6, 9, 7]
    widths = [max(n, width(c) + 1 if i else 0) for i, (n, c) in enumerate(zip(widths, cols))]
    lines = [pad(cols[0], widths[0]) + "".join(pad(c, n, ">") for c, n in zip(cols[1:], widths[1:]))]
    for label, st in zip(labels, stats):
        values = (st.points, st.wins, st.self_draws, st.deal_ins, st.draws)
        lines.append(pad(label, widths[0]) + "".join(pad(str(v), n, ">")
                                                     for v, n in zip(values, widths[1:])))
    return "\n".join(lines)


#: set by `_interrupt` when SIGINT or SIGTERM arrives: the hand loop stops at the next hand even
#: when the KeyboardInterrupt was raised where Python only prints it (inside a ``__del__`` or a
#: weakref callback), so a Ctrl+C always ends the session
INTERRUPTED: list[int] = []


class _terminate_as_interrupt:
    """While a session whose walls have a secret runs (`on`): SIGTERM ends it as Ctrl+C does,
    so the log's withheld first lines are completed and the secret is shown (a plain SIGTERM
    would end the process with neither, leaving a log that cannot be replayed); SIGINT is
    remembered too (`INTERRUPTED`)."""

    def __init__(self, on: bool) -> None:
        import signal
        import threading

        self.on = on and hasattr(signal, "SIGTERM") and \
            threading.current_thread() is threading.main_thread()
        self.before: Any = None

    def __enter__(self) -> None:
        import signal

        INTERRUPTED.clear()
        if self.on:
            self.before = (signal.signal(signal.SIGTERM, _interrupt), signal.getsignal(signal.SIGINT))
            if self.before[1] is not signal.SIG_IGN:  # a background job keeps ignoring Ctrl+C
                signal.signal(signal.SIGINT, _interrupt)

    def __exit__(self, *exc: object) -> None:
        import signal

        if self.on:
            signal.signal(signal.SIGTERM, self.before[0])
            signal.signal(signal.SIGINT, self.before[1])


def _interrupt(signum: int, frame: object) -> None:
    INTERRUPTED.append(signum)
    raise KeyboardInterrupt


class _quiet_guard:
    """While a session runs: the guard's log lines (English, `ai.guard`) are not printed by
    Python's last-resort handler; the command prints the incidents itself, in words."""

    def __enter__(self) -> None:
        import logging

        self.logger = logging.getLogger("ai.guard")
        self.handler = logging.NullHandler()
        self.logger.addHandler(self.handler)

    def __exit__(self, *exc: object) -> None:
        self.logger.removeHandler(self.handler)


#: the report's figure columns after the interval, with their widths (each label, in every
#: language, leaves at least one space: tests/test_cli_lang.py)
ARENA_COLUMNS = (("win", 7), ("basic_win", 10), ("deal_in", 10), ("uper", 7), ("win_uper", 11),
                 ("claim", 8), ("fold", 7), ("draws", 8), ("p50", 8), ("p99", 8))


def format_report(res: Any, baseline: str | None, lang: str = "en") -> str:
    """The duplicate-play report (`ai.arena.ArenaResult`) in `lang`: one row per seat name,
    then each seat against `baseline`, then the guard's incidents."""
    def col(key: str) -> str:
        return say(f"cli.arena.col.{key}", lang)

    title = say("cli.arena.title", lang, walls=res.walls, hands=res.hands, seed=res.seed,
                seats=", ".join(res.seats), seconds=res.seconds,
                rate=res.hands / res.seconds if res.seconds else 0)
    # the columns of the tables in docs/opponents.md: basic/win the basic points of his wins, claim% the
    # hands with a claimed pung or kong, fold% his discards exactly safe against every uper
    # player while another had declared uper
    header = (pad(col("seat"), 14) + pad(col("points"), 12, ">") + "  " + pad(col("ci"), 18)
              + "".join(pad(col(key), w, ">") for key, w in ARENA_COLUMNS))
    lines = [title, header]
    for n, st in res.stats.items():
        m, lo, hi = st.ci()
        basic = st.win_basic / st.wins if st.wins else 0.0
        lines.append(
            f"{n + (f' x{st.players}' if st.players > 1 else ''):<14}{m:>+12.2f}  "
            f"[{lo:+.2f}, {hi:+.2f}]".ljust(44)
            + f"{st.pct(st.wins, st.hands):>7.1f}{basic:>10.2f}"
            f"{st.pct(st.deal_ins, st.hands):>10.1f}"
            f"{st.pct(st.upers, st.hands):>7.1f}{st.pct(st.wins_after_uper, st.upers):>11.1f}"
            f"{st.pct(st.claims, st.hands):>8.1f}{st.pct(st.safe_after_uper, st.after_uper):>7.1f}"
            f"{st.pct(st.draws, st.hands):>8.1f}{st.time_ms(0.5):>8.2f}{st.time_ms(0.99):>8.2f}")
    if baseline is not None and baseline in res.stats:
        for n in res.stats:
            if n == baseline:
                continue
            m, lo, hi = res.difference(n, baseline)
            verdict = say("cli.arena.above" if lo > 0 else "cli.arena.below" if hi < 0
                          else "cli.arena.includes", lang)
            dn = res.stats[n].pct(res.stats[n].deal_ins, res.stats[n].hands)
            db = res.stats[baseline].pct(res.stats[baseline].deal_ins, res.stats[baseline].hands)
            ratio = f"{dn / db:.2f}" if db else say("cli.arena.no_ratio", lang)
            lines.append(say("cli.arena.difference", lang, seat=n, baseline=baseline, mean=m,
                             low=lo, high=hi, verdict=verdict, ratio=ratio))
    for inc in res.incidents:  # Messages, or English text from an arena that sends text
        shown = said(inc, lang) if isinstance(inc, Message) else str(inc)
        lines.append(say("cli.simulate.incident", lang, incident=shown))
    return "\n".join(lines)


def _duplicate(args: argparse.Namespace, rules: RuleSet, lang: str = "en",
               secret: bytes | None = None) -> int:
    """Duplicate play through the arena: every wall four times, the seats rotated (with
    `secret`, walls dealt from it and the seed: `ai.arena.wall_seed`)."""
    from ai.arena import run_duplicate

    walls = -(-args.hands // 4)
    try:
        with _quiet_guard(), _terminate_as_interrupt(secret is not None):
            res = run_duplicate(args.seats, walls, args.seed, rules, jobs=args.jobs,
                                secret=secret)
    except KeyboardInterrupt:
        _print_secret(args.seed, secret, lang)
        raise
    base = args.baseline or ("greedy" if "greedy" in args.seats else args.seats[-1])
    if args.json:
        out = res.to_json(base)
        if res.incidents:
            out["incident_messages"] = [message_json(m) for m in res.incidents]
        print(json.dumps(out, ensure_ascii=False))  # with "secret" (`ArenaResult.to_json`)
    else:
        print(format_report(res, base, lang))
        _print_secret(args.seed, secret, lang)
    return 0
