"""Korean for the reasons a player reads: the engine's, the scorer's, the AI's and the hints'.

The rules engine, the scorer (uper refusals, chicken hands, sacred discards), the AI's
``explain()`` and `game.practice` (hints, uper practice, review) write English sentences from a
small set of templates. The UI never parses them to decide anything; it only shows them, and in
Korean mode it shows them through `translate`, which matches each sentence against the templates
below (regular expressions with named groups) and writes the Korean one, with tiles in Korean
(``5m`` -> ``5만``, ``2p`` -> ``2통``, ``1z`` -> ``동``) and yak by the scorer's Korean names.
A sentence no template knows is shown in English (never blank, never half translated).

>>> translate("8p would win by discard with concealed only (1 point)", "ko")
'8통은 론으로 나면 문전만 (1점)'
>>> translate("you discarded 4m: 1m, 4m and 7m cannot be won by discard (stem pattern 1-4-7)", "ko")
'4만을 버렸으므로 1만, 4만, 7만으로는 론할 수 없습니다 (근 패턴 1-4-7)'
>>> translate("anything new", "ko"), translate("8p would win", "en")
('anything new', '8p would win')

A group's name says how its text is rendered: ``tile``/``tiles`` in Korean notation, ``yak``
(the scorer's `describe_basic` words), ``seat`` (E S W N), ``act`` (an action's repr), ``plan``
(the AI's plan words), ``c`` (a clause, translated again), anything else as it is (numbers).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from game.engine.messages import Message
from game.engine.scoring.yak import YAK
from game.engine.tiles import HONOUR_NAMES_KO
from game.i18n import render

__all__ = ["TEMPLATES", "tile_ko", "tiles_ko", "translate", "translate_or_none"]

_SUIT_KO = {"m": "만", "p": "통"}
_SEAT_KO = {"E": "동", "S": "남", "W": "서", "N": "북"}
_FLOWER_KO = ("춘", "하", "추", "동")
_LABEL_KO = {y.label: y.name_ko for y in YAK.values()}
_LABEL_KO.update({y.name_en.lower(): y.name_ko for y in YAK.values()})
_NUM = r"[-+]?\d+(?:\.\d+)?%?"
_TILE = r"[1-9][mpzf]"
_TILES = r"(?:[1-9]+[mpzf])+"


def tile_ko(text: str) -> str:
    """One tile in Korean.

    >>> tile_ko("5m"), tile_ko("9p"), tile_ko("7z"), tile_ko("1f")
    ('5만', '9통', '중', '춘(꽃)')
    """
    n, s = int(text[0]), text[1]
    if s in _SUIT_KO:
        return f"{n}{_SUIT_KO[s]}"
    if s == "z":
        return HONOUR_NAMES_KO[n - 1]
    return _FLOWER_KO[n - 1] + "(꽃)"


def tiles_ko(text: str) -> str:
    """Tiles in notation (``147m5z``) in Korean: numbers of a suit together, honours by name.

    >>> tiles_ko("147m58p56z")
    '147만 58통 백 발'
    """
    out = []
    for m in re.finditer(r"([1-9]+)([mpzf])", text):
        if m[2] in _SUIT_KO:
            out.append(m[1] + _SUIT_KO[m[2]])
        else:
            out.extend(tile_ko(d + m[2]) for d in m[1])
    return " ".join(out)


def _yak_ko(text: str) -> str | None:
    """The scorer's `describe_basic` words in Korean: 'concealed only (1 point)' -> '문전만 (1점)'."""
    if text == "no basic points":
        return "기본 점수 없음"
    m = re.fullmatch(r"(?:only )?(?P<names>.+?)(?P<only> only)? \((?P<n>\d+) points?\)", text)
    if not m:
        return None
    names = m["names"].split(", ")
    if any(n not in _LABEL_KO for n in names):
        return None
    ko = ", ".join(_LABEL_KO[n] for n in names)
    if text.startswith("only ") or m["only"]:
        ko += "만"
    return f"{ko} ({m['n']}점)"


# Plans are named like the yak they aim at, so the Korean names come from the yak registry
# (the win screen and the rules screen use the same names).
_PLAN_KO = {
    **{YAK[k].name_en.lower(): YAK[k].name_ko
       for k in ("half_flush", "full_flush", "all_pungs", "all_simples", "all_sequences",
                 "seven_pairs")},
    "concealed": YAK["concealed"].name_ko,
    "value pungs": "역패 커쯔", "value pung": "역패 커쯔", "no plan": "계획 없음", "ready": "텐파이",
}


def _plan_ko(text: str) -> str | None:
    parts = text.split(" + ")
    if all(p in _PLAN_KO for p in parts):
        return " + ".join(_PLAN_KO[p] for p in parts)
    return None


_ACT = re.compile(r"(?P<name>\w+)\((?P<tile>" + _TILE + r")?(?P<uper>, uper)?\)")
_ACT_KO = {"Win": "화료", "Pung": "퐁", "Kong": "깡", "Pass": "패스", "DeclareNineMajor": "구종구패 유국",
           "Discard": "{t} 버림", "ConcealedKong": "{t} 암깡", "AddedKong": "{t} 가깡"}


def _act_ko(text: str) -> str | None:
    m = _ACT.fullmatch(text)
    if not m or m["name"] not in _ACT_KO:
        return None
    t = tile_ko(m["tile"]) if m["tile"] else ""
    if m["uper"]:
        return f"{t} 버리며 엎어"
    return _ACT_KO[m["name"]].format(t=t)


def _acts_ko(text: str) -> str | None:
    """A list of actions: '[Discard(5m), Win()]'."""
    inner = text.strip("[]()")
    parts = re.findall(r"\w+\([^)]*\)", inner)
    out = [_act_ko(p) for p in parts]
    if not parts or any(o is None for o in out):
        return None
    return ", ".join(o for o in out if o)


def _seats_ko(text: str) -> str | None:
    seats = [s.strip() for s in text.split(",")]
    if all(s in _SEAT_KO for s in seats):
        return ", ".join(_SEAT_KO[s] for s in seats)
    return None


#: group name (without trailing digits) -> how its text is rendered (None: not translatable)
_RENDER: dict[str, Callable[[str], str | None]] = {
    "tile": tile_ko, "tiles": tiles_ko, "yak": _yak_ko, "seat": lambda s: _SEAT_KO.get(s),
    "seats": _seats_ko, "act": _act_ko, "acts": _acts_ko, "plan": _plan_ko,
    "c": lambda s: translate_or_none(s), "n": lambda s: s, "f": lambda s: s,
    "kind": lambda s: {"turn": "차례", "discard": "버림", "claim": "울기", "rob": "창깡"}.get(s),
    "option": lambda s: {"declare uper": "엎어 선언", "stay silent": "조용히 대기",
                         "fold": "오리기"}.get(s),
    "mode": lambda s: {"push": "공격", "fold": "수비", "fast": "빠름"}.get(s, s),
    "err": lambda s: s,
    "kind2": lambda s: {"concealed_kong": "암깡", "added_kong": "가깡", "kong": "깡", "pung": "퐁"}.get(s),
}

_T = _TILE
_TS = _TILES
_S = r"[ESWN]"

#: (English template, Korean template). Named groups; see the module docstring.
TEMPLATES: list[tuple[str, str]] = [
    # ---- scorer: uper (game/engine/scoring/uper.py)
    (r"your hand has a claimed (?:pung|kong): uper needs a concealed hand",
     "울어서 만든 몸통이 있습니다: 엎어는 문전 손패만 할 수 있습니다"),
    (r"your hand is not ready: no tile completes it", "텐파이가 아닙니다: 손패를 완성하는 패가 없습니다"),
    (r"only (?P<n>\d+) tiles? left in the wall; uper needs at least (?P<n2>\d+)",
     "패산이 {n}장밖에 남지 않았습니다; 엎어는 {n2}장 이상 남아야 합니다"),
    (r"no tiles left in the wall; uper needs at least (?P<n>\d+)",
     "패산이 다 떨어졌습니다; 엎어는 {n}장 이상 남아야 합니다"),
    (r"(?P<tile>" + _T + r") would win by discard with (?P<yak>.+)", "{tile}은/는 론으로 나면 {yak}"),
    # ---- scorer: evaluate_win (game/engine/scoring/evaluate.py)
    (r"(?P<tiles>" + _TS + r")(?: with (?P<tiles2>[0-9mpz ]+))? is not a winning shape: it is "
     r"neither a pair plus four sets nor seven different pairs",
     "{tiles}{tiles2}: 화료형이 아닙니다 (머리 하나와 몸통 넷도, 서로 다른 일곱 쌍도 아닙니다)"),
    (r"chicken hand: (?P<yak>.+); a win needs (?P<n>\d+) basic points",
     "점수 부족(치킨): {yak}; 나려면 기본 점수 {n}점이 필요합니다"),
    (r"a win needs (?P<n>\d+) basic points", "나려면 기본 점수 {n}점이 필요합니다"),
    # ---- scorer: sacred discards (game/engine/scoring/sacred.py)
    (r"you let a winning discard pass: no discard win until your next draw or claim "
     + r"\(temporary sacred discard\)",
     "날 수 있는 패를 보냈습니다: 다음 쯔모나 울기 전까지 론할 수 없습니다 (일시 후리텐)"),
    (r"you discarded (?P<tiles>" + _TS + r"), which you wait on: no discard win while a wait is in "
     r"your own river \(sacred discard\)",
     "기다리는 패 {tiles}을/를 직접 버렸습니다: 자기 버림패에 대기패가 있으면 론할 수 없습니다 (후리텐)"),
    (r"you discarded (?P<tile>" + _T + r"): (?P<tile1>" + _T + r"), (?P<tile2>" + _T + r") and "
     r"(?P<tile3>" + _T + r") cannot be won by discard \(stem pattern (?P<f>[1-9]-[1-9]-[1-9])\)",
     "{tile}을/를 버렸으므로 {tile1}, {tile2}, {tile3}으로/로는 론할 수 없습니다 (근 패턴 {f})"),
    (r"your uper discard was (?P<tile>" + _T + r"): (?P<tile1>" + _T + r"), (?P<tile2>" + _T +
     r") and (?P<tile3>" + _T + r") cannot be won by discard for the rest of the hand "
     r"\(stem pattern (?P<f>[1-9]-[1-9]-[1-9])\)",
     "엎어 때 버린 패가 {tile}이므로 이번 판 내내 {tile1}, {tile2}, {tile3}으로/로는 론할 수 없습니다 "
     + "(근 패턴 {f})"),
    (r"after uper you let a winning discard pass: no discard win for the rest of the hand",
     "엎어 후 날 수 있는 패를 보냈습니다: 이번 판 내내 론할 수 없습니다"),
    (r"after uper you discarded a tile that would have won: no win at all for the rest of the "
     + r"hand, not even by self-draw, and no pung or kong",
     "엎어 후 날 수 있던 패를 버렸습니다: 이번 판 내내 쯔모로도 날 수 없고 퐁도 깡도 할 수 없습니다"),
    # ---- table (game/engine/table.py)
    (r"a wrong declaration earlier this hand: you can no longer win",
     "이번 판에 잘못 선언했습니다: 더는 날 수 없습니다"),
    (r"after uper a concealed kong must leave the waits unchanged",
     "엎어 후의 암깡은 대기패를 바꾸지 않아야 합니다"),
    (r"the hand is over", "이번 판은 끝났습니다"),
    (r"the hand is not complete", "손패가 완성되지 않았습니다"),
    (r"there is no such seat \(use 0-3 = E S W N\)", "그런 자리는 없습니다 (0-3 = 동 남 서 북)"),
    (r"this seat has no decision to make now \(waiting for: (?P<seats>[ESWN, ]*)\)",
     "지금 이 자리는 결정할 것이 없습니다 (기다리는 자리: {seats})"),
    (r"not a legal (?P<kind>\w+) action now; legal: (?P<acts>.*)",
     "지금 할 수 없는 {kind} 행동입니다; 가능한 것: {acts}"),
    # ---- AI (ai/heuristic.py, ai/greedy.py, ai/random_seat.py)
    (r"discard (?P<tile>" + _T + r"): (?P<c>.+)", "{tile} 버림: {c}"),
    (r"uper: (?P<c>.+)", "엎어: {c}"),
    (r"self-draw win", "쯔모로 남"),
    (r"win", "화료"),
    (r"pass", "패스"),
    (r"(?P<plan>ready|no plan|(?:concealed \+ )?[a-z ]+(?: \+ all pungs)?)", "{plan}"),
    (r"win on the discard", "버린 패로 남"),
    (r"rob the kong", "창깡으로 남"),
    (r"nothing to claim", "울 것이 없음"),
    (r"no decision yet", "아직 결정 없음"),
    (r"no valid wait", "유효한 대기패 없음"),
    (r"every wait tile is visible", "대기패가 모두 보임"),
    (r"ready on (?P<n>\d+) live tiles?", "남은 대기패 {n}장으로 텐파이"),
    (r"ready but dead \((?P<c>.+)\)", "텐파이지만 죽은 대기 ({c})"),
    (r"shanten (?P<n>\d+), (?P<n2>\d+) tiles accepted, plan (?P<plan>.+)",
     "샹텐 {n}, 유효패 {n2}장, 계획 {plan}"),
    (r"shanten (?P<n>\d+), plan (?P<plan>.+)", "샹텐 {n}, 계획 {plan}"),
    (r"shanten (?P<n>\d+), (?P<n2>\d+) tiles accepted", "샹텐 {n}, 유효패 {n2}장"),
    (r"shanten (?P<n>\d+)", "샹텐 {n}"),
    (r"danger (?P<f>" + _NUM + r") \(pushing: the hand is worth more than folding with "
     r"(?P<act>[^)]*\))\)", "위험도 {f} (밀기: {act}으로/로 오리는 것보다 손패 가치가 큼)"),
    (r"danger (?P<f>" + _NUM + r") \(folding: the safest tile\)", "위험도 {f} (오리기: 가장 안전한 패)"),
    (r"danger (?P<f>" + _NUM + r")", "위험도 {f}"),
    (r"(?P<c>.+) \(pushing: the hand is worth more than folding with (?P<act>[^)]*\))\)",
     "{c} (밀기: {act}으로/로 오리는 것보다 손패 가치가 큼)"),
    (r"(?P<c>.+) \(folding: the safest tile\)", "{c} (오리기: 가장 안전한 패)"),
    (r"frozen after uper: concealed kong of (?P<tile>" + _T + r") keeps the waits",
     "엎어 후 고정: {tile} 암깡은 대기패를 바꾸지 않음"),
    (r"frozen after uper: the drawn tile goes", "엎어 후 고정: 뽑은 패를 버림"),
    (r"nine major tiles with shanten (?P<n>\d+): the hand is better void",
     "요구패 9종, 샹텐 {n}: 유국이 낫다"),
    (r"(?P<act>\w+\([^)]*\)): (?P<c>.+)", "{act}: {c}"),
    (r"never declared", "엎어하지 않는 설정"),
    (r"always declared when legal", "할 수 있으면 언제나 엎어"),
    (r"(?P<n>\d+) live wait tiles, (?P<n2>\d+) left", "남은 대기패 {n}장, 패산 {n2}장"),
    (r"gain (?P<f>" + _NUM + r") with (?P<n>\d+) live wait tiles, (?P<n2>\d+) left",
     "이득 {f}, 남은 대기패 {n}장, 패산 {n2}장"),
    (r"gain (?P<f>" + _NUM + r") with (?P<n>\d+) live wait tiles? \((?P<n3>\d+) winnable by discard\), "
     r"(?P<n2>\d+) left", "이득 {f}, 남은 대기패 {n}장 (론 가능 {n3}장), 패산 {n2}장"),
    (r"silent \(uper (?P<c>.+)\)", "다마 (엎어 {c})"),
    (r"pung (?P<tile>" + _T + r"): shanten (?P<n>\d+) -> (?P<n2>\d+)", "{tile} 퐁: 샹텐 {n} -> {n2}"),
    (r"pass: a pung of (?P<tile>" + _T + r") would not bring the hand closer",
     "패스: {tile} 퐁은 손패를 가깝게 하지 않음"),
    (r"pass \((?P<c>.+), value (?P<f>" + _NUM + r")\)", "패스 ({c}, 가치 {f})"),
    (r"pung (?P<tile>" + _T + r"): (?P<c>.+) \(value (?P<f>" + _NUM + r") > (?P<f2>" + _NUM + r")\)",
     "{tile} 퐁: {c} (가치 {f} > {f2})"),
    (r"kong (?P<tile>" + _T + r"): (?P<c>.+) \(value (?P<f>" + _NUM + r") > (?P<f2>" + _NUM + r")\)",
     "{tile} 깡: {c} (가치 {f} > {f2})"),
    (r"claims every kong", "깡은 언제나 함"),
    (r"claims every pung", "퐁은 언제나 함"),
    (r"the only discard", "버릴 수 있는 유일한 패"),
    (r"kong of (?P<tile>" + _T + r") keeps shanten (?P<n>\d+)", "{tile} 깡: 샹텐 {n} 유지"),
    (r"uper with (?P<tile>" + _T + r")", "{tile}으로/로 엎어"),
    (r"discard (?P<tile>" + _T + r")", "{tile} 버림"),                  # the hints' suggestion
    (r"(?P<kind2>concealed_kong|added_kong|kong|pung) (?P<tile>" + _T + r")", "{tile} {kind2}"),
    (r"picked (?P<act>\w+\([^)]*\)) at random from (?P<n>\d+) legal actions",
     "가능한 {n}가지 중 {act}을/를 무작위로 고름"),
    (r"(?P<c>.+); replaced by ai:standard for the rest of the session",
     "{c}; 이번 세션 동안 ai:standard로 바뀜"),
    # ---- hints (game/practice/hints.py)
    (r"(?P<tile>" + _T + r"): (?P<n>\d+) unseen, self-draw (?P<n2>\d+), discard (?P<n3>\d+)",
     "{tile}: 안 보인 패 {n}장, 쯔모 {n2}점, 론 {n3}점"),
    (r"(?P<c>.+) \(not enough on a discard\)", "{c} (론으로는 부족)"),
    (r"(?P<c>.+) \(no discard win: (?P<c2>.+)\)", "{c} (론 불가: {c2})"),
    (r"(?P<tile>" + _T + r") does not complete your hand", "{tile}은/는 손패를 완성하지 않습니다"),
    (r"(?P<tile>" + _T + r") does not complete your hand \(your waits: (?P<tiles>" + _TS + r")\)",
     "{tile}은/는 손패를 완성하지 않습니다 (대기패: {tiles})"),
    (r"safe: in (?P<seat>" + _S + r")'s river", "안전: {seat}의 버림패에 있음"),
    (r"safe by stem pattern (?P<f>[1-9]-[1-9]-[1-9]) against (?P<seat>" + _S + r")'s uper "
     r"\((?P<c>.+)\)", "안전: {seat}의 엎어에 대해 근 패턴 {f} ({c})"),
    (r"safe by stem pattern (?P<f>[1-9]-[1-9]-[1-9]) against (?P<seat>" + _S + r") \((?P<c>.+)\)",
     "안전: {seat}에 대해 근 패턴 {f} ({c})"),
    (r"(?P<seat>" + _S + r")'s uper discard was (?P<tile>" + _T + r")",
     "{seat}의 엎어 버림패가 {tile}"),
    (r"(?P<seat>" + _S + r") discarded (?P<tile>" + _T + r")", "{seat}이/가 {tile}을/를 버림"),
    (r"safe: discarded after (?P<seat>" + _S + r")'s uper and not won",
     "안전: {seat}의 엎어 뒤에 버려졌는데 나지 않음"),
    (r"safe: (?P<seat>" + _S + r") let it pass since his last draw",
     "안전: {seat}이/가 마지막 쯔모 뒤에 보냄"),
    (r"no-chance: every (?P<tiles>" + _TS + r") is visible, so only a pair or single wait can "
     r"use it", "노찬스: {tiles}이/가 모두 보이므로 샤보나 단기 대기만 가능"),
    (r"safe: every (?P<tile>" + _T + r") is visible", "안전: {tile}이/가 모두 보임"),
    (r"(?P<n>\d+) visible: honour, only a single wait", "{n}장 보임: 자패, 단기 대기만"),
    (r"(?P<n>\d+) visible: honour, a pair or single wait", "{n}장 보임: 자패, 샤보나 단기 대기"),
    (r"(?P<seat>" + _S + r") declared uper: any tile outside his river's stems may win",
     "{seat}이/가 엎어를 선언: 버림패의 근 밖의 패는 무엇이든 위험"),
    (r"no safety evidence \((?P<seat>" + _S + r") ready with about (?P<f>" + _NUM + r")\)",
     "안전 근거 없음 ({seat}의 텐파이 가능성 약 {f})"),
    (r"on a discard (?P<tile>" + _T + r") gives (?P<yak>.+): a win needs (?P<n>\d+) basic points"
     r" \(a self-draw would give (?P<n2>\d+)\)",
     "{tile}을/를 론하면 {yak}: 나려면 기본 점수 {n}점이 필요합니다 (쯔모라면 {n2}점)"),
    (r"on a discard (?P<tile>" + _T + r") gives (?P<yak>.+): a win needs (?P<n>\d+) basic points",
     "{tile}을/를 론하면 {yak}: 나려면 기본 점수 {n}점이 필요합니다"),
    (r"you can win on (?P<tile>" + _T + r") by discard \((?P<yak>.+)\)", "{tile}은/는 론으로 날 수 있습니다 ({yak})"),
    (r"no suggestion \((?P<err>.+)\)", "추천 없음 ({err})"),
    # ---- uper practice and review (game/practice/uper_practice.py, review.py)
    (r"uper is not offered here", "여기서는 엎어를 할 수 없습니다"),
    (r"(?P<c>.+) \(strict table: you may declare it and take the penalty\)",
     "{c} (엄격한 탁: 선언할 수는 있지만 벌점을 받습니다)"),
    (r"discard (?P<tile>" + _T + r"), the safest tile, and keep defending",
     "가장 안전한 {tile}을/를 버리고 계속 수비"),
    (r"uper is against the rules here: (?P<c>.+)", "여기서 엎어는 규칙 위반: {c}"),
    (r"(?P<option>declare uper|stay silent|fold) was the best choice", "{option}이/가 가장 좋은 선택이었습니다"),
    (r"(?P<option>declare uper|stay silent|fold) was better than (?P<option2>declare uper|stay "
     r"silent|fold) by (?P<f>" + _NUM + r") points per hand on average",
     "{option}이/가 {option2}보다 한 판 평균 {f}점 나았습니다"),
    (r"(?P<seat>[ESWN]) hand (?P<tiles>" + _TS + r"), wall (?P<n>\d+), ready by discarding (?P<tile>" + _T + r")",
     "{seat} 손패 {tiles}, 패산 {n}장, {tile}을/를 버리면 텐파이"),
    (r"playout policy \((?P<mode>\w+)\)", "플레이아웃 정책 ({mode})"),
]

_COMPILED: list[tuple[re.Pattern[str], str]] = [(re.compile(p), ko) for p, ko in TEMPLATES]


def _render(name: str, value: str | None) -> str | None:
    if value is None:
        return ""
    kind = name.rstrip("0123456789")
    if kind == "tiles" and " " in value:  # meld groups: '555z 2222m'
        return " · ".join(tiles_ko(v) for v in value.split())
    return _RENDER[kind](value)


@lru_cache(maxsize=4096)
def translate_or_none(text: str | Message) -> str | None:
    """The Korean of an English reason, or None when some part of it is not known.

    >>> translate_or_none("shanten 2, 14 tiles accepted, plan concealed + half flush")
    '샹텐 2, 유효패 14장, 계획 문전 + 혼일색'
    >>> translate_or_none("a sentence nobody wrote") is None
    True
    """
    if isinstance(text, Message):
        return render(text, "ko")
    for rx, ko in _COMPILED:
        m = rx.fullmatch(text)
        if m is None:
            continue
        out = {}
        for name, value in m.groupdict().items():
            r = _render(name, value)
            if r is None:
                break
            out[name] = r
        else:
            if out.get("tiles2"):
                out["tiles2"] = " + " + out["tiles2"]
            return _josa(ko.format(**out))
    if "; " in text:  # sentences joined by '; ' (uper refusals, lessons, AI reasons)
        return _split(tuple(text.split("; ")))
    return None


def _split(parts: tuple[str, ...]) -> str | None:
    """Translate '; '-joined parts, each run of parts as one sentence, longest runs first."""
    n = len(parts)
    best: list[str | None] = [None] * n + [""]
    for i in range(n - 1, -1, -1):
        for j in range(n, i, -1):
            if best[j] is None or (i == 0 and j == n):
                continue
            ko = translate_or_none("; ".join(parts[i:j]))
            if ko is not None:
                best[i] = ko + ("; " + best[j] if best[j] else "")  # type: ignore[operator]
                break
    return best[0]


_JOSA = re.compile(r"(?<=[가-힣0-9)])(은/는|이/가|을/를|으로/로|과/와)")
_NO_BATCHIM_DIGITS = "2459"


def _josa(text: str) -> str:
    """Pick each particle by the sound before it: '8통은/는' -> '8통은', '2만을/를' -> '2만을'.

    >>> _josa("서이/가 9통을/를 버림; 남으로/로; 2으로/로")
    '서가 9통을 버림; 남으로; 2로'
    """
    def pick(m: re.Match[str]) -> str:
        before = text[m.start() - 1]
        pair = m.group(1).split("/")
        if before.isdigit():
            final = 0 if before in _NO_BATCHIM_DIGITS else (8 if before in "178" else 1)
        elif before == ")":
            final = 0
        else:
            final = (ord(before) - 0xAC00) % 28
        if pair[0] == "으로":
            return "로" if final in (0, 8) else "으로"
        return pair[0] if final else pair[1]
    return _JOSA.sub(pick, text)


def translate(text: str | Message | None, lang: str) -> str:
    """`text` (an engine/AI/hints reason) in `lang`; English when no template knows it.
    A `Message` is rendered from the catalogues (tiles named in words)."""
    if isinstance(text, Message):
        return render(text, lang)
    if text is None:
        return ""
    if lang == "en" or not text:
        return text
    ko = translate_or_none(text)
    return text if ko is None else ko
