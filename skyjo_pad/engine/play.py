"""The rules of the game played on a `CompactTable`: the legal steps and what each one does.

Steps are move codes (small ints) so that simulations can run millions of them:
`legal_codes(table)` lists the legal ones and `step(table, code)` plays one, in place and
unchecked. The public, checked front door is `moves.legal_moves` / `moves.apply`.

>>> table = new_table(("Ann", "Bob"), Rules(), seed=42)
>>> codes = legal_codes(table)
>>> len(codes), codes[0] == REVEAL_AT
(24, True)
>>> step(table, codes[0])
>>> table.down
[11, 12]
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import new_deck, pick, shuffle
from .compact_table import (
    DOWN,
    EMPTY,
    FINAL,
    FLIP_OWED,
    FROM_DISCARD,
    FROM_DRAW,
    GAME_OVER,
    GONE,
    NOBODY,
    REVEAL,
    ROUND_OVER,
    TURN,
    CompactTable,
)
from .limits import CELLS, COLUMNS, ROUND_TURNS_MAX, ROUNDS_MAX, ROWS
from .rules import Rules
from .scoring import clear_lines, game_over, next_round_starter, score_round

# Move codes: SWAP + cell, FLIP + cell, REVEAL_AT + 12 * seat + cell, and four singles.
# A cell index is 4 * row + column.
SWAP = 0
FLIP = 12
TAKE = 24
DRAW = 25
DISCARD = 26
DEAL = 27
REVEAL_AT = 32

_START = (TAKE, DRAW)
_TAKE_ONLY = (TAKE,)
_DRAW_ONLY = (DRAW,)
_DEAL_ONLY = (DEAL,)
_ALL_SWAPS = tuple(range(SWAP, SWAP + CELLS))
_ALL_SWAPS_OR_DISCARD = (*_ALL_SWAPS, DISCARD)


def new_table(
    players: tuple[str, ...], rules: Rules, seed: int | None, deck: Sequence[int] | None = None
) -> CompactTable:
    """A table with round 1 dealt (unchecked: see `game.new_game` for the checked door)."""
    table = CompactTable(rules, players)
    table.seed = seed
    deal(table, deck)
    return table


def legal_codes(t: CompactTable) -> Sequence[int]:
    """The codes of every legal step in the table's position."""
    source = t.source
    seat = t.current
    if source == EMPTY:
        phase = t.phase
        if phase in (TURN, FINAL):
            if t.draw or len(t.discard) > 1:
                return _START if t.discard else _DRAW_ONLY
            return _TAKE_ONLY if t.discard else ()
        if phase == REVEAL:
            return reveal_codes(t)
        return _DEAL_ONLY if phase == ROUND_OVER else ()
    base = CELLS * seat
    mine = t.cells[base : base + CELLS]
    if source == FLIP_OWED:
        return [FLIP + i for i in range(CELLS) if mine[i] > GONE]
    if GONE not in mine:
        return _ALL_SWAPS_OR_DISCARD if source == FROM_DRAW and t.down[seat] else _ALL_SWAPS
    codes = [SWAP + i for i in range(CELLS) if mine[i] != GONE]
    if source == FROM_DRAW and t.down[seat]:
        codes.append(DISCARD)
    return codes


def reveal_codes(t: CompactTable) -> list[int]:
    """The opening reveals still owed: any face-down card of any seat that owes one."""
    needed = min(t.rules.reveal_count, CELLS)
    cells = t.cells
    return [
        REVEAL_AT + k
        for seat in range(t.n)
        if CELLS - t.down[seat] < needed
        for k in range(CELLS * seat, CELLS * seat + CELLS)
        if cells[k] > GONE
    ]


def step(t: CompactTable, code: int) -> None:
    """Play the step `code`, which must be legal (see `legal_codes`)."""
    if code < FLIP:
        swap(t, code - SWAP)
    elif code < TAKE:
        flip(t, code - FLIP)
    elif code == TAKE:
        take_discard(t)
    elif code == DRAW:
        draw(t)
    elif code == DISCARD:
        discard(t)
    elif code == DEAL:
        deal(t)
    else:
        seat, cell = divmod(code - REVEAL_AT, CELLS)
        reveal(t, seat, cell)


def take_discard(t: CompactTable) -> None:
    """Take the top discard card into the hand."""
    t.held = t.discard.pop()
    t.source = FROM_DISCARD


def draw(t: CompactTable) -> None:
    """Draw the top card, reshuffling the discard pile (but its top card) first if needed."""
    if not t.draw:
        reshuffle(t)
    t.held = t.draw.pop()
    t.source = FROM_DRAW


def reshuffle(t: CompactTable) -> None:
    """Shuffle the discard pile but its top card into a new draw pile, with the seed."""
    top = t.discard.pop()
    order, t.seed = shuffle(t.discard[::-1], t.seed)
    order.reverse()
    t.draw = order
    t.discard = [top]


def discard(t: CompactTable) -> None:
    """Put the drawn card on the discard pile; a flip is now owed."""
    t.discard.append(t.held)
    t.source = FLIP_OWED


def swap(t: CompactTable, cell: int) -> None:
    """Put the held card at `cell`; the card replaced goes face up onto the discard pile."""
    seat = t.current
    k = CELLS * seat + cell
    cells = t.cells
    old = cells[k]
    cells[k] = t.held
    t.source = EMPTY
    if old > GONE:
        old -= DOWN
        t.down[seat] -= 1
    t.discard.append(old)
    clear_line(t, seat, cell)
    end_turn(t, seat)


def flip(t: CompactTable, cell: int) -> None:
    """Turn up the face-down card at `cell`, ending the turn."""
    seat = t.current
    t.cells[CELLS * seat + cell] -= DOWN
    t.down[seat] -= 1
    t.source = EMPTY
    clear_line(t, seat, cell)
    end_turn(t, seat)


def clear_line(t: CompactTable, seat: int, cell: int) -> None:
    """The column rule (and the row rule, if on) for the lines through a card just placed.

    Only those lines can have become complete; a card that completes its column and its
    row at once removes both (six cards, all of its value). What went is noted in
    `t.cleared` as (what, index, value): (0, the column), (1, the row) or (2, the cell
    where the two cross), for `reasons.outcome`.
    """
    cells = t.cells
    base = CELLS * seat
    value = cells[base + cell]
    top = base + cell % COLUMNS
    start = base + cell - cell % COLUMNS
    column = value == cells[top] == cells[top + COLUMNS] == cells[top + 2 * COLUMNS]
    row = t.rules.row_clear and value == cells[start] == cells[start + 1] == cells[start + 2]
    row = row and value == cells[start + 3]
    if value >= GONE:  # not a card face up (never so for a card just placed)
        return
    if column:
        cells[top] = cells[top + COLUMNS] = cells[top + 2 * COLUMNS] = GONE
        t.discard += (value, value, value)
        t.cleared = (0, cell % COLUMNS, value)
    if row:
        cells[start : start + COLUMNS] = (GONE,) * COLUMNS
        t.discard += (value,) * (COLUMNS - 1 if column else COLUMNS)
        t.cleared = (2, cell, value) if column else (1, cell // COLUMNS, value)


def end_turn(t: CompactTable, seat: int) -> None:
    """Count the turn, note a closer, end the round or pass to the next seat."""
    t.turns += 1
    if t.phase == TURN and not t.down[seat]:
        t.closer = seat
        t.phase = FINAL
    stall = t.rules.stall_turns
    if t.turns >= ROUND_TURNS_MAX or (stall is not None and t.turns >= stall):
        t.closer = NOBODY
        finish_round(t)
        return
    following = seat + 1
    if following == t.n:
        following = 0
    if following == t.closer:
        finish_round(t)
    else:
        t.current = following


def finish_round(t: CompactTable) -> None:
    """Turn every card up, apply the column rule again, score the round and add it up."""
    rules = t.rules
    raw: list[int] = []
    for seat in range(t.n):
        raw.append(final_reveal(t, seat))
    result = score_round(raw, None if t.closer == NOBODY else t.closer, rules)
    t.totals = [total + score for total, score in zip(t.totals, result.final, strict=True)]
    t.source = EMPTY
    if game_over(t.totals, rules) or t.round >= ROUNDS_MAX:
        t.phase = GAME_OVER
        t.current = NOBODY
        return
    t.phase = ROUND_OVER
    starter = next_round_starter(result, rules.next_starter)
    t.current = NOBODY if starter is None else starter


def final_reveal(t: CompactTable, seat: int) -> int:
    """Turn up the seat's cards, remove complete lines onto the discard; its raw score."""
    cells = t.cells
    base = CELLS * seat
    for k in range(base, base + CELLS):
        if cells[k] > GONE:
            cells[k] -= DOWN
    t.down[seat] = 0
    grid = tuple(
        tuple(None if code == GONE else code for code in cells[start : start + COLUMNS])
        for start in range(base, base + CELLS, COLUMNS)
    )
    _, score = clear_lines(grid, t.rules.row_clear)
    gone = [base + row * COLUMNS + col for col in score.removed_columns for row in range(ROWS)]
    gone += [
        base + row * COLUMNS + col
        for row in score.removed_rows
        for col in range(COLUMNS)
        if col not in score.removed_columns  # a card where a row and a column cross goes once
    ]
    for k in gone:
        t.discard.append(cells[k])
        cells[k] = GONE
    return score.raw


def reveal(t: CompactTable, seat: int, cell: int) -> None:
    """An opening reveal; after the last one, the starter begins the turns."""
    t.cells[CELLS * seat + cell] -= DOWN
    t.down[seat] -= 1
    clear_line(t, seat, cell)
    owing = first_owing(t)
    if owing == NOBODY:
        start_turns(t)
    else:
        t.current = owing


def first_owing(t: CompactTable) -> int:
    """The lowest seat that still owes opening reveals, or NOBODY."""
    needed = min(t.rules.reveal_count, CELLS)
    for seat in range(t.n):
        if CELLS - t.down[seat] < needed:
            return seat
    return NOBODY


def start_turns(t: CompactTable) -> None:
    """End the reveals: the fixed starter, or the highest reveal, takes the first turn."""
    t.phase = TURN
    t.current = t.starter if t.starter != NOBODY else highest_reveal(t)


def highest_reveal(t: CompactTable) -> int:
    """The seat whose face-up cards add up highest, with the `first_tiebreak` rule."""
    ups = []
    for seat in range(t.n):
        base = CELLS * seat
        ups.append([code for code in t.cells[base : base + CELLS] if code < GONE])
    _, tied = highest_sum(ups)
    chosen = break_tie(ups, tied, t.rules.first_tiebreak)
    if chosen is None:
        index, t.seed = pick(len(tied), t.seed)
        return tied[index]
    return chosen


def highest_sum(ups: Sequence[Sequence[int]]) -> tuple[int, tuple[int, ...]]:
    """The highest sum of face-up cards, and the seats that have it.

    >>> highest_sum([[5, 3], [9, -1], [2, 2]])
    (8, (0, 1))
    """
    sums = [sum(up) for up in ups]
    best = max(sums)
    return best, tuple(seat for seat, total in enumerate(sums) if total == best)


def break_tie(ups: Sequence[Sequence[int]], tied: Sequence[int], tiebreak: str) -> int | None:
    """The seat a `first_tiebreak` rule picks among `tied` (None: it is drawn by lot).

    >>> ups = [[5, 3], [9, -1]]
    >>> break_tie(ups, (0, 1), "highest_card"), break_tie(ups, (0, 1), "seat")
    (1, 0)
    """
    if len(tied) == 1 or tiebreak == "seat":
        return tied[0]
    if tiebreak == "random":
        return None
    top = max(max(ups[seat], default=-99) for seat in tied)
    return next(seat for seat in tied if max(ups[seat], default=-99) == top)


def deal(t: CompactTable, deck: Sequence[int] | None = None) -> None:
    """Deal a round from `deck` (top first) or from a fresh deck shuffled with the seed.

    Seat 0 gets the first 12 cards row by row, seat 1 the next 12, and so on; the next
    card starts the discard pile and the rest, in order, is the draw pile.
    """
    if deck is None:
        order, t.seed = shuffle(new_deck(), t.seed)
    else:
        order = list(deck)
    dealt = CELLS * t.n
    t.cells = [value + DOWN for value in order[:dealt]]
    t.down = [CELLS] * t.n
    t.discard = [order[dealt]]
    t.draw = order[:dealt:-1]
    t.starter = NOBODY if t.rules.next_starter == "highest_reveal" else t.current
    t.round += 1
    t.closer = NOBODY
    t.turns = 0
    t.source = EMPTY
    t.phase = REVEAL
    t.current = first_owing(t)
    if t.current == NOBODY:
        start_turns(t)
