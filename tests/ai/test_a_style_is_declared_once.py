"""A computer style (persona) is declared once, in `ai.heuristic.STYLES`: the registry's seats,
the menus' order and the words the UI shows all read that table (issue 31).

The last test adds a throwaway style to the table, as a contributor would, in a fresh process
and checks that the registry, the new-game list and the texts pick it up with no other edit.
"""

from __future__ import annotations

import subprocess
import sys

from ai.heuristic import PERSONAS, STYLES, HeuristicSeat
from ai.registry import LEVELS, SEATS, make_seat, seat_choices
from ai.registry import STYLES as STYLE_SEATS


def test_the_registry_and_the_menus_read_the_styles_table():
    assert tuple(f"ai:{name}" for name in STYLES) == STYLE_SEATS
    assert {name: s.params for name, s in STYLES.items()} == PERSONAS
    menu = seat_choices()
    assert menu[: len(LEVELS) + len(STYLES)] == LEVELS + STYLE_SEATS
    for name, style in STYLES.items():
        seat = make_seat(f"ai:{name}", seed=1)
        assert isinstance(seat, HeuristicSeat) and seat.params == style.params
        assert f"ai:{name}" in SEATS


def test_the_ui_shows_each_style_in_the_words_it_declares():
    from game.ui.i18n import LANGS, has, tr

    for name, style in STYLES.items():
        seat = f"ai:{name}"
        assert tr(f"seat.{seat}", "en") == style.label
        assert tr(f"short.{seat}", "en") == style.short
        assert tr(f"about.seat.{seat}", "en") == style.about
        for lang in LANGS:
            assert has(f"about.seat.{seat}") and tr(f"short.{seat}", lang)


SCRATCH = r'''
import dataclasses, json
import ai.heuristic as h
h.STYLES["calm"] = h.Persona(dataclasses.replace(h.LEVELS["expert"], level="calm", defence=1.5),
                             label="computer, calm", short="Calm",
                             about="Calm: the expert, a little more careful.")
h.PERSONAS["calm"] = h.STYLES["calm"].params  # what the table's own comprehension does
from ai.registry import STYLES, make_seat, seat_choices
from game.ui.i18n import tr
seat = make_seat("ai:calm", seed=3)
print(json.dumps({"styles": STYLES, "menu": seat_choices(), "name": seat.name,
                  "defence": seat.params.defence, "label": tr("seat.ai:calm", "en"),
                  "short": tr("short.ai:calm", "en"), "about": tr("about.seat.ai:calm", "en")}))
'''


def test_a_new_style_needs_nothing_but_its_line_in_the_table():
    import json

    out = subprocess.run([sys.executable, "-c", SCRATCH], capture_output=True, text=True,
                         check=True, timeout=120).stdout
    got = json.loads(out)
    assert got["styles"][-1] == "ai:calm"
    assert got["menu"].index("ai:aggressive") < got["menu"].index("ai:calm") < got["menu"].index(
        "greedy")
    assert (got["name"], got["defence"]) == ("ai:calm", 1.5)
    assert (got["label"], got["short"], got["about"]) == (
        "computer, calm", "Calm", "Calm: the expert, a little more careful.")
