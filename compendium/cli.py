"""The command line: start the application, list the games, render a screenshot, play a demo."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence

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
    from .core.rng import MAX_SEED  # the record format's limit too

    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal number (a whole number, 0 or more)")
    if len(text) > len(str(MAX_SEED)) + 1 or int(text) > MAX_SEED:   # (no huge int() of a long text)
        raise argparse.ArgumentTypeError(f"{text} is too large: deal numbers go from 0 to {MAX_SEED} (2^63 - 1)")
    return int(text)


class _VersionAction(argparse.Action):
    """``--version``: the version is read from the package metadata only when asked, since reading
    it costs ~100 ms that every start of the application would otherwise pay."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        import compendium
        print(f"compendium {compendium.__version__}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="compendium",
        description="The games of the old books: the laws of each game beside a live table.")
    p.add_argument("--version", action=_VersionAction, help="print the version and exit")
    p.add_argument("--list", action="store_true", help="list every game id, name, family and status")
    p.add_argument("--json", action="store_true", help="with --list: print JSON")
    p.add_argument("--screenshot", nargs=2, metavar=("GAME", "OUT.png"),
                   help="render the window offscreen with GAME on the table, to a PNG file")
    p.add_argument("--demo", metavar="GAME", help="play a whole game headless, the computer in every seat")
    p.add_argument("--record", metavar="OUT.json", help="with --demo: save the game's record")
    p.add_argument("--seed", type=_seed, metavar="N", help="the deal number (0 to 2^63 - 1)")
    p.add_argument("--size", type=_size, default=(1600, 1000), metavar="WxH",
                   help="with --screenshot: window size (default 1600x1000)")
    p.add_argument("--game", metavar="GAME", help="start the application with GAME on the table")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="with --game, --demo or --screenshot: deal the game with this option "
                        "(e.g. points=50; repeat it for more; a wrong one lists the choices)")
    p.add_argument("--install-desktop-entry", action="store_true",
                   help="add Compendium and its icon to your desktop's menus (XDG folders, for you alone)")
    p.add_argument("--uninstall-desktop-entry", action="store_true",
                   help="remove what --install-desktop-entry added")
    p.add_argument("--self-test", action="store_true",
                   help="check this installation: rules pages, Qt plugins, the computer's worker process")
    # For measuring start-up (packaging/startup_time.py): not a user's command.
    p.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
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


def game_options(game_name: str, texts: Sequence[str]) -> dict[str, object]:
    """The ``--option NAME=VALUE`` texts as ``game_name``'s options (every one checked, the
    game's defaults not filled in); raises ``NotationError`` (a ``CompendiumError``) for a bad one."""
    if not texts:
        return {}
    from .games import registry
    game = registry.get_game(game_name)
    options = dict(game.option_from_str(text) for text in texts)
    game.resolve_options(options)
    return options


def cmd_demo(game_name: str, seed: int | None, record_path: str | None, options: dict[str, object]) -> int:
    from .core import records
    from .core.rng import fresh_seed
    from .demo import play_demo
    from .games import registry
    game = registry.get_game(game_name)
    seed = fresh_seed() if seed is None else seed
    result = play_demo(game, seed, options or None)
    record = result.session.record(demo=True)
    text = records.dumps(record)
    if record_path:
        records.write_atomic(record_path, text)
    else:
        print(text, end="")
    print(f"{game.info.name}, deal {seed}: {result.summary} ({result.steps} moves)")
    return 0


def cmd_desktop_entry(add: bool) -> int:
    from . import desktop_entry
    home = desktop_entry.data_home()
    if add:
        done = desktop_entry.install(home)
        print(f"wrote {done.desktop_file}")
        print(f"wrote {len(done.icons)} icons in {home / 'icons' / 'hicolor'}")
        print("Compendium is now in your desktop's menu of games (some desktops show it only after "
              "you log in again); 'compendium --uninstall-desktop-entry' takes it away.")
    else:
        done = desktop_entry.uninstall(home)
        if done.desktop_file is None:
            print(f"there was no desktop entry to remove in {home / 'applications'}")
        else:
            print(f"removed {done.desktop_file}")
        print(f"removed {len(done.icons)} icons from {home / 'icons' / 'hicolor'}")
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
        if args.startup_probe:
            from .startup_probe import run as probe
            return probe()
        if args.self_test:
            from .selfcheck import run
            return run()
        if args.install_desktop_entry or args.uninstall_desktop_entry:
            if args.install_desktop_entry and args.uninstall_desktop_entry:
                print("compendium: --install-desktop-entry and --uninstall-desktop-entry cannot go together",
                      file=sys.stderr)
                return 2
            return cmd_desktop_entry(add=args.install_desktop_entry)
        named = args.demo or (args.screenshot[0] if args.screenshot else None) or args.game
        if args.option and not named:
            print("compendium: --option goes with --game, --demo or --screenshot (a saved game "
                  "keeps its own options)", file=sys.stderr)
            return 2
        options = game_options(named, args.option) if named else {}
        if args.demo:
            return cmd_demo(args.demo, args.seed, args.record, options)
        if args.screenshot:
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
            from .ui.app import screenshot
            game, out = args.screenshot
            screenshot(game, Path(out), seed=args.seed, size=args.size, options=options)
            print(f"wrote {out}")
            return 0
        problem = _need_display()
        if problem:
            print(problem, file=sys.stderr)
            return 2
        from .ui.app import run_gui
        return run_gui(game=args.game, seed=args.seed, file=args.file, options=options)
    except CompendiumError as exc:
        print(f"compendium: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output was piped into 'head' and so on: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"compendium: {exc.filename or 'error'}: {exc.strerror}", file=sys.stderr)
        return 2
