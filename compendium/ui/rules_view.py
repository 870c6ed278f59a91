"""The rules pane: a game's rules page, set like a good book, with anchors and cross-links."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QColor, QDesktopServices, QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QFrame, QLineEdit, QTextBrowser, QVBoxLayout, QWidget

from ..core import glossary
from ..core.errors import UnknownGame
from ..core.rulesdoc import DEFAULT_CSS, to_html
from ..games import registry
from ..paths import rules_dir

__all__ = ["RulesPane", "RulesView", "split_ref"]

_WRAP_SLACK = 4      # pixels kept free at the right of the text (see __init__)
PAPER = "#fbf8f0"   # the page colour of rulesdoc's CSS, so the margins around the text match it


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
        self.document().setDocumentMargin(14)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Base, QColor(PAPER))
        palette.setColor(QPalette.ColorRole.Text, QColor("#23241f"))
        self.setPalette(palette)
        self.anchorClicked.connect(self._follow)
        self._game_id: str | None = None
        self._last_game: str | None = None   # the game page to come back to from a search
        self._pending_anchor = ""

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.setLineWrapColumnOrWidth(max(100, self.viewport().width() - _WRAP_SLACK))
        super().resizeEvent(event)

    @property
    def game_id(self) -> str | None:
        """The game whose page is shown."""
        return self._game_id

    def show_game(self, game_id: str, anchor: str = "") -> None:
        """Show the page of ``game_id`` (an id or alias), at ``anchor`` if given."""
        gid = registry.resolve_id(game_id)
        if gid != self._game_id:
            markdown = registry.rules_markdown(gid)
            if markdown is not None:
                self.setHtml(to_html(glossary.link_terms(markdown, gid)))
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
        markdown = glossary.glossary_markdown()
        if markdown is None:
            return
        self.setHtml(to_html(markdown))
        self.verticalScrollBar().setValue(0)
        self._game_id = None
        if anchor:
            self.scroll_to(anchor)

    def show_search(self, query: str) -> int:
        """The sections of every page that match ``query``, best first, with the words marked;
        returns how many were found."""
        from ..core.search import search
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
        if self._last_game is not None:
            self.show_game(self._last_game)

    def show_rule(self, ref: str) -> None:
        """Show a rule reference such as ``"canfield_or_klondike#spaces"`` (or ``"#spaces"`` on the
        page shown).  An unknown game leaves the page as it is."""
        game, anchor = split_ref(ref)
        try:
            self.show_game(game or self._game_id or "", anchor)
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

    def _follow(self, url: QUrl) -> None:
        scheme = url.scheme().lower()
        if scheme == "game":
            try:
                gid = registry.resolve_id(url.path())
            except UnknownGame:
                return
            self.game_link.emit(gid, url.fragment())
        elif scheme == glossary.GLOSSARY_SCHEME:
            self.show_glossary(url.path())
        elif scheme in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
        elif not scheme and not url.path() and url.fragment():
            self.scroll_to(url.fragment())


def _unwritten_page(game_id: str) -> str:
    """A short, well-set page for a game whose rules are not written yet: what we know of it,
    and the games that can be played now."""
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
        layout.setContentsMargins(0, 4, 0, 0)
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
