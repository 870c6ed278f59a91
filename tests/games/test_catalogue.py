"""The game catalogue: every game of the research catalogue, once, with consistent metadata."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from compendium.core.game import Family, GameInfo
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

EXPECTED_COUNTS = {
    Family.PATIENCE: 27, Family.TRICK_TAKING: 17, Family.BANKING: 3, Family.BOARD: 3,
    Family.DOMINOES: 2, Family.PARLOUR: 3, Family.OTHER: 1,
}

# Games named in the 1909 contents only; they must not sneak into the catalogue.
TOC_ONLY = {"bezique", "rubicon_bezique", "blind_hookey", "cribbage", "ecarte", "euchre", "loo",
            "vingt_un", "whist", "dummy_whist", "double_dummy", "bridge", "bagatelle", "billiards",
            "pyramids", "shell_out", "pool", "snooker_pool", "draughts_hoyle", "roulette",
            "trente_et_quarante"}


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


def test_exactly_56_entries():
    assert len(CATALOGUE) == 56
    assert all(isinstance(info, GameInfo) for info in CATALOGUE)


def test_ids_unique_and_snake_case():
    ids = [info.id for info in CATALOGUE]
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    for game_id in ids:
        assert SNAKE.match(game_id), game_id


def test_ids_equal_literal_expected_set():
    assert {info.id for info in CATALOGUE} == EXPECTED_IDS
    assert not TOC_ONLY & set(BY_ID)


def test_ids_equal_catalogue_md_section_one():
    if not CATALOGUE_MD.exists():
        pytest.skip("shared/catalogue.md is not available")
    md_ids = _section_one_ids(CATALOGUE_MD.read_text(encoding="utf-8"))
    assert len(md_ids) == 56
    assert [info.id for info in CATALOGUE] == md_ids  # same ids, same order


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


def test_summaries_names_sources():
    for info in CATALOGUE:
        assert info.summary.strip(), info.id
        assert len(info.summary) <= 90, (info.id, len(info.summary))
        assert info.name.strip() and info.source.strip(), info.id


def test_chance_and_information_values():
    for info in CATALOGUE:
        assert info.chance in {"none", "deal", "dice"}, info.id
        assert info.information in {"perfect", "hidden"}, info.id
    assert BY_ID["backgammon"].chance == "dice"
    for game_id in ("chess", "checkers", "ghost", "riddles", "tit_tat_toe",
                    "serpent_poker_patience"):
        assert BY_ID[game_id].chance == "none", game_id
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
    assert titles[0] == "All Fours" and dict(TOC_1909)["Bézique"] == ()
    assert dict(TOC_1909)["Draughts"] == ("checkers",)


def test_get_and_lookup():
    assert get("klondike") is BY_ID["canfield_or_klondike"]
    assert get("nap").id == "napoleon"
    assert lookup("Spenser's Fairie Queen").id == "spensers_fairie_queen"
    assert lookup("Four Seasons").id == "general_sedgewick"
    assert lookup("Canfield or Klondike").id == "canfield_or_klondike"
    assert lookup("no such game") is None
    with pytest.raises(KeyError):
        get("cribbage")
