"""Starting the application: the QApplication, its look, the data folder, and offscreen screenshots."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from ..core.errors import CompendiumError
from ..games import registry
from ..paths import resources_dir

__all__ = ["DATA_DIR_ENV", "application", "data_dir", "open_settings", "run_gui", "screenshot",
           "temporary_settings", "wants_welcome"]

ORGANISATION = "Compendium"
APPLICATION = "Compendium"
DATA_DIR_ENV = "COMPENDIUM_DATA_DIR"   # overrides the data folder (tests, portable installs)
VERY_NARROW = 720    # screenshots narrower than this leave out the rules pane


def data_dir() -> Path:
    """Where the autosave and other data live: ``$COMPENDIUM_DATA_DIR`` if set, else the platform's
    application-data folder (never next to the program, which may be read-only or shared)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    _name_application()
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


def open_settings() -> QSettings:
    """The user's settings.  With ``$COMPENDIUM_DATA_DIR`` set they are an ini file in that folder,
    so that tests and portable installs never touch the real user's settings."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return QSettings(str(Path(override) / "settings.ini"), QSettings.Format.IniFormat)
    return QSettings(ORGANISATION, APPLICATION)


def temporary_settings(folder: str) -> QSettings:
    """Settings that start empty and vanish with ``folder``: for screenshots, which must look the
    same whoever runs them."""
    return QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)


def _name_application() -> None:
    # The names decide the folders QStandardPaths and QSettings use, so set them before either.
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    # The application version is not set here: it comes from the package metadata, which costs
    # ~80 ms to read; About and --version read it when asked.


def _palette() -> QPalette:
    """Warm paper and quiet greys around a green table; the selection is the green of the cloth."""
    p = QPalette()
    roles = QPalette.ColorRole
    colours = {
        roles.Window: "#ece8dc",
        roles.WindowText: "#26271f",
        roles.Base: "#fbf8f0",
        roles.AlternateBase: "#f3efe3",
        roles.Text: "#23241f",
        roles.Button: "#e6e1d2",
        roles.ButtonText: "#26271f",
        roles.BrightText: "#ffffff",
        roles.Highlight: "#2f6b3d",
        roles.HighlightedText: "#ffffff",
        roles.Link: "#2c5d8a",
        roles.LinkVisited: "#5a3f7a",
        roles.ToolTipBase: "#fbf8f0",
        roles.ToolTipText: "#23241f",
        roles.PlaceholderText: "#8a877a",
        roles.Light: "#ffffff",
        roles.Midlight: "#f1ede2",
        roles.Mid: "#bdb7a4",
        roles.Dark: "#8f8a77",
        roles.Shadow: "#4a473c",
    }
    for role, colour in colours.items():
        p.setColor(role, QColor(colour))
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        p.setColor(disabled, role, QColor("#9a968a"))
    return p


def application() -> QApplication:
    """The one QApplication, created if needed, named and given the Compendium look."""
    app = QApplication.instance()
    if app is None:
        # Fusion is asked for on the command line that makes the application: setting it from
        # Python afterwards hands Python a QStyle, and PySide then builds that class and its
        # dozen enums, ~15 ms of every start-up (DESIGN.md section 8 budgets it).
        app = QApplication([*sys.argv[:1], "-style", "Fusion"])
    else:
        app.setStyle("Fusion")
    assert isinstance(app, QApplication)
    from .qt_messages import install as quiet_qt_noise
    quiet_qt_noise()   # drops only the offscreen platform's propagateSizeHints() warning
    _name_application()
    QGuiApplication.setApplicationDisplayName(APPLICATION)
    QGuiApplication.setDesktopFileName("io.github.compendium.Compendium")  # matches the .desktop file
    app.setPalette(_palette())
    icon = resources_dir() / "icons" / "compendium.svg"
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def run_gui(game: str | None = None, seed: int | None = None, file: str | None = None,
            options: dict[str, Any] | None = None) -> int:
    """Start the application; ``game``, ``seed`` and ``file`` take precedence over the autosave,
    and ``options`` (with ``game``) deal a new game with them, remembered as if chosen."""
    app = application()
    from .main_window import MainWindow  # after the QApplication: widgets need it
    from .quit_signals import install as quit_on_signals
    quit_on_signals(app)   # SIGTERM, SIGINT and logging out close the window as Quit does

    window = MainWindow()
    # An unknown game or a bad file is said in the window's status line (by start) and here.
    problem = window.start(game=game, seed=seed, file=file, options=options)
    if problem:
        print(f"compendium: {problem}; starting as usual", file=sys.stderr)
    window.show()
    # First runs: a patience, a card game, or the rules (until ticked off); not when the command
    # line named a game or a file: the player has said where to begin.  Offered from the event
    # loop, so that the window's first frame is not kept waiting for the dialog to be made.
    if wants_welcome(game, file):
        QTimer.singleShot(0, window.offer_welcome)
    return app.exec()


def wants_welcome(game: str | None, file: str | None) -> bool:
    """Whether the start may offer the welcome: only when the command line named nothing."""
    return game is None and file is None


def screenshot(game_id: str, out: Path, seed: int | None, size: tuple[int, int],
               options: dict[str, Any] | None = None) -> None:
    """Render the window offscreen with ``game_id`` at deal ``seed`` (1 if not given, so that the
    pictures are the same every time), under ``options`` if given, to the PNG file ``out``,
    ignoring the user's settings and autosave."""
    gid = registry.resolve_id(game_id)
    target = Path(out)
    if not target.parent.is_dir():
        raise CompendiumError(f"cannot write the screenshot {target}: the folder "
                              f"{target.parent} does not exist")
    # Offscreen unless told otherwise: a screenshot needs no display, and must not flash a window.
    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = application()
    from .main_window import MainWindow

    width, height = size
    with tempfile.TemporaryDirectory(prefix="compendium-shot-") as folder:
        window = MainWindow(settings=temporary_settings(folder), autosave=False)
        window.table.set_animations(False)   # the picture shows the dealt table, not a card in flight
        # A narrow picture keeps the table and drops the rules if they would not fit beside it.
        if width < VERY_NARROW:
            window.act_show_rules.setChecked(False)
        window.resize(width, height)
        window.fit_panes(width)
        window.start(game=gid, seed=1 if seed is None else seed, options=options)   # no library drawer
        window.show()
        _settle(app)
        pixmap = window.grab()
        if (pixmap.width(), pixmap.height()) != (width, height):
            # Only below the window's minimum size (the table's own): keep the promised size.
            pixmap = pixmap.scaled(width, height, Qt.AspectRatioMode.IgnoreAspectRatio,
                                   Qt.TransformationMode.SmoothTransformation)
        window.close()
        window.deleteLater()
        _settle(app, 0)
    if not pixmap.save(str(target), "PNG"):
        raise CompendiumError(f"cannot write the screenshot {target}: the file could not be "
                              "written (check the folder's permissions and the free space)")


def _settle(app: QApplication, milliseconds: int = 150) -> None:
    """Run the event loop a little, so that pending layouts, resizes and paints are done."""
    app.processEvents()
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()
    app.sendPostedEvents()
    app.processEvents()
