"""Rule references: "game-id#anchor" strings naming a heading of a game's rules page.

Every refusal, forced action and score cites one, so the table can link to the law that decided.
Each reference made is remembered here, so a test can check that all of them resolve to a heading.

What a reference may name is a page's headings, so they are read here too: ``headings`` parses a
page with the same Markdown parser (``markdown-it-py``, set up by ``markdown_parser``) that the
rules pages are rendered with (``compendium.reference.rules_html``), and gives each heading the
anchor the rendered page carries.  ``page_anchors`` reads a game's page from the resources without
the game registry, for ``Game.page_section``.  The parser is imported when first needed: the
first table is shown before any page is read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

__all__ = ["REFERENCED", "Heading", "Slugger", "anchors", "headings", "make_markdown_parser", "markdown_parser",
           "page_anchors",
           "plain_text", "rule_ref", "slugify", "split_ref"]

REFERENCED: set[str] = set()


def rule_ref(game_id: str, anchor: str) -> str:
    ref = f"{game_id}#{anchor}"
    REFERENCED.add(ref)
    return ref


def split_ref(ref: str) -> tuple[str, str]:
    """("canfield_or_klondike", "spaces") from "canfield_or_klondike#spaces"."""
    game_id, _, anchor = ref.partition("#")
    return game_id, anchor


# -- the headings of a page ---------------------------------------------------------------------

def make_markdown_parser() -> MarkdownIt:
    """A parser of the rules pages' Markdown: CommonMark with pipe tables, without the parts the
    pages never meant (a line of ``---`` under text is a rule, not a heading underline;
    ``[x]: url`` is text).  Raw HTML is parsed, so that
    the pages' ``<!-- comments -->`` can be dropped (the renderer shows any other HTML as text);
    link targets are kept as written (game ids, anchors with accents)."""
    from markdown_it import MarkdownIt
    parser = MarkdownIt("commonmark", {"html": True}).enable("table").disable(["lheading", "reference"])
    parser.normalizeLink = lambda url: url            # type: ignore[method-assign]
    parser.normalizeLinkText = lambda link: link      # type: ignore[method-assign]
    return parser


@lru_cache(maxsize=1)
def markdown_parser() -> MarkdownIt:
    """The shared parser (``make_markdown_parser``), made once."""
    return make_markdown_parser()


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading of a page: its level (1 to 6), its Markdown text and its anchor."""

    level: int
    text: str
    anchor: str


_CARDS = re.compile(r"\{\{([^{}\n]{1,200})\}\}")


def plain_text(inline: Any) -> str:
    """The text a reader sees of a parsed inline fragment (a markdown-it ``inline`` token):
    without its markup, links reduced to their words, cards (``{{10♦}}``) to their notation."""
    parts: list[str] = []
    for child in inline.children or ():
        if child.type in ("text", "code_inline", "cards"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(plain_text(child))
    return _CARDS.sub(lambda m: m.group(1).strip(), "".join(parts))


def slugify(text: str) -> str:
    """The anchor GitHub would give a heading of this (plain) text: lower-cased, with everything
    but letters, digits, spaces and hyphens dropped and each space turned into a hyphen.

    >>> slugify("The deal (one pass)")
    'the-deal-one-pass'
    """
    kept = "".join(ch for ch in text.strip().lower() if ch.isalnum() or ch in " -")
    return kept.replace(" ", "-")


class Slugger:
    """Gives a page's headings their anchors: repeated slugs get the -1, -2 … suffixes GitHub
    gives them."""

    def __init__(self) -> None:
        self._used: dict[str, int] = {}

    def anchor(self, plain: str) -> str:
        # A heading of punctuation alone still needs a name to link to.
        base = slugify(plain) or "section"
        slug = base
        if slug in self._used:
            count = self._used[base]
            while slug in self._used:
                count += 1
                slug = f"{base}-{count}"
            self._used[base] = count
        self._used[slug] = 0
        return slug


def headings(markdown: str) -> list[Heading]:
    """Every heading of the page in order, with the anchor the rendered page gives it."""
    tokens = markdown_parser().parse(markdown)
    slugger = Slugger()
    found: list[Heading] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            inline = tokens[index + 1]
            found.append(Heading(int(token.tag[1:]), inline.content.strip(),
                                 slugger.anchor(plain_text(inline))))
    return found


def anchors(markdown: str) -> set[str]:
    """The anchors a link into this page may name."""
    return {heading.anchor for heading in headings(markdown)}


_PAGE_ANCHORS: dict[str, frozenset[str]] = {}


def page_anchors(game_id: str) -> frozenset[str]:
    """The anchors of the rules page ``resources/rules/<game_id>.md`` as written (the registry's
    generated parts, such as a patience's list of piles, are not read); empty when the game has
    no page.  Read once: the pages do not change while the program runs."""
    found = _PAGE_ANCHORS.get(game_id)
    if found is None:
        from ..paths import resource_text
        markdown = resource_text("rules", f"{game_id}.md") if re.fullmatch(r"[a-z0-9_]+", game_id) else None
        found = _PAGE_ANCHORS[game_id] = frozenset(anchors(markdown) if markdown else ())
    return found
