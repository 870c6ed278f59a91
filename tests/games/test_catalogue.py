"""The game catalogue: every game of the research catalogue and every game of the 1909 table of
contents, once, with consistent metadata."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from compendium.core.game import Chance, Family, GameInfo, Information
from compendium.games.catalogue import BY_ID, CATALOGUE, TOC_1909, by_family, get, lookup

CATALOGUE_MD = Path(__file__).resolve().parents[2].parent / "shared" / "catalogue.md"

SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

EXPECTED_IDS = {
    # patience (27)
    "the_constitution", "the_congress", "the_clock", "the_carpet", "the_blockade",
    "the_besieged_city", "spensers_fairie_queen", "sly", "nestor", "napoleons_square",
    "napoleons_square_single", "mount_olympus", "margarethe", "light_and_shade", "la_nivernaise",
    "la_belle_lucie", "house_in_the_wood", "house_on_the_hill", "general_sedgewick", "fortress",
    "canfield_or_klondike", "babette", "anna", "the_fifteen", "napoleon_at_st_helena",
    "poker_patience", "serpent_poker_patience",
    # trick-taking (17)
    "auction_bridge", "five_hundred", "quinto", "quinto_dummy", "napoleon", "purchase_nap",
    "peep_nap", "piquet", "piquet_rubicon", "all_fours", "all_fours_four_handed", "solo_whist",
    "solo_whist_three_handed", "kimberly_solo", "scotch_whist", "french_whist", "boston",
    # banking and gambling (3)
    "draw_poker", "baccarat_chemin_de_fer", "baccarat_banque",
    # board (3)
    "chess", "checkers", "backgammon",
    # dominoes (2)
    "dominoes_draw", "fives_and_threes",
    # parlour (3) and other (1)
    "ghost", "tit_tat_toe", "riddles", "pope_joan",
}

# Games named in the 1909 contents only (catalogue.md §4: the seeds hold their headings), not in
# catalogue.md §1.  They came in as reference pages; most are now played on the table as well.
REFERENCE_IDS = {
    "whist", "dummy_whist", "double_dummy", "bridge", "bezique", "rubicon_bezique", "ecarte",
    "euchre", "loo",                                              # trick-taking (9)
    "blind_hookey", "vingt_un", "roulette", "trente_et_quarante",  # banking and gambling (4)
    "cribbage", "bagatelle", "billiards", "pyramids", "shell_out", "pool", "snooker_pool",  # others (7)
}

EXPECTED_COUNTS = {
    Family.PATIENCE: 27, Family.TRICK_TAKING: 17 + 9, Family.BANKING: 3 + 4, Family.BOARD: 3,
    Family.DOMINOES: 2, Family.PARLOUR: 3, Family.OTHER: 1 + 7,
}

# Sections of a 1909 chapter that are described on their game's page, not entered on their own
# (Hoyle's Draughts is our Checkers; Pyramids and Shell Out, sections of the Billiards chapter,
# are entries of their own since they are played on the cue table).
NOT_ENTRIES = {"draughts_hoyle", "six_card_cribbage", "french_vingt_un"}


def _section_one_ids(text: str) -> list[str]:
    """The ids in the first column of the tables of section 1 of catalogue.md."""
    start = text.index("## 1.")
    end = text.index("\n## ", start + 1)
    ids = []
    for line in text[start:end].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.lstrip().startswith("|") or len(cells) < 2:
            continue
        first = cells[0]
        if first == "id" or set(first) <= set("-: "):
            continue
        ids.append(first)
    return ids


def test_exactly_76_entries():
    assert len(CATALOGUE) == 56 + 20
    assert all(isinstance(info, GameInfo) for info in CATALOGUE)


def test_ids_unique_and_snake_case():
    ids = [info.id for info in CATALOGUE]
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    for game_id in ids:
        assert SNAKE.match(game_id), game_id


def test_ids_equal_literal_expected_set():
    assert {info.id for info in CATALOGUE} == EXPECTED_IDS | REFERENCE_IDS
    assert not EXPECTED_IDS & REFERENCE_IDS
    assert not NOT_ENTRIES & set(BY_ID)


def test_ids_equal_catalogue_md_section_one():
    if not CATALOGUE_MD.exists():
        pytest.skip("shared/catalogue.md is not available")
    md_ids = _section_one_ids(CATALOGUE_MD.read_text(encoding="utf-8"))
    assert len(md_ids) == 56
    # same ids, same order; the reference games of the 1909 contents sit among their families
    assert [info.id for info in CATALOGUE if info.id not in REFERENCE_IDS] == md_ids


def test_family_counts_and_order():
    counts = Counter(info.family for info in CATALOGUE)
    assert counts == EXPECTED_COUNTS
    order = list(EXPECTED_COUNTS)
    positions = [order.index(info.family) for info in CATALOGUE]
    assert positions == sorted(positions)  # families grouped, in catalogue order
    for family, n in EXPECTED_COUNTS.items():
        assert len(by_family(family)) == n


def test_seats():
    for info in CATALOGUE:
        assert 1 <= info.min_seats <= info.max_seats, info.id
    for info in by_family(Family.PATIENCE):
        if info.id != "poker_patience":
            assert (info.min_seats, info.max_seats) == (1, 1), info.id
    assert (BY_ID["poker_patience"].min_seats, BY_ID["poker_patience"].max_seats) == (1, 6)
    for game_id in ("chess", "checkers", "backgammon", "piquet", "all_fours"):
        assert (BY_ID[game_id].min_seats, BY_ID[game_id].max_seats) == (2, 2)
    assert BY_ID["baccarat_banque"].max_seats == 11
    assert BY_ID["baccarat_chemin_de_fer"].max_seats == 10
    assert (BY_ID["pope_joan"].min_seats, BY_ID["pope_joan"].max_seats) == (3, 8)
    for game_id in ("whist", "bridge"):
        assert (BY_ID[game_id].min_seats, BY_ID[game_id].max_seats) == (4, 4)
    assert (BY_ID["dummy_whist"].min_seats, BY_ID["dummy_whist"].max_seats) == (3, 3)
    for game_id in ("double_dummy", "bezique", "rubicon_bezique", "ecarte"):
        assert (BY_ID[game_id].min_seats, BY_ID[game_id].max_seats) == (2, 2)
    assert (BY_ID["euchre"].min_seats, BY_ID["euchre"].max_seats) == (2, 4)
    assert (BY_ID["cribbage"].min_seats, BY_ID["cribbage"].max_seats) == (2, 4)


def test_aliases_unique_and_never_ids():
    aliases = [a for info in CATALOGUE for a in info.aliases]
    assert len(set(aliases)) == len(aliases), [a for a, n in Counter(aliases).items() if n > 1]
    assert not set(aliases) & set(BY_ID)
    for alias in aliases:
        assert SNAKE.match(alias), alias
    assert "klondike" in BY_ID["canfield_or_klondike"].aliases
    assert "forty_thieves" in BY_ID["napoleon_at_st_helena"].aliases
    assert "draughts" in BY_ID["checkers"].aliases
    assert set(BY_ID["all_fours"].aliases) >= {"old_sledge", "seven_up"}


def test_parents_exist_and_are_not_variants():
    for info in CATALOGUE:
        if info.parent is not None:
            assert info.parent in BY_ID, info.id
            assert info.parent != info.id
            assert BY_ID[info.parent].parent is None, info.id
    assert BY_ID["house_in_the_wood"].parent == "la_belle_lucie"
    assert BY_ID["fives_and_threes"].parent == "dominoes_draw"
    assert BY_ID["baccarat_banque"].parent == "baccarat_chemin_de_fer"
    assert BY_ID["dummy_whist"].parent == BY_ID["double_dummy"].parent == "whist"
    assert BY_ID["rubicon_bezique"].parent == "bezique"
    assert BY_ID["bridge"].parent is None  # a game of its own, not a form of Whist


def test_summaries_names_sources():
    for info in CATALOGUE:
        assert info.summary.strip(), info.id
        assert len(info.summary) <= 90, (info.id, len(info.summary))
        assert info.name.strip() and info.source.strip(), info.id


def test_chance_and_information_values():
    for info in CATALOGUE:
        assert isinstance(info.chance, Chance) and isinstance(info.information, Information), info.id
    assert BY_ID["backgammon"].chance == "dice"
    assert BY_ID["tit_tat_toe"].chance == "dice"   # where the pencil lands: a throw
    # Riddles shuffles its riddles (a deal) and keeps each answer unseen until it is told
    assert (BY_ID["riddles"].chance, BY_ID["riddles"].information) == ("deal", "hidden")
    for game_id in ("chess", "checkers", "ghost",
                    "serpent_poker_patience", "bagatelle", "billiards", "pyramids", "shell_out", "pool",
                    "snooker_pool"):
        assert BY_ID[game_id].chance == "none", game_id
    assert BY_ID["roulette"].chance == "dice"  # the wheel: a throw, nothing dealt or hidden
    cue_and_wheel = {"bagatelle", "billiards", "pyramids", "shell_out", "pool", "snooker_pool", "roulette"}
    for game_id in cue_and_wheel:
        assert BY_ID[game_id].information == "perfect", game_id
    for game_id in REFERENCE_IDS - cue_and_wheel:
        assert (BY_ID[game_id].chance, BY_ID[game_id].information) == ("deal", "hidden"), game_id
    perfect_patience = {"la_belle_lucie", "house_in_the_wood", "house_on_the_hill", "fortress",
                        "nestor", "serpent_poker_patience"}
    for info in by_family(Family.PATIENCE):
        expected = "perfect" if info.id in perfect_patience else "hidden"
        assert info.information == expected, info.id


def test_toc_ids_exist():
    titles = [title for title, _ in TOC_1909]
    assert len(set(titles)) == len(titles)
    covered = [game_id for _, ids in TOC_1909 for game_id in ids]
    assert len(set(covered)) == len(covered)
    for game_id in covered:
        assert game_id in BY_ID, game_id
    assert titles[0] == "All Fours" and dict(TOC_1909)["Bézique"] == ("bezique", "rubicon_bezique")
    assert dict(TOC_1909)["Draughts"] == ("checkers",)
    assert dict(TOC_1909)["Whist"] == ("whist", "dummy_whist", "double_dummy")
    # every chapter of the book now leads to at least one game, and every reference game has one
    assert [title for title, ids in TOC_1909 if not ids] == []
    assert REFERENCE_IDS <= set(covered)


def test_get_and_lookup():
    assert get("klondike") is BY_ID["canfield_or_klondike"]
    assert get("nap").id == "napoleon"
    assert lookup("Spenser's Fairie Queen").id == "spensers_fairie_queen"
    assert lookup("Four Seasons").id == "general_sedgewick"
    assert lookup("Canfield or Klondike").id == "canfield_or_klondike"
    assert lookup("no such game") is None
    assert get("crib") is BY_ID["cribbage"]
    assert get("rouge_et_noir").id == "trente_et_quarante"
    assert lookup("Écarté").id == "ecarte"
    assert lookup("Vingt-et-Un").id == "vingt_un"
    assert lookup("Shell Out").id == "shell_out" and get("pyramids").name == "Pyramids"
    with pytest.raises(KeyError):
        get("draughts_hoyle")


def test_a_misspelt_kind_of_chance_or_information_is_refused() -> None:
    with pytest.raises(ValueError, match="'cards'"):
        GameInfo("x", "X", Family.OTHER, 1, 1, "a book", chance="cards")
    with pytest.raises(ValueError, match="'secret'"):
        GameInfo("x", "X", Family.OTHER, 1, 1, "a book", information="secret")
    assert GameInfo("x", "X", Family.OTHER, 1, 1, "a book", chance="dice").chance is Chance.DICE
