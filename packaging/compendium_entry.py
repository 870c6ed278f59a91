"""The bundle's entry point: PyInstaller freezes this script into the ``compendium`` executable.

The AI worker runs in a process started with the "spawn" method; in a frozen program that child is
this same executable, and ``freeze_support`` is what turns it into the worker instead of a second
copy of the application (PyInstaller makes it work on every platform, not only Windows)."""
import multiprocessing
import sys

from compendium.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
