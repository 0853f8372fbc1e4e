"""One message per engine event: the line a transcript or the replay viewer shows for it.

`event_message(event, players)` makes a `Message` (its English, ``str()``, is the command-line
transcript's line with tiles in notation); the replay viewer and `korean-mahjong replay` render it
in the player's language (game/i18n). `players` are the names to show, already as the caller wants
them (they are shown as given).

>>> from game.engine.events import Discarded, Drew
>>> str(event_message(Discarded(seat=1, tile=52, uper=True)))
'S discards 5p, declaring uper'
>>> str(event_message(Drew(seat=0, tile=100, position=3, replacement=True)))
'E draws 1f (replacement)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

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
    Winner,
)
from game.engine.messages import INT, LIST, MSG, MSGS, SEAT, TEXT, TILE, TILES, YAK, Message, define
from game.engine.tiles import kind_of_tile

__all__ = ["event_message", "frozen_sacred"]

NAME = define("transcript.name", "{name}", name=TEXT)
#: a seat in a line: its wind, or (`event_message(seats=...)`) the name the seat plates show with
#: the wind, "Jiho (West)", so the replay viewer and the review name players as the table does
SEAT_WORD = define("transcript.seat", "{seat}", seat=SEAT)
WHO = define("transcript.who", "{name} ({seat})", name=TEXT, seat=SEAT)
PLAYER_N = define("transcript.player_n", "P{n}", n=INT)
SEATED = define("transcript.seated", "{player} {seat}", player=MSG, seat=SEAT)
METHOD = {"dice": define("transcript.method.dice", "dice"),
          "winds": define("transcript.method.winds", "wind tiles")}
SESSION_START = define("transcript.session_start", "Session start: seed {seed}, seats by {method}: "
                       "{who}", seed=INT, method=MSG, who=LIST)
HAND_SEAT = define("transcript.hand_seat", "{seat} {player} ({score:+d})", seat=SEAT, player=MSG,
                   score=INT)
HAND_START = define("transcript.hand_start", "Hand {n}: {who}", n=INT, who=LIST)
HAND_START_DOUBLED = define("transcript.hand_start_doubled", "Hand {n}: scores doubled; {who}",
                            n=INT, who=LIST)
HAND_START_WIND = define("transcript.hand_start_wind", "Hand {n}: prevalent wind {wind}; {who}",
                         n=INT, wind=SEAT, who=LIST)
HAND_START_DOUBLED_WIND = define("transcript.hand_start_doubled_wind",
                                 "Hand {n}: scores doubled; prevalent wind {wind}; {who}", n=INT,
                                 wind=SEAT, who=LIST)
WALL_BUILT = define("transcript.wall_built", "The wall is built ({n} tiles)", n=INT)
DICE_BREAKER = define("transcript.dice_breaker", "{seat} throws {a}+{b} (who breaks the wall)",
                      seat=MSG, a=INT, b=INT)
DICE_COUNT = define("transcript.dice_count", "{seat} throws {a}+{b} (where the wall breaks)",
                    seat=MSG, a=INT, b=INT)
WALL_BROKEN = define("transcript.wall_broken", "{seat} breaks the wall at {n}", seat=MSG, n=INT)
DEALT = define("transcript.dealt", "{seat} takes {tiles}", seat=MSG, tiles=TILES)
DEALT_HIDDEN = define("transcript.dealt_hidden", "{seat} takes ?", seat=MSG)
FLOWER = define("transcript.flower", "{seat} shows the flower {tile}", seat=MSG, tile=TILE)
DREW = define("transcript.drew", "{seat} draws {tile}", seat=MSG, tile=TILE)
DREW_HIDDEN = define("transcript.drew_hidden", "{seat} draws ?", seat=MSG)
REPLACEMENT = define("transcript.replacement", "{line} (replacement)", line=MSG)
DISCARD = define("transcript.discard", "{seat} discards {tile}", seat=MSG, tile=TILE)
WITH_UPER = define("transcript.with_uper", "{line}, declaring uper", line=MSG)
FROZEN = define("transcript.frozen", "{line} (frozen hand)", line=MSG)
MELD = {"pung": define("transcript.meld.pung", "pung"),
        "kong": define("transcript.meld.kong", "kong"),
        "added_kong": define("transcript.meld.added_kong", "added kong"),
        "concealed_kong": define("transcript.meld.concealed_kong", "concealed kong")}
CLAIM = define("transcript.claim", "{seat} claims {tile} from {other}: {meld} ({tiles})",
               seat=MSG, tile=TILE, other=MSG, meld=MSG, tiles=TILES)
KONG = define("transcript.kong", "{seat} declares: {meld} ({tiles})", seat=MSG, meld=MSG,
              tiles=TILES)
NINE_MAJOR = define("transcript.nine_major", "{seat} declares nine major tiles ({tiles})",
                    seat=MSG, tiles=TILES)
HOW = {"self_draw": define("transcript.how.self_draw", "self-draw"),
       "discard": define("transcript.how.discard", "on a discard"),
       "robbing_kong": define("transcript.how.robbing_kong", "robbing a kong")}
WIN = define("transcript.win", "{seat} wins on {tile} ({how}): {tiles}", seat=MSG, tile=TILE,
             how=MSG, tiles=TILES)
WIN_FROM = define("transcript.win_from", "{seat} wins on {tile} ({how}, from {other}): {tiles}",
                  seat=MSG, tile=TILE, how=MSG, other=MSG, tiles=TILES)
REASON = {"win": define("transcript.reason.win", "a win"),
          "exhaustive": define("transcript.reason.exhaustive", "a draw (the wall ran out)"),
          "nine_major": define("transcript.reason.nine_major", "a draw (nine major tiles)"),
          "four_winds": define("transcript.reason.four_winds", "a draw (four winds)"),
          "triple_win": define("transcript.reason.triple_win", "a draw (three winners)")}
HAND_END = define("transcript.hand_end", "Hand ends: {reason}", reason=MSG)
YAK_POINTS = define("transcript.yak_points", "{yak} {points}", yak=YAK, points=INT)
SCORES = define("transcript.scores", "{seat} scores {total} (basic {basic}, bonus {bonus}: "
                "{yaks})", seat=MSG, total=INT, basic=INT, bonus=INT, yaks=LIST)
PAY = define("transcript.pay", "{seat} {amount:+d}", seat=MSG, amount=INT)
PAYMENTS = define("transcript.payments", "payments {pays}", pays=LIST)
PARTS = define("transcript.parts", "{parts}", parts=MSGS)
PLAYER_SCORE = define("transcript.player_score", "{player} {score:+d}", player=MSG, score=INT)
SESSION_END = define("transcript.session_end", "Session ends after {n} hand: {scores}",
                     plural="Session ends after {n} hands: {scores}", count="n", n=INT,
                     scores=LIST)
OTHER = define("transcript.other", "{text}", text=TEXT)
#: the table's line when the house rule sacred_own_wait "frozen" discarded the player's drawn
#: tile for him (his own wait lies in his river): why it went, at once (issue 32)
FROZEN_SACRED = define("transcript.frozen_sacred", "{tile} was discarded for you: one of your "
                       "waits lies in your own river (sacred discard), so by the house rule a "
                       "drawn tile that does not win is discarded at once", tile=TILE)


def frozen_sacred(e: Event, *, uper: bool, penalised: bool = False) -> Message | None:
    """Why the engine discarded `e`'s tile for its seat when neither uper nor a penalty froze
    the hand: the house rule sacred_own_wait "frozen" (None for any other discard).

    >>> from game.engine.events import Discarded
    >>> str(frozen_sacred(Discarded(seat=0, tile=52, auto=True), uper=False))[:28]
    '5p was discarded for you: on'
    >>> frozen_sacred(Discarded(seat=0, tile=52, auto=True), uper=True) is None
    True
    """
    if isinstance(e, Discarded) and e.auto and not uper and not penalised:
        return FROZEN_SACRED(tile=kind_of_tile(e.tile))
    return None


def _kinds(ids: Iterable[int]) -> list[int]:
    return sorted(kind_of_tile(t) for t in ids if t >= 0)


def _int(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def _winner(w: Winner, who: Callable[[int], Message]) -> Message:
    """A winner's line."""
    r = w.result
    yaks = [YAK_POINTS(yak=y.key, points=y.points) for y in r.yak]
    return SCORES(seat=who(w.seat), total=r.total, basic=r.basic, bonus=r.bonus, yaks=yaks)


def event_message(e: Event, players: Sequence[str] | None = None,
                  seats: Sequence[str] | None = None) -> Message:
    """The line for `e` as a message; `players`: the names to show for the record's players
    (by player index; unknown players are 'P1'...); `seats`: the names of this hand's seats (by
    engine seat, as the seat plates show them): a seat is then "Jiho (West)", else its wind.

    >>> from game.engine.events import Discarded
    >>> str(event_message(Discarded(seat=2, tile=80), seats=["You", "Sua", "Jiho", "Jimin"]))
    'Jiho (W) discards 3z'
    """
    def name(p: int) -> Message:
        return NAME(name=players[p]) if players and 0 <= p < len(players) else PLAYER_N(n=p + 1)

    def who(s: int) -> Message:
        named = seats[s] if seats and 0 <= s < len(seats) else ""
        return WHO(name=named, seat=s) if named else SEAT_WORD(seat=s)

    match e:
        case SessionStarted(seed=seed, players=ps, method=m, seats=chosen):
            seated = [SEATED(player=name(i) if players else NAME(name=str(p)), seat=x)
                      for i, (p, x) in enumerate(zip(ps, chosen))]
            method = METHOD[m]() if m in METHOD else OTHER(text=str(m))
            return SESSION_START(seed=_int(seed), method=method, who=seated)
        case HandStarted(hand=n, players=ps, scores=sc, doubled=dbl, prevalent=pv):
            rows = [HAND_SEAT(seat=s, player=name(ps[s]), score=sc[s]) for s in range(min(4, len(ps)))]
            if pv is None:
                return (HAND_START_DOUBLED if dbl else HAND_START)(n=n, who=rows)
            return (HAND_START_DOUBLED_WIND if dbl else HAND_START_WIND)(n=n, wind=pv, who=rows)
        case WallBuilt(tiles=t):
            return WALL_BUILT(n=sum(1 for x in (t or ()) if x >= 0))
        case DiceRolled(seat=s, faces=f, purpose=p):
            return (DICE_BREAKER if p == "breaker" else DICE_COUNT)(seat=who(s), a=f[0], b=f[1])
        case WallBroken(breaker=b, count=c):
            return WALL_BROKEN(seat=who(b), n=c)
        case Dealt(seat=s, tiles=t):
            return DEALT_HIDDEN(seat=who(s)) if t is None else DEALT(seat=who(s), tiles=_kinds(t))
        case FlowerShown(seat=s, tile=t):
            return FLOWER(seat=who(s), tile=kind_of_tile(t))
        case Drew(seat=s, tile=t, replacement=r):
            line = DREW_HIDDEN(seat=who(s)) if t is None else DREW(seat=who(s), tile=kind_of_tile(t))
            return REPLACEMENT(line=line) if r else line
        case Discarded(seat=s, tile=t, uper=u, auto=a):
            line = DISCARD(seat=who(s), tile=kind_of_tile(t))
            if u:
                line = WITH_UPER(line=line)
            return FROZEN(line=line) if a else line
        case Claimed(seat=s, meld=m, tile=t, from_seat=f, tiles=ids):
            return CLAIM(seat=who(s), tile=kind_of_tile(t), other=who(f), meld=MELD[m](),
                         tiles=_kinds(ids or ()))
        case KongDeclared(seat=s, meld=m, tiles=ids):
            return KONG(seat=who(s), meld=MELD[m](), tiles=_kinds(ids or ()))
        case NineMajorDeclared(seat=s, tiles=ids):
            return NINE_MAJOR(seat=who(s), tiles=_kinds(ids or ()))
        case WinDeclared(seat=s, tile=t, how=how, from_seat=f, concealed=ids):
            if f is None:
                return WIN(seat=who(s), tile=kind_of_tile(t), how=HOW[how](), tiles=_kinds(ids))
            return WIN_FROM(seat=who(s), tile=kind_of_tile(t), how=HOW[how](), other=who(f),
                            tiles=_kinds(ids))
        case HandEnded(reason=r, winners=ws, payments=pay):
            parts = [HAND_END(reason=REASON[r]())]
            parts += [_winner(w, who) for w in ws]
            parts.append(PAYMENTS(pays=[PAY(seat=who(s), amount=pay[s]) for s in range(min(4, len(pay)))]))
            return PARTS(parts=parts)
        case SessionEnded(hands=n, scores=sc):
            return SESSION_END(n=n, scores=[PLAYER_SCORE(player=name(i), score=sc[i])
                                            for i in range(len(sc))])
    return OTHER(text=repr(e))
