"""The fast heuristic player: medium's judgement, and how hard reads the next player.

It acts on an engine `CompactTable` for the seat to move and returns a move code
(`compact.legal_codes`). It reads only what that seat may know: face-up cards, the discard
pile and its own held card. A face-down card counts as the mean of the unseen cards
(`Belief.mean`), whatever value the table holds there, so it plays a view's table
(placeholders in the hidden places) without peeking.

Its judgement, in short:
- a card's worth at a cell is the points it saves there: the card it replaces (or the
  unseen mean for a face-down one) minus itself, plus the column it completes, plus a
  little for a pair it starts in a column (less as the round nears its end), minus the
  pair it breaks;
- take the discard only if placing it beats the expected worth of a blind draw
  (counting that a poor draw can be thrown away for a flip);
- a card put on the discard pile is worth something to the next player: avoid feeding them;
- close (turn up your last card) only when your score is likely the lowest: otherwise the
  expected doubling is charged to the move.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from skyjo_pad.engine import can_be_doubled, compact
from skyjo_pad.engine.compact import EMPTY, FLIP_OWED, FROM_DRAW, GONE, TURN, VALUES, CompactTable

INF = float("inf")
_ROWS = ((0, 4, 8), (4, 0, 8), (8, 0, 4))
"""For each row of a column: the cell's offset and the offsets of the two others."""


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs of the heuristic player (points, unless said otherwise)."""

    pair_hidden: float = 0.4
    """Worth of a pair started in a column whose third card is face down, per point of it."""
    pair_up: float = 0.15
    """Same, when the third card is face up (it must be replaced to complete the column)."""
    pair_supply: float = 0.0
    """If set, a pair's worth follows how many cards of its value are still out of sight
    (1 for an average supply), capped at this factor."""
    pair_horizon: int = 4
    """Pairs lose worth once somebody has fewer face-down cards than this (the end nears)."""
    down_bonus: float = 0.0
    """Extra worth of swapping into a face-down card while the round is young (negative:
    an unseen card is worth less than the mean while there is time to see and fix it)."""
    flip_value: float = 0.0
    """Worth of throwing a drawn card away to turn up a face-down card (information), while
    the round is young (it fades like pairs)."""
    take_margin: float = 0.0
    """Take the discard only if it beats the expected blind draw by this."""
    feed: float = 0.3
    """How much of the next player's gain from the card we discard counts against us."""
    close_gap: float = 2.0
    """Closing is a coin flip when our score is this far below the best rival's estimate."""
    close_spread: float = 8.0
    """The width of the range where closing goes from sure doubling to safe."""
    rival_improve: float = 0.6
    """The share of their worst card's excess that a rival is expected to win back in the
    last turn."""


class Belief:
    """What the player thinks of the cards out of sight, ready for quick sums."""

    __slots__ = ("below", "chance", "mean", "memo", "probs", "weighted")

    def __init__(self, probs: Sequence[tuple[int, float]]) -> None:
        """A belief from the (value, chance) of the next unseen card."""
        self.probs = tuple(probs)
        """(value, chance) for each value that may come."""
        self.mean = sum(value * chance for value, chance in self.probs)
        """The expected value of an unseen card."""
        self.chance = dict.fromkeys(VALUES, 0.0)
        """The chance of each value."""
        self.chance.update(self.probs)
        self.memo: dict[tuple[int, float], Pairs] = {}
        below = 0.0
        weighted = 0.0
        self.below: list[float] = []
        """below[v + 2]: the chance of a card of v or less."""
        self.weighted: list[float] = []
        """weighted[v + 2]: the sum of value × chance over the cards of v or less."""
        for value in VALUES:
            below += self.chance[value]
            weighted += value * self.chance[value]
            self.below.append(below)
            self.weighted.append(weighted)

    def pairs(self, style: Style, fade: float) -> Pairs:
        """The pair worths of `pair_weights`, remembered for each style and fade."""
        key = (id(style), fade)
        found = self.memo.get(key)
        if found is None:
            hidden: list[float] = []
            up: list[float] = []
            for value in VALUES:
                worth = value * fade if value > 0 else 0.0
                if style.pair_supply:
                    worth *= min(style.pair_supply, self.chance[value] * 15.0)
                hidden.append(style.pair_hidden * worth)
                up.append(style.pair_up * worth)
            found = self.memo[key] = (hidden, up)
        return found

    def shortfall(self, level: float) -> float:
        """The expected amount by which the next unseen card falls below `level`.

        >>> Belief([(0, 0.5), (10, 0.5)]).shortfall(4.0)
        2.0
        """
        j = math.floor(level)
        if j < -2:
            return 0.0
        if j > 12:
            return level - self.mean
        return level * self.below[j + 2] - self.weighted[j + 2]


Pairs = tuple[list[float], list[float]]
"""Per card value v (at index v + 2): a pair's worth with its third card face down, and
with it face up."""

Summary = tuple[float, dict[int, float]]
"""A grid summed up for quick questions: the best worth of a cell before the card placed
is subtracted, and the same for the values that do something special in some column."""


def act(t: CompactTable, belief: Belief, style: Style) -> int:
    """The move code the seat to move plays (outside the reveal phase)."""
    source = t.source
    if source == EMPTY:
        return start(t, belief, style)
    if source == FLIP_OWED:
        return compact.FLIP + flip_cell(t, belief)
    return place(t, belief, style)


def youth(t: CompactTable, style: Style) -> float:
    """How young the round is, from 1 down to 0: it fades once somebody has fewer than
    `pair_horizon` face-down cards, and is 0 in the final turns."""
    if t.phase != TURN:
        return 0.0
    soon = min(t.down)
    return 1.0 if soon >= style.pair_horizon else soon / style.pair_horizon


def pair_weights(t: CompactTable, belief: Belief, style: Style) -> Pairs:
    """What a pair of each value is worth now, with its third card face down and face up:
    nothing in the final turns, fading as someone nears closing, and (with `pair_supply`)
    scaled by how many cards of that value are still out of sight."""
    return belief.pairs(style, youth(t, style))


def _held(
    cells: Sequence[int], base: int, mean: float, weights: Pairs, bonus: float
) -> Iterator[tuple[int, int, int, float]]:
    """(cell, the two other cards of its column, what the cell holds now) for every cell of
    the grid starting at `base` still in play: a face-up card less the pair it is part of,
    a face-down one at the unseen `mean` plus `bonus` for turning it up."""
    wh, wu = weights
    for col in range(4):
        k = base + col
        for at, o1, o2 in _ROWS:
            cell = cells[k + at]
            if cell == GONE:
                continue
            a = cells[k + o1]
            b = cells[k + o2]
            if cell < GONE:
                old: float = cell
                if cell == a:
                    old -= wh[cell + 2] if b > GONE else wu[cell + 2] if b < GONE else 0.0
                elif cell == b:
                    old -= wh[cell + 2] if a > GONE else wu[cell + 2] if a < GONE else 0.0
            else:
                old = mean + bonus
            yield col + at, a, b, old


def cell_gains(
    cells: Sequence[int], base: int, x: int, mean: float, weights: Pairs, bonus: float
) -> list[tuple[float, int]]:
    """(points saved, cell) for card `x` at every cell of the grid starting at `base`."""
    wh, wu = weights
    out: list[tuple[float, int]] = []
    for where, a, b, old in _held(cells, base, mean, weights, bonus):
        if a == x:
            if b == x:
                gain = old + 2 * x
            else:
                gain = old - x + (wh[x + 2] if b > GONE else wu[x + 2] if b < GONE else 0.0)
        elif b == x:
            gain = old - x + (wh[x + 2] if a > GONE else wu[x + 2] if a < GONE else 0.0)
        else:
            gain = old - x
        out.append((gain, where))
    return out


def summarize(
    cells: Sequence[int], base: int, mean: float, weights: Pairs, bonus: float
) -> Summary:
    """The grid summed up so that `best_gain` answers for any card in constant time."""
    wh, wu = weights
    top = -INF
    special: dict[int, float] = {}
    for _, a, b, old in _held(cells, base, mean, weights, bonus):
        if old > top:
            top = old
        if a < GONE:
            if a == b:
                s = old + 3 * a
            else:
                s = old + (wh[a + 2] if b > GONE else wu[a + 2] if b < GONE else 0.0)
            if s > special.get(a, -INF):
                special[a] = s
        if b < GONE and b != a:
            s = old + (wh[b + 2] if a > GONE else wu[b + 2] if a < GONE else 0.0)
            if s > special.get(b, -INF):
                special[b] = s
    return top, special


def best_gain(summary: Summary, x: int) -> float:
    """The most points card `x` can save anywhere in the summed-up grid."""
    top, special = summary
    s = special.get(x, -INF)
    return (s if s > top else top) - x


def draw_worth(summary: Summary, belief: Belief, can_flip: bool, flip: float = 0.0) -> float:
    """The expected points saved by a blind draw: placed well, or thrown away for a flip
    worth `flip`."""
    top, special = summary
    chance = belief.chance
    if not can_flip:
        worth = top - belief.mean
        for value, s in special.items():
            if s > top:
                worth += chance[value] * (s - top)
        return worth
    worth = flip + belief.shortfall(top - flip)
    for value, s in special.items():
        if s > top:
            p = chance[value]
            if p:
                better = s - value
                plain = top - value
                worth += p * (
                    (better if better > flip else flip) - (plain if plain > flip else flip)
                )
    return worth


def up_sum(cells: Sequence[int], base: int) -> int:
    """The sum of the face-up cards of the grid starting at `base`."""
    return sum(code for code in cells[base : base + 12] if code < GONE)


def rival_floor(t: CompactTable, seat: int, mean: float, style: Style) -> float:
    """The lowest score a rival of `seat` is expected to end the round with."""
    low = INF
    cells = t.cells
    for rival in range(t.n):
        if rival == seat:
            continue
        base = 12 * rival
        score = 0.0
        worst = -INF
        for code in cells[base : base + 12]:
            if code < GONE:
                score += code
                if code > worst:
                    worst = code
            elif code > GONE:
                score += mean
                if mean > worst:
                    worst = mean
        if rival != t.closer and worst > mean:
            score -= style.rival_improve * (worst - mean)
        if score < low:
            low = score
    return low


def close_cost(t: CompactTable, seat: int, mine: float, mean: float, style: Style) -> float:
    """The expected points lost to the closer penalty if `seat` closes with `mine`."""
    rules = t.rules
    if not can_be_doubled(mine, rules):
        return 0.0
    gap = rival_floor(t, seat, mean, style) - mine
    doubled = 0.5 - (gap - style.close_gap) / style.close_spread
    if doubled <= 0.0:
        return 0.0
    if doubled > 1.0:
        doubled = 1.0
    return doubled * (rules.multiplier - 1) * mine


def next_player(t: CompactTable, belief: Belief, style: Style) -> tuple[Summary, float] | None:
    """The next player's grid summed up and their blind draw's worth, if a card we put on
    the discard pile now would reach them."""
    nxt = t.current + 1
    if nxt == t.n:
        nxt = 0
    if nxt == t.closer:
        return None
    summary = summarize(
        t.cells,
        12 * nxt,
        belief.mean,
        pair_weights(t, belief, style),
        style.down_bonus * youth(t, style),
    )
    return summary, draw_worth(summary, belief, t.down[nxt] > 0)


def fed(nxt: tuple[Summary, float], x: int) -> float:
    """How much card `x` on the discard pile helps the next player beyond a blind draw."""
    gain = best_gain(nxt[0], x) - nxt[1]
    return gain if gain > 0.0 else 0.0


def options(t: CompactTable, belief: Belief, style: Style) -> list[tuple[float, int]]:
    """(worth, move code) of every way to place the held card (and of discarding a draw)."""
    seat = t.current
    base = 12 * seat
    cells = t.cells
    x = t.held
    mean = belief.mean
    bonus = style.down_bonus * youth(t, style) if style.down_bonus else 0.0
    gains = cell_gains(cells, base, x, mean, pair_weights(t, belief, style), bonus)
    closing = t.phase == TURN and t.down[seat] == 1
    nxt = next_player(t, belief, style) if style.feed else None
    found: list[tuple[float, int]] = []
    for gain, k in gains:
        code = cells[base + k]
        if nxt is not None and code < GONE:
            gain -= style.feed * fed(nxt, code)
        if closing and code > GONE:
            col = k % 4
            others = [cells[base + col + r] for r in (0, 4, 8) if r != k - col]
            mine = up_sum(cells, base) + (-2 * x if others == [x, x] else x)
            gain -= close_cost(t, seat, mine, mean, style)
        found.append((gain, compact.SWAP + k))
    if t.source == FROM_DRAW and t.down[seat]:
        gain = style.flip_value * youth(t, style) if style.flip_value else 0.0
        if nxt is not None:
            gain -= style.feed * fed(nxt, x)
        if closing:
            gain -= close_cost(t, seat, up_sum(cells, base) + mean, mean, style)
        found.append((gain, compact.DISCARD))
    return found


def place(t: CompactTable, belief: Belief, style: Style) -> int:
    """Where to put the held card, or whether to throw a drawn card away."""
    best = -INF
    choice = compact.SWAP
    for gain, code in options(t, belief, style):
        if gain > best:
            best = gain
            choice = code
    return choice


def start(t: CompactTable, belief: Belief, style: Style) -> int:
    """Take the discard or draw."""
    if not t.discard:
        return compact.DRAW
    if not t.draw and len(t.discard) < 2:
        return compact.TAKE
    seat = t.current
    base = 12 * seat
    cells = t.cells
    mean = belief.mean
    x = t.discard[-1]
    weights = pair_weights(t, belief, style)
    bonus = style.down_bonus * youth(t, style) if style.down_bonus else 0.0
    summary = summarize(cells, base, mean, weights, bonus)
    if t.phase == TURN and t.down[seat] == 1:
        take = -INF
        for gain, k in cell_gains(cells, base, x, mean, weights, bonus):
            if cells[base + k] > GONE:
                col = k % 4
                others = [cells[base + col + r] for r in (0, 4, 8) if r != k - col]
                mine = up_sum(cells, base) + (-2 * x if others == [x, x] else x)
                gain -= close_cost(t, seat, mine, mean, style)
            if gain > take:
                take = gain
    else:
        take = best_gain(summary, x)
    flip = style.flip_value * youth(t, style) if style.flip_value else 0.0
    blind = draw_worth(summary, belief, t.down[seat] > 0, flip)
    return compact.TAKE if take > blind + style.take_margin else compact.DRAW


def flip_cell(t: CompactTable, belief: Belief) -> int:
    """Which face-down card to turn up: one that may complete a pair, else a hidden column."""
    base = 12 * t.current
    cells = t.cells
    best = -INF
    choice = -1
    for col in range(4):
        k = base + col
        for at, o1, o2 in _ROWS:
            if cells[k + at] <= GONE:
                continue
            a = cells[k + o1]
            b = cells[k + o2]
            if a == b and a < GONE:
                score = 100.0 + a if a > 0 else -100.0
            else:
                score = (a > GONE) + (b > GONE) + (0.5 if a < GONE and b < GONE else 0.0)
            if score > best:
                best = score
                choice = col + at
    return choice
