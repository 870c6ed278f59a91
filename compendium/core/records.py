"""The one record format: a played game is (game id, options, seed, [action strings]).

Save files, the autosave, demo records, bug reports and golden tests all use it.  It is JSON with a
format name and a version, written one action per line so that a person can read it and an error
can name the line.  Files are written atomically: a temporary file in the same folder, flushed and
synced, then renamed over the old one, so a crash never leaves half a file.

Format versions:

- **1**: ``format``, ``version``, ``game``, ``options``, ``seed``, ``human_seats``, ``meta``,
  ``actions``, ``redo``.  The game starts from ``Game.initial_state(options)``.
- **2** adds two optional members; a record that has neither is still written as version 1, so
  that every older Compendium keeps reading it, and one that has either is written as version 2,
  so that an older one refuses it plainly instead of replaying it from the wrong start.

  - ``setup``: text the game reads with ``setup_state(text, options)`` (a FEN, a GNU Backgammon
    position ID, a deal ...).  The game starts from that position instead of the usual one; the
    actions are replayed from it, and undo never goes back past it.
  - ``clocks``: the time left to each seat in milliseconds when the record was written (a game
    played with a clock), so that a resumed game goes on with the right times.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RecordError, excerpt

FORMAT = "compendium-record"
VERSION = 1          # what a record without any member of a later version is written as
NEWEST_VERSION = 2   # the newest version read (and written when a record needs it)
MAX_BYTES = 16 * 1024 * 1024     # far above any real game; refuses a runaway or hostile file
MAX_ACTIONS = 200_000
MAX_ACTION_LENGTH = 200
MAX_SETUP_LENGTH = 20_000     # a whole deal or board written out, with room to spare
MAX_CLOCK_MS = 10 * 24 * 3600 * 1000


@dataclass(frozen=True)
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    actions: tuple[str, ...]
    redo: tuple[str, ...] = ()
    human_seats: tuple[int, ...] = (0,)
    meta: dict[str, Any] = field(default_factory=dict)
    setup: str | None = None                # version 2: the position the game started from
    clocks: tuple[int, ...] | None = None   # version 2: each seat's time left, in milliseconds

    @property
    def version(self) -> int:
        """The format version this record needs: 1 unless it uses a member of version 2."""
        return NEWEST_VERSION if self.setup is not None or self.clocks is not None else VERSION


def dumps(record: Record) -> str:
    """The record as text, one action per line."""
    head = {
        "format": FORMAT,
        "version": record.version,
        "game": record.game,
        "options": record.options,
        "seed": record.seed,
        "human_seats": list(record.human_seats),
    }
    if record.setup is not None:
        head["setup"] = record.setup
    if record.clocks is not None:
        head["clocks"] = list(record.clocks)
    lines = ["{"]
    for key, value in {**head, "meta": record.meta}.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)},")
    for key, items in (("actions", record.actions), ("redo", record.redo)):
        if items:
            lines.append(f"  {json.dumps(key)}: [")
            body = [f"    {json.dumps(a, ensure_ascii=False)}" for a in items]
            lines.append(",\n".join(body))
            lines.append("  ],")
        else:
            lines.append(f"  {json.dumps(key)}: [],")
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _array_item_lines(text: str, key: str) -> list[int]:
    """The line of each item of the top-level array ``key`` (for error messages).  Walks the
    top-level object member by member, so a key of the same name nested deeper is not mistaken
    for it.  Returns [] for text that is not such an object."""
    decoder = json.JSONDecoder()
    n = len(text)

    def skip(pos: int) -> int:
        while pos < n and text[pos] in " \t\r\n":
            pos += 1
        return pos

    try:
        pos = skip(0)
        if pos >= n or text[pos] != "{":
            return []
        pos += 1
        while True:
            pos = skip(pos)
            if pos >= n or text[pos] == "}":
                return []
            name, pos = decoder.raw_decode(text, pos)
            pos = skip(pos)
            if pos >= n or text[pos] != ":":
                return []
            pos = skip(pos + 1)
            if name == key and pos < n and text[pos] == "[":
                return _items_from(text, pos + 1, decoder)
            _, pos = decoder.raw_decode(text, pos)
            pos = skip(pos)
            if pos < n and text[pos] == ",":
                pos += 1
    except (ValueError, RecursionError):
        return []


def _items_from(text: str, pos: int, decoder: json.JSONDecoder) -> list[int]:
    out: list[int] = []
    n = len(text)
    # The lines are counted on from the last item, never from the top of the file again: counting
    # from the top for each item made a record of 200,000 actions take most of a minute to read.
    line, counted = text.count("\n", 0, pos) + 1, pos
    while pos < n:
        while pos < n and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= n or text[pos] == "]":
            break
        _, end = decoder.raw_decode(text, pos)
        line += text.count("\n", counted, pos)
        counted = pos
        out.append(line)
        pos = end
    return out


def loads(text: str) -> Record:
    """Parse and check a record; every problem raises ``RecordError`` naming what is wrong."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"the file is too large to be a game record ({len(text):,} characters)")
    if not text.strip():
        raise RecordError("the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the file is not valid JSON: {exc.msg}", line=exc.lineno) from None
    except RecursionError:
        raise RecordError("the file is nested too deeply to be a game record") from None
    except ValueError as exc:  # e.g. a number with thousands of digits
        raise RecordError(f"the file is not a usable game record: {str(exc)[:120]}") from None
    if not isinstance(data, dict):
        raise RecordError("the file is not a game record (expected a JSON object)")
    if data.get("format") != FORMAT:
        said = (f"its format is {excerpt(data['format'])}" if "format" in data
                else "it has no \"format\" member")
        raise RecordError(f"the file is not a Compendium game record ({said}, not \"{FORMAT}\")")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"the record's version {excerpt(version)} is not a whole number")
    if version > NEWEST_VERSION:
        raise RecordError(f"the record was written by a newer Compendium (format version {excerpt(version)}; "
                          f"this one reads up to {NEWEST_VERSION})")
    if version < 1:
        raise RecordError(f"unknown record version {excerpt(version)}")
    game = data.get("game")
    if not isinstance(game, str) or not game:
        raise RecordError(f"the record names no game (game {excerpt(game)})")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("the record's options are not a JSON object")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise RecordError(f"the record's seed {excerpt(seed)} is not a deal number")
    seats = data.get("human_seats", [0])
    if (not isinstance(seats, list) or len(seats) > 16
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 16 for s in seats)):
        raise RecordError(f"the record's human_seats {excerpt(seats)} are not seat numbers")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        meta = {}
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("actions", "redo"):
        items = data.get(key, [])
        if not isinstance(items, list):
            raise RecordError(f"the record's {key} are not a list")
        if len(items) > MAX_ACTIONS:
            raise RecordError(f"the record has too many {key} ({len(items):,})")
        for i, item in enumerate(items):
            if not isinstance(item, str) or not item or len(item) > MAX_ACTION_LENGTH:
                lines = _array_item_lines(text, key)     # only now: a good record needs none
                raise RecordError(f"{key[:-1] if key == 'actions' else 'redo action'} is not an action string",
                                  line=lines[i] if i < len(lines) else None, index=i,
                                  action=_short(item))
        lists[key] = tuple(items)
    if version < 2 and ("setup" in data or "clocks" in data):
        raise RecordError("the record says format version 1, which has no setup or clocks: "
                          "it was written by hand or damaged")
    setup = data.get("setup")
    if setup is not None and (not isinstance(setup, str) or not setup.strip()
                              or len(setup) > MAX_SETUP_LENGTH):
        raise RecordError(f"the record's setup {excerpt(setup)} is not a position's text")
    clocks = data.get("clocks")
    if clocks is not None and (
            not isinstance(clocks, list) or not 1 <= len(clocks) <= 16
            or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= MAX_CLOCK_MS
                       for c in clocks)):
        raise RecordError(f"the record's clocks {excerpt(clocks)} are not times in milliseconds")
    return Record(game=game, options=options, seed=seed, actions=lists["actions"],
                  redo=lists["redo"], human_seats=tuple(seats), meta=meta, setup=setup,
                  clocks=tuple(clocks) if clocks is not None else None)


def _short(item: object) -> str:
    """An action as a message names it: its text, cut short."""
    text = item if isinstance(item, str) else excerpt(item)
    return text if len(text) <= 60 else text[:59] + "…"


def action_line(text: str, index: int, key: str = "actions") -> int | None:
    """The line of action ``index`` in a record's text, for messages about replay failures."""
    lines = _array_item_lines(text, key)
    return lines[index] if 0 <= index < len(lines) else None


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either the old one or the new one, whole."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.replace(tmp, target)
        except OSError as exc:  # name the user's file in the message, not our temporary one
            raise OSError(exc.errno, exc.strerror, str(target)) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save(path: str | os.PathLike[str], record: Record) -> None:
    write_atomic(path, dumps(record))


def read_text(path: str | os.PathLike[str]) -> str:
    """Read a record file's text, refusing huge or undecodable files with a clear message."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise RecordError(f"{p.name} is too large to be a game record ({size:,} bytes)")
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{p.name} is not a text file") from None
    except FileNotFoundError:
        raise RecordError(f"{p} does not exist") from None
    except IsADirectoryError:
        raise RecordError(f"{p} is a folder, not a game record") from None
    except OSError as exc:
        raise RecordError(f"{p} cannot be read: {exc.strerror}") from None
