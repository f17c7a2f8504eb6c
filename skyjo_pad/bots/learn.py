"""How `values.json` is made: games of the lab's bots recorded, and a linear model fitted.

`record_game` plays one game of the named bots (as `simulate` plays one) and keeps, after
every turn of the round (nobody has closed yet), the features of the seat that just
played (`values.design`), each labelled once the round is over with that seat's final
round score minus the others' mean (the doubling included). `fit` solves the smoothed
least squares for those rows in pure Python (the design has four nonzero features a
row, so the normal equations are cheap to gather). The same seed gives the same rows and
the same weights, on any machine (`benchmarks/learn_values.py` is the command). The
`hard` of the games is `hard` as it was before it played by these values
(`values_within=0`), so the data never depends on the weights it makes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from random import Random

from skyjo_pad.engine import Move, Phase, Position, RoundResult, Rules, view
from skyjo_pad.engine.compact import new_table

from . import ev
from .base import Bot, mix
from .games import play_out
from .hard import HardBot
from .registry import make_bot
from .values import DOWNS, FEATURES, PACES, Weights, context, design, own_sum

Row = tuple[list[tuple[int, float]], float]
"""One recorded position: its nonzero features and its label."""

#: The bots games are recorded between (each seat drawn from these).
POOL = ("counter", "hard", "clearer", "racer")
#: How strongly neighbouring tempo constants are pulled together, per row of data.
SMOOTH = 0.002
#: A round longer than this many turns is ended (as `simulate` does).
STALL = 1000
#: A small ridge on every weight, per row of data, so that rare cells stay finite.
RIDGE = 1e-5


def record_game(n: int, seed: int, pool: Sequence[str] = POOL) -> list[Row]:
    """The rows of one game of `n` bots drawn from `pool`, dealt with `seed` (played as
    `simulate` plays a game)."""
    draw = Random(seed)
    bots = [player(draw.choice(pool), mix(seed, seat)) for seat in range(n)]
    table = new_table(tuple(f"P{seat}" for seat in range(n)), Rules(stall_turns=STALL), seed)
    pending: list[tuple[int, list[tuple[int, float]]]] = []
    rows: list[Row] = []

    def moved(position: Position, seat: int, _move: Move) -> None:
        if position.phase is Phase.TURN and position.held is None and position.turns:
            before = (seat - 1) % n  # the seat that just ended its turn
            odds = ev.odds_of(view(position, before))
            own = own_sum(table, before, odds)
            pending.append((before, design(table.down[before], own, context(table, before, odds))))

    def ended(result: RoundResult) -> None:
        scores = result.final
        for who, features in pending:
            others = (sum(scores) - scores[who]) / (n - 1)
            rows.append((features, scores[who] - others))
        pending.clear()

    play_out(table, bots, moved, ended)
    return rows


def player(name: str, seed: int) -> Bot:
    """A bot of the pool: `hard` without the learned values, any other by name."""
    if name == "hard":
        return HardBot(seed, values_within=0)
    return make_bot(name, seed)


def fit(rows: Iterable[Row], smooth: float = SMOOTH) -> Weights:
    """The weights minimizing the squared error over `rows`, neighbouring tempo constants
    pulled together (`smooth`, per row) and every weight a little towards 0 (`RIDGE`)."""
    size = FEATURES
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    count = 0
    for features, label in rows:
        count += 1
        for i, a in features:
            xty[i] += a * label
            line = xtx[i]
            for j, b in features:
                line[j] += a * b
    for i in range(size):
        xtx[i][i] += RIDGE * max(count, 1)
    smooth *= max(count, 1)
    for d in range(DOWNS):
        for p in range(PACES):
            here = d * PACES + p
            for there in ((d + 1) * PACES + p if d + 1 < DOWNS else -1, here + 1):
                if there < 0 or (there == here + 1 and p + 1 >= PACES):
                    continue
                xtx[here][here] += smooth
                xtx[there][there] += smooth
                xtx[here][there] -= smooth
                xtx[there][here] -= smooth
    return Weights.from_vector(solve(xtx, xty))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if m[col][col] == 0.0:
            raise ValueError("the value model's equations have no single solution")
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            if factor:
                row, top = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= factor * top[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x
