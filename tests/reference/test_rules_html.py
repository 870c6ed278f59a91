"""The rules-page renderer: slugs, headings, links and the HTML it gives Qt."""
from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from compendium.reference.rules_html import (
    DEFAULT_CSS,
    Heading,
    anchors,
    headings,
    links,
    slugify,
    to_html,
)

RULES = Path(__file__).resolve().parents[2] / "resources" / "rules"


def body(markdown: str, **kwargs: str) -> str:
    """The part of the document between <body> and </body>, without line breaks."""
    page = to_html(markdown, **kwargs)
    inner = page.split("<body>", 1)[1].split("</body>", 1)[0]
    return inner.replace("\n", "")


class _TagBalance(HTMLParser):
    """Checks that every opened element is closed in order (the void ones excepted)."""

    VOID = frozenset({"meta", "hr", "br", "img", "col"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> with open {self.stack}")
        else:
            self.stack.pop()


def assert_well_formed(page: str) -> None:
    checker = _TagBalance()
    checker.feed(page)
    checker.close()
    assert checker.errors == []
    assert checker.stack == []


# --- slugs and headings -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "slug"), [
    ("Building on the tableau", "building-on-the-tableau"),
    ("The deal (one pass)", "the-deal-one-pass"),
    ("Canfield or Klondike", "canfield-or-klondike"),
    ("Hints & tips", "hints--tips"),            # GitHub keeps one hyphen per space
    ("Five-card runs: 5×3 = 15", "five-card-runs-53--15"),
    ("Bézique", "bézique"),                      # letters beyond ASCII are letters
    ("  Spaces around  ", "spaces-around"),
    ("snake_case id", "snakecase-id"),         # underscores are not kept
])
def test_slugify_follows_github(text: str, slug: str) -> None:
    assert slugify(text) == slug


@pytest.mark.parametrize(("heading", "slug"), [
    ("**Bold** and *italic* and _under_", "bold-and-italic-and-under"),
    ("The `stock` and [waste](#waste)", "the-stock-and-waste"),
    ("Lead with {{K♠}} or {{10♦ 9♦}}", "lead-with-k-or-10-9"),
])
def test_a_heading_is_slugged_by_the_text_a_reader_sees(heading: str, slug: str) -> None:
    assert headings(f"## {heading}\n")[0].anchor == slug
    assert f'<a name="{slug}"></a>' in to_html(f"## {heading}\n")


def test_headings_levels_text_and_anchors() -> None:
    page = "# Klondike\n\ntext\n\n## The deal\n### Dealing *carefully* ###\n#### Small print\n"
    assert headings(page) == [
        Heading(1, "Klondike", "klondike"),
        Heading(2, "The deal", "the-deal"),
        Heading(3, "Dealing *carefully*", "dealing-carefully"),
        Heading(4, "Small print", "small-print"),
    ]


def test_duplicate_slugs_get_numbered_like_github() -> None:
    page = "# Notes\n## Notes\n## Notes-1\n## Notes\n"
    assert [h.anchor for h in headings(page)] == ["notes", "notes-1", "notes-1-1", "notes-2"]
    assert anchors(page) == {"notes", "notes-1", "notes-1-1", "notes-2"}


def test_not_headings() -> None:
    page = ("#hashtag needs a space\n\n####### seven is too deep\n\n"
            "```\n# inside a fence\n```\n\n~~~\n## tilde fence\n~~~\n\n    # indented four\n")
    assert headings(page) == []


def test_heading_inside_unclosed_fence_is_code() -> None:
    assert headings("# Real\n```python\n# not real\n") == [Heading(1, "Real", "real")]


def test_punctuation_only_heading_still_gets_an_anchor() -> None:
    assert headings("# ???\n") == [Heading(1, "???", "section")]


def test_html_headings_are_preceded_by_their_anchor() -> None:
    html = body("# Klondike\n## The deal (one pass)\n## The deal (one pass)\n")
    assert html == ('<a name="klondike"></a><h1>Klondike</h1>'
                    '<a name="the-deal-one-pass"></a><h2>The deal (one pass)</h2>'
                    '<a name="the-deal-one-pass-1"></a><h2>The deal (one pass)</h2>')


def test_html_anchor_names_equal_headings() -> None:
    page = "# A\n> ## Quoted\n\n## A\n- item\n## B *b*\n"
    named = re.findall(r'<a name="([^"]*)">', to_html(page))
    assert named == [h.anchor for h in headings(page)] == ["a", "quoted", "a-1", "b-b"]


# --- blocks ----------------------------------------------------------------------------------

def test_paragraph_lines_are_joined_and_blank_lines_separate() -> None:
    assert body("one\ntwo\n   three\n\n\nfour\n") == "<p>one two three</p><p>four</p>"


def test_bullet_lists_with_dash_and_star() -> None:
    # CommonMark: another bullet character starts another list
    assert body("- one\n- two\n* three\n") == "<ul><li>one</li><li>two</li></ul><ul><li>three</li></ul>"


def test_numbered_list_and_start_number() -> None:
    assert body("1. deal\n2. play\n") == "<ol><li>deal</li><li>play</li></ol>"
    assert body("3. third\n4. fourth\n") == '<ol start="3"><li>third</li><li>fourth</li></ol>'


def test_nested_list_one_level() -> None:
    page = "- foundations\n  - aces first\n  - then twos\n- tableau\n    1. deeper goes to the same level\n"
    assert body(page) == ("<ul><li>foundations<ul><li>aces first</li><li>then twos</li></ul></li>"
                          "<li>tableau<ol><li>deeper goes to the same level</li></ol></li></ul>")


def test_list_continuation_blank_lines_and_end() -> None:
    page = "- first item\n  carries on\n\n- second\n\nAfter the list.\n"
    assert body(page) == ("<ul><li>first item carries on</li><li>second</li></ul>"
                          "<p>After the list.</p>")


def test_list_interrupts_paragraph_and_kinds_do_not_mix() -> None:
    assert body("Rules:\n- one\n1. two\n") == (
        "<p>Rules:</p><ul><li>one</li></ul><ol><li>two</li></ol>")


def test_table_with_alignment() -> None:
    page = "| cards | net |\n|:------|----:|\n| 10 | −2 |\n| 52 | +208 |\n"
    assert body(page) == (
        '<table border="1" cellspacing="0" cellpadding="5">'
        '<tr><th align="left">cards</th><th align="right">net</th></tr>'
        '<tr><td align="left">10</td><td align="right">−2</td></tr>'
        '<tr><td align="left">52</td><td align="right">+208</td></tr></table>')


def test_table_center_alignment_no_outer_pipes_and_escaped_pipe() -> None:
    page = "a | b\n:-:|---\n`x` | one \\| two\n"
    assert body(page) == (
        '<table border="1" cellspacing="0" cellpadding="5">'
        '<tr><th align="center">a</th><th>b</th></tr>'
        '<tr><td align="center"><code>x</code></td><td>one | two</td></tr></table>')


def test_ragged_table_rows_are_padded_and_cut() -> None:
    page = "| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |\n"
    html = body(page)
    assert "<tr><td>1</td><td></td></tr>" in html
    assert "<tr><td>1</td><td>2</td></tr>" in html
    assert "3" not in html


def test_table_needs_a_matching_separator() -> None:
    assert "<table" not in body("| a | b |\n|---|\n")
    assert "<table" not in body("a | b\nno separator\n")


def test_blockquote_holds_blocks() -> None:
    assert body("> *Note*: one\n> two\n>\n> - item\n") == (
        "<blockquote><p><i>Note</i>: one two</p><ul><li>item</li></ul></blockquote>")


def test_horizontal_rules() -> None:
    assert body("above\n\n---\n\n***\nbelow\n") == "<p>above</p><hr><hr><p>below</p>"


def test_fenced_code_is_escaped_and_verbatim() -> None:
    page = "```text\n  <b>*not bold*</b>\n# not a heading\n```\nafter\n"
    assert body(page) == ("<pre><code>  &lt;b&gt;*not bold*&lt;/b&gt;# not a heading</code></pre>"
                          "<p>after</p>")


def test_comments_are_dropped() -> None:
    page = ("## The deal\n\nSeven piles.\n<!-- piles -->\n\n<!--\nmany\nlines\n-->\n"
            "Text <!-- aside --> goes on.\n")
    html = to_html(page)
    assert "piles -->" not in html and "aside" not in html and "many" not in html
    assert body(page).endswith("<p>Seven piles.</p><p>Text  goes on.</p>")


def test_unclosed_comment_shows_as_text() -> None:
    assert body("before <!-- never closed\n") == "<p>before &lt;!-- never closed</p>"


# --- inline ----------------------------------------------------------------------------------

def test_emphasis_bold_and_code() -> None:
    assert body("**kings** only, *in suit*, _once_, `K♠`") == (
        "<p><b>kings</b> only, <i>in suit</i>, <i>once</i>, <code>K♠</code></p>")


def test_nested_and_combined_emphasis() -> None:
    assert body("***both*** and **bold *inner* bold**") == (
        "<p><i><b>both</b></i> and <b>bold <i>inner</i> bold</b></p>")


def test_underscores_inside_words_and_lone_stars_stay() -> None:
    assert body("canfield_or_klondike and 5 * 3 and 2*3*4 = 24") == (
        "<p>canfield_or_klondike and 5 * 3 and 2<i>3</i>4 = 24</p>")


def test_backslash_escapes() -> None:
    assert body(r"\*not italic\* and \`tick\` and \[no link\](x)") == (
        "<p>*not italic* and `tick` and [no link](x)</p>")


def test_code_span_protects_its_content() -> None:
    assert body("`**a** [b](c) <d>` and ``a ` b``") == (
        "<p><code>**a** [b](c) &lt;d&gt;</code> and <code>a ` b</code></p>")


def test_links_same_page_other_game_web_and_relative() -> None:
    page = ("[spaces](#spaces), [Klondike](canfield_or_klondike), "
            "[its deal](canfield_or_klondike#the-deal), [web](https://example.org/a?b=1&c=2), "
            "[picture](images/tableau.svg)")
    assert body(page, link_base="res:/") == (
        '<p><a href="#spaces">spaces</a>, '
        '<a href="game:canfield_or_klondike">Klondike</a>, '
        '<a href="game:canfield_or_klondike#the-deal">its deal</a>, '
        '<a href="https://example.org/a?b=1&amp;c=2">web</a>, '
        '<a href="res:/images/tableau.svg">picture</a></p>')


def test_link_text_may_hold_emphasis_and_brackets() -> None:
    assert body("[the **king** [rule]](#spaces)") == (
        '<p><a href="#spaces">the <b>king</b> [rule]</a></p>')


def test_links_lists_every_target_in_order_but_not_code() -> None:
    page = ("# [Head](#h)\n\nSee [a](#one) and [b](other_game#x).\n\n"
            "- [c](https://example.org)\n\n| [d](#two) |\n|---|\n\n"
            "`[e](#no)`\n\n```\n[f](#no)\n```\n> [g](#three)\n")
    assert links(page) == ["#h", "#one", "other_game#x", "https://example.org", "#two", "#three"]


def test_not_links() -> None:
    assert links("[no target] and [empty]() and [spaced] (x)") == []
    assert body("[empty]()") == "<p>empty</p>"     # a link to nothing is its words


# --- escaping and bad input ------------------------------------------------------------------

def test_all_text_is_escaped() -> None:
    page = ('# A <b> & "c"\n\nx < y & <script>alert(1)</script>\n\n'
            "| <td> |\n|---|\n| a&b |\n\n- <li>\n\n> <hr>\n")
    html = body(page)
    assert "<b>" not in html and "<script>" not in html and "<hr>" not in html
    assert "<th>&lt;td&gt;</th>" in html
    assert "<li>&lt;li&gt;</li>" in html
    assert "<blockquote><p>&lt;hr&gt;</p></blockquote>" in html
    assert "<h1>A &lt;b&gt; &amp; \"c\"</h1>" in html
    assert "x &lt; y &amp; &lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<td>a&amp;b</td>" in html


def test_quotes_in_link_targets_cannot_break_the_attribute() -> None:
    html = body('[x](#a"onclick="evil)')
    assert 'href="#a&quot;onclick=&quot;evil"' in html


@pytest.mark.parametrize("page", [
    "",
    "\n\n   \n",
    "*unterminated emphasis",
    "**bold never closed and *italic* inside",
    "_a *b_ c*",
    "`unterminated code",
    "[unterminated link(#x)",
    "[text](unterminated",
    "| a | b |\n|---|---|\n| 1 | 2 | 3 | 4 |\n|\n| x\n",
    "|\n|---|\n",
    "> \n>",
    "- \n  - \n1.",
    "#\n##\n###   ###",
    "```",
    "<!--",
    "<!-- -->",
    "\t- tab\n\t\t- tabs",
    "\\",
    "***",
    "* * *\n- - -",
    "\x00 control \x1b characters",
])
def test_bad_input_never_raises_and_stays_well_formed(page: str) -> None:
    html = to_html(page)
    assert html.startswith("<!DOCTYPE") and html.rstrip().endswith("</html>")
    assert_well_formed(html)
    headings(page)
    links(page)


def test_unterminated_emphasis_stays_literal() -> None:
    assert body("*open and **never closed") == "<p>*open and **never closed</p>"


def test_empty_document() -> None:
    assert body("") == ""
    assert headings("") == [] and links("") == [] and anchors("") == set()
    assert "<title></title>" in to_html("")


# --- the document ----------------------------------------------------------------------------

def test_document_has_title_and_default_css() -> None:
    page = to_html("# Canfield *or* Klondike\n\ntext\n")
    assert "<title>Canfield or Klondike</title>" in page
    assert DEFAULT_CSS in page
    assert "serif" in DEFAULT_CSS and "line-height: 150%" in DEFAULT_CSS


def test_custom_css_replaces_the_default() -> None:
    page = to_html("text", css="p { color: red; }")
    assert "p { color: red; }" in page
    assert DEFAULT_CSS not in page


def test_the_renderer_does_not_need_qt(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    monkeypatch.setitem(sys.modules, "PySide6", None)
    monkeypatch.delitem(sys.modules, "compendium.reference.rules_html", raising=False)
    module = importlib.import_module("compendium.reference.rules_html")
    assert module.slugify("The deal") == "the-deal"


# --- the real pages --------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(RULES.glob("*.md")), ids=lambda p: p.stem)
def test_rules_pages_render_well_formed(path: Path) -> None:
    assert_well_formed(to_html(path.read_text(encoding="utf-8")))


def test_klondike_same_page_links_resolve() -> None:
    page = (RULES / "canfield_or_klondike.md").read_text(encoding="utf-8")
    names = anchors(page)
    same_page = [target for target in links(page) if target.startswith("#")]
    assert same_page, "the page should cross-refer to its own sections"
    for target in same_page:
        assert target[1:] in names, f"no heading for {target}"


def test_klondike_page_has_the_anchors_the_engine_cites() -> None:
    page = (RULES / "canfield_or_klondike.md").read_text(encoding="utf-8")
    required = {
        "canfield-or-klondike", "players-and-equipment", "the-deal", "the-foundations",
        "building-on-the-tableau", "moving-runs", "spaces", "the-stock-and-waste",
        "turning-up-cards", "scoring", "end-of-the-game", "laws-and-irregularities",
        "variants", "hints", "sources-and-decisions",
    }
    assert required <= anchors(page)
    # The generated table of piles goes straight after the deal's own text.
    deal = page.split("## The deal\n", 1)[1].split("\n## ", 1)[0]
    assert deal.rstrip().endswith("<!-- piles -->")
    assert "<table" in to_html(page)


# --- diagrams and stacked tables --------------------------------------------------------------

def test_a_chess_diagram_block_becomes_a_picture_of_its_position() -> None:
    page = "```diagram\nchess 6k1/5pp1/3b1n1p/8/P7/2P4P/6P1/4R1K1 w - - 0 1\n```\n"
    html = body(page)
    assert 'src="diagram:chess/6k1/5pp1/3b1n1p/8/P7/2P4P/6P1/4R1K1"' in html
    assert "<pre>" not in html and 'width="184" height="184"' in html


@pytest.mark.parametrize("spec", ["chess 6k1/5pp1/8", "chess 9/8/8/8/8/8/8/8", "chess", "draughts", "pope-joan now",
                                  "chess 6k1/5pp1/3b1n1p/8/P7/2P4P/6P1/4R1K\"x"])
def test_a_diagram_that_cannot_be_read_shows_as_code(spec: str) -> None:
    html = body(f"```diagram\n{spec}\n```\n")
    assert "<img" not in html and "<pre><code>" in html


def test_the_other_diagrams() -> None:
    assert 'src="diagram:pope-joan"' in body("```diagram\npope-joan\n```\n")
    assert 'src="diagram:checkers"' in body("```diagram\ncheckers\n```\n")
    assert 'src="diagram:tit-tat-toe"' in body("```diagram\ntit-tat-toe\n```\n")
    assert "<img" not in body("```python\npope-joan\n```\n")     # only a block of kind diagram


def test_a_stacked_table_reads_a_row_a_cell_with_its_headings() -> None:
    page = ("| Pile | Dealt | Accepts |\n|---|:-:|---|\n| **Foundation** | none | aces up |\n"
            "| 3 | | kings |\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    html = to_html(page, stacked={0})
    assert ("<tr><td><b><b>Foundation</b></b><br><i>Dealt</i>: none<br><i>Accepts</i>: aces up</td></tr>"
            in html)
    # a title of figures alone is named by its heading; an empty cell is left out
    assert "<tr><td><b>Pile: 3</b><br><i>Accepts</i>: kings</td></tr>" in html
    # the second table is not stacked
    assert "<tr><th>a</th><th>b</th></tr>" in html and "<tr><td>1</td><td>2</td></tr>" in html
    assert to_html(page, stacked={1}).count("<th") == 3
    assert links(page) == []


def test_a_table_without_rows_stacks_to_nothing() -> None:
    assert "<table" in to_html("| a | b |\n|---|---|\n", stacked={0})


def test_the_tables_alone_for_measuring() -> None:
    page = "# Title\n\nSome words.\n\n| a | b |\n|---|---|\n| {{10♦}} | 2 |\n\n- a list\n"
    html = to_html(page, tables_only=True).split("<body>")[1]
    assert "<table" in html and 'src="card:10D"' in html
    assert "<p>" not in html and "<h1>" not in html and "<li>" not in html
