"""The command line: start the application, list the games, render a screenshot, play a demo."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence

from . import __version__
from .core.errors import CompendiumError


def _size(text: str) -> tuple[int, int]:
    try:
        w, _, h = text.lower().partition("x")
        width, height = int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 1600x1000") from None
    if not (200 <= width <= 8192 and 200 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must be between 200 and 8192")
    return width, height


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal number (a whole number, 0 or more)")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="compendium",
        description="The games of the old books: the laws of each game beside a live table.")
    p.add_argument("--version", action="version", version=f"compendium {__version__}")
    p.add_argument("--list", action="store_true", help="list every game id, name, family and status")
    p.add_argument("--json", action="store_true", help="with --list: print JSON")
    p.add_argument("--screenshot", nargs=2, metavar=("GAME", "OUT.png"),
                   help="render the window offscreen with GAME on the table, to a PNG file")
    p.add_argument("--demo", metavar="GAME", help="play a whole game headless, the computer in every seat")
    p.add_argument("--record", metavar="OUT.json", help="with --demo: save the game's record")
    p.add_argument("--seed", type=_seed, help="the deal number")
    p.add_argument("--size", type=_size, default=(1600, 1000), metavar="WxH",
                   help="with --screenshot: window size (default 1600x1000)")
    p.add_argument("--game", metavar="GAME", help="start the application with GAME on the table")
    p.add_argument("file", nargs="?", help="a saved game to open")
    return p


def cmd_list(as_json: bool) -> int:
    from .games import registry
    rows = [{"id": i.id, "name": i.name, "family": i.family.value, "status": registry.status(i.id).value,
             "seats": [i.min_seats, i.max_seats], "aliases": list(i.aliases), "source": i.source}
            for i in registry.all_games()]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        width = max(len(r["id"]) for r in rows)
        for r in rows:
            print(f"{r['id']:<{width}}  {r['status']:<9}  {r['family']:<16}  {r['name']}")
    return 0


def cmd_demo(game_name: str, seed: int | None, record_path: str | None) -> int:
    from .core import records
    from .core.rng import fresh_seed
    from .demo import play_demo
    from .games import registry
    game = registry.get_game(game_name)
    seed = fresh_seed() if seed is None else seed
    result = play_demo(game, seed)
    record = result.session.record(demo=True)
    text = records.dumps(record)
    if record_path:
        records.write_atomic(record_path, text)
    else:
        print(text, end="")
    print(f"{game.info.name}, deal {seed}: {result.summary} ({result.steps} moves)")
    return 0


def _need_display() -> str | None:
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                                                 or os.environ.get("QT_QPA_PLATFORM")):
        return ("compendium: no display found (DISPLAY and WAYLAND_DISPLAY are not set).\n"
                "Start it from a desktop session, or set QT_QPA_PLATFORM=offscreen to run it headless.")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.list:
            return cmd_list(args.json)
        if args.demo:
            return cmd_demo(args.demo, args.seed, args.record)
        if args.screenshot:
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
            from .ui.app import screenshot
            game, out = args.screenshot
            screenshot(game, Path(out), seed=args.seed, size=args.size)
            print(f"wrote {out}")
            return 0
        problem = _need_display()
        if problem:
            print(problem, file=sys.stderr)
            return 2
        from .ui.app import run_gui
        return run_gui(game=args.game, seed=args.seed, file=args.file)
    except CompendiumError as exc:
        print(f"compendium: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output was piped into 'head' and so on: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"compendium: {exc.filename or 'error'}: {exc.strerror}", file=sys.stderr)
        return 2
