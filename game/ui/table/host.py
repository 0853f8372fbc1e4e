"""What the table screen's parts may use of the screen that owns them: `TableHost`.

    class TablePace:
        def __init__(self, scene: TableHost) -> None:   # not TableScene: see below
            self.scene = scene

The parts (`input`, `pace`, `view`) read the screen for what they share: the app, the
director, the driver, the engine's table, the flags a key toggles. Naming `TableScene` for that
(`game.ui.scenes.table`) would make each part import the screen that imports it, a circle even
when only a type checker follows it. So the parts name this protocol instead; `TableScene`
meets it without naming it, and mypy checks that it does where the scene builds its parts
(``TableInput(self)``). What a part uses of another part is a protocol too (`InputPart`,
`PacePart`, `ViewPart`), so the parts never import one another through the host.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.engine.messages import Message
    from game.engine.session import Session
    from game.engine.table import Decision, Table
    from game.ui.app import App

    from ..controls import HandCursor, Prompt
    from ..director import Director
    from .danger_overlay import TableCoach
    from .driver import TableDriver


class InputPart(Protocol):
    """What the view reads of the input (`TableInput`): the prompt open, the hand's cursor and
    the coach's words (a refusal's note and the river tiles it rings, until `coach_river_until`)."""

    cursor: HandCursor
    prompt: Prompt | None
    prompt_for: Decision | None
    prompt_title: str
    offered: tuple[int, int] | None
    coach: tuple[str, ...]
    coach_note: str
    coach_river: tuple[int, ...]
    coach_river_until: float

    def button_rects(self) -> list[pygame.Rect]: ...
    def tile_rects(self) -> list[pygame.Rect]: ...


class PacePart(Protocol):
    """What the input uses of the pace (`TablePace`): S skips the opening."""

    def skip(self) -> None: ...


class ViewPart(Protocol):
    """What the input uses of the view (`TableView`): where the hints panel stands."""

    def hints_rect(self) -> pygame.Rect: ...


class TableHost(Protocol):
    """The table screen as its parts see it (`game.ui.scenes.table.TableScene` is the one)."""

    app: App
    director: Director
    driver: TableDriver
    table_coach: TableCoach
    #: a spectator's table (no person plays), a recorded game played back
    autoplay: bool
    replay: bool
    human_player: int | None
    seed: int
    #: seconds played at this table
    elapsed: float
    #: the key help (F1), the pause (P in a replay), the practice hints panel (I) and its hints
    help: bool
    paused: bool
    show_hints: bool
    hints_panel: Any
    hints_for: Decision | None
    #: the line the table says (`say`)
    message: str

    @property
    def input(self) -> InputPart: ...
    @property
    def pace(self) -> PacePart: ...
    @property
    def view(self) -> ViewPart: ...
    @property
    def table(self) -> Table | None: ...
    @property
    def session(self) -> Session: ...
    @property
    def human(self) -> int: ...
    @property
    def speed_factor(self) -> float: ...

    def say(self, text: str, seconds: float = 4.0) -> None: ...
    def reason(self, reason: Message | str | None) -> str: ...
    def tile_name(self, kind: int) -> str: ...
    def seat_label(self, seat: int) -> str: ...
    def player_label(self, p: int) -> str: ...
    def is_you(self, p: int) -> bool: ...
    def yak_reach(self) -> list[Any] | None: ...
    def leave(self) -> None: ...
