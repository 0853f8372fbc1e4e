"""Scenes driven headless: input events in, state and pixels out."""

import json

import pygame
import pytest

from game.settings import CONFIG_ENV, Settings, load_settings
from game.ui.app import App
from game.ui.scenes.notice import NoticeScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import ENTRIES, TitleScene
from game.ui.widgets import GOLD


@pytest.fixture
def app(make_app):
    return make_app((1280, 800))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def colour_count(surface, rect, colour, tol=40):
    """Pixels in `rect` within `tol` of `colour` (per channel)."""
    n = 0
    sub = surface.subsurface(rect)
    w, h = sub.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            c = sub.get_at((x, y))
            if all(abs(c[i] - colour[i]) <= tol for i in range(3)):
                n += 1
    return n


def test_title_draws_its_title_and_menu(app):
    app.push(TitleScene(app))
    app.step([], 0.016)
    w, h = app.window.get_size()
    assert colour_count(app.window, pygame.Rect(0, 0, w, h // 3), GOLD) > 200  # the gold title text
    scene = app.top
    assert [b.enabled for b in scene.buttons()][ENTRIES.index("settings")]
    assert scene.buttons()[ENTRIES.index("quit")].enabled


def test_title_keyboard_skips_disabled_entries(app):
    app.push(TitleScene(app))
    t = app.top
    enabled = [i for i, e in enumerate(ENTRIES) if t.enabled[e]]
    assert t.focus == enabled[0]
    app.step([key(pygame.K_DOWN)], 0.016)
    assert t.focus == enabled[1 % len(enabled)]
    app.step([key(pygame.K_UP), key(pygame.K_UP)], 0.016)
    assert t.enabled[ENTRIES[t.focus]]


def test_title_enter_on_settings_opens_settings_and_esc_comes_back(app):
    app.push(TitleScene(app))
    t = app.top
    t.focus = ENTRIES.index("settings")
    app.step([key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.top, SettingsScene)
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert app.top is t and app.running


def test_clicking_quit_quits(app):
    app.push(TitleScene(app))
    quit_button = app.top.buttons()[ENTRIES.index("quit")]
    app.step([click(quit_button.rect.center)], 0.016)
    assert app.running and app.top.name == "confirm", "quitting asks first"
    _, buttons, _ = app.top.geometry()
    app.step([click(buttons[1].rect.center)], 0.016)  # Cancel
    assert app.running and isinstance(app.top, TitleScene)
    app.step([click(quit_button.rect.center)], 0.016)
    _, buttons, _ = app.top.geometry()
    app.step([click(buttons[0].rect.center)], 0.016)  # Quit
    assert not app.running


def test_continue_without_a_saved_game_is_disabled_and_says_why(app):
    app.push(TitleScene(app))
    t = app.top
    assert [e for e in ENTRIES if not t.enabled[e]] == ["continue"]
    b = t.buttons()[ENTRIES.index("continue")]
    assert not b.enabled and b.hint == "no unfinished game"
    t.activate(ENTRIES.index("continue"))  # a disabled entry cannot be clicked; the keys skip it
    assert t.status == "There is no unfinished game to continue." and app.top is t
    app.step([], 3.5)
    assert t.status == ""


def test_settings_messages_show_in_a_notice_that_enter_closes(app):
    app.push(TitleScene(app, ["unknown setting \"x\" ignored"]))
    assert isinstance(app.top, NoticeScene)
    app.step([], 0.016)
    app.step([key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.top, TitleScene)


def test_settings_change_and_save_by_keyboard(app, tmp_path):
    app.push(SettingsScene(app))
    s = app.top
    assert s.rows[0].label("en").startswith("Ante")
    app.step([key(pygame.K_RIGHT)], 0.016)  # ante 10 -> 15
    assert s.draft.rules.ante == 15 and s.dirty
    assert app.settings.rules.ante == 10  # not applied before saving
    app.step([key(pygame.K_s, pygame.KMOD_CTRL)], 0.016)
    assert not s.dirty and app.settings.rules.ante == 15
    data = json.loads((tmp_path / "cfg" / "settings.json").read_text())
    assert data["rules"]["ante"] == 15
    loaded, msgs = load_settings()
    assert msgs == [] and loaded.rules.ante == 15
    assert "Saved to" in s.status


def test_settings_every_house_rule_has_a_row():
    from dataclasses import fields

    from game.engine.rules import RuleSet
    from game.ui.scenes.settings import rules_rows, yak_rows

    labels = {r.label("en") for r in rules_rows()}
    assert len(labels) == len(rules_rows())
    names = {f.name for f in fields(RuleSet) if not f.name.startswith("_")} - {"yak_overrides"}
    assert len(rules_rows()) == len(names)
    s = Settings()
    # every row can move and moves the rule it names
    for row in rules_rows():
        moved = row.step(s, 1)
        moved = moved if moved != s else row.step(s, -1)
        assert moved != s, row.label("en")
    from game.engine.rules import ALL_YAK_KEYS
    assert len(yak_rows()) == len(ALL_YAK_KEYS)


def test_settings_yak_value_becomes_a_custom_override_and_back(app):
    app.push(SettingsScene(app))
    s = app.top
    app.step([key(pygame.K_TAB)], 0.016)
    assert s.pages[s.page][0] == "yaku"
    seven = next(i for i, r in enumerate(s.rows) if r.label("en").startswith("Seven pairs"))
    for _ in range(seven):
        app.step([key(pygame.K_DOWN)], 0.016)
    assert s.row == seven
    app.step([key(pygame.K_LEFT)], 0.016)
    assert s.draft.rules.points("seven_pairs") == 3
    assert dict(s.draft.rules.yak_overrides) == {"seven_pairs": 3}
    app.step([key(pygame.K_RIGHT)], 0.016)
    assert s.draft.rules.yak_overrides == ()


def test_settings_mouse_tab_arrow_and_buttons(app, tmp_path):
    app.push(SettingsScene(app))
    s = app.top
    g = s.geometry()
    app.step([click(g["tabs"][3].center)], 0.016)
    assert s.pages[s.page][0] == "display"
    g = s.geometry()  # the house-rules page's buttons are gone: the list moved up
    lang_row = next(r for r in s.row_rects(g) if s.rows[r[0]].label("en") == "Language")
    app.step([click(lang_row[4].center)], 0.016)  # right arrow: en -> ko
    assert s.draft.language == "ko"
    save = s.bottom_buttons(g)[2]
    app.step([click(save.rect.center)], 0.016)
    assert app.settings.language == "ko" and app.lang == "ko"
    assert "저장됨" in s.status
    defaults = s.bottom_buttons(g)[0]
    app.step([click(defaults.rect.center)], 0.016)
    assert s.draft.rules == Settings().rules and s.draft.language == "ko"


def test_settings_scrolls_to_keep_the_row_visible(app):
    app.push(SettingsScene(app))
    s = app.top
    for _ in range(len(s.rows) - 1):
        app.step([key(pygame.K_DOWN)], 0.016)
    vis = s.geometry()["visible"]
    assert s.scroll <= s.row < s.scroll + vis
    assert s.scroll > 0  # 18 rules do not fit at 800 px
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50, flipped=False)], 0.016)
    assert s.scroll == 0


def test_escape_drops_unsaved_changes(app):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    app.step([key(pygame.K_RIGHT), key(pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.top, TitleScene) and app.settings.rules.ante == 10


def test_resize_recomputes_the_layout(app):
    app.push(TitleScene(app))
    before = app.layout
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))], 0.016)
    assert app.layout.size == (1920, 1080) and app.layout.tile > before.tile


def test_quit_event_stops(app):
    app.push(TitleScene(app))
    app.step([pygame.event.Event(pygame.QUIT)], 0.016)
    assert not app.running


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_screen_draws_in_both_languages(app, lang):
    app.settings = app.settings.replace(language=lang)
    app.push(TitleScene(app))
    app.step([], 0.016)
    s = SettingsScene(app)
    app.push(s)
    for p in range(len(s.pages)):
        s.set_page(p)
        app.step([], 0.016)
        w, h = app.window.get_size()
        assert colour_count(app.window, pygame.Rect(0, 0, w, h), (245, 242, 232), tol=30) > 500


def test_seat_choices_come_from_the_ai_registry_and_have_labels():
    from game.ui.i18n import has
    from game.ui.scenes.settings import SEAT_CHOICES, players_rows

    assert "ai:standard" in SEAT_CHOICES
    row = players_rows()[0]
    s = Settings(seats=("ai:standard", "x", "y"))
    assert row.values(s)[: len(SEAT_CHOICES)] == list(SEAT_CHOICES)
    for name in SEAT_CHOICES:
        assert has(f"seat.{name}"), name
    # a seat name the registry does not know (e.g. cmd:bot) is kept and shown as written
    odd = Settings(seats=("cmd:./bot", "x", "y"))
    assert row.show(row.get(odd), "en") == "cmd:./bot" and "cmd:./bot" in row.values(odd)


def test_the_window_is_kept_at_least_at_the_minimum_size(app):
    app.resize((800, 500))
    assert app.layout.size == (1024, 640)
    assert app.canvas.get_size() == (1024, 640)


def test_a_window_smaller_than_the_layout_draws_a_scaled_canvas(tmp_path, monkeypatch):
    """Where the minimum window size cannot be set, a minimum-size canvas is scaled down."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.delattr(pygame, "Window")
    pygame.init()
    small = App(Settings(language="en", sound=False), size=(800, 500))
    try:
        assert small.min_size_error
        assert small.window.get_size() == (800, 500)
        assert small.canvas.get_size() == (1024, 640) and small.layout.size == (1024, 640)
        small.push(TitleScene(small))
        small.step([], 0.016)
        assert colour_count(small.window, pygame.Rect(0, 0, 800, 160), GOLD) > 100
        # a click in window pixels lands on the canvas button it covers
        quit_rect = small.top.buttons()[ENTRIES.index("quit")].rect
        pos = (round(quit_rect.centerx * 800 / 1024), round(quit_rect.centery * 500 / 640))
        small.step([click(pos)], 0.016)
        assert small.top.name == "confirm"
        yes = small.top.geometry()[1][0].rect
        small.step([click((round(yes.centerx * 800 / 1024), round(yes.centery * 500 / 640)))], 0.016)
        assert not small.running
    finally:
        small.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_setting_and_new_game_choice_explains_itself(app, lang):
    """Every row of the settings (the yak points aside: they are the yak table) and every New
    game choice has a one-line explanation, in both languages."""
    from game.ui.scenes import settings as st
    from game.ui.scenes.newgame import NewGameScene

    for page in (st.rules_rows, st.players_rows, st.play_rows, st.display_rows):
        for row in page():
            assert row.about is not None, row.label("en")
            text = row.about(lang)
            assert text and text != row.label(lang)
            if lang == "ko":
                assert any("\uac00" <= ch <= "\ud7a3" for ch in text), text
    app.apply_settings(app.settings.replace(language=lang), save=False)
    ng = NewGameScene(app)
    for o in ng.options:
        assert ng.about(o), o.key


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_new_game_explanation_stays_clear_of_the_rows(app, size):
    from game.ui.scenes.newgame import NewGameScene

    app.apply_settings(app.settings.replace(language="ko"), save=False)
    app.resize(size)
    ng = NewGameScene(app)
    app.push(ng)
    box, rows, start, _ = ng.geometry()
    ng.focus = next(i for i, o in enumerate(ng.options) if o.key == "preset")  # the longest
    app.step([], 0.016)
    last = rows[-1][1]
    # the band between the last row and the Start button holds the explanation and the hint
    band = pygame.Rect(box.x + 2, last.bottom + 1, box.w - 4, start.rect.y - last.bottom - 2)
    lit = sum(1 for y in range(band.y, band.bottom, 2) for x in range(band.x, band.right, 2)
              if max(app.canvas.get_at((x, y))[:3]) > 200)
    assert lit > 50, "the explanation is drawn below the rows"
    row_band = pygame.Rect(box.x + 2, last.bottom - 2, box.w - 4, 2)
    assert not any(max(app.canvas.get_at((x, row_band.y))[:3]) > 200
                   for x in range(row_band.x, row_band.right, 3) if not last.collidepoint(x, row_band.y))
