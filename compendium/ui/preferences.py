"""The Preferences dialog: the deck and the cloth (Edit > Preferences…, Ctrl+,).

Each choice shows a small picture of what it gives (a fanned run of cards in the deck, a swatch
of the cloth); the table changes as soon as a choice is made, and the choice is kept in the
settings (``appearance/deck``, ``appearance/cloth``)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QBrush, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from .table import appearance
from .table.card_renderer import aspect, shared_renderer
from .table.cloth import cloth_tile
from .table.items import CardItem

SAMPLE = ("10S", "9H", "6D", "QC")


def deck_sample(deck: str, width: int = 46, dpr: float = 1.0) -> QPixmap:
    """Four cards of ``deck`` fanned downwards by the deck's own step, as a pile shows them."""
    step = appearance.DECKS[deck].v_step * width
    h = round(width * aspect + step * (len(SAMPLE) - 1))
    pixmap = QPixmap(round((width + 2) * dpr), round((h + 2) * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    for k, key in enumerate(SAMPLE):
        painter.drawPixmap(QPointF(0, round(k * step)), shared_renderer().pixmap(key, width, dpr, deck=deck))
    painter.end()
    return pixmap


def cloth_sample(name: str, size: int = 40) -> QPixmap:
    colour = appearance.CLOTHS[name].colour
    tile = cloth_tile(colour.red(), colour.green(), colour.blue())
    pixmap = QPixmap(size, size)
    painter = QPainter(pixmap)
    painter.fillRect(0, 0, size, size, QBrush(tile))
    painter.end()
    return pixmap


class PreferencesDialog(QDialog):
    def __init__(self, parent: QWidget | None, table: Any = None, settings: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.table = table
        self.settings = settings
        layout = QVBoxLayout(self)

        decks = QGroupBox("Cards")
        grid = QGridLayout(decks)
        self.deck_group = QButtonGroup(self)
        dpr = self.devicePixelRatioF()
        for col, deck in enumerate(appearance.DECKS.values()):
            button = QRadioButton(deck.title)
            button.setObjectName(f"deck-{deck.name}")
            button.setChecked(deck.name == appearance.current_deck().name)
            self.deck_group.addButton(button)
            picture = QLabel()
            picture.setPixmap(deck_sample(deck.name, dpr=dpr))
            grid.addWidget(picture, 0, col, Qt.AlignmentFlag.AlignHCenter)
            grid.addWidget(button, 1, col, Qt.AlignmentFlag.AlignHCenter)
            button.toggled.connect(lambda on, name=deck.name: on and self.choose(deck=name))
        layout.addWidget(decks)

        cloths = QGroupBox("Cloth")
        row = QGridLayout(cloths)
        self.cloth_group = QButtonGroup(self)
        for col, cloth in enumerate(appearance.CLOTHS.values()):
            button = QRadioButton(cloth.title)
            button.setObjectName(f"cloth-{cloth.name}")
            button.setIcon(QIcon(cloth_sample(cloth.name)))
            button.setIconSize(QSize(28, 28))
            button.setChecked(cloth.name == appearance.current_cloth().name)
            self.cloth_group.addButton(button)
            row.addWidget(button, 0, col)
            button.toggled.connect(lambda on, name=cloth.name: on and self.choose(cloth=name))
        layout.addWidget(cloths)

        note = QLabel("The large index shows a big rank and suit side by side in each corner: "
                      "easier to read from a distance or on a small screen.")
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)

    def choose(self, deck: str | None = None, cloth: str | None = None) -> None:
        appearance.choose(deck, cloth, self.settings)
        if self.table is not None:
            refresh_table(self.table)


def refresh_table(table: Any) -> None:
    """Draw ``table`` again in the deck and cloth now chosen: every card's picture, the fans'
    steps (a deck has its own), and the cloth."""
    for item in table.scene().items():
        if isinstance(item, CardItem):
            item.refresh()
    if getattr(table, "controller", None) is not None:
        size = table.viewport().size()
        table.controller.fit(size.width(), size.height())
        table.sync(animate=False)
    table.resetCachedContent()
    table.viewport().update()


def open_preferences(parent: QWidget | None, table: Any = None, settings: Any = None) -> PreferencesDialog:
    """Show the Preferences dialog (modeless) for ``table``; the choices are saved in
    ``settings`` (the application's own when not given)."""
    if settings is None:
        from .app import open_settings
        settings = open_settings()
    dialog = PreferencesDialog(parent, table, settings)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
