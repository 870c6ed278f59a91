"""The rules pane: a game's rules page, set like a good book, with anchors and cross-links."""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QColor, QImage, QKeyEvent, QPainter, QPalette, QPen, QResizeEvent, QTextDocument
from PySide6.QtWidgets import QFrame, QLineEdit, QTextBrowser, QTextEdit, QVBoxLayout, QWidget

from ..core.errors import UnknownGame
from ..games import registry
from ..paths import rules_dir
from .page_fit import fit_page, refit_page

__all__ = ["RulesPane", "RulesView", "split_ref"]

# ``reference.rules_html`` and ``reference.glossary`` are imported where a page is made, not here: the first
# page may be made after the window's first paint (``show_game_after_paint``), and their import
# (~18 ms, mostly compiling the Markdown reader's patterns) would otherwise delay that paint.

_WRAP_SLACK = 4      # pixels kept free at the right of the text (see __init__)
PAPER = "#fbf8f0"   # the page colour of rules_html's CSS, so the margins around the text match it
MARK = "#f6df8c"    # the phrase of the page that a replayed example's step is about
# Inline card pictures are drawn at three times their size on the page: sharp on a HiDPI screen
# and in a PDF, where Qt scales the picture into the width and height the page gives it.
CARD_OVERSAMPLE = 3.0


def split_ref(ref: str) -> tuple[str, str]:
    """``"game_id#anchor"`` -> ``("game_id", "anchor")``; either part may be empty."""
    game, _, anchor = ref.partition("#")
    return game.strip(), anchor.strip()


class RulesView(QTextBrowser):
    """Shows the rules page of one game.

    Links are handled here rather than by ``QTextBrowser`` (which would try to load them as
    files): ``#anchor`` scrolls within the page, ``game:<id>#anchor`` is emitted as
    ``game_link(id, anchor)`` so that the main window can switch the library, rules and table
    together, and web addresses open in the reader's browser.
    """

    game_link = Signal(str, str)
    example_link = Signal(str, str)   # a "Show me" link: game id, example name

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesView")
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Qt's table layout can come out a pixel wider than the width it was given, which shows a
        # needless sideways scroll bar; wrapping a few pixels short of the pane avoids it.
        self.setLineWrapMode(QTextBrowser.LineWrapMode.FixedPixelWidth)
        # Pictures on a page are named relative to the rules folder.
        self.setSearchPaths([str(rules_dir())])
        super().document().setDocumentMargin(14)   # (no page can be put off yet)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Base, QColor(PAPER))
        palette.setColor(QPalette.ColorRole.Text, QColor("#23241f"))
        self.setPalette(palette)
        self.anchorClicked.connect(self._follow)
        self._game_id: str | None = None
        self._last_game: str | None = None   # the game page to come back to from a search
        self._pending_anchor = ""
        # A page asked for with show_game_after_paint and not made yet: (game id, anchor).
        self._pending_page: tuple[str, str] | None = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.setLineWrapColumnOrWidth(max(100, self.viewport().width() - _WRAP_SLACK))
        super().resizeEvent(event)
        refit_page(self)    # a table that no longer fits (or fits again) is set anew

    def loadResource(self, kind: int, url: QUrl) -> Any:
        """``card:10D`` pictures (rules_html's ``{{10♦}}``) are drawn with the table's card art,
        once per card: the shared renderer caches them, and the document keeps what it loaded."""
        from ..reference.rules_html import CARD_SCHEME, DIAGRAM_SCHEME, card_codes
        if url.scheme() == CARD_SCHEME and kind == QTextDocument.ResourceType.ImageResource.value:
            key = url.path()
            if card_codes(key) == [key.upper()] or key.upper() in ("BACK", "JOKER"):
                return mini_card(key.upper())
            return None
        if url.scheme() == DIAGRAM_SCHEME and kind == QTextDocument.ResourceType.ImageResource.value:
            from .page_pictures import diagram_image
            return diagram_image(url.path())
        return super().loadResource(kind, url)

    @property
    def game_id(self) -> str | None:
        """The game whose page is shown (or is about to be: see ``show_game_after_paint``)."""
        return self._pending_page[0] if self._pending_page is not None else self._game_id

    def show_game_after_paint(self, game_id: str, anchor: str = "") -> None:
        """Like ``show_game``, but the page is made by ``make_pending_page``: the main window
        calls it once the table's first frame is painted, so that making and laying out the page
        (~80 ms) does not hold back the start-up (DESIGN.md section 8).  Anything that reads the
        page (``toHtml``, ``document`` ...) or shows another makes it at once."""
        gid = registry.resolve_id(game_id)
        self._pending_page = (gid, anchor)
        self._last_game = gid

    def make_pending_page(self) -> None:
        """Make the page ``show_game_after_paint`` put off, if it is still to be made."""
        if self._pending_page is not None:
            gid, anchor = self._pending_page
            self._pending_page = None
            self.show_game(gid, anchor)

    # Readers of the page make a put-off page first, so that they never see an empty one.
    def document(self) -> QTextDocument:
        self.make_pending_page()
        return super().document()

    def toHtml(self) -> str:
        self.make_pending_page()
        return super().toHtml()

    def toPlainText(self) -> str:
        self.make_pending_page()
        return super().toPlainText()

    def documentTitle(self) -> str:
        self.make_pending_page()
        return super().documentTitle()

    def scrollToAnchor(self, name: str) -> None:
        self.make_pending_page()
        super().scrollToAnchor(name)

    def show_game(self, game_id: str, anchor: str = "") -> None:
        """Show the page of ``game_id`` (an id or alias), at ``anchor`` if given."""
        gid = registry.resolve_id(game_id)
        self._pending_page = None   # this page replaces one put off (or is it)
        if gid != self._game_id:
            from ..reference import glossary
            markdown = registry.rules_markdown(gid)
            if markdown is not None:
                fit_page(self, glossary.link_terms(markdown, gid))
            else:
                self.setHtml(_unwritten_page(gid))
            # A new page opens at its top (setHtml may leave the view a few lines down).
            self.verticalScrollBar().setValue(0)
            self._game_id = gid
        self._last_game = gid
        if anchor:
            self.scroll_to(anchor)

    def show_glossary(self, anchor: str = "") -> None:
        """The glossary of the period's terms, at the entry ``anchor`` if given."""
        from ..reference import glossary
        markdown = glossary.glossary_markdown()
        if markdown is None:
            return
        self._pending_page = None
        fit_page(self, markdown)
        self.verticalScrollBar().setValue(0)
        self._game_id = None
        if anchor:
            self.scroll_to(anchor)

    def show_search(self, query: str) -> int:
        """The sections of every page that match ``query``, best first, with the words marked;
        returns how many were found."""
        from ..reference.rules_html import DEFAULT_CSS
        from ..reference.search import search
        self._pending_page = None
        hits = search(query)
        e = html.escape
        if hits:
            items = "".join(
                f'<li><a href="{e(hit.link)}"><b>{e(hit.title)}</b>'
                f'{" — " + e(hit.heading) if hit.heading and hit.heading != hit.title else ""}</a>'
                f'<br><span class="snippet">{hit.snippet_html}</span></li>' for hit in hits)
            body = f"<p>{len(hits)}{'+' if len(hits) >= 40 else ''} sections match.</p><ol>{items}</ol>"
        else:
            body = ("<p>Nothing in the rules matches these words. Try fewer words, or another "
                    "spelling (accents are not needed).</p>")
        self.setHtml("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">"
                     f"<style type=\"text/css\">{DEFAULT_CSS} li {{ margin-bottom: 8px; }}"
                     " .snippet { color: #4a4a40; }</style></head><body>"
                     f"<h1>Search: {e(query)}</h1>{body}</body></html>")
        self.verticalScrollBar().setValue(0)
        self._game_id = None
        return len(hits)

    def show_last_game(self) -> None:
        """Back from a search or the glossary to the game page shown before."""
        if self._pending_page is None and self._last_game is not None:
            self.show_game(self._last_game)

    def show_rule(self, ref: str) -> None:
        """Show a rule reference such as ``"canfield_or_klondike#spaces"`` (or ``"#spaces"`` on the
        page shown).  An unknown game leaves the page as it is."""
        game, anchor = split_ref(ref)
        try:
            self.show_game(game or self.game_id or "", anchor)
        except UnknownGame:
            return

    def scroll_to(self, anchor: str) -> None:
        self.scrollToAnchor(anchor)
        # Before the pane has been laid out, the document has no height to scroll in: scroll
        # again once the event loop has run the layout.
        self._pending_anchor = anchor
        QTimer.singleShot(0, self._scroll_pending)

    def _scroll_pending(self) -> None:
        if self._pending_anchor:
            self.scrollToAnchor(self._pending_anchor)
            self._pending_anchor = ""

    # -- marking a phrase (the step of a replayed example) ------------------------------------
    def mark_phrase(self, phrase: str) -> bool:
        """Mark the first place of ``phrase`` on the page shown and bring it into sight; returns
        whether it was found.  An empty phrase clears the mark."""
        from PySide6.QtGui import QTextCharFormat  # here: start-up need not build the class
        if not phrase:
            self.clear_mark()
            return False
        cursor = self.document().find(phrase)
        if cursor.isNull():
            # A phrase that wraps or differs in case or spacing: try it with single spaces.
            cursor = self.document().find(" ".join(phrase.split()))
        if cursor.isNull():
            self.clear_mark()
            return False
        self._pending_anchor = ""   # the mark is where the reader should look, not a heading
        mark = QTextEdit.ExtraSelection()
        mark.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setBackground(QColor(MARK))
        mark.format = fmt
        self.setExtraSelections([mark])
        # Put the phrase a third of the way down the pane, so its paragraph reads around it.
        block_top = self.document().documentLayout().blockBoundingRect(cursor.block()).top()
        bar = self.verticalScrollBar()
        bar.setValue(max(0, int(block_top - self.viewport().height() / 3)))
        return True

    def marked_text(self) -> str:
        marks = self.extraSelections()
        return marks[0].cursor.selectedText() if marks else ""

    def clear_mark(self) -> None:
        self.setExtraSelections([])

    # -- printing ------------------------------------------------------------------------------
    def page_title(self) -> str:
        return self.documentTitle() or "Rules"

    def export_pdf(self, path: str | Path) -> str | None:
        """Write the page on show to ``path`` as a PDF (A4, the page's own type and card
        pictures); returns what went wrong, if anything."""
        from PySide6.QtGui import QPdfWriter
        target = Path(path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return f"Cannot write {target}: {exc.strerror or exc}"
        writer = QPdfWriter(str(target))
        writer.setTitle(self.page_title())
        writer.setCreator("Compendium")
        self._print_to(writer)
        del writer   # closes the file
        if not target.is_file() or target.stat().st_size == 0:
            return f"Cannot write {target}: the PDF could not be made there"
        return None

    def print_page(self, printer: Any) -> None:
        """Print the page on show with a QPrinter the reader has set up."""
        self._print_to(printer)

    def _print_to(self, device: Any) -> None:
        # Imported here: start-up need not build these classes (DESIGN.md section 8).
        from PySide6.QtCore import QMarginsF
        from PySide6.QtGui import QPageLayout, QPageSize
        device.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        device.setPageMargins(QMarginsF(16, 16, 16, 16), QPageLayout.Unit.Millimeter)
        # A copy laid out for the paper: the pane's own layout is for its pixel width.  The copy
        # keeps the pictures already loaded; any not yet drawn are loaded through this view.
        doc = self.document().clone(self)
        doc.setDocumentMargin(0)
        # White paper: the pane's cream page colour would only cost ink.
        frame = doc.rootFrame().frameFormat()
        frame.clearBackground()
        doc.rootFrame().setFrameFormat(frame)
        for url in _card_urls(doc):
            image = self.loadResource(QTextDocument.ResourceType.ImageResource.value, url)
            if image is not None:
                doc.addResource(QTextDocument.ResourceType.ImageResource.value, url, image)
        doc.print_(device)
        doc.deleteLater()

    def _follow(self, url: QUrl) -> None:
        from ..reference import glossary
        from ..reference.worked_examples import SHOW_SCHEME  # the examples are not needed until one is asked for
        scheme = url.scheme().lower()
        if scheme == SHOW_SCHEME:
            game, _, name = url.path().partition("/")
            self.example_link.emit(game, name)
        elif scheme == "game":
            try:
                gid = registry.resolve_id(url.path())
            except UnknownGame:
                return
            self.game_link.emit(gid, url.fragment())
        elif scheme == glossary.GLOSSARY_SCHEME:
            self.show_glossary(url.path())
        elif scheme in ("http", "https", "mailto"):
            from PySide6.QtGui import QDesktopServices
            QDesktopServices.openUrl(url)
        elif not scheme and not url.path() and url.fragment():
            self.scroll_to(url.fragment())


_MINI_CARDS: dict[str, QImage] = {}
_CORNER_WIDTH = 0.185    # of the card's width: the index (rank and suit) in the top-left corner
_COURT_WIDTH = 0.165     # a court card's corner is narrower: its picture's frame starts sooner


def mini_card(key: str) -> QImage:
    """The card ``key`` as a small picture for running text: the top-left corner of the table's
    own card art (the index, rank above suit, large enough to read at a glance) on a small card
    with a rounded border, ``CARD_WIDTH`` × ``CARD_HEIGHT`` at ``CARD_OVERSAMPLE``.  Made once.

    Only the corner is drawn: the card's art is rendered at the size where its corner fills the
    picture, through a clip, which costs a third of drawing the whole card."""
    cached = _MINI_CARDS.get(key)
    if cached is not None:
        return cached
    from PySide6.QtCore import QByteArray
    from PySide6.QtSvg import QSvgRenderer

    from ..reference.rules_html import CARD_HEIGHT, CARD_WIDTH
    from .table import card_art  # not needed until a card shows
    from .table.card_renderer import shared_renderer
    shared_renderer()             # it registers the font of the cards' indices
    out_w, out_h = round(CARD_WIDTH * CARD_OVERSAMPLE), round(CARD_HEIGHT * CARD_OVERSAMPLE)
    art = QSvgRenderer(QByteArray(card_art.svg_for_key(key).encode("utf-8")))
    size = art.defaultSize()
    width = out_w / _CORNER_WIDTH                       # the whole card, drawn at this width
    height = width * size.height() / max(1, size.width())
    corner_w = (_COURT_WIDTH if key[:1] in ("J", "Q", "K") else _CORNER_WIDTH) * width
    corner_x, corner_y = (0.0, 0.0) if key == "BACK" else (0.025 * width, 0.03 * height)
    image = QImage(out_w, out_h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    line = CARD_OVERSAMPLE
    frame = QRectF(line / 2, line / 2, out_w - line, out_h - line)
    painter.setPen(QPen(QColor("#8a8470"), line))
    painter.setBrush(QColor("#fffdf7"))
    painter.drawRoundedRect(frame, 2.5 * line, 2.5 * line)
    left = (out_w - corner_w) / 2
    painter.setClipRect(QRectF(left, line, corner_w, out_h - 2 * line).intersected(
        frame.adjusted(line / 2, line / 2, -line / 2, -line / 2)))
    art.render(painter, QRectF(left - corner_x, line - corner_y, width, height))
    painter.end()
    _MINI_CARDS[key] = image
    return image


def _card_urls(doc: QTextDocument) -> list[QUrl]:
    """The ``card:`` and ``diagram:`` pictures a document shows."""
    from ..reference.rules_html import CARD_SCHEME, DIAGRAM_SCHEME
    urls: list[QUrl] = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isImageFormat():
                name = fmt.toImageFormat().name()
                if name.startswith((CARD_SCHEME + ":", DIAGRAM_SCHEME + ":")):
                    urls.append(QUrl(name))
            it += 1
        block = block.next()
    return urls


def _unwritten_page(game_id: str) -> str:
    """A short, well-set page for a game whose rules are not written yet: what we know of it,
    and the games that can be played now."""
    from ..reference.rules_html import DEFAULT_CSS
    info = registry.info(game_id)
    e = html.escape
    seats = (f"{info.min_seats}" if info.min_seats == info.max_seats
             else f"{info.min_seats} to {info.max_seats}")
    rows = [("Family", info.family.title), ("Source", info.source), ("Players", seats)]
    if info.aliases:
        rows.append(("Also called", ", ".join(a.replace("_", " ").title() for a in info.aliases)))
    table = "".join(f"<tr><th align=\"left\">{e(k)}</th><td>{e(v)}</td></tr>" for k, v in rows)
    parent = ""
    if info.parent:
        parent_info = registry.info(info.parent)
        parent = (f"<p>It is a variant of <a href=\"game:{parent_info.id}\">"
                  f"{e(parent_info.name)}</a>.</p>")
    playable = "".join(f"<li><a href=\"game:{gid}\">{e(registry.info(gid).name)}</a> — "
                       f"{e(registry.info(gid).summary)}</li>" for gid in registry.playable_ids())
    return ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">"
            f"<title>{e(info.name)}</title><style type=\"text/css\">{DEFAULT_CSS}</style></head><body>"
            f"<a name=\"top\"></a><h1>{e(info.name)}</h1>"
            f"<p><i>{e(info.summary)}</i></p>"
            f"<table cellspacing=\"0\">{table}</table>"
            f"{parent}"
            "<p>The rules page for this game is not written yet. The laws will appear here, "
            "in our own words after the book, when the page is ready.</p>"
            "<h2>Games you can play now</h2>"
            f"<ul>{playable}</ul>"
            "</body></html>")


class RulesPane(QWidget):
    """The rules view under a search field that searches every page and the glossary as the
    reader types; clearing it (or Escape) brings back the game's page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesPane")
        self.search = QLineEdit(self)
        self.search.setObjectName("rulesSearch")
        self.search.setPlaceholderText("Search the rules of every game…")
        self.search.setClearButtonEnabled(True)
        self.view = RulesView(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)   # wait for a pause in the typing
        self._timer.timeout.connect(self._run)
        self.search.textChanged.connect(lambda _text: self._timer.start())
        self.search.installEventFilter(self)

    def _run(self) -> None:
        query = self.search.text().strip()
        if query:
            self.view.show_search(query)
        else:
            self.view.show_last_game()

    def eventFilter(self, watched: object, event: object) -> bool:
        if watched is self.search and isinstance(event, QKeyEvent) and event.type() == QKeyEvent.Type.KeyPress \
                and event.key() == Qt.Key.Key_Escape and self.search.text():
            self.search.clear()
            return True
        return super().eventFilter(watched, event)  # type: ignore[arg-type]
