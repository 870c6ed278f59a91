"""Every table of every rules page fits the rules pane at its narrowest: laid out by Qt in the real
rules view, no table is wider than the pane and no column is narrower than its longest word (Qt
would break that word a letter a line)."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from compendium.games import registry
from compendium.reference import glossary
from compendium.reference.rules_html import to_html
from compendium.ui.main_window import MainWindow
from compendium.ui.page_fit import longest_words, table_needs, tables
from compendium.ui.rules_view import RulesPane

PAGES = [info.id for info in registry.all_games() if registry.rules_markdown(info.id) is not None]


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def narrowest() -> int:
    """The narrowest the main window lets the rules pane be."""
    app = QApplication.instance() or QApplication([])
    assert app is not None
    window = MainWindow()
    try:
        pane = window.findChild(RulesPane)
        assert pane is not None
        width = max(pane.minimumWidth(), pane.minimumSizeHint().width())
    finally:
        window.table.shutdown()
        window.deleteLater()
    assert 150 <= width <= 600
    return width


@pytest.fixture
def pane(qtbot, narrowest: int) -> RulesPane:
    widget = RulesPane()
    qtbot.addWidget(widget)
    widget.resize(narrowest, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def misfits(view) -> list[str]:
    """What does not fit in the view's page as laid out: each word wider than its cell's lines,
    and the page wider than the pane."""
    doc: QTextDocument = view.document()
    doc.documentLayout().documentSize()      # lay the page out now
    for _ in range(3):                       # and let the pane take in its size
        QApplication.processEvents()
    found = []
    for number, table in enumerate(tables(doc)):
        for row in range(table.rows()):
            for column in range(table.columns()):
                cell = table.cellAt(row, column)
                layout = cell.firstCursorPosition().block().layout()
                room = layout.lineAt(0).width() if layout.lineCount() else 0.0
                for word, width in longest_words(table, row, column):
                    if width > room + 0.5:
                        found.append(f"table {number + 1}, row {row + 1}, column {column + 1}: "
                                     f"{word!r} needs {width:.0f} px, the column has {room:.0f}")
    if doc.idealWidth() > view.viewport().width() + 0.5:
        found.append(f"the page is {doc.idealWidth():.0f} px wide in a pane of {view.viewport().width()}")
    if view.horizontalScrollBar().maximum() > 0:
        found.append("the pane scrolls sideways")
    return found


@pytest.mark.parametrize("game_id", PAGES)
def test_every_table_fits_the_pane_at_its_narrowest(pane: RulesPane, game_id: str) -> None:
    pane.view.show_game(game_id)
    assert misfits(pane.view) == []


def test_the_glossary_fits_too(pane: RulesPane) -> None:
    pane.view.show_glossary()
    assert misfits(pane.view) == []


def test_the_check_sees_a_table_squeezed_below_its_words(pane: RulesPane) -> None:
    """Guards the guard: the Bézique rank table, set as a plain table in the narrow pane, breaks
    its words, and the check says so; the pane itself stacks it."""
    markdown = "| rank | ace | ten | king | queen | knave | nine | eight | seven |\n" + "|---" * 9 + "|\n" \
        + "| order | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |\n"
    pane.view.setHtml(to_html(markdown))
    assert any("needs" in problem for problem in misfits(pane.view))
    assert table_needs(pane.view.document())[0] > pane.view.viewport().width()


def test_a_wide_table_is_stacked_in_a_narrow_pane_and_comes_back_when_it_widens(qtbot, pane: RulesPane) -> None:
    pane.view.show_game("boston")
    narrow_tables = [table.columns() for table in tables(pane.view.document())]
    assert 1 in narrow_tables                                   # some table is stacked ...
    assert "The caller undertakes" in pane.view.toPlainText()   # ... and still says everything
    pane.resize(1400, 700)
    qtbot.wait(10)
    wide_tables = [table.columns() for table in tables(pane.view.document())]
    assert len(wide_tables) == len(narrow_tables) and max(wide_tables) > max(narrow_tables)
    assert misfits(pane.view) == []


def test_linking_terms_leaves_the_tables_as_they_were() -> None:
    """The glossary links put into a page do not change its tables' cells."""
    markdown = registry.rules_markdown("boston") or ""
    assert to_html(glossary.link_terms(markdown, "boston")).count("<table") == to_html(markdown).count("<table")
