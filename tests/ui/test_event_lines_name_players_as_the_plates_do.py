"""Who is who in the event lines (issue 32): given the hand's seating, a line names each seat as
its plate does, with its wind ("Greedy (West) discards West wind"), in English and Korean; the
claimer and the discarder both. Without a seating the lines stay as the transcript has them
(winds only), so `korean-mahjong replay --text` is unchanged."""

from __future__ import annotations

from game.engine.events import Claimed, Discarded, WinDeclared
from game.practice.event_words import WHO, event_message
from game.ui.event_lines import event_line

PLAYERS = ["human", "ai:expert", "ai", "greedy"]
SEATING = (1, 2, 3, 0)  # the player at each engine seat this hand: the human sits North


def test_a_discard_names_the_player_and_the_wind():
    e = Discarded(seat=2, tile=80)
    assert event_line(e, PLAYERS, lang="en", seating=SEATING) == "Greedy (West) discards West wind"
    ko = event_line(e, PLAYERS, lang="ko", seating=SEATING)
    assert ko.startswith("그리디(서)") or "(서)" in ko.split(":")[0], ko


def test_a_claim_and_a_win_name_both_seats():
    claim = Claimed(seat=3, meld="pung", tile=52, from_seat=0, tiles=(52, 53, 54))
    line = event_line(claim, PLAYERS, lang="en", seating=SEATING)
    assert line.startswith("Player (North) claims") and "from Expert (East)" in line, line
    msg = event_message(WinDeclared(seat=1, tile=52, how="discard", from_seat=3,
                                    concealed=(4, 8, 12)), seats=["A", "B", "C", "D"])
    assert msg["seat"] == WHO(name="B", seat=1) and msg["other"] == WHO(name="D", seat=3)


def test_without_a_seating_the_line_is_the_transcripts():
    e = Discarded(seat=2, tile=80)
    assert event_line(e, PLAYERS, lang="en") == "West discards West wind"
    assert str(event_message(e)) == "W discards 3z"
