"""The settings offer the strongest level a thinking time of up to three seconds (issue 34),
shown as a player reads it (off, milliseconds, whole seconds) in both languages, and the
chosen time is saved and read back."""

from __future__ import annotations

from game.settings import Settings, load_settings, save_settings
from game.ui.scenes.settings import players_rows


def _row():
    return next(r for r in players_rows() if r.label("en") == "Master's thinking time")


def test_the_row_offers_off_to_three_seconds():
    row = _row()
    values = row.values(Settings())
    assert values[0] == 0 and 2000 in values and values[-1] == 3000
    assert values == sorted(values)


def test_the_times_read_as_off_milliseconds_or_seconds_in_both_languages():
    row = _row()
    assert row.show(0, "en") == "off"
    assert row.show(500, "en") == "500 ms"
    assert row.show(2000, "en") == "2 s"
    assert "2" in row.show(2000, "ko") and "ms" not in row.show(2000, "ko")
    assert row.show(0, "ko") != "off"


def test_a_chosen_thinking_time_is_saved_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_CONFIG_DIR", str(tmp_path / "cfg"))
    row = _row()
    chosen = row.put(Settings(), 3000)
    path = save_settings(chosen)
    back, msgs = load_settings(path)
    assert back.master_budget_ms == 3000 and not msgs
