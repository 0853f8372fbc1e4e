"""The table: a session played on screen, the engine's events animated by the `Director`.

    make_scene(app)                                   # the new-game screen
    make_scene(app, resume=True)                      # continue the last unfinished session
    make_scene(app, autoplay=True, seats="ai,ai,ai,ai", seed=7, hands=2)   # spectator mode

The scene owns a `Session`. Each frame the director plays the events the engine has logged;
only when it has caught up does the scene ask the engine for the next decision: a computer seat
answers after the thinking delay, the human answers with the mouse or the keyboard. Legal
actions, and the reasons for refused ones, always come from the engine's `Decision`.

Keys at the table: Left/Right (or A/D) choose a tile, 1-9 and 0 pick tiles 1-10, Enter discards
the chosen tile, Space the drawn one; Shift+Left/Right move the chosen tile (manual order), O sorts
again; U uper (discard the chosen tile sideways), W win, K kong, N nine major tiles; on a claim
W win, P pung, K kong, Space or Esc pass; I shows the practice hints (shanten, acceptance, waits,
danger) beside the table. Any click or key during an animation skips it; F1 or H
toggles the key help; Esc leaves the table (the session can be continued from the title).
"""

from __future__ import annotations

import errno
import math
import secrets
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.engine.actions import (
    NINE_MAJOR,
    PASS,
    WIN,
    Action,
    AddedKong,
    ConcealedKong,
    Discard,
    Kong,
    Pung,
)
from game.engine.errors import IllegalActionError, MahjongError
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.engine.table import Decision, Table
from game.engine.tiles import kind_of_tile, tile_str

from ..board import FELT, InfoView, draw_board, draw_info
from ..controls import Choice, HandCursor, Prompt
from ..director import Director
from ..i18n import SEAT_WIND_NAMES, has
from ..layout import Layout, screen_seat
from ..reasons import tile_ko, translate
from ..widgets import DIM, GOLD, WHITE, draw_panel
from . import Scene

if TYPE_CHECKING:
    from game.ui.app import App

HUMAN = "human"
AI_DEFAULT = "ai:standard"
KEY_WIN, KEY_PUNG, KEY_KONG, KEY_PASS = pygame.K_w, pygame.K_p, pygame.K_k, pygame.K_SPACE
KEY_UPER, KEY_NINE, KEY_SORT, KEY_HINTS = pygame.K_u, pygame.K_n, pygame.K_o, pygame.K_i


def seat_name(text: str) -> str:
    """A player from the command line or the new-game screen: ``ai`` means the standard computer.

    >>> seat_name("ai"), seat_name("Human"), seat_name("ai:expert")
    ('ai:standard', 'human', 'ai:expert')
    """
    t = text.strip()
    if t.lower() == "ai":
        return AI_DEFAULT
    if t.lower() == HUMAN:
        return HUMAN
    return t


def parse_seats(text: str | None) -> list[str]:
    """``"ai,ai,ai,ai"`` -> four player names (at most one human; every other name one the AI
    registry knows).

    >>> parse_seats("human,ai,ai:expert,ai")
    ['human', 'ai:standard', 'ai:expert', 'ai:standard']
    >>> parse_seats("ai,ai")
    Traceback (most recent call last):
    ...
    ValueError: --seats needs four players separated by commas, got 2: 'ai,ai'
    """
    if not text:
        return [AI_DEFAULT] * 4
    parts = [p for p in (x.strip() for x in text.split(",")) if p]
    if len(parts) != 4:
        raise ValueError(f"--seats needs four players separated by commas, got {len(parts)}: {text!r}")
    names = [seat_name(p) for p in parts]
    from ai.registry import check_seat_name

    for n in names:
        if n != HUMAN:
            try:
                check_seat_name(n)  # an unknown name is refused, never silently replaced
            except ValueError as e:
                raise ValueError(f"{e}; or human") from None
    if names.count(HUMAN) > 1:
        raise ValueError(f"--seats: at most one human player, got {names.count(HUMAN)}")
    return names


def make_players(names: list[str], seed: int) -> list[Any]:
    """Seat objects for the computer players (None for the human), seeded from the session."""
    from ai.registry import make_seat

    return [None if n == HUMAN else make_seat(n, seed=seed * 4 + i) for i, n in enumerate(names)]


class EndOfRecord(Exception):
    """A replayed record has no further action (it was interrupted)."""


class ScriptedSeat:
    """Plays back a record's actions (the replay viewer): ``actions[(hand, seat)]`` in order."""

    name = "record"

    def __init__(self, actions: dict[tuple[int, int], list[Action]]) -> None:
        self.actions = actions
        self.hand = 0

    def observe(self, event: Any) -> None:
        if getattr(event, "type", "") == "hand_start":
            self.hand = event.hand

    def act(self, decision: Decision) -> Action:
        queue = self.actions.get((self.hand, decision.seat))
        if not queue:
            raise EndOfRecord(f"the record has no action of seat {decision.seat} in hand {self.hand}")
        action = queue.pop(0)
        if action not in decision.legal:  # a damaged record (a line lost or changed)
            raise EndOfRecord(f"the record's next action of seat {decision.seat} ({action!r}) "
                              "is not legal here")
        return action


# --- the saved session (continue) -----------------------------------------------------------------
def _records() -> Any:
    try:
        from game.practice import records
    except ImportError:  # pragma: no cover - the records module is part of the game
        return None
    return records


def has_saved_session() -> bool:
    """True when "continue" has a session to resume (the title screen asks; reads only the
    records' first and last lines, so it is fast with thousands of records)."""
    rec_mod = _records()
    try:
        return rec_mod is not None and rec_mod.find_unfinished() is not None
    except (OSError, MahjongError, ValueError):
        return False


@dataclass
class Resume:
    """How to rebuild a session from its record: its header and the actions of each hand.
    `lock` (Continue only) holds the source record while the continued game runs."""

    header: dict[str, Any]
    actions: list[list[tuple[int, Action]]]  # per hand (1-based order), (seat, action)
    path: Any = None
    lock: Any = None


def resume_from_record(rec: Any, lock: Any = None) -> Resume:
    return Resume(rec.header, [[(s, a) for _, s, a in h.actions] for h in rec.hands], rec.path,
                  lock)


class ContinueError(Exception):
    """Continue cannot start; the argument is the UI text key saying why (or the reason)."""


def claim_unfinished() -> Resume | None:
    """Take the record Continue offers for this game: lock it, re-check under the lock that no
    other game continued it meanwhile, read it. None when there is nothing to continue;
    `ContinueError` when another window holds it."""
    from game.practice.locks import RecordLock

    rec_mod = _records()
    if rec_mod is None:
        return None
    head = rec_mod.find_unfinished()
    if head is None:
        return None
    lock = RecordLock.acquire(head.path)
    if lock is None:
        raise ContinueError("table.continue_live")
    try:
        if rec_mod.is_continued(head.path):
            raise ContinueError("table.continue_taken")
        rec = rec_mod.load_record(head.path)
        if rec.header is None:
            raise OSError(0, rec.error or "the record has no header")
        return resume_from_record(rec, lock)
    except BaseException:
        lock.release()
        raise


# --- the scene ----------------------------------------------------------------------------------
class _Thinking:
    """A computer seat deciding in a worker thread, so that no decision (ai:expert plays out
    positions) stalls a frame. It gets a private copy of the decision (`Table.copy`); the main
    thread submits the answer once `done` is set, if that decision is still open."""

    def __init__(self, seat: int, decision: Decision, player: Any, private: Decision) -> None:
        self.seat, self.decision = seat, decision
        self.action: Action | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(player, private), daemon=True,
                                       name=f"ai-seat-{seat}")
        self.thread.start()

    def _run(self, player: Any, private: Decision) -> None:
        try:
            self.action = player.act(private)
        except BaseException as e:  # noqa: BLE001 - handed to the main thread, raised there
            self.error = e
        finally:
            self.done.set()


class TableScene(Scene):
    name = "table"
    AI_THREAD = True  # see `ai_thread`

    def __init__(self, app: App, players: list[str], *, seed: int | None = None, hands: int | None = None,
                 rules: RuleSet | None = None, seat_selection: str = "dice", exit_at_end: bool = False,
                 record: bool | None = None, resume: Resume | None = None,
                 replay: Resume | None = None) -> None:
        super().__init__(app)
        self.replay = replay is not None
        self.recorded_human: int | None = None
        if replay is not None:
            resume = None
            h = replay.header
            players = [str(p) for p in h["players"]]
            seed = int(h["seed"])
            hands = h.get("hands")
            rules = RuleSet.from_dict(h["rules"])
            seat_selection = h.get("seat_selection", "dice")
            human = h.get("human")
            self.recorded_human = human if isinstance(human, int) and 0 <= human < 4 else None
            record = False
        if resume is not None:
            h = resume.header
            players = [str(p) for p in h["players"]]
            seed = int(h["seed"])
            hands = h.get("hands")
            rules = RuleSet.from_dict(h["rules"])
            seat_selection = h.get("seat_selection", "dice")
        self.player_names = [seat_name(p) for p in players]
        if len(self.player_names) != 4:
            raise ValueError(f"a table needs four players, got {len(self.player_names)}")
        self.human_player: int | None = (self.player_names.index(HUMAN) if HUMAN in self.player_names else None)
        if self.replay:
            self.human_player = None
        self.autoplay = self.human_player is None
        # a seed nobody can guess (a clock-based one could be searched for by a seat program)
        self.seed = seed if seed is not None else secrets.randbelow(1_000_000_007)
        self.rules = rules or app.settings.rules
        self.session = Session(self.rules, self.seed, players=tuple(self.player_names),
                               seat_selection=seat_selection, hands=hands)
        if replay is not None:
            script: dict[tuple[int, int], list[Action]] = {}
            for n, actions in enumerate(replay.actions, 1):
                for seat, action in actions:
                    script.setdefault((n, seat), []).append(action)
            self.seats: list[Any] = [ScriptedSeat(script) for _ in range(4)]
        else:
            self.seats = make_players(self.player_names, self.seed)
        self.seats_closed = False
        self.ended = False  # a replayed record ran out of actions
        self.paused = False
        self.show_hints = False  # the practice hints panel (I), off by default
        self.hints_panel: Any = None
        self.hints_for: Decision | None = None
        self.exit_at_end = exit_at_end
        self.writer: Any = None
        if record is None:
            record = not self.autoplay
        self.source_lock: Any = resume.lock if resume is not None else None
        self.record_note = ""  # why the record could not be started
        self.recording_said = False
        if record and _records() is not None:
            external = any(n.startswith(("cmd:", "python:")) for n in self.player_names)
            try:
                self.writer = _records().RecordWriter(
                    self.session, human=self.human_player, seat_kinds=self.player_names,
                    continues=resume.path if resume is not None else None,
                    private=external)
            except OSError as e:
                self.writer = None
                self.record_note = str(e.strerror or e)
        self.table: Table | None = None
        self.fed = 0  # events of the current hand the computer seats have seen
        self.think = 0.0  # seconds a computer seat has been "thinking"
        #: computer seats decide in a worker thread (off the frame); False: in the frame (the
        #: tests' instant speed, where nothing is drawn between decisions anyway)
        self.ai_thread = self.AI_THREAD and not math.isinf(self.speed_factor)
        self.thinking: _Thinking | None = None
        self.elapsed = 0.0
        self.cursor = HandCursor()
        self.prompt: Prompt | None = None
        self.prompt_for: Decision | None = None
        self.prompt_title = ""
        self.offered: tuple[int, int] | None = None  # (seat, kind) of the tile a claim prompt offers
        self.message = ""
        self.message_left = 0.0
        self.help = False
        self.shot_pending: str | None = None
        self.finished = False
        self.resuming = False
        self.refusal_seen: Any = None  # the engine's refusals last explained (sacred discard...)
        self.director = self._new_director()
        self.stream: list[Any] = list(self.session.events)  # the seat selection, then each hand
        self.base = len(self.stream)
        self.director.follow(self.stream)
        if resume is not None:
            try:
                self._replay(resume)
            except BaseException:
                self.abandon()  # a failed Continue leaves nothing behind
                raise
        else:
            self.start_hand()

    def abandon(self) -> None:
        """This table will not be played (its set-up failed): delete its own new record, give
        the continued record back, close the seats. The record it continues is not touched."""
        if self.writer is not None:
            self.writer.discard()
            self.writer = None
        self._release_source()
        self.close_seats()

    def _release_source(self) -> None:
        if self.source_lock is not None:
            self.source_lock.release()
            self.source_lock = None

    # --- set-up -----------------------------------------------------------------------------------
    @property
    def human(self) -> int:
        """Engine seat shown at the bottom of the screen (the human, or player 1 in autoplay)."""
        if self.table is None:
            return 0
        p = self.human_player if self.human_player is not None else (self.recorded_human or 0)
        return self.table.players.index(p)

    def _new_director(self) -> Director:
        return Director(self.app.layout, human=0, speed=self.speed_factor, reveal_all=self.autoplay,
                        text=self.app.tr, names=self.seat_label, sound=self._sound,
                        key_moment=self._key_moment, on_hand_end=self._hand_animated)

    @property
    def speed_factor(self) -> float:
        return self.app.settings.speed_factor

    def _sound(self, name: str) -> None:
        self.app.sound.play(name)

    def seat_label(self, seat: int) -> str:
        """How banners name an engine seat: "You" for the human, else the seat's wind."""
        if self.human_player is not None and self.table is not None and self.table.players[seat] == self.human_player:
            return self.app.tr("table.you")
        return SEAT_WIND_NAMES[self.app.lang][seat]

    def player_label(self, p: int) -> str:
        name = self.player_names[p]
        if name == HUMAN or (self.replay and p == self.recorded_human):
            return self.app.tr("table.you") if not self.replay else self.app.tr("replay.player")
        key = f"short.{name}" if has(f"short.{name}") else f"seat.{name}"
        label = self.app.tr(key) if has(key) else name
        return label if not self.autoplay else f"P{p + 1} · {label}"

    def start_hand(self) -> None:
        hook = self.writer.on_event if self.writer is not None else None
        self.table = self.session.new_hand(on_event=hook)
        self.fed = 0
        self.base = len(self.stream)
        self.director.human = self.human
        self._sync_source()

    def _sync_source(self) -> None:
        """Copy the engine's new events of this hand into the stream the director plays."""
        if self.table is not None:
            have = len(self.stream) - self.base
            if have < len(self.table.events):
                self.stream.extend(self.table.events[have:])

    def _replay(self, resume: Resume) -> None:
        """Rebuild the session from its record, then show the hand in progress at once."""
        for n, actions in enumerate(resume.actions, 1):
            self.start_hand()
            assert self.table is not None
            for seat, action in actions:
                if self.table.is_over:
                    break
                try:
                    self._submit(seat, action)
                except IllegalActionError:
                    break
            if self.table.is_over and n < len(resume.actions):
                self.session.finish_hand()
        if self.table is None:
            self.start_hand()
        self._sync_source()
        self.director.index = self.base  # earlier hands are booked: show only the hand in play
        self.resuming = True  # shown at once when the scene enters (see on_enter)
        self.fed = 0
        # the continued record stays as it is: the new one names it in its header
        # ("continues"), so the lists count the game once and Continue offers the new one

    # --- the engine ------------------------------------------------------------------------------
    def _submit(self, seat: int, action: Action) -> None:
        assert self.table is not None
        if self.writer is not None:
            self.writer.submit(self.table, seat, action)
        else:
            self.table.submit(seat, action)

    def _feed(self) -> None:
        """Show the computer seats every new event (their own view of it)."""
        t = self.table
        if t is None:
            return
        events = t.events
        for i in range(self.fed, len(events)):
            e = events[i]
            for seat in range(4):
                obj = self.seats[t.players[seat]]
                fn = getattr(obj, "observe", None) if obj is not None else None
                if fn is not None:
                    fn(e.visible_to(seat))
        self.fed = len(events)

    def _ai_delay(self) -> float:
        f = self.speed_factor
        if math.isinf(f):
            return 0.0
        return self.app.settings.ai_delay_ms / 1000.0 / f

    def _drive(self, dt: float) -> None:
        """Ask the engine for the next decision once the director has caught up."""
        t = self.table
        if t is None or t.is_over or not self.director.idle or self.ended or self.paused:
            return
        if not self._collect():
            return  # a computer seat is thinking (its seat object is busy: no events fed)
        t = self.table
        if t is None or t.is_over or self.ended:
            return
        self._feed()
        pending = t.pending()
        human_seat = self.human if self.human_player is not None else None
        ai_turn = [s for s in pending if s != human_seat]
        if human_seat is not None and self.app.settings.hints and self.refusal_seen is not t.refused:
            self.refusal_seen = t.refused  # a new dict for each discard on offer
            why = t.refused.get(human_seat, {}).get(WIN)
            if why and human_seat not in pending:
                self.say(self.app.tr("table.refused_win", why=self.reason(why)))
        if human_seat is not None and human_seat in pending:
            d = pending[human_seat]
            if self.prompt_for is not d:
                self._offer(d)
            # computer seats answer a claim at once (nothing shows until everyone has answered)
            for s in ai_turn:
                if pending[s].kind in ("claim", "rob") and self.thinking is None:
                    self._ai_act(s, pending[s])
            return
        if not ai_turn:
            return
        claims_only = all(pending[s].kind in ("claim", "rob") for s in ai_turn)
        self.think += dt
        if not claims_only and self.think < self._ai_delay():
            return
        self.think = 0.0
        for s in sorted(ai_turn):
            if s in t.pending() and not self.ended and self.thinking is None:
                self._ai_act(s, t.pending()[s])
        self._sync_source()

    def _ai_act(self, seat: int, d: Decision) -> None:
        """A computer seat decides: in a worker thread (`ai_thread`, see `_Thinking`), or here."""
        assert self.table is not None
        player = self.seats[self.table.players[seat]]
        if self.ai_thread and not self.replay:
            # the worker reads a private copy of the table: the engine stays single-threaded
            # (only this thread submits) and the human may act while the computer thinks
            mine = self.table.copy().pending()[seat]
            self.thinking = _Thinking(seat, d, player, mine)
            return
        try:
            action = player.act(d)
        except EndOfRecord:
            self.ended = True
            self.say(self.app.tr("replay.ended"), seconds=3600)
            return
        self._submit(seat, action)
        self._sync_source()

    def _collect(self) -> bool:
        """Submit a finished worker's answer (if its decision is still open); False while it
        is still thinking."""
        job = self.thinking
        if job is None:
            return True
        if not job.done.is_set():
            return False
        self.thinking = None
        if isinstance(job.error, EndOfRecord):
            self.ended = True
            self.say(self.app.tr("replay.ended"), seconds=3600)
            return True
        if job.error is not None:
            raise job.error
        t = self.table
        if t is not None and not t.is_over and t.pending().get(job.seat) is job.decision:
            self._submit(job.seat, job.action)  # type: ignore[arg-type]
            self._sync_source()
        return True

    # --- the human's decisions -----------------------------------------------------------------
    def _offer(self, d: Decision) -> None:
        """Build the controls for a decision of the human seat."""
        self.prompt_for = d
        tr = self.app.tr
        countdown = float(self.app.settings.claim_countdown)
        if d.kind in ("claim", "rob"):
            assert self.table is not None
            last = d.observation.last_discard  # (seat, kind) of the tile on offer
            self.offered = last
            refused = self.table.refused.get(d.seat, {})
            choices = []
            win_reason = d.notes.get(WIN) or refused.get(WIN, "")
            if WIN in d.legal or win_reason:
                choices.append(Choice("win", tr("action.ssoa"), KEY_WIN, WIN in d.legal, self.reason(win_reason)))
            if any(isinstance(a, Pung) for a in d.legal):
                choices.append(Choice("pung", tr("action.pung"), KEY_PUNG))
            if any(isinstance(a, Kong) for a in d.legal):
                choices.append(Choice("kong", tr("action.kong"), KEY_KONG))
            choices.append(Choice("pass", tr("action.pass"), KEY_PASS))
            self.prompt = Prompt(choices, countdown=countdown, default="pass")
            if WIN in d.legal:
                self.prompt.focus = 0
            who = self.seat_label(last[0]) if last else ""
            tile = self.tile_name(last[1]) if last else ""
            key = "table.rob_prompt" if d.kind == "rob" else "table.claim_prompt"
            self.prompt_title = tr(key, name=who, tile=tile)
        else:
            n = len(self.director.shown_ids(d.seat))
            self.cursor.reset(n, at_drawn=True)
            self._turn_prompt()
        self.app.sound.play("tick" if d.kind in ("claim", "rob") else "click")

    def _selected_kind(self) -> int | None:
        d = self.prompt_for
        if d is None:
            return None
        ids = self.director.shown_ids(d.seat)
        i = self.cursor.index
        if i is None or not 0 <= i < len(ids):
            return None
        return ids[i] >> 2 if ids[i] < 100 else None

    #: action keys and what they would do, for saying why one is not possible now
    _ACTION_KEYS: ClassVar[dict[int, str]] = {KEY_WIN: "win", KEY_PUNG: "pung", KEY_KONG: "kong", KEY_NINE: "nine"}

    def _explain_key(self, key: int, *, claim: bool) -> bool:
        """W, P, K or N pressed when that action is not offered: say why, briefly (as U does).
        A disabled choice with that key says its own reason (the engine's). True if handled."""
        what = self._ACTION_KEYS.get(key)
        if what is None or self.prompt is None:
            return False
        mine = [c for c in self.prompt.choices if c.shortcut == key]
        if any(c.enabled for c in mine):
            return False  # the prompt takes it
        reason = next((c.reason for c in mine if c.reason), "")
        self.say(reason or self.app.tr(f"table.cannot.{what}" + (".claim" if claim else "")))
        return True

    def _turn_prompt(self) -> None:
        d = self.prompt_for
        assert d is not None
        tr = self.app.tr
        choices: list[Choice] = []
        if WIN in d.legal or WIN in d.notes:
            choices.append(Choice("win", tr("action.ola"), KEY_WIN, WIN in d.legal,
                                  self.reason(d.notes.get(WIN, ""))))
        for a in d.legal:
            if isinstance(a, (ConcealedKong, AddedKong)):
                choices.append(Choice(f"kong:{type(a).__name__}:{a.tile}",
                                      f"{tr('action.kong')} {self.tile_name(a.tile)}", KEY_KONG))
        if NINE_MAJOR in d.legal:
            choices.append(Choice("nine_major", tr("action.nine_major"), KEY_NINE))
        k = self._selected_kind()
        uper = Discard(k, uper=True) if k is not None else None
        if d.kind == "turn":  # after a pung the hand is open: no uper
            legal = uper is not None and uper in d.legal
            reason = ""
            if not legal:
                reason = self.reason(d.notes.get(uper, "")) if uper is not None else ""
                if not reason:
                    able = sorted(a.tile for a in d.legal if isinstance(a, Discard) and a.uper)
                    reason = (tr("table.uper_with", tiles=" ".join(self.tile_name(x) for x in able)) if able
                              else tr("table.uper_not_offered"))
            choices.append(Choice("uper", tr("action.uper"), KEY_UPER, legal, reason))
        hover = self.prompt.hover if self.prompt is not None else None
        self.prompt = Prompt(choices) if choices else None
        if self.prompt is not None:
            self.prompt.hover = hover
            self.prompt.focus = 0
        self.prompt_title = tr("table.your_turn")

    def _choose(self, choice: str) -> None:
        d = self.prompt_for
        if d is None:
            return
        action: Action | None = None
        if choice == "win":
            action = WIN
        elif choice == "pass":
            action = PASS
        elif choice == "pung":
            action = next(a for a in d.legal if isinstance(a, Pung))
        elif choice == "kong":
            action = next(a for a in d.legal if isinstance(a, Kong))
        elif choice.startswith("kong:"):
            _, cls, tile = choice.split(":")
            action = ConcealedKong(int(tile)) if cls == "ConcealedKong" else AddedKong(int(tile))
        elif choice == "nine_major":
            action = NINE_MAJOR
        elif choice == "uper":
            k = self._selected_kind()
            if k is not None:
                action = Discard(k, uper=True)
        if action is not None:
            self.act(action)

    def tile_name(self, kind: int) -> str:
        """A tile in the player's language: ``9p`` or ``9통``."""
        return tile_str(kind) if self.app.lang == "en" else tile_ko(tile_str(kind))

    def reason(self, text: str) -> str:
        """An engine/AI reason in the player's language (`game.ui.reasons`)."""
        return translate(text, self.app.lang)

    def act(self, action: Action) -> bool:
        """Submit the human's action; an illegal one shows the engine's reason instead."""
        d = self.prompt_for
        if d is None or self.table is None:
            return False
        try:
            self._submit(d.seat, action)
        except IllegalActionError as e:
            self.say(self.reason(e.reason) if hasattr(e, "reason") else str(e))
            if self.prompt is not None:
                self.prompt.result = None
            return False
        self.prompt_for = None
        self.prompt = None
        self.cursor.index = None
        self._sync_source()
        return True

    def discard_at(self, index: int) -> bool:
        d = self.prompt_for
        if d is None or d.kind not in ("turn", "discard"):
            return False
        ids = self.director.shown_ids(d.seat)
        if not 0 <= index < len(ids):
            return False
        return self.act(Discard(ids[index] >> 2))

    def say(self, text: str, seconds: float = 4.0) -> None:
        self.message = text
        self.message_left = seconds

    # --- geometry ----------------------------------------------------------------------------------
    def button_rects(self) -> list[pygame.Rect]:
        if self.prompt is None:
            return []
        return [pygame.Rect(r.as_tuple()) for r in self.app.layout.button_rects(len(self.prompt.choices))]

    def tile_rects(self) -> list[pygame.Rect]:
        """The human's tiles on screen (hand order, then the drawn tile)."""
        d = self.prompt_for
        if d is None:
            return []
        return [pygame.Rect(s.rect.as_tuple()) for s in self.director.hand_rects(d.seat)]

    # --- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not (
                self.prompt is not None and self.prompt_for is not None
                and self.prompt_for.kind in ("claim", "rob")):
            self.leave()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_h):
            self.help = not self.help
            return
        if self.replay and event.type == pygame.KEYDOWN and self._replay_key(event.key):
            return
        if event.type == pygame.KEYDOWN and event.key == KEY_HINTS and not self.replay:
            self.toggle_hints()
            return
        if self.show_hints and self.hints_panel is not None and self.hints_panel.handle_event(event):
            return
        if self.director.timeline.busy and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.director.skip()
            return
        d = self.prompt_for
        if d is None:
            return
        rects = self.button_rects()
        if d.kind in ("claim", "rob"):
            if event.type == pygame.KEYDOWN and self._explain_key(event.key, claim=True):
                return
            if self.prompt is not None and self.prompt.handle_event(event, rects):
                self._choose(self.prompt.result or "pass")
            return
        # a turn: prompt shortcuts and buttons first, then the hand
        if self.prompt is not None:
            if event.type == pygame.KEYDOWN:
                for i, c in enumerate(self.prompt.choices):
                    if c.shortcut == event.key:
                        if self.prompt.choose(i):
                            self._choose(c.action)
                        else:
                            self.say(c.reason or self.app.tr("table.cannot.generic"))
                        return
                if self._explain_key(event.key, claim=False):
                    return
            elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                hit = HandCursor.at(event.pos, rects)
                if hit is not None or event.type == pygame.MOUSEMOTION:
                    if self.prompt.handle_event(event, rects):
                        self._choose(self.prompt.result or "")
                        return
                    if hit is not None:
                        return
        n = len(self.tile_rects())
        if event.type == pygame.KEYDOWN:
            mods = pygame.key.get_mods() | getattr(event, "mod", 0)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and mods & pygame.KMOD_SHIFT:
                self._move_tile(-1 if event.key == pygame.K_LEFT else 1)
                return
            if event.key == KEY_SORT:
                self.director.model.sort[d.seat] = True
                return
            res = self.cursor.key(event.key, n)
        else:
            movable = len(self.director.model.hands[d.seat])  # the drawn tile stays apart
            res = (self.cursor.mouse(event, self.tile_rects(), movable)
                   if hasattr(event, "pos") else None)
        if res is None:
            return
        what, index = res
        if what == "move":
            i, j = index
            self.cursor.index = self.director.model.move_to(d.seat, i, j)
            self._turn_prompt()
        elif what == "drag":
            return
        elif what == "discard":
            self.discard_at(index)
        else:
            self._turn_prompt()

    # --- hints (the practice helper's panel) -------------------------------------------------------
    def toggle_hints(self) -> bool:
        """Show or hide the hints for the human's decisions (needs `game.ui.hints_panel`)."""
        if self.hints_panel is None:
            try:
                from ..hints_panel import HintsPanel
            except ImportError:
                self.say(self.app.tr("table.no_hints"))
                return False
            self.hints_panel = HintsPanel(self.app.fonts, self.app.art, lambda: self.app.lang,
                                          scroll_keys=True)
        self.show_hints = not self.show_hints
        self.hints_for = None
        return self.show_hints

    def _update_hints(self) -> None:
        d = self.prompt_for
        if not self.show_hints or self.hints_panel is None or d is self.hints_for:
            return
        self.hints_for = d
        if d is None or self.table is None:
            self.hints_panel.set_hints(None)
            return
        try:
            from game.practice.hints import hints

            self.hints_panel.set_hints(hints(d, self.table.events, rules=self.rules))
        except Exception as e:  # noqa: BLE001 - a hint must never stop the game
            self.hints_panel.set_hints(None)
            self.say(f"hints: {e}")

    def hints_rect(self) -> pygame.Rect:
        """The hints panel's place: `Layout.hints_area` for the buttons shown now (the info column
        widened over the free felt, above the prompt and its buttons)."""
        lay = self.app.layout
        return pygame.Rect(lay.hints_area(len(self.button_rects())).as_tuple())

    def _replay_key(self, key: int) -> bool:
        """P pauses, + and - change the speed (the replay viewer)."""
        if key == pygame.K_p:
            self.paused = not self.paused
            self.say(self.app.tr("replay.paused") if self.paused else "", seconds=3600 if self.paused else 0)
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            up = key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            f = self.director.speed
            f = min(8.0, f * 2) if up else max(0.25, f / 2)
            if math.isfinite(f):
                self.director.speed = f
                self.say(self.app.tr("replay.speed", x=f"{f:g}"), seconds=1.5)
            return True
        return False

    def _move_tile(self, step: int) -> None:
        d = self.prompt_for
        i = self.cursor.index
        if d is None or i is None:
            return
        m = self.director.model
        if i >= len(m.hands[d.seat]):
            return  # the drawn tile stays apart
        self.cursor.index = m.move_in_hand(d.seat, i, step)

    def leave(self) -> None:
        """Back to the title; a human game can be continued later from its record."""
        self._close_writer()
        if self.replay:
            self._close_replay()
            return
        if self.autoplay:
            self.app.quit()
            return
        self._back_to_title()

    def _close_replay(self) -> None:
        while self in self.app.scenes:
            self.app.scenes.pop().on_exit()
        if not self.app.scenes:
            self.app.running = False

    def _back_to_title(self) -> None:
        """Close the table (and anything over it) and show the title, its entries brought up to
        date (continue depends on the saved game)."""
        from .title import ENTRIES, TitleScene

        while self in self.app.scenes:
            self.app.scenes.pop().on_exit()
        top = self.app.top
        if isinstance(top, TitleScene):
            top.enabled = {e: top._available(e) for e in ENTRIES}
            if not top.enabled[ENTRIES[top.focus]]:
                top.focus = 0
        else:
            self.app.push(TitleScene(self.app))

    def _close_writer(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self._release_source()

    def _check_recording(self) -> None:
        """Say once when the record cannot be written (a full disk): play goes on."""
        if self.recording_said:
            return
        why = (self.writer.failed if self.writer is not None else "") or self.record_note
        if why:
            self.recording_said = True
            code = self.writer.failed_errno if self.writer is not None else None
            if code == errno.ENOSPC:
                why = self.app.tr("settings.save_error.disk_full")
            self.say(self.app.tr("table.recording_stopped", why=why), 8.0)

    # --- frames ------------------------------------------------------------------------------------
    def _key_moment(self, name: str) -> bool:
        if self.app.screenshots is None:
            return False
        self.shot_pending = name
        return True

    def update(self, dt: float) -> None:
        if self.shot_pending is not None:  # the last frame drew the key moment
            self.app.save_screenshot(self.shot_pending)
            self.shot_pending = None
            self.director.hold = False
        self.elapsed += dt
        if self.message_left > 0:
            self.message_left = max(0.0, self.message_left - dt)
            if self.message_left == 0:
                self.message = ""
        if self.prompt is not None and self.prompt_for is not None and self.prompt_for.kind in ("claim", "rob"):
            if self.prompt.update(dt):
                self.app.sound.play("tick")
            if self.prompt.result is not None:
                self._choose(self.prompt.result)
        self._sync_source()
        self._check_recording()
        self.director.update(dt)
        self._update_hints()
        for _ in range(200):  # instant speed: a whole hand may pass in one frame
            before = (self.director.index, len(self.director.source))
            self._drive(dt)
            self._sync_source()
            self.director.update(0.0)
            if (self.director.index, len(self.director.source)) == before or self.shot_pending:
                break

    def _hand_animated(self) -> None:
        """The director has shown the hand's end: the result screen."""
        t = self.table
        if t is None or t.result is None:
            return
        self._feed()
        result = t.result
        table = t
        self.session.finish_hand()
        from .results import HandResultScene

        self.app.push(HandResultScene(self.app, self, table, result))

    def next_hand(self) -> None:
        """The result screen was closed: deal the next hand, or show the session's results."""
        if self.session.is_over:
            if not self.session.finished:
                self.session.end()
            self._close_writer()
            self.finished = True
            from .results import SessionResultScene

            self.app.push(SessionResultScene(self.app, self))
            return
        self.start_hand()

    def session_closed(self) -> None:
        """The session results were closed."""
        if self.exit_at_end:
            self.app.quit()
            return
        if self.replay:
            self._close_replay()
            return
        if self.autoplay:  # a demo goes on with a new session
            self.app.replace(TableScene(self.app, self.player_names, seed=self.seed + 1,
                                        hands=self.session.hand_limit, rules=self.rules))
            return
        self._back_to_title()

    def on_enter(self) -> None:
        if self.resuming:
            self.resuming = False
            self.director.catch_up()
            self.director.hold = False

    def on_resize(self, layout: Layout) -> None:
        self.director.relayout(layout)

    def on_exit(self) -> None:
        self._close_writer()
        self.close_seats()

    def close_seats(self) -> None:
        """Close every computer seat that can be closed (a ``cmd:`` seat's external program
        ends); called when the scene leaves the stack, also when the app closes. Idempotent."""
        if self.seats_closed:
            return
        self.seats_closed = True
        job = self.thinking
        if job is not None:
            job.done.wait(0.5)  # let a worker finish its answer; a slow program is closed anyway
            self.thinking = None
        for seat in self.seats:
            close = getattr(seat, "close", None)
            if callable(close):
                try:
                    close()
                except Exception:  # noqa: BLE001 - leaving the table never fails on a seat
                    pass

    # --- drawing -----------------------------------------------------------------------------------
    def info(self) -> InfoView:
        m = self.director.model
        human = self.human
        by_screen = [0] * 4
        for seat in range(4):
            by_screen[screen_seat(seat, human)] = seat
        players = m.players
        secs = int(self.elapsed)
        return InfoView(
            wall_count=len(m.wall) if m.wall_tiles else 0,
            hand_no=m.hand_no,
            dealer=screen_seat(0, human),
            winds=tuple(by_screen),  # type: ignore[arg-type]
            names=tuple(self.player_label(players[s]) for s in by_screen),  # type: ignore[arg-type]
            scores=tuple(m.scores[s] for s in by_screen),  # type: ignore[arg-type]
            clock=f"{secs // 60:d}:{secs % 60:02d}",
            lang=self.app.lang,
        )

    def draw(self, surface: pygame.Surface) -> None:
        lay, art, fonts = self.app.layout, self.app.art, self.app.fonts
        d = self.director
        m = d.model
        selected = self.cursor.index if self.prompt_for is not None and self.prompt_for.kind in (
            "turn", "discard") else None
        view = d.view(selected)
        dragged = self.cursor.drag if selected is not None else None
        if dragged is not None:  # the dragged tile leaves its slot and follows the mouse
            sv = view.seats[0]
            sv.hidden = sv.hidden | {dragged}
            sv.selected = None
        draw_board(surface, lay, art, view)
        if dragged is not None:
            self._draw_dragged(surface, lay, dragged)
        self._draw_marks(surface, lay)
        if m.hand_no:
            draw_info(surface, lay, art, fonts, self.info())
        d.sprites.draw(surface, art)
        if m.seat_pick is not None:
            self._draw_seat_pick(surface, lay)
        self._draw_banner(surface, lay)
        self._draw_controls(surface, lay)
        if self.show_hints and self.hints_panel is not None:
            rect = self.hints_rect()
            pygame.draw.rect(surface, FELT, rect.inflate(4, 4))  # the panel covers the info beneath
            self.hints_panel.draw(surface, rect, lay.hints_text_px)
        if self.help:
            self._draw_help(surface)

    def _draw_dragged(self, surface: pygame.Surface, lay: Layout, index: int) -> None:
        """The tile held by the mouse, lifted, and a gold bar where it would land."""
        d = self.prompt_for
        rects = self.tile_rects()
        if d is None or not 0 <= index < len(rects):
            return
        ids = self.director.shown_ids(d.seat)
        r = rects[index]
        movable = rects[:len(self.director.model.hands[d.seat])]
        to = self.cursor.drop_index(self.cursor.drag_pos[0], movable)
        t = movable[to] if movable else r
        bx = t.x - 3 if to <= index else t.right + 1
        pygame.draw.rect(surface, GOLD, pygame.Rect(bx, t.y, 3, t.h), border_radius=1)
        img = self.app.art.tile(kind_of_tile(ids[index]), r.w, 0, True)
        x = self.cursor.drag_pos[0] - r.w // 2
        surface.blit(img, (x, r.y - lay.lift * 2))

    def _draw_marks(self, surface: pygame.Surface, lay: Layout) -> None:
        m = self.director.model
        if m.counted_stack is not None:
            owner, stack = divmod(m.counted_stack, 13)
            sc = screen_seat(owner, self.human)
            dx, dy = lay.wall_break_shift(sc, stack, self.director.wall_break())
            r = lay.wall_stacks(sc)[stack].grow(3, 3 + lay.tier_offset, 3, 3)
            r = type(r)(r.x + dx, r.y + dy, r.w, r.h)
            pulse = 0.5 + 0.5 * math.sin(self.elapsed * 8)
            colour = (236, round(150 + 60 * pulse), 60)
            pygame.draw.rect(surface, colour, pygame.Rect(r.as_tuple()), width=3, border_radius=4)
        if m.last_discard is not None:
            seat, tile = m.last_discard
            river = m.river[seat]
            if river and river[-1][0] == tile:
                slot = lay.river_slots(screen_seat(seat, self.human), [s for _, s in river])[-1]
                claim = self.prompt_for is not None and self.prompt_for.kind in ("claim", "rob")
                colour = GOLD if claim else (180, 200, 190)
                pygame.draw.rect(surface, colour, pygame.Rect(slot.rect.as_tuple()).inflate(4, 4),
                                 width=2 if claim else 1, border_radius=3)
        if m.turn is not None and m.wall_tiles and not m.dealing:
            # a small gold bar beside the row of the seat to play
            sc = screen_seat(m.turn, self.human)
            r = lay.row_region(sc)
            bar = {0: (r.x, r.bottom + 1, min(r.w, lay.hand_tile * 3), 3),
                   2: (r.right - min(r.w, lay.opp_tile * 3), r.y - 4, min(r.w, lay.opp_tile * 3), 3),
                   1: (r.x - 5, r.bottom - min(r.h, lay.opp_tile * 3), 3, min(r.h, lay.opp_tile * 3)),
                   3: (r.right + 2, r.y, 3, min(r.h, lay.opp_tile * 3))}[sc]
            box = pygame.Rect(*(round(v) for v in bar)).clip(surface.get_rect())
            pygame.draw.rect(surface, GOLD, box, border_radius=2)

    def _draw_banner(self, surface: pygame.Surface, lay: Layout) -> None:
        d = self.director
        if d.banner is None:
            return
        text, colour = d.banner
        size = max(22, round(lay.tile * 0.9))
        surf = self.app.fonts.fit(text, size, lay.clear_square.w * 0.95, colour, bold=True)
        cx, cy = lay.centre
        box = surf.get_rect(center=(round(cx), round(cy - lay.wall_inner_half * 0.55))).inflate(28, 14)
        draw_panel(surface, box, alpha=215, radius=10)
        surface.blit(surf, surf.get_rect(center=box.center))

    def _draw_seat_pick(self, surface: pygame.Surface, lay: Layout) -> None:
        """The seat selection: each player's dice rolls (or wind tile) and the seat it gives."""
        e = self.director.model.seat_pick
        assert e is not None
        fonts, art, tr = self.app.fonts, self.app.art, self.app.tr
        cx, cy = lay.centre
        w = round(lay.wall_inner_half * 2 * 0.95)
        line = max(30, round(lay.tile * 1.25))
        box = pygame.Rect(0, 0, w, line * 6)
        box.center = (round(cx), round(cy))
        draw_panel(surface, box, alpha=235)
        size = max(16, round(line * 0.45))
        title = tr("table.seats_by_dice") if e.method == "dice" else tr("table.seats_by_winds")
        surface.blit(fonts.fit(title, size, w - 20, GOLD, bold=True), (box.x + 14, box.y + 10))
        ds = max(16, round(line * 0.6))
        for p in range(4):
            y = box.y + round(line * (1.2 + p * 1.15))
            surface.blit(fonts.fit(self.player_label(p), size, w * 0.45, WHITE), (box.x + 14, y + 4))
            x = box.x + round(w * 0.5)
            if e.method == "dice":  # each throw's total beside a die (ties threw again)
                icon = art.die(6 if p % 2 else 5, max(14, round(ds * 0.7)))
                for total in e.rolls[p]:
                    surface.blit(icon, icon.get_rect(midleft=(x, y + ds // 2)))
                    x += icon.get_width() + 4
                    t = fonts.text(str(total), size, GOLD, bold=True)
                    surface.blit(t, (x, y + 4))
                    x += t.get_width() + 12
            else:
                surface.blit(art.tile(18 + e.seats[p], ds), (x, y))
                x += ds + 10
            wind = SEAT_WIND_NAMES[self.app.lang][e.seats[p]]
            t = fonts.text(f"→ {wind}", size, WHITE)
            surface.blit(t, t.get_rect(topright=(box.right - 14, y + 4)))

    def _draw_controls(self, surface: pygame.Surface, lay: Layout) -> None:
        fonts = self.app.fonts
        b = lay.buttons
        size = max(14, round(lay.line_h * 0.6))
        y = round(b.y + 4)
        d = self.prompt_for
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.message:
            lines.append((self.message, (240, 150, 130)))
        if d is not None:
            if d.kind in ("turn", "discard"):
                lines.append((self.app.tr("table.discard_hint"), DIM))
        elif self.replay:
            lines.append((self.app.tr("replay.hint"), DIM))
        elif self.autoplay:
            lines.append((self.app.tr("table.spectating"), DIM))
        from .notice import wrap

        for text, colour in lines:
            for ln in wrap(fonts, text, size, b.w - 8)[:4]:
                surface.blit(fonts.text(ln, size, colour), (round(b.x + 4), y))
                y += round(size * 1.3)
        if self.prompt is not None and d is not None:
            rects = self.button_rects()
            last = self.offered
            if d.kind in ("claim", "rob") and last is not None and rects:
                tw = max(24, round(lay.hand_tile * 0.8))
                img = self.app.art.tile(last[1], tw)
                title_h = round(max(14, lay.line_h * 0.62) * 1.6)
                spot = img.get_rect(bottomright=(rects[0].right, rects[0].y - title_h))
                if spot.y > y:
                    surface.blit(img, spot)
            self.prompt.draw(surface, fonts, rects, max(14, round(lay.line_h * 0.62)), self.prompt_title)

    def _draw_help(self, surface: pygame.Surface) -> None:
        from .notice import wrap

        w, h = surface.get_size()
        box = pygame.Rect(0, 0, round(w * 0.6), round(h * 0.6))
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, alpha=240)
        size = max(15, round(h * 0.024))
        y = box.y + 16
        for para in self.app.tr("table.help").split("\n"):
            for ln in wrap(self.app.fonts, para, size, box.w - 32):
                surface.blit(self.app.fonts.text(ln, size, WHITE), (box.x + 16, y))
                y += round(size * 1.35)


def make_scene(app: App, *, autoplay: bool = False, seats: str | None = None, seed: int | None = None,
               hands: int | None = None, resume: bool = False, players: list[str] | None = None,
               **options: Any) -> Scene:
    """The entry point the title screen and ``korean-mahjong play`` use."""
    if resume:
        from .notice import NoticeScene

        try:
            claim = claim_unfinished()
        except ContinueError as e:
            return NoticeScene(app, app.tr("menu.continue"), [app.tr(str(e))])
        except OSError as e:
            return NoticeScene(app, app.tr("menu.continue"),
                               [app.tr("table.cannot_continue", why=str(e.strerror or e))])
        if claim is None:
            rec_mod = _records()
            live = rec_mod is not None and rec_mod.find_unfinished(live=True) is not None
            return NoticeScene(app, app.tr("menu.continue"),
                               [app.tr("table.continue_live" if live else "table.nothing_to_continue")])
        try:
            return TableScene(app, [], resume=claim)
        except Exception as e:  # noqa: BLE001 - a damaged record or seat: the title stays usable
            claim.lock.release()  # TableScene.abandon removed its own new record already
            return NoticeScene(app, app.tr("menu.continue"), [app.tr("table.cannot_continue", why=str(e))])
    if autoplay or seats or players:
        names = players or parse_seats(seats)
        if autoplay and HUMAN in names:
            raise ValueError("--autoplay: every seat must be a computer player (no 'human')")
        return TableScene(app, names, seed=seed, hands=hands, exit_at_end=hands is not None, **options)
    from .newgame import NewGameScene

    return NewGameScene(app)
