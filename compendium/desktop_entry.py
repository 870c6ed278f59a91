"""The desktop entry and icons of a user install (``pip``/``pipx``), in the XDG folders.

``compendium --install-desktop-entry`` writes

* ``$XDG_DATA_HOME/applications/io.github.compendium.Compendium.desktop``, whose ``Exec`` runs the
  very ``compendium`` that was asked (the executable of this install, or ``python -m compendium``
  with this Python), and
* the icon, rendered from ``resources/icons`` at the standard hicolor sizes, as
  ``$XDG_DATA_HOME/icons/hicolor/<N>x<N>/apps/compendium.png``, plus the scalable SVG;

``--uninstall-desktop-entry`` removes exactly those files again.  ``$XDG_DATA_HOME`` defaults to
``~/.local/share``.

The file is named after the application id, as the Debian package's entry is, and not
``compendium.desktop``: on Wayland the shell matches a window to its entry by the id that the
application sets (``QGuiApplication.setDesktopFileName``), and a user entry with the same name as
the system one replaces it in the menus instead of showing Compendium twice.

The icon renderer here is also the one ``packaging/render_icons.py`` uses for the committed PNGs,
so the user install and the package show the same pixels.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from .core.errors import CompendiumError
from .paths import resources_dir

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

__all__ = ["APP_ID", "DESKTOP_FILE", "ICON_NAME", "ICON_SIZES", "Installed", "data_home", "desktop_entry_text",
           "exec_quote", "icon_source", "install", "launcher_command", "render_icon", "uninstall"]

APP_ID = "io.github.compendium.Compendium"
DESKTOP_FILE = f"{APP_ID}.desktop"
ICON_NAME = "compendium"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SMALL_ICON_MAX = 16   # up to this size the icon drawn on the 16-pixel grid is used
# Marks an entry written by --install-desktop-entry, so that --uninstall-desktop-entry never
# removes a file that someone else put there under the same name.
MARK_KEY = "X-Compendium-Installed-By"
MARK = f"{MARK_KEY}=compendium --install-desktop-entry"

# The entry's lines, the same as packaging/linux/io.github.compendium.Compendium.desktop except
# for Exec (a test keeps the two in step).
_ENTRY = """\
[Desktop Entry]
Type=Application
Name=Compendium
GenericName=Card and Board Games
Comment=The games of the old books: their laws beside a table to play them on
Exec={exec_line} %f
Icon=compendium
Terminal=false
Categories=Game;CardGame;BoardGame;
Keywords=patience;solitaire;klondike;hoyle;bridge;piquet;chess;draughts;backgammon;dominoes;rules;
StartupWMClass=compendium
"""


@dataclass(frozen=True, slots=True)
class Installed:
    """What an install wrote, or an uninstall removed (``desktop_file`` is None when there was
    no entry to remove)."""

    desktop_file: Path | None
    icons: tuple[Path, ...]


def data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or not absolute (the XDG
    base directory specification says a relative path is to be ignored)."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def launcher_command(argv0: str | None = None, executable: str | None = None,
                     frozen: bool | None = None) -> list[str]:
    """The command that starts this same Compendium: the bundle's executable when frozen; the
    ``compendium`` script that was run (pip and pipx put one in their ``bin`` folder); else this
    Python with ``-m compendium``.  The defaults are those of the running process."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    frozen = bool(getattr(sys, "frozen", False)) if frozen is None else frozen
    if frozen:
        return [str(Path(executable).resolve())]
    script = Path(argv0)
    if script.name in ("compendium", "compendium-cli", "compendium.exe", "compendium-cli.exe"):
        if os.sep in argv0 or (os.altsep and os.altsep in argv0):
            found: Path | None = script
        else:  # started by name from the PATH
            import shutil
            located = shutil.which(argv0)
            found = Path(located) if located else None
        if found is not None and found.is_file():
            # The GUI script, not the console one, where both are installed side by side.
            gui = found.with_name(found.name.replace("compendium-cli", "compendium"))
            return [str((gui if gui.is_file() else found).absolute())]
    return [str(Path(executable).absolute()), "-m", "compendium"]


_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def exec_quote(argument: str) -> str:
    """One argument of an ``Exec`` key, quoted as the desktop entry specification asks: inside
    double quotes, '"', '`', '$' and '\\' take a backslash; then, as for every string value,
    each backslash is doubled; and a literal '%' is written '%%'."""
    if "\n" in argument or "\r" in argument:
        raise ValueError(f"an Exec argument cannot hold a line break: {argument!r}")
    text = argument
    if not text or any(ch in _RESERVED for ch in text):
        text = '"' + "".join("\\" + ch if ch in '"`$\\' else ch for ch in text) + '"'
    return text.replace("\\", "\\\\").replace("%", "%%")


def desktop_entry_text(command: Sequence[str]) -> str:
    """The user entry for ``command`` (see :func:`launcher_command`)."""
    return _ENTRY.format(exec_line=" ".join(exec_quote(part) for part in command)) + MARK + "\n"


def icon_source(size: int, icons: Path | None = None) -> Path:
    """The SVG drawn at ``size`` px: the 16-pixel-grid drawing at 16 px, the full icon above
    (scaled to 24 px, the one-pixel lines of the small one come out uneven)."""
    folder = resources_dir() / "icons" if icons is None else icons
    small = folder / f"{ICON_NAME}-16.svg"
    return small if size <= SMALL_ICON_MAX and small.is_file() else folder / f"{ICON_NAME}.svg"


def render_icon(size: int, svg: Path | None = None) -> "QImage":
    """The icon as a ``size`` x ``size`` ARGB image.  Needs a QGuiApplication."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    source = icon_source(size) if svg is None else svg
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise CompendiumError(f"cannot read the icon {source}: not a readable SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def _icon_paths(home: Path) -> list[Path]:
    hicolor = home / "icons" / "hicolor"
    return ([hicolor / f"{n}x{n}" / "apps" / f"{ICON_NAME}.png" for n in ICON_SIZES]
            + [hicolor / "scalable" / "apps" / f"{ICON_NAME}.svg"])


def _ensure_gui_application() -> None:
    from PySide6.QtGui import QGuiApplication
    if QGuiApplication.instance() is None:
        # Rendering needs an application object but no screen.
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QGuiApplication(sys.argv[:1])


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def install(home: Path | None = None, command: Sequence[str] | None = None) -> Installed:
    """Write the desktop entry and the icons under ``home`` (default :func:`data_home`); running
    it again overwrites them.  Raises OSError, naming the file, if one cannot be written, and
    CompendiumError if the icon cannot be drawn."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    home = data_home() if home is None else home
    command = launcher_command() if command is None else list(command)
    _ensure_gui_application()
    paths = _icon_paths(home)
    for size, target in zip(ICON_SIZES, paths):
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not render_icon(size).save(buffer, "PNG"):   # type: ignore[call-overload]  # (the stubs ask bytes; PySide takes only str)
            raise CompendiumError(f"cannot write the icon {target}: PNG encoding failed")
        buffer.close()
        _write_atomic(target, bytes(data.data()))
    _write_atomic(paths[-1], icon_source(512).read_bytes())
    desktop = home / "applications" / DESKTOP_FILE
    _write_atomic(desktop, desktop_entry_text(command).encode("utf-8"))
    return Installed(desktop, tuple(paths))


def _ours(desktop: Path) -> bool:
    try:
        return MARK in desktop.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return False


def _prune(folder: Path, stop: Path) -> None:
    """Remove ``folder`` and its parents up to (not including) ``stop`` while they are empty."""
    while folder != stop and stop in folder.parents:
        try:
            folder.rmdir()
        except OSError:   # not empty (or not ours to remove): leave it and everything above
            return
        folder = folder.parent


def uninstall(home: Path | None = None) -> Installed:
    """Remove what :func:`install` wrote under ``home``, and the folders it leaves empty.  A
    desktop file of the same name that ``install`` did not write is left alone (CompendiumError)."""
    home = data_home() if home is None else home
    desktop = home / "applications" / DESKTOP_FILE
    removed: list[Path] = []
    found = desktop.exists()
    if found:
        if not _ours(desktop):
            raise CompendiumError(f"{desktop} was not written by 'compendium --install-desktop-entry'; "
                                  "it is left as it is")
        desktop.unlink()
        _prune(desktop.parent, home)
    for icon in _icon_paths(home):
        if icon.is_file():
            icon.unlink()
            removed.append(icon)
            _prune(icon.parent, home)
    return Installed(desktop if found else None, tuple(removed))
