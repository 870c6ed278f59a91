"""Shared test set-up: Qt runs offscreen, settings and data go to a temporary folder."""
from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QUICK_BACKEND", "software")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# Garbage collection between tests, not inside them. A test worker's heap grows to 300,000-450,000
# objects, and one full collection of it costs 0.2-0.6 s of CPU on this kind of machine: when
# Python starts one inside a test that times its own work, the test pays for every earlier test
# (Checkers' random play, 10 ms of moves, failed a CI run so). So each test runs on a frozen heap
# (the collector walks only what the test itself made), and the heap is collected in full between
# tests, every COLLECT_EVERY of them (the garbage of a few hundred tests is a few megabytes).
COLLECT_EVERY = 200
_tests_run = 0


def pytest_runtest_setup(item: object) -> None:
    gc.freeze()


def pytest_runtest_teardown(item: object, nextitem: object) -> None:
    global _tests_run
    gc.unfreeze()
    _tests_run += 1
    if _tests_run % COLLECT_EVERY == 0:
        gc.collect()
