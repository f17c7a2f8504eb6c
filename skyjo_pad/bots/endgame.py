"""The last turn, searched exactly: once somebody has closed, each other seat has one turn
left, and then every card is turned up. That turn decides a lot (whether the closer is
doubled, whether the game is won) and is small enough to search in full.

Every way to play it (take the discard and put it in any cell; draw, then for each value
the card may have, put it in any cell or throw it away) is scored over `worlds` sampled
fillings of the face-down cards (from the cards this seat cannot see, `knowledge.py`):

- in a round that may end the game, by the chance of holding the lowest total after it
  (a shared lowest counts its share), the expected round score breaking ties;
- otherwise by the expected gap between its own round score and the others' average,
  the closer's doubling included: a card that puts this seat level with the closer costs
  the closer the doubling, and that counts.

The seats still to play after this one are judged by the cards they hold now (their own
last turn is the same for every choice made here).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from skyjo_pad.engine import (
    Card,
    Move,
    Phase,
    View,
    column_points,
    compact,
    score_grid,
    score_round,
)
from skyjo_pad.engine.compact import (
    DOWN,
    EMPTY,
    FINAL,
    FROM_DISCARD,
    FROM_DRAW,
    GONE,
    CompactTable,
)

from .base import decision_rng
from .knowledge import Unseen, unseen
from .worlds import table_of

#: Fillings of the face-down cards sampled per decision.
WORLDS = 24
#: A round may end the game when a total plus that seat's expected round score is within
#: this many points of the target.
GAME_END_MARGIN = 10.0

_CELLS = 12
_COLUMNS = 4

Values = list[int | None]
"""A grid's 12 card values, row by row, every card known (None: removed)."""


def grid_points(values: Values, row_clear: bool = False) -> int:
    """The raw round score of a grid with every card known, by the engine's scoring.

    >>> grid_points([1, 2, 3, 4, 1, 2, 3, 4, 1, 0, 0, 0])
    18
    """
    rows = tuple(tuple(values[start : start + _COLUMNS]) for start in range(0, _CELLS, _COLUMNS))
    return score_grid(rows, row_clear).raw


class World:
    """One filling of the hidden cards: every grid's raw score, and the seat to move's cards."""

    __slots__ = ("columns", "me", "mine", "points", "row_clear", "utilities")

    def __init__(self, t: CompactTable, me: int) -> None:
        """The world held by table `t` (its face-down cells carry sampled values)."""
        self.row_clear = t.rules.row_clear
        grids: list[Values] = []
        for seat in range(t.n):
            base = _CELLS * seat
            cells = t.cells[base : base + _CELLS]
            grids.append([None if c == GONE else c if c < GONE else c - DOWN for c in cells])
        self.points = [grid_points(grid, self.row_clear) for grid in grids]
        self.me = me
        self.mine = grids[me]
        self.columns = [
            column_points(self.mine[c], self.mine[c + 4], self.mine[c + 8]) for c in range(_COLUMNS)
        ]
        """The seat to move's points column by column (row rule off: a swap changes one)."""
        self.utilities: dict[int, float] = {}
        """`LastTurn.utility` of each raw score of the seat to move, once worked out."""

    def after_swap(self, cell: int, card: int) -> int:
        """The seat to move's raw score if `card` replaces its card at `cell`."""
        if self.row_clear:
            values = list(self.mine)
            values[cell] = card
            return grid_points(values, self.row_clear)
        c = cell % _COLUMNS
        mine = self.mine
        top, middle, bottom = (card if k == cell else mine[k] for k in (c, c + 4, c + 8))
        return self.points[self.me] - self.columns[c] + column_points(top, middle, bottom)


class LastTurn:
    """Scores the ways to play a last turn over sampled worlds."""

    def __init__(self, seen: View, rng: Random, worlds: int = WORLDS) -> None:
        """Sample `worlds` fillings of what `seen` hides."""
        assert seen.current is not None and seen.closer is not None
        self.seen = seen
        self.me = seen.current
        self.closer = seen.closer
        self.cards: Unseen = unseen(seen)
        self.worlds = [
            World(table_of(seen, self.cards.sample(rng)), self.me) for _ in range(worlds)
        ]
        self.final = self.may_end_game()

    def may_end_game(self) -> bool:
        """Whether this round may end the game, from the totals and what is face up."""
        seen = self.seen
        mean = self.cards.mean
        for seat, grid in enumerate(seen.grids):
            expected = 0.0
            for row in grid:
                for cell in row:
                    if cell is not None:
                        expected += cell.value if type(cell) is Card else mean
            if seen.totals[seat] + expected + GAME_END_MARGIN >= seen.rules.target:
                return True
        return False

    def utility(self, world: World, mine: int) -> float:
        """How good ending the round with raw score `mine` is in `world` (higher is better)."""
        known = world.utilities.get(mine)
        if known is None:
            known = world.utilities[mine] = self._utility(world, mine)
        return known

    def _utility(self, world: World, mine: int) -> float:
        n = len(self.seen.players)
        raw = list(world.points)
        raw[self.me] = mine
        points = score_round(raw, self.closer, self.seen.rules).final
        if self.final:
            totals = [self.seen.totals[s] + points[s] for s in range(n)]
            best = min(totals)
            if totals[self.me] != best:
                return -0.001 * mine
            return 1.0 / totals.count(best) - 0.001 * mine
        return (sum(points) - mine) / (n - 1) - mine

    def best_place(self, card: int, can_throw: bool) -> tuple[float, int]:
        """The best (mean utility, move code) of holding `card`: a swap, or a throw."""
        cells = [k for k in range(_CELLS) if self.worlds[0].mine[k] is not None]
        best = (-float("inf"), compact.SWAP)
        for k in cells:
            score = sum(self.utility(w, w.after_swap(k, card)) for w in self.worlds)
            if score > best[0]:
                best = (score, compact.SWAP + k)
        if can_throw:
            score = sum(self.utility(w, w.points[self.me]) for w in self.worlds)
            if score > best[0]:
                best = (score, compact.DISCARD)
        return best[0] / len(self.worlds), best[1]


def last_turn(seen: View, rng: Random, worlds: int = WORLDS) -> int | None:
    """The move code for the seat to move in the final turns, or None when this is not a
    decision this search makes (a flip owed: any card will do, it is turned up anyway)."""
    t = table_of(seen)
    if t.phase != FINAL or seen.closer is None or t.source not in (EMPTY, FROM_DRAW, FROM_DISCARD):
        return None
    search = LastTurn(seen, rng, worlds)
    can_throw = t.down[t.current] > 0
    if t.source != EMPTY:
        return search.best_place(t.held, can_throw and t.source == FROM_DRAW)[1]
    if not t.discard:
        return compact.DRAW
    if not t.draw and len(t.discard) < 2:
        return compact.TAKE
    take = search.best_place(t.discard[-1], False)[0]
    draw = sum(
        chance * search.best_place(value, can_throw)[0]
        for value, chance in search.cards.probabilities()
    )
    return compact.TAKE if take >= draw else compact.DRAW


class SearchesLastTurn:
    """A bot that turns its opening cards at random, searches its last turn exactly
    (`last_turn`) and plays every other decision by its own judgement (`judge`)."""

    name = "searches-last-turn"

    def __init__(self, seed: int = 0, worlds: int = WORLDS) -> None:
        """A bot; `worlds` sets the work of its last-turn search (0: none)."""
        self.seed = seed
        self.worlds = worlds

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The last turn's best move by search; any other move by `judge`."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase is Phase.REVEAL:
            return decision_rng(self.seed, view).choice(list(legal_moves))
        if view.phase is Phase.FINAL_TURNS and self.worlds > 0:
            code = last_turn(view, decision_rng(self.seed, view), self.worlds)
            if code is not None:
                return compact.move_of(code)
        return compact.move_of(self.judge(view, table_of(view)))

    def judge(self, view: View, t: compact.CompactTable) -> int:
        """The move code played outside the reveals and the searched last turn."""
        raise NotImplementedError
