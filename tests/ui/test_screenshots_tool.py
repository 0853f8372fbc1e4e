"""tools/screenshots.py keeps working: it draws the README's table and the contact sheet."""

from __future__ import annotations

import pygame


def test_the_screenshot_tool_draws_the_readme_table_and_the_contact_sheet(tmp_path, monkeypatch,
                                                                        load_script):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KOREAN_MAHJONG_CONFIG_DIR", str(tmp_path / "cfg"))
    tool = load_script("tools/screenshots.py", "screenshots_tool")
    assert tool.main([str(tmp_path / "out")]) == 0
    table = pygame.image.load(str(tmp_path / "out" / "table.png"))
    assert table.get_size() == tool.SIZE
    sheet = pygame.image.load(str(tmp_path / "out" / "contact-sheet.png"))
    rows = (len(tool.shots("en")) + tool.COLUMNS - 1) // tool.COLUMNS
    assert sheet.get_width() > tool.COLUMNS * tool.THUMB_W and sheet.get_height() > rows * 300
