"""The settings file checked before anything reads it (issue 25).

The settings file is the player's to edit (an ini file on Linux), and it can be damaged like any
other file: a number such as ``nan`` or ``1e999`` for the computer's level, a deeply nested value
where a game's options are kept, a folder name of a megabyte, a saved window layout cut short.
Each of those used to stop the application from starting, or freeze it.  ``check_settings``
looks at every value the application reads once, at start-up, before any of it is used: a bad
value is removed, so the application reads its default instead, and a line says which was
replaced.  The window says the lines once (a replaced value is gone, so the next start is
silent).

The saved window layout (``QMainWindow.saveState``) cannot be checked by looking at it: a count
damaged inside it makes Qt loop for minutes.  So the window writes a checksum beside it
(``window_state_check``), and a layout without a matching checksum is not restored.
"""
from __future__ import annotations

import json
import re
import zlib
from collections.abc import Callable
from typing import Any

from ..core.errors import excerpt
from ..core.game import LEVELS

__all__ = ["check_settings", "window_state_check", "STATE_KEY", "STATE_CHECK_KEY"]

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
STATE_CHECK_KEY = "window/stateCheck"
MAX_LAYOUT_BYTES = 16_384     # a main window's geometry or layout is a few hundred bytes
MAX_PATH = 4_096              # Linux's PATH_MAX; longer is no folder
MAX_NAME = 255                # a single folder name, in bytes (NAME_MAX)
MAX_OPTIONS_TEXT = 10_000     # a game's options: a handful of short values
MAX_TEXT = 200                # a game id, a mode's name

_INT = re.compile(r"[+-]?\d{1,9}")
_TRUE, _FALSE = ("true", "1", "yes"), ("false", "0", "no")
Check = Callable[[Any], bool]


def window_state_check(state: bytes) -> str:
    """The checksum written beside a saved window layout."""
    return f"{zlib.crc32(bytes(state)):08x}"


def _is_bool(value: Any) -> bool:
    # The ini format gives back "true"/"false" text; the native formats give back booleans.
    return isinstance(value, bool) or (isinstance(value, str) and value.lower() in _TRUE + _FALSE)


def _int_in(lo: int, hi: int) -> Check:
    def check(value: Any) -> bool:
        if isinstance(value, bool):
            return False
        if isinstance(value, str):
            if not _INT.fullmatch(value.strip()):
                return False         # "nan", "1e999", thousands of digits: none is a whole number
            value = int(value)
        return isinstance(value, int) and lo <= value <= hi
    return check


def _text(choices: tuple[str, ...] | None = None, limit: int = MAX_TEXT) -> Check:
    def check(value: Any) -> bool:
        return (isinstance(value, str) and len(value) <= limit and "\0" not in value
                and (choices is None or value in choices))
    return check


def _folder(value: Any) -> bool:
    if not isinstance(value, str) or "\0" in value or len(value) > MAX_PATH:
        return False
    return all(len(part.encode("utf-8", "surrogatepass")) <= MAX_NAME for part in value.split("/"))


def _options(value: Any) -> bool:
    """A game's options as the window writes them: a JSON object of plain values."""
    if not isinstance(value, str) or len(value) > MAX_OPTIONS_TEXT:
        return False
    if not value:
        return True
    try:
        data = json.loads(value)
    except (ValueError, RecursionError):      # RecursionError: nested thousands deep
        return False
    return isinstance(data, dict) and all(
        value is None or isinstance(value, (str, int, float, bool)) for value in data.values())


def _layout(value: Any) -> bool:
    return _as_bytes(value) is not None


def _as_bytes(value: Any) -> bytes | None:
    try:
        data = bytes(value) if value is not None and not isinstance(value, (str, int)) else None
    except (TypeError, ValueError):
        return None
    return data if data is not None and 0 < len(data) <= MAX_LAYOUT_BYTES else None


def _decks() -> tuple[str, ...]:
    from .table import appearance
    return tuple(appearance.DECKS)


def _cloths() -> tuple[str, ...]:
    from .table import appearance
    return tuple(appearance.CLOTHS)


# Every value the application reads, with what it must be.  The groups hold one key a game.
FIXED: dict[str, Callable[[], Check]] = {
    GEOMETRY_KEY: lambda: _layout,
    STATE_KEY: lambda: _layout,
    STATE_CHECK_KEY: lambda: _text(limit=8),
    "view/rules": lambda: _is_bool,
    "view/rulesFollow": lambda: _is_bool,
    "view/libraryOffered": lambda: _is_bool,
    "view/rulesWidth": lambda: _int_in(0, 100_000),
    "library/grouping": lambda: _text(),
    "table/animations": lambda: _is_bool,
    "table/autoFoundation": lambda: _is_bool,
    "table/clickToMove": lambda: _is_bool,
    "table/liveSolver": lambda: _is_bool,
    "table/trick_pause_ms": lambda: _int_in(0, 10_000),
    "computer/level": lambda: _int_in(min(LEVELS), max(LEVELS)),
    "game/last": lambda: _text(),
    "files/folder": lambda: _folder,
    "welcome/dontShow": lambda: _is_bool,
    "appearance/deck": lambda: _text(_decks()),
    "appearance/cloth": lambda: _text(_cloths()),
}
GROUPS: dict[str, Callable[[], Check]] = {
    "options": lambda: _options,
    "seats": lambda: _int_in(0, 15),
}


def _shown(value: Any) -> str:
    data = _as_bytes(value) if not isinstance(value, str) else None
    return f"<{len(data)} bytes>" if data is not None else excerpt(value, 30)


def check_settings(settings: Any) -> list[str]:
    """Remove every value of ``settings`` (a ``QSettings``) the application could not use, so
    that its default is read instead; one line for each, naming the setting and the value."""
    replaced: list[str] = []

    def drop(key: str, value: Any) -> None:
        settings.remove(key)
        replaced.append(f"{key} ({_shown(value)})")

    keys = set(settings.allKeys())
    for key, make in FIXED.items():
        if key in keys:
            value = _read(settings, key)
            if not make()(value):
                drop(key, value)
    for group, make in GROUPS.items():
        check = make()
        for key in sorted(k for k in keys if k.startswith(group + "/")):
            value = _read(settings, key)
            if len(key) > MAX_TEXT + len(group) or not check(value):
                drop(key, value)
    # The window layout is restored only with the checksum it was saved with (see above).
    state = _as_bytes(_read(settings, STATE_KEY)) if settings.contains(STATE_KEY) else None
    if state is not None:
        check = _read(settings, STATE_CHECK_KEY)
        if check != window_state_check(state):
            settings.remove(STATE_KEY)
            settings.remove(STATE_CHECK_KEY)
            if check is not None:        # a layout of an older version has none: not damage
                replaced.append(f"{STATE_KEY} (damaged)")
    if replaced:
        settings.sync()
    return replaced


def _read(settings: Any, key: str) -> Any:
    try:
        return settings.value(key)
    except (ValueError, OverflowError, RecursionError, TypeError):
        return _Unreadable()


class _Unreadable:
    """A value Qt could not even hand over."""

    def __repr__(self) -> str:
        return "<unreadable>"


def notice(replaced: list[str]) -> str:
    """What the window says about the values replaced (once)."""
    return ("Some settings could not be used and were put back to their defaults: "
            + ", ".join(replaced[:6]) + (f" and {len(replaced) - 6} more" if len(replaced) > 6 else "")
            + ".")
