#!/usr/bin/env bash
# Install checks for CI: the game builds, installs and starts the way users get it.
#
#   tools/check_install.sh            # sdist + wheel, pip --user, a venv, the sdist's tests
#   tools/check_install.sh --frozen   # and then tools/build.sh + tools/check_build.sh
#
# One line per check; stops at the first failure with the end of that step's output. Everything
# happens in a scratch folder (removed at the end; KEEP=1 keeps it) with its own user base,
# venvs, config and data folders: nothing of the user's is read or written but pip's cache.
# PYTHON names the interpreter to use (default: python3, or the one the active venv was made
# from: the --user install needs a Python outside any venv).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
frozen=
for arg in "$@"; do
    case $arg in
        --frozen) frozen=yes ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "check_install.sh: unknown argument $arg (try --help)" >&2; exit 2 ;;
    esac
done

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/kmj-check-install.XXXXXX")
if [ -n "${KEEP:-}" ]; then
    echo "check_install.sh: scratch folder $SCRATCH (kept)"
else
    trap 'rm -rf "$SCRATCH"' EXIT
fi
LOG=$SCRATCH/log
started=$SECONDS
step_started=$SECONDS

# Not ours to inherit: a venv, a path or a user site would decide what gets imported.
# PYTHONDONTWRITEBYTECODE makes setuptools warn "byte-compiling is disabled" (see the build).
unset VIRTUAL_ENV PYTHONPATH PYTHONHOME PYTHONNOUSERSITE PYTHONUSERBASE PYTHONDONTWRITEBYTECODE
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
export KOREAN_MAHJONG_CONFIG_DIR=$SCRATCH/config KOREAN_MAHJONG_DATA_DIR=$SCRATCH/data

ok() {
    printf 'ok    %-62s %4ss\n' "$1" "$((SECONDS - step_started))"
    step_started=$SECONDS
}
fail() {
    printf 'FAIL  %s\n' "$1"
    [ -s "$LOG" ] && tail -40 "$LOG" | sed -e 's/^/      | /'
    exit 1
}
# step NAME COMMAND...: runs the command with its output in $LOG; fails the check on error
step() {
    local name=$1
    shift
    "$@" >"$LOG" 2>&1 || fail "$name (exit status $?)"
}

# a Python outside any venv: the one the active venv (if any) was made from
PY=${PYTHON:-python3}
PY=$("$PY" -c 'import sys; print(getattr(sys, "_base_executable", None) or sys.executable)')
"$PY" -c 'import sys; sys.exit(sys.prefix != sys.base_prefix)' \
    || { LOG=/dev/null; fail "$PY is inside a venv: set PYTHON to a Python outside any"; }
ok "python: $PY ($("$PY" -c 'import platform; print(platform.python_version())'))"

# play: one hand with four computer seats, headless, from outside the checkout
play() {
    local exe=$1
    shift
    mkdir -p "$SCRATCH/elsewhere"
    (cd "$SCRATCH/elsewhere" && env "$@" timeout 300 "$exe" play --autoplay --hands 1 \
        --speed instant)
}

# 1. sdist and wheel, with the build frontend in its own venv; no warnings allowed
step "venv for the build frontend" "$PY" -m venv "$SCRATCH/tools"
# The frontend and the backend at the versions of .ci/constraints.txt: the check allows no
# warning, and a new setuptools may add one (the constraint reaches the isolated build venv
# through PIP_CONSTRAINT)
constraints="$ROOT/.ci/constraints.txt"
step "pip install build" "$SCRATCH/tools/bin/python" -m pip install -q -c "$constraints" build
(cd "$ROOT" && PIP_CONSTRAINT="$constraints" "$SCRATCH/tools/bin/python" -m build \
    --outdir "$SCRATCH/dist" .) >"$LOG" 2>&1 \
    || fail "python -m build (exit status $?)"
if grep -i warning "$LOG" >"$SCRATCH/warnings"; then
    cp "$SCRATCH/warnings" "$LOG"
    fail "python -m build: no warnings"
fi
sdist=$(ls "$SCRATCH"/dist/*.tar.gz)
wheel=$(ls "$SCRATCH"/dist/*.whl)
ok "python -m build: $(basename "$sdist"), $(basename "$wheel"), no warnings"

# 2. pip install --user into a scratch user base (the system's pip may call its Python
# "externally managed": then --break-system-packages, which writes only to that user base)
userbase=$SCRATCH/userbase
mkdir -p "$userbase"
user_args=(--user)
if "$PY" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))'
then
    user_args+=(--break-system-packages)
fi
step "pip install --user" env PYTHONUSERBASE="$userbase" "$PY" -m pip install -q \
    "${user_args[@]}" "$wheel"
[ -x "$userbase/bin/korean-mahjong" ] || fail "pip install --user: no $userbase/bin/korean-mahjong"
ok "pip install ${user_args[*]} (PYTHONUSERBASE=scratch)"
play "$userbase/bin/korean-mahjong" PYTHONUSERBASE="$userbase" >"$LOG" 2>&1 \
    || fail "--user install: korean-mahjong play --autoplay (exit status $?)"
ok "--user install: korean-mahjong play --autoplay --hands 1: exit 0"

# 3. a fresh venv
step "venv" "$PY" -m venv "$SCRATCH/venv"
step "pip install the wheel into a venv" "$SCRATCH/venv/bin/python" -m pip install -q "$wheel"
ok "pip install the wheel into a fresh venv"
play "$SCRATCH/venv/bin/korean-mahjong" >"$LOG" 2>&1 \
    || fail "venv install: korean-mahjong play --autoplay (exit status $?)"
ok "venv install: korean-mahjong play --autoplay --hands 1: exit 0"

# 4. the sdist holds every test and doc file the repository tracks
mkdir -p "$SCRATCH/unpacked"
tar -xzf "$sdist" -C "$SCRATCH/unpacked"
unpacked=$(ls -d "$SCRATCH"/unpacked/*/)
unpacked=${unpacked%/}
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$ROOT" && git ls-files tests docs | while IFS= read -r f; do
        [ -e "$f" ] && printf '%s\n' "$f"  # not a file deleted in the work tree
    done) | sort >"$SCRATCH/tracked"
    (cd "$unpacked" && find tests docs -type f) | sort >"$SCRATCH/shipped"
    comm -23 "$SCRATCH/tracked" "$SCRATCH/shipped" >"$LOG"
    [ ! -s "$LOG" ] || fail "the sdist lacks these tracked files (MANIFEST.in):"
    ok "sdist has all $(wc -l <"$SCRATCH/tracked") files git ls-files tests docs lists"
else
    ok "sdist contents: skipped (not a git checkout)"
fi

# 5. a fast part of the suite, run from the unpacked sdist with its [test] extra installed
step "venv for the tests" "$PY" -m venv "$SCRATCH/testvenv"
step "pip install ./unpacked[test]" "$SCRATCH/testvenv/bin/python" -m pip install -q \
    "${unpacked}[test]"
ok "pip install \"<unpacked sdist>[test]\" into a fresh venv"
(cd "$unpacked" && "$SCRATCH/testvenv/bin/python" -m pytest -q -p no:cacheprovider -x \
    --junit-xml="$SCRATCH/junit.xml" tests/test_packaging.py tests/test_rules.py tests/hand) \
    >"$LOG" 2>&1 || fail "pytest from the unpacked sdist (exit status $?)"
ok "pytest from the unpacked sdist: $(grep -Eo ' tests="[0-9]+"' "$SCRATCH/junit.xml" \
    | head -1 | tr -dc 0-9) tests passed"

# 6. the desktop entry and metainfo, where the validators are installed
if command -v desktop-file-validate >/dev/null 2>&1; then
    step "desktop-file-validate" desktop-file-validate "$ROOT"/assets/desktop/*.desktop
    ok "desktop-file-validate assets/desktop/*.desktop"
else
    ok "desktop-file-validate: not installed, skipped"
fi
if command -v appstreamcli >/dev/null 2>&1; then
    step "appstreamcli validate" appstreamcli validate --no-net "$ROOT"/assets/desktop/*.xml
    ok "appstreamcli validate --no-net assets/desktop/*.xml"
else
    ok "appstreamcli: not installed, skipped"
fi

# 7. optionally, the frozen build and its smoke checks
if [ -n "$frozen" ]; then
    PYTHON=$PY "$ROOT/tools/build.sh" >"$LOG" 2>&1 || fail "tools/build.sh (exit status $?)"
    ok "tools/build.sh: $(tail -1 "$LOG" | sed 's/^build.sh: //; s|.*/dist/|dist/|')"
    "$ROOT/tools/check_build.sh" >"$LOG" 2>&1 || fail "tools/check_build.sh"
    ok "tools/check_build.sh: $(grep -c '^ok' "$LOG") smoke checks passed"
fi

echo "check_install.sh: all checks passed in $((SECONDS - started))s"
