"""A session counted in passes of the deal (house rule `session_mode` "deals", issue 30): the
settings row offers it, and New game shows it as deals and starts it with that length."""

import pytest

from game.engine.rules import RuleSet
from game.settings import Settings
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.settings import rules_rows


@pytest.fixture
def app(make_app):
    return make_app(rules=RuleSet(session_mode="deals", session_hands=16))


def test_the_settings_row_offers_deals():
    row = next(r for r in rules_rows() if r.key == "session_mode")
    assert "deals" in row.values(Settings())
    assert "16" not in row.show("deals", "en") and row.show("deals", "ko")


@pytest.mark.parametrize("lang, words", [("en", "16 deals"), ("ko", "16번")])
def test_new_game_shows_the_length_in_deals_and_keeps_it(app, lang, words):
    app.apply_settings(app.settings.replace(language=lang), save=False)
    ng = NewGameScene(app)
    length = next(o for o in ng.options if o.key == "length")
    assert length.values[length.index] == ("deals", 16)
    assert words in ng.label(length)
    rules = ng.rules()
    assert (rules.session_mode, rules.session_hands) == ("deals", 16)
