"""The rules pages' Markdown, rendered to the HTML that Qt's rich text shows well.

The pages are parsed by ``markdown-it-py`` (CommonMark with pipe tables; the parser is set up in
``compendium.core.rules``, which reads the pages' headings with it) and rendered here to the subset
of HTML 4 a ``QTextBrowser`` understands: each heading is preceded by ``<a name="slug"></a>`` (Qt
ignores ``id``), emphasis is ``<b>``/``<i>``, tables carry ``border``/``cellpadding`` attributes
and ``align`` on their cells, and ``<!-- comments -->`` are dropped.  Any other HTML in a page is
shown as text: no input makes the renderer raise or emit markup of its own.

Card pictures: ``{{10♦}}`` (or several, ``{{J♥ A♥ K♥}}``) becomes one small ``<img>`` per card,
named ``card:<code>`` (``card:10D``, ``card:BACK``); the rules pane draws them with the table's own
card art (see ``compendium/ui/rules_view.py``).  The cards are written as the books write them
(``10♦``, ``♡A``, ``TD``, ``knave of hearts``; ``back`` for a card face down).  Double braces were
chosen because neither the rules pages nor the old books' text use them (the books' scans mark
page numbers with single braces, ``{98}``); text between them that is not a list of cards stays as
it is, so a mistake shows on the page.  In search and headings a card reads as its text.

Diagrams: a fenced block of kind ``diagram`` draws what it names instead of showing code::

    ```diagram
    chess 6k1/5pp1/3b1n1p/8/P7/2P4P/6P1/4R1K1
    ```

becomes a picture ``diagram:chess/<FEN placement>`` (a small chessboard), ``checkers`` the
draughts board with its squares numbered, ``pope-joan`` the Pope Joan board and ``tit-tat-toe``
the figure on the slate; the rules pane
draws them (``compendium/ui/page_pictures.py``).  A diagram it cannot read shows as code.

Link targets: ``#anchor`` stays on the page; ``game-id`` or ``game-id#anchor`` becomes
``game:game-id#anchor``, which the rules pane resolves to another game's page; absolute URLs
(``https:``, ``mailto:`` …) are kept; any other relative target (a picture, a file) is prefixed with
``link_base``.  ``show:<game_id>/<example>`` ("Show me") is kept as it is: the rules pane
replays that worked example (``resources/examples/<game_id>/<example>.json``) on the table.

Writing rules pages, in short: cards in running text as ``{{8♥}}``; score tables as pipe
tables, short enough to fit the rules pane at its narrowest (a test lays out every page there);
a worked example that the table can play as ``[Show me](show:scotch_whist/fosters-hand)``
next to its text, with each step's caption quoting a phrase of the page so the phrase is marked
while the step plays.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.rules import Heading, Slugger, anchors, headings, make_markdown_parser, plain_text, slugify

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token

__all__ = ["CARD_HEIGHT", "CARD_SCHEME", "CARD_WIDTH", "DEFAULT_CSS", "DIAGRAM_SCHEME", "Heading", "anchors",
           "card_codes", "diagram", "headings", "links", "slugify", "to_html"]

# Kept to what Qt's rich-text engine understands (see "Supported HTML Subset" in the Qt docs):
# block margins, line-height as a percentage, colours, fonts, table borders and cell padding.
DEFAULT_CSS = """\
body { font-family: Georgia, "Palatino Linotype", "Book Antiqua", "DejaVu Serif", serif;
       font-size: 12pt; color: #23241f; background-color: #fbf8f0; }
p { margin-top: 0px; margin-bottom: 10px; margin-left: 18px; margin-right: 18px;
    line-height: 150%; }
h1, h2, h3, h4 { color: #1f4a2c; margin-left: 18px; margin-right: 0px; font-weight: 600; }
h1 { font-size: 20pt; margin-top: 18px; margin-bottom: 12px; }
h2 { font-size: 15pt; margin-top: 20px; margin-bottom: 8px; }
h3 { font-size: 13pt; margin-top: 14px; margin-bottom: 6px; }
h4 { font-size: 12pt; font-style: italic; margin-top: 12px; margin-bottom: 4px; }
ul, ol { margin-top: 0px; margin-bottom: 10px; margin-left: 18px; margin-right: 18px; }
li { line-height: 150%; margin-bottom: 2px; }
li ul, li ol { margin-left: 0px; margin-right: 0px; }
table { margin-top: 4px; margin-bottom: 12px; margin-left: 18px; margin-right: 18px;
        border-collapse: collapse; border-style: solid; border-color: #a8a290; }
th { background-color: #ebe5d3; color: #1f4a2c; font-weight: 600; padding: 3px 6px; }
td { padding: 3px 6px; }
blockquote { margin-left: 36px; margin-right: 36px; color: #4a4a40; font-style: italic; }
code { font-family: "DejaVu Sans Mono", Consolas, "Courier New", monospace; color: #5a3a1a; }
pre { font-family: "DejaVu Sans Mono", Consolas, "Courier New", monospace; font-size: 10pt;
      background-color: #f1ede2; margin-left: 18px; margin-right: 18px; }
hr { color: #a8a290; }
a { color: #2c5d8a; }
"""


CARD_SCHEME = "card"
CARD_WIDTH = 18          # pixels: the corner of a card (its index), a little taller than a line
CARD_HEIGHT = 32
DIAGRAM_SCHEME = "diagram"
CHESS_SQUARE = 22        # pixels: a square of a chess diagram (the board is 8 of them and a frame)
CHESS_FRAME = 4
POPE_JOAN_SIZE = 200     # pixels: the Pope Joan board and its labels (and the slate), a square
_CARDS = re.compile(r"\{\{([^{}\n]{1,200})\}\}")
_MD_LINK = re.compile(r"\[([^\[\]]*)\]\([^()\s]*\)")
_FEN_PLACEMENT = re.compile(r"^(?:[pnbrqkPNBRQK1-8]{1,8}/){7}[pnbrqkPNBRQK1-8]{1,8}$")


def card_codes(notation: str) -> list[str] | None:
    """The art keys of the cards written between ``{{`` and ``}}`` ("10♦ K♠" -> ["10D", "KS"]),
    or ``None`` if the text is not a list of cards.  Multi-word names ("knave of hearts") are
    read whole when the text is one card; a list is separated by spaces or commas."""
    from ..core.errors import NotationError
    from ..core.notation import parse_card

    text = notation.strip()
    if not text:
        return None

    def one(token: str) -> str:
        if token.lower() == "back":
            return "BACK"
        if token.lower() == "joker":
            return "JOKER"
        return parse_card(token).code

    try:
        return [one(text)]
    except (NotationError, ValueError):
        pass
    try:
        return [one(token) for token in re.split(r"[\s,]+", text) if token]
    except (NotationError, ValueError):
        return None


def _card_title(code: str) -> str:
    """The card's name for a tooltip ("ten of diamonds"; "a card face down")."""
    if code == "BACK":
        return "a card face down"
    if code == "JOKER":
        return "the joker"
    from ..core.notation import parse_card
    return parse_card(code).name


def diagram(spec: str) -> tuple[str, int, int, str] | None:
    """A ``diagram`` block's picture: (its ``diagram:`` name, width, height, alt text), or
    ``None`` for a text that names no diagram we draw.  ``chess <FEN>`` (the placement field is
    enough; the rest of a FEN is allowed), ``checkers`` (the numbered squares), ``pope-joan`` or
    ``tit-tat-toe`` (the figure on the slate)."""
    words = spec.split()
    if not words:
        return None
    kind = words[0].lower()
    if kind == "chess" and len(words) >= 2 and _FEN_PLACEMENT.match(words[1]) and _fen_rows_ok(words[1]):
        side = 8 * CHESS_SQUARE + 2 * CHESS_FRAME
        return f"{DIAGRAM_SCHEME}:chess/{words[1]}", side, side, f"chess diagram {words[1]}"
    if kind == "checkers" and len(words) == 1:
        side = 8 * CHESS_SQUARE + 2 * CHESS_FRAME
        return f"{DIAGRAM_SCHEME}:checkers", side, side, "the draughts board with its squares numbered 1 to 32"
    if kind == "pope-joan" and len(words) == 1:
        return f"{DIAGRAM_SCHEME}:pope-joan", POPE_JOAN_SIZE, POPE_JOAN_SIZE, "the Pope Joan board"
    if kind == "tit-tat-toe" and len(words) == 1:
        return f"{DIAGRAM_SCHEME}:tit-tat-toe", POPE_JOAN_SIZE, POPE_JOAN_SIZE, "the figure on the slate"
    return None


def _fen_rows_ok(placement: str) -> bool:
    return all(sum(int(ch) if ch.isdigit() else 1 for ch in row) == 8 for row in placement.split("/"))


# --------------------------------------------------------------------------------------------
# The parser: the shared one, with the card pictures

def _cards_rule(state: StateInline, silent: bool) -> bool:
    """``{{…}}`` holding a list of cards becomes one ``cards`` token (its ``meta["codes"]``)."""
    if not state.src.startswith("{{", state.pos):
        return False
    match = _CARDS.match(state.src, state.pos)
    if match is None:
        return False
    # A card named in words may have had a glossary link put round one of them ("knave"): the
    # words are what count.
    inner = _MD_LINK.sub(r"\1", match.group(1))
    codes = card_codes(inner)
    if codes is None:
        return False
    if not silent:
        token = state.push("cards", "", 0)
        token.content = inner.strip()
        token.meta = {"codes": codes}
    state.pos = match.end()
    return True


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    parser = make_markdown_parser()
    parser.inline.ruler.before("escape", "cards", _cards_rule)
    return parser


# --------------------------------------------------------------------------------------------
# The public functions

def links(markdown: str) -> list[str]:
    """Every link target on the page, as written, in order (code is not searched)."""
    found: list[str] = []
    _Renderer(link_base="", on_link=found.append).render(_parser().parse(markdown))
    return found


def to_html(markdown: str, *, css: str | None = None, link_base: str = "",
            stacked: Collection[int] = (), tables_only: bool = False) -> str:
    """The page as a complete HTML document for a ``QTextBrowser``.

    ``css`` replaces ``DEFAULT_CSS``; ``link_base`` is put before relative targets that are neither
    anchors nor game ids (pictures, files).  The tables numbered in ``stacked`` (from 0, in the
    order of the page) are set one row under another, each row one cell (its first column as
    its title, the others with their headings): the rules pane asks for it when a table is wider
    than the pane can show (``compendium.ui.page_fit``).  ``tables_only`` leaves out all but the
    tables, for measuring them.
    """
    tokens = _parser().parse(markdown)
    body = _Renderer(link_base=link_base, stacked=stacked, tables_only=tables_only).render(tokens)
    first = next((tokens[i + 1] for i, t in enumerate(tokens) if t.type == "heading_open"), None)
    title = html.escape(plain_text(first)) if first is not None else ""
    style = DEFAULT_CSS if css is None else css
    return ("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">\n"
            "<html>\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\n"
            f"<title>{title}</title>\n<style type=\"text/css\">\n{style}</style>\n</head>\n"
            f"<body>\n{body}</body>\n</html>\n")


# --------------------------------------------------------------------------------------------
# Rendering

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_GAME_LINK = re.compile(r"^[a-z0-9][a-z0-9_-]*(?:#[^\s#]*)?$")
_COMMENTS = re.compile(r"^(?:\s*<!--.*?-->)+\s*$", re.DOTALL)
_ALIGN = re.compile(r"text-align:\s*(left|right|center)")
_TAGS = re.compile(r"<[^>]*>")
_WORDS = re.compile(r"[^\W\d_]")


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def _text(value: str) -> str:
    return html.escape(value, quote=False)


class _Renderer:
    """Walks markdown-it's tokens and writes Qt's HTML."""

    def __init__(self, *, link_base: str, on_link: Callable[[str], None] | None = None,
                 stacked: Collection[int] = (), tables_only: bool = False) -> None:
        self._link_base = link_base
        self._tables_only = tables_only
        self._stacked = stacked
        self._tables = 0
        self._on_link = on_link
        self._slugger = Slugger()
        # Paragraphs written so far in each open list item; None for a block quote, whose
        # paragraphs are paragraphs again.
        self._items: list[int | None] = []

    def render(self, tokens: Sequence[Token]) -> str:
        out: list[str] = []
        index = 0
        while index < len(tokens):
            if tokens[index].type == "table_open":
                html_text, index = self._table(tokens, index)
                out.append(html_text)
                continue
            if not self._tables_only:
                out.append(self._block(tokens[index], tokens, index))
            index += 1
        return "".join(out)

    def _table(self, tokens: Sequence[Token], index: int) -> tuple[str, int]:
        """The table opening at ``index`` and the index after it: a table, or, if its number
        is among ``stacked``, one cell a row (see ``to_html``)."""
        number = self._tables
        self._tables += 1
        rows: list[list[tuple[str, str, str | None]]] = []     # (tag, html, align) by cell
        while tokens[index].type != "table_close":
            token = tokens[index]
            if token.type == "tr_open":
                rows.append([])
            elif token.type in ("th_open", "td_open"):
                align = _ALIGN.search(str(token.attrGet("style") or ""))
                rows[-1].append((token.tag, self.inline(tokens[index + 1].children or []),
                                 align.group(1) if align else None))
            index += 1
        table = '<table border="1" cellspacing="0" cellpadding="5">\n'
        if number not in self._stacked:
            body = "".join(
                "<tr>" + "".join(f'<{tag} align="{align}">{cell}</{tag}>' if align else f"<{tag}>{cell}</{tag}>"
                                 for tag, cell, align in row) + "</tr>\n"
                for row in rows)
            return f"{table}{body}</table>\n", index + 1
        # Stacked: each row a cell of its own, the first column its title and the others under
        # it with their headings, so that a table of many columns reads in a narrow pane.
        header = [cell for _tag, cell, _align in rows[0]] if rows and rows[0][0][0] == "th" else []
        body_rows = rows[1:] if header else rows
        cells = []
        for row in body_rows:
            parts = []
            for column, (_tag, cell, _align) in enumerate(row):
                label = header[column] if column < len(header) else ""
                if column == 0:
                    # A title of figures alone ("3") says what it counts by its heading.
                    titled = f"{label}: {cell}" if label and not _WORDS.search(_TAGS.sub("", cell)) else cell
                    parts.append(f"<b>{titled}</b>" if cell else "")
                elif cell:
                    parts.append(f"<i>{label}</i>: {cell}" if label else cell)
            cells.append("<tr><td>" + "<br>".join(part for part in parts if part) + "</td></tr>\n")
        return f"{table[:-2]} width=\"100%\">\n{''.join(cells)}</table>\n", index + 1

    def _block(self, token: Token, tokens: Sequence[Token], index: int) -> str:
        kind = token.type
        if kind == "heading_open":
            name = self._slugger.anchor(plain_text(tokens[index + 1]))
            return f'<a name="{_attr(name)}"></a>\n<{token.tag}>'
        if kind == "heading_close":
            return f"</{token.tag}>\n"
        if kind == "paragraph_open":
            written = self._items[-1] if self._items else None
            if written is not None:
                # Within a list item the text is the item's own (Qt indents a <p> by its margins);
                # a second paragraph of the same item starts on a new line.
                self._items[-1] = written + 1
                return "<br>" if written else ""
            return "<p>"
        if kind == "paragraph_close":
            return "" if self._items and self._items[-1] is not None else "</p>\n"
        if kind == "inline":
            return self.inline(token.children or [])
        if kind == "bullet_list_open":
            return "<ul>\n"
        if kind == "ordered_list_open":
            start = token.attrGet("start")
            return f'<ol start="{_attr(str(start))}">\n' if start not in (None, 1, "1") else "<ol>\n"
        if kind in ("bullet_list_close", "ordered_list_close"):
            return f"</{token.tag}>\n"
        if kind == "list_item_open":
            self._items.append(0)
            return "<li>"
        if kind == "list_item_close":
            self._items.pop()
            return "</li>\n"
        if kind == "blockquote_open":
            self._items.append(None)
            return "<blockquote>\n"
        if kind == "blockquote_close":
            self._items.pop()
            return "</blockquote>\n"
        if kind == "hr":
            return "<hr>\n"
        if kind in ("fence", "code_block"):
            return self._code(token)
        if kind == "html_block":
            if _COMMENTS.match(token.content):
                return ""
            if self._items and self._items[-1] is not None:
                return _text(token.content.strip())
            return f"<p>{_text(token.content.strip())}</p>\n"
        return ""

    def _code(self, token: Token) -> str:
        info = token.info.strip().split()
        if info and info[0] == "diagram":
            picture = diagram(token.content)
            if picture is not None:
                name, width, height, alt = picture
                # Set apart from the text, without the paragraphs' margins and line spacing, so
                # that the picture has the whole width of the pane.
                return (f'<p align="center" style="margin-left: 0px; margin-right: 0px; margin-top: 4px; '
                        f'margin-bottom: 12px; line-height: 100%"><img src="{_attr(name)}" width="{width}" '
                        f'height="{height}" alt="{_attr(alt)}"></p>\n')
        return f"<pre><code>{_text(token.content.rstrip(chr(10)))}</code></pre>\n"

    def inline(self, children: Sequence[Token]) -> str:
        out: list[str] = []
        linking: list[bool] = []
        for child in children:
            kind = child.type
            if kind in ("text", "text_special"):
                out.append(_text(child.content))
            elif kind == "code_inline":
                out.append(f"<code>{_text(child.content)}</code>")
            elif kind in ("em_open", "em_close", "strong_open", "strong_close"):
                tag = "i" if kind.startswith("em") else "b"
                out.append(f"</{tag}>" if kind.endswith("close") else f"<{tag}>")
            elif kind == "link_open":
                target = str(child.attrGet("href") or "")
                linking.append(bool(target))
                if target:      # a link to nothing ("[words]()") is its words
                    out.append(f'<a href="{_attr(self.href(target))}">')
            elif kind == "link_close":
                if linking.pop():
                    out.append("</a>")
            elif kind == "image":
                out.append(_text(plain_text(child)))   # the pages have no pictures of their own
            elif kind == "softbreak":
                out.append(" ")
            elif kind == "hardbreak":
                out.append("<br>")
            elif kind == "html_inline":
                if not _COMMENTS.match(child.content):
                    out.append(_text(child.content))
            elif kind == "cards":
                out.append(self._cards(child))
        return "".join(out)

    def _cards(self, token: Token) -> str:
        """Small card pictures (alt text: each card as written)."""
        codes: list[str] = token.meta["codes"]
        names = [word for word in re.split(r"[\s,]+", token.content) if word]
        if len(names) != len(codes):
            names = [token.content] * len(codes)
        return "&#8202;".join(
            f'<img src="{CARD_SCHEME}:{code}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
            f'align="middle" alt="{_attr(name)}" title="{_attr(_card_title(code))}">'
            for code, name in zip(codes, names))

    def href(self, target: str) -> str:
        if self._on_link is not None:
            self._on_link(target)
        if target.startswith("#") or _SCHEME.match(target):
            return target
        if _GAME_LINK.match(target):
            return f"game:{target}"
        return f"{self._link_base}{target}"
