"""Named house-rule sets (game.rulesets): save, list, load, delete, export, import."""

import json
import os

import pytest

from game import rulesets as rs
from game.engine.errors import RulesError
from game.engine.rules import HOUSE_RULES, RuleSet
from game.settings import CONFIG_ENV

CLUB = RuleSet(ante=5, strict_table=True, yak_overrides=(("seven_pairs", 3),))


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv(rs.DOCUMENTS_ENV, str(tmp_path / "docs"))
    (tmp_path / "docs").mkdir()
    return tmp_path / "cfg" / "rules"


def test_save_list_load_round_trip(folder):
    path = rs.save_set("Friday club", CLUB)
    assert path == folder / "friday-club.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["name"] == "Friday club"
    assert {k: v for k, v in data.items() if k != "name"} == CLUB.to_dict()
    [s] = rs.list_sets()
    assert (s.name, s.usable, s.rules) == ("Friday club", True, CLUB)
    assert rs.load_set("FRIDAY CLUB") == CLUB
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_the_file_is_what_simulate_rules_reads(folder):
    path = rs.save_set("Club", CLUB)
    warnings: list[str] = []
    name, rules = rs.read_set_file(path)
    assert (name, rules) == ("Club", CLUB)
    assert RuleSet.load(path, warnings) == CLUB  # the engine's reader skips the name
    assert warnings == []


def test_saving_never_overwrites_another_set_unless_asked(folder):
    rs.save_set("Club", CLUB)
    with pytest.raises(rs.RulesetError, match="already exists"):
        rs.save_set("club", RuleSet())
    assert rs.load_set("Club") == CLUB
    rs.save_set("club", RuleSet(ante=1), overwrite=True)
    assert rs.load_set("Club") == RuleSet(ante=1)
    assert len(rs.list_sets()) == 1


def test_two_names_with_one_slug_get_two_files(folder):
    a = rs.save_set("Club!", CLUB)
    b = rs.save_set("Club?", RuleSet())
    assert a != b and a.parent == b.parent == folder
    assert {s.name for s in rs.list_sets()} == {"Club!", "Club?"}


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "a\nb", "tab\there", 7])
def test_bad_names_are_refused(folder, name):
    with pytest.raises(rs.RulesetError) as e:
        rs.save_set(name, CLUB)
    assert e.value.message.code == "rulesets.bad_name"


@pytest.mark.parametrize("name", ["../../etc/passwd", "CON", "a:b*c?d", "..", "nul.txt", "x" * 40,
                                  "금요 모임", "Ü ß é", "\\\\server\\share"])
def test_slugs_are_safe_file_names(folder, name):
    s = rs.slug(name)
    assert s and len(s) <= 60 and "/" not in s and "\\" not in s and ":" not in s
    assert s.lower() not in {"con", "nul", "prn", "aux"} and not s.startswith(".")
    path = rs.save_set(name, CLUB)
    assert path.parent == folder
    assert rs.load_set(name) == CLUB


def test_a_damaged_file_is_listed_with_its_reason_and_kept(folder):
    rs.save_set("Good", CLUB)
    bad = folder / "broken.json"
    bad.write_text('{"ante": -3}', encoding="utf-8")
    notjson = folder / "garbled.json"
    notjson.write_bytes(b"{not json")
    sets = {s.name: s for s in rs.list_sets()}
    assert sets["broken"].rules is None and "ante" in str(sets["broken"].problem)
    assert sets["broken"].problem.code == "rules.file"
    assert sets["garbled"].problem.code == "rules.not_json"
    with pytest.raises(rs.RulesetError, match="cannot be used"):
        rs.load_set("broken")
    with pytest.raises(rs.RulesetError, match="already exists"):  # never written over
        rs.save_set("broken", CLUB, overwrite=True)
    assert bad.read_text(encoding="utf-8") == '{"ante": -3}'
    assert notjson.read_bytes() == b"{not json"
    rs.delete_set("broken")  # but it can be deleted
    assert not bad.exists()


def test_delete(folder):
    rs.save_set("Club", CLUB)
    rs.delete_set("club")
    assert rs.list_sets() == []
    with pytest.raises(rs.RulesetError, match="no saved rule set"):
        rs.delete_set("club")


def test_export_writes_into_documents_and_never_overwrites(folder, tmp_path):
    rs.save_set("Friday club", CLUB)
    p1 = rs.export_set("Friday club")
    p2 = rs.export_set("Friday club")
    assert p1 == tmp_path / "docs" / "friday-club.json"
    assert p2 == tmp_path / "docs" / "friday-club-2.json"
    assert rs.read_set_file(p1) == ("Friday club", CLUB)


def test_import_takes_a_free_name(folder, tmp_path):
    rs.save_set("Club", RuleSet())
    src = tmp_path / "docs" / "from-a-friend.json"
    src.write_text(json.dumps({"name": "Club", **CLUB.to_dict()}), encoding="utf-8")
    got = rs.import_set(src)
    assert got.name == "Club (2)"
    assert rs.load_set("Club (2)") == CLUB and rs.load_set("Club") == RuleSet()
    assert rs.import_set(src).name == "Club (3)"


def test_import_of_a_file_without_a_name_uses_the_file_name(folder, tmp_path):
    src = tmp_path / "docs" / "Seoul house.json"
    src.write_text(json.dumps({"ante": 3}), encoding="utf-8")
    assert rs.import_set(src).name == "Seoul house"
    assert rs.load_set("seoul house") == RuleSet(ante=3)


@pytest.mark.parametrize("content, code", [
    ('{"ante": "ten"}', "rules.file"),
    ("[1, 2]", "rules.file"),
    ("{", "rules.not_json"),
    ('{"name": 5, "ante": 1}', "rulesets.name_type"),
    ('{"colour": "red"}', "rules.file"),
])
def test_import_of_a_bad_file_says_why_as_simulate_does(folder, tmp_path, content, code):
    src = tmp_path / "docs" / "bad.json"
    src.write_text(content, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rs.import_set(src)
    assert e.value.message.code == code
    assert str(src) in str(e.value)
    assert rs.list_sets() == []


def test_import_of_a_missing_file(folder, tmp_path):
    with pytest.raises(RulesError) as e:
        rs.import_set(tmp_path / "nope.json")
    assert e.value.message.code == "rules.no_file"


def test_import_candidates_lists_json_files(folder, tmp_path):
    (tmp_path / "docs" / "a.json").write_text("{}", encoding="utf-8")
    (tmp_path / "docs" / "b.txt").write_text("{}", encoding="utf-8")
    assert [p.name for p in rs.import_candidates()] == ["a.json"]


def test_differences_name_what_changes_from_the_preset():
    assert rs.differences(RuleSet()) == []
    assert rs.differences(RuleSet(preset="samsiki")) == []
    assert rs.differences(CLUB) == ["ante", "strict_table", "yak_overrides"]


def test_matching_set(folder):
    rs.save_set("Club", CLUB)
    assert rs.matching_set(CLUB).name == "Club"
    assert rs.matching_set(RuleSet()) is None


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_gives_a_clear_error(folder):
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        with pytest.raises(rs.RulesetError, match="cannot write"):
            rs.save_set("Club", CLUB)
    finally:
        folder.chmod(0o700)


def test_simulate_rules_takes_a_saved_sets_name(folder, tmp_path):
    import subprocess
    import sys

    rs.save_set("Club", RuleSet(ante=5))
    env = {**os.environ, CONFIG_ENV: str(tmp_path / "cfg")}
    ok = subprocess.run([sys.executable, "-m", "game", "simulate", "--rules", "club", "--hands", "1",
                         "--seed", "1"], check=False, env=env, capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    bad = subprocess.run([sys.executable, "-m", "game", "simulate", "--rules", "nosuch", "--hands", "1"],
                         check=False, env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and "rules file nosuch: no such file" in bad.stderr


#: a rule set as files written before issue 30's house rules hold it (every rule of that day)
BEFORE_ISSUE_30 = {
    "ante": 5, "preset": "samsiki", "yak_overrides": {"seven_pairs": 3},
    "discard_multiplier": 1, "several_winners": "all", "three_winners": "head_bump",
    "nine_major_draw": True, "nine_major_threshold": 10, "four_winds_draw": True,
    "prevalent_wind": "east", "dealer_keeps": "win", "session_mode": "hands",
    "session_hands": 8, "session_minutes": 60, "uper_min_wall": 4, "flowers": True,
    "special_tile_bonus": False, "strict_table": True, "score_cap": 80,
}
#: the house rules issue 30 added, with their defaults (today's behaviour)
ISSUE_30_DEFAULTS = {"four_winds_concealed_kong": "cancels", "dealt_kong": "own_turn",
                     "nine_major_count": "after_draw", "nine_major_claims": "void",
                     "sacred_own_wait": "free", "flower_after_kong": "win_on_kong",
                     "liability_self_draw": "feeder", "stem_after_uper": "forced_too"}


def test_an_old_rule_set_file_without_the_new_house_rules_loads_unchanged(folder, tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"name": "Old club", **BEFORE_ISSUE_30}), encoding="utf-8")
    warnings: list[str] = []
    rules = RuleSet.load(path, warnings)  # what simulate --rules reads
    assert warnings == [] and rs.read_set_file(path) == ("Old club", rules)
    got = rules.to_dict()
    assert {k: got[k] for k in BEFORE_ISSUE_30} == BEFORE_ISSUE_30
    assert {k: got[k] for k in ISSUE_30_DEFAULTS} == ISSUE_30_DEFAULTS
    # every rule added since (issue 30's and any later one) takes its declared default
    assert {k: v for k, v in got.items() if k not in BEFORE_ISSUE_30} == {
        r.name: r.default for r in HOUSE_RULES if r.name not in BEFORE_ISSUE_30}


def test_an_old_settings_file_without_the_new_house_rules_loads_unchanged(folder, tmp_path):
    from game.settings import load_settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"rules": BEFORE_ISSUE_30}), encoding="utf-8")
    settings, messages = load_settings(path)
    assert messages == []
    assert settings.rules == RuleSet.from_dict({**BEFORE_ISSUE_30, **ISSUE_30_DEFAULTS})
    assert path.read_text(encoding="utf-8") == json.dumps({"rules": BEFORE_ISSUE_30})
