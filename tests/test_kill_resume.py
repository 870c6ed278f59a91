"""Kill the application with SIGKILL in the middle of a game, then start it again: it resumes the
exact position with its undo and redo history (issue 11).

A real process (tests/kill_driver.py) plays moves through the main window's table, autosaving
after each, and tells on stdout what every completed save held.  It is killed at random moments
— between moves, mid-save, mid-way through the computer's turn.  The next start must resume the
last completed save, or the one that was being written (the rename is atomic, so the file is
either the old one or the new one), never anything older, never a damaged file."""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from compendium.core.rng import SplitMix64
from compendium.games import registry

DRIVER = Path(__file__).with_name("kill_driver.py")
ROOT = Path(__file__).resolve().parent.parent
# a patience, and (once playable) a board game and a card game against the computer
GAMES = [g for g in ("canfield_or_klondike", "checkers", "chess", "napoleon", "dominoes_draw")
         if g in registry.playable_ids()]
TRIALS = 3


def _env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(COMPENDIUM_DATA_DIR=str(data), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""))
    return env


def _play_and_kill(game: str, seed: int, data: Path, delay: float) -> list[dict]:
    # A session of its own, so that the computer's worker process can be cleaned up after it.
    proc = subprocess.Popen([sys.executable, str(DRIVER), "play", game, str(seed)], env=_env(data),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    assert proc.stdout is not None
    # the window is up when the driver says so; a driver that never does fails, never hangs
    ready, _, _ = select.select([proc.stdout], [], [], 90)
    if not ready:
        proc.kill()
        pytest.fail(f"the driver did not start: {proc.communicate()[1][-2000:]}")
    first = proc.stdout.readline()
    assert first.strip() == "ready", (first, proc.stderr.read() if proc.poll() is not None else "")
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)      # the application dies at once, wherever it was
    proc.wait(timeout=30)
    try:   # its worker (the computer thinking) holds the output pipe open: end it too
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return [json.loads(line[6:]) for line in out.splitlines() if line.startswith("saved ")]


def _resume(data: Path) -> dict:
    done = subprocess.run([sys.executable, str(DRIVER), "resume"], env=_env(data), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game", GAMES)
def test_a_killed_game_resumes_exactly(game, tmp_path):
    gen = SplitMix64(len(game))
    for trial in range(TRIALS):
        data = tmp_path / f"trial{trial}"
        data.mkdir()
        delay = 0.3 + gen.below(2500) / 1000        # 0.3 s to 2.8 s into the game
        saves = _play_and_kill(game, 40 + trial, data, delay)
        assert saves, "the driver saved nothing before it was killed"
        resumed = _resume(data)
        got = {k: resumed[k] for k in ("game", "seed", "actions", "redo")}
        last = saves[-1]
        # The disk holds the last save reported, or the one being written when the kill came
        # (renamed into place before it could be reported): never an older one, never damage.
        assert resumed["seq"] in (last["seq"], last["seq"] + 1), (trial, resumed["seq"], last["seq"])
        assert resumed["disk"] == [got["actions"], got["redo"]], "the window did not resume the file"
        if resumed["seq"] == last["seq"]:
            assert got == {k: last[k] for k in ("game", "seed", "actions", "redo")}, trial
        else:
            assert got["game"] == last["game"]
        if game == "canfield_or_klondike":   # every move but the deal is the player's, and undoable
            assert resumed["can_undo"] == any(not a.startswith("deal ") for a in resumed["actions"])
        # nothing was set aside: the autosave was never damaged
        assert not list(data.glob("autosave*.bad*")) and not list(data.glob("*.corrupt*"))
