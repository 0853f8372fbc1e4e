"""The table's look as data: table themes (felt, rail, console), tile themes (face, back, ink,
strokes) and suit colourings, chosen in the settings (`game.settings.TABLE_THEMES`, ...).

    look = Look.of(settings)                  # what the settings choose
    look.table.felt_light, look.tiles.face    # colours the board and the tile art draw with
    look.suits.red                            # the 萬 and 中 colour (orange in "colourblind")

`game.ui.art.TileArt` draws tiles in its `look` (its sprites are cached per look), and
`game.ui.board.table_background` draws the empty table in a `TableTheme` (cached per theme).

The "colourblind" suit colouring replaces red/green/blue (which a red-green colour-blind player
sees as two colours) by orange, sky blue and navy, which stay apart in lightness and hue under
simulated protanopia, deuteranopia and tritanopia (`simulate_cvd`, checked in tests); the shapes
(numerals, pips, glyphs) tell the suits apart as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """The colours of the panels and buttons drawn on a table (`widgets.draw_panel`,
    `widgets.draw_button`): a panel and its edge, a focused or hovered button, a disabled one;
    and of the menus opened from it (pause, settings, rules, yak guide: `widgets.draw_ground`),
    so that they keep the chosen felt's colour: their ground's gradient, a list's well and a
    rule between rows. The default is the green table's (and every screen's away from it)."""

    panel: Colour = (14, 52, 38)
    edge: Colour = (60, 130, 100)
    hilite: Colour = (44, 120, 88)
    dark: Colour = (12, 40, 29)
    dark_edge: Colour = (40, 80, 62)
    ground_top: Colour = (18, 78, 56)
    ground_bottom: Colour = (10, 46, 33)
    well: Colour = (12, 40, 30)
    rule: Colour = (40, 90, 70)


#: the screens' own colours (and the green table's)
DEFAULT_PALETTE = Palette()


@dataclass(frozen=True)
class TableTheme:
    """The empty table's colours: the room, the rail (wood), the felt, the rack and the console."""

    key: str
    room: Colour
    room_light: Colour
    wood_dark: Colour
    wood: Colour
    wood_light: Colour
    felt_light: Colour  # the felt's middle
    felt_dark: Colour  # its edges
    rack: Colour  # the apron under the player's hand
    console: Colour
    console_edge: Colour
    console_middle: Colour
    console_shadow: Colour
    palette: Palette = DEFAULT_PALETTE  # the seat plates, panels and buttons on this table

    @property
    def plate(self) -> Colour:
        """The seat plates' and the table's panels' colour."""
        return self.palette.panel

    @property
    def plate_edge(self) -> Colour:
        return self.palette.edge


@dataclass(frozen=True)
class TileTheme:
    """A tile's colours and strokes: the face, its edge and thickness, the back (face down and
    standing), the ink of numerals and winds; `stroke` scales the outline, `contrast` the suit
    colours (the high-contrast theme uses the strong ones)."""

    key: str
    face: Colour
    face_edge: Colour
    face_side: Colour  # the thickness below a face-up tile
    back: Colour
    back_light: Colour  # the inner frame of a back
    back_side: Colour
    ink: Colour
    stand_dark: Colour  # an opponent's standing tile: dark at its base
    stand_light: Colour
    stand_rim: Colour
    stand_outline: Colour
    tier_line: Colour  # the line where a wall's upper tier sits on the lower
    stroke: float = 1.0  # outline width, in supersampled pixels per tile pixel
    contrast: bool = False


@dataclass(frozen=True)
class SuitColours:
    """The colours the suits are drawn in: `red` (萬, 中, red pips), `green` (發, green pips),
    `blue` (白's frame, blue pips), and the flowers' own."""

    key: str
    red: Colour
    green: Colour
    blue: Colour
    pink: Colour
    orange: Colour
    yellow: Colour


TABLE_THEMES: dict[str, TableTheme] = {
    # today's table: green felt, a wooden rail
    "green": TableTheme("green", room=(24, 26, 30), room_light=(40, 44, 50), wood_dark=(74, 44, 26),
                        wood=(120, 74, 42), wood_light=(168, 112, 66), felt_light=(30, 108, 78),
                        felt_dark=(14, 62, 44), rack=(16, 70, 50), console=(14, 30, 26),
                        console_edge=(70, 120, 100), console_middle=(20, 42, 36),
                        console_shadow=(8, 18, 15)),
    # navy felt, a dark (ebony) rail with a steel edge
    "navy": TableTheme("navy", room=(18, 20, 26), room_light=(34, 38, 48), wood_dark=(22, 22, 28),
                       wood=(44, 44, 52), wood_light=(104, 112, 128), felt_light=(40, 74, 128),
                       felt_dark=(18, 36, 70), rack=(22, 42, 78), console=(12, 18, 32),
                       console_edge=(92, 116, 160), console_middle=(20, 30, 52),
                       console_shadow=(6, 10, 20),
                       palette=Palette(panel=(16, 30, 56), edge=(92, 116, 160), hilite=(44, 70, 122),
                                       dark=(12, 20, 38), dark_edge=(40, 54, 84),
                                       ground_top=(24, 46, 88), ground_bottom=(12, 24, 50),
                                       well=(12, 22, 42), rule=(46, 64, 104))),
    # wine-red felt, a walnut rail with a brass edge
    "wine": TableTheme("wine", room=(26, 22, 24), room_light=(46, 38, 40), wood_dark=(52, 30, 20),
                       wood=(88, 54, 34), wood_light=(184, 146, 82), felt_light=(120, 36, 52),
                       felt_dark=(66, 16, 28), rack=(78, 22, 34), console=(32, 12, 18),
                       console_edge=(168, 120, 90), console_middle=(52, 20, 28),
                       console_shadow=(16, 6, 10),
                       palette=Palette(panel=(48, 18, 26), edge=(168, 120, 90), hilite=(112, 52, 58),
                                       dark=(34, 14, 18), dark_edge=(86, 52, 44),
                                       ground_top=(84, 26, 38), ground_bottom=(46, 12, 22),
                                       well=(36, 12, 18), rule=(100, 48, 52))),
}

TILE_THEMES: dict[str, TileTheme] = {
    # today's tiles: ivory faces, green backs
    "ivory": TileTheme("ivory", face=(246, 241, 226), face_edge=(214, 204, 178), face_side=(226, 216, 190),
                       back=(26, 112, 84), back_light=(44, 140, 106), back_side=(18, 84, 62),
                       ink=(24, 28, 44), stand_dark=(10, 62, 46), stand_light=(36, 128, 96),
                       stand_rim=(120, 200, 160), stand_outline=(6, 40, 30), tier_line=(8, 50, 36)),
    # high contrast: white faces with a black outline, black ink, strong colours, amber backs
    # (bright against every felt)
    "contrast": TileTheme("contrast", face=(255, 255, 255), face_edge=(0, 0, 0), face_side=(200, 200, 200),
                          back=(226, 140, 24), back_light=(255, 214, 120), back_side=(150, 84, 10),
                          ink=(0, 0, 0), stand_dark=(140, 78, 8), stand_light=(232, 150, 32),
                          stand_rim=(255, 226, 150), stand_outline=(0, 0, 0), tier_line=(60, 30, 0),
                          stroke=2.6, contrast=True),
}

#: suit colours by (suit colouring, whether the tile theme is high contrast)
SUIT_COLOURS: dict[tuple[str, bool], SuitColours] = {
    ("classic", False): SuitColours("classic", red=(200, 36, 40), green=(18, 122, 70), blue=(28, 78, 165),
                                    pink=(220, 86, 128), orange=(222, 132, 24), yellow=(246, 196, 40)),
    ("classic", True): SuitColours("classic", red=(215, 0, 0), green=(0, 125, 40), blue=(0, 45, 200),
                                   pink=(215, 40, 120), orange=(230, 120, 0), yellow=(240, 180, 0)),
    # orange, sky blue and navy: apart for red-green (and blue-yellow) colour blindness
    ("colourblind", False): SuitColours("colourblind", red=(222, 110, 0), green=(0, 150, 210),
                                        blue=(20, 30, 110), pink=(204, 121, 167), orange=(230, 159, 0),
                                        yellow=(240, 228, 66)),
    ("colourblind", True): SuitColours("colourblind", red=(230, 100, 0), green=(0, 140, 210),
                                       blue=(10, 20, 100), pink=(190, 90, 150), orange=(230, 150, 0),
                                       yellow=(240, 220, 40)),
}


@dataclass(frozen=True)
class Look:
    """A table theme, a tile theme and a suit colouring, together (`key` names it for caches).

    >>> Look().key
    ('green', 'ivory', 'classic')
    >>> Look.named(tiles="contrast", suits="colourblind").suits.red
    (230, 100, 0)
    """

    table: TableTheme = TABLE_THEMES["green"]
    tiles: TileTheme = TILE_THEMES["ivory"]
    suits: SuitColours = SUIT_COLOURS[("classic", False)]

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.table.key, self.tiles.key, self.suits.key)

    @property
    def tile_key(self) -> tuple[str, str]:
        """What a tile sprite depends on (not the table)."""
        return (self.tiles.key, self.suits.key)

    @classmethod
    def named(cls, table: str = "green", tiles: str = "ivory", suits: str = "classic") -> Look:
        """The look of these names; an unknown name gives the default of its kind."""
        tile_theme = TILE_THEMES.get(tiles, TILE_THEMES["ivory"])
        colours = SUIT_COLOURS.get((suits, tile_theme.contrast), SUIT_COLOURS[("classic", tile_theme.contrast)])
        return cls(TABLE_THEMES.get(table, TABLE_THEMES["green"]), tile_theme, colours)

    @classmethod
    def of(cls, settings: Any) -> Look:
        """The look a `game.settings.Settings` chooses."""
        return cls.named(settings.table_theme, settings.tile_theme, settings.suit_colours)


# --- colour vision: for checking the colours (tests), not for drawing --------------------------------

#: Machado, Oliveira and Fernandes (2009): full-severity dichromacy on linear RGB
CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate_cvd(colour: Colour, kind: str) -> tuple[float, float, float]:
    """How `colour` looks with a colour-vision deficiency (`CVD_MATRICES`).

    >>> [round(v) for v in simulate_cvd((255, 255, 255), "deuteranopia")]
    [255, 255, 255]
    >>> r, g, b = simulate_cvd((200, 36, 40), "protanopia"); r < 120 and abs(r - g) < 40
    True
    """
    lin = [_linear(x) for x in colour]
    return tuple(_srgb(sum(m * v for m, v in zip(row, lin))) for row in CVD_MATRICES[kind])  # type: ignore[return-value]


def lab(colour: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour.

    >>> [round(v) for v in lab((255, 255, 255))]
    [100, 0, 0]
    """
    r, g, b = (_linear(x) for x in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def colour_distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """The CIE76 colour difference (ΔE*ab); about 2 is just noticeable, 40 is far apart.

    >>> round(colour_distance((0, 0, 0), (255, 255, 255)))
    100
    """
    la, lb = lab(a), lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5)
