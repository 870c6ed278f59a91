"""The books' worked examples as games the table can replay step by step ("Show me" links).

An example is a saved game in the one record format (``records.py``), kept as
``resources/examples/<game_id>/<name>.json``.  Its ``meta`` holds ``"example"``::

    "meta": {"example": {
        "title": "Foster's illustrative hand",
        "anchor": "example",                      # the section of the rules page it illustrates
        "steps": [
            {"after": 1, "caption": "Z deals and turns the eight of hearts.",
             "quote": "turns the eight of hearts"},
            {"after": 5, "caption": "Trick 1: Y wins with the king of diamonds."}
        ]}}

A step shows the position once the first ``after`` actions of the record are played (0: the
position the game starts from, such as a chess diagram set up by the record's options); the
``after`` of the steps rise strictly.  ``caption`` is said beside the table; ``quote``, if given,
is a phrase of the rules page that the pane marks while the step is shown.  A rules page links
to an example as ``[Show me](show:<game_id>/<name>)``.

Every problem with a file raises ``ExampleError`` saying which example, which file and what is
wrong (the line, for a move that cannot be replayed), and nothing else is touched.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import CompendiumError, RecordError, UnknownGame
from ..core.records import Record, loads, read_text
from ..core.session import Session
from ..games import registry
from ..paths import resources_dir

__all__ = ["SHOW_SCHEME", "Example", "ExampleError", "ExampleStep", "available", "example_path",
           "examples_dir", "load_example", "parse_example", "parse_show_link"]

SHOW_SCHEME = "show"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
MAX_STEPS = 500


class ExampleError(CompendiumError):
    """A worked example that cannot be shown; the message names it and says why."""


@dataclass(frozen=True, slots=True)
class ExampleStep:
    after: int          # actions of the record played when this step is shown
    caption: str
    quote: str = ""     # a phrase of the rules page to mark while the step is shown


@dataclass(frozen=True)
class Example:
    game: str           # the game id (resolved)
    name: str
    title: str
    anchor: str
    record: Record
    steps: tuple[ExampleStep, ...]

    @property
    def ref(self) -> str:
        return f"{self.game}/{self.name}"

    def record_at(self, index: int) -> Record:
        """The record of the position of step ``index`` (its first ``after`` actions)."""
        step = self.steps[index]
        rec = self.record
        return Record(game=rec.game, options=dict(rec.options), seed=rec.seed,
                      actions=rec.actions[:step.after], human_seats=rec.human_seats,
                      meta={"example": self.ref, "step": index})

    def session_at(self, index: int) -> Any:
        """A fresh ``Session`` at step ``index``: the game as it stands after that step (and no
        further: the hand the book shows ends on the table, the next is not dealt)."""
        return Session.from_record(self.record_at(index), registry.get_game(self.game), deal_on=False)


def examples_dir() -> Path:
    return resources_dir() / "examples"


def parse_show_link(target: str) -> tuple[str, str]:
    """``"show:scotch_whist/fosters-hand"`` (or without the scheme) -> ``("scotch_whist",
    "fosters-hand")``; a malformed link raises ``ExampleError`` quoting it."""
    text = target.strip()
    if text.lower().startswith(SHOW_SCHEME + ":"):
        text = text[len(SHOW_SCHEME) + 1:]
    game, slash, name = text.partition("/")
    if not slash or not _NAME.match(game) or not _NAME.match(name):
        raise ExampleError(f"“{target}” is not a “Show me” link: expected show:<game>/<example>, "
                           "such as show:scotch_whist/fosters-hand")
    return game, name


def example_path(game_id: str, name: str, folder: Path | None = None) -> Path:
    if not _NAME.match(game_id) or not _NAME.match(name):
        raise ExampleError(f"“{game_id}/{name}” is not the name of an example")
    return (folder or examples_dir()) / game_id / f"{name}.json"


def available(game_id: str, folder: Path | None = None) -> list[str]:
    """The names of the examples kept for ``game_id``."""
    where = (folder or examples_dir()) / game_id
    return sorted(p.stem for p in where.glob("*.json")) if where.is_dir() else []


def load_example(game_id: str, name: str, folder: Path | None = None) -> Example:
    """Read, check and replay the example ``game_id/name``; raises ``ExampleError``."""
    try:
        gid = registry.resolve_id(game_id)
    except UnknownGame:
        raise ExampleError(f"the example “{game_id}/{name}” is for a game this program does not "
                           "know") from None
    path = example_path(gid, name, folder)
    if not path.is_file():
        raise ExampleError(f"there is no example “{gid}/{name}” ({_shown(path)} is missing)")
    try:
        text = read_text(path)
    except (RecordError, OSError) as exc:
        raise ExampleError(f"the example “{gid}/{name}” cannot be read ({_shown(path)}): {exc}") from None
    return parse_example(text, gid, name, where=_shown(path))


def parse_example(text: str, game_id: str, name: str, where: str = "") -> Example:
    """Check an example's text; ``where`` (its file) is named in every message."""
    label = f"the example “{game_id}/{name}”" + (f" ({where})" if where else "")

    def bad(problem: str) -> ExampleError:
        return ExampleError(f"{label} cannot be shown: {problem}")

    try:
        record = loads(text)
    except RecordError as exc:
        raise bad(str(exc)) from None
    try:
        gid = registry.resolve_id(record.game)
    except UnknownGame:
        raise bad(f"it is a record of “{record.game}”, a game this program does not know") from None
    if gid != registry.resolve_id(game_id):
        raise bad(f"it is a record of {gid}, not of {game_id}")
    spec = record.meta.get("example")
    if not isinstance(spec, dict):
        raise bad("its meta has no \"example\" object (title and steps)")
    title = spec.get("title")
    if not isinstance(title, str) or not title.strip():
        raise bad("the example has no title")
    anchor = spec.get("anchor", "")
    if not isinstance(anchor, str):
        raise bad(f"its anchor {anchor!r} is not text")
    raw_steps = spec.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise bad("it has no steps (a list of {\"after\": n, \"caption\": text})")
    if len(raw_steps) > MAX_STEPS:
        raise bad(f"it has too many steps ({len(raw_steps)})")
    steps: list[ExampleStep] = []
    for number, raw in enumerate(raw_steps, 1):
        if not isinstance(raw, dict):
            raise bad(f"step {number} is not an object")
        after, caption, quote = raw.get("after"), raw.get("caption"), raw.get("quote", "")
        if not isinstance(after, int) or isinstance(after, bool) \
                or not 0 <= after <= len(record.actions):
            raise bad(f"step {number} plays to action {after!r}, but the record has "
                      f"{len(record.actions)} actions")
        if steps and after <= steps[-1].after:
            raise bad(f"step {number} (after {after}) does not come after step {number - 1} "
                      f"(after {steps[-1].after})")
        if not isinstance(caption, str) or not caption.strip():
            raise bad(f"step {number} has no caption")
        if not isinstance(quote, str):
            raise bad(f"step {number}'s quote is not text")
        steps.append(ExampleStep(after, caption.strip(), quote.strip()))
    try:
        # Every move of the record must be legal: replayed once here, so that a step never fails
        # half-way through a replay on the table.
        Session.from_record(record, registry.get_game(gid), source_text=text)
    except RecordError as exc:
        raise bad(str(exc)) from None
    except CompendiumError as exc:
        raise bad(str(exc)) from None
    return Example(gid, name, title.strip(), anchor, record, tuple(steps))


def _shown(path: Path) -> str:
    """The file as a person would look for it: relative to the resources when it is there."""
    try:
            return str(Path("resources") / path.resolve().relative_to(resources_dir().resolve()))
    except (ValueError, OSError):
        return str(path)
