"""Our own small Markdown renderer for the rules pages.

The pages are shown in a Qt ``QTextBrowser``, which understands only a subset of HTML 4 and of CSS, so
a general Markdown library would emit markup (``id`` anchors, ``<thead>``, CSS classes on inline
elements …) that Qt quietly ignores.  This module renders exactly the Markdown the rules pages use, to
the HTML Qt knows, and it is pure Python so that the rules core and the tests can read the pages'
headings and links without Qt.

Supported: ATX headings ``#``..``####`` (each preceded by ``<a name="slug"></a>``, slugs as GitHub
makes them), paragraphs, ``-``/``*``/``+`` bullet and ``1.`` numbered lists with one nesting level,
pipe tables with alignment, ``**bold**``, ``*italic*``/``_italic_``, ```code```, ``[text](target)``
links, ``>`` block quotes, ``---`` rules, fenced code blocks and ``<!-- -->`` comments (dropped).
Everything else is text, HTML-escaped: no input makes the renderer raise.

Card pictures: ``{{10♦}}`` (or several, ``{{J♥ A♥ K♥}}``) becomes one small ``<img>`` per card,
named ``card:<code>`` (``card:10D``, ``card:BACK``); the rules pane draws them with the table's own
card art (see ``compendium/ui/rules_view.py``).  The cards are written as the books write them
(``10♦``, ``♡A``, ``TD``, ``knave of hearts``; ``back`` for a card face down).  Double braces were
chosen because neither the rules pages nor the old books' text use them (the books' scans mark
page numbers with single braces, ``{98}``); text between them that is not a list of cards stays as
it is, so a mistake shows on the page.  In search and headings a card reads as its text.

Link targets: ``#anchor`` stays on the page; ``game-id`` or ``game-id#anchor`` becomes
``game:game-id#anchor``, which the rules pane resolves to another game's page; absolute URLs
(``https:``, ``mailto:`` …) are kept; any other relative target (a picture, a file) is prefixed with
``link_base``.  ``show:<game_id>/<example>`` ("Show me") is kept as it is: the rules pane
replays that worked example (``resources/examples/<game_id>/<example>.json``) on the table.

Writing rules pages, in short: cards in running text as ``{{8♥}}``; score tables as pipe
tables; a worked example that the table can play as ``[Show me](show:scotch_whist/fosters-hand)``
next to its text, with each step's caption quoting a phrase of the page so the phrase is marked
while the step plays.
"""
from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

__all__ = ["CARD_HEIGHT", "CARD_SCHEME", "CARD_WIDTH", "DEFAULT_CSS", "Heading", "anchors", "card_codes",
           "headings", "links", "slugify", "to_html"]

# Kept to what Qt's rich-text engine understands (see "Supported HTML Subset" in the Qt docs):
# block margins, line-height as a percentage, colours, fonts, table borders and cell padding.
DEFAULT_CSS = """\
body { font-family: Georgia, "Palatino Linotype", "Book Antiqua", "DejaVu Serif", serif;
       font-size: 12pt; color: #23241f; background-color: #fbf8f0; }
p { margin-top: 0px; margin-bottom: 10px; margin-left: 18px; margin-right: 18px;
    line-height: 150%; }
h1, h2, h3, h4 { color: #1f4a2c; margin-left: 18px; margin-right: 18px; font-weight: 600; }
h1 { font-size: 20pt; margin-top: 18px; margin-bottom: 12px; }
h2 { font-size: 15pt; margin-top: 20px; margin-bottom: 8px; }
h3 { font-size: 13pt; margin-top: 14px; margin-bottom: 6px; }
h4 { font-size: 12pt; font-style: italic; margin-top: 12px; margin-bottom: 4px; }
ul, ol { margin-top: 0px; margin-bottom: 10px; margin-left: 18px; margin-right: 18px; }
li { line-height: 150%; margin-bottom: 2px; }
table { margin-top: 4px; margin-bottom: 12px; margin-left: 18px; border-collapse: collapse;
        border-style: solid; border-color: #a8a290; }
th { background-color: #ebe5d3; color: #1f4a2c; font-weight: 600; padding: 4px 10px; }
td { padding: 4px 10px; }
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
_CARDS = re.compile(r"\{\{([^{}\n]{1,200})\}\}")
_MD_LINK = re.compile(r"\[([^\[\]]*)\]\([^()\s]*\)")


def card_codes(notation: str) -> list[str] | None:
    """The art keys of the cards written between ``{{`` and ``}}`` ("10♦ K♠" -> ["10D", "KS"]),
    or ``None`` if the text is not a list of cards.  Multi-word names ("knave of hearts") are
    read whole when the text is one card; a list is separated by spaces or commas."""
    from .errors import NotationError
    from .notation import parse_card

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
    from .notation import parse_card
    return parse_card(code).name


@dataclass(frozen=True, slots=True)
class Heading:
    """One ATX heading of a page: its level (1 to 4), its Markdown text and its anchor."""

    level: int
    text: str
    anchor: str


def slugify(heading_text: str) -> str:
    """The anchor GitHub would give a heading: the text without its Markdown, lower-cased, with
    everything but letters, digits, spaces and hyphens dropped and each space turned into a hyphen.

    >>> slugify("The deal (one pass)")
    'the-deal-one-pass'
    """
    text = _plain_text(heading_text).strip().lower()
    kept = "".join(ch for ch in text if ch.isalnum() or ch in " -")
    return kept.replace(" ", "-")


def headings(markdown: str) -> list[Heading]:
    """Every heading of the page in order, with the anchor ``to_html`` gives it."""
    slugger = _Slugger()
    return [Heading(block.level, block.text, slugger.anchor(block.text))
            for block in _walk_headings(_parse_blocks(_lines(markdown)))]


def anchors(markdown: str) -> set[str]:
    """The anchors a link into this page may name."""
    return {heading.anchor for heading in headings(markdown)}


def links(markdown: str) -> list[str]:
    """Every link target on the page, as written, in order (code is not searched)."""
    found: list[str] = []
    _Renderer(link_base="", on_link=found.append).blocks(_parse_blocks(_lines(markdown)))
    return found


def to_html(markdown: str, *, css: str | None = None, link_base: str = "") -> str:
    """The page as a complete HTML document for a ``QTextBrowser``.

    ``css`` replaces ``DEFAULT_CSS``; ``link_base`` is put before relative targets that are neither
    anchors nor game ids (pictures, files).
    """
    blocks = _parse_blocks(_lines(markdown))
    body = _Renderer(link_base=link_base).blocks(blocks)
    first = next(_walk_headings(blocks), None)
    title = html.escape(_plain_text(first.text)) if first is not None else ""
    style = DEFAULT_CSS if css is None else css
    return ("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">\n"
            "<html>\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\n"
            f"<title>{title}</title>\n<style type=\"text/css\">\n{style}</style>\n</head>\n"
            f"<body>\n{body}</body>\n</html>\n")


# --------------------------------------------------------------------------------------------
# Blocks

@dataclass(frozen=True, slots=True)
class _HeadingBlock:
    level: int
    text: str


@dataclass(frozen=True, slots=True)
class _Paragraph:
    text: str


@dataclass(frozen=True, slots=True)
class _CodeBlock:
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Rule:
    pass


@dataclass(frozen=True, slots=True)
class _Quote:
    blocks: tuple[_Block, ...]


@dataclass(slots=True)
class _Item:
    text: str
    sublist: _List | None = None


@dataclass(slots=True)
class _List:
    ordered: bool
    start: int
    items: list[_Item] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Table:
    header: tuple[str, ...]
    aligns: tuple[str | None, ...]
    rows: tuple[tuple[str, ...], ...]


_Block = _HeadingBlock | _Paragraph | _CodeBlock | _Rule | _Quote | _List | _Table

_ATX = re.compile(r"^ {0,3}(#{1,4})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_QUOTE = re.compile(r"^ {0,3}>[ ]?")
_ITEM = re.compile(r"^( *)(?:([-*+])|(\d{1,9})[.)])(?:[ \t]+(.*))?$")
_TABLE_SEPARATOR = re.compile(r"^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_COMMENT_END = "-->"


def _lines(markdown: str) -> list[str]:
    # Tabs become spaces so that list indentation is measured one way.
    return markdown.expandtabs(4).splitlines()


def _is_blank(line: str) -> bool:
    return not line.strip()


def _starts_block(lines: list[str], i: int) -> bool:
    """Whether line ``i`` begins a block that interrupts a paragraph."""
    line = lines[i]
    return bool(_ATX.match(line) or _FENCE.match(line) or _RULE.match(line)
                or _QUOTE.match(line) or _ITEM.match(line) or _table_starts(lines, i)
                or _comment_line_end(lines, i) is not None)


def _comment_line_end(lines: list[str], i: int) -> int | None:
    """If line ``i`` opens a comment that is closed on a later (or the same) line whose remainder
    is blank, the index of the closing line; else None (an unclosed ``<!--`` stays visible text, so
    that a typo shows on the page instead of swallowing the rest of it)."""
    if not lines[i].lstrip().startswith("<!--"):
        return None
    start = lines[i].index("<!--") + 4
    for j in range(i, len(lines)):
        text = lines[j][start:] if j == i else lines[j]
        end = text.find(_COMMENT_END)
        if end >= 0:
            return j if _is_blank(text[end + len(_COMMENT_END):]) else None
    return None


def _split_row(line: str) -> list[str]:
    """The cells of a pipe-table row; ``\\|`` is a pipe inside a cell."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    cells = re.split(r"(?<!\\)\|", text)
    return [cell.strip().replace("\\|", "|") for cell in cells]


def _table_starts(lines: list[str], i: int) -> bool:
    return (i + 1 < len(lines) and "|" in lines[i] and "|" in lines[i + 1]
            and _TABLE_SEPARATOR.match(lines[i + 1]) is not None
            and len(_split_row(lines[i])) == len(_split_row(lines[i + 1])))


def _parse_blocks(lines: list[str]) -> tuple[_Block, ...]:
    blocks: list[_Block] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _is_blank(line):
            i += 1
            continue
        comment_end = _comment_line_end(lines, i)
        if comment_end is not None:
            i = comment_end + 1
            continue
        if (fence := _FENCE.match(line)) is not None:
            i = _parse_fence(lines, i, fence.group(1), blocks)
            continue
        if (heading := _ATX.match(line)) is not None:
            blocks.append(_HeadingBlock(len(heading.group(1)), (heading.group(2) or "").strip()))
            i += 1
            continue
        if _RULE.match(line):
            blocks.append(_Rule())
            i += 1
            continue
        if _QUOTE.match(line):
            inner: list[str] = []
            while i < len(lines) and (quoted := _QUOTE.match(lines[i])) is not None:
                inner.append(lines[i][quoted.end():])
                i += 1
            blocks.append(_Quote(_parse_blocks(inner)))
            continue
        if _ITEM.match(line):
            i = _parse_list(lines, i, blocks)
            continue
        if _table_starts(lines, i):
            i = _parse_table(lines, i, blocks)
            continue
        paragraph = [line.strip()]
        i += 1
        while i < len(lines) and not _is_blank(lines[i]) and not _starts_block(lines, i):
            paragraph.append(lines[i].strip())
            i += 1
        blocks.append(_Paragraph(" ".join(paragraph)))
    return tuple(blocks)


def _parse_fence(lines: list[str], i: int, marker: str, blocks: list[_Block]) -> int:
    """A fenced code block runs to a closing fence of the same kind, or to the end of the page."""
    closing = re.compile(rf"^ {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$")
    body: list[str] = []
    i += 1
    while i < len(lines) and not closing.match(lines[i]):
        body.append(lines[i])
        i += 1
    blocks.append(_CodeBlock(tuple(body)))
    return i + 1


def _parse_list(lines: list[str], i: int, blocks: list[_Block]) -> int:
    """A list and its one level of nested lists.  Any item indented by two spaces or more belongs
    to the nested list of the item above it; deeper indentation is flattened into that level."""
    first = _ITEM.match(lines[i])
    assert first is not None
    ordered = first.group(3) is not None
    top = _List(ordered, int(first.group(3) or 1))
    while i < len(lines):
        match = _ITEM.match(lines[i])
        if match is None:
            if _is_blank(lines[i]):
                # A blank line ends the list unless another item of it follows.
                j = i + 1
                while j < len(lines) and _is_blank(lines[j]):
                    j += 1
                if j < len(lines) and (after := _ITEM.match(lines[j])) is not None and (
                        len(after.group(1)) >= 2 or (after.group(3) is not None) == ordered):
                    i = j
                    continue
                break
            if _starts_block(lines, i) or not top.items:
                break
            # A lazy continuation line: it carries on the text of the last item.
            last = top.items[-1]
            target = last.sublist.items[-1] if last.sublist and last.sublist.items else last
            target.text = f"{target.text} {lines[i].strip()}".strip()
            i += 1
            continue
        text = (match.group(4) or "").strip()
        item_ordered = match.group(3) is not None
        if len(match.group(1)) >= 2 and top.items:
            parent = top.items[-1]
            if parent.sublist is None:
                parent.sublist = _List(item_ordered, int(match.group(3) or 1))
            parent.sublist.items.append(_Item(text))
        elif item_ordered != ordered and top.items:
            break  # a different kind of marker starts a new list
        else:
            top.items.append(_Item(text))
        i += 1
    blocks.append(top)
    return i


def _parse_table(lines: list[str], i: int, blocks: list[_Block]) -> int:
    header = _split_row(lines[i])
    aligns = tuple(_alignment(cell) for cell in _split_row(lines[i + 1]))
    rows: list[tuple[str, ...]] = []
    i += 2
    while i < len(lines) and "|" in lines[i] and not _is_blank(lines[i]):
        cells = _split_row(lines[i])
        # Ragged rows are made to fit the header: missing cells are empty, extra ones dropped.
        cells = (cells + [""] * len(header))[:len(header)]
        rows.append(tuple(cells))
        i += 1
    blocks.append(_Table(tuple(header), aligns, tuple(rows)))
    return i


def _alignment(separator_cell: str) -> str | None:
    left, right = separator_cell.startswith(":"), separator_cell.endswith(":")
    if left and right:
        return "center"
    if right:
        return "right"
    return "left" if left else None


def _walk_headings(blocks: tuple[_Block, ...]) -> Iterator[_HeadingBlock]:
    for block in blocks:
        if isinstance(block, _HeadingBlock):
            yield block
        elif isinstance(block, _Quote):
            yield from _walk_headings(block.blocks)


class _Slugger:
    """Gives repeated slugs the -1, -2 … suffixes GitHub gives them."""

    def __init__(self) -> None:
        self._used: dict[str, int] = {}

    def anchor(self, heading_text: str) -> str:
        # A heading of punctuation alone still needs a name to link to.
        base = slugify(heading_text) or "section"
        slug = base
        if slug in self._used:
            count = self._used[base]
            while slug in self._used:
                count += 1
                slug = f"{base}-{count}"
            self._used[base] = count
        self._used[slug] = 0
        return slug


# --------------------------------------------------------------------------------------------
# Rendering

class _Renderer:
    def __init__(self, *, link_base: str, on_link: Callable[[str], None] | None = None,
                 plain: bool = False) -> None:
        self._link_base = link_base
        self.plain = plain          # cards as their text (headings' plain text, slugs)
        self._on_link = on_link
        self._slugger = _Slugger()

    def blocks(self, blocks: tuple[_Block, ...]) -> str:
        return "".join(self._block(block) for block in blocks)

    def _block(self, block: _Block) -> str:
        if isinstance(block, _HeadingBlock):
            name = self._slugger.anchor(block.text)
            level = block.level
            return f'<a name="{_attr(name)}"></a>\n<h{level}>{self.inline(block.text)}</h{level}>\n'
        if isinstance(block, _Paragraph):
            return f"<p>{self.inline(block.text)}</p>\n"
        if isinstance(block, _CodeBlock):
            code = html.escape("\n".join(block.lines), quote=False)
            return f"<pre><code>{code}</code></pre>\n"
        if isinstance(block, _Rule):
            return "<hr>\n"
        if isinstance(block, _Quote):
            return f"<blockquote>\n{self.blocks(block.blocks)}</blockquote>\n"
        if isinstance(block, _List):
            return self._list(block)
        return self._table(block)

    def _list(self, block: _List) -> str:
        tag = "ol" if block.ordered else "ul"
        start = f' start="{block.start}"' if block.ordered and block.start != 1 else ""
        items = []
        for item in block.items:
            nested = self._list(item.sublist) if item.sublist is not None else ""
            items.append(f"<li>{self.inline(item.text)}{nested}</li>\n")
        return f"<{tag}{start}>\n{''.join(items)}</{tag}>\n"

    def _table(self, block: _Table) -> str:
        def row(cells: tuple[str, ...], tag: str) -> str:
            out = []
            for cell, align in zip(cells, block.aligns, strict=True):
                align_attr = f' align="{align}"' if align else ""
                out.append(f"<{tag}{align_attr}>{self.inline(cell)}</{tag}>")
            return f"<tr>{''.join(out)}</tr>\n"

        body = "".join(row(cells, "td") for cells in block.rows)
        return ('<table border="1" cellspacing="0" cellpadding="5">\n'
                f"{row(block.header, 'th')}{body}</table>\n")

    def inline(self, text: str) -> str:
        return _Inline(text, self).render()

    def href(self, target: str) -> str:
        if self._on_link is not None:
            self._on_link(target)
        if target.startswith("#") or _SCHEME.match(target):
            return target
        if _GAME_LINK.match(target):
            return f"game:{target}"
        return f"{self._link_base}{target}"


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


# --------------------------------------------------------------------------------------------
# Inline text

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_GAME_LINK = re.compile(r"^[a-z0-9][a-z0-9_-]*(?:#[^\s#]*)?$")
_ESCAPABLE = set("\\`*_{}[]()#+-.!|<>~")
_LINK_TAIL = re.compile(r"\(\s*(<[^<>]*>|[^\s()]+)(?:\s+\"[^\"]*\")?\s*\)")


@dataclass(slots=True)
class _Delim:
    """A run of ``*`` or ``_`` that may open or close emphasis (CommonMark's delimiter run)."""

    char: str
    count: int
    can_open: bool
    can_close: bool
    opens: list[str] = field(default_factory=list)
    closes: list[str] = field(default_factory=list)

    def render(self) -> str:
        return "".join(self.closes) + self.char * self.count + "".join(self.opens)


class _Inline:
    """Turns one paragraph's text into HTML.  Code spans, escapes, links and comments are read
    left to right; emphasis is then matched the CommonMark way, and a ``*`` or ``_`` that finds no
    partner stays as a literal character."""

    def __init__(self, text: str, renderer: _Renderer) -> None:
        self._text = text
        self._renderer = renderer
        self._parts: list[str | _Delim] = []

    def render(self) -> str:
        self._scan()
        self._match_emphasis()
        return "".join(part if isinstance(part, str) else part.render() for part in self._parts)

    def _emit(self, text: str) -> None:
        self._parts.append(html.escape(text, quote=False))

    def _scan(self) -> None:
        text, i = self._text, 0
        while i < len(text):
            ch = text[i]
            if ch == "\\" and i + 1 < len(text) and text[i + 1] in _ESCAPABLE:
                self._emit(text[i + 1])
                i += 2
            elif ch == "`":
                i = self._code_span(i)
            elif text.startswith("<!--", i) and (end := text.find(_COMMENT_END, i + 4)) >= 0:
                i = end + len(_COMMENT_END)
            elif ch == "{" and (cards := self._cards(i)) is not None:
                html_text, i = cards
                self._parts.append(html_text)
            elif ch == "[" and (link := self._link(i)) is not None:
                html_text, i = link
                self._parts.append(html_text)
            elif ch in "*_":
                i = self._delimiter(i)
            else:
                j = i + 1
                while j < len(text) and text[j] not in "\\`<[*_{":
                    j += 1
                self._emit(text[i:j])
                i = j

    def _cards(self, i: int) -> tuple[str, int] | None:
        """``{{10♦ J♣}}`` at ``i``: small card pictures (alt text: the cards as written)."""
        match = _CARDS.match(self._text, i)
        if match is None:
            return None
        # A card named in words may have had a glossary link put round one of them ("knave"):
        # the words are what count.
        inner = _MD_LINK.sub(r"\1", match.group(1))
        codes = card_codes(inner)
        if codes is None:
            return None
        if self._renderer.plain:
            return html.escape(inner.strip(), quote=False), match.end()
        names = [token for token in re.split(r"[\s,]+", inner.strip()) if token]
        if len(names) != len(codes):
            names = [inner.strip()] * len(codes)
        images = "&#8202;".join(
            f'<img src="{CARD_SCHEME}:{code}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
            f'align="middle" alt="{_attr(name)}" title="{_attr(_card_title(code))}">'
            for code, name in zip(codes, names))
        return images, match.end()

    def _code_span(self, i: int) -> int:
        text = self._text
        j = i
        while j < len(text) and text[j] == "`":
            j += 1
        ticks = text[i:j]
        end = text.find(ticks, j)
        # The closing run must be exactly as long as the opening one.
        while end >= 0 and end + len(ticks) < len(text) and text[end + len(ticks)] == "`":
            end = text.find(ticks, end + len(ticks) + 1)
        if end < 0:
            self._emit(ticks)
            return j
        code = text[j:end]
        if code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]
        self._parts.append(f"<code>{html.escape(code, quote=False)}</code>")
        return end + len(ticks)

    def _link(self, i: int) -> tuple[str, int] | None:
        text = self._text
        depth, j = 0, i
        while j < len(text):
            if text[j] == "\\":
                j += 2
                continue
            if text[j] == "`":
                # Brackets inside a code span do not count.
                close = text.find("`", j + 1)
                j = close + 1 if close >= 0 else j + 1
                continue
            if text[j] == "[":
                depth += 1
            elif text[j] == "]":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        else:
            return None
        tail = _LINK_TAIL.match(text, j + 1)
        if tail is None:
            return None
        target = tail.group(1)
        if target.startswith("<"):
            target = target[1:-1]
        label = _Inline(text[i + 1:j], self._renderer).render()
        href = self._renderer.href(target)
        return f'<a href="{_attr(href)}">{label}</a>', tail.end()

    def _delimiter(self, i: int) -> int:
        text = self._text
        ch = text[i]
        j = i
        while j < len(text) and text[j] == ch:
            j += 1
        before = text[i - 1] if i > 0 else " "
        after = text[j] if j < len(text) else " "
        left = not after.isspace() and (not _is_punct(after) or before.isspace() or _is_punct(before))
        right = not before.isspace() and (not _is_punct(before) or after.isspace() or _is_punct(after))
        if ch == "_":
            # Inside a word (snake_case, game ids) an underscore is just an underscore.
            can_open = left and (not right or _is_punct(before))
            can_close = right and (not left or _is_punct(after))
        else:
            can_open, can_close = left, right
        self._parts.append(_Delim(ch, j - i, can_open, can_close))
        return j

    def _match_emphasis(self) -> None:
        parts = self._parts
        for c, closer in enumerate(parts):
            if not isinstance(closer, _Delim) or not closer.can_close:
                continue
            o = c - 1
            while closer.count > 0 and o >= 0:
                opener = parts[o]
                if (isinstance(opener, _Delim) and opener.can_open and opener.count > 0
                        and opener.char == closer.char):
                    strong = opener.count >= 2 and closer.count >= 2
                    used = 2 if strong else 1
                    tag = "b" if strong else "i"
                    opener.count -= used
                    closer.count -= used
                    # Inner pairs sit nearer the text: new tags go inside earlier ones.
                    opener.opens.insert(0, f"<{tag}>")
                    closer.closes.append(f"</{tag}>")
                    # Delimiters between a matched pair can no longer pair across it.
                    for between in parts[o + 1:c]:
                        if isinstance(between, _Delim):
                            between.can_open = between.can_close = False
                    if opener.count > 0:
                        continue
                o -= 1


def _is_punct(ch: str) -> bool:
    return unicodedata.category(ch).startswith(("P", "S"))


def _plain_text(markdown_inline: str) -> str:
    """The text a reader sees for an inline fragment: its HTML without tags, unescaped."""
    rendered = _Inline(markdown_inline, _Renderer(link_base="", plain=True)).render()
    return html.unescape(re.sub(r"<[^>]*>", "", rendered))
