"""Counts and the player's own name read as English does: "1 hand", "1 pt", "You roll 7".

Every interface text with a count ``{n}`` is rendered with n = 1 and n = 2 in English: with 1 no
plural noun may follow the number (a range "1-{n} characters" is no count), with 2 no singular
where the text has both forms. The banners that name the player use the verb's form for "You".
"""

from __future__ import annotations

import re
import string

import pytest

import game.cli.replay
import game.cli.score
import game.cli.simulate
import game.cli.words
import game.practice.event_words
import game.practice.hints
import game.practice.uper_practice
import game.ui.i18n  # noqa: F401
from game.i18n import TEXTS, text

#: words after a number that end in "s" but are no plural noun
NOT_PLURAL = {"ms", "goes"}


def _args(english: str, n: int) -> dict[str, object]:
    fields = {f.split(":")[0].split(".")[0].split("[")[0]
              for _, f, _, _ in string.Formatter().parse(english) if f}
    return {f: (n if f == "n" else 3) for f in fields}


COUNTED = sorted(k for k, t in TEXTS.items() if "{n}" in t.english or "{n:" in t.english)


def test_there_are_counted_texts_to_check():
    assert len(COUNTED) > 20
    assert "newgame.hands_n" in COUNTED and "value.points" in COUNTED


@pytest.mark.parametrize("key", COUNTED)
def test_one_of_a_thing_is_singular(key):
    out = text(key, "en", **_args(TEXTS[key].english, 1))
    bad = [w for w in re.findall(r"(?<![-–])\b1 ([a-z]+s)\b", out) if w not in NOT_PLURAL]
    assert not bad, f"{key}: {out!r}"


@pytest.mark.parametrize("key", [k for k in COUNTED if TEXTS[k].plural is not None])
def test_two_of_a_thing_are_plural(key):
    one = text(key, "en", **_args(TEXTS[key].english, 1))
    two = text(key, "en", **_args(TEXTS[key].english, 2))
    assert one.replace("1", "2", 1) != two, f"{key}: the plural form is the singular"


@pytest.mark.parametrize("key", ["table.dice_breaker", "table.dice_count"])
def test_the_player_rolls_in_the_second_person(key):
    assert text(key + "_you", "en", n=7).startswith("You roll 7")
    assert text(key, "en", name="South", n=7).startswith("South rolls 7")
