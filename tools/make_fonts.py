"""Make the two small font subsets the game ships, from Debian's `fonts-noto-cjk` (SIL OFL 1.1).

    apt-get install -y fonts-noto-cjk && pip install fonttools   # fonttools: this tool only
    python tools/make_fonts.py

* ``assets/fonts/kmj-tiles-bold.otf``: Noto Sans CJK TC Bold, only the glyphs on tile faces
  (一..九 萬 東南西北 中 發 白 春夏秋冬 and digits);
* ``assets/fonts/kmj-ui.otf``: Noto Sans CJK KR Regular, printable ASCII, every character of the
  UI text (`game.ui.i18n.all_text`) and the 2,350 common Hangul syllables of KS X 1001, so that
  names and later strings render too.

Each subset is a single face (pygame.font reads only the first face of a .ttc) and is renamed
("KMJ Tiles", "KMJ UI") as the OFL asks of modified versions. Run it again after adding UI text.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ui.i18n import all_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from i18n import import_everything  # every message kind, for the subset

SRC = Path("/usr/share/fonts/opentype/noto")
OUT = ROOT / "assets" / "fonts"
COPYRIGHT_FILE = Path("/usr/share/doc/fonts-noto-cjk/copyright")

TILE_TEXT = "一二三四五六七八九萬筒東南西北中發白春夏秋冬0123456789"
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
EXTRA = "×–—…·•←→↑↓▲▼◀▶✓○●①②③④⑤⑥⑦⑧⑨％"  # symbols the UI may draw as text


def ks_x_1001_hangul() -> str:
    """The 2,350 precomposed Hangul syllables of KS X 1001 (EUC-KR rows 0xB0-0xC8)."""
    out = []
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                out.append(bytes((lead, trail)).decode("euc_kr"))
            except UnicodeDecodeError:
                pass
    return "".join(out)


def make(ttc: str, index: int, text: str, family: str, out: Path) -> int:
    src = TTCollection(str(SRC / ttc)).fonts[index]
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.hinting = False
    opts.layout_features = ["kern", "palt"]
    sub = subset.Subsetter(opts)
    sub.populate(text="".join(sorted(set(text))))
    sub.subset(src)
    name = src["name"]
    style = "Bold" if "Bold" in name.getDebugName(2) else "Regular"
    for rec in list(name.names):
        if rec.nameID in (1, 3, 4, 6, 16, 17, 21, 22):
            name.removeNames(nameID=rec.nameID)
    ps = family.replace(" ", "") + "-" + style
    name.setName(family, 1, 3, 1, 0x409)
    name.setName(style, 2, 3, 1, 0x409)
    name.setName(f"{ps};subset of {Path(ttc).stem} face {index}", 3, 3, 1, 0x409)
    name.setName(f"{family} {style}" if style != "Regular" else family, 4, 3, 1, 0x409)
    name.setName(ps, 6, 3, 1, 0x409)
    if "CFF " in src:
        cff = src["CFF "].cff
        cff.fontNames = [ps]
        top = cff.topDictIndex[0]
        top.FullName = f"{family} {style}"
        top.FamilyName = family
    src.recalcTimestamp = False  # the same input gives the same file
    src.save(str(out))
    return out.stat().st_size


def write_licence() -> None:
    lines = COPYRIGHT_FILE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, ln in enumerate(lines) if "SIL OPEN FONT LICENSE Version 1.1" in ln) - 1
    body = []
    for ln in lines[start:]:
        if ln.startswith("License:"):
            break
        ln = ln.removeprefix(" ")
        body.append("" if ln == "." else ln)
    header = ("Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.\n"
              "Noto is a trademark of Google Inc.\n\n"
              "The files kmj-tiles-bold.otf and kmj-ui.otf in this directory are subsets (Modified\n"
              "Versions) of Noto Sans CJK TC Bold and Noto Sans CJK KR Regular, renamed \"KMJ Tiles\" and\n"
              "\"KMJ UI\". They are licensed under the SIL Open Font License, Version 1.1:\n\n")
    (OUT / "OFL.txt").write_text(header + "\n".join(body).rstrip() + "\n", encoding="utf-8")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    import_everything()
    ui_text = ASCII + EXTRA + "".join(all_text()) + ks_x_1001_hangul() + TILE_TEXT
    sizes = {
        "kmj-tiles-bold.otf": make("NotoSansCJK-Bold.ttc", 3, TILE_TEXT + "0123456789", "KMJ Tiles",
                                   OUT / "kmj-tiles-bold.otf"),
        "kmj-ui.otf": make("NotoSansCJK-Regular.ttc", 1, ui_text, "KMJ UI", OUT / "kmj-ui.otf"),
    }
    write_licence()
    for name, size in sizes.items():
        print(f"{OUT / name}: {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
