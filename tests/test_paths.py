"""The application's files are found with importlib.resources: the package's ``resources`` folder
in a wheel or a bundle, the checkout's top-level ``resources`` folder in a source tree."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from compendium import paths
from tests.conftest import ROOT


@pytest.fixture(autouse=True)
def fresh() -> None:
    paths.resources.cache_clear()
    yield
    paths.resources.cache_clear()


def test_a_source_checkout_uses_its_own_resources_folder() -> None:
    assert paths.resources() == ROOT / "resources"
    assert paths.rules_dir() == ROOT / "resources" / "rules"
    text = paths.resource_text("rules", "canfield_or_klondike.md")
    assert text is not None and text.startswith("# ")
    assert paths.resource_text("rules", "no_such_game.md") is None


def test_an_installed_package_uses_the_resources_inside_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "compendium"
    (package / "resources" / "rules").mkdir(parents=True)
    (package / "resources" / "glossary.md").write_text("# Glossary\n", encoding="utf-8")
    monkeypatch.setattr(paths, "files", lambda name: package)
    assert paths.resources_dir() == package / "resources"
    assert paths.resource_text("glossary.md") == "# Glossary\n"


def test_resources_in_an_archive_are_read_but_have_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "app.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("compendium/resources/rules/x.md", "# X\n")
    monkeypatch.setattr(paths, "files", lambda name: zipfile.Path(archive, "compendium/"))
    assert paths.resource_text("rules", "x.md") == "# X\n"
    with pytest.raises(TypeError):
        paths.resources_dir()
