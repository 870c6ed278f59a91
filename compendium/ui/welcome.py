"""The welcome shown at start-up: three ways in (a patience, a card game against the computer, the
rules of a game) and a box to stop it showing.

The dialog only says what was chosen (``chosen`` and ``choice``); the main window does it.  The
games offered are picked from the registry when the dialog is made, so that it offers what is
playable in this version.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings, QSize, Qt, Signal
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import QCheckBox, QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..core.game import Family
from ..games import registry
from ..paths import resources_dir

__all__ = ["PATIENCE", "VERSUS", "RULES", "SETTINGS_KEY", "WelcomeChoice", "WelcomeDialog",
           "should_show", "suggested_patience", "suggested_opponent_game"]

PATIENCE, VERSUS, RULES = "patience", "versus", "rules"
SETTINGS_KEY = "welcome/dontShow"

FIRST_PATIENCE = "canfield_or_klondike"   # the patience most people know, as Klondike
# Card games against the computer, the easiest to pick up first; after these, any playable card
# game for two or more in the catalogue's order.
FIRST_OPPONENT_GAMES = ("scotch_whist", "all_fours", "napoleon", "piquet", "draw_poker")
CARD_FAMILIES = (Family.TRICK_TAKING, Family.BANKING, Family.OTHER)

_GREEN = "#1f4a2c"
_STYLE = f"""
#welcome {{ background-color: #ece8dc; }}
#welcomeTitle {{ color: {_GREEN}; }}
#welcomeIntro {{ color: #3b3c33; }}
QPushButton#choice {{
    background-color: #fbf8f0; border: 1px solid #c9c2ab; border-radius: 10px;
    text-align: left; padding: 0px;
}}
QPushButton#choice:hover {{ background-color: #f6f2e6; border-color: #2f6b3d; }}
QPushButton#choice:focus {{ border: 2px solid #2f6b3d; }}
QPushButton#choice:pressed {{ background-color: #ebe6d6; }}
QPushButton#choice:disabled {{ background-color: #f1eee6; border-color: #d8d3c4; }}
QLabel#choiceMark {{ color: {_GREEN}; }}
QLabel#choiceMark[red="true"] {{ color: #a3262a; }}
QLabel#choiceTitle {{ color: #23241f; }}
QLabel#choiceDetail {{ color: #55564c; }}
QLabel#choiceMark:disabled, QLabel#choiceTitle:disabled, QLabel#choiceDetail:disabled {{ color: #a8a497; }}
"""


@dataclass(frozen=True, slots=True)
class WelcomeChoice:
    """What the player chose: ``kind`` is PATIENCE, VERSUS or RULES; ``game_id`` the game to
    show (for RULES, the page to open the rules pane at)."""

    kind: str
    game_id: str


def _truthy(value: object) -> bool:
    # An ini file gives back "true"/"false" strings; the native formats give back booleans.
    return value is True or (isinstance(value, str) and value.lower() in ("true", "1", "yes"))


def should_show(settings: QSettings) -> bool:
    """Whether to show the welcome at start-up: until the player ticks "Don't show this again"."""
    return not _truthy(settings.value(SETTINGS_KEY, False))


def suggested_patience() -> str | None:
    playable = registry.playable_ids()
    if FIRST_PATIENCE in playable:
        return FIRST_PATIENCE
    return next((g for g in playable if registry.info(g).family is Family.PATIENCE), None)


def suggested_opponent_game() -> str | None:
    """A card game that can be played against the computer now, or None if there is none yet."""
    playable = registry.playable_ids()
    for gid in FIRST_OPPONENT_GAMES:
        if gid in playable:
            return gid
    return next((g for g in playable if registry.info(g).family in CARD_FAMILIES
                 and registry.info(g).max_seats >= 2), None)


class _ChoiceButton(QPushButton):
    """A large button: a mark, a title and a line that says what it leads to."""

    def __init__(self, mark: str, title: str, detail: str, parent: QWidget, *, red_mark: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("choice")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setMinimumHeight(84)
        self.setAccessibleName(title)
        self.setAccessibleDescription(detail)

        serif = QFont("Georgia")
        serif.setStyleHint(QFont.StyleHint.Serif)
        mark_font = QFont(serif)
        mark_font.setPointSize(26)
        title_font = QFont(self.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.3)
        title_font.setBold(True)

        self.mark = QLabel(mark, self)
        self.mark.setObjectName("choiceMark")
        self.mark.setProperty("red", red_mark)
        self.mark.setFont(mark_font)
        self.mark.setFixedWidth(64)
        self.mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title = QLabel(title, self)
        self.title.setObjectName("choiceTitle")
        self.title.setFont(title_font)
        self.detail = QLabel(detail, self)
        self.detail.setObjectName("choiceDetail")
        self.detail.setWordWrap(True)
        for label in (self.mark, self.title, self.detail):
            # The labels are drawing only: clicks and hovering belong to the button.
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

        text = QVBoxLayout()
        text.setSpacing(2)
        text.addStretch(1)
        text.addWidget(self.title)
        text.addWidget(self.detail)
        text.addStretch(1)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 10, 18, 10)
        row.setSpacing(8)
        row.addWidget(self.mark)
        row.addLayout(text, 1)

    def sizeHint(self) -> QSize:
        # A QPushButton sizes itself to its own (empty) text; take the labels' needs instead.
        hint = self.layout().sizeHint()
        return QSize(max(hint.width(), 420), max(hint.height(), self.minimumHeight()))


class WelcomeDialog(QDialog):
    """The welcome.  ``chosen(kind, game_id)`` is emitted when the player picks a way in; the
    "Don't show this again" box is saved in ``settings`` however the dialog is closed."""

    chosen = Signal(str, str)

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        self.setWindowTitle("Welcome to Compendium")
        self.setStyleSheet(_STYLE)
        self.settings = settings
        self.choice: WelcomeChoice | None = None

        icon = QLabel(self)
        icon.setObjectName("welcomeIcon")
        icon.setPixmap(QIcon(str(resources_dir() / "icons" / "compendium.svg")).pixmap(QSize(64, 64)))
        icon.setFixedSize(64, 64)
        serif = QFont("Georgia")
        serif.setStyleHint(QFont.StyleHint.Serif)
        title_font = QFont(serif)
        title_font.setPointSize(22)
        title = QLabel("Welcome to Compendium", self)
        title.setObjectName("welcomeTitle")
        title.setFont(title_font)
        intro = QLabel("The games of the old books, with their laws beside a table to play them on. "
                       "Where would you like to begin?", self)
        intro.setObjectName("welcomeIntro")
        intro.setWordWrap(True)
        heading_text = QVBoxLayout()
        heading_text.setSpacing(4)
        heading_text.addWidget(title)
        heading_text.addWidget(intro)
        heading = QHBoxLayout()
        heading.setSpacing(16)
        heading.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        heading.addLayout(heading_text, 1)

        patience = suggested_patience()
        opponent = suggested_opponent_game()
        self.patience_button = _ChoiceButton(
            "\N{BLACK SPADE SUIT}", "Play a patience",
            self._describe(patience, "one player against the run of the cards")
            if patience else "No patience is ready to play yet.", self)
        self.versus_button = _ChoiceButton(
            "\N{BLACK HEART SUIT}", "Play cards against the computer",
            self._describe(opponent, "the computer takes the other seats")
            if opponent else "No card game against the computer is ready yet: "
                             "the patiences and the rules are.", self, red_mark=True)
        self.rules_button = _ChoiceButton(
            "\N{SECTION SIGN}", "Read the rules of a game",
            f"The laws of all {len(registry.all_games())} games, by family or in the order of "
            "the book, with search.", self)
        self.patience_button.setEnabled(patience is not None)
        self.versus_button.setEnabled(opponent is not None)
        first = patience or opponent or (registry.playable_ids() or (registry.all_games()[0].id,))[0]
        self.patience_button.clicked.connect(lambda: self._choose(PATIENCE, patience or first))
        self.versus_button.clicked.connect(lambda: self._choose(VERSUS, opponent or first))
        self.rules_button.clicked.connect(lambda: self._choose(RULES, first))

        self.dont_show = QCheckBox("Don't show this again", self)
        self.dont_show.setObjectName("dontShow")
        self.dont_show.setChecked(not should_show(settings))
        self.close_button = QPushButton("Close", self)
        self.close_button.setObjectName("welcomeClose")
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)
        footer = QHBoxLayout()
        footer.addWidget(self.dont_show)
        footer.addStretch(1)
        footer.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 24, 28, 20)
        layout.setSpacing(12)
        layout.addLayout(heading)
        layout.addSpacing(6)
        for button in (self.patience_button, self.versus_button, self.rules_button):
            layout.addWidget(button)
        layout.addSpacing(4)
        layout.addLayout(footer)

        # Keyboard: the first choice that can be taken has the focus; Tab and the arrows move on.
        for button in (self.patience_button, self.versus_button, self.rules_button):
            if button.isEnabled():
                button.setDefault(True)
                button.setFocus(Qt.FocusReason.OtherFocusReason)
                break
        self.setMinimumWidth(560)

    @staticmethod
    def _describe(game_id: str, note: str) -> str:
        info = registry.info(game_id)
        return f"{info.name}: {info.summary}" if info.summary else f"{info.name}: {note}."

    def _choose(self, kind: str, game_id: str) -> None:
        self.choice = WelcomeChoice(kind, game_id)
        self.accept()
        self.chosen.emit(kind, game_id)

    def done(self, result: int) -> None:
        # Saved on every way out: a choice, Close, Escape or the window's close button.
        self.settings.setValue(SETTINGS_KEY, self.dont_show.isChecked())
        self.settings.sync()
        super().done(result)
