"""The table screen's input: keys, mouse and focus, and the prompts they answer.

Keys at the table: Left/Right (or A/D) choose a tile, 1-9 and 0 pick tiles 1-10, Enter discards the
chosen tile, Space the drawn one; Shift+Left/Right move the chosen tile (manual order), O sorts
again; U uper (discard the chosen tile sideways), W win, K kong, N nine major tiles; on a claim W
win, P pung, K kong, Space pass, and Enter the focused button: Pass until the player moves the
focus (with a win on offer no button is focused until then, and Enter only says which keys
answer: Enter, the key that discards, never calls or passes a win by habit); at the deal, when
a flower's replacement completes four of a kind (rules.md 2.6), K declares that concealed kong
and Space (or Enter) passes; I shows the practice hints
(shanten, acceptance, waits, danger) beside the table. S skips: during a hand's opening (seat
dice, shuffle, walls, dice, break, deal, flowers) the whole opening, to the first decision;
otherwise the animation playing (a click skips it too); other keys wait until the picture has
caught up, so a key always acts on what is shown. F5 auto-win, F6 no calls, F7 auto-discard after
uper (the call assists, also buttons on the table, saved in the settings). F1 or H toggles the
key help. Esc has one meaning: it closes what is open (the help, the hints) or opens the pause
menu (resume, settings, rules, leave the table; leaving asks first). In a replay P pauses, + and
- change the speed, Esc goes back.

`TableInput` is a part `game.ui.scenes.table.TableScene` owns (``scene.input``): it turns the
human's `Decision` into controls (`offer`: the claim prompt with its countdown, the turn's buttons and
the hand's cursor) and the player's keys and clicks into an action for the driver (`act`). A
key that does nothing now says why (`_explain_key`). Legal actions, and the reasons for refused
ones, always come from the engine's `Decision`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

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
from game.engine.errors import IllegalActionError
from game.engine.kinds import OFFERS, PLAYS, DecisionKind
from game.engine.tiles import is_flower_tile, kind_of_tile
from game.i18n import register_texts
from game.settings import save_settings

from ..controls import Choice, HandCursor, Prompt
from .assists import ASSISTS, COACH_KEYS, assist_rects

if TYPE_CHECKING:
    from game.engine.messages import Message
    from game.engine.table import Decision, Table

    from .host import TableHost

KEY_WIN, KEY_PUNG, KEY_KONG, KEY_PASS = pygame.K_w, pygame.K_p, pygame.K_k, pygame.K_SPACE
KEY_UPER, KEY_NINE, KEY_SORT, KEY_HINTS = pygame.K_u, pygame.K_n, pygame.K_o, pygame.K_i
#: skips: the whole opening of a hand while it plays, else the animation playing now
KEY_SKIP = pygame.K_s
#: sound off and on again (the settings' Sound, saved), at a game and in a replay
KEY_MUTE = pygame.K_m

register_texts("ui", {
    "table.claim_enter": "Enter does not answer a win on offer: W wins, Space passes "
                         "(or choose a button with the arrows first).",
})


class TableInput:
    """Keys, mouse and focus at the table, and the prompt they answer (the scene's `input`;
    see the module). It owns the prompt, the hand's cursor, the claim's time bank and the
    coach's words; the scene (`scene`) gives the table, the director and the screens."""

    def __init__(self, scene: TableHost) -> None:
        self.scene = scene
        self.cursor = HandCursor(twice=self.scene.app.settings.click_twice)
        self.time_bank = float(self.scene.app.settings.claim_time_bank)  # this hand's, in seconds
        self.prompt: Prompt | None = None
        self.prompt_for: Decision | None = None
        self.prompt_title = ""
        self.offered: tuple[int, int] | None = None  # (seat, kind) of the tile a claim prompt offers
        self.uper_armed: int | None = None  # the tile an uper on a sacred wait was confirmed for once
        #: the coach's words beside the prompt, shown without hovering (game.practice.coach)
        self.coach: tuple[str, ...] = ()
        #: the tiles of the human's river that cause a refused win (marked), and until when
        self.coach_river: tuple[int, ...] = ()
        self.coach_river_until = 0.0
        #: the coach's words on a refusal with no prompt, shown while the river mark lasts
        self.coach_note = ""

    # --- the human's decisions -----------------------------------------------------------------
    def new_hand(self) -> None:
        """A hand was dealt: the claims' time bank is full again."""
        self.time_bank = float(self.scene.app.settings.claim_time_bank)

    def offer(self, d: Decision, *, again: bool = False) -> None:
        """Build the controls for a decision of the human seat (or answer it at once, when a
        call assist the player turned on says so: `_assisted`). `again`: the same decision's
        controls rebuilt in new words (`relabel`): no assist, no cue, the cursor kept."""
        self.prompt_for = d
        self.prompt = None
        self.coach = ()
        self._unmark_river()
        auto = None if again else self._assisted(d)
        if auto is not None and self.act(auto):
            return
        tr = self.scene.app.tr
        settings = self.scene.app.settings
        countdown = float(settings.claim_countdown)
        if d.kind == DecisionKind.KONG:  # at the deal: a replacement completed four of a kind
            self.offered = None
            kongs = [a.tile for a in d.legal if isinstance(a, ConcealedKong)]
            choices = [Choice(f"kong:ConcealedKong:{k}", f"{tr('action.kong')} {self.scene.tile_name(k)}",
                              KEY_KONG) for k in kongs]
            choices.append(Choice("pass", tr("action.pass"), KEY_PASS))
            self.prompt = Prompt(choices, default="pass", safe="pass")  # Enter never declares
            self.prompt_title = tr("table.deal_kong_prompt",
                                   tile=" / ".join(self.scene.tile_name(k) for k in kongs))
        elif d.kind in OFFERS:
            assert self.scene.table is not None
            last = d.observation.last_discard  # (seat, kind) of the tile on offer
            self.offered = last
            refused = self.scene.table.refused.get(d.seat, {})
            choices = []
            win_reason = d.notes.get(WIN) or refused.get(WIN)
            if WIN in d.legal or win_reason:
                choices.append(Choice("win", tr("action.ssoa"), KEY_WIN, WIN in d.legal, self.scene.reason(win_reason)))
            calls = not settings.assist_no_calls  # "no calls": only the win is offered
            warned: list[str] = []
            if calls and any(isinstance(a, Pung) for a in d.legal):
                warned.append(self._call_coach(d, "pung"))
                choices.append(Choice("pung", tr("action.pung"), KEY_PUNG, warning=warned[-1]))
            if calls and any(isinstance(a, Kong) for a in d.legal):
                warned.append(self._call_coach(d, "kong"))
                choices.append(Choice("kong", tr("action.kong"), KEY_KONG, warning=warned[-1]))
            self.coach = tuple(w for w in warned if w)
            if win_reason and WIN not in d.legal:  # said at once, its river tile marked
                self.coach = (self._win_coach(win_reason), *self.coach)
            choices.append(Choice("pass", tr("action.pass"), KEY_PASS))
            # time out never passes a win unless the player chose so (settings.claim_timeout)
            default = "win" if WIN in d.legal and settings.claim_timeout == "win" else "pass"
            # Enter (the key that discards) never calls by habit: the focus starts on Pass; with
            # a win on offer Enter waits for a chosen button, so no win is passed by habit either
            self.prompt = Prompt(choices, countdown=countdown, default=default,
                                 bank=self.time_bank, clock=self._clock_text, safe="pass",
                                 enter_waits=WIN in d.legal)
            who = self.scene.seat_label(last[0]) if last else ""
            tile = self.scene.tile_name(last[1]) if last else ""
            key = "table.rob_prompt" if d.kind == DecisionKind.ROB else "table.claim_prompt"
            self.prompt_title = tr(key, name=who, tile=tile)
        else:
            if not again:
                n = len(self.scene.director.shown_ids(d.seat))
                # the draw may still be on its way: the cursor keeps to the drawn tile once it lands
                self.cursor.reset(n, at_drawn=True, drawn=d.observation.drawn is not None)
            self._turn_prompt()
        if not again:
            self.scene.app.sound.play("turn")  # a soft cue: the game waits for the player

    def relabel(self) -> None:
        """The open prompt in the language set now (the pause menu's settings may have changed
        it; issue 32): rebuilt for the same decision, its clock, time bank and focus kept."""
        d, old = self.prompt_for, self.prompt
        if d is None or old is None or old.result is not None:
            return
        self.offer(d, again=True)
        new = self.prompt
        if new is None or new is old:
            return
        new.left, new.bank_left, new.in_bank = old.left, old.bank_left, old.in_bank
        new.ticks, new.enter_waited = old.ticks, old.enter_waited
        if [c.action for c in new.choices] == [c.action for c in old.choices]:
            new.focus, new.hover = old.focus, old.hover

    def explain_frozen(self, table: Table) -> None:
        """The house rule sacred_own_wait "frozen" threw the player's drawn tile (his own wait
        lies in his river): say why at once, one line in the prompt's reserved place, for some
        seconds (`game.practice.event_words.frozen_sacred`)."""
        from game.practice.event_words import frozen_sacred

        seen: tuple[Table | None, int] = getattr(self, "_frozen_seen", (None, 0))
        start = seen[1] if seen[0] is table else 0
        self._frozen_seen = (table, len(table.events))
        me = self.scene.human if self.scene.human_player is not None else None
        if me is None or self.scene.replay or self.scene.autoplay:
            return
        state = table.seat_state[me]
        for e in table.events[start:]:
            if getattr(e, "seat", None) != me:
                continue
            why = frozen_sacred(e, uper=state.uper_index >= 0, penalised=state.penalised)
            if why is not None:
                self.coach_note = self.scene.reason(why)
                self.coach_river = ()
                self.coach_river_until = self.scene.elapsed + 8.0

    def _clock_text(self, left: float, bank: float, in_bank: bool) -> str:
        """The seconds shown on a claim prompt with a countdown (and the time bank)."""
        tr = self.scene.app.tr
        if in_bank:
            return tr("table.clock_in_bank", n=math.ceil(bank))
        if bank > 0:
            return tr("table.clock_with_bank", n=math.ceil(left), bank=math.ceil(bank))
        return tr("table.clock", n=math.ceil(left))

    # --- call assists -------------------------------------------------------------------------
    def _assisted(self, d: Decision) -> Action | None:
        """The action a call assist takes for the human's decision `d` now, or None (the
        player decides). Every action comes from the engine's `d.legal`."""
        s = self.scene.app.settings
        if self.scene.autoplay or self.scene.replay:
            return None
        if s.assist_auto_win and WIN in d.legal:
            return WIN
        if d.kind == DecisionKind.CLAIM and s.assist_no_calls and WIN not in d.legal and PASS in d.legal:
            return PASS
        # after uper the engine itself discards a drawn tile that offers nothing; a turn comes
        # only with a win (offered, always) or a kong that keeps the waits (declined here)
        if (d.kind == DecisionKind.TURN and s.assist_auto_discard and d.observation.uper[d.seat]
                and d.observation.drawn is not None and WIN not in d.legal):
            drawn = Discard(d.observation.drawn)
            return drawn if drawn in d.legal else None
        return None

    def toggle_assist(self, name: str) -> None:
        """Turn a call assist (a `Settings` field) on or off, save it, and apply it to the
        decision open now."""
        new = self.scene.app.settings.replace(**{name: not getattr(self.scene.app.settings, name)})
        self.scene.app.apply_settings(new, save=False)
        try:
            save_settings(new, self.scene.app.settings_path)
        except OSError:  # the setting holds for this game all the same
            pass
        self.scene.app.sound.play("click")
        state = self.scene.app.tr("value.on" if getattr(new, name) else "value.off")
        tr = self.scene.app.tr
        self.scene.say(tr("assist.now", name=tr(f"assist.{name}"), state=state), 2.0)
        d = self.prompt_for
        if d is None:
            return
        auto = self._assisted(d)
        if auto is not None:
            self.act(auto)
        elif d.kind == DecisionKind.CLAIM:
            self.offer(d)  # the pung and kong buttons come or go

    def toggle_sound(self) -> None:
        """M: sound off, or on again (the settings' Sound, saved: a muted game stays muted next
        time). The music stops with the effects; the volumes are kept."""
        new = self.scene.app.settings.replace(sound=not self.scene.app.settings.sound)
        self.scene.app.apply_settings(new, save=False)
        try:
            save_settings(new, self.scene.app.settings_path)
        except OSError:  # muted for this game all the same
            pass
        state = self.scene.app.tr("value.on" if new.sound else "value.off")
        tr = self.scene.app.tr
        self.scene.say(tr("assist.now", name=tr("set.sound"), state=state), 2.0)

    def ask_to_leave(self) -> None:
        """Leave the table once the player says yes (the pause menu's Leave)."""
        tr = self.scene.app.tr
        if self.scene.autoplay:
            text = tr("confirm.leave.watching")
        elif self.scene.driver.writer is not None and not self.scene.driver.recording_problem()[0]:
            text = tr("confirm.leave.saved")
        else:
            text = tr("confirm.leave.unsaved")
        self.scene.app.push("confirm", title=tr("confirm.leave.title"), message=text,
                      yes=tr("confirm.leave.yes"), no=tr("confirm.leave.no"), on_yes=self.scene.leave)

    def _escape(self) -> None:
        """Esc: close what is open (the help, the hints), else the pause menu."""
        if self.scene.help:
            self.scene.help = False
        elif self.scene.show_hints:
            self.toggle_hints()
        else:
            self.scene.app.push("pause", owner=self.scene)

    def _selected_kind(self) -> int | None:
        d = self.prompt_for
        if d is None:
            return None
        ids = self.scene.director.shown_ids(d.seat)
        i = self.cursor.index
        if i is None or not 0 <= i < len(ids):
            return None
        return None if is_flower_tile(ids[i]) else kind_of_tile(ids[i])

    #: action keys and what they would do, for saying why one is not possible now
    _ACTION_KEYS: ClassVar[dict[int, str]] = {KEY_WIN: "win", KEY_PUNG: "pung", KEY_KONG: "kong", KEY_NINE: "nine"}

    def _explain_key(self, key: int, *, claim: bool = False, deal: bool = False) -> bool:
        """W, P, K or N pressed when that action is not offered: say why, briefly (as U does),
        for a claim, the deal's kong decision or a turn. A disabled choice with that key says
        its own reason (the engine's). True if handled."""
        what = self._ACTION_KEYS.get(key)
        if what is None or self.prompt is None:
            return False
        mine = [c for c in self.prompt.choices if c.shortcut == key]
        if any(c.enabled for c in mine):
            return False  # the prompt takes it
        reason = next((c.reason for c in mine if c.reason), "")
        where = ".claim" if claim else ".deal" if deal else ""
        self.scene.say(reason or self.scene.app.tr(f"table.cannot.{what}{where}"))
        return True

    def _turn_prompt(self) -> None:
        d = self.prompt_for
        assert d is not None
        tr = self.scene.app.tr
        choices: list[Choice] = []
        if WIN in d.legal or WIN in d.notes:
            choices.append(Choice("win", tr("action.ola"), KEY_WIN, WIN in d.legal,
                                  self.scene.reason(d.notes.get(WIN))))
        for a in d.legal:
            if isinstance(a, (ConcealedKong, AddedKong)):
                choices.append(Choice(f"kong:{type(a).__name__}:{a.tile}",
                                      f"{tr('action.kong')} {self.scene.tile_name(a.tile)}", KEY_KONG))
        if NINE_MAJOR in d.legal:
            choices.append(Choice("nine_major", tr("action.nine_major"), KEY_NINE))
        k = self._selected_kind()
        uper = Discard(k, uper=True) if k is not None else None
        self.coach = ()
        refused = d.notes.get(WIN) if WIN not in d.legal else None
        if d.kind == DecisionKind.TURN:  # after a pung the hand is open: no uper
            legal = uper is not None and uper in d.legal
            reason = ""
            if not legal:
                reason = self.scene.reason(d.notes.get(uper)) if uper is not None else ""
                if not reason:
                    able = sorted(a.tile for a in d.legal if isinstance(a, Discard) and a.uper)
                    reason = (tr("table.uper_with", tiles=self.scene.app.tiles_text(able)) if able
                              else tr("table.uper_not_offered"))
            warning = self._uper_warning(d, k) if legal and k is not None else ""
            self.coach = () if legal else self._uper_coach(d, k)
            if self.coach and reason == tr("table.uper_not_offered"):  # ready by another discard
                reason = " ".join(self.coach)
            choices.append(Choice("uper", tr("action.uper"), KEY_UPER, legal, reason, warning))
        if not self.coach:  # a discard that gives up the last way to 2 basic points
            from game.practice.coach import discard_warning

            note = discard_warning(d, k)
            self.coach = (self.scene.reason(note),) if note is not None else ()
        if refused is not None:  # a self-draw win refused: said at once, its river tile marked
            self.coach = (self._win_coach(refused, self_draw=True), *self.coach)
        hover = self.prompt.hover if self.prompt is not None else None
        self.prompt = Prompt(choices) if choices else None
        if self.prompt is not None:
            self.prompt.hover = hover
            self.prompt.focus = 0
        self.prompt_title = tr("table.your_turn")

    def _uper_coach(self, d: Decision, kind: int | None) -> tuple[str, ...]:
        """The coach's words beside a refused uper button: the rule in the lessons' sentence and
        what would change it (`game.practice.coach.uper_advice`); none when the hand is not
        ready at all."""
        from game.practice.coach import uper_advice

        return tuple(self.scene.reason(m) for m in uper_advice(d, kind))

    def _win_coach(self, why: Message | str, *, self_draw: bool = False,
                   seconds: float | None = None) -> str:
        """The coach's words for a refused win (`game.practice.coach.win_refusal`), marking the
        tiles of the human's river that cause it for `seconds` (while the decision is open)."""
        from game.practice.coach import win_refusal

        r = win_refusal(why, self_draw=self_draw)
        if r is None:  # words that are not a message (a program's): shown as they are
            return self.scene.reason(why)
        self.coach_river = r.river
        self.coach_river_until = self.scene.elapsed + (self._WHILE_OPEN if seconds is None else seconds)
        return self.scene.reason(r.message)

    #: a river mark that lasts while its decision is open (not for some seconds)
    _WHILE_OPEN = 1e9

    def _unmark_river(self) -> None:
        """The decision the river mark was for is over; a mark for some seconds (a refusal
        without a prompt, `explain_refused_win`) stays its time."""
        if self.coach_river_until - self.scene.elapsed > self._WHILE_OPEN / 2:
            self.coach_river = ()
            self.coach_note = ""

    def explain_refused_win(self, why: Message | str) -> None:
        """A discard the human could not win on, with nothing else to decide (no prompt): say
        why at once, in the prompt's reserved place (never under the hints), and mark the river
        tile that causes it, for some seconds."""
        seconds = 8.0
        self.coach_note = self._win_coach(why, seconds=seconds)

    def _call_coach(self, d: Decision, call: str) -> str:
        """The coach's warning before a pung or kong that leaves the hand one way to 2 basic
        points or none (`game.practice.coach.call_warning`, the yak guide's reachability)."""
        from game.practice.coach import call_warning

        return self.scene.reason(call_warning(d, call))

    def _uper_warning(self, d: Decision, kind: int) -> str:
        """What the uper button warns of when the hand would wait on tiles already sacred after an
        uper with `kind` (the practice layer asks the engine's sacred-discard rule), else ""."""
        from game.practice.sacred_check import sacred_after_uper

        tr = self.scene.app.tr
        st = sacred_after_uper(d.observation, kind)
        blocked = st.blocked
        if not blocked and st.can_self_draw:
            return ""
        why = self.scene.reason(next((r.message for r in st.reasons if any(r.blocks(w) for w in st.waits)),
                               st.reasons[0].message))
        if st.blocks_all_discards or set(blocked) == set(st.waits):
            return tr("table.uper_sacred_all", why=why)
        return tr("table.uper_sacred_tiles", tiles=self.scene.app.tiles_text(blocked), why=why)

    def choose(self, choice: str) -> None:
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
                c = next((c for c in self.prompt.choices if c.action == "uper"), None) if self.prompt else None
                if c is not None and c.warning and self.uper_armed != k:
                    # the wait is sacred already: say why, and declare only when asked again
                    self.uper_armed = k
                    self.scene.say(f"{c.warning} {self.scene.app.tr('table.uper_confirm')}", 8.0)
                    if self.prompt is not None:
                        self.prompt.result = None
                    return
        if action is not None:
            self.act(action)

    def act(self, action: Action) -> bool:
        """Submit the human's action; an illegal one shows the engine's reason instead."""
        d = self.prompt_for
        if d is None or self.scene.table is None:
            return False
        try:
            self.scene.driver.submit(d.seat, action)
        except IllegalActionError as e:
            self.scene.say(self.scene.reason(getattr(e, "reason", None)) or str(e))
            if self.prompt is not None:
                self.prompt.result = None
            return False
        if self.prompt is not None:  # the time bank spent on this prompt is gone for the hand
            self.time_bank = max(0.0, self.time_bank - self.prompt.bank_used)
        self.scene.table_coach.acted(d, action)  # the live coach weighs it (issue 32)
        self.uper_armed = None
        self.prompt_for = None
        self.prompt = None
        self.coach = ()
        self._unmark_river()
        self.cursor.index = None
        return True

    def discard_at(self, index: int) -> bool:
        d = self.prompt_for
        if d is None or d.kind not in PLAYS:
            return False
        ids = self.scene.director.shown_ids(d.seat)
        if not 0 <= index < len(ids):
            return False
        return self.act(Discard(kind_of_tile(ids[index])))

    # --- geometry ----------------------------------------------------------------------------------
    def button_rects(self) -> list[pygame.Rect]:
        if self.prompt is None:
            return []
        rects = self.scene.app.layout.button_rects(len(self.prompt.choices))
        return [pygame.Rect(r.as_tuple()) for r in rects]

    def tile_rects(self) -> list[pygame.Rect]:
        """The human's tiles on screen (hand order, then the drawn tile)."""
        d = self.prompt_for
        if d is None:
            return []
        return [pygame.Rect(s.rect.as_tuple()) for s in self.scene.director.hand_rects(d.seat)]

    # --- events ------------------------------------------------------------------------------------
    def assist_rects(self) -> list[pygame.Rect]:
        """The call assists' toggle buttons on the table (none in a replay or a demo)."""
        if self.scene.replay or self.scene.autoplay:
            return []
        rects = [pygame.Rect(r.as_tuple()) for r in assist_rects(self.scene.app.layout)]
        if self.scene.show_hints and any(r.colliderect(self.scene.view.hints_rect()) for r in rects):
            return []  # the hints panel covers the info box: F5-F7 still toggle them
        return rects

    # --- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        down = event.type == pygame.KEYDOWN
        if down and event.key == pygame.K_ESCAPE:
            if self.scene.replay:
                self.scene.leave()
            else:
                self._escape()
            return
        if down and event.key in (pygame.K_F1, pygame.K_h):
            self.scene.help = not self.scene.help
            return
        if down and event.key == pygame.K_y:  # the yak guide, with what this hand can reach
            self.scene.app.push("yak_guide", reach=self.scene.yak_reach())
            return
        if down and event.key == KEY_MUTE:
            self.toggle_sound()
            return
        if self.scene.replay and down and self._replay_key(event.key):
            return
        if down and event.key == KEY_HINTS and not self.scene.replay:
            self.toggle_hints()
            return
        if down and not self.scene.replay and not self.scene.autoplay:
            name = next((a.setting for a in ASSISTS + COACH_KEYS if a.key == event.key), None)
            if name is not None:
                self.toggle_assist(name)
                return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and not self.scene.help):  # a toggle button of the call assists
            hit = HandCursor.at(event.pos, self.assist_rects())
            if hit is not None:
                self.toggle_assist(ASSISTS[hit].setting)
                return
        sc = self.scene
        if sc.show_hints and sc.hints_panel is not None and sc.hints_panel.handle_event(event):
            return
        if down and event.key == KEY_SKIP:
            self.scene.pace.skip()
            return
        if self.scene.director.timeline.busy and event.type == pygame.MOUSEBUTTONDOWN:
            self.scene.director.skip()  # a click skips the animation playing
            return
        if down and not self.scene.director.idle:
            return  # a key acts on what is shown: it waits for the picture to catch up
        d = self.prompt_for
        if d is None:
            return
        rects = self.button_rects()
        # a question with buttons (a claim, a rob, a kong at the deal): the hand is not played
        if d.kind in OFFERS or d.kind == DecisionKind.KONG:
            if event.type == pygame.KEYDOWN and self._explain_key(
                    event.key, claim=d.kind != DecisionKind.KONG, deal=d.kind == DecisionKind.KONG):
                return
            if self.prompt is not None and self.prompt.handle_event(event, rects):
                self.choose(self.prompt.result or "pass")
            elif self.prompt is not None and self.prompt.enter_waited:
                self.prompt.enter_waited = False
                self.scene.say(self.scene.app.tr("table.claim_enter"))
            return
        # a turn: prompt shortcuts and buttons first, then the hand
        if self.prompt is not None:
            if event.type == pygame.KEYDOWN:
                for i, c in enumerate(self.prompt.choices):
                    if c.shortcut == event.key:
                        if self.prompt.choose(i):
                            self.choose(c.action)
                        else:
                            self.scene.say(c.reason or self.scene.app.tr("table.cannot.generic"))
                        return
                if self._explain_key(event.key, claim=False):
                    return
            elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                hit = HandCursor.at(event.pos, rects)
                if hit is not None or event.type == pygame.MOUSEMOTION:
                    if self.prompt.handle_event(event, rects):
                        self.choose(self.prompt.result or "")
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
                self.scene.director.model.sort[d.seat] = True
                return
            res = self.cursor.key(event.key, n)
        else:
            movable = len(self.scene.director.model.hands[d.seat])  # the drawn tile stays apart
            res = (self.cursor.mouse(event, self.tile_rects(), movable)
                   if hasattr(event, "pos") else None)
        if res is None:
            return
        what, index = res
        if isinstance(index, tuple):  # ("move", (from, to)): the one action with a pair
            i, j = index
            self.cursor.index = self.scene.director.model.move_to(d.seat, i, j)
            self._turn_prompt()
        elif what == "drag":
            return
        elif what == "arm":  # click twice to discard: the first click raised the tile
            self.scene.say(self.scene.app.tr("table.click_again"), 2.0)
            self._turn_prompt()
        elif what == "discard":
            self.discard_at(index)
        else:
            self._turn_prompt()

    def toggle_hints(self) -> bool:
        """Show or hide the hints for the human's decisions (needs `game.ui.hints_panel`)."""
        if self.scene.hints_panel is None:
            try:
                from ..hints_panel import HintsPanel
            except ImportError:
                self.scene.say(self.scene.app.tr("table.no_hints"))
                return False
            self.scene.hints_panel = HintsPanel(self.scene.app.fonts, self.scene.app.art, lambda: self.scene.app.lang,
                                          scroll_keys=True, notation=lambda: self.scene.app.notation,
                                          details_key=True)
        self.scene.show_hints = not self.scene.show_hints
        self.scene.hints_for = None
        return self.scene.show_hints

    def _replay_key(self, key: int) -> bool:
        """P pauses, + and - change the speed (the replay viewer)."""
        if key == pygame.K_p:
            sc = self.scene
            sc.paused = not sc.paused
            sc.say(sc.app.tr("replay.paused") if sc.paused else "", seconds=3600 if sc.paused else 0)
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            up = key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            f = self.scene.director.speed
            f = min(8.0, f * 2) if up else max(0.25, f / 2)
            if math.isfinite(f):
                self.scene.director.speed = f
                self.scene.say(self.scene.app.tr("replay.speed", x=f"{f:g}"), seconds=1.5)
            return True
        return False

    def _move_tile(self, step: int) -> None:
        d = self.prompt_for
        i = self.cursor.index
        if d is None or i is None:
            return
        m = self.scene.director.model
        if i >= len(m.hands[d.seat]):
            return  # the drawn tile stays apart
        self.cursor.index = m.move_in_hand(d.seat, i, step)
