"""The glossary's links from the pages, and full-text search over every page (issue 9)."""
from __future__ import annotations

import time

import pytest

from compendium.core.errors import NotationError
from compendium.games import registry
from compendium.reference import glossary, search

TERMS = glossary.parse("""# Glossary

Intro text.

## Huff

Removing a man that failed to capture.

Also: huffing

Games: checkers

## Go

At Cribbage, the call of a player who cannot play.

Games: cribbage
""")


def test_the_glossary_parses_and_every_term_names_real_games():
    terms = glossary.load()
    assert len(terms) >= 80
    ids = {g.id for g in registry.all_games()}
    for term in terms:
        assert term.definition and term.games, term.name
        assert set(term.games) <= ids, term.name
    assert any(t.name == "Huff" and "checkers" in t.games for t in terms)


def test_a_malformed_entry_is_named():
    with pytest.raises(NotationError, match="'Bower'"):
        glossary.parse("## Bower\n\nA knave.\n")


def test_the_first_use_on_a_page_of_the_game_is_linked_and_nothing_else():
    page = ("# Checkers\n\n## Huffing\n\nA player may huff a man. Huffing again is not linked.\n\n"
            "See [huff here](checkers#huffing) and `huff` in code.\n")
    linked = glossary.link_terms(page, "checkers", TERMS)
    assert "## Huffing\n" in linked                                # headings stay as they are
    assert "A player may [huff](glossary:huff) a man. Huffing again" in linked
    assert linked.count("glossary:") == 1
    assert glossary.link_terms(page, "chess", TERMS) == page       # not a term of chess


def test_short_terms_are_linked_only_as_terms():
    page = "You go first.\n\nSay Go when you cannot play.\n"
    linked = glossary.link_terms(page, "cribbage", TERMS)
    assert "You go first." in linked and "Say [Go](glossary:go) when" in linked


def test_the_shipped_pages_link_their_terms():
    markdown = registry.rules_markdown("checkers")
    assert markdown is not None
    assert "(glossary:huff)" in glossary.link_terms(markdown, "checkers")


def test_search_finds_the_section_that_treats_the_words_first():
    hits = search.search("huff")
    assert hits[0].page == "checkers" and "huff" in hits[0].heading.lower()
    assert any(h.page == "glossary" for h in hits)
    assert "<b>" in hits[0].snippet_html
    revoke = search.search("revoke penalty")
    assert revoke and all("revoke" in (h.heading + h.snippet_html).lower() for h in revoke[:3])
    assert search.search("ecarte")[0].page == "ecarte"               # accents are not needed
    assert search.search("en pass")[0].page in ("chess", "glossary")  # the last word may be unfinished
    assert search.search("zzzz qqqq") == []
    assert search.search("  ") == []


def test_search_links_lead_to_the_section():
    hit = search.search("en passant")[0]
    assert hit.link in ("game:chess#en-passant", "glossary:en-passant")


def test_search_answers_within_50_ms():
    search.shipped_index()              # built once, on the first search
    worst = 0.0
    for query in ("trump", "revoke", "the deal", "a", "bower joker", "score", "king", "t"):
        # CPU time, alike on a busy machine; the least of three, so that a garbage collection of
        # a large test process (0.1 s, seen once) falling inside one search is not counted.
        # About 7 ms for the slowest query today, so a tenfold slowdown trips the budget.
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            search.search(query)
            best = min(best, time.process_time() - start)
        worst = max(worst, best)
    assert worst < 0.05, worst


def test_snippets_are_escaped():
    text = "A <b>bold</b> claim & a revoke"
    out = search.snippet(text, {"revoke"})
    assert "&lt;b&gt;" in out and "&amp;" in out and "<b>revoke</b>" in out
