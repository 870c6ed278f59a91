"""Where the application's own files are: the rules pages, the glossary, the worked examples, the
icons and the word lists.

They are package data, found with ``importlib.resources`` as ``compendium/resources``: a wheel
carries them there (setup.py's build step copies the source tree's top-level ``resources/``
folder into the package) and so does the PyInstaller bundle (packaging/compendium.spec puts them
at ``compendium/resources`` beside the frozen package).  A source checkout run in place (an
editable install, or ``PYTHONPATH``) has no copy: its package's resources are the checkout's own
``resources/`` folder, beside the package.

This module imports nothing of the application, so every layer may use it.
"""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

__all__ = ["resource_text", "resources", "resources_dir", "rules_dir"]

_FOLDER = "resources"


@lru_cache(maxsize=1)
def resources() -> Traversable:
    """The resources folder of the package that is running."""
    package = files("compendium")
    packaged = package / _FOLDER
    if packaged.is_dir():
        return packaged
    # A source checkout: the package is a folder of the checkout (importlib gives a Path for it).
    if isinstance(package, Path):
        return package.parent / _FOLDER
    return packaged


def resources_dir() -> Path:
    """The resources folder as a path on disk, for what needs a file name (Qt's images and icons,
    SQLite): the application is never run from a zip archive, so the folder is always one."""
    folder = resources()
    if not isinstance(folder, Path):
        raise TypeError(f"the application's resources are not in a folder ({folder!r})")
    return folder


def rules_dir() -> Path:
    return resources_dir() / "rules"


def resource_text(*parts: str) -> str | None:
    """The text (UTF-8) of the resource file ``parts`` (e.g. ``"rules", "boston.md"``), or
    ``None`` when there is no such file or it cannot be read."""
    target = resources().joinpath(*parts)
    try:
        return target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
