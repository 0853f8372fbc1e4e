"""A secret of this run mixed into the walls while a program the game does not trust plays.

Every wall is dealt from a seed, and the seeds of `simulate` and of the arena come from the
seed on their command line: ``random.Random(f"{seed}/{n}")`` for hand `n`
(`game.engine.session.Session.hand_seed`), ``random.Random(f"arena/{seed}/{i}")`` for the
arena's wall `i`. A command line is public (any process, even one of another user, reads
``/proc/<pid>/cmdline``), so a ``cmd:`` program at the table could deal every wall itself. When
a ``python:`` or ``cmd:`` seat plays (`untrusted`), the seed the walls are dealt from is
instead `keyed_seed`: a keyed BLAKE2b hash of the given seed under `new_secret`, 16 random
bytes drawn for the run and kept in memory until the session is over; then the command shows
it (`to_hex`), and the same seed with the same secret (`parse_secret`) deals the same walls
again.

>>> s = parse_secret("00" * 16)
>>> keyed_seed(7, s) == keyed_seed(7, s) != keyed_seed(8, s), keyed_seed(7, s) != 7
(True, True)
>>> to_hex(s) == "0" * 32, untrusted(["ai", "cmd:bot"]), untrusted(["ai", "greedy", "random", "ai"])
(True, True, False)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable

__all__ = ["SECRET_BYTES", "keyed_seed", "new_secret", "parse_secret", "to_hex", "untrusted"]

#: bytes of a run's secret (written as twice as many hexadecimal digits)
SECRET_BYTES = 16


def new_secret() -> bytes:
    """A fresh secret from the operating system's random source."""
    return secrets.token_bytes(SECRET_BYTES)


def to_hex(secret: bytes) -> str:
    return secret.hex()


def parse_secret(text: str) -> bytes:
    """A secret written by `to_hex` (32 hexadecimal digits); ValueError saying what is wrong.

    >>> parse_secret("zz")
    Traceback (most recent call last):
    ...
    ValueError: a secret is 32 hexadecimal digits (0-9, a-f), got 'zz'
    """
    t = text.strip().lower()
    if len(t) != 2 * SECRET_BYTES or any(c not in "0123456789abcdef" for c in t):
        raise ValueError(f"a secret is {2 * SECRET_BYTES} hexadecimal digits (0-9, a-f), "
                         f"got {text[:80]!r}")
    return bytes.fromhex(t)


def keyed_seed(seed: int, secret: bytes, purpose: str = "session") -> int:
    """The seed walls are dealt from: a BLAKE2b hash of `purpose` and `seed` keyed by `secret`
    (63 bits). Without the secret it tells nothing about `seed`, and `seed` nothing about it."""
    h = hashlib.blake2b(f"{purpose}/{int(seed)}".encode(), key=secret, digest_size=8,
                        person=b"km-wall-seed")
    return int.from_bytes(h.digest(), "big") >> 1


def untrusted(names: Iterable[str]) -> bool:
    """Whether any of the seat `names` is a program the game does not trust (``python:``,
    ``cmd:``): then the walls need a secret."""
    from .registry import PREFIXES, canonical

    return any(canonical(n).startswith(PREFIXES) for n in names)
