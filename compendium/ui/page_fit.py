"""Rules pages that fit the rules pane: a table too wide for the pane is set stacked.

Qt's rich text never lets a table run past the page: it squeezes the columns, and below the width
of their longest word it breaks words anywhere, a letter a line.  So the pane measures, once a
page is made, the width each of its tables needs (the longest word of each column, the cells'
padding and the borders: ``table_widths``, on a document of the page's tables alone, once a page)
and renders the page with every table that needs more than the pane has set stacked, one row
under another (``rules_html.to_html(stacked=...)``); the columns of the others share the pane by
what each needs.  When the pane is resized, the page is made again only if that choice changes.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFontMetricsF, QTextDocument, QTextFrame, QTextLength, QTextOption, QTextTable
from PySide6.QtWidgets import QTextBrowser

__all__ = ["TableWidths", "fit_page", "longest_words", "refit_page", "table_needs", "table_widths", "tables"]

# Where a line may break inside a table cell: at spaces, and after a hyphen, a dash or a slash.
_BREAKS = re.compile(r"\s+|(?<=[-–—/])")
_SLACK = 2.0     # pixels: Qt's table layout rounds each column
LIST_INDENT = 24  # pixels a level of a list is indented


@dataclass(slots=True)
class _Fit:
    markdown: str
    widths: list[TableWidths]       # what each table needs, in the page's order
    stacked: frozenset[int]
    shown: tuple[str, int]          # the document's title and length, to know it is still ours


_FITS: WeakKeyDictionary[QTextBrowser, _Fit] = WeakKeyDictionary()
_MEASURED: dict[str, list[TableWidths]] = {}


def tables(doc: QTextDocument) -> Iterator[QTextTable]:
    """The tables of a document, in order."""
    def walk(frame: QTextFrame) -> Iterator[QTextTable]:
        for child in frame.childFrames():
            if isinstance(child, QTextTable):
                yield child
            yield from walk(child)
    yield from walk(doc.rootFrame())


def longest_words(table: QTextTable, row: int, column: int) -> list[tuple[str, float]]:
    """The unbreakable pieces of a cell's text with their widths (a picture is one piece)."""
    cell = table.cellAt(row, column)
    end = cell.lastCursorPosition().position()
    block = cell.firstCursorPosition().block()
    pieces: list[tuple[str, float]] = []
    while block.isValid() and block.position() <= end:
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            fmt = fragment.charFormat()
            if fmt.isImageFormat():
                pieces.append(("\ufffc", fmt.toImageFormat().width()))
            else:
                metrics = QFontMetricsF(fmt.font())
                for word in _BREAKS.split(fragment.text().replace("\ufffc", " ")):
                    if word:
                        pieces.append((word, metrics.horizontalAdvance(word)))
            it += 1
        block = block.next()
    return pieces


@dataclass(frozen=True, slots=True)
class TableWidths:
    """What a table's columns need: ``least`` (the longest word and the padding of each) and
    ``natural`` (the longest line unbroken), and ``frame``, its borders and margins."""

    least: tuple[float, ...]
    natural: tuple[float, ...]
    frame: float

    @property
    def need(self) -> float:
        """The narrowest the table can be without breaking a word."""
        return sum(self.least) + self.frame

    def columns(self, room: float) -> list[float] | None:
        """Each column's width in ``room``, or ``None`` when the table's natural widths fit.
        Each column has at least its longest word; what is left is shared in proportion to what
        each would need more to set its text on one line, so that no column wraps while another
        has room to spare."""
        space = room - self.frame
        if sum(self.natural) <= space:
            return None
        spare = max(0.0, space - sum(self.least))
        wants = [n - least for n, least in zip(self.natural, self.least)]
        total = sum(wants) or 1.0
        return [least + spare * want / total for least, want in zip(self.least, wants)]


def _cell_widths(table: QTextTable, row: int, column: int) -> tuple[float, float]:
    """The longest word and the longest line of a cell, in pixels."""
    cell = table.cellAt(row, column)
    end = cell.lastCursorPosition().position()
    block = cell.firstCursorPosition().block()
    line = 0.0
    while block.isValid() and block.position() <= end:
        width = 0.0
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            text = it.fragment().text()
            if fmt.isImageFormat():
                width += fmt.toImageFormat().width()
            else:
                # A line break (<br>) inside a block starts a new line.
                parts = text.split("\u2028")
                metrics = QFontMetricsF(fmt.font())
                width += metrics.horizontalAdvance(parts[0])
                for part in parts[1:]:
                    line, width = max(line, width), metrics.horizontalAdvance(part)
            it += 1
        line = max(line, width)
        block = block.next()
    word = max((width for _word, width in longest_words(table, row, column)), default=0.0)
    return word, line


def table_widths(doc: QTextDocument) -> list[TableWidths]:
    """What each table of ``doc`` needs, in order."""
    found = []
    for table in tables(doc):
        fmt = table.format()
        least = [0.0] * table.columns()
        natural = [0.0] * table.columns()
        for row in range(table.rows()):
            for column in range(table.columns()):
                cell = table.cellAt(row, column).format().toTableCellFormat()
                padding = cell.leftPadding() + cell.rightPadding() + _SLACK
                word, line = _cell_widths(table, row, column)
                least[column] = max(least[column], word + padding)
                natural[column] = max(natural[column], line + padding)
        frame = ((fmt.border() + fmt.cellSpacing()) * (table.columns() + 1) + 2 * fmt.padding()
                 + fmt.leftMargin() + fmt.rightMargin())
        found.append(TableWidths(tuple(least), tuple(natural), frame))
    return found


def table_needs(doc: QTextDocument) -> list[float]:
    """The narrowest width each table of ``doc`` can take without breaking a word: each column
    as wide as its longest word and its cells' padding, with the borders and the table's
    margins."""
    return [widths.need for widths in table_widths(doc)]


def _room(view: QTextBrowser) -> float | None:
    """The width the page's text has, or ``None`` before the pane has a width."""
    width = view.lineWrapColumnOrWidth() if view.lineWrapMode() == QTextBrowser.LineWrapMode.FixedPixelWidth \
        else view.viewport().width()
    if width <= 0:
        return None
    return width - 2 * view.document().documentMargin()


def _stacked(fit: _Fit, room: float | None) -> frozenset[int]:
    if room is None:
        return fit.stacked
    return frozenset(i for i, widths in enumerate(fit.widths) if widths.need > room)


def _share(view: QTextBrowser, fit: _Fit) -> None:
    """Give the columns of each table set as a table their widths in the pane (Qt's own share
    wraps one column while another has room to spare)."""
    room = _room(view)
    if room is None:
        return
    for index, table in enumerate(tables(view.document())):
        if index in fit.stacked or index >= len(fit.widths):
            continue
        columns = fit.widths[index].columns(room)
        fmt = table.format()
        wanted = [QTextLength(QTextLength.Type.FixedLength, width) for width in columns] if columns else []
        if [(c.type(), round(c.rawValue(), 1)) for c in fmt.columnWidthConstraints()] != \
                [(c.type(), round(c.rawValue(), 1)) for c in wanted]:
            fmt.setColumnWidthConstraints(wanted)
            table.setFormat(fmt)


def _shown(view: QTextBrowser) -> tuple[str, int]:
    doc = view.document()
    return doc.metaInformation(QTextDocument.MetaInformation.DocumentTitle), doc.characterCount()


def _measured(view: QTextBrowser, markdown: str) -> list[TableWidths]:
    """What the tables of a page need, measured once a page (on a document of its tables alone,
    set in the view's fonts): it does not depend on the pane's width."""
    found = _MEASURED.get(markdown)
    if found is None:
        from ..reference.rules_html import to_html
        doc = QTextDocument()
        doc.setDefaultFont(view.document().defaultFont())
        doc.setHtml(to_html(markdown, tables_only=True))
        found = table_widths(doc)
        if len(_MEASURED) >= 128:
            _MEASURED.clear()
        _MEASURED[markdown] = found
    return found


def fit_page(view: QTextBrowser, markdown: str) -> None:
    """Show the rules page ``markdown`` in ``view``, with the tables that do not fit stacked."""
    from ..reference.rules_html import to_html
    # Words are never broken: Qt then also counts each column's longest word as its least width.
    view.setWordWrapMode(QTextOption.WrapMode.WordWrap)
    # Lists indented less than Qt's 40 pixels a level, so that a nested list keeps room for its
    # words in a narrow pane.
    view.document().setIndentWidth(LIST_INDENT)
    fit = _Fit(markdown, _measured(view, markdown), frozenset(), ("", 0))
    fit.stacked = _stacked(fit, _room(view))
    view.setHtml(to_html(markdown, stacked=fit.stacked))
    _share(view, fit)
    fit.shown = _shown(view)
    _FITS[view] = fit


def refit_page(view: QTextBrowser) -> None:
    """After a resize: make the page again if another set of its tables must be stacked now,
    keeping the reader's place (the same share of the page scrolled)."""
    fit = _FITS.get(view)
    if fit is None or _shown(view) != fit.shown:
        return      # the view shows something else now (a search, a page not written yet)
    stacked = _stacked(fit, _room(view))
    if stacked == fit.stacked:
        _share(view, fit)
        return
    from ..reference.rules_html import to_html
    bar = view.verticalScrollBar()
    share = bar.value() / bar.maximum() if bar.maximum() > 0 else 0.0
    view.setHtml(to_html(fit.markdown, stacked=stacked))
    fit.stacked = stacked
    _share(view, fit)
    fit.shown = _shown(view)
    # The new page is laid out when the event loop next runs: scroll once it is.
    QTimer.singleShot(0, view, lambda: bar.setValue(round(share * bar.maximum())))
