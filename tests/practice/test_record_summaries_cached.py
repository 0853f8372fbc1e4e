"""The replays list reads a cached summary of each record, not the record: a summary index in
the records folder, keyed by each file's name, size and modification time. A record that
changed is read again; a damaged, hostile or linked index is ignored (the records are read), and
the list is the same as without it."""

import json
import os

import pytest

from ai.random_seat import RandomSeat
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.records import RecordWriter, list_records
from game.records import store as records

PLAYERS = ("human", "random", "random", "random")


def game(d, seed, hands=2, play_hands=None, actions=20):
    """A human game: played out, or cut off after `play_hands` hands and `actions` more."""
    s = Session(RuleSet(), seed, players=PLAYERS, hands=hands)
    w = RecordWriter(s, d, human=0, seat_kinds=PLAYERS)
    if play_hands is None:
        w.play([RandomSeat(i) for i in range(4)])
        return w.path
    for _ in range(play_hands):
        t = s.new_hand(on_event=w.on_event)
        while not t.is_over:
            seat, dd = next(iter(t.pending().items()))
            w.submit(t, seat, dd.legal[0])
        s.finish_hand()
    t = s.new_hand(on_event=w.on_event)
    for _ in range(actions):
        seat, dd = next(iter(t.pending().items()))
        w.submit(t, seat, dd.legal[0])
    w.close()
    return w.path


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "records"
    game(d, 1)
    game(d, 2, play_hands=1)
    damaged = game(d, 3, play_hands=0)
    damaged.write_bytes(damaged.read_bytes()[:-7])  # cut inside its last line
    return d


@pytest.fixture
def reads(monkeypatch):
    """The records read in full (`load_record`), by name."""
    seen = []
    real = records.load_record

    def counting(path):
        seen.append(os.path.basename(path))
        return real(path)

    monkeypatch.setattr(records, "load_record", counting)
    return seen


def test_the_second_listing_reads_no_record(folder, reads):
    first = list_records(folder)
    assert len(reads) == 3 and (folder / records.SUMMARY_INDEX).is_file()
    reads.clear()
    again = list_records(folder)
    assert reads == []
    assert again == first
    assert any(s.reason is not None for s in again)  # a reason comes back as the same message


def test_a_changed_record_is_read_again(folder, reads):
    list_records(folder)
    target = next(s for s in list_records(folder) if s.seed == 2)
    assert target.hands == 1 and not target.complete
    st = target.path.stat()
    other = game(folder.parent / "other", 2)  # the same game, played to its end
    target.path.write_bytes(other.read_bytes())
    os.utime(target.path, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
    reads.clear()
    now = next(s for s in list_records(folder) if s.path == target.path)
    assert reads == [target.path.name]
    assert now.complete and now.hands == 2


@pytest.mark.parametrize("index", [
    b"", b"\xff\xfe not json", b"[" * 100_000, b'{"format": 1, "records": []}',
    b'{"format": 99, "records": {}}', b'{"format": 1, "records": {"x.jsonl": 5}}',
])
def test_a_damaged_index_is_ignored(folder, reads, index):
    truth = list_records(folder)
    (folder / records.SUMMARY_INDEX).write_bytes(index)
    reads.clear()
    assert list_records(folder) == truth
    assert len(reads) == 3  # read from the records
    assert json.loads((folder / records.SUMMARY_INDEX).read_bytes())["format"] == 1  # rebuilt


def test_hostile_rows_are_ignored_row_by_row(folder, reads):
    truth = list_records(folder)
    data = json.loads((folder / records.SUMMARY_INDEX).read_bytes())
    rows = data["records"]
    names = sorted(rows)
    rows[names[0]]["s"]["scores"] = ["1e999", None]
    rows[names[1]]["s"]["reason"] = {"code": "no.such.kind", "args": {}}
    rows[names[2]]["s"]["created"] = "yesterday"
    (folder / records.SUMMARY_INDEX).write_text(json.dumps(data))
    reads.clear()
    assert list_records(folder) == truth
    assert sorted(reads) == names


def test_the_index_is_never_written_through_a_link(folder, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (folder / records.SUMMARY_INDEX).symlink_to(victim)
    truth = list_records(folder)
    assert victim.read_text() == "mine"
    assert list_records(folder) == truth
