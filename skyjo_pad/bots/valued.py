"""One-ply play judged by the learned values (`values.py`) instead of `ev`'s sums alone.

Every way to play is scored by what the model predicts for the seat after it (its own
final round score minus the others' mean: lower is better), so the worth of tempo (a
face-down card fewer) is the model's, learned from self-play, not a fixed bonus:

- placing a card: `ev`'s expected score of the grid after it, and its face-down count;
- throwing a drawn card away to turn one up: the same sum, one face-down card fewer;
- a move that turns up the last face-down card closes the round: its own expected score
  with the doubling (`ev.Outlook`, from the others' likely last turns) minus the others'
  mean expected score after their last turn, the same currency as the model's;
- the card put on the discard pile costs what it gives the next player (`feed`), as in
  `hard`; taking the discard or drawing is the discard's best place against the average,
  over every value the drawn card may have, of its best use.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from skyjo_pad.engine import compact
from skyjo_pad.engine.compact import (
    DOWN,
    EMPTY,
    FLIP_OWED,
    FROM_DRAW,
    GONE,
    TURN,
    CompactTable,
)

from . import ev
from .stakes import Stakes, may_end_game
from .values import Model, context

_CELLS = 12
_COLUMNS = 4


class Judge:
    """The learned value of each way the seat to move on `t` can play."""

    def __init__(
        self,
        t: CompactTable,
        odds: ev.Odds,
        model: Model,
        feed: ev.Feed,
        tempo: float = 1.0,
        hidden_tempo: bool = True,
        spread: float | None = None,
        outlook: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        """A judge for the seat to move on `t`; `tempo` scales the learned worth of tempo;
        without `hidden_tempo`, a card put on a face-down one earns none (only a flip);
        with a `spread`, one card from closing in a round that may end the game, moves are
        judged by the chance to win the game (`stakes.py`, that spread when waiting);
        `outlook`: the (spread, shift) of the others' ends at a close (`ev.Outlook`)."""
        self.t = t
        self.odds = odds
        self.feed = feed
        self.hidden_tempo = hidden_tempo
        self.seat = seat = t.current
        self.base = _CELLS * seat
        self.cols = ev.columns(t.cells, self.base, odds)
        self.total = sum(self.cols)
        self.down = t.down[seat]
        ctx = context(t, seat, odds)
        w = model.weights(t.n)
        pace = ctx.pace
        self.slope = w.own[pace]
        self.tempo = [tempo * row[pace] for row in w.tempo]
        self.rest = w.others[pace] * ctx.others + w.others_down * ctx.others_down
        closing = t.phase == TURN and self.down == 1 and t.turns < ev.PATIENCE
        self.outlook = ev.Outlook(t, seat, odds, 1.0, *outlook) if closing else None
        self.stakes: Stakes | None = None
        if self.outlook is not None and spread is not None:
            sums = ev.grid_sums(t, odds)
            if may_end_game(t, sums):
                self.stakes = Stakes(t, seat, sums, spread)

    def worth(self, points: float) -> float:
        """What a move of learned value `points` is worth: the points, or when the game's
        stakes judge, minus the chance to win the game (lower is better either way)."""
        return points if self.stakes is None else -self.stakes.waiting(points)

    def value(self, down: int, own: float) -> float:
        """The model's value of the seat with `down` face-down cards and expected score `own`."""
        return self.tempo[min(down, len(self.tempo) - 1)] + self.slope * own + self.rest

    def closed(self, score: int, top: int | None) -> float:
        """The value of closing with raw score `score`, `top` left on the discard pile."""
        outlook = self.outlook
        assert outlook is not None
        if self.stakes is not None:
            return -self.stakes.closing(outlook, score, top)
        others = sum(outlook.expected(i, top) for i in range(len(outlook.rivals)))
        return outlook.cost(score, top) - others / len(outlook.rivals)

    def place(self, x: int) -> tuple[float, int]:
        """The best (value, cell) of putting card `x` in the grid."""
        t, base, cells = self.t, self.base, self.t.cells
        best = (math.inf, -1)
        for k in range(_CELLS):
            old = cells[base + k]
            if old == GONE:
                continue
            cells[base + k] = x
            if old > GONE and self.outlook is not None:
                score = self.closed(ev.known_score(cells, base, t.rules.row_clear), old - DOWN)
            else:
                col = k % _COLUMNS
                after = ev.column_score(
                    cells[base + col], cells[base + col + 4], cells[base + col + 8], self.odds
                )
                own = self.total - self.cols[col] + after
                if old > GONE:
                    score = self.worth(self.value(self.down - self.hidden_tempo, own))
                else:
                    score = self.worth(self.value(self.down, own) + self.feed(old))
            cells[base + k] = old
            if score < best[0]:
                best = (score, k)
        return best

    def throw(self, x: int | None) -> float:
        """The value of throwing drawn card `x` away (None: not drawn yet) and turning a
        card up."""
        if self.outlook is None:
            return self.value(self.down - 1, self.total) + (0.0 if x is None else self.feed(x))
        t, base, cells = self.t, self.base, self.t.cells
        k = next(i for i in range(base, base + _CELLS) if cells[i] > GONE)
        old = cells[k]
        expected = 0.0
        for value, chance in self.odds.probs:
            cells[k] = value
            expected += chance * self.closed(ev.known_score(cells, base, t.rules.row_clear), x)
        cells[k] = old
        return expected


def decide(
    t: CompactTable,
    odds: ev.Odds,
    model: Model,
    feed: ev.Feed = ev.no_feed,
    tempo: float = 1.0,
    hidden_tempo: bool = True,
    spread: float | None = None,
    outlook: tuple[float, float] = (0.0, 0.0),
) -> int:
    """The move code with the best learned value for the seat to move on `t` (`tempo`
    scales the learned worth of tempo; `hidden_tempo`, `spread`, `outlook`: see `Judge`)."""
    if t.source == FLIP_OWED:
        return compact.FLIP + ev.flip_cell(t, odds)
    judge = Judge(t, odds, model, feed, tempo, hidden_tempo, spread, outlook)
    can_throw = judge.down > 0
    if t.source != EMPTY:
        score, cell = judge.place(t.held)
        if t.source == FROM_DRAW and can_throw and judge.throw(t.held) < score:
            return compact.DISCARD
        return compact.SWAP + cell
    if not t.discard:
        return compact.DRAW
    if not t.draw and len(t.discard) < 2:
        return compact.TAKE
    take = judge.place(t.discard[-1])[0]
    away: Callable[[int], float]
    if not can_throw:
        away = lambda value: math.inf  # noqa: E731
    elif judge.outlook is not None:
        away = judge.throw
    else:
        plain = judge.throw(None)
        away = lambda value: plain + feed(value)  # noqa: E731
    draw = 0.0
    for value, chance in odds.probs:
        keep = judge.place(value)[0]
        other = away(value)
        draw += chance * (keep if keep < other else other)
    return compact.TAKE if take < draw else compact.DRAW
