"""The marks and prompts of the other card tables on the shared layer: Draw Poker's draw, Poker
Patience's next card, Pope Joan's lead."""
from __future__ import annotations

import pytest

from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def _draw_poker_at_the_draw() -> Session:
    """Seat 0 antes, comes in, and reaches the draw (the others' first legal words)."""
    game = get_game("draw_poker")
    session = Session(game, seed=3)
    for _ in range(200):
        seat = session.to_move()
        if seat is Special.CHANCE:
            session.advance_chance()
            continue
        legal = session.legal_actions()
        if seat == 0 and any(type(a).__name__ == "Draw" for a in legal):
            return session
        keen = [a for a in legal if "pass" not in str(a).lower()]
        session.play(keen[0] if keen else legal[0])
    raise AssertionError("the draw was never reached")


def test_draw_poker_prompts_the_draw_and_marks_the_cards_thrown_out(table):
    session = _draw_poker_at_the_draw()
    table.load_session(session)
    c = table.controller
    assert c.prompt() == "Choose the cards to discard, then Draw"
    draw = next(a for a in table.legal() if type(a).__name__ == "Draw" and len(a.cards) == 1)
    cards, button = c.action_marks(draw)
    view = table.current_view()
    cid = next(i for i in c._hand_pos if view.face(i) == draw.cards[0])
    assert cards == c.cards[cid].sceneBoundingRect()
    assert button is not None


def test_draw_poker_asks_for_the_ante_first(table):
    table.new_game("draw_poker", seed=3)
    assert table.controller.prompt() == "Put up your ante"


def test_poker_patience_marks_the_next_card_and_its_place(table):
    table.new_game("poker_patience", seed=3)
    c = table.controller
    place = table.legal()[0]
    card, where = c.action_marks(place)
    view = table.current_view()
    assert card == c.layer.item(view.card.id).sceneBoundingRect()
    assert where is not None and where.width() > 0
    assert "lit place" in c.prompt()


def test_pope_joan_prompts_and_marks_what_you_must_do(table):
    from compendium.games.parlour.pope_joan import Dress, Lead
    game = get_game("pope_joan")
    session = Session(game, seed=3)
    while session.to_move() != 0:
        if session.to_move() is Special.CHANCE:
            session.advance_chance()
        else:
            session.play(session.legal_actions()[0])
    table.load_session(session)
    c = table.controller
    legal = table.legal()
    if Dress() in legal:
        assert c.prompt().startswith("Dress the board")
        stock, board = c.action_marks(Dress())
        assert stock is not None and board == c.board.sceneBoundingRect()
    else:
        lead = next(a for a in legal if isinstance(a, Lead))
        assert c.prompt().startswith("Lead a card")
        card, board = c.action_marks(lead)
        assert card is not None and board == c.board.sceneBoundingRect()


@pytest.mark.parametrize("game_id, name", [("draw_poker", "pool"), ("baccarat_chemin_de_fer", "bank")])
def test_the_pool_is_marked_on_the_cloth(table, qapp, game_id, name):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    table.new_game(game_id, seed=3)
    c = table.controller
    assert c.pool_name == name
    size = table.viewport().size()
    image = QImage(size, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    c.paint_background(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    spot = c.pot_spot()

    def lightness(x: float, y: float) -> float:      # a patch's mean, above the cloth's grain
        return sum(QColor(image.pixel(int(x) + i, int(y) + j)).lightness()
                   for i in range(-4, 5) for j in range(-4, 5)) / 81

    inside = lightness(spot.x(), spot.y() - c.disc() * 0.5)
    outside = lightness(spot.x(), spot.y() - c.disc() * 4)
    assert inside < outside - 2                      # the place is shaded on the cloth
