"""Compendium: the games of the old books, with their laws and a live table side by side."""
from __future__ import annotations

from importlib import metadata as _metadata

try:  # one source of truth for the version: the installed package metadata
    __version__ = _metadata.version("compendium")
except _metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
