"""Shell Out: Pyramids for three or more, each for himself, for so much a ball (the 1909 *Hoyle*
names it beside Pyramids; the laws are the period's, Broadfoot's *Billiards* of 1896 and Foster's
*Complete Hoyle*, in our own words on ``resources/rules/shell_out.md``).

The balls and the table are Pyramids' (``pyramids.PocketGame``): fifteen reds in the pyramid and
the one white, played by all in a fixed rotation.  Each red pocketed by a fair stroke is paid for
by every other player (one counter each; the last red two), and the striker plays again; a miss
or the white going into a pocket is paid by the striker to every other player (double off the
last red, and that ends the game).  No ball is ever put back up: reds taken by a faulty stroke
are simply lost to the game.  There is no single pool.  The game ends when the last red is
down; the players settle the differences between their scores, so a seat's counters are its
score times the number of players, less the sum of all the scores.
"""
from __future__ import annotations

from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome, ScoreEvent, Seat
from ..catalogue import BY_ID
from .physics import ShotResult
from .pyramids import PocketGame, PocketState, first_rack, read_stroke


def counters(scores: tuple[int, ...]) -> tuple[int, ...]:
    """What each seat has won (or lost, below nought) when the differences are settled: every
    pair of players settles the difference of their scores."""
    total = sum(scores)
    return tuple(len(scores) * s - total for s in scores)


class ShellOutGame(PocketGame):
    info = BY_ID["shell_out"]
    option_specs = (
        OptionSpec("players", 3, (3, 4, 5, 6), "Players", help="How many play, each for himself",
                   labels=("Three", "Four", "Five", "Six")),
    )

    def seat_name(self, seat: Seat) -> str:
        return f"Player {seat + 1}"

    def initial_state(self, options: Options | None = None) -> PocketState:
        opts = self.resolve_options(options)
        n = int(opts["players"])
        return PocketState(seats=n, balls=first_rack(), scores=(0,) * n,
                           said=f"The fifteen reds stand in the pyramid; {n} players in turn, "
                                "Player 1 from the D.")

    def after(self, state: PocketState, shot: ShotResult) -> PocketState:
        n = state.seats
        me = state.turn
        who = self.seat_name(me)
        what = read_stroke("white", shot)
        last = state.reds_on_table() == 1           # the last ball (and its penalties) count double
        balls = self.settle(state, shot)
        left = sum(1 for p in balls[1:] if p is not None)
        scores = list(state.scores)
        sheet = list(state.sheet)
        if what.foul:
            fault = "a miss" if what.struck is None else "a losing hazard"
            stake = 2 if last else 1
            for seat in range(n):
                if seat != me:
                    scores[seat] += stake
                    sheet.append(ScoreEvent(seat, stake, f"{fault} by {who}", self.ref("penalties")))
            text = f"{fault}: pays {stake} to every other player"
            if what.taken:
                text += "; the reds it took are lost to the game"
            over = last or left == 0
        else:
            gained = len(what.taken) + (1 if what.taken and left == 0 else 0)   # the last red: two
            if gained:
                scores[me] += gained
                sheet.append(ScoreEvent(me, gained, f"{len(what.taken)} pocketed", self.ref("winning-hazards")))
            text = (f"{len(what.taken)} pocketed: every other player pays {gained}" if gained else "nothing")
            over = left == 0
        scored = not what.foul and bool(what.taken)
        turn = me if scored else (me + 1) % n
        if over:
            net = counters(tuple(scores))
            best = max(net)
            said = f"{who}: {text}. The last red is down: " + ", ".join(
                f"{self.seat_name(s)} {net[s]:+d}" for s in range(n)) + (" counters." if best else ".")
        elif scored:
            said = f"{who}: {text}."
        else:
            hand = " from the D" if balls[0] is None else ""
            said = f"{who}: {text}. {self.seat_name(turn)} to play{hand}."
        return replace(state, balls=tuple(balls), scores=tuple(scores), turn=turn, from_hand=False,
                       run=state.run + len(what.taken) if scored else 0, strokes=state.strokes + 1,
                       over=over, sheet=tuple(sheet), said=said)

    def outcome(self, state: PocketState) -> Outcome | None:
        if not state.over:
            return None
        net = counters(state.scores)
        best = max(net)
        winners = [s for s in range(state.seats) if net[s] == best]
        share = 1.0 if len(winners) == 1 else 0.5
        results = tuple(share if s in winners else 0.0 for s in range(state.seats))
        names = " and ".join(self.seat_name(s) for s in winners)
        return Outcome(results, f"the reds are all down; {names} "
                                f"{'wins' if len(winners) == 1 else 'share'} the most, {best:+d} counters",
                       self.ref("the-game"), scores=net)

    # -- the table's hooks ---------------------------------------------------------------------
    def score_text(self, view: PocketState, seat: int) -> str:
        net = counters(view.scores)[seat]
        run = f"   break {view.run}" if seat == view.turn and view.run else ""
        balls = view.scores[seat]
        return f"{balls} ball{'' if balls == 1 else 's'} · {net:+d} counters{run}"

    def board_note(self, view: PocketState) -> str:
        return f"{view.reds_on_table()} reds left · counters as if settled now"

    def status_parts(self, view: PocketState) -> list[str]:
        return [f"{view.seats} players", f"{view.reds_on_table()} reds left"]


GAME = ShellOutGame()
