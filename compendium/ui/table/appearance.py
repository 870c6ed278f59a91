"""What the cards and the cloth look like: the chosen deck and cloth, kept in the settings.

Two decks: our ``classic`` one (rank over a small suit in each corner) and ``large``, whose big
rank and suit stand side by side across each corner, for reading at a distance or on a small
screen.  A deck also says how far a fanned card must show for its index (rank *and* suit) to
be read: the pile layouts fan by these steps and never close a fan up below them.

Three cloths: the green baize, a claret and a slate blue.

The choice is saved under the settings keys ``appearance/deck`` and ``appearance/cloth``;
``load`` reads them (the main window calls it with its settings at start), ``choose`` changes
and saves them, and every table reads ``current_deck()`` and ``current_cloth()``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtGui import QColor

DECK_KEY = "appearance/deck"
CLOTH_KEY = "appearance/cloth"


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    v_step: float      # a face-up card's step in a fan spread up or down, in card widths
    v_min: float       # ... and the least that still shows its rank and suit
    h_step: float      # the same for a fan spread sideways
    h_min: float


@dataclass(frozen=True)
class Cloth:
    name: str
    title: str
    colour: QColor


DECKS: dict[str, Deck] = {
    # the classic index is rank over suit within the top 0.32 of the width, 0.2 wide
    "classic": Deck("classic", "Classic", v_step=0.36, v_min=0.33, h_step=0.28, h_min=0.24),
    # the large index is a big rank and suit side by side: 0.27 high, 0.41 wide
    "large": Deck("large", "Large index", v_step=0.32, v_min=0.29, h_step=0.44, h_min=0.42),
}
CLOTHS: dict[str, Cloth] = {
    "baize": Cloth("baize", "Green baize", QColor(22, 82, 52)),
    "claret": Cloth("claret", "Claret", QColor(92, 26, 38)),
    "slate": Cloth("slate", "Slate blue", QColor(34, 56, 84)),
}

_state = {"deck": "classic", "cloth": "baize"}
_listeners: list[Callable[[], None]] = []


def current_deck() -> Deck:
    return DECKS[_state["deck"]]


def current_cloth() -> Cloth:
    return CLOTHS[_state["cloth"]]


def load(settings: Any) -> None:
    """Take the deck and cloth from ``settings`` (a ``QSettings``); unknown names are ignored."""
    deck, cloth = settings.value(DECK_KEY, "classic"), settings.value(CLOTH_KEY, "baize")
    _set(str(deck) if deck in DECKS else "classic", str(cloth) if cloth in CLOTHS else "baize")


def choose(deck: str | None = None, cloth: str | None = None, settings: Any = None) -> None:
    """Change the deck and/or the cloth, save them in ``settings`` when given, and tell the
    tables (``on_change``)."""
    if deck is not None and deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}")
    if cloth is not None and cloth not in CLOTHS:
        raise ValueError(f"unknown cloth {cloth!r}")
    _set(deck or _state["deck"], cloth or _state["cloth"])
    if settings is not None:
        settings.setValue(DECK_KEY, _state["deck"])
        settings.setValue(CLOTH_KEY, _state["cloth"])
        settings.sync()


def _set(deck: str, cloth: str) -> None:
    changed = (deck, cloth) != (_state["deck"], _state["cloth"])
    _state["deck"], _state["cloth"] = deck, cloth
    if changed:
        for listener in list(_listeners):
            listener()


def on_change(callback: Callable[[], None]) -> Callable[[], None]:
    """Call ``callback`` whenever the deck or cloth changes; returns the function that stops it."""
    _listeners.append(callback)
    return lambda: _listeners.remove(callback) if callback in _listeners else None
