"""The settings screen: every setting and every house rule (rule book section 10), the yak table
of the preset with custom values, by mouse and keyboard; saved through `game.settings`.

Keys: Up/Down choose a row, Left/Right change it (Enter/Space: next value), Tab / Shift+Tab change
page, Ctrl+S saves, Esc goes back (unsaved changes are dropped). Mouse: click a tab, click the
arrows or the value, wheel to scroll, click Save / Defaults / Back.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ai.registry import seat_choices
from game import rulesets
from game.engine.errors import MahjongError
from game.engine.house_rules import HouseRule
from game.engine.rules import ALL_YAK_KEYS, BASIC_POINTS, HOUSE_RULES, PRESETS, RuleSet
from game.engine.tiles import parse_tiles
from game.i18n import languages, register_texts
from game.settings import (
    INTRO_MODES,
    SUIT_COLOURS,
    TABLE_THEMES,
    TILE_SIZES,
    TILE_THEMES,
    TIMEOUT_CHOICES,
    Settings,
    SettingsSaveError,
    save_settings,
)

from ..art import SurfaceCache, TileArt, tile_size
from ..board import draw_table_piece
from ..i18n import TERMS_LANG, has, language_name, reason_text, tr, yak_label
from ..layout import TILE_RATIOS
from ..scene import Scene
from ..themes import Look
from ..widgets import (
    DIM,
    GOLD,
    RED_TEXT,
    WHITE,
    Button,
    draw_button,
    draw_gradient,
    draw_panel,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App

def save_error_text(e: OSError, lang: str) -> str:
    """Why the settings could not be saved, in the player's language.

    >>> save_error_text(SettingsSaveError("x", "read_only"), "en")
    'settings.json is read-only'
    """
    reason = getattr(e, "reason", "other")
    path = getattr(e, "path", None)
    key = f"settings.save_error.{reason}"
    if isinstance(e, SettingsSaveError) and has(key):
        name = path.name if path is not None else "settings.json"
        folder = str(path.parent) if path is not None else ""
        return tr(key, lang, name=name, folder=folder)
    return reason_text(getattr(e, "message", None), lang) or str(e)


register_texts("ui", {
    "set.table_theme": "Table",
    "set.tile_theme": "Tiles",
    "set.suit_colours": "Suit colours",
    "set.tile_size": "Tile size",
    "value.table.green": "Green felt, wooden rail",
    "value.table.navy": "Navy felt, dark rail",
    "value.table.wine": "Wine felt, walnut rail",
    "value.tiles.ivory": "Ivory",
    "value.tiles.contrast": "High contrast",
    "value.suits.classic": "Classic (red, green, blue)",
    "value.suits.colourblind": "Colour-blind safe",
    "value.size.normal": "Normal",
    "value.size.large": "Large",
    "about.table_theme": "The table's felt and rail (the preview below shows your choice).",
    "about.tile_theme": "The tiles' faces: ivory, or high contrast (white, black outlines, bold "
        "colours, amber backs).",
    "about.suit_colours": "Colour-blind safe: orange, sky blue and navy instead of red, green and "
        "blue, apart for red-green colour blindness.",
    "about.tile_size": "Large: your hand and the rivers bigger, the walls and the other players' "
        "hands smaller.",
})

#: the tiles the Display page's preview shows: each suit, the honours, a flower, then a back
PREVIEW_TILES: tuple[int | None, ...] = (*parse_tiles("159m159p"), *parse_tiles("1z567z"), 25, None)
#: pixel bytes the preview's tiles may hold (a few tile widths and looks)
PREVIEW_CACHE_BYTES = 6 * 2**20

#: the seats a player can choose (`ai.registry.seat_choices`: the levels first)
SEAT_CHOICES = seat_choices()
WINDOW_SIZES = ((1024, 640), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900),
                (1920, 1080), (2560, 1440), (3840, 2160))


@dataclass(frozen=True)
class Row:
    """One editable setting: its label, the values it cycles through, how to read and write it."""

    label: Callable[[str], str]
    values: Callable[[Settings], list[Any]]
    get: Callable[[Settings], Any]
    put: Callable[[Settings, Any], Settings]
    show: Callable[[Any, str], str]
    custom: Callable[[Settings], bool] = lambda s: False
    #: what the setting does, in one line (shown below the list while the row is chosen)
    about: Callable[[str], str] | None = None
    #: the setting's field name (RuleSet or Settings), where there is one
    key: str = ""

    def step(self, s: Settings, delta: int) -> Settings:
        """The settings with this row moved `delta` values on (clamped at the ends, except
        two-value rows, which toggle)."""
        vals = self.values(s)
        cur = self.get(s)
        i = vals.index(cur) if cur in vals else 0
        j = (i + delta) % 2 if len(vals) == 2 else max(0, min(len(vals) - 1, i + delta))
        return s if j == i else self.put(s, vals[j])


def _with_current(options: list[Any], current: Any) -> list[Any]:
    if current in options:
        return list(options)
    try:
        return sorted([*options, current])
    except TypeError:
        return [*options, current]


def _rule(name: str, options: list[Any], show: Callable[[Any, str], str]) -> Row:
    return Row(
        label=lambda lang: tr(f"rule.{name}", lang),
        values=lambda s: _with_current(options, getattr(s.rules, name)),
        get=lambda s: getattr(s.rules, name),
        put=lambda s, v: s.replace(rules=s.rules.replace(**{name: v})),
        show=show,
        about=(lambda lang: tr(f"about.{name}", lang)) if has(f"about.{name}") else None,
        key=name,
    )


def _onoff(v: Any, lang: str) -> str:
    return tr("value.on" if v else "value.off", lang)


def _value(v: Any, lang: str) -> str:
    return tr(f"value.{v}", lang)


def _num(v: Any, lang: str) -> str:
    return str(v)


#: how a rule's value reads on its row, by the `shown` of its declaration (game.engine.house_rules)
SHOWN: dict[str, Callable[[Any, str], str]] = {
    "name": _value,
    "number": _num,
    "onoff": _onoff,
    "times": lambda v, lang: tr(f"value.x{v}", lang),
    "minutes": lambda v, lang: tr("value.minutes_n", lang, n=v),
    "points_or_none": lambda v, lang: (tr("value.none", lang) if v is None
                                       else tr("value.points", lang, n=v)),
}


def rules_rows(rules: Sequence[HouseRule] = HOUSE_RULES) -> list[Row]:
    """The House rules page: a row per declared house rule (`RuleSet`'s fields), in its order,
    offering the values its declaration offers, shown as it says."""
    return [_rule(r.name, list(r.offered), SHOWN[r.shown]) for r in rules]


def rules_summary(rules: RuleSet, lang: str) -> str:
    """The preset the rules start from and what they change from it, in one line.

    >>> rules_summary(RuleSet(ante=5, strict_table=True), "en")
    'Nagari + Ante 5, Strict table on'
    >>> rules_summary(RuleSet(preset="samsiki"), "en")
    'Samsiki, no changes'
    """
    preset = PRESETS[rules.preset][0] if lang == TERMS_LANG else rules.preset.capitalize()
    rows = {r.key: r for r in rules_rows()}
    parts = []
    for name in rulesets.differences(rules):
        if name == "yak_overrides":
            parts.append(tr("rulesets.custom_yak", lang, n=len(rules.yak_overrides)))
        elif name in rows:  # the row's label without its explanation in brackets
            label = re.sub(r"\s*\(.*?\)", "", rows[name].label(lang))
            parts.append(f"{label} {rows[name].show(getattr(rules, name), lang)}")
    if not parts:
        return tr("rulesets.no_changes", lang, preset=preset)
    return tr("rulesets.changes", lang, preset=preset, changes=", ".join(parts))


def _set_yak(s: Settings, key: str, pts: int) -> Settings:
    base = RuleSet(preset=s.rules.preset).points(key)
    overrides = dict(s.rules.yak_overrides)
    if pts == base:
        overrides.pop(key, None)
    else:
        overrides[key] = pts
    return s.replace(rules=s.rules.replace(yak_overrides=tuple(sorted(overrides.items()))))


def yak_row(key: str) -> Row:
    """The row of one yak's points (the functions close over `key`)."""
    return Row(
        label=lambda lang: yak_label(key, lang, gloss=False) + ("" if key in BASIC_POINTS else " (+)"),
        values=lambda s: list(range(max(64, s.rules.points(key)) + 1)),
        get=lambda s: s.rules.points(key),
        put=lambda s, v: _set_yak(s, key, v),
        show=lambda v, lang: tr("value.points", lang, n=v),
        custom=lambda s: key in dict(s.rules.yak_overrides),
    )


def yak_rows() -> list[Row]:
    return [yak_row(key) for key in ALL_YAK_KEYS]


def _field(name: str, options: list[Any], show: Callable[[Any, str], str], label: str | None = None) -> Row:
    return Row(
        label=lambda lang: tr(label or f"set.{name}", lang),
        values=lambda s: _with_current(options, getattr(s, name)),
        get=lambda s: getattr(s, name),
        put=lambda s, v: s.replace(**{name: v}),
        show=show,
        about=(lambda lang: tr(f"about.{name}", lang)) if has(f"about.{name}") else None,
    )


def _seat(i: int) -> Row:
    def show(v: Any, lang: str) -> str:
        return tr(f"seat.{v}", lang) if has(f"seat.{v}") else str(v)

    def put(s: Settings, v: Any) -> Settings:
        seats = list(s.seats)
        seats[i] = v
        return s.replace(seats=tuple(seats))

    return Row(label=lambda lang: tr(f"set.seat{i + 1}", lang),
               values=lambda s: list(SEAT_CHOICES) + ([s.seats[i]] if s.seats[i] not in SEAT_CHOICES else []),
               get=lambda s: s.seats[i], put=put, show=show,
               about=lambda lang: tr("about.seat", lang))


def players_rows() -> list[Row]:
    speed = ["slow", "normal", "fast", "instant"]
    return [
        _seat(0), _seat(1), _seat(2),
        Row(label=lambda lang: tr("set.animation_speed", lang),
            values=lambda s: speed + ([s.animation_speed] if s.animation_speed not in speed else []),
            get=lambda s: s.animation_speed, put=lambda s, v: s.replace(animation_speed=v),
            show=lambda v, lang: _value(v, lang) if isinstance(v, str) else f"x{v:g}",
            about=lambda lang: tr("about.animation_speed", lang)),
        _field("ai_delay_ms", [0, 250, 500, 750, 1000, 1500, 2000, 3000],
               lambda v, lang: tr("value.ms", lang, n=v)),
        _field("master_budget_ms", list(MASTER_BUDGETS_MS), _thinking_time),
        _field("hints", [True, False], _onoff),
    ]


#: the master's thinking times a player may choose (ms per searched decision; 0: it plays as
#: the expert): up to 3 s, which the 2-core machine holds within the budget + 10 %
#: (bench/bench_master.py)
MASTER_BUDGETS_MS = (0, 100, 200, 500, 1000, 2000, 3000)


def _thinking_time(v: Any, lang: str) -> str:
    """A thinking time as a player reads it: off, "500 ms", "2 s"."""
    if v == 0:
        return tr("value.off", lang)
    if isinstance(v, int) and v >= 1000 and v % 1000 == 0:
        return tr("value.seconds", lang, n=v // 1000)
    return tr("value.ms", lang, n=v)


def _seconds_or_off(v: Any, lang: str) -> str:
    return tr("value.off", lang) if v == 0 else tr("value.seconds", lang, n=v)


def play_rows() -> list[Row]:
    """The pace of the table and the call assists."""
    return [
        _field("intro", list(INTRO_MODES), lambda v, lang: tr(f"value.intro.{v}", lang)),
        _field("claim_countdown", [0, 5, 8, 10, 15, 20, 30], _seconds_or_off),
        _field("claim_time_bank", [0, 3, 5, 10, 15, 20, 30], _seconds_or_off),
        _field("claim_timeout", list(TIMEOUT_CHOICES), lambda v, lang: tr(f"value.timeout.{v}", lang)),
        _field("assist_auto_win", [False, True], _onoff),
        _field("assist_no_calls", [False, True], _onoff),
        _field("assist_auto_discard", [False, True], _onoff),
        _field("assist_danger", [False, True], _onoff),
        _field("live_coach", [False, True], _onoff),
        _field("click_twice", [False, True], _onoff),
    ]


#: the volumes a row steps through (master, music, effects)
VOLUMES = [round(i / 10, 1) for i in range(11)]


def _percent(v: Any, lang: str) -> str:
    return tr("value.percent", lang, n=round(v * 100))


def display_rows() -> list[Row]:
    return [
        _field("language", list(languages()), language_name),  # each language with catalogues
        _field("tile_notation", [False, True],
               lambda v, lang: tr("value.tile_notation" if v else "value.tile_words", lang)),
        _field("window_size", list(WINDOW_SIZES), lambda v, lang: f"{v[0]} × {v[1]}"),
        _field("fullscreen", [False, True], _onoff),
        _field("sound", [True, False], _onoff),
        _field("volume", VOLUMES, _percent),
        _field("music_volume", VOLUMES,
               lambda v, lang: tr("value.off", lang) if v == 0 else _percent(v, lang)),
        _field("effects_volume", VOLUMES, _percent),
        _look("table_theme", TABLE_THEMES, "table"),
        _look("tile_theme", TILE_THEMES, "tiles"),
        _look("suit_colours", SUIT_COLOURS, "suits"),
        _look("tile_size", TILE_SIZES, "size"),
    ]


def _look(name: str, options: tuple[str, ...], values: str) -> Row:
    """A row of the table's look (its texts are registered here, so `_field` cannot find its
    explanation by `has`): the value named ``value.<values>.<option>``."""
    return dataclasses.replace(_field(name, list(options), lambda v, lang: tr(f"value.{values}.{v}", lang)),
                               about=lambda lang: tr(f"about.{name}", lang))


#: the house-rules page's buttons (SettingsScene.ruleset_<name>)
RULESET_ACTIONS = ("save_as", "load", "delete", "export", "import")

PAGES: tuple[tuple[str, Callable[[], list[Row]]], ...] = (
    ("rules", rules_rows), ("yaku", yak_rows), ("players", players_rows), ("display", display_rows),
    ("play", play_rows))


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.draft: Settings = app.settings
        self.pages = [(key, make()) for key, make in PAGES]
        self.page = 0
        self.row = 0
        self.scroll = 0
        self.status = ""
        self.status_error = False
        self.status_at: tuple[int, int] | None = None  # the page and row where it was said
        self.focus_bottom: int | None = None  # index of a bottom button with keyboard focus
        self._summary: tuple[tuple[RuleSet, str], str] | None = None
        self._preview_art: TileArt | None = None  # the Display page's preview (the draft's look)
        self._previews: SurfaceCache[tuple[object, ...], pygame.Surface] = SurfaceCache(
            PREVIEW_CACHE_BYTES, max_entries=4)

    # --- state helpers ----------------------------------------------------------------------------
    @property
    def rows(self) -> list[Row]:
        return self.pages[self.page][1]

    @property
    def dirty(self) -> bool:
        return self.draft != self.app.settings

    def change(self, delta: int) -> None:
        new = self.rows[self.row].step(self.draft, delta)
        if new != self.draft:
            self.draft = new
            self.status = ""
            self.app.sound.play("click")

    def set_page(self, page: int) -> None:
        self.page = page % len(self.pages)
        self.row = 0
        self.scroll = 0

    def save(self) -> None:
        """Save the draft, then use it. When the file cannot be written (read-only, a folder in
        its place, a full disk...) the draft is still used until the game ends, and the status
        line says that it was not saved, and why."""
        lang = self.draft.language
        try:
            path = save_settings(self.draft, self.app.settings_path)
        except OSError as e:
            self.app.apply_settings(self.draft, save=False)
            self.status = tr("settings.save_failed_session", lang, error=save_error_text(e, lang))
            self.status_error = True
            return
        self.app.apply_settings(self.draft, save=False)
        self.status, self.status_error = tr("settings.saved_to", lang, path=path), False
        self.status_at = (self.page, self.row)

    def defaults(self) -> None:
        keep_lang = self.draft.language
        self.draft = dataclasses.replace(Settings(), language=keep_lang)

    def back(self) -> None:
        self.app.pop()

    # --- named rule sets (game.rulesets) ----------------------------------------------------------
    def summary_line(self, lang: str) -> str:
        """Which preset the rules start from and what they change (the saved set's name first
        when they are one), cached until the rules change."""
        rules = self.draft.rules
        if self._summary is None or self._summary[0] != (rules, lang):
            found = rulesets.matching_set(rules)
            text = rules_summary(rules, lang)
            if found is not None:
                text = tr("rulesets.named", lang, name=found.name, summary=text)
            self._summary = ((rules, lang), text)
        return self._summary[1]

    def _tell(self, text: str, error: bool = False) -> None:
        self.status, self.status_error = text, error
        self.status_at = (self.page, self.row)
        self._summary = None

    def shown_status(self) -> str:
        """The status line while it is news: a confirmation ("Saved...") gives way to the
        focused row's explanation once the focus moves on; an error stays until the next try."""
        if self.status and not self.status_error and self.status_at != (self.page, self.row):
            return ""  # drawing changes nothing: the words stay, where they were said
        return self.status

    def _error_text(self, e: Exception) -> str:
        return reason_text(getattr(e, "message", None), self.draft.language) or str(e)

    def ruleset_save_as(self) -> None:
        lang = self.draft.language
        found = rulesets.matching_set(self.draft.rules)

        def done(name: str) -> str | None:
            try:
                rulesets.save_set(name, self.draft.rules)
            except rulesets.RulesetError as e:
                if e.message is not None and e.message.code == rulesets.EXISTS.code:
                    self.app.pop()  # the name dialog closes; ask before replacing
                    self.app.push("confirm", title=tr("rulesets.replace_title", lang),
                                  message=tr("rulesets.replace_message", lang, name=name.strip()),
                                  yes=tr("rulesets.replace", lang), no=tr("dialog.cancel", lang),
                                  on_yes=lambda: self._save_over(name))
                    return None
                return self._error_text(e)
            self._tell(tr("rulesets.saved", lang, name=name.strip()))
            return None

        self.app.push("text_entry", title=tr("rulesets.save_title", lang),
                      prompt=tr("rulesets.name_prompt", lang, n=rulesets.MAX_NAME),
                      text=found.name if found is not None else "", ok=tr("settings.save", lang),
                      on_done=done, max_chars=rulesets.MAX_NAME)

    def _save_over(self, name: str) -> None:
        lang = self.draft.language
        try:
            rulesets.save_set(name, self.draft.rules, overwrite=True)
        except rulesets.RulesetError as e:
            self._tell(self._error_text(e), True)
            return
        self._tell(tr("rulesets.saved", lang, name=name.strip()))

    def _choices(self, sets: list[rulesets.SavedSet], damaged_ok: bool) -> list[tuple[str, str, bool]]:
        lang = self.draft.language
        return [(s.name, rules_summary(s.rules, lang), True) if s.rules is not None else
                (s.name, reason_text(s.problem, lang), damaged_ok) for s in sets]

    def ruleset_load(self) -> None:
        lang = self.draft.language
        sets = rulesets.list_sets()

        def pick(i: int) -> None:
            rules = sets[i].rules
            if rules is not None:
                self.draft = self.draft.replace(rules=rules)
                self._tell(tr("rulesets.loaded", lang, name=sets[i].name))

        self.app.push("pick", title=tr("rulesets.load_title", lang), items=self._choices(sets, False),
                      on_pick=pick, empty=tr("rulesets.none_saved", lang))

    def ruleset_delete(self) -> None:
        lang = self.draft.language
        sets = rulesets.list_sets()

        def really(i: int) -> None:
            try:
                rulesets.delete_set(sets[i].name)
            except rulesets.RulesetError as e:
                self._tell(self._error_text(e), True)
                return
            self._tell(tr("rulesets.deleted", lang, name=sets[i].name))

        def pick(i: int) -> None:
            self.app.push("confirm", title=tr("rulesets.delete_title", lang),
                          message=tr("rulesets.delete_message", lang, name=sets[i].name),
                          yes=tr("rulesets.action.delete", lang), no=tr("dialog.cancel", lang),
                          on_yes=lambda: really(i))

        self.app.push("pick", title=tr("rulesets.delete_title", lang), items=self._choices(sets, True),
                      on_pick=pick, empty=tr("rulesets.none_saved", lang))

    def ruleset_export(self) -> None:
        lang = self.draft.language
        sets = rulesets.list_sets()

        def pick(i: int) -> None:
            try:
                path = rulesets.export_set(sets[i].name)
            except rulesets.RulesetError as e:
                self._tell(self._error_text(e), True)
                return
            self._tell(tr("rulesets.exported", lang, name=sets[i].name, path=str(path)))

        self.app.push("pick", title=tr("rulesets.export_title", lang,
                                         folder=str(rulesets.documents_dir())),
                      items=self._choices(sets, False), on_pick=pick,
                      empty=tr("rulesets.none_saved", lang))

    def ruleset_import(self) -> None:
        lang = self.draft.language
        folder = rulesets.documents_dir()
        files = rulesets.import_candidates(folder)
        items = [(tr("rulesets.type_path", lang), "", True),
                 *[(p.name, str(p.parent), True) for p in files]]

        def bring(path: str) -> str | None:
            try:
                got = rulesets.import_set(path.strip())
            except MahjongError as e:
                return self._error_text(e)
            self._tell(tr("rulesets.imported", lang, name=got.name))
            return None

        def pick(i: int) -> None:
            if i == 0:
                self.app.push("text_entry", title=tr("rulesets.import_title", lang),
                              prompt=tr("rulesets.path_prompt", lang),
                              text=str(folder) + os.sep, ok=tr("rulesets.action.import", lang),
                              on_done=bring, max_chars=1000)
                return
            error = bring(str(files[i - 1]))
            if error:
                self._tell(error, True)

        self.app.push("pick", title=tr("rulesets.import_title", lang), items=items, on_pick=pick)

    # --- geometry ---------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        w, h = self.app.canvas.get_size()
        lh = max(30, round(h * 0.05))
        size = max(15, round(h * 0.026))
        box = pygame.Rect(0, 0, min(w - 40, max(900, round(w * 0.7))), h - 40)
        box.center = (w // 2, h // 2)
        title_h = round(size * 1.5 * 1.45) + 24
        tabs_y = box.y + title_h
        tab_h = round(lh * 0.9)
        n = len(self.pages)
        tab_w = (box.w - 40 - (n - 1) * 8) / n
        tabs = [pygame.Rect(round(box.x + 20 + i * (tab_w + 8)), tabs_y, round(tab_w), tab_h) for i in range(n)]
        bottom_h = round(lh * 1.1)
        btn_w = max(140, round(box.w * 0.16))
        by = box.bottom - 16 - bottom_h
        buttons = [pygame.Rect(box.right - 20 - (3 - i) * btn_w - (2 - i) * 10, by, btn_w, bottom_h)
                   for i in range(3)]
        list_top = tabs_y + tab_h + 14
        actions: list[pygame.Rect] = []
        summary_y = list_top
        if self.pages[self.page][0] == "rules":  # the summary line and the rule sets' buttons
            ah = round(lh * 0.8)
            n_act = len(RULESET_ACTIONS)
            aw = (box.w - 40 - (n_act - 1) * 8) / n_act
            ay = list_top + round(size * 1.5)
            actions = [pygame.Rect(round(box.x + 20 + i * (aw + 8)), ay, round(aw), ah)
                       for i in range(n_act)]
            list_top = ay + ah + 10
        list_bottom = by - 14
        preview = None
        if self.pages[self.page][0] == "display":  # the look's preview under the rows
            ph = max(70, round(h * 0.13))
            preview = pygame.Rect(box.x + 20, by - 12 - ph, box.w - 40, ph)
            list_bottom = preview.y - 8
        list_rect = pygame.Rect(box.x + 20, list_top, box.w - 40, list_bottom - list_top)
        visible = max(1, list_rect.h // lh)
        return {"box": box, "lh": lh, "size": size, "tabs": tabs, "buttons": buttons, "list": list_rect,
                "visible": visible, "status_y": by + bottom_h // 2, "actions": actions,
                "summary_y": summary_y, "preview": preview}

    def row_rects(self, g: dict[str, Any]) -> list[tuple[int, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]]:
        """(row index, row rect, left arrow, value, right arrow) for the visible rows."""
        out = []
        lr: pygame.Rect = g["list"]
        lh = g["lh"]
        vw = round(lr.w * 0.42)
        aw = round(lh * 0.9)
        for k in range(g["visible"]):
            i = self.scroll + k
            if i >= len(self.rows):
                break
            r = pygame.Rect(lr.x, lr.y + k * lh, lr.w, lh - 4)
            right = pygame.Rect(r.right - aw, r.y, aw, r.h)
            value = pygame.Rect(right.x - vw, r.y, vw, r.h)
            left = pygame.Rect(value.x - aw, r.y, aw, r.h)
            out.append((i, r, left, value, right))
        return out

    def action_buttons(self, g: dict[str, Any]) -> list[Button]:
        lang = self.draft.language
        return [Button(r, tr(f"rulesets.action.{a}", lang)) for r, a in zip(g["actions"], RULESET_ACTIONS)]

    def bottom_buttons(self, g: dict[str, Any]) -> list[Button]:
        lang = self.draft.language
        labels = (tr("settings.defaults", lang), tr("settings.cancel", lang), tr("settings.save", lang))
        return [Button(r, t) for r, t in zip(g["buttons"], labels)]

    def _keep_visible(self) -> None:
        vis = self.geometry()["visible"]
        if self.row < self.scroll:
            self.scroll = self.row
        elif self.row >= self.scroll + vis:
            self.scroll = self.row - vis + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.rows) - vis)))

    # --- input ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_s and ctrl and event.mod & pygame.KMOD_SHIFT:
                self.ruleset_save_as()
            elif event.key == pygame.K_s and ctrl:
                self.save()
            elif event.key == pygame.K_o and ctrl:
                self.ruleset_load()
            elif event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_TAB:
                self.set_page(self.page + (-1 if event.mod & pygame.KMOD_SHIFT else 1))
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.row = (self.row - 1) % len(self.rows)
                self._keep_visible()
            elif event.key in (pygame.K_DOWN, pygame.K_s):
                self.row = (self.row + 1) % len(self.rows)
                self._keep_visible()
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self.change(-1)
            elif event.key in (pygame.K_RIGHT, pygame.K_d, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.change(1)
            elif event.key == pygame.K_PAGEDOWN:
                self.set_page(self.page + 1)
            elif event.key == pygame.K_PAGEUP:
                self.set_page(self.page - 1)
        elif event.type == pygame.MOUSEWHEEL:
            g = self.geometry()
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.rows) - g["visible"])))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def click(self, pos: tuple[int, int]) -> None:
        g = self.geometry()
        for i, r in enumerate(g["tabs"]):
            if r.collidepoint(pos):
                self.set_page(i)
                return
        for i, r, left, value, right in self.row_rects(g):
            if not r.collidepoint(pos):
                continue
            self.row = i
            if left.collidepoint(pos):
                self.change(-1)
            elif value.collidepoint(pos) or right.collidepoint(pos):
                self.change(1)
            return
        for b, name in zip(self.action_buttons(g), RULESET_ACTIONS):
            if b.hit(pos):
                getattr(self, f"ruleset_{name}")()
                return
        actions = (self.defaults, self.back, self.save)
        for b, act in zip(self.bottom_buttons(g), actions):
            if b.hit(pos):
                act()
                return

    # --- drawing ----------------------------------------------------------------------------------
    def preview(self, size: tuple[int, int]) -> pygame.Surface:
        """The draft's look in a strip `size` big: a piece of its table (rail and felt) with a
        few tiles of each suit, the honours, a flower and a tile back on it, in its tile theme,
        suit colours and tile size (large: the hand's larger tiles). Cached per look and size."""
        d = self.draft
        look = Look.of(d)
        key = (look.key, d.tile_size, size)
        got = self._previews.get(key)
        if got is not None:
            return got
        if self._preview_art is None:
            self._preview_art = TileArt(max_bytes=PREVIEW_CACHE_BYTES)
        art = self._preview_art
        art.look = look
        out = pygame.Surface(size, pygame.SRCALPHA)
        inner = draw_table_piece(out, out.get_rect(), look.table)
        n = len(PREVIEW_TILES)
        groups = 4  # small gaps between the suits, the honours and the flower, and the back
        gap = max(3, inner.h // 12)
        scale = TILE_RATIOS[d.tile_size == "large"][0] / TILE_RATIOS[False][0]
        tw = round(min((inner.h - 2 * gap) / (4 / 3 + 0.12) * 0.8 * scale,
                       (inner.w - 2 * gap - groups * gap) / n))
        tw = max(8, tw)
        row_w = n * tw + groups * gap
        x = inner.x + (inner.w - row_w) // 2
        y = inner.centery - tile_size(tw)[1] // 2
        for i, kind in enumerate(PREVIEW_TILES):
            if i in (3, 6, 10, 11):
                x += gap
            img = art.tile(kind, tw)
            shadow = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(2, tw // 7))
            out.blit(shadow, (x + 2, y + 3))
            out.blit(img, (x, y))
            x += tw
        self._previews.put(key, out)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.app.art.look.table.palette  # the chosen felt's colours (navy, wine, green)
        draw_gradient(surface, pal.ground_top, pal.ground_bottom)
        g = self.geometry()
        lang = self.draft.language
        fonts = self.app.fonts
        size = g["size"]
        box: pygame.Rect = g["box"]
        draw_panel(surface, box, alpha=230, palette=pal)
        title = fonts.text(tr("settings.title", lang), round(size * 1.5), GOLD, bold=True)
        surface.blit(title, (box.x + 22, box.y + 12))
        if self.dirty:
            u = fonts.text("● " + tr("settings.unsaved", lang), size, GOLD)
            surface.blit(u, u.get_rect(topright=(box.right - 22, box.y + 18)))
        for i, r in enumerate(g["tabs"]):
            active = i == self.page
            pygame.draw.rect(surface, pal.hilite if active else pal.panel, r, border_radius=8)
            pygame.draw.rect(surface, GOLD if active else pal.edge, r, width=2, border_radius=8)
            t = fonts.fit(tr(f"settings.page.{self.pages[i][0]}", lang), size, r.w - 12,
                          WHITE if active else DIM)
            surface.blit(t, t.get_rect(center=r.center))
        if g["actions"]:
            line = self.summary_line(lang)
            img = fonts.fit(line, round(size * 0.9), box.w - 44, GOLD)
            surface.blit(img, (box.x + 22, g["summary_y"]))
            for b in self.action_buttons(g):
                draw_button(surface, fonts, b, False, round(size * 0.85), palette=pal)
        for i, r, left, value, right in self.row_rects(g):
            row = self.rows[i]
            sel = i == self.row
            if sel:
                pygame.draw.rect(surface, pal.hilite, r, border_radius=6)
                pygame.draw.rect(surface, GOLD, r, width=1, border_radius=6)
            label = fonts.fit(row.label(lang), size, left.x - r.x - 24, WHITE)
            surface.blit(label, label.get_rect(midleft=(r.x + 12, r.centery)))
            cur = row.get(self.draft)
            vals = row.values(self.draft)
            idx = vals.index(cur) if cur in vals else 0
            can_l = len(vals) == 2 or idx > 0
            can_r = len(vals) == 2 or idx < len(vals) - 1
            for rect, glyph, ok in ((left, "◀", can_l), (right, "▶", can_r)):
                a = fonts.text(glyph, size, GOLD if (ok and sel) else (DIM if ok else pal.dark_edge))
                surface.blit(a, a.get_rect(center=rect.center))
            text = row.show(cur, lang)
            colour = GOLD if row.custom(self.draft) else WHITE
            v = fonts.fit(text, size, value.w - 8, colour)
            surface.blit(v, v.get_rect(center=value.center))
            if row.custom(self.draft):
                c = fonts.text(tr("settings.custom", lang), round(size * 0.7), GOLD)
                surface.blit(c, c.get_rect(midright=(left.x - 6, r.centery)))
        # scroll indicator
        n, vis = len(self.rows), g["visible"]
        if n > vis:
            lr = g["list"]
            bar_h = max(20, lr.h * vis / n)
            y = lr.y + (lr.h - bar_h) * self.scroll / max(1, n - vis)
            pygame.draw.rect(surface, pal.edge, (lr.right + 6, round(y), 5, round(bar_h)), border_radius=3)
        if g["preview"] is not None:
            surface.blit(self.preview(g["preview"].size), g["preview"].topleft)
        for k, b in enumerate(self.bottom_buttons(g)):
            draw_button(surface, fonts, b, k == 2 and self.dirty, size, palette=pal)
        about = self.rows[self.row].about if 0 <= self.row < len(self.rows) else None
        status = self.shown_status()
        msg = status or (about(lang) if about is not None else tr("settings.help", lang))
        colour = RED_TEXT if self.status_error else (WHITE if status else DIM)
        # readable: at least 13 px, wrapped onto lines centred on the buttons' row (shrunk to fit
        # only past three lines)
        room = g["buttons"][0].x - box.x - 40
        px = max(13, round(size * 0.8))
        lines = wrap(fonts, msg, px, room)
        if len(lines) > 3:
            lines = lines[:2] + [" ".join(lines[2:])]
        step = round(px * 1.25)
        top = g["status_y"] - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            m = fonts.fit(line, px, room, colour)
            surface.blit(m, m.get_rect(midleft=(box.x + 22, round(top + i * step))))
