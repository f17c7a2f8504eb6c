"""Random playouts over thousands of seeded games, checking invariants at every step.

The fast half plays on compact tables (as simulations do); the thorough half plays
through the public API and checks legality both ways, the notation and the views.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from engine_helpers import deck_counter, position_cards, table_cards

from skyjo_pad.engine import (
    Deal,
    Discard,
    Draw,
    Flip,
    HeldFrom,
    IllegalMove,
    Move,
    Phase,
    Position,
    Reveal,
    Rules,
    Swap,
    TakeDiscard,
    apply,
    legal_moves,
    new_game,
    play,
    position_from_json,
    position_to_json,
    round_result,
    view,
    view_to_json,
)
from skyjo_pad.engine.cards import DECK_SIZE, DECK_SUM
from skyjo_pad.engine.compact_table import (
    DOWN,
    FINAL,
    FROM_DISCARD,
    FROM_DRAW,
    GAME_OVER,
    GONE,
    NOBODY,
    ROUND_OVER,
    TURN,
    CompactTable,
)
from skyjo_pad.engine.moves import code_of, why_illegal

RULE_SETS: list[dict[str, Any]] = [
    {},
    {"row_clear": True},
    {"reveal_count": 0, "next_starter": "round_winner"},
    {"reveal_count": 4, "first_tiebreak": "random", "next_starter": "highest_reveal"},
    {"first_tiebreak": "seat", "multiplier": 3, "tie_doubles": False},
    {"stall_turns": 25, "double_only_positive": False, "target": 60},
    {"reveal_count": 12, "target": 50},
    {"max_players": 12},
]
MAX_STEPS = 50_000


def game_setup(seed: int) -> tuple[list[str], Rules]:
    """Players and rules for the seeded game: 2 to 8 players, or up to 12 when allowed."""
    rules = Rules.from_dict(RULE_SETS[seed % len(RULE_SETS)])
    rng = random.Random(seed)
    count = rng.randint(2, rules.max_players) if seed % 3 else 2
    return [f"P{i}" for i in range(count)], rules


def check_table(t: CompactTable) -> None:
    """Cheap invariants, checked after every step of the fast playouts: each seat's count
    of face-down cards, and the 150 cards (their number and their sum) all on the table.

    Counted from the codes without decoding a card (`table_cards`, which `check_round_end`
    uses, is ten times slower): a cell is its value, plus `DOWN` face down, or `GONE`."""
    cells = t.cells
    downs = [sum(map(GONE.__lt__, cells[base : base + 12])) for base in range(0, 12 * t.n, 12)]
    assert t.down == downs
    gone = cells.count(GONE)
    held = t.source in (FROM_DRAW, FROM_DISCARD)
    assert len(cells) - gone + len(t.draw) + len(t.discard) + held == DECK_SIZE
    in_grids = sum(cells) - GONE * gone - DOWN * sum(downs)
    assert in_grids + sum(t.draw) + sum(t.discard) + held * t.held == DECK_SUM
    if t.phase == TURN:
        assert t.closer == NOBODY
    if t.phase == FINAL:
        assert t.closer != NOBODY and t.down[t.closer] == 0 and t.current != t.closer


def check_round_end(t: CompactTable, before: list[int]) -> None:
    """At a round's end: no face-down card, the round's scores added to the totals."""
    assert Counter(table_cards(t)) == deck_counter()
    assert not any(t.down) and all(code < GONE or code == GONE for code in t.cells)
    result = round_result(t.to_position())
    assert result is not None
    assert [b + f for b, f in zip(before, result.final, strict=True)] == t.totals
    assert result.closer == (None if t.closer == NOBODY else t.closer)


@pytest.mark.parametrize("block", range(4))
def test_fast_playouts(block: int) -> None:
    """3,000 seeded games on compact tables: cards accounted for, every game ends."""
    for seed in range(block * 750, block * 750 + 750):
        players, rules = game_setup(seed)
        t = play.new_table(tuple(players), rules, seed)
        rng = random.Random(seed)
        before = list(t.totals)
        for _ in range(MAX_STEPS):
            codes = play.legal_codes(t)
            assert codes, "a position with no legal move before the game is over"
            ended_before = t.phase in (ROUND_OVER, GAME_OVER)
            play.step(t, rng.choice(codes))
            check_table(t)
            if t.phase in (ROUND_OVER, GAME_OVER) and not ended_before:
                check_round_end(t, before)
                before = list(t.totals)
            if t.phase == GAME_OVER:
                break
        assert t.phase == GAME_OVER, f"game {seed} did not end"
        assert max(t.totals) >= rules.target


def candidates(position: Position) -> list[Move]:
    """Every move worth trying: all legal ones and many that are not."""
    cells = [(r, c) for r in range(3) for c in range(4)] + [(3, 0), (0, -1)]
    moves: list[Move] = [TakeDiscard(), Draw(), Discard(), Deal(), Deal((0,) * 150)]
    moves += [Swap(cell) for cell in cells] + [Flip(cell) for cell in cells]
    moves += [Reveal(seat, cell) for seat in range(len(position.players) + 1) for cell in cells]
    return moves


def check_view(position: Position, seat: int | None) -> None:
    """No view holds a face-down value, the draw pile, the seed or someone's drawn card."""
    data = view_to_json(view(position, seat))
    assert "draw" not in data and "seed" not in data
    assert data["draw_count"] == len(position.draw)
    for grid, seen in zip(position.grids, data["grids"], strict=True):
        for row, seen_row in zip(grid, seen, strict=True):
            for card, token in zip(row, seen_row, strict=True):
                if card is not None and not card.face_up:
                    assert token == "?"
                else:
                    assert token != "?"
    held = position.held
    if held is not None and held.source is HeldFrom.DRAW and seat != position.current:
        assert data["held"] == {"value": None, "from": "draw"}


def check_api_step(position: Position, rng: random.Random) -> Move:
    """Legal moves accepted and the rest refused, unchanged input; returns the move chosen."""
    legal = legal_moves(position)
    table = CompactTable.from_position(position)
    for move in candidates(position):
        assert (why_illegal(table, move) is None) == (move in legal), move
    snapshot = position_to_json(position)
    illegal = [m for m in candidates(position) if m not in legal]
    with pytest.raises(IllegalMove):
        apply(position, rng.choice(illegal))
    assert position_to_json(position) == snapshot
    return rng.choice(legal)


@pytest.mark.parametrize("block", range(3))
def test_api_playouts(block: int) -> None:
    """60 games through the public API: legality, round trips, views, tables that agree."""
    for seed in range(block * 20, block * 20 + 20):
        players, rules = game_setup(seed)
        rng = random.Random(seed)
        position = new_game(players, rules, seed=seed)
        twin = CompactTable.from_position(position)
        for _ in range(MAX_STEPS):
            thorough = rng.random() < 0.3
            move = check_api_step(position, rng) if thorough else rng.choice(legal_moves(position))
            position = apply(position, move)
            if isinstance(move, Deal):
                play.deal(twin, move.deck)
            else:
                play.step(twin, code_of(move))
            assert twin.to_position() == position
            assert Counter(position_cards(position)) == deck_counter()
            text = json.dumps(position_to_json(position))
            assert position_from_json(json.loads(text)) == position
            if thorough:
                for seat in [None, *range(len(players))]:
                    check_view(position, seat)
            if position.phase is Phase.GAME_OVER:
                break
        assert position.phase is Phase.GAME_OVER


def test_cells_are_encoded_apart() -> None:
    # Face-up codes sit below GONE and face-down ones above it: the engine relies on it.
    assert 12 < GONE < DOWN - 2
