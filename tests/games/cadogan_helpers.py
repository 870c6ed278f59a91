"""Helpers for the tests of Lady Cadogan's two-pack patiences (The Congress, The Carpet, The
Besieged City, Spenser's Fairie Queen, Sly, Mount Olympus): positions written as text, refusals
with their rule, and the checks that every rule cited is a heading of the game's page."""
from __future__ import annotations

import ast
import dataclasses
import re
from collections import Counter
from pathlib import Path
from typing import Any


from compendium.core import rulesdoc
from compendium.core.cards import PACKS, Card
from compendium.core.notation import parse_card
from compendium.core.rng import SplitMix64
from compendium.core.rules import REFERENCED
from compendium.games.patience import engine
from compendium.games.patience.engine import Move, PatienceGame, PatienceState
from compendium.paths import rules_dir

from .conformance import random_playout, refusal

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


def literal_anchors(path: Path) -> set[str]:
    """Anchors named in the source: self.ref("...") calls and the strings anchor_for returns."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "ref" \
                and node.args and isinstance(node.args[0], ast.Constant):
            found.add(node.args[0].value)
        if isinstance(node, ast.FunctionDef) and node.name == "anchor_for":
            found |= {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
                      and isinstance(n.value, str) and re.fullmatch(r"[a-z0-9-]+", n.value)}
    return found


def check_rules_cited_are_headings(game: PatienceGame, module_file: str, option_sets: list[dict[str, Any]],
                                   expected: set[str]) -> None:
    """Every rule the game cites -- in its source, and while random games are played and bad moves
    asked about -- is a heading of its page; and the playouts reached the ``expected`` ones."""
    text = page(game)
    anchors = rulesdoc.anchors(text)
    cited = literal_anchors(Path(engine.__file__)) | literal_anchors(Path(module_file))
    reached: set[str] = set()
    gen = SplitMix64(7)

    def ask(session: Any) -> None:
        state = session.state
        names = [s.name for s in game.specs(game.options_of(state))]
        actions = list(game.candidates(state)) + [
            Move(names[gen.below(len(names))], names[gen.below(len(names))], 1 + gen.below(2))
            for _ in range(25)]
        for action in actions:
            refused = game.why_illegal(state, action)
            if refused is not None and refused.rule:
                reached.add(refused.rule.partition("#")[2])
        outcome = game.outcome(state)
        if outcome is not None:
            reached.add(outcome.rule.partition("#")[2])
    for options in option_sets:
        for seed in range(2):
            random_playout(game, 50 + seed, max_steps=250, options=options, check=ask)
    reached |= {r.partition("#")[2] for r in REFERENCED if r.startswith(game.info.id + "#")}
    assert expected <= reached, expected - reached
    assert (cited | reached) - anchors == set()
    assert [t for t in rulesdoc.links(text) if t.startswith("#") and t[1:] not in anchors] == []
    for section in ("players-and-equipment", "the-deal", "piles", "the-foundations", "spaces",
                    "the-stock-and-waste", "re-deals", "end-of-the-game", "laws-and-irregularities",
                    "variants", "hints", "sources-and-decisions"):
        assert section in anchors, section
