"""One line per engine event for the replay viewer, in the player's language.

Every line is made here from the event's fields and the interface texts ``event.*``
(`game.ui.i18n`, translated in the catalogues): seats by their wind, players by their short
names, yak by their names, and tiles as players name them, or in notation (``notation=True``,
the player's setting; then an English line reads like the command-line transcript).

>>> from game.engine.events import Discarded, Drew
>>> event_line(Discarded(seat=1, tile=52, uper=True), lang="ko")
'남: 5통 버림, 엎어 선언'
>>> event_line(Drew(seat=0, tile=100, position=3, replacement=True), lang="en")
'East draws Spring flower (replacement)'
>>> event_line(Drew(seat=0, tile=100, position=3, replacement=True), lang="en", notation=True)
'E draws 1f (replacement)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game import i18n
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
from game.engine.tiles import SEAT_LETTERS, kind_of_tile
from game.ui.i18n import has, tr

__all__ = ["event_line", "player_name"]


def player_name(name: str, lang: str) -> str:
    """A recorded player ("human", "ai:expert", "cmd:...") as the UI names it.

    >>> player_name("ai:expert", "ko"), player_name("human", "en"), player_name("P2", "ko")
    ('고수', 'Player', '2번')
    """
    if name == "human":
        return tr("replay.player", lang)
    if len(name) == 2 and name[0] == "P" and name[1].isdigit():
        return tr("event.player_n", lang, n=name[1])
    for key in (f"short.{name}", f"seat.{name}"):
        if has(key):
            return tr(key, lang)
    return name


def _key(prefix: str, value: object, lang: str) -> str:
    """The text ``prefix.value`` (an event's kind of meld, way of winning, ...), else the value."""
    key = f"{prefix}.{value}"
    return tr(key, lang) if has(key) else str(value)


def event_line(e: Event, players: Sequence[str] | None = None, *, lang: str = "en",
               notation: bool = False) -> str:
    """The line the replay viewer shows for `e` (`players`: the record's player names)."""
    names = [player_name(p, lang) for p in players] if players else []

    def t(key: str, **fmt: object) -> str:
        return tr(key, lang, **fmt)

    def who(p: int) -> str:
        return names[p] if p < len(names) else t("event.player_n", n=p + 1)

    def seat(s: int | str | None) -> str:
        if isinstance(s, str) and s in SEAT_LETTERS:  # a winner's seat in a hand's end: "W"
            s = SEAT_LETTERS.index(s)
        ok = isinstance(s, int) and 0 <= s < 4
        return i18n.seat_name(s, lang, notation=notation) if ok else "?"  # type: ignore[arg-type]

    def tile(x: int | None) -> str:
        return "?" if x is None or x < 0 else i18n.tile_name(kind_of_tile(x), lang, notation=notation)

    def tiles(ids: Iterable[int] | None) -> str:
        if ids is None:
            return "?"
        kinds = sorted(kind_of_tile(x) for x in ids if x >= 0)
        return i18n.tiles_text(kinds, lang, notation=notation) if kinds else "-"

    def yak(key: object) -> str:
        k = str(key)
        return i18n.yak_name(k, lang) if i18n.has_text(f"yak.{k}") else k

    sep = i18n.text("list.sep", lang)
    match e:
        case SessionStarted(seed=seed, players=ps, method=m, seats=seats):
            seated = sep.join(t("event.seated", name=player_name(p, lang), wind=seat(x))
                              for p, x in zip(ps, seats))
            return t("event.session_start", seed=seed, method=_key("event.method", m, lang),
                     seats=seated)
        case HandStarted(hand=n, players=ps, scores=sc, doubled=dbl, prevalent=pv):
            extra = (t("event.doubled") if dbl else "") + \
                ("" if pv is None else t("event.prevalent", wind=seat(pv)))
            seated = sep.join(t("event.hand_seat", wind=seat(s), name=who(ps[s]), score=f"{sc[s]:+d}")
                              for s in range(min(4, len(ps))))
            return t("event.hand_start", n=n, extra=extra, seats=seated)
        case WallBuilt(tiles=ts):
            return t("event.wall_built", n=sum(1 for x in (ts or ()) if x >= 0))
        case DiceRolled(seat=s, faces=f, purpose=p):
            return t("event.dice.breaker" if p == "breaker" else "event.dice.count", seat=seat(s),
                     a=f[0], b=f[1])
        case WallBroken(breaker=b, count=c):
            return t("event.wall_broken", seat=seat(b), n=c)
        case Dealt(seat=s, tiles=ids):
            return t("event.dealt", seat=seat(s), tiles=tiles(ids))
        case FlowerShown(seat=s, tile=x):
            return t("event.flower", seat=seat(s), tile=tile(x))
        case Drew(seat=s, tile=x, replacement=r):
            return t("event.drew_replacement" if r else "event.drew", seat=seat(s), tile=tile(x))
        case Discarded(seat=s, tile=x, uper=u, auto=a):
            line = t("event.discarded_uper" if u else "event.discarded", seat=seat(s), tile=tile(x))
            return line + (t("event.frozen") if a else "")
        case Claimed(seat=s, meld=m, tile=x, from_seat=f, tiles=ids):
            return t("event.claimed", seat=seat(s), tile=tile(x), other=seat(f),
                     meld=_key("event.meld", m, lang), tiles=tiles(ids))
        case KongDeclared(seat=s, meld=m, tiles=ids):
            return t("event.kong_declared", seat=seat(s), meld=_key("event.meld", m, lang),
                     tiles=tiles(ids))
        case NineMajorDeclared(seat=s, tiles=ids):
            return t("event.nine_major", seat=seat(s), tiles=tiles(ids))
        case WinDeclared(seat=s, tile=x, how=how, from_seat=f, concealed=ids):
            how_text = _key("event.how", how, lang)
            if f is None:
                return t("event.win", seat=seat(s), tile=tile(x), how=how_text, tiles=tiles(ids))
            return t("event.win_from", seat=seat(s), tile=tile(x), how=how_text, other=seat(f),
                     tiles=tiles(ids))
        case HandEnded(reason=r, winners=ws, payments=pay):
            parts = [t("event.hand_end", reason=_key("event.end", r, lang))]
            for w in ws:
                r = w.result
                yaks = sep.join(t("event.yak", name=yak(y.key), points=y.points) for y in r.yak)
                parts.append(t("event.winner", seat=seat(w.seat), total=r.total,
                               basic=r.basic, bonus=r.bonus, yak=yaks))
            paid = " ".join(f"{seat(s)} {pay[s]:+d}" for s in range(min(4, len(pay))))
            parts.append(t("event.payments", list=paid))
            return i18n.text("msgs.sep", lang).join(parts)
        case SessionEnded(hands=n, scores=sc):
            return t("event.session_end", n=n,
                     scores=sep.join(f"{who(i)} {sc[i]:+d}" for i in range(len(sc))))
    return type(e).__name__
