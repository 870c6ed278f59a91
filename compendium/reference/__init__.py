"""The rules pages' services, above the games and below the interface: the Markdown renderer to
the HTML Qt shows (``rules_html``), the glossary, the search over every page, and the books'
worked examples that the "Show me" links replay."""
