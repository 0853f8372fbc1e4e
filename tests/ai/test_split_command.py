r"""`cmd:` seats on Windows: the command line is split as Windows splits it (the table of
Microsoft's "Parsing C++ command-line arguments"), so ``C:\bots\bot.exe`` stays one path; on
POSIX as a shell would split it."""

import pytest

from ai.external import split_command

WINDOWS = [
    (r"C:\bots\bot.exe", [r"C:\bots\bot.exe"]),
    (r"C:\bots\bot.exe --level 2", [r"C:\bots\bot.exe", "--level", "2"]),
    (r'"C:\Program Files\Bot\bot.exe" --fast', [r"C:\Program Files\Bot\bot.exe", "--fast"]),
    (r"py -3 C:\bots\my_bot.py", ["py", "-3", r"C:\bots\my_bot.py"]),
    # Microsoft's own examples
    (r'"a b c" d e', ["a b c", "d", "e"]),
    (r'"ab\"c" "\\" d', ['ab"c', "\\", "d"]),
    (r'a\\\b d"e f"g h', [r"a\\\b", "de fg", "h"]),
    (r'a\\\"b c d', [r'a\"b', "c", "d"]),
    (r'a\\\\"b c" d e', [r"a\\b c", "d", "e"]),
    (r'a"b"" c d', ['ab" c d']),
    ("  spaced\tout  ", ["spaced", "out"]),
    ('""', [""]),
    ("", []),
]


@pytest.mark.parametrize(("line", "argv"), WINDOWS)
def test_windows_splitting(line, argv):
    assert split_command(line, windows=True) == argv


@pytest.mark.parametrize(("line", "argv"), [
    ("python bot.py --fast", ["python", "bot.py", "--fast"]),
    ("python 'my bot.py'", ["python", "my bot.py"]),
    (r"python my\ bot.py", ["python", "my bot.py"]),
])
def test_posix_splitting(line, argv):
    assert split_command(line, windows=False) == argv


def test_a_windows_path_survives_only_with_windows_rules():
    # the bug this fixes: POSIX rules eat the backslashes of a Windows path
    assert split_command(r"C:\bots\bot.exe", windows=False) == ["C:botsbot.exe"]
    assert split_command(r"C:\bots\bot.exe", windows=True) == [r"C:\bots\bot.exe"]
