"""Rules pages that fit the rules pane: a table too wide for the pane is set stacked.

Qt's rich text never lets a table run past the page: it squeezes the columns, and below the width
of their longest word it breaks words anywhere, a letter a line.  So the pane measures, once a
page is made, the width each of its tables needs (the longest word of each column, the cells'
padding and the borders: ``table_needs``) and renders the page again with every table that needs
more than the pane has set stacked, one row under another (``rules_html.to_html(stacked=...)``).
When the pane is resized, the page is made again only if that choice changes.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFontMetricsF, QTextDocument, QTextFrame, QTextOption, QTextTable
from PySide6.QtWidgets import QTextBrowser

__all__ = ["fit_page", "longest_words", "refit_page", "table_needs", "tables"]

# Where a line may break inside a table cell: at spaces, and after a hyphen, a dash or a slash.
_BREAKS = re.compile(r"\s+|(?<=[-–—/])")
_SLACK = 2.0     # pixels: Qt's table layout rounds each column
LIST_INDENT = 24  # pixels a level of a list is indented


@dataclass(slots=True)
class _Fit:
    markdown: str
    needs: list[float]              # the width each table needs, in the page's order
    stacked: frozenset[int]
    shown: tuple[str, int]          # the document's title and length, to know it is still ours


_FITS: WeakKeyDictionary[QTextBrowser, _Fit] = WeakKeyDictionary()


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


def table_needs(doc: QTextDocument) -> list[float]:
    """The narrowest width each table of ``doc`` can take without breaking a word: each column
    as wide as its longest word and its cells' padding, with the borders and the table's
    margins."""
    needs = []
    for table in tables(doc):
        fmt = table.format()
        frame = fmt.border() + fmt.cellSpacing()
        columns = [0.0] * table.columns()
        for row in range(table.rows()):
            for column in range(table.columns()):
                cell = table.cellAt(row, column).format().toTableCellFormat()
                padding = cell.leftPadding() + cell.rightPadding()
                widest = max((width for _word, width in longest_words(table, row, column)), default=0.0)
                columns[column] = max(columns[column], widest + padding + _SLACK)
        needs.append(sum(columns) + frame * (len(columns) + 1) + 2 * fmt.padding()
                     + fmt.leftMargin() + fmt.rightMargin())
    return needs


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
    return frozenset(i for i, need in enumerate(fit.needs) if need > room)


def _shown(view: QTextBrowser) -> tuple[str, int]:
    doc = view.document()
    return doc.metaInformation(QTextDocument.MetaInformation.DocumentTitle), doc.characterCount()


def fit_page(view: QTextBrowser, markdown: str) -> None:
    """Show the rules page ``markdown`` in ``view``, with the tables that do not fit stacked."""
    from ..reference.rules_html import to_html
    # Words are never broken: Qt then also counts each column's longest word as its least width.
    view.setWordWrapMode(QTextOption.WrapMode.WordWrap)
    # Lists indented less than Qt's 40 pixels a level, so that a nested list keeps room for its
    # words in a narrow pane.
    view.document().setIndentWidth(LIST_INDENT)
    view.setHtml(to_html(markdown))
    fit = _Fit(markdown, table_needs(view.document()), frozenset(), _shown(view))
    stacked = _stacked(fit, _room(view))
    if stacked:
        view.setHtml(to_html(markdown, stacked=stacked))
        fit.stacked, fit.shown = stacked, _shown(view)
    _FITS[view] = fit


def refit_page(view: QTextBrowser) -> None:
    """After a resize: make the page again if another set of its tables must be stacked now,
    keeping the reader's place (the same share of the page scrolled)."""
    fit = _FITS.get(view)
    if fit is None or _shown(view) != fit.shown:
        return      # the view shows something else now (a search, a page not written yet)
    stacked = _stacked(fit, _room(view))
    if stacked == fit.stacked:
        return
    from ..reference.rules_html import to_html
    bar = view.verticalScrollBar()
    share = bar.value() / bar.maximum() if bar.maximum() > 0 else 0.0
    view.setHtml(to_html(fit.markdown, stacked=stacked))
    fit.stacked, fit.shown = stacked, _shown(view)
    # The new page is laid out when the event loop next runs: scroll once it is.
    QTimer.singleShot(0, view, lambda: bar.setValue(round(share * bar.maximum())))
