"""`ev`: the one-ply expected-value card counter, the yardstick the other levels are measured by.

Every legal move is scored by the expected round score of its own grid that follows it,
over the cards not yet seen (the deck minus every card in sight, `knowledge.py`), and the
lowest is played. No look-ahead, no opinion about the other players' plans:

- a grid's expected score is, column by column, its face-up cards plus the unseen mean for
  each face-down card, minus the chance that the final reveal completes three of a kind
  (the column rule also applies when the round ends) times the column's worth;
- take the discard: the best cell for it; draw: the average, over every value the drawn
  card may have, of the best of placing it and throwing it away for a flip;
- a move that turns up its last face-down card closes the round: its score counts the
  expected doubling, from the chance that some other player's grid (face-up cards plus
  the unseen mean for the rest, spread as the unseen cards are) ends equal or lower.

It thinks on the engine's compact table (`worlds.table_of`) and takes well under a
millisecond a decision. The module is a little over 450 lines on purpose: the sums, the
odds and the doubling chance are one tight loop that `hard`, the yardsticks and the
search's judge all call, kept together so that its speed can be read and measured whole.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from skyjo_pad.engine import Card, Move, Phase, View, can_be_doubled, compact, score_grid
from skyjo_pad.engine.compact import (
    DOWN,
    EMPTY,
    FLIP_OWED,
    FROM_DRAW,
    GONE,
    TURN,
    VALUES,
    CompactTable,
    move_of,
)

from .base import decision_rng
from .knowledge import unseen
from .worlds import table_of

_CELLS = 12
_COLUMNS = 4
#: After this many turns in a round, closing is judged without the doubling: two `ev`
#: players who both fear it would otherwise swap face-up cards for ever.
PATIENCE = 200
#: Cards seen (drawn or offered on the discard pile) before the round ends, per face-down
#: card the fastest player still has beyond their last: how much "later" there is.
OFFERS_PER_CARD = 2.5
#: A known card above this is likely to be replaced by a lower one before the round ends.
REPLACE_LEVEL = 3
#: The chance of that replacement, reached once this many cards are still to be seen.
REPLACE_CHANCE = 0.8
REPLACE_SURE_AT = 6.0


class Odds:
    """The unseen cards as chances, with the sums the expected scores need."""

    __slots__ = ("chance", "hidden", "later", "mean", "probs", "sd", "triple", "worth")

    def __init__(self, probs: Sequence[tuple[int, float]], offers: float = 0.0) -> None:
        """Odds from the (value, chance) of the next unseen card, with `offers` cards still
        to be seen before the round ends."""
        self.probs = tuple(probs)
        self.mean = sum(v * p for v, p in self.probs)
        self.sd = math.sqrt(max(0.0, sum(v * v * p for v, p in self.probs) - self.mean**2))
        self.chance = dict.fromkeys(VALUES, 0.0)
        self.chance.update(self.probs)
        self.triple = sum(3 * v * p**3 for v, p in self.probs)
        """The expected points a column of three face-down cards loses to the column rule."""
        self.later = {v: 1.0 - math.pow(1.0 - self.chance[v], offers) for v in VALUES}
        """The chance that a card of each value turns up before the round ends."""
        replaced = min(1.0, offers / REPLACE_SURE_AT) * REPLACE_CHANCE
        self.worth = {
            v: v if v <= REPLACE_LEVEL else REPLACE_LEVEL + (v - REPLACE_LEVEL) * (1 - replaced)
            for v in VALUES
        }
        """What a known card is expected to count at the end of the round (a high one may
        still be replaced)."""
        self.hidden = sum(self.worth[v] * p for v, p in self.probs)
        """The same for a face-down card."""


def column_score(a: int, b: int, c: int, odds: Odds) -> float:
    """The expected final score of one column of three cell codes (see `compact_table.py`).

    >>> odds = Odds([(4, 0.5), (8, 0.5)])
    >>> column_score(4, 4, 104, odds), column_score(4, 5, 104, odds), column_score(4, 4, 4, odds)
    (8.0, 15.0, 0)
    """
    worth = odds.worth
    hidden = odds.hidden
    if a == GONE or b == GONE or c == GONE:
        return sum(worth[x] if x < GONE else hidden for x in (a, b, c) if x != GONE)
    up = [x for x in (a, b, c) if x < GONE]
    down = 3 - len(up)
    if down == 0:
        if a == b == c:
            return 0
        total = worth[a] + worth[b] + worth[c]
        for u, w in ((a, b), (a, c), (b, c)):
            if u == w and u > 0:
                return (1 - odds.later[u]) * total  # the odd card may still be replaced by a u
        return total
    if down == 1:
        u, w = up
        if u != w:
            return worth[u] + worth[w] + hidden
        if u <= 0:
            return 2 * u + hidden - 3 * u * odds.chance[u]
        # Three alike if the face-down card is a u, or if a u turns up later to replace it.
        chance = odds.chance[u]
        return (1 - odds.later[u]) * ((1 - chance) * 2 * worth[u] + hidden - chance * worth[u])
    if down == 2:
        u = up[0]
        return worth[u] + 2 * hidden - 3 * u * odds.chance[u] ** 2
    return 3 * hidden - odds.triple


def columns(cells: Sequence[int], base: int, odds: Odds) -> list[float]:
    """The expected final score of each column of the grid starting at `base`."""
    return [
        column_score(cells[base + c], cells[base + c + 4], cells[base + c + 8], odds)
        for c in range(_COLUMNS)
    ]


def known_score(cells: Sequence[int], base: int, row_clear: bool = False) -> int:
    """The raw score, by the engine's scoring, of the grid starting at `base` with every
    card face up."""
    values = [None if code == GONE else code for code in cells[base : base + _CELLS]]
    rows = tuple(tuple(values[start : start + _COLUMNS]) for start in range(0, _CELLS, _COLUMNS))
    return score_grid(rows, row_clear).raw


def placed_plain(t: CompactTable, seat: int, odds: Odds, x: int, cols: list[float]) -> float:
    """The lowest expected round score of putting card `x` in `seat`'s grid, closing's
    doubling left out."""
    base = _CELLS * seat
    cells = t.cells
    total = sum(cols)
    best = math.inf
    for k in range(_CELLS):
        old = cells[base + k]
        if old == GONE:
            continue
        col = k % _COLUMNS
        cells[base + k] = x
        after = column_score(cells[base + col], cells[base + col + 4], cells[base + col + 8], odds)
        cells[base + k] = old
        score = total - cols[col] + after
        if score < best:
            best = score
    return best


def grid_sums(t: CompactTable, odds: Odds) -> list[float]:
    """Every seat's expected round score by the sums (`columns`) under `odds`."""
    return [sum(columns(t.cells, _CELLS * seat, odds)) for seat in range(t.n)]


class Outlook:
    """How the others may end the round if the seat to move closes now: each plays its
    last turn the way this bot plays (the better of the discard and a draw), then ends at
    that expected score, spread like a sum of as many unseen cards as it keeps face down
    (plus `spread` cards, less `shift` points: `hard.OUTLOOK`)."""

    __slots__ = ("drawn", "fear", "hidden", "nxt", "odds", "rivals", "shift", "t", "takes")

    def __init__(
        self,
        t: CompactTable,
        seat: int,
        odds: Odds,
        fear: float = 1.0,
        spread: float = 0.0,
        shift: float = 0.0,
    ) -> None:
        """The outlook of the others when `seat` closes on table `t`; `fear` scales the
        doubling it charges (1: its expected cost; less: a bot that dares to close);
        `spread` adds that many unseen cards' spread to each other seat's end, `shift`
        lowers its expected score by that many points (`hard`'s calibrated outlook)."""
        self.t = t
        self.shift = shift
        self.odds = odds
        self.fear = fear
        self.rivals = [(seat + step) % t.n for step in range(1, t.n)]
        self.nxt = self.rivals[0]
        self.drawn: list[float] = []
        self.hidden: list[float] = []
        for rival in self.rivals:
            cols = columns(t.cells, _CELLS * rival, odds)
            throw = sum(cols) if t.down[rival] else math.inf
            drawn = 0.0
            for value, chance in odds.probs:
                keep = placed_plain(t, rival, odds, value, cols)
                drawn += chance * (keep if keep < throw else throw)
            self.drawn.append(drawn)
            self.hidden.append(max(0, t.down[rival] - 1) + spread)
        self.takes: dict[int, float] = {}

    def expected(self, index: int, top: int | None) -> float:
        """The expected score of the `index`-th other seat; the discard `top` (None: not
        known yet) reaches only the next seat."""
        drawn = self.drawn[index] - self.shift
        if index or top is None:
            return drawn
        take = self.takes.get(top)
        if take is None:
            cols = columns(self.t.cells, _CELLS * self.nxt, self.odds)
            take = self.takes[top] = placed_plain(self.t, self.nxt, self.odds, top, cols)
        take -= self.shift
        return take if take < drawn else drawn

    def edge(self, score: float) -> float:
        """The line another seat's round score must stay above for a close with `score`
        not to be doubled (a tie doubles when `tie_doubles`)."""
        return score + 0.5 if self.t.rules.tie_doubles else score - 0.5

    def spread(self, index: int) -> float:
        """The spread (one standard deviation) of the `index`-th other seat's end."""
        return self.odds.sd * math.sqrt(self.hidden[index])

    def doubling_chance(self, score: float, top: int | None) -> float:
        """The chance that some other seat ends at `score` or lower (a tie counts when
        `tie_doubles`)."""
        edge = self.edge(score)
        safe = 1.0
        for index in range(len(self.rivals)):
            expected = self.expected(index, top)
            sd = self.spread(index)
            if sd == 0.0:
                below = 1.0 if expected <= edge else 0.0
            else:
                z = (edge - expected) / sd
                below = 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
            safe *= 1.0 - below
        return 1.0 - safe

    def cost(self, score: float, top: int | None) -> float:
        """The expected round score of closing with `score` and leaving `top` on the
        discard pile, the doubling included."""
        rules = self.t.rules
        if not can_be_doubled(score, rules):
            return score
        chance = self.doubling_chance(score, top)
        return score + self.fear * chance * (rules.multiplier - 1) * score


Feed = Callable[[int], float]
"""What putting a card on the discard pile costs (the help it gives the next player)."""


def no_feed(card: int) -> float:
    """`ev` does not mind what it hands the next player."""
    return 0.0


def placed(
    t: CompactTable,
    odds: Odds,
    x: int,
    cols: list[float],
    outlook: Outlook | None,
    feed: Feed = no_feed,
) -> tuple[float, int]:
    """The lowest (expected round score, cell) of putting card `x` in the grid of the seat
    to move, plus `feed` of a face-up card it replaces; with `outlook`, its last face-down
    card closes the round."""
    seat = t.current
    base = _CELLS * seat
    cells = t.cells
    total = sum(cols)
    best = (math.inf, -1)
    for k in range(_CELLS):
        old = cells[base + k]
        if old == GONE:
            continue
        cells[base + k] = x
        if outlook is not None and old > GONE:
            score: float = outlook.cost(known_score(cells, base, t.rules.row_clear), old - DOWN)
        else:
            col = k % _COLUMNS
            after = column_score(
                cells[base + col], cells[base + col + 4], cells[base + col + 8], odds
            )
            score = total - cols[col] + after
            if old < GONE:
                score += feed(old)
        cells[base + k] = old
        if score < best[0]:
            best = (score, k)
    return best


def flipped(
    t: CompactTable, odds: Odds, cols: list[float], x: int | None, outlook: Outlook | None
) -> float:
    """The expected round score of throwing the drawn card `x` away (None: not drawn yet)
    and turning a card up; with `outlook`, that card is the last and closes the round."""
    if outlook is None:
        return sum(cols)  # turning a card up changes what we know, not what we expect
    base = _CELLS * t.current
    cells = t.cells
    k = next(i for i in range(base, base + _CELLS) if cells[i] > GONE)
    old = cells[k]
    expected = 0.0
    for value, chance in odds.probs:
        cells[k] = value
        expected += chance * outlook.cost(known_score(cells, base, t.rules.row_clear), x)
    cells[k] = old
    return expected


def decide(
    t: CompactTable,
    odds: Odds,
    flip_bonus: float = 0.0,
    feed: Feed = no_feed,
    fear: float = 1.0,
) -> int:
    """The move code with the lowest expected round score for the seat to move.

    `hard` adds two things `ev` leaves out: `flip_bonus`, the points that throwing a drawn
    card away to turn a card up is worth beyond its expected score now (it learns a card
    and hastens the round; none in a closing move), and `feed`, what each card put on the
    discard pile gives the next player; `fear` scales the doubling a closing move is
    charged (`Outlook`).
    """
    seat = t.current
    source = t.source
    if source == FLIP_OWED:
        return compact.FLIP + flip_cell(t, odds)
    cols, outlook = _frame(t, odds, fear)

    def thrown(x: int | None) -> float:
        return _thrown(t, odds, cols, x, outlook, flip_bonus, feed)

    if source != EMPTY:
        score, cell = placed(t, odds, t.held, cols, outlook, feed)
        if source == FROM_DRAW and t.down[seat] and thrown(t.held) < score:
            return compact.DISCARD
        return compact.SWAP + cell
    if not t.discard:
        return compact.DRAW
    if not t.draw and len(t.discard) < 2:
        return compact.TAKE
    take = placed(t, odds, t.discard[-1], cols, outlook, feed)[0]
    throw = thrown(None) if t.down[seat] else math.inf
    draw = 0.0
    for value, chance in odds.probs:
        keep = placed(t, odds, value, cols, outlook, feed)[0]
        away = throw if outlook is not None else throw + feed(value)
        draw += chance * (keep if keep < away else away)
    return compact.TAKE if take < draw else compact.DRAW


def options(
    t: CompactTable,
    odds: Odds,
    flip_bonus: float = 0.0,
    feed: Feed = no_feed,
    fear: float = 1.0,
) -> list[tuple[float, int]]:
    """(expected round score, move code) of every way to play the card the seat to move
    holds (each cell, and throwing a drawn card away), scored as `decide` scores them; for
    a search that wants more than the best one."""
    seat = t.current
    base = _CELLS * seat
    cols, outlook = _frame(t, odds, fear)
    found: list[tuple[float, int]] = []
    for k in range(_CELLS):
        if t.cells[base + k] == GONE:
            continue
        found.append((_placed_at(t, odds, t.held, cols, outlook, feed, k), compact.SWAP + k))
    if t.source == FROM_DRAW and t.down[seat]:
        thrown = _thrown(t, odds, cols, t.held, outlook, flip_bonus, feed)
        found.append((thrown, compact.DISCARD))
    return found


def _frame(t: CompactTable, odds: Odds, fear: float) -> tuple[list[float], Outlook | None]:
    """The seat to move's expected column scores, and its closing outlook when its next
    flip or placement may close the round (None otherwise)."""
    seat = t.current
    cols = columns(t.cells, _CELLS * seat, odds)
    closing = t.phase == TURN and t.down[seat] == 1 and t.turns < PATIENCE
    return cols, Outlook(t, seat, odds, fear) if closing else None


def _thrown(
    t: CompactTable,
    odds: Odds,
    cols: list[float],
    x: int | None,
    outlook: Outlook | None,
    flip_bonus: float,
    feed: Feed,
) -> float:
    """The expected round score of throwing the drawn card `x` away for a flip (no flip
    bonus in a closing move)."""
    if outlook is not None:
        return flipped(t, odds, cols, x, outlook)
    return sum(cols) - flip_bonus + (0.0 if x is None else feed(x))


def _placed_at(
    t: CompactTable,
    odds: Odds,
    x: int,
    cols: list[float],
    outlook: Outlook | None,
    feed: Feed,
    k: int,
) -> float:
    """`placed`'s score of putting card `x` at cell `k` alone."""
    base = _CELLS * t.current
    cells = t.cells
    old = cells[base + k]
    cells[base + k] = x
    if outlook is not None and old > GONE:
        score: float = outlook.cost(known_score(cells, base, t.rules.row_clear), old - DOWN)
    else:
        col = k % _COLUMNS
        after = column_score(cells[base + col], cells[base + col + 4], cells[base + col + 8], odds)
        score = sum(cols) - cols[col] + after
        if old < GONE:
            score += feed(old)
    cells[base + k] = old
    return score


def flip_cell(t: CompactTable, odds: Odds) -> int:
    """Which face-down card to turn up: every one has the same expected score, so the one
    likeliest to complete a column (a face-up pair above or below it), else the first."""
    base = _CELLS * t.current
    cells = t.cells
    best = -1.0
    choice = -1
    for k in range(_CELLS):
        if cells[base + k] <= GONE:
            continue
        col = k % _COLUMNS
        up = [cells[base + col + r] for r in (0, 4, 8) if r != k - col]
        chance = 0.0
        if up[0] == up[1] and up[0] < GONE:
            chance = odds.chance[up[0]] * max(up[0], 0)
        if chance > best:
            best = chance
            choice = k
    return choice


def odds_of(seen: View) -> Odds:
    """The unseen cards of a view as odds, with the cards still to be seen this round
    estimated from the fewest face-down cards any player has."""
    offers = 0.0
    if seen.phase is Phase.TURN:
        fewest = min(
            sum(1 for row in grid for cell in row if cell is not None and type(cell) is not Card)
            for grid in seen.grids
        )
        offers = OFFERS_PER_CARD * max(0, fewest - 1)
    return Odds(unseen(seen).probabilities(), offers)


class EvBot:
    """Plays the move with the lowest expected round score for itself, one move deep."""

    name = "ev"

    def __init__(self, seed: int = 0) -> None:
        """An expected-value bot; `seed` makes its only random choice (the opening reveals,
        which all have the same expected score)."""
        self.seed = seed

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The legal move with the lowest expected round score."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase is Phase.REVEAL:
            return decision_rng(self.seed, view).choice(list(legal_moves))
        return move_of(decide(table_of(view), odds_of(view)))
