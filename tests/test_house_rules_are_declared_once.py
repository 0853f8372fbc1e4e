"""A house rule is declared once, on its `RuleSet` field, and everything else follows from it:
validation, the rules file format, the settings screen's House rules rows, their texts, and the
table of docs/rules.md section 10 (issue 31).

The last test adds a throwaway rule the way a contributor would (one declared field, nothing
else) and checks that each generated part picks it up.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine.errors import RulesError
from game.engine.house_rules import choice, declared_on, number
from game.engine.rules import HOUSE_RULES, RuleSet
from game.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_rules_table", ROOT / "tools" / "make_rules_table.py")
make_rules_table = importlib.util.module_from_spec(_spec)
sys.modules["make_rules_table"] = make_rules_table
_spec.loader.exec_module(make_rules_table)


def test_every_field_of_a_rule_set_is_a_declared_house_rule():
    fields = [f.name for f in dataclasses.fields(RuleSet) if not f.name.startswith("_")]
    assert [r.name for r in HOUSE_RULES] == [f for f in fields if f != "yak_overrides"]
    for rule in HOUSE_RULES:
        assert rule.label and rule.help and rule.section, rule.name
        assert rule.default == getattr(RuleSet(), rule.name)


def test_the_settings_rows_offer_exactly_what_the_declarations_allow():
    from game.ui.scenes.settings import rules_rows

    rows = rules_rows()
    assert [r.key for r in rows] == [r.name for r in HOUSE_RULES]
    s = Settings()
    for row, rule in zip(rows, HOUSE_RULES):
        offered = row.values(s)
        assert offered == list(rule.offered)
        assert row.get(s) == rule.default
        for v in offered:  # every value a row offers is a valid rule set
            assert getattr(row.put(s, v).rules, rule.name) == v
        if rule.kind == "choice":  # and a choice offers every value it allows
            with pytest.raises(RulesError, match=rule.name):
                RuleSet().replace(**{rule.name: "no such value"})


def test_the_summary_of_the_rules_names_the_changes_in_the_settings_page_order():
    from game.ui.scenes.settings import rules_rows, rules_summary

    rules = RuleSet(stem_after_uper="chosen_only", sacred_own_wait="frozen", ante=5)
    labels = [r.label("en").split(" (")[0] for r in rules_rows()
              if r.key in ("ante", "sacred_own_wait", "stem_after_uper")]
    summary = rules_summary(rules, "en")
    assert [summary.index(label) for label in labels] == sorted(summary.index(x) for x in labels)


def test_a_choice_error_lists_the_values_in_the_settings_order():
    with pytest.raises(RulesError) as e:
        RuleSet.from_dict({"session_mode": "weeks"})
    assert str(e.value) == "session_mode must be one of hands, deals, minutes, endless, got 'weeks'"


def test_the_rule_books_table_is_the_generated_one():
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert make_rules_table.BEGIN in doc
    assert make_rules_table.with_table(doc) == doc, "run python tools/make_rules_table.py"
    for rule in HOUSE_RULES:
        assert f"(`{rule.name}`)" in make_rules_table.table()


def test_every_house_rule_text_is_a_ui_text_in_every_language():
    from game.ui.i18n import LANGS, has, house_rule_texts, tr

    texts = house_rule_texts()
    for rule in HOUSE_RULES:
        assert texts[f"rule.{rule.name}"] == rule.label == tr(f"rule.{rule.name}", "en")
        assert has(f"about.{rule.name}")
    for key in texts:
        for lang in LANGS:
            assert tr(key, lang)


# --- a throwaway rule, declared once -----------------------------------------------------------
@dataclass(frozen=True)
class WithTeaBreak(RuleSet):
    """The rule set with one more house rule, declared as a contributor would declare it."""

    tea_break: str = choice(
        "never", {"never": "no break", "after_east": "after the East round"}, section="10.1",
        label="Tea break", help="Whether the table stops for tea after the East round.")
    tea_minutes: int = number(10, 5, 30, (5, 10, 15, 30), section="10.1",
                              label="Tea break length", help="How long the tea break lasts.")


def test_a_new_house_rule_needs_nothing_but_its_declaration():
    from game.ui.i18n import house_rule_texts
    from game.ui.scenes.settings import rules_rows

    rules = declared_on(WithTeaBreak)
    assert [r.name for r in rules[-2:]] == ["tea_break", "tea_minutes"]
    # validation
    assert WithTeaBreak(tea_break="after_east").tea_break == "after_east"
    with pytest.raises(RulesError, match="tea_break must be one of never, after_east"):
        WithTeaBreak(tea_break="always")
    with pytest.raises(RulesError, match="tea_minutes must be a whole number 5-30"):
        WithTeaBreak(tea_minutes=60)
    # the file format: written, read back, and an older file without it loads with its default
    got = WithTeaBreak(tea_break="after_east", ante=5)
    assert got.to_dict()["tea_break"] == "after_east"
    assert WithTeaBreak.from_dict(got.to_dict()) == got
    assert WithTeaBreak.from_dict(RuleSet(ante=5).to_dict()) == WithTeaBreak(ante=5)
    # the settings rows, in the declaration's order, with its values
    rows = {r.key: r for r in rules_rows(rules)}
    assert list(rows)[-2:] == ["tea_break", "tea_minutes"]
    s = Settings(rules=WithTeaBreak())
    assert rows["tea_break"].values(s) == ["never", "after_east"]
    assert rows["tea_break"].put(s, "after_east").rules == WithTeaBreak(tea_break="after_east")
    assert rows["tea_minutes"].show(15, "en") == "15"
    # its texts for the catalogues
    texts = house_rule_texts(rules)
    assert texts["rule.tea_break"] == "Tea break"
    assert texts["about.tea_break"] == "Whether the table stops for tea after the East round."
    assert texts["value.after_east"] == "after the East round"
    # the rule book's table
    table = make_rules_table.table(rules)
    assert ("| Tea break (`tea_break`) | no break `never` | after the East round `after_east` | "
            "Whether the table stops for tea after the East round. | [10.1](#s10-1) |") in table
    assert "| Tea break length (`tea_minutes`) | 10 | 5–30 |" in table


def test_a_value_word_two_rules_share_must_be_the_same_english():
    from game.ui.i18n import house_rule_texts

    @dataclass(frozen=True)
    class Clash(RuleSet):
        snack: str = choice("none", {"none": "no snack", "crisps": "crisps"}, section="10.1",
                            label="Snack", help="What the table eats.")

    with pytest.raises(ValueError, match=r"value\.none is declared twice"):
        house_rule_texts(declared_on(Clash))  # prevalent_wind's "none" reads "none"
