"""A real Compendium process for the kill-and-resume test (tests/test_kill_resume.py).

``python tests/kill_driver.py play GAME SEED`` starts the main window on deal SEED of GAME (with
the data folder of ``$COMPENDIUM_DATA_DIR``), then keeps playing moves from a timer as a person
would, through the table.  After every autosave it prints ``saved {json}`` (game, seed, actions
and redo of the record just written), flushed, so the test knows what the disk must hold.  The
test kills it with SIGKILL at a random moment, mid-save included.

``python tests/kill_driver.py resume`` starts the main window as a user would (resuming the
autosave) and prints the resumed session as JSON: game, seed, actions, redo, and the number of
the save it found on disk.
"""
from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    import dataclasses

    from PySide6.QtCore import QTimer

    from compendium.core import records
    from compendium.core.rng import SplitMix64
    from compendium.ui.app import application, data_dir
    from compendium.ui.main_window import AUTOSAVE_FOLDER, MainWindow

    app = application()
    mode = sys.argv[1]
    if mode == "resume":
        # The number of the save on disk (see below), read before the window resumes it.
        try:
            # Each game has its own autosave; the driver plays one game, so there is one file.
            (saved,) = (data_dir() / AUTOSAVE_FOLDER).glob("*.json")
            on_disk = records.loads(records.read_text(saved))
            seq, disk = on_disk.meta.get("seq"), [list(on_disk.actions), list(on_disk.redo)]
        except Exception:   # a damaged file: the test's checks will say so
            seq, disk = None, None
        window = MainWindow()
        window.start()
        session = window.table.session
        record = session.record() if session is not None else None
        print(json.dumps({"game": record.game if record else None,
                          "seed": record.seed if record else None,
                          "actions": list(record.actions) if record else [],
                          "redo": list(record.redo) if record else [],
                          "can_undo": session.can_undo if session else False,
                          "seq": seq, "disk": disk}), flush=True)
        window.close()
        return 0

    # Every save is numbered in its meta, so the test can tell which one the disk holds.
    real_save = records.save
    count = {"n": 0}

    def numbered_save(path: object, record: records.Record) -> None:
        count["n"] += 1
        real_save(path, dataclasses.replace(record, meta={**record.meta, "seq": count["n"]}))  # type: ignore[arg-type]

    records.save = numbered_save  # type: ignore[assignment]
    window = MainWindow()

    game, seed = sys.argv[2], int(sys.argv[3])
    window.start(game=game, seed=seed)
    table = window.table
    table.set_animations(False)
    real_write = window.write_autosave

    def write_and_tell() -> None:
        real_write()
        session = table.session
        if session is not None:
            record = session.record()
            print("saved " + json.dumps({"game": record.game, "seed": record.seed,
                                         "actions": list(record.actions), "redo": list(record.redo),
                                         "seq": count["n"]}), flush=True)

    window.write_autosave = write_and_tell  # type: ignore[method-assign]
    gen = SplitMix64(seed)
    moves = {"n": 0}

    def step() -> None:
        session = table.session
        if session is None:
            return
        if session.outcome() is not None:
            window.new_deal()
            return
        if moves["n"] % 7 == 6 and session.can_undo:
            table.undo()           # the history on disk must carry undone moves (redo) too
        else:
            legal = table.legal()
            if legal:
                table.play(legal[gen.below(len(legal))])
        moves["n"] += 1

    timer = QTimer()
    timer.timeout.connect(step)
    timer.start(5)
    print("ready", flush=True)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
