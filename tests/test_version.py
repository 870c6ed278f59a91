"""The version has one source of truth, pyproject.toml, read through the package metadata."""
from __future__ import annotations

import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib import metadata

import pytest

import compendium
from tests.conftest import ROOT

PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
METAINFO = ROOT / "packaging" / "linux" / "io.github.compendium.Compendium.metainfo.xml"


def test_version_is_the_package_metadata_and_pyproject():
    # A mismatch means the installed metadata is stale: 'pip install -e .' again.
    assert compendium.__version__ == metadata.version("compendium") == PYPROJECT_VERSION


def test_the_newest_appstream_release_is_this_version():
    releases = ET.parse(METAINFO).getroot().find("releases")
    assert releases is not None
    newest = releases.find("release")
    assert newest is not None and newest.get("version") == PYPROJECT_VERSION, (
        f"add a <release version=\"{PYPROJECT_VERSION}\"> at the top of {METAINFO.name}")


def test_a_source_tree_never_installed_reads_pyproject(monkeypatch):
    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", not_installed)
    assert compendium._read_version() == PYPROJECT_VERSION


def test_without_metadata_or_pyproject_the_version_says_unknown(monkeypatch, tmp_path):
    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", not_installed)
    fake_init = tmp_path / "compendium" / "__init__.py"
    monkeypatch.setattr(compendium, "__file__", str(fake_init))
    assert compendium._read_version() == "0.0.0+unknown"


def test_unknown_attributes_are_still_errors():
    with pytest.raises(AttributeError, match="no_such_thing"):
        compendium.no_such_thing  # noqa: B018


def test_starting_does_not_read_the_metadata():
    """Reading the version costs ~100 ms: the command line reads it only for --version."""
    code = ("import sys, compendium, compendium.cli as cli\n"
            "cli.build_parser().parse_args(['--list'])\n"
            "print('__version__' in vars(compendium), 'importlib.metadata' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "False"]


def test_version_flag_prints_the_version():
    proc = subprocess.run([sys.executable, "-m", "compendium", "--version"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout == f"compendium {PYPROJECT_VERSION}\n", proc.stderr
