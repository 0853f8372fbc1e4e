"""The director: turns the engine's events into animations, one event at a time.

    director = Director(layout, human=0, speed=1.0)
    table_driver.listen(director)        # hears every event of the referee, once, in order
    director.update(dt)                  # each frame: take the next events, play their tweens
    view = director.view()               # a `BoardView` of what is on the felt now

The director is a listener of the engine's referee (`game.engine.driver.HandDriver`, through
`game.ui.table.driver.TableDriver.listen`), as the record writer is: each event it hears is
queued (`on_event`, or `feed` for a list of events) and played in turn. A picture of a list
that is already complete (a record's hand, a test) is played with `feed` or `follow`. The
director keeps its own picture of the hand (`HandModel`), built only from events, so the
screen lags behind the engine by exactly the animations still to play; the engine never waits
for it. The table scene asks the engine for the next decision only when `idle` is true.

>>> from game.engine.events import DiceRolled
>>> d = Director(Layout.for_size(1024, 640), human=0, speed=math.inf)
>>> d.feed([DiceRolled(0, (3, 4), "breaker")]); d.update(0.0)
>>> d.model.dice, d.idle
((3, 4), True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, assert_never

from game.engine.events import (
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    Event,
    FlowerShown,
    HandEnded,
    HandStarted,
    KongDeclared,
    NineMajorDeclared,
    SessionEnded,
    SessionStarted,
    WallBroken,
    WallBuilt,
    WinDeclared,
)
from game.engine.kinds import DicePurpose, EndReason, WinHow
from game.engine.tiles import kind_of_tile
from game.engine.wall import DEAL_STEPS

from .board import BoardView, SeatView, wall_from_positions
from .layout import Layout, MeldSpec, screen_seat
from .motion import UperStick, WinGlow, outward
from .sound import win_effect
from .sprites import DiceSprite, SpriteLayer, TileSprite, fly, roll_dice
from .tween import Anim, Call, Delay, Parallel, Prop, Sequence, Timeline, Tween

#: seconds each step takes at normal speed
DURATION = {
    "shuffle": 0.9, "build_step": 0.05, "dice": 0.9, "dice_hold": 0.45, "break": 0.9,
    "deal": 0.2, "draw": 0.22, "discard": 0.28, "claim": 0.35, "call": 0.55, "flower": 0.35,
    "win": 1.1, "end": 0.6, "seats": 2.2, "hand_start": 0.25, "sort_in": 0.16,
    "call_pop": 0.24, "call_hold": 0.7, "call_fade": 0.4,
    # the bigger moments (issue 35): a claimed tile's flight out of the river, a replacement
    # drawn from the back of the wall, the uper stick laid down, a winner's hand turning up, a
    # big hand's glow
    "claim_fly": 0.5, "replace": 0.36, "stick": 0.6, "turn_up": 0.45, "big_win": 2.2,
}

#: each call's word (catalogue key), colour and sound, each distinct ("": none); a win's fanfare
#: follows at the hand's end, sized by the hand's points (`sound.win_effect`)
CALLS: dict[str, tuple[str, tuple[int, int, int], str]] = {
    "pung": ("call.pung", (246, 206, 96), "pung"),
    "kong": ("call.kong", (130, 206, 255), "kong"),
    "uper": ("call.uper", (255, 128, 112), "uper"),
    "ola": ("call.ola", (255, 230, 120), "ola"),
    "ssoa": ("call.ssoa", (255, 230, 120), "ssoa"),
}


@dataclass(eq=False)
class CallFx:
    """A call shown large at the caller's seat (`Layout.call_area` of its screen seat): it pops
    in (``scale`` grows past 1 and settles), holds, then fades (``alpha``)."""

    seat: int  # screen seat
    call: str  # a key of `CALLS`
    word: str
    colour: tuple[int, int, int]
    scale: float = 0.3
    alpha: float = 0.0

    def anim(self, done: Callable[[], Any]) -> Anim:
        """The pop (scale 0.3 -> 1 with a little overshoot, quickly opaque), the hold, the fade."""
        pop = DURATION["call_pop"]
        return Sequence(Parallel(Prop(self, "scale", 1.0, pop, "ease_out_back"),
                                 Prop(self, "alpha", 255.0, pop * 0.6, "ease_out_quad")),
                        Delay(DURATION["call_hold"]),
                        Prop(self, "alpha", 0.0, DURATION["call_fade"], "ease_in_quad"),
                        Call(done))
MIDHAND_DISCARDS = 16  # the "mid-hand" key moment: after this many discards


@dataclass
class MeldView:
    """A meld on the table: tile ids, which are face up, and how it is laid out."""

    ids: list[int]
    faces: list[bool]
    spec: MeldSpec
    kind: int


@dataclass
class HandModel:
    """What the felt shows, from the events played so far (engine seats, tile ids)."""

    wall_tiles: tuple[int, ...] = ()
    wall: set[int] = field(default_factory=set)
    hands: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    drawn: list[int | None] = field(default_factory=lambda: [None] * 4)
    melds: list[list[MeldView]] = field(default_factory=lambda: [[], [], [], []])
    flowers: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    river: list[list[tuple[int, bool]]] = field(default_factory=lambda: [[], [], [], []])
    revealed: set[int] = field(default_factory=set)
    dice: tuple[int, int] | None = None
    dice_in_centre: bool = False
    dealing: bool = True
    sort: list[bool] = field(default_factory=lambda: [True] * 4)
    counted_stack: int | None = None  # the stack id highlighted while the wall breaks
    break_stack: int | None = None  # the counted stack id once the wall is broken (all hand long)
    break_open: float = 0.0  # how far the wall stands open at the breaking point (0..1)
    last_discard: tuple[int, int] | None = None  # (seat, tile id)
    discards: int = 0
    hand_no: int = 0
    scores: tuple[int, ...] = (0, 0, 0, 0)
    players: tuple[int, ...] = (0, 1, 2, 3)  # player at each seat
    seat_pick: SessionStarted | None = None  # shown while the seats are chosen
    hidden: set[int] = field(default_factory=set)  # tile ids in the hands drawn as sprites now
    turn: int | None = None
    prevalent: int | None = None  # the hand's prevalent wind (None: the house rules use none)
    doubled: bool = False  # the stake doubled after a triple-win draw
    uper: set[int] = field(default_factory=set)  # the seats that declared uper (all hand long)
    #: a winner's hand turning up, left to right: how many of its tiles are face up so far
    turning: dict[int, float] = field(default_factory=dict)

    def order(self, seat: int) -> list[int]:
        """A seat's concealed tiles (drawn tile apart) in the order they are shown."""
        h = self.hands[seat]
        if self.sort[seat] and not self.dealing:
            return sorted(h)  # ids sort by kind; flowers (100+) last
        return list(h)

    def merge_drawn(self, seat: int) -> None:
        d = self.drawn[seat]
        if d is not None:
            self.hands[seat].append(d)
            self.drawn[seat] = None

    def move_to(self, seat: int, index: int, to: int) -> int:
        """Manual ordering by the mouse: the tile shown at `index` goes to `to` (the others
        close up); returns its new index.

        >>> m = HandModel(hands=[[40, 4, 20], [], [], []], dealing=False)
        >>> m.move_to(0, 0, 2), m.order(0)
        (2, [20, 40, 4])
        """
        shown = self.order(seat)
        if not (0 <= index < len(shown) and 0 <= to < len(shown)):
            return index
        shown.insert(to, shown.pop(index))
        self.hands[seat] = shown
        self.sort[seat] = False
        return to

    def move_in_hand(self, seat: int, index: int, step: int) -> int:
        """Manual ordering: move the tile shown at `index` by `step`; returns its new index."""
        shown = self.order(seat)
        j = index + step
        if not (0 <= index < len(shown) and 0 <= j < len(shown)):
            return index
        shown[index], shown[j] = shown[j], shown[index]
        self.hands[seat] = shown
        self.sort[seat] = False
        return j


def kind(tile_id: int) -> int:
    return kind_of_tile(tile_id)


class Lazy(Anim):
    """An animation built when its turn comes (from the model as it is then); None: nothing."""

    def __init__(self, build: Callable[[], Anim | None]) -> None:
        self.build = build
        self.anim: Anim | None = None
        self.started = False
        self.done = False

    @property
    def duration(self) -> float:
        return self.anim.duration if self.anim is not None else 0.0

    def update(self, dt: float) -> float:
        if not self.started:
            self.started = True
            self.anim = self.build()
        if self.anim is None:
            self.done = True
            return dt
        left = self.anim.update(dt)
        self.done = self.anim.done
        return left


class Director:
    """Plays the events it hears (`on_event`, `feed`) as animations on a `Timeline`."""

    def __init__(self, layout: Layout, human: int = 0, speed: float = 1.0, reveal_all: bool = False,
                 text: Callable[..., str] | None = None, names: Callable[[int], str] | None = None,
                 sound: Callable[[str], Any] | None = None,
                 key_moment: Callable[[str], bool] | None = None,
                 on_hand_end: Callable[[], Any] | None = None) -> None:
        self.layout = layout
        self.human = human
        self.reveal_all = reveal_all
        self.timeline = Timeline(speed)
        self.sprites = SpriteLayer()
        self.model = HandModel()
        self.text = text or (lambda key, **fmt: key)
        self.names = names or (lambda seat: "ESWN"[seat])
        self.sound = sound or (lambda name: None)
        self.key_moment = key_moment or (lambda name: False)
        self.on_hand_end = on_hand_end or (lambda: None)
        #: every event heard, in order; `index` of them are taken (played or playing)
        self.source: list[Event] = []
        self.index = 0
        self.hold = False  # a key moment waits to be photographed: take no further event now
        self.banner: tuple[str, tuple[int, int, int]] | None = None
        self.banner_left = 0.0
        self.deals = 0
        self._won = False
        self.rng = random.Random(0)
        #: calls shown at their seats now, each with its own animation (they never hold the game)
        self.calls: list[CallFx] = []
        self._call_anims: list[Anim] = []
        self._glows: list[WinGlow] = []  # the winning tiles' glows this hand

    # --- feeding --------------------------------------------------------------------------------
    def on_event(self, table: Any, event: Event) -> None:
        """A listener of the referee (`HandDriver`): `event` is queued, to be shown in turn."""
        self.source.append(event)

    def feed(self, events: Iterable[Event]) -> None:
        """Queue these events after those heard so far."""
        self.source.extend(events)

    def follow(self, events: list[Any], start: int = 0) -> None:
        """Play the events of the list `events` from `start` on, instead of what was heard (the
        list itself is read, so it may keep growing: a record's hand shown while it is read)."""
        self.source = events
        self.index = start

    @property
    def played(self) -> list[Event]:
        """The events taken so far (shown, or showing now), in order."""
        return self.source[:self.index]

    @property
    def speed(self) -> float:
        return self.timeline.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.timeline.speed = value

    @property
    def pending_events(self) -> int:
        return len(self.source) - self.index

    @property
    def idle(self) -> bool:
        """Every event shown and no animation playing: the engine may be asked to move on."""
        return not self.timeline.busy and self.index >= len(self.source) and not self.hold

    def update(self, dt: float) -> None:
        self._take()
        self.timeline.update(dt)
        self._take()
        self._play_calls(dt)
        if self.banner_left > 0:
            step = dt * (self.timeline.speed if math.isfinite(self.timeline.speed) else 100.0)
            self.banner_left = max(0.0, self.banner_left - step)
            if self.banner_left == 0:
                self.banner = None

    def _take(self, until: int | None = None) -> None:
        end = len(self.source) if until is None else min(until, len(self.source))
        while not self.timeline.busy and not self.hold and self.index < end:
            e = self.source[self.index]
            self.index += 1
            anim = self.animate(e)
            if anim is not None:
                self.timeline.add(anim)

    def _play_calls(self, dt: float) -> None:
        """Advance the calls shown at the seats on the same clock and speed as the table (at
        instant speed they are over at once)."""
        speed = self.timeline.speed
        for a in list(self._call_anims):
            if math.isfinite(speed) and math.isfinite(dt):
                a.update(dt * speed)
            else:
                a.finish()
            if a.done and a in self._call_anims:
                self._call_anims.remove(a)

    def call(self, seat: int, what: str) -> Call:
        """Show engine seat `seat`'s call `what` (a key of `CALLS`) large at its seat, with its
        sound; a call the same seat makes again replaces the one still shown."""
        key, colour, sound = CALLS[what]

        def start() -> None:
            sc = self.screen(seat)
            for old in [c for c in self.calls if c.seat == sc]:
                self.calls.remove(old)
            fx = CallFx(sc, what, self.text(key), colour)
            self.calls.append(fx)

            def gone() -> None:
                if fx in self.calls:
                    self.calls.remove(fx)
            self._call_anims.append(fx.anim(gone))
            if sound:
                self.sound(sound)
        return Call(start)

    def skip(self) -> None:
        """Finish the animation playing now (a click or a key)."""
        self.timeline.skip()

    def catch_up(self, until: int | None = None) -> None:
        """Show every event at once (resize, resume), or those before index `until` of the
        events heard (a hand's opening skipped)."""
        saved = self.timeline.speed
        self.timeline.skip_all()
        self.timeline.speed = math.inf
        hold = self.hold
        self.hold = False
        try:
            self._take(until)
            self._play_calls(math.inf)  # calls of the past are not shown again
        finally:
            self.timeline.speed = saved
            self.hold = hold

    def relayout(self, layout: Layout) -> None:
        """The window changed size: finish what is in flight, then carry on with the new layout."""
        self.timeline.skip_all()
        self.sprites.clear()
        self.layout = layout

    # --- the view -------------------------------------------------------------------------------
    def screen(self, seat: int) -> int:
        return screen_seat(seat, self.human)

    def faces(self, seat: int) -> bool:
        return self.reveal_all or seat == self.human or seat in self.model.revealed

    def view(self, selected: int | None = None) -> BoardView:
        m = self.model
        v = BoardView(wall=wall_from_positions(m.wall, self.human))
        for seat in range(4):
            up = self.faces(seat)
            turned = m.turning.get(seat)  # a winner's hand turning up: its first tiles face up
            sv = SeatView()
            sv.hand = [kind(t) if up or (turned is not None and i < turned) else None
                       for i, t in enumerate(m.order(seat))]
            d = m.drawn[seat]
            sv.drawn = False if d is None else (kind(d) if up or turned is not None else None)
            sv.melds = [([kind(t) if f else None for t, f in zip(mv.ids, mv.faces)], mv.spec)
                        for mv in m.melds[seat]]
            sv.flowers = [kind(t) for t in m.flowers[seat]]
            sv.river = [(kind(t), side) for t, side in m.river[seat]]
            if seat == self.human:
                sv.selected = selected
            if m.hidden:
                ids = self.shown_ids(seat)
                sv.hidden = frozenset(i for i, t in enumerate(ids) if t in m.hidden)
            v.seats[self.screen(seat)] = sv
        v.dice = m.dice
        v.dice_in_centre = m.dice_in_centre
        v.wall_break = self.wall_break()
        return v

    def wall_break(self) -> tuple[int, int, float] | None:
        """The broken wall for `Layout.wall_break_shift` (screen seat, stack, how far open)."""
        m = self.model
        if m.break_stack is None:
            return None
        owner, stack = divmod(m.break_stack, 13)
        return self.screen(owner), stack, m.break_open

    def hand_rects(self, seat: int) -> list[Any]:
        """Cells of a seat's shown tiles (hand order, then the drawn tile)."""
        m = self.model
        n = len(m.hands[seat])
        return list(self.layout.hand_slots(self.screen(seat), n, drawn=m.drawn[seat] is not None))

    def shown_ids(self, seat: int) -> list[int]:
        m = self.model
        ids = m.order(seat)
        if m.drawn[seat] is not None:
            ids.append(m.drawn[seat])  # type: ignore[arg-type]
        return ids

    # --- where a tile is now --------------------------------------------------------------------
    def _sprite_at(self, slot: Any, kind_: int | None, face_up: bool) -> TileSprite:
        x, y = slot.rect.topleft
        return TileSprite(kind_, float(x), float(y), slot.width, slot.orientation, face_up)

    def take(self, tile: int) -> TileSprite:
        """Remove a tile from wherever the model shows it; a sprite where it was."""
        m, lay = self.model, self.layout
        for seat in range(4):
            sc = self.screen(seat)
            up = self.faces(seat)
            shown = self.shown_ids(seat)
            if tile in shown:
                i = shown.index(tile)
                slot = self.hand_rects(seat)[i]
                if m.drawn[seat] == tile:
                    m.drawn[seat] = None
                else:
                    m.hands[seat].remove(tile)
                return self._sprite_at(slot, kind(tile), up)
            for i, (t, _side) in enumerate(m.river[seat]):
                if t == tile:
                    slot = lay.river_slots(sc, [s for _, s in m.river[seat]])[i]
                    del m.river[seat][i]
                    return self._sprite_at(slot, kind(tile), True)
            for k, mv in enumerate(m.melds[seat]):
                if tile in mv.ids:
                    i = mv.ids.index(tile)
                    slots = lay.meld_slots(sc, len(m.hands[seat]), [x.spec for x in m.melds[seat]])
                    slot = slots[k][i]
                    mv.ids.pop(i)
                    mv.faces.pop(i)
                    mv.spec = MeldSpec(len(mv.ids), mv.spec.sideways if mv.spec.sideways is None
                                       or mv.spec.sideways < len(mv.ids) else None)
                    return self._sprite_at(slot, kind(tile), True)
        if tile in m.wall_tiles:
            pos = m.wall_tiles.index(tile)
            return self.from_wall(pos, tile, False)
        raise LookupError(f"tile {tile} is nowhere on the table")

    def from_wall(self, pos: int, tile: int | None, face_up: bool) -> TileSprite:
        from game.engine.wall import place

        (x, y), orient = self.layout.wall_place(pos, self.human)
        _, stack, _ = place(pos)
        dx, dy = self.layout.wall_break_shift(orient, stack, self.wall_break())
        x, y = round(x + dx), round(y + dy)
        self.model.wall.discard(pos)
        return TileSprite(None if tile is None else kind(tile), float(x), float(y), self.layout.tile,
                          orient, face_up)

    # --- animation helpers ----------------------------------------------------------------------
    def _flight(self, sprite: TileSprite, slot: Any, face_up: bool, duration: float,
                land: Callable[[], Any] | None = None, hop: float = 0.0) -> Anim:
        """The sprite takes the look of its destination and flies there; `land` runs at the end."""
        sprite.width = slot.width
        sprite.orientation = slot.orientation
        sprite.face_up = face_up
        self.sprites.add(sprite)
        to = slot.rect.topleft

        def done() -> None:
            self.sprites.remove(sprite)
            if land is not None:
                land()
        return Sequence(fly(sprite, to, duration, hop=hop), Call(done))

    def say(self, text: str, colour: tuple[int, int, int] = (236, 196, 92), seconds: float = 1.2) -> Call:
        def show() -> None:
            self.banner = (text, colour)
            self.banner_left = seconds
        return Call(show)

    # --- events -----------------------------------------------------------------------------------
    def animate(self, e: Event) -> Anim | None:
        """The animation of one event (None: it shows nothing). Every kind of event has its
        case: a new kind in `game.engine.events.Event` is a type error here until it has one."""
        match e:
            case SessionStarted():
                return self._on_SessionStarted(e)
            case HandStarted():
                return self._on_HandStarted(e)
            case WallBuilt():
                return self._on_WallBuilt(e)
            case DiceRolled():
                return self._on_DiceRolled(e)
            case WallBroken():
                return self._on_WallBroken(e)
            case Dealt():
                return self._on_Dealt(e)
            case FlowerShown():
                return self._on_FlowerShown(e)
            case Drew():
                return self._on_Drew(e)
            case Discarded():
                return self._on_Discarded(e)
            case Claimed():
                return self._on_Claimed(e)
            case KongDeclared():
                return self._on_KongDeclared(e)
            case NineMajorDeclared():
                return self._on_NineMajorDeclared(e)
            case WinDeclared():
                return self._on_WinDeclared(e)
            case HandEnded():
                return self._on_HandEnded(e)
            case SessionEnded():
                return None  # the session's results are a screen of their own
            case _:
                assert_never(e)

    def _on_SessionStarted(self, e: SessionStarted) -> Anim:
        self.model.seat_pick = e

        def clear() -> None:
            self.model.seat_pick = None
        return Sequence(Delay(DURATION["seats"]), Call(clear))

    def _on_HandStarted(self, e: HandStarted) -> Anim:
        self.sprites.clear()
        self.model = HandModel(hand_no=e.hand, scores=tuple(e.scores), players=tuple(e.players),
                               prevalent=e.prevalent, doubled=e.doubled)
        self.calls.clear()
        self._call_anims.clear()
        self._glows.clear()
        self.model.sort[self.human] = True
        self.deals = 0
        self._won = False
        self.rng = random.Random(e.hand * 7919 + (e.seed or 0) % 100_000)
        return Sequence(self.say(self.text("table.hand_n", n=e.hand), seconds=1.0),
                        Delay(DURATION["hand_start"]))

    def _on_WallBuilt(self, e: WallBuilt) -> Anim:
        m, lay = self.model, self.layout
        m.wall_tiles = tuple(e.tiles or ())
        # the shuffle: face-down tiles wander about the middle of the table
        sq = lay.clear_square
        shuffle: list[Anim] = []
        rng = self.rng
        sprites = []
        for _ in range(28):
            s = TileSprite(None, sq.x + rng.random() * (sq.w - lay.tile), sq.y + rng.random() * (sq.h - lay.tile),
                           lay.tile, rng.randrange(4), False)
            sprites.append(s)
            hop = (sq.x + rng.random() * (sq.w - lay.tile), sq.y + rng.random() * (sq.h - lay.tile))
            back = (sq.x + rng.random() * (sq.w - lay.tile), sq.y + rng.random() * (sq.h - lay.tile))
            half = DURATION["shuffle"] / 2
            shuffle.append(Sequence(fly(s, hop, half, "ease_in_out_sine"), fly(s, back, half, "ease_in_out_sine")))

        def start() -> None:
            for s in sprites:
                self.sprites.add(s)

        def stop() -> None:
            for s in sprites:
                self.sprites.remove(s)
        build: list[Anim] = []
        for j in range(13):
            places = [p for o in range(4) for p in (o * 26 + j * 2, o * 26 + j * 2 + 1)
                      if p < len(m.wall_tiles) and m.wall_tiles[p] >= 0]
            build.append(Call(partial(m.wall.update, places)))
            build.append(Delay(DURATION["build_step"]))
        return Sequence(Call(start), Parallel(*shuffle), Call(stop), Call(lambda: self.sound("wall")),
                        *build, self._moment("walls"))

    def _moment(self, name: str) -> Call:
        def mark() -> None:
            if self.key_moment(f"hand{self.model.hand_no}-{name}"):
                self.hold = True
        return Call(mark)

    def _dice_path(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        lay = self.layout
        cx, cy = lay.centre
        ds = lay.dice_size
        a = lay.wall_inner_half * 0.75
        offsets = {0: (0.0, a), 1: (a, 0.0), 2: (0.0, -a), 3: (-a, 0.0)}
        dx, dy = offsets[self.screen(seat)]
        end = (cx - ds * 1.125, cy - ds / 2)
        return (end[0] + dx, end[1] + dy), end

    def _on_DiceRolled(self, e: DiceRolled) -> Anim:
        m = self.model
        dice = DiceSprite(size=self.layout.dice_size)
        start, end = self._dice_path(e.seat)
        key = "table.dice_breaker" if e.purpose == DicePurpose.BREAKER else "table.dice_count"
        if self.names(e.seat) == self.text("table.you"):  # "You roll 7", not "You rolls 7"
            key += "_you"

        def begin() -> None:
            m.dice = None
            self.sprites.dice.append(dice)
            self.sound("dice")

        def settle() -> None:
            if dice in self.sprites.dice:
                self.sprites.dice.remove(dice)
            m.dice = (int(e.faces[0]), int(e.faces[1]))
            m.dice_in_centre = True
        roll = roll_dice(dice, tuple(e.faces), start, end, DURATION["dice"],  # type: ignore[arg-type]
                         rng=random.Random(self.rng.random()))
        total = sum(e.faces)
        steps = [Call(begin), roll, Call(settle),
                 self.say(self.text(key, name=self.names(e.seat), n=total), seconds=1.4),
                 Delay(DURATION["dice_hold"])]
        if e.purpose == DicePurpose.COUNT:
            steps.append(self._moment("dice"))
        return Sequence(*steps)

    def _on_WallBroken(self, e: WallBroken) -> Anim:
        m = self.model

        def mark() -> None:
            m.counted_stack = e.counted
            m.break_stack = e.counted
            m.break_open = 0.0

        def done() -> None:
            m.counted_stack = None
            m.dice_in_centre = False
        owner = e.counted // 13
        if owner == self.human and not self.reveal_all:
            text = self.text("table.break_yours", n=e.count)
        else:
            text = self.text("table.break", name=self.names(owner), n=e.count)
        opening = Sequence(Delay(DURATION["break"] * 0.4),
                           Prop(m, "break_open", 1.0, DURATION["break"] * 0.6, "ease_out_cubic"))
        return Sequence(Call(mark), Parallel(self.say(text, seconds=1.4), opening), Call(done))

    def _on_Dealt(self, e: Dealt) -> Anim:
        m = self.model
        seat = e.seat
        sc = self.screen(seat)
        ids = list(e.tiles) if e.tiles is not None else [-1] * len(e.positions)
        flights: list[Anim] = []
        base = len(m.hands[seat])
        up = self.faces(seat)
        for i, (t, pos) in enumerate(zip(ids, e.positions)):
            tile = t if t >= 0 else None
            sprite = self.from_wall(pos, tile, up)
            idx = base + i
            slot = (self.layout.drawn_slot(sc, 13) if idx == 13
                    else self.layout.hand_slots(sc, idx + 1)[idx])
            flights.append(self._flight(sprite, slot, up and tile is not None, DURATION["deal"],
                                        land=partial(self._land_dealt, seat, tile)))
        self.deals += 1
        last = self.deals == len(DEAL_STEPS)
        steps: list[Anim] = [Call(lambda: self.sound("deal")), Parallel(*flights)]
        if last:
            def sort() -> None:
                m.dealing = False
                m.turn = 0  # the dealer (East) plays first, without a draw event
            steps += [Call(sort), self._moment("dealt")]
        return Sequence(*steps)

    def _land_dealt(self, seat: int, tile: int | None) -> None:
        m = self.model
        if tile is None:
            return
        if len(m.hands[seat]) >= 13:
            m.drawn[seat] = tile
        else:
            m.hands[seat].append(tile)

    def _on_FlowerShown(self, e: FlowerShown) -> Anim:
        m = self.model
        sprite = self.take(e.tile)
        slot = self.layout.flower_slots(self.screen(e.seat), len(m.flowers[e.seat]) + 1)[-1]
        return Sequence(self.say(self.text("table.flower", name=self.names(e.seat)), seconds=0.9),
                        self._flight(sprite, slot, True, DURATION["flower"],
                                     land=lambda: m.flowers[e.seat].append(e.tile), hop=8))

    def _on_Drew(self, e: Drew) -> Anim:
        m = self.model
        # before the first discard only the dealer has a turn: the others' draws are flower
        # replacements at the deal, which join their hands (the engine keeps no drawn tile)
        setup = m.discards == 0 and e.seat != 0
        m.turn = 0 if m.discards == 0 else e.seat
        m.merge_drawn(e.seat)
        up = self.faces(e.seat)
        sprite = self.from_wall(e.position, e.tile, up)
        slot = self.layout.drawn_slot(self.screen(e.seat), len(m.hands[e.seat]))

        def land() -> None:
            m.drawn[e.seat] = e.tile
            if setup:
                m.merge_drawn(e.seat)
            if e.seat == self.human:
                self.sound("draw")
        if e.replacement:  # from the back of the wall (the engine's position): lifted off it
            sprite.z = 1.0
            return self._flight(sprite, slot, up and e.tile is not None, DURATION["replace"],
                                land=land, hop=self.layout.tile * 0.7)
        return self._flight(sprite, slot, up and e.tile is not None, DURATION["draw"], land=land)

    def _on_Discarded(self, e: Discarded) -> Anim:
        m = self.model
        seat = e.seat
        m.turn = seat
        sprite = self.take(e.tile)
        sides = [s for _, s in m.river[seat]] + [bool(e.uper)]
        slot = self.layout.river_slots(self.screen(seat), sides)[-1]

        def land() -> None:
            m.river[seat].append((e.tile, bool(e.uper)))
            m.last_discard = (seat, e.tile)
            m.discards += 1
            self.sound("discard")

        def sort_in() -> Anim | None:
            """The drawn tile slides into its place in the hand."""
            d = m.drawn[seat]
            if d is None:
                return None
            sc = self.screen(seat)
            src = self.layout.drawn_slot(sc, len(m.hands[seat]))
            m.merge_drawn(seat)
            j = m.order(seat).index(d)
            dst = self.layout.hand_slots(sc, len(m.hands[seat]))[j]
            up = self.faces(seat)
            sprite = self._sprite_at(src, kind(d), up)
            m.hidden.add(d)
            return self._flight(sprite, dst, up, DURATION["sort_in"], land=lambda: m.hidden.discard(d), hop=4)
        steps: list[Anim] = []
        throw = self._flight(sprite, slot, True, DURATION["discard"], land=land, hop=6)
        if e.uper:  # the call at the seat and its stick laid down; stick and lit plate stay
            steps += [self.call(seat, "uper"), Parallel(throw, self._lay_stick(seat))]
        else:
            steps.append(throw)
        steps.append(Lazy(sort_in))
        if m.discards + 1 == MIDHAND_DISCARDS:
            steps.append(self._moment("midhand"))
        return Sequence(*steps)

    def _lay_stick(self, seat: int) -> Anim:
        """Engine seat `seat`'s uper stick slides in from its side and drops into its place
        (`Layout.uper_stick`); once it lies there the model has it (the board draws it)."""
        m, lay = self.model, self.layout
        rect = lay.uper_stick(self.screen(seat))
        stick = UperStick(rect, outward(lay.centre, rect), lay.tile * 3.0)

        def show() -> None:
            self.sprites.effects.append(stick)

        def land() -> None:
            if stick in self.sprites.effects:
                self.sprites.effects.remove(stick)
            m.uper.add(seat)
        return Sequence(Call(show), stick.lay(DURATION["stick"], land=land))

    @staticmethod
    def meld_spec(size: int, seat: int, from_seat: int | None) -> MeldSpec:
        """Which tile of a claimed meld lies sideways: the left one when claimed from the left
        player, the middle from across, the right one from the right player.

        >>> Director.meld_spec(3, 0, 3), Director.meld_spec(3, 0, 2), Director.meld_spec(4, 0, 1)
        (MeldSpec(size=3, sideways=0), MeldSpec(size=3, sideways=1), MeldSpec(size=4, sideways=3))
        """
        if from_seat is None:
            return MeldSpec(size, None)
        rel = (from_seat - seat) % 4
        return MeldSpec(size, {3: 0, 2: 1, 1: size - 1}[rel])

    def _on_Claimed(self, e: Claimed) -> Anim:
        m = self.model
        seat = e.seat
        spec = self.meld_spec(len(e.tiles), seat, e.from_seat)
        others = [t for t in e.tiles if t != e.tile]
        ids = others[:spec.sideways] + [e.tile] + others[spec.sideways:]
        m.last_discard = None
        sprites = {t: self.take(t) for t in ids}
        mv = MeldView(ids, [True] * len(ids), spec, kind(e.tile))
        slots = self.layout.meld_slots(self.screen(seat), len(m.hands[seat]),
                                       [x.spec for x in m.melds[seat]] + [spec])[-1]
        claimed = sprites[e.tile]
        claimed.z = 1.0  # over what it passes
        fly_out = self._flight(claimed, slots[ids.index(e.tile)], True, DURATION["claim_fly"],
                               hop=self.layout.tile * 0.9)
        own = [self._flight(sprites[t], slot, True, DURATION["claim"])
               for t, slot in zip(ids, slots) if t != e.tile]
        meet = Sequence(Delay(DURATION["claim_fly"] - DURATION["claim"]), Parallel(*own))
        m.turn = seat
        return Sequence(self.call(seat, "kong" if e.meld == "kong" else "pung"),
                        Parallel(fly_out, meet),
                        Call(lambda: m.melds[seat].append(mv)), Delay(DURATION["call"] * 0.4))

    def _on_KongDeclared(self, e: KongDeclared) -> Anim:
        m = self.model
        seat = e.seat
        sc = self.screen(seat)
        say = self.call(seat, "kong")
        if e.meld == "added_kong":
            t = e.tiles[0]
            target = next((mv for mv in m.melds[seat] if mv.kind == kind(t) and len(mv.ids) == 3), None)
            sprite = self.take(t)
            if target is None:  # pragma: no cover - the engine only adds to an own pung
                return Sequence(say)
            k = m.melds[seat].index(target)
            specs = [x.spec for x in m.melds[seat]]
            specs[k] = MeldSpec(4, target.spec.sideways)
            slot = self.layout.meld_slots(sc, len(m.hands[seat]), specs)[k][-1]

            def land() -> None:
                target.ids.append(t)
                target.faces.append(True)
                target.spec = MeldSpec(4, target.spec.sideways)
            return Sequence(say, self._flight(sprite, slot, True, DURATION["claim"], land=land))
        ids = list(e.tiles)
        sprites = [self.take(t) for t in ids]
        spec = MeldSpec(4, None)
        mv = MeldView(ids, [False, True, True, False], spec, kind(ids[0]))
        slots = self.layout.meld_slots(sc, len(m.hands[seat]), [x.spec for x in m.melds[seat]] + [spec])[-1]
        flights = [self._flight(s, slot, f, DURATION["claim"]) for s, slot, f in zip(sprites, slots, mv.faces)]
        return Sequence(say, Parallel(*flights), Call(lambda: m.melds[seat].append(mv)))

    def _on_NineMajorDeclared(self, e: NineMajorDeclared) -> Anim:
        m = self.model

        def show() -> None:
            m.revealed.add(e.seat)
        return Sequence(Call(show), self.say(self.text("table.called_nine", name=self.names(e.seat)), seconds=2.0),
                        Delay(DURATION["win"]))

    def _on_WinDeclared(self, e: WinDeclared) -> Anim:
        m = self.model
        seat = e.seat
        steps: list[Anim] = [self.call(seat, "ola" if e.how == WinHow.SELF_DRAW else "ssoa")]
        first = not self._won
        self._won = True
        if e.how != WinHow.SELF_DRAW and first:
            sprite = self.take(e.tile)
            m.merge_drawn(seat)
            slot = self.layout.drawn_slot(self.screen(seat), len(m.hands[seat]))
            steps.append(self._flight(sprite, slot, True, DURATION["claim"],
                                      land=lambda: m.drawn.__setitem__(seat, e.tile), hop=10))

        steps.append(Lazy(partial(self._win_moment, seat, e.tile)))
        return Sequence(*steps)

    def _win_moment(self, seat: int, tile: int) -> Anim:
        """The winning tile marked (`WinGlow`) while the winner's hand turns up, left to right."""
        m = self.model
        glow: list[Anim] = []
        shown = self.shown_ids(seat)
        if tile in shown:
            g = WinGlow(self.hand_rects(seat)[shown.index(tile)].rect)
            self._glows.append(g)
            self.sprites.effects.append(g)
            glow.append(g.pulse(DURATION["win"]))

        def reveal() -> None:
            m.turning.pop(seat, None)
            m.revealed.add(seat)
        if self.faces(seat):
            return Parallel(*glow, Sequence(Call(reveal), Delay(DURATION["win"])))
        m.turning[seat] = 0.0

        def turned(v: float | tuple[float, ...]) -> None:
            if seat in m.turning and not isinstance(v, tuple):
                m.turning[seat] = float(v)
        turn = Tween(DURATION["turn_up"], 0.0, float(len(m.hands[seat])), "ease_in_out_sine", turned)
        return Parallel(*glow, Sequence(turn, Call(reveal),
                                        Delay(max(0.0, DURATION["win"] - DURATION["turn_up"]))))

    def _on_HandEnded(self, e: HandEnded) -> Anim:
        m = self.model

        def reveal() -> None:
            m.revealed.update(range(4))
            m.scores = tuple(s + p for s, p in zip(m.scores, e.payments))
            m.turn = None
        steps: list[Anim] = [Call(reveal)]
        if e.winners:  # the fanfare grows with the hand: the biggest win's basic points
            fanfare = win_effect(max(w.result.basic for w in e.winners))
            steps.append(Call(lambda: self.sound(fanfare)))
            if fanfare == "win_big":  # 8 points and more: the glow flares gold, longer
                steps.append(Parallel(Delay(DURATION["big_win"]),
                                      *(g.flare(DURATION["big_win"]) for g in self._glows)))
        if e.reason != EndReason.WIN:
            steps.append(self.say(self.text("result.draw"), (200, 210, 230), 1.6))
        steps += [Delay(DURATION["end"]), Call(self.on_hand_end)]
        return Sequence(*steps)
