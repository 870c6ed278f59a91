"""Roulette on the single-zero wheel of Monte Carlo, as the 1909 *Hoyle* describes it.

Thirty-seven pockets, 0 to 36.  The punters lay counters on the cloth — on a number (*en plein*,
35 to 1), across two (*à cheval*, 17), a row of three (*transversale*, 11), four at a corner
(*carré*, 8), two rows (*sixain*, 5), a column or a dozen (2 to 1), or an even chance (*rouge*,
*noir*, *pair*, *impair*, *manque*, *passe*: even money) — and when every punter has done the
ball is spun: a chance event of the session (``spin N``), drawn from the session's own seeded
generator, so a record replays exactly.  Zero loses every stake not on it except the even
chances, which go to prison (or, with the option, lose half at once).

The bank's advantage on every stake is computed exactly (``house_edge``) from the same verdicts
the table pays by.
"""
from __future__ import annotations

from fractions import Fraction

from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import OptionSpec, TableKind
from ...core.rng import SplitMix64
from ..catalogue import BY_ID
from .casino import (
    LOSE,
    WIN,
    ZERO,
    CasinoAction,
    CasinoGame,
    CasinoState,
    Lay,
    Spin,
    Spot,
    expectation,
    settle_lay,
)

RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
# The pockets round the wheel, clockwise from the zero (the single-zero wheel's order).
WHEEL = (0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1,
         20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26)

# The limits of the period's tables at Monte Carlo, in francs (the page's "The limits").
MINIMUM = 5
LIMITS = {"plein": 180, "cheval": 360, "transversale": 540, "carre": 720, "sixain": 1080,
          "colonne": 3000, "douzaine": 3000, "simple": 6000}
PAYS = {"plein": 35, "cheval": 17, "transversale": 11, "carre": 8, "sixain": 5, "colonne": 2,
        "douzaine": 2, "simple": 1}
COUNTERS = (5, 20, 100, 500, 1000)
# The heading of the rules page for each kind of stake.
ANCHORS = {"plein": "en-plein", "cheval": "à-cheval", "transversale": "transversale", "carre": "carré",
           "sixain": "sixain", "colonne": "columns-and-dozens", "douzaine": "columns-and-dozens",
           "simple": "the-even-chances"}
SIMPLE_CHANCES = {
    "rouge": RED, "noir": frozenset(range(1, 37)) - RED,
    "pair": frozenset(range(2, 37, 2)), "impair": frozenset(range(1, 37, 2)),
    "manque": frozenset(range(1, 19)), "passe": frozenset(range(19, 37)),
}
DOZENS = {"douzaine 1": range(1, 13), "douzaine 2": range(13, 25), "douzaine 3": range(25, 37)}
COLUMNS = {f"colonne {c}": range(c, 37, 3) for c in (1, 2, 3)}


def colour(number: int) -> str:
    return "green" if number == 0 else "red" if number in RED else "black"


def _spot(kind: str, numbers: tuple[int, ...], name: str | None = None) -> Spot:
    label = name or f"{kind} {'-'.join(map(str, sorted(numbers)))}"
    return Spot(label, kind, frozenset(numbers), PAYS[kind], LIMITS[kind], kind == "simple")


def make_spots() -> dict[str, Spot]:
    """Every stake of the period's cloth: 37 pleins, 60 chevaux, 14 transversales, 23 carrés,
    11 sixains, 3 columns, 3 dozens and the 6 even chances (157 spaces)."""
    out: list[Spot] = [_spot("plein", (n,)) for n in range(37)]
    for n in range(1, 37):
        if n % 3:
            out.append(_spot("cheval", (n, n + 1)))          # across, in the row
        if n <= 33:
            out.append(_spot("cheval", (n, n + 3)))          # down, in the column
    out += [_spot("cheval", (0, k)) for k in (1, 2, 3)]
    out += [_spot("transversale", (r, r + 1, r + 2)) for r in range(1, 37, 3)]
    out += [_spot("transversale", (0, 1, 2)), _spot("transversale", (0, 2, 3))]
    out += [_spot("carre", (n, n + 1, n + 3, n + 4)) for n in range(1, 33) if n % 3]
    out.append(_spot("carre", (0, 1, 2, 3)))
    out += [_spot("sixain", tuple(range(r, r + 6))) for r in range(1, 32, 3)]
    out += [_spot("colonne", tuple(nums), name) for name, nums in COLUMNS.items()]
    out += [_spot("douzaine", tuple(nums), name) for name, nums in DOZENS.items()]
    out += [_spot("simple", tuple(sorted(nums)), name) for name, nums in SIMPLE_CHANCES.items()]
    return {s.name: s for s in out}


SPOTS = make_spots()


def verdict_on(spot: Spot, number: int) -> str:
    """The verdict of the ball falling in ``number`` on a stake on ``spot``."""
    if number in spot.covers:
        return WIN
    if number == 0 and spot.simple:
        return ZERO
    return LOSE


def house_edge(spot: Spot, zero_rule: str = "prison") -> Fraction:
    """The bank's advantage on ``spot``, exactly: minus the punter's expectation per unit."""
    outcomes = [(Fraction(1, 37), n) for n in range(37)]
    return -expectation(outcomes, verdict_on, spot, zero_rule)


def simulate_edge(spot: Spot, spins: int, seed: int, zero_rule: str = "prison",
                  stake: int = 100) -> tuple[float, float]:
    """The bank's advantage on ``spot`` measured over ``spins`` spins of the wheel (one stake a
    spin, a prisoner waiting for its release before the next stake), settled by the table's own
    ``settle_lay``: (the edge per unit staked, its standard error)."""
    gen = SplitMix64(seed)
    total_staked = 0
    nets: list[int] = []
    lay: Lay | None = None
    for _ in range(spins):
        if lay is None:
            lay = Lay(0, spot.name, stake)
            total_staked += stake
            nets.append(0)
        number = gen.below(37)
        _, net, _, lay = settle_lay(lay, verdict_on(spot, number), spot.pays, zero_rule)
        nets[-1] += net
    k = len(nets)
    mean = sum(nets) / k
    var = sum((x - mean) ** 2 for x in nets) / max(1, k - 1)
    return -sum(nets) / total_staked, (var / k) ** 0.5 / stake


class Roulette(CasinoGame):
    info = BY_ID["roulette"]
    table_kind = TableKind.CASINO
    counters = COUNTERS
    minimum = MINIMUM
    spots = SPOTS
    option_specs = (
        OptionSpec("players", 4, (4, 1, 2, 3), "Punters at the table (you and the systems)"),
        OptionSpec("capital", 1000, (1000, 500, 5000), "Francs each punter brings"),
        OptionSpec("coups", 30, (30, 10, 100), "Spins in the session"),
        OptionSpec("zero_rule", "prison", ("prison", "half"), "Zero and the even chances",
                   labels=("en prison", "half the stake lost")),
    )

    def apply_chance(self, state: CasinoState, action: CasinoAction) -> CasinoState:
        if not isinstance(action, Spin):
            return super().apply_chance(state, action)
        if state.phase != "spin":
            raise IllegalAction("the ball is spun only when every punter has made his stakes", self.ref("the-coup"))
        if not 0 <= action.number <= 36:
            raise IllegalAction(f"the wheel has no pocket {action.number}", self.ref("the-wheel"))
        return self.settle(replace(state, number=action.number))

    def chance_action(self, state: CasinoState, seed: int) -> CasinoAction:
        return Spin(SplitMix64(seed).below(37))

    def decide(self, state: CasinoState) -> CasinoState:
        return replace(state, phase="spin", turn=None)

    def verdict(self, state: CasinoState, spot: Spot) -> str:
        assert state.number is not None
        return verdict_on(spot, state.number)

    def coup_text(self, state: CasinoState) -> str:
        n = state.number
        assert n is not None
        if n == 0:
            return "0, the zero"
        return (f"{n} {('rouge' if n in RED else 'noir')}, {'pair' if n % 2 == 0 else 'impair'}, "
                f"{'manque' if n <= 18 else 'passe'}")

    def canonical_spot(self, text: str) -> str | None:
        """The space's name from its text ("cheval 20-17" is "cheval 17-20"); a group of numbers
        that is no space of the cloth keeps its numbers, so that staking on it is refused by the
        law of its kind rather than misread."""
        t = text.replace("carré", "carre").replace("à ", "").strip()
        if t in self.spots:
            return t
        head, _, rest = t.partition(" ")
        if head in ("plein", "cheval", "transversale", "carre", "sixain"):
            parts = rest.replace("/", "-").split("-")
            if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
                return None
            nums = sorted(int(x) for x in parts)
            if head == "sixain" and len(nums) == 2:
                nums = list(range(nums[0], nums[1] + 1))
            return f"{head} {'-'.join(map(str, nums))}"
        return None

    def _place(self, state: CasinoState, seat: int, name: str) -> CasinoState:
        if name not in self.spots:
            head, _, rest = name.partition(" ")
            nums = [int(x) for x in rest.split("-")] if rest else []
            if any(not 0 <= x <= 36 for x in nums):
                raise IllegalAction(f"the wheel has no number {max(nums)}: its pockets are 0 to 36",
                                    self.ref("the-wheel"))
            size = {"plein": 1, "cheval": 2, "transversale": 3, "carre": 4, "sixain": 6}.get(head)
            anchor = ANCHORS.get(head, "the-stakes")
            if size is not None and len(nums) != size:
                raise IllegalAction(f"a stake {head} covers {size} numbers, not {len(nums)}", self.ref(anchor))
            why = {"cheval": "à cheval is on two numbers side by side or one above the other on the cloth",
                   "transversale": "a transversale is one row of three across the cloth (or 0-1-2, 0-2-3)",
                   "carre": "a carré is four numbers meeting at one corner (or 0-1-2-3)",
                   "sixain": "a sixain is two neighbouring rows of three"}.get(head, "no such space")
            raise IllegalAction(f"{rest} do not make a stake {head}: {why}", self.ref(anchor))
        return super()._place(state, seat, name)

    def describe(self, state: CasinoState, action: CasinoAction) -> str:
        if isinstance(action, Spin):
            return f"the ball falls in {self.coup_text(replace(state, number=action.number))}"
        return super().describe(state, action)


GAME = Roulette()
