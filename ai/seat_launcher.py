"""Start a ``cmd:`` seat program so that everything it starts ends with it (Linux).

    python -I .../ai/seat_launcher.py --parent GAME_PID -- PROGRAM ARGS...

`ai.external.ExternalSeat` starts this file with the game's own interpreter (isolated: it
reads only the standard library, so it starts fast and whatever the program's environment)
instead of the program itself. A process group is not enough to end a program's children: a
child that calls ``setsid()`` or ``setpgid()`` leaves the group and outlived the game. Here:

* the launcher makes itself a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``): every
  descendant orphaned on the way (its parent ended) becomes the launcher's child, not init's,
  so all of them stay in its tree of processes, whatever group or session they chose;
* it watches its parent, the game: when the game ends (killed with SIGKILL too) the launcher
  is reparented, sees it within `WATCH` seconds and ends the tree; the program it starts gets
  SIGKILL when the launcher itself ends (``PR_SET_PDEATHSIG``; not used for the launcher,
  whose parent may be a thread of the game that ends before the game does);
* the program runs with the launcher's standard input and output (the game's pipes: the
  protocol is unchanged) in a process group of its own; the launcher keeps neither pipe open;
* when the program ends, or the launcher gets SIGTERM, SIGHUP or SIGINT (the game's `close`),
  it ends the whole tree (`end_tree`: SIGTERM to every descendant found under ``/proc``, up to
  `GRACE` seconds, then SIGKILL, until none is left) and exits with the program's status (or
  the signal that ended it).

Nothing here imports the game: this file runs as a script with only the standard library.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

#: seconds descendants get between SIGTERM and SIGKILL
GRACE = 0.2
#: seconds between two looks at whether the game is still there
WATCH = 0.2
#: prctl(2) options
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36

_libc = None


def _prctl(option: int, value: int) -> bool:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    return _libc.prctl(option, ctypes.c_ulong(value), 0, 0, 0) == 0


def children_map() -> dict[int, list[int]]:
    """Parent pid -> its children's pids, from ``/proc/<pid>/stat`` (the 4th field, after the
    command name in parentheses, which may itself hold spaces and parentheses)."""
    out: dict[int, list[int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        if len(fields) >= 2:
            out.setdefault(int(fields[1]), []).append(int(name))
    return out


def descendants(pid: int) -> list[int]:
    """Every process below `pid` now (children, their children...)."""
    tree = children_map()
    found: list[int] = []
    todo = list(tree.get(pid, ()))
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(tree.get(p, ()))
    return found


def _reap() -> None:
    """Collect every child that has ended (orphans reparented here included)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def end_tree(grace: float = GRACE) -> None:
    """End every descendant of this process: SIGTERM, up to `grace` seconds, then SIGKILL
    until none is left (one that forks meanwhile is found on the next round)."""
    me = os.getpid()
    for pid in descendants(me):
        _signal(pid, signal.SIGTERM)
    stop = time.monotonic() + grace
    while time.monotonic() < stop:
        _reap()
        if not descendants(me):
            return
        time.sleep(0.01)
    for _ in range(1000):
        left = descendants(me)
        if not left:
            return
        for pid in left:
            _signal(pid, signal.SIGKILL)
        _reap()
        time.sleep(0.001)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _start(argv: list[str], launcher: int) -> int:
    """Fork and exec the program: its own process group, SIGKILL when the launcher ends, the
    signal dispositions a fresh program expects."""
    pid = os.fork()
    if pid:
        return pid
    try:  # the child: nothing here may return into the launcher's code
        os.setpgid(0, 0)
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != launcher:  # the launcher ended before the line above
            os._exit(1)
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGPIPE,
                    signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        os.execvp(argv[0], argv)
    except BaseException as e:  # noqa: BLE001 - report and end the child, whatever happened
        try:
            os.write(2, f"seat launcher: cannot start {argv[0]!r}: {e}\n".encode(errors="replace"))
        finally:
            os._exit(127)
    return 0  # pragma: no cover - execvp does not return


def main(args: list[str]) -> int:
    if len(args) < 4 or args[0] != "--parent" or args[2] != "--":
        os.write(2, b"usage: seat_launcher.py --parent PID -- PROGRAM ARGS...\n")
        return 2
    parent, argv = int(args[1]), args[3:]
    if not _prctl(PR_SET_CHILD_SUBREAPER, 1):
        os.write(2, b"seat launcher: cannot become a child subreaper\n")

    def stop(sig: int, frame: object) -> None:
        end_tree()
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)  # end as the signal ends a process

    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, stop)
    if os.getppid() != parent:  # the game is gone already
        return 1
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})  # waited for below
    program = _start(argv, os.getpid())
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)  # the pipes are the program's alone: its end is their end
    os.dup2(devnull, 1)
    status: int | None = None
    while status is None:
        signal.sigtimedwait({signal.SIGCHLD}, WATCH)
        while True:  # reap every child that ended: the program, or an orphan reparented here
            try:
                pid, st = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                pid, st = program, 0
            if pid == 0:
                break
            if pid == program:
                status = st
                break
        if status is None and os.getppid() != parent:  # the game ended, even by SIGKILL
            end_tree()
            return 1
    end_tree()  # what the program left behind ends with it
    if os.WIFSIGNALED(status):  # end as the program ended
        ended_by = os.WTERMSIG(status)
        signal.signal(ended_by, signal.SIG_DFL)
        os.kill(os.getpid(), ended_by)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
