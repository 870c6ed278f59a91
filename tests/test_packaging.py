"""The packaging helpers that run without building anything (the build itself is tested by
packaging/test_package.sh, which CI runs after this suite), and the installation checks the
program offers: ``--self-test`` and ``--startup-probe``."""
from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from types import ModuleType

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter

from compendium import selfcheck
from compendium.games import registry
from tests.conftest import ROOT


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


shot = load("check_screenshot")
depends = load("debian_depends")


# -- Debian's names for library packages --------------------------------------------------------
@pytest.mark.parametrize("soname, package", [
    ("libwayland-egl.so.1", "libwayland-egl1"),
    ("libwayland-cursor.so.0", "libwayland-cursor0"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),    # a name ending in a digit takes a hyphen
    ("libGL.so.1", "libgl1"),
    ("libxcb.so.1", "libxcb1"),
    ("libfontconfig.so.1.12.0", "libfontconfig1"),
])
def test_package_name_rule(soname, package):
    assert depends.package_by_name_rule(soname) == package


# -- reading the screenshot without Qt -------------------------------------------------------------
def test_png_reader_matches_qt_pixel_for_pixel(qapp, tmp_path):
    """Noise, gradients and flat areas make Qt's encoder use every PNG filter."""
    rng = random.Random(7)
    image = QImage(97, 61, QImage.Format.Format_RGB32)
    for y in range(61):
        for x in range(97):
            if x < 30:
                colour = QColor(rng.randrange(256), rng.randrange(256), rng.randrange(256))
            elif x < 60:
                colour = QColor((x * 4) % 256, (y * 4) % 256, (x + y) % 256)
            else:
                colour = QColor(20, 90, 40)
            image.setPixelColor(x, y, colour)
    for alpha in (False, True):
        path = tmp_path / f"noise-{alpha}.png"
        picture = image.convertToFormat(QImage.Format.Format_ARGB32) if alpha else image
        assert picture.save(str(path), "PNG")
        width, height, rows = shot.read_png(path)
        assert (width, height) == (97, 61)
        for y in range(height):
            for x in range(width):
                c = image.pixelColor(x, y)
                assert tuple(rows[y][3 * x:3 * x + 3]) == (c.red(), c.green(), c.blue()), (x, y, alpha)


def test_png_reader_refuses_other_files(tmp_path):
    path = tmp_path / "x.png"
    path.write_bytes(b"GIF89a")
    with pytest.raises(ValueError, match="not a PNG"):
        shot.read_png(path)


def paint_table(size: tuple[int, int], cards: int) -> QImage:
    image = QImage(*size, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    for y in range(size[1]):   # a cloth with some texture, as the baize has
        for x in range(0, size[0], 10):
            painter.fillRect(QRect(x, y, 10, 1), QColor(20 + x // 10 % 12, 80 + y % 23, 45 + (x // 10 + y) % 7))
    for i in range(cards):
        card = QRect(20 + i * 90, 40, 70, 100)
        painter.fillRect(card, QColor(252, 250, 245))
        painter.setPen(QColor(180, 30, 40))
        painter.drawText(card, 0, "A\u2665 K\u2666 Q\u2665")
    painter.end()
    return image


def test_a_table_passes_and_a_blank_window_fails(qapp, tmp_path, capsys):
    table = tmp_path / "table.png"
    assert paint_table((700, 560), 7).save(str(table))
    assert shot.main([str(table), "700x560"]) == 0
    assert shot.main([str(table), "800x600"]) == 1
    assert "expected 800x600" in capsys.readouterr().err

    no_cards = tmp_path / "empty.png"
    assert paint_table((700, 560), 0).save(str(no_cards))
    assert shot.main([str(no_cards), "700x560"]) == 1
    err = capsys.readouterr().err
    assert "white card faces" in err and "red" in err

    blank = QImage(700, 560, QImage.Format.Format_RGB32)
    blank.fill(QColor("#ece8dc"))
    path = tmp_path / "blank.png"
    assert blank.save(str(path))
    assert shot.main([str(path), "700x560"]) == 1
    assert "distinct colours" in capsys.readouterr().err


# -- CI -------------------------------------------------------------------------------------------------
def test_ci_runs_the_readme_test_command_then_the_packaging_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.+?)\n```", quick_start)
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands[1] in ci
    packaging = next(i for i, line in enumerate(ci) if line.endswith("bash packaging/test_package.sh"))
    assert ci.index(commands[1]) < packaging
    assert ci[packaging].startswith('PYTHON="$PWD/.venv/bin/python"'), "the packaging test uses the same environment"


def test_the_build_tools_are_pinned():
    lines = [line for line in (ROOT / "packaging" / "requirements.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    assert any(line.startswith("pyinstaller==") for line in lines)
    assert all("==" in line for line in lines)


# -- compendium --self-test and --startup-probe ---------------------------------------------------------
def run_compendium(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "compendium", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=180)


def test_self_test_passes_here():
    proc = run_compendium("--self-test")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    names = [line.split()[1].rstrip(":") for line in proc.stdout.splitlines() if line.startswith("ok ")]
    assert names == ["version", "games", "qt", "physics", "dds", "worker"]
    assert "canfield_or_klondike" in proc.stdout and proc.stdout.rstrip().endswith("all passed")


def test_self_test_reports_a_missing_rules_page(monkeypatch, capsys):
    monkeypatch.setattr(registry, "rules_markdown", lambda game_id: None)
    monkeypatch.setattr(selfcheck, "CHECKS", tuple(c for c in selfcheck.CHECKS if c[0] == "games"))
    assert selfcheck.run() == 1
    out = capsys.readouterr().out
    assert "FAILED games" in out and "rules page" in out and "1 of 1 failed" in out


def test_self_test_reports_a_physics_library_that_does_not_work(monkeypatch, capsys):
    from compendium.games.cue import physics
    from compendium.games.cue.physics import ShotResult
    # a broken Chipmunk (a bundle that left it behind, or a stray build): the ball runs through
    monkeypatch.setattr(physics, "simulate", lambda balls, cue, stroke: ShotResult(
        final={name: (x, y) for name, x, y in balls}, events=(), duration=0.0))
    monkeypatch.setattr(selfcheck, "CHECKS", tuple(c for c in selfcheck.CHECKS if c[0] == "physics"))
    assert selfcheck.run() == 1
    assert "FAILED physics" in capsys.readouterr().out


def test_startup_probe_paints_and_exits():
    proc = run_compendium("--startup-probe")
    assert proc.returncode == 0, proc.stderr
    word, peak = proc.stdout.split()
    assert word == "painted" and int(peak) > 10_000   # KiB: Qt and a window are tens of MB
    assert "--startup-probe" not in run_compendium("--help").stdout   # not a user's command


def test_self_test_reports_a_dds_library_that_miscounts(monkeypatch, capsys):
    from compendium.ai.tricks import dds_engine
    if not dds_engine.available():
        pytest.skip("the DDS library is not installed")
    monkeypatch.setattr(dds_engine, "solve_board", lambda *args: [(args[0][0][0], 1)])
    monkeypatch.setattr(selfcheck, "CHECKS", tuple(c for c in selfcheck.CHECKS if c[0] == "dds"))
    assert selfcheck.run() == 1
    assert "FAILED dds" in capsys.readouterr().out
