#!/usr/bin/env bash
# The packaging test: build the bundle and the Debian package, install the package on this
# machine, run the installed program as a user would, then remove the package and check that
# nothing of it is left.
#
#     packaging/test_package.sh [--skip-build]
#
# Needs root (it installs a system package) and apt's package lists (`apt-get update`), since
# `apt-get install ./compendium_*.deb` fetches the libraries the package depends on.  If
# Compendium's package is installed already, it is removed first.  --skip-build tests the
# package that build/ holds.  Prints `N passed, N failed` at the end; exits 1 if a check failed.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
SKIP_BUILD=0
[ "${1:-}" = "--skip-build" ] && SKIP_BUILD=1
export DEBIAN_FRONTEND=noninteractive

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok     $*"; }
fail() { failed=$((failed + 1)); echo "FAILED $*"; }
check() {  # check DESCRIPTION COMMAND...: one test
    local what="$1"; shift
    if "$@"; then ok "$what"; else fail "$what"; fi
}
finish() {
    echo "packaging: $passed passed, $failed failed"
    [ "$failed" = 0 ]
    exit $?
}
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

VERSION="$(PYTHONPATH="$ROOT" "$PYTHON" -c 'import compendium; print(compendium.__version__)')"
ARCH="$(dpkg --print-architecture)"
if [ "$SKIP_BUILD" = 0 ]; then
    start=$(date +%s)
    if ! bash packaging/build.sh; then
        fail "build the bundle and the package"
        finish
    fi
    echo "time: build $(( $(date +%s) - start )) s"
fi
DEB="$(ls -t build/compendium_*_"$ARCH".deb 2>/dev/null | head -n 1)"
if [ -z "$DEB" ]; then
    fail "a package in build/ (run packaging/build.sh)"
    finish
fi
ok "built $DEB ($(du -h "$DEB" | cut -f1))"

# -- the package as a distribution would judge it -------------------------------------------------
# lintian (Debian's package checker): no error, but for those a bundle under /opt brings, each
# overridden in packaging/linux/lintian-overrides with its reason.
if command -v lintian >/dev/null; then
    lintian_clean() {
        lintian --tag-display-limit 0 "$DEB" > "$ROOT/build/lintian.txt" 2>&1
        cat "$ROOT/build/lintian.txt"
        ! grep -q '^E:' "$ROOT/build/lintian.txt"
    }
    check "lintian finds no error (overrides: packaging/linux/lintian-overrides)" lintian_clean
else
    fail "lintian is installed (apt-get install lintian)"
fi
check "the man page is in the package" sh -c "dpkg-deb -c '$DEB' | grep -q usr/share/man/man1/compendium.1.gz"
# The README's figures: the download and the installed size, within 10 %.
INSTALLED_KIB="$(dpkg-deb -f "$DEB" Installed-Size)"
check "the README's package sizes are true" "$PYTHON" "$ROOT/packaging/check_readme.py" sizes "$DEB" "$INSTALLED_KIB"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# What the package touches, listed before it is installed, to compare after it is removed.
PLACES=(/opt/compendium /usr/bin/compendium /usr/share/applications /usr/share/icons/hicolor
        /usr/share/metainfo /usr/share/doc/compendium)
snapshot() { find "${PLACES[@]}" 2>/dev/null | sort; }

if dpkg-query -W -f '${Status}' compendium 2>/dev/null | grep -q "installed"; then
    echo "purging the compendium package installed before the test"
    dpkg -P compendium >/dev/null
fi
snapshot > "$WORK/before"

# -- install ------------------------------------------------------------------------------------
start=$(date +%s)
if apt-get install -y --no-install-recommends "./$DEB" > "$WORK/apt.log" 2>&1; then
    ok "apt-get install ./$(basename "$DEB") (with its dependencies)"
else
    tail -n 20 "$WORK/apt.log"
    fail "apt-get install ./$(basename "$DEB")"
    finish
fi
echo "time: install $(( $(date +%s) - start )) s"
find /opt/compendium | sort > "$WORK/installed"

check "package version is the metadata's ($VERSION)" \
    test "$(dpkg-query -W -f '${Version}' compendium)" = "$VERSION"
APP_ID=io.github.compendium.Compendium
for f in /opt/compendium/compendium /usr/share/applications/$APP_ID.desktop \
         /usr/share/metainfo/$APP_ID.metainfo.xml /usr/share/icons/hicolor/scalable/apps/compendium.svg \
         /usr/share/doc/compendium/copyright; do
    check "installed $f" test -f "$f"
done
for n in 16 24 32 48 64 128 256 512; do
    check "icon ${n}x$n" test -f "/usr/share/icons/hicolor/${n}x$n/apps/compendium.png"
done
check "/usr/bin/compendium starts /opt/compendium/compendium" \
    test "$(readlink -f /usr/bin/compendium)" = /opt/compendium/compendium
if command -v desktop-file-validate >/dev/null; then
    check "desktop entry validates" desktop-file-validate /usr/share/applications/$APP_ID.desktop
fi
if command -v appstreamcli >/dev/null; then
    check "AppStream metadata validates" appstreamcli validate --no-net --pedantic \
        /usr/share/metainfo/$APP_ID.metainfo.xml
fi
unresolved() {  # every library of the installed bundle resolves, with the package's dependencies
    local missing
    missing="$(find /opt/compendium -type f -name '*.so*' -print0 |
        LD_LIBRARY_PATH=/opt/compendium/_internal xargs -0 ldd 2>/dev/null | grep 'not found' | sort -u)"
    [ -z "$missing" ] || { echo "$missing"; return 1; }
}
check "every library of the bundle is found (Depends is complete)" unresolved

# -- run it as a user would: a clean environment, no Python of ours, no display ------------------
HOME_DIR="$WORK/home"
mkdir -p "$HOME_DIR"
as_user() {
    env -i HOME="$HOME_DIR" PATH=/usr/bin:/bin LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
        XDG_RUNTIME_DIR="$WORK" "$@"
}
cd "$WORK"
check "compendium --version prints the package version" \
    test "$(as_user compendium --version)" = "compendium $VERSION"
start=$(now_ms)
if as_user compendium --screenshot canfield_or_klondike "$WORK/table.png" --size 700x560 > "$WORK/shot.log" 2>&1; then
    ok "compendium --screenshot canfield_or_klondike ($(( $(now_ms) - start )) ms)"
    check "the picture is a table: baize, card faces, red suits" \
        "$PYTHON" "$ROOT/packaging/check_screenshot.py" "$WORK/table.png" 700x560
else
    cat "$WORK/shot.log"
    fail "compendium --screenshot canfield_or_klondike"
fi
if as_user compendium --self-test > "$WORK/self.log" 2>&1; then
    ok "compendium --self-test: $(grep -c '^ok' "$WORK/self.log") checks, the worker process among them"
else
    cat "$WORK/self.log"
    fail "compendium --self-test"
fi
TERM_STATUS=none
user_folders() {  # the program as a player starts it writes its settings and data in the XDG folders
    local data="$HOME_DIR/.local/share/Compendium/Compendium" conf="$HOME_DIR/.config/Compendium/Compendium.conf"
    # Started without the as_user function, so that $! is the program itself (env execs it),
    # not a subshell whose end would leave the program running.
    env -i HOME="$HOME_DIR" PATH=/usr/bin:/bin LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
        XDG_RUNTIME_DIR="$WORK" compendium --game canfield_or_klondike --seed 4 > "$WORK/gui.log" 2>&1 &
    local pid=$! tries=0
    until [ -f "$data/autosaves/canfield_or_klondike.json" ] && [ -f "$data/stats.sqlite" ] && [ -f "$conf" ]; do
        tries=$((tries + 1))
        if [ "$tries" -gt 80 ] || ! kill -0 "$pid" 2>/dev/null; then
            kill -KILL "$pid" 2>/dev/null; cat "$WORK/gui.log"; ls -R "$HOME_DIR"; return 1
        fi
        sleep 0.25
    done
    sleep 0.5
    kill -TERM "$pid"
    wait "$pid"
    TERM_STATUS=$?
    return 0
}
check "started as a player starts it: settings in ~/.config, autosave and statistics in ~/.local/share" user_folders
closed_as_quit() {  # SIGTERM closed it as Quit does: status 0, the window's settings written
    [ "$TERM_STATUS" = 0 ] || { echo "exit status $TERM_STATUS"; cat "$WORK/gui.log"; return 1; }
    grep -q geometry "$HOME_DIR/.config/Compendium/Compendium.conf"
}
check "SIGTERM closes it as Quit does (exit status 0, settings written)" closed_as_quit
lists_the_games() { test "$(as_user compendium --list | grep -c playable)" -ge 13; }
check "compendium --list lists the playable games" lists_the_games
wrote_nothing() { find /opt/compendium | sort | diff "$WORK/installed" -; }
check "the program wrote nothing beside itself (settings and data go to the user's folders)" wrote_nothing
cd "$ROOT"

# -- remove -------------------------------------------------------------------------------------
if dpkg -r compendium > "$WORK/remove.log" 2>&1; then
    ok "dpkg -r compendium"
else
    cat "$WORK/remove.log"
    fail "dpkg -r compendium"
fi
gone() { [ ! -e /opt/compendium ] && [ ! -L /usr/bin/compendium ] && [ ! -e /usr/bin/compendium ]; }
check "nothing of the package is left" gone
snapshot > "$WORK/after"
if diff "$WORK/before" "$WORK/after" > "$WORK/diff"; then
    ok "the folders it used are as they were before"
else
    cat "$WORK/diff"
    fail "the folders it used are as they were before"
fi
purged() {  # purging forgets it entirely: dpkg keeps no record of it
    dpkg -P compendium > "$WORK/purge.log" 2>&1 || { cat "$WORK/purge.log"; return 1; }
    ! dpkg-query -W -f '${Status}' compendium 2>/dev/null | grep -q "installed"
}
check "dpkg -P compendium leaves no record of it" purged
finish
