#!/usr/bin/env python3
"""Start-up to the first painted table: the installed program (or a bundle) beside the source tree.

    python3 packaging/startup_time.py [--binary /usr/bin/compendium] [--runs 7] [--json]

Each run starts fresh processes, interleaved so that a busy moment hurts all alike:

* ``bare``: a bare PySide6 window (the benchmark's reference, ``compendium.bench``);
* ``bench``: the benchmark's own start-up probe, run from the source tree;
* ``source``: ``python -m compendium --startup-probe`` from the source tree;
* ``binary``: ``BINARY --startup-probe``, the installed program.

``--startup-probe`` does what the benchmark's probe does (the same window, game, deal and
settings) and prints when the table is first painted; the time is from starting the process to
that line.  As the benchmark does, the source tree's modules are compiled to bytecode first.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compendium import bench  # noqa: E402


def time_command(command: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """Seconds from starting ``command`` to its 'painted' line, and its peak RSS in MB."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    _out, err = proc.communicate(timeout=60)
    if not line.startswith("painted"):
        raise RuntimeError(f"{' '.join(command)}: no first paint: {err.strip()[-500:]}")
    return elapsed, int(line.split()[1]) / 1024.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="/usr/bin/compendium", help="the installed program (default %(default)s)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    bench._precompile()
    probes = {
        "bare": lambda: bench._time_process(bench._BARE),
        "bench": lambda: bench._time_process(bench._APP),
        "source": lambda: time_command([sys.executable, "-m", "compendium", "--startup-probe"], cwd=ROOT),
        "binary": lambda: time_command([args.binary, "--startup-probe"], cwd=Path("/")),
    }
    times: dict[str, list[float]] = {name: [] for name in probes}
    rss: dict[str, float] = {name: 0.0 for name in probes}
    for name, probe in probes.items():   # one unmeasured run each: the disk cache warms up
        probe()
    for _ in range(args.runs):
        for name, probe in probes.items():
            seconds, peak = probe()
            times[name].append(seconds)
            rss[name] = max(rss[name], peak)
    result = {name: {"median_s": statistics.median(values), "min_s": min(values), "max_s": max(values),
                     "rss_mb": rss[name]} for name, values in times.items()}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        bare = result["bare"]["median_s"]
        for name, figures in result.items():
            print(f"{name:<7} median {figures['median_s']:.3f} s  (min {figures['min_s']:.3f}, "
                  f"max {figures['max_s']:.3f}; {figures['median_s'] / bare:.2f}x bare)  "
                  f"peak RSS {figures['rss_mb']:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
