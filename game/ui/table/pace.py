"""The table screen's pace: each hand's opening (the seat dice, the shuffle, the walls, the rolls,
the break, the deal, the flowers), shortened or skipped as the player chooses.

`TablePace` is a part `game.ui.scenes.table.TableScene` owns (``scene.pace``). The opening of a
hand is every event the engine logged before the first decision (`start_hand`: the referee runs until
someone must decide). The setting `intro` says how it is shown (`game.settings.INTRO_MODES`):
``"full"`` every hand as a ritual, ``"short"`` the first hand of a session in full and the
others short, ``"quick"`` every hand short. Short: the walls stand built at once (no shuffle),
the first roll (who breaks) is shown at once and the counting roll fast, the deal in one sweep
(every step but the last at once), the rest faster. `skip` (the S key) shows the whole opening
at once; the picture is then the same as after a full run (the director builds it from the
same events), and the first decision opens.

Nothing here changes the game: only when and how fast the director shows what happened.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.engine.events import Dealt, DiceRolled, HandStarted, WallBuilt
from game.engine.kinds import DicePurpose

if TYPE_CHECKING:
    from .host import TableHost

#: how much faster a short opening plays what it still shows
SHORT_FACTOR = 2.5


class TablePace:
    """A hand's opening at the player's pace (the scene's `pace`; see the module): it owns
    where the opening ends and how it is shown; the scene (`scene`) gives the director."""

    def __init__(self, scene: TableHost) -> None:
        self.scene = scene
        #: how many of the events the director heard end the opening (None: it is over)
        self.intro_end: int | None = None
        self.intro_short = False
        self.intro_sped = False  # the director's speed was raised for a short opening

    def begin(self) -> None:
        """A hand was dealt (the director heard its opening): choose how it is shown."""
        mode = self.scene.app.settings.intro
        self.intro_end = len(self.scene.director.source)
        self.intro_short = not self.scene.replay and (
            mode == "quick" or (mode == "short" and self.scene.session.hand_no > 1))

    @property
    def in_intro(self) -> bool:
        """The opening of the hand is still being shown."""
        d = self.scene.director
        return self.intro_end is not None and (d.index < self.intro_end or d.timeline.busy)

    def _show_through(self, end: int) -> None:
        """Show the events the director heard before index `end` at once."""
        d = self.scene.director
        if d.index >= end and not d.timeline.busy:
            return
        d.catch_up(end)

    def skip(self) -> None:
        """The skip key: the whole opening at once while it plays, else the animation playing."""
        if self.in_intro and self.intro_end is not None:
            self._show_through(self.intro_end)
            self.end_intro()
        elif self.scene.director.timeline.busy:
            self.scene.director.skip()

    def end_intro(self) -> None:
        self.intro_end = None
        if self.intro_sped:
            self.intro_sped = False
            self.scene.director.speed = self.scene.speed_factor

    def step(self) -> None:
        """Each frame, before the director moves on: a short opening takes its quiet steps at
        once and plays the rest faster; the normal speed comes back when the opening is over."""
        if self.intro_end is None:
            return
        if not self.in_intro:
            self.end_intro()
            return
        d = self.scene.director
        if not self.intro_short or math.isinf(self.scene.speed_factor):
            return
        d.speed = self.scene.speed_factor * SHORT_FACTOR
        self.intro_sped = True
        while not d.timeline.busy and not d.hold and d.index < self.intro_end:
            heard = d.source
            e = heard[d.index]
            later_deal = any(isinstance(x, Dealt) for x in heard[d.index + 1:self.intro_end])
            quiet = (isinstance(e, (WallBuilt, HandStarted))
                     or (isinstance(e, DiceRolled) and e.purpose == DicePurpose.BREAKER)
                     or (isinstance(e, Dealt) and later_deal))
            if not quiet:
                break
            self._show_through(d.index + 1)
