"""The play subcommand and the default (no subcommand) start, headless."""

import pytest

from game.cli import build_parser, main
from game.cli.play import default_args
from game.settings import CONFIG_ENV


@pytest.fixture(autouse=True)
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    return tmp_path / "cfg"


def test_play_options_parse():
    args = build_parser().parse_args(["play", "--size", "1280x800", "--speed", "fast", "--lang", "ko",
                                      "--seed", "7", "--hands", "2", "--screenshots", "d"])
    assert args.size == (1280, 800) and args.speed == "fast" and args.lang == "ko"
    assert args.seed == 7 and args.hands == 2 and args.screenshots == "d"
    assert build_parser().parse_args(["play", "--speed", "1.5"]).speed == 1.5


@pytest.mark.parametrize("argv, fragment", [
    (["play", "--size", "800x600"], "outside"),
    (["play", "--size", "big"], "1280x800"),
    (["play", "--speed", "warp"], "speed"),
    (["play", "--hands", "0"], "at least 1"),
])
def test_bad_play_options_are_named(capsys, argv, fragment):
    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    assert fragment in capsys.readouterr().err


def test_default_args_are_a_plain_play():
    args = default_args()
    assert not args.autoplay and args.size is None and args.func.__module__ == "game.cli.play"


def test_play_opens_the_title_and_saves_a_screenshot(tmp_path):
    shots = tmp_path / "shots"
    assert main(["play", "--frames", "2", "--screenshots", str(shots), "--size", "1024x640"]) == 0
    assert (shots / "title.png").stat().st_size > 10_000


def test_no_subcommand_starts_the_window(monkeypatch):
    from game.cli import play

    seen = {}
    real = play.run

    def spy(args):
        args.frames = 1
        seen["args"] = args
        return real(args)

    monkeypatch.setattr(play, "run", spy)
    assert main([]) == 0 and seen["args"].frames == 1


@pytest.mark.parametrize("seats, fragment", [
    ("human,ai,ai,ai", "every seat must be a computer player"),
    ("ai,ai,ai", "four names"),
    ("ai,ai,ai,oracle", "unknown seat 'oracle'"),
])
def test_autoplay_names_bad_seats(capsys, seats, fragment, tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    assert main(["play", "--autoplay", "--seats", seats, "--frames", "1"]) == 2
    assert fragment in capsys.readouterr().err


def test_seats_with_a_human_open_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    shots = tmp_path / "shots"
    assert main(["play", "--seats", "human,random,random,random", "--seed", "3", "--frames", "3",
                 "--screenshots", str(shots)]) == 0
    assert (shots / "table.png").exists() and not (shots / "title.png").exists()


def test_seed_without_a_table_opens_the_title_and_says_so(tmp_path, capsys):
    shots = tmp_path / "shots"
    assert main(["play", "--seed", "3", "--frames", "2", "--screenshots", str(shots)]) == 0
    assert "--seed applies to a table started with --seats or --autoplay" in capsys.readouterr().err
    assert (shots / "title.png").exists() and not (shots / "table.png").exists()


def test_a_corrupt_settings_file_is_reported_and_the_game_still_starts(cfg, capsys, tmp_path):
    cfg.mkdir()
    (cfg / "settings.json").write_text("{oops")
    assert main(["play", "--frames", "2", "--screenshots", str(tmp_path / "s")]) == 0
    assert "Default settings are used" in capsys.readouterr().err
    assert list(cfg.glob("settings.json.bad-*"))
    assert (tmp_path / "s" / "notice.png").exists()


def test_no_display_is_a_clear_error_not_an_invisible_window(monkeypatch, capsys):
    # Without DISPLAY, SDL falls back to an invisible "offscreen" window: say so and stop.
    import pygame

    from game.cli import play

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    pygame.display.quit()
    try:
        assert play.run(play.default_args()) == 2
        assert "no display" in capsys.readouterr().err
    finally:
        pygame.display.quit()
