"""How big the cards are and how much of the cloth the layout uses: ``python -m compendium.bench_layout``.

Every playable card game is dealt in the real main window at three screen sizes (the rules
pane showing, the library drawer shut), and the script prints the card width in pixels and the
share of the cloth the layout's bounding box covers, in the dimension that binds (the larger of
the width and height shares: a layout that is wider than tall fills the width).  The goal
(issue 17): no card narrower than 56 px at 1366x768 and every layout covering at least 60 % of
the cloth.

``--bare`` measures a bare table of about the size the window gives it instead (quicker, and
it runs on a checkout whose window lays the table out differently, to compare).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from .core.game import Special

# screen size -> about the table's size in the window there (rules pane open, library drawer
# shut), for --bare
SCREENS: dict[str, tuple[int, int]] = {
    "1024x700": (739, 626),
    "1366x768": (993, 694),
    "1920x1080": (1495, 1006),
}
CARD_KINDS = ("patience", "poker_patience", "tricks", "bezique", "euchre_loo", "cribbage", "draw_poker",
              "baccarat", "pope_joan", "banking_cards")
MIN_CARD_AT_1366 = 56.0
MIN_COVERAGE = 0.60


@dataclass(frozen=True)
class Measure:
    game: str
    screen: str
    table: tuple[int, int]
    card: float            # the width of most cards on the table, in logical pixels
    smallest: float        # the narrowest card shown
    coverage: float        # the layout's share of the cloth, in the binding dimension
    width_share: float
    height_share: float


def card_games() -> list[str]:
    from .games import registry
    out = []
    for info in registry.all_games():
        if registry.status(info.id).value != "playable":
            continue
        game = registry.get_game(info.id)
        if getattr(game, "table_kind", "") in CARD_KINDS:
            out.append(info.id)
    return out


def measure_table(table: Any, game_id: str, screen: str) -> Measure:
    """The figures of what ``table`` shows now."""
    from PySide6.QtCore import QRectF

    from .ui.table.items import BannerItem, CardItem, PileItem
    scene = table.scene()
    widths: list[float] = []
    box = QRectF()
    for item in scene.items():
        if isinstance(item, CardItem) and item.isVisible():
            widths.append(round(item.width, 1))
            box = box.united(item.sceneBoundingRect())
        elif isinstance(item, PileItem):
            box = box.united(item.mapRectToScene(item.rect()))
        elif item.parentItem() is None and item.isVisible() and not isinstance(item, BannerItem):
            # the rest of the layout: names, panels, buttons, boards
            box = box.united(item.sceneBoundingRect())
    if not widths and table.controller is not None:
        # no card dealt yet (a stake comes first): the card width the table is laid out for
        widths.append(round(float(getattr(table.controller, "unit", 0.0)), 1))
    size = table.viewport().size()
    w, h = size.width(), size.height()
    box = box.intersected(QRectF(0, 0, w, h))
    common = Counter(widths).most_common(1)[0][0] if widths else 0.0
    ws, hs = box.width() / w if w else 0.0, box.height() / h if h else 0.0
    return Measure(game_id, screen, (w, h), common, min(widths, default=0.0), max(ws, hs), ws, hs)


def your_turn(table: Any) -> bool:
    """Whether ``table`` shows what a player sees at the first turn: the computer seats have
    acted (a stake, a deal, the first tricks) and none is thinking.  Measured before that, a
    table may still be laid out for no cards dealt (Pope Joan's cards are larger then)."""
    if table.computer_thinking:
        return False
    session = table.session
    return session is None or table.human_to_move or session.to_move() is Special.TERMINAL


def wait_for_your_turn(table: Any, app: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    app.processEvents()
    while not your_turn(table) and time.monotonic() < deadline:
        time.sleep(0.005)
        app.processEvents()


def measure_all(games: list[str] | None = None, seed: int = 3, window: bool = True) -> list[Measure]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from .ui.app import application
    app = application()
    out: list[Measure] = []
    ids = games or card_games()
    if window:
        import tempfile

        from .ui.app import temporary_settings
        from .ui.main_window import MainWindow
        folder = tempfile.TemporaryDirectory()
        # no autosave and settings of its own: the figures must not depend on the user's window
        win = MainWindow(settings=temporary_settings(folder.name), autosave=False, statistics=False)
        win.act_animations.setChecked(False)
        win.show()
        for screen in SCREENS:
            sw, sh = (int(v) for v in screen.split("x"))
            win.resize(sw, sh)
            for gid in ids:
                win.table.new_game(gid, seed=seed)
                wait_for_your_turn(win.table, app)
                out.append(measure_table(win.table, gid, screen))
        win.close()
        folder.cleanup()
        return out
    from .ui.table.view import TableWidget
    table = TableWidget()
    table.set_animations(False)
    table.show()
    for screen, (tw, th) in SCREENS.items():
        table.resize(tw, th)
        app.processEvents()
        for gid in ids:
            table.new_game(gid, seed=seed)
            wait_for_your_turn(table, app)
            out.append(measure_table(table, gid, screen))
    table.shutdown()
    table.close()
    return out


def report(rows: list[Measure]) -> str:
    games = list(dict.fromkeys(r.game for r in rows))
    by = {(r.game, r.screen): r for r in rows}
    head = f"{'game':<26}" + "".join(f"{s + ' card':>16}{'cover':>7}" for s in SCREENS)
    lines = [head]
    for g in games:
        cells = []
        for s in SCREENS:
            r = by.get((g, s))
            cells.append(f"{'':>16}{'':>7}" if r is None else
                         f"{r.card:>12.0f} px {r.coverage:>6.0%}")
        lines.append(f"{g:<26}" + "".join(cells))
    small = [r for r in rows if r.screen == "1366x768" and r.card < MIN_CARD_AT_1366]
    thin = [r for r in rows if r.coverage < MIN_COVERAGE]
    lines.append("")
    lines.append(f"cards below {MIN_CARD_AT_1366:.0f} px at 1366x768: "
                 + (", ".join(f"{r.game} ({r.card:.0f})" for r in small) or "none"))
    lines.append(f"layouts covering less than {MIN_COVERAGE:.0%}: "
                 + (", ".join(f"{r.game}@{r.screen} ({r.coverage:.0%})" for r in thin) or "none"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m compendium.bench_layout",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--bare", action="store_true", help="measure a bare table, not the window")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("games", nargs="*", help="game ids (default: every playable card game)")
    args = parser.parse_args(argv)
    rows = measure_all(args.games or None, args.seed, window=not args.bare)
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        print(report(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
