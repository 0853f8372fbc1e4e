#!/bin/sh
# Adds Korean 2-Point Mahjong to the desktop's application menu for this user: copies the
# desktop entry, the AppStream metainfo and the icons that sit beside this script into
# ~/.local/share (or $XDG_DATA_HOME), with the entry's Exec pointing at the program in this
# folder. Run it again after moving the folder; it changes nothing when nothing changed.
# Remove with: ./install-desktop-entry.sh --uninstall
set -eu

APP_ID=io.github.korean_mahjong.KoreanMahjong
HERE=$(cd "$(dirname "$0")" && pwd -P)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
EXE=$HERE/korean-mahjong

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$DATA/applications/$APP_ID.desktop" "$DATA/metainfo/$APP_ID.metainfo.xml" \
        "$DATA"/icons/hicolor/*/apps/"$APP_ID.png"
    command -v update-desktop-database >/dev/null 2>&1 \
        && update-desktop-database -q "$DATA/applications" 2>/dev/null || true
    exit 0
fi
if [ -n "${1:-}" ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi
[ -x "$EXE" ] || { echo "$0: $EXE not found: run this script from the unpacked folder" >&2; exit 1; }

# copies $1 to $2 unless $2 already holds the same bytes (so a second run touches nothing)
changed=
put() {
    cmp -s "$1" "$2" 2>/dev/null && return 0
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2"
    chmod 644 "$2"
    changed=yes
}

# Exec: the program's absolute path in double quotes, escaped as the desktop entry
# specification asks: " ` $ and \ get a backslash inside the quotes, every backslash is then
# doubled (the value is also an escaped string) and % (field codes) is written %%
quoted=$(printf '%s' "$EXE" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
sed -e "s|^Exec=.*|Exec=\"$(printf '%s' "$quoted" | sed -e 's/[|&\\]/\\&/g')\"|" \
    "$HERE/share/applications/$APP_ID.desktop" > "$tmp"
put "$tmp" "$DATA/applications/$APP_ID.desktop"
put "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$DATA/metainfo/$APP_ID.metainfo.xml"
for icon in "$HERE"/share/icons/hicolor/*/apps/"$APP_ID.png"; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    put "$icon" "$DATA/icons/hicolor/$size/apps/$APP_ID.png"
done

# refresh the menu's and the icon theme's caches where the tools are there (quietly)
[ -n "$changed" ] || exit 0
command -v update-desktop-database >/dev/null 2>&1 \
    && update-desktop-database -q "$DATA/applications" 2>/dev/null || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$DATA/icons/hicolor/index.theme" ] \
    && gtk-update-icon-cache -q -t "$DATA/icons/hicolor" 2>/dev/null || true
exit 0
