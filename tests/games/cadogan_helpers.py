"""Helpers for the tests of Lady Cadogan's two-pack patiences (The Congress, The Carpet, The
Besieged City, Spenser's Fairie Queen, Sly, Mount Olympus): positions written as text, refusals
with their rule, the legal moves against ``why_illegal``, and the page with its piles table.
(Every game's rules cited are checked against its page by the conformance suite.)"""
from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from compendium.core.cards import PACKS, Card
from compendium.core.notation import parse_card
from compendium.games.patience import engine
from compendium.games.patience.engine import Move, PatienceGame, PatienceState
from compendium.paths import rules_dir

from .conformance import refusal

PACK = PACKS["2x52"]


def position(game: PatienceGame, options: dict[str, Any] | None = None, top: str = "",
             empty_pack: bool = False, state: type = PatienceState, extra: dict[str, Any] | None = None,
             **piles: str) -> PatienceState:
    """A position from text: pile="cards bottom first", all face up.  ``top`` names the next cards
    of the pack, the first to come off first; the cards not named make up the rest of the pack
    (unless ``empty_pack``), so that every position holds both packs exactly."""
    opts = game.resolve_options(options)
    specs = game.specs(opts)
    stock = next((s.name for s in specs if s.kind is engine.PileKind.STOCK), None)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for spec in specs:
        if spec.name == stock:
            continue
        cards = [parse_card(t) for t in piles.get(spec.name, "").split()]
        built[spec.name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    unknown = set(piles) - {s.name for s in specs}
    assert not unknown, f"no such piles: {unknown}"
    upper = [parse_card(t) for t in top.split()]
    rest = list((Counter(PACK) - Counter(deck) - Counter(upper)).elements())
    if empty_pack:
        assert not rest and not upper, f"cards missing from the position: {rest}"
    pack = sorted(rest) + upper[::-1]
    assert Counter(deck + pack) == Counter(PACK), "a card is named more often than the packs hold it"
    if stock is not None:
        built[stock] = tuple(range(len(deck), len(deck) + len(pack)))
    deck.extend(pack)
    down = tuple(len(built[s.name]) if s.name == stock else 0 for s in specs)
    base = PatienceState(deck=tuple(deck), piles=tuple(built[s.name] for s in specs), down=down,
                         deal_seed=1, opts=tuple(sorted(opts.items())))
    if state is not PatienceState:
        base = state(**{f.name: getattr(base, f.name) for f in dataclasses.fields(PatienceState)},
                     **(extra or {}))
    return base


def faces(game: PatienceGame, state: PatienceState, name: str) -> list[str]:
    index = {s.name: i for i, s in enumerate(game.specs(game.options_of(state)))}
    return [str(state.deck[c]) for c in state.piles[index[name]]]


def check_legal(game: PatienceGame, state: PatienceState, texts: list[str]) -> None:
    legal = game.legal_actions(state, 0)
    for text in texts:
        action = game.action_from_str(state, text)
        assert action in legal, text
        assert game.why_illegal(state, action) is None, text
        assert game.apply(state, action) != state, text


def check_refusals(game: PatienceGame, state: PatienceState, cases: dict[str, str]) -> None:
    gid = game.info.id
    for text, anchor in cases.items():
        exc = refusal(game, state, text)
        assert exc.rule == f"{gid}#{anchor}", (text, exc.rule, exc.reason)


def check_legal_is_what_why_illegal_allows(game: PatienceGame, state: PatienceState) -> None:
    """The move generator and the rules agree on every card move between any two piles."""
    names = [s.name for s in game.specs(game.options_of(state))]
    legal = {a for a in game.legal_actions(state, 0) if isinstance(a, Move)}
    allowed = {Move(a, b) for a in names for b in names
               if a != b and game.why_illegal(state, Move(a, b)) is None}
    assert legal == allowed, legal ^ allowed


# -- the rules page -------------------------------------------------------------------------------
def page(game: PatienceGame) -> str:
    text = (rules_dir() / f"{game.info.id}.md").read_text(encoding="utf-8")
    assert "<!-- piles -->" in text
    return text.replace("<!-- piles -->", "### Piles\n\n" + game.piles_markdown() + "\n", 1)
