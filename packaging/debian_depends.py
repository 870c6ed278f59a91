#!/usr/bin/env python3
"""Work out the Debian ``Depends`` of the PyInstaller bundle, as dpkg-shlibdeps would.

    python3 packaging/debian_depends.py build/dist/compendium [--explain]

The bundle carries Python, Qt and most libraries they use.  What it does not carry is what the
program loads from the system: the C library, OpenGL/EGL, libxcb and the Wayland client
libraries.  This script reads the direct dependencies (ELF ``NEEDED`` entries) of every file in
the bundle, keeps those that no file of the bundle provides, and names the Debian package of
each: by asking dpkg which installed package holds it, or, for a library not installed on the
build machine, by Debian's naming rule for library packages (``libwayland-egl.so.1`` is in
``libwayland-egl1``), checked against apt's package lists.  ``libc6`` gets a minimum version:
the newest ``GLIBC_`` symbol version that any file of the bundle asks for.

One package is added by hand: ``libfontconfig1``.  The bundle has its own copy of the
fontconfig library, but that library reads the system's configuration and fonts, which come with
libfontconfig1 (through fontconfig-config and its font dependency); without any font Qt draws
no text.

Prints the comma-separated list.  Exits 1 naming any library whose package it cannot find.
"""
from __future__ import annotations

import argparse
import platform
import re
import subprocess
import sys
from pathlib import Path

EXTRA = {"libfontconfig1": "the system's fontconfig configuration and a font, read by the bundled fontconfig"}
_NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[(.+?)\]")
_GLIBC = re.compile(r"Name: GLIBC_(\d+(?:\.\d+)+)")


def elf_files(bundle: Path) -> list[Path]:
    found = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def dynamic_sections(files: list[Path]) -> dict[Path, str]:
    """readelf's dynamic section and symbol versions of each file, read in one run."""
    out = subprocess.run(["readelf", "-W", "-d", "-V", *map(str, files)], capture_output=True, text=True,
                         check=True).stdout
    if len(files) == 1:
        return {files[0]: out}
    sections = {}
    for chunk in out.split("\nFile: ")[1:] if not out.startswith("File: ") else ("\n" + out).split("\nFile: ")[1:]:
        name, _, body = chunk.partition("\n")
        sections[Path(name.strip())] = body
    return sections


def system_library_paths() -> dict[str, str]:
    """soname -> path, from the dynamic linker's cache; on a multiarch system, the path of this
    machine's own architecture (``/lib/x86_64-linux-gnu/...``) wins over the others."""
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    native = f"/{platform.machine()}-linux-gnu/"
    paths: dict[str, str] = {}
    for line in out.splitlines()[1:]:
        name, _, rest = line.strip().partition(" ")
        path = rest.rpartition("=> ")[2]
        if name not in paths or (native in path and native not in paths[name]):
            paths[name] = path
    return paths


def dpkg_owners(paths: list[str]) -> dict[str, str]:
    """path -> the installed package holding it, for those dpkg knows (one dpkg-query run).
    Debian 12 records the files of merged-/usr packages at their /lib paths, so each path is
    asked as the linker cache gives it and as resolved."""
    asked = {candidate: path for path in paths for candidate in (path, str(Path(path).resolve()))}
    if not asked:
        return {}
    out = subprocess.run(["dpkg-query", "-S", *asked], capture_output=True, text=True).stdout
    owners: dict[str, str] = {}
    for line in out.splitlines():
        package, _, found = line.partition(": ")
        if found.strip() in asked:
            owners.setdefault(asked[found.strip()], package.split(":")[0].split(",")[0].strip())
    return owners


def package_by_name_rule(soname: str) -> str:
    """Debian policy 8.1: the package of ``libfoo.so.N`` is ``libfooN``, and ``libfoo-N`` when
    the name ends in a digit."""
    stem, _, version = soname.partition(".so.")
    stem = stem.lower()
    return f"{stem}-{version.split('.')[0]}" if stem[-1].isdigit() else f"{stem}{version.split('.')[0]}"


def apt_known(packages: list[str]) -> set[str]:
    """Those of ``packages`` that apt's package lists have (one apt-cache run)."""
    if not packages:
        return set()
    out = subprocess.run(["apt-cache", "show", "--no-all-versions", *packages], capture_output=True,
                         text=True).stdout
    return {line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("Package:")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--explain", action="store_true", help="say, on stderr, why each package is there")
    args = parser.parse_args(argv)

    files = elf_files(args.bundle)
    if not files:
        print(f"{args.bundle}: no ELF files: is it a PyInstaller bundle?", file=sys.stderr)
        return 1
    provided = {p.name for p in args.bundle.rglob("*")}
    needed: dict[str, list[Path]] = {}
    glibc = (2, 0)
    sections = dynamic_sections(files)
    if set(sections) != set(files):
        print("could not read the dynamic sections of every file with readelf", file=sys.stderr)
        return 1
    for path, text in sections.items():
        for name in _NEEDED.findall(text):
            if name not in provided:
                needed.setdefault(name, []).append(path)
        for version in _GLIBC.findall(text):
            glibc = max(glibc, tuple(int(part) for part in version.split(".")))

    system = system_library_paths()
    owners = dpkg_owners([system[name] for name in needed if name in system])
    unowned = [name for name in needed if owners.get(system.get(name, "")) is None]
    known = apt_known(sorted({package_by_name_rule(name) for name in unowned}))
    packages: dict[str, set[str]] = {}
    missing = []
    for soname in sorted(needed):
        package = owners.get(system.get(soname, ""))
        if package is None and package_by_name_rule(soname) in known:
            package = package_by_name_rule(soname)
        if package is None:
            missing.append(soname)
        else:
            packages.setdefault(package, set()).add(soname)
    if missing:
        for soname in missing:
            users = ", ".join(str(p.relative_to(args.bundle)) for p in needed[soname][:3])
            print(f"no Debian package found for {soname} (needed by {users})", file=sys.stderr)
        return 1
    depends = []
    for package in sorted(set(packages) | set(EXTRA)):
        if package == "libc6":
            depends.append(f"libc6 (>= {'.'.join(map(str, glibc))})")
        else:
            depends.append(package)
        if args.explain:
            why = ", ".join(sorted(packages[package])) if package in packages else EXTRA[package]
            print(f"{package}: {why}", file=sys.stderr)
    print(", ".join(depends))
    return 0


if __name__ == "__main__":
    sys.exit(main())
