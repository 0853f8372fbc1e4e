"""What the table SHOWS, pinned against the engine after every event the director has shown.

Whole seeded hands are played at instant speed (computer opponents; the human at player 0 answers
automatically with the greedy seat's choice). The engine's state is photographed as each event is
emitted (`Table.on_event`, hooked through `Session.new_hand`); the director's picture is checked
right after it has shown that event (just before it takes the next one). Per seat:

- the concealed tiles are the engine's (ids), face up only for the human, a revealed seat (the
  winner from its win on, a nine-major declarer, everyone at the hand's end) or in autoplay;
- melds are the engine's, face up, a claimed tile sideways toward its discarder; a concealed
  kong shows two tiles face down at the ends and two face up in the middle (for its owner too);
- the river is the engine's (claimed tiles gone) with the uper tile, and only it, sideways;
- flowers and the wall count are the engine's;
- an uper discard puts the uper marker (the console's stick, the lit plate) on its seat, kept
  there on exactly the engine's uper seats after every event to the hand's end, and its river
  tile (only it) lies sideways, turned a quarter toward the next seat;
- the turn marker (`HandModel.turn`, the gold bar) is on the engine's seat to play once the hand
  is under way (the dealer's opening turn: a known bug, below), on the deciding seat whenever a
  turn decision is asked, and gone at the hand end;
- whenever a seat decides, a seat's drawn tile stands apart exactly when the engine holds one for
  it (except the known bug of a flower replaced at the deal, below);
- after a hand: the scores beside the names in the info panel are the session's (text drawn),
  the director's are the hand's starting scores plus the `HandEnded` payments; the result screen
  draws, in order, every yak line of the `HandEnded` payload (Korean and English name, points,
  basic/bonus), the final total, the ante + basic + bonus line and each seat's payment;
- at the hand end every hand, the winner's first, is drawn face up (pixels of the table scene),
  while in play an opponent's hand is drawn as tile backs;
- a concealed kong and the nine-major declaration on rigged walls;
- the layout's own overlap check (`Layout.problems`) reports overlapping regions.

Deliberate breaks these tests were seen to catch (each made in the source by hand, the tests run
and failing, the source restored):

- `Director._on_WinDeclared` without ``m.revealed.add(seat)`` (the winner's hand is not turned
  face up when the win is called) -> test_every_event_shows_the_engines_table[3, 151],
  test_at_the_hand_end_the_winners_hand_is_drawn_face_up;
- `Director._on_HandEnded` without ``m.revealed.update(range(4))`` -> every test that plays a
  session, and test_a_concealed_kong_shows_two_tiles_face_down_to_everyone;
- `Director.faces` returning True for every seat (opponents' tiles face up) -> the session tests,
  test_an_opponents_hand_is_drawn_face_down_during_play (pixels), the concealed kong and
  nine-major tests;
- `Director._on_KongDeclared` showing a concealed kong all face up -> test_every_event_...[151,
  12], test_spectator_mode_..., test_a_concealed_kong_...;
- `Director._on_Discarded` landing every discard upright (``(e.tile, False)``), or without the
  "Uper!" banner (now: the uper marker) -> test_every_event_...[3, 151, 61];
- `Director._on_Drew` not moving the turn marker, or `_on_HandEnded` leaving it -> the session
  tests;
- `Director._on_HandEnded` not adding the payments to ``m.scores``, or `draw_info` drawing another
  seat's score -> the scores pin of the session tests;
- `HandResultScene._draw_win` dropping a yak line or drawing the basic points as the total, or
  `_draw_payments` showing the next seat's payment -> the result-screen pin of the session tests;
- `Layout.problems` not checking overlaps, or `Rect.overlaps` always False (both leave
  tests/ui/test_layout.py passing) -> the three layout tests here.

Found by these pins and fixed: the dealer's opening turn was not marked (the marker was unset,
or on the last seat that replaced a flower at the deal), and a flower replacement drawn at the
deal by South, West or North kept standing apart as a "drawn" tile after the engine had taken it
into the hand.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pygame
import pytest

from ai.greedy import GreedySeat
from game.engine import events as ev
from game.engine.rules import RuleSet
from game.engine.scoring.yak import YAK
from game.engine.session import Session
from game.engine.table import Table, rig_wall
from game.i18n import seat_name
from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.director import Director, kind
from game.ui.layout import Layout, MeldSpec, Rect, screen_seat
from game.ui.scenes.results import HandResultScene, SessionResultScene, signed
from game.ui.scenes.table import TableScene

DATA_ENV = "KOREAN_MAHJONG_DATA_DIR"


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    return tmp_path


def make_app(size=(1280, 800)):
    pygame.init()
    return App(Settings(language="en", sound=False, animation_speed="instant", ai_delay_ms=0), size=size)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


# --- the engine, photographed at each event ------------------------------------------------------
@dataclasses.dataclass
class Snap:
    """The engine's table right after it emitted one event."""

    concealed: list[list[int]]
    drawn: list[int | None]
    melds: list[list[tuple[str, tuple[int, ...], int | None]]]  # (type, ids, from seat)
    limbo: tuple[int, int] | None
    river: list[list[tuple[int, bool]]]  # (tile id, sideways) without the claimed tiles
    flowers: list[list[int]]
    wall: int
    turn: int
    uper: tuple[bool, ...] = ()  # the seats that declared uper this hand

    @classmethod
    def take(cls, t: Table) -> Snap:
        return cls(
            concealed=[sorted(ss.concealed) for ss in t.seat_state],
            drawn=[ss.drawn for ss in t.seat_state],
            melds=[[(m.type, tuple(ids), m.from_seat) for m, ids in zip(ss.melds, ss.meld_ids)]
                   for ss in t.seat_state],
            limbo=t.limbo,
            river=[[(x, i == ss.uper_index) for i, x in enumerate(ss.river)
                    if i not in ss.river_claimed]
                   for ss in t.seat_state],
            flowers=[list(ss.flowers) for ss in t.seat_state],
            wall=t.wall.remaining,
            turn=t.turn,
            uper=tuple(ss.uper_index >= 0 for ss in t.seat_state),
        )


def hook_snapshots(monkeypatch) -> dict[int, tuple[Any, Snap]]:
    """id(event) -> `Snap` for every event of every hand a session deals from now on."""
    out: dict[int, tuple[Any, Snap]] = {}
    new_hand = Session.new_hand

    def hooked(self, on_event=None, **rig):
        def hook(table, e):
            out[id(e)] = (e, Snap.take(table))
            if on_event is not None:
                on_event(table, e)
        return new_hand(self, on_event=hook, **rig)

    monkeypatch.setattr(Session, "new_hand", hooked)
    return out


@pytest.fixture
def snaps(monkeypatch):
    return hook_snapshots(monkeypatch)


def expected_meld(seat: int, mtype: str, ids: tuple[int, ...], frm: int | None, spec_sideways=None):
    """The meld as the felt should show it: (kinds or None per tile, sorted ids, sideways index)."""
    k = kind(ids[0])
    if mtype == "concealed_kong":
        return [None, k, k, None], sorted(ids), None
    if mtype == "added_kong":
        return [k] * 4, sorted(ids), spec_sideways
    return [k] * len(ids), sorted(ids), Director.meld_spec(len(ids), seat, frm).sideways


class ViewWatch:
    """Checks the director's picture against the engine after every event it has shown."""

    def __init__(self, sc: TableScene, snaps: dict[int, tuple[Any, Snap]]) -> None:
        self.sc, self.snaps = sc, snaps
        d = sc.director
        self._animate = d.animate
        d.animate = self.animate  # a spy on this instance: each event passes here first
        self._ai_act = sc.driver.ask
        sc.driver.ask = self.ai_act  # a spy on this driver: the scene asks the seats through it
        self.last: Any = None
        self.revealed: set[int] = set()
        self.under_way = False  # a discard has been shown in this hand
        self.seen: Counter = Counter()
        self.pung_sideways: dict[tuple[int, int], int | None] = {}
        self.checked = 0
        self.decisions = 0

    # the director takes an event: the one before it is fully shown now
    def animate(self, e: Any) -> Any:
        self.flush()
        self.last = e
        return self._animate(e)

    def flush(self) -> None:
        e, self.last = self.last, None
        if e is not None:
            self.check(e)

    def ai_act(self, seat, decision):
        self.at_decision(seat, decision)
        return self._ai_act(seat, decision)

    # --- the checks ----------------------------------------------------------------------------
    def check(self, e: Any) -> None:
        entry = self.snaps.get(id(e))
        if entry is None or entry[0] is not e:  # the session's own events (seat selection, the end)
            return
        snap = entry[1]
        sc, d = self.sc, self.sc.director
        m = d.model
        name = type(e).__name__
        self.seen[name] += 1
        if isinstance(e, ev.HandStarted):
            self.revealed = set()
            self.under_way = False
        elif isinstance(e, (ev.WinDeclared, ev.NineMajorDeclared)):
            self.revealed.add(e.seat)
        elif isinstance(e, ev.HandEnded):
            self.revealed = {0, 1, 2, 3}
        elif isinstance(e, ev.Discarded):
            self.under_way = True
        where = f"after {name} #{self.seen[name]} ({e!r:.80})"
        assert not d.timeline.busy and not d.sprites.tiles, where
        view = d.view()
        for seat in range(4):
            sv = view.seats[screen_seat(seat, d.human)]
            up = sc.autoplay or seat == d.human or seat in self.revealed
            ids = d.shown_ids(seat)
            faces = sv.hand + ([] if sv.drawn is False else [sv.drawn])
            assert sorted(ids) == snap.concealed[seat], f"{where}: seat {seat}'s concealed tiles"
            assert faces == ([kind(t) for t in ids] if up else [None] * len(ids)), \
                f"{where}: seat {seat}'s hand should be {'face up' if up else 'face down'}"
            assert not sv.hidden, where
            if up and m.sort[seat] and not m.dealing:
                assert sv.hand == sorted(sv.hand), f"{where}: seat {seat}'s hand is shown sorted"
            # melds
            want = []
            for mtype, mids, frm in snap.melds[seat]:
                if mtype == "pung":
                    self.pung_sideways[(seat, kind(mids[0]))] = Director.meld_spec(3, seat, frm).sideways
                want.append(expected_meld(seat, mtype, mids, frm, self.pung_sideways.get((seat, kind(mids[0])))))
            if snap.limbo is not None and snap.limbo[0] == seat:  # an added kong not yet complete
                t = snap.limbo[1]
                for i, (f, mids, side) in enumerate(want):
                    if len(mids) == 3 and kind(mids[0]) == kind(t) and f[0] is not None:
                        want[i] = ([kind(t)] * 4, sorted(mids + [t]), side)
            got = [(f, sorted(mv.ids), mv.spec.sideways) for (f, _spec), mv in zip(sv.melds, m.melds[seat])]
            assert got == want, f"{where}: seat {seat}'s melds"
            assert [len(f) for f, _ in sv.melds] == [mv.spec.size for mv in m.melds[seat]], where
            # the river, the uper tile sideways
            assert [(t, side) for t, side in m.river[seat]] == snap.river[seat], f"{where}: seat {seat}'s river"
            assert sv.river == [(kind(t), side) for t, side in snap.river[seat]], where
            assert sv.flowers == [kind(t) for t in snap.flowers[seat]], f"{where}: seat {seat}'s flowers"
        if m.wall_tiles and not m.dealing:
            assert len(m.wall) == snap.wall, f"{where}: the wall count"
            assert sc.info().wall_count == snap.wall, where
        if isinstance(e, ev.Discarded) and e.uper:
            self.seen["uper"] += 1
            assert e.seat in m.uper, f"{where}: the uper marker"
            river = m.river[e.seat]
            assert river and river[-1] == (e.tile, True), f"{where}: the uper tile lies sideways"
            assert sum(side for _, side in river) == 1, where
            scr = screen_seat(e.seat, d.human)
            slot = sc.app.layout.river_slots(scr, [s for _, s in river])[-1]
            upright = sc.app.layout.river_slots(scr, [False] * len(river))[-1]
            assert slot.orientation == (scr + 1) % 4 and upright.orientation == scr, where
            assert (slot.rect.w > slot.rect.h) != (upright.rect.w > upright.rect.h), f"{where}: turned a quarter"
        # the uper marker (stick and lit plate) is on exactly the seats that declared uper, all hand
        info = sc.info()
        assert {s for s in range(4) if info.uper[screen_seat(s, d.human)]} == \
            {s for s in range(4) if snap.uper[s]}, f"{where}: the uper markers"
        if isinstance(e, ev.HandEnded):
            assert m.turn is None, f"{where}: no turn marker once the hand is over"
        elif self.under_way and not m.dealing:
            assert m.turn == snap.turn, (f"{where}: the turn marker is on seat {m.turn}, "
                                         f"the engine's turn is {snap.turn}")
        self.checked += 1

    def at_decision(self, seat: int, decision: Any) -> None:
        """The engine waits for `seat` and the director has shown everything: the marker and the
        drawn tiles are the engine's."""
        sc, d = self.sc, self.sc.director
        t, m = sc.table, d.model
        self.decisions += 1
        assert d.idle
        if decision.kind in ("turn", "discard") and self.under_way:
            assert m.turn == seat == t.turn, f"seat {seat} decides its turn: marker on {m.turn}"
        elif self.under_way:
            assert m.turn == t.turn, "a claim: the marker stays on the discarder"
        for s in range(4):
            assert m.drawn[s] == t.seat_state[s].drawn, f"seat {s}'s drawn tile stands apart as the engine's"


# --- driving a session -------------------------------------------------------------------------------
class AutoHuman:
    """The human's answers: what the greedy seat would do (it wins, claims, kongs and upers)."""

    def __init__(self, seed: int) -> None:
        self.seat = GreedySeat(seed)

    def answer(self, sc: TableScene) -> None:
        d = sc.prompt_for
        action = self.seat.act(d)
        assert sc.act(action), f"the human's {action!r} was refused: {sc.message}"


def text_spy(app: App) -> list[str]:
    """Every string the app's fonts render from now on (consecutive repeats once)."""
    drawn: list[str] = []
    text = app.fonts.text

    def spy(s, *a, **kw):
        if not drawn or drawn[-1] != s:
            drawn.append(s)
        return text(s, *a, **kw)

    app.fonts.text = spy
    return drawn


def in_order(seq: list[str], want: list[str]) -> bool:
    it = iter(seq)
    return all(any(w == s for s in it) for w in want)


def check_result_screen(sc: TableScene, res: HandResultScene) -> dict[str, int]:
    """The result screen over the table: scores and every line of the win reveal."""
    app, t = sc.app, res.table
    end = t.events[-1]
    assert isinstance(end, ev.HandEnded) and res.result is t.result
    r = t.result
    m = sc.director.model
    # the scores: the director's are the hand's start plus the payments; the panel's the session's
    start = next(e for e in t.events if isinstance(e, ev.HandStarted)).scores
    assert tuple(end.payments) == tuple(r.payments) and sum(end.payments) == 0
    assert m.scores == tuple(s + p for s, p in zip(start, end.payments))
    info = sc.info()
    by_screen = [0] * 4
    for seat in range(4):
        by_screen[screen_seat(seat, sc.director.human)] = seat
    assert info.scores == tuple(sc.session.scores[t.players[s]] for s in by_screen)
    assert info.scores == tuple(m.scores[s] for s in by_screen)
    surface = pygame.Surface(app.canvas.get_size())
    drawn = text_spy(app)
    try:
        # the info panel beside the table: each player's name, then his score
        sc.draw(surface)
        want = []
        for name, score in zip(info.names, info.scores):
            want += [name, f"{score:+d}" if score else "0"]
        panel = [s if not any(s.startswith(n) for n in info.names) else next(n for n in info.names if s.startswith(n))
                 for s in drawn]
        assert in_order(panel, want), f"the scores beside the names: want {want}, drawn {drawn}"
        # the result screen's lines
        pages = max(1, len(end.winners))
        for page in range(pages):
            del drawn[:]
            res.page = page
            res.draw(surface)
            if end.winners:
                w = end.winners[page].to_json()
                assert r.winners[page].result.to_json() == w["result"]
                winner = "ESWN".index(w["seat"])
                # the human's win speaks to the player ("You win (West)"); others by seat and name
                you = sc.is_you(t.players[winner])
                name = (app.tr("result.you_win", wind=seat_name(winner, app.lang), how="")
                        .split(":")[0] if you else res.who(winner))
                assert any(name in s for s in drawn[:3]), "the head names the winner"
                want = []
                for y in w["result"]["yak"]:
                    yak = YAK[y["key"]]
                    ys = next(x for x in r.winners[page].result.yak if x.key == y["key"])
                    count = f" ×{ys.count}" if ys.count > 1 else ""
                    label = app.tr("result.basic") if y["kind"] == "basic" else app.tr("result.bonus")
                    # the player's names first, the Korean beside them; in Korean only Korean
                    names = ([yak.name_ko + count] if app.lang == "ko"
                             else [yak.name_en + count, yak.name_ko])
                    want += [*names, f"{y['points']}  {label}"]
                assert in_order(drawn, want), f"yak lines: want {want}, drawn {drawn}"
                res_j = w["result"]
                assert str(res_j["total"]) in drawn
                assert app.tr("result.sum", ante=res_j["ante"], basic=res_j["basic"], bonus=res_j["bonus"],
                              total=res_j["total"]) in drawn
                pays = w["payments"] if len(end.winners) > 1 else list(end.payments)
            else:
                assert app.tr(f"result.reason.{end.reason}") in drawn
                pays = list(end.payments)
            lines = []
            for seat in range(4):
                lines += [res.who(seat), signed(pays[seat])]
            assert in_order(drawn, [app.tr("result.payments")] + lines), f"payments: {lines} in {drawn}"
    finally:
        del app.fonts.text  # back to the class's method
    return {"winners": len(end.winners)}


def play_session(app: App, snaps, seed: int, opponents: str = "greedy", hands: int = 2,
                 autoplay: bool = False, on_result=None, rules: RuleSet | None = None) -> ViewWatch:
    names = [opponents] * 4 if autoplay else ["human", opponents, opponents, opponents]
    sc = TableScene(app, names, seed=seed, hands=hands, record=False, rules=rules)
    app.push(sc)
    watch = ViewWatch(sc, snaps)
    human = AutoHuman(seed)
    results = 0
    for _ in range(4000):
        top = app.top
        if isinstance(top, SessionResultScene) or not app.running:
            break
        if isinstance(top, HandResultScene):
            watch.flush()
            check_result_screen(sc, top)
            if on_result is not None:
                on_result(sc, top, watch)
            results += 1
            app.step([key(pygame.K_RETURN)], 0.0)
            continue
        if sc.prompt_for is not None and sc.director.idle:
            watch.at_decision(sc.prompt_for.seat, sc.prompt_for)
            human.answer(sc)
        app.step([], 0.0)  # dt 0: banners stay up until the next one replaces them
    assert results == hands, f"{results} of {hands} hands reached their result screen"
    return watch


# Seeds whose two hands (greedy opponents) show, between them, what each pin needs; the test
# asserts that the hands still show it (so a change in the engine or the seats cannot silently
# take a pin's subject away).
SESSIONS = {
    3: {"uper@human", "uper@other", "win-self_draw", "win-discard", "added_kong@human", "claim-pung"},
    151: {"concealed_kong@human", "concealed_kong@other", "claim-kong", "end-exhaustive", "uper@other"},
    61: {"win-robbing_kong", "added_kong@other", "uper@human"},
    12: {"end-four_winds", "concealed_kong@other"},
}


def features(watch: ViewWatch, table: Table) -> set[str]:
    out = set()
    human = watch.sc.director.human

    def who(seat: int) -> str:
        return "human" if seat == human and not watch.sc.autoplay else "other"

    for e in table.events:
        if isinstance(e, ev.KongDeclared):
            out.add(f"{e.meld}@{who(e.seat)}")
        elif isinstance(e, ev.Discarded) and e.uper:
            out.add(f"uper@{who(e.seat)}")
        elif isinstance(e, ev.Claimed):
            out.add(f"claim-{e.meld}")
        elif isinstance(e, ev.WinDeclared):
            out.add(f"win-{e.how}")
        elif isinstance(e, ev.FlowerShown):
            out.add("flower")
        elif isinstance(e, ev.HandEnded):
            out.add(f"end-{e.reason}")
    return out


@pytest.mark.parametrize("seed", list(SESSIONS))
def test_every_event_shows_the_engines_table(seed, snaps):
    app = make_app()
    seen: set[str] = set()
    try:
        watch = play_session(app, snaps, seed, on_result=lambda sc, res, w: seen.update(features(w, res.table)))
    finally:
        app.close()
    assert SESSIONS[seed] <= seen, f"seed {seed} no longer shows {SESSIONS[seed] - seen}"
    assert watch.checked > 150 and watch.decisions > 20


def test_spectator_mode_shows_every_hand_face_up(snaps):
    """Autoplay (four computer players): every concealed tile is face up all hand long."""
    app = make_app()
    seen: set[str] = set()
    try:
        watch = play_session(app, snaps, 151, opponents="ai:standard", autoplay=True,
                             on_result=lambda sc, res, w: seen.update(features(w, res.table)))
        assert watch.sc.autoplay and watch.sc.director.reveal_all
    finally:
        app.close()
    assert watch.checked > 150 and "flower" in seen


def shows_face(surface: pygame.Surface, art, slot, kind_: int) -> bool:
    """Whether the middle of `slot` on `surface` looks like the face of `kind_` rather than a tile
    back (the art is blended onto the felt, so within a few levels per channel)."""
    r = slot.rect
    x, y = r.topleft
    patch = pygame.Rect(round(r.x + r.w * 0.2), round(r.y + r.h * 0.2), round(r.w * 0.6), round(r.h * 0.6))

    def distance(img: pygame.Surface) -> float:
        total = 0
        for py in range(patch.top, patch.bottom):
            for px in range(patch.left, patch.right):
                a, b = surface.get_at((px, py)), img.get_at((px - x, py - y))
                total += sum(abs(a[i] - b[i]) for i in range(3))
        return total / (patch.w * patch.h * 3)

    face = distance(art.tile(kind_, slot.width, slot.orientation, True))
    back = distance(art.tile(None, slot.width, slot.orientation, False))
    return face < 4 and back > 20


def test_at_the_hand_end_the_winners_hand_is_drawn_face_up(snaps):
    """The felt under the win screen: the winner's tiles (and everyone's) are drawn face up; an
    opponent's hand was drawn face down before the win."""
    app = make_app()
    checked = []

    def at_result(sc, res, watch):
        d = sc.director
        if not res.result.winners:
            return
        surface = pygame.Surface(app.canvas.get_size())
        sc.draw(surface)
        for seat in [w.seat for w in res.result.winners] + [0, 1, 2, 3]:
            ids = d.shown_ids(seat)
            slots = d.hand_rects(seat)
            assert len(slots) == len(ids) > 0
            for i, (t, slot) in enumerate(zip(ids, slots)):
                assert shows_face(surface, app.art, slot, kind(t)), f"seat {seat}'s tile {i} is not face up"
        checked.append([w.seat != d.human for w in res.result.winners])

    try:
        play_session(app, snaps, 3, on_result=at_result)
        assert checked and any(any(c) for c in checked), "an opponent won one of the hands"
    finally:
        app.close()


def test_an_opponents_hand_is_drawn_face_down_during_play(snaps):
    """The same pixel check tells a tile back from a face: an opponent's tiles are backs in play."""
    app = make_app()
    try:
        sc = TableScene(app, ["human", "greedy", "greedy", "greedy"], seed=3, hands=1, record=False)
        app.push(sc)
        for _ in range(50):
            if sc.prompt_for is not None and sc.director.idle:
                break
            app.step([], 0.0)
        assert sc.prompt_for is not None, "the human's first decision"
        d = sc.director
        surface = pygame.Surface(app.canvas.get_size())
        sc.draw(surface)
        for seat in range(4):
            for t, slot in zip(d.shown_ids(seat), d.hand_rects(seat)):
                assert shows_face(surface, app.art, slot, kind(t)) == (seat == d.human), seat
    finally:
        app.close()


# --- the concealed kong, and the nine major tiles, from rigged walls ----------------------------------
def director_for(table: Table, human: int, reveal_all: bool = False) -> Director:
    d = Director(Layout.for_size(1280, 800), human=human, speed=float("inf"), reveal_all=reveal_all)
    d.follow(table.events)
    d.update(0.0)
    return d


@pytest.mark.parametrize("human, reveal_all", [(0, False), (1, False), (2, True)])
def test_a_concealed_kong_shows_two_tiles_face_down_to_everyone(human, reveal_all):
    """East declares a concealed kong of 1m: the felt shows it back, 1m, 1m, back, whether East is
    the human (the owner), an opponent, or in spectator mode, and still so at the hand's end."""
    from game.engine.actions import ConcealedKong

    t = Table(RuleSet(flowers=False), 5, wall=rig_wall(["1111m234p567p1z2z3z4z", None, None, None], "", "9p"))
    t.submit(0, ConcealedKong(0))
    d = director_for(t, human, reveal_all)
    view = d.view()
    east = view.seats[screen_seat(0, human)]
    assert east.melds == [([None, 0, 0, None], MeldSpec(4, None))]
    assert [mv.ids for mv in d.model.melds[0]] == [list(t.seat_state[0].meld_ids[0])]
    # East's hand: face up to its owner (and in spectator mode) only
    assert (None not in east.hand) == (human == 0 or reveal_all)
    # the rest of the hand: everyone passes until the wall runs out
    from ai.random_seat import RandomSeat

    seats = [RandomSeat(s) for s in range(4)]
    while not t.is_over:
        for s, dec in t.pending().items():
            t.submit(s, seats[s].act(dec))
    d.update(0.0)
    assert d.model.revealed == {0, 1, 2, 3}
    assert d.view().seats[screen_seat(0, human)].melds[0][0] == [None, 0, 0, None]


def test_nine_major_tiles_turn_the_declarers_hand_face_up():
    from game.engine.actions import NINE_MAJOR

    t = Table(RuleSet(flowers=False), 5, wall=rig_wall(["19m19p1234567z555m", None, None, None]))
    assert NINE_MAJOR in t.pending()[0].legal
    d = director_for(t, 1)
    assert all(k is None for k in d.view().seats[screen_seat(0, 1)].hand)
    n = len(t.events)
    t.submit(0, NINE_MAJOR)
    assert isinstance(t.events[n], ev.NineMajorDeclared)
    d.follow(t.events[:n + 1], n)  # the declaration alone, before the hand's end
    d.update(0.0)
    east = d.view().seats[screen_seat(0, 1)]
    assert sorted(east.hand + [east.drawn]) == sorted(kind(x) for x in t.seat_state[0].concealed)
    assert d.banner is not None and "nine" in d.banner[0]


# --- known bugs -----------------------------------------------------------------------------------
def first_decision(app: App, seed: int) -> TableScene:
    sc = TableScene(app, ["human", "greedy", "greedy", "greedy"], seed=seed, hands=1, record=False)
    app.push(sc)
    sc.driver.ask = lambda seat, decision: None  # stop at the first decision, whoever's it is
    for _ in range(20):
        app.step([], 0.0)
        if sc.director.idle and sc.table.pending():
            return sc
    raise AssertionError("no decision")


@pytest.mark.parametrize("seed", [3, 1])
def test_the_dealers_opening_turn_is_marked(seed):
    app = make_app()
    try:
        sc = first_decision(app, seed)
        assert list(sc.table.pending()) == [0] and sc.table.turn == 0
        assert sc.director.model.turn == 0
    finally:
        app.close()


def test_a_flower_replacement_at_the_deal_joins_the_hand():
    app = make_app()
    try:
        sc = first_decision(app, 3)  # hand 1 of seed 3: North replaces a flower at the deal
        t, m = sc.table, sc.director.model
        assert any(t.seat_state[s].flowers for s in (1, 2, 3))
        assert [x is not None for x in m.drawn] == [ss.drawn is not None for ss in t.seat_state]
    finally:
        app.close()


# --- the layout's own overlap check -------------------------------------------------------------------
def test_the_layouts_overlap_check_reports_an_overlap(monkeypatch):
    lay = Layout.for_size(1280, 800)
    assert lay.problems() == []
    real = Layout.regions

    def overlapping(self):
        out = dict(real(self))
        row = out["row0"]
        out["panel"] = Rect(row.x + 10, row.y + 5, 40, 20)  # the panel moved onto the human's row
        return out

    monkeypatch.setattr(Layout, "regions", overlapping)
    fresh = Layout(**{f.name: getattr(lay, f.name) for f in dataclasses.fields(lay) if f.init})
    problems = fresh.problems()
    assert any("panel" in p and "overlaps row0" in p for p in problems), problems
    assert not fresh._fits()


def test_the_layouts_overlap_check_reports_regions_that_meet_and_not_those_that_touch(monkeypatch):
    real = Layout.regions
    lay = Layout.for_size(1280, 800)
    fields = {f.name: getattr(lay, f.name) for f in dataclasses.fields(lay) if f.init}
    base = real(lay)
    r = base["river0"]

    def with_region(extra):
        def regions(self):
            out = dict(real(self))
            out["extra"] = extra
            return out
        monkeypatch.setattr(Layout, "regions", regions)
        return Layout(**fields).problems()

    # a rectangle laid over the human's river is reported, by both names
    problems = with_region(Rect(r.x + 1, r.y + 1, 10, 10))
    assert any(p.startswith("river0") and "overlaps extra" in p for p in problems), problems
    # one touching the panel's left edge from outside the table is not an overlap
    p = base["panel"]
    touching = Rect(p.x - 1, p.y, 1, 1)
    assert not any("extra" in x and "overlaps" in x for x in with_region(touching)), "edges that touch"
    # out of the window: reported too
    assert any("extra" in x and "not inside the window" in x for x in with_region(Rect(-5, -5, 4, 4)))


def test_a_layout_with_tiles_too_large_for_the_window_has_overlaps():
    lay = Layout.for_size(1024, 640)
    big = Layout(1024, 640, lay.tile * 2, lay.river_tile * 2, lay.hand_tile, lay.meld_tile, lay.opp_tile,
                 lay.flower_tile, lay.margin, lay.gap, lay.panel_w)
    problems = big.problems()
    assert any("overlaps" in p for p in problems), problems


# --- the sacred line and the uper button's warning, on rigged deals (issue 14) ------------------------
def rigged_table(monkeypatch, hands, draws=""):
    """A table scene whose first hand deals `hands` (the human sits East: seed 2), at its first
    decision."""
    new_hand = Session.new_hand

    def rigged(self, on_event=None, **rig):
        rig["wall"] = rig_wall(hands, draws)
        return new_hand(self, on_event=on_event, **rig)
    monkeypatch.setattr(Session, "new_hand", rigged)
    app = make_app()
    sc = TableScene(app, ["human", "greedy", "greedy", "greedy"], seed=2, hands=1, record=False,
                    rules=RuleSet(flowers=False))
    app.push(sc)
    for _ in range(20):
        app.step([], 0.0)
        if sc.prompt_for is not None and sc.director.idle:
            break
    assert sc.human == 0 and sc.prompt_for is not None and sc.prompt_for.seat == 0
    return app, sc


def select(sc: TableScene, kind_: int) -> None:
    ids = sc.director.shown_ids(0)
    sc.cursor.index = next(i for i, t in enumerate(ids) if kind(t) == kind_)
    sc.cursor.on_drawn = False
    sc.input._turn_prompt()


@pytest.mark.parametrize("hand, throw, want", [
    # it throws a tile of its waits' stem (SD3): one of three waits barred, shown as a tile
    ("123m456p789p55m66p8m", "8m", ("table.sacred_tiles", "", "5m")),
    # it throws its own wait (SD2): no discard win at all
    ("123m456m789p11z57p6p", "6p", ("table.sacred", "table.sacred_self_draw", "")),
    # a clean wait: no line
    ("123m456m789p11z57p2z", "2z", None),
])
def test_the_sacred_line_is_the_engines_sacred_status(monkeypatch, hand, throw, want):
    from game.engine.actions import Discard
    from game.engine.tiles import format_tiles, parse_tile

    app, sc = rigged_table(monkeypatch, [hand, None, None, None])
    try:
        assert sc.sacred_line() is None
        sc.driver.ask = lambda seat, decision: None  # the others wait: the human keeps 13 tiles
        assert sc.act(Discard(parse_tile(throw)))
        app.step([], 0.0)
        t = sc.table
        assert len(t.hand_kinds(0)) == 13 and t.waits(0)
        st = t.sacred(0)
        line = sc.sacred_line()
        if want is None:
            assert line is None and not st.blocked
            return
        title, words, tiles = want
        assert line == (app.tr(title), app.tr(words) if words else "", tuple(parse_tiles_(tiles)))
        # the engine's own status says the same
        assert format_tiles(st.blocked) == (tiles or format_tiles(st.waits))
        assert st.blocks_all_discards == (words != "")
        # drawn in the left column, right above the human's plate; its text on the picture
        shown = text_spy(app)
        app.step([], 0.0)
        assert app.tr(title) in shown
    finally:
        app.close()


def parse_tiles_(s: str) -> list[int]:
    from game.engine.tiles import parse_tiles

    return parse_tiles(s) if s else []


def test_the_uper_button_warns_when_the_wait_would_be_sacred_and_asks_twice(monkeypatch):
    from game.engine.actions import Discard
    from game.engine.tiles import parse_tile

    # uper with 7p leaves 1p-4p waiting, barred by the 7p thrown (stem 1-4-7): self-draw only
    app, sc = rigged_table(monkeypatch, ["111z222z789p55m23p7p", None, None, None])
    try:
        select(sc, parse_tile("7p"))
        [uper] = [c for c in sc.prompt.choices if c.action == "uper"]
        assert uper.enabled and uper.warning.startswith(app.tr("table.uper_sacred_all", why="")[:12])
        assert Discard(parse_tile("7p"), uper=True) in sc.prompt_for.legal  # legal all the same
        sc.handle_event(key(pygame.K_u))  # the first U only warns
        assert sc.prompt_for is not None and not sc.table.seat_state[0].uper_index >= 0
        assert app.tr("table.uper_confirm") in sc.message
        sc.handle_event(key(pygame.K_u))  # the second declares
        assert sc.table.seat_state[0].uper_index >= 0
    finally:
        app.close()


def test_a_clean_uper_has_no_warning(monkeypatch):
    from game.engine.tiles import parse_tile

    app, sc = rigged_table(monkeypatch, ["111z222z789p55m23p2z", None, None, None])
    try:
        select(sc, parse_tile("2z"))
        [uper] = [c for c in sc.prompt.choices if c.action == "uper"]
        assert uper.enabled and uper.warning == ""  # an honour thrown: 1p-4p stay open to discards
        sc.handle_event(key(pygame.K_u))
        assert sc.table.seat_state[0].uper_index >= 0  # declared at the first press
        assert sc.sacred_line() is None
    finally:
        app.close()
