"""Start to first frame (``bench/bench_ui.py --start``, target <= 0.5 s): the window's start does
only what its first frame needs. The command line imports only the subcommand it runs (not the
simulator's, the scorer's, the review's modules) and multiprocessing only in a frozen build (where
`freeze_support` does something); the sweep of what killed saves left runs in the frames' spare
time, after the first frame (and at the end when the window closes before any spare time)."""

import json
import subprocess
import sys

from game.cli import play


def modules_after(argv: list[str]) -> list[str]:
    """The command line run on `argv` in a fresh interpreter: which of the modules a window's
    start need not import it imported."""
    code = ("import json, sys; from game.cli import main; main(json.loads(sys.argv[1])); "
            "print(json.dumps(sorted(m for m in ('multiprocessing', 'game.cli.simulate', "
            "'game.cli.review', 'game.cli.score', 'game.cli.replay') if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, json.dumps(argv)], capture_output=True,
                         text=True, timeout=120, check=False)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_command_imports_only_its_own_module_and_no_multiprocessing():
    assert modules_after(["shanten", "123m456p789m11z22z"]) == []


def test_the_sweep_of_killed_saves_comes_after_the_first_frame(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from game.ui.app import App

    frames: list[int] = []
    apps: list[App] = []
    made = App.__init__

    def remember(self, *a, **k):
        made(self, *a, **k)
        apps.append(self)

    monkeypatch.setattr(App, "__init__", remember)
    monkeypatch.setattr(play, "sweep_temporaries", lambda: frames.append(apps[0].frames if apps else -1) or 0)
    args = _play_args(["--frames", "1", "--size", "1024x640"])
    assert play.run(args) == 0
    assert frames == [1], "swept once, after the first frame (not before the window opened)"

    frames.clear()
    apps.clear()
    args = _play_args(["--frames", "3", "--size", "1024x640"])
    assert play.run(args) == 0
    assert len(frames) == 1 and frames[0] >= 1, "once, after the first frame"


def _play_args(argv: list[str]):
    from game.cli import build_parser

    return build_parser().parse_args(["play", *argv])
