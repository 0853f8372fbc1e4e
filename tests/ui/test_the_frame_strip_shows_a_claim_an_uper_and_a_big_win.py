"""tools/frame_strip.py keeps working: its three rigged moments are what they say (a claim, an
uper, a win of 8 points or more), and each is drawn as frames that move: the picture changes
from frame to frame while the moment plays, then rests."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.engine.events import Claimed, Discarded, HandEnded


@pytest.fixture
def tool(tmp_path, monkeypatch, load_script):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KOREAN_MAHJONG_CONFIG_DIR", str(tmp_path / "cfg"))
    return load_script("tools/frame_strip.py", "frame_strip_tool")


def test_the_rigged_moments_are_a_claim_an_uper_and_a_big_win(tool):
    claim, _, _ = tool.claim()
    assert any(isinstance(e, Claimed) for e in claim.events)
    uper, _, _ = tool.uper()
    assert any(isinstance(e, Discarded) and e.uper for e in uper.events)
    win, _, _ = tool.big_win()
    end = next(e for e in win.events if isinstance(e, HandEnded))
    assert max(w.result.basic for w in end.winners) >= 8


@pytest.mark.parametrize("name", ["claim", "uper", "big-win"])
def test_each_moment_is_drawn_as_frames_that_move(tool, name):
    shots = tool.frames(name, "en", fps=5)
    assert len(shots) >= 5
    assert {s.get_height() for s in shots} == {tool.OUT_H}
    raw = [pygame.image.tobytes(s, "RGB") for s in shots]
    changes = sum(a != b for a, b in pairwise(raw))
    assert changes >= len(raw) // 2  # it moves while the moment plays
    assert raw[-1] == raw[-2]  # and rests at its end
