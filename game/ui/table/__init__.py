"""The parts of the table screen (`game.ui.scenes.table.TableScene`), one responsibility each:

* `driver`: plays the session: deals hands, feeds the computer seats the events they may see,
  asks them (in a worker thread, off the frame), submits every action and records it; the
  screen's director listens to it (`TableDriver.listen`). It knows nothing of pygame; the
  screen asks it through a small interface (`TableDriver`).
* `resume`: Continue: which record to continue, locked and read (`claim_unfinished`).
* `input`: keys, mouse and focus: the hand's cursor, the turn's and the claim's prompts, what
  a key that does nothing now says (`TableInput`, the scene's ``input``).
* `pace`: each hand's opening, in full, short or skipped (`TablePace`, the scene's ``pace``).
* `view`: the picture: the board, marks, banners, the seat selection, the controls and the help
  (`TableView`, the scene's ``view``); drawing never changes state.

The scene owns one of each (``TableInput(scene)``); each keeps its own state and reads the
scene for what it needs, through `host.TableHost` (a protocol: no part imports the screen).
"""
