"""Helpers for the engine tests: counting every card of a position or a table."""

from __future__ import annotations

from collections import Counter

from skyjo_pad.engine.compact_table import DOWN, FROM_DISCARD, FROM_DRAW, GONE, CompactTable
from skyjo_pad.engine.state import HeldFrom, Position


def position_cards(position: Position) -> list[int]:
    """Every card value in the position: grids, piles and a held card."""
    cards = [c.value for grid in position.grids for row in grid for c in row if c is not None]
    cards += [*position.draw, *position.discard]
    held = position.held
    if held is not None and held.source is not HeldFrom.FLIP:
        assert held.value is not None
        cards.append(held.value)
    return cards


def table_cards(table: CompactTable) -> list[int]:
    """Every card value on a compact table."""
    cards = [code - DOWN if code > GONE else code for code in table.cells if code != GONE]
    cards += [*table.draw, *table.discard]
    if table.source in (FROM_DRAW, FROM_DISCARD):
        cards.append(table.held)
    return cards


def deck_counter() -> Counter[int]:
    """How many of each value the full deck holds."""
    from skyjo_pad.engine.cards import COUNTS

    return Counter(COUNTS)
