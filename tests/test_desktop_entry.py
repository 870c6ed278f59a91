"""The user install's desktop entry and icons (``compendium --install-desktop-entry``), always in a
temporary ``XDG_DATA_HOME``."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from compendium import desktop_entry as de
from compendium.core.errors import CompendiumError
from tests.conftest import ROOT

PACKAGED_ENTRY = ROOT / "packaging" / "linux" / de.DESKTOP_FILE
PACKAGED_ICONS = ROOT / "packaging" / "icons" / "hicolor"


def tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def entry_keys(text: str) -> dict[str, str]:
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


# -- where ------------------------------------------------------------------------------------
def test_data_home_follows_xdg_and_ignores_a_relative_path(tmp_path):
    assert de.data_home({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path
    default = Path.home() / ".local" / "share"
    assert de.data_home({}) == default
    assert de.data_home({"XDG_DATA_HOME": ""}) == default
    assert de.data_home({"XDG_DATA_HOME": "relative/share"}) == default


# -- what Exec runs ---------------------------------------------------------------------------
def test_launcher_is_the_bundle_executable_when_frozen(tmp_path):
    exe = tmp_path / "opt" / "compendium" / "compendium"
    assert de.launcher_command(argv0=str(exe), executable=str(exe), frozen=True) == [str(exe.resolve())]


def test_launcher_is_the_script_that_was_run(tmp_path):
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("compendium", "compendium-cli"):
        (bin_dir / name).write_text("#!/bin/sh\n")
    python = bin_dir / "python"
    assert de.launcher_command(argv0=str(bin_dir / "compendium"), executable=str(python),
                               frozen=False) == [str(bin_dir / "compendium")]
    # Run as the console script: the entry still starts the GUI script beside it.
    assert de.launcher_command(argv0=str(bin_dir / "compendium-cli"), executable=str(python),
                               frozen=False) == [str(bin_dir / "compendium")]


def test_launcher_is_python_dash_m_otherwise(tmp_path):
    python = tmp_path / "python3"
    main = ROOT / "compendium" / "__main__.py"
    assert de.launcher_command(argv0=str(main), executable=str(python), frozen=False) == \
        [str(python), "-m", "compendium"]
    # A 'compendium' that is not a file (a deleted script) does not count.
    assert de.launcher_command(argv0=str(tmp_path / "gone" / "compendium"), executable=str(python),
                               frozen=False) == [str(python), "-m", "compendium"]


@pytest.mark.parametrize("argument, quoted", [
    ("/usr/bin/compendium", "/usr/bin/compendium"),
    ("/home/ann/my games/bin/compendium", '"/home/ann/my games/bin/compendium"'),
    ("/opt/a$b", '"/opt/a\\\\$b"'),           # '$' takes a backslash, then backslashes double
    ('/opt/say "hi"', '"/opt/say \\\\"hi\\\\""'),
    ("C:\\Games\\compendium", '"C:\\\\\\\\Games\\\\\\\\compendium"'),
    ("/opt/100%", "/opt/100%%"),
    ("", '""'),
])
def test_exec_arguments_are_quoted_as_the_specification_says(argument, quoted):
    assert de.exec_quote(argument) == quoted


def test_exec_refuses_a_line_break():
    with pytest.raises(ValueError, match="line break"):
        de.exec_quote("/opt/a\nb")


def test_entry_matches_the_packaged_one_but_for_exec():
    ours = entry_keys(de.desktop_entry_text(["/opt/x/compendium"]))
    packaged = entry_keys(PACKAGED_ENTRY.read_text(encoding="utf-8"))
    assert ours.pop("Exec") == "/opt/x/compendium %f"
    assert packaged.pop("Exec") == "compendium %f"
    assert ours.pop(de.MARK_KEY) == "compendium --install-desktop-entry"
    assert ours == packaged


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_entry_validates(tmp_path):
    path = tmp_path / de.DESKTOP_FILE
    path.write_text(de.desktop_entry_text([sys.executable, "-m", "compendium"]), encoding="utf-8")
    proc = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


# -- the icons --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", de.ICON_SIZES)
def test_rendered_icon_is_the_committed_png(qapp, size):
    """The user install renders the icon the same way as the PNGs the package ships."""
    committed = QImage(str(PACKAGED_ICONS / f"{size}x{size}" / "apps" / "compendium.png"))
    rendered = de.render_icon(size)
    assert (rendered.width(), rendered.height()) == (size, size)
    assert rendered == committed.convertToFormat(rendered.format())


def test_small_sizes_use_the_pixel_grid_drawing():
    assert de.icon_source(16).name == "compendium-16.svg"
    assert de.icon_source(24).name == "compendium.svg"


def test_an_unreadable_icon_is_an_error_naming_it(qapp, tmp_path):
    bad = tmp_path / "broken.svg"
    bad.write_text("<svg", encoding="utf-8")
    with pytest.raises(CompendiumError, match="broken.svg"):
        de.render_icon(32, bad)


# -- install and uninstall ----------------------------------------------------------------------
def test_install_writes_entry_and_icons_and_uninstall_removes_exactly_them(qapp, tmp_path):
    home = tmp_path / "share"
    (home / "applications").mkdir(parents=True)
    other = home / "applications" / "other.desktop"
    other.write_text("[Desktop Entry]\nName=Other\n", encoding="utf-8")
    before = tree(home)

    done = de.install(home, ["/opt/Compendium Games/compendium"])
    assert done.desktop_file == home / "applications" / de.DESKTOP_FILE
    keys = entry_keys(done.desktop_file.read_text(encoding="utf-8"))
    assert keys["Exec"] == '"/opt/Compendium Games/compendium" %f'
    assert keys["Icon"] == "compendium"
    for size in de.ICON_SIZES:
        image = QImage(str(home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "compendium.png"))
        assert (image.width(), image.height()) == (size, size)
    scalable = home / "icons" / "hicolor" / "scalable" / "apps" / "compendium.svg"
    assert scalable.read_bytes() == (ROOT / "resources" / "icons" / "compendium.svg").read_bytes()
    assert set(done.icons) == {p for p in home.rglob("*") if p.is_file() and "icons" in p.parts}
    assert not list(home.rglob(".*.tmp"))

    de.install(home, ["/opt/Compendium Games/compendium"])   # again: overwrites, adds nothing
    assert len([p for p in home.rglob("*") if p.is_file()]) == 1 + len(done.icons) + 1

    removed = de.uninstall(home)
    assert removed.desktop_file == done.desktop_file
    assert set(removed.icons) == set(done.icons)
    assert tree(home) == before       # the other entry and the folder that was there stay
    assert other.read_text(encoding="utf-8").startswith("[Desktop Entry]")

    again = de.uninstall(home)         # nothing left to remove: says so, removes nothing
    assert again.desktop_file is None and again.icons == ()


def test_uninstall_leaves_an_entry_it_did_not_write(tmp_path):
    home = tmp_path / "share"
    foreign = home / "applications" / de.DESKTOP_FILE
    foreign.parent.mkdir(parents=True)
    foreign.write_text("[Desktop Entry]\nName=Compendium\nExec=/usr/bin/compendium\n", encoding="utf-8")
    with pytest.raises(CompendiumError, match="was not written by"):
        de.uninstall(home)
    assert foreign.exists()
    # On the command line: said plainly, and the file stays.
    env = dict(os.environ, XDG_DATA_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "compendium", "--uninstall-desktop-entry"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr == f"compendium: {foreign} was not written by 'compendium --install-desktop-entry'; " \
                          "it is left as it is\n"
    assert foreign.exists()


def test_command_line_install_and_uninstall(tmp_path):
    """As a user runs it: the command line, with XDG_DATA_HOME set, from any folder."""
    home = tmp_path / "data"
    env = dict(os.environ, XDG_DATA_HOME=str(home), PYTHONPATH=str(ROOT))
    env.pop("QT_QPA_PLATFORM", None)   # it needs no display: it sets offscreen for itself
    env.pop("DISPLAY", None)

    def run(flag: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "compendium", flag], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)

    added = run("--install-desktop-entry")
    assert added.returncode == 0, added.stderr
    entry = home / "applications" / de.DESKTOP_FILE
    assert str(entry) in added.stdout
    keys = entry_keys(entry.read_text(encoding="utf-8"))
    assert keys["Exec"] == f"{de.exec_quote(sys.executable)} -m compendium %f"
    assert (home / "icons" / "hicolor" / "48x48" / "apps" / "compendium.png").is_file()

    removed = run("--uninstall-desktop-entry")
    assert removed.returncode == 0, removed.stderr
    assert "removed" in removed.stdout
    assert not home.exists() or tree(home) == set()

    both = subprocess.run([sys.executable, "-m", "compendium", "--install-desktop-entry",
                           "--uninstall-desktop-entry"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert both.returncode == 2 and "cannot go together" in both.stderr
