#!/usr/bin/env bash
# Builds the standalone Linux program with PyInstaller (one-folder mode): a folder that runs on a
# machine without Python, and an archive of it. See docs/building.md.
#
#   tools/build.sh                # -> dist/korean-mahjong/korean-mahjong
#                                 #    dist/korean-mahjong-<version>-linux-<arch>.tar.gz
#
# Environment: PYTHON (the interpreter the build venv is made from; default python3; it must be
# built with --enable-shared, as Debian's, Fedora's and pyenv's are), BUILD_VENV (default
# build/venv; made afresh every run), PIP_ARGS (extra pip arguments, e.g. a cache or an index).
set -euo pipefail

PYINSTALLER_VERSION=6.22.3  # the current 6.x release when this was written; raise deliberately
APP_ID=io.github.korean_mahjong.KoreanMahjong
NAME=korean-mahjong

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
PYTHON=${PYTHON:-python3}
VENV=${BUILD_VENV:-$ROOT/build/venv}
WORK=$ROOT/build/pyinstaller
DIST=$ROOT/dist
APP=$DIST/$NAME
read -r -a pip_args <<<"${PIP_ARGS:-}"

say() { printf '%s\n' "build.sh: $*"; }

command -v objdump >/dev/null 2>&1 \
    || { say "PyInstaller needs objdump: install binutils (apt-get install binutils)" >&2; exit 1; }

# 1. a scratch venv with the game installed as users get it (not editable) and PyInstaller
say "venv $VENV ($("$PYTHON" -c 'import sys; print(sys.version.split()[0])'))"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
PY=$VENV/bin/python
# setuptools builds in build/lib of the checkout and keeps what an earlier build left there (a
# module deleted since would be installed): start from nothing
rm -rf "$ROOT/build/lib" "$ROOT"/build/bdist.*
"$PY" -m pip install -q --disable-pip-version-check "${pip_args[@]}" \
    "$ROOT" "pyinstaller==$PYINSTALLER_VERSION"

# the installed copy's version, asked from outside the checkout (its game/ would shadow it)
VERSION=$(cd / && "$PY" -c 'import game; print(game.__version__)')
ARCH=$(uname -m)
ARCHIVE=$DIST/$NAME-$VERSION-linux-$ARCH.tar.gz
say "version $VERSION, pyinstaller $PYINSTALLER_VERSION"

# 2. freeze. Everything PyInstaller reads is the installed copy: it runs from the work folder,
# and the entry script's own folder (tools/pyinstaller) holds no package.
#  - the data of game.assets (fonts, sounds, icons, desktop entry) and of game.i18n (the
#    gettext catalogues in game/i18n/locale/, found next to game/i18n/__init__.py);
#  - every module of game and ai: subcommands, screens and seats are imported by name
#    (importlib.import_module in game/cli, game/ui/screens.py, ai/pyseat.py);
#  - the installed metadata of korean-mahjong: game.__version__ is read from it.
# pygame-ce brings its own PyInstaller hook (its SDL libraries); no hook of ours is needed.
# --strip takes the debug symbols out of the libraries (a pyenv libpython carries 15 MB).
# Left out: modules never used on Linux (platformdirs.windows) or never by the game.
rm -rf "$WORK" "$APP" "$ARCHIVE"
mkdir -p "$WORK" "$DIST"
(
    cd "$WORK"
    export PYGAME_HIDE_SUPPORT_PROMPT=1
    "$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
        --onedir --console --strip --name "$NAME" \
        --distpath "$DIST" --workpath "$WORK" --specpath "$WORK" \
        --collect-data game.assets --collect-data game.i18n \
        --collect-submodules game --collect-submodules ai \
        --copy-metadata korean-mahjong \
        --exclude-module tkinter --exclude-module pygame.tests --exclude-module pygame.examples \
        --exclude-module platformdirs.windows \
        "$ROOT/tools/pyinstaller/entry.py"
)

# 3. beside the program: the desktop entry, metainfo and icons in the XDG layout, the script
# that installs them for the user, and the licences
install -m 755 "$ROOT/tools/pyinstaller/install-desktop-entry.sh" "$APP/install-desktop-entry.sh"
install -D -m 644 "$ROOT/assets/desktop/$APP_ID.desktop" "$APP/share/applications/$APP_ID.desktop"
install -D -m 644 "$ROOT/assets/desktop/$APP_ID.metainfo.xml" \
    "$APP/share/metainfo/$APP_ID.metainfo.xml"
for icon in "$ROOT/assets/icons/$NAME"-*.png; do
    n=${icon##*-}; n=${n%.png}
    install -D -m 644 "$icon" "$APP/share/icons/hicolor/${n}x${n}/apps/$APP_ID.png"
done
install -m 644 "$ROOT/LICENSE" "$APP/LICENSE"
install -m 644 "$ROOT/assets/LICENSES.md" "$APP/LICENSES.md"
install -m 644 "$ROOT/assets/fonts/OFL.txt" "$APP/OFL.txt"

# 4. the archive: one top folder, korean-mahjong/ (files sorted, owned by nobody in particular)
tar -C "$DIST" --sort=name --owner=0 --group=0 --numeric-owner -czf "$ARCHIVE" "$NAME"

say "$APP/$NAME ($(du -sh "$APP" | cut -f1))"
say "$ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
