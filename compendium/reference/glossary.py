"""The glossary of the period's terms (resources/glossary.md), and the links to it from the pages.

The file is Markdown in a fixed shape: an introduction, then one entry per ``## Term`` heading —
a definition paragraph, optionally ``Also: form, form`` (other spellings to recognise) and always
``Games: id, id`` closing the entry.  A rules page links the first use of each term that its
game uses, so "huff" on the draughts page leads to the glossary, while the same letters in a
page of another game stay plain.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.errors import NotationError, UnknownGame
from ..core.rules import slugify
from ..paths import resource_text

GLOSSARY_SCHEME = "glossary"


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    definition: str
    forms: tuple[str, ...]          # the name and its other spellings, as written
    games: tuple[str, ...]

    @property
    def anchor(self) -> str:
        return slugify(self.name)


def parse(text: str) -> tuple[Term, ...]:
    """The entries of the glossary; a malformed entry raises ``NotationError`` naming it."""
    terms: list[Term] = []
    for chunk in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        name, _, body = chunk.partition("\n")
        name = name.strip()
        lines = [line.strip() for line in body.strip().splitlines()]
        games_line = next((line for line in lines if line.startswith("Games:")), None)
        if games_line is None:
            raise NotationError(f"the glossary entry {name!r} has no 'Games:' line")
        also_line = next((line for line in lines if line.startswith("Also:")), "")
        definition = " ".join(line for line in lines if line and not line.startswith(("Games:", "Also:")))
        if not definition:
            raise NotationError(f"the glossary entry {name!r} has no definition")
        forms = (name, *(f.strip() for f in also_line[5:].split(",") if f.strip()))
        games = tuple(g.strip() for g in games_line[6:].split(",") if g.strip())
        terms.append(Term(name, definition, forms, games))
    return tuple(terms)


@lru_cache(maxsize=1)
def load(path: str | None = None) -> tuple[Term, ...]:
    """The glossary shipped with the application, or the one at ``path`` (``()`` if it cannot
    be read)."""
    try:
        text = Path(path).read_text(encoding="utf-8") if path else resource_text("glossary.md")
        return parse(text) if text is not None else ()
    except (OSError, NotationError):
        return ()


_GAMES_LINE = re.compile(r"^Games:(.*)$", re.MULTILINE)


def glossary_markdown() -> str | None:
    """The glossary page as the reader sees it: each entry's games by name, linked to their
    pages (the file names them by id)."""
    text = resource_text("glossary.md")
    if text is None:
        return None
    from ..games import registry

    def named(match: re.Match[str]) -> str:
        links = []
        for game_id in (g.strip() for g in match.group(1).split(",")):
            try:
                links.append(f"[{registry.info(game_id).name}]({registry.resolve_id(game_id)})")
            except UnknownGame:
                links.append(game_id)
        return "Games: " + ", ".join(link for link in links if link)

    return _GAMES_LINE.sub(named, text)


# Parts of a Markdown line that must not gain a link: links (with their text), code, HTML, cards.
_PROTECTED = re.compile(r"\[[^\]]*\]\([^)]*\)|`[^`]*`|<[^>]+>|\{\{[^{}\n]*\}\}")
_SKIPPED_LINE = re.compile(r"^\s*(#|```|~~~|\|?\s*:?-{3,}|<!--)")


def _pattern(form: str) -> re.Pattern[str]:
    # The shortest words ("Go", "Cut", "Bar") are everyday English too: only their capitalised,
    # term-like use is linked.  Longer terms match in any case, plural included.
    flags = 0 if len(form) <= 3 else re.IGNORECASE
    return re.compile(r"(?<![\w-])(" + re.escape(form) + r"(?:e?s)?)(?![\w-])", flags)


def link_terms(markdown: str, game_id: str, terms: tuple[Term, ...] | None = None) -> str:
    """``markdown`` with the first use of each glossary term of ``game_id`` made a link to its
    entry (``glossary:<anchor>``).  Headings, code, tables' rules and existing links are left
    alone."""
    wanted = [t for t in (load() if terms is None else terms) if game_id in t.games]
    if not wanted:
        return markdown
    patterns = [(t, [_pattern(f) for f in t.forms]) for t in wanted]
    linked: set[str] = set()
    out: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if fenced or _SKIPPED_LINE.match(line) or len(linked) == len(patterns):
            out.append(line)
            continue
        for term, pats in patterns:
            if term.name in linked:
                continue
            new = _link_first(line, pats, term.anchor)
            if new is not None:
                line = new
                linked.add(term.name)
        out.append(line)
    return "\n".join(out)


def _link_first(line: str, patterns: list[re.Pattern[str]], anchor: str) -> str | None:
    """The line with the first unprotected match of any pattern made a link, or ``None``."""
    protected = [m.span() for m in _PROTECTED.finditer(line)]
    best: re.Match[str] | None = None
    for pattern in patterns:
        for match in pattern.finditer(line):
            if any(a <= match.start() < b for a, b in protected):
                continue
            if best is None or match.start() < best.start():
                best = match
            break
    if best is None:
        return None
    return f"{line[:best.start()]}[{best.group(1)}]({GLOSSARY_SCHEME}:{anchor}){line[best.end():]}"
