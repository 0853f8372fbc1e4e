"""A lock file is never a way into another file: locks never follow a symbolic link and never
truncate, write or remove what a game did not make.

Before, a ``<record>.lock`` that was a symbolic link (to another record, or to any file) had its
target cut to one line of 16 bytes by Continue (`RecordLock.acquire`) and by every new game (the
stale-lock sweep). Now such a lock file is left as it is and its record counts as held.
"""

import os

import pytest

from game.records.locks import RecordLock, is_locked, lock_path, sweep_stale_locks

posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links and named pipes")

RECORD = b'{"type": "header", "seed": 5}\n{"type": "event"}\n' * 20
ANY = b"a letter the player keeps here\n" * 10


@pytest.fixture
def victims(tmp_path):
    """Another record in the records folder and a file somewhere else, each with content."""
    d = tmp_path / "records"
    d.mkdir()
    other = d / "20250101-000000-seed5.jsonl"
    other.write_bytes(RECORD)
    elsewhere = tmp_path / "notes.txt"
    elsewhere.write_bytes(ANY)
    return d, {other: RECORD, elsewhere: ANY}


def untouched(files):
    return all(p.read_bytes() == content for p, content in files.items())


@posix_only
@pytest.mark.parametrize("which", [0, 1], ids=["another_record", "any_file"])
def test_a_lock_that_is_a_link_is_never_followed(victims, which):
    d, files = victims
    target = list(files)[which]
    record = d / "game.jsonl"
    record.write_bytes(b"")
    lock_path(record).symlink_to(target)
    assert RecordLock.acquire(record) is None  # held by something that is not a game
    assert is_locked(record)
    assert untouched(files) and lock_path(record).is_symlink()
    assert sweep_stale_locks(d) == 0
    assert untouched(files) and lock_path(record).is_symlink()


@posix_only
def test_a_new_game_s_sweep_leaves_a_linked_lock_and_its_target_alone(victims):
    d, files = victims
    for n, target in enumerate(files):
        (d / f"g{n}.jsonl.lock").symlink_to(target)
    (d / "dangling.jsonl.lock").symlink_to(d / "nowhere")
    sweep_stale_locks(d)
    assert untouched(files)
    assert all((d / f"g{n}.jsonl.lock").is_symlink() for n in range(len(files)))
    assert not (d / "nowhere").exists()  # a dangling link is not followed into a new file


def test_a_lock_file_with_a_second_name_is_never_truncated(victims):
    d, files = victims
    other = next(p for p in files if p.parent == d)
    record = d / "game.jsonl"
    try:
        os.link(other, lock_path(record))  # the lock file is the other record, by a hard link
    except OSError:
        pytest.skip("no hard links here")
    assert RecordLock.acquire(record) is None
    sweep_stale_locks(d)
    assert untouched(files) and lock_path(record).exists()


def test_a_lock_file_with_other_words_in_it_is_left_alone(tmp_path):
    record = tmp_path / "game.jsonl"
    lock_path(record).write_bytes(ANY)
    assert RecordLock.acquire(record) is None and is_locked(record)
    assert sweep_stale_locks(tmp_path) == 0
    assert lock_path(record).read_bytes() == ANY


@posix_only
def test_a_pipe_or_a_folder_as_a_lock_file_is_left_alone(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    os.mkfifo(lock_path(a))
    lock_path(b).mkdir()
    assert RecordLock.acquire(a) is None and RecordLock.acquire(b) is None
    assert is_locked(a) and is_locked(b)
    assert sweep_stale_locks(tmp_path) == 0
    assert lock_path(a).exists() and lock_path(b).is_dir()


def test_a_stale_lock_a_game_made_is_still_taken_over_and_swept(tmp_path):
    record = tmp_path / "game.jsonl"
    lock_path(record).write_text("pid 999999 on elsewhere\n")
    lock = RecordLock.acquire(record)
    assert lock is not None and lock_path(record).read_text().startswith(f"pid {os.getpid()} ")
    lock.release()
    assert not lock_path(record).exists()
    lock_path(record).write_bytes(b"")  # made, then killed before it wrote its line
    assert sweep_stale_locks(tmp_path) == 1 and not lock_path(record).exists()


@posix_only
def test_release_never_removes_a_file_that_replaced_the_lock(victims):
    d, files = victims
    record = d / "game.jsonl"
    lock = RecordLock.acquire(record)
    assert lock is not None
    os.unlink(lock_path(record))
    lock_path(record).symlink_to(next(iter(files)))
    lock.release()
    assert lock_path(record).is_symlink() and untouched(files)
