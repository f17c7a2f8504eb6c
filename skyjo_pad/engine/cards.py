"""The deck: card values, how many of each, a fresh deck and a seeded shuffle."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from random import Random

from .limits import SECRET_SEED_BITS

#: How many cards of each value the deck holds.
COUNTS: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{value: 10 for value in range(1, 13)}}
#: The card values, lowest first.
VALUES: tuple[int, ...] = tuple(COUNTS)
DECK_SIZE = 150
DECK_SUM = 760
#: Seeds the engine makes for itself from a seed below 2**53 stay below 2**53.
SEED_BITS = 53
#: A wide seed (a secret deal's, `limits.SECRET_SEED_BITS`) shuffles with a cryptographic
#: stream (`HashRandom`) and hands on another wide seed.


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
    rng = _generator(seed)
    order = list(cards)
    rng.shuffle(order)
    return order, _next_seed(rng, seed)


def pick(count: int, seed: int | None) -> tuple[int, int]:
    """A seeded choice of an index below `count`, and the next seed."""
    rng = _generator(seed)
    return rng.randrange(count), _next_seed(rng, seed)


class HashRandom(Random):
    """Random numbers from a wide seed by SHAKE-256 in counter mode: a cryptographic
    stream, so no number of shuffles seen tells the seed or the next card.

    >>> HashRandom(2**128 + 1).getrandbits(16) == HashRandom(2**128 + 1).getrandbits(16)
    True
    """

    def __init__(self, seed: int) -> None:
        self._key = seed.to_bytes((seed.bit_length() + 7) // 8 or 1, "big")
        self._block = 0
        self._pool = 0
        self._pool_bits = 0
        super().__init__(0)

    def seed(self, a: object = None, version: int = 2) -> None:
        """The seed is fixed when made (the base class calls this once)."""

    def getrandbits(self, k: int) -> int:
        """The next `k` bits of the stream."""
        while self._pool_bits < k:
            counter = self._block.to_bytes(8, "big")
            block = hashlib.shake_256(b"skyjo-deal:" + self._key + b":" + counter).digest(64)
            self._block += 1
            self._pool = (self._pool << 512) | int.from_bytes(block, "big")
            self._pool_bits += 512
        self._pool_bits -= k
        value = self._pool >> self._pool_bits
        self._pool &= (1 << self._pool_bits) - 1
        return value

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of the stream."""
        return self.getrandbits(53) / (1 << 53)


def _generator(seed: int | None) -> Random:
    """A wide seed's cryptographic stream, else Python's Random as every record so far."""
    if seed is not None and is_wide(seed):
        return HashRandom(seed)
    return Random(0 if seed is None else seed)


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


def excesses(cards: Iterable[int]) -> list[tuple[int, int]]:
    """Every value held more often than the deck has it, with its count, lowest first.

    >>> excesses([12] * 11 + [1] * 11 + [-2] * 2)
    [(1, 11), (12, 11)]
    """
    return [
        (value, count)
        for value, count in sorted(Counter(cards).items())
        if count > COUNTS.get(value, 0)
    ]


def excess(cards: Iterable[int]) -> tuple[int, int] | None:
    """The first value held more often than the deck has it, with its count, or None."""
    return next(iter(excesses(cards)), None)


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
