"""Where the application's own files are: the rules pages and other resources."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def resources_dir() -> Path:
    """``compendium/resources`` in an installed package (or a bundle), else the source tree's
    top-level ``resources`` folder."""
    for candidate in (_PACKAGE / "resources", _PACKAGE.parent / "resources"):
        if (candidate / "rules").is_dir():
            return candidate
    return _PACKAGE.parent / "resources"


def rules_dir() -> Path:
    return resources_dir() / "rules"
