"""Make the virtual environment of the quick start, ``.venv``, with a pip in it, using nothing but
the Python of the system (the README's first command runs it).

    python3 packaging/make_venv.py [FOLDER]        (FOLDER: .venv beside this project)

Debian and Ubuntu mark their Python as managed by the system (PEP 668: ``pip install`` outside a
virtual environment is refused), and a fresh install of either lacks the ``python3-venv`` package,
without which ``python3 -m venv`` cannot put pip in the environment.  So: the environment is made
with pip if the system can; else without, and pip is put in it by the system's own pip if there is
one, else from the pip wheel on PyPI (a pinned version, checked against its SHA-256).  Stdlib only.
"""
from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
import tempfile
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIP_WHEEL = ("https://files.pythonhosted.org/packages/44/3c/d717024885424591d5376220b5e836c2d5293ce2011523c9de23ff7bf068/"
             "pip-25.3-py3-none-any.whl")
PIP_SHA256 = "9655943313a94722b7774661c21049070f6bbb0a1516bf02f7c8d5d9201514cd"


def has_pip(python: Path) -> bool:
    return subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True, check=False).returncode == 0


def system_pip_works() -> bool:
    """pip 22.3 and newer can install into another interpreter's environment (--python)."""
    done = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return False
    try:
        major, minor = (int(n) for n in done.stdout.split()[1].split(".")[:2])
    except (IndexError, ValueError):
        return False
    return (major, minor) >= (22, 3)


def pip_from_pypi(python: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        wheel = Path(folder) / PIP_WHEEL.rsplit("/", 1)[1]
        print(f"make_venv: fetching {wheel.name} from PyPI")
        with urllib.request.urlopen(PIP_WHEEL, timeout=120) as response:
            data = response.read()
        if hashlib.sha256(data).hexdigest() != PIP_SHA256:
            sys.exit(f"make_venv: {wheel.name} from PyPI is not the expected file (SHA-256 differs)")
        wheel.write_bytes(data)
        # A wheel is a zip file Python can run from: pip installs itself from its own wheel.
        subprocess.run([str(python), f"{wheel}/pip", "install", "--no-index", str(wheel)], check=True)


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else ROOT / ".venv"
    python = target / "bin" / "python"
    if python.exists() and has_pip(python):
        print(f"make_venv: {target} is ready")
        return 0
    # Without ensurepip (Debian and Ubuntu without python3-venv, whose venv then exits with
    # advice to install it): an environment without pip, pip added below.
    try:
        venv.create(target, with_pip=importlib.util.find_spec("ensurepip") is not None, clear=True)
    except (subprocess.CalledProcessError, OSError, SystemExit):
        venv.create(target, with_pip=False, clear=True)
    if not has_pip(python):
        if system_pip_works():
            subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "pip"], check=True)
        else:
            pip_from_pypi(python)
    if not has_pip(python):
        sys.exit(f"make_venv: could not put pip in {target}")
    print(f"make_venv: {target} is ready")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
