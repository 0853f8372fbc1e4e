"""The seeded games with known blunders that the review's screen tests play and review: the
helpers of tests/practice/test_game_review.py (`play`, `deal_in`, ...), loaded once here by path
(the tests folders are not packages), so each screen test imports them instead of loading that
file again.

    from review_records import records
    path, made = records.play(tmp_path, 6, records.deal_in)
"""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "_review_records", Path(__file__).parent.parent / "practice" / "test_game_review.py")
assert _spec is not None and _spec.loader is not None
records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(records)
