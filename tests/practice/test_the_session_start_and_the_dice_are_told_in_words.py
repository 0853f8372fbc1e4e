"""A record's event lines (`game.practice.event_words`): a session start without a readable seed,
the players named by the names given else by the record, and the two throws of the dice saying
what they decide."""

from __future__ import annotations


def test_a_session_start_without_a_readable_seed_reads_seed_0():
    from game.engine.events import SessionStarted
    from game.practice.event_words import event_message

    def line(seed):
        return str(event_message(SessionStarted(seed=seed, rules={}, players=("a", "b", "c", "d"),
                                                method="dice", rolls=(), seats=(0, 1, 2, 3))))
    assert line(77).startswith("Session start: seed 77,")
    for hidden in (None, "12", True, 3.5):  # hidden from a seat, or a damaged record
        assert line(hidden).startswith("Session start: seed 0,")


def test_a_session_start_names_the_players_by_the_names_given_else_by_the_record():
    from game.engine.events import SessionStarted
    from game.practice.event_words import event_message

    e = SessionStarted(seed=5, rules={}, players=("human", "ai:expert", "ai:expert", "ai:easy"),
                       method="dice", rolls=(), seats=(2, 0, 1, 3))
    assert str(event_message(e)) == (
        "Session start: seed 5, seats by dice: human W, ai:expert E, ai:expert S, ai:easy N")
    assert str(event_message(e, ["Ann", "Bo", "Cy", "Di"])) == (
        "Session start: seed 5, seats by dice: Ann W, Bo E, Cy S, Di N")
    # a name missing from the list: the player's number
    assert str(event_message(e, ["Ann"])) == (
        "Session start: seed 5, seats by dice: Ann W, P2 E, P3 S, P4 N")


def test_the_two_throws_of_the_dice_say_what_they_decide():
    from game.engine.events import DiceRolled
    from game.practice.event_words import event_message

    assert str(event_message(DiceRolled(seat=0, faces=(3, 4), purpose="breaker"))) == (
        "E throws 3+4 (who breaks the wall)")
    assert str(event_message(DiceRolled(seat=2, faces=(1, 6), purpose="count"))) == (
        "W throws 1+6 (where the wall breaks)")
