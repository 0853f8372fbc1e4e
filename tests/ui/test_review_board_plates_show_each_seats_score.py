"""The plates of a board picture (the review's board at a decision, the replay viewer, the
practice) show each seat's running score: the table keeps them by seat, so in a later hand,
where the players have moved round the table, the reviewed player's plate shows his own score
(it showed another player's: the score was looked up by player number)."""

from __future__ import annotations

from review_records import records as _records

from game.practice.game_review import review_record, timeline
from game.records import load_record
from game.ui.board_picture import info_for
from game.ui.layout import screen_seat


def test_each_plate_shows_its_players_running_score(tmp_path):
    path, _ = _records.play(tmp_path, 19, _records.pass_win, hands=3)
    record = load_record(path)
    totals = timeline(record, review_record(path, playouts=8, workers=1))
    hand = record.hands[2]
    players = hand.player_at_seat()
    assert players != (0, 1, 2, 3)  # the players have moved round the table
    table = hand.table(0)
    for seat in range(4):
        info = info_for(table, seat, "en", "You")
        for s in range(4):
            want = totals[1].totals[players[s]]  # that player's score after hand 2
            assert info.scores[screen_seat(s, seat)] == want, (seat, s)
