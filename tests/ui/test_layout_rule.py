"""The layout rule (issue 17): every card game, dealt on the table the main window gives it at
1024x700, 1366x768 and 1920x1080 (rules pane open), shows cards no narrower than the floor for
that screen and a layout covering at least 60 % of the cloth in the dimension that binds."""
from __future__ import annotations

import pytest

from compendium.bench_layout import MIN_CARD_AT_1366, MIN_COVERAGE, SCREENS, card_games, measure_table
from compendium.ui.table.view import TableWidget

# the narrowest card allowed on each screen: the goal at 1366x768, the legibility floor on the
# smallest screen, and proportionally larger cards on the largest
FLOOR = {"1024x700": 40.0, "1366x768": MIN_CARD_AT_1366, "1920x1080": 76.0}


@pytest.fixture(scope="module")
def table(qapp):
    widget = TableWidget()
    widget.set_animations(False)
    widget.show()
    yield widget
    widget.shutdown()
    widget.close()


def test_every_card_game_is_measured():
    games = card_games()
    assert {"the_fifteen", "the_carpet", "napoleons_square", "canfield_or_klondike", "poker_patience",
            "draw_poker", "baccarat_banque", "pope_joan", "auction_bridge"} <= set(games)


@pytest.mark.parametrize("game_id", card_games())
def test_cards_fill_the_table_at_every_screen_size(table, qapp, game_id):
    for screen, (w, h) in SCREENS.items():
        table.resize(w, h)
        qapp.processEvents()
        table.new_game(game_id, seed=3)
        qapp.processEvents()
        m = measure_table(table, game_id, screen)
        assert m.table == (w, h)
        assert m.card >= FLOOR[screen], f"{game_id} at {screen}: {m.card:.0f} px cards"
        assert m.coverage >= MIN_COVERAGE, f"{game_id} at {screen}: the layout covers {m.coverage:.0%}"
