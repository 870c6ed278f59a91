# The compiled core of Klondike's solver (_klondike_core.c): its Python interface, for the type checker.
from typing import Sequence

RUNNING: int
WON: int
LOST: int
GAVE_UP: int

class Search:
    nodes: int       # positions searched
    slots: int       # positions in the table
    def __init__(self, cols: Sequence[Sequence[int]], found: Sequence[int], talon: Sequence[int], p: int,
                 passes: int, draw: int, allowed: int, part: bool, back: bool, max_slots: int = ...) -> None: ...
    def run(self, budget: int, /) -> int: ...
    def line(self) -> list[tuple[str, int, int] | tuple[str, int, int, int]]: ...
