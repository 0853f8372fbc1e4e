"""How a house rule is declared: once, on its `RuleSet` field, with everything the rest reads.

A house rule is a field of `game.engine.rules.RuleSet` whose default is one of `choice`,
`number`, `switch` or `cap` below. The call records what the rule may be (its values or range),
how the settings row offers and shows it, its English label and one-line help (interface texts
``rule.<field>``, ``about.<field>`` and ``value.<value>`` of the ``ui`` catalogue; the UI
registers them, so a translator finds them in ``ui.po``) and the rule book section that explains
it. From that one declaration come the rule set's validation and file format
(`RuleSet.from_dict`, `to_dict`), the settings screen's House rules rows, and the table of
docs/rules.md section 10 (`tools/make_rules_table.py`). Adding a rule that changes no points is:
the field here, the engine code that applies it, its Korean catalogue entries, its tests.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Example:
...     pace: str = choice("slow", {"slow": "slowly", "fast": "quickly"}, label="Pace",
...                        help="How fast.", section="10")
>>> (rule,) = declared_on(Example)
>>> rule.name, rule.default, rule.offered, rule.check("fast")
('pace', 'slow', ('slow', 'fast'), None)
>>> rule.check("never").code
'rules.choice'

The engine stays pure: the texts are plain English strings here, not yet words of any language.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from .messages import INT, TEXT, Message, define

NOT_IN_RANGE = define("rules.range", "{name} must be a whole number {lo}-{hi}, got {value}",
                      name=TEXT, lo=INT, hi=INT, value=TEXT)
NOT_A_CHOICE = define("rules.choice", "{name} must be one of {choices}, got {value}",
                      name=TEXT, choices=TEXT, value=TEXT)
NOT_A_BOOL = define("rules.bool", "{name} must be true or false, got {value}",
                    name=TEXT, value=TEXT)
BAD_SCORE_CAP = define("rules.score_cap",
                       "score_cap must be a positive whole number or null, got {value}",
                       value=TEXT)

#: the kinds of value a house rule takes: one of some names, a whole number in a range, on or
#: off, or a positive whole number or none (a limit that may be off)
Kind = Literal["choice", "number", "switch", "cap"]
#: how a settings row shows a value: its name's text (``value.<v>``), the number itself, on/off,
#: "N x Final", "N min", or "N pts" and "none" (the UI's `SHOWN` maps each to words)
Shown = Literal["name", "number", "onoff", "times", "minutes", "points_or_none"]

#: the key of a declaration in its field's metadata
META = "house_rule"

T = TypeVar("T")


@dataclass(frozen=True)
class HouseRule:
    """One house rule as declared: what `RuleSet` checks, the settings row offers and the rule
    book's table lists. `name` and `default` come from the field it is declared on."""

    kind: Kind
    label: str  # English label of its settings row (text "rule.<name>")
    help: str  # English one-line help under the row (text "about.<name>")
    section: str  # the rule book section that explains it ("10.1", "7")
    #: the values a settings row cycles through, in its order (a choice: every allowed value)
    offered: tuple[Any, ...]
    shown: Shown
    #: a choice's values' English words (texts "value.<value>"), in `offered` order
    words: tuple[tuple[str, str], ...] = ()
    lo: int = 0  # a number's range
    hi: int = 0
    name: str = ""
    default: Any = None

    def check(self, value: Any) -> Message | None:
        """Why `value` is not allowed for this rule, or None when it is."""
        if self.kind == "choice":
            if value in self.offered and isinstance(value, str):
                return None
            return NOT_A_CHOICE(name=self.name, choices=", ".join(self.offered),
                                value=repr(value))
        if self.kind == "switch":
            return None if isinstance(value, bool) else NOT_A_BOOL(name=self.name,
                                                                   value=repr(value))
        whole = isinstance(value, int) and not isinstance(value, bool)
        if self.kind == "cap":
            ok = value is None or (whole and value >= 1)
            return None if ok else BAD_SCORE_CAP(value=repr(value))
        if whole and self.lo <= value <= self.hi:
            return None
        return NOT_IN_RANGE(name=self.name, lo=self.lo, hi=self.hi, value=repr(value))

    def texts(self) -> dict[str, str]:
        """Its interface texts, key -> English (the UI registers them in the ``ui`` catalogue)."""
        out = {f"rule.{self.name}": self.label, f"about.{self.name}": self.help}
        out.update((f"value.{v}", english) for v, english in self.words)
        return out


def _declare(default: T, rule: HouseRule) -> T:
    # the dataclass sees a field with its default and the declaration in its metadata; a type
    # checker sees the default's type
    return dataclasses.field(default=default, metadata={META: rule})


def choice(default: str, words: Mapping[str, str], *, label: str, help: str,
           section: str) -> str:
    """A rule that is one of some names: `words` maps each (in the settings row's order) to its
    English words."""
    if default not in words:
        raise ValueError(f"default {default!r} is not one of {list(words)}")
    return _declare(default, HouseRule("choice", label, help, section, tuple(words), "name",
                                       tuple(words.items())))


def number(default: int, lo: int, hi: int, offered: tuple[int, ...], *, label: str, help: str,
           section: str, shown: Shown = "number") -> int:
    """A whole number from `lo` to `hi`; the settings row offers `offered`."""
    if not lo <= default <= hi or not all(lo <= v <= hi for v in offered):
        raise ValueError(f"default {default} or an offered value is outside {lo}-{hi}")
    return _declare(default, HouseRule("number", label, help, section, offered, shown,
                                       lo=lo, hi=hi))


def switch(default: bool, *, label: str, help: str, section: str) -> bool:
    """On or off; the settings row offers the default first."""
    return _declare(default, HouseRule("switch", label, help, section, (default, not default),
                                       "onoff"))


def cap(default: int | None, offered: tuple[int | None, ...], *, label: str, help: str,
        section: str) -> int | None:
    """A limit that may be off (None) or any positive whole number."""
    return _declare(default, HouseRule("cap", label, help, section, offered, "points_or_none"))


#: class -> the house rules declared on its fields (`declared_on`)
_DECLARED: dict[type, tuple[HouseRule, ...]] = {}


def declared_on(cls: type) -> tuple[HouseRule, ...]:
    """The house rules declared on a dataclass's fields, in their order (worked out once)."""
    got = _DECLARED.get(cls)
    if got is None:
        got = _DECLARED[cls] = tuple(rule for f in dataclasses.fields(cls)
                                     if (rule := declared(f)) is not None)
    return got


def declared(f: dataclasses.Field[Any]) -> HouseRule | None:
    """The house rule declared on a dataclass field (with its name and default), or None."""
    rule = f.metadata.get(META)
    if rule is None:
        return None
    return dataclasses.replace(rule, name=f.name, default=f.default)
