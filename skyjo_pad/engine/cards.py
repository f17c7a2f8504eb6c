"""The deck: card values, how many of each, a fresh deck and a seeded shuffle."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from random import Random

#: How many cards of each value the deck holds.
COUNTS: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{value: 10 for value in range(1, 13)}}
#: The card values, lowest first.
VALUES: tuple[int, ...] = tuple(COUNTS)
DECK_SIZE = 150
DECK_SUM = 760
#: Seeds the engine makes for itself from a seed below 2**53 stay below 2**53.
SEED_BITS = 53
#: A secret deal's seed is 2**128 plus 128 random bits (too many to search for from the
#: cards anyone sees); every shuffle made from such a wide seed hands on another one.
SECRET_SEED_BITS = 128


def new_deck() -> tuple[int, ...]:
    """The 150 cards in value order, lowest first.

    >>> deck = new_deck()
    >>> len(deck), sum(deck), deck[:6]
    (150, 760, (-2, -2, -2, -2, -2, -1))
    """
    return tuple(value for value, count in COUNTS.items() for _ in range(count))


def shuffle(cards: Sequence[int], seed: int | None) -> tuple[list[int], int]:
    """Shuffle `cards` with `seed` (None counts as 0); return them and the next seed.

    The same cards and seed always give the same order, and every shuffle hands on a
    fresh seed for the next one.

    >>> shuffle([1, 2, 3], 7) == shuffle([1, 2, 3], 7)
    True
    """
    rng = Random(0 if seed is None else seed)
    order = list(cards)
    rng.shuffle(order)
    return order, _next_seed(rng, seed)


def pick(count: int, seed: int | None) -> tuple[int, int]:
    """A seeded choice of an index below `count`, and the next seed."""
    rng = Random(0 if seed is None else seed)
    return rng.randrange(count), _next_seed(rng, seed)


def is_wide(seed: int | None) -> bool:
    """Whether `seed` is a wide (secret-deal) seed: 2**53 or more.

    >>> is_wide(42), is_wide(2**128 + 5)
    (False, True)
    """
    return seed is not None and seed >= 1 << SEED_BITS


def _next_seed(rng: Random, seed: int | None) -> int:
    """The seed handed on: as wide as the one used (a narrow seed's chain is unchanged,
    so every record made before wide seeds replays the same)."""
    if is_wide(seed):
        return (1 << SECRET_SEED_BITS) | rng.getrandbits(SECRET_SEED_BITS)
    return rng.getrandbits(SEED_BITS)


def is_card(value: object) -> bool:
    """Whether `value` is a card value: a whole number from -2 to 12 (not a bool)."""
    return type(value) is int and -2 <= value <= 12


def excess(cards: Iterable[int]) -> tuple[int, int] | None:
    """The first value held more often than the deck has it, with its count, or None."""
    for value, count in sorted(Counter(cards).items()):
        if count > COUNTS.get(value, 0):
            return value, count
    return None


def deck_problem(deck: Sequence[object]) -> str | None:
    """Why `deck` is not the 150 cards of a game in some order, or None if it is."""
    if len(deck) != DECK_SIZE:
        return f"a deck has {DECK_SIZE} cards, not {len(deck)}"
    for card in deck:
        if not is_card(card):
            return f"{card!r} is not a card: cards go from -2 to 12"
    counts = Counter(deck)
    for value, wanted in COUNTS.items():
        if counts[value] != wanted:
            return f"the deck has {counts[value]} cards of {value}; it must have {wanted}"
    return None
