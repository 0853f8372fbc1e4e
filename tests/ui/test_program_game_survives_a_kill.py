"""A game with a program at the table (``cmd:``) keeps every finished hand on the disk: killed
in hand 2, its record holds hand 1 and Continue offers it (the hand in play, which the program
must not read from the live file, is the only thing lost)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame

from game.records import find_unfinished, load_record
from game.settings import CONFIG_ENV, Settings

OK_PROGRAM = Path(__file__).resolve().parent.parent / "ai" / "seat_program_ok.py"

CHILD = textwrap.dedent("""
    import os, sys
    from game.engine.rules import RuleSet
    from game.engine.session import Session
    from game.ui.table.driver import TableDriver

    names = ["human", sys.argv[1], "random", "random"]
    session = Session(RuleSet(), 31, players=names, hands=4)
    drv = TableDriver(session, names, seed=31, human=0, record=True, threaded=False)
    assert drv.writer.private
    print(drv.writer.path, flush=True)

    def play(actions):
        for _ in range(actions):
            pending = drv.step()
            if drv.table.is_over or not pending:
                return
            seat, d = min(pending.items())
            if drv.table.players[seat] == 0:
                drv.submit(seat, d.legal[0])  # the person
            else:
                drv.ask(seat, d)

    drv.start_hand()
    play(10_000)
    assert drv.table.is_over
    drv.finish_hand()
    drv.start_hand()
    play(15)
    os._exit(9)  # killed in hand 2: nothing closes, nothing is flushed
""")


def test_a_kill_in_hand_two_keeps_hand_one_and_continue_offers_it(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(data))
    seat = f"cmd:{sys.executable} {OK_PROGRAM}"
    child = subprocess.run([sys.executable, "-c", CHILD, seat], capture_output=True, text=True,
                           env={**os.environ}, timeout=300, check=False)
    assert child.returncode == 9, child.stderr
    path = Path(child.stdout.split("\n")[0])
    rec = load_record(path)
    assert rec.header is not None and rec.header["players"][1] == seat
    assert [h.number for h in rec.finished_hands] == [1]
    assert len(rec.hands) == 1  # the hand in play never reached the disk
    assert find_unfinished().path == path

    from game.ui.app import App

    pygame.init()
    app = App(Settings(language="en", sound=False, animation_speed="instant", ai_delay_ms=0),
              size=(1280, 800))
    try:
        app.push("continue")
        assert app.top.name == "confirm"  # the program is not started without a yes
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")],
                 1 / 30)
        table = next(sc for sc in app.scenes if sc.name == "table")
        # back at hand 1's end (its result is shown), hand 2 dealt next; a computer plays the
        # program's seat
        assert table.session.hand_no == 1 and table.table.is_over
        assert table.table.events == [e for _, e in rec.hands[0].events]
        assert table.player_names[1] == "ai:standard"
        table.abandon()
    finally:
        app.close()
