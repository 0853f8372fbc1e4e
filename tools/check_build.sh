#!/usr/bin/env bash
# Smoke checks of a frozen build (tools/build.sh), run as on a machine without Python: every
# command starts with an empty environment (env -i: no PYTHONPATH, no venv, no python on PATH)
# and headless SDL, with scratch config and data folders. One line per check; exits non-zero
# at the first failure, showing that command's output.
#
#   tools/check_build.sh [FOLDER]   # default dist/korean-mahjong
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
APP=$(cd "${1:-$ROOT/dist/korean-mahjong}" && pwd -P)
EXE=$APP/korean-mahjong
APP_ID=io.github.korean_mahjong.KoreanMahjong
[ -x "$EXE" ] || { echo "check_build.sh: no program at $EXE (run tools/build.sh)" >&2; exit 1; }

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/kmj-check-build.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/home" "$SCRATCH/config" "$SCRATCH/data" "$SCRATCH/run"
# a PATH with no python on it: only /usr/bin and /bin, checked below to hold none of our own
NOPY_PATH=/usr/bin:/bin
OUT=$SCRATCH/out

ok() { printf 'ok    %s\n' "$1"; }
fail() {
    printf 'FAIL  %s\n' "$1"
    [ -s "$OUT" ] && sed -e 's/^/      | /' "$OUT" | tail -40
    exit 1
}

# has_korean: the last run's output holds Hangul (translated text): a UTF-8 lead byte of
# U+A000-U+DFFF, which holds the Hangul syllables (bytes, so no locale is needed)
has_korean() { LC_ALL=C grep -q $'[\xea-\xed]' "$OUT"; }

# run NAME TIMEOUT ARGS...: the program with an empty environment, from a scratch folder
# (started through the command in WRAP when that is set); output kept in $OUT for the checks
# that read it
WRAP=()
run() {
    local name=$1 secs=$2
    shift 2
    local status=0
    (cd "$SCRATCH/run" && env -i PATH="$NOPY_PATH" HOME="$SCRATCH/home" LANG=C.UTF-8 \
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
        KOREAN_MAHJONG_CONFIG_DIR="$SCRATCH/config" KOREAN_MAHJONG_DATA_DIR="$SCRATCH/data" \
        timeout "$secs" "${WRAP[@]}" "$EXE" "$@") >"$OUT" 2>&1 || status=$?
    [ "$status" -eq 0 ] || fail "$name (exit status $status)"
}

# expect NAME PATTERN: the last run's output has a line matching the extended regex
expect() {
    grep -Eq -- "$2" "$OUT" || fail "$1 (no line matching /$2/)"
}

# every library in the bundle finds the libraries it needs (the bundle's own, else the system's)
find "$APP/_internal" -type f -name '*.so*' -print0 | xargs -0 ldd >"$OUT" 2>&1 || true
if grep -q 'not found' "$OUT"; then
    grep -E '^/|not found' "$OUT" | grep -B1 'not found' >"$OUT.missing" || true
    mv "$OUT.missing" "$OUT"
    fail "bundled libraries find their dependencies (ldd)"
fi
ok "all $(find "$APP/_internal" -type f -name '*.so*' | wc -l) bundled libraries find their dependencies (ldd)"

run "--version" 60 --version
version=$(cat "$OUT")
expect "--version" '^korean-mahjong [0-9]+\.[0-9]+'
grep -q unknown "$OUT" && fail "--version (no installed metadata: $version)"
ok "--version: $version"

for cmd in "" play score shanten simulate replay; do
    # shellcheck disable=SC2086  # "" is the top-level --help
    run "${cmd:-korean-mahjong} --help" 60 $cmd --help
    expect "${cmd:-korean-mahjong} --help" '^usage: korean-mahjong'
    ok "korean-mahjong${cmd:+ $cmd} --help"
done

run "score" 60 score --win 2m 234m456m345p22p678p --json
expect "score" '"valid": true'
ok "korean-mahjong score --win 2m 234m456m345p22p678p --json: valid"

run "shanten --lang ko" 60 shanten 234m456m345p22p67p --lang ko
has_korean || fail "shanten --lang ko (no Korean in the output: catalogues missing?)"
ok "korean-mahjong shanten --lang ko: prints Korean"

# a whole hand at the table, drawn with the bundled fonts: the screenshots of its end are there
for lang in en ko; do
    shots=$SCRATCH/shots-$lang
    run "play --autoplay --lang $lang" 300 play --autoplay --hands 1 --speed instant \
        --lang "$lang" --screenshots "$shots"
    [ -s "$shots/session_result.png" ] || fail "play --autoplay --lang $lang (no screenshots)"
    ok "play --autoplay --hands 1 --speed instant --lang $lang: exit 0, $(find "$shots" -name "*.png" | wc -l) screenshots"
done

# Korean catalogues found: a command whose printed lines are translated
run "simulate --lang ko" 120 simulate --hands 2 --lang ko
has_korean || fail "simulate --lang ko (no Korean in the output: catalogues missing?)"
ok "simulate --hands 2 --lang ko: prints Korean"

# worker processes: spawned by the frozen program itself (multiprocessing.freeze_support)
run "simulate --duplicate --jobs 2" 300 simulate --duplicate --hands 8 --jobs 2 --seed 3
expect "simulate --duplicate --jobs 2" '2 walls'
ok "simulate --duplicate --hands 8 --jobs 2: exit 0"
# where strace works, see the workers start: the program run again as --multiprocessing-fork
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true >/dev/null 2>&1; then
    trace=$SCRATCH/trace
    WRAP=(strace -f -qq -e trace=execve -o "$trace")
    run "simulate --duplicate --jobs 2 (traced)" 300 simulate --duplicate --hands 8 --jobs 2
    WRAP=()
    workers=$(grep -c -- '"--multiprocessing-fork"' "$trace" || true)
    [ "$workers" -ge 2 ] || fail "simulate --duplicate --jobs 2 (traced): $workers workers started"
    ok "simulate --duplicate --jobs 2: $workers worker processes started (strace)"
fi

# Where mount namespaces are allowed (root, as in CI containers): once more with every Python
# of this machine hidden (its libraries, interpreters, pyenv, venvs and the build venv)
if unshare -m true >/dev/null 2>&1; then
    hide=$SCRATCH/hide-python.sh
    cat >"$hide" <<'HIDE'
set -e
shopt -s nullglob
for d in /usr/lib/python3* /usr/local/lib/python3* /opt/python* "$HOME/.pyenv" "$HOME/.local/lib" \
        ${VIRTUAL_ENV:+"$VIRTUAL_ENV"} "$BUILD_VENV"; do
    [ -d "$d" ] && mount -t tmpfs none "$d"
done
for f in /usr/bin/python3* /usr/local/bin/python3* /usr/lib/*/libpython3* /usr/lib/libpython3*; do
    [ -f "$f" ] && mount --bind /dev/null "$f"
done
if /usr/bin/env -i PATH=/usr/bin:/bin python3 -c pass 2>/dev/null; then
    echo "a python3 is still there"; exit 1
fi
exec "$@"
HIDE
    WRAP=(unshare -m env HOME="$HOME" BUILD_VENV="${BUILD_VENV:-$ROOT/build/venv}" bash "$hide" \
        env -i PATH="$NOPY_PATH" HOME="$SCRATCH/home" LANG=C.UTF-8 SDL_VIDEODRIVER=dummy \
        SDL_AUDIODRIVER=dummy KOREAN_MAHJONG_CONFIG_DIR="$SCRATCH/config" \
        KOREAN_MAHJONG_DATA_DIR="$SCRATCH/data")
    run "play with every Python hidden" 300 play --autoplay --hands 1 --speed instant --lang ko
    run "simulate --duplicate --jobs 2 with every Python hidden" 300 simulate --duplicate \
        --hands 8 --jobs 2
    WRAP=()
    ok "play --autoplay and simulate --duplicate --jobs 2 with every Python hidden (unshare -m)"
else
    ok "run with every Python hidden: skipped (unshare -m not allowed here)"
fi

# the desktop entry installer: quiet, idempotent, Exec pointing at this program
data=$SCRATCH/xdg
XDG_DATA_HOME=$data "$APP/install-desktop-entry.sh" >"$OUT" 2>&1 \
    || fail "install-desktop-entry.sh (exit status $?)"
[ ! -s "$OUT" ] || fail "install-desktop-entry.sh (printed something on success)"
entry=$data/applications/$APP_ID.desktop
grep -qxF "Exec=\"$EXE\"" "$entry" || { cp "$entry" "$OUT"; fail "install-desktop-entry.sh (Exec)"; }
[ -f "$data/metainfo/$APP_ID.metainfo.xml" ] || fail "install-desktop-entry.sh (metainfo)"
[ -f "$data/icons/hicolor/256x256/apps/$APP_ID.png" ] || fail "install-desktop-entry.sh (icons)"
before=$(find "$data" -type f -printf '%p %T@\n' | sort)
XDG_DATA_HOME=$data "$APP/install-desktop-entry.sh" >"$OUT" 2>&1 \
    || fail "install-desktop-entry.sh, second run"
[ "$before" = "$(find "$data" -type f -printf '%p %T@\n' | sort)" ] \
    || fail "install-desktop-entry.sh, second run (changed files)"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$entry" >"$OUT" 2>&1 || fail "installed desktop entry is valid"
fi
XDG_DATA_HOME=$data "$APP/install-desktop-entry.sh" --uninstall >"$OUT" 2>&1 \
    || fail "install-desktop-entry.sh --uninstall"
[ -z "$(find "$data" -type f ! -name '*.cache')" ] || fail "install-desktop-entry.sh --uninstall (files left)"
ok "install-desktop-entry.sh: quiet, idempotent, Exec=\"$EXE\", --uninstall"

echo "check_build.sh: all checks passed ($APP)"
