"""RuleSet: presets of docs/rules.md#s8-4, custom values, validation, JSON round trip."""

import json

import pytest

from game.engine.errors import RulesError
from game.engine.rules import ALL_YAK_KEYS, PRESETS, RuleSet


@pytest.mark.parametrize("key,nagari,samsiki,keopihyang", [
    ("three_concealed_pungs", 4, 2, 2),
    ("seven_pairs", 4, 2, 2),
    ("little_three_dragons", 6, 4, 6),
    ("four_concealed_pungs", 6, 4, 6),
    ("little_four_winds", 8, 4, 4),
    ("all_terminals_honours", 8, 6, 4),
    ("full_flush", 8, 6, 6),
    ("big_three_dragons", 8, 6, 6),
    ("big_four_winds", 12, 6, 6),
    ("all_honours", 12, 6, 12),
    ("human_hand", 16, 12, 12),
    ("earthly_hand", 16, 12, 12),
    ("heavenly_hand", 16, 12, 24),
    ("nine_gates", 24, 12, 48),
    ("half_flush", 2, 2, 2),  # equal in all three
    ("uper", 1, 1, 1),
])
def test_preset_table(key, nagari, samsiki, keopihyang):
    assert [RuleSet(preset=p).points(key) for p in ("nagari", "samsiki", "keopihyang")] == [
        nagari, samsiki, keopihyang]


def test_korean_preset_names():
    assert {RuleSet(preset=ko).preset for ko, _ in PRESETS.values()} == set(PRESETS)


def test_custom_values_override_the_preset():
    r = RuleSet(preset="samsiki", yak_overrides=(("full_flush", 7),))
    assert r.points("full_flush") == 7 and r.points("seven_pairs") == 2


@pytest.mark.parametrize("bad", [
    {"ante": -1}, {"ante": "10"}, {"preset": "riichi"}, {"discard_multiplier": 3},
    {"several_winners": "everyone"}, {"uper_min_wall": 11}, {"flowers": "yes"},
    {"yak_overrides": {"tanyao": 1}}, {"yak_overrides": {"full_flush": -1}}, {"score_cap": 0},
    {"nonsense": 1},
])
def test_bad_rules_are_clear_errors(bad):
    with pytest.raises(RulesError):
        RuleSet.from_dict(bad)


def test_unknown_key_is_a_warning_when_asked():
    warnings: list[str] = []
    r = RuleSet.from_dict({"ante": 5, "colour": "red"}, warnings)
    assert r.ante == 5 and warnings == ["unknown rule 'colour' ignored"]


def test_json_file_round_trip(tmp_path):
    r = RuleSet(ante=0, preset="keopihyang", yak_overrides=(("uper", 2),), score_cap=80)
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(r.to_dict()))
    assert RuleSet.load(path) == r


def test_corrupt_rules_file_names_the_file(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text("{not json")
    with pytest.raises(RulesError, match=r"rules\.json"):
        RuleSet.load(path)


def test_every_yak_has_points():
    r = RuleSet()
    assert all(r.points(k) >= 1 for k in ALL_YAK_KEYS)


def test_a_rule_set_keeps_its_hash_but_not_across_processes():
    # the hash is worked out once (rule sets key the scoring caches); a pickled rule set
    # leaves it behind, since a string's hash differs in another process
    import pickle
    import subprocess
    import sys
    from dataclasses import replace
    from pathlib import Path

    r = RuleSet(preset="samsiki", ante=5)
    same = RuleSet(preset="samsiki", ante=5)
    assert hash(r) == hash(same) and r in {same}
    assert replace(r, ante=6) not in {r} and replace(r, ante=5) in {r}
    data = pickle.dumps(r)
    assert "_hash" not in pickle.loads(data).__dict__
    code = ("import pickle, sys; from game.engine.rules import RuleSet; "
            "r = pickle.loads(sys.stdin.buffer.read()); "
            "print(r in {RuleSet(preset='samsiki', ante=5)}, r.points('dragon_pung') >= 0)")
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True,
                         check=True, env={"PYTHONHASHSEED": "12345", "PATH": ""},
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.split() == [b"True", b"True"]
