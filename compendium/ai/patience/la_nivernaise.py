"""La Nivernaise: the computer's side -- the hint and the player that follows it."""
from __future__ import annotations

from typing import Any

from ...core.cards import Card, Rank
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PatienceView, Redeal
from ...games.patience.la_nivernaise import ACES, FLANKS, FOUNDATIONS, KINGS, LINE
from .planner import HintPlayerAI


class LaNivernaiseAI(HintPlayerAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """Judged from the view: a card home from the Flanks first (the book's advice), then from
        the Line; passings between the two foundations of a suit that meet, towards a free card of
        that suit (see ``_slide``); a packet's top card into a Flank when a card close beneath it
        can then go home, always keeping one Flank empty (the book's advice again); a new round;
        the re-deal."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        moves = [a for a in legal if isinstance(a, Move)]
        homes = [a for a in moves if a.dst in FOUNDATIONS and a.src not in FOUNDATIONS]
        if homes:
            return min(homes, key=lambda a: (a.src not in FLANKS, a.src))
        view = game.view(state, 0)
        slide = self._slide(view)
        if slide is not None and slide in legal:
            return slide
        vacancies = [n for n in FLANKS if not view.pile(n).cards]
        # One Flank is kept empty while anything else can be done; at the very end it may go too.
        last_chance = Draw() not in legal and Redeal() not in legal
        keep = 0 if last_chance else 1
        if len(vacancies) > keep:
            goes_home = self._goes_home(view)
            best: tuple[int, str] | None = None
            for name in LINE:
                cards = view.pile(name).cards
                # a card at this depth is freed by moving the cards over it into Flanks
                for depth in range(1, min(len(cards), len(vacancies) - keep + 1)):
                    face = cards[-1 - depth].face
                    if face is None:
                        break
                    if goes_home(face):
                        if best is None or depth < best[0]:
                            best = (depth, name)
                        break
            if best is not None:
                return Move(best[1], vacancies[0])
        for kind in (Draw(), Redeal()):
            if kind in legal:
                return kind
        return None

    @staticmethod
    def _slide(view: PatienceView) -> Move | None:
        """Where the two foundations of a suit touch (the descending one waits for the card above
        the ascending one's top), passing cards between them slides the meeting point up or down
        at will, so any free card of that suit can be taken home: the first pass of the slide
        towards a free card, if there is one."""
        tops: dict[str, Card | None] = {}
        for name in FOUNDATIONS:
            cards = view.pile(name).cards
            tops[name] = cards[-1].face if cards else None
        free = LaNivernaiseAI._free_cards(view)
        for up in ACES:
            u = tops[up]
            for down in KINGS:
                d = tops[down]
                if u is None or d is None or u.suit is not d.suit or int(d.rank) != int(u.rank) + 1:
                    continue
                # towards the nearest free card of the suit, so that the slide never turns back
                steps = sorted((int(card.rank) - int(d.rank) if card.rank > d.rank else int(u.rank) - int(card.rank),
                                card.rank < u.rank)
                               for card in free if card.suit is u.suit and not u.rank <= card.rank <= d.rank)
                if steps:
                    return Move(up, down) if steps[0][1] else Move(down, up)
        return None

    @staticmethod
    def _goes_home(view: PatienceView):  # type: ignore[no-untyped-def]
        """A test: would this card go to a foundation as the foundations stand?"""
        wanted: set[Card] = set()
        started: dict[bool, set[object]] = {True: set(), False: set()}
        for name in FOUNDATIONS:
            cards = view.pile(name).cards
            if not cards or cards[-1].face is None:
                continue
            up = name in ACES
            started[up].add(cards[0].face.suit if cards[0].face is not None else None)
            rank = int(cards[-1].face.rank) + (1 if up else -1)
            if 1 <= rank <= 13:
                wanted.add(Card(Rank(rank), cards[-1].face.suit))
        room = {True: len(started[True]) < 4, False: len(started[False]) < 4}

        def test(card: Card) -> bool:
            if card in wanted:
                return True
            if card.rank is Rank.ACE:
                return room[True] and card.suit not in started[True]
            if card.rank is Rank.KING:
                return room[False] and card.suit not in started[False]
            return False
        return test

    @staticmethod
    def _free_cards(view: PatienceView) -> set[Card]:
        """The faces of the Flank cards and of the packets' top cards."""
        out = set()
        for name in FLANKS + LINE:
            cards = view.pile(name).cards
            if cards and cards[-1].face is not None:
                out.add(cards[-1].face)
        return out


AI = LaNivernaiseAI()
