"""The README tells the truth a reader can check (issue 19): its quick start is what CI runs and
works on a system Python that refuses ``pip install`` (PEP 668), everything it names is in the
repository, and its package sizes are checked against a real build (packaging/check_readme.py,
run by packaging/test_package.sh)."""
from __future__ import annotations

import importlib.util
import re

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def quick_start() -> list[str]:
    section = README[README.index("## Quick start"):README.index("\n## ", README.index("## Quick start") + 5)]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.DOTALL)]


def test_the_quick_start_is_two_commands_in_a_virtual_environment():
    first, second = quick_start()
    assert "\n" not in first and "\n" not in second
    for command in (first, second):
        for step in command.split("&&"):
            words = step.split()
            # PEP 668: a pip of the system's Python is refused on Debian and Ubuntu
            assert words[0] != "pip" and words[:3] != ["python3", "-m", "pip"], step
            assert not words[0].startswith("python") or words[0] == "python3" and "make_venv.py" in step \
                or words[0].startswith(".venv/"), step
    assert first.endswith("&& .venv/bin/compendium")


def test_ci_runs_what_the_readme_says():
    first, second = quick_start()
    install = first.rsplit("&& .venv/bin/compendium", 1)[0].strip()
    ci_lines = [line.strip() for line in CI.splitlines()]
    assert install in ci_lines, "the README's first command (up to starting the window) is not in .ci/run"
    assert second in ci_lines, "the README's second command is not in .ci/run verbatim"
    # the later steps use the same environment
    assert ".venv/bin/python -m pytest -m stress" in CI
    assert 'PYTHON="$PWD/.venv/bin/python" bash packaging/test_package.sh' in CI


def test_everything_the_readme_names_is_in_the_repository():
    # Markdown links and images, but not a link written out as an example inside `code`
    targets = re.findall(r"(?<!`)\[[^\]`]*\]\(([^)#\s]+)[^)]*\)", README)
    targets += re.findall(r"`((?:\.\./|packaging/|docs/|resources/|compendium/|tests/)[^`\s<>*]+)`", README)
    local = [t for t in targets if not re.match(r"[a-z]+://", t)]
    assert local, "no links found: the pattern is wrong"
    for target in local:
        assert not target.startswith("../"), f"the README points outside the repository: {target}"
        assert (ROOT / target).exists(), f"the README names {target}, which is not in the repository"


def _check_readme():
    spec = importlib.util.spec_from_file_location("check_readme", ROOT / "packaging" / "check_readme.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_states_the_package_sizes_and_they_are_checked_within_ten_percent():
    check = _check_readme()
    said = check.readme_sizes(README)
    assert check.size_problems(said, (said[0] * 1.05, said[1] * 0.95)) == []
    problems = check.size_problems(said, (said[0] * 1.2, said[1]))
    assert len(problems) == 1 and "package size" in problems[0]
    assert len(check.size_problems(said, (said[0], said[1] * 0.8))) == 1
    with pytest.raises(ValueError):
        check.readme_sizes("The package is small.")


def test_the_picture_check_counts_the_pixels_a_change_moves(tmp_path):
    from PySide6.QtGui import QColor, QImage

    check = _check_readme()
    picture = ROOT / check.PICTURE
    assert check.different_pixels(picture, picture) == 0.0
    image = QImage(str(picture))
    for x in range(100):
        for y in range(50):
            image.setPixelColor(x, y, QColor("red"))
    changed = tmp_path / "changed.png"
    image.save(str(changed))
    share = check.different_pixels(picture, changed)
    assert 0 < share <= 5000 / (image.width() * image.height())
    assert share > check.MAX_DIFFERENT_PIXELS            # a real change fails the check
    assert check.different_pixels(picture, tmp_path / "missing.png") == 1.0
