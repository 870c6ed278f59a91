"""``compendium --self-test``: check that this installation has what it needs to run.

Meant for an installed package or a bundle, where a missing file or module shows only when a
player reaches it: the version (package metadata), every playable game's rules page and engine,
the Qt plugins for SVG and the image formats, and a computer move decided in the worker process
(which a frozen bundle starts as a second copy of itself).  Prints one line per check; returns 0
when all pass.
"""
from __future__ import annotations

import os
import time
from typing import Any, Callable

WORKER_TIMEOUT_S = 60.0


def _check_version() -> str:
    import compendium
    version = compendium.__version__
    if version.startswith("0.0.0+"):
        raise RuntimeError(f"no package metadata: the version reads {version}")
    return version


def _check_games() -> str:
    from .games import registry
    playable = registry.playable_ids()
    for gid in playable:
        if registry.rules_markdown(gid) is None:
            raise RuntimeError(f"the rules page of {gid} is missing ({registry.rules_path(gid)})")
        registry.get_game(gid)
    from .paths import resources_dir
    from .reference import glossary
    from .reference.rules_html import to_html  # the Markdown library is there and reads a page
    if "<h1>" not in to_html(registry.rules_markdown(playable[0]) or ""):
        raise RuntimeError(f"the rules page of {playable[0]} cannot be rendered")
    if not glossary.load():
        raise RuntimeError(f"the glossary is missing ({resources_dir() / 'glossary.md'})")
    words = resources_dir() / "words" / "english-words.txt"
    if "ghost" in playable and not words.is_file():
        raise RuntimeError(f"Ghost's word list is missing ({words})")
    from .reference import worked_examples as examples
    shown = 0
    for gid in playable:             # the "Show me" examples replay (and are bundled)
        for name in examples.available(gid):
            examples.load_example(gid, name)
            shown += 1
    if not shown:
        raise RuntimeError(f"the books' worked examples are missing ({examples.examples_dir()})")
    return (f"{len(playable)} playable games, their engines and rules pages, the glossary, "
            f"{shown} worked examples")


def _check_qt() -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QGuiApplication, QImageReader

    from .desktop_entry import render_icon
    if QGuiApplication.instance() is None:
        QGuiApplication([])
    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    missing = {"png", "svg", "jpg", "gif"} - formats
    if missing:
        raise RuntimeError(f"Qt cannot read {', '.join(sorted(missing))} (image-format plugins missing)")
    image = render_icon(64)
    if image.pixelColor(32, 32).alpha() == 0:
        raise RuntimeError("the SVG icon rendered empty")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):   # type: ignore[call-overload]  # (the stubs ask bytes; PySide takes only str)
        raise RuntimeError("Qt could not write a PNG")
    name = QGuiApplication.platformName()
    return f"Qt {_qt_version()} on '{name}': image formats {', '.join(sorted(formats & {'png', 'svg', 'jpg', 'gif'}))}"


def _qt_version() -> str:
    from PySide6.QtCore import qVersion
    return qVersion()


def _check_worker() -> str:
    from .ai.worker import AIWorker
    from .core.game import Family, Special
    from .core.session import Session
    from .demo import own_position
    from .games import registry
    from .games.catalogue import BY_ID

    playable = registry.playable_ids()
    chosen = [g for g in ("canfield_or_klondike",) if g in playable]
    chosen += [g for g in playable if BY_ID[g].family is not Family.PATIENCE][:1]
    worker = AIWorker()
    try:
        asked = []
        for gid in chosen:
            game = registry.get_game(gid)
            session: Session[Any, Any] = Session(game, seed=1)
            seat = session.to_move()
            if isinstance(seat, Special):
                continue
            legal = tuple(session.legal_actions(seat))
            started = time.perf_counter()
            future = worker.submit(gid, game.view(session.state, seat), legal, None,
                                   own_position(game, session.state), 1)
            index, _notes = future.result(timeout=WORKER_TIMEOUT_S)
            if index is not None and not 0 <= index < len(legal):
                raise RuntimeError(f"{gid}: the worker chose move {index} of {len(legal)}")
            asked.append(f"{gid} {1000 * (time.perf_counter() - started):.0f} ms")
    finally:
        worker.shutdown()
    return "a move decided in the worker process: " + ", ".join(asked)


def _check_physics() -> str:
    """The games of the cue need pymunk's compiled Chipmunk library, which a bundle must carry:
    a full-ball stroke at a still ball is played, and the struck ball must go on alone."""
    from .games.cue import table as T
    from .games.cue.physics import Stroke, simulate
    x, y = T.CENTRE_SPOT
    started = time.perf_counter()
    shot = simulate([("cue", x - 0.5, y), ("red", x, y)], "cue", Stroke(angle=0, power=30))
    if shot.first_contact("cue") != "red":
        raise RuntimeError("a stroke aimed full at the red missed it")
    moved = shot.final["red"]
    if moved is not None and abs(moved[0] - x) < 0.05:
        raise RuntimeError("the red did not move when struck")
    return f"a stroke simulated in {1000 * (time.perf_counter() - started):.0f} ms (pymunk)"


def _check_dds() -> str:
    """The double-dummy solver's fast path, DDS's compiled library (the bundle must carry it): a
    three-card ending solved by it.  Without the library our own search answers: reported, not
    failed."""
    from .ai.tricks import dds_engine
    from .ai.tricks.double_dummy import Position, Solver
    from .core.cards import Card, Rank, Suit
    if not dds_engine.available():
        return "DDS not installed (the double-dummy solver's own search answers)"
    S, H, C = Suit.SPADES, Suit.HEARTS, Suit.CLUBS
    hands = ((Card(Rank.ACE, S), Card(Rank.KING, S), Card(Rank.QUEEN, S)),
             (Card(Rank.TWO, S), Card(Rank.THREE, S), Card(Rank.FOUR, S)),
             (Card(Rank.ACE, H), Card(Rank.KING, H), Card(Rank.QUEEN, H)),
             (Card(Rank.TWO, C), Card(Rank.THREE, C), Card(Rank.FOUR, C)))
    started = time.perf_counter()
    # at no trumps the leader's side takes all three; with clubs trumps West ruffs all three
    if Solver(None).tricks(Position(hands, None, 0), 0) != 3:
        raise RuntimeError("DDS miscounted a three-card ending at no trumps")
    if Solver(C).tricks(Position(hands, C, 0), 0) != 0:
        raise RuntimeError("DDS miscounted a three-card ending with trumps")
    return f"a double-dummy ending solved in {1000 * (time.perf_counter() - started):.0f} ms (DDS)"


CHECKS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("version", _check_version),
    ("games", _check_games),
    ("qt", _check_qt),
    ("physics", _check_physics),
    ("dds", _check_dds),
    ("worker", _check_worker),
)


def run() -> int:
    failed = 0
    for name, check in CHECKS:
        try:
            detail = check()
        except Exception as exc:  # every failure is reported, and the other checks still run
            failed += 1
            print(f"FAILED {name}: {type(exc).__name__}: {exc}")
        else:
            print(f"ok     {name}: {detail}")
    print("self-test: " + ("all passed" if not failed else f"{failed} of {len(CHECKS)} failed"))
    return 1 if failed else 0
