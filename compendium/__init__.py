"""Compendium: the games of the old books, with their laws and a live table side by side."""
from __future__ import annotations

from pathlib import Path


def _read_version() -> str:
    """The version, whose one source of truth is the package metadata (written from
    pyproject.toml when the package is installed, and copied into the PyInstaller bundle)."""
    from importlib import metadata
    try:
        return metadata.version("compendium")
    except metadata.PackageNotFoundError:
        pass
    # A source tree that was never installed: the metadata is not written yet, but the
    # pyproject.toml it would be written from is beside the package.
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib
        with pyproject.open("rb") as handle:
            version = tomllib.load(handle)["project"]["version"]
    except (OSError, KeyError, ValueError):
        return "0.0.0+unknown"
    return str(version)


def __getattr__(name: str) -> str:
    # Read on first use only: importlib.metadata costs tens of milliseconds at start-up, and only
    # About and --version ask.
    if name == "__version__":
        version = _read_version()
        globals()["__version__"] = version
        return version
    raise AttributeError(f"module 'compendium' has no attribute {name!r}")
