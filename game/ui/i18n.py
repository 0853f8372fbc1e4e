"""Every piece of UI text in English and Korean.

>>> tr("menu.new_game", "en"), tr("menu.new_game", "ko")
('New game', '새 게임')
>>> tr("settings.saved_to", "en", path="/x")
'Saved to /x'
>>> yak_name("seven_pairs", "ko")
'칠대자'

Unknown keys raise `KeyError` naming the key (a typo should fail a test, not show a blank).
`tools/make_fonts.py` builds the Korean font subset from `all_text()`, so after adding strings
run it again (a test checks that the font covers every string).
"""

from __future__ import annotations

from collections.abc import Iterator

from game.engine.tiles import FLOWER_NAMES_EN, FLOWER_NAMES_KO, HONOUR_NAMES_EN, HONOUR_NAMES_KO

LANGS = ("en", "ko")

#: key -> (English, Korean)
STRINGS: dict[str, tuple[str, str]] = {
    # title screen
    "app.title": ("Korean 2-Point Mahjong", "한국 2점 마작"),
    "app.subtitle": ("Two points to win. No chow. Flowers and uper.", "2점 이상 나야 난다. 치 없음. 꽃패와 엎어."),
    "menu.new_game": ("New game", "새 게임"),
    "menu.continue": ("Continue", "이어하기"),
    "menu.practice": ("Practice", "연습"),
    "menu.replays": ("Replays", "다시보기"),
    "menu.settings": ("Settings", "설정"),
    "menu.rules": ("Rules", "규칙"),
    "menu.quit": ("Quit", "종료"),
    "menu.nothing_saved": ("no unfinished game", "이어할 게임 없음"),
    "menu.hint_keys": ("Arrows and Enter, or click", "방향키와 Enter, 또는 클릭"),
    # settings screen
    "settings.title": ("Settings", "설정"),
    "settings.page.rules": ("House rules", "하우스 룰"),
    "settings.page.yaku": ("Yak points", "역 점수"),
    "settings.page.players": ("Players", "상대"),
    "settings.page.display": ("Display and sound", "화면과 소리"),
    "settings.save": ("Save", "저장"),
    "settings.cancel": ("Back", "뒤로"),
    "settings.defaults": ("Defaults", "기본값"),
    "settings.saved_to": ("Saved to {path}", "저장됨: {path}"),
    "settings.save_failed": ("Could not save: {error}", "저장 실패: {error}"),
    "settings.save_failed_session": ("Not saved: {error}. The changes apply until you quit.",
                                     "저장하지 못했습니다: {error}. 바뀐 설정은 게임을 끝낼 때까지만 적용됩니다."),
    "settings.save_error.read_only": ("{name} is read-only", "{name} 파일이 읽기 전용입니다"),
    "settings.save_error.permission": ("no permission to write in {folder}", "{folder} 폴더에 쓸 권한이 없습니다"),
    "settings.save_error.disk_full": ("the disk is full", "디스크가 가득 찼습니다"),
    "settings.save_error.no_directory": ("the folder {folder} is missing", "{folder} 폴더가 없습니다"),
    "settings.save_error.not_a_file": ("{name} is not a regular file (a folder or a pipe?)",
                                       "{name}은(는) 일반 파일이 아닙니다 (폴더나 파이프?)"),
    "settings.unsaved": ("Unsaved changes", "저장하지 않은 변경"),
    "settings.help": ("Up/Down choose, Left/Right change, Tab next page, Ctrl+S save, Esc back",
                      "위/아래 선택, 왼쪽/오른쪽 변경, Tab 다음 쪽, Ctrl+S 저장, Esc 뒤로"),
    "settings.preset_note": ("Custom values override the preset", "직접 정한 점수가 프리셋보다 우선"),
    "settings.custom": ("custom", "직접"),
    # house rules (rule book section 10)
    "rule.ante": ("Ante (0 = method 2)", "기본 점수 (0 = 방법 2)"),
    "rule.preset": ("Yak table preset", "역 점수표"),
    "rule.discard_multiplier": ("Discarder pays", "쏜 사람 지불"),
    "rule.several_winners": ("Several winners", "여러 명이 날 때"),
    "rule.three_winners": ("Three winners", "세 명이 날 때"),
    "rule.nine_major_draw": ("Nine major tiles draw", "요구패 9종 유국"),
    "rule.nine_major_threshold": ("Nine major tiles: kinds needed", "요구패 유국: 필요한 종류"),
    "rule.four_winds_draw": ("Four consistent winds draw", "사풍연타 유국"),
    "rule.prevalent_wind": ("Prevalent wind", "장풍"),
    "rule.dealer_keeps": ("Dealer keeps the deal", "친이 연장할 때"),
    "rule.session_mode": ("Session length", "게임 길이"),
    "rule.session_hands": ("Hands per session", "판 수"),
    "rule.session_minutes": ("Minutes per session", "시간 (분)"),
    "rule.uper_min_wall": ("Uper: minimum wall tiles", "엎어: 최소 남은 패"),
    "rule.flowers": ("Flowers", "꽃패"),
    "rule.special_tile_bonus": ("5p / 1p / 9p bonuses", "5통 / 1통 / 9통 보너스"),
    "rule.strict_table": ("Strict table (penalise wrong calls)", "엄격한 규칙 (잘못된 선언 벌칙)"),
    "rule.score_cap": ("Score cap", "점수 상한"),
    # their values
    "value.on": ("on", "켜기"),
    "value.off": ("off", "끄기"),
    "value.none": ("none", "없음"),
    "value.x2": ("2 x Final", "최종 점수 2배"),
    "value.x1": ("1 x Final", "최종 점수 1배"),
    "value.head_bump": ("head bump (first in turn)", "선착순 (머리치기)"),
    "value.all": ("all claimants win", "모두 난다"),
    "value.abort": ("abortive draw, next win doubled", "유국, 다음 판 두 배"),
    "value.east": ("fixed East", "동 고정"),
    "value.rotating": ("rotating by round", "바람마다 바뀜"),
    "value.win_or_draw": ("on a dealer win or a draw", "친이 나거나 유국"),
    "value.win": ("on a dealer win only", "친이 날 때만"),
    "value.hands": ("N hands", "판 수"),
    "value.minutes": ("M minutes", "시간"),
    "value.endless": ("endless", "무제한"),
    "value.nagari": ("나가리 (Nagari)", "나가리"),
    "value.samsiki": ("삼식이 (Samsiki)", "삼식이"),
    "value.keopihyang": ("커피향 (Keopihyang)", "커피향"),
    "value.slow": ("slow", "느리게"),
    "value.normal": ("normal", "보통"),
    "value.fast": ("fast", "빠르게"),
    "value.instant": ("instant", "즉시"),
    "value.en": ("English", "English"),
    "value.ko": ("한국어 (Korean)", "한국어"),
    "value.ms": ("{n} ms", "{n} ms"),
    "value.seconds": ("{n} s", "{n}초"),
    "value.minutes_n": ("{n} min", "{n}분"),
    "value.percent": ("{n}%", "{n}%"),
    "value.points": ("{n} pts", "{n}점"),
    # players
    "set.seat1": ("Opponent on the right", "오른쪽 상대"),
    "set.seat2": ("Opponent across", "맞은편 상대"),
    "set.seat3": ("Opponent on the left", "왼쪽 상대"),
    "seat.ai:beginner": ("computer, beginner", "컴퓨터 (초급)"),
    "seat.ai:standard": ("computer, standard", "컴퓨터 (보통)"),
    "seat.ai:expert": ("computer, expert", "컴퓨터 (고수)"),
    "seat.greedy": ("simple greedy", "단순 (욕심쟁이)"),
    "seat.random": ("random (for tests)", "무작위 (시험용)"),
    "short.ai:beginner": ("Beginner", "초급"),
    "short.ai:standard": ("Standard", "보통"),
    "short.ai:expert": ("Expert", "고수"),
    "short.greedy": ("Greedy", "욕심쟁이"),
    "short.random": ("Random", "무작위"),
    "set.animation_speed": ("Animation speed", "애니메이션 속도"),
    "set.ai_delay_ms": ("Computer thinking delay", "컴퓨터 생각 시간"),
    "set.claim_countdown": ("Claim countdown", "선언 제한 시간"),
    "set.hints": ("Hints", "도움말"),
    # display and sound
    "set.language": ("Language", "언어"),
    "set.window_size": ("Window size", "창 크기"),
    "set.fullscreen": ("Fullscreen", "전체 화면"),
    "set.sound": ("Sound", "소리"),
    "set.volume": ("Volume", "음량"),
    # messages
    "msg.settings_problem": ("Settings", "설정"),
    "msg.ok": ("OK", "확인"),
    # table words the info panel and prompts will use
    "table.wall": ("Wall", "패산"),
    "table.dealer": ("Dealer", "친"),
    "table.score": ("Score", "점수"),
    "table.hand_n": ("Hand {n}", "{n}국"),
    "table.time": ("Time", "시간"),
    "action.win": ("Win", "화료"),
    "action.ola": ("Ola! (self-draw)", "올라!"),
    "action.ssoa": ("Ssoa! (on discard)", "쏘아!"),
    "action.pung": ("Pung", "퐁"),
    "action.kong": ("Kong", "깡"),
    "action.pass": ("Pass", "패스"),
    "action.uper": ("Uper", "엎어"),
    "action.discard": ("Discard", "버리기"),
    "action.nine_major": ("Nine major tiles draw", "요구패 유국 선언"),
    "result.draw": ("Draw", "유국"),
    "result.basic": ("Basic", "기본"),
    "result.bonus": ("Bonus", "보너스"),
    "result.final": ("Final", "최종"),
    "result.pays": ("pays", "지불"),
    "result.session": ("Session results", "최종 결과"),
    "result.next": ("Next hand", "다음 판"),
    "result.done": ("Done", "확인"),
    "result.wins": ("{name} wins: {how}", "{name} 화료: {how}"),
    "result.from": ("dealt in by {name}", "쏜 사람: {name}"),
    "result.robbing": ("Robbing the kong", "깡 쏘아"),
    "result.sum": ("Ante {ante} + basic {basic} + bonus {bonus} = {total}",
                   "기본 점수 {ante} + 역 {basic} + 보너스 {bonus} = {total}점"),
    "result.payments": ("Payments", "지불"),
    "result.reason.exhaustive": ("Draw: the wall ran out.", "유국: 패산이 다 떨어졌습니다."),
    "result.reason.nine_major": ("Draw: nine different major tiles were declared.",
                                 "유국: 요구패 9종이 선언되었습니다."),
    "result.reason.four_winds": ("Draw: all four discarded the same wind in the first go-around.",
                                 "유국: 첫 바퀴에 네 사람이 같은 풍패를 버렸습니다."),
    "result.reason.triple_win": ("Draw: three players won on one discard.",
                                 "유국: 한 패에 세 사람이 화료했습니다."),
    "result.dealer_keeps": ("The dealer keeps the deal.", "친이 유지됩니다."),
    "result.next_doubled": ("The next hand's winning score is doubled.", "다음 판 화료 점수는 두 배입니다."),
    "result.player": ("Player", "경기자"),
    "result.wins_n": ("Wins", "화료"),
    "result.self_draws": ("Self-draws", "올라"),
    "result.deal_ins": ("Dealt in", "쏘아 줌"),
    "result.running": ("Score after each hand", "판마다 누적 점수"),
    # the table
    "table.you": ("You", "나"),
    "table.dice_breaker": ("{name} rolls {n}", "{name}: 주사위 {n}"),
    "table.dice_count": ("{name} rolls {n} to count", "{name}: 주사위 {n}, 세기"),
    "table.break": ("The wall breaks: {name}'s wall, count {n}", "패산 가르기: {name} 패산, {n}"),
    "table.break_yours": ("The wall breaks: your wall, count {n}", "패산 가르기: 내 패산, {n}"),
    "table.flower": ("{name}: flower!", "{name}: 꽃패!"),
    "table.called_uper": ("{name}: Uper!", "{name}: 엎어!"),
    "table.called_pung": ("{name}: Pung!", "{name}: 퐁!"),
    "table.called_kong": ("{name}: Kong!", "{name}: 깡!"),
    "table.called_nine": ("{name}: nine major tiles!", "{name}: 요구패 9종!"),
    "table.called_ola": ("{name}: Ola!", "{name}: 올라!"),
    "table.called_ssoa": ("{name}: Ssoa!", "{name}: 쏘아!"),
    "table.claim_prompt": ("{name} discards {tile}", "{name} 버림: {tile}"),
    "table.rob_prompt": ("{name} adds {tile} to a kong", "{name} 깡 추가: {tile}"),
    "table.your_turn": ("Your turn", "내 차례"),
    "table.no_hints": ("Hints are not available in this version", "이 버전에서는 도움말 패널을 쓸 수 없습니다"),
    "table.refused_win": ("You cannot win on this discard: {why}", "이 패로는 날 수 없습니다: {why}"),
    "table.uper_with": ("Uper only with a discard of {tiles}", "엎어는 이 패를 버릴 때만: {tiles}"),
    "table.uper_not_offered": ("Uper needs a concealed hand that is ready after the discard",
                               "엎어는 버린 뒤 텐파이인 멘젠 손패에서만 할 수 있습니다"),
    "table.discard_hint": ("Click a tile or use arrows and Enter to discard; Space discards the drawn tile.",
                           "패를 클릭하거나 방향키와 Enter로 버리세요. Space는 가져온 패를 버립니다."),
    "table.spectating": ("Watching the computer play. Esc quits, a click skips.",
                         "컴퓨터 대국 관전 중. Esc 종료, 클릭하면 넘깁니다."),
    "table.seats_by_dice": ("Seats by dice: the highest roll is East", "주사위로 자리 정하기: 가장 높은 사람이 동"),
    "table.seats_by_winds": ("Seats by wind tiles", "풍패로 자리 정하기"),
    "table.nothing_to_continue": ("There is no unfinished game to continue.", "이어할 게임이 없습니다."),
    "table.cannot_continue": ("The saved game cannot be continued: {why}", "저장된 게임을 이어할 수 없습니다: {why}"),
    "table.cannot.generic": ("That is not possible now.", "지금은 할 수 없습니다."),
    "table.cannot.win": ("No win: your hand is not complete.", "화료할 수 없습니다: 패가 완성되지 않았습니다."),
    "table.cannot.win.claim": ("No win: this tile does not complete your hand.",
                               "론할 수 없습니다: 이 패로 패가 완성되지 않습니다."),
    "table.cannot.pung": ("Pung only on another player's discard.", "퐁은 다른 사람이 버린 패로만 할 수 있습니다."),
    "table.cannot.pung.claim": ("No pung: you need two of this tile.", "퐁할 수 없습니다: 이 패가 2장 필요합니다."),
    "table.cannot.kong": ("No kong: you hold no four of a kind, nor a pung to add to.",
                          "깡할 수 없습니다: 같은 패 4장이나 더할 퐁이 없습니다."),
    "table.cannot.kong.claim": ("No kong: you need three of this tile.", "깡할 수 없습니다: 이 패가 3장 필요합니다."),
    "table.cannot.nine": ("Nine major tiles only on your first turn, with nine different terminals and honours.",
                          "구요구종은 첫 차례에 서로 다른 요구패 9종이 있을 때만 선언할 수 있습니다."),
    "table.cannot.nine.claim": ("Nine major tiles only on your own first turn.", "구요구종은 자기 첫 차례에만 선언할 수 있습니다."),
    "table.continue_live": ("The unfinished game is being played in another window.",
                            "이어할 게임을 다른 창에서 하고 있습니다."),
    "table.continue_taken": ("Another window has just continued this game.",
                             "다른 창에서 방금 이 게임을 이어했습니다."),
    "table.recording_stopped": ("Recording stopped: {why}. Play goes on; the game so far is saved.",
                                "기록 중단: {why}. 게임은 계속되며 지금까지의 기록은 남습니다."),
    "table.help": ((
        "Discard: click a tile, or Left/Right and Enter, or 1-9 and 0; Space discards the drawn tile.\n"
        "Drag a tile with the mouse, or Shift+Left/Right, to order your hand; O sorts again.\n"
        "On your turn: W win (Ola), U uper with the chosen tile, K kong, N nine major tiles.\n"
        "On a discard: W win (Ssoa), P pung, K kong, Space or Esc pass.\n"
        "I: hints (shanten, waits, danger). A click or a key skips an animation.\n"
        "Esc leaves the table (continue later). F1 or H: this help."), (
        "버리기: 패를 클릭, 또는 왼쪽/오른쪽과 Enter, 또는 1-9와 0. Space는 가져온 패를 버립니다.\n"
        "마우스로 끌거나 Shift+왼쪽/오른쪽으로 패를 옮깁니다. O는 다시 정렬합니다.\n"
        "내 차례: W 화료(올라), U 고른 패로 엎어, K 깡, N 요구패 9종.\n"
        "남이 버린 패: W 화료(쏘아), P 퐁, K 깡, Space 또는 Esc 패스.\n"
        "I: 힌트(샹텐, 대기패, 위험도). 클릭이나 키를 누르면 애니메이션을 넘깁니다.\n"
        "Esc는 자리에서 일어납니다(나중에 이어하기). F1 또는 H: 도움말.")),
    # the replays
    "replay.title": ("Replays", "다시보기"),
    "replay.watch": ("Watch", "보기"),
    "replay.none": ("No recorded games yet: every game you play is recorded.",
                    "아직 기록된 게임이 없습니다. 직접 둔 게임은 모두 기록됩니다."),
    "replay.player": ("Player", "경기자"),
    "replay.complete": ("finished", "끝남"),
    "replay.interrupted": ("interrupted", "중단됨"),
    "replay.damaged": ("damaged file", "손상된 파일"),
    "replay.list_hint": ("Up/Down choose, Enter watch, Esc back", "위/아래 선택, Enter 보기, Esc 뒤로"),
    "replay.hint": ("Replay: P pause, + and - speed, a click skips, Esc back",
                    "다시보기: P 일시정지, +와 - 속도, 클릭하면 넘김, Esc 뒤로"),
    "replay.paused": ("Paused (P to go on)", "일시정지 (P: 계속)"),
    "replay.speed": ("Speed x{x}", "속도 x{x}"),
    "replay.ended": ("The record ends here (the game was interrupted). Esc: back",
                     "기록이 여기서 끝납니다 (중단된 게임). Esc: 뒤로"),
    # the new-game screen
    "newgame.title": ("New game", "새 게임"),
    "newgame.preset": ("Yak table preset", "역 점수표"),
    "newgame.length": ("Session length", "게임 길이"),
    "newgame.seating": ("Seats chosen by", "자리 정하기"),
    "newgame.dice": ("dice", "주사위"),
    "newgame.winds": ("wind tiles", "풍패"),
    "newgame.hands_n": ("{n} hands", "{n}판"),
    "newgame.start": ("Start", "시작"),
    "newgame.hint": ("Up/Down choose, Left/Right change, Enter starts, Esc back",
                     "위/아래 선택, 왼쪽/오른쪽 변경, Enter 시작, Esc 뒤로"),
    # the rules screen: a summary of the rule book
    "rules.title": ("Rules in brief", "규칙 요약"),
    "rules.help": ("Up/Down or the wheel scroll, Esc goes back", "위/아래 또는 휠로 이동, Esc 뒤로"),
    "rules.tiles.h": ("Tiles", "패"),
    "rules.tiles.b": (
        ("104 tiles: characters 1-9 (萬) and circles 1-9 (筒), four of each; the winds East, South, "
         "West, North and the dragons White, Green, Red, four of each; and four flowers (spring, "
         "summer, autumn, winter). There is no bamboo suit."),
        ("모두 104장: 만수패 1-9(萬)와 통수패 1-9(筒) 각 4장, 풍패 동·남·서·북과 삼원패 백·발·중 각 4장, "
         "그리고 꽃패 4장(춘·하·추·동). 삭수패는 없습니다.")
    ),
    "rules.setup.h": ("Setting up", "준비"),
    "rules.setup.b": (
        ("Each player builds a wall of 13 stacks of 2. East rolls two dice to find the wall breaker, "
         "who rolls again: the sum of both throws counts the stacks to the break. East takes 14 "
         "tiles, the others 13; 51 stay in the wall. Flowers are shown and replaced from the back of "
         "the wall."),
        ("각자 2단 13줄의 패산을 쌓습니다. 동(친)이 주사위 두 개를 던져 패산을 가를 사람을 정하고, 그 사람이 "
         "다시 던져 두 번의 합만큼 세어 패산을 가릅니다. 친은 14장, 나머지는 13장을 받고 51장이 패산에 "
         "남습니다. 꽃패는 공개하고 패산 뒤쪽에서 보충합니다.")
    ),
    "rules.play.h": ("Playing", "진행"),
    "rules.play.b": (
        ("Draw, then discard. Any player may claim a discard for a pung (holding a pair), a kong "
         "(holding three) or to win; there is no chow. A win beats a pung or kong. After a claim "
         "play goes on to the claimer's right, and the players in between lose their turn."),
        ("한 장 가져오고 한 장 버립니다. 버린 패는 누구나 퐁(두 장을 가졌을 때), 깡(세 장을 가졌을 때), "
         "또는 화료로 가져갈 수 있고, 치는 없습니다. 화료가 퐁·깡보다 우선합니다. 가져간 뒤에는 그 사람의 "
         "오른쪽으로 진행하고, 사이의 사람은 차례를 잃습니다.")
    ),
    "rules.win.h": ("Winning: two points", "화료: 2점"),
    "rules.win.b": (
        ("A winning hand is four sets (sequences, pungs, kongs) and a pair, or seven pairs. It needs "
         "at least 2 basic points from the yak below. Bonus points (flowers, Korean dora, uper, the "
         "kong and last-tile bonuses) never count toward the two."),
        ("화료하려면 몸통 넷(슌쯔, 퐁, 깡)과 머리 하나, 또는 칠대자가 필요하고, 아래 역으로 기본 점수 2점 "
         "이상이어야 합니다. 보너스 점수(꽃패, 겐쇼, 엎어, 깡·하이테이 보너스)는 2점에 들어가지 않습니다.")
    ),
    "rules.uper.h": ("Uper (엎어), the ready declaration", "엎어 (리치 선언)"),
    "rules.uper.b": (
        ("With a concealed hand that is ready and at least {wall} tiles left in the wall you may "
         "declare uper as you discard, if every wait would give 2 basic points even on a discard. "
         "The uper discard lies sideways; the hand is then frozen and drawn tiles that do not win "
         "are discarded. Uper is worth 1 bonus point."),
        ("멘젠으로 텐파이이고 패산에 {wall}장 이상 남았을 때, 모든 대기패가 쏘아로 나도 기본 2점이 되면 "
         "버리면서 엎어를 선언할 수 있습니다. 엎어한 패는 옆으로 눕히고, 이후 손패는 고정되어 화료가 아닌 "
         "패는 바로 버립니다. 엎어는 보너스 1점입니다.")
    ),
    "rules.sacred.h": ("Sacred discard", "후리텐"),
    "rules.sacred.b": (
        ("You cannot win on a discard while one of your waits lies in your own river, or a tile of "
         "its stem (1-4-7, 2-5-8, 3-6-9 of the same suit); if you let a winning discard pass, wait "
         "for your next draw. After uper these last for the rest of the hand. Self-draw wins stay open."),
        ("자기 강에 대기패가 있거나 같은 수패의 줄기(1-4-7, 2-5-8, 3-6-9)가 걸리면 쏘아로 날 수 "
         "없습니다. 날 수 있는 패를 놓쳤다면 자기 다음 쯔모까지 기다립니다. 엎어 뒤에는 그 판 끝까지 "
         "유지됩니다. 쯔모 화료는 가능합니다.")
    ),
    "rules.score.h": ("Scoring", "점수"),
    "rules.score.b": (
        ("Final = ante {ante} + basic + bonus. A self-draw: each of the three others pays Final. A win "
         "on a discard: the discarder alone pays {mult} × Final."),
        ("최종 점수 = 기본 점수 {ante} + 역 점수 + 보너스. 쯔모: 다른 세 사람이 각각 최종 점수를 냅니다. "
         "쏘아: 쏜 사람 혼자 최종 점수의 {mult}배를 냅니다.")
    ),
    "rules.draws.h": ("Draws", "유국"),
    "rules.draws.b": (
        ("The hand is drawn when the wall runs out, when a player declares nine different major tiles "
         "in his starting hand, when all four discard the same wind in the first go-around, or when "
         "three players win on one discard."),
        ("패산이 다 떨어졌을 때, 처음 손패에 서로 다른 요구패 9종이 있어 선언했을 때, 첫 바퀴에 네 사람이 "
         "같은 풍패를 버렸을 때, 한 패에 세 사람이 화료했을 때 유국입니다.")
    ),
    "rules.yak.h": ("Yak table: {preset}", "역 점수표: {preset}"),
    "rules.bonus.h": ("Bonus points", "보너스 점수"),
    # the learning screens: hints panel, practice, replay viewer, statistics
    # hints panel
    "hints.title": ("Hints", "힌트"),
    "hints.none": ("No hints at this moment", "지금은 힌트가 없습니다"),
    "hints.ready": ("Ready (tenpai)", "텐파이 (준비 완료)"),
    "hints.shanten": ("{n} from ready (shanten {n})", "텐파이까지 {n} (샹텐 {n})"),
    "hints.suggest": ("Suggested: {what}", "추천: {what}"),
    "hints.discards": ("Discards", "버릴 패"),
    "hints.col_tile": ("Tile", "패"),
    "hints.col_accept": ("After · accepts", "버린 뒤 · 유효패"),
    "hints.ready_short": ("ready", "텐파이"),
    "hints.sh_n": ("{n}-shanten", "{n}샹텐"),
    "hints.sd": ("tsumo", "쯔모"),
    "hints.d": ("ron", "론"),
    "hints.col_two": ("2 pts reachable", "2점 가능"),
    "hints.accept_n": ("{n} left · {k} kinds", "{n}장 · {k}종"),
    "hints.draws": ("Draws that help", "도움이 되는 패"),
    "hints.waits": ("Waits", "대기패"),
    "hints.waits_after": ("Waits after discarding {tile}", "{tile} 버린 뒤 대기패"),
    "hints.wait_row": ("{u} left · self-draw {sd} · discard {d}", "{u}장 · 쯔모 {sd} · 론 {d}"),
    "hints.low": ("< 2 on a discard", "론은 2점 미만"),
    "hints.blocked": ("no discard win", "론 불가"),
    "hints.danger": ("Danger of each tile", "패별 위험도"),
    "hints.safe": ("safe", "안전"),
    "hints.risky": ("dangerous", "위험"),
    "hints.more_below": ("▼ more below", "▼ 아래에 더 있음"),
    "hints.more_above": ("▲ more above", "▲ 위에 더 있음"),
    "hints.uper_mark": ("UPER", "엎어"),
    "hints.sacred": ("Sacred discard", "후리텐"),
    "hints.sacred_ok": ("Your hand: no sacred discard", "내 패: 후리텐 없음"),
    "hints.sacred_you": ("Your hand: {why}", "내 패: {why}"),
    "hints.cannot": ("{seat} cannot win on: {tiles}", "{seat} 론 불가: {tiles}"),
    "hints.why": ("Why can't I win on this? Click a tile", "왜 이 패로 못 나나? 패를 클릭"),
    "hints.uper_ok": ("uper allowed", "엎어 가능"),
    "hints.uper_no": ("no uper: {why}", "엎어 불가: {why}"),
    "hints.plan": ("plan: {plan}", "계획: {plan}"),
    # practice
    "practice.title": ("Uper-timing practice", "엎어 타이밍 연습"),
    "practice.stage": ("Point of the hand", "판의 시점"),
    "practice.stage.early": ("early", "초반"),
    "practice.stage.middle": ("middle", "중반"),
    "practice.stage.late": ("late", "후반"),
    "practice.stage.any": ("any", "아무 때나"),
    "practice.mix": ("Positions", "문제 종류"),
    "practice.mix.any": ("mixed", "섞어서"),
    "practice.mix.legal": ("uper allowed", "엎어 가능"),
    "practice.mix.illegal": ("uper against the rules", "엎어 불가"),
    "practice.start": ("Start", "시작"),
    "practice.intro": ("You are ready (or one discard from it). Declare uper, stay silent or fold: each choice is then played out {n} times by the computer from the same position, and you see which one wins most.",
                       "텐파이(또는 한 장 버리면 텐파이)입니다. 엎어, 다마(조용히), 접기 중 하나를 고르면 같은 상황을 컴퓨터가 선택마다 {n}번씩 끝까지 두어 어떤 선택이 가장 좋은지 보여 줍니다."),
    "practice.setup_help": ("Left/Right change, Up/Down choose, Enter start, Esc back",
                            "왼쪽/오른쪽 변경, 위/아래 선택, Enter 시작, Esc 뒤로"),
    "practice.dealing": ("Dealing a position…", "문제를 만드는 중…"),
    "practice.position": ("Position {n} · wall {wall} · you are {seat}", "문제 {n} · 남은 패 {wall} · 당신은 {seat}"),
    "practice.choose": ("Your choice:", "선택:"),
    "practice.discard_with": ("Ready discards (the uper and silent choices discard this):",
                              "텐파이가 되는 버림패 (엎어와 다마는 이 패를 버립니다):"),
    "practice.opt.uper": ("Declare uper", "엎어 선언"),
    "practice.opt.silent": ("Stay silent", "다마 (조용히)"),
    "practice.opt.fold": ("Fold", "접기"),
    "practice.illegal": ("Uper is against the rules here: {why}", "여기서 엎어는 규칙 위반입니다: {why}"),
    "practice.strict": ("Strict table: you may declare it anyway and take the penalty (click again).",
                        "엄격한 테이블: 그래도 선언하고 벌점을 받을 수 있습니다 (한 번 더 클릭)."),
    "practice.playing": ("Playing it out: {done} of {total}", "끝까지 두는 중: {done} / {total}"),
    "practice.col.option": ("Choice", "선택"),
    "practice.col.win": ("Win %", "화료율"),
    "practice.col.points": ("Avg points", "평균 점수"),
    "practice.col.dealin": ("Deal-in %", "방총률"),
    "practice.best": ("best", "최선"),
    "practice.yours": ("your choice", "당신의 선택"),
    "practice.not_played": ("not allowed", "불가"),
    "practice.result_help": ("N next position · Backspace undo · R review · Esc back",
                             "N 다음 문제 · Backspace 되돌리기 · R 복기 · Esc 뒤로"),
    "practice.decide_help": ("U uper · S silent · F fold · Left/Right ready discard · Backspace undo · Esc back",
                             "U 엎어 · S 다마 · F 접기 · 왼쪽/오른쪽 버림패 · Backspace 되돌리기 · Esc 뒤로"),
    "practice.next": ("Next position", "다음 문제"),
    "practice.undo": ("Undo", "되돌리기"),
    "practice.review": ("Review", "복기"),
    "practice.review_title": ("Review: {n} decisions, {m} mistakes", "복기: 결정 {n}개, 실수 {m}개"),
    "practice.review_none": ("No decisions yet.", "아직 결정이 없습니다."),
    "practice.review_row": ("#{i}: you chose {chosen}, best {best}, cost {cost:.1f} points per hand",
                            "#{i}: 선택 {chosen}, 최선 {best}, 손해 판당 {cost:.1f}점"),
    "practice.review_help": ("Up/Down scroll · Esc back", "위/아래 스크롤 · Esc 뒤로"),
    "practice.failed": ("Could not deal a position: {error}", "문제를 만들 수 없습니다: {error}"),
    "practice.seconds": ("{n} playouts per choice against {who} opponents in {s:.1f} s",
                         "선택마다 {n}번 ({who} 상대), {s:.1f}초"),
    "practice.you": ("You", "당신"),
    # replay viewer and records
    "viewer.title": ("Replay: {name}", "다시보기: {name}"),
    "viewer.step": ("Hand {hand} · event {i} of {n}", "{hand}국 · {i} / {n}번째"),
    "viewer.prev": ("◀ Back", "◀ 이전"),
    "viewer.next": ("Next ▶", "다음 ▶"),
    "viewer.prev_hand": ("◀◀ Hand", "◀◀ 이전 판"),
    "viewer.next_hand": ("Hand ▶▶", "다음 판 ▶▶"),
    "viewer.reveal": ("Reveal hands", "패 공개"),
    "viewer.hints": ("Hints", "힌트"),
    "viewer.help": ("Left/Right step · Home/End · PgUp/PgDn hand · R reveal · H hints · click an event to jump · Esc back",
                    "왼쪽/오른쪽 한 단계 · Home/End · PgUp/PgDn 판 · R 공개 · H 힌트 · 사건 클릭으로 이동 · Esc 뒤로"),
    "viewer.damaged": ("Damaged record: {why}", "손상된 기록: {why}"),
    "viewer.no_hands": ("This record holds no hand to show.", "보여 줄 판이 없는 기록입니다."),
    "viewer.rebuild": ("The hand cannot be rebuilt from here: {why}", "여기부터는 판을 다시 만들 수 없습니다: {why}"),
    "viewer.you": ("Player", "경기자"),
    "records.step": ("Step through", "한 수씩 보기"),
    "records.prune": ("Prune > {d} days", "{d}일 지난 기록 삭제"),
    "records.confirm": ("Delete {n} records older than {d} days? Y: delete, N: keep",
                        "{d}일보다 오래된 기록 {n}개를 삭제할까요? Y: 삭제, N: 유지"),
    "records.pruned": ("{n} records deleted", "기록 {n}개를 삭제했습니다"),
    "records.help": ("Enter step through · W watch · Left/Right prune limit · P prune · Esc back",
                     "Enter 한 수씩 · W 보기 · 왼쪽/오른쪽 삭제 기준 · P 삭제 · Esc 뒤로"),
    # statistics
    "menu.statistics": ("Statistics", "통계"),
    "stats.title": ("Statistics", "통계"),
    "stats.sessions": ("Sessions", "게임 수"),
    "stats.hands": ("Hands played", "판 수"),
    "stats.win": ("Win rate", "화료율"),
    "stats.deal_in": ("Deal-in rate", "방총률"),
    "stats.uper": ("Uper rate", "엎어 비율"),
    "stats.win_after_uper": ("Wins after uper", "엎어 후 화료율"),
    "stats.per_hand": ("Points per hand", "판당 평균 점수"),
    "stats.per_win": ("Points per win", "화료당 평균 점수"),
    "stats.top_yak": ("Most frequent yak", "가장 많이 난 역"),
    "stats.none": ("none yet", "아직 없음"),
    "stats.chart": ("Running score over the last {n} sessions", "최근 {n}게임 누적 점수"),
    "stats.empty": ("No finished hands in the records yet: play a game first.",
                    "기록에 끝난 판이 아직 없습니다. 먼저 게임을 해 보세요."),
    "stats.help": ("Esc back", "Esc 뒤로"),
    "stats.times": ("{n}×", "{n}회"),
}

#: yak key -> (English, Korean), rule book 8.2 and 8.3
YAK_NAMES: dict[str, tuple[str, str]] = {
    "dragon_pung": ("Dragon pung", "삼원패"),
    "seat_wind": ("Seat-wind pung", "자풍패"),
    "prevalent_wind": ("Prevalent-wind pung", "장풍패"),
    "concealed": ("Concealed hand", "문전"),
    "self_draw": ("Concealed self-draw", "쯔모"),
    "all_sequences": ("All sequences", "핑후"),
    "all_simples": ("All simples", "당요"),
    "double_wind": ("Double wind", "연풍패"),
    "half_flush": ("Half flush", "혼일색"),
    "all_pungs": ("All pungs", "돌돌이"),
    "pure_straight": ("Pure straight", "일기통관"),
    "three_concealed_pungs": ("Three concealed pungs", "삼앙꼬"),
    "seven_pairs": ("Seven pairs", "칠대자"),
    "little_three_dragons": ("Little three dragons", "소삼원"),
    "four_concealed_pungs": ("Four concealed pungs", "쓰앙꼬"),
    "full_flush": ("Full flush", "청일색"),
    "big_three_dragons": ("Big three dragons", "대삼원"),
    "all_terminals_honours": ("All terminals and honours", "혼노두"),
    "little_four_winds": ("Little four winds", "소사희"),
    "big_four_winds": ("Big four winds", "대사희"),
    "all_honours": ("All honours", "자일색"),
    "heavenly_hand": ("Heavenly hand", "천화"),
    "earthly_hand": ("Earthly hand", "지화"),
    "human_hand": ("Human hand", "인화"),
    "nine_gates": ("Nine gates", "구련보등"),
    "uper": ("Uper", "엎어"),
    "korean_dora": ("Korean dora", "겐쇼"),
    "flower": ("Flower", "꽃패"),
    "all_flowers": ("All four flowers", "화만관"),
    "win_on_kong": ("Win on kong", "깡 올라"),
    "robbing_kong": ("Robbing the kong", "깡 쏘아"),
    "last_tile_draw": ("Last-tile draw", "하이테이 올라"),
    "last_tile_claim": ("Last-tile claim", "하이테이 쏘아"),
    "win_on_kong_5p": ("Win on kong with 5p", "5통 깡 올라"),
    "last_tile_draw_1p": ("Last-tile draw with 1p", "1통 하이테이 올라"),
    "last_tile_claim_9p": ("Last-tile claim with 9p", "9통 하이테이 쏘아"),
}

SEAT_WIND_NAMES = {"en": HONOUR_NAMES_EN[:4], "ko": HONOUR_NAMES_KO[:4]}


def _index(lang: str) -> int:
    try:
        return LANGS.index(lang)
    except ValueError:
        raise KeyError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}") from None


def tr(key: str, lang: str, **fmt: object) -> str:
    """The text for `key` in `lang` ("en" or "ko"), formatted with `fmt`."""
    try:
        pair = STRINGS[key]
    except KeyError:
        raise KeyError(f"no UI text {key!r}") from None
    text = pair[_index(lang)]
    return text.format(**fmt) if fmt else text


def has(key: str) -> bool:
    return key in STRINGS


def yak_name(key: str, lang: str) -> str:
    """The name of a yak or bonus in `lang`."""
    try:
        return YAK_NAMES[key][_index(lang)]
    except KeyError:
        raise KeyError(f"no yak name for {key!r}") from None


def all_text() -> Iterator[str]:
    """Every string the UI can show (for the font subset and its coverage test)."""
    for pair in STRINGS.values():
        yield from pair
    for pair in YAK_NAMES.values():
        yield from pair
    yield from HONOUR_NAMES_EN + HONOUR_NAMES_KO + FLOWER_NAMES_EN + FLOWER_NAMES_KO
