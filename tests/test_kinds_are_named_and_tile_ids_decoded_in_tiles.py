"""The engine's named kinds are compared by name and tile ids are decoded in one place.

A decision kind, a phase, an end reason, a win's how and the dice's purpose are the enums of
`game.engine.kinds` (``d.kind in OFFERS``, ``e.how == WinHow.SELF_DRAW``), never a string
written again (``d.kind == "claim"``): a typo there is a silent False, and a renamed kind is not
found. A physical tile id becomes a kind only through `game.engine.tiles` (`kind_of_tile`),
never by a shift (``tile_id >> 2``) that forgets the flowers. The scans read the source (AST) of
game/ and ai/; `LEFT` lists the string comparisons not yet turned into names, file by file
(their owners turn them; the count may only go down).
"""

import ast
import itertools
from pathlib import Path

from game.engine.kinds import DecisionKind, DicePurpose, EndReason, Phase, WinHow

ROOT = Path(__file__).resolve().parents[1]
ENUMS = {"kind": DecisionKind, "phase": Phase, "reason": EndReason, "how": WinHow,
         "purpose": DicePurpose}

#: string comparisons still to be named, by file (the most each file may keep)
LEFT = {
    "game/practice/game_review.py": 1,  # a review item's own kind ("claim"), not a DecisionKind
}


def _sources():
    for top in ("game", "ai"):
        for path in sorted((ROOT / top).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _strings(node):
    """The strings of a str constant or of a tuple/list/set of them (else None)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts and all(
            isinstance(x, ast.Constant) and isinstance(x.value, str) for x in node.elts):
        return [x.value for x in node.elts]
    return None


def _named(node):
    """Which kind an operand names: ``x.kind`` or a variable ``kind`` (else None)."""
    if isinstance(node, ast.Attribute) and node.attr in ENUMS:
        return node.attr
    if isinstance(node, ast.Name) and node.id in ENUMS:
        return node.id
    return None


def kind_literals(tree):
    """Line numbers of comparisons of a kind with one of its values written as a string."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for a, b in itertools.pairwise(operands):
            for name, other in ((_named(a), b), (_named(b), a)):
                values = _strings(other)
                if name and values and all(v in {m.value for m in ENUMS[name]} for v in values):
                    found.append(node.lineno)
    return found


def tile_shifts(tree):
    """Line numbers of a shift right by 2 (``x >> 2``, ``x >>= 2``): a tile id's kind taken by
    hand."""
    found = []
    for node in ast.walk(tree):
        op = right = None
        if isinstance(node, ast.BinOp):
            op, right = node.op, node.right
        elif isinstance(node, ast.AugAssign):
            op, right = node.op, node.value
        if isinstance(op, ast.RShift) and isinstance(right, ast.Constant) and right.value == 2:
            found.append(node.lineno)
    return found


def test_the_scans_find_what_they_look_for():
    code = ast.parse('if d.kind in ("claim", "rob") or "self_draw" == w.how or phase != "deal":\n'
                     '    k = ids[i] >> 2\n'
                     'ok = d.kind == DecisionKind.CLAIM or d.meld == "kong" or x.kind == "pung"\n')
    assert kind_literals(code) == [1, 1, 1]
    assert tile_shifts(code) == [2]


def test_kinds_are_compared_by_name_not_by_a_string():
    extra = {}
    for path, tree in _sources():
        n = len(kind_literals(tree))
        if n > LEFT.get(path, 0):
            extra[path] = n
    assert not extra, ("compare with the enums of game.engine.kinds (DecisionKind.CLAIM, "
                       f"OFFERS, WinHow.SELF_DRAW ...), not a string: {extra}")


def test_tile_ids_are_decoded_only_in_tiles():
    shifts = {path: lines for path, tree in _sources()
              if path != "game/engine/tiles.py" and (lines := tile_shifts(tree))}
    assert not shifts, f"decode tile ids with game.engine.tiles.kind_of_tile: {shifts}"
