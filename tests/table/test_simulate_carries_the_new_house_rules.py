"""`simulate --rules` carries issue 30's house rules: a rules file setting every one to its other
reading plays (every invariant checked) and its log's header and hands hold them."""

import json

from game.cli import main
from game.engine.replay import load_log, replay_file
from game.engine.rules import RuleSet
from game.settings import CONFIG_ENV

OTHER_READINGS = {
    "four_winds_concealed_kong": "stands", "dealt_kong": "at_deal", "nine_major_count": "dealt",
    "nine_major_claims": "keep", "sacred_own_wait": "frozen", "flower_after_kong": "plain",
    "liability_self_draw": "shared", "stem_after_uper": "chosen_only",
}


def test_simulate_plays_and_logs_the_other_readings(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    path = tmp_path / "club.json"
    path.write_text(json.dumps(OTHER_READINGS), encoding="utf-8")
    log = tmp_path / "s.jsonl"
    assert main(["simulate", "--hands", "4", "--seed", "2", "--rules", str(path),
                 "--log", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 4
    header = load_log(log).header
    assert {k: header["rules"][k] for k in OTHER_READINGS} == OTHER_READINGS
    assert RuleSet.from_dict(header["rules"]) == RuleSet.from_dict(OTHER_READINGS)
    assert replay_file(log).hand_no == 4
