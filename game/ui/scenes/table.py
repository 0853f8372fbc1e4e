"""The table: a session played on screen, the engine's events animated by the `Director`.

    app.push("table", players=["human", "ai:standard", "greedy", "random"], seed=7)
    make_scene(app)                                   # the new-game screen
    make_scene(app, resume=True)                      # continue the last unfinished session
    make_scene(app, autoplay=True, seats="ai,ai,ai,ai", seed=7, hands=2)   # spectator mode

The scene owns a `TableDriver` (`game.ui.table.driver`: the session, the computer seats, the
record). The director listens to the driver's referee (`TableDriver.listen`): it hears every
event once, as it happens, and each frame plays what it heard; only when it has caught up does
the scene ask the driver for the next decision: a computer seat answers after
the thinking delay, the human answers with the mouse or the keyboard (`game.ui.table.input`,
keys listed there). The picture is `game.ui.table.view`. Legal actions, and the reasons for
refused ones, always come from the engine's `Decision`. The results, the title and the notices
are other screens, opened by name.
"""

from __future__ import annotations

import dataclasses
import errno
import math
import secrets
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from ai.registry import AI_DEFAULT, HUMAN, canonical, parse_seats
from ai.wall_secret import keyed_seed, new_secret, untrusted
from game.engine.actions import WIN, Action
from game.engine.kinds import OFFERS
from game.engine.messages import Message
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.engine.table import Decision, Table
from game.i18n import register_texts, seat_name

from ..board import InfoView
from ..controls import HandCursor, Prompt
from ..director import Director
from ..i18n import has
from ..layout import Layout
from ..rehearsal import draw_ahead
from ..result_ahead import result_ahead
from ..result_fonts import prepare_fonts
from ..scene import Scene
from ..screens import Screen
from ..table.assists import draw_assists
from ..table.danger_overlay import TableCoach, follow_scene
from ..table.driver import TableDriver
from ..table.input import KEY_HINTS, TableInput
from ..table.pace import TablePace
from ..table.resume import (
    REPLACEMENT,
    ContinueError,
    Resume,
    claim_record,
    claim_unfinished,
    has_saved_session,
    live_unfinished,
    resume_from_record,
)
from ..table.view import TableView

if TYPE_CHECKING:
    from game.ui.app import App

#: a claim's countdown ticks in its last seconds only (the whole countdown ticking grates)
LAST_TICKS = 3.0

T = TypeVar("T")


class _Of(Generic[T]):
    """A name on the scene that is one of its parts' own (``scene.prompt_for`` is
    ``scene.input.prompt_for``), read and set through the scene: the other screens, the tools
    and the tests name it there. The part keeps the state; the scene keeps no copy."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _Of[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.name)

    def __set__(self, obj: object, value: T) -> None:
        setattr(getattr(obj, self.part), self.name, value)

__all__ = ["KEY_HINTS", "TableScene", "continue_game", "has_saved_session", "make_scene",
           "parse_seats", "resume_from_record"]


class TableScene(Scene):
    """The table screen: the driver plays, the director animates; the parts it owns keep their
    own state (`input`: the keys, the mouse and the prompts; `pace`: each hand's opening;
    `view`: the picture); this class paces the game and opens the other screens."""

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
            human = replay.header.get("human")
            self.recorded_human = human if isinstance(human, int) and 0 <= human < 4 else None
            record = False
        source = replay or resume
        if source is not None:
            h = source.header
            # a replay's seats play the record's actions back (names are labels); a continued
            # game's program seats start only if the player said so (`Resume.seat_names`)
            players = resume.seat_names() if resume is not None else [str(p) for p in h["players"]]
            seed = int(h["seed"])
            hands = h.get("hands")
            rules = RuleSet.from_dict(h["rules"])
            seat_selection = h.get("seat_selection", "dice")
        self.player_names = [canonical(p) for p in players]
        if len(self.player_names) != 4:
            raise ValueError(f"a table needs four players, got {len(self.player_names)}")
        self.human_player: int | None = (self.player_names.index(HUMAN) if HUMAN in self.player_names else None)
        if self.replay:
            self.human_player = None
        self.autoplay = self.human_player is None
        # a seed nobody can guess (a clock-based one could be searched for by a seat program)
        self.seed = seed if seed is not None else secrets.randbelow(1_000_000_007)
        #: the seed asked for, when a program the game does not trust (``python:``, ``cmd:``)
        #: sits at a new table: the walls are then dealt from a keyed hash of it under a secret
        #: of this run (`ai.wall_secret`), so neither a seed on the command line (``play --seed``,
        #: readable by any process) nor anything else a program can see deals them. The record
        #: keeps the seed the walls were dealt from (Continue needs it) in a file only its owner
        #: may read (docs/seat-protocol.md: run a program as another user)
        self.seed_asked: int | None = None
        if source is None and untrusted(self.player_names):
            self.seed_asked = self.seed
            self.seed = keyed_seed(self.seed, new_secret())
        self.rules = rules or app.settings.rules
        #: seconds played at this table; Continue goes on from the record's clock
        self.elapsed = resume.played if resume is not None else 0.0
        session = Session(self.rules, self.seed, players=tuple(self.player_names),
                          seat_selection=seat_selection, hands=hands, played=self.elapsed)
        #: computer seats decide in a worker thread (off the frame); not at the tests' instant
        #: speed, where nothing is drawn between decisions anyway
        self.driver = TableDriver(
            session, self.player_names, seed=self.seed, human=self.human_player,
            record=not self.autoplay if record is None else record, continues=resume,
            replay=replay, threaded=self.AI_THREAD and not math.isinf(self.speed_factor),
            on_end=lambda: self.say(self.app.tr("replay.ended"), seconds=3600),
            clock=lambda: self.elapsed, budget_ms=app.settings.master_budget_ms)
        self.paused = False
        self.show_hints = False  # the practice hints panel (I), off by default
        self.hints_panel: Any = None
        self.hints_for: Decision | None = None
        self.exit_at_end = exit_at_end
        self.recording_said = False
        self.think = 0.0  # seconds a computer seat has been "thinking"
        #: the parts, each with its own state: the keys, mouse and prompts; the opening's
        #: pace; the picture
        self.input = TableInput(self)
        self.pace = TablePace(self)
        self.view = TableView(self)
        self.table_coach = TableCoach(app)  # the danger assist and the live coach (issue 32)
        self.message = ""
        self.message_left = 0.0
        self.help = False
        self.shot_pending: str | None = None
        self.finished = False
        self.result_drawn: Table | None = None  # the hand whose result screen was drawn ahead
        self.resuming = False
        self.refusal_seen: Any = None  # the engine's refusals last explained (sacred discard...)
        self.director = self._new_director()
        if resume is not None:
            try:
                self._rebuild(resume)
            except BaseException:
                self.abandon()  # a failed Continue leaves nothing behind
                raise
            replaced = len(resume.external()) if not resume.trusted else 0
            if replaced:  # the player is told who plays the program's seat now
                self.say(self.app.tr("table.program_replaced", n=replaced,
                                     ai=self.app.tr(f"short.{REPLACEMENT}")), 12.0)
        else:
            self.driver.listen(self.director)  # the seat selection, then each hand
            self.start_hand()

    # --- the parts' names, as the tools, the other screens and the tests read them on the scene ---
    cursor = _Of[HandCursor]("input")
    time_bank = _Of[float]("input")
    prompt = _Of[Prompt | None]("input")
    prompt_for = _Of[Decision | None]("input")
    prompt_title = _Of[str]("input")
    offered = _Of[tuple[int, int] | None]("input")
    uper_armed = _Of[int | None]("input")
    coach = _Of[tuple[str, ...]]("input")
    coach_river = _Of[tuple[int, ...]]("input")
    coach_river_until = _Of[float]("input")
    coach_note = _Of[str]("input")
    intro_end = _Of[int | None]("pace")
    intro_short = _Of[bool]("pace")

    @property
    def in_intro(self) -> bool:
        return self.pace.in_intro

    def skip(self) -> None:
        self.pace.skip()

    def handle_event(self, event: Any) -> None:
        self.input.handle_event(event)

    def act(self, action: Action) -> bool:
        return self.input.act(action)

    def discard_at(self, index: int) -> bool:
        return self.input.discard_at(index)

    def button_rects(self) -> list[Any]:
        return self.input.button_rects()

    def tile_rects(self) -> list[Any]:
        return self.input.tile_rects()

    def assist_rects(self) -> list[Any]:
        return self.input.assist_rects()

    def toggle_hints(self) -> bool:
        return self.input.toggle_hints()

    def toggle_assist(self, name: str) -> None:
        self.input.toggle_assist(name)

    def ask_to_leave(self) -> None:
        self.input.ask_to_leave()

    def info(self) -> InfoView:
        return self.view.info()

    def seat_names(self) -> tuple[list[str], list[str]]:
        return self.view.seat_names()

    def hints_rect(self) -> Any:
        return self.view.hints_rect()

    def prompt_head(self) -> tuple[list[str], int]:
        return self.view.prompt_head()

    def coach_words(self) -> tuple[str, ...]:
        return self.view.coach_words()

    def sacred_line(self) -> tuple[str, str, tuple[int, ...]] | None:
        return self.view.sacred_line()

    def selected_tile(self) -> int | None:
        return self.view.selected_tile()

    # --- the driver's state, as the view, the tests and the tools read it ---------------------------
    @property
    def table(self) -> Table | None:
        return self.driver.table

    @property
    def session(self) -> Session:
        return self.driver.session

    @property
    def seats(self) -> list[Any]:
        return self.driver.seats

    @property
    def ai_thread(self) -> bool:
        """Computer seats decide in a worker thread (see `game.ui.table.driver.Thinking`)."""
        return self.driver.threaded

    @ai_thread.setter
    def ai_thread(self, value: bool) -> None:
        self.driver.threaded = value

    def abandon(self) -> None:
        """This table will not be played (its set-up failed): see `TableDriver.abandon`."""
        self.driver.abandon()

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
        """How banners and prompts name an engine seat: "You" for the human, else the name its
        plate shows with its wind, "Jiho (West)" (issue 32: the plates' names everywhere)."""
        if self.human_player is not None and self.table is not None and self.table.players[seat] == self.human_player:
            return self.app.tr("table.you")
        if self.table is None:
            return seat_name(seat, self.app.lang)
        from game.practice.event_words import WHO

        return self.app.reason(WHO(name=self.seat_names()[0][self.table.players[seat]], seat=seat))

    def yak_reach(self) -> list[Any] | None:
        """The yak the player's hand can still reach, for the yak guide (None in a replay, in
        spectator mode or between hands: the guide then shows no hand)."""
        if self.replay or self.autoplay or self.table is None or self.table.is_over:
            return None
        from game.practice.yak_guide import reachable

        return reachable(self.table.observation(self.human))

    def is_you(self, p: int) -> bool:
        """Is player `p` the person at this table (not in a replay)?"""
        return not self.replay and self.player_names[p] == HUMAN

    def player_label(self, p: int) -> str:
        name = self.player_names[p]
        if name == HUMAN or (self.replay and p == self.recorded_human):
            return self.app.tr("table.you") if not self.replay else self.app.tr("replay.player")
        key = f"short.{name}" if has(f"short.{name}") else f"seat.{name}"
        label = self.app.tr(key) if has(key) else name
        return label if not self.autoplay else f"P{p + 1} · {label}"

    def record_path(self) -> Any:
        """The record of this game, for its review (None: not recorded, or not a person's)."""
        w = self.driver.writer
        if w is None or self.replay or self.autoplay:
            return None
        return getattr(w, "path", None)

    def player_name(self, p: int) -> str:
        """A player as the seat plates name them: "You", or a computer player's person name."""
        return self.seat_names()[0][p]

    def tile_name(self, kind: int) -> str:
        """A tile as the player names it: ``9 circles``, ``9통``, or ``9p`` in notation."""
        return self.app.tile_name(kind)

    def reason(self, reason: Message | str | None) -> str:
        """An engine/AI reason (a `Message`, or a seat program's own words) in the player's
        language (`App.reason`)."""
        return self.app.reason(reason)

    def say(self, text: str, seconds: float = 4.0) -> None:
        self.message = text
        self.message_left = seconds

    def start_hand(self) -> None:
        self.say("", 0.0)  # what was said belongs to the hand that ended (a refused win...)
        self.driver.start_hand()  # the director hears the opening (the referee's listener)
        self.director.human = self.human
        self.pace.begin()
        self.input.new_hand()
        self.app.prepare(prepare_fonts(self.app))  # the result screen's fonts, in the spare time

    def _rebuild(self, resume: Resume) -> None:
        """Rebuild the session from its record (Continue), then show the hand in progress at
        once (when the scene enters, see `on_enter`); earlier hands are booked, not shown."""
        self.driver.rebuild(resume)
        self.director.human = self.human
        self.driver.listen(self.director)  # the hand in progress, from its first event
        self.resuming = True

    # --- pacing: when the driver plays ---------------------------------------------------------------
    def _ai_delay(self) -> float:
        f = self.speed_factor
        if math.isinf(f):
            return 0.0
        return self.app.settings.ai_delay_ms / 1000.0 / f

    def _drive(self, dt: float) -> None:
        """Ask for the next decision once the director has caught up."""
        drv = self.driver
        t = drv.table
        if t is None or t.is_over or not self.director.idle or drv.ended or self.paused:
            return
        if not drv.collect():
            return  # a computer seat is thinking (its seat object is busy: no events fed)
        t = drv.table
        if t is None or t.is_over or drv.ended:
            return
        pending = drv.step()  # the seats see the new events; the decisions open now
        self.input.explain_frozen(t)  # a drawn tile the house rule threw for the player: why
        human_seat = self.human if self.human_player is not None else None
        ai_turn = [s for s in pending if s != human_seat]
        if human_seat is not None and self.app.settings.hints and self.refusal_seen is not t.refused:
            self.refusal_seen = t.refused  # a new dict for each discard on offer
            why = t.refused.get(human_seat, {}).get(WIN)
            if why and human_seat not in pending:
                self.input.explain_refused_win(why)  # the coach: at once, its river tile marked
        if human_seat is not None and human_seat in pending:
            d = pending[human_seat]
            if self.input.prompt_for is not d:
                self.input.offer(d)
            # computer seats answer a claim at once (nothing shows until everyone has answered)
            for s in ai_turn:
                if pending[s].kind in OFFERS and not drv.busy:
                    drv.ask(s, pending[s])
            return
        if not ai_turn:
            return
        claims_only = all(pending[s].kind in OFFERS for s in ai_turn)
        self.think += dt
        if not claims_only and self.think < self._ai_delay():
            return
        self.think = 0.0
        for s in sorted(ai_turn):
            now = drv.step()
            if s in now and not drv.ended and not drv.busy:
                drv.ask(s, now[s])

    def _update_hints(self) -> None:
        d = self.input.prompt_for
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

    def _check_recording(self) -> None:
        """Say once when the record cannot be written (a full disk): play goes on."""
        if self.recording_said:
            return
        why, code = self.driver.recording_problem()
        if why:
            self.recording_said = True
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
        ui = self.input
        p = ui.prompt
        if p is not None and ui.prompt_for is not None and ui.prompt_for.kind in OFFERS:
            if p.update(dt) and p.bank_left + (0.0 if p.in_bank else p.left) <= LAST_TICKS:
                self.app.sound.play("tick")  # the countdown's last seconds only
            if p.result is not None:
                ui.choose(p.result)
        self._check_recording()
        self.pace.step()
        self.director.update(dt)
        self._update_hints()
        for _ in range(200):  # instant speed: a whole hand may pass in one frame
            before = (self.director.index, len(self.director.source))
            self._drive(dt)
            self.director.update(0.0)
            if (self.director.index, len(self.director.source)) == before or self.shot_pending:
                break
        follow_scene(self.table_coach, self)  # the live coach: a decision opened, a line ready
        t = self.table
        if t is not None and t.result is not None and self.result_drawn is not t and self.app.top is self:
            self.result_drawn = t  # the hand is over: its result screen drawn in the spare time
            self.app.prepare(result_ahead(self.app, "hand_result", owner=self, table=t, result=t.result))

    # --- the other screens ------------------------------------------------------------------------
    def _hand_animated(self) -> None:
        """The director has shown the hand's end: the result screen, opened at the start of the
        next frame (`App.open_next`), over the table as this frame draws it: its first frame
        keeps that picture instead of drawing the table again."""
        t = self.table
        if t is None or t.result is None:
            return
        result = t.result
        self.driver.finish_hand()
        self.result_drawn = t  # it opens next frame: nothing to draw ahead for it now
        self.app.open_next(self, "hand_result", owner=self, table=t, result=result)

    def next_hand(self) -> None:
        """The result screen was closed: deal the next hand, or show the session's results."""
        if self.session.is_over:
            self.driver.end_session()
            self.finished = True
            self.app.push("session_result", owner=self)
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
            self.app.replace("table", players=self.player_names, seed=self.seed + 1,
                             hands=self.session.hand_limit, rules=self.rules)
            return
        self._back_to_title()

    def leave(self) -> None:
        """Back to the title; a human game can be continued later from its record."""
        self.driver.close_record()
        if self.replay:
            self._close_replay()
            return
        if self.autoplay:
            self.app.quit()
            return
        self._back_to_title()

    def _close_replay(self) -> None:
        self.app.remove(self)
        if not self.app.scenes:
            self.app.running = False

    def _back_to_title(self) -> None:
        """Close the table (and anything over it) and show the title (its entries brought up
        to date when it comes back: continue depends on the saved game)."""
        self.app.remove(self)
        self.app.show("title")

    def on_enter(self) -> None:
        if self.resuming:
            self.resuming = False
            self.director.catch_up()
            self.director.hold = False
            # the banners of the events caught up were shown when they happened: the table
            # says only that the game goes on, at the hand in progress
            self.director.say(self.app.tr("table.continued", n=self.session.hand_no),
                                seconds=2.0).fn()
        if self.app.frames == 0:  # the first screen: no spare time has drawn it ahead
            draw_ahead(self)

    def on_return(self) -> None:
        """Back from the pause menu (and the settings it may have opened): the settings that
        act at the table now apply."""
        self.input.cursor.twice = self.app.settings.click_twice
        self.input.relabel()  # a language chosen in the settings: the open prompt's words now
        if self.pace.intro_end is None and not self.replay:
            self.director.speed = self.speed_factor

    def draw(self, surface: Any) -> None:
        self.view.draw(surface)
        if not self.help and self.input.assist_rects():
            tr = self.app.tr
            draw_assists(surface, self.app.fonts, self.app.layout, self.app.settings,
                         {k: tr(f"assist.short.{k}") for k in ("assist_auto_win", "assist_no_calls",
                                                                "assist_auto_discard")})

    def on_resize(self, layout: Layout) -> None:
        self.director.relayout(layout)

    def on_exit(self) -> None:
        self.driver.close()

    def close_seats(self) -> None:
        """Close every computer seat that can be closed; idempotent (see `TableDriver`)."""
        self.driver.close_seats()


# --- how the title and the command line open a table ---------------------------------------------
register_texts("ui", {
    "table.continue_finished": "This game has ended: there is nothing to continue.",
    "table.program_replaced": ("The saved game's program was not started: a computer player "
                               "({ai}) plays its seat.",
                               "The saved game's {n} programs were not started: computer players "
                               "({ai}) play their seats."),
    "continue.program.title": "Start a program?",
    "continue.program.text": "The saved game had a program at the table. Continuing with it "
                             "runs this on your computer, with your rights:\n{commands}\nStart "
                             "it only if you trust it. Otherwise a computer player ({ai}) takes "
                             "its seat.",
    "continue.program.yes": "Start the program",
    "continue.program.no": "Computer player",
})


def shown_commands(names: list[str]) -> str:
    r"""Seat programs as the player reads them before anything starts: each exact name on a
    line of its own, with characters that do not print (a newline, a terminal escape, a
    direction mark) spelt as ``\xNN`` so that nothing is hidden.

    >>> shown_commands(["cmd:touch x", "python:a.b:C\x1b[2J"])
    'cmd:touch x\npython:a.b:C\\x1b[2J'
    """
    def exact(text: str) -> str:
        return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" if ord(c) < 256
                       else f"\\u{ord(c):04x}" for c in text)

    return "\n".join(exact(n) for n in names)


def continue_game(app: App, path: Any = None, **options: Any) -> Screen:
    """The title's Continue (or the replays list's, for the record at `path`): the unfinished
    game at the table, or a notice saying why not (another window plays it, nothing to
    continue, a damaged record). A game that had a program at the table first asks whether to
    start that program again, showing its exact command (`Resume.external`); the safe answer,
    which Enter and Esc give, seats a computer player instead."""

    def notice(text: str) -> Screen:
        return app.make("notice", title=app.tr("menu.continue"), messages=[text])

    from game.records import os_reason

    try:
        claim = claim_unfinished() if path is None else claim_record(path)
    except ContinueError as e:
        why = e.args[0] if e.args else "table.nothing_to_continue"
        if isinstance(why, Message):  # the record's reason (a damaged record), in the player's words
            return notice(app.tr("table.cannot_continue", why=app.reason(why)))
        return notice(app.tr(str(why)))
    except OSError as e:
        return notice(app.tr("table.cannot_continue", why=app.reason(os_reason(e))))
    if claim is None:
        return notice(app.tr("table.continue_live" if live_unfinished() else "table.nothing_to_continue"))
    programs = [name for _, name in claim.external()]
    if not programs:
        return _continued_table(app, claim)
    tr = app.tr

    def start(trusted: bool) -> None:
        app.push(_continued_table(app, dataclasses.replace(claim, trusted=trusted)))

    return app.make("confirm", title=tr("continue.program.title"),
                    message=tr("continue.program.text", commands=shown_commands(programs),
                               ai=tr(f"short.{REPLACEMENT}")),
                    yes=tr("continue.program.yes"), no=tr("continue.program.no"),
                    on_yes=lambda: start(True), on_no=lambda: start(False))


def _continued_table(app: App, claim: Resume) -> Screen:
    """The table going on with a claimed record, or a notice saying why it cannot (the claim's
    lock is given back then)."""
    from game.engine.error_words import message_of

    try:
        return TableScene(app, [], resume=claim)
    except Exception as e:  # noqa: BLE001 - a damaged record or seat: the title stays usable
        claim.lock.release()  # TableScene.abandon removed its own new record already
        carried = message_of(e)  # an engine reason (a record that does not rebuild), else its text
        why = app.reason(carried) if carried else str(e)
        return app.make("notice", title=app.tr("menu.continue"),
                        messages=[app.tr("table.cannot_continue", why=why)])


def make_scene(app: App, *, autoplay: bool = False, seats: str | None = None, seed: int | None = None,
               hands: int | None = None, resume: bool = False, players: list[str] | None = None,
               **options: Any) -> Screen:
    """A table from the title's or the command line's words: Continue (`resume`), a game with
    the given seats (`seats` read by `ai.registry.parse_seats`, or `players`), else the
    new-game screen."""
    if resume:
        return continue_game(app)
    if autoplay or seats or players:
        names = players or (parse_seats(seats, human=not autoplay) if seats else [AI_DEFAULT] * 4)
        if autoplay and HUMAN in names:
            raise ValueError("--autoplay: every seat must be a computer player (no 'human')")
        return TableScene(app, names, seed=seed, hands=hands, exit_at_end=hands is not None, **options)
    return app.make("new_game")
