"""The patience table with six of Lady Cadogan's games (The Congress, The Carpet, The Besieged
City, Spenser's Fairie Queen, Sly, Mount Olympus): every pile laid out, a legal drag played, an
illegal drag sent back with its rule."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF

from compendium.games.patience.engine import Draw, Move
from compendium.games.registry import get_game
from compendium.ui.table.view import TableWidget

from .tables import shown_table
from .test_table import assert_in_sync, card_point, drag, top_card

GAMES = ("the_congress", "the_carpet", "the_besieged_city", "spensers_fairie_queen", "sly", "mount_olympus")


@pytest.fixture(params=GAMES)
def game_id(request):
    return request.param


@pytest.fixture
def table(qtbot, monkeypatch, game_id):
    for widget in shown_table(qtbot, monkeypatch, get_game(game_id), size=(1200, 800)):
        widget.set_auto_foundation(False)
        yield widget


def pile_point(table: TableWidget, name: str) -> QPoint:
    """A point on a pile: on its top card, or in the middle of its place when it is empty."""
    cards = table.current_view().pile(name).cards
    if cards:
        return card_point(table, cards[-1].id, dy=0.6)
    rect = table.controller.piles[name].sceneBoundingRect()
    return table.mapFromScene(QPointF(rect.center()))


def first_move(table: TableWidget) -> Move:
    """Turn the pack until a card move is open (Spenser's deal begins with the pack only)."""
    for _ in range(120):
        move = next((a for a in table.legal() if isinstance(a, Move) and a.count == 1), None)
        if move is not None:
            return move
        assert Draw() in table.legal()
        assert table.play(Draw())
    raise AssertionError("no card move came up")


def test_every_pile_is_laid_out_and_a_legal_drag_plays(qtbot, table, game_id):
    table.new_game(game_id, seed=7)
    game = get_game(game_id)
    names = [s.name for s in game.specs(game.resolve_options())]
    assert set(table.controller.piles) == set(names)
    assert_in_sync(table)
    move = first_move(table)
    moving = top_card(table, move.src)
    before = table.session.state
    drag(qtbot, table, card_point(table, moving), pile_point(table, move.dst))
    assert table.session.state != before
    assert game.action_from_str(before, table.session.actions_text[-1]).src == move.src
    assert_in_sync(table)


def test_an_illegal_drag_snaps_back_and_cites_the_rule(qtbot, table, game_id):
    table.new_game(game_id, seed=7)
    game = get_game(game_id)
    first_move(table)
    state = table.session.state
    view = table.current_view()
    names = [p.name for p in view.piles]
    legal = set(table.legal())
    src, dst = next((a, b) for a in names for b in names
                    if a != b and view.pile(a).cards and view.pile(a).cards[-1].face is not None
                    and Move(a, b) not in legal and game.why_illegal(state, Move(a, b)) is not None
                    and (game.why_illegal(state, Move(a, b)).rule or "").startswith(game_id))
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    moving = top_card(table, src)
    home = table.controller.card_item(moving).pos()
    drag(qtbot, table, card_point(table, moving), pile_point(table, dst))
    assert table.session.state is state
    assert (table.controller.card_item(moving).pos() - home).manhattanLength() < 0.5
    assert messages and messages[-1][1].startswith(game_id + "#")
    assert_in_sync(table)


def test_the_carpets_crossways_cards_lie_on_their_side_until_they_leave_it(qtbot, monkeypatch):
    """The weave of the book's picture: a crossways place's card is drawn turned (wider than it
    is high); dragged from there to the talon or a foundation it stands upright again."""
    from compendium.games.patience.the_carpet import CROSSWAYS
    game = get_game("the_carpet")
    for table in shown_table(qtbot, monkeypatch, game, size=(1200, 800)):
        table.set_auto_foundation(False)
        for seed in range(1, 40):
            table.new_game("the_carpet", seed=seed)
            move = next((a for a in table.legal() if isinstance(a, Move) and a.src in CROSSWAYS), None)
            if move is not None:
                break
        assert move is not None, "no deal opened with a crossways card to move"
        for name in ("c11", "c12"):
            rect = table.controller.card_item(top_card(table, name)).sceneBoundingRect()
            assert (rect.width() > rect.height()) is (name in CROSSWAYS)
        moving = top_card(table, move.src)
        drag(qtbot, table, card_point(table, moving), pile_point(table, move.dst))
        assert table.current_view().pile(move.dst).cards[-1].id == moving
        rect = table.controller.card_item(moving).sceneBoundingRect()
        assert rect.height() > rect.width()            # upright again
        assert_in_sync(table)
        table.undo()
        rect = table.controller.card_item(moving).sceneBoundingRect()
        assert rect.width() > rect.height()            # back in the weave, on its side
        assert_in_sync(table)
