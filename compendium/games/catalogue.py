"""The catalogue of every game the compendium covers: one ``GameInfo`` per game, in library order.

This module is pure data (no Qt).  The order and the ids follow the research catalogue
(``shared/catalogue.md``, section 1): patience, trick-taking, banking and gambling, board games,
dominoes, parlour games and round games.  ``TOC_1909`` maps the chapters of the 1909 *Hoyle's Games
Modernized* table of contents to the ids here that they cover.

The games named only in that table of contents (Whist, Bridge, Bézique, Cribbage, Écarté, Euchre,
Loo, Vingt-Un, Blind Hookey, the billiard-table games, Roulette, Trente et Quarante) follow the
research catalogue's games inside their families: they are reference games, described from the
standard rules of the period on their rules pages.  A variant that the book treats as a section of
a chapter (six-card Cribbage, three-handed Euchre, Pyramids …) is a section of its game's page,
not an entry of its own, unless readers know it as a separate game (Dummy, Double Dummy, Rubicon
Bézique).
"""
from __future__ import annotations

from compendium.core.game import Family, GameInfo

__all__ = ["CATALOGUE", "BY_ID", "TOC_1909", "get", "lookup", "by_family"]

# -- sources --------------------------------------------------------------------------------
CADOGAN = "Lady Cadogan, Illustrated Games of Patience (1914)"
HOYLE = "Hoyle's Games Modernized (1909)"
FOSTER = "Foster's Complete Hoyle"
LASKER = "Lasker, Chess and Checkers (1918)"
BLAIN = "Blain, Games for All Occasions (1909)"

_P = Family.PATIENCE
_T = Family.TRICK_TAKING
_B = Family.BANKING
# Family.OTHER holds the games that are neither tricks nor banking nor board games: the round game
# Pope Joan, Cribbage (an adding and pegging game) and the billiard-table games.
_O = Family.OTHER


def _patience(id: str, name: str, summary: str, *, source: str = CADOGAN,
              aliases: tuple[str, ...] = (), information: str = "hidden",
              parent: str | None = None, chance: str = "deal",
              max_seats: int = 1) -> GameInfo:
    return GameInfo(id=id, name=name, family=_P, min_seats=1, max_seats=max_seats, source=source,
                    aliases=aliases, chance=chance, information=information, summary=summary,
                    parent=parent)


def _cards(id: str, name: str, family: Family, seats: tuple[int, int], source: str, summary: str,
           *, aliases: tuple[str, ...] = (), parent: str | None = None) -> GameInfo:
    return GameInfo(id=id, name=name, family=family, min_seats=seats[0], max_seats=seats[1],
                    source=source, aliases=aliases, chance="deal", information="hidden",
                    summary=summary, parent=parent)


def _table(id: str, name: str, seats: tuple[int, int], summary: str, *,
           aliases: tuple[str, ...] = (), chance: str = "none") -> GameInfo:
    """A game of the 1909 book played with balls, a board or a wheel: nothing is hidden."""
    return GameInfo(id=id, name=name, family=_O, min_seats=seats[0], max_seats=seats[1],
                    source=HOYLE, aliases=aliases, chance=chance, information="perfect",
                    summary=summary)


CATALOGUE: tuple[GameInfo, ...] = (
    # -- patience (27) -----------------------------------------------------------------------
    _patience("the_constitution", "The Constitution",
              "Two packs; cards climb four rows in alternating colours up to the ace foundations.",
              aliases=("constitution", "british_constitution")),
    _patience("the_congress", "The Congress",
              "Two packs; rows of rivers feed eight suit foundations through four helps."),
    _patience("the_clock", "The Clock",
              "Twelve foundations set round a dial, each built in suit until it shows its hour."),
    _patience("the_carpet", "The Carpet",
              "A woven 8×8 carpet; a card is free only when one of its narrow ends is clear.",
              aliases=("teppich",)),
    _patience("the_blockade", "The Blockade",
              "Rows of twelve, each row blocking the one above; build down in suit.",
              aliases=("blockade",)),
    _patience("the_besieged_city", "The Besieged City",
              "Ramparts round a reserve; foundations alternate rising and falling runs in suit.",
              aliases=("besieged_city",)),
    _patience("spensers_fairie_queen", "Spenser's Fairie Queen",
              "Each king turned up heads a new column; move cards down regardless of suit."),
    _patience("sly", "Sly",
              "Twenty cards at a time are laid on the promenade; no moves between its packets."),
    _patience("nestor", "Nestor",
              "Forty-eight cards in eight columns; clear the pack by pairing cards of equal rank.",
              information="perfect"),
    _patience("napoleons_square", "Napoleon's Square",
              "Twelve packets of four on three sides of a square; build down in suit."),
    _patience("napoleons_square_single", "Napoleon's Square (single cards)",
              "Napoleon's Square begun from twelve single cards instead of packets of four.",
              parent="napoleons_square"),
    _patience("mount_olympus", "Mount Olympus",
              "Aces and twos built up by twos in suit into a pyramid of kings and queens."),
    _patience("margarethe", "Margarethe",
              "Court cards form an M and take cards downwards; nine help cards form an A."),
    _patience("light_and_shade", "Light and Shade",
              "Foundations rise in alternate colours fed from four Auxiliaries and four Rivals."),
    _patience("la_nivernaise", "La Nivernaise",
              "A Line of six packets between two Flanks; four up and four down foundations.",
              aliases=("napoleons_flank",)),
    _patience("la_belle_lucie", "La Belle Lucie",
              "The pack fanned in threes; build down in suit, with two fresh deals of the fans.",
              aliases=("the_fan",), information="perfect"),
    _patience("house_in_the_wood", "The House in the Wood",
              "La Belle Lucie played with two packs and twice as many fans.",
              information="perfect", parent="la_belle_lucie"),
    _patience("house_on_the_hill", "The House on the Hill",
              "Two-pack Belle Lucie with aces up and kings down; build either way in suit.",
              information="perfect", parent="la_belle_lucie"),
    _patience("general_sedgewick", "General Sedgewick",
              "A cross of five and four corner foundations; build down in the cross, any suit.",
              aliases=("four_seasons", "vanishing_cross")),
    _patience("fortress", "Fortress",
              "Two walls of rows around the foundations; pack up or down in suit at the ends.",
              information="perfect"),
    _patience("canfield_or_klondike", "Canfield or Klondike",
              "Seven piles, build down in alternating colours; one pass through the stock.",
              aliases=("klondike", "canfield")),
    _patience("babette", "Babette",
              "Rows of eight in a garden, gaps never refilled; aces rise and kings fall in suit."),
    _patience("anna", "Anna",
              "Eight knaves form an N built downwards; eight helps form an A built upwards."),
    _patience("the_fifteen", "The Fifteen",
              "Two packs in overlapping rows of fifteen; pack up or down in suit, use open lanes.",
              aliases=("fifteen",)),
    _patience("napoleon_at_st_helena", "Napoleon at St. Helena",
              "Forty cards in four rows of ten; build down in suit, one pass through the stock.",
              aliases=("forty_thieves",)),
    _patience("poker_patience", "Poker Patience",
              "Lay twenty-five cards into a square to score the best poker hands in ten lines.",
              source=HOYLE, max_seats=6),
    _patience("serpent_poker_patience", "Serpent Poker Patience",
              "A problem: lay 25 known cards along a rook's path to make the best square.",
              source=HOYLE, information="perfect", chance="none",
              parent="poker_patience", aliases=("serpent_poker",)),

    # -- trick-taking (17 + 9 of the 1909 contents) ------------------------------------------
    _cards("auction_bridge", "Auction Bridge", _T, (4, 4), HOYLE,
           "Bridge in which the declaration goes to the highest bidder; partners two against two.",
           aliases=("auction",)),
    _cards("five_hundred", "Five Hundred", _T, (3, 3), HOYLE,
           "Three players bid for tricks with a 33-card pack and a widow; first to 500 wins."),
    _cards("quinto", "Quinto", _T, (4, 4), HOYLE,
           "Hoffmann's partnership game: tricks plus quints of five pips, played to 250."),
    _cards("quinto_dummy", "Dummy Quinto", _T, (3, 3), HOYLE,
           "Quinto for three, one player taking a dummy; the dummy's side starts behind.",
           aliases=("three_handed_quinto",), parent="quinto"),
    _cards("napoleon", "Napoleon", _T, (2, 6), HOYLE,
           "Five cards each; the highest caller must win the tricks he named, up to Nap.",
           aliases=("nap",)),
    _cards("purchase_nap", "Purchase Nap", _T, (2, 4), HOYLE,
           "Nap in which each player may pay the pool to exchange cards before the calling.",
           aliases=("ecarte_nap",), parent="napoleon"),
    _cards("peep_nap", "Peep Nap", _T, (2, 6), HOYLE,
           "Nap in which a player may pay the pool to look at a spare card before calling.",
           parent="napoleon"),
    _cards("piquet", "Piquet", _T, (2, 2), HOYLE,
           "Two players, a 32-card pack: exchange, declare point, sequence and sets, then play.",
           aliases=("piquet_au_cent",)),
    _cards("piquet_rubicon", "Rubicon Piquet", _T, (2, 2), HOYLE,
           "Piquet scored over a partie of six deals, with a bonus for crossing the Rubicon.",
           aliases=("rubicon_piquet",), parent="piquet"),
    _cards("all_fours", "All Fours", _T, (2, 2), HOYLE,
           "Six cards each; score High, Low, Jack and Game, playing to seven points.",
           aliases=("old_sledge", "seven_up")),
    _cards("all_fours_four_handed", "Four-handed All Fours", _T, (4, 4), HOYLE,
           "All Fours for two partnerships, partners sitting opposite.",
           aliases=("four_handed_all_fours",), parent="all_fours"),
    _cards("solo_whist", "Solo Whist", _T, (4, 4), FOSTER,
           "Whist without fixed partners: proposals, solos, misères and abundances.",
           aliases=("solo",)),
    _cards("solo_whist_three_handed", "Solo Whist for Three", _T, (3, 3), FOSTER,
           "Solo Whist for three players using a pack stripped to forty cards.",
           aliases=("three_handed_solo",), parent="solo_whist"),
    _cards("kimberly_solo", "Kimberly Solo", _T, (4, 4), FOSTER,
           "Solo Whist for four without the proposal and acceptance call.",
           parent="solo_whist"),
    _cards("scotch_whist", "Scotch Whist", _T, (2, 8), FOSTER,
           "Thirty-six cards; the knave of trumps is top and capturing the ten scores well.",
           aliases=("catch_the_ten",)),
    _cards("french_whist", "French Whist", _T, (2, 8), FOSTER,
           "Scotch Whist where the ten of diamonds always counts ten to whoever wins it.",
           parent="scotch_whist"),
    _cards("boston", "Boston", _T, (4, 4), FOSTER,
           "Four players, two packs used in turn; bid to win or lose tricks for counters."),
    # reference games of the 1909 contents
    _cards("whist", "Whist", _T, (4, 4), HOYLE,
           "Two against two, the last card turned for trumps; seven tricks and honours; five up.",
           aliases=("short_whist",)),
    _cards("dummy_whist", "Dummy Whist", _T, (3, 3), HOYLE,
           "Whist for three: one player takes the exposed fourth hand as a partner.",
           aliases=("dummy",), parent="whist"),
    _cards("double_dummy", "Double Dummy", _T, (2, 2), HOYLE,
           "Whist for two: each player has a dummy partner whose cards lie open.",
           parent="whist"),
    _cards("bridge", "Bridge", _T, (4, 4), HOYLE,
           "Whist in which dealer or partner names trumps or no trumps and plays the dummy.",
           aliases=("bridge_whist", "biritch")),
    _cards("bezique", "Bézique", _T, (2, 2), HOYLE,
           "Two piquet packs; win tricks to declare marriages, sequences, fours and bézique.",
           aliases=("besique",)),
    _cards("rubicon_bezique", "Rubicon Bézique", _T, (2, 2), HOYLE,
           "Bézique with four packs, nine cards, no turn-up, each deal a game with a rubicon.",
           aliases=("japanese_bezique",), parent="bezique"),
    _cards("ecarte", "Écarté", _T, (2, 2), HOYLE,
           "Five cards each from a piquet pack; propose to exchange, win three tricks; five up."),
    _cards("euchre", "Euchre", _T, (2, 4), HOYLE,
           "Five cards, the two bowers top the trumps; order up or make trumps and take three."),
    _cards("loo", "Loo", _T, (3, 12), HOYLE,
           "A round game for a pool: take a trick or be looed and pay; three- and five-card forms.",
           aliases=("lanterloo",)),

    # -- banking and gambling (3 + 4 of the 1909 contents) -----------------------------------
    _cards("draw_poker", "Draw Poker", Family.BANKING, (2, 6), HOYLE,
           "Ante, bet, draw up to five new cards, bet again; the best poker hand takes the pool.",
           aliases=("poker",)),
    _cards("baccarat_chemin_de_fer", "Baccarat Chemin de Fer", Family.BANKING, (2, 10), HOYLE,
           "The bank passes round the table; the point nearest nine wins, tens count nothing.",
           aliases=("chemin_de_fer", "chemmy")),
    _cards("baccarat_banque", "Baccarat Banque", Family.BANKING, (2, 11), HOYLE,
           "A fixed banker plays against two tables of punters with three packs.",
           aliases=("baccarat_en_banque",), parent="baccarat_chemin_de_fer"),
    # reference games of the 1909 contents
    _cards("blind_hookey", "Blind Hookey", _B, (2, 6), HOYLE,
           "Stake on a packet of cards unseen; beat the banker's bottom card or pay him."),
    _cards("vingt_un", "Vingt-Un", _B, (2, 6), HOYLE,
           "Draw to make twenty-one or near it against the dealer; a natural is paid double.",
           aliases=("vingt_et_un", "twenty_one", "van_john")),
    # The wheel is a throw of chance like the dice: nothing is dealt and nothing is hidden.
    GameInfo(id="roulette", name="Roulette", family=_B, min_seats=1, max_seats=4, source=HOYLE,
             chance="dice", information="perfect",
             summary="Stake on a number, a group or a colour; the wheel of 37 numbers decides."),
    _cards("trente_et_quarante", "Trente et Quarante", _B, (1, 4), HOYLE,
           "Two rows of cards dealt past thirty; stake on the row nearer thirty-one, or colour.",
           aliases=("rouge_et_noir",)),

    # -- board games (3) ---------------------------------------------------------------------
    GameInfo(id="chess", name="Chess", family=Family.BOARD, min_seats=2, max_seats=2,
             source=LASKER, chance="none", information="perfect",
             summary="Sixteen men a side on an 8×8 board; checkmate the enemy king to win."),
    GameInfo(id="checkers", name="Checkers", family=Family.BOARD, min_seats=2, max_seats=2,
             source=BLAIN, aliases=("draughts",), chance="none", information="perfect",
             summary=("Twelve men a side move diagonally and jump to capture; "
                      "crown kings at the end.")),
    GameInfo(id="backgammon", name="Backgammon", family=Family.BOARD, min_seats=2,
             max_seats=2,
             source=HOYLE, chance="dice", information="perfect",
             summary=("Race fifteen men round the tables by the dice, hitting blots, "
                      "then bear off.")),

    # -- dominoes (2) ------------------------------------------------------------------------
    GameInfo(id="dominoes_draw", name="Dominoes: The Draw Game", family=Family.DOMINOES,
             min_seats=2, max_seats=4, source=BLAIN, aliases=("dominoes", "draw_dominoes"),
             chance="deal",
             information="hidden",
             summary="Match ends from a double-six set, drawing from the boneyard when stuck."),
    GameInfo(id="fives_and_threes", name="Fives and Threes", family=Family.DOMINOES,
             min_seats=2, max_seats=4, source=BLAIN, chance="deal", information="hidden",
             summary="Dominoes scoring whenever the open ends add to a multiple of five or three.",
             parent="dominoes_draw"),

    # -- parlour games (3) -------------------------------------------------------------------
    GameInfo(id="ghost", name="Ghost", family=Family.PARLOUR, min_seats=2, max_seats=8,
             source=BLAIN, chance="none", information="perfect",
             summary="Add letters in turn without finishing a word; three lives each."),
    GameInfo(id="tit_tat_toe", name="Tit-Tat-Toe", family=Family.PARLOUR, min_seats=2,
             max_seats=6, source=BLAIN, chance="dice", information="perfect",   # where the pencil lands
             summary=("Eyes shut, bring the pencil down on a numbered circle "
                      "and score where it lands.")),
    GameInfo(id="riddles", name="Riddles", family=Family.PARLOUR, min_seats=1,
             max_seats=6,
             source=BLAIN, chance="deal", information="hidden",   # the riddles shuffled, answers unseen
             summary="Conundrums and charades put round the table: guess, or pay for a hint."),

    # -- round games and others (1 + 5 of the 1909 contents) ---------------------------------
    GameInfo(id="pope_joan", name="Pope Joan", family=Family.OTHER, min_seats=3,
             max_seats=8,
             source=BLAIN, chance="deal", information="hidden",
             summary=("Play out in sequence to the stops and claim the board's pools; "
                      "8♦ removed.")),
    _cards("cribbage", "Cribbage", _O, (2, 4), HOYLE,
           "Pegging fifteens, pairs and runs on a board; five-, six- and seven-card games.",
           aliases=("crib",)),
    _table("bagatelle", "Bagatelle", (1, 6),
           "Nine balls struck up a narrow board into nine numbered cups; the black counts double."),
    _table("billiards", "Billiards", (2, 4),
           "Two whites and a red on a six-pocket table: winning and losing hazards and cannons.",
           aliases=("english_billiards",)),
    _table("pyramids", "Pyramids", (2, 2),
           "Fifteen reds in a pyramid and one white for both players; eight balls win."),
    _table("shell_out", "Shell Out", (3, 6),
           "Pyramids for three or more: every red pocketed is paid for by each other player."),
    _table("pool", "Pool", (2, 12),
           "Each player has a coloured ball and three lives; pocket the ball you play on.",
           aliases=("life_pool",)),
    _table("snooker_pool", "Snooker Pool", (2, 8),
           "Fifteen reds and six pool balls of rising value; take a red, then a colour.",
           aliases=("snooker",)),
)

BY_ID: dict[str, GameInfo] = {info.id: info for info in CATALOGUE}
_BY_NAME: dict[str, str] = {alias: info.id for info in CATALOGUE for alias in info.aliases}


def get(game_id: str) -> GameInfo:
    """The catalogue entry for ``game_id`` (an id or an alias); ``KeyError`` when unknown."""
    return BY_ID[_BY_NAME.get(game_id, game_id)]


def lookup(name: str) -> GameInfo | None:
    """The entry for an id, alias or title (case, spaces, hyphens ignored); else ``None``."""
    key = "_".join(name.strip().lower().replace("-", " ").replace("'", "").split())
    if key in BY_ID or key in _BY_NAME:
        return get(key)
    for info in CATALOGUE:
        if info.name.lower() == name.strip().lower():
            return info
    return None


def by_family(family: Family) -> tuple[GameInfo, ...]:
    """The entries of one family, in catalogue order."""
    return tuple(info for info in CATALOGUE if info.family is family)


# -- the 1909 Hoyle table of contents: chapter -> ids covered (book order) -------------------
TOC_1909: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("All Fours", ("all_fours", "all_fours_four_handed")),
    ("Baccarat", ("baccarat_chemin_de_fer", "baccarat_banque")),
    ("Bézique", ("bezique", "rubicon_bezique")),
    ("Blind Hookey", ("blind_hookey",)),
    ("Cribbage", ("cribbage",)),
    ("Écarté", ("ecarte",)),
    ("Euchre", ("euchre",)),
    ("Loo", ("loo",)),
    ("Napoleon", ("napoleon", "purchase_nap", "peep_nap")),
    ("Piquet", ("piquet", "piquet_rubicon")),
    ("Poker", ("draw_poker",)),
    ("Pope Joan", ("pope_joan",)),
    ("Solo Whist", ("solo_whist",)),
    ("Vingt-Un", ("vingt_un",)),
    ("Whist", ("whist", "dummy_whist", "double_dummy")),
    ("Bridge", ("bridge",)),
    ("Auction Bridge", ("auction_bridge",)),
    ("Five Hundred", ("five_hundred",)),
    ("Quinto", ("quinto", "quinto_dummy")),
    ("Poker Patience", ("poker_patience", "serpent_poker_patience")),
    ("Backgammon", ("backgammon",)),
    ("Bagatelle", ("bagatelle",)),
    ("Billiards", ("billiards", "pyramids", "shell_out")),
    ("Pool", ("pool",)),
    ("Snooker Pool", ("snooker_pool",)),
    ("Chess", ("chess",)),
    ("Draughts", ("checkers",)),
    ("Roulette", ("roulette",)),
    ("Trente et Quarante", ("trente_et_quarante",)),
)
