"""Compendium: the games of the old books, with their laws and a live table side by side."""
from __future__ import annotations


def __getattr__(name: str) -> str:
    # The version's one source of truth is the package metadata.  It is read on first use only:
    # importlib.metadata costs tens of milliseconds at start-up, and only About and --version ask.
    if name == "__version__":
        from importlib import metadata
        try:
            version = metadata.version("compendium")
        except metadata.PackageNotFoundError:  # a source tree that was never installed
            version = "0.0.0+source"
        globals()["__version__"] = version
        return version
    raise AttributeError(f"module 'compendium' has no attribute {name!r}")
