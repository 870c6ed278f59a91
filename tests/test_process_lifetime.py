"""The application's processes end with it, however it ends (issue 19).

The real application is started as a user starts it (``python -m compendium``, offscreen, in a
session of its own so that every process it makes can be found), with the computer in a seat
and thinking.  Killed with SIGKILL mid-thought, nothing of it may be left two seconds later: not
the worker process the computer thinks in, not multiprocessing's resource tracker.  Sent
SIGTERM or SIGINT, it closes as Quit closes it: the settings, the autosave and the statistics
written, exit status 0, and again nothing left behind."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

STARTUP_TIMEOUT_S = 90   # a loaded machine with two cores may take long to start Qt


def _env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(COMPENDIUM_DATA_DIR=str(data), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
               # a process that hangs is stopped with SIGABRT, and says where each thread was
               PYTHONFAULTHANDLER="1")
    return env


def _stat(pid: int) -> tuple[str, int, str, int, float]:
    """(name, parent, state, session, CPU seconds) of a process, from /proc."""
    text = Path(f"/proc/{pid}/stat").read_text()
    name, rest = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return name, int(rest[1]), rest[0], int(rest[3]), (int(rest[11]) + int(rest[12])) / ticks


def processes_of_session(sid: int) -> dict[int, tuple[str, int, str, float]]:
    """Every live process (zombies are dead) of the session ``sid``: pid -> (name, parent,
    state, CPU seconds)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name, parent, state, session, cpu = _stat(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue   # ended meanwhile
        if session == sid and state not in ("Z", "X"):
            found[int(entry.name)] = (name, parent, state, cpu)
    return found


def _start(data: Path, *args: str) -> subprocess.Popen[str]:
    # No welcome dialog: the table is on show at once, as for a returning player.
    settings = data / "settings.ini"
    extra = settings.read_text() if settings.exists() else ""
    settings.write_text("[welcome]\nshow=false\n" + extra)
    return subprocess.Popen([sys.executable, "-m", "compendium", *args], cwd=data, env=_env(data),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def _until(condition, timeout: float, what: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if proc.poll() is not None:
            pytest.fail(f"the application ended before {what}: {proc.communicate()[1][-3000:]}")
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def _end_everything(sid: int) -> None:
    """Whatever the test's outcome, leave no process behind."""
    try:
        os.killpg(sid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for pid in processes_of_session(sid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_sigkill_mid_thought_leaves_no_process(tmp_path):
    # The player sits at White (the second seat), so the computer opens at its strongest level:
    # about two seconds of thought on this machine.
    (tmp_path / "settings.ini").write_text("[seats]\ncheckers=1\n[computer]\nlevel=3\n")
    proc = _start(tmp_path, "--game", "checkers", "--seed", "1")
    try:
        def thinking() -> bool:
            # the resource tracker is up, and the worker is busy: running, with more CPU time
            # than its start-up imports take (about 0.3 s).  Not much more: under a loaded
            # machine the search's wall-clock cap (4 s) may end it with little CPU time.
            others = {pid: p for pid, p in processes_of_session(proc.pid).items() if pid != proc.pid}
            return len(others) >= 2 and any(p[1] == proc.pid and p[2] == "R" and p[3] >= 0.45
                                            for p in others.values())
        _until(thinking, STARTUP_TIMEOUT_S, "the computer started thinking", proc)
        before = processes_of_session(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 2.0
        left = processes_of_session(proc.pid)
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = processes_of_session(proc.pid)
        assert not left, f"still alive 2 s after SIGKILL: {left} (before the kill: {before})"
    finally:
        _end_everything(proc.pid)
        proc.communicate(timeout=30)


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_sigterm_and_sigint_close_as_quit_does(tmp_path, signal_number):
    proc = _start(tmp_path, "--game", "canfield_or_klondike", "--seed", "4")
    autosave, stats = tmp_path / "autosaves" / "canfield_or_klondike.json", tmp_path / "stats.sqlite"
    try:
        _until(lambda: autosave.exists() and stats.exists(), STARTUP_TIMEOUT_S, "the table was dealt", proc)
        time.sleep(0.5)
        assert "geometry" not in (tmp_path / "settings.ini").read_text()   # written on closing
        proc.send_signal(signal_number)
        try:
            _out, err = proc.communicate(timeout=STARTUP_TIMEOUT_S)   # closing is slow on a loaded machine too
        except subprocess.TimeoutExpired:
            # how the process held its signals (blocked, ignored, caught: hexadecimal masks, bit
            # n-1 for signal n), then every thread's stack from the fault handler
            try:
                held = [line for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines()
                        if line.startswith(("SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"))]
            except OSError:
                held = ["(no /proc status)"]
            proc.send_signal(signal.SIGABRT)
            try:
                _out, err = proc.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                err = "(no answer to SIGABRT either)"
            pytest.fail(f"{signal_number.name} did not close the application; its signals: "
                        f"{'; '.join(held)}; where it was:\n{err[-8000:]}")
        assert proc.returncode == 0, (proc.returncode, err[-3000:])
        assert "Traceback" not in err, err
        # What Quit writes: the window's settings, the game, the statistics closed (SQLite
        # folds its write-ahead log back into the file and removes it on a clean close).
        assert "geometry" in (tmp_path / "settings.ini").read_text()
        record = json.loads(autosave.read_text())
        assert (record["game"], record["seed"]) == ("canfield_or_klondike", 4)
        assert not (tmp_path / "stats.sqlite-wal").exists(), "the statistics were not closed"
        # A process in the middle of its exit when the application's own ended (its memory
        # already gone, reparented to init) is given the moment it needs, as after SIGKILL.
        deadline = time.monotonic() + 2.0
        left = processes_of_session(proc.pid)
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = processes_of_session(proc.pid)
        assert not left, f"still alive 2 s after the application closed: {left}"
    finally:
        _end_everything(proc.pid)
        if proc.poll() is None:
            proc.communicate(timeout=30)


SESSION_SCRIPT = """
import sys
from PySide6.QtCore import SIGNAL, QTimer
from compendium.ui import quit_signals
from compendium.ui.app import application
from compendium.ui.main_window import MainWindow

app = application()
quit_signals.install(app)
window = MainWindow()
window.start(game="canfield_or_klondike", seed=4)
window.show()
print("receivers", app.receivers(SIGNAL("commitDataRequest(QSessionManager&)")), flush=True)
# what the session manager's request runs (a QSessionManager cannot be made here)
QTimer.singleShot(300, lambda: quit_signals._session_ends(None))
sys.exit(app.exec())
"""


def test_logging_out_closes_the_window_as_quit_does(tmp_path):
    (tmp_path / "settings.ini").write_text("[welcome]\nshow=false\n")
    done = subprocess.run([sys.executable, "-c", SESSION_SCRIPT], cwd=tmp_path, env=_env(tmp_path), check=False,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "receivers 1" in done.stdout     # the session manager's request is answered
    assert "geometry" in (tmp_path / "settings.ini").read_text()
    assert json.loads((tmp_path / "autosaves" / "canfield_or_klondike.json").read_text())["seed"] == 4
    assert not (tmp_path / "stats.sqlite-wal").exists(), "the statistics were not closed"
