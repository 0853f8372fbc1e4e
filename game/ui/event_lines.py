"""One line per engine event for the replay viewer, in the player's language.

English is `game.practice.records.describe_event` itself (the same words as the command-line
transcript, players by their UI names); Korean is built here from the event's fields (tiles in Korean notation, seats by
their wind, players by their short names, yak by their Korean names), so no English is left.

>>> from game.engine.events import Discarded, Drew
>>> event_line(Discarded(seat=1, tile=52, uper=True), lang="ko")
'남: 5통 버림, 엎어 선언'
>>> event_line(Drew(seat=0, tile=100, position=3, replacement=True), lang="ko")
'동: 춘(꽃) 뽑음 (보충패)'
>>> event_line(Drew(seat=0, tile=100, position=3, replacement=True), lang="en")
'E draws 1f (replacement)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
from game.engine.scoring.yak import YAK
from game.engine.tiles import HONOUR_NAMES_KO, format_tiles, kind_of_tile, tile_str
from game.ui.i18n import YAK_NAMES, has, tr
from game.ui.reasons import _josa, tile_ko, tiles_ko

__all__ = ["event_line", "player_name"]

_MELD_KO = {"pung": "퐁", "kong": "깡", "added_kong": "가깡", "concealed_kong": "암깡"}
_HOW_KO = {"self_draw": "쯔모", "discard": "쏘아", "robbing_kong": "깡 쏘아"}
_REASON_KO = {"win": "화료", "exhaustive": "유국 (패산 소진)", "nine_major": "유국 (요구패 9종)",
              "four_winds": "유국 (사풍 연타)", "triple_win": "유국 (세 사람 화료)"}
_METHOD_KO = {"dice": "주사위", "winds": "바람패"}


def _seat(s: int | None) -> str:
    return HONOUR_NAMES_KO[s] if s is not None and 0 <= s < 4 else "?"


def _tile(t: int | None) -> str:
    return "?" if t is None or t < 0 else tile_ko(tile_str(kind_of_tile(t)))


def _tiles(ids: Iterable[int] | None) -> str:
    if ids is None:
        return "?"
    text = format_tiles(sorted(kind_of_tile(t) for t in ids if t >= 0))
    return tiles_ko(text) if text else "-"


def player_name(name: str, lang: str) -> str:
    """A recorded player ("human", "ai:expert", "cmd:...") as the UI names it.

    >>> player_name("ai:expert", "ko"), player_name("human", "en"), player_name("P2", "ko")
    ('고수', 'Player', '2번')
    """
    if name == "human":
        return tr("replay.player", lang)
    if lang == "ko" and len(name) == 2 and name[0] == "P" and name[1].isdigit():
        return f"{name[1]}번"
    for key in (f"short.{name}", f"seat.{name}"):
        if has(key):
            return tr(key, lang)
    return name


def _yak(key: object) -> str:
    k = str(key)
    return YAK_NAMES[k][1] if k in YAK_NAMES else YAK[k].name_ko if k in YAK else k


def event_line(e: Event, players: Sequence[str] | None = None, *, lang: str = "en") -> str:
    """The line the replay viewer shows for `e` (`players`: the record's player names)."""
    names = [player_name(p, lang) for p in players] if players else []
    if lang != "ko":
        from game.practice.records import describe_event

        return describe_event(e, names or None)

    def who(p: int) -> str:
        return names[p] if p < len(names) else f"{p + 1}번"

    match e:
        case SessionStarted(seed=seed, players=ps, method=m, seats=seats):
            seated = ", ".join(f"{player_name(p, 'ko')} {_seat(x)}" for p, x in zip(ps, seats))
            return f"대국 시작: 시드 {seed}, 자리 정하기 {_METHOD_KO.get(m, m)}: {seated}"
        case HandStarted(hand=n, players=ps, scores=sc, doubled=dbl, prevalent=pv):
            extra = (" 점수 두 배;" if dbl else "") + ("" if pv is None else f" 장풍 {_seat(pv)};")
            seated = ", ".join(f"{_seat(s)} {who(ps[s])} ({sc[s]:+d})" for s in range(min(4, len(ps))))
            return f"{n}국:{extra} {seated}"
        case WallBuilt(tiles=t):
            return f"패산을 쌓음 ({sum(1 for x in (t or ()) if x >= 0)}장)"
        case DiceRolled(seat=s, faces=f, purpose=p):
            what = "자를 패산" if p == "breaker" else "셀 수"
            return f"{_seat(s)}: 주사위 {f[0]}+{f[1]} ({what})"
        case WallBroken(breaker=b, count=c):
            return f"{_seat(b)} 패산을 {c}에서 자름"
        case Dealt(seat=s, tiles=t):
            return f"{_seat(s)}: {_tiles(t)} 받음"
        case FlowerShown(seat=s, tile=t):
            return f"{_seat(s)}: 꽃패 {_tile(t)} 공개"
        case Drew(seat=s, tile=t, replacement=r):
            return f"{_seat(s)}: {_tile(t)} 뽑음{' (보충패)' if r else ''}"
        case Discarded(seat=s, tile=t, uper=u, auto=a):
            return f"{_seat(s)}: {_tile(t)} 버림" + (", 엎어 선언" if u else "") + (" (고정된 패)" if a else "")
        case Claimed(seat=s, meld=m, tile=t, from_seat=f, tiles=ids):
            return f"{_seat(s)}: {_seat(f)}의 {_tile(t)} {_MELD_KO.get(m, m)} ({_tiles(ids)})"
        case KongDeclared(seat=s, meld=m, tiles=ids):
            return f"{_seat(s)}: {_MELD_KO.get(m, m)} 선언 ({_tiles(ids)})"
        case NineMajorDeclared(seat=s, tiles=ids):
            return f"{_seat(s)}: 요구패 9종 선언 ({_tiles(ids)})"
        case WinDeclared(seat=s, tile=t, how=how, from_seat=f, concealed=ids):
            frm = "" if f is None else f", {_seat(f)}에게서"
            return _josa(f"{_seat(s)}: {_tile(t)}으로/로 화료 ({_HOW_KO.get(how, how)}{frm}): {_tiles(ids)}")
        case HandEnded(reason=r, winners=ws, payments=pay):
            parts = [f"판 끝: {_REASON_KO.get(r, r)}"]
            for w in ws:
                res = w.get("result", {}) if isinstance(w, dict) else {}
                seat = w.get("seat") if isinstance(w, dict) else None
                yak = ", ".join(f"{_yak(y.get('key'))} {y.get('points')}" for y in res.get("yak", []))
                parts.append(f"{_seat(seat)} {res.get('total')}점 (역 {res.get('basic')}, "
                             f"보너스 {res.get('bonus')}: {yak})")
            parts.append("지불 " + " ".join(f"{_seat(s)} {pay[s]:+d}" for s in range(min(4, len(pay)))))
            return "; ".join(parts)
        case SessionEnded(hands=n, scores=sc):
            return f"{n}판 후 대국 끝: " + ", ".join(f"{who(i)} {sc[i]:+d}" for i in range(len(sc)))
    return type(e).__name__
