"""Every UI test keeps its game records (continue, replays) in its own temporary directory."""

import pytest


@pytest.fixture(autouse=True)
def _private_records(tmp_path, monkeypatch):
    monkeypatch.setenv("KOREAN_MAHJONG_DATA_DIR", str(tmp_path / "kmj-data"))
