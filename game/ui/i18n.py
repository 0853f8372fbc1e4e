"""Every piece of interface text the screens show, by key, in English; translations are in the
catalogues (game/i18n/locale/<lang>/LC_MESSAGES/ui.po).

>>> tr("menu.new_game", "en"), tr("menu.new_game", "ko")
('New game', '새 게임')
>>> tr("settings.saved_to", "en", path="/x")
'Saved to /x'
>>> yak_name("seven_pairs", "ko")
'칠대자'

Unknown keys raise `KeyError` naming the key (a typo should fail a test, not show a blank). A new
text: add its English here, run ``python tools/i18n.py update``, translate it in every language's
``ui.po``, run ``python tools/i18n.py compile``; `tools/make_fonts.py` builds the Korean font
subset from `all_text()`, so run it again too (tests check both).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ai.heuristic import STYLES, Persona
from game import i18n
from game.engine.house_rules import HouseRule
from game.engine.messages import Message
from game.engine.rules import HOUSE_RULES
from game.i18n import languages, register_texts, render, yak_name

__all__ = ["LANGS", "STRINGS", "all_text", "has", "house_rule_texts",
           "language_name", "persona_texts", "reason_text", "tr", "yak_label", "yak_name"]

#: the languages with catalogues ('en', 'ko'): the settings' language row offers each
LANGS = languages()
#: the language of the game's own terms: a yak is named in it too, beside the player's language
TERMS_LANG = "ko"

#: key -> English: the source of every interface text (translations: game/i18n/locale)
STRINGS: dict[str, str | tuple[str, str]] = {
    # title screen
    "app.title": "Korean 2-Point Mahjong",
    "app.subtitle": "Two points to win. No chow. Flowers and uper.",
    "menu.new_game": "New game",
    "menu.continue": "Continue",
    "menu.practice": "Practice",
    "menu.replays": "Replays",
    "menu.settings": "Settings",
    "menu.rules": "Rules",
    "menu.quit": "Quit",
    "menu.nothing_saved": "no unfinished game",
    "menu.hint_keys": "Arrows and Enter, or click",
    # settings screen
    "settings.title": "Settings",
    "settings.page.rules": "House rules",
    "settings.page.yaku": "Yak points",
    "settings.page.players": "Players",
    "settings.page.display": "Display and sound",
    "settings.page.play": "Pace and assists",
    "settings.save": "Save",
    "settings.cancel": "Back",
    "settings.defaults": "Defaults",
    "settings.saved_to": "Saved to {path}",
    "settings.save_failed": "Could not save: {error}",
    "settings.save_failed_session": "Not saved: {error}. The changes apply until you quit.",
    "settings.save_error.read_only": "{name} is read-only",
    "settings.save_error.permission": "no permission to write in {folder}",
    "settings.save_error.disk_full": "the disk is full",
    "settings.save_error.no_directory": "the folder {folder} is missing",
    "settings.save_error.not_a_file": "{name} is not a regular file (a folder or a pipe?)",
    "settings.unsaved": "Unsaved changes",
    "settings.help": "Up/Down choose, Left/Right change, Tab next page, Ctrl+S save, Esc back",
    "settings.preset_note": "Custom values override the preset",
    "settings.custom": "custom",
    # named house-rule sets (settings, house rules page; game.rulesets)
    "dialog.cancel": "Cancel",
    "rulesets.action.save_as": "Save as…",
    "rulesets.action.load": "Load…",
    "rulesets.action.delete": "Delete…",
    "rulesets.action.export": "Export…",
    "rulesets.action.import": "Import…",
    "rulesets.changes": "{preset} + {changes}",
    "rulesets.no_changes": "{preset}, no changes",
    "rulesets.named": "\"{name}\": {summary}",
    "rulesets.custom_yak": ("{n} custom yak value", "{n} custom yak values"),
    "rulesets.save_title": "Save the house rules as",
    "rulesets.name_prompt": "Name (1-{n} characters)",
    "rulesets.saved": "Saved the rules as \"{name}\"",
    "rulesets.replace_title": "Replace the saved rules?",
    "rulesets.replace_message": "A rule set named \"{name}\" already exists. Replace it with these rules?",
    "rulesets.replace": "Replace",
    "rulesets.load_title": "Load saved house rules",
    "rulesets.none_saved": "No saved house rules yet: use Save as… first.",
    "rulesets.loaded": "Loaded \"{name}\"; Save keeps them as your rules",
    "rulesets.delete_title": "Delete saved house rules",
    "rulesets.delete_message": "Delete the saved rule set \"{name}\"? This cannot be undone.",
    "rulesets.deleted": "Deleted \"{name}\"",
    "rulesets.export_title": "Export to {folder}",
    "rulesets.exported": "Exported \"{name}\" to {path}",
    "rulesets.import_title": "Import house rules",
    "rulesets.type_path": "Type a file's path…",
    "rulesets.path_prompt": "Path of a rules file (.json)",
    "rulesets.imported": "Imported as \"{name}\"",
    # house rules: their labels, help and value words are declared with each rule
    # (game.engine.rules.RuleSet, added by `_house_rule_texts` below); the words they share:
    "value.on": "on",
    "value.off": "off",
    "value.x2": "2 x Final",
    "value.x1": "1 x Final",
    "value.slow": "slow",
    "value.normal": "normal",
    "value.fast": "fast",
    "value.instant": "instant",
    "value.en": "English",
    # a language's own name, in that language (the language row names a language without a
    # value.<lang> text of its own so: a new language translates this and needs no code)
    "language.self": "English",
    "value.ko": "한국어 (Korean)",
    "value.ms": "{n} ms",
    "value.seconds": "{n} s",
    "value.minutes_n": "{n} min",
    "value.percent": "{n}%",
    "value.points": ("{n} pt", "{n} pts"),
    # players
    "set.seat1": "Opponent on the right",
    "set.seat2": "Opponent across",
    "set.seat3": "Opponent on the left",
    "seat.ai:beginner": "computer, beginner",
    "seat.ai:standard": "computer, standard",
    "seat.ai:expert": "computer, expert",
    "seat.ai:master": "computer, master (reads ahead)",
    "seat.greedy": "simple greedy",
    "seat.random": "random (for tests)",
    "short.ai:beginner": "Beginner",
    "short.ai:standard": "Standard",
    "short.ai:expert": "Expert",
    "short.ai:master": "Master",
    "short.greedy": "Greedy",
    "short.random": "Random",
    "set.animation_speed": "Animation speed",
    "set.ai_delay_ms": "Computer thinking delay",
    "set.master_budget_ms": "Master's thinking time",
    "set.claim_countdown": "Claim countdown",
    "set.hints": "Hints",
    "set.intro": "Opening of each hand",
    "set.claim_time_bank": "Time bank per hand",
    "set.claim_timeout": "Time out with a win on offer",
    "set.assist_auto_win": "Auto-win",
    "set.assist_no_calls": "No calls (pass pung and kong)",
    "set.assist_auto_discard": "Auto-discard after uper",
    "set.assist_danger": "Danger and waits",
    "set.live_coach": "Live coach",
    "set.click_twice": "Click twice to discard",
    "value.intro.full": "full ritual every hand",
    "value.intro.short": "short after the first hand",
    "value.intro.quick": "short every hand",
    "value.timeout.win": "declare the win",
    "value.timeout.pass": "pass",
    "about.intro": "The opening: seat dice, shuffle, walls, rolls, break, deal, flowers. Short: walls built "
        "at once, one roll, the deal in one sweep. S at the table skips any opening.",
    "about.claim_countdown": "Seconds to answer a discard you could claim; off waits for you.",
    "about.claim_time_bank": "Extra seconds for each hand, spent once a countdown runs out.",
    "about.claim_timeout": "When the countdown and the bank run out while you could win on the discard.",
    "about.assist_auto_win": "Declares every legal win at once (F5 at the table).",
    "about.assist_no_calls": "Passes every pung and kong offer; a win is still offered (F6 at the table).",
    "about.assist_auto_discard":
        "After your uper, discards each drawn tile unless you can win; a kong is not offered (F7).",
    "about.assist_danger": "When a player has declared uper, shades each tile of your hand by how "
        "likely it deals in, marks the tiles that are safe and says why on hover; shows your "
        "waits and how many are left when you are ready (F8 at the table).",
    "about.live_coach": "After each of your decisions, one line says whether the strongest "
        "computer player agrees, and if not, what it would do and why (F9 at the table).",
    "about.click_twice": "The first click raises a tile, a second click on it discards it.",
    # what each rule and setting does (shown below the list while its row is chosen, and on New game)
    "about.house_rules": "Play with the rules of the settings, or with a saved set of house rules "
                         "(Settings, House rules, Save as…).",
    "about.seat": "Who plays in this seat: a computer player of the chosen level.",
    # each computer seat in one sentence (the new-game screen, under the seat rows)
    "about.seat.ai:beginner": "Beginner: plays the quickest shape, claims every pung, declares "
        "uper at once, and slips now and then (a slow discard, a missed pung, a dangerous tile "
        "after an uper).",
    "about.seat.ai:standard": "Standard: builds hands worth 2 points, but claims pungs readily, "
        "declares uper even on a thin wait and seldom folds against an uper.",
    "about.seat.ai:expert": "Expert: weighs each discard's danger against its hand's value, reads "
        "silent hands too and times its uper to how the table defends.",
    "about.seat.ai:master": "Master: the expert's judgement, and it reads ahead by playing out the "
        "hidden tiles at the decisions that matter.",
    "about.seat.greedy": "Greedy: always the quickest shape; never defends, claims every pung and "
        "declares uper whenever it may.",
    "about.seat.random": "Random: any legal move (for tests).",
    "about.animation_speed": "How fast the tiles move; instant shows every move at once.",
    "about.ai_delay_ms": "How long the computer players wait before they move, so you can follow them.",
    "about.master_budget_ms": ("How long a master opponent plays each close decision out before "
                               "it moves (longer: more playouts, a little stronger). Off: it "
                               "plays as the expert."),
    "about.hints": "The hints panel at the table (I): how far from ready, the draws that help, danger "
        "and sacred discard.",
    "about.language": "The language of the game's words.",
    "about.tile_notation": "Tiles named in words (5 circles) or in notation (5p).",
    "about.window_size": "The window's size when it is not fullscreen.",
    "about.fullscreen": "Fill the screen (F11 or Alt+Enter switch at any time).",
    "about.sound": "Sound and music on or off (M at the table switches it too).",
    "about.volume": "How loud the game is: the music and the sounds together.",
    "about.music_volume": "How loud the music is, under the sounds (Off: no music).",
    "about.effects_volume": "How loud the sounds of tiles, dice, calls and wins are.",
    "about.length": "How long the session lasts: a number of hands, some minutes, or endless.",
    "about.seating": "How the seats are drawn before the first hand: with dice, or with wind tiles.",
    # display and sound
    "set.language": "Language",
    "set.tile_notation": "Tile names",
    "value.tile_words": "In words (5 circles)",
    "value.tile_notation": "In notation (5p)",
    "set.window_size": "Window size",
    "set.fullscreen": "Fullscreen",
    "set.sound": "Sound",
    "set.volume": "Volume",
    "set.music_volume": "Music",
    "set.effects_volume": "Sound effects",
    # messages
    "msg.settings_problem": "Settings",
    "msg.ok": "OK",
    # table words the info panel and prompts will use
    "table.wall": "Wall",
    "table.dealer": "Dealer",
    "table.score": "Score",
    "table.hand_n": "Hand {n}",
    "table.tiles_left": "tiles left",
    "table.prevalent": "Prevalent wind: {wind}",
    "table.no_prevalent": "No prevalent wind",
    "table.doubled": "Stakes doubled",
    "table.flowers_n": "Flowers {n}",
    "table.level": "Plays at: {level}",
    # the computer players' names at the table (three of them, chosen by the game's seed)
    "persona.0": "Minjun",
    "persona.1": "Seoyeon",
    "persona.2": "Jiho",
    "persona.3": "Hayoon",
    "persona.4": "Dohyun",
    "persona.5": "Sua",
    "persona.6": "Eunwoo",
    "persona.7": "Jimin",
    "table.continued": "Welcome back: hand {n} goes on",
    "table.time": "Time",
    "action.win": "Win",
    "action.ola": "Ola! (self-draw)",
    "action.ssoa": "Ssoa! (on discard)",
    "action.pung": "Pung",
    "action.kong": "Kong",
    "action.pass": "Pass",
    "action.uper": "Uper",
    "action.discard": "Discard",
    "action.nine_major": "Nine major tiles draw",
    "result.draw": "Draw",
    "result.basic": "Basic",
    "result.bonus": "Bonus",
    "result.final": "Final",
    "result.pays": "pays",
    "result.session": "Session results",
    "result.next": "Next hand",
    "result.done": "Done",
    "result.wins": "{name} wins: {how}",
    "result.you_win": "You win ({wind}): {how}",
    "result.from": "dealt in by {name}",
    "result.robbing": "Robbing the kong",
    "result.sum": "Ante {ante} + basic {basic} + bonus {bonus} = {total}",
    "result.payments": "Payments",
    "result.reason.exhaustive": "Draw: the wall ran out.",
    "result.reason.nine_major": "Draw: nine different major tiles were declared.",
    "result.reason.four_winds": "Draw: all four discarded the same wind in the first go-around.",
    "result.reason.triple_win": "Draw: three players won on one discard.",
    "result.dealer_keeps": "The dealer keeps the deal.",
    "result.next_doubled": "The next hand's winning score is doubled.",
    "result.player": "Player",
    "result.wins_n": "Wins",
    "result.self_draws": "Self-draws",
    "result.deal_ins": "Dealt in",
    "result.running": "Score after each hand",
    # the table
    "table.you": "You",
    "table.dice_breaker": "{name} rolls {n}",
    "table.dice_count": "{name} rolls {n} to count",
    "table.dice_breaker_you": "You roll {n}",
    "table.dice_count_you": "You roll {n} to count",
    "table.break": "The wall breaks: {name}'s wall, count {n}",
    "table.break_yours": "The wall breaks: your wall, count {n}",
    "table.flower": "{name}: flower!",
    "table.called_nine": "{name}: nine major tiles!",
    # a call, shown large at the caller's seat
    "call.pung": "Pung!",
    "call.kong": "Kong!",
    "call.uper": "Uper!",
    "call.ola": "Ola!",
    "call.ssoa": "Ssoa!",
    # the human's sacred-discard line by the hand, and the uper button's warning
    "table.sacred": "Sacred discard",
    "table.sacred_tiles": "Sacred: no discard win on",
    "table.sacred_self_draw": "Self-draw only",
    "table.sacred_no_win": "No win this hand",
    "table.uper_sacred_all": "Careful: after this uper you can win only by self-draw ({why}).",
    "table.uper_sacred_tiles": "Careful: after this uper {tiles} cannot be won by discard ({why}).",
    "table.uper_confirm": "Press U or click Uper again to declare it anyway.",
    "table.claim_prompt": "{name} discards {tile}",
    "table.rob_prompt": "{name} adds {tile} to a kong",
    "table.your_turn": "Your turn",
    "table.deal_kong_prompt": "You hold four of {tile}: a concealed kong now, at the deal?",
    "table.no_hints": "Hints are not available in this version",
    "table.refused_win": "You cannot win on this discard: {why}",
    "table.uper_with": "Uper only with a discard of {tiles}",
    "table.uper_not_offered": "Uper needs a concealed hand that is ready after the discard",
    "table.discard_hint": "Click a tile or use arrows and Enter to discard; Space discards the drawn tile.",
    "table.spectating": "Watching the computer play. Esc: menu; S or a click skips.",
    "table.seats_by_dice": "Seats by dice: the highest roll is East",
    "table.seats_by_winds": "Seats by wind tiles",
    "table.nothing_to_continue": "There is no unfinished game to continue.",
    "table.cannot_continue": "The saved game cannot be continued: {why}",
    "table.cannot.generic": "That is not possible now.",
    "table.cannot.win": "No win: your hand is not complete.",
    "table.cannot.win.claim": "No win: this tile does not complete your hand.",
    "table.cannot.pung": "Pung only on another player's discard.",
    "table.cannot.pung.claim": "No pung: you need two of this tile.",
    "table.cannot.kong": "No kong: you hold no four of a kind, nor a pung to add to.",
    "table.cannot.kong.claim": "No kong: you need three of this tile.",
    "table.cannot.nine": "Nine major tiles only on your first turn, with nine different terminals and honours.",
    "table.cannot.nine.claim": "Nine major tiles only on your own first turn.",
    "table.cannot.win.deal": "No win at the deal: wait for your turn.",
    "table.cannot.pung.deal": "Pung only on another player's discard.",
    "table.cannot.nine.deal": "Nine major tiles only on your own first turn.",
    "table.continue_live": "The unfinished game is being played in another window.",
    "table.continue_taken": "Another window has just continued this game.",
    "table.recording_stopped": "Recording stopped: {why}. Play goes on; the game so far is saved.",
    "table.help": "Discard: click a tile, or Left/Right and Enter, or 1-9 and 0; Space discards the drawn tile.\n"
        "Drag a tile with the mouse, or Shift+Left/Right, to order your hand; O sorts again.\n"
        "On your turn: W win (Ola), U uper with the chosen tile, K kong, N nine major tiles.\n"
        "On a discard: W win (Ssoa), P pung, K kong, Space pass.\n"
        "At the deal, when a flower's replacement makes four of a kind: K kong, Space pass.\n"
        "S skips: the whole opening of a hand (dice, walls, deal) to your first decision, "
        "else the animation playing; a click skips it too.\n"
        "Call assists: F5 auto-win, F6 no calls, F7 auto-discard after uper. "
        "Coach: F8 danger and waits, F9 live coach.\n"
        "I: hints (shanten, waits, danger). Y: the yak guide (what your hand can reach). "
        "M: sound on or off. F1 or H: this help.\n"
        "Esc closes the help or the hints, else opens the menu (resume, settings, rules, yak "
        "guide, leave).",
    "table.click_again": "Click the raised tile again to discard it.",
    "table.clock": "{n} s",
    "table.clock_with_bank": "{n} s + bank {bank} s",
    "table.clock_in_bank": "Time bank: {n} s",
    # the call assists (toggles at the table, F5 F6 F7)
    "assist.assist_auto_win": "Auto-win",
    "assist.assist_no_calls": "No calls",
    "assist.assist_auto_discard": "Auto-discard after uper",
    "assist.short.assist_auto_win": "Auto-win",
    "assist.short.assist_no_calls": "No calls",
    "assist.short.assist_auto_discard": "Auto-discard",
    "assist.assist_danger": "Danger and waits",
    "assist.live_coach": "Live coach",
    "assist.now": "{name}: {state}",
    # the pause menu (Esc at the table) and the questions before anything is lost
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.settings": "Settings",
    "pause.rules": "Rules",
    "pause.leave": "Leave the table",
    "pause.hint": "Esc resumes",
    "confirm.no": "Cancel",
    "confirm.quit.title": "Quit the game?",
    "confirm.quit.text": "An unfinished game is kept: Continue on the title resumes it.",
    "confirm.quit.yes": "Quit",
    "confirm.leave.title": "Leave the table?",
    "confirm.leave.saved": "The game is saved as you play: Continue on the title resumes it where you left.",
    "confirm.leave.unsaved": "This game is not being saved: leaving ends it.",
    "confirm.leave.watching": "Stop watching the computer play?",
    "confirm.leave.yes": "Leave",
    "confirm.leave.no": "Stay",
    # the replay viewer's event lines (game/ui/event_lines.py)
    "event.player_n": "P{n}",
    # the replays
    "replay.title": "Replays",
    "replay.watch": "Watch",
    "replay.none": "No recorded games yet: every game you play is recorded.",
    "replay.player": "Player",
    "replay.complete": "finished",
    "replay.interrupted": "interrupted",
    "replay.damaged": "damaged file",
    "replay.list_hint": "Up/Down choose, Enter watch, Esc back",
    "replay.hint": "Replay: P pause, + and - speed, a click skips, Esc back",
    "replay.paused": "Paused (P to go on)",
    "replay.speed": "Speed x{x}",
    "replay.ended": "The record ends here (the game was interrupted). Esc: back",
    # the new-game screen
    "newgame.title": "New game",
    "newgame.preset": "Yak table preset",
    "newgame.house_rules": "House rules",
    "newgame.current_settings": "Current settings",
    "newgame.length": "Session length",
    "newgame.seating": "Seats chosen by",
    "newgame.dice": "dice",
    "newgame.winds": "wind tiles",
    "newgame.hands_n": ("{n} hand", "{n} hands"),
    "newgame.deals_n": ("{n} deal (and the hands the dealer keeps)",
                        "{n} deals (and the hands the dealer keeps)"),
    "newgame.start": "Start",
    "newgame.hint": "Up/Down choose, Left/Right change, Enter starts, Esc back",
    # the rules screen: a summary of the rule book
    "rules.title": "Rules in brief",
    "rules.help": "Up/Down or the wheel scroll, Esc goes back",
    "rules.tiles.h": "Tiles",
    "rules.tiles.b": "104 tiles: characters 1-9 (萬) and circles 1-9 (筒), four of each; the winds East, South, "
         "West, North and the dragons White, Green, Red, four of each; and four flowers (spring, "
         "summer, autumn, winter). There is no bamboo suit.",
    "rules.setup.h": "Setting up",
    "rules.setup.b": "Each player builds a wall of 13 stacks of 2. East rolls two dice to find the wall breaker, "
         "who rolls again: the sum of both throws counts the stacks to the break. East takes 14 "
         "tiles, the others 13; 51 stay in the wall. Flowers are shown and replaced from the back of "
         "the wall.",
    "rules.play.h": "Playing",
    "rules.play.b": "Draw, then discard. Any player may claim a discard for a pung (holding a pair), a kong "
         "(holding three) or to win; there is no chow. A win beats a pung or kong. After a claim "
         "play goes on to the claimer's right, and the players in between lose their turn.",
    "rules.win.h": "Winning: two points",
    "rules.win.b": "A winning hand is four sets (sequences, pungs, kongs) and a pair, or seven pairs. It needs "
         "at least 2 basic points from the yak below. Bonus points (flowers, Korean dora, uper, the "
         "kong and last-tile bonuses) never count toward the two.",
    "rules.uper.h": "Uper (엎어), the ready declaration",
    "rules.uper.b": "With a concealed hand that is ready and at least {wall} tiles left in the wall you may "
         "declare uper as you discard, if every wait would give 2 basic points even on a discard. "
         "The uper discard lies sideways; the hand is then frozen and drawn tiles that do not win "
         "are discarded. Uper is worth 1 bonus point.",
    "rules.sacred.h": "Sacred discard",
    "rules.sacred.b": "You cannot win on a discard while one of your waits lies in your own river, or a tile of "
         "its stem (1-4-7, 2-5-8, 3-6-9 of the same suit); if you let a winning discard pass, wait "
         "for your next draw. After uper these last for the rest of the hand. Self-draw wins stay open.",
    "rules.score.h": "Scoring",
    "rules.score.b": "Final = ante {ante} + basic + bonus. A self-draw: each of the three others pays Final. A win "
         "on a discard: the discarder alone pays {mult} × Final.",
    "rules.draws.h": "Draws",
    "rules.draws.b": "The hand is drawn when the wall runs out, when a player declares nine different major tiles "
         "in his starting hand, when all four discard the same wind in the first go-around, or when "
         "three players win on one discard.",
    "rules.yak.h": "Yak table: {preset}",
    "rules.bonus.h": "Bonus points",
    # the learning screens: hints panel, practice, replay viewer, statistics
    # hints panel
    "hints.danger_of": "{tile} vs {seat}",
    "hints.title": "Hints",
    "hints.none": "No hints at this moment",
    "hints.ready": "Ready",
    "hints.shanten": "{n} from ready (shanten {n})",
    "hints.suggest": "Suggested: {what}",
    "hints.discards": "Discards",
    "hints.col_tile": "Tile",
    "hints.col_accept": "After · accepts",
    "hints.ready_short": "ready",
    "hints.sh_n": "{n}-shanten",
    "hints.sd": "self-draw",
    "hints.d": "discard",
    "hints.col_two": "2 pts reachable",
    "hints.accept_n": ("{n} kind · {left} left", "{n} kinds · {left} left"),
    "hints.draws": "Draws that help",
    "hints.waits": "Waits",
    "hints.waits_after": "Waits after discarding {tile}",
    "hints.wait_row": "{u} left · self-draw {sd} · discard {d}",
    "hints.low": "< 2 on a discard",
    "hints.blocked": "no discard win",
    "hints.no_win": "no win at all",
    "hints.danger": "Danger of each tile",
    "hints.safe": "safe",
    "hints.risky": "dangerous",
    "hints.more_below": "▼ more below",
    "hints.more_above": "▲ more above",
    "hints.uper_mark": "UPER",
    "hints.sacred": "Sacred discard",
    "hints.sacred_ok": "Your hand: no sacred discard",
    "hints.sacred_you": "Your hand: {why}",
    "hints.cannot": "{seat} cannot win on: {tiles}",
    "hints.why": "Why can't I win on this? Click a tile",
    "hints.uper_ok": "uper allowed",
    "hints.uper_no": "no uper: {why}",
    "hints.plan": "plan: {plan}",
    "hints.details": "Details",
    "hints.details_tip": "D: show or hide the figures (shanten, tiles per kind, danger %)",
    "hints.shanten_n": "shanten {n}",
    "hints.col_after": "After this discard",
    "hints.col_win": "Can win by",
    "hints.row_ready": ("ready · {n} tile to win", "ready · {n} tiles to win"),
    "hints.row_away": ("{s} from ready · {n} tile helps", "{s} from ready · {n} tiles help"),
    "hints.sd_plain": "self-draw",
    "hints.d_plain": "discard",
    # practice
    "practice.title": "Uper-timing practice",
    "practice.stage": "Point of the hand",
    "practice.stage.early": "early",
    "practice.stage.middle": "middle",
    "practice.stage.late": "late",
    "practice.stage.any": "any",
    "practice.mix": "Positions",
    "practice.mix.any": "mixed",
    "practice.mix.legal": "uper allowed",
    "practice.mix.illegal": "uper against the rules",
    "practice.start": "Start",
    "practice.intro": (
        "You are ready (or one discard from it). Declare uper, stay silent or fold: "
        "each choice is then played out {n} time by the computer from the same position, "
        "and you see which one wins most.",
        "You are ready (or one discard from it). Declare uper, stay silent or fold: "
        "each choice is then played out {n} times by the computer from the same position, "
        "and you see which one wins most."),
    "practice.setup_help": "Left/Right change, Up/Down choose, Enter start, Esc back",
    "practice.dealing": "Dealing a position…",
    "practice.position": "Position {n} · wall {wall} · you are {seat}",
    "practice.choose": "Your choice:",
    "practice.discard_with": "Ready discards (the uper and silent choices discard this):",
    "practice.opt.uper": "Declare uper",
    "practice.opt.silent": "Stay silent",
    "practice.opt.fold": "Fold",
    "practice.illegal": "Uper is against the rules here: {why}",
    "practice.strict": "Strict table: you may declare it anyway and take the penalty (click again).",
    "practice.playing": "Playing it out: {done} of {total}",
    "practice.col.option": "Choice",
    "practice.col.win": "Win %",
    "practice.col.points": "Avg points",
    "practice.col.dealin": "Deal-in %",
    "practice.best": "best",
    "practice.yours": "your choice",
    "practice.not_played": "not allowed",
    "practice.result_help": "N next position · Backspace undo · R review · Esc back",
    "practice.decide_help": "U uper · S silent · F fold · Left/Right ready discard · Backspace undo · Esc back",
    "practice.next": "Next position",
    "practice.undo": "Undo",
    "practice.review": "Review",
    "practice.review_title": ("Review of {n} decision · mistakes: {m}",
                              "Review of {n} decisions · mistakes: {m}"),
    "practice.review_none": "No decisions yet.",
    "practice.review_row": "#{i}: you chose {chosen}, best {best}, cost {cost:.1f} points per hand",
    "practice.review_help": "Up/Down scroll · Esc back",
    "practice.failed": "Could not deal a position: {error}",
    "practice.seconds": ("{n} playout per choice against {who} opponents in {s:.1f} s",
                         "{n} playouts per choice against {who} opponents in {s:.1f} s"),
    "practice.you": "You",
    # replay viewer and records
    "viewer.title": "Replay: {name}",
    "viewer.step": "Hand {hand} · event {i} of {n}",
    "viewer.prev": "◀ Previous",
    "viewer.next": "Next ▶",
    "viewer.prev_hand": "◀◀ Hand",
    "viewer.next_hand": "Hand ▶▶",
    "viewer.reveal": "Reveal hands",
    "viewer.hints": "Hints",
    "viewer.help": "Left/Right step · Home/End · PgUp/PgDn hand · R reveal · H hints · "
        "click an event to jump · Esc back",
    "viewer.damaged": "Damaged record: {why}",
    "viewer.no_hands": "This record holds no hand to show.",
    "viewer.rebuild": "The hand cannot be rebuilt from here: {why}",
    "viewer.you": "Player",
    "records.step": "Step through",
    "records.prune": "Prune > {d} days",
    "records.confirm": ("Delete {n} record older than {d} days? Y: delete, N: keep",
                        "Delete {n} records older than {d} days? Y: delete, N: keep"),
    "records.pruned": ("{n} record deleted", "{n} records deleted"),
    "records.help": "Enter step through · W watch · R review · C continue · Left/Right prune limit · "
                    "P prune · Esc back",
    # statistics
    "menu.statistics": "Statistics",
    "stats.title": "Statistics",
    "stats.sessions": "Sessions",
    "stats.hands": "Hands played",
    "stats.win": "Win rate",
    "stats.deal_in": "Deal-in rate",
    "stats.uper": "Uper rate",
    "stats.win_after_uper": "Wins after uper",
    "stats.per_hand": "Points per hand",
    "stats.per_win": "Points per win",
    "stats.top_yak": "Most frequent yak",
    "stats.none": "none yet",
    "stats.chart": ("Running score over the last {n} session",
                    "Running score over the last {n} sessions"),
    "stats.empty": "No finished hands in the records yet: play a game first.",
    "stats.help": "Esc back",
    "stats.times": "{n}×",
}


def house_rule_texts(rules: Iterable[HouseRule] = HOUSE_RULES) -> dict[str, str]:
    """The texts each house rule declares on its field (label ``rule.<name>``, help
    ``about.<name>``, its values' words ``value.<value>``); two rules (or a rule and a text above)
    may share a value's words only when they are the same English."""
    out: dict[str, str] = {}
    for rule in rules:
        for key, english in rule.texts().items():
            if out.setdefault(key, english) != english or STRINGS.get(key, english) != english:
                raise ValueError(f"house rule {rule.name}: text {key} is declared twice, "
                                 "with different words")
    return out


def persona_texts(styles: Mapping[str, Persona] = STYLES) -> dict[str, str]:
    """The words each computer style declares (`ai.heuristic.STYLES`): its menu name, its short
    name at the table and its sentence on the new-game screen."""
    out: dict[str, str] = {}
    for name, style in styles.items():
        seat = f"ai:{name}"
        out.update({f"seat.{seat}": style.label, f"short.{seat}": style.short,
                    f"about.seat.{seat}": style.about})
    return out


STRINGS.update(house_rule_texts())
STRINGS.update(persona_texts())
register_texts("ui", STRINGS)


def tr(key: str, lang: str, **fmt: object) -> str:
    """The text for `key` in `lang`, formatted with `fmt`."""
    try:
        return i18n.text(key, lang, **fmt)
    except KeyError:
        if key in STRINGS:
            raise
        raise KeyError(f"no UI text {key!r}") from None


def has(key: str) -> bool:
    return key in STRINGS


def reason_text(reason: Message | str | None, lang: str, *, notation: bool = False) -> str:
    """A reason, verdict, hint or explanation of the engine, the AI or the learning tools, in
    `lang`: a `Message` is rendered from the catalogues (tiles in words, or in notation when
    the player asked for it); a plain string (a seat program's own words) is shown as it is.

    >>> reason_text(None, "ko"), reason_text("as it is", "ko")
    ('', 'as it is')
    """
    if reason is None:
        return ""
    if isinstance(reason, Message):
        return render(reason, lang, notation=notation)
    return str(reason)


def language_name(code: str, lang: str) -> str:
    """A language's name on the language row, read by a player of `lang`: its ``value.<code>``
    text, or else its own name from its own catalogue (``language.self``).

    >>> language_name("ko", "en"), language_name("en", "ko")
    ('한국어 (Korean)', 'English')
    """
    return tr(f"value.{code}", lang) if has(f"value.{code}") else tr("language.self", code)


def yak_label(key: str, lang: str, *, gloss: bool = True) -> str:
    """A yak's name in `lang` with its name in the game's own terms (`TERMS_LANG`) beside it;
    a reader of those terms sees, with `gloss`, its name in the source language in brackets.

    >>> yak_label("seven_pairs", "en"), yak_label("seven_pairs", "ko")
    ('Seven pairs · 칠대자', '칠대자 (Seven pairs)')
    """
    own = yak_name(key, lang)
    if lang == TERMS_LANG:
        return f"{own} ({yak_name(key, i18n.SOURCE_LANG)})" if gloss else own
    return f"{own} · {yak_name(key, TERMS_LANG)}"


def all_text() -> Iterator[str]:
    """Every string the UI can show, in every language (for the font subset and its test)."""
    for lang in LANGS:
        yield from i18n.all_texts(lang)
