"""What the parlour games' computer players share."""
from __future__ import annotations

import zlib
from typing import Any


def view_digest(view: Any) -> int:
    """A number that depends on the public view only (hidden faces are ``None`` in it)."""
    return zlib.crc32(repr(view).encode("utf-8"))

