"""What a seat knows about the cards it cannot see, from its view alone.

Every card that is not face down in a grid or in the draw pile is in sight: face up in a
grid, in the discard pile (which a view shows whole), or held. So the unseen cards are the
deck minus everything in sight, exactly, with no memory of earlier turns needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from skyjo_pad.engine import Card, HeldFrom, View
from skyjo_pad.engine.compact import COUNTS, DECK_SIZE, DECK_SUM, VALUES

#: The mean card of a full deck (760 / 150).
DECK_MEAN = DECK_SUM / DECK_SIZE


@dataclass(frozen=True, slots=True)
class Unseen:
    """The multiset of cards a seat cannot see, and how many hidden places they fill."""

    counts: dict[int, int]
    """How many cards of each value are out of sight."""
    places: int
    """How many hidden places there are: face-down cards, the draw pile, a hidden held card."""

    @property
    def total(self) -> int:
        """How many cards are out of sight."""
        return sum(self.counts.values())

    @property
    def mean(self) -> float:
        """The expected value of an unseen card (the deck's mean if none is left).

        >>> Unseen(dict.fromkeys(VALUES, 0) | {12: 1, 0: 1}, 2).mean
        6.0
        """
        total = self.total
        if not total:
            return DECK_MEAN
        return sum(value * count for value, count in self.counts.items()) / total

    def probabilities(self) -> tuple[tuple[int, float], ...]:
        """(value, chance) for every value an unseen card may have."""
        total = self.total
        if not total:
            return tuple((value, count / DECK_SIZE) for value, count in COUNTS.items())
        return tuple((v, c / total) for v, c in self.counts.items() if c)

    def sample(self, rng: Random) -> list[int]:
        """Values for the hidden places, drawn without replacement from the unseen cards.

        When a view holds fewer cards than a whole deck (a hand-made position), the
        missing places are filled from the full deck's proportions.
        """
        pool = [value for value, count in self.counts.items() for _ in range(count)]
        rng.shuffle(pool)
        while len(pool) < self.places:
            pool.append(rng.choice(VALUES_BY_COUNT))
        return pool[: self.places]


#: Every card of the deck once, to draw a value with the deck's proportions.
VALUES_BY_COUNT: tuple[int, ...] = tuple(v for v, c in COUNTS.items() for _ in range(c))


def unseen(seen: View) -> Unseen:
    """The cards out of sight in `seen`.

    >>> from skyjo_pad.engine import new_game, view
    >>> u = unseen(view(new_game(["Ann", "Bob"], seed=1), 0))
    >>> u.total, u.places
    (149, 149)
    """
    counts = dict(COUNTS)
    places = seen.draw_count
    for grid in seen.grids:
        for row in grid:
            for cell in row:
                if type(cell) is Card:
                    counts[cell.value] -= 1
                elif cell is not None:
                    places += 1
    for value in seen.discard:
        counts[value] -= 1
    held = seen.held
    if held is not None and held.source is not HeldFrom.FLIP:
        if held.value is None:
            places += 1
        else:
            counts[held.value] -= 1
    return Unseen({value: max(count, 0) for value, count in counts.items()}, places)


__all__ = ["DECK_MEAN", "VALUES", "Unseen", "unseen"]
