"""The table screen as the table's tests drive it: a quiet app, keys, frames until a condition,
the player's turn at a fresh table, and a screen that remembers the words drawn on it (`words`,
`record`). `private_dirs` keeps the settings and records of each test in its own folder.

    sc = human_turn(make_app())           # a table waiting for the player's discard
    rec = record(app, sc, words)          # what the table draws now, word by word
"""

from __future__ import annotations

import pygame

from game.settings import CONFIG_ENV, Settings
from game.ui.app import App
from game.ui.widgets import Fonts


def private_dirs(tmp_path, monkeypatch):
    """The settings and the records of a test in its own folder (the test files' autouse
    ``dirs`` fixture)."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def make_app(size=(1280, 800)) -> App:
    pygame.init()
    return App(Settings(language="en", sound=False, animation_speed="instant", ai_delay_ms=0),
               size=size)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def run_until(app: App, cond, frames: int = 3000) -> bool:
    for _ in range(frames):
        if cond():
            return True
        app.step([], 1 / 30)
    return cond()


class Recording(pygame.Surface):
    """A screen that remembers the texts blitted onto it (known by their words) and where."""

    def __init__(self, size, words: Words) -> None:
        super().__init__(size)
        self.words = words
        self.texts: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        s = self.words.get(id(source))
        if s is not None and s.strip():
            self.texts.append((s, pygame.Rect(r)))
        return r


class Words:
    """Every text surface the fonts made: its words by the surface's id, and each text's size."""

    def __init__(self) -> None:
        self.ids: dict[int, str] = {}
        self.sizes: dict[str, int] = {}
        self.keep: list[pygame.Surface] = []  # the ids stay valid while the test runs

    def get(self, ident: int) -> str | None:
        return self.ids.get(ident)


def spy_words(monkeypatch) -> Words:
    """Every text the fonts make from now on, known by its surface (the ``words`` fixture)."""
    known = Words()
    text = Fonts.text

    def spy(self, s, size, colour=(255, 255, 255), bold=False):
        surf = text(self, s, size, colour, bold)
        known.ids[id(surf)] = s
        known.sizes[s] = size
        known.keep.append(surf)
        return surf

    monkeypatch.setattr(Fonts, "text", spy)
    return known


def human_turn(app: App, seed: int = 17):
    from game.ui.scenes.table import TableScene

    sc = TableScene(app, ["human", "random", "random", "random"], seed=seed, hands=1, record=False)
    app.push(sc)
    assert run_until(app, lambda: sc.prompt_for is not None and sc.prompt_for.kind == "turn"
                     and sc.director.idle)
    return sc


def record(app: App, sc, words) -> Recording:
    rec = Recording(app.canvas.get_size(), words)
    sc.draw(rec)
    return rec


def mouse(kind_, pos):
    if kind_ == pygame.MOUSEMOTION:
        return pygame.event.Event(kind_, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind_, pos=pos, button=1)


def put_question(sc, kind_, legal):
    import dataclasses

    d = sc.prompt_for
    obs = dataclasses.replace(d.observation, last_discard=(2, d.observation.concealed[0]))
    q = dataclasses.replace(d, kind=kind_, legal=legal, notes={}, observation=obs)
    sc.input.offer(q)
    return q
