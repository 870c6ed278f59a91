"""The rules pages of the games that the 1909 contents name and no engine plays yet, and the
glossary of the period's terms.

Every such game has a page with the standard sections; every cross-link of every rules page lands on
a real game and, with an anchor, on a real heading of that game's page; no passage of the source
books is copied; and the glossary follows its regular format (``## term``, a definition of one or two
sentences, an optional ``Also:`` line of other forms, and a ``Games:`` line of catalogue ids)."""
from __future__ import annotations

import html
import re
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest

from compendium.core.game import Status
from compendium.games import registry
from compendium.games.catalogue import BY_ID, TOC_1909
from compendium.paths import resources_dir, rules_dir
from compendium.reference import rules_html as rulesdoc
from tests.conftest import SHARED

# The games of the 1909 contents that had no page before this issue: each is a reference game.
TOC_REFERENCE_IDS = (
    "whist", "dummy_whist", "double_dummy", "bridge", "bezique", "rubicon_bezique", "blind_hookey",
    "cribbage", "ecarte", "euchre", "loo", "vingt_un", "bagatelle", "billiards", "pool",
    "snooker_pool", "roulette", "trente_et_quarante",
)
# Level-2 headings every one of those pages has, in this order.
STANDARD_SECTIONS = ("players-and-equipment", "the-play", "scoring", "laws-and-irregularities",
                     "variants", "hints", "on-the-table", "sources-and-decisions")
CARD_SECTIONS = ("rank-of-cards", "the-deal")   # games with a deal of cards
EQUIPMENT_SECTIONS = ("the-equipment",)          # billiard tables, boards and the wheel

GLOSSARY = resources_dir() / "glossary.md"
SEEDCOPY = SHARED / "tools" / "seedcopy.py"
# The terms the issue names; the glossary may hold more.
REQUIRED_TERMS = (
    "Age", "bower", "cachette", "carte blanche", "chicane", "elder hand", "younger hand", "huff",
    "marry", "pique", "repique", "capot", "quatorze", "renounce", "revoke", "talon", "widow",
    "stock", "tenace", "finesse", "slam", "rubber", "honours", "trumps", "turn-up", "dummy",
    "misère", "abundance", "nap", "Wellington", "blot", "gammon", "bar", "boneyard", "spinner",
    "en passant", "castling", "stalemate", "perpetual check", "crown",
)
_GAME_HREF = re.compile(r'href="game:([^"]*)"')
_WRITTEN_GAME_LINK = re.compile(r"^[a-z0-9_]+(?:#[a-z0-9-]+)?$")


def page(game_id: str) -> str:
    text = registry.rules_markdown(game_id)
    assert text is not None, f"{game_id} has no rules page in {rules_dir()}"
    return text


def section(markdown: str, anchor: str) -> str:
    """The text under the level-2 heading with ``anchor``, up to the next level-2 heading."""
    found: list[str] | None = None
    for line in markdown.splitlines():
        if line.startswith("## "):
            if found is not None:
                break
            if rulesdoc.slugify(line[3:]) == anchor:
                found = []
            continue
        if found is not None:
            found.append(line)
    assert found is not None, f"no section #{anchor}"
    return "\n".join(found)


def fold(text: str) -> str:
    """Lower case without accents, for comparing terms."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


# -- the pages ----------------------------------------------------------------------------------
def test_the_reference_set_is_the_books_contents_less_the_other_issues_games():
    covered = {game_id for _, ids in TOC_1909 for game_id in ids}
    assert set(TOC_REFERENCE_IDS) <= covered
    assert len(set(TOC_REFERENCE_IDS)) == 18


@pytest.mark.parametrize("game_id", TOC_REFERENCE_IDS + ("riddles",))
def test_the_game_has_a_page_titled_with_its_name(game_id):
    text = page(game_id)
    first = rulesdoc.headings(text)[0]
    assert (first.level, first.text) == (1, BY_ID[game_id].name)
    assert len(text.split()) > 400, "a newcomer cannot learn the game from a stub"


@pytest.mark.parametrize("game_id", TOC_REFERENCE_IDS)
def test_the_page_has_the_standard_sections_in_order(game_id):
    top = [h.anchor for h in rulesdoc.headings(page(game_id)) if h.level == 2]
    required = STANDARD_SECTIONS + (CARD_SECTIONS if BY_ID[game_id].chance == "deal" else EQUIPMENT_SECTIONS)
    missing = [a for a in required if a not in top]
    assert missing == [], f"{game_id} lacks {missing}; it has {top}"
    positions = [top.index(a) for a in STANDARD_SECTIONS]
    assert positions == sorted(positions), top
    assert top[0] == "players-and-equipment"


@pytest.mark.parametrize("game_id", TOC_REFERENCE_IDS)
def test_scoring_has_a_real_table(game_id):
    scoring = section(page(game_id), "scoring")
    assert re.search(r"^\|.*\|\s*\n\|[\s:|-]+\|\s*$", scoring, re.M), f"{game_id}: no table under Scoring"
    html_text = rulesdoc.to_html(scoring)
    assert "<table" in html_text and "<th" in html_text


@pytest.mark.parametrize("game_id", TOC_REFERENCE_IDS + ("riddles",))
def test_on_the_table_says_plainly_it_is_reference_only(game_id):
    note = section(page(game_id), "on-the-table")
    if registry.status(game_id) is Status.REFERENCE:
        assert "in the reference only" in note
    else:  # once an engine exists, the note must have been rewritten
        assert "in the reference only" not in note


@pytest.mark.parametrize("game_id", TOC_REFERENCE_IDS + ("riddles",))
def test_links_are_written_in_the_renderers_own_forms(game_id):
    for target in rulesdoc.links(page(game_id)):
        # (a "Show me" link, show:game/example, is the renderer's own form too: a page whose game
        # became playable may replay its worked examples)
        assert target.startswith(("#", "show:")) or _WRITTEN_GAME_LINK.match(target), target


def test_the_whist_family_cross_links_to_whist_laws():
    """'As in Whist' on the variant pages links to the Whist law it means."""
    for game_id in ("dummy_whist", "double_dummy", "bridge"):
        targets = [t for t in rulesdoc.links(page(game_id)) if t.startswith("whist#")]
        assert len(targets) >= 3, game_id
    assert "whist#the-revoke" in rulesdoc.links(page("dummy_whist"))


# -- every cross-link of every page -------------------------------------------------------------
def all_pages() -> list[Path]:
    return sorted(rules_dir().glob("*.md")) + [GLOSSARY]


def game_targets(markdown: str) -> list[str]:
    """Every link to a game's page, as the rules pane will follow it (``id`` or ``id#anchor``)."""
    return [html.unescape(m) for m in _GAME_HREF.findall(rulesdoc.to_html(markdown))]


def test_the_link_reader_sees_both_written_forms():
    text = "# X\n\nSee [w](whist#the-revoke), [b](game:bridge#scoring), [here](#x) and [web](https://a.b).\n"
    assert game_targets(text) == ["whist#the-revoke", "bridge#scoring"]


@pytest.mark.parametrize("path", all_pages(), ids=lambda p: p.stem)
def test_every_game_link_resolves_to_a_game_and_heading(path):
    text = path.read_text(encoding="utf-8")
    targets = game_targets(text)
    if not targets and not any(t.startswith("#") for t in rulesdoc.links(text)):
        pytest.skip(f"the {path.stem} page has no links to check")
    anchors: dict[str, set[str] | None] = {}
    problems = []
    for target in targets:
        game_id, _, anchor = target.partition("#")
        if game_id not in BY_ID:
            problems.append(f"{target}: no game {game_id!r}")
            continue
        if anchor:
            if game_id not in anchors:
                linked = registry.rules_markdown(game_id)
                anchors[game_id] = None if linked is None else rulesdoc.anchors(linked)
            if anchors[game_id] is None:
                problems.append(f"{target}: {game_id} has no page")
            elif anchor not in anchors[game_id]:
                problems.append(f"{target}: no heading #{anchor} on the {game_id} page")
    for target in rulesdoc.links(text):
        if target.startswith("#") and target[1:] not in rulesdoc.anchors(text):
            problems.append(f"{target}: no such heading on this page")
    assert problems == []


# -- no copying ---------------------------------------------------------------------------------
@pytest.mark.skipif(not SEEDCOPY.is_file(), reason=f"the seedcopy tool is not at {SEEDCOPY}")
def test_seedcopy_finds_nothing_in_the_reference_pages_or_the_glossary():
    paths = [str(rules_dir() / f"{g}.md") for g in TOC_REFERENCE_IDS + ("riddles",)] + [str(GLOSSARY)]
    proc = subprocess.run([sys.executable, str(SEEDCOPY), *paths], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith("no passage"), proc.stdout[-4000:]


# -- the glossary -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entry:
    term: str
    definition: str
    also: tuple[str, ...]
    games: tuple[str, ...]


def parse_glossary(text: str) -> list[Entry]:
    """The entries of the glossary.  Text before the first ``## `` heading is an introduction.
    Each entry is: ``## term``; a definition paragraph; optionally a paragraph ``Also: a, b``; and
    a paragraph ``Games: id, id``, which ends the entry.  Anything else is an error."""
    entries: list[Entry] = []
    blocks = re.split(r"(?m)^## ", text)[1:]
    if not blocks:
        raise ValueError("the glossary has no '## term' entries")
    for block in blocks:
        heading, _, body = block.partition("\n")
        term = heading.strip()
        paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", body) if p.strip()]
        if not term:
            raise ValueError("an entry has an empty term")
        if not paragraphs or not paragraphs[-1].startswith("Games: "):
            raise ValueError(f"{term!r}: the entry must end with a 'Games:' line")
        games = tuple(g.strip() for g in paragraphs[-1][len("Games: "):].split(","))
        if any(not g for g in games):
            raise ValueError(f"{term!r}: an empty game id in {paragraphs[-1]!r}")
        middle = paragraphs[:-1]
        also: tuple[str, ...] = ()
        if middle and middle[-1].startswith("Also: "):
            also = tuple(a.strip() for a in middle.pop()[len("Also: "):].split(","))
        if len(middle) != 1 or middle[0].startswith(("Also:", "Games:", "#")):
            raise ValueError(f"{term!r}: expected one definition paragraph, found {middle!r}")
        entries.append(Entry(term, middle[0], also, games))
    return entries


@pytest.fixture(scope="module")
def glossary() -> list[Entry]:
    return parse_glossary(GLOSSARY.read_text(encoding="utf-8"))


def test_the_parser_refuses_a_malformed_entry():
    good = "# G\n\n## Blot\n\nA lone man.\n\nGames: backgammon\n"
    assert parse_glossary(good) == [Entry("Blot", "A lone man.", (), ("backgammon",))]
    for bad in ("# G\n\nno entries\n",
                "# G\n\n## Blot\n\nA lone man.\n",                               # no Games line
                "# G\n\n## Blot\n\nGames: backgammon\n",                         # no definition
                "# G\n\n## Blot\n\nA lone man.\n\nMore text.\n\nGames: backgammon\n",
                "# G\n\n## Blot\n\nA lone man.\n\nGames: backgammon,\n"):
        with pytest.raises(ValueError):
            parse_glossary(bad)


def test_the_glossary_has_the_issues_terms_and_more(glossary):
    terms = {fold(e.term) for e in glossary}
    assert [t for t in REQUIRED_TERMS if fold(t) not in terms] == []
    assert len(glossary) >= 60


def test_terms_are_unique_and_in_alphabetical_order(glossary):
    keys = [fold(e.term) for e in glossary]
    assert len(set(keys)) == len(keys)
    assert keys == sorted(keys)


def test_definitions_are_one_or_two_sentences(glossary):
    for entry in glossary:
        sentences = re.findall(r"[.!?](?:\s|$)", entry.definition)
        assert 1 <= len(sentences) <= 2, (entry.term, entry.definition)
        assert len(entry.definition) <= 400, entry.term


def test_every_terms_games_exist(glossary):
    for entry in glossary:
        unknown = [g for g in entry.games if g not in BY_ID]
        assert unknown == [], (entry.term, unknown)
        assert len(set(entry.games)) == len(entry.games), entry.term


def test_each_term_is_used_on_a_page_of_its_games(glossary):
    """Where any of a term's games has a page, at least one of those pages uses the term (or one of
    its other forms), so the lead can link the term from the page."""
    for entry in glossary:
        pages = [registry.rules_markdown(g) for g in entry.games]
        texts = [fold(p) for p in pages if p is not None]
        if not texts:
            continue  # the games' pages are still to be written by their issues
        forms = [fold(f) for f in (entry.term, *entry.also)]
        assert any(f in t for f in forms for t in texts), entry.term


def test_auction_bridge_links_the_bridge_laws_it_takes_over():
    """'As in Bridge' on the Auction Bridge page links to the Bridge law it means."""
    targets = set(rulesdoc.links(page("auction_bridge")))
    assert {"bridge#honours", "bridge#chicane", "bridge#slams", "bridge#the-game-and-the-rubber"} <= targets
