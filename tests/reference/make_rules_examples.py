"""Writes resources/examples/*: the books' worked examples as records with captions.

Run ``python -m tests.reference.make_rules_examples`` from the checkout after changing an example;
``tests/reference/test_worked_examples.py`` checks that every file replays the book's figures.  The
hands and tricks come from the games' own tests (the books' tables), the captions are ours."""
import re
from pathlib import Path

from compendium.core.notation import parse_card
from compendium.core.records import Record, dumps
from compendium.core.session import Session
from compendium.games.board.dominoes import FIVES_AND_THREES
from compendium.games.board.dominoes import Deal as DDeal
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Deal, Play
from tests.games import test_scotch_whist as SW
from tests.games import test_solo_whist as SO
from tests.games.test_dominoes import order as dom_order
from tests.games.tricks_helpers import round_robin_order

OUT = Path(__file__).resolve().parents[2] / "resources" / "examples"
NAMES = "AYBZ"

def write(game, name, title, anchor, actions, steps, options=None, human=(0,)):
    rec = Record(game=game, options=options or {}, seed=0, actions=tuple(actions), human_seats=human,
                 meta={"example": {"title": title, "anchor": anchor, "steps": steps}})
    (OUT / game).mkdir(parents=True, exist_ok=True)
    (OUT / game / f"{name}.json").write_text(dumps(rec), encoding="utf-8")

def trick_actions(game_id, order, calls, rows):
    g = get_game(game_id)
    state = g.initial_state({})
    deal = Deal(0, tuple(order))
    acts = [g.action_to_str(deal)]
    state = g.apply(state, deal)
    for c in calls:
        a = g.action_from_str(state, c); acts.append(g.action_to_str(a)); state = g.apply(state, a)
    for row in rows:
        by_seat = {k: parse_card(t) for k, t in enumerate(row)}
        for _ in range(len(row)):
            seat = g.to_move(state)
            a = Play(by_seat[seat]); acts.append(g.action_to_str(a)); state = g.apply(state, a)
    return acts, state

def main() -> None:
    # ---- Scotch Whist
    order = round_robin_order(SW.HANDS, dealer=SW.Z, n=4)
    acts, _ = trick_actions("scotch_whist", order, [], SW.ROWS)
    steps = [{"after": 1, "caption": "Z deals the 36 cards one at a time and turns up his last card, the eight of hearts: hearts are trumps. Every hand is shown face up.",
              "quote": "Z deals and turns the eight of hearts"}]
    for k, (row, w) in enumerate(zip(SW.ROWS, SW.WINNERS)):
        played = ", ".join(f"{NAMES[i]} {row[i]}" for i in range(4))
        cap = f"Trick {k + 1}: {played}. {NAMES[w]} wins it."
        if k == 8:
            cap += (" The hand is over. A–B hold the knave, ace, king, queen and ten of trumps: 30 by honours;"
                    " Y–Z took 20 cards, two more than they were dealt: 2 by cards. The score stands at 30 to 2"
                    " and the next hand is dealt.")
            steps.append({"after": 1 + 4 * (k + 1), "caption": cap, "quote": "30 by honours"})
        else:
            steps.append({"after": 1 + 4 * (k + 1), "caption": cap})
    write("scotch_whist", "fosters-hand", "Foster's illustrative hand", "example", acts, steps)

    # ---- Solo Whist
    def solo(name_, title, hands, calls, call_caption, call_quote, rows, winners, end_caption, end_quote,
             trick_quote, declarer):
        order = SO.order_for(hands)
        acts, _ = trick_actions("solo_whist", order, calls, rows)
        steps = [{"after": 1, "caption": "Z deals thirteen cards each, in threes and a last single card, and turns up his last card, the three of hearts. Every hand is shown face up.",
                  "quote": "both dealt by Z, who turns the three of hearts"},
                 {"after": 1 + len(calls), "caption": call_caption, "quote": call_quote}]
        base = 1 + len(calls)
        for k, (row, w) in enumerate(zip(rows, winners)):
            played = ", ".join(f"{NAMES[i]} {row[i]}" for i in range(4))
            cap = f"Trick {k + 1}: {played}. {NAMES[w]} wins it."
            st = {"after": base + 4 * (k + 1), "caption": cap}
            if w == declarer:
                st["quote"] = trick_quote       # the page's sentence about the caller's tricks
            if k == len(rows) - 1:
                st["caption"] = cap + " " + end_caption
                st["quote"] = end_quote
            steps.append(st)
        write("solo_whist", name_, title, "the-illustrative-hands", acts, steps)

    solo("fosters-solo", "Foster's solo hand", SO.SOLO_HANDS, ["pass", "pass", "solo", "pass"],
         "A and Y pass, B calls Solo (five tricks alone, hearts trumps), Z passes. A, the eldest hand, leads.",
         "B calls Solo", SO.SOLO_ROWS, SO.SOLO_WINNERS,
         "B has taken exactly five tricks: he wins his Solo and each of the others pays him 2.",
         "exactly the five", "takes tricks 2, 3, 8, 10 and 12", SO.B)
    solo("fosters-misere", "Foster's misère hand", SO.MISERE_HANDS, ["propose", "misere", "pass", "pass", "pass"],
         "A proposes, Y overcalls with Misère (to take no trick, no trumps), and the others pass. A leads.",
         "Y overcalls with Misère", SO.MISERE_ROWS, SO.MISERE_WINNERS,
         "Y was forced to take two tricks: the misère is lost and Y pays each of the others 3.",
         "forced to win the last two tricks", "forced to win the last two tricks", SO.Y)

    # ---- Fives and Threes
    deal = DDeal(order=dom_order("6-6 3-3 3-0 1-1 2-1 5-2 4-1", "6-3 6-0 4-3 5-5 2-2 5-1 4-2"), lead=0)
    moves = ["6-6", "6-3 right", "3-3 right", "6-0 left", "3-0 left", "4-3 left"]
    acts = [FIVES_AND_THREES.action_to_str(deal)] + moves
    caps = [
     ("A holds the double-six, the double-three and the three-blank; B the six-three, the six-blank and the three-four (the other stones are ours: the book does not name them). A has the lead.", "The book's game between A and B"),
     ("A sets the double-six: the ends count 12, four threes, and A scores 4.", "A leads the double-six"),
     ("B plays the six-three against it: 12 and 3 make 15, three fives and five threes, and B scores 8.", "B plays the six-three"),
     ("A plays the double-three on the three: 12 and 6 make 18, six threes, and A scores 6.", "A plays the double-three"),
     ("B plays the six-blank on the other side of the double-six: blank and double-three make 6, and B scores 2.", "B plays the six-blank"),
     ("A plays the three-blank on the blank: 3 and 6 make 9, and A scores 3.", "A plays the three-blank"),
     ("B plays the three-four on that three: 4 and 6 make 10, two fives, and B scores 2. A has 13, B 12.", "So far A has"),
    ]
    steps = [{"after": i + 1, "caption": c, "quote": q} for i, (c, q) in enumerate(caps)]
    write("fives_and_threes", "book-example", "The book's game of Fives and Threes", "a-worked-example", acts, steps)

    # ---- The Draw game: the book's matching example and its blocked game
    from compendium.games.board.dominoes import GAME as DRAW
    from tests.games.test_dominoes import BLOCKED_DEAL, BLOCKED_MOVES
    deal = DDeal(order=dom_order("6-6 6-5 0-0 1-1 2-2 3-3 1-0", "6-4 5-4 2-1 3-1 3-2 4-1 4-2"), lead=0)
    acts = [DRAW.action_to_str(deal), "6-6", "6-4 left", "6-5 right", "5-4 right"]
    steps = [
        {"after": 1, "caption": "A holds the double-six and the six-five, B the six-four and the five-four (the other stones are ours). A leads.",
         "quote": "after the double-six is led"},
        {"after": 2, "caption": "A leads the double-six.", "quote": "after the double-six is led"},
        {"after": 3, "caption": "B must set a six against it: the six-four.", "quote": "say the six-four"},
        {"after": 4, "caption": "A puts the six-five against the other side of the double-six.",
         "quote": "the six-five against the other side of the double-six"},
        {"after": 5, "caption": "B sets the five-four against the five: the line reads 4-6, 6-6, 6-5, 5-4, and both ends show a four.",
         "quote": "both ends show a four"},
    ]
    write("dominoes_draw", "matching", "Matching the ends", "the-play", acts, steps)
    acts = ["deal " + BLOCKED_DEAL, *BLOCKED_MOVES]
    first_draw = BLOCKED_MOVES.index("draw")
    steps = [
        {"after": 1, "caption": "A hand of the Draw game; B has the lead."},
        {"after": 1 + first_draw, "caption": f"The first {first_draw} stones are laid, each matching an open end."},
        {"after": 1 + 16, "caption": "Whoever holds no stone for either end draws from the boneyard until one comes."},
        {"after": len(acts) - 1, "caption": "Only the two stones that may never be drawn are left in the boneyard."},
        {"after": len(acts), "caption": "Nobody can match either end and nothing may be drawn: the game is blocked. A's stones count 10 pips, B's 5, so B scores the difference, 5.",
         "quote": "one player's stones come to ten pips"},
    ]
    write("dominoes_draw", "blocked-game", "The book's blocked game", "a-blocked-game", acts, steps)

    # ---- Chess: Lasker's diagrams
    chess = get_game("chess")
    def chess_ex(name_, lesson, title, anchor, first_caption, first_quote, san_caps):
        s = Session(chess, {"start": lesson}, seed=0)
        acts, steps = [], [{"after": 0, "caption": first_caption, **({"quote": first_quote} if first_quote else {})}]
        for move, cap, q in san_caps:
            a = chess.action_from_str(s.state, move); acts.append(chess.action_to_str(a)); s.play(a)
            st = {"after": len(acts), "caption": cap}
            if q: st["quote"] = q
            steps.append(st)
        write("chess", name_, title, anchor, acts, steps, options={"start": lesson})

    chess_ex("lasker-5", "lasker-5-white", "Diagram 5: attack, defence and check", "diagram-5-attack-defence-and-check",
             "Diagram 5 set up, White to move.", "White: king g1, rook e1",
             [("Rd1", "White attacks the bishop: the rook on d1 could take it next move.", "White attacks the bishop"),
              ("Ne8", "Black defends it with the knight, so that Rxd6 would be answered by Nxd6.", "Black can protect the bishop with the knight")])
    chess_ex("lasker-6", "lasker-6-white", "Diagram 6: mate on the move", "diagram-6-mate-on-the-move",
             "Diagram 6 set up, White to move: each side could mate at once.", None,
             [("Qxg6#", "The queen takes on g6: checkmate. The f-pawn and the knight that could take her are both pinned.", "White to move: Qxg6#")])
    chess_ex("lasker-7", "lasker-7-white", "Diagram 7: stalemate", "diagram-7-stalemate",
             "Diagram 7 set up, White to move, a queen down.", None,
             [("Rf3+", "The rook checks on f3 and offers itself.", "Rf3+ checks the king"),
              ("Qxf3", "If the queen takes it, White has no legal move and is not in check: stalemate, a draw.", "has no legal move left")])
    chess_ex("lasker-8", "lasker-8-white", "Diagram 8: perpetual check", "diagram-8-perpetual-check",
             "Diagram 8 set up, White to move: Black's a-pawn is about to queen.", None,
             [("Qe8+", "White checks from e8.", "with White to move"), ("Kh7", "The king's only move.", None),
              ("Qh5+", "Check again from h5.", None), ("Kg8", "Back to g8, the only move.", None),
              ("Qe8+", "And again from e8.", None), ("Kh7", "Only Kh7.", None),
              ("Qh5+", "The checks never end.", None), ("Kg8", "Back to g8.", None),
              ("Qe8+", "Check from e8 once more.", None),
              ("Kh7", "The position after Qe8+ Kh7 stands for the third time: White may claim a draw by repetition.", "White claims")])

    # ---- Serpent: the book's square of 81
    md = (OUT.parent / "rules" / "serpent_poker_patience.md").read_text(encoding="utf-8")
    cells = {}
    for line in md.splitlines():
        m = re.match(r"^\| (\d) \|(.*)\|$", line)
        if m:
            row = int(m.group(1))
            for col, cell in enumerate(m.group(2).split("|")):
                n = int(re.search(r"\((\d+)\)", cell).group(1))   # "{{10♣}} (7)": the 7th card
                cells[n] = (row, col)
    serpent = get_game("serpent_poker_patience")
    s = Session(serpent, {"deal": "book"}, seed=0)
    acts = []
    for n in range(1, 26):
        r, c = cells[n]
        a = serpent.action_from_str(s.state, f"{'abcde'[c]}{r}")
        acts.append(serpent.action_to_str(a)); s.play(a)
    assert s.outcome() is not None and s.outcome().scores == (81,)
    steps = [{"after": 0, "caption": "The book's 25 cards, to be laid in this order, each beside the one before in its row or column.", "quote": "The square of 81"}]
    for n in range(1, 26):
        r, c = cells[n]
        steps.append({"after": n, "caption": f"Card {n} goes to {'abcde'[c]}{r}."})
    steps[-1]["caption"] += " The serpent is complete: rows 0 + 30 + 6 + 12 + 6 and columns 1 + 10 + 16 + 0 + 0 make 81."
    steps[-1]["quote"] = "Total 81"
    write("serpent_poker_patience", "book-solution", "The book's square of 81", "the-books-solution", acts, steps, options={"deal": "book"})

    piquet_book_hand()
    quinto_eleven_tricks()
    draw_poker_book_example()


def said(game, state, action, acts):
    """Play ``action`` (or its text) on ``state``, keep its text in ``acts``; the new state."""
    if isinstance(action, str):
        action = game.action_from_str(state, action)
    acts.append(game.action_to_str(action))
    return game.apply(state, action)


def piquet_book_hand() -> None:
    """Hoyle's example hand of Piquet (catalogue 6.1): B deals, A is elder; A 43, B 23."""
    from compendium.games.tricks.engine import Call, Discard
    from compendium.games.tricks.piquet import order_for as piquet_order
    from tests.games import test_piquet as PQ
    from tests.games.tricks_helpers import cards
    game = get_game("piquet")
    state = game.initial_state({})
    acts: list[str] = []
    state = said(game, state, Deal(0, tuple(piquet_order(cards(PQ.BOOK_A), cards(PQ.BOOK_B),
                                                        cards(PQ.BOOK_STOCK), 2))), acts)
    assert state.dealer == 1 and game.to_move(state) == 0        # B deals, A is the elder hand
    steps = [{"after": 1, "caption": "B deals twelve cards each, two at a time. A, the elder hand, holds "
              "♠9 7, ♥A 9 8, ♣J 10 7, ♦J 10 9 8; B holds ♠Q 10 8, ♥Q J 7, ♣A K Q 8, ♦K Q. The eight "
              "cards left make the stock: A's five on top, B's three beneath. Both hands are shown face up.",
              "quote": "its upper five belong to the elder hand and its lower three to the dealer"}]
    for c in cards("9♠ 7♠ 9♥ 8♥ 7♣"):
        state = said(game, state, Discard(c), acts)
    state = said(game, state, Call("take"), acts)
    steps.append({"after": len(acts), "caption": "A puts out five, ♠9 7, ♥9 8 and ♣7, and takes the "
                  "whole of his five from the top of the stock: ♦A, ♣9, ♦7, ♠A and ♥K.",
                  "quote": "may put out as many as five"})
    for c in cards("10♠ 8♠ 7♥"):
        state = said(game, state, Discard(c), acts)
    steps.append({"after": len(acts), "caption": "B, the dealer, puts out three: ♠10 8 and ♥7.",
                  "quote": "Then the dealer must also put out at least one card"})
    state = said(game, state, Call("take"), acts)
    assert state.phase == "play" and state.sheet.totals == (24, 17)
    steps.append({"after": len(acts), "caption": "B takes his three, ♠K, ♥10 and ♠J. Then the "
                  "declarations. A: \u201cpoint of six\u201d (♦A J 10 9 8 7, 55) \u2014 \u201cgood\u201d: 6. "
                  "\u201cQuint to the knave\u201d in diamonds \u2014 \u201cgood\u201d: 15, and with it his tierce to "
                  "the knave in clubs: 3. \u201cThree aces\u201d \u2014 \u201cnot good\u201d: B has four queens, "
                  "14, and three kings, 3. A has 24, B 17.",
                  "quote": "\"not good\" (his own is better)"})
    for k in range(12):
        before = len(state.tricks)
        for text, _, _ in PQ.BOOK_PLAY[2 * k:2 * k + 2]:
            state = said(game, state, Play(cards(text)[0]), acts)
        if len(state.tricks) == before:          # the last card of all is not in BOOK_PLAY
            state = said(game, state, Play(cards("Q♥")[0]), acts)
        trick = state.tricks[-1]
        (first, i1), (second, i2) = trick.plays
        a, b = state.sheet.totals
        cap = (f"Trick {k + 1}: {'AB'[first]} leads {state.deck[i1]}, {'AB'[second]} plays "
               f"{state.deck[i2]}; {'AB'[trick.winner]} wins it. A {a}, B {b}.")
        step = {"after": len(acts), "caption": cap}
        if k == 0:
            step["caption"] = cap.replace(f"A {a}, B {b}.", f"A counts 1 for his lead: A {a}, B {b}.")
            step["quote"] = "The player who leads to a trick counts 1 for the card he leads"
        elif k == 1:
            step["caption"] = cap.replace(f"A {a}, B {b}.", f"B counts 1 for winning it as second "
                                          f"player: A {a}, B {b}.")
            step["quote"] = "The second player counts 1 when he wins the trick"
        if k == 11:
            assert (a, b) == (43, 23)
            step["caption"] = cap.replace(f"A {a}, B {b}.", "A counts 1 for the lead and 1 for the last "
                                          "trick, and with seven tricks to five 10 for the cards. The deal "
                                          f"ends A {a}, B {b}, as in the book; the next is dealt by A.")
            step["quote"] = "Taking seven tricks or more scores 10 for the cards"
        steps.append(step)
    write("piquet", "book-hand", "The book's example hand", "scoring", acts, steps)


def quinto_eleven_tricks() -> None:
    """The book's figures for Quinto (catalogue 6.12): A-B eleven tricks with the cachette, 55;
    Y-Z two, 10.  The book gives no hands: the deal is the table's test's, built to those figures."""
    from tests.games import test_quinto as QT
    game = get_game("quinto")
    state = game.initial_state({})
    acts: list[str] = []
    state = said(game, state, Deal(0, tuple(QT.order_for(QT.HANDS, QT.CACHETTE, QT.Z))), acts)
    assert state.dealer == QT.Z
    steps = [{"after": 1, "caption": "Z deals: five cards face down for the cachette, then twelve to each "
              "player one at a time. The book gives only the count of this hand, not its cards: these "
              "hands are ours, made to give its figures. Every hand is shown face up.",
              "quote": "The table's tests play exactly such a hand"}]
    for word in ("pass", "pass", "pass", "pass"):
        state = said(game, state, word, acts)
    steps.append({"after": len(acts), "caption": "Nobody doubles: each trick will be worth 5. A, the "
                  "eldest hand, leads."})
    for k, row in enumerate(QT.ROWS):
        lines_before = len(state.sheet.lines)
        by_seat = {seat: parse_card(t) for seat, t in enumerate(row)}
        for _ in range(4):
            state = said(game, state, Play(by_seat[game.to_move(state)]), acts)
        trick = state.tricks[-1]
        played = ", ".join(f"{NAMES[s]} {state.deck[i]}" for s, i in trick.plays)
        cap = f"Trick {k + 1}: {played}. {NAMES[trick.winner]} wins it"
        new = [(line.points, line.text.split(": ", 1)[-1].replace("quint: ", "the quint of ")
                .replace("of deuce", "of the deuce")) for line in state.sheet.lines[lines_before:]]
        side = "A–B" if trick.winner in (0, 2) else "Y–Z"
        if new and k < 11:
            cap += f", and {side} score " + " and ".join(f"{p} for {t}" for p, t in new)
        a, y = state.sheet.totals
        step = {"after": len(acts), "caption": cap + f". A–B {a}, Y–Z {y}."}
        if k == 0:
            step["quote"] = "belong not to whoever held the cards but to the side that wins the trick"
        if k == 11:
            assert new == [(20, "the quint of the five of hearts"), (20, "the cachette, deuce and trey of hearts"),
                           (25, "the cachette, Quint Royal"), (55, "11 tricks with the cachette at 5"),
                           (10, "2 tricks at 5")] and state.sheet.totals == (145, 30)
            step["caption"] = (cap + ": 20 for the five of hearts. With the last trick A–B take the cachette "
                               "and its quints, 20 for the deuce and trey of hearts and 25 for the Quint Royal. "
                               "Then the tricks at 5: A–B eleven with the cachette, 55; Y–Z two, 10. "
                               f"A–B {a}, Y–Z {y}; the next hand is dealt.")
            step["quote"] = "they count eleven with the cachette and score 55"
        steps.append(step)
    write("quinto", "eleven-tricks", "Eleven tricks to two", "tricks-and-the-cachette", acts, steps)


def draw_poker_book_example() -> None:
    """Hoyle's example of Draw Poker (catalogue 6.15): B the Age antes 1, the pool of 36, the draw,
    and the betting after it to the showdown, B's threes against E's bluff."""
    from compendium.games.chance.draw_poker import Deal as PokerDeal
    from tests.games import test_draw_poker as DP
    game = get_game("draw_poker")
    state = game.initial_state({"limit": 12})
    acts: list[str] = []
    # In the book A deals, and the table's first dealer is E: a first deal that nobody goes in
    # on (the Age, A, takes back his ante) passes the deal to A without a counter changing hands.
    for text in ("deal 1", "ante 1", "pass", "pass", "pass", "pass"):
        state = said(game, state, text, acts)
    assert state.phase == "deal" and state.dealer == DP.A and set(state.stocks) == {200}
    state = said(game, state, PokerDeal(0, tuple(DP.book_order())), acts)
    steps = [{"after": len(acts), "caption": "A deals five cards each, one at a time, from B round to "
              "himself. B, on his left, is the Age. The book gives B ♥A ♦Q ♦3 ♣Q ♠5, C ♣A ♠3 ♠4 ♥9 ♦2, "
              "D ♥10 ♥8 ♠10 ♣J ♦8 and E ♣8 ♣3 ♥K ♥4 ♠J (A's cards are ours: he passes out). Every hand "
              "is shown face up.", "quote": "say B is the Age and antes 1"}]
    script = [
        ("ante 1", "B, the Age, antes one counter blind: the limit is 12.", "say B is the Age and antes 1"),
        ("make good", "C goes in with 2, twice the ante.", "C goes in with 2"),
        ("better 4", "D makes good and goes 4 better: 6 in all.", "D makes good and goes 4 better, 6 in all"),
        ("better 3", "E makes good and goes 3 better: 9 in all.", "E makes good and goes 3 better, 9 in all"),
        ("pass", "A passes out.", "A passes out"),
        ("make good", "B adds 8 to his ante to make good the 9.", "B must now add 8 to his ante to stay in"),
        ("make good", "C adds another 7.", "C another 7 and D another 3"),
        ("make good", "D adds another 3: each of the four has 9 in, and the pool holds 36.",
         "each has 9 in and the pool holds"),
        ("discard 3D 5S", "The draw, from the Age round to the dealer. B keeps his two queens and the ace "
         "and throws out two: he is served ♥Q and ♦9, making threes.", "each in turn throws out face down"),
        ("discard 9H", "C throws out one and is served ♦J: still no pair.", None),
        ("discard JC", "D keeps his two pairs and is served ♦5.", None),
        ("discard 3C", "E throws out one and is served ♠A: he holds no more than ace high.",
         "that is itself a clue to his hand"),
        ("hold", "After the draw B, the Age, holds the age: he will speak last.", "hold the age"),
        ("pass", "C passes out.", None),
        ("better 5", "D goes 5.", None),
        ("better 10", "E makes good and goes 10 better: a bluff.", None),
        ("better 5", "B makes good the 15 and goes 5 better.", None),
        ("pass", "D thinks better of it and passes out.", None),
        ("better 10", "E makes good and bluffs on, 10 better again.", None),
        ("make good", "B sees him: the two hands are shown. B's three queens beat E's ace high, and B takes "
         "the pool of 101: the 36 before the draw and 65 after it. D's two pairs would have beaten E "
         "too. The deal then passes to B.", "all of them show their hands and the best one takes the pool"),
    ]
    for text, caption, quote in script:
        state = said(game, state, text, acts)
        step = {"after": len(acts), "caption": caption}
        if quote:
            step["quote"] = quote
        steps.append(step)
    assert state.last.shares == ((DP.B, 101),)
    write("draw_poker", "book-example", "The book's example", "making-good-and-going-better", acts, steps,
          options={"limit": 12}, human=(DP.A,))


if __name__ == "__main__":
    main()
