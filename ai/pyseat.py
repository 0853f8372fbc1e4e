"""``python:package.module:Class`` seats: any importable class implementing the seat protocol.

The class is called with ``seed=`` if it accepts it, else with no arguments (`ai.registry`
passes `ai.registry.untrusted_seed`, which says nothing about the walls). Whatever importing
the module or making the seat raises (`SystemExit` and `GeneratorExit` too; not the user's
Ctrl+C) is a `ValueError` naming the seat: the command says it in one line. It needs ``act``;
``observe`` and ``explain`` are optional. The registry wraps the seat in `ai.guard.GuardedSeat`,
so ``act`` is given an `ai.base.SeatDecision` snapshot (no live table) and ``observe`` copies
of the events.

>>> s = load_python_seat("python:ai.random_seat:RandomSeat", seed=1)
>>> type(s).__name__, s.name
('RandomSeat', 'random')
>>> load_python_seat("python:ai.random_seat")
Traceback (most recent call last):
...
ValueError: a python seat is named python:package.module:Class, got 'python:ai.random_seat'
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping
from typing import Any

__all__ = ["load_python_seat"]


def load_python_seat(spec: str, seed: int | None = None) -> Any:
    """Import and instantiate the class named by `spec` (with or without the ``python:``)."""
    text = spec.removeprefix("python:")
    module_name, sep, cls_name = text.partition(":")
    if not sep or not module_name or not cls_name:
        raise ValueError(f"a python seat is named python:package.module:Class, got {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"cannot import {module_name!r} for seat {spec!r}: {e}") from None
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # noqa: BLE001 - the module's own code failed (SystemExit too)
        raise ValueError(f"cannot import {module_name!r} for seat {spec!r}: "
                         f"{_error_text(e)}") from None
    try:
        return _make(module, module_name, cls_name, spec, seed)
    except ValueError:
        raise
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # noqa: BLE001 - the seat's class failed: not a seat we can use
        raise ValueError(f"cannot start seat {spec!r}: {_error_text(e)}") from None


def _make(module: Any, module_name: str, cls_name: str, spec: str, seed: int | None) -> Any:
    cls = getattr(module, cls_name, None)
    if cls is None:
        raise ValueError(f"module {module_name!r} has no {cls_name!r} (seat {spec!r})")
    params: Mapping[str, inspect.Parameter]
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}
    takes_seed = "seed" in params or any(p.kind == p.VAR_KEYWORD for p in params.values())
    seat = cls(seed=seed) if takes_seed else cls()
    if not callable(getattr(seat, "act", None)):
        raise ValueError(f"{spec!r} has no act(decision) method: not a seat")  # noqa: TRY004
    if not hasattr(seat, "name"):
        try:
            seat.name = spec
        except AttributeError:
            pass
    return seat


def _error_text(e: BaseException) -> str:
    from .guard import _error_text as text

    return text(e)
