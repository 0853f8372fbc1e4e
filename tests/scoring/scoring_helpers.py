"""Shared builders for the scoring tests: hands in tile notation, melds as tile strings."""

from __future__ import annotations

from game.engine.melds import ADDED_KONG, CONCEALED_KONG, KONG, PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import WinContext, evaluate_win
from game.engine.tiles import parse_seat, parse_tile, parse_tiles


def seat_of(s: int | str | None) -> int | None:
    if s is None or isinstance(s, int):
        return s
    return parse_seat(s)


def melds_of(pungs: str = "", kongs: str = "", ckongs: str = "", akongs: str = "",
             frm: int | str | None = None, seat: int = 0) -> tuple[Meld, ...]:
    """One meld per tile in each string, claimed from `frm` (default: the seat before)."""
    src = seat_of(frm)
    if src is None:
        src = (seat + 3) % 4
    out = [Meld(PUNG, k, src) for k in parse_tiles(pungs)]
    out += [Meld(KONG, k, src) for k in parse_tiles(kongs)]
    out += [Meld(ADDED_KONG, k, src) for k in parse_tiles(akongs)]
    out += [Meld(CONCEALED_KONG, k) for k in parse_tiles(ckongs)]
    return tuple(out)


def ctx(hand: str, win: str, *, frm: int | str | None = None, seat: int | str = 0,
        pungs: str = "", kongs: str = "", ckongs: str = "", akongs: str = "",
        melds_from: int | str | None = None, melds: tuple[Meld, ...] | None = None,
        prevalent: int | str | None = None, **kw) -> WinContext:
    """A WinContext: self-draw unless `frm` names the discarder."""
    seat_i = seat_of(seat)
    assert seat_i is not None
    if melds is None:
        melds = melds_of(pungs, kongs, ckongs, akongs, melds_from, seat_i)
    discarder = seat_of(frm)
    return WinContext(concealed=tuple(parse_tiles(hand)), win_tile=parse_tile(win), melds=melds,
                      self_draw=discarder is None, seat=seat_i, discarder=discarder,
                      prevalent=seat_of(prevalent), **kw)


def score(hand: str, win: str, rules: RuleSet | None = None, **kw):
    return evaluate_win(ctx(hand, win, **kw), rules or RuleSet())


def yak_points(hand: str, win: str, rules: RuleSet | None = None, **kw) -> dict[str, int]:
    return {y.key: y.points for y in score(hand, win, rules, **kw).yak}
